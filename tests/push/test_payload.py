"""What a notice says, in each language, calendar and time zone; and what quiet hours cover."""

from __future__ import annotations

import re
from datetime import datetime
from pathlib import Path
from types import SimpleNamespace
from zoneinfo import ZoneInfo

import pytest

from dorhami.push import payload, prefs

CLIENT_TITLES = Path(__file__).resolve().parents[2] / "static" / "js" / "games" / "index.js"


def ms(text: str, zone: str) -> int:
    return int(datetime.fromisoformat(text).replace(tzinfo=ZoneInfo(zone)).timestamp() * 1000)


def reader(lang="fa", time_zone="Asia/Tehran", calendar="persian"):
    return SimpleNamespace(lang=lang, time_zone=time_zone, calendar=calendar)


def test_game_titles_are_the_clients():
    source = CLIENT_TITLES.read_text("utf-8")
    found = {
        slug.strip('"'): {"en": en, "fa": fa}
        for slug, en, fa in re.findall(r'^\s*("?[\w-]+"?): \{ en: "([^"]+)", fa: "([^"]+)" \}', source, re.M)
    }
    assert found == payload.TITLES


@pytest.mark.parametrize(
    ("day", "calendar", "lang", "expected"),
    [
        ("2025-03-21 10:05", "persian", "fa", "۱ فروردین ساعت ۱۰:۰۵"),  # Nowruz 1404
        ("2025-03-20 10:05", "persian", "fa", "۳۰ اسفند ساعت ۱۰:۰۵"),  # 1403 is a leap year: Esfand has 30 days
        ("2024-03-20 10:05", "persian", "en", "1 Farvardin 10:05"),  # Nowruz 1403
        ("2025-12-12 19:00", "persian", "en", "21 Azar 19:00"),
        ("2025-12-12 19:00", "gregorian", "fa", "۱۲ دسامبر ساعت ۱۹:۰۰"),
        ("2025-12-12 19:00", "gregorian", "en", "12 Dec 19:00"),
    ],
)
def test_a_moment_in_each_calendar_and_language(day, calendar, lang, expected):
    assert payload.moment(ms(day, "Asia/Tehran"), "Asia/Tehran", calendar, lang) == expected


def test_a_moment_is_the_readers_local_time_across_a_daylight_saving_change():
    # 2025-03-30 01:30 UTC: 03:30 in Berlin (summer time began at 01:00 UTC), 05:00 in Tehran.
    at = ms("2025-03-30 01:30", "UTC")
    assert payload.moment(at, "Europe/Berlin", "gregorian", "en") == "30 Mar 03:30"
    assert payload.moment(at, "Asia/Tehran", "gregorian", "en") == "30 Mar 05:00"


@pytest.mark.parametrize(
    ("kind", "args", "lang", "title", "body"),
    [
        ("turn", {}, "en", "Twin It!", "Your turn"),
        ("turn", {}, "fa", "توین ایت", "نوبت شماست"),
        ("reminder", {}, "fa", "توین ایت", "نوبت شما رو به پایان است"),
        ("rematch", {"from": "Omid"}, "en", "Twin It!", "Omid asks for a rematch"),
        ("rematch", {}, "fa", "توین ایت", "بازی دوباره خواسته شده است"),
        ("rescue", {}, "en", "Twin It!", "Your request was approved: the seat is yours"),
        ("invitation", {"from": "{game}"}, "en", "An invitation", "{game} invites you to play Twin It!"),
    ],
)
def test_each_kind_in_each_language(kind, args, lang, title, body):
    message = payload.compose(kind, "/t/ABCDE", "twin-it", args, reader(lang), 5)
    assert (message["title"], message["body"]) == (title, body)
    assert message["dir"] == ("rtl" if lang == "fa" else "ltr") and message["tag"] == "/t/ABCDE"


def test_every_kind_has_both_languages():
    assert set(payload.TEXTS) == set(prefs.KINDS)
    assert all(set(texts) == {"fa", "en"} for texts in payload.TEXTS.values())


@pytest.mark.parametrize(
    ("local", "start", "end", "quiet_until"),
    [
        ("2025-12-12 23:30", "23:00", "07:00", "2025-12-13 07:00"),  # wraps midnight, before it
        ("2025-12-13 06:59", "23:00", "07:00", "2025-12-13 07:00"),  # after it
        ("2025-12-13 07:00", "23:00", "07:00", None),  # the end is not quiet
        ("2025-12-12 22:59", "23:00", "07:00", None),
        ("2025-12-12 13:00", "12:30", "14:00", "2025-12-12 14:00"),  # within one day
        ("2025-12-12 14:00", "12:30", "14:00", None),
    ],
)
def test_quiet_hours_in_the_players_zone(local, start, end, quiet_until):
    now = ms(local, "Asia/Tehran")
    found = prefs.quiet_until(now, "Asia/Tehran", prefs.minutes(start), prefs.minutes(end))
    assert found == (ms(quiet_until, "Asia/Tehran") if quiet_until else None)


def test_clock_times_are_strict():
    assert [prefs.minutes(t) for t in ("00:00", "23:59", "07:05")] == [0, 1439, 425]
    assert [prefs.minutes(t) for t in ("24:00", "7:05", "07:5", "07:05 ", "٠٧:٠٥", "0٧:05", "")] == [None] * 7


def test_a_vapid_key_or_subject_that_cannot_serve_stops_the_start_naming_its_variable(monkeypatch):
    from dorhami.config import Settings, SettingsError

    monkeypatch.setenv("DORHAMI_VAPID_PRIVATE_KEY", "not-a-key")
    monkeypatch.setenv("DORHAMI_VAPID_SUBJECT", "ops@dorhami.example")
    with pytest.raises(SettingsError) as stopped:
        Settings.from_env()
    assert "DORHAMI_VAPID_PRIVATE_KEY='not-a-key'" in str(stopped.value)
    assert "DORHAMI_VAPID_SUBJECT=" in str(stopped.value)
