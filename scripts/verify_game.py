"""Check a finished Dorhami game's shuffle yourself, with Python's standard library alone.

    python3 scripts/verify_game.py https://dorhami.example/verify/123 [--commitment HEX]

It fetches what the server revealed at the end (GET /api/games/{id}/verify), recomputes the
commitment SHA-256(server seed) and the game seed
HMAC-SHA256(server seed, [room id, game number, sorted client seeds, config]) as
docs/FAIR_SHUFFLES.md defines them, and compares them with the seed the game was dealt from.
(Games dealt before 2026-12 signed the room's code, which a finished game never reveals: for those
only the server's own check of the seed is shown.) Pass the commitment you saw when the game started
(`--commitment`) to rule out a server that changed both afterwards. The replay of the log from that seed needs the rules
engines: the server runs it (the "replay" and "result" checks), and so can anyone with this
repository (`GET /api/rooms/{code}/log` gives the seed and every action).
"""

from __future__ import annotations

import argparse
import hashlib
import hmac
import json
import re
import sys
import urllib.request


def fetch(url: str) -> dict:
    with urllib.request.urlopen(url, timeout=20) as response:
        return json.load(response)


def derived_seed(server_seed: str, room_id: int, game_number: int, client_seeds: list[str], config: dict) -> int:
    signed = json.dumps(
        [room_id, game_number, sorted(client_seeds), config], sort_keys=True, separators=(",", ":"), ensure_ascii=False
    ).encode("utf-8")
    digest = hmac.new(bytes.fromhex(server_seed), signed, hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("url", help="the game's /verify/{id} or /replay/{id} page")
    parser.add_argument("--commitment", help="the commitment (hex) shown when the game started")
    args = parser.parse_args()
    found = re.match(r"(https?://[^/]+)/(?:verify|replay)/(\d+)", args.url)
    if not found:
        parser.error("expected a URL such as https://host/verify/123")
    base, game_id = found.groups()
    revealed = fetch(f"{base}/api/games/{game_id}/verify")
    if not revealed.get("server_seed"):
        print("this game was dealt without a commitment: there is nothing to check")
        return 1
    checks = {
        "the commitment is SHA-256 of the revealed server seed": hashlib.sha256(
            bytes.fromhex(revealed["server_seed"])
        ).hexdigest()
        == revealed["commitment"],
    }
    if revealed.get("seed_scheme") == "room-code":
        print("SKIP  this game's seed signed its room's code, which stays private: the server's seed check below")
        server = next(c for c in revealed["checks"] if c["name"] == "seed")
        checks[f"the server's seed check ({server['detail']})"] = server["passed"]
    else:
        checks["the game seed is derived from the server seed and the players' seeds"] = (
            derived_seed(
                revealed["server_seed"],
                revealed["room_id"],
                revealed["game_number"],
                revealed["client_seeds"],
                revealed["config"],
            )
            == revealed["seed"]
        )
    if args.commitment:
        checks["the commitment is the one you saw at the start"] = args.commitment.lower() == revealed["commitment"]
    for name in ("replay", "result"):
        server = next(c for c in revealed["checks"] if c["name"] == name)
        checks[f"the server's {name} check ({server['detail']})"] = server["passed"]
    for name, passed in checks.items():
        print(f"{'PASS' if passed else 'FAIL'}  {name}")
    return 0 if all(checks.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
