"""A daily Jekyll vs. Hyde game between two players over simulated days (a fake clock), through
restarts of the server: every turn is announced by a push that the push-service double decrypts,
and a turn left to run out is reminded, then played by the rules' timeout (docs/PACE.md)."""

from __future__ import annotations

import asyncio
import random
import time

from dorhami.catalogue import get_engine
from dorhami.hub.clock import FakeClock
from dorhami.hub.hub import Hub
from dorhami.hub.pace import to_move
from dorhami.hub.room_rules import split_config
from dorhami.push.notifier import Notifier
from dorhami.storage import push_store
from dorhami.storage.repository import Store
from tests.support.push_double import PushDouble

from .conftest import settle

HOUR_MS = 3_600_000
CODE = "a-daily-duel"


class Server:
    """One server process's hub and push service on the shared database (a restart makes a new one)."""

    def __init__(self, settings, clock: FakeClock) -> None:
        self.store = Store(settings.database_url)
        self.notifier = Notifier(self.store, settings, clock)
        self.hub = Hub(self.store, settings, clock, notify=self.notifier.tell)

    async def __aenter__(self) -> Server:
        await self.notifier.start()
        return self

    async def __aexit__(self, *exc) -> None:
        await self.hub.close()
        await self.notifier.close()
        self.store.close()

    async def settled(self) -> None:
        """Every table's timers run and every notice sent (the journal and the sender use threads)."""
        for _ in range(3):
            await asyncio.sleep(0.02)
            await settle(self.notifier)


def test_a_daily_game_over_days_and_restarts_announces_every_turn_by_push(push_settings, double: PushDouble):
    async def scenario():
        clock, rng = FakeClock(int(time.time() * 1000)), random.Random(5)
        engine = get_engine("jekyll-vs-hyde")
        async with Server(push_settings, clock) as server:
            double.expected_key = server.notifier.public_key
            players, devices = [], {}
            for name, lang in (("Mina", "fa"), ("Dara", "en")):
                player, _ = await server.store.create_player(name)
                device = double.subscribe()
                keys = device.to_json()["keys"]
                await server.store.run(
                    push_store.save_subscription, server.store.repo, player.id, device.endpoint, keys["p256dh"],
                    keys["auth"], clock.now_ms(),
                )  # fmt: skip
                await server.store.run(push_store.save_settings, server.store.repo, player.id, {"lang": lang})
                players.append(player)
                devices[player.id] = device
            rules, options = split_config(engine, {"pace": "daily", "turn_hours": 24})
            await server.store.create_room(CODE, engine.slug, {**rules, **options}, True, players[0].id, 60, "daily")
            table = await server.hub.table(CODE)
            for player in players:
                await table.join(player.id, player.name)
            await table.start_game(players[0].id, False)
            await server.settled()

        seen = {p.id: 0 for p in players}  # pushes each device had at the last look
        moving: set[int] = set()  # the seats to move at the last look
        moves = timeouts = restarts = reminders = 0
        while True:
            async with Server(push_settings, clock) as server:
                restarts += 1
                await server.hub.wake_due()
                await server.settled()
                for _ in range(rng.randint(2, 5)):  # a few turns, then the server restarts
                    table = await server.hub.table(CODE)
                    game = table.game
                    if game.result is not None:
                        break
                    # Every seat that has come to move since the last look was told so on its device,
                    # in its language (one still to move from before was told then).
                    now_moving = set(to_move(engine, game.state, 2))
                    for seat in now_moving - moving:
                        player = table.seats[seat].player_id
                        pushed = double.messages(devices[player])
                        assert len(pushed) > seen[player], f"seat {seat} was not told at version {game.version}"
                        latest = pushed[-1]
                        assert latest["url"] == f"/t/{CODE}" and latest["kind"] in ("turn", "reminder")
                        assert latest["lang"] == ("fa" if player == players[0].id else "en")
                        assert ("جکیل" in latest["title"] + latest["body"]) or (
                            "Jekyll" in latest["title"] + latest["body"]
                        )
                    seen, moving = {p: len(double.messages(devices[p])) for p in seen}, now_moving
                    seat = to_move(engine, game.state, 2)[0]
                    if rng.random() < 0.15:
                        # This player lets the day run out: reminded 6 hours before, then the rules play.
                        clock.advance(game.state["deadlines"][seat] - 6 * HOUR_MS - clock.now_ms())
                        await server.hub.wake_due()
                        await server.settled()
                        player = table.seats[seat].player_id
                        assert double.messages(devices[player])[-1]["kind"] == "reminder"
                        reminders += 1
                        clock.advance(6 * HOUR_MS)
                        await server.hub.wake_due()
                        await server.settled()
                        timeouts += 1
                        continue
                    # They play some hours later, before their deadline (and before the reminder, mostly).
                    left = game.state["deadlines"][seat] - clock.now_ms()
                    clock.advance(min(rng.randint(1, 20) * HOUR_MS, left - HOUR_MS))
                    legal = engine.legal_actions(game.state, seat)
                    reply = await table.act(seat, rng.choice(legal), clock.now_ms(), None)
                    assert reply["type"] == "ack", reply
                    moves += 1
                    await server.settled()
                game = (await server.hub.table(CODE)).game
                if game.result is not None:
                    break
        assert moves > 20 and timeouts >= 1 and reminders >= 1 and restarts >= 5, (moves, timeouts, restarts)
        assert not double.refusals, double.refusals

    asyncio.run(scenario())
