"""The rules sandbox: any game's engine over HTTP, for bot writers and developers. Stateless: every
answer carries the new state as a token the server signed (api/state_token.py), which the next
call sends back. Nothing here touches a room, a player or the database."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Body, Depends, Path
from pydantic import BaseModel, Field
from starlette.requests import HTTPConnection

from ...catalogue import GAMES, get_engine
from ...engine import Engine, Event, IllegalAction, State, events_for
from ...engine.contract import judge
from ...errors import ErrorCode
from ..deps import address_limit
from ..schemas import ERRORS, Strict
from ..state_token import MAX_TOKEN_CHARS, StateSigner

router = APIRouter(
    prefix="/api/sandbox", tags=["sandbox"], responses=ERRORS, dependencies=[Depends(address_limit("sandbox"))]
)

GameSlug = Annotated[str, Path(description="a game's slug, as in GET /api/games", examples=["jekyll-vs-hyde"])]
Token = Annotated[str, Field(max_length=MAX_TOKEN_CHARS, description="a state token from an earlier answer")]
NOW_MS = Field(0, ge=0, le=2**53, description="the game's clock for this input, in ms (time only moves on)")


class SandboxNew(Strict):
    players: int = Field(ge=1, le=8, examples=[2])
    seed: int = Field(0, ge=0, le=2**63, description="the same seed and config give the same deal")
    config: dict[str, Any] = Field(default_factory=dict, description="keys of the game's default_config")
    now_ms: int = NOW_MS


class SandboxApply(Strict):
    state: Token
    seat: int = Field(ge=0, le=7)
    action: dict[str, Any] = Field(examples=[{"type": "play_card", "card": 9, "named_color": None}])
    now_ms: int = NOW_MS


class SandboxAdvance(Strict):
    state: Token
    now_ms: int = NOW_MS


class SeatPosition(BaseModel):
    seat: int
    view: dict[str, Any]
    legal_actions: list[dict[str, Any]] = Field(description="every action apply accepts from this seat now")
    events: list[dict[str, Any]] = Field(description="this input's events as this seat hears them")


class SandboxState(BaseModel):
    state: str = Field(description="the new state token: send it with the next call (signed, not secret)")
    seats: list[SeatPosition]
    spectator: dict[str, Any] = Field(description="the view and events of someone without a seat")
    next_deadline: int | None = Field(description="when the next timer fires (ms); call advance then")
    result: dict[str, Any] | None


def first_move(engine: Engine) -> tuple[int, dict[str, Any], int]:
    """(seat, action, now_ms) of a legal first input of a seeded game: the worked examples are the
    engine's own, so they stay right when the rules change."""
    state = engine.setup(engine.player_range(engine.validate_config({}))[0], 1, {})
    now = engine.next_deadline(state) or 0 if engine.realtime else 0  # past a real-time game's countdown
    state, _ = engine.advance(state, now)
    seat = next(s for s in range(engine.max_players) if engine.legal_actions(state, s))
    return seat, engine.legal_actions(state, seat)[0], now


def examples() -> tuple[dict[str, Any], dict[str, Any]]:
    """OpenAPI examples of /new and /apply for every game."""
    new_examples, apply_examples = {}, {}
    for slug, engine in sorted(GAMES.items()):
        players = engine.player_range(engine.validate_config({}))[0]
        new_examples[slug] = {"summary": engine.title, "value": {"players": players, "seed": 1, "config": {}}}
        seat, action, now = first_move(engine)
        apply_examples[slug] = {
            "summary": engine.title,
            "description": f"a first move of {engine.title} (seed 1; a real-time game's after its countdown)",
            "value": {"state": "<the state token /new answered>", "seat": seat, "action": action, "now_ms": now},
        }
    return new_examples, apply_examples


NEW_EXAMPLES, APPLY_EXAMPLES = examples()


def get_signer(connection: HTTPConnection) -> StateSigner:
    signer: StateSigner = connection.app.state.state_signer
    return signer


Signer = Annotated[StateSigner, Depends(get_signer)]


@router.post("/{game}/new", response_model=SandboxState)
async def new(
    game: GameSlug, body: Annotated[SandboxNew, Body(openapi_examples=NEW_EXAMPLES)], signer: Signer
) -> dict[str, Any]:
    """A new game: `setup(players, seed, config, now_ms)`, and what every seat sees."""
    engine = get_engine(game)
    state = engine.setup(body.players, body.seed, body.config, now_ms=body.now_ms)
    return answer(engine, signer, body.players, state, engine.start_events(state))


@router.post("/{game}/apply", response_model=SandboxState)
async def apply(
    game: GameSlug, body: Annotated[SandboxApply, Body(openapi_examples=APPLY_EXAMPLES)], signer: Signer
) -> dict[str, Any]:
    """One seat's action at `now_ms` (due timers fire first), or the rules' typed refusal."""
    engine = get_engine(game)
    players, state = signer.read(game, body.state)
    if body.seat >= players:
        raise IllegalAction(ErrorCode.NO_SUCH_SEAT, f"this game has seats 0 to {players - 1}")
    _, state, events = judge(engine, state, body.seat, body.action, body.now_ms)  # as a table judges it
    return answer(engine, signer, players, state, events)


@router.post("/{game}/advance", response_model=SandboxState)
async def advance(game: GameSlug, body: SandboxAdvance, signer: Signer) -> dict[str, Any]:
    """Let the clock run to `now_ms`: every timer due by then fires."""
    engine = get_engine(game)
    players, state = signer.read(game, body.state)
    state, events = engine.advance(state, body.now_ms)
    return answer(engine, signer, players, state, events)


def answer(engine: Engine, signer: StateSigner, players: int, state: State, events: list[Event]) -> dict[str, Any]:
    seats = [
        {
            "seat": seat,
            "view": engine.view(state, seat),
            "legal_actions": engine.legal_actions(state, seat),
            "events": events_for(events, seat),
        }
        for seat in range(players)
    ]
    return {
        "state": signer.sign(engine.slug, players, state),
        "seats": seats,
        "spectator": {"view": engine.view(state, None), "events": events_for(events, None)},
        "next_deadline": engine.next_deadline(state),
        "result": engine.result(state),
    }
