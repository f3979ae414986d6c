"""Double Connect: a real-time race to attach hand cards to the open cards of a shared tower."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, TypeGuard, cast

from dorhami.engine import Action, Engine, Event, IllegalAction, State
from dorhami.engine.contract import sides_of
from dorhami.engine.rng import table_rng

from . import view as view_module
from .actions import ACTIONS
from .components import AUTO_HAND_SIZE, CARD_COUNT, MAX_DEALT, SYMBOL_COUNT, common
from .state import (
    ALL_HANDS_EMPTY,
    CLAIMING_PHASES,
    COUNTDOWN,
    FINAL_CHANCE,
    FINAL_CHANCE_OVER,
    FINISHED,
    FIRST_OUT,
    PLAYING,
    TIME_LIMIT,
    Claim,
    available_targets,
    is_own_team,
    is_teams,
    parse_claim,
    start_card_covered,
)

# §6: every config key with its default.
DEFAULT_CONFIG = {
    "mode": "solo",
    "team_size": 2,
    "team_targets": "open",
    "team_start_slots": 2,
    "hand_size": "auto",
    "start_slots": 4,
    "countdown_ms": 3000,
    "final_chance_ms": 10000,
    "wrong_lockout_ms": 1000,
    "empty_pile_lockout_ms": 5000,
    "time_limit_ms": 300000,
}
CHOICES = {"mode": ("solo", "teams"), "team_targets": ("open", "own_team")}
INT_RANGES = {
    "team_size": (2, 4),
    "team_start_slots": (1, 4),
    "start_slots": (1, 8),
    "countdown_ms": (0, 10000),
    "final_chance_ms": (0, 60000),
    "wrong_lockout_ms": (0, 10000),
    "empty_pile_lockout_ms": (1000, 30000),
    "time_limit_ms": (60000, 1800000),
}
HAND_SIZE_RANGE = (1, 10)
SOLO_PLAYERS = range(2, 9)
TEAM_PLAYERS = (4, 6, 8)
MAX_START_CAPACITY = 8  # §6 rule 4: team_start_slots × T ≤ 8
DURATIONS_MS = ("countdown_ms", "final_chance_ms", "wrong_lockout_ms", "empty_pile_lockout_ms", "time_limit_ms")
# For the lobby: when a key matters. §6 rule 3: the team keys only in `teams`; §4.2: team_start_slots
# only in `own_team`, where it replaces start_slots (team_targets counts as "open" outside `teams`).
IN_PLAY_WHEN = {
    "team_size": {"mode": ["teams"]},
    "team_targets": {"mode": ["teams"]},
    "team_start_slots": {"mode": ["teams"], "team_targets": ["own_team"]},
    "start_slots": {"team_targets": ["open"]},
}

# Timer names (§4.5); "lockout_end" only moves the state's clock (see `_fire`).
BEGIN_PLAY = "begin_play"
TIME_UP = "time_up"
LOCKOUT_END = "lockout_end"
NEVER = (float("inf"), float("inf"))  # the emptied_at of a seat or team that never emptied


# -- config ---------------------------------------------------------------------------------


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def allowed_player_counts(config: dict[str, Any]) -> list[int]:
    """Every n the config allows (§6 rules 1, 2, 4 and the hand-size cap n·h ≤ 44)."""
    if not is_teams(config):
        counts = list(SOLO_PLAYERS)
    else:
        size = config["team_size"]
        counts = [n for n in TEAM_PLAYERS if n % size == 0 and n // size >= 2]
        if is_own_team(config):
            counts = [n for n in counts if config["team_start_slots"] * (n // size) <= MAX_START_CAPACITY]
    if config["hand_size"] != "auto":
        counts = [n for n in counts if n * config["hand_size"] <= MAX_DEALT]
    return counts


def hand_size_for(config: dict[str, Any], players: int) -> int:
    """§2.3: cards per hand."""
    return AUTO_HAND_SIZE[players] if config["hand_size"] == "auto" else config["hand_size"]


def team_count(config: dict[str, Any], players: int) -> int:
    """T = n / team_size in `teams`; 1 in `solo`."""
    return players // config["team_size"] if is_teams(config) else 1


# -- legal actions ------------------------------------------------------------------------


@lru_cache(maxsize=4096)
def claims_for_pair(card: int, target: int) -> tuple[Action, ...]:
    """The 57 claims of one (card, target) pair, shared between calls: callers must not mutate them."""
    return tuple({"type": "claim", "card": card, "target": target, "symbol": symbol} for symbol in range(SYMBOL_COUNT))


# -- ranking (§5) -----------------------------------------------------------------------------


def competition_ranks(keys: list[Any]) -> list[int]:
    """Standard competition ranking (1, 2, 2, 4): lower key is better, equal keys share a rank."""
    return [1 + sum(other < key for other in keys) for key in keys]


def seat_key(state: State, seat: int) -> tuple[Any, ...]:
    """Solo order: fewer cards, then earlier emptied_at (t, seq), then fewer wrong claims."""
    emptied = state["emptied_at"][seat]
    return len(state["hands"][seat]), tuple(emptied) if emptied else NEVER, state["wrong_claims"][seat]


def team_seats(state: State, team: int) -> list[int]:
    return [seat for seat in range(state["players"]) if state["team_of"][seat] == team]


def team_key(state: State, team: int) -> tuple[Any, ...]:
    """Team order: lower total, then the earliest emptied member, then fewer total wrong claims."""
    seats = team_seats(state, team)
    emptied = [tuple(state["emptied_at"][s]) for s in seats if state["emptied_at"][s]]
    return (
        sum(len(state["hands"][s]) for s in seats),
        min(emptied, default=NEVER),
        sum(state["wrong_claims"][s] for s in seats),
    )


def team_table(state: State) -> list[dict[str, Any]]:
    """The `teams` part of the results, by rank then team."""
    teams = range(state["team_count"])
    keys = [team_key(state, team) for team in teams]
    ranks = competition_ranks(keys)
    rows = [
        {
            "team": team,
            "seats": team_seats(state, team),
            "total": keys[team][0],
            "wrong_claims": keys[team][2],
            "rank": ranks[team],
        }
        for team in teams
    ]
    return sorted(rows, key=lambda row: (row["rank"], row["team"]))


def seat_ranks(state: State) -> list[int]:
    """Each seat's rank: its own in `solo`, its team's in `teams` (so `ranking` is by team rank)."""
    if not is_teams(state["config"]):
        return competition_ranks([seat_key(state, seat) for seat in range(state["players"])])
    team_rank = {row["team"]: row["rank"] for row in team_table(state)}
    return [team_rank[team] for team in state["team_of"]]


def final_results(state: State) -> dict[str, Any]:
    """The §5 result of a finished game."""
    ranks = seat_ranks(state)
    ranking = sorted(range(state["players"]), key=lambda seat: (ranks[seat], seat))
    rows = [
        {
            "seat": seat,
            "cards_left": len(state["hands"][seat]),
            "wrong_claims": state["wrong_claims"][seat],
            "placed": state["placed"][seat],
            "emptied_at": state["emptied_at"][seat],
            "rank": ranks[seat],
        }
        for seat in ranking
    ]
    result = {
        "winners": [seat for seat in ranking if ranks[seat] == 1],
        "scores": {str(seat): len(state["hands"][seat]) for seat in range(state["players"])},
        "ranking": ranking,
        "reason": state["reason"],
        "results": rows,
    }
    if is_teams(state["config"]):
        result["teams"] = team_table(state)
    return result


# -- the engine -------------------------------------------------------------------------------


class DoubleConnectEngine(Engine):
    """The rules of /work/shared/rules/double-connect.md."""

    slug = "double-connect"
    actions = ACTIONS
    title = "Double Connect"
    min_players = 2
    max_players = 8
    realtime = True
    spectator_refusal = "not_a_player"  # R2

    # -- config -----------------------------------------------------------------------------

    def default_config(self) -> dict[str, Any]:
        return dict(DEFAULT_CONFIG)

    def config_options(self) -> dict[str, dict[str, Any]]:
        """§6 for the lobby's form: choices or ranges, with a "unit" on durations and "when" on mode keys."""
        low, high = HAND_SIZE_RANGE
        options: dict[str, dict[str, Any]] = {
            **{key: {"choices": list(values)} for key, values in CHOICES.items()},
            "hand_size": {"choices": ["auto", *range(low, high + 1)]},
            **{key: {"min": a, "max": b} for key, (a, b) in INT_RANGES.items()},
        }
        for key in DURATIONS_MS:
            options[key]["unit"] = "ms"
        for key, when in IN_PLAY_WHEN.items():
            options[key]["when"] = {gate: list(values) for gate, values in when.items()}
        return options

    def _check_config(self, config: dict[str, Any]) -> None:
        for key, allowed in CHOICES.items():
            if config[key] not in allowed:
                raise IllegalAction("invalid_config", f"expected {key} in {allowed}, but got {config[key]!r}")
        for key, (low, high) in INT_RANGES.items():
            if not _is_int(config[key]) or not low <= config[key] <= high:
                raise IllegalAction("invalid_config", f"expected {key} in {low}..{high}, but got {config[key]!r}")
        hand_size = config["hand_size"]
        if hand_size != "auto" and not (_is_int(hand_size) and HAND_SIZE_RANGE[0] <= hand_size <= HAND_SIZE_RANGE[1]):
            raise IllegalAction("invalid_config", f"expected hand_size 'auto' or 1..10, but got {hand_size!r}")
        if not allowed_player_counts(config):
            raise IllegalAction("invalid_config", "no player count fits this mode, team size and hand size")

    def player_range(self, config: dict[str, Any] | None = None) -> tuple[int, int]:
        counts = self.player_counts(config)
        return counts[0], counts[-1]

    def player_counts(self, config: dict[str, Any] | None = None) -> list[int]:
        return allowed_player_counts(self.validate_config(config))  # §6 (2): teams need 4, 6 or 8

    def placings(self, result: dict[str, Any], players: int) -> list[tuple[list[int], int]]:
        """Solo: each seat's §5 rank; teams: each team's, its seats one side."""
        return sides_of(result["teams"] if "teams" in result else result["results"])

    # -- setup (§3) -------------------------------------------------------------------------

    def _setup(
        self, players: int, seed: int, config: dict[str, Any], now_ms: int, previous_result: dict[str, Any] | None
    ) -> State:
        if players not in allowed_player_counts(config):
            raise IllegalAction(
                "invalid_players",
                f"expected one of {allowed_player_counts(config)} players for this config, but got {players}",
            )
        size = hand_size_for(config, players)
        deck = list(range(CARD_COUNT))
        table_rng(seed).shuffle(deck)  # §3.2: random.Random(seed).shuffle
        teams = team_count(config, players)
        play_start = now_ms + config["countdown_ms"]
        return {
            "players": players,
            "config": config,
            "seed": seed,
            "team_count": teams,
            "team_of": [seat % teams for seat in range(players)] if is_teams(config) else None,
            "phase": COUNTDOWN,
            "step": 0,
            "clock": now_ms,
            "seq": 0,
            "play_start": play_start,
            "time_up_at": play_start + config["time_limit_ms"],
            "final_deadline": None,
            "hands": [deck[seat * size : (seat + 1) * size] for seat in range(players)],  # §3.3: in blocks
            "pile": deck[players * size + 1 :],
            "start_card": deck[players * size],
            "start_capacity": (config["team_start_slots"] * teams if is_own_team(config) else config["start_slots"]),
            "arms": [],
            "locked_until": [0] * players,
            "wrong_claims": [0] * players,
            "placed": [0] * players,
            "emptied_at": [None] * players,
            "empty_order": [],
            "reason": None,
            "finished_at": None,
        }

    # -- claims (§4.4) ----------------------------------------------------------------------

    def _apply(self, state: State, seat: int, action: Action, now_ms: int) -> list[Event]:
        if action["type"] != "claim":
            raise IllegalAction("unknown_action", f"expected a 'claim', but got {action['type']!r}")
        claim = parse_claim(action)  # R1
        self._check_claim(state, seat, claim, now_ms)  # R2-R6
        state["clock"] = max(state["clock"], now_ms)
        state["seq"] += 1  # §4.1: the engine numbers the claims it judges
        state["step"] += 1
        if claim.symbol == common(claim.card, claim.target):
            return self._accept(state, seat, claim, now_ms)
        return self._penalise(state, seat, claim, now_ms)

    def _check_claim(self, state: State, seat: int | None, claim: Claim, t: int) -> None:
        """R2-R6, in order; each rejects without any change."""
        if not _is_int(seat) or not 0 <= seat < state["players"]:
            raise IllegalAction("not_a_player", "only a seated player may claim")
        if state["phase"] not in CLAIMING_PHASES:
            raise IllegalAction("not_playing", f"claims are closed in phase {state['phase']!r}")
        if t < state["locked_until"][seat]:
            raise IllegalAction("locked_out", f"locked out until {state['locked_until'][seat]}, but it is {t}")
        if claim.card not in state["hands"][seat]:
            raise IllegalAction("card_not_in_hand", f"card {claim.card} is not in your hand")
        if claim.target not in available_targets(state, seat):
            # D9: a lost race lands here too: no penalty, no redirect.
            raise IllegalAction("target_not_active", f"card {claim.target} is not a target you may use now")

    def _accept(self, state: State, seat: int, claim: Claim, t: int) -> list[Event]:
        """A correct claim: the card leaves the hand and becomes the top of an arm."""
        state["hands"][seat].remove(claim.card)
        events: list[Event] = []
        arm = self._place(state, seat, claim)
        if claim.target == state["start_card"] and start_card_covered(state):
            events.append({"type": "start_card_covered", "t": t})
        state["placed"][seat] += 1
        events.append(
            {
                "type": "claim_accepted",
                "seat": seat,
                "card": claim.card,
                "target": claim.target,
                "symbol": claim.symbol,
                "arm": arm,
                "t": t,
            }
        )
        if not state["hands"][seat]:
            events += self._hand_emptied(state, seat, t)
        return events

    def _place(self, state: State, seat: int, claim: Claim) -> int:
        """Put the card on the start card (a new arm) or on an arm top; returns the arm index."""
        if claim.target == state["start_card"]:
            team = state["team_of"][seat] if state["team_of"] is not None else None
            state["arms"].append({"index": len(state["arms"]), "team": team, "cards": [claim.card]})
            return len(state["arms"]) - 1
        arm = next(arm for arm in state["arms"] if arm["cards"][-1] == claim.target)
        arm["cards"].append(claim.card)
        return cast("int", arm["index"])

    def _hand_emptied(self, state: State, seat: int, t: int) -> list[Event]:
        """An empty hand opens the final chance (D12), or ends the game."""
        state["emptied_at"][seat] = [t, state["seq"]]
        state["empty_order"].append(seat)
        events: list[Event] = [{"type": "hand_emptied", "seat": seat, "t": t}]
        window = state["config"]["final_chance_ms"]
        if state["phase"] == PLAYING and window > 0:
            state["phase"] = FINAL_CHANCE
            state["final_deadline"] = t + window
            events.append({"type": "final_chance_started", "seat": seat, "deadline": t + window})
        elif state["phase"] == PLAYING:
            events += self._finish(state, FIRST_OUT, t)
        elif not any(state["hands"]):
            events += self._finish(state, ALL_HANDS_EMPTY, t)
        return events

    def _penalise(self, state: State, seat: int, claim: Claim, t: int) -> list[Event]:
        """A wrong claim (D7, D10, D11): the card stays, a penalty card is drawn, the seat is locked out."""
        config = state["config"]
        state["wrong_claims"][seat] += 1
        penalty = state["pile"].pop(0) if state["pile"] else None
        if penalty is not None:
            state["hands"][seat].append(penalty)
            state["locked_until"][seat] = t + config["wrong_lockout_ms"]
        else:
            state["locked_until"][seat] = t + config["empty_pile_lockout_ms"]
        return [
            {
                "type": "claim_wrong",
                "seat": seat,
                "card": claim.card,
                "target": claim.target,
                "symbol": claim.symbol,
                "penalty_card": penalty,
                "locked_until": state["locked_until"][seat],
                "t": t,
            }
        ]

    def _finish(self, state: State, reason: str, t: int) -> list[Event]:
        """The one finish (§4.5): phase finished, then the results."""
        state["phase"] = FINISHED
        state["reason"] = reason
        state["finished_at"] = t
        state["step"] += 1
        result = final_results(state)
        event = {
            "type": "game_finished",
            "reason": reason,
            "t": t,
            "winners": result["winners"],
            "results": result["results"],
        }
        if "teams" in result:
            event["teams"] = result["teams"]
        return [event]

    # -- timers (§4.5) ----------------------------------------------------------------------

    def _timers(self, state: State) -> list[tuple[int, str]]:
        """Pending timers; on equal due times the earlier entry fires first."""
        if state["phase"] == COUNTDOWN:
            return [(state["play_start"], BEGIN_PLAY)]
        if state["phase"] not in CLAIMING_PHASES:
            return []
        timers = []
        if state["final_deadline"] is not None:
            # Decision: a final chance ending exactly at the time limit finishes as final_chance_over.
            timers.append((state["final_deadline"], FINAL_CHANCE_OVER))
        timers.append((state["time_up_at"], TIME_UP))
        lockout_ends = [until for until in state["locked_until"] if until > state["clock"]]
        if lockout_ends:
            timers.append((min(lockout_ends), LOCKOUT_END))
        return timers

    def next_deadline(self, state: State) -> int | None:
        phase = state["phase"]
        if phase == COUNTDOWN:
            return cast("int | None", state["play_start"])
        if phase == FINISHED:
            return None
        # Same result as min over `_timers`, without building the list (the playouts call it a lot).
        due = state["time_up_at"]
        if state["final_deadline"] is not None and state["final_deadline"] < due:
            due = state["final_deadline"]
        clock = state["clock"]
        for until in state["locked_until"]:
            if clock < until < due:
                due = until
        return cast("int | None", due)

    def _fire(self, state: State, due_ms: int) -> list[Event]:
        due, name = min(self._timers(state), key=lambda timer: timer[0])
        state["clock"] = max(state["clock"], due)
        if name == BEGIN_PLAY:
            state["phase"] = PLAYING
            state["step"] += 1
            # D17: hands and the start card are revealed together.
            return [
                {
                    "type": "play_started",
                    "t": due,
                    "hands": [list(h) for h in state["hands"]],
                    "start_card": state["start_card"],
                }
            ]
        if name == FINAL_CHANCE_OVER:
            return self._finish(state, FINAL_CHANCE_OVER, due)
        if name == TIME_UP:
            return self._finish(state, TIME_LIMIT, due)
        # A lockout end is a deadline only so that the clock (and so legal_actions) moves on with it.
        return []

    # -- what a seat may do and see ----------------------------------------------------------

    def may_claim(self, state: State, seat: int) -> bool:
        """Claims open, this seat seated and not locked out at the state's clock."""
        return (
            state["phase"] in CLAIMING_PHASES
            and _is_int(seat)
            and 0 <= seat < state["players"]
            and state["clock"] >= state["locked_until"][seat]
        )

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        """Every (hand card × available target) pair with each of the 57 symbols, right or wrong."""
        if not self.may_claim(state, seat):
            return []
        targets = available_targets(state, seat)
        actions: list[Action] = []
        for card in state["hands"][seat]:
            for target in targets:
                actions.extend(claims_for_pair(card, target))
        return actions

    def compact_legal_actions(self, state: State, seat: int) -> list[Action]:
        has_claim = self.may_claim(state, seat) and state["hands"][seat] and available_targets(state, seat)
        return [{"type": "claim"}] if has_claim else []

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return view_module.view(state, seat)

    def result(self, state: State) -> dict[str, Any] | None:
        return final_results(state) if state["phase"] == FINISHED else None


ENGINE = DoubleConnectEngine()
