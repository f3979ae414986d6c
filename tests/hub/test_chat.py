"""Room chat on the table actor (hub/chat.py): limits, who may write, muting, persistence, and that
chat never reaches the game (docs/CHAT.md)."""

from __future__ import annotations

import json

import pytest
from sqlalchemy import select

from dorhami.config import Settings
from dorhami.hub import chat
from dorhami.hub.clock import FakeClock
from dorhami.hub.errors import HubError
from dorhami.hub.fanout import Subscriber
from dorhami.hub.hub import Hub
from dorhami.storage.repository import CHAT, Store

from .test_table import run, started_table


def received(sub: Subscriber, kind: str) -> list[dict]:
    return [m for m in (json.loads(item.text) for item in sub.items) if m["type"] == kind]


def bodies(sub: Subscriber) -> list[str]:
    return [m["message"]["body"] for m in received(sub, "chat")]


async def listening(table, player_id: str | None) -> Subscriber:
    sub = Subscriber(player_id, 100)
    await table.subscribe(sub)
    return sub


async def refused(table, code: str, *args) -> HubError:
    with pytest.raises(HubError) as caught:
        await table.send_chat(*args)
    assert caught.value.code == code, caught.value.message
    return caught.value


async def closed(hub: Hub) -> None:
    await hub.close()
    hub.store.close()


def test_lines_are_cleaned_and_limited_in_length(database_url):
    async def scenario():
        hub, table, host, guest = await started_table(database_url, FakeClock())
        longest = "ب" * chat.TEXT_MAX
        line = await table.send_chat(host.id, "text", f"  {longest}\n ")
        assert line["body"] == longest and line["kind"] == "text"
        error = await refused(table, "chat_too_long", host.id, "text", longest + "!")
        assert error.status == 400
        await refused(table, "chat_empty", host.id, "text", " \n\t\u202e\x00 ")
        await refused(table, "chat_empty", host.id, "text", "\u200b \u200c\u2060\u3000")  # only invisible ones
        # Control characters and bidi overrides go; line breaks become spaces; ZWNJ (Persian) stays.
        line = await table.send_chat(guest.id, "text", "a\x00b\u202ec\r\nمی\u200cروم")
        assert line["body"] == "abc می\u200cروم"
        await closed(hub)

    run(scenario())


def test_each_player_has_a_rate_for_lines_and_another_for_reactions(database_url):
    async def scenario():
        clock = FakeClock()
        hub, table, host, guest = await started_table(database_url, clock)
        for n in range(chat.LINES_PER_WINDOW):
            await table.send_chat(host.id, "text", f"line {n}")
            clock.advance(100)
        error = await refused(table, "chat_rate_limited", host.id, "text", "one too many")
        assert error.status == 429
        # Another player's allowance, and the same player's reactions, are their own.
        await table.send_chat(guest.id, "text", "hello")
        for _ in range(chat.REACTIONS_PER_WINDOW):
            await table.send_chat(host.id, "reaction", "clap")
        await refused(table, "chat_rate_limited", host.id, "reaction", "clap")
        # Refused lines cost nothing, and the window moves on.
        clock.advance(chat.WINDOW_MS)
        await table.send_chat(host.id, "text", "again")
        texts = [m.body for m in table.talk.chat.lines if m.kind == "text"]
        assert texts == [*(f"line {n}" for n in range(chat.LINES_PER_WINDOW)), "hello", "again"]
        await closed(hub)

    run(scenario())


def test_reactions_are_the_fixed_set(database_url):
    async def scenario():
        hub, table, host, guest = await started_table(database_url, FakeClock())
        for name in chat.REACTIONS:
            line = await table.send_chat(guest.id, "reaction", name)
            assert line["kind"] == "reaction" and line["body"] == name
        await refused(table, "unknown_reaction", guest.id, "reaction", "<img src=x>")
        await closed(hub)

    run(scenario())


def test_spectators_read_and_write_only_when_the_host_lets_them(database_url):
    async def scenario():
        hub, table, host, guest = await started_table(database_url, FakeClock())
        watcher, _ = await hub.store.create_player("Watcher")
        anonymous = await listening(table, None)
        await listening(table, watcher.id)
        error = await refused(table, "chat_spectators_off", watcher.id, "text", "hi all")
        assert error.status == 403
        await refused(table, "chat_spectators_off", None, "reaction", "wow")
        with pytest.raises(HubError, match="only the host"):
            await table.set_spectator_chat(guest.id, True)
        settings = await table.set_spectator_chat(host.id, True)
        assert settings == {"spectator_chat": True, "muted": []}
        assert table.room_public()["spectator_chat"] is True
        line = await table.send_chat(watcher.id, "text", "hi all")
        assert line["player"] == {"id": watcher.id, "name": "Watcher"}
        # A spectator without a name still only reads.
        await refused(table, "chat_needs_name", None, "text", "hi")
        # Both spectators read it.
        assert bodies(anonymous) == ["hi all"]
        await table.set_spectator_chat(host.id, False)
        await refused(table, "chat_spectators_off", watcher.id, "text", "still here")
        await closed(hub)

    run(scenario())


