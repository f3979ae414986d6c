"""Every game's tutorial replays on its real engine as written (docs/TUTORIALS.md): a rules change that
breaks a lesson fails here, not in front of a newcomer."""

from __future__ import annotations

import pytest

from dorhami.catalogue import GAMES, TUTORIALS, get_engine
from dorhami.engine.tutorial import Move, Script, ScriptError, Step, Tutorial

# A step takes a newcomer about ten seconds: 18 of them, with replies, stay within the four minutes.
MAX_STEPS = 18


def test_every_game_has_a_tutorial():
    assert set(TUTORIALS) == set(GAMES)


@pytest.mark.parametrize("slug", sorted(TUTORIALS))
def test_the_script_plays_on_the_engine_and_only_its_taught_actions_go_on(slug):
    script = TUTORIALS[slug]
    tutorial = Tutorial(get_engine(slug), script)  # raises ScriptError at the first broken lesson
    assert 1 <= len(script.steps) <= MAX_STEPS and script.minutes <= 4
    assert len(script.names) == script.players - 1
    acts = [i for i, step in enumerate(script.steps) if step.expect is not None]
    assert acts, "the player does the moves: a tutorial of reading alone teaches nothing"
    for index, step in enumerate(script.steps):
        if step.expect is None:
            assert tutorial.attempt(index, None).outcome == "taught"
            continue
        assert step.point, f"step {index}: the coach must point at the control to use"
        assert tutorial.attempt(index, dict(step.expect)).outcome == "taught"
        assert tutorial.attempt(index, None).outcome == "other", "an action step does not go on by Next"
        assert tutorial.attempt(index, {"type": "no_such_move"}).outcome == "refused"
    # The frames chain: each step starts where the previous one's action and replies left the game.
    for index in range(1, len(script.steps)):
        previous = tutorial.after[index - 1]
        assert tutorial.before[index].version == (
            previous[-1].version if previous else tutorial.before[index - 1].version
        )


@pytest.mark.parametrize("slug", sorted(TUTORIALS))
def test_another_legal_action_is_judged_other_and_changes_nothing(slug):
    """Find, at some action step, a legal action that is not the taught one: it is not applied."""
    script = TUTORIALS[slug]
    engine = get_engine(slug)
    tutorial = Tutorial(engine, script)
    others = 0
    for index, step in enumerate(script.steps):
        if step.expect is None:
            continue
        before = tutorial.before[index]
        frozen = repr(before.state)
        for action in engine.legal_actions(before.state, script.seat)[:50]:
            attempt = tutorial.attempt(index, action)
            assert attempt.outcome in ("taught", "other") and repr(before.state) == frozen
            others += attempt.outcome == "other"
    assert others, "no lesson ever offers a choice: the 'why not that' texts are never said"


def test_a_broken_script_is_caught():
    engine = get_engine("double-connect")
    claim = {"type": "claim", "card": 39, "target": 40, "symbol": 54}
    good = Script(
        game="double-connect",
        players=2,
        seed=4,
        config={"hand_size": 3, "countdown_ms": 0},
        names=("sara",),
        steps=(Step("x", expect=claim, point=("#a",)),),
    )
    Tutorial(engine, good)
    wrong_symbol = Script(
        **{**good.__dict__, "steps": (Step("x", expect={**claim, "symbol": 1}, teaches=("claim_accepted",)),)}
    )
    with pytest.raises(ScriptError, match="teaches"):
        Tutorial(engine, wrong_symbol)
    not_in_hand = Script(**{**good.__dict__, "steps": (Step("x", expect={**claim, "card": 36}),)})
    with pytest.raises(ScriptError, match="card_not_in_hand"):
        Tutorial(engine, not_in_hand)
    # The first timer ends the game (its time limit); after that no timer is left to wait for.
    no_timer = Script(**{**good.__dict__, "steps": (Step("x", replies=(Move(None, None), Move(None, None))),)})
    with pytest.raises(ScriptError, match="timer"):
        Tutorial(engine, no_timer)
    with pytest.raises(ScriptError, match="invalid_config"):
        Tutorial(engine, Script(**{**good.__dict__, "config": {"hand_size": 99}}))
