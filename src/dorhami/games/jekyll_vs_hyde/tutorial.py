"""Jekyll vs. Hyde's tutorial (engine/tutorial.py, docs/TUTORIALS.md): one round, played to a Hyde win.

You are Mr. Hyde (seat 0), Sara is Dr. Jekyll. The deal (seed 70): you hold Pride 5, 7, Wrath 4, 5, 6,
Greed 2, 4, 5, 6 and Potion 5+; Sara holds Pride 1, 2, 3, 6, Wrath 1, 2, 7, Greed 3, 7 and Potion 4+.
You swap Greed 4 for her Greed 7, follow her Wrath 1, lead Pride 7 (the ranking fills: Wrath < Pride <
Greed), then lose a trick on purpose with Greed 2. Your Potion 5+ on her Pride 2 steals it back (Pride),
and the strong hand takes every other trick. 10 tricks to 0 moves the marker 10 spaces: the end of the
track, so Hyde wins after one round, the shortest way a game can end (rules §4.5). At each of your leads
Sara holds no card that could win, so her losing replies are all she could do.
"""

from __future__ import annotations

from ...engine.tutorial import Move, Script, Step

SARA = 1


def play(card: int) -> dict[str, object]:
    return {"type": "play_card", "card": card}


def card(card: int) -> tuple[str, ...]:
    return (f"#hand [data-card='{card}']",)


# Card ids (rules §2.1): Pride n = n−1, Wrath n = n+6, Greed n = n+13, Potion n+ = n+19.
PRIDE_1, PRIDE_2, PRIDE_3, PRIDE_5, PRIDE_6, PRIDE_7 = 0, 1, 2, 4, 5, 6
WRATH_1, WRATH_2, WRATH_4, WRATH_5, WRATH_6, WRATH_7 = 7, 8, 10, 11, 12, 13
GREED_2, GREED_3, GREED_4, GREED_5, GREED_6, GREED_7 = 15, 16, 17, 18, 19, 20
POTION_4, POTION_5 = 23, 24


def lead(say: str, mine: int, hers: int, teaches: tuple[str, ...] = ()) -> Step:
    """One of your leads, and the card Sara answers it with."""
    return Step(
        say,
        expect=play(mine),
        point=card(mine),
        other="other_lead",
        refused="refused",
        replies=(Move(SARA, play(hers), after_ms=900),),
        teaches=("trick_won", *teaches),
    )


TUTORIAL = Script(
    game="jekyll-vs-hyde",
    players=2,
    seed=70,
    # You are Hyde, so one lopsided round can end the game; no timers while a newcomer reads.
    config={"jekyll_seat": 1, "timers_enabled": False},
    names=("sara",),
    minutes=4,
    steps=(
        Step("deal", point=("#hand",)),
        Step("goal", point=(".track",)),
        Step(
            "exchange",
            expect={"type": "exchange_cards", "cards": [GREED_4]},
            point=(*card(GREED_4), "#submit-cards"),
            other="other_exchange",
            refused="refused_exchange",
            # Jekyll leads the first trick of a round (rules §4.3).
            replies=(
                Move(SARA, {"type": "exchange_cards", "cards": [GREED_7]}),
                Move(SARA, play(WRATH_1), after_ms=1200),
            ),
            teaches=("cards_received", "color_ranked"),
        ),
        Step(
            "follow",
            expect=play(WRATH_4),
            point=card(WRATH_4),
            other="other_follow",
            refused="refused_follow",
            teaches=("trick_won",),
        ),
        lead("lead", PRIDE_7, PRIDE_1, teaches=("color_ranked",)),
        Step("ranking", point=(".ranking",)),
        # The mistake, made on purpose: Sara follows with a higher Greed, wins, and leads Pride 2.
        Step(
            "mistake",
            expect=play(GREED_2),
            point=card(GREED_2),
            other="other_mistake",
            refused="refused",
            replies=(Move(SARA, play(GREED_3), after_ms=900), Move(SARA, play(PRIDE_2), after_ms=1800)),
            teaches=("trick_won",),
        ),
        Step("cost", point=(".player[data-seat='1'] .tricks",)),
        Step(
            "potion",
            expect=play(POTION_5),
            point=card(POTION_5),
            other="other_potion",
            refused="refused_potion",
            teaches=("trick_won", "trick_stolen"),
        ),
        lead("top_color", GREED_5, GREED_4),
        lead("void", GREED_6, PRIDE_3),
        lead("color_beats_number", GREED_7, PRIDE_6),
        lead("middle_color", PRIDE_5, WRATH_7),
        lead("same_color", WRATH_5, WRATH_2),
        lead("last", WRATH_6, POTION_4, teaches=("evil_spread", "game_over")),
        Step("won", point=(".track",)),
    ),
)
