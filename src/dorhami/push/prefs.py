"""A player's choices about notices: which kinds they turned off, and quiet hours in their own time
zone (a span of the local day that may wrap midnight, 23:00-07:00)."""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from functools import cache
from zoneinfo import ZoneInfo, available_timezones

KINDS = ("turn", "reminder", "invitation", "rematch", "rescue")
CLOCK_TIME = re.compile(r"([01][0-9]|2[0-3]):([0-5][0-9])")  # ASCII digits only: \d takes any script


@cache
def time_zones() -> frozenset[str]:
    """IANA names this system knows (the tzdata it has): a name not here is refused, never guessed."""
    return frozenset(available_timezones())


def is_time_zone(name: str) -> bool:
    return name in time_zones()


def minutes(clock_time: str) -> int | None:
    """`HH:MM` (24-hour, two digits each) as minutes after midnight; None if it is not one."""
    found = CLOCK_TIME.fullmatch(clock_time)
    return int(found[1]) * 60 + int(found[2]) if found else None


def clock_time(minutes_after_midnight: int) -> str:
    return f"{minutes_after_midnight // 60:02d}:{minutes_after_midnight % 60:02d}"


def quiet_until(now_ms: int, time_zone: str, start_min: int | None, end_min: int | None) -> int | None:
    """When the quiet hours `now_ms` falls in end (epoch ms), or None if it falls in none.

    Start is in the span and end is not; a span whose start is after its end wraps midnight."""
    if start_min is None or end_min is None or start_min == end_min:
        return None
    zone = ZoneInfo(time_zone)
    local = datetime.fromtimestamp(now_ms / 1000, zone)
    minute = local.hour * 60 + local.minute
    if start_min < end_min:
        quiet, ends_tomorrow = start_min <= minute < end_min, False
    else:
        quiet, ends_tomorrow = minute >= start_min or minute < end_min, minute >= start_min
    if not quiet:
        return None
    day = local.date() + timedelta(days=1 if ends_tomorrow else 0)
    end = datetime(day.year, day.month, day.day, end_min // 60, end_min % 60, tzinfo=zone)
    return max(int(end.timestamp() * 1000), now_ms + 1)
