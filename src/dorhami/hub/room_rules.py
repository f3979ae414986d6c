"""A room's rules, fixed when it is made: what the engine is set up with, and the table's own options."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..catalogue import get_engine
from ..engine import Engine, IllegalAction
from ..errors import ErrorCode
from ..storage.records import RoomRecord
from . import claims, pace


@dataclass(frozen=True)
class RoomRules:
    """A room's rules, fixed when it is made: split once into the rules' config (what the engine's
    setup gets) and the table's own options (lag compensation), which the engine never sees,
    rather than validated again for every room message."""

    engine: Engine
    config: dict
    options: dict
    player_counts: list[int]  # the seat counts this config allows (Double Connect validates its config to say)

    @classmethod
    def of(cls, room: RoomRecord) -> RoomRules:
        engine = get_engine(room.game)
        config, options = split_config(engine, room.config)
        return cls(engine, config, options, engine.player_counts(config))

    @property
    def max_seats(self) -> int:
        return self.player_counts[-1]


def table_options(engine: Engine) -> dict[str, Any]:
    """The table's own config keys for a game, with their defaults (the engine never sees them)."""
    return {**claims.options(engine), **pace.options(engine)}


def option_forms(engine: Engine) -> dict[str, dict]:
    """How a form may set each key of a room's config: the rules' own, then the table's."""
    return {**pace.gated(engine, engine.config_options()), **claims.option_forms(engine), **pace.option_forms(engine)}


def split_config(engine: Engine, config: dict | None) -> tuple[dict, dict]:
    """(the engine's config, the table's options) of a room's config; raises IllegalAction
    ('invalid_config') for a bad value of either. A daily room's turn goes into the rules' timers."""
    table = table_options(engine)
    rules = {}
    for key, value in (config or {}).items():
        if key not in table:
            rules[key] = value
        elif key == claims.OPTION:
            if not isinstance(value, bool):
                raise IllegalAction(ErrorCode.INVALID_CONFIG, f"expected {key} true or false, but got {value!r}")
            table[key] = value
        else:
            pace.check_option(key, value)
            table[key] = value
    return pace.paced_config(engine, engine.validate_config(rules), table), table
