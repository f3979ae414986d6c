"""Twin It components: the 135 double-sided cards, the 119 designs and their public look (§2)."""

from __future__ import annotations

from typing import Any

CARD_COUNT = 135
DESIGN_COUNT = 119
TRIPLE_DESIGNS = range(0, 42)  # m(d) = 3
DOUBLE_DESIGNS = range(42, 109)  # m(d) = 2
DECOY_DESIGNS = range(109, 119)  # m(d) = 1
FORBIDDEN_CARD_COUNT = 3

MODES = ("competitive", "team", "coop")
# (min, max) seats per mode (§6).
MODE_SEATS = {"competitive": (2, 6), "team": (4, 6), "coop": (1, 6)}
# §6 / D17 / D20: what target_sets "auto" means per mode.
AUTO_TARGET = {"competitive": 10, "team": 5}
TEAM_COUNT = 2

DEFAULT_CONFIG: dict[str, Any] = {
    "mode": "competitive",
    "target_sets": "auto",
    "flip_timeout_ms": 10000,
    "mistake_lockout_ms": 3000,
    "last_call_ms": 10000,
    "max_game_ms": 1200000,
    "start_countdown_ms": 3000,
    "forbidden_pattern": False,
    "previous_winner": None,
    "team_touch_window_ms": 3000,
    "coop_duration_ms": 60000,
}
# Inclusive ranges of the integer keys of §6.
CONFIG_RANGES = {
    "flip_timeout_ms": (3000, 30000),
    "mistake_lockout_ms": (0, 10000),
    "last_call_ms": (3000, 30000),
    "max_game_ms": (300000, 3600000),
    "start_countdown_ms": (0, 10000),
    "team_touch_window_ms": (1000, 10000),
    "coop_duration_ms": (10000, 300000),
}
TARGET_RANGE = (1, 30)
# §6: a preset is a named set of config values offered by the lobby, not a config key.
PRESETS = {"classic": {"mode": "competitive", "target_sets": 5}}

SHAPES = ["circle", "square", "triangle", "diamond", "star", "hexagon"]
LAYOUTS = ["grid", "ring", "sunflower", "concentric", "wave"]
PALETTE = [
    ("red", "#d62828"),
    ("orange", "#f77f00"),
    ("yellow", "#fcbf49"),
    ("lime", "#a7c957"),
    ("green", "#2a9d3f"),
    ("teal", "#2a9d8f"),
    ("cyan", "#48cae4"),
    ("blue", "#1d4ed8"),
    ("indigo", "#4338ca"),
    ("purple", "#7b2cbf"),
    ("magenta", "#c0369d"),
    ("pink", "#f4a6c0"),
]


def multiplicity(design: int) -> int:
    """m(d): how many card faces in the deck show `design` (§2.1)."""
    if design in TRIPLE_DESIGNS:
        return 3
    if design in DOUBLE_DESIGNS:
        return 2
    return 1


def all_faces() -> list[int]:
    """F of §3 step 2: the 270 design ids in ascending order, each repeated m(d) times."""
    return [d for d in range(DESIGN_COUNT) for _ in range(multiplicity(d))]


def design_params(design: int) -> dict[str, Any]:
    """The public drawing parameters of `design` (§2.2): shape, layout, colours and motif count."""
    family, variant = design % 30, design // 30
    b = (5 * family) % 12
    background, primary, secondary = b, (b + 4) % 12, (b + 8) % 12
    count = 5 + 2 * (family % 3)
    if variant == 1:
        primary, secondary = secondary, primary
    elif variant == 2:
        count += 1
    elif variant == 3:
        background = (b + 1) % 12
    return {
        "shape": SHAPES[family % 6],
        "layout": LAYOUTS[family // 6],
        "background": PALETTE[background][1],
        "primary": PALETTE[primary][1],
        "secondary": PALETTE[secondary][1],
        "count": count,
    }
