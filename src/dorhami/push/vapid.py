"""The server's VAPID key (RFC 8292): one P-256 key every process signs its pushes with.

A browser's subscription is bound to the public key it was made with (GET /api/push/key), so every
process, and every restart, must sign with the same one: it comes from DORHAMI_VAPID_PRIVATE_KEY,
else it is made once and kept in `server_keys` (the first process to start inserts it, every other
one reads that row back).
"""

from __future__ import annotations

import base64
import binascii
from typing import NamedTuple

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from py_vapid import Vapid02  # type: ignore[import-untyped]  # it ships no types

from ..storage import push_store
from ..storage.repository import Repository

KEY_NAME = "vapid"


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64url(text: str) -> bytes:
    """Base64url with or without its padding (browsers send it without); ValueError if it is not."""
    if "+" in text or "/" in text:
        raise ValueError("not base64url")
    try:
        # validate: a lax decoder skips letters outside the alphabet, and the same key would have many spellings
        return base64.b64decode(text.replace("-", "+").replace("_", "/") + "=" * (-len(text) % 4), validate=True)
    except (binascii.Error, ValueError):
        raise ValueError("not base64url") from None


def parse_private_key(text: str) -> ec.EllipticCurvePrivateKey:
    """A P-256 private key written as the 32 raw bytes in base64url (what `web-push
    generate-vapid-keys` prints) or as PEM (what `vapid --gen` writes); ValueError otherwise."""
    text = text.strip()
    if text.startswith("-----BEGIN"):
        key = serialization.load_pem_private_key(text.encode(), password=None)
        if not isinstance(key, ec.EllipticCurvePrivateKey) or not isinstance(key.curve, ec.SECP256R1):
            raise ValueError("a VAPID key is a P-256 (prime256v1) EC key")
        return key
    raw = unb64url(text)
    if len(raw) != 32:
        raise ValueError("a raw VAPID private key is 32 bytes, in base64url")
    return ec.derive_private_key(int.from_bytes(raw, "big"), ec.SECP256R1())


def new_private_key() -> str:
    key = ec.generate_private_key(ec.SECP256R1())
    return b64url(key.private_numbers().private_value.to_bytes(32, "big"))


class ServerKey(NamedTuple):
    """The signer, the public key browsers subscribe with, and the key's raw bytes (which also key
    the HMAC that hides room codes in the push services' Topic header)."""

    signer: Vapid02
    public_key: str
    secret: bytes


def server_key(private_key: ec.EllipticCurvePrivateKey) -> ServerKey:
    public = private_key.public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    secret = private_key.private_numbers().private_value.to_bytes(32, "big")
    return ServerKey(Vapid02(private_key), b64url(public), secret)


def load(repo: Repository, configured: str, now_ms: int) -> ServerKey:
    """The process's key: `configured` (the setting) when given, else the database's (made by
    whichever process asks first). Synchronous: run it through Store.run."""
    text = configured or push_store.server_key(repo, KEY_NAME, new_private_key(), now_ms)
    return server_key(parse_private_key(text))
