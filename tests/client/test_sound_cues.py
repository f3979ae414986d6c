"""The cues the room asks for are the cues the synth makes, and every one of them is short."""

from __future__ import annotations

import re
from pathlib import Path

ROOM = Path(__file__).resolve().parents[2] / "static" / "js" / "room"
NAME = re.compile(r'"(\w+)"')


def synthesised() -> dict[str, str]:
    """sound.js CUES: each cue's name and the line of its parts."""
    block = re.search(
        r"export const CUES = \{\n(.*?)\n\};", (ROOM / "sound.js").read_text(encoding="utf-8"), re.S
    ).group(1)
    return dict(re.findall(r"^  (\w+): (\[.*\]),$", block, re.M))


def asked_for() -> set[str]:
    """The names given to cue(...) in cues.js and to play(...) in alerts.js."""
    calls = re.findall(r"\bcue\(([^()]*)", (ROOM / "cues.js").read_text(encoding="utf-8"))
    names = {name for args in calls for name in NAME.findall(args)}
    return names | set(re.findall(r'\bplay\("(\w+)"\)', (ROOM / "alerts.js").read_text(encoding="utf-8")))


def test_every_cue_the_room_plays_is_synthesised_and_every_synthesised_cue_is_played():
    made, asked = set(synthesised()), asked_for()
    assert {"flip", "place", "won", "late", "mistake", "turn", "end", "chat"} <= asked
    assert asked == made, f"asked for, not made: {asked - made}; made, never asked for: {made - asked}"


def test_every_cue_is_over_within_400_ms():
    for name, parts in synthesised().items():
        # note(freq, at, dur, ...) and puff(freq, at, dur, ...): each part ends at `at + dur`.
        ends = [float(at) + float(dur) for at, dur in re.findall(r"(?:note|puff)\([\d.]+, ([\d.]+), ([\d.]+)", parts)]
        assert ends and max(ends) < 0.4, (name, ends)
