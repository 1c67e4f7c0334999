#!/usr/bin/env python3
"""Writes vector.json: an arkforge_signature and arkforge_pubkey made exactly as
the Trust Layer makes them (ark-forge/trust-layer v1.7.0, trust_layer/crypto.py,
sign_proof and get_public_key_b64url), with python3's `cryptography` package,
from a fixed Ed25519 key, over fixed chain hashes.

    python3 make_vector.py > vector.json

_b64url_encode, _b64url_decode, sign_proof, verify_proof_signature and
get_public_key_b64url below are copied from that file (Apache-2.0, Copyright
ArkForge), unchanged but for their docstrings.
"""

import base64
import hashlib
import json
import sys

import cryptography
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import (
    Ed25519PrivateKey,
    Ed25519PublicKey,
)


def _b64url_encode(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _b64url_decode(s: str) -> bytes:
    padding = 4 - len(s) % 4
    if padding != 4:
        s += "=" * padding
    return base64.urlsafe_b64decode(s)


def sign_proof(private_key: Ed25519PrivateKey, chain_hash_hex: str) -> str:
    signature = private_key.sign(chain_hash_hex.encode("utf-8"))
    return f"ed25519:{_b64url_encode(signature)}"


def verify_proof_signature(pubkey_str: str, chain_hash_hex: str, sig_str: str) -> bool:
    try:
        if not pubkey_str.startswith("ed25519:"):
            return False
        if not sig_str.startswith("ed25519:"):
            return False

        pub_bytes = _b64url_decode(pubkey_str[len("ed25519:"):])
        sig_bytes = _b64url_decode(sig_str[len("ed25519:"):])

        public_key = Ed25519PublicKey.from_public_bytes(pub_bytes)
        public_key.verify(sig_bytes, chain_hash_hex.encode("utf-8"))
        return True
    except Exception:
        return False


def get_public_key_b64url(private_key: Ed25519PrivateKey) -> str:
    pub_bytes = private_key.public_key().public_bytes(
        encoding=serialization.Encoding.Raw,
        format=serialization.PublicFormat.Raw,
    )
    return f"ed25519:{_b64url_encode(pub_bytes)}"


def main() -> None:
    # A fixed test key: the seed is public, the key is no one's.
    seed = hashlib.sha256(b"proveit crypto.py test vector, not an ArkForge key").digest()
    key = Ed25519PrivateKey.from_private_bytes(seed)
    pubkey = get_public_key_b64url(key)
    cases = []
    for label in ("chain one", "chain two", "chain three"):
        chain = hashlib.sha256(label.encode()).hexdigest()
        sig = sign_proof(key, chain)
        assert verify_proof_signature(pubkey, chain, sig)
        raw = sig[len("ed25519:"):]
        std = base64.b64encode(base64.urlsafe_b64decode(raw + "=" * (-len(raw) % 4))).decode()
        # What crypto.py's lenient decoder also reads as this signature:
        # the padded form, and the standard alphabet, padded or not (Python's
        # base64 discards what is not in the alphabet unless validate=True).
        also = sorted({"ed25519:" + raw + "=" * (-len(raw) % 4), "ed25519:" + std, "ed25519:" + std.rstrip("=")} - {sig})
        for a in also:
            assert verify_proof_signature(pubkey, chain, a), a
        cases.append({"chain": chain, "arkforge_signature": sig, "python_also_reads": also})
    # A signature over another chain does not verify.
    assert not verify_proof_signature(pubkey, cases[1]["chain"], cases[0]["arkforge_signature"])
    json.dump(
        {
            "made_by": "make_vector.py: ark-forge/trust-layer v1.7.0 crypto.py's sign_proof and get_public_key_b64url, python3 "
            + sys.version.split()[0]
            + ", cryptography "
            + cryptography.__version__,
            "seed_hex": seed.hex(),
            "arkforge_pubkey": pubkey,
            "cases": cases,
        },
        sys.stdout,
        indent=2,
        sort_keys=True,
    )
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
