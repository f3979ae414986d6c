"""The contract a generator reads (issue 28, item 4): /openapi.json names every game's actions,
views, events and results; every operation has a stable id and a described tag; /asyncapi.json
describes the socket; and the models describe what the engines really return."""

from __future__ import annotations

from typing import Any

import jsonschema_rs
import pytest

from dorhami.api import asyncapi
from dorhami.api.game_models import GAMES as MODELS
from dorhami.app import create_app
from dorhami.catalogue import GAMES
from dorhami.config import Settings
from dorhami.engine import events_for
from dorhami.hub import messages, protocol
from tests.support import frames
from tests.support.seeded_games import VARIANTS, play

from .factories import new_player, seated_game

# Generated clients name their functions by these: a rename breaks every client, so it is a decision.
OPERATION_IDS = {
    "create_player",
    "who_am_i",
    "my_games",
    "rename_player",
    "new_recovery_code",
    "forget_recovery_code",
    "list_sessions",
    "end_session",
    "restore_player",
    "get_player_history",
    "get_leaderboard",
    "list_games",
    "get_replay",
    "verify_game",
    "list_rooms",
    "create_room",
    "get_room",
    "room_qr",
    "join_room",
    "add_bot",
    "free_seat",
    "move_seat",
    "ask_rescue",
    "withdraw_rescue",
    "approve_rescue",
    "start_game",
    "start_rematch",
    "request_rematch",
    "leave_room",
    "get_state",
    "post_action",
    "get_log",
    "get_chat",
    "set_chat_settings",
    "mute_player",
    "unmute_player",
    "get_push_key",
    "add_push_subscription",
    "list_push_subscriptions",
    "delete_push_subscription",
    "get_player_settings",
    "update_player_settings",
    "list_people",
    "list_friends",
    "request_friend",
    "accept_friend",
    "remove_friend",
    "list_blocks",
    "block_player",
    "unblock_player",
    "invite_to_room",
    "list_invitations",
    "get_invitation",
    "accept_invitation",
    "decline_invitation",
    "play_again",
    "list_tutorials",
    "get_tutorial_script",
    "get_step",
    "try_step",
    "my_tutorials",
    "save_my_tutorial",
    "new_sandbox_game",
    "apply_sandbox_action",
    "advance_sandbox_clock",
    "healthz",
    "readyz",
}
PARTS = ("Action", "LegalAction", "View", "Event", "Result")


@pytest.fixture(scope="module")
def openapi() -> dict:
    return create_app(Settings()).openapi()


def operations(document: dict) -> list[tuple[str, str, dict]]:
    return [(method, path, op) for path, item in document["paths"].items() for method, op in item.items()]


def references(node: Any) -> set[str]:
    if isinstance(node, dict):
        found = {node["$ref"]} if isinstance(node.get("$ref"), str) else set()
        for key, value in node.items():
            if key == "mapping":
                found |= set(value.values())
            else:
                found |= references(value)
        return found
    if isinstance(node, list):
        return set().union(*map(references, node)) if node else set()
    return set()


def resolves(document: dict, pointer: str) -> bool:
    node: Any = document
    for part in pointer.removeprefix("#/").split("/"):
        if not isinstance(node, dict) or part not in node:
            return False
        node = node[part]
    return True


def test_every_operation_has_a_stable_id_and_a_described_tag(openapi):
    found = operations(openapi)
    ids = [op.get("operationId") for _, _, op in found]
    assert len(ids) == len(set(ids)) and set(ids) == OPERATION_IDS, sorted(set(ids) ^ OPERATION_IDS)
    described = {tag["name"]: tag.get("description") for tag in openapi["tags"]}
    for method, path, op in found:
        assert op.get("tags") and all(described.get(tag) for tag in op["tags"]), f"{method} {path}: {op.get('tags')}"


def test_every_game_s_actions_views_events_and_results_are_named_components(openapi):
    schemas = openapi["components"]["schemas"]
    assert sorted(game.slug for game in MODELS) == sorted(GAMES), "each game in the catalogue needs its models"
    for game in MODELS:
        union = schemas[game.prefix + "Action"]
        assert sorted(union["discriminator"]["mapping"]) == sorted(GAMES[game.slug].actions.types)
        for kind, target in union["discriminator"]["mapping"].items():
            action = schemas[target.rsplit("/", 1)[1]]
            assert action["properties"]["type"]["const"] == kind and action["additionalProperties"] is False
        assert all(game.prefix + part in schemas for part in PARTS)
    assert schemas["CamelUpCardsPlayCard"]["properties"]["type"]["const"] == "play_card"
    assert set(schemas["CamelUpCardsPlayCard"]["properties"]) == {"type", "card", "camel", "step"}


def test_the_endpoints_that_carry_game_parts_name_them(openapi):
    schemas = openapi["components"]["schemas"]
    targets = {ref.rsplit("/", 1)[1] for ref in references(schemas["StatePublic"]["properties"]["view"])}
    assert targets == {game.prefix + "View" for game in MODELS}
    body = schemas["ActionCreate"]["properties"]["action"]
    assert {"#/components/schemas/TwinItClaim", "#/components/schemas/JekyllVsHydePlayCard"} <= references(body)
    for name, prop in (
        ("ReplayFrame", "view"),
        ("SeatPosition", "view"),
        ("ActionResult", "events"),
        ("ReplayPublic", "result"),
        ("SandboxApply", "action"),
    ):
        assert references(schemas[name]["properties"][prop]), f"{name}.{prop} names no game's models"


@pytest.mark.parametrize("document", ["openapi", "asyncapi"])
def test_every_reference_resolves(openapi, document):
    doc = openapi if document == "openapi" else asyncapi.document()
    missing = sorted(ref for ref in references(doc) if not resolves(doc, ref))
    assert not missing, missing


