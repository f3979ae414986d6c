"""No frame a seat or a spectator receives tells it what it may not know (ARCHITECTURE, "A seat's view
never contains another seat's secrets"; each rules file's "Hidden information").

A reduced run of the scan bench/quality/leak_scan.py makes at full size; the scanner is tests/support/leaks.py.
Planted leaks prove the scanner catches each kind; planted public information proves it flags nothing
a viewer may legitimately know.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import partial

import pytest

from dorhami.catalogue import GAMES, get_engine
from dorhami.engine.contract import PRIVATE_TO, clone
from tests.support.knowledge import KNOWLEDGE
from tests.support.leaks import scan
from tests.support.seeded_games import VARIANTS, Variant, play, playout_plan

PLAYOUTS = 24


class Planted:
    """A registered engine with some methods replaced: `name=function(engine, *arguments)`."""

    def __init__(self, engine, **replaced) -> None:
        self._engine = engine
        for name, function in replaced.items():
            setattr(self, name, partial(function, engine))

    def __getattr__(self, name: str):
        return getattr(self._engine, name)


def variant(slug: str, label: str) -> Variant:
    return next(v for v in VARIANTS[slug] if v.label == label)


def leaks_of(engine, label: str, playouts: int = 2) -> list:
    """Every leak report of a few playouts of one variant, with the total count first."""
    runs = [scan(engine, variant(engine.slug, label), seed) for _, seed in playout_plan(engine.slug, playouts)]
    return [sum(run.leak_count for run in runs), *[leak for run in runs for leak in run.leaks]]


def with_view(slug: str, extra) -> Planted:
    """The game's engine whose view also carries `extra(state, seat)`."""
    return Planted(
        get_engine(slug), view=lambda engine, state, seat: {**engine.view(state, seat), **extra(state, seat)}
    )


# -- the real engines ---------------------------------------------------------------------------


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_no_frame_of_a_seeded_game_tells_a_viewer_a_secret(slug):
    frames, checks, leaks = Counter(), Counter(), []
    for game_variant, seed in playout_plan(slug, PLAYOUTS):
        run = scan(get_engine(slug), game_variant, seed)
        assert run.frames["state"] > 0 and run.frames["log page"] == 1
        frames, checks, leaks = frames + run.frames, checks + run.checks, leaks + run.leaks
    assert not leaks, "\n".join(map(str, leaks))
    # Not vacuous: every state message's view was compared with a re-dealt one, and most replays were
    # compared rather than set aside as inconclusive.
    assert checks["views compared"] == frames["state"] > 1000
    assert checks["replays compared"] > 2 * checks["replays inconclusive"]


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_a_scramble_keeps_what_the_viewer_may_know_and_each_move_changes_what_it_may_not(slug):
    engine, knowledge = get_engine(slug), KNOWLEDGE[slug]
    game_variant, seed = playout_plan(slug, 1)[0]
    states = []
    play(engine, game_variant, seed, states.append, lambda pre, seat, action, now, post, events: states.append(post))
    rng, changed = random.Random(seed), Counter()
    for state in states[::3]:
        for viewer in [None, *range(game_variant.players)]:
            for move in knowledge.moves:
                other = knowledge.scramble(state, viewer, rng, move)
                assert knowledge.known(other, viewer) == knowledge.known(state, viewer), (move, viewer)
                changed[move] += other != clone(state)
    assert set(changed) == set(knowledge.moves) and all(changed.values()), changed


# -- planted leaks: each must be reported -------------------------------------------------------


def other_hand(state: dict, seat: int | None) -> list[int]:
    return state["hands"][1 - seat] if seat in (0, 1) else []


def test_another_seat_s_hand_in_a_view_is_reported_even_under_an_unknown_key():
    engine = with_view("jekyll-vs-hyde", lambda state, seat: {"peek": other_hand(state, seat)})
    count, *leaks = leaks_of(engine, "single")
    assert count > 0 and any(leak.frame == "view" and "re-dealt" in leak.what for leak in leaks)


def test_a_card_field_naming_another_seat_s_card_is_reported_directly():
    engine = with_view("jekyll-vs-hyde", lambda state, seat: {"cards": other_hand(state, seat)[:1]})
    count, *leaks = leaks_of(engine, "single")
    assert count > 0 and any(leak.frame == "view" and "names card" in leak.what for leak in leaks)


def test_the_opponent_s_dealt_potion_count_in_a_view_is_reported():
    engine = with_view("jekyll-vs-hyde", lambda state, seat: {"rival_potions": state["dealt_potions"][1 - (seat or 0)]})
    count, *leaks = leaks_of(engine, "greed 2")
    assert count > 0 and leaks[0].frame == "view"


def test_a_private_event_sent_to_everyone_is_reported():
    def apply(engine, state, seat, action, now):
        state, events = engine.apply(state, seat, action, now)
        return state, [{k: v for k, v in event.items() if k != PRIVATE_TO} for event in events]

    count, *leaks = leaks_of(Planted(get_engine("jekyll-vs-hyde"), apply=apply), "greed 2", playouts=3)
    assert any(leak.frame == "events" and leak.seat is None for leak in leaks)


