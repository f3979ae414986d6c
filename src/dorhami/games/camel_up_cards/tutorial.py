"""Camel Up Cards' tutorial (engine/tutorial.py, docs/TUTORIALS.md): three players, one race to space 6.

The deal (seed 44): you hold Red 1, Green 3, Purple 1, a Winner bet (priority 2) and a Loser bet
(priority 2). You bet Winner on Green ahead of Sara's slower bet, move Green yourself, bet Loser on
Blue, then make the late-card mistake: your priority-4 bet on Yellow never resolves, because Reza's
priority-2 Green card reaches the finish first and ends the race at once. Green wins; you finish
with 11 coins, Sara 6, Reza 4.
"""

from __future__ import annotations

from ...engine.tutorial import Move, Script, Step

SARA, REZA = 1, 2


def play(card: int, camel: str | None = None) -> dict[str, object]:
    return {"type": "play_card", "card": card, "camel": camel}


def pointing(card: int, camel: str | None = None) -> tuple[str, ...]:
    """Your card, then the camel if the card names one, then the commit button."""
    target = (f"#cu-targets [data-camel='{camel}']",) if camel else ()
    return (f"#cu-hand [data-card='{card}']", *target, "#commit")


# Card ids (rules §2): 31 Winner bet priority 2, 12 Green move priority 3, 36 Loser bet priority 2,
# 28 Winner bet priority 4.
TUTORIAL = Script(
    game="camel-up-cards",
    players=3,
    seed=44,
    config={"races": 1, "track_length": 6},
    names=("sara", "reza"),
    minutes=3,
    steps=(
        Step("deal", point=("#cu-hand",)),
        Step("track", point=("#cu-track",)),
        # Sara bets Green too, with priority 3: your priority 2 takes the first slot.
        Step(
            "bet_winner",
            expect=play(31, "green"),
            point=pointing(31, "green"),
            other="other_bet",
            refused="refused",
            teaches=("bet_placed",),
            replies=(Move(SARA, play(32, "green")), Move(REZA, play(27, "purple"))),
        ),
        Step("priority", point=("#cu-reveal",)),
        # Reza's Yellow (die 2) carries Purple to space 3; your Green rolls 3 and leads on space 4.
        Step(
            "move",
            expect=play(12),
            point=pointing(12),
            other="other_move",
            refused="refused",
            teaches=("die_rolled", "camel_moved"),
            replies=(Move(SARA, play(25, "purple")), Move(REZA, play(16))),
        ),
        Step("carry", point=("#cu-track",)),
        # Sara's Lost Camel sends Green back onto the top of space 3, behind Yellow and Purple.
        Step(
            "loser",
            expect=play(36, "blue"),
            point=pointing(36, "blue"),
            other="other_loser",
            refused="refused",
            teaches=("bet_placed", "camel_moved"),
            replies=(Move(SARA, play(44, "green")), Move(REZA, play(37, "yellow"))),
        ),
        Step("lost_camel", point=("#cu-track",)),
        # The mistake: Reza's Green card (priority 2, die 3) finishes first and your bet never resolves.
        Step(
            "late",
            expect=play(28, "yellow"),
            point=pointing(28, "yellow"),
            other="other_late",
            refused="refused",
            teaches=("card_unresolved", "race_ended", "payout", "game_ended"),
            replies=(Move(SARA, play(38, "blue")), Move(REZA, play(11))),
        ),
        Step("too_late", point=("#cu-reveal",)),
        Step("payouts", point=("#cu-race-end", "#cu-players")),
        Step("won", point=("#cu-players",)),
    ),
)