def test_the_asyncapi_document_is_served_and_lists_every_message(client):
    served = client.get("/asyncapi.json")
    assert served.status_code == 200 and served.json() == asyncapi.document()
    doc = served.json()
    assert doc["asyncapi"] == "3.0.0" and doc["channels"]["room"]["address"] == "/ws/rooms/{code}"
    sent = {
        doc["components"]["messages"][ref["$ref"].rsplit("/", 1)[1]]["name"]
        for ref in doc["operations"]["sendServerMessages"]["messages"]
    }
    assert sent == {"room", "state", "patch", "history", "ack", "error", "pong", "ping", "chat", "chat_history"}
    # The client's messages are exactly those the server reads (hub/messages.py).
    read = set(messages.Inbound.json_schema()["discriminator"]["mapping"])
    assert {model.model_fields["type"].annotation.__args__[0] for model in protocol.CLIENT} == read
    assert "/asyncapi.json" in client.get("/docs").text


def test_the_builders_frames_follow_the_document():
    frames.check(messages.error("invalid_message", "type: Field required", 3))
    frames.check(messages.ack(4, 7, [{"type": "trick_won", "seat": 1, "lead": 3, "follow": 5, "effect": None}]))
    frames.check(messages.pong(12.5, 1000))
    frames.check(messages.pong(None, 1000))
    frames.check(messages.history(3, [(1, []), (2, [{"type": "card_committed", "seat": 0}])]))
    frames.check({"type": "ping", "id": 1})
    race = {
        "type": "race_judged",
        "cards": [4],
        "winner": 1,
        "contenders": [
            {
                "seat": 1,
                "received_ms": 10,
                "reported_ms": 5,
                "reaction_ms": 300,
                "compensation_ms": 5,
                "compensated_ms": 5,
            }
        ],
    }
    frames.check(messages.ack(None, 9, [race]))
    with pytest.raises(frames.FrameError):
        frames.check({**messages.pong(None, 1), "extra": 1})
    with pytest.raises(frames.FrameError):
        frames.check(messages.ack(1, 2, [{"type": "no_such_event"}]))


def test_a_body_is_judged_by_the_engine_as_before(client):
    """The schema documents the actions; the engine still judges them, with its own codes."""
    code, host, _ = seated_game(client)
    state = client.get(f"/api/rooms/{code}/state", headers=host["headers"]).json()
    malformed = GAMES["jekyll-vs-hyde"].actions.malformed
    wrong = [
        ({"type": "dance"}, 400, "unknown_action"),
        ({**state["legal_actions"][0], "junk": 1}, 400, malformed),
        ({"type": "play_card", "card": 0}, 409, "wrong_phase"),
        ({"type": "play_card"}, 400, "unknown_action"),
        (7, 422, "invalid_request"),
    ]  # the request model refuses an action that is no object, as it did
    for action, status, code_name in wrong:
        answer = client.post(f"/api/rooms/{code}/actions", json={"action": action}, headers=host["headers"])
        assert (answer.status_code, answer.json()["code"]) == (status, code_name), answer.text
    answer = client.post(
        f"/api/rooms/{code}/actions",
        json={"action": {"type": "play_card", "card": 0}},
        headers=new_player(client)["headers"],
    )
    assert (answer.status_code, answer.json()["code"]) == (403, "not_seated"), answer.text


def validators(document: dict, names: list[str]) -> dict[str, Any]:
    return {
        name: jsonschema_rs.validator_for(
            {"components": document["components"], "$ref": f"#/components/schemas/{name}"}
        )
        for name in names
    }


@pytest.mark.parametrize("game", MODELS, ids=lambda game: game.slug)
def test_the_models_describe_seeded_games_of_every_variant(openapi, game):
    """Every view (each seat's and a spectator's), event, legal action and result of seeded random
    games of every variant (tests/support/seeded_games.py) validates against the game's components."""
    engine = GAMES[game.slug]
    check = validators(openapi, [game.prefix + part for part in PARTS])
    wrong: dict[str, str] = {}

    def judge(part: str, instance: Any) -> None:
        for error in check[game.prefix + part].iter_errors(instance):
            wrong.setdefault(f"{part} at /{'/'.join(map(str, error.instance_path))}", str(error.message)[:300])

    for i, variant in enumerate(VARIANTS[game.slug]):

        def seen(state: dict, events: list, players: int = variant.players) -> None:
            for seat in [*range(players), None]:
                judge("View", engine.view(state, seat))
                for event in events_for(events, seat):
                    judge("Event", event)
                for action in engine.compact_legal_actions(state, seat) if seat is not None else []:
                    judge("LegalAction", action)
                    judge("Action", action) if not engine.realtime else None
            if (result := engine.result(state)) is not None:
                judge("Result", result)

        play(
            engine,
            variant,
            9_000 + i,
            lambda state: seen(state, engine.start_events(state)),
            lambda _pre, _seat, _action, _now, post, events: seen(post, events),
        )
    assert not wrong, "\n".join(f"{where}: {message}" for where, message in list(wrong.items())[:20])


def test_the_suite_checks_every_frame_its_sockets_receive():
    """tests/conftest.py wraps the test clients' receive for the whole session (tests/support/frames.py)."""
    from starlette.testclient import WebSocketTestSession
    from websockets.asyncio.connection import Connection
    from websockets.sync.connection import Connection as SyncConnection

    wrapped = (WebSocketTestSession.receive, Connection.recv, SyncConnection.recv)
    assert [f.__name__ for f in wrapped] == ["checked_receive", "checked_recv", "checked_sync_recv"]
