"""Each config key of jekyll-vs-hyde.md §6: defaults, validation and effect."""

from __future__ import annotations

import random

import pytest

from dorhami.engine import IllegalAction
from dorhami.games.jekyll_vs_hyde.rules import ENGINE, table_rng

from .tables import FULL_RANKING, H, J, finish_round, give, new_table, play, table


def test_default_config_lists_every_key_of_the_variants_table():
    assert ENGINE.default_config() == {
        "match_mode": "single",
        "jekyll_seat": "random",
        "greed_exchange_count": 1,
        "show_trick_history": False,
        "timers_enabled": True,
        "exchange_timeout_s": 60,
        "play_timeout_s": 40,
        "greed_timeout_s": 30,
    }


@pytest.mark.parametrize(
    "bad",
    [
        {"match_mode": "best_of_three"},
        {"jekyll_seat": 2},
        {"jekyll_seat": True},
        {"jekyll_seat": "0"},
        {"greed_exchange_count": 3},
        {"greed_exchange_count": 0},
        {"show_trick_history": 1},
        {"timers_enabled": "yes"},
        {"exchange_timeout_s": 9},
        {"play_timeout_s": 601},
        {"greed_timeout_s": 30.5},
        {"play_timeout_s": True},
    ],
)
def test_a_value_outside_the_variants_table_is_invalid_config(bad):
    with pytest.raises(IllegalAction) as err:
        ENGINE.setup(2, 1, bad)
    assert err.value.code == "invalid_config"


@pytest.mark.parametrize("seat", [0, 1])
def test_fixed_jekyll_seat_takes_the_role_and_the_first_shuffle_deals(seat):
    state = ENGINE.setup(2, 77, {"jekyll_seat": seat})
    assert state["roles"] == {"jekyll": seat, "hyde": 1 - seat}
    deck = list(range(25))
    random.Random(77).shuffle(deck)
    assert state["hands"][seat] == sorted(deck[:10]) and state["hands"][1 - seat] == sorted(deck[10:20])
    assert state["set_aside"] == sorted(deck[20:])


def test_random_jekyll_seat_is_the_first_draw_of_the_table_rng():
    seats = set()
    for seed in range(12):
        rng = random.Random(seed)
        jekyll = rng.randrange(2)
        deck = list(range(25))
        rng.shuffle(deck)
        state = ENGINE.setup(2, seed, {})
        assert state["roles"]["jekyll"] == jekyll
        assert state["hands"][jekyll] == sorted(deck[:10])
        seats.add(jekyll)
    assert seats == {0, 1}


def test_each_round_is_the_next_shuffle_of_the_same_stream():
    state = new_table(seed=5)
    state, _ = finish_round(state, 6, 4)
    rng = random.Random(5)
    for _ in range(2):
        deck = list(range(25))
        rng.shuffle(deck)
    assert state["hands"][J] == sorted(deck[:10]) and state["set_aside"] == sorted(deck[20:])
    assert table_rng(state["rng"]).getstate() == rng.getstate()


def test_return_match_game_two_continues_the_same_rng_stream():
    state = new_table(seed=9, match_mode="return_match")
    state.update(round=3, marker=8)
    state, _ = finish_round(state, 5, 5)
    rng = random.Random(9)
    for _ in range(2):
        deck = list(range(25))
        rng.shuffle(deck)
    # game 2: seat 1 is Jekyll and takes deck[0:10]
    assert state["hands"][H] == sorted(deck[:10]) and state["hands"][J] == sorted(deck[10:20])


def test_single_mode_has_a_result_after_one_game():
    state, _ = finish_round(new_table(), 10, 0)
    assert ENGINE.result(state)["winners"] == [H]
    assert ENGINE.legal_actions(state, J) == ENGINE.legal_actions(state, H) == []