def test_a_muted_player_is_refused_and_nobody_hears_them_until_unmuted(database_url):
    async def scenario():
        hub, table, host, guest = await started_table(database_url, FakeClock())
        listener = await listening(table, host.id)
        with pytest.raises(HubError, match="only the host"):
            await table.mute(guest.id, host.id)
        settings = await table.mute(host.id, guest.id)
        assert settings["muted"] == [guest.id] and table.room_public()["muted"] == [guest.id]
        await refused(table, "chat_muted", guest.id, "text", "let me talk")
        await refused(table, "chat_muted", guest.id, "reaction", "sad")
        assert received(listener, "chat") == []
        with pytest.raises(HubError) as caught:
            await table.mute(host.id, host.id)
        assert caught.value.code == "cannot_mute_host"
        with pytest.raises(HubError) as caught:
            await table.mute(host.id, "0" * 32)
        assert caught.value.code == "player_not_in_room" and caught.value.status == 404
        assert (await table.unmute(host.id, guest.id))["muted"] == []
        await table.send_chat(guest.id, "text", "thanks")
        assert bodies(listener) == ["thanks"]
        await closed(hub)

    run(scenario())


def test_a_new_socket_and_a_reloaded_table_get_the_recent_chat_and_its_settings(database_url):
    async def scenario():
        clock = FakeClock()
        hub, table, host, guest = await started_table(database_url, clock)
        for n in range(chat.HISTORY_KEPT + 3):
            sender = (host, guest)[n % 2]
            await table.send_chat(sender.id, "text", f"line {n}")
            clock.advance(chat.WINDOW_MS)
        await table.send_chat(guest.id, "reaction", "fire")
        await table.mute(host.id, guest.id)
        await table.set_spectator_chat(host.id, True)
        sub = await listening(table, None)
        [history] = received(sub, "chat_history")
        assert len(history["messages"]) == chat.HISTORY_KEPT
        assert history["messages"][-1]["kind"] == "reaction" and history["messages"][-2]["body"] == "line 52"
        before = history["messages"]
        await hub.close()
        # A restart: the table is rebuilt from the database.
        again = Hub(Store(database_url), Settings(database_url=database_url), clock)
        reloaded = await again.table("room1")
        assert reloaded.talk.chat.history() == before
        with again.store.engine.connect() as connection:
            stored = list(connection.scalars(select(CHAT.c.id).order_by(CHAT.c.id)))
        assert stored == [line["id"] for line in before], "only the lines a room shows are kept"
        assert reloaded.room_public()["muted"] == [guest.id] and reloaded.room_public()["spectator_chat"] is True
        await refused(reloaded, "chat_muted", guest.id, "text", "after the restart")
        sub = await listening(reloaded, guest.id)
        assert received(sub, "chat_history")[0]["messages"] == before
        await closed(again)
        hub.store.close()

    run(scenario())


def test_chat_never_reaches_the_game_or_its_log(database_url):
    async def scenario():
        hub, table, host, guest = await started_table(database_url, FakeClock())
        game = table.game
        log_before = [(r.seq, r.seat, r.action) for r in await hub.store.actions(game.id)]
        state_before, version, history = json.dumps(game.state, sort_keys=True), game.version, list(game.history)
        await table.send_chat(host.id, "text", '{"type": "play_card", "card": 1}')
        await table.send_chat(guest.id, "reaction", "laugh")
        assert [(r.seq, r.seat, r.action) for r in await hub.store.actions(game.id)] == log_before
        assert json.dumps(game.state, sort_keys=True) == state_before
        assert (game.version, game.history) == (version, history)
        assert len(table.talk.chat.lines) == 2
        await closed(hub)

    run(scenario())


def test_a_line_that_could_not_be_stored_is_refused_and_not_sent(database_url):
    async def scenario():
        hub, table, host, guest = await started_table(database_url, FakeClock())
        listener = await listening(table, guest.id)

        async def failing(fn):
            raise OSError("disk full")

        hub.journal.write = failing
        error = await refused(table, "storage_unavailable", host.id, "text", "lost")
        assert error.status == 503
        assert received(listener, "chat") == [] and not table.talk.chat.lines and not table.retired
        del hub.journal.write
        await table.send_chat(host.id, "text", "kept")
        assert bodies(listener) == ["kept"]
        await closed(hub)

    run(scenario())


def test_a_renamed_player_is_shown_under_the_new_name_in_lines_already_sent(database_url):
    async def scenario():
        hub, table, host, guest = await started_table(database_url, FakeClock())
        await table.send_chat(guest.id, "text", "hello")
        await table.send_chat(host.id, "text", "welcome")
        watching = await listening(table, None)
        before = received(watching, "chat_history")[-1]["messages"]
        await hub.rename_player(guest.id, "Guest Two")
        after = received(watching, "chat_history")[-1]["messages"]
        assert [m["player"]["name"] for m in before] != [m["player"]["name"] for m in after]
        assert [(m["player"]["id"], m["player"]["name"], m["body"]) for m in after] == [
            (guest.id, "Guest Two", "hello"),
            (host.id, before[1]["player"]["name"], "welcome"),
        ]
        assert [m["id"] for m in after] == [m["id"] for m in before]
        await closed(hub)

    run(scenario())
