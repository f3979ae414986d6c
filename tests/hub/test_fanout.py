"""Fan-out: one message built and encoded per seat class, the same text to every socket of the class."""

from __future__ import annotations

import asyncio
import json

from dorhami.hub.fanout import Outbound, Subscriber, encode, send_states


def test_each_seat_class_is_built_once_and_its_sockets_share_the_text():
    async def scenario():
        subs = {
            "a1": Subscriber("A", 10),
            "a2": Subscriber("A", 10),
            "b": Subscriber("B", 10),
            "watcher": Subscriber(None, 10),
            "stranger": Subscriber("C", 10),
        }
        built = []

        def message_for(seat):
            built.append(seat)
            secret = f"hand of {seat}"
            return {"type": "state", "game_id": 1, "version": 3, "seat": seat, "secret": secret, "events": []}

        classes = send_states(subs.values(), {"A": 0, "B": 1}, message_for, {})
        got = {name: sub.items.popleft().text for name, sub in subs.items()}
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


class FakeSocket:
    """A socket whose writes complete at once, or wait while `paused` is cleared (a full buffer)."""

    def __init__(self) -> None:
        self.written: list[str] = []
        self.shut: list[str] = []
        self.paused = asyncio.Event()
        self.paused.set()
        self.fail = False

    async def write(self, text: str) -> None:
        await self.paused.wait()
        if self.fail:
            raise OSError("connection reset")
        self.written.append(text)

    async def close(self, reason: str) -> None:
        self.shut.append(reason)


def attached(limit: int) -> tuple[Subscriber, FakeSocket]:
    sub, socket = Subscriber(None, limit), FakeSocket()
    sub.attach(socket.write, socket.close)
    return sub, socket


def test_an_attached_socket_is_written_at_once_in_order():
    async def scenario():
        sub, socket = attached(4)
        for i in range(10):  # more than the queue holds: nothing queues while writes complete
            sub.send({"n": i})
            assert len(socket.written) == i + 1, "written in the sender's turn, not later"
        assert [json.loads(t)["n"] for t in socket.written] == list(range(10))
        assert sub.pending() == 0 and sub.closed_reason is None

    asyncio.run(scenario())


def test_a_write_that_must_wait_queues_the_rest_in_order_then_drains():
    async def scenario():
        sub, socket = attached(5)
        socket.paused.clear()
        for i in range(4):
            sub.send({"n": i})
        assert socket.written == [] and sub.pending() == 3, "one write waits, three queue behind it"
        socket.paused.set()
        await asyncio.sleep(0)
        assert [json.loads(t)["n"] for t in socket.written] == [0, 1, 2, 3] and sub.pending() == 0
        sub.send({"n": 4})
        assert json.loads(socket.written[-1])["n"] == 4

    asyncio.run(scenario())


def test_an_attached_socket_that_stays_full_is_closed_with_the_reason():
    async def scenario():
        sub, socket = attached(2)
        socket.paused.clear()
        for i in range(4):
            sub.send({"n": i})
        assert sub.closed_reason and "too slow" in sub.closed_reason
        assert socket.shut == [sub.closed_reason] and socket.written == []
        socket.paused.set()
        await asyncio.sleep(0)
        sub.send({"n": 9})
        assert socket.written == [], "the dropped write and anything after the close stay unsent"

    asyncio.run(scenario())


def test_a_socket_that_fails_is_marked_closed_and_costs_nothing_more():
    async def scenario():
        sub, socket = attached(4)
        socket.fail = True
        sub.send({"n": 1})
        sub.send({"n": 2})
        assert sub.closed_reason == "disconnected" and sub.pending() == 0 and socket.written == []

    asyncio.run(scenario())


def test_a_ready_frame_is_written_when_the_socket_takes_it_and_the_slow_way_keeps_the_order():
    async def scenario():
        sub, socket = Subscriber(None, 8), FakeSocket()
        frames, taking = [], [True]

        def write_frame(frame: bytes) -> bool:
            if taking[0]:
                frames.append(frame)
            return taking[0]

        sub.attach(socket.write, socket.close, write_frame)
        message = Outbound(encode({"n": 0}))
        sub.send(message)
        assert frames == [message.frame] and socket.written == []
        assert message.frame[:2] == bytes([0x81, len(message.text)]) and message.frame[2:] == message.text.encode()
        taking[0] = False  # say the transport is paused: the socket's own (waiting) write takes over
        socket.paused.clear()
        for i in (1, 2, 3):
            sub.send({"n": i})
        taking[0] = True
        sub.send({"n": 4})
        assert len(frames) == 1, "nothing may overtake the messages waiting before it"
        socket.paused.set()
        await asyncio.sleep(0)
        order = [json.loads(t)["n"] for t in socket.written] + [json.loads(f[2:])["n"] for f in frames[1:]]
        assert order == [1, 2, 3, 4] and sub.pending() == 0

    asyncio.run(scenario())


def test_one_frame_per_seat_class_whatever_the_number_of_sockets():
    message = Outbound("x" * 70_000)
    frame = message.frame
    assert message.frame is frame, "built once"
    assert frame[0] == 0x81 and frame[1] == 127 and int.from_bytes(frame[2:10], "big") == 70_000
