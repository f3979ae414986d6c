"""State patches (issue 33 item 1): after a first full state, each socket gets a version as a patch
against the version it holds; the full state again when it joins or comes back, when it missed a
version, when its seat changed, or when a patch would be no shorter. Whatever a socket is sent,
the state it rebuilds must be the full view of its seat, byte for byte, at every version."""

from __future__ import annotations

import asyncio
import random

import orjson
import pytest

from dorhami.catalogue import get_engine
from dorhami.hub import views
from dorhami.hub.clock import FakeClock
from dorhami.hub.fanout import ENVELOPE, StateOut, Subscriber, encode, send_states
from dorhami.hub.live_game import LiveGame
from dorhami.hub.patches import apply, diff
from tests.hub.test_table import settle, started_table
from tests.support.seeded_games import VARIANTS, play


def canonical(value: object) -> bytes:
    # orjson keeps 1, 1.0 and true apart, as a browser's JSON.parse does.
    return orjson.dumps(value, option=orjson.OPT_SORT_KEYS)


# -- the ops ---------------------------------------------------------------------------------------

HAND = [1, 2, 3, 4, 5, 6, 7]
TRICK = {"lead": 1, "follow": 2, "effect": "x", "leader": 0, "named": None}
CASES = [
    ({"a": 1}, {"a": 2}, [["a", 2]]),
    ({"a": 1}, {"a": True}, [["a", True]]),  # == says 1 == True; JSON does not
    ({"a": 0}, {"a": 0.0}, [["a", 0.0]]),
    ({"a": 1, "b": 2}, {"a": 1}, [["b"]]),
    ({"a": {"h": HAND, "y": 1}}, {"a": {"h": [1, 2, 4, 5, 6, 7], "y": 1}}, [["a/h/2"]]),  # one taken out
    ({"h": HAND}, {"h": [*HAND, 8]}, [["h/7", 8]]),  # appended
    ({"h": []}, {"h": [{"t": 1}]}, [["h", [{"t": 1}]]]),  # a whole list where it was empty
    ({"h": HAND}, {"h": [1, 2, 3, 9, 4, 5, 6]}, [["h", [1, 2, 3, 9, 4, 5, 6]]]),  # put in: the rest shifts
    ({"h": HAND}, {"h": [1, 2, 3, 4, 5, 0, 7]}, [["h/5", 0]]),
    ({"g": [HAND, HAND]}, {"g": [HAND, [1, 2, 3, 4, 5, 0, 7]]}, [["g/1/5", 0]]),  # a cell of a grid
    (
        {"s": [9, 10], "d": [5, None]},
        {"s": [8, 10], "d": [None, 6]},
        [["s", [8, 10]], ["d", [None, 6]]],
    ),  # a few: whole
    # Every key of an object changed: the object whole is shorter than an op per key.
    (
        {"last": {"a": 1, "b": 2, "c": 3, "d": 4, "e": 5}},
        {"last": {"a": 6, "b": 7, "c": 8, "d": 9, "e": 0}},
        [["last", {"a": 6, "b": 7, "c": 8, "d": 9, "e": 0}]],
    ),
    ({"t": TRICK}, {"t": {**TRICK, "lead": 3}}, [["t/lead", 3]]),
    ({"a/b": 1, "c~d": TRICK}, {"a/b": 2, "c~d": {**TRICK, "lead": 2}}, [["a~1b", 2], ["c~0d/lead", 2]]),
    ({"r": None}, {"r": {"winner": 1}}, [["r", {"winner": 1}]]),
    ({"r": {"winner": 1}}, {"r": None}, [["r", None]]),
    ({"s": "x"}, {"s": "x", "t": []}, [["t", []]]),
]


@pytest.mark.parametrize("before, after, ops", CASES)
def test_diff_gives_the_fewest_plain_ops_and_they_rebuild_the_after(before, after, ops):
    frozen = canonical(before)
    assert diff(before, after) == ops
    assert canonical(apply(before, ops)) == canonical(after)
    assert canonical(before) == frozen, "neither diff nor apply changes what it was given"


def test_apply_copies_every_container_it_changes_and_shares_the_rest():
    before = {"view": {"hand": [1, 2], "board": {"tiles": [[1]]}}, "legal_actions": []}
    after = apply(before, [["view/hand/2", 3]])
    assert before["view"]["hand"] == [1, 2]
    assert after["view"]["hand"] == [1, 2, 3]
    assert after["view"]["board"] is before["view"]["board"]  # untouched: a renderer may keep it


# -- every title, socket by socket -------------------------------------------------------------------


class Client:
    """What a client keeps of one socket's states, applying patches as the browser does."""

    def __init__(self, sub: Subscriber) -> None:
        self.sub = sub
        self.body: dict | None = None
        self.version: int | None = None
        self.patches = self.states = 0
        self.last_patch = 0  # the length of the last message if it was a patch, else 0

    def read(self) -> None:
        while self.sub.items:
            text = self.sub.items.popleft().text
            message = orjson.loads(text)
            self.last_patch = len(text) if message["type"] == "patch" else 0
            if message["type"] == "state":
                self.states += 1
                self.body = {k: v for k, v in message.items() if k not in ENVELOPE}
            else:
                assert message["type"] == "patch"
                assert self.sub.patches, "a socket that asked for full states got a patch"
                assert message["version"] == self.version + 1, "a patch from a version the socket does not hold"
                held, kept = self.body, canonical(self.body)
                self.body = apply(held, message["ops"])
                assert canonical(held) == kept, "applying a patch changed the state a renderer holds"
                self.patches += 1
            self.version = message["version"]


