"""A push service of our own for the tests (RFC 8030), that judges what it receives as a real one
would: written from the RFCs with `cryptography`'s primitives alone, never with the library the
server sends with, so a mistake of that library's (or ours in using it) is caught here.

For each POST to a subscription's endpoint it checks
  - RFC 8292: `Authorization: vapid t=<JWT>, k=<key>`, the JWT's ES256 signature against k, its
    `aud` (the endpoint's origin), `exp` (in the future, at most 24 h ahead), `sub` (mailto: or
    https:), and k the key the test said the server publishes (GET /api/push/key);
  - RFC 8030: a TTL, a valid Urgency, a Topic of at most 32 base64url characters;
  - RFC 8291 and RFC 8188: `Content-Encoding: aes128gcm`, a body of at most 4096 bytes, one
    record, which it decrypts with the subscription's private key and auth secret;
and keeps the decrypted JSON. A test can make an endpoint answer 404, 410, 429 or 500 instead.
It serves over real HTTP on 127.0.0.1 (uvicorn, on a thread of its own).
"""

from __future__ import annotations

import asyncio
import base64
import json
import os
import re
import socket
import threading
import time
import uuid
from dataclasses import dataclass, field
from typing import Any

import uvicorn
from cryptography.exceptions import InvalidSignature, InvalidTag
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

URGENCIES = {"very-low", "low", "normal", "high"}
TOPIC = re.compile(r"[A-Za-z0-9_-]{1,32}")
MAX_BODY = 4096
DAY_S = 86_400


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def hkdf(salt: bytes, ikm: bytes, info: bytes, length: int) -> bytes:
    return HKDF(algorithm=hashes.SHA256(), length=length, salt=salt, info=info).derive(ikm)


def point(key: ec.EllipticCurvePublicKey) -> bytes:
    return key.public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)


class Refused(Exception):
    """What a real push service would refuse, and the status it would answer."""

    def __init__(self, status: int, reason: str) -> None:
        super().__init__(reason)
        self.status, self.reason = status, reason


@dataclass
class Browser:
    """A browser's subscription: what PushSubscription.toJSON() gives the server, and the private
    key and auth secret only the browser holds."""

    endpoint: str
    private_key: ec.EllipticCurvePrivateKey
    auth: bytes

    @property
    def p256dh(self) -> str:
        return b64url(point(self.private_key.public_key()))

    def to_json(self) -> dict[str, Any]:
        return {
            "endpoint": self.endpoint,
            "expirationTime": None,
            "keys": {"p256dh": self.p256dh, "auth": b64url(self.auth)},
        }


@dataclass
class Delivery:
    """A push the double accepted: its endpoint, decrypted JSON, headers and token claims."""

    endpoint: str
    message: dict[str, Any]
    headers: dict[str, str]
    claims: dict[str, Any]


def decrypt(body: bytes, browser: Browser) -> bytes:
    """RFC 8291 section 3 (keys) and RFC 8188 section 2 (the aes128gcm content coding)."""
    if len(body) > MAX_BODY:
        raise Refused(413, f"a push message is at most {MAX_BODY} bytes")
    if len(body) < 21:
        raise Refused(400, "no aes128gcm header")
    salt, rs, idlen = body[:16], int.from_bytes(body[16:20], "big"), body[20]
    keyid, records = body[21 : 21 + idlen], body[21 + idlen :]
    if idlen != 65 or keyid[0] != 4:
        raise Refused(400, "the keyid is the sender's uncompressed P-256 key (RFC 8291 section 4)")
    if rs < 18 or len(records) > rs:
        raise Refused(400, "a push message is a single record (RFC 8291 section 4)")
    sender_key = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), keyid)
    ecdh_secret = browser.private_key.exchange(ec.ECDH(), sender_key)
    ua_public = point(browser.private_key.public_key())
    ikm = hkdf(browser.auth, ecdh_secret, b"WebPush: info\x00" + ua_public + keyid, 32)
    cek = hkdf(salt, ikm, b"Content-Encoding: aes128gcm\x00", 16)
    nonce = hkdf(salt, ikm, b"Content-Encoding: nonce\x00", 12)  # record 0: the nonce itself
    try:
        padded = AESGCM(cek).decrypt(nonce, records, None)
    except InvalidTag:
        raise Refused(400, "the record does not decrypt with the subscription's keys") from None
    plain = padded.rstrip(b"\x00")
    if not plain or plain[-1] != 2:
        raise Refused(400, "the last record's padding delimiter is 0x02 (RFC 8188 section 2)")
    return plain[:-1]


