"""Queendomino's tutorial (engine/tutorial.py, docs/TUTORIALS.md): two players, the first two rounds
of a four-round game.

The deal (seed 60, king colour red, no turn clock): round 1 shows tiles 7, 8, 13, 43 and you move
first; round 2 shows 11, 28, 42, 47. You take 43 (a crowned mine), lay it beside the castle and buy
the red building above it, which wins the round's king point. Sara took the weak 7, so she moves first
in round 2 and takes 47; you take 42, whose gold half pays for your red building and whose mine joins
your crowned one, then end the turn without building. The coach explains the end of a full game.

The renderer only lights legal cells, so an illegal placement cannot be tapped: the lesson on mistakes
has the player tap an unlit cell and explains why nothing happens (`refused` covers a refusal anyway).
"""

from __future__ import annotations

from ...engine.tutorial import Move, Script, Step

Cell = tuple[int, int]


def choose(tile: int) -> dict[str, object]:
    return {"type": "choose_tile", "tile": tile}


def place(a: Cell, b: Cell) -> dict[str, object]:
    return {"type": "place_tile", "cell_a": list(a), "cell_b": list(b)}


def buy(colour: str, at: Cell) -> dict[str, object]:
    return {"type": "buy_building", "colour": colour, "cell": list(at)}


END_TURN = {"type": "end_turn"}


def tile(n: int) -> str:
    return f"#qd-display [data-tile='{n}']"


def cell(at: Cell) -> str:
    return f"#qd-my-board [data-cell='{at[0]},{at[1]}']"


SARA = 1
TUTORIAL = Script(
    game="queendomino",
    players=2,
    seed=60,
    config={"rounds": 4, "turn_seconds": 0, "king_colour": "red"},
    names=("sara",),
    minutes=3,
    steps=(
        Step("kingdom", point=("#qd-my-board",)),
        Step("display", point=("#qd-display",)),
        Step(
            "choose",
            expect=choose(43),
            point=(tile(43),),
            other="other_choose",
            refused="refused_choose",
            teaches=("tile_chosen",),
        ),
        # A dark cell cannot be tapped: the player sees the connection rule instead of a refusal.
        Step("mistake", point=(cell((0, 0)),)),
        Step(
            "place",
            expect=place((2, 3), (2, 4)),
            point=(cell((2, 3)), cell((2, 4))),
            other="other_place",
            refused="refused_place",
            teaches=("tile_placed",),
        ),
        # Red scores 2 × (the mine + the building itself) = 4 at once; Sara's weak 7 ends round 1.
        Step(
            "buy",
            expect=buy("red", (1, 3)),
            point=(cell((1, 3)), "#qd-buy"),
            other="other_buy",
            refused="refused_buy",
            teaches=("building_bought", "king_bonus", "round_started"),
            replies=(
                Move(SARA, choose(7), after_ms=900),
                Move(SARA, place((1, 2), (0, 2))),
                Move(SARA, END_TURN),
            ),
        ),
        Step("king", point=("#qd-king",)),
        Step(
            "order",
            point=("#qd-order",),
            teaches=("tile_chosen", "building_bought"),
            replies=(
                Move(SARA, choose(47), after_ms=900),
                Move(SARA, place((2, 1), (2, 0))),
                Move(SARA, buy("yellow", (0, 1))),
            ),
        ),
        Step(
            "choose2",
            expect=choose(42),
            point=(tile(42),),
            other="other_choose2",
            refused="refused_choose",
            teaches=("tile_chosen",),
        ),
        # The mine joins the crowned one (2 × 1) and its gold half pays 1 for the red building.
        Step(
            "place2",
            expect=place((3, 2), (3, 3)),
            point=(cell((3, 2)), cell((3, 3))),
            other="other_place2",
            refused="refused_place",
            teaches=("tile_placed",),
        ),
        Step("score", point=("#qd-player-0 [data-part='tile']",)),
        Step("buildings", point=("#qd-market",)),
        Step(
            "skip",
            expect=END_TURN,
            point=("#qd-skip",),
            other="other_skip",
            refused="refused_skip",
            teaches=("turn_ended", "king_bonus", "round_started"),
        ),
        Step("end", point=("#qd-head",)),
    ),
)