# (game, variant label): every title, its modes at a small and a large table.
PLAYED = [
    ("camel-up-cards", "2p"),
    ("camel-up-cards", "classic 5p"),
    ("double-connect", "solo 3p"),
    ("double-connect", "teams 6p of 3"),
    ("jekyll-vs-hyde", "single"),
    ("jekyll-vs-hyde", "return match, greed 2"),
    ("queendomino", "4p"),
    ("queendomino", "terrain matching 3p"),
    ("twin-it", "competitive 3p"),
    ("twin-it", "team 4p"),
    ("twin-it", "coop 2p"),
]


@pytest.mark.parametrize("slug, label", PLAYED)
def test_every_socket_rebuilds_its_seats_full_view_at_every_version(slug, label):
    engine = get_engine(slug)
    variant = next(v for v in VARIANTS[slug] if v.label == label)
    rng = random.Random(f"{slug} {label}")
    seats = {f"p{i}": i for i in range(variant.players)}
    people = [*seats, None]  # each seat, and a spectator
    # Per person: a steady socket, one that drops and comes back, one that misses versions while
    # still connected (a queue the table skipped), and one whose hello asked for full states.
    kinds = ("steady", "reconnects", "misses", "full")
    sockets: dict[tuple, Client] = {}
    game: LiveGame | None = None
    shown: dict = {}

    def join(person, kind) -> None:
        sub = Subscriber(person, 100_000)
        sub.patches = kind != "full"
        sockets[person, kind] = Client(sub)
        seat = seats.get(person) if person else None
        out = shown[seat] = StateOut(views.snapshot(engine, game, seat), None)  # as the table's subscribe does
        out.send(sub)

    def check(clients) -> None:
        for (person, _), client in clients:
            client.read()
            seat = seats.get(person) if person else None
            full = views.snapshot(engine, game, seat)
            assert client.version == game.version
            assert canonical(client.body) == canonical({k: v for k, v in full.items() if k not in ENVELOPE})

    def on_start(state) -> None:
        nonlocal game
        game = LiveGame(7, engine, variant.players, state, commitment="c" * 64)
        for person in people:
            for kind in kinds:
                join(person, kind)
        check(sockets.items())

    def on_change(pre, seat, action, now, post, events) -> None:
        for person, kind in list(sockets):
            if kind == "reconnects" and rng.random() < 0.05:
                join(person, kind)  # between two changes, as the table's actor takes them
        game.state, game.version = post, game.version + 1
        game.result = engine.result(post)
        listening = [c.sub for (p, kind), c in sockets.items() if kind != "misses" or rng.random() > 0.1]
        send_states(listening, seats, lambda s: views.snapshot(engine, game, s, events), shown)
        check([(key, c) for key, c in sockets.items() if c.sub in listening])
        for (person, _), client in sockets.items():
            if client.sub in listening and client.last_patch:
                full = encode(views.snapshot(engine, game, seats.get(person) if person else None, events))
                assert client.last_patch < len(full), "a patch no shorter than the state it stands for"
        for client in sockets.values():
            if client.sub not in listening:
                assert client.version < game.version  # missed: what comes next must be a full state

    play(engine, variant, rng.randrange(2**32), on_start, on_change)
    steady = [c for (_, kind), c in sockets.items() if kind == "steady"]
    assert [c.states for c in steady] == [1] * len(steady), "a socket that missed nothing had one full state"
    assert sum(c.patches for c in steady) >= 0.9 * len(steady) * game.version, "and nearly every version as a patch"


# -- through a table ---------------------------------------------------------------------------------


def test_a_tables_sockets_get_a_full_state_then_patches_that_rebuild_what_rest_serves(database_url):
    """The table's own wiring: subscribe sends a whole state, each change a patch to the sockets
    that take them, and a socket that joined later or asked for full states gets what it should."""

    async def scenario():
        clock = FakeClock()
        hub, table, host, guest = await started_table(database_url, clock)
        host_page, watcher, old_client = Subscriber(host.id, 1000), Subscriber(None, 1000), Subscriber(guest.id, 1000)
        host_page.patches = watcher.patches = True
        clients = {name: Client(sub) for name, sub in [("host", host_page), ("watcher", watcher), ("old", old_client)]}
        for sub in (host_page, watcher, old_client):
            await table.subscribe(sub)
        late = None
        for turn in range(12):
            state = table.game.state
            seat = next(s for s in (0, 1) if table.engine.legal_actions(state, s))
            action = table.engine.legal_actions(state, seat)[0]
            reply = await table.act(seat, {**action, "step": state.get("step")}, clock.now_ms(), turn + 1)
            assert reply["type"] == "ack", reply
            if turn == 5:
                late = Subscriber(guest.id, 1000)
                late.patches = True
                clients["late"] = Client(late)
                await table.subscribe(late)
            await settle()
            for name, client in clients.items():
                client.sub.items = type(client.sub.items)(
                    m for m in client.sub.items if orjson.loads(m.text)["type"] in ("state", "patch")
                )
                client.read()
                who = {"host": host.id, "watcher": None, "old": guest.id, "late": guest.id}[name]
                served = await table.state_for(who)
                assert client.version == served["version"] == table.game.version
                assert canonical(client.body) == canonical({k: v for k, v in served.items() if k not in ENVELOPE})
        assert clients["host"].states == clients["watcher"].states == clients["late"].states == 1
        assert clients["host"].patches == clients["watcher"].patches == 12 and clients["late"].patches == 6
        assert clients["old"].states == 13 and clients["old"].patches == 0  # its hello asked for full states
        await hub.close()
        hub.store.close()

    asyncio.run(scenario())
