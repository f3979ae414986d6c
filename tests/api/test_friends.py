"""Friends, blocks and invitations over REST (docs/FRIENDS.md)."""

from __future__ import annotations

from dorhami.push.notifier import Notice
from dorhami.storage import friends

from .factories import new_player, new_room, play_to_the_end, seated_game
from .test_socket import hello, receive_until


def befriend(client, a: dict, b: dict) -> None:
    assert client.post("/api/players/me/friends", json={"player_id": b["id"]}, headers=a["headers"]).json() == {
        "status": "pending"
    }
    accepted = client.post(f"/api/players/me/friends/{a['id']}/accept", headers=b["headers"])
    assert accepted.status_code == 200, accepted.text


def friends_of(client, player: dict) -> dict:
    response = client.get("/api/players/me/friends", headers=player["headers"])
    assert response.status_code == 200, response.text
    return response.json()


def test_a_request_is_pending_until_accepted_and_a_request_both_ways_is_a_friendship(client):
    sara, omid, lea = new_player(client, "Sara"), new_player(client, "Omid"), new_player(client, "Lea")
    asked = client.post("/api/players/me/friends", json={"player_id": omid["id"]}, headers=sara["headers"])
    assert asked.json() == {"status": "pending"}
    assert [r["name"] for r in friends_of(client, sara)["outgoing"]] == ["Omid"]
    assert [r["name"] for r in friends_of(client, omid)["incoming"]] == ["Sara"]
    assert friends_of(client, sara)["friends"] == []
    # Omid asks Sara in turn: that is his yes.
    back = client.post("/api/players/me/friends", json={"player_id": sara["id"]}, headers=omid["headers"])
    assert back.json() == {"status": "accepted"}
    assert [f["name"] for f in friends_of(client, sara)["friends"]] == ["Omid"]
    assert friends_of(client, omid)["incoming"] == []
    # Accepting what nobody asked is refused; asking yourself or nobody too.
    refused = client.post(f"/api/players/me/friends/{lea['id']}/accept", headers=sara["headers"])
    assert (refused.status_code, refused.json()["code"]) == (404, "no_such_friend")
    me = client.post("/api/players/me/friends", json={"player_id": sara["id"]}, headers=sara["headers"])
    assert me.json()["code"] == "cannot_befriend_self"
    nobody = client.post("/api/players/me/friends", json={"player_id": "0" * 32}, headers=sara["headers"])
    assert (nobody.status_code, nobody.json()["code"]) == (404, "player_not_found")
    # Lea's request, declined; then Omid unfriended.
    client.post("/api/players/me/friends", json={"player_id": sara["id"]}, headers=lea["headers"])
    assert client.delete(f"/api/players/me/friends/{lea['id']}", headers=sara["headers"]).status_code == 204
    assert friends_of(client, lea)["outgoing"] == []
    assert client.delete(f"/api/players/me/friends/{omid['id']}", headers=omid["headers"]).status_code == 404
    assert client.delete(f"/api/players/me/friends/{sara['id']}", headers=omid["headers"]).status_code == 204
    assert friends_of(client, sara)["friends"] == [] and friends_of(client, omid)["friends"] == []
    assert client.get("/api/players/me/friends").json()["code"] == "auth_required"


def test_people_i_played_with_come_from_finished_games_with_names_and_never_tokens(client):
    code, host, guest = seated_game(client)
    play_to_the_end(client, code, [host, guest])
    loner = new_player(client, "Loner")
    people = client.get("/api/players/me/people", headers=host["headers"]).json()["people"]
    assert [(p["id"], p["name"], p["games"], p["friend"], p["blocked"]) for p in people] == [
        (guest["id"], "Guest", 1, "none", False)
    ]
    assert guest["token"] not in str(people)
    assert client.get("/api/players/me/people", headers=loner["headers"]).json() == {"people": []}
    client.post("/api/players/me/friends", json={"player_id": guest["id"]}, headers=host["headers"])
    client.post(f"/api/players/me/blocks/{host['id']}", headers=guest["headers"])
    seen_by_guest = client.get("/api/players/me/people", headers=guest["headers"]).json()["people"]
    assert [(p["name"], p["friend"], p["blocked"]) for p in seen_by_guest] == [("Host", "none", True)]


