#!/usr/bin/env python3
"""proveit_verify.py: re-check a copy of the PROVE IT Index site, offline.

A second, independent implementation of what proveit (Go) publishes, written
from the challenge specification (§4.1, §5.7), ArkForge's « Proof
Specification v3.1.0 » and the files of the site. Python 3.11 or later,
standard library only; Ed25519 is verified by the script's own RFC 8032 code,
or with --openssl by the openssl binary (openssl pkeyutl, as ArkForge's own
verify_proof.py does). Nothing is read from the network.

Usage: python3 proveit_verify.py [--quiet] [--openssl] PATH/TO/SITE-COPY

For every closed season saison-N/ of the copy (its dossier/ holds the season's
input files byte for byte, its preuves/ the cached proof views), it re-derives:

  Freezes and corpus (§8)
    - every corpus file's response hash (SHA-256 of the canonical JSON of the
      body, as the Trust Layer hashes a response) against corpus/manifest.json;
    - every freeze of preregistration.toml: its proof verified as below
      (identity opened to the challenge's DID), its RFC 3161 genTime before
      the season opens, its opened request_hash equal to the hash of the
      anchored call (target, method, payload); for the current freeze, the
      payload's bareme, track, season, bareme_sha256 (bareme.md),
      manifest_sha256 (corpus/manifest.json), track_sha256 (track.toml) and
      key_commitment, sha256(salt ‖ key.json);
    - the publication proof of season.toml [publication] the same way, and
      its payload's sha256sums and snapshots against published/;
    - results.json's freezes (proof id, current, superseded_by, anchored_at,
      payload) against the derived ones.

  Proofs (spec 3.1 and 3.0; Proof Specification §2, §2.2, §6)
    - spec_version: 3.1 or 3.0 are checked; any other version is reported as
      NOT CHECKED by this script (the Go scorer knows 2.1, 1.2, 2.0, 1.1, 1.0
      and unversioned proofs; this script does not re-derive their chain);
    - chain: the RFC 6962 Merkle root of the published commitments, in field
      name order, with the commitments the version requires;
    - signature: Ed25519 over the chain's hex string with the key of
      published_keys.json that arkforge_kid (else arkforge_pubkey) names, not
      retired at the proof's date (the token's genTime, else the view's
      timestamp);
    - openings: request_hash and response_hash of the submission's disclosure
      open their commitments, SHA-256(field ‖ 0x00 ‖ nonce ‖ canonical JSON);
    - inclusion: leaf_index < tree_size, the audit path's exact length, and
      the RFC 6962 walk from the chain to the batch root;
    - RFC 3161 token, read as DER by this script: its message imprint is the
      SHA-256 of the anchored hash's 32 bytes, and its genTime lies in the
      season's window (§4.1 condition 1); with --openssl only, its signature
      and certificate chain, by openssl ts -verify against the timestamp
      authorities of trusted_root.json, at its genTime;
    - identity (§4.1 condition 2): spec 3.1, every disclosed opening opens
      its commitment, agent_identity_verified true, did_resolution_status
      "bound", agent_identity the enrolled DID.

  Scores (§4.1, §5.7)
    - every assertion's cause and status from the checks above and the frozen
      corpus (pending, invalid proof, unbound identity, resource mismatch,
      instrument defect, value mismatch, supported; the most severe over its
      proofs), and every cited proof's cause;
    - every task's status: missing; rejected at entry (§4: strict JSON,
      the schema's keys, kinds and counts, season, track, task, DID, verdict
      set, ceiling, distinct ids and triplets, disclosures exactly for the
      cited proofs; §2.4: a proof of a departure from the documented
      request); rejected at the close (§5.2, §5.7: the task graph from
      graph_roots, pages and links, probative fields, common-list entries
      that concern the task); pending; not rendered (the minimum without
      instrument defects, half of it on own resources); scored; and its
      verdict, exact, founded and missing facts, rendered and unsupported
      counts;
    - every participant's status, counts, the two rates (the double
      nearest numerator / denominator, the integers, the 95 % Wilson
      interval, each compared to the bit) and each scored task's overclaim;
      the best constant answer (§7.2);

  Corrections (§9.2)
    - every rate, task status and assertion status or cause that differs
      from the publication snapshot (dossier/published/<track>.json): the
      value it published, the value derived now, and the decisions of the
      register (dossier/contestations/, dossier/rectifications/) that cover
      the change, with their dates: an upheld contestation covers its
      assertion, its task and the participant's rates, a rectification
      each place it lists (a task-level change every assertion of the
      task) and the participant's rates; a change no decision covers is
      derived with no decision, and so disagrees;
  and compares each with results.json, results.csv (its counts, rates,
  intervals, the counts of assertions by cause and tasks by status, and the
  published rates and decision ids of the corrections) and every
  participant's report.json, printing one line per disagreement.

What it does NOT check (yet), said here so that no one reads more into an
exit 0:
  - without --openssl, the RFC 3161 token's signature and certificate chain
    (only its imprint and genTime are read); with it, nothing of the TSA's
    certificates beyond what openssl ts -verify checks (no revocation);
  - the Rekor entries (anchors/rekor/): neither their signature nor their
    inclusion proof; a proof that proveit publishes as invalid for a Rekor
    or RFC 3161 signature reason is counted as « not re-derived », never as
    agreeing;
  - chains of spec versions before 3.0: a task citing such a proof is
    counted as « not re-derived »;
  - of the submission schema, the form of its strings (agent names, task
    ids, DIDs, proof ids, lengths): its keys, kinds and counts are checked;
    a task proveit rejected at entry for a reason this script does not find
    is counted as « not re-derived »;
  - in results.csv, the agent's name, the declared stack and the AI Act
    label; the HTML pages, the published texts (reasons, details,
    narratives), moderation, the register's rules beyond what a decision
    covers (its delays, reasons, out-of-time contestations), and the
    published/ snapshots beyond their SHA-256 and the values the
    corrections carry.
The summary counts what was compared and what was not re-derived.

Exit status: 0 when everything it checks agrees, 1 on any disagreement, 2 on
input it cannot use (a missing or malformed file; --openssl without a usable
openssl binary).
"""

import argparse
import base64
import csv
import datetime
import hashlib
import json
import math
import os
import re
import subprocess
import sys
import tempfile
import urllib.parse

try:
    import tomllib
except ImportError:  # Python < 3.11
    tomllib = None


class Unusable(Exception):
    """Input the verifier cannot use: exit 2."""


# ---------------------------------------------------------------- JSON ----

def canonical(value):
    """CPython's json.dumps(value, sort_keys=True, separators=(",", ":"))."""
    return json.dumps(value, sort_keys=True, separators=(",", ":")).encode("utf-8")


def sha256_hex(b):
    return hashlib.sha256(b).hexdigest()


def strict_equal(a, b):
    """JSON equality that keeps kinds apart: 1, 1.0, True and "1" differ."""
    if type(a) is not type(b):
        return False
    if isinstance(a, float):
        return repr(a) == repr(b)
    if isinstance(a, list):
        return len(a) == len(b) and all(strict_equal(x, y) for x, y in zip(a, b))
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(strict_equal(a[k], b[k]) for k in a)
    return a == b


def read_bytes(path):
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError as e:
        raise Unusable("%s: %s" % (path, e.strerror or e))


def read_json(path):
    """A JSON object from path; anything else is unusable input."""
    data = read_bytes(path)
    try:
        v = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as e:
        raise Unusable("%s: not JSON: %s" % (path, e))
    if not isinstance(v, dict):
        raise Unusable("%s: a JSON %s, not an object" % (path, type(v).__name__))
    return v


