"""The engine contract, checked over every registered game by seeded random playouts."""

from __future__ import annotations

import json
import os
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dorhami.catalogue import GAMES, get_engine
from dorhami.engine import IllegalAction, events_for
from dorhami.engine.contract import PRIVATE_TO

from .playout import frozen, play, replay

# A thousand playouts per turn-based game in CI, 240 per race: a race's playout costs ten times
# a turn-based one's (Twin It about 0.14 s), and a thousand of each took a sixth of the suite's
# time. DORHAMI_PLAYOUTS sets every game's count (lower for a quick run, higher for a deep one).
PLAYOUTS = int(os.environ.get("DORHAMI_PLAYOUTS", "1000"))
RACE_PLAYOUTS = int(os.environ.get("DORHAMI_PLAYOUTS", "240"))
SEED_BASE = 7_340_000_000_017  # large, so the seed's digits are recognisable in a leak check
FORBIDDEN_KEYS = {"seed", "rng", "rng_state", "deck", "draw_pile_order"}

slugs = sorted(GAMES)


def player_counts(engine):
    low, high = engine.player_range(engine.validate_config({}))
    return list(range(low, high + 1))


# In JSON text a string followed by a colon is always an object key: reading keys off the text is
# a hundred times quicker than walking the decoded view, and this check runs on every input.
KEY = re.compile(r'"((?:[^"\\]|\\.)*)"\s*:')


def keys_in(text: str) -> set[str]:
    return {json.loads(f'"{key}"') if "\\" in key else key for key in set(KEY.findall(text))}


def check_input(run, state, seat, action, now):
    """Per-input properties: JSON round trip, views safe, apply/advance leave the input intact."""
    engine = run.engine
    before = frozen(state)
    assert json.loads(json.dumps(state)) == state, "state must round-trip through JSON"
    for viewer in [None, *range(run.players)]:
        text = json.dumps(engine.view(state, viewer))
        assert str(run.seed) not in text, "a view holds the seed"
        assert not FORBIDDEN_KEYS & keys_in(text), "a view holds RNG or deck data"
    if action is None:
        engine.advance(state, now)
    else:
        engine.apply(state, seat, action, now)
    assert frozen(state) == before, "the input state was mutated"


@pytest.mark.parametrize("slug", slugs)
def test_engine_has_the_contract_attributes(slug):
    engine = get_engine(slug)
    assert engine.slug == slug
    assert engine.title and 1 <= engine.min_players <= engine.max_players
    config = engine.default_config()
    assert json.loads(json.dumps(config)) == config


@pytest.mark.parametrize("slug", slugs)
def test_same_seed_gives_the_same_game(slug):
    engine = get_engine(slug)
    for players in player_counts(engine):
        a = engine.setup(players, SEED_BASE + 5, {}, now_ms=0)
        b = engine.setup(players, SEED_BASE + 5, {}, now_ms=0)
        assert frozen(a) == frozen(b)


@pytest.mark.parametrize("slug", slugs)
def test_setup_refuses_a_player_count_outside_the_range(slug):
    engine = get_engine(slug)
    low, high = engine.player_range(engine.validate_config({}))
    for players in (low - 1, high + 1):
        with pytest.raises(IllegalAction):
            engine.setup(players, 1, {})


@pytest.mark.parametrize("slug", slugs)
def test_unknown_config_key_is_refused(slug):
    with pytest.raises(IllegalAction) as err:
        get_engine(slug).setup(get_engine(slug).min_players, 1, {"no_such_key": 1})
    assert err.value.code == "invalid_config"


@pytest.mark.parametrize("slug", slugs)
@pytest.mark.parametrize("bad", [{}, {"type": "no_such_action"}, {"type": 5}, [], None, "flip"])
def test_unknown_action_is_refused_and_changes_nothing(slug, bad):
    engine = get_engine(slug)
    state = engine.setup(max(2, engine.min_players), SEED_BASE, {})
    before = frozen(state)
    for seat in range(max(2, engine.min_players)):
        with pytest.raises(IllegalAction):
            engine.apply(state, seat, bad, 1)
    assert frozen(state) == before


