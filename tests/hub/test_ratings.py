"""Ratings per title: the stored updates against an independent Plackett-Luce reference (Weng & Lin
2011, Algorithm 4), unrated games, and a rebuild from the stored results equal to the incremental."""

from __future__ import annotations

import asyncio
import math
from functools import partial

import pytest
from sqlalchemy import select

from dorhami import ratings
from dorhami.catalogue import get_engine
from dorhami.config import Settings
from dorhami.hub.clock import FakeClock
from dorhami.hub.hub import Hub
from dorhami.storage import results
from dorhami.storage.records import GamePlayerRecord, GameRecord, RatingRecord
from dorhami.storage.repository import ActionRow, Store

# openskill's defaults, written out: beta = sigma / 2, kappa, and the additive dynamics tau.
MU, SIGMA, BETA, KAPPA, TAU = 25.0, 25 / 3, 25 / 6, 0.0001, 25 / 300


def reference(teams: list[list[tuple[float, float]]], ranks: list[int]) -> list[list[tuple[float, float]]]:
    """The Plackett-Luce update of the paper: teams of (mu, sigma), rank 1 best, equal ranks tie."""
    teams = [[(mu, math.sqrt(s * s + TAU * TAU)) for mu, s in team] for team in teams]
    mus = [sum(mu for mu, _ in team) for team in teams]
    var = [sum(s * s for _, s in team) for team in teams]
    c = math.sqrt(sum(v + BETA**2 for v in var))
    n = range(len(teams))
    below = [sum(math.exp(mus[s] / c) for s in n if ranks[s] >= ranks[q]) for q in n]  # C_q
    ties = [sum(ranks[s] == ranks[q] for s in n) for q in n]  # A_q
    out = []
    for i in n:
        omega = delta = 0.0
        for q in n:
            if ranks[q] <= ranks[i]:
                p = math.exp(mus[i] / c) / below[q]
                omega += ((q == i) - p) / ties[q]
                delta += p * (1 - p) / ties[q]
        big_omega, big_delta = var[i] / c * omega, math.sqrt(var[i]) / c * var[i] / c**2 * delta
        out.append(
            [
                (mu + s * s / var[i] * big_omega, s * math.sqrt(max(1 - s * s / var[i] * big_delta, KAPPA)))
                for mu, s in teams[i]
            ]
        )
    return out


def test_the_reference_hand_checks_a_first_game():
    # Two new players: c^2 = 2 (sigma^2 + tau^2 + beta^2); the winner's p = 1/2 at both sums.
    [[(mu_w, s_w)], [(mu_l, s_l)]] = reference([[(MU, SIGMA)], [(MU, SIGMA)]], [1, 2])
    var = SIGMA**2 + TAU**2
    c = math.sqrt(2 * (var + BETA**2))
    assert mu_w == pytest.approx(MU + var / c * 0.5)
    assert mu_l == pytest.approx(MU - var / c * 0.5)
    assert s_w == s_l == pytest.approx(math.sqrt(var * (1 - var / c**2 * math.sqrt(var) / c * 0.25)))
    assert mu_w == pytest.approx(27.635389, abs=1e-6)


def rows_of(repo, game_id: int) -> list[GamePlayerRecord]:
    with repo.sessions() as session:
        return list(
            session.scalars(
                select(GamePlayerRecord).where(GamePlayerRecord.game_id == game_id).order_by(GamePlayerRecord.seat)
            )
        )


class World:
    """Players, rooms and finished games written as the table writes them (same functions)."""

    def __init__(self, url: str, names: list[str] | None = None) -> None:
        self.store = Store(url)
        self.repo = self.store.repo
        self.people: list[str] = [self.repo.create_player(name)[0].id for name in names or [f"P{i}" for i in range(8)]]
        self.ended = 1000

    def game(
        self, slug: str, seats: list[str | None], result: dict, config: dict | None = None, unrated: str | None = None
    ) -> int:
        engine = get_engine(slug)
        config = engine.validate_config(config or {})
        room = self.repo.create_room(f"r{self.ended}", slug, config, True, self.people[0])
        record = GameRecord(
            room_id=room.id,
            seed=1,
            config=config,
            players=len(seats),
            started_ms=0,
            seat_players=seats,
            unrated=unrated or ratings.unrated_reason(engine, config, len(seats), seats),
        )
        game_id = self.repo.start_game(room.id, record, []).id
        self.ended += 1000
        self.repo.write_batch(
            [], [partial(results.finish_game_in, game_id=game_id, engine=engine, result=result, ended_ms=self.ended)]
        )
        return game_id

    def rows(self, game_id: int) -> list[GamePlayerRecord]:
        return rows_of(self.repo, game_id)

    def ratings(self) -> dict[tuple[str, str], tuple[float, float, int]]:
        with self.repo.sessions() as session:
            return {(r.game, r.player_id): (r.mu, r.sigma, r.games) for r in session.scalars(select(RatingRecord))}

    def close(self) -> None:
        self.store.close()


@pytest.fixture
def world(database_url):
    world = World(database_url)
    yield world
    world.close()


