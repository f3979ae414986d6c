"""The avatar (static/js/room/avatar.js): a white symbol readable on every colour of its palette, each
symbol its own shape, and a module small enough for the lobby's pages that import it."""

from __future__ import annotations

import re
from pathlib import Path

AVATAR = Path(__file__).resolve().parents[2] / "static" / "js" / "room" / "avatar.js"


def source() -> str:
    return AVATAR.read_text(encoding="utf-8")


def luminance(hex_colour: str) -> float:
    channels = [int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def test_a_white_symbol_has_at_least_4_5_to_1_contrast_on_every_avatar_colour():
    palette = re.findall(r'"(#[0-9a-f]{6})"', re.search(r"AVATAR_COLOURS = \[(.*?)\];", source(), re.S).group(1))
    assert len(palette) == len(set(palette)) >= 10
    for colour in palette:
        assert 1.05 / (luminance(colour) + 0.05) >= 4.5, colour


def test_every_symbol_is_its_own_shape():
    glyphs = re.findall(
        r'^  (\w+): "([^"]+)",$', re.search(r"AVATAR_GLYPHS = \{(.*?)\};", source(), re.S).group(1), re.M
    )
    assert len(glyphs) >= 10
    assert len({path for _, path in glyphs}) == len(glyphs)


def test_the_look_depends_on_the_id_alone_and_the_module_stays_tiny():
    # The player page and the leaderboard (the lobby's graph) import it: one import, no clock, no chance.
    text = source()
    assert re.findall(r'^import .* from "(.*)";$', text, re.M) == ["../dom.js"]
    assert (
        "Math.random" not in text
        and "Date" not in text
        and "name" not in re.search(r"function avatarLook.*?\n}", text, re.S).group(0)
    )
    assert len(text.encode()) < 5_000