def test_a_friend_s_presence_names_a_private_room_only_to_someone_seated_in_it(client):
    sara, omid, lea = new_player(client, "Sara"), new_player(client, "Omid"), new_player(client, "Lea")
    befriend(client, sara, omid)
    befriend(client, lea, omid)
    private = new_room(client, omid, private=True)["code"]
    client.post(f"/api/rooms/{private}/join", headers=omid["headers"])
    client.post(f"/api/rooms/{private}/join", headers=sara["headers"])
    room = next(f for f in friends_of(client, sara)["friends"] if f["id"] == omid["id"])["room"]
    assert room == {"code": private, "game": "jekyll-vs-hyde", "status": "waiting", "pace": "live", "their_turn": False}
    hidden = friends_of(client, lea)["friends"][0]["room"]
    assert hidden["code"] is None and hidden["game"] == "jekyll-vs-hyde"
    assert private not in str(friends_of(client, lea))
    # A public room's code is anybody's.
    public = new_room(client, lea, private=False)["code"]
    client.post(f"/api/rooms/{public}/leave", headers=sara["headers"])
    client.post(f"/api/rooms/{public}/join", headers=lea["headers"])
    client.post(f"/api/rooms/{private}/leave", headers=omid["headers"])
    client.post(f"/api/rooms/{public}/join", headers=omid["headers"])
    assert next(f for f in friends_of(client, sara)["friends"] if f["id"] == omid["id"])["room"]["code"] == public
    # Online: a page of a room open.
    assert friends_of(client, sara)["friends"][0]["online"] is False
    ws, socket = hello(client, public, omid)
    receive_until(socket, "room")
    assert friends_of(client, sara)["friends"][0]["online"] is True
    ws.__exit__(None, None, None)


def test_their_turn_comes_from_the_room_s_turn(client):
    code, host, guest = seated_game(client)
    befriend(client, host, guest)
    room = friends_of(client, host)["friends"][0]["room"]
    assert room["status"] == "playing" and room["code"] == code
    # rooms.turn is the lead's (hub/pace.py); what the listing reads of it is its `seats`.
    engine = client.app.state.hub.store.engine
    with engine.begin() as connection:
        connection.execute(
            friends.ROOMS.update().where(friends.ROOMS.c.code == code).values(turn={"seats": [1], "version": 3})
        )
    assert friends_of(client, host)["friends"][0]["room"]["their_turn"] is True
    assert friends_of(client, guest)["friends"][0]["room"]["their_turn"] is False


def test_a_block_bars_joining_inviting_requesting_and_hides_chat_lines(client):
    sara, omid, lea = new_player(client, "Sara"), new_player(client, "Omid"), new_player(client, "Lea")
    befriend(client, sara, omid)
    assert client.post(f"/api/players/me/blocks/{omid['id']}", headers=sara["headers"]).status_code == 204
    # The friendship ended; neither side may ask again while the block stands.
    assert friends_of(client, sara)["friends"] == [] and friends_of(client, omid)["friends"] == []
    asked = client.post("/api/players/me/friends", json={"player_id": sara["id"]}, headers=omid["headers"])
    assert (asked.status_code, asked.json()["code"]) == (403, "not_welcome")
    mine = client.post("/api/players/me/friends", json={"player_id": omid["id"]}, headers=sara["headers"])
    assert (mine.status_code, mine.json()["code"]) == (409, "player_blocked")
    blocks = client.get("/api/players/me/blocks", headers=sara["headers"]).json()["blocked"]
    assert [(b["id"], b["name"]) for b in blocks] == [(omid["id"], "Omid")]
    # Sara hosts: Omid may not sit down. Lea hosts and Sara sits: Omid may not either.
    hosted = new_room(client, sara)["code"]
    joined = client.post(f"/api/rooms/{hosted}/join", headers=omid["headers"])
    assert (joined.status_code, joined.json()["code"]) == (403, "not_welcome")
    other = new_room(client, lea)["code"]
    client.post(f"/api/rooms/{other}/join", headers=sara["headers"])
    assert client.post(f"/api/rooms/{other}/join", headers=omid["headers"]).json()["code"] == "not_welcome"
    # Omid seated first, then Sara sits down with him: her own choice, allowed.
    third = new_room(client, lea, config={})["code"]
    assert client.post(f"/api/rooms/{third}/join", headers=omid["headers"]).status_code == 200
    assert client.post(f"/api/rooms/{third}/join", headers=sara["headers"]).status_code == 200
    # Invitations either way are refused.
    invited = client.post(f"/api/rooms/{third}/invitations", json={"player_id": sara["id"]}, headers=omid["headers"])
    assert invited.json()["code"] == "not_welcome"
    # Sara's reading of the chat leaves Omid's lines out; Omid's own reading keeps them.
    ws, socket = hello(client, third, omid)
    receive_until(socket, "room")
    socket.send_json({"type": "chat", "text": "hello"})
    receive_until(socket, "chat")
    ws.__exit__(None, None, None)
    assert client.get(f"/api/rooms/{third}/chat", headers=sara["headers"]).json() == {"messages": []}
    assert [m["body"] for m in client.get(f"/api/rooms/{third}/chat", headers=omid["headers"]).json()["messages"]] == [
        "hello"
    ]
    # Unblocked: everything is as before the block (but the friendship is not restored).
    assert client.delete(f"/api/players/me/blocks/{omid['id']}", headers=sara["headers"]).status_code == 204
    assert client.post(f"/api/rooms/{hosted}/join", headers=omid["headers"]).status_code == 200
    assert client.delete(f"/api/players/me/blocks/{omid['id']}", headers=sara["headers"]).status_code == 404


