"""A room's rules, fixed when it is made: what the engine is set up with, and the table's own options."""

from __future__ import annotations

from dataclasses import dataclass

from ..catalogue import get_engine
from ..engine import Engine
from ..storage.records import RoomRecord
from . import claims


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
        config, options = claims.split_config(engine, room.config)
        return cls(engine, config, options, engine.player_counts(config))

    @property
    def max_seats(self) -> int:
        return self.player_counts[-1]