def test_an_exchange_shown_in_the_public_log_is_reported():
    engine = Planted(get_engine("jekyll-vs-hyde"), public_action=lambda engine, seat, action: dict(action))
    count, *leaks = leaks_of(engine, "single")
    assert count > 0 and all(leak.frame == "public log" for leak in leaks)


def test_a_face_down_commitment_in_the_public_log_is_reported():
    engine = Planted(get_engine("camel-up-cards"), public_action=lambda engine, seat, action: dict(action))
    count, *leaks = leaks_of(engine, "3p")
    assert count > 0 and {leak.frame for leak in leaks} == {"public log"}


def test_a_commitment_told_in_its_event_is_reported():
    def apply(engine, state, seat, action, now):
        state, events = engine.apply(state, seat, action, now)
        return state, [{**e, "card": action["card"]} if e["type"] == "card_committed" else e for e in events]

    count, *leaks = leaks_of(Planted(get_engine("camel-up-cards"), apply=apply), "4p")
    assert count > 0 and any(leak.frame == "events" for leak in leaks)


def test_the_draw_pile_s_top_in_a_view_is_reported():
    engine = with_view("camel-up-cards", lambda state, seat: {"next_draw": state["draw_pile"][:1]})
    count, *leaks = leaks_of(engine, "5p")
    assert count > 0 and leaks[0].frame == "view"


def test_the_seed_in_a_view_is_reported():
    engine = with_view("camel-up-cards", lambda state, seat: {"die_key": f"{state['seed']}:die:0"})
    count, *leaks = leaks_of(engine, "2p", playouts=1)
    assert count > 0 and "the seed" in leaks[0].what


def test_the_underside_of_a_centre_card_is_reported():
    def undersides(state, seat):
        return {
            "under": [
                {"card": c, "design": state["faces"][2 * c + 1 - state["side"][c]]}
                for c in state["centre"]
                if c is not None
            ]
        }

    count, *leaks = leaks_of(with_view("twin-it", undersides), "competitive 3p", playouts=1)
    assert count > 0 and any("face" in leak.what for leak in leaks)


def test_the_card_below_a_pile_top_is_reported():
    engine = with_view("twin-it", lambda state, seat: {"below": [pile[1:2] for pile in state["piles"]]})
    count, *leaks = leaks_of(engine, "competitive 4p", playouts=1)
    assert count > 0 and leaks[0].frame == "view"


def test_the_queendomino_draw_pile_in_a_view_is_reported():
    engine = with_view("queendomino", lambda state, seat: {"coming": state["pile"][:4]})
    count, *leaks = leaks_of(engine, "3p", playouts=1)
    assert count > 0 and leaks[0].frame == "view"


def test_double_connect_hands_shown_during_the_countdown_are_reported():
    engine = with_view("double-connect", lambda state, seat: {"hands": [list(hand) for hand in state["hands"]]})
    count, *leaks = leaks_of(engine, "solo 3p", playouts=1)
    assert count > 0 and all(leak.version == 0 for leak in leaks)


# -- planted public information: never reported ---------------------------------------------------


def test_a_seat_s_own_cards_and_played_cards_repeated_are_not_reported():
    def again(state, seat):
        own = sorted(state["hands"][seat]) if seat in (0, 1) else []
        return {"cards": own, "trick_again": [dict(play) for play in state["trick"]], "last": state["last_trick"]}

    assert leaks_of(with_view("jekyll-vs-hyde", again), "return match", playouts=3)[0] == 0


def test_showing_faces_and_counts_repeated_are_not_reported():
    def again(state, seat):
        tops = [
            {"card": p[0], "design": state["faces"][2 * p[0] + state["side"][p[0]]]}
            for p in state["piles"]
            if p and state["phase"] != "COUNTDOWN"
        ]
        sets = [{"card": c, "design": won["design"]} for won in state["sets"] for c in won["cards"]]
        return {"tops_again": tops, "set_faces": sets, "counts": [len(p) for p in state["piles"]]}

    assert leaks_of(with_view("twin-it", again), "competitive 3p", playouts=2)[0] == 0


def test_the_discard_pile_and_an_own_commitment_repeated_are_not_reported():
    def again(state, seat):
        mine = state["committed"][seat] if seat is not None else None
        return {"cards": list(state["discard_pile"]), "mine": dict(mine) if mine else None}

    assert leaks_of(with_view("camel-up-cards", again), "classic 3p", playouts=3)[0] == 0


def test_hands_on_the_table_during_play_are_not_reported():
    def again(state, seat):
        return {"table_hands": [list(h) for h in state["hands"]] if state["phase"] != "countdown" else None}

    assert leaks_of(with_view("double-connect", again), "teams 4p", playouts=2)[0] == 0