def test_an_invitation_names_no_room_code_and_only_its_invitee_reads_or_accepts_it(client):
    sara, omid, lea = new_player(client, "Sara"), new_player(client, "Omid"), new_player(client, "Lea")
    befriend(client, sara, omid)
    code = new_room(client, sara, private=True)["code"]
    client.post(f"/api/rooms/{code}/join", headers=sara["headers"])
    # Only a friend, only by someone at the table.
    stranger = client.post(f"/api/rooms/{code}/invitations", json={"player_id": lea["id"]}, headers=sara["headers"])
    assert (stranger.status_code, stranger.json()["code"]) == (403, "not_a_friend")
    outsider = client.post(f"/api/rooms/{code}/invitations", json={"player_id": sara["id"]}, headers=omid["headers"])
    assert (outsider.status_code, outsider.json()["code"]) == (403, "cannot_invite")
    sent = client.post(f"/api/rooms/{code}/invitations", json={"player_id": omid["id"]}, headers=sara["headers"])
    assert sent.status_code == 201 and sent.json()["new"] is True
    invitation_id = sent.json()["id"]
    again = client.post(f"/api/rooms/{code}/invitations", json={"player_id": omid["id"]}, headers=sara["headers"])
    assert again.json() == {"id": invitation_id, "new": False}
    listed = client.get("/api/players/me/invitations", headers=omid["headers"]).json()["invitations"]
    assert [(i["id"], i["inviter"]["name"], i["game"], i["status"]) for i in listed] == [
        (invitation_id, "Sara", "jekyll-vs-hyde", "pending")
    ]
    assert code not in str(listed) and code not in invitation_id
    one = client.get(f"/api/invitations/{invitation_id}", headers=omid["headers"])
    assert one.status_code == 200 and code not in one.text
    for someone in (lea, sara):
        for method, path in (("GET", ""), ("POST", "/accept"), ("DELETE", "")):
            refused = client.request(method, f"/api/invitations/{invitation_id}{path}", headers=someone["headers"])
            assert (refused.status_code, refused.json()["code"]) == (404, "no_such_invitation"), (method, path)
    assert client.post(f"/api/invitations/{invitation_id}/accept").json()["code"] == "auth_required"
    accepted = client.post(f"/api/invitations/{invitation_id}/accept", headers=omid["headers"])
    assert accepted.json() == {"code": code, "seat": 1}
    assert [s["player"]["id"] for s in client.get(f"/api/rooms/{code}").json()["seats"]] == [sara["id"], omid["id"]]
    second = client.post(f"/api/invitations/{invitation_id}/accept", headers=omid["headers"])
    assert (second.status_code, second.json()["code"]) == (409, "invitation_closed")
    assert client.get("/api/players/me/invitations", headers=omid["headers"]).json() == {"invitations": []}


def test_a_new_invitation_is_pushed_once_with_a_link_that_names_no_room(client):
    sara, omid = new_player(client, "Sara"), new_player(client, "Omid")
    befriend(client, sara, omid)
    told = []
    # The hub's services are frozen; this test stands in for the push service's `tell` all the same.
    object.__setattr__(
        client.app.state.hub.services, "notify", lambda player_id, notice: told.append((player_id, notice))
    )
    code = new_room(client, sara, private=True)["code"]
    client.post(f"/api/rooms/{code}/join", headers=sara["headers"])
    sent = client.post(f"/api/rooms/{code}/invitations", json={"player_id": omid["id"]}, headers=sara["headers"])
    client.post(f"/api/rooms/{code}/invitations", json={"player_id": omid["id"]}, headers=sara["headers"])
    assert told == [
        (
            omid["id"],
            Notice(
                kind="invitation", url=f"/invitations/{sent.json()['id']}", game="jekyll-vs-hyde", args={"from": "Sara"}
            ),
        )
    ]


