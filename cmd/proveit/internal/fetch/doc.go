// Package fetch fills a season's proof cache, the proofs/<proof_id>.json
// files that season.Load lists and the build reads, with the public views
// of the Trust Layer (the view of GET /v1/proof/{id}, the only one the
// scorer reads, §4.1 of the specification), within the Trust Layer's read
// limit (§10), and the anchors/rekor/<uuid>.json files with the Rekor
// entries those views name, within the log's limits. It is the only part
// of proveit that talks HTTP: the build reads the cache and nothing else. Which proofs a season cites is the
// season package's to say (season.Season.CitedProofs); fetch is given their
// ids.
//
// A Client plans (Client.Plan: what the cache holds, what must be read, how
// many calls, when the limit lets them be made; it makes no call and writes
// nothing) and carries the plan out (Client.Run, which says what it did in a
// Report). The decisions it makes:
//
// Reads. Proofs are read by groups of at most GroupSize distinct ids with
// POST /v1/proofs, body {"proof_ids": [ids]}, which counts one read whatever
// the group's size (§10). Its answer is {"proofs": {id: view | null}}: the
// view of each id, as GET /v1/proof/{id} serves it, or null for a proof
// that does not exist or is not a PROVE IT proof (the grouped read serves
// PROVE IT proofs only, and does not say which of the two a null is). There
// is no list of the proofs not found. Every id asked for whose value is
// null, or that the answer does not carry at all, is then read alone with
// GET /v1/proof/{id}, a read of the budget like any call, after the groups:
// a 200 is its view, a 404 its 404 record (see below). A group of one is
// read alone from the start. An answer that is not exactly that envelope is
// refused whole, and nothing of it is written: another status than 200, a
// body that is not one JSON object whose one member is "proofs" (a
// "not_found" list, or any other member, included), a "proofs" that is not
// an object, a value in it that is neither an object nor null, a key twice
// in either object. Its ids are then not read in this run: the next run
// reads them again. An id the answer carries though it was not asked for is
// an incident (below), and ignored.
//
// What is read again. A view is pending while its batch_anchor's status is
// "pending" (its batch is open): it is read again at every run until its
// batch closes. Any other view is settled (Closed): its batch anchored
// (status "anchored"), or no batch_anchor at all (null or absent: a proof
// before spec 3.0, anchored on its own), or a status neither of the two
// (which the verifier does not take for anchored). A settled view never
// changes, so once cached it is never read again (§10: a view kept on disk
// need not be read again). A proof the Trust Layer answers 404 for is
// cached as the 404 record {"not_found": true, "proof_id": ID} and not read
// again: the build can then tell « does not exist », a proof that fails
// condition 1 of §4.1, from « not fetched », which stops the build.
// Options.Recheck reads closed views and 404 records again, to audit that
// the Trust Layer still serves what was cached.
//
// Writes. A view is written only once it parses, with proof.ParseCached, as
// the view of the proof it was asked for; otherwise it is refused and
// reported with the proof id. What is written is its cached form
// (proof.CachedForm): the served view without proof.VolatileFields
// (views_count, which every read alone increments, and
// integrity_verified), re-serialised as canonical JSON, so that two reads
// of a closed proof write the same bytes; the volatile fields are never
// compared either. Every file is written atomically: a temporary
// file in the same directory, synced, then renamed over the old one, so that
// a reader sees the old file or the new one, never a part of either, and an
// interrupted run loses nothing it wrote. The temporary files an interrupted
// run may leave are removed by RemoveTemp (the season loader would refuse
// them). Every response body is bounded; a body over its bound or cut short
// is refused whole.
//
// Rekor entries. A view does not carry its batch's Rekor entry: its
// transparency_log names it by uuid. Once the views are read, every entry
// that a cached closed view names by a valid uuid and that the cache lacks
// is read with GET {Client.Rekor}/api/v1/log/entries/{uuid}, in uuid order,
// at most Client.MaxEntries a run (the next run reads the rest), bodies
// bounded by rekor.MaxEntrySize, a 429's Retry-After waited when within
// MaxWait (the reading stops, to be run again, when further), transient
// failures retried with backoff. The answer is written as the log served
// it, byte for byte, once rekor.ParseAPIEntry finds it to be the entry of
// the uuid asked for (keyed by it, its body's leaf hash the uuid's end); a
// 404 is cached as rekor.NotFoundRecord, so that the build can tell « the
// log has no such entry » from « not fetched ». A cached entry is not read
// again; Options.Recheck reads it again and compares what the log signs for
// good (body, logIndex, integratedTime, logID, SET), not the inclusion
// proof and checkpoint, which grow with the log. Rekor's reads are not the
// Trust Layer's: they spend nothing of its budget.
//
// Incidents. An answer that contradicts what the Trust Layer served before
// is a Trust Layer incident: a closed view that comes back different, a
// pending view whose content fixed at issue changed (its commitments,
// hashes, openings, spec_version, signature, key), a cached view now
// answered 404 (or null in a grouped answer, then 404 alone). It is refused, the cached file is kept, and the Report names the
// proof and what differs. (A proof answered 404 before and served now is
// reported too; its view replaces the 404 record.)
//
// The budget, across runs. The Trust Layer blocks an IP address beyond 100
// public-view reads an hour (§10). The limit is the address's, not a run's
// nor a season's: a Store keeps the time of every call of the last hour for
// each Trust Layer, and every call is recorded there before it is made, so
// that an interrupted run never forgets a read it spent. A call is made only
// while fewer calls than the limit fall in the hour before it (a sliding
// window). A 429 sets a time before which no call is made (its Retry-After,
// or a whole hour without one), kept in the store too. A transient failure
// (a 5xx, a transport error, a truncated body) is retried with exponential
// backoff and jitter, each attempt spending a read like any call; a failure
// that persists stops the run, and so does a 401 or 403 (the address may be
// blocked: reading on would only spend the budget). When the next call the
// limit allows is further away than Client.MaxWait, the run stops with a
// *LimitError that says when to run again; the next run reads only what is
// still missing or pending. Reads made from the address by other means are
// not in the store: the Trust Layer's 429 then rules.
//
// Where the budget is kept. FileStore keeps it in one JSON file for every
// Trust Layer and every season of the machine. It is not kept beside the
// cache: the limit counts the machine's reads, so a file per season would
// let two seasons spend it twice, and a season directory holds frozen
// inputs, committed as they are, whose loader accepts nothing in proofs/ but
// <proof_id>.json files. proveit fetch keeps it in the user cache directory
// unless told another file. A state file that does not parse is an error,
// never an empty budget.
package fetch