def read_toml(path):
    if tomllib is None:
        raise Unusable("Python 3.11 or later is needed to read %s (tomllib)" % path)
    try:
        return tomllib.loads(read_bytes(path).decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as e:
        raise Unusable("%s: not TOML: %s" % (path, e))


def request_hash(target, method, payload):
    """The Trust Layer's request hash of a call (amount 0, currency eur)."""
    return sha256_hex(canonical({"amount": 0.0, "currency": "eur", "method": method,
                                 "payload": payload, "target": target}))


def response_hash(body):
    """The Trust Layer's response hash: canonical JSON of the parsed body,
    {"_raw_text": …} when it is not JSON, {"error": null} when it is falsy."""
    try:
        v = json.loads(body)
    except ValueError:
        v = {"_raw_text": body.decode("utf-8", "replace")}
    else:
        if not v:
            v = {"error": None}
    return sha256_hex(canonical(v))


def pointer_tokens(ptr):
    """RFC 6901 tokens of a pointer, None if it is not one."""
    if ptr == "":
        return []
    if not ptr.startswith("/"):
        return None
    out = []
    for raw in ptr[1:].split("/"):
        i, tok = 0, ""
        while i < len(raw):
            if raw[i] == "~":
                if i + 1 < len(raw) and raw[i + 1] in "01":
                    tok += "~" if raw[i + 1] == "0" else "/"
                    i += 2
                    continue
                return None
            tok += raw[i]
            i += 1
        out.append(tok)
    return out


_MISSING = object()


def pointer_eval(doc, tokens):
    cur = doc
    for tok in tokens:
        if isinstance(cur, dict):
            if tok not in cur:
                return _MISSING
            cur = cur[tok]
        elif isinstance(cur, list):
            if not tok.isdigit() or not tok.isascii() or (len(tok) > 1 and tok[0] == "0") or int(tok) >= len(cur):
                return _MISSING
            cur = cur[int(tok)]
        else:
            return _MISSING
    return cur


def parse_time(s):
    """An RFC 3339 date-time (or a TOML datetime) as an aware datetime."""
    if isinstance(s, datetime.datetime):
        return s if s.tzinfo else None
    if not isinstance(s, str):
        return None
    try:
        t = datetime.datetime.fromisoformat(s.replace("Z", "+00:00"))
    except ValueError:
        return None
    return t if t.tzinfo else None


def rfc3339(t):
    return t.astimezone(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


# ------------------------------------------------------------- Merkle ----

def leaf_hash(b):
    return hashlib.sha256(b"\x00" + b).digest()


def node_hash(l, r):
    return hashlib.sha256(b"\x01" + l + r).digest()


def tree_hash(items):
    """RFC 6962 §2.1 Merkle Tree Hash."""
    if not items:
        return hashlib.sha256(b"").digest()
    if len(items) == 1:
        return leaf_hash(items[0])
    k = 1
    while k * 2 < len(items):
        k *= 2
    return node_hash(tree_hash(items[:k]), tree_hash(items[k:]))


def path_length(index, size):
    n = 0
    while size > 1:
        if index % 2 == 1 or index + 1 < size:
            n += 1
        index //= 2
        size = (size + 1) // 2
    return n


def root_from_path(leaf, index, size, path):
    """RFC 9162 §2.1.3.2: the root an inclusion path leads to."""
    fn, sn, r = index, size - 1, leaf
    for p in path:
        if sn == 0:
            return None
        if fn % 2 == 1 or fn == sn:
            r = node_hash(p, r)
            if fn % 2 == 0:
                while fn % 2 == 0 and fn != 0:
                    fn //= 2
                    sn //= 2
        else:
            r = node_hash(r, p)
        fn //= 2
        sn //= 2
    return r if sn == 0 else None


def hex32(s):
    if not isinstance(s, str) or len(s) != 64 or any(c not in "0123456789abcdef" for c in s):
        return None
    return bytes.fromhex(s)


def digest(s):
    if not isinstance(s, str) or not s.startswith("sha256:"):
        return None
    return hex32(s[7:])


def commit(field, nonce, value):
    """SPEC §2: SHA-256(field ‖ 0x00 ‖ nonce ‖ canonical_json(value))."""
    return hashlib.sha256(field.encode("utf-8") + b"\x00" + nonce + canonical(value)).digest()


# ------------------------------------------------------------ RFC 3161 ----

def der_read(buf, off):
    """One DER TLV at off: (tag, content start, end)."""
    if off + 2 > len(buf):
        raise ValueError("truncated")
    tag, ln = buf[off], buf[off + 1]
    off += 2
    if ln & 0x80:
        n = ln & 0x7F
        if n == 0 or n > 4 or off + n > len(buf):
            raise ValueError("bad length")
        ln = int.from_bytes(buf[off:off + n], "big")
        off += n
    if off + ln > len(buf):
        raise ValueError("truncated")
    return tag, off, off + ln


def der_children(buf, start, end):
    out, off = [], start
    while off < end:
        t, s, e = der_read(buf, off)
        out.append((t, s, e))
        off = e
    return out


_SHA256_OID = bytes.fromhex("608648016503040201")


def tst_info(tsr):
    """(imprint algorithm is SHA-256, imprint, genTime) of a TimeStampResp."""
    t, s, e = der_read(tsr, 0)
    resp = der_children(tsr, s, e)  # status, token
    if t != 0x30 or len(resp) < 2:
        raise ValueError("no timeStampToken")
    _, s, e = resp[1]
    ci = der_children(tsr, s, e)  # contentType, [0] SignedData
    _, s, e = ci[1]
    _, s, e = der_children(tsr, s, e)[0]  # SignedData SEQUENCE
    sd = der_children(tsr, s, e)  # version, digestAlgorithms, encapContentInfo, ...
    _, s, e = sd[2]
    eci = der_children(tsr, s, e)  # eContentType, [0] OCTET STRING
    _, s, e = eci[1]
    t, s, e = der_children(tsr, s, e)[0]
    if t != 0x04:
        raise ValueError("eContent is not an OCTET STRING")
    info = tsr[s:e]
    _, s, e = der_read(info, 0)
    f = der_children(info, s, e)  # version, policy, messageImprint, serial, genTime
    _, s, e = f[2]
    mi = der_children(info, s, e)
    _, as_, ae = mi[0]
    alg = der_children(info, as_, ae)[0]
    is_sha256 = info[alg[1]:alg[2]] == _SHA256_OID
    imprint = info[mi[1][1]:mi[1][2]]
    t, s, e = f[4]
    if t != 0x18:
        raise ValueError("genTime is not a GeneralizedTime")
    g = info[s:e].decode("ascii")
    if not g.endswith("Z"):
        raise ValueError("genTime %r is not UTC" % g)
    whole, _, frac = g[:-1].partition(".")
    gt = datetime.datetime.strptime(whole, "%Y%m%d%H%M%S").replace(tzinfo=datetime.timezone.utc)
    if frac:
        gt += datetime.timedelta(microseconds=int((frac + "000000")[:6]))
    return is_sha256, imprint, gt


# ------------------------------------------------------------- Ed25519 ----

_ED25519_SPKI = bytes.fromhex("302a300506032b6570032100")


def b64url(s):
    try:
        return base64.urlsafe_b64decode(s + "=" * (-len(s) % 4))
    except (ValueError, TypeError):
        return None


# RFC 8032 §5.1.7 verification over edwards25519, cofactorless (the check Go's
# crypto/ed25519 makes): decode A, reject S ≥ L, and compare the encoding of
# [S]B − [k]A with R, k = SHA-512(R ‖ A ‖ M) mod L.
_P = 2 ** 255 - 19
_L = 2 ** 252 + 27742317777372353535851937790883648493
_D = -121665 * pow(121666, _P - 2, _P) % _P
_SQRT_M1 = pow(2, (_P - 1) // 4, _P)


def _ed_add(a, b):
    x1, y1, z1, t1 = a
    x2, y2, z2, t2 = b
    aa, bb = (y1 - x1) * (y2 - x2) % _P, (y1 + x1) * (y2 + x2) % _P
    cc, dd = 2 * t1 * t2 * _D % _P, 2 * z1 * z2 % _P
    e, f, g, h = bb - aa, dd - cc, dd + cc, bb + aa
    return (e * f % _P, g * h % _P, f * g % _P, e * h % _P)


def _ed_mul(s, pt):
    q = (0, 1, 1, 0)
    while s > 0:
        if s & 1:
            q = _ed_add(q, pt)
        pt = _ed_add(pt, pt)
        s >>= 1
    return q


def _ed_x(y, sign):
    if y >= _P:
        return None
    x2 = (y * y - 1) * pow(_D * y * y + 1, _P - 2, _P) % _P
    if x2 == 0:
        return None if sign else 0
    x = pow(x2, (_P + 3) // 8, _P)
    if (x * x - x2) % _P:
        x = x * _SQRT_M1 % _P
    if (x * x - x2) % _P:
        return None
    return _P - x if (x & 1) != sign else x


def _ed_decode(b):
    y = int.from_bytes(b, "little")
    sign, y = y >> 255, y & ((1 << 255) - 1)
    x = _ed_x(y, sign)
    return None if x is None else (x, y, 1, x * y % _P)


def _ed_encode(pt):
    x, y, z, _ = pt
    zi = pow(z, _P - 2, _P)
    x, y = x * zi % _P, y * zi % _P
    return (y | ((x & 1) << 255)).to_bytes(32, "little")


_GY = 4 * pow(5, _P - 2, _P) % _P
_G = (_ed_x(_GY, 0), _GY, 1, _ed_x(_GY, 0) * _GY % _P)


def ed25519_verify(pub, msg, sig):
    """Ed25519 (RFC 8032) in Python: True when sig is pub's over msg."""
    if len(pub) != 32 or len(sig) != 64:
        return False
    a = _ed_decode(pub)
    s = int.from_bytes(sig[32:], "little")
    if a is None or s >= _L:
        return False
    k = int.from_bytes(hashlib.sha512(sig[:32] + pub + msg).digest(), "little") % _L
    neg_a = ((_P - a[0]) % _P, a[1], a[2], (_P - a[3]) % _P)
    return _ed_encode(_ed_add(_ed_mul(s, _G), _ed_mul(k, neg_a))) == sig[:32]


class Ed25519:
    """Ed25519 verification, each answer kept: in Python (ed25519_verify),
    or, with --openssl, by the openssl binary (openssl pkeyutl, as
    ArkForge's verify_proof.py does)."""

    def __init__(self, tmp=None):
        self.tmp, self.n, self.memo = tmp, 0, {}

    def verify(self, pub, msg, sig):
        k = (pub, msg, sig)
        if k not in self.memo:
            self.memo[k] = self._openssl(pub, msg, sig) if self.tmp else ed25519_verify(pub, msg, sig)
        return self.memo[k]

    def tsa(self, tsr, anchored, gen_time, authorities):
        """With --openssl: whether the RFC 3161 token tsr verifies (openssl
        ts -verify, the certificates checked at its genTime) for the
        anchored hash with one of the timestamp authorities of
        trusted_root.json; None without --openssl."""
        if not self.tmp:
            return None
        k = (tsr, anchored)
        if k not in self.memo:
            self.n += 1
            base = os.path.join(self.tmp, "t%d" % self.n)
            with open(base + ".tsr", "wb") as f:
                f.write(tsr)
            ok = False
            for i, (leaf, chain) in enumerate(authorities):
                for ext, data in (("leaf", leaf), ("chain", chain)):
                    with open("%s.%d.%s" % (base, i, ext), "wb") as f:
                        f.write(data)
                r = subprocess.run(["openssl", "ts", "-verify", "-digest", hashlib.sha256(anchored).hexdigest(), "-in", base + ".tsr",
                                    "-CAfile", "%s.%d.chain" % (base, i), "-untrusted", "%s.%d.leaf" % (base, i),
                                    "-attime", str(int(gen_time.timestamp()))], capture_output=True)
                if r.returncode == 0:
                    ok = True
                    break
            self.memo[k] = ok
        return self.memo[k]

    def _openssl(self, pub, msg, sig):
        self.n += 1
        base = os.path.join(self.tmp, "e%d" % self.n)
        for ext, data in (("key", _ED25519_SPKI + pub), ("msg", msg), ("sig", sig)):
            with open(base + "." + ext, "wb") as f:
                f.write(data)
        r = subprocess.run(["openssl", "pkeyutl", "-verify", "-pubin", "-inkey", base + ".key", "-keyform", "DER",
                            "-rawin", "-in", base + ".msg", "-sigfile", base + ".sig"], capture_output=True)
        return r.returncode == 0


# -------------------------------------------------------------- proofs ----

BASE_FIELDS = ["buyer_fingerprint", "request_hash", "response_hash", "seller", "timestamp", "transaction_id"]
IDENTITY_FIELDS = ["agent_identity", "agent_identity_verified", "did_resolution_status", "identity_consistent"]
# The checks of condition 1, in the order the Go verifier runs them; identity
# is condition 2.
CONDITION1 = ["spec_version", "chain", "signature", "openings", "inclusion", "rfc3161", "rekor", "season_window"]
NOT_DONE = {"rekor", "rfc3161_signature"}


class Outcome:
    """A proof's verification: status valid, pending, invalid, unbound or
    not_found; failure "check: detail"; the opened hashes; genTime."""

    def __init__(self):
        self.status, self.failure, self.failed_check = "valid", "", ""
        self.request = self.response = None
        self.gen_time = None


class Verifier:
    def __init__(self, keys, ed, authorities):
        self.keys, self.ed, self.memo, self.authorities = keys, ed, {}, authorities

    def verify(self, view, disclosure, did, window):
        key = (id(view), canonical(disclosure) if disclosure is not None else b"", did, window)
        if key not in self.memo:
            self.memo[key] = self._verify(view, disclosure, did, window)
        return self.memo[key]

    def _verify(self, view, disclosure, did, window):
        out = Outcome()
        fails = {}

        def fail(check, detail):
            fails.setdefault(check, detail)

        spec = view.get("spec_version")
        if spec not in ("3.1", "3.0"):
            out.status, out.failed_check = "not_checked", "spec_version"
            out.failure = "spec_version %r: not checked by this script" % (spec,)
            return out
        hashes = view.get("hashes") or {}
        chain = digest(hashes.get("chain"))
        commitments = view.get("commitments")
        # chain
        if chain is None:
            fail("chain", "hashes.chain is not a digest")
        elif not isinstance(commitments, dict) or not commitments:
            fail("chain", "no commitments")
        else:
            required = BASE_FIELDS + (IDENTITY_FIELDS if spec == "3.1" else [])
            missing = [f for f in required if f not in commitments]
            leaves = [digest(commitments[k]) for k in sorted(commitments)]
            if missing:
                fail("chain", "no commitment for " + ", ".join(missing))
            elif any(d is None for d in leaves):
                fail("chain", "a commitment is not a digest")
            elif tree_hash(leaves) != chain:
                fail("chain", "the Merkle root of the commitments is not hashes.chain")
        # anchors: the anchored hash, pending
        ba = view.get("batch_anchor")
        pending = isinstance(ba, dict) and ba.get("status") == "pending"
        anchored = None
        if ba is None:
            anchored = chain
        elif isinstance(ba, dict) and ba.get("status") == "anchored":
            anchored = digest(ba.get("root"))
            if anchored is None:
                fail("inclusion", "batch_anchor.root is not a digest")
            elif chain is not None:
                idx, size, path = ba.get("leaf_index"), ba.get("tree_size"), ba.get("audit_path")
                if type(idx) is not int or type(size) is not int or not isinstance(path, list) or idx < 0:
                    fail("inclusion", "leaf_index, tree_size or audit_path malformed")
                elif idx >= size:
                    fail("inclusion", "leaf_index %d is not below tree_size %d" % (idx, size))
                elif len(path) != path_length(idx, size):
                    fail("inclusion", "an audit path of %d hashes, where %d are implied" % (len(path), path_length(idx, size)))
                elif any(hex32(p) is None for p in path):
                    fail("inclusion", "an audit path hash is not 64 lowercase hex digits")
                elif root_from_path(leaf_hash(chain), idx, size, [hex32(p) for p in path]) != anchored:
                    fail("inclusion", "the audit path does not lead to the batch root")
        elif not pending:
            fail("inclusion", "batch_anchor status %r" % (ba.get("status") if isinstance(ba, dict) else ba,))
        # RFC 3161: imprint and genTime (the token's signature is not checked)
        tsa = view.get("timestamp_authority") or {}
        tsr = tsa.get("tsr_base64") if isinstance(tsa, dict) else None
        if not pending:
            if not tsr:
                fail("rfc3161", "the view carries no token")
            else:
                try:
                    is256, imprint, gt = tst_info(base64.b64decode(tsr, validate=True))
                except (ValueError, IndexError) as e:
                    fail("rfc3161", "the token is not a TimeStampResp: %s" % e)
                else:
                    if not is256 or anchored is None or imprint != hashlib.sha256(anchored).digest():
                        fail("rfc3161", "the token's imprint is not SHA-256 of the anchored hash")
                    elif self.ed.tsa(base64.b64decode(tsr), anchored, gt, self.authorities) is False:
                        fail("rfc3161", "the token does not verify with a timestamp authority of trusted_root.json (openssl ts -verify)")
                    else:
                        out.gen_time = gt
        # signature
        sig = view.get("arkforge_signature")
        sigb = b64url(sig[8:]) if isinstance(sig, str) and sig.startswith("ed25519:") else None
        kid, pubs = view.get("arkforge_kid"), view.get("arkforge_pubkey")
        k = None
        if kid:
            k = next((x for x in self.keys if x.get("kid") == kid), None)
        elif isinstance(pubs, str):
            k = next((x for x in self.keys if x.get("public") == pubs), None)
        date = out.gen_time or parse_time(view.get("timestamp"))
        if sigb is None or len(sigb) != 64:
            fail("signature", "arkforge_signature is not an Ed25519 signature")
        elif k is None:
            fail("signature", "the view names no key of the published history")
        else:
            retired = parse_time(k.get("retired_at")) if k.get("retired_at") is not None else None
            pub = b64url(k.get("public", "")[8:]) if str(k.get("public", "")).startswith("ed25519:") else None
            if retired is not None and (date is None or not date < retired):
                fail("signature", "key %s retired at or before the proof's date" % kid)
            elif chain is None:
                fail("signature", "no chain to verify the signature over")
            elif pub is None or len(pub) != 32:
                fail("signature", "published key %s is not an Ed25519 key" % kid)
            elif not self.ed.verify(pub, chain.hex().encode("ascii"), sigb):
                fail("signature", "the Ed25519 signature over hashes.chain does not verify with published key %s" % k.get("kid"))
        # openings
        if disclosure is not None:
            opened = []
            for field in ("request_hash", "response_hash"):
                o = disclosure.get(field) if isinstance(disclosure, dict) else None
                nonce = hex32(o.get("nonce")) if isinstance(o, dict) else None
                value = o.get("value") if isinstance(o, dict) else None
                want = digest(commitments.get(field)) if isinstance(commitments, dict) else None
                if want is None:
                    fail("openings", "no commitment for %s" % field)
                    break
                if nonce is None or not isinstance(value, str):
                    fail("openings", "disclosed %s malformed" % field)
                    break
                if commit(field, nonce, value) != want:
                    fail("openings", "disclosed %s does not open its commitment" % field)
                    break
                opened.append(value)
            if len(opened) == 2:
                out.request, out.response = opened
        # season window
        if window is not None and not pending and out.gen_time is not None:
            if not (window[0] <= out.gen_time <= window[1]):
                fail("season_window", "genTime %s is outside the season" % rfc3339(out.gen_time))
        # condition 2
        ident = None
        if spec != "3.1":
            ident = "spec %s commits no identity" % spec
        else:
            disclosed = view.get("disclosed") or {}
            vals = {}
            for f, o in (disclosed.items() if isinstance(disclosed, dict) else []):
                want = digest(commitments.get(f)) if isinstance(commitments, dict) else None
                nonce = hex32(o.get("nonce")) if isinstance(o, dict) else None
                if want is None or nonce is None or "value" not in o or commit(f, nonce, o["value"]) != want:
                    ident = "disclosed %s does not open its commitment" % f
                    break
                vals[f] = o["value"]
            if ident is None:
                if any(f not in vals for f in IDENTITY_FIELDS):
                    ident = "the identity block is not opened"
                elif vals["agent_identity_verified"] is not True:
                    ident = "agent_identity_verified opens to %s" % json.dumps(vals["agent_identity_verified"])
                elif vals["did_resolution_status"] != "bound":
                    ident = "did_resolution_status is not bound"
                elif not isinstance(vals["agent_identity"], str) or (did and vals["agent_identity"] != did):
                    ident = "agent_identity is not the enrolled DID"
        first = next((c for c in CONDITION1 if c in fails), None)
        if first:
            out.status, out.failed_check, out.failure = "invalid", first, "%s: %s" % (first, fails[first])
        elif ident:
            out.status, out.failed_check, out.failure = "unbound", "identity", "identity: " + ident
        elif pending:
            out.status = "pending"
        return out


# ---------------------------------------------------------- entry, close ----

_INDEX = re.compile(r"(0|[1-9][0-9]*)\Z")


def match_all(doc, tokens):
    """The values tokens reach in doc, "<n>" standing for every element of
    an array."""
    if not tokens:
        return [doc]
    tok, rest = tokens[0], tokens[1:]
    if tok == "<n>" and isinstance(doc, list):
        return [v for e in doc for v in match_all(e, rest)]
    if isinstance(doc, dict):
        return match_all(doc[tok], rest) if tok in doc else []
    if isinstance(doc, list) and _INDEX.match(tok) and int(tok) < len(doc):
        return match_all(doc[int(tok)], rest)
    return []


def pattern_match(pattern, tokens):
    pt = pointer_tokens(pattern)
    return pt is not None and len(pt) == len(tokens) and all(
        (p == "<n>" and _INDEX.match(t)) or p == t for p, t in zip(pt, tokens))


def expand(template, params):
    out, rest = "", template
    while "{" in rest:
        i = rest.index("{")
        j = rest.index("}", i)
        out += rest[:i] + params[rest[i + 1:j]]
        rest = rest[j + 1:]
    return out + rest


class Graph:
    """The task graph of §5.2 (track.toml's graph_roots, pages and links):
    every resource of the corpus a task may cite, with its collection."""

    def __init__(self, track, task):
        self.track, self.task, self.res = track, task, {}
        params = task.get("params", {})
        queue = []

        def add(path):
            c = track.collection_of(path)
            if path not in self.res and c is not None and path in track.resources:
                self.res[path] = c
                queue.append(path)
        for tmpl in track.toml.get("graph_roots", []):
            add(expand(tmpl, params))
        for c in track.toml.get("collections", []):
            if c.get("pages"):
                prefix = expand(c["pages"], params)
                for r in track.manifest.get("resources", []):
                    if r["path"].startswith(prefix) and track.collection_of(r["path"]) is c:
                        add(r["path"])
        while queue:
            path = queue.pop(0)
            body = track.resources[path]["body"]
            for link in self.res[path].get("links", []):
                for v in match_all(body, pointer_tokens(link)):
                    if isinstance(v, str):
                        add(v)

    def concerns(self, c, entry):
        k = c.get("concerns", {})
        kind = k.get("kind")
        if kind == "param":
            got = entry.get(k["field"]) if isinstance(entry, dict) else None
            return isinstance(got, str) and got == self.task.get("params", {}).get(k["param"])
        if kind == "linked":
            got = entry.get(k["field"]) if isinstance(entry, dict) else None
            return isinstance(got, str) and got in self.res and self.res[got] is not c
        if kind == "match":
            def tup(e):
                for f in k["fields"]:
                    if not isinstance(e, dict) or f not in e:
                        return "(missing %s)" % f
                return canonical([e[f] for f in k["fields"]]).decode("utf-8")
            want = tup(entry)
            other = next((x for x in self.track.toml.get("collections", []) if x["name"] == k["collection"]), None)
            for p in sorted(self.res):
                if self.res[p] is not other:
                    continue
                for e in match_all(self.track.resources[p]["body"], pointer_tokens(other.get("entries", "")) + ["<n>"]):
                    if tup(e) == want:
                        return True
            return False
        return False

    def close(self, claim):
        """§5.2, §5.7: why the assertion is rejected at the close, or ""."""
        resource, field = claim.get("resource"), claim.get("field")
        c = self.res.get(resource)
        if c is None:
            return "resource %s is not in the task graph" % json.dumps(resource)
        if field == "":
            return "the field is empty"
        tokens = pointer_tokens(field)
        if tokens is None:
            return "field %s is not a JSON pointer" % json.dumps(field)
        if not any(pattern_match(p, tokens) for p in c.get("probative", [])):
            return "field %s is not probative for the collection %s" % (json.dumps(field), c["name"])
        if not c.get("own"):
            prefix = pointer_tokens(c.get("entries", "")) or []
            if len(tokens) <= len(prefix) or tokens[:len(prefix)] != prefix or not re.fullmatch(r"[+-]?[0-9]+", tokens[len(prefix)]):
                return "field %s targets no entry of the list" % json.dumps(field)
            entries = match_all(self.track.resources[resource]["body"], prefix)
            idx = int(tokens[len(prefix)])
            if len(entries) != 1 or not isinstance(entries[0], list) or not 0 <= idx < len(entries[0]):
                return "field %s targets no entry of the list" % json.dumps(field)
            if not self.concerns(c, entries[0][idx]):
                return "entry %d of the common list %s does not concern the task" % (idx, resource)
        return ""


# §2.4: the departures from a resource's documented request that make a
# submission rejected at entry rather than scored (what proveit's
# scorer/score/deviation.go enumerates).
_HEADER_KEYS = ["Accept", "Accept-Encoding", "Accept-Language", "Authorization", "Cache-Control", "Content-Type", "Cookie",
                "User-Agent", "X-Api-Key", "X-Challenge-Secret", "X-Request-Id", "X-Agent-Identity"]
_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]


def deviation_hashes(target, method, payload):
    """The request hashes of the documented request's departures."""
    def h(target, method, payload, currency="eur", keys=None):
        d = {"amount": 0.0, "currency": currency, "method": method, "payload": payload, "target": target}
        if keys:
            d["extra_headers_keys"] = keys
        return sha256_hex(canonical(d))
    out = {h(target, method, payload, c) for c in ("usd", "gbp")}
    out |= {h(target, method, payload, keys=[k]) for hk in _HEADER_KEYS for k in (hk, hk.lower())}
    out |= {h(target, m, payload) for m in _METHODS if m != method}
    out |= {h(target, method, p) for p in ({}, None, [], "") if not strict_equal(p, payload)}
    forms = [target[:-1] if target.endswith("/") else target + "/", target + "?", target + "#"]
    u = urllib.parse.urlsplit(target)
    if u.hostname:
        host = u.netloc.rpartition("@")[2]
        if re.search(r":[0-9]*\Z", host):
            host = host[:host.rindex(":")]
        forms.append(urllib.parse.urlunsplit((u.scheme, host + ":443", u.path, u.query, u.fragment)))
        if u.netloc.upper() != u.netloc:
            forms.append(urllib.parse.urlunsplit((u.scheme, u.netloc.upper(), u.path, u.query, u.fragment)))
    out |= {h(t, method, payload) for t in forms}
    return out


class _Duplicate(ValueError):
    pass


def _no_duplicates(pairs):
    d = {}
    for k, v in pairs:
        if k in d:
            raise _Duplicate("repeated key %s" % json.dumps(k))
        d[k] = v
    return d


_ROOT_KEYS = {"season", "track", "task_id", "agent_did", "verdict", "assertions", "disclosures", "narrative"}


def _finite(v):
    if isinstance(v, float):
        return math.isfinite(v)
    if isinstance(v, list):
        return all(_finite(x) for x in v)
    if isinstance(v, dict):
        return all(_finite(x) for x in v.values())
    return True


def entry_reason(raw, season, track, task, did):
    """§4 and §5.7 entry rules: why proveit must reject the submission at
    entry, or "" when this script finds no reason. The schema is checked
    for its structure (keys, kinds, counts), not for the form of its
    strings (names, task ids, DIDs, proof ids, lengths)."""
    try:
        s = json.loads(raw.decode("utf-8"), object_pairs_hook=_no_duplicates)
    except (UnicodeDecodeError, ValueError) as e:
        return "not strict JSON: %s" % e
    if not isinstance(s, dict) or not _ROOT_KEYS - {"narrative"} <= s.keys() or not s.keys() <= _ROOT_KEYS:
        return "the schema: root keys"
    if type(s["season"]) is not int or s["season"] < 0 or not all(isinstance(s[k], str) for k in ("track", "task_id", "agent_did", "verdict")):
        return "the schema: kinds"
    if "narrative" in s and not isinstance(s["narrative"], str):
        return "the schema: narrative"
    if not isinstance(s["assertions"], list) or len(s["assertions"]) > 64:
        return "the schema: assertions"
    for a in s["assertions"]:
        if not isinstance(a, dict) or a.keys() != {"id", "claim", "proof_ids"} or not isinstance(a["id"], str):
            return "the schema: an assertion"
        c, ids = a["claim"], a["proof_ids"]
        if not isinstance(c, dict) or c.keys() != {"resource", "field", "value"} or not isinstance(c["resource"], str) \
                or not c["resource"].startswith("/") or not isinstance(c["field"], str) or not _finite(c["value"]):
            return "the schema: a claim"
        if not isinstance(ids, list) or not 1 <= len(ids) <= 16 or not all(isinstance(i, str) for i in ids) or len(set(ids)) != len(ids):
            return "the schema: proof_ids"
    disc = s["disclosures"]
    if not isinstance(disc, dict):
        return "the schema: disclosures"
    for d in disc.values():
        if not isinstance(d, dict) or d.keys() != {"request_hash", "response_hash"} or not all(
                isinstance(o, dict) and o.keys() == {"nonce", "value"} and all(isinstance(x, str) for x in o.values()) for o in d.values()):
            return "the schema: a disclosure"
    if s["season"] != season.number:
        return "season is %d" % s["season"]
    if s["track"] != track.name:
        return "track is %s" % s["track"]
    if s["task_id"] != task["id"]:
        return "task_id is %s" % s["task_id"]
    if s["agent_did"] != did:
        return "agent_did is not the enrolled DID"
    pattern = track.toml.get("verdict_pattern")
    if s["verdict"] not in track.toml.get("verdicts", []) and not (pattern and re.fullmatch(pattern, s["verdict"])):
        return "verdict %s is not in the track's verdict set" % json.dumps(s["verdict"])
    if len(s["assertions"]) > task.get("max_assertions", 0):
        return "%d assertions, above the ceiling of %d" % (len(s["assertions"]), task.get("max_assertions", 0))
    ids, triplets, cited = set(), set(), set()
    for a in s["assertions"]:
        c = a["claim"]
        t = (c["resource"], c["field"], canonical(c["value"]))
        if a["id"] in ids or t in triplets:
            return "an assertion id or a (resource, field, value) repeats"
        ids.add(a["id"])
        triplets.add(t)
        cited.update(a["proof_ids"])
    if cited != set(disc):
        return "the disclosures are not exactly those of the cited proofs"
    return ""


# -------------------------------------------------------------- report ----

class Report:
    def __init__(self, site, quiet):
        self.site, self.quiet = site, quiet
        self.disagreements = 0
        self.counts = {}
        self.not_rederived = []
        self.where = ""  # what is being checked, for an error on unusable input

    def rel(self, path):
        return os.path.relpath(path, self.site)

    def count(self, what, n=1):
        self.counts[what] = self.counts.get(what, 0) + n

    def disagree(self, path, participant, task, field, published, derived, check=""):
        """One line per disagreement; check names the check that derived
        the value, and what it found, when one did."""
        self.disagreements += 1
        print("DISAGREE %s participant=%s task=%s field=%s published=%s derived=%s%s" % (
            self.rel(path), participant or "-", task or "-", field,
            json.dumps(published, ensure_ascii=False), json.dumps(derived, ensure_ascii=False),
            " check=" + check if check else ""))

    def unchecked(self, path, participant, task, what):
        self.not_rederived.append((self.rel(path), participant, task, what))
        if not self.quiet:
            print("NOT RE-DERIVED %s participant=%s task=%s: %s" % (self.rel(path), participant or "-", task or "-", what))


# -------------------------------------------------------------- season ----

SEVERITY = ["pending", "invalid_proof", "unbound_identity", "resource_mismatch", "value_mismatch",
            "instrument_defect", "supported", None]
STATUS_OF = {"pending": "pending", "invalid_proof": "unsupported", "unbound_identity": "unsupported",
             "resource_mismatch": "unsupported", "value_mismatch": "unsupported",
             "instrument_defect": "instrument_defect", "supported": "supported", None: "not_evaluated"}
COUNTS = {"invalid_proof", "unbound_identity", "resource_mismatch", "value_mismatch", "supported"}
UNSUPPORTED = {"invalid_proof", "unbound_identity", "resource_mismatch", "value_mismatch"}
SYSTEM_PATHS = ["/_systeme/403", "/_systeme/503", "/_systeme/400"]
WILSON_Z = 1.959963984540054


def wilson(k, n):
    z2 = WILSON_Z * WILSON_Z
    center = (k + z2 / 2) / (n + z2)
    half = WILSON_Z * math.sqrt(k * (n - k) / n + z2 / 4) / (n + z2)
    low, high = max(0.0, center - half), min(1.0, center + half)
    if k == 0:
        low = 0.0
    if k == n:
        high = 1.0
    return {"low": low, "high": high}


def rate(k, n):
    """A rate as results.json and report.json publish it: the double
    nearest k / n, its integers, its 95 % Wilson interval; no rate and no
    interval when n is 0."""
    if n == 0:
        return {"rate": None, "numerator": k, "denominator": n, "interval": None}
    return {"rate": k / n, "numerator": k, "denominator": n, "interval": wilson(k, n)}


class Track:
    def __init__(self, season, name):
        self.season, self.name = season, name
        self.dir = os.path.join(season.dossier, name)
        self.toml = read_toml(os.path.join(self.dir, "track.toml"))
        self.manifest_raw = read_bytes(os.path.join(self.dir, "corpus", "manifest.json"))
        try:
            self.manifest = json.loads(self.manifest_raw)
        except ValueError as e:
            raise Unusable("%s/corpus/manifest.json: %s" % (self.dir, e))
        self.resources, self.graphs = {}, {}
        self.key = read_json(os.path.join(self.dir, "key.json"))
        self.salt_text = read_bytes(os.path.join(self.dir, "key.salt"))
        self.key_raw = read_bytes(os.path.join(self.dir, "key.json"))
        self.prereg = read_toml(os.path.join(self.dir, "preregistration.toml"))

    def check_corpus(self, rep):
        path = os.path.join(self.dir, "corpus", "manifest.json")
        for i, r in enumerate(self.manifest.get("resources", [])):
            f = os.path.join(self.dir, "corpus", r["file"])
            body = read_bytes(f)
            got = response_hash(body)
            rep.count("corpus files hashed")
            if got != r.get("response_hash"):
                rep.disagree(path, None, None, "resources/%d/response_hash (%s)" % (i, r["file"]), r.get("response_hash"), got)
            try:
                doc = json.loads(body)
            except ValueError:
                doc = _MISSING
            self.resources[r["path"]] = {"request_hash": request_hash(r["target"], r["method"], r["payload"]),
                                         "response_hash": r.get("response_hash"), "body": doc,
                                         "deviations": deviation_hashes(r["target"], r["method"], r["payload"])}

    def collection_of(self, path):
        """The collection with the longest prefix of path, or None."""
        best = None
        for c in self.toml.get("collections", []):
            if path.startswith(c["prefix"]) and (best is None or len(c["prefix"]) > len(best["prefix"])):
                best = c
        return best


class Season:
    def __init__(self, site, dirname):
        self.site, self.dir = site, os.path.join(site, dirname)
        self.dossier = os.path.join(self.dir, "dossier")
        self.proofs = os.path.join(self.dir, "preuves")
        self.toml = read_toml(os.path.join(self.dossier, "season.toml"))
        self.number = self.toml.get("number")
        self.opens = parse_time(self.toml.get("opens_at"))
        self.closes = parse_time(self.toml.get("closes_at"))
        if self.opens is None or self.closes is None:
            raise Unusable("%s/season.toml: opens_at, closes_at" % self.dossier)
        tr = read_json(os.path.join(self.dossier, "trust", "published_keys.json"))
        self.keys = tr.get("keys", []) if isinstance(tr, dict) else []
        self.participants = {}
        pdir = os.path.join(self.dossier, "participants")
        for f in sorted(os.listdir(pdir)):
            if f.endswith(".toml"):
                self.participants[f[:-5]] = read_toml(os.path.join(pdir, f))
        self.views = {}
        self.register = load_register(self.dossier)

    def authorities(self, ed):
        """With --openssl, the timestamp authorities of trusted_root.json as
        PEM (leaf, chain); without it, none (their tokens' signatures are
        not checked)."""
        if not ed.tmp:
            return []
        tr = read_json(os.path.join(self.dossier, "trust", "trusted_root.json"))
        out = []
        for ta in tr.get("timestampAuthorities", []):
            pems = []
            for c in ta.get("certChain", {}).get("certificates", []):
                r = subprocess.run(["openssl", "x509", "-inform", "DER"], input=base64.b64decode(c.get("rawBytes", "")), capture_output=True)
                if r.returncode != 0:
                    raise Unusable("%s/trust/trusted_root.json: a certificate openssl cannot read" % self.dossier)
                pems.append(r.stdout)
            if pems:
                out.append((pems[0], b"".join(pems[1:]) or pems[0]))
        return out

    def view(self, proof_id):
        if proof_id not in self.views:
            self.views[proof_id] = read_json(os.path.join(self.proofs, proof_id + ".json"))
        return self.views[proof_id]


# ---- Corrections: what the register's decisions changed since the ----
# publication. The published values come from the publication snapshot
# (dossier/published/<track>.json, whose SHA-256 check_publication holds to
# the anchored publication), the decisions from the register's files
# (dossier/contestations/, dossier/rectifications/), and what a decision
# covers from §9.2 as docs/publishing.md states it: an upheld contestation
# covers its assertion, the task and the participant's rates; a
# rectification each place it lists, a task-level change every assertion of
# the task, and the participant's rates.

def load_register(dossier):
    """The register's decisions, contestations then rectifications, each
    sorted by id: dicts of id, decided_at (RFC 3339, UTC), decision and
    the places they name."""
    out = []
    for kind in ("contestations", "rectifications"):
        d = os.path.join(dossier, kind)
        for f in sorted(os.listdir(d)) if os.path.isdir(d) else []:
            if not f.endswith(".toml"):
                continue
            t = read_toml(os.path.join(d, f))
            at = parse_time(t.get("decided_at"))
            if kind == "contestations":
                places = [{"track": t.get("track"), "participant": t.get("participant"), "task": t.get("task"), "assertion": t.get("assertion")}]
                decision = t.get("decision")
            else:
                places = [dict(c) for c in t.get("changes", [])]
                decision = "rectification"
            out.append({"id": t.get("id"), "kind": kind, "decision": decision, "places": places,
                        "decided_at": rfc3339(at) if at else None})
    return out


def covering(register, track, participant, task=None, assertion=None):
    """The decisions (id, decided_at) that cover a change at a place: a
    participant's rates (task None), a task's status (assertion None) or an
    assertion."""
    out = []
    for dec in register:
        if dec["kind"] == "contestations" and dec["decision"] != "upheld":
            continue
        for pl in dec["places"]:
            if pl.get("track") != track or pl.get("participant") != participant:
                continue
            if task is not None and pl.get("task") != task:
                continue
            if assertion is not None and pl.get("assertion") != assertion and \
                    not (dec["kind"] == "rectifications" and pl.get("assertion") == ""):
                continue
            out.append({"id": dec["id"], "decided_at": dec["decided_at"]})
            break
    return out


def snapshot_rates(sp):
    """The two rates a snapshot row published, as results.json writes a
    rate: None while it was pending; the success from its "n/d" fraction,
    the overclaim from its unsupported and rendered_assertions counts."""
    if sp.get("status") == "pending":
        return None, None
    num, _, den = str(sp.get("success")).partition("/")
    if not (num.isdigit() and den.isdigit()) or int(den) == 0:
        raise Unusable("published snapshot: participant %s: success %r is not a fraction n/d" % (sp.get("slug"), sp.get("success")))
    return rate(int(num), int(den)), rate(sp["unsupported"], sp["rendered_assertions"])


def same_fraction(a, b):
    if a is None or b is None:
        return a is None and b is None
    return a["numerator"] == b["numerator"] and a["denominator"] == b["denominator"]


def derive_rate_corrections(register, track, sp, row):
    """The rates of the derived row that differ from the snapshot row sp
    (None when the snapshot has no such row), each with the published and
    the derived rate and the decisions that cover the change."""
    if sp is None:
        return []
    success, overclaim = snapshot_rates(sp)
    out = []
    for field, published in (("success", success), ("overclaim", overclaim)):
        if not same_fraction(published, row[field]):
            out.append({"field": field, "published": published, "rectified": row[field],
                        "decisions": covering(register, track, sp["slug"])})
    return out


def derive_task_correction(register, track, slug, sp, d):
    """A derived task's correction: None when its status is the one the
    snapshot row sp published."""
    st = next((t for t in (sp or {}).get("tasks", []) if t.get("task_id") == d["task_id"]), None) if sp else None
    if sp is None or (st is not None and st.get("status") == d["status"]):
        return None
    return {"published": None if st is None else {"status": st.get("status")}, "rectified": {"status": d["status"]},
            "decisions": covering(register, track, slug, d["task_id"])}


def derive_assertion_correction(register, track, slug, sp, tid, da):
    """A derived assertion's correction: None when its status and cause are
    those the snapshot row sp published."""
    if sp is None:
        return None
    st = next((t for t in sp.get("tasks", []) if t.get("task_id") == tid), None)
    sa = next((a for a in (st or {}).get("assertions", []) if a.get("id") == da["id"]), None)
    if sa is not None and sa.get("status") == da["status"] and sa.get("cause") == da["cause"]:
        return None
    return {"published": None if sa is None else {"status": sa.get("status"), "cause": sa.get("cause")},
            "rectified": {"status": da["status"], "cause": da["cause"]},
            "decisions": covering(register, track, slug, tid, da["id"])}


def check_anchored_call(rep, season, verifier, where, f, did, fields):
    """A freeze or publication: its proof valid, anchored before the
    season opens (freezes only), its request_hash that of the call.
    Returns (genTime, payload) or (None, None)."""
    path = os.path.join(season.dossier, where)
    pid = f.get("proof_id")
    try:
        payload = json.loads(f["payload"])
    except (KeyError, TypeError, ValueError):
        rep.disagree(path, None, None, "%s payload" % pid, f.get("payload"), "not JSON")
        return None, None
    view = season.view(pid)
    disc = {"request_hash": f.get("request_hash"), "response_hash": f.get("response_hash")}
    o = verifier.verify(view, disc, did, None) if "not_found" not in view else None
    rep.count("anchored calls (freezes, publication) verified")
    if o is None or o.status != "valid":
        rep.disagree(path, None, None, "%s proof" % pid, "valid", o.failure or o.status if o else "not found")
        return None, payload
    want = request_hash(f.get("target"), f.get("method"), payload)
    if o.request != want:
        rep.disagree(path, None, None, "%s request_hash" % pid, o.request, want)
    for key, computed in fields:
        if payload.get(key) != computed:
            rep.disagree(path, None, None, "%s payload %s" % (pid, key), payload.get(key), computed)
    return o.gen_time, payload


def check_track_freezes(rep, season, track, verifier):
    out = []
    freezes = track.prereg.get("freezes", [])
    current = [f for f in freezes if not f.get("superseded_by")]
    if len(current) != 1:
        raise Unusable("%s/preregistration.toml: want exactly one current freeze" % track.dir)
    try:
        salt = bytes.fromhex(track.salt_text.decode("ascii").strip())
    except ValueError:
        raise Unusable("%s/key.salt: not hex" % track.dir)
    for f in freezes:
        fields = []
        if f is current[0]:
            fields = [("bareme", track.toml.get("bareme")), ("track", track.name), ("season", season.number),
                      ("bareme_sha256", sha256_hex(read_bytes(os.path.join(track.dir, "bareme.md")))),
                      ("manifest_sha256", sha256_hex(track.manifest_raw)),
                      ("track_sha256", sha256_hex(read_bytes(os.path.join(track.dir, "track.toml")))),
                      ("key_commitment", sha256_hex(salt + track.key_raw))]
        gt, payload = check_anchored_call(rep, season, verifier, track.name + "/preregistration.toml", f, season.toml.get("challenge_did"), fields)
        if gt is not None and not gt < season.opens:
            rep.disagree(os.path.join(track.dir, "preregistration.toml"), None, None, "%s anchored before the opening" % f.get("proof_id"),
                         rfc3339(season.opens), rfc3339(gt))
        d = {"bareme": f.get("bareme"), "proof_id": f.get("proof_id"), "current": f is current[0], "payload": payload}
        if gt is not None:
            d["anchored_at"] = rfc3339(gt)
        if f.get("superseded_by"):
            d["superseded_by"], d["reason"] = f["superseded_by"], f.get("reason")
        out.append(d)
    return out


def check_publication(rep, season, verifier):
    pub = season.toml.get("publication")
    if not pub:
        return
    pdir = os.path.join(season.dossier, "published")
    fields = [("sha256sums", sha256_hex(read_bytes(os.path.join(pdir, "SHA256SUMS")))),
              ("snapshots", {t: sha256_hex(read_bytes(os.path.join(pdir, t + ".json"))) for t in season.toml.get("tracks", [])})]
    check_anchored_call(rep, season, verifier, "season.toml [publication]", pub, season.toml.get("challenge_did"), fields)


def proof_cause(track, claim, o, pid):
    """§4.1: what one verified proof gives one assertion, and why (the
    check or condition that decided it)."""
    if o is None:
        return "invalid_proof", "the Trust Layer answered 404: the proof does not exist"
    if o.status == "not_checked":
        return "not_checked", o.failure
    if o.status == "pending":
        return "pending", "batch pending"
    if o.status == "invalid":
        return "invalid_proof", o.failure
    if o.status == "unbound":
        return "unbound_identity", o.failure
    res = track.resources.get(claim.get("resource"))
    if res is None:
        return "resource_mismatch", "condition 3: the resource is not in the corpus manifest"
    if o.request != res["request_hash"]:
        return "resource_mismatch", "condition 3: the opened request_hash is not the resource's request"
    for sp in SYSTEM_PATHS:
        r = track.resources.get(sp)
        if r is not None and o.response == r["response_hash"]:
            return "instrument_defect", "the opened response_hash is the %s body" % sp
    if o.response != res["response_hash"]:
        return "value_mismatch", "condition 4: the opened response_hash is not the frozen resource's"
    toks = pointer_tokens(claim.get("field"))
    got = pointer_eval(res["body"], toks) if toks is not None and res["body"] is not _MISSING else _MISSING
    if got is _MISSING:
        return "value_mismatch", "condition 4: the frozen resource has no value at the field"
    if not strict_equal(got, claim.get("value")):
        return "value_mismatch", "condition 4: the frozen resource carries %s at the field" % json.dumps(got, ensure_ascii=False)
    return "supported", "conditions 1 to 4 hold"


def derive_task(rep, season, track, verifier, slug, did, task, sub_path, pub_status):
    """The derived task (the fields report.json publishes), in proveit's
    order: entry rules, close rules, each assertion and cited proof (§4.1),
    the §2.4 request form, pending, the minimum, the founded verdict. None
    when it is not re-derived: proveit published a rejection at entry that
    the checks of entry_reason do not find (the form of the schema's
    strings), or a proof is in a spec version this script does not check."""
    exp = track.key.get(task["id"], {})
    d = {"task_id": task["id"], "expected_verdict": exp.get("verdict")}
    if not os.path.exists(sub_path):
        d.update(status="missing", exact=False, founded=False, rendered_assertions=0, unsupported=0, assertions=[])
        return d
    raw = read_bytes(sub_path)
    reason = entry_reason(raw, season, track, task, did)
    if reason:
        d.update(status="rejected_at_entry", verdict=None, exact=False, founded=False, rendered_assertions=0,
                 unsupported=0, assertions=[], why=reason)
        return d
    sub = json.loads(raw)
    d.update(verdict=sub["verdict"], exact=sub["verdict"] == exp.get("verdict"), founded=False,
             missing_facts=[], rendered_assertions=0, unsupported=0)
    if task["id"] not in track.graphs:
        track.graphs[task["id"]] = Graph(track, task)
    graph = track.graphs[task["id"]]
    for a in sub["assertions"]:
        why = graph.close(a["claim"])
        if why:
            d.update(status="rejected_at_close", why="assertion %s: %s" % (a["id"], why),
                     assertions=[{"id": x["id"], "cause": None, "status": "not_evaluated", "proofs": []} for x in sub["assertions"]])
            return d
    window = (season.opens, season.closes)
    assertions, pending, limited, deviation = [], False, [], ""
    for a in sub["assertions"]:
        cause, proofs = "supported", []
        for pid in a["proof_ids"]:
            view = season.view(pid)
            o = None if "not_found" in view else verifier.verify(view, sub["disclosures"][pid], did, window)
            rep.count("cited proofs verified")
            c, why = proof_cause(track, a["claim"], o, pid)
            if c == "not_checked":
                limited.append("proof %s: %s" % (pid, why))
                c = "invalid_proof"  # placeholder, never compared
            if c == "resource_mismatch" and o.request in track.resources.get(a["claim"]["resource"], {}).get("deviations", ()):
                deviation = deviation or "assertion %s: proof %s departs from the documented request (§2.4)" % (a["id"], pid)
            proofs.append({"proof_id": pid, "cause": c, "check": why})
            if SEVERITY.index(c) < SEVERITY.index(cause):
                cause = c
        collection = track.collection_of(a["claim"]["resource"])
        assertions.append({"id": a["id"], "cause": cause, "status": STATUS_OF[cause], "proofs": proofs,
                           "own": bool(collection and collection.get("own"))})
        pending = pending or cause == "pending"
    d["assertions"] = assertions
    if limited:
        for why in limited:
            rep.unchecked(sub_path, slug, task["id"], why)
        return None
    if deviation:
        d.update(status="rejected_at_entry", verdict=None, exact=False, assertions=[], why=deviation)
        return d
    if pub_status == "rejected_at_entry":
        rep.unchecked(sub_path, slug, task["id"], "published rejected_at_entry, and this script finds no entry rule broken (it does not check the form of the schema's strings)")
        return None
    if pending:
        d["status"] = "pending"
        return d
    rendered = sum(1 for a in assertions if a["cause"] in COUNTS)
    own = sum(1 for a in assertions if a["cause"] in COUNTS and a["own"])
    unsupported = sum(1 for a in assertions if a["cause"] in UNSUPPORTED)
    mn = task.get("min_assertions", 0)
    if rendered < mn or own < (mn + 1) // 2:
        d["status"] = "not_rendered"
        return d
    d.update(status="scored", rendered_assertions=rendered, unsupported=unsupported)
    missing = []
    for fact in exp.get("facts", []):
        carried = False
        for a, ar in zip(sub["assertions"], assertions):
            if ar["cause"] != "supported":
                continue
            toks = pointer_tokens(a["claim"]["field"])
            for form in fact.get("forms", []):
                if form.get("resource") == a["claim"]["resource"] and pointer_tokens(form.get("field")) == toks \
                        and strict_equal(form.get("value"), a["claim"]["value"]):
                    carried = True
        if not carried:
            missing.append(fact.get("id"))
    d["founded"], d["missing_facts"] = not missing, sorted(missing)
    return d


# ---- The comparison with the published files: one function per file. ----
# Only compare_report, compare_results, compare_csv and published_statuses
# read the published files' fields: a rate is {"rate", "numerator",
# "denominator", "interval": {"low", "high"}}, in the CSV five columns per
# rate, each double written as Python's repr writes it.

def published_statuses(path):
    """Each task's status as report.json publishes it: the derivation reads
    it only to leave alone the tasks proveit rejected by the entry and close
    rules, which it does not re-derive."""
    return {t.get("task_id"): t.get("status") for t in read_json(path).get("tasks", [])}


def compare_report(rep, path, slug, derived_tasks, derived_status, fix):
    """report.json of one participant against the derived tasks; fix holds
    the derived corrections: "rates", the participant's, and "task" and
    "assertion", functions from a derived task (and assertion) to theirs."""
    pub = read_json(path)
    if pub.get("status") != derived_status and derived_status is not None:
        rep.disagree(path, slug, None, "status", pub.get("status"), derived_status)
    rep.count("corrections compared")
    if not same_json(pub.get("corrections"), fix["rates"]):
        rep.disagree(path, slug, None, "corrections", pub.get("corrections"), fix["rates"])
    ptasks = {t.get("task_id"): t for t in pub.get("tasks", [])}
    for tid, d in derived_tasks.items():
        pt = ptasks.get(tid)
        if pt is None:
            rep.disagree(path, slug, tid, "task", None, "present")
            continue
        if d is None:
            continue
        rep.count("tasks compared")
        for field in ("status", "expected_verdict", "exact", "founded", "verdict", "missing_facts"):
            if field in d and pt.get(field) != d[field]:
                rep.disagree(path, slug, tid, field, pt.get(field), d[field], d.get("why", "") if field == "status" else "")
        if d["status"] != "pending":
            want = rate(d["unsupported"], d["rendered_assertions"]) if d["status"] == "scored" else None
            if not same_json(pt.get("overclaim"), want):
                rep.disagree(path, slug, tid, "overclaim", pt.get("overclaim"), want)
        want = fix["task"](d)
        if not same_json(pt.get("correction", _MISSING), want):
            rep.disagree(path, slug, tid, "correction", pt.get("correction"), want)
        pas = pt.get("assertions", [])
        if len(pas) != len(d["assertions"]):
            rep.disagree(path, slug, tid, "assertions (count)", len(pas), len(d["assertions"]))
            continue
        for pa, da in zip(pas, d["assertions"]):
            rep.count("assertions compared")
            if pa.get("id") != da["id"]:
                rep.disagree(path, slug, tid, "assertion id", pa.get("id"), da["id"])
                continue
            pprf = pa.get("proofs") or []
            if [p.get("proof_id") for p in pprf] != [p["proof_id"] for p in da["proofs"]]:
                rep.disagree(path, slug, tid, "assertion %s proofs" % da["id"], [p.get("proof_id") for p in pprf], [p["proof_id"] for p in da["proofs"]])
                pprf = []  # the assertion's cause and status are still compared
            skip = False
            for pp, dp in zip(pprf, da["proofs"]):
                # A proof proveit published invalid for a check this script
                # does not do (Rekor, the TSA's signature) is not re-derived.
                detail = pp.get("detail") or ""
                if pp.get("cause") == "invalid_proof" and dp["cause"] != "invalid_proof" and \
                        any(detail.startswith("proof %s: %s" % (dp["proof_id"], c)) for c in ("rekor", "rfc3161")):
                    rep.unchecked(path, slug, tid, "assertion %s proof %s: %s" % (da["id"], dp["proof_id"], detail))
                    skip = True
                    continue
                if pp.get("cause") != dp["cause"]:
                    rep.disagree(path, slug, tid, "assertion %s proof %s cause" % (da["id"], dp["proof_id"]), pp.get("cause"), dp["cause"], dp["check"])
            if skip:
                continue
            if pa.get("cause") != da["cause"]:
                rep.disagree(path, slug, tid, "assertion %s cause" % da["id"], pa.get("cause"), da["cause"])
            if pa.get("status") != da["status"]:
                rep.disagree(path, slug, tid, "assertion %s status" % da["id"], pa.get("status"), da["status"])
            want = fix["assertion"](tid, da)
            if want is not None:
                rep.count("corrections compared")
            if not same_json(pa.get("correction", _MISSING), want):
                rep.disagree(path, slug, tid, "assertion %s correction" % da["id"], pa.get("correction"), want)
    for tid in ptasks:
        if tid not in derived_tasks:
            rep.disagree(path, slug, tid, "task", "present", None)


def compare_results(rep, path, derived):
    """results.json of one track against the derived rows, freezes and best
    constant."""
    pub = read_json(path)
    for field in ("season", "track", "bareme", "tasks"):
        if pub.get(field) != derived[field]:
            rep.disagree(path, None, None, field, pub.get(field), derived[field])
    if not same_json(pub.get("best_constant"), derived["best_constant"]):
        rep.disagree(path, None, None, "best_constant", pub.get("best_constant"), derived["best_constant"])
    pf = pub.get("freezes") or []
    if len(pf) != len(derived["freezes"]):
        rep.disagree(path, None, None, "freezes (count)", len(pf), len(derived["freezes"]))
    for p, d in zip(pf, derived["freezes"]):
        for k, v in d.items():
            if p.get(k) != v:
                rep.disagree(path, None, None, "freeze %s %s" % (d["proof_id"], k), p.get(k), v)
    rows = {r.get("slug"): r for r in pub.get("participants", [])}
    for slug, d in derived["participants"].items():
        row = rows.get(slug)
        if row is None:
            rep.disagree(path, slug, None, "row", None, "present")
            continue
        rep.count("result rows compared")
        for k, v in d.items():
            if v is _UNKNOWN or k.startswith("_"):
                continue
            if not same_json(row.get(k), v):
                rep.disagree(path, slug, None, k, row.get(k), v)
    for slug in rows:
        if slug not in derived["participants"]:
            rep.disagree(path, slug, None, "row", "present", None)


def compare_csv(rep, path, derived):
    """results.csv of one track: each participant's line against the
    derived row and counts (the agent's name, the declared stack and the
    AI Act label are not compared)."""
    try:
        with open(path, newline="", encoding="utf-8") as f:
            lines = list(csv.DictReader(f))
    except (OSError, UnicodeDecodeError, csv.Error) as e:
        raise Unusable("%s: %s" % (path, e))
    cell = lambda v: "" if v is None else repr(v) if isinstance(v, float) else str(v)
    rows = {}
    for line in lines:
        rows[line.get("slug")] = line
    for slug, d in derived["participants"].items():
        line = rows.get(slug)
        if line is None:
            rep.disagree(path, slug, None, "line", None, "present")
            continue
        want = {"season": cell(derived["season"]), "track": derived["track"], "did": d["did"], "status": d["status"]}
        for k in ("success", "overclaim"):
            r = d[k] or {"rate": None, "numerator": None, "denominator": None, "interval": None}
            iv = r["interval"] or {"low": None, "high": None}
            for col, v in (("rate", r["rate"]), ("numerator", r["numerator"]), ("denominator", r["denominator"]),
                           ("low", iv["low"]), ("high", iv["high"])):
                want["%s_%s" % (k, col)] = cell(v)
        fixes = {c["field"]: c for c in d.get("corrections", [])}
        for k in ("success", "overclaim"):
            c = fixes.get(k)
            r = (c or {}).get("published") or {"rate": None, "numerator": None, "denominator": None, "interval": None}
            iv = r["interval"] or {"low": None, "high": None}
            for col, v in (("rate", r["rate"]), ("numerator", r["numerator"]), ("denominator", r["denominator"]),
                           ("low", iv["low"]), ("high", iv["high"])):
                want["%s_published_%s" % (k, col)] = cell(v)
            want[k + "_decisions"] = " ".join(x["id"] for x in c["decisions"]) if c else ""
        counts = derived["counts"].get(slug)
        if counts is not None:
            for c, n in counts.items():
                want[c] = str(n)
        for k, v in want.items():
            if line.get(k) != v:
                rep.disagree(path, slug, None, k, line.get(k), v)
    for slug in rows:
        if slug not in derived["participants"]:
            rep.disagree(path, slug, None, "line", "present", None)


def derive_counts(derived_tasks):
    """The CSV's count columns: assertions by cause, tasks by status; None
    when a task is not re-derived."""
    if any(d is None for d in derived_tasks.values()):
        return None
    out = {"assertions_" + ("not_evaluated" if c is None else c): 0 for c in SEVERITY}
    out.update({"tasks_" + st: 0 for st in ("scored", "not_rendered", "rejected_at_close", "rejected_at_entry", "pending", "missing")})
    for d in derived_tasks.values():
        out["tasks_" + d["status"]] += 1
        for a in d["assertions"]:
            out["assertions_" + ("not_evaluated" if a["cause"] is None else a["cause"])] += 1
    return out


_UNKNOWN = object()


def same_json(a, b):
    """Whether two JSON values are the same: of the same kinds (true is not
    1, 1 is not 1.0) and equal, numbers to the bit."""
    if isinstance(a, bool) or isinstance(b, bool) or a is None or b is None:
        return a is b or (type(a) is type(b) and a == b)
    if isinstance(a, (int, float)) or isinstance(b, (int, float)):
        return type(a) is type(b) and a == b
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same_json(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same_json(x, y) for x, y in zip(a, b))
    return type(a) is type(b) and a == b


def derive_row(p, tasks, derived_tasks):
    """A results.json row from the derived tasks. A task not re-derived
    (None) is a rejection, which renders nothing."""
    rendered, unsupported, successes, tasks_rendered, pending = 0, 0, 0, 0, False
    for tid, d in derived_tasks.items():
        if d is None:
            continue
        if d["status"] == "pending":
            pending = True
        if d["status"] == "scored":
            tasks_rendered += 1
            rendered += d["rendered_assertions"]
            unsupported += d["unsupported"]
            if d["exact"] and d["founded"]:
                successes += 1
    row = {"did": p.get("did"), "declared_stack": _UNKNOWN, "agent": _UNKNOWN}
    if pending:
        row.update(status="pending", success=None, overclaim=None, tasks_scored=None)
        return row, "pending"
    row.update(status="scored", success=rate(successes, tasks), overclaim=rate(unsupported, rendered),
               tasks_scored=tasks_rendered)
    return row, "scored"


def best_constant(track, tasks):
    dist = track.toml.get("distribution", {})
    verdicts = track.toml.get("verdicts", [])
    rank = lambda v: verdicts.index(v) if v in verdicts else len(verdicts)
    order = sorted(dist, key=lambda v: (-dist[v], rank(v), v))
    if not order:
        return {"verdict": "", "success": rate(0, tasks), "overclaim": None}
    return {"verdict": order[0], "success": rate(dist[order[0]], tasks), "overclaim": None}


def check_season(rep, site, dirname, ed):
    season = Season(site, dirname)
    if season.toml.get("status") != "closed":
        if not rep.quiet:
            print("skip %s: status %s (nothing scored)" % (dirname, season.toml.get("status")))
        return
    verifier = Verifier(season.keys, ed, season.authorities(ed))
    check_publication(rep, season, verifier)
    for name in season.toml.get("tracks", []):
        rep.where = "%s, track %s" % (dirname, name)
        track = Track(season, name)
        track.check_corpus(rep)
        freezes = check_track_freezes(rep, season, track, verifier)
        results_path = os.path.join(season.dir, name, "results.json")
        tasks = track.toml.get("tasks", [])
        subdir = os.path.join(track.dir, "submissions")
        players = sorted(s for s in (os.listdir(subdir) if os.path.isdir(subdir) else []) if s in season.participants)
        derived = {"season": season.number, "track": name, "bareme": track.toml.get("bareme"), "tasks": len(tasks),
                   "best_constant": best_constant(track, len(tasks)), "freezes": freezes, "participants": {}, "counts": {}}
        snapshot = {}
        spath = os.path.join(season.dossier, "published", name + ".json")
        if os.path.exists(spath):
            snapshot = {sp.get("slug"): sp for sp in read_json(spath).get("participants", [])}
        for slug in players:
            p = season.participants[slug]
            rep.where = "%s, track %s, participant %s" % (dirname, name, slug)
            report_path = os.path.join(season.dir, name, "participants", slug, "report.json")
            published = published_statuses(report_path)
            dtasks = {}
            for task in tasks:
                dtasks[task["id"]] = derive_task(rep, season, track, verifier, slug, p.get("did"), task,
                                                 os.path.join(subdir, slug, task["id"] + ".json"), published.get(task["id"]))
            row, status = derive_row(p, len(tasks), dtasks)
            sp = snapshot.get(slug)
            row["corrections"] = derive_rate_corrections(season.register, name, sp, row)
            derived["participants"][slug] = row
            derived["counts"][slug] = derive_counts(dtasks)
            fix = {"rates": row["corrections"],
                   "task": lambda d, sp=sp, slug=slug: derive_task_correction(season.register, name, slug, sp, d),
                   "assertion": lambda tid, da, sp=sp, slug=slug: derive_assertion_correction(season.register, name, slug, sp, tid, da)}
            compare_report(rep, report_path, slug, dtasks, status, fix)
        compare_results(rep, results_path, derived)
        compare_csv(rep, os.path.join(season.dir, name, "results.csv"), derived)


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], epilog=__doc__.split("\n", 2)[2],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("site", help="a copy of the built site (the directory holding saison-N/)")
    ap.add_argument("-q", "--quiet", action="store_true", help="print disagreements and the summary only")
    ap.add_argument("--openssl", action="store_true", help="verify the Ed25519 signatures with the openssl binary (openssl pkeyutl) instead of this script's own RFC 8032 code, and the RFC 3161 tokens' signatures (openssl ts -verify)")
    args = ap.parse_args(argv)
    if args.openssl:
        try:
            if subprocess.run(["openssl", "version"], capture_output=True).returncode != 0:
                raise OSError
        except OSError:
            print("proveit_verify: --openssl: the openssl binary is not usable", file=sys.stderr)
            return 2
    site = args.site
    seasons = sorted((d for d in (os.listdir(site) if os.path.isdir(site) else [])
                      if d.startswith("saison-") and d[7:].isdigit() and os.path.isfile(os.path.join(site, d, "dossier", "season.toml"))),
                     key=lambda d: int(d[7:]))
    if not seasons:
        print("proveit_verify: %s holds no saison-N/dossier/season.toml" % site, file=sys.stderr)
        return 2
    rep = Report(site, args.quiet)
    with tempfile.TemporaryDirectory(prefix="proveit-verify-") as tmp:
        ed = Ed25519(tmp if args.openssl else None)
        try:
            for d in seasons:
                check_season(rep, site, d, ed)
        except Unusable as e:
            print("proveit_verify: unusable input: %s" % e, file=sys.stderr)
            return 2
        except (KeyError, TypeError, AttributeError, ValueError) as e:
            print("proveit_verify: unusable input: %s: a file of unexpected shape (%s: %s)" % (rep.where or "the site", type(e).__name__, e), file=sys.stderr)
            return 2
    print("summary: seasons %s; %s; %d not re-derived; %d disagreements" % (
        ", ".join(seasons), ", ".join("%s %d" % kv for kv in sorted(rep.counts.items())),
        len(rep.not_rederived), rep.disagreements))
    return 1 if rep.disagreements else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
