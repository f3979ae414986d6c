"""/api/tutorials: a game's script, judged step by step on its engine, and each player's progress."""

from __future__ import annotations

from dorhami.catalogue import TUTORIALS
from dorhami.games.double_connect.tutorial import TUTORIAL
from tests.api.factories import new_player

SLUG = "double-connect"
FIRST_ACT = next(i for i, step in enumerate(TUTORIAL.steps) if step.expect is not None)


def try_step(client, index: int, **body) -> dict:
    response = client.post(f"/api/tutorials/{SLUG}/steps/{index}", json=body)
    assert response.status_code == 200, response.text
    return response.json()


def test_the_script_is_served_without_the_taught_actions_and_with_the_first_frame(client):
    listed = client.get("/api/tutorials").json()
    assert {entry["game"] for entry in listed} == set(TUTORIALS)
    tutorial = client.get(f"/api/tutorials/{SLUG}").json()
    assert len(tutorial["steps"]) == len(TUTORIAL.steps)
    assert tutorial["steps"][FIRST_ACT]["act"] is True and tutorial["steps"][0]["act"] is False
    assert "expect" not in tutorial["steps"][FIRST_ACT], "the answer is for the player to find"
    start = tutorial["start"]
    assert start["seat"] == 0 and start["view"]["you"] == 0
    assert start["view"]["hand_sizes"] == [TUTORIAL.config["hand_size"]] * TUTORIAL.players


def test_only_the_taught_action_moves_the_game_on(client):
    taught = dict(TUTORIAL.steps[FIRST_ACT].expect)
    step_version = client.get(f"/api/tutorials/{SLUG}/steps/{FIRST_ACT}").json()["version"]

    wrong_symbol = {**taught, "symbol": (taught["symbol"] + 1) % 57}
    assert try_step(client, FIRST_ACT, action=wrong_symbol) == {"outcome": "other", "frames": [], "error": None}

    not_a_target = try_step(client, FIRST_ACT, action={**taught, "target": 0})
    assert not_a_target["outcome"] == "refused" and not_a_target["error"]["code"] == "target_not_active"

    malformed = try_step(client, FIRST_ACT, action={"type": "claim", "card": "x"})
    assert malformed["outcome"] == "refused" and malformed["error"]["code"] == "malformed"

    done = try_step(client, FIRST_ACT, action=taught)
    assert done["outcome"] == "taught"
    # The claim, then the scripted opponent's reply, each a version on from the step's.
    assert [frame["version"] for frame in done["frames"]] == [step_version + 1, step_version + 2]
    assert done["frames"][0]["events"][0]["type"] == "claim_accepted"
    # Nothing is kept: the same step judged again gives the same answer.
    assert try_step(client, FIRST_ACT, action=taught) == done


def test_next_and_a_race_lost_to_the_clock(client):
    assert try_step(client, 0, action=None)["outcome"] == "taught"
    assert try_step(client, FIRST_ACT, action=None)["outcome"] == "other", "an action step does not go on by Next"
    race = next(i for i, step in enumerate(TUTORIAL.steps) if step.race is not None)
    beaten = try_step(client, race, timeout=True)
    assert beaten["outcome"] == "beaten"
    assert beaten["frames"][0]["events"][0]["seat"] == 1


def test_bad_requests_get_typed_errors(client):
    assert client.get("/api/tutorials/chess").json()["code"] == "no_tutorial"
    assert client.get(f"/api/tutorials/{SLUG}/steps/999").json()["code"] == "no_such_step"
    response = client.post(f"/api/tutorials/{SLUG}/steps/0", json={"action": None, "extra": 1})
    assert response.status_code == 422
    assert client.get("/learn/chess").status_code == 404 and client.get(f"/learn/{SLUG}").status_code == 200


def test_progress_is_kept_per_player_and_finishing_is_kept(client):
    ana, ben = new_player(client, "Ana"), new_player(client, "Ben")
    assert client.get("/api/players/me/tutorials").status_code == 401
    assert client.put(f"/api/players/me/tutorials/{SLUG}", json={"step": 3}, headers=ana["headers"]).json() == {
        "game": SLUG,
        "step": 3,
        "done": False,
        "done_ms": None,
    }
    last = len(TUTORIAL.steps) - 1
    done = client.put(f"/api/players/me/tutorials/{SLUG}", json={"step": last, "done": True}, headers=ana["headers"])
    assert done.json()["done"] is True
    again = client.put(f"/api/players/me/tutorials/{SLUG}", json={"step": 0}, headers=ana["headers"]).json()
    assert again["step"] == 0 and again["done"] is True and again["done_ms"] == done.json()["done_ms"]
    assert client.get("/api/players/me/tutorials", headers=ben["headers"]).json() == []
    assert client.put("/api/players/me/tutorials/chess", json={"step": 0}, headers=ben["headers"]).status_code == 404
    too_far = client.put(f"/api/players/me/tutorials/{SLUG}", json={"step": last + 1}, headers=ben["headers"])
    assert too_far.json()["code"] == "no_such_step"
