"""What a notice says: its title and body in the player's language, with times in their time zone
and calendar (Solar Hijri or Gregorian) and, in Persian, Persian digits.

The JSON the service worker receives (contract of issue 30):
    {"kind", "title", "body", "url", "tag", "lang", "dir", "ts"}
Game titles repeat the client's (static/js/games/index.js; tests/push/test_payload.py keeps them
equal). The calendar comes from `jdatetime`: the standard library has no Solar Hijri calendar.
"""

from __future__ import annotations

import datetime as dt
from typing import Any, Protocol
from zoneinfo import ZoneInfo

import jdatetime  # type: ignore[import-untyped]  # it ships no types

TITLES = {
    "double-connect": {"en": "Double Connect", "fa": "دابل کانکت"},
    "twin-it": {"en": "Twin It!", "fa": "توین ایت"},
    "camel-up-cards": {"en": "Camel Up Cards", "fa": "کمل آپ کارتی"},
    "jekyll-vs-hyde": {"en": "Jekyll vs. Hyde", "fa": "جکیل و هاید"},
    "queendomino": {"en": "Queendomino", "fa": "کویین‌دومینو"},
}
SITE = {"en": "Dorhami", "fa": "دورهمی"}
PERSIAN_DIGITS = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")
MONTHS = {
    ("persian", "fa"): "فروردین اردیبهشت خرداد تیر مرداد شهریور مهر آبان آذر دی بهمن اسفند".split(),
    ("persian", "en"): "Farvardin Ordibehesht Khordad Tir Mordad Shahrivar Mehr Aban Azar Dey Bahman Esfand".split(),
    ("gregorian", "fa"): "ژانویه فوریه مارس آوریل مه ژوئن ژوئیه اوت سپتامبر اکتبر نوامبر دسامبر".split(),
    ("gregorian", "en"): "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split(),
}
# {when}: a deadline as `moment` words it; {from}: a person's name; {game}: the title.
TEXTS: dict[str, dict[str, dict[str, str]]] = {
    "turn": {
        "en": {"title": "{game}", "body": "Your turn", "by": "Your turn: play by {when}"},
        "fa": {"title": "{game}", "body": "نوبت شماست", "by": "نوبت شماست؛ تا {when} بازی کنید"},
    },
    "reminder": {
        "en": {"title": "{game}", "body": "Your turn is running out", "by": "Your turn runs out at {when}"},
        "fa": {"title": "{game}", "body": "نوبت شما رو به پایان است", "by": "نوبت شما {when} به پایان می‌رسد"},
    },
    "invitation": {
        "en": {
            "title": "An invitation",
            "body": "You are invited to play {game}",
            "from": "{from} invites you to play {game}",
        },
        "fa": {
            "title": "دعوت",
            "body": "به بازی {game} دعوت شده‌اید",
            "from": "{from} شما را به بازی {game} دعوت کرده است",
        },
    },
    "rematch": {
        "en": {"title": "{game}", "body": "A rematch is asked", "from": "{from} asks for a rematch"},
        "fa": {"title": "{game}", "body": "بازی دوباره خواسته شده است", "from": "{from} بازی دوباره می‌خواهد"},
    },
    "rescue": {
        "en": {"title": "{game}", "body": "Your request was approved: the seat is yours"},
        "fa": {"title": "{game}", "body": "درخواست شما پذیرفته شد: این جا مال شماست"},
    },
}


class Reader(Protocol):
    """What a notice's words depend on (a PlayerSettingsRecord has these)."""

    lang: str
    time_zone: str
    calendar: str


def digits(text: str, lang: str) -> str:
    return text.translate(PERSIAN_DIGITS) if lang == "fa" else text


def moment(ms: int, time_zone: str, calendar: str, lang: str) -> str:
    """A moment as the reader's clock and calendar show it: `21 Azar 18:30`, `۲۱ آذر ساعت ۱۸:۳۰`."""
    local = dt.datetime.fromtimestamp(ms / 1000, ZoneInfo(time_zone))
    if calendar == "persian":
        day = jdatetime.date.fromgregorian(date=local.date())
        month, mday = day.month, day.day
    else:
        month, mday = local.month, local.day
    name = MONTHS[(calendar if calendar == "persian" else "gregorian", lang)][month - 1]
    text = f"{mday} {name} ساعت {local:%H:%M}" if lang == "fa" else f"{mday} {name} {local:%H:%M}"
    return digits(text, lang)


def game_title(game: str | None, lang: str) -> str:
    if game is None:
        return SITE[lang]
    return TITLES.get(game, {}).get(lang, game)


def words(kind: str, game: str | None, args: dict[str, Any], reader: Reader) -> tuple[str, str]:
    """(title, body) of a notice of `kind`, for `reader`."""
    lang = reader.lang if reader.lang in SITE else "fa"
    texts = TEXTS[kind][lang]
    fill = {"game": game_title(game, lang), "from": str(args.get("from") or "")}
    body = texts["body"]
    deadline = args.get("deadline_ms")
    if "by" in texts and isinstance(deadline, int):
        fill["when"] = moment(deadline, reader.time_zone, reader.calendar, lang)
        body = texts["by"]
    elif "from" in texts and fill["from"]:
        body = texts["from"]
    return texts["title"].format_map(fill), body.format_map(fill)


def compose(kind: str, url: str, game: str | None, args: dict[str, Any], reader: Reader, now_ms: int) -> dict[str, Any]:
    """The payload the service worker shows. `tag` is the page a tap opens: the device shows one
    notice per room (or invitation), a newer one replacing the older."""
    title, body = words(kind, game, args, reader)
    lang = reader.lang if reader.lang in SITE else "fa"
    return {
        "kind": kind,
        "title": title,
        "body": body,
        "url": url,
        "tag": url,
        "lang": lang,
        "dir": "rtl" if lang == "fa" else "ltr",
        "ts": now_ms,
    }
