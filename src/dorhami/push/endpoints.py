"""What a browser's subscription may be: the endpoint is client input the server will POST to, so
it is held to what real push services use (docs/NOTIFICATIONS.md, "What may be an endpoint").

An `https://` URL of at most 1 KiB whose host is a DNS name (letters in its last label): no IP
literal in any spelling (`127.1`, `0x7f000001`, `[::1]`), no `localhost`, no user or password, no
port but 443. Only the origins of `push_test_origins` (a test's local double) are let in besides.
The keys must be a P-256 public point (65 bytes) and a 16-byte auth secret (RFC 8291).
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from cryptography.hazmat.primitives.asymmetric import ec

from ..errors import ErrorCode
from .vapid import b64url, unb64url

MAX_ENDPOINT_BYTES = 1024
LABEL = re.compile(r"(?!-)[a-z0-9-]{1,63}(?<!-)")
FORBIDDEN_SUFFIXES = (".localhost", ".local", ".internal", ".home.arpa")


class BadSubscription(ValueError):
    """A subscription the server will not keep, with the code the client words."""

    def __init__(self, code: ErrorCode, message: str) -> None:
        super().__init__(message)
        self.code, self.message = code, message


def _refuse(message: str) -> BadSubscription:
    return BadSubscription(ErrorCode.PUSH_ENDPOINT_REFUSED, message)


def check(endpoint: str, test_origins: tuple[str, ...] = ()) -> str:
    """The endpoint, if a push may be sent to it; raises BadSubscription otherwise."""
    if len(endpoint.encode()) > MAX_ENDPOINT_BYTES:
        raise _refuse(f"an endpoint is at most {MAX_ENDPOINT_BYTES} bytes")
    if any(c.isspace() or ord(c) < 0x20 or ord(c) == 0x7F for c in endpoint):
        raise _refuse("an endpoint has no spaces or control characters")
    try:
        parts = urlsplit(endpoint)
        port = parts.port
    except ValueError:
        raise _refuse("the endpoint is not a URL") from None
    if f"{parts.scheme}://{parts.netloc}" in test_origins:
        return endpoint
    if parts.scheme != "https":
        raise _refuse("an endpoint is an https:// URL")
    if parts.username is not None or parts.password is not None:
        raise _refuse("an endpoint carries no user name or password")
    if port not in (None, 443):
        raise _refuse("an endpoint uses https's own port")
    host = (parts.hostname or "").rstrip(".")
    labels = host.split(".")
    if len(labels) < 2 or not all(LABEL.fullmatch(label) for label in labels) or not labels[-1][0].isalpha():
        raise _refuse("an endpoint's host is a DNS name, never an address or localhost")
    if host.endswith(FORBIDDEN_SUFFIXES):
        raise _refuse("an endpoint's host is a public name")
    return endpoint


def keys(p256dh: str, auth: str) -> tuple[str, str]:
    """The keys, canonical (unpadded base64url), if they are a P-256 point and a 16-byte secret."""
    try:
        point, secret = unb64url(p256dh), unb64url(auth)
        ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), point)
    except ValueError:
        point = secret = b""
    if len(point) != 65 or point[0] != 4 or len(secret) != 16:
        raise BadSubscription(
            ErrorCode.PUSH_KEYS_INVALID,
            "keys.p256dh is an uncompressed P-256 point (65 bytes) and keys.auth 16 bytes, both in base64url",
        )
    return b64url(point), b64url(secret)
