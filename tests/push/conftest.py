"""Fixtures of the Web Push tests: the push-service double, and a notifier on a test database."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator

import pytest

from dorhami.config import Settings
from dorhami.push.notifier import Notifier
from tests.support.push_double import PushDouble


@pytest.fixture
def double() -> Iterator[PushDouble]:
    with PushDouble() as push_service:
        yield push_service


@pytest.fixture
def push_settings(database_url: str, double: PushDouble) -> Settings:
    return Settings(
        database_url=database_url, bot_delay_ms=(5, 20), push_test_origins=(double.origin,), rate_limits=False
    )


async def until(condition: Callable[[], bool], timeout_s: float = 10.0) -> None:
    """Wait (without blocking the loop) until `condition()` holds; fail after `timeout_s`."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout_s
    while not condition():
        if loop.time() > deadline:
            raise AssertionError("timed out waiting")
        await asyncio.sleep(0.01)


async def settle(notifier: Notifier) -> None:
    """Every notice told so far delivered, held or dropped."""
    await asyncio.sleep(0)
    await notifier.idle()
