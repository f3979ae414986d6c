"""The socket's rate limit: bursts that the average rate allows are never punished; a flood is."""

from __future__ import annotations

from dorhami.api.rate import Flood, TokenBucket
from dorhami.config import Settings


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def drive(send_at: list[float]) -> tuple[int, float | None]:
    """Messages at these times through the socket's limits: (refused, when it was closed)."""
    settings, clock = Settings(), Clock()
    bucket = TokenBucket(settings.messages_per_second, settings.message_burst, clock)
    flood = Flood(settings.message_burst * 5, clock=clock)
    refused = 0
    for at in send_at:
        clock.now = at
        if not bucket.take():
            refused += 1
            if flood.refused():
                return refused, at
    return refused, None


def test_bursts_under_the_average_rate_never_close_the_socket():
    # 50 messages at once every 3 s (16.7 a second on average, under 20) for ten minutes.
    times = [burst * 3.0 + i * 0.001 for burst in range(200) for i in range(50)]
    refused, closed_at = drive(times)
    assert refused > 0, "the bursts do exceed the bucket: some messages are refused"
    assert closed_at is None


def test_a_client_that_keeps_flooding_is_closed_within_seconds():
    times = [i / 100 for i in range(3000)]  # 100 a second
    _, closed_at = drive(times)
    assert closed_at is not None and closed_at < 5
