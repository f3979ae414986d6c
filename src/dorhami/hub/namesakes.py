"""Namesakes: people of one name in a room, told apart by the start of their id ("Host #3f2c").

Names need not be unique, and a room's seats already show each person's id; the first four hex
digits of that random id are a tag that stays the same for that person in every room. The browser
applies the same rule (static/js/seats.js, `displayName`).
"""

from __future__ import annotations

from typing import Any

TAG_CHARS = 4


def display_names(people: dict[str, str]) -> dict[str, str]:
    """Each player id's name as the room shows it: the name alone, or `name #tag` when someone else
    there has the same name (letter case aside). A tag grows until the namesakes' tags differ."""
    namesakes: dict[str, list[str]] = {}
    for player_id, name in people.items():
        namesakes.setdefault(name.lower(), []).append(player_id)
    shown = {}
    for ids in namesakes.values():
        if len(ids) == 1:
            shown[ids[0]] = people[ids[0]]
            continue
        width = TAG_CHARS
        while len({i[:width] for i in ids}) < len(ids) and width < max(map(len, ids)):
            width += 1
        shown.update({i: f"{people[i]} #{i[:width]}" for i in ids})
    return shown


def tell_apart(room: Any) -> Any:
    """A room's (or seat list's) seated players and host, each with its `display_name`."""
    if not isinstance(room, dict):
        return room
    seats = [seat for seat in room.get("seats", []) if isinstance(seat, dict)]
    people = [
        person for person in (room.get("host"), *(seat.get("player") for seat in seats)) if isinstance(person, dict)
    ]
    shown = display_names({person["id"]: person["name"] for person in people})

    def dressed(person: Any) -> Any:
        return {**person, "display_name": shown[person["id"]]} if isinstance(person, dict) else person

    dressed_seats = [
        {**seat, "player": dressed(seat.get("player"))} if isinstance(seat, dict) else seat
        for seat in room.get("seats", [])
    ]
    return {**room, **({"host": dressed(room["host"])} if "host" in room else {}), "seats": dressed_seats}
