"""Run ArkForge's verify_proof.py, offline, on many proof views in one process.

Written for proveit's differential tests (not ArkForge's code): for each view
file given on the command line it runs the witnesses exactly as
verify_proof.py's main() does with --offline, in the same order, and prints
one JSON line per file: {"file", "rows": [[witness, status, detail], ...]}.
The module's own prints (one per witness) go to stderr.
"""

import contextlib
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)) + "/trust-layer")
import verify_proof as vp  # noqa: E402


def run(path):
    with open(path, "rb") as f:
        proof = json.loads(f.read())
    rep = vp.Report()
    with contextlib.redirect_stdout(sys.stderr):
        chain_hex = vp.check_chain_hash(proof, rep, None)
        vp.check_ed25519(proof, chain_hex, rep, True)
        anchored_hex = vp.check_batch_anchor(proof, chain_hex, rep)
        vp.check_rfc3161(proof, anchored_hex, rep, True)
        vp.check_rekor(proof, anchored_hex, rep, True)
    return [[w, s, d] for (w, s, d, _) in rep.rows]


for path in sys.argv[1:]:
    print(json.dumps({"file": path, "rows": run(path)}))
