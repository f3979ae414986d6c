"""What a table's parts get from around them: the process's services, and the table's effects.

A table is carved into parts (seating, the live game, the race window, chat, rescue, stand-ins,
bots, its audience), each owning its own state. A part gets the services it needs (clock, store, journal, settings)
and the table's effects (the small protocol below), never the `Table` or the `Hub`: what a part
may do to the rest of the table is written down here, and no part imports the table.

Parts hold the table's effects weakly (`weakref.proxy`): the table holds its parts, and a strong
reference back made a cycle that kept every table that left memory (its game, log and chat)
until a full collection.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from functools import partial, wraps
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, Protocol, TypeVar

if TYPE_CHECKING:
    from ..config import Settings
    from ..storage.records import RoomRecord
    from ..storage.repository import Store
    from .errors import HubError
    from .journal import Journal
    from .live_game import LiveGame

P = ParamSpec("P")
R = TypeVar("R")


class Clock(Protocol):
    def now_ms(self) -> int: ...

    async def sleep_until(self, when_ms: int) -> None: ...


@dataclass(frozen=True)
class TableServices:
    """The process around a table, handed in by the hub."""

    clock: Clock
    store: Store
    journal: Journal
    settings: Settings
    instance_id: str
    # A test's seed source (one known deal, no commitment); None: fair seeds (hub/fairness.py).
    fixed_seed: Callable[[], int] | None
    # The room message changed: the lobbies of other processes hear of its waiting rooms.
    room_changed: Callable[[RoomRecord, dict], None]
    # A write found this table's lease taken (code, fence): the hub forgets the table.
    lost: Callable[[str, tuple[int, int] | None], None]
    # Tell a player something on their devices (dorhami/push): never blocks; None where nothing is sent.
    notify: Callable[[str, Any], None] | None = None


class Actor(Protocol):
    """The table's mailbox: one command at a time, in order."""

    def inside(self) -> bool: ...

    async def call(self, fn: Callable[..., Awaitable[Any]], *args: Any, quiet: bool = False) -> Any: ...

    def post(self, fn: Callable[..., Awaitable[Any]], *args: Any) -> None: ...


class TableEffects(Actor, Protocol):
    """What a part of a table may ask of the rest of it."""

    # With several processes, this table's lease (room id, epoch): every write names it.
    fence: tuple[int, int] | None
    game: LiveGame | None
    retired: bool

    def broadcast_room(self, crowd: bool = False) -> bool: ...

    def send_all(self, message: Any) -> None: ...

    def refresh(self, players: set[str | None]) -> None:
        """Send these players' sockets their seat's state again (their seat changed)."""

    def schedule_bots(self) -> None: ...

    def in_doubt(self, what: str, exc: Exception) -> HubError: ...

    def fenced(self) -> tuple:
        """The extra arguments of a direct write of the store: this table's lease, if it has one."""

    async def mark_unrated(self, reason: str) -> str | None: ...

    async def check_stand_ins(self) -> None: ...

    async def act(
        self,
        seat: int | None,
        action: Any,
        stamp_ms: int,
        client_seq: int | None,
        bot: bool = False,
        timing: dict | None = None,
        race: dict | None = None,
    ) -> dict: ...

    def schedule_timer(self) -> None: ...

    def notice(self, player_id: str | None, kind: str) -> None:
        """Tell a player who is not looking at the table (a push): `rematch`, `rescue`."""


class HasActor(Protocol):
    @property
    def actor(self) -> Actor: ...


S = TypeVar("S", bound=HasActor)


def verb(method: Callable[Concatenate[S, P], Awaitable[R]]) -> Callable[Concatenate[S, P], Awaitable[R]]:
    """A public verb of a table: awaited from anywhere (`seat = await table.join(...)`), it runs
    inside the table's actor after everything queued before it; from inside, at once."""

    @wraps(method)
    async def run(self: S, *args: P.args, **kwargs: P.kwargs) -> R:
        if self.actor.inside():
            return await method(self, *args, **kwargs)
        result: R = await self.actor.call(partial(method, self, *args, **kwargs))
        return result

    return run