def test_greed_exchange_count_two_swaps_two_cards_each():
    hands = (["green-2", "red-7", "purple-2", "purple-3"], ["potion-4", "purple-1", "purple-5", "red-4"])
    state = table(hands=hands, won=(4, 2), ranking=FULL_RANKING, greed_exchange_count=2)
    state, _ = play(state, J, "green-2")
    state, _ = play(state, H, "potion-4")
    assert state["phase"] == "greed"
    assert all(len(a["cards"]) == 2 for a in ENGINE.legal_actions(state, J))
    state, _ = give(state, J, "greed_give", ["red-7", "purple-2"])
    state, events = give(state, H, "greed_give", ["purple-1", "red-4"])
    assert {"type": "greed_exchanged", "count": 2} in events
    assert len(state["hands"][J]) == len(state["hands"][H]) == 3


def test_greed_exchange_count_two_is_capped_by_the_hand_size():
    state = table(
        hands=(["green-2", "red-7"], ["potion-4", "purple-1"]), won=(5, 3), ranking=FULL_RANKING, greed_exchange_count=2
    )
    assert state["trick_no"] == 9
    state, _ = play(state, J, "green-2")
    state, _ = play(state, H, "potion-4")
    assert state["phase"] == "greed"
    assert ENGINE.legal_actions(state, J) == [{"type": "greed_give", "cards": [13]}]


def test_show_trick_history_puts_the_round_s_tricks_in_views():
    hands = (["purple-6", "red-2"], ["red-1", "red-5"])
    for shown in (False, True):
        state = table(hands=hands, show_trick_history=shown)
        state, _ = play(state, J, "purple-6")
        state, _ = play(state, H, "red-1")
        for viewer in (J, H, None):
            seen = ENGINE.view(state, viewer)
            if shown:
                assert [(t["lead"], t["follow"], t["winner"]) for t in seen["history"]] == [(5, 7, H)]
            else:
                assert "history" not in seen


def test_timers_disabled_means_no_deadline_ever():
    state = new_table(timers_enabled=False)
    assert ENGINE.next_deadline(state) is None
    assert ENGINE.view(state, J)["deadlines"] == [None, None]
    state, events = ENGINE.advance(state, 10**12)
    assert events == [] and state["phase"] == "exchange"
    state, _ = ENGINE.apply(state, J, ENGINE.legal_actions(state, J)[0], 5)
    state, _ = ENGINE.apply(state, H, ENGINE.legal_actions(state, H)[0], 5)
    assert state["phase"] == "lead" and ENGINE.next_deadline(state) is None


def test_exchange_timeout_counts_from_setup():
    state = ENGINE.setup(2, 3, {"jekyll_seat": 0, "exchange_timeout_s": 15}, now_ms=1_000)
    assert state["deadlines"] == [16_000, 16_000] and ENGINE.next_deadline(state) == 16_000


def test_play_timeout_counts_from_the_call_that_opened_the_lead():
    state = ENGINE.setup(2, 3, {"jekyll_seat": 0, "play_timeout_s": 25, "timers_enabled": True})
    state, _ = ENGINE.apply(state, J, ENGINE.legal_actions(state, J)[0], 2_000)
    state, _ = ENGINE.apply(state, H, ENGINE.legal_actions(state, H)[0], 3_000)
    assert state["phase"] == "lead" and ENGINE.next_deadline(state) == 3_000 + 25_000
    assert state["deadlines"][state["leader"]] == 28_000 and state["deadlines"][1 - state["leader"]] is None


def test_greed_timeout_counts_from_the_follow_that_triggered_greed():
    state = table(
        hands=(["green-2", "red-7"], ["potion-4", "purple-1"]), won=(2, 1), ranking=FULL_RANKING, greed_timeout_s=12
    )
    state, _ = play(state, J, "green-2", now_ms=100)
    state, _ = play(state, H, "potion-4", now_ms=500)
    assert state["phase"] == "greed" and state["deadlines"] == [12_500, 12_500]
