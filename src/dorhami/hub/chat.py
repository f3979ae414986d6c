"""Room chat: short text lines and a fixed row of reactions, per room, over the room socket.

Chat belongs to the room, not to its game: a line never enters the action log, the game's
history or anything the rules see. The table owns one `Chat` (through hub/room_chat.py): the recent lines in
memory (loaded from the database with the room), and each writer's recent send times for the
rate limit. Who may write (seats, spectators, mutes) is the table's to decide; what may be
written (length, characters, reactions, rate) is decided here. See docs/CHAT.md.
"""

from __future__ import annotations

import unicodedata
from collections import deque
from dataclasses import dataclass, replace

from ..errors import ErrorCode
from ..text import is_control, shows_something
from .errors import HubError

TEXT_MAX = 280  # characters of a line, after cleaning
HISTORY_KEPT = 50  # recent lines kept in memory and sent to a new socket
LINES_PER_WINDOW = 5  # text lines a player may send per window...
REACTIONS_PER_WINDOW = 8  # ...and reactions, counted apart (a burst of claps is no conversation)
WINDOW_MS = 10_000
# The fixed reactions: names only; the client draws each as its own SVG icon (no emoji fonts needed).
REACTIONS = ("clap", "laugh", "wow", "sad", "fire", "thumbs_up")

_LINE_BREAKS = frozenset("\n\r\t\u2028\u2029\x0b\x0c\x85")


def clean_text(text: str) -> str:
    """A chat line as stored: NFC, line breaks and tabs as spaces, control characters (NUL among
    them, which PostgreSQL refuses), lone surrogates and bidi controls removed, runs of spaces
    collapsed, stripped. Raises `chat_empty` or `chat_too_long`."""
    text = unicodedata.normalize("NFC", text)
    kept = []
    for char in text:
        if char in _LINE_BREAKS:
            kept.append(" ")
        elif is_control(char):
            continue
        else:
            kept.append(char)
    line = " ".join("".join(kept).split())
    if not shows_something(line):
        raise HubError(ErrorCode.CHAT_EMPTY, "a chat line needs at least one visible character")
    if len(line) > TEXT_MAX:
        raise HubError(
            ErrorCode.CHAT_TOO_LONG, f"a chat line may be at most {TEXT_MAX} characters, but this one has {len(line)}"
        )
    return line


def check_reaction(name: str) -> str:
    if name not in REACTIONS:
        raise HubError(ErrorCode.UNKNOWN_REACTION, f"expected one of {', '.join(REACTIONS)}, but got {name[:32]!r}")
    return name


@dataclass(frozen=True)
class Line:
    """One stored chat line or reaction."""

    id: int
    player_id: str
    name: str
    kind: str  # "text" or "reaction"
    body: str
    sent_ms: int

    def public(self) -> dict:
        return {
            "id": self.id,
            "player": {"id": self.player_id, "name": self.name},
            "kind": self.kind,
            "body": self.body,
            "sent_ms": self.sent_ms,
        }


class Chat:
    """The recent lines of one room and its writers' send times."""

    def __init__(self, lines: list[Line] | None = None) -> None:
        self.lines: deque[Line] = deque(lines or [], maxlen=HISTORY_KEPT)
        self.sent: dict[tuple[str, str], deque[int]] = {}
        # Names of writers who hold no seat (spectators), as they were when they wrote.
        self.authors: dict[str, str] = {line.player_id: line.name for line in self.lines}

    def check_rate(self, player_id: str, kind: str, now_ms: int) -> None:
        """Refuse with `chat_rate_limited` if `player_id` sent its window's allowance of `kind`
        already; a refused or failed line costs nothing (see `spend`)."""
        allowed = LINES_PER_WINDOW if kind == "text" else REACTIONS_PER_WINDOW
        times = self.sent.get((player_id, kind))
        if times is None:
            return
        while times and now_ms - times[0] >= WINDOW_MS:
            times.popleft()
        if not times:
            del self.sent[(player_id, kind)]
        elif len(times) >= allowed:
            wait_s = max(1, -(-(times[0] + WINDOW_MS - now_ms) // 1000))
            noun = "chat lines" if kind == "text" else "reactions"
            raise HubError(
                ErrorCode.CHAT_RATE_LIMITED,
                f"at most {allowed} {noun} per {WINDOW_MS // 1000} s; try again in {wait_s} s",
            )

    def spend(self, player_id: str, kind: str, now_ms: int) -> None:
        self.sent.setdefault((player_id, kind), deque()).append(now_ms)

    def add(self, line: Line) -> None:
        self.lines.append(line)

    def rename(self, player_id: str, name: str) -> bool:
        """Show `player_id`'s lines under their new name; True if they wrote any."""
        if not any(line.player_id == player_id for line in self.lines):
            return False
        self.lines = deque(
            (replace(line, name=name) if line.player_id == player_id else line for line in self.lines),
            maxlen=HISTORY_KEPT,
        )
        if player_id in self.authors:
            self.authors[player_id] = name
        return True

    def history(self) -> list[dict]:
        return [line.public() for line in self.lines]
