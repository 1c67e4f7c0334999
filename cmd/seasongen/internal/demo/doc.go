// Package demo writes seasons/0, the fictional demo season of the PROVE IT
// Index, from a fixed seed and with the project's test
// issuer (package prooftest): the same options give the same files, byte
// for byte.
//
// The season holds two tracks, each with a French corpus of invented
// entities (conformité: entities, agréments, avenants, attestations,
// beneficiaries, the list of agréés and the restrictive-measures list;
// générique: catalogue, products, suppliers, availabilities, delivery
// annexes), ten tasks built on the trap families P1–P5 of §5.4 and §6.4,
// the close rules as data in track.toml, the frozen barème sections, the
// sealed key with its founding facts (§5.7), the freezes of §8 (conformité
// v2 superseded by v3, générique v1), and a fixed cast of participants
// whose submissions exercise every cause and every task status. Every proof
// is a real test artefact (Ed25519, RFC 6962 batches, RFC 3161 tokens,
// Rekor entries); the deliberately bad ones fail in scorer/verify for the
// reason they are built for.
//
// Write returns a Meta: what each submission is meant to produce (task
// status, verdict exactness and foundation, assertion causes) and what
// each proof is meant to verify to. The scorer is written from the
// specification; its tests can compare its results with Meta. The
// participants a scale run generates beyond the cast are written as they
// are generated and only counted in Meta (unless Options.KeepGenerated),
// so that the generator's memory does not grow with their number.
//
// cmd/seasongen is the command; Write is what it calls.
package demo
