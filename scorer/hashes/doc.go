// Package hashes computes the hashes the ArkForge Trust Layer puts in a
// proof, exactly as its Python proxy computes them, so that the scorer
// knows, for a resource of the corpus, the exact hashes.request and
// hashes.response of a call to it (§2.4 of the challenge specification).
// Every hash is the lowercase hexadecimal SHA-256 of canonical JSON
// (package pyjson).
//
//   - The request (§2.4): the proxy hashes request_data, the call's target,
//     method and payload with amount forced to the float 0.0, written 0.0
//     as Python writes it and never 0, and currency "eur" (RequestData).
//     The target enters the hash character for character, so the scorer
//     compares the canonical URL the corpus catalogue publishes.
//   - The response: the proxy hashes the body as json.loads reads the bytes
//     served (§2.4: never a rebuilt literal), with two substitutions that
//     §2.5 relies on (« Trust Layer remplace un corps {} ou [] par un corps
//     de substitution »; a page that is not JSON « tomberait en
//     _raw_text »). Their exact form is the proxy's (ark-forge/trust-layer,
//     trust_layer/proxy.py, execute_proxy): response_data =
//     service_response or {"error": service_error}, service_error being
//     None once the call was answered, and {"_raw_text": resp.text} when
//     resp.json() raises (ResponseData).
//   - The chain hash of a proof before spec 3.0: the legacy concatenation
//     of ArkForge proof-spec 1.1 and 2.0 and the canonical-JSON chain of
//     1.2 and 2.1 (ChainInput), checked against the nine published
//     proof-spec 2.1 test vectors (testdata). Spec 3.0 and later chain
//     commitments instead (package proof).
//
// The examples compute what a contester recomputes by hand, with the
// values CPython gives.
package hashes