def after(rows: list[GamePlayerRecord]) -> list[tuple[float, float]]:
    return [(r.mu_after, r.sigma_after) for r in rows]


def test_a_two_player_game_moves_both_ratings_as_the_paper_says(world):
    a, b = world.people[:2]
    game_id = world.game("jekyll-vs-hyde", [a, b], {"winners": [1], "ranking": [1, 0]})
    rows = world.rows(game_id)
    assert [(r.rank, r.rated) for r in rows] == [(2, True), (1, True)]
    [[winner], [loser]] = reference([[(MU, SIGMA)], [(MU, SIGMA)]], [1, 2])
    assert after(rows) == [pytest.approx(loser), pytest.approx(winner)]
    assert [(r.mu_before, r.sigma_before) for r in rows] == [(MU, SIGMA), (MU, SIGMA)]
    stored = world.ratings()
    assert stored[("jekyll-vs-hyde", b)] == (pytest.approx(winner[0]), pytest.approx(winner[1]), 1)
    # A second game starts from the stored ratings.
    second = world.game("jekyll-vs-hyde", [b, a], {"winners": [1], "ranking": [1, 0]})
    [[b2], [a2]] = reference([[winner], [loser]], [2, 1])
    assert after(world.rows(second)) == [pytest.approx(b2), pytest.approx(a2)]


def test_a_free_for_all_with_a_tie(world):
    people = world.people[:4]
    # Camel Up Cards' default placings: the result's ranks, seat 1 first, 0 and 2 tied second.
    ranks = {"0": 2, "1": 1, "2": 2, "3": 4}
    world.game("jekyll-vs-hyde", people[:2], {"winners": [0], "ranking": [0, 1]})  # a prior: unequal ratings
    game_id = world.game("camel-up-cards", people, {"ranks": ranks, "winners": [1]})
    before = [(r.mu_before, r.sigma_before) for r in world.rows(game_id)]
    assert before == [(MU, SIGMA)] * 4  # each title rates on its own
    expected = reference([[(MU, SIGMA)]] * 4, [2, 1, 2, 4])
    assert after(world.rows(game_id)) == [pytest.approx(team[0]) for team in expected]
    assert [r.rank for r in world.rows(game_id)] == [2, 1, 2, 4]


def test_teams_share_one_side(world):
    people = world.people[:4]
    first = world.game(
        "double-connect", people, {"teams": [{"seats": [0, 2], "rank": 2}, {"seats": [1, 3], "rank": 1}]}
    )
    start = [(MU, SIGMA)] * 2
    [[p0, p2], [p1, p3]] = reference([start, start], [2, 1])
    assert after(world.rows(first)) == [pytest.approx(x) for x in (p0, p1, p2, p3)]
    # Mixed teams next time, from those ratings.
    second = world.game(
        "double-connect", people, {"teams": [{"seats": [0, 1], "rank": 1}, {"seats": [2, 3], "rank": 2}]}
    )
    [[q0, q1], [q2, q3]] = reference([[p0, p1], [p2, p3]], [1, 2])
    assert after(world.rows(second)) == [pytest.approx(x) for x in (q0, q1, q2, q3)]


@pytest.mark.parametrize("why", ["bots", "coop"])
def test_games_with_bots_or_in_coop_are_recorded_unrated(world, why):
    a, b = world.people[:2]
    if why == "bots":
        game_id = world.game("jekyll-vs-hyde", [a, None], {"winners": [0], "ranking": [0, 1]})
        assert [(r.player_id, r.rated) for r in world.rows(game_id)] == [(a, False)]
    else:
        result = {"winners": [0, 1], "standings": [{"seats": [0, 1], "rank": 1}]}
        game_id = world.game("twin-it", [a, b], result, config={"mode": "coop"})
        assert [r.rated for r in world.rows(game_id)] == [False, False]
    assert all(r.mu_after is None for r in world.rows(game_id))
    assert world.ratings() == {}
    assert world.repo.game(game_id).unrated == why


def test_a_rebuild_equals_the_incremental_ratings(world):
    p = world.people
    world.game("jekyll-vs-hyde", [p[0], p[1]], {"winners": [0], "ranking": [0, 1]})
    world.game("camel-up-cards", p[:5], {"ranks": {"0": 3, "1": 1, "2": 2, "3": 5, "4": 4}, "winners": [1]})
    world.game("jekyll-vs-hyde", [p[1], p[2]], {"winners": [1], "ranking": [1, 0]})
    world.game("jekyll-vs-hyde", [p[0], None], {"winners": [0], "ranking": [0, 1]})  # unrated: skipped
    world.game("double-connect", p[:4], {"teams": [{"seats": [0, 2], "rank": 1}, {"seats": [1, 3], "rank": 2}]})
    world.game("jekyll-vs-hyde", [p[2], p[0]], {"winners": [0], "ranking": [0, 1]})
    incremental, rows = world.ratings(), [after(world.rows(g)) for g in range(1, 7)]
    with world.repo.engine.begin() as connection:  # spoil them, then rebuild
        connection.execute(RatingRecord.__table__.update().values(mu=0.0, sigma=1.0, games=99))
        connection.execute(
            GamePlayerRecord.__table__.update().where(GamePlayerRecord.rated.is_(True)).values(mu_after=0.0)
        )
    assert results.rebuild_ratings(world.repo.engine) == 5
    rebuilt = world.ratings()
    assert rebuilt.keys() == incremental.keys()
    for key, value in incremental.items():
        assert rebuilt[key] == pytest.approx(value)
    assert [after(world.rows(g)) for g in range(1, 7)] == rows


