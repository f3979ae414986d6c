"""Who is at the table: the sockets of each player, whether their page is in view, and a grace period.

A player whose last socket dropped is `reconnecting` for a grace period (a phone switching networks,
a reload), then `away`; a player whose page is hidden (another tab, the phone locked) is `away` too.
A player's socket that has gone silent (hub/audience.py: no frame for SILENT_MS, probes unanswered)
counts as dropped until it speaks again or closes: a dead link that no close reported looks like what it is.
"""

from __future__ import annotations

from collections import Counter
from enum import StrEnum

GRACE_MS = 15_000


class Presence(StrEnum):
    CONNECTED = "connected"
    RECONNECTING = "reconnecting"
    AWAY = "away"


class Roster:
    """The live sockets of one table, by player; spectators are sockets without a player."""

    def __init__(self, grace_ms: int = GRACE_MS) -> None:
        self.grace_ms = grace_ms
        self.sockets: Counter[str] = Counter()
        self.hidden: dict[str, set[int]] = {}  # player -> ids of their sockets whose page is hidden
        self.dropped_at: dict[str, int] = {}  # player -> when their last socket closed
        self.silent: dict[int, bool] = {}  # id of a socket counted as dropped -> whether its page was hidden
        self.spectators = 0

    def connect(self, player_id: str | None) -> None:
        if player_id is None:
            self.spectators += 1
            return
        self.sockets[player_id] += 1
        self.dropped_at.pop(player_id, None)

    def disconnect(self, player_id: str | None, socket_id: int, now_ms: int) -> None:
        if self.silent.pop(socket_id, None) is not None:
            return  # counted as dropped when it went silent
        self._drop(player_id, socket_id, now_ms)

    def silence(self, player_id: str | None, socket_id: int, now_ms: int) -> bool:
        """A player's socket went silent: it counts as dropped from now; False if it already did.
        A watcher's is still counted (it holds a place under the room's cap until it closes)."""
        if player_id is None or socket_id in self.silent:
            return False
        self.silent[socket_id] = socket_id in self.hidden.get(player_id, ())
        self._drop(player_id, socket_id, now_ms)
        return True

    def revive(self, player_id: str | None, socket_id: int) -> bool:
        """A silent socket spoke again: it counts as connected, its page as hidden as before; False
        if it was not silent (or has closed)."""
        hidden = self.silent.pop(socket_id, None)
        if hidden is None:
            return False
        self.connect(player_id)
        self.set_hidden(player_id, socket_id, hidden)
        return True

    def _drop(self, player_id: str | None, socket_id: int, now_ms: int) -> None:
        if player_id is None:
            self.spectators = max(0, self.spectators - 1)
            return
        self.sockets[player_id] -= 1
        self.hidden.get(player_id, set()).discard(socket_id)
        if self.sockets[player_id] <= 0:
            del self.sockets[player_id]
            self.dropped_at[player_id] = now_ms

    def set_hidden(self, player_id: str | None, socket_id: int, hidden: bool) -> None:
        if player_id is None:
            return
        marks = self.hidden.setdefault(player_id, set())
        (marks.add if hidden else marks.discard)(socket_id)

    def of(self, player_id: str, now_ms: int) -> Presence:
        count = self.sockets.get(player_id, 0)
        if count:
            # Away only when every one of their pages is hidden: one visible tab is enough.
            return Presence.AWAY if len(self.hidden.get(player_id, ())) >= count else Presence.CONNECTED
        dropped = self.dropped_at.get(player_id)
        if dropped is not None and now_ms - dropped < self.grace_ms:
            return Presence.RECONNECTING
        return Presence.AWAY
