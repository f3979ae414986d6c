"""Twin It's tutorial (engine/tutorial.py, docs/TUTORIALS.md): three players, first to 2 sets.

The deal (seed 16118): Sara's and Reza's pile tops already match (design 54). Your claim on them
reveals a second pair (37) on their piles, which Sara takes; two flips later Sara's top shows a
third 37, and the centre a look-alike of it (7: the same picture, colours swapped). You claim
the look-alikes on purpose and lose your pair, steal Sara's 37 pair as a triple, and that steal
reveals the last pair (107, Sara's and Reza's tops) that you race Sara for, at real speed, to win.
"""

from __future__ import annotations

from ...engine.tutorial import Move, Script, Step

SARA, REZA = 1, 2
FLIP = {"type": "flip"}


def claim(*cards: tuple[int, int]) -> dict[str, object]:
    """A claim of (card, design) entries, in the order the table sends them: the order tapped,
    a won pair's cards first."""
    return {"type": "claim", "cards": [{"card": card, "design": design} for card, design in cards]}


def card(card: int, zone: str) -> str:
    """A loose card's button (a won set's cards carry data-card too, but are not buttons)."""
    return f"button.tw-card[data-zone='{zone}'][data-card='{card}']"


FIRST_PAIR = claim((16, 54), (0, 54))
LOOK_ALIKES = claim((4, 7), (55, 37))
STEAL = claim((35, 37), (51, 37), (55, 37))
LAST_PAIR = claim((95, 107), (22, 107))

TUTORIAL = Script(
    game="twin-it",
    players=3,
    seed=16118,
    config={"target_sets": 2},
    names=("sara", "reza"),
    minutes=3,
    start_ms=3000,  # past the start countdown: the pile tops show from the first step
    steps=(
        Step("deal", point=("#tw-me",)),
        Step(
            "first_pair",
            expect=FIRST_PAIR,
            point=(card(16, "pile"), card(0, "pile")),
            other="other_first_pair",
            refused="refused",
            teaches=("set_won",),
            replies=(Move(SARA, claim((51, 37), (35, 37)), after_ms=1200),),
        ),
        Step("sara_pair", point=("#tw-piles",), replies=(Move(SARA, FLIP), Move(REZA, FLIP))),
        Step(
            "flip",
            expect=FLIP,
            point=("#flip",),
            other="other_flip",
            refused="refused",
            teaches=("flipped",),
            replies=(Move(SARA, FLIP, after_ms=900), Move(REZA, FLIP, after_ms=900)),
        ),
        # 7 and 37 are one picture with its two colours swapped (rules §2.2, variant 1): a wrong claim on purpose.
        Step(
            "look_alike",
            expect=LOOK_ALIKES,
            point=(card(4, "centre"), card(55, "pile")),
            other="other_look_alike",
            refused="refused",
            teaches=("mistake",),
        ),
        # The lockout's end is the next timer: the frame after Next lets you claim again.
        Step("penalty", point=("#tw-me",), replies=(Move(None, None),)),
        Step(
            "steal",
            expect=STEAL,
            point=("button.tw-set[data-set='1']", card(55, "pile")),
            other="other_steal",
            refused="refused",
            teaches=("set_won",),
        ),
        # Real speed: Sara claims the same two cards after six seconds, unless you are first.
        Step(
            "race",
            expect=LAST_PAIR,
            point=(card(95, "pile"), card(22, "pile")),
            other="other_race",
            refused="refused",
            race=Move(SARA, LAST_PAIR, after_ms=6000),
            teaches=("game_over",),
        ),
        Step("won", point=("#tw-me",)),
    ),
)
