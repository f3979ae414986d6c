"""Write a bot against the rules sandbox: play a whole game through the HTTP API, every seat a bot.

    .venv/bin/python scripts/sandbox_bot.py http://127.0.0.1:8000 jekyll-vs-hyde

The sandbox keeps no state: each answer carries the new state as a signed token, sent back with
the next call. Replace `choose` with your strategy; it sees exactly what the seat sees.
"""

from __future__ import annotations

import random
import sys
import time

import httpx


def choose(seat: dict, rng: random.Random) -> dict:
    """The seat's move: here any legal action (your bot goes here; `seat["view"]` is its view)."""
    return rng.choice(seat["legal_actions"])


def play(
    client: httpx.Client,
    game: str,
    players: int = 2,
    seed: int = 1,
    config: dict | None = None,
    max_inputs: int = 20_000,
) -> dict:
    """Play `game` to its end with `choose` at every seat; returns the result."""
    rng, now = random.Random(seed), 0
    answer = post(client, f"/api/sandbox/{game}/new", {"players": players, "seed": seed, "config": config or {}})
    for _ in range(max_inputs):
        if answer["result"] is not None:
            return answer["result"]
        movers = [seat for seat in answer["seats"] if seat["legal_actions"]]
        now += rng.randint(0, 300)  # a person takes a moment; due timers fire first in apply
        if movers:
            seat = rng.choice(movers)
            body = {"state": answer["state"], "seat": seat["seat"], "action": choose(seat, rng), "now_ms": now}
            answer = post(client, f"/api/sandbox/{game}/apply", body)
        else:  # nobody may act: let the clock run to the next timer (a countdown, a turn's end)
            now = max(now, answer["next_deadline"] or now)
            answer = post(client, f"/api/sandbox/{game}/advance", {"state": answer["state"], "now_ms": now})
    raise RuntimeError(f"{game} did not end within {max_inputs} inputs")


def post(client: httpx.Client, path: str, body: dict) -> dict:
    response = client.post(path, json=body)
    while response.status_code == 429:  # the sandbox is rate limited: wait as told, then again
        time.sleep(float(response.headers.get("Retry-After", 1)))
        response = client.post(path, json=body)
    if response.status_code != 200:  # every refusal is {"code", "message"}
        raise RuntimeError(f"{path}: {response.status_code} {response.json()['code']}: {response.json()['message']}")
    return response.json()


if __name__ == "__main__":
    base, game = sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else "jekyll-vs-hyde"
    with httpx.Client(base_url=base, timeout=10) as http:
        print(play(http, game))
