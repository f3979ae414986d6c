"""Tutorials (docs/TUTORIALS.md): each game's script played on its real engine, one step at a time,
and each player's progress through them.

A try is judged against the script's own game, which the server replays once per process
(`catalogue.get_tutorial`): nothing about a player's attempt is kept, only the progress a signed-in
player saves. No sign-in is needed to learn: a newcomer tries a game before they have a name.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Path
from pydantic import BaseModel, Field

from ...catalogue import TUTORIALS, get_tutorial
from ...engine import IllegalAction
from ...engine.tutorial import Attempt, Tutorial
from ...errors import ErrorCode
from ...hub.errors import HubError
from ...storage import tutorials as progress
from ..deps import CurrentPlayer, HubDep, address_limit
from ..schemas import ERRORS, ErrorPublic, Strict

router = APIRouter(prefix="/api", tags=["tutorials"], responses=ERRORS)
GameSlug = Annotated[str, Path(max_length=32, description="a game's slug", examples=["double-connect"])]
StepIndex = Annotated[int, Path(ge=0, le=1000, description="the step's index in the script")]


class Frame(BaseModel):
    version: int
    now_ms: int = Field(description="the script's clock: a renderer's `server now` for this frame")
    seat: int
    view: dict[str, Any]
    legal_actions: list[dict[str, Any]]
    events: list[dict[str, Any]]
    result: dict[str, Any] | None


class StepPublic(BaseModel):
    say: str = Field(description="the coach's text: key learn.<game>.<say> of the client's strings")
    act: bool = Field(description="true: the step waits for the taught action; false: for the coach's Next")
    point: list[str] = Field(description="selectors in the table, in the order the player touches them")
    other: str | None
    refused: str | None
    race_ms: int | None = Field(description="real speed: an opponent moves after this many ms unless you are first")


class TutorialPublic(BaseModel):
    game: str
    players: int
    seat: int
    names: list[str] = Field(description="for each other seat in order, a key of learn.name.<key>")
    minutes: int
    steps: list[StepPublic]
    start: Frame


class TutorialListed(BaseModel):
    game: str
    steps: int
    minutes: int


class TryBody(Strict):
    action: dict[str, Any] | None = Field(None, description="the player's action; null: the coach's Next")
    timeout: bool = Field(False, description="a race step's real time ran out before the player moved")


class TryAnswer(BaseModel):
    outcome: Literal["taught", "other", "refused", "beaten"]
    frames: list[Frame] = Field(
        description="taught: the frames the action and the replies led to; beaten: the opponent's"
    )
    error: ErrorPublic | None = Field(description="refused: the engine's own refusal")


class ProgressPublic(BaseModel):
    game: str
    step: int
    done: bool
    done_ms: int | None


class ProgressBody(Strict):
    step: int = Field(ge=0, le=1000)
    done: bool = False


def tutorial_of(game: str) -> Tutorial:
    if game not in TUTORIALS:
        raise HubError(ErrorCode.NO_TUTORIAL, f"no tutorial for {game!r}; tutorials: {', '.join(sorted(TUTORIALS))}")
    return get_tutorial(game)


@router.get("/tutorials", response_model=list[TutorialListed], dependencies=[Depends(address_limit("request"))])
async def list_tutorials() -> list[dict[str, Any]]:
    """The games that have a tutorial, with their length."""
    return [{"game": s.game, "steps": len(s.steps), "minutes": s.minutes} for _, s in sorted(TUTORIALS.items())]


@router.get("/tutorials/{game}", response_model=TutorialPublic, dependencies=[Depends(address_limit("request"))])
async def get_tutorial_script(game: GameSlug) -> dict[str, Any]:
    """A game's tutorial: its steps as the coach shows them (never the taught actions) and the first frame."""
    tutorial = tutorial_of(game)
    script = tutorial.script
    steps = [
        {
            "say": step.say,
            "act": step.expect is not None,
            "point": list(step.point),
            "other": step.other,
            "refused": step.refused,
            "race_ms": step.race.after_ms if step.race else None,
        }
        for step in script.steps
    ]
    return {
        "game": script.game,
        "players": script.players,
        "seat": script.seat,
        "names": list(script.names),
        "minutes": script.minutes,
        "steps": steps,
        "start": tutorial.payload(tutorial.start),
    }


@router.get("/tutorials/{game}/steps/{index}", response_model=Frame, dependencies=[Depends(address_limit("request"))])
async def get_step(game: GameSlug, index: StepIndex) -> dict[str, Any]:
    """The game as it stands when step `index` begins (to resume a tutorial part-way)."""
    tutorial = tutorial_of(game)
    check_step(tutorial, index)
    return tutorial.payload(tutorial.before[index])


@router.post(
    "/tutorials/{game}/steps/{index}", response_model=TryAnswer, dependencies=[Depends(address_limit("sandbox"))]
)
async def try_step(game: GameSlug, index: StepIndex, body: TryBody) -> dict[str, Any]:
    """Judge the player's action at step `index`. Only the taught action moves the game on; another
    legal action is not applied (`other`), an illegal one gets the engine's refusal (`refused`)."""
    tutorial = tutorial_of(game)
    check_step(tutorial, index)
    attempt = tutorial.beaten(index) if body.timeout else tutorial.attempt(index, body.action)
    return answer(tutorial, attempt)


def check_step(tutorial: Tutorial, index: int) -> None:
    if index >= len(tutorial.script.steps):
        raise HubError(ErrorCode.NO_SUCH_STEP, f"this tutorial has steps 0 to {len(tutorial.script.steps) - 1}")


def answer(tutorial: Tutorial, attempt: Attempt) -> dict[str, Any]:
    error: IllegalAction | None = attempt.error
    return {
        "outcome": attempt.outcome,
        "frames": [tutorial.payload(frame) for frame in attempt.frames],
        "error": {"code": error.code, "message": error.message} if error else None,
    }


@router.get(
    "/players/me/tutorials", response_model=list[ProgressPublic], dependencies=[Depends(address_limit("request"))]
)
async def my_tutorials(player: CurrentPlayer, hub: HubDep) -> list[dict[str, Any]]:
    """How far you got in each game's tutorial, and which you finished."""
    rows = await hub.store.run(progress.progress_of, hub.store.repo, player.id)
    return [public(row) for row in rows if row.game in TUTORIALS]


@router.put(
    "/players/me/tutorials/{game}", response_model=ProgressPublic, dependencies=[Depends(address_limit("request"))]
)
async def save_my_tutorial(game: GameSlug, body: ProgressBody, player: CurrentPlayer, hub: HubDep) -> dict[str, Any]:
    """Save the step to resume at; `done` marks the tutorial finished (the first time is kept)."""
    tutorial = tutorial_of(game)
    check_step(tutorial, body.step)
    row = await hub.store.run(
        progress.save_progress, hub.store.repo, player.id, game, body.step, body.done, hub.clock.now_ms()
    )
    return public(row)


def public(row: Any) -> dict[str, Any]:
    return {"game": row.game, "step": row.step, "done": row.done_ms is not None, "done_ms": row.done_ms}