def test_a_declined_or_expired_invitation_cannot_be_used(client):
    sara, omid = new_player(client, "Sara"), new_player(client, "Omid")
    befriend(client, sara, omid)
    code = new_room(client, sara)["code"]
    client.post(f"/api/rooms/{code}/join", headers=sara["headers"])
    first = client.post(f"/api/rooms/{code}/invitations", json={"player_id": omid["id"]}, headers=sara["headers"])
    assert client.delete(f"/api/invitations/{first.json()['id']}", headers=omid["headers"]).status_code == 204
    assert client.get(f"/api/invitations/{first.json()['id']}", headers=omid["headers"]).json()["status"] == "declined"
    assert client.post(f"/api/invitations/{first.json()['id']}/accept", headers=omid["headers"]).status_code == 409
    second = client.post(f"/api/rooms/{code}/invitations", json={"player_id": omid["id"]}, headers=sara["headers"])
    engine = client.app.state.hub.store.engine
    with engine.begin() as connection:  # a day and a moment ago
        connection.execute(
            friends.INVITATIONS.update()
            .where(friends.INVITATIONS.c.id == second.json()["id"])
            .values(created_ms=friends.INVITATIONS.c.created_ms - friends.INVITATION_TTL_MS - 1)
        )
    assert client.get(f"/api/invitations/{second.json()['id']}", headers=omid["headers"]).json()["status"] == "expired"
    assert client.get("/api/players/me/invitations", headers=omid["headers"]).json() == {"invitations": []}
    late = client.post(f"/api/invitations/{second.json()['id']}/accept", headers=omid["headers"])
    assert late.json()["code"] == "invitation_closed"


def test_invitations_are_bounded_per_invitee(client):
    omid = new_player(client, "Omid")
    for n in range(friends.PENDING_PER_INVITEE + 1):
        host = new_player(client, f"Host {n}")
        befriend(client, host, omid)
        code = new_room(client, host)["code"]
        client.post(f"/api/rooms/{code}/join", headers=host["headers"])
        sent = client.post(f"/api/rooms/{code}/invitations", json={"player_id": omid["id"]}, headers=host["headers"])
        if n < friends.PENDING_PER_INVITEE:
            assert sent.status_code == 201, sent.text
        else:
            assert (sent.status_code, sent.json()["code"]) == (409, "too_many_invitations")
    assert len(client.get("/api/players/me/invitations", headers=omid["headers"]).json()["invitations"]) == 5


def test_invitations_are_rate_limited_per_inviter(client):
    sara = new_player(client, "Sara")
    code = new_room(client, sara)["code"]
    client.post(f"/api/rooms/{code}/join", headers=sara["headers"])
    answers = []
    for n in range(12):
        friend = new_player(client, f"Friend {n}")
        befriend(client, sara, friend)
        sent = client.post(f"/api/rooms/{code}/invitations", json={"player_id": friend["id"]}, headers=sara["headers"])
        answers.append((sent.status_code, sent.json().get("code")))
    assert answers[:10] == [(201, None)] * 10 and answers[10:] == [(429, "rate_limited")] * 2
    assert int(sent.headers["Retry-After"]) > 1


def test_play_again_makes_a_room_like_the_last_and_invites_its_other_people(client):
    code, host, guest = seated_game(client)
    play_to_the_end(client, code, [host, guest])
    stranger = new_player(client, "Stranger")
    assert client.post(f"/api/rooms/{code}/play-again", headers=stranger["headers"]).json()["code"] == "not_seated"
    made = client.post(f"/api/rooms/{code}/play-again", headers=guest["headers"])
    assert made.status_code == 201, made.text
    new_code = made.json()["code"]
    assert new_code != code and made.json()["invited"] == [{"id": host["id"], "name": "Host"}]
    room = client.get(f"/api/rooms/{new_code}").json()
    old = client.get(f"/api/rooms/{code}").json()
    assert room["host"]["id"] == guest["id"] and room["status"] == "waiting"
    assert (room["game"], room["private"], room["config"]) == (old["game"], old["private"], old["config"])
    assert [s["player"]["id"] for s in room["seats"] if s["player"]] == [guest["id"]]
    # Not friends: invited as a person of that table. The invitation is the host's to accept.
    invitation = client.get("/api/players/me/invitations", headers=host["headers"]).json()["invitations"][0]
    assert invitation["inviter"]["name"] == "Guest" and new_code not in str(invitation)
    joined = client.post(f"/api/invitations/{invitation['id']}/accept", headers=host["headers"])
    assert joined.json() == {"code": new_code, "seat": 1}
    # A block leaves that person out; a running game is no game to play again.
    client.post(f"/api/players/me/blocks/{guest['id']}", headers=host["headers"])
    again = client.post(f"/api/rooms/{code}/play-again", headers=guest["headers"])
    assert again.status_code == 201 and again.json()["invited"] == []
    running, h2, _ = seated_game(client)
    assert client.post(f"/api/rooms/{running}/play-again", headers=h2["headers"]).json()["code"] == "not_finished"