def test_the_cli_rebuilds_the_ratings(world, database_url, capsys):
    from dorhami import cli

    p = world.people
    world.game("jekyll-vs-hyde", [p[0], p[1]], {"winners": [0], "ranking": [0, 1]})
    before = world.ratings()
    with world.repo.engine.begin() as connection:
        connection.execute(RatingRecord.__table__.delete())
    assert cli._rebuild_ratings(database_url) == 1
    assert world.ratings() == before  # the same operations in the same order: the same floats


# -- through the table: a leaver or a stand-in makes the game unrated ----------------------


async def two_people_at_a_table(url: str):
    store = Store(url)
    hub = Hub(store, Settings(database_url=url, bot_delay_ms=(1000, 1000)), FakeClock())
    host, _ = await store.create_player("Host")
    guest, _ = await store.create_player("Guest")
    await store.create_room("room1", "jekyll-vs-hyde", {"jekyll_seat": 0}, True, host.id)
    table = await hub.table("room1")
    await table.join(host.id, "Host")
    await table.join(guest.id, "Guest")
    await table.start_game(host.id, False)
    return hub, table, host, guest


async def finish(table) -> None:
    """End the game as the last action does, with a fixed result."""
    game = table.game
    result = {"winners": [0], "ranking": [0, 1]}
    # As `Table._commit` does: the table's own reason rides along.
    await table.services.journal.append(
        ActionRow(game.id, game.version + 1, None, {"type": "advance"}, 5, None),
        partial(
            results.finish_game_in,
            game_id=game.id,
            engine=table.engine,
            result=result,
            ended_ms=5,
            unrated=game.unrated,
        ),
    )


@pytest.mark.parametrize("how", ["abandoned", "rescued", "rated"])
def test_the_table_marks_its_game_unrated_before_it_ends(database_url, how):
    async def scenario():
        hub, table, host, guest = await two_people_at_a_table(database_url)
        assert table.game.unrated is None
        if how == "abandoned":
            assert (await table.leave(guest.id))["handed_to_bot"]
        elif how == "rescued":
            assert await table.call(table.mark_unrated, "rescued") == "rescued"
            assert await table.call(table.mark_unrated, "bots") == "rescued"  # the first reason stays
        await table.call(finish, table)
        record = await hub.store.game(table.game.id)
        rows = await hub.store.run(rows_of, hub.store.repo, table.game.id)
        await hub.close()
        hub.store.close()
        return record, rows

    record, rows = asyncio.run(scenario())
    assert record.unrated == (None if how == "rated" else how)
    assert [r.rated for r in rows] == [how == "rated"] * 2
    assert all((r.mu_after is not None) == (how == "rated") for r in rows)


def test_a_reason_the_database_missed_is_stored_with_the_end_and_the_table_goes_on(database_url):
    async def scenario():
        hub, table, host, guest = await two_people_at_a_table(database_url)
        real = hub.journal.write

        async def away(fn):
            raise OSError("database unreachable")

        hub.journal.write = away
        assert await table.call(table.mark_unrated, "rescued") == "rescued"
        hub.journal.write = real
        assert not table.retired
        missed = (await hub.store.game(table.game.id)).unrated
        await table.call(finish, table)
        record = await hub.store.game(table.game.id)
        rows = await hub.store.run(rows_of, hub.store.repo, table.game.id)
        await hub.close()
        hub.store.close()
        return missed, record, rows

    missed, record, rows = asyncio.run(scenario())
    assert missed is None and record.unrated == "rescued"
    assert [r.rated for r in rows] == [False, False]


def test_a_restored_table_keeps_the_reason(database_url):
    async def scenario():
        hub, table, host, guest = await two_people_at_a_table(database_url)
        await table.leave(guest.id)
        await hub.close()
        hub.store.close()
        store = Store(database_url)
        hub = Hub(store, Settings(database_url=database_url), FakeClock())
        again = await hub.table("room1")
        reason = again.game.unrated
        await hub.close()
        store.close()
        return reason

    assert asyncio.run(scenario()) == "abandoned"


def test_a_stand_in_bot_makes_the_game_unrated(database_url):
    from .test_leavers import GRACE_S, table_with_a_leaver, wait

    async def scenario():
        clock = FakeClock()
        hub, table, leaver, here = await table_with_a_leaver(database_url, "jekyll-vs-hyde", clock)
        await wait(clock, table, GRACE_S - 1)
        assert table.game.unrated is None
        await wait(clock, table, 2)
        assert table.leavers.seats == {1} and table.game.unrated == "bots"
        record = await hub.store.game(table.game.id)
        await hub.close()
        hub.store.close()
        return record.unrated

    assert asyncio.run(scenario()) == "bots"
