"""A client generated from /openapi.json by a standard generator (openapi-python-client) plays a
whole game of every title: players, a room, bots, the start, then actions built as the generated
models of the game's own actions (`JekyllVsHydePlayCard`, `TwinItClaim`, ...) until the result."""

from __future__ import annotations

import importlib
import json
import random
import subprocess
import sys
import time
from types import ModuleType

import pytest
from fastapi.testclient import TestClient

from dorhami.api.game_models import GAMES as MODELS
from dorhami.app import create_app
from dorhami.config import Settings

from .players import QUICK_CONFIG, choose

PACKAGE = "dorhami_client"
# Rule refusals a quick player meets in a race (a bot was faster): no harm, it tries again.
RACE_CODES = {"stale", "too_late", "target_not_active", "locked_out", "stale_step", "not_playing"}


@pytest.fixture(scope="module")
def generated(tmp_path_factory) -> tuple[ModuleType, dict]:
    """The generated package, imported, and the document it was generated from."""
    where = tmp_path_factory.mktemp("generated")
    document = create_app(Settings()).openapi()
    (where / "openapi.json").write_text(json.dumps(document))
    (where / "config.json").write_text(json.dumps({"post_hooks": []}))  # no formatter needed to import it
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "openapi_python_client",
            "generate",
            "--path",
            "openapi.json",
            "--config",
            "config.json",
            "--meta",
            "none",
            "--output-path",
            PACKAGE,
        ],
        cwd=where,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    # The generator leaves out what it cannot model and only warns: here, nothing may be left out.
    assert "Unable to" not in done.stdout + done.stderr, done.stdout + done.stderr
    sys.path.insert(0, str(where))
    try:
        importlib.import_module(f"{PACKAGE}.models")
        yield importlib.import_module(PACKAGE), document
    finally:
        sys.path.remove(str(where))
        for name in [name for name in sys.modules if name == PACKAGE or name.startswith(PACKAGE + ".")]:
            del sys.modules[name]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    from dorhami.storage.db import migrate

    url = f"sqlite:///{tmp_path_factory.mktemp('db') / 'dorhami.db'}"
    migrate(url)
    # The driver polls state as fast as it can, as no person does: no REST rate limits here.
    with TestClient(create_app(Settings(database_url=url, bot_delay_ms=(5, 20), rate_limits=False))) as client:
        yield client


def api(client_module: ModuleType, name: str) -> ModuleType:
    tag, operation = name.split(".")
    return importlib.import_module(f"{PACKAGE}.api.{tag}.{operation}")


@pytest.mark.parametrize("game", MODELS, ids=lambda game: game.slug)
def test_a_generated_client_plays_a_whole_game(generated, server, game):
    package, document = generated
    models = package.models
    transport = {"transport": server._transport}  # the generated client's own httpx, in-process

    def as_player(name: str):
        anonymous = package.Client(base_url=str(server.base_url), httpx_args=transport)
        created = api(package, "players.create_player").sync(client=anonymous, body=models.PlayerCreate(name=name))
        assert isinstance(created, models.PlayerCreated), created
        return package.AuthenticatedClient(base_url=str(server.base_url), token=created.token, httpx_args=transport)

    me = as_player("Generated")
    config = models.RoomCreateConfig.from_dict(QUICK_CONFIG[game.slug])
    room = api(package, "rooms.create_room").sync(client=me, body=models.RoomCreate(game=game.slug, config=config))
    assert isinstance(room, models.RoomPublic), room
    # JoinBody is optional, but the generator sends its UNSET placeholder when none is given.
    assert api(package, "rooms.join_room").sync(code=room.code, client=me, body=models.JoinBody()).seat == 0
    for _ in range(max(1, room.min_players - 1)):
        bot = models.BotCreate(level=models.BotCreateLevel("normal"))
        seated = api(package, "rooms.add_bot").sync(code=room.code, client=me, body=bot)
        assert isinstance(seated, models.JoinResult), seated
    assert isinstance(api(package, "rooms.start_game").sync(code=room.code, client=me), models.StartResult)

    # The game's own actions, by type, as the generator named them from the discriminator.
    by_type = {
        kind: getattr(models, target.rsplit("/", 1)[1])
        for kind, target in document["components"]["schemas"][game.prefix + "Action"]["discriminator"][
            "mapping"
        ].items()
    }
    view_model = getattr(models, game.prefix + "View")
    get_state, post_action = api(package, "rooms.get_state"), api(package, "rooms.post_action")
    rng, deadline, played = random.Random(5), time.monotonic() + 40, 0
    while time.monotonic() < deadline:
        answer = get_state.sync_detailed(code=room.code, client=me)
        state = answer.parsed
        assert isinstance(state, models.StatePublic) and isinstance(state.view, view_model), answer.content[:300]
        if state.result is not None:
            assert played > 0 or game.realtime, "the person never played"
            return
        # The chooser of the whole-game tests reads the message as JSON; what it sends is a generated model.
        action = choose(game.slug, json.loads(answer.content), rng)
        if action is None:
            time.sleep(0.02)  # bots and timers move the game on
            continue
        body = models.ActionCreate(action=by_type[action["type"]].from_dict(action))
        sent = post_action.sync_detailed(code=room.code, client=me, body=body)
        if isinstance(sent.parsed, models.ActionResult):
            played += 1
        else:
            assert isinstance(sent.parsed, models.ErrorPublic) and sent.parsed.code in RACE_CODES, sent.content
    raise AssertionError(f"{game.slug}: the game did not end in time")