# The playouts run in CHUNKS slices per game, so the test workers share a slow game's playouts
# instead of one worker playing them all while the other waits at the end of the suite.
CHUNKS = 4


@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("slug", slugs)
def test_random_playouts_end_replay_and_keep_their_inputs(slug, chunk):
    engine = get_engine(slug)
    counts = player_counts(engine)
    for i in range(chunk, RACE_PLAYOUTS if engine.realtime else PLAYOUTS, CHUNKS):
        players = counts[i % len(counts)]
        # Full per-input checks (and a replay) on every 10th playout of each chunk (every 40th,
        # spread over the chunks and player counts) keep thousands of playouts inside the time
        # budget: a checked playout costs about a hundred unchecked ones. The others still must
        # end with a well-formed result.
        checked = (i // CHUNKS) % 10 == 0
        check = check_input if checked else None
        run = play(engine, players, SEED_BASE + i, check=check)
        result = engine.result(run.final)
        assert set(result) >= {"winners", "scores", "ranking"}
        assert json.loads(json.dumps(result)) == result
        assert all(0 <= s < players for s in result["winners"])
        if checked:
            assert [frozen(s) for s in replay(engine, run)] == [frozen(s) for s in run.states]


@pytest.mark.parametrize("slug", slugs)
def test_private_events_reach_only_their_seats(slug):
    engine = get_engine(slug)
    players = player_counts(engine)[0]

    def check(run, state, seat, action, now):
        _, events = engine.apply(state, seat, action, now) if action else engine.advance(state, now)
        for event in events:
            assert json.loads(json.dumps(event)) == event
            if PRIVATE_TO in event:
                assert event not in events_for([event], None)
                assert all(events_for([event], s) for s in event[PRIVATE_TO])

    for i in range(20):
        play(engine, players, SEED_BASE + i, check=check)


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False)
    | st.text(max_size=8),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12,
)


@pytest.mark.parametrize("slug", slugs)
def test_any_json_action_is_judged_by_a_named_error_never_a_crash(slug):
    """Fuzz: arbitrary JSON under the game's own action types and keys either applies or raises IllegalAction."""
    engine = get_engine(slug)
    players = player_counts(engine)[0]
    state = engine.setup(players, SEED_BASE, {})
    # Move past any start countdown so actions are really judged.
    deadline = engine.next_deadline(state)
    if deadline is not None and not any(engine.legal_actions(state, s) for s in range(players)):
        state, _ = engine.advance(state, deadline)
    known = [a for s in range(players) for a in engine.legal_actions(state, s)][:50]
    types = sorted({a["type"] for a in known}) or ["none"]
    keys = sorted({k for a in known for k in a if k != "type"}) or ["cards"]
    before = frozen(state)

    @given(
        st.sampled_from(types),
        st.dictionaries(st.sampled_from(keys), json_values, max_size=len(keys)),
        st.integers(min_value=-1, max_value=players),
        st.booleans(),
    )
    @settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    def judged(kind, fields, seat, with_step):
        action = {"type": kind, **fields}
        if with_step:
            action["step"] = fields.get(keys[0])
        try:
            engine.apply(state, seat, action, 1)
        except IllegalAction:
            pass
        assert frozen(state) == before

    judged()


@pytest.mark.parametrize("slug", slugs)
def test_config_options_describe_values_setup_accepts(slug):
    engine = get_engine(slug)
    defaults = engine.default_config()
    options = engine.config_options()
    assert set(options) <= set(defaults)
    for key, option in options.items():
        values = option["choices"] if "choices" in option else [option["min"], option["max"]]
        assert defaults[key] in values or "min" in option
        for value in values:
            engine.validate_config({key: value})