def check_vapid(authorization: str, origin: str, expected_key: str | None) -> dict[str, Any]:
    """RFC 8292 sections 2-3: the claims of a valid token, else Refused(401 or 403)."""
    scheme, _, params = authorization.partition(" ")
    if scheme.lower() != "vapid":
        raise Refused(401, "Authorization: vapid t=..., k=...")
    fields = dict(part.strip().split("=", 1) for part in params.split(",") if "=" in part)
    token, key = fields.get("t", ""), fields.get("k", "")
    try:
        public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64url(key))
        header_b64, claims_b64, signature_b64 = token.split(".")
        header, claims = json.loads(unb64url(header_b64)), json.loads(unb64url(claims_b64))
        signature = unb64url(signature_b64)
    except ValueError:
        raise Refused(401, "a malformed token or key") from None
    if header.get("alg") != "ES256" or len(signature) != 64:
        raise Refused(401, "the token is signed ES256 (JWS: r || s, 64 bytes)")
    der = encode_dss_signature(int.from_bytes(signature[:32], "big"), int.from_bytes(signature[32:], "big"))
    try:
        public.verify(der, f"{header_b64}.{claims_b64}".encode(), ec.ECDSA(hashes.SHA256()))
    except InvalidSignature:
        raise Refused(403, "the token's signature does not verify against k") from None
    now = time.time()
    if claims.get("aud") != origin:
        raise Refused(403, f"aud {claims.get('aud')!r} is not this push service's origin {origin!r}")
    if not isinstance(claims.get("exp"), int) or not now < claims["exp"] <= now + DAY_S:
        raise Refused(403, "exp is in the future, at most 24 hours ahead")
    if not str(claims.get("sub", "")).startswith(("mailto:", "https:")):
        raise Refused(403, "sub is a mailto: or https: URL")
    if expected_key is not None and key != expected_key:
        raise Refused(403, "k is not the server's published VAPID key")
    return claims


@dataclass
class PushDouble:
    """The push service; use as a context manager (it serves while inside)."""

    expected_key: str | None = None  # the server's GET /api/push/key, once the test knows it
    deliveries: list[Delivery] = field(default_factory=list)
    refusals: list[str] = field(default_factory=list)
    # endpoint -> statuses to answer, one per request, before accepting again (e.g. [500, 500]);
    # an endpoint in `gone` answers its status to every request.
    answers: dict[str, list[int]] = field(default_factory=dict)
    gone: dict[str, int] = field(default_factory=dict)
    stall_s: float = 0.0  # answer this late (a slow push service)
    requests: int = 0

    def __post_init__(self) -> None:
        self._lock = threading.Lock()
        self._browsers: dict[str, Browser] = {}
        self._sock = socket.socket()
        self._sock.bind(("127.0.0.1", 0))
        self.origin = f"http://127.0.0.1:{self._sock.getsockname()[1]}"
        self._server = uvicorn.Server(uvicorn.Config(self._app, log_level="warning", lifespan="off", interface="asgi3"))
        self._thread = threading.Thread(target=self._server.run, kwargs={"sockets": [self._sock]}, daemon=True)

    def __enter__(self) -> PushDouble:
        self._thread.start()
        deadline = time.monotonic() + 10
        while not self._server.started:
            if time.monotonic() > deadline or not self._thread.is_alive():
                raise RuntimeError("the push double did not start")
            time.sleep(0.01)
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.should_exit = True
        self._thread.join(10)
        self._sock.close()

    def subscribe(self) -> Browser:
        """A browser's new subscription here: a fresh P-256 key pair and a 16-byte auth secret."""
        browser = Browser(
            f"{self.origin}/push/{uuid.uuid4().hex}", ec.generate_private_key(ec.SECP256R1()), os.urandom(16)
        )
        with self._lock:
            self._browsers[browser.endpoint] = browser
        return browser

    def messages(self, browser: Browser | None = None) -> list[dict[str, Any]]:
        with self._lock:
            return [d.message for d in self.deliveries if browser is None or d.endpoint == browser.endpoint]

    def _judge(self, endpoint: str, headers: dict[str, str], body: bytes) -> Delivery:
        browser = self._browsers.get(endpoint)
        if browser is None:
            raise Refused(404, "no such subscription")
        claims = check_vapid(headers.get("authorization", ""), self.origin, self.expected_key)
        if headers.get("content-encoding") != "aes128gcm":
            raise Refused(415, "Content-Encoding: aes128gcm")
        if not headers.get("ttl", "").isdigit():
            raise Refused(400, "a TTL in seconds (RFC 8030 section 5.2)")
        if headers.get("urgency", "normal") not in URGENCIES:
            raise Refused(400, "Urgency is very-low, low, normal or high (RFC 8030 section 5.3)")
        if "topic" in headers and not TOPIC.fullmatch(headers["topic"]):
            raise Refused(400, "a Topic is at most 32 base64url characters (RFC 8030 section 5.4)")
        message = json.loads(decrypt(body, browser))
        return Delivery(endpoint, message, headers, claims)

    def _scripted(self, endpoint: str) -> int:
        """The status a test told this endpoint to answer now; 0: judge the push."""
        if endpoint in self.gone:
            return self.gone[endpoint]
        queued = self.answers.get(endpoint)
        return queued.pop(0) if queued else 0

    async def _app(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        assert scope["type"] == "http"
        body = b""
        while True:
            event = await receive()
            body += event.get("body", b"")
            if not event.get("more_body"):
                break
        headers = {k.decode().lower(): v.decode() for k, v in scope["headers"]}
        endpoint = self.origin + scope["path"]
        if self.stall_s:
            await asyncio.sleep(self.stall_s)
        with self._lock:
            self.requests += 1
            status = self._scripted(endpoint)
            if not status:
                try:
                    if scope["method"] != "POST":
                        raise Refused(405, "a push is a POST")
                    self.deliveries.append(self._judge(endpoint, headers, body))
                    status = 201
                except Refused as refused:
                    self.refusals.append(f"{refused.status} {refused.reason}")
                    status = refused.status
        await send({"type": "http.response.start", "status": status, "headers": [(b"content-length", b"0")]})
        await send({"type": "http.response.body", "body": b""})
