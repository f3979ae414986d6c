"""Double Connect's tutorial (engine/tutorial.py, docs/TUTORIALS.md): two players, three cards each.

The deal (seed 4): you hold 39, 37, 32; Sara holds 36, 24, 21; the start card is 40; the pile's top is 0.
You claim on the start card, on Sara's new arm, make one wrong claim and take its penalty card, then
play your last card against Sara at real speed, and win after her final chance.
"""

from __future__ import annotations

from ...engine.tutorial import Move, Script, Step


def claim(card: int, target: int, symbol: int) -> dict[str, object]:
    return {"type": "claim", "card": card, "target": target, "symbol": symbol}


def pointing(card: int, target: int, symbol: int) -> tuple[str, ...]:
    """Your card, then the target, then the symbol on the pair the claim panel shows."""
    return (
        f"#dc-hand [data-card='{card}']",
        f"#dc-tower [data-target='{target}']",
        f"#dc-claim [data-symbol='{symbol}']",
    )


SARA = 1
TUTORIAL = Script(
    game="double-connect",
    players=2,
    seed=4,
    config={"hand_size": 3, "countdown_ms": 0},
    names=("sara",),
    minutes=3,
    steps=(
        Step("deal", point=("#dc-me",)),
        Step("tower", point=("#dc-tower",)),
        Step(
            "first_claim",
            expect=claim(39, 40, 54),
            point=pointing(39, 40, 54),
            other="other_claim",
            refused="refused",
            teaches=("claim_accepted",),
            replies=(Move(SARA, claim(36, 40, 54)),),
        ),
        Step(
            "arm_top",
            expect=claim(37, 36, 54),
            point=pointing(37, 36, 54),
            other="other_arm",
            refused="refused",
            teaches=("claim_accepted",),
        ),
        # The symbol 4 is on your card 32 but not on 37: a wrong claim, made on purpose.
        Step(
            "mistake",
            expect=claim(32, 37, 4),
            point=pointing(32, 37, 4),
            other="other_mistake",
            refused="refused",
            teaches=("claim_wrong",),
        ),
        Step("penalty", point=("#dc-me",), replies=(Move(SARA, claim(24, 39, 26), after_ms=1200),)),
        Step(
            "start_corner",
            expect=claim(32, 40, 42),
            point=pointing(32, 40, 42),
            other="other_corner",
            refused="refused",
            teaches=("claim_accepted",),
        ),
        # Real speed: Sara claims the same target with her 21 after six seconds, unless you are first.
        Step(
            "race",
            expect=claim(0, 37, 7),
            point=pointing(0, 37, 7),
            other="other_race",
            refused="refused",
            race=Move(SARA, claim(21, 37, 46), after_ms=6000),
            teaches=("hand_emptied", "final_chance_started"),
        ),
        Step("final_chance", point=("#dc-phase",), replies=(Move(None, None),), teaches=("game_finished",)),
        Step("won", point=("#dc-players",)),
    ),
)
