"""Sandbox state tokens: a game state the server signed, so the sandbox keeps no state yet cannot be
fed one it did not make.

itsdangerous (Pallets, Flask's signing library) does the signing: HMAC-SHA1 over a key derived
from the secret with a salt, URL-safe, with zlib compression of large payloads. A token is signed,
not encrypted: whoever holds it can read the whole state (the deck order included), which is what
a rules sandbox is for; it is never a live game's state.
"""

from __future__ import annotations

from typing import Any

import orjson
from itsdangerous import BadSignature, URLSafeSerializer

from ..engine import IllegalAction, State
from ..errors import ErrorCode

# The largest token accepted (a Twin It state is about 3 KB signed and compressed): bounded work
# per request whatever a client sends.
MAX_TOKEN_CHARS = 48 * 1024
SALT = "dorhami.sandbox.state"


class _Json:
    """orjson for itsdangerous (its `dumps` must return str)."""

    @staticmethod
    def dumps(value: Any) -> str:
        return orjson.dumps(value).decode()

    @staticmethod
    def loads(text: str | bytes) -> Any:
        return orjson.loads(text)


class StateSigner:
    def __init__(self, secret: str) -> None:
        self.serializer = URLSafeSerializer(secret, salt=SALT, serializer=_Json)

    def sign(self, game: str, players: int, state: State) -> str:
        return self.serializer.dumps({"game": game, "players": players, "state": state})

    def read(self, game: str, token: str) -> tuple[int, State]:
        """(seats, state) of a token of `game`; `bad_token` if we did not sign it (or for another game)."""
        if len(token) > MAX_TOKEN_CHARS:
            raise IllegalAction(ErrorCode.BAD_TOKEN, f"a state token may be at most {MAX_TOKEN_CHARS} characters")
        try:
            body = self.serializer.loads(token)
        except BadSignature:
            raise IllegalAction(
                ErrorCode.BAD_TOKEN, "this state token was not made by this server, or was changed"
            ) from None
        if not isinstance(body, dict) or body.get("game") != game:
            raise IllegalAction(ErrorCode.BAD_TOKEN, f"this state token is not a {game} state")
        return body["players"], body["state"]
