"""Provably fair shuffles: the game seed comes from a secret the server commits to before the deal
and from seeds the players chose, and anyone can check it once the game is over
(docs/FAIR_SHUFFLES.md, which also says what it does not yet prove; scripts/verify_game.py checks
it with the standard library alone).

    server_seed  32 random bytes, drawn when the game starts, secret until it ends (hex)
    commitment   SHA-256(server_seed), hex: in the room and the first state anyone receives
    message      UTF-8 of the JSON array [room id, game number, sorted client seeds, config],
                 object keys sorted, no spaces (json.dumps(..., sort_keys=True, separators=(",", ":"),
                 ensure_ascii=False))
    game seed    the first 8 bytes of HMAC-SHA256(key=server_seed, message), big-endian, shifted
                 right by one bit (63 bits, so it fits a signed 64-bit column)

Games dealt before 2026-12 signed the room's code instead of its id. A finished game's public record
must not carry a private room's code (the code is the room's invitation), so those games are
checked by the server alone, and their record says so (`seed_scheme`).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets

# A client seed: what a browser's random default or an API caller sends; printable ASCII, no spaces.
CLIENT_SEED_PATTERN = r"^[!-~]{1,64}$"


def new_server_seed() -> str:
    return secrets.token_bytes(32).hex()


def commitment(server_seed: str) -> str:
    return hashlib.sha256(bytes.fromhex(server_seed)).hexdigest()


# How the message names the room: its numeric id, which is not secret (since 2026-12), or its code
# (before: the code is a private room's invitation, so it is never revealed).
ROOM_ID, ROOM_CODE = "room-id", "room-code"


def message(room: int | str, game_number: int, client_seeds: list[str], config: dict) -> bytes:
    text = json.dumps(
        [room, game_number, sorted(client_seeds), config], sort_keys=True, separators=(",", ":"), ensure_ascii=False
    )
    return text.encode("utf-8")


def game_seed(server_seed: str, signed: bytes) -> int:
    digest = hmac.new(bytes.fromhex(server_seed), signed, hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big") >> 1
