"""The mailbox of a table: one asyncio task reading one queue, so a table's commands run strictly
one at a time, in the order they arrived (`call`, `post`, and the verbs of hub/services.py)."""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any

from ..engine import IllegalAction
from .errors import HubError

log = logging.getLogger(__name__)


class Retired(HubError):
    """The table left memory between the hub handing it out and the call; ask the hub again."""

    def __init__(self) -> None:
        super().__init__("try_again", "this room was just reloaded; try again", 503)


class Mailbox:
    """An actor's inbox and the task that empties it. Subclasses (the table) say what a command
    starts with (`_begin`) and when the actor is `retired`."""

    retired = False

    def __init__(self) -> None:
        # A deque and one waiter, cheaper per command than an asyncio.Queue.
        self.inbox: deque = deque()
        self.waiter: asyncio.Future | None = None
        self.task: asyncio.Task | None = None

    @property
    def actor(self) -> Mailbox:
        """The mailbox its verbs go through (hub/services.py): its own."""
        return self

    def _begin(self, quiet: bool) -> None:
        """A command is about to run (`quiet`: one that is no sign of life)."""

    def _name(self) -> str:
        return "actor"

    def _cancel_waits(self) -> None:
        """Call off everything the actor waits for (its timers)."""

    def _close_all(self, why: str) -> None:
        """Close the sockets that listen to this actor, telling them `why`."""

    async def stop(self) -> None:
        """End after what is queued (the process shuts down)."""
        self._stop_soon()
        if self.task:
            await self.task
        self._cancel_waits()
        self._close_all("server shutting down")

    def leave_memory(self, why: str) -> None:
        """Stop at once: nothing more is judged or written here; the sockets are closed with 1013
        and `why`, and reconnect to wherever the table is rebuilt (here, or another process)."""
        self.retired = True
        self._cancel_waits()
        self._close_all(why)
        self._stop_soon()

    def start(self) -> None:
        self.task = asyncio.create_task(self._run(), name=self._name())

    def inside(self) -> bool:
        """Whether the running code is the actor's own task (a verb calling another runs at once)."""
        try:
            return self.task is not None and asyncio.current_task() is self.task
        except RuntimeError:  # no running loop
            return False

    async def call(self, fn: Callable[..., Awaitable[Any]], *args: Any, quiet: bool = False) -> Any:
        """Run `fn(*args)` inside the actor, after everything queued before it; return its result.
        The table's verbs do this themselves (hub/services.py): this is for what is not a verb."""
        if self.retired:
            raise Retired()
        future = asyncio.get_running_loop().create_future()
        self._enqueue((fn, args, future, quiet))
        return await future

    def post(self, fn: Callable[..., Awaitable[Any]], *args: Any) -> None:
        """Queue `fn(*args)` for the actor without waiting for it."""
        if self.retired:
            # The actor runs nothing more (see `_run`); queued after it ended, a bound method of
            # the table (a timer's room announcement) would hold the table in a cycle.
            return
        self._enqueue((fn, args, None, False))

    def _enqueue(self, command: tuple) -> None:
        self.inbox.append(command)
        if self.waiter is not None and not self.waiter.done():
            self.waiter.set_result(None)

    def _stop_soon(self) -> None:
        """The actor ends once it reaches this (after what is queued before it)."""
        self._enqueue((None, (), None, False))

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            # Not kept while waiting: the last command's arguments and result (an unsubscribe's
            # closed socket, with its protocol and scope) would stay until the table's next command.
            fn = args = future = outcome = None
            while not self.inbox:
                self.waiter = loop.create_future()
                try:
                    await self.waiter
                finally:
                    self.waiter = None
            fn, args, future, quiet = self.inbox.popleft()
            if fn is None:
                return
            self._begin(quiet)
            if self.retired:
                # Unloaded while this command waited: whoever sent it asks the hub again.
                if future and not future.done():
                    future.set_exception(Retired())
                continue
            try:
                outcome = await fn(*args)
            except Exception as exc:  # the actor must outlive any one bad command
                if not isinstance(exc, (HubError, IllegalAction)):
                    log.exception("%s: %s failed", self._name(), getattr(getattr(fn, "func", fn), "__name__", fn))
                if future and not future.done():
                    future.set_exception(exc)
            else:
                if future and not future.done():
                    future.set_result(outcome)
