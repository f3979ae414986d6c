"""Fan-out: one message built and encoded per seat class, the same text to every socket of the class."""

from __future__ import annotations

import asyncio
import json

from dorhami.hub.fanout import Subscriber, encode, send_by_seat


def test_each_seat_class_is_built_once_and_its_sockets_share_the_text():
    async def scenario():
        subs = {"a1": Subscriber("A", 10), "a2": Subscriber("A", 10), "b": Subscriber("B", 10),
                "watcher": Subscriber(None, 10), "stranger": Subscriber("C", 10)}
        built = []

        def message_for(seat):
            built.append(seat)
            return {"type": "state", "seat": seat, "secret": f"hand of {seat}"}

        classes = send_by_seat(subs.values(), {"A": 0, "B": 1}, message_for)
        got = {name: sub.items.popleft() for name, sub in subs.items()}
        assert classes == 3 and sorted(built, key=str) == [0, 1, None]
        assert got["a1"] is got["a2"], "the same encoded text, not a copy per socket"
        assert got["watcher"] is got["stranger"], "everyone without a seat sees the spectator message"
        assert [json.loads(got[n])["seat"] for n in ("a1", "b", "watcher")] == [0, 1, None]

    asyncio.run(scenario())


def test_encoding_matches_json_for_what_tables_send():
    message = {"type": "room", "presence": {0: "online", 3: "away"}, "name": "مریم", "n": [1, 2.5, None]}
    assert json.loads(encode(message)) == json.loads(json.dumps(message))


def test_a_socket_whose_queue_fills_is_closed_not_waited_for():
    async def scenario():
        slow = Subscriber(None, 2)
        for i in range(3):
            slow.send({"n": i})
        assert slow.closed_reason and await slow.next() is None

    asyncio.run(scenario())
