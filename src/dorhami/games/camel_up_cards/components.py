"""The camels, dice, 50 round cards, payout tables and seeded draws of Camel Up Cards (§2, §5)."""

from __future__ import annotations

from random import Random

# §2: camel ids in colour order; the fixed start stack is this list from bottom to top (D14).
CAMELS = ("red", "blue", "green", "yellow", "purple")
FACES = (1, 1, 2, 2, 3, 3)

CARD_COUNT = 50
HAND_SIZE = 5
COLUMN_SLOTS = 3
START_COINS = 3
START_SPACE = 1

# §2 card table: the first id of each kind.
MOVE, BET_WINNER, BET_LOSER, MIRAGE, LOST_CAMEL, TAILWIND = (
    "move",
    "bet_winner",
    "bet_loser",
    "mirage",
    "lost_camel",
    "tailwind",
)
KIND_RANGES = ((0, MOVE), (25, BET_WINNER), (35, BET_LOSER), (40, MIRAGE), (42, LOST_CAMEL), (46, TAILWIND))
BET_KINDS = (BET_WINNER, BET_LOSER)
TARGETED_KINDS = (BET_WINNER, BET_LOSER, LOST_CAMEL, TAILWIND)  # the camel is chosen when played

# §5: WIN[place][slot - 1] and LOSE[slot - 1] (D10, D11).
WIN = {1: (5, 3, 2), 2: (2, 1, 0), 3: (1, 0, 0), 4: (0, 0, 0), 5: (0, 0, 0)}
LOSE = (3, 2, 1)

# §6: a preset is a named set of config values offered by the lobby, not a config key.
PRESETS = {"classic": {"stack_leader": "top", "start_order": "random", "wrong_bet_penalty": 1}}


def kind(card: int) -> str:
    """The card's type from the §2 id ranges."""
    found = MOVE
    for first, name in KIND_RANGES:
        if card >= first:
            found = name
    return found


def priority(card: int) -> int:
    """The printed priority 1–5 (§2 table)."""
    name = KIND[card]
    if name in (MOVE, BET_WINNER):
        return card % 5 + 1  # 25 ≡ 0 (mod 5), so (id − 25) mod 5 = id mod 5
    if name == BET_LOSER:
        return card - 34
    return {MIRAGE: 1, LOST_CAMEL: 2, TAILWIND: 4}[name]


def printed_camel(card: int) -> str | None:
    """A move card's camel (id div 5); None for every other card."""
    return CAMELS[card // 5] if KIND[card] == MOVE else None


KIND = [kind(card) for card in range(CARD_COUNT)]
PRIORITY = [priority(card) for card in range(CARD_COUNT)]
CARDS = [
    {"id": card, "kind": KIND[card], "priority": PRIORITY[card], "camel": printed_camel(card)}
    for card in range(CARD_COUNT)
]


def standings(stacks: list[list[str]], stack_leader: str) -> list[str]:
    """§2 race order: highest space first; on a shared space the `stack_leader` end leads (D12)."""
    order: list[str] = []
    for stack in reversed(stacks):
        order += stack if stack_leader == "bottom" else stack[::-1]
    return order


# -- §2 randomness: a fresh random.Random per chance event, keyed by a string ------------------


def die_roll(seed: str, n: int) -> int:
    """Die roll number n of the game: FACES[Random(f"{seed}:die:{n}").randrange(6)]."""
    return FACES[Random(f"{seed}:die:{n}").randrange(6)]


def shuffled(seed: str, race: int, k: int, cards: list[int]) -> list[int]:
    """Shuffle k of race r of `cards` (taken ascending); index 0 is the top of the draw pile."""
    pile = sorted(cards)
    Random(f"{seed}:shuffle:{race}:{k}").shuffle(pile)
    return pile


def random_start_stack(seed: str, race: int) -> list[str]:
    """`start_order = random`: the camels in colour order shuffled with key start:r, bottom to top."""
    camels = list(CAMELS)
    Random(f"{seed}:start:{race}").shuffle(camels)
    return camels
