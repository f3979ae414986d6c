"""One push to one device: encrypted as RFC 8291 says (aes128gcm, RFC 8188), signed as RFC 8292
says (VAPID), POSTed to the device's push service (RFC 8030) with its TTL, Urgency and Topic.

pywebpush does the cryptography (`WebPusher.encode`, py_vapid's signer); its own sending (requests,
or an aiohttp session per call) is not used: the POST goes through one pooled httpx client, the
HTTP client the server has already. Encrypting and signing are CPU work, so they run on a thread
of their own, never on the event loop. A failure is logged and answered as an `Outcome`, never
raised: a push is a courtesy, and no caller may fail for want of one.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
import logging
import time
from concurrent.futures import ThreadPoolExecutor
from enum import Enum
from typing import Any
from urllib.parse import urlsplit

import httpx
from pywebpush import WebPusher  # type: ignore[import-untyped]  # it ships no types

from . import endpoints
from .vapid import ServerKey

log = logging.getLogger(__name__)

HOUR_S = 3600
DAY_S = 24 * HOUR_S
# How long a push service keeps an undelivered notice: a turn until its deadline (at most a day),
# a live game's turn (no deadline) only minutes, an invitation an hour (docs/NOTIFICATIONS.md).
TTL_S = {"turn": 10 * 60, "reminder": HOUR_S, "invitation": HOUR_S, "rematch": 15 * 60, "rescue": 15 * 60}
URGENCY = {"turn": "normal", "reminder": "high", "invitation": "normal", "rematch": "low", "rescue": "normal"}
# The VAPID token's life; RFC 8292 allows at most 24 h, and a push service's clock may be ahead.
TOKEN_LIFE_S = 12 * HOUR_S
TIMEOUT_S = 10.0
RETRY_AFTER_CAP_S = 60.0


class Outcome(Enum):
    SENT = "sent"
    GONE = "gone"  # 404/410: the subscription is dead, forget it
    FAILED = "failed"


def ttl_s(kind: str, args: dict[str, Any], told_ms: int, now_ms: int) -> int:
    """Seconds the push service may keep the notice; 0 or less: too late to send at all."""
    deadline = args.get("deadline_ms")
    if kind in ("turn", "reminder") and isinstance(deadline, int):
        return min((deadline - now_ms) // 1000, DAY_S)
    return TTL_S[kind] - (now_ms - told_ms) // 1000


def topic(secret: bytes, tag: str) -> str:
    """The Topic header of a room's notices (RFC 8030 5.4: at most 32 base64url characters): a newer
    one replaces an undelivered older one. Keyed, so the push service learns no room code."""
    digest = hmac.new(secret, tag.encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:24]).decode()


class Sender:
    """Sends pushes for one process: one HTTP client, one thread for the cryptography."""

    def __init__(
        self, key: ServerKey, subject: str, test_origins: tuple[str, ...], retry_delays_s: tuple[float, ...]
    ) -> None:
        self.key, self.subject, self.test_origins = key, subject, test_origins
        self.retry_delays_s = retry_delays_s
        # No redirects: an endpoint was checked (push/endpoints.py), where it would send us was not.
        self.client = httpx.AsyncClient(timeout=TIMEOUT_S, follow_redirects=False)
        self.crypto = ThreadPoolExecutor(max_workers=1, thread_name_prefix="dorhami-push")

    async def close(self) -> None:
        await self.client.aclose()
        self.crypto.shutdown(wait=False, cancel_futures=True)

    def seal(self, endpoint: str, p256dh: str, auth: str, payload: bytes) -> tuple[bytes, str]:
        """(the encrypted body, the Authorization header): the push's CPU work, on the crypto thread."""
        pusher = WebPusher({"endpoint": endpoint, "keys": {"p256dh": p256dh, "auth": auth}})
        body = pusher.encode(payload, "aes128gcm")["body"]
        parts = urlsplit(endpoint)
        # The wall clock, not the server's (tests may fake that one): the push service judges `exp` by its own.
        claims = {
            "aud": f"{parts.scheme}://{parts.netloc}",
            "exp": int(time.time()) + TOKEN_LIFE_S,
            "sub": self.subject,
        }
        return body, self.key.signer.sign(claims)["Authorization"]

    async def send(
        self, endpoint: str, p256dh: str, auth: str, payload: bytes, ttl: int, urgency: str, tag: str
    ) -> Outcome:
        try:
            endpoints.check(endpoint, self.test_origins)  # again: the setting may have changed since
            loop = asyncio.get_running_loop()
            body, authorization = await loop.run_in_executor(self.crypto, self.seal, endpoint, p256dh, auth, payload)
        except Exception as exc:  # a stored row that no longer passes, or keys the library refuses
            log.warning("push not sent to %s: %s", _service(endpoint), exc)
            return Outcome.FAILED
        headers = {
            "Authorization": authorization,
            "Content-Encoding": "aes128gcm",
            "Content-Type": "application/octet-stream",
            "TTL": str(max(ttl, 0)),
            "Urgency": urgency,
            "Topic": topic(self.key.secret, tag),
        }
        return await self._post(endpoint, body, headers)

    async def _post(self, endpoint: str, body: bytes, headers: dict[str, str]) -> Outcome:
        """POST, retrying a busy or failing service (429, 5xx, no answer) a bounded number of times."""
        service = _service(endpoint)
        for attempt in range(len(self.retry_delays_s) + 1):
            try:
                response = await self.client.post(endpoint, content=body, headers=headers)
            except httpx.HTTPError as exc:
                log.warning("push to %s failed (attempt %d): %s", service, attempt + 1, type(exc).__name__)
                wait = None
            else:
                status = response.status_code
                if 200 <= status < 300:
                    return Outcome.SENT
                if status in (404, 410):
                    log.info("push service %s says the subscription is gone (%d)", service, status)
                    return Outcome.GONE
                log.warning("push to %s refused with %d (attempt %d)", service, status, attempt + 1)
                if status != 429 and status < 500:
                    return Outcome.FAILED  # our request is wrong (400, 401, 403, 413): again would not help
                wait = _retry_after(response)
            if attempt < len(self.retry_delays_s):
                await asyncio.sleep(max(self.retry_delays_s[attempt], wait or 0))
        log.warning("push to %s given up after %d attempts", service, len(self.retry_delays_s) + 1)
        return Outcome.FAILED


def _retry_after(response: httpx.Response) -> float | None:
    try:
        return min(float(response.headers.get("Retry-After", "")), RETRY_AFTER_CAP_S)
    except ValueError:
        return None  # absent, or an HTTP date: the back-off's own delay then


def _service(endpoint: str) -> str:
    """What a log line may say of an endpoint: its host (the path is the subscription's secret)."""
    return urlsplit(endpoint).hostname or "?"
