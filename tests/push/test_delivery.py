"""What reaches a device, and when: the notifier against the push-service double, over HTTP, with
a fake clock where time matters (docs/NOTIFICATIONS.md)."""

from __future__ import annotations

import asyncio
import threading
import time
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

from dorhami.hub.clock import FakeClock
from dorhami.push import vapid
from dorhami.push.notifier import QUEUE_SIZE, Notice, Notifier
from dorhami.storage import push_store
from dorhami.storage.records import ServerKeyRecord
from dorhami.storage.repository import Store
from tests.support.push_double import Browser, PushDouble

from .conftest import settle, until

HOUR = 3_600_000
TURN = Notice("turn", "/t/ABCDE", "jekyll-vs-hyde", {})


def at(text: str, zone: str) -> int:
    """Epoch ms of a local wall-clock time, `2025-12-12 19:00` in `zone`."""
    return int(datetime.fromisoformat(text).replace(tzinfo=ZoneInfo(zone)).timestamp() * 1000)


async def started(settings, clock, **options) -> tuple[Store, Notifier]:
    store = Store(settings.database_url)
    notifier = Notifier(store, settings, clock, **options)
    await notifier.start()
    return store, notifier


async def stopped(store: Store, notifier: Notifier) -> None:
    await notifier.close()
    store.close()


async def player_with_device(store: Store, double: PushDouble, **settings) -> tuple[str, Browser]:
    player, _ = await store.create_player("Sara")
    browser = double.subscribe()
    keys = browser.to_json()["keys"]
    await store.run(
        push_store.save_subscription, store.repo, player.id, browser.endpoint, keys["p256dh"], keys["auth"], 1
    )
    if settings:
        await store.run(push_store.save_settings, store.repo, player.id, settings)
    return player.id, browser


def test_a_turn_reaches_the_device_in_persian_with_its_deadline_in_tehran_and_the_solar_hijri_calendar(
    push_settings, double
):
    async def scenario():
        clock = FakeClock(at("2025-12-12 12:00", "Asia/Tehran"))
        store, notifier = await started(push_settings, clock)
        double.expected_key = notifier.public_key
        player, browser = await player_with_device(store, double)
        deadline = at("2025-12-12 19:00", "Asia/Tehran")
        notifier.tell(player, Notice("turn", "/t/ABCDE", "jekyll-vs-hyde", {"deadline_ms": deadline}))
        await settle(notifier)
        await stopped(store, notifier)
        return deadline

    deadline = asyncio.run(scenario())
    assert double.refusals == []
    [delivery] = double.deliveries
    assert delivery.message == {
        "kind": "turn",
        "title": "جکیل و هاید",
        "body": "نوبت شماست؛ تا ۲۱ آذر ساعت ۱۹:۰۰ بازی کنید",  # 12 Dec 2025 is 21 Azar 1404
        "url": "/t/ABCDE",
        "tag": "/t/ABCDE",
        "lang": "fa",
        "dir": "rtl",
        "ts": at("2025-12-12 12:00", "Asia/Tehran"),
    }
    # A turn lives at the push service until its deadline, and is of normal urgency.
    assert delivery.headers["ttl"] == str((deadline - at("2025-12-12 12:00", "Asia/Tehran")) // 1000)
    assert delivery.headers["urgency"] == "normal"


def test_a_reminder_in_english_uses_the_players_zone_and_gregorian_calendar_and_is_urgent(push_settings, double):
    async def scenario():
        clock = FakeClock(at("2025-03-20 20:00", "America/New_York"))
        store, notifier = await started(push_settings, clock)
        double.expected_key = notifier.public_key
        player, _ = await player_with_device(
            store, double, lang="en", time_zone="America/New_York", calendar="gregorian"
        )
        deadline = at("2025-03-21 08:15", "America/New_York")
        notifier.tell(player, Notice("reminder", "/t/ABCDE", "camel-up-cards", {"deadline_ms": deadline}))
        await settle(notifier)
        await stopped(store, notifier)

    asyncio.run(scenario())
    [delivery] = double.deliveries
    assert delivery.message["title"] == "Camel Up Cards"
    assert delivery.message["body"] == "Your turn runs out at 21 Mar 08:15"
    assert (delivery.message["lang"], delivery.message["dir"]) == ("en", "ltr")
    assert delivery.headers["urgency"] == "high"


def test_a_room_s_notices_share_a_topic_that_hides_the_room_code(push_settings, double):
    async def scenario():
        store, notifier = await started(push_settings, FakeClock())
        player, _ = await player_with_device(store, double)
        for url in ("/t/ABCDE", "/t/ABCDE", "/t/FGHIJ"):
            notifier.tell(player, Notice("turn", url, "jekyll-vs-hyde", {}))
            await settle(notifier)
        await stopped(store, notifier)

    asyncio.run(scenario())
    topics = [d.headers["topic"] for d in double.deliveries]
    assert topics[0] == topics[1] != topics[2]
    assert all(len(topic) <= 32 and "ABCDE" not in topic for topic in topics)


def test_quiet_hours_that_wrap_midnight_in_the_players_zone_hold_a_notice_until_they_end(push_settings, double):
    async def scenario():
        # 23:30 in Tehran is 20:00 UTC: quiet there (23:00-07:00), not in UTC's terms.
        clock = FakeClock(at("2025-12-12 23:30", "Asia/Tehran"))
        store, notifier = await started(push_settings, clock)
        player, browser = await player_with_device(store, double, quiet_start_min=23 * 60, quiet_end_min=7 * 60)
        deadline = at("2025-12-13 12:00", "Asia/Tehran")
        notifier.tell(player, Notice("turn", "/t/ABCDE", "jekyll-vs-hyde", {"deadline_ms": deadline}))
        await settle(notifier)
        assert double.deliveries == [] and notifier.counts["held"] == 1
        clock.advance(at("2025-12-13 06:59", "Asia/Tehran") - clock.now_ms())  # past midnight, still quiet
        await asyncio.sleep(0.05)
        await settle(notifier)
        assert double.deliveries == []
        clock.advance(at("2025-12-13 07:00", "Asia/Tehran") - clock.now_ms())
        await until(lambda: len(double.deliveries) == 1)
        await stopped(store, notifier)
        return deadline, clock.now_ms()

    deadline, sent_at = asyncio.run(scenario())
    [delivery] = double.deliveries
    assert delivery.message["ts"] == sent_at
    assert delivery.headers["ttl"] == str((deadline - sent_at) // 1000)  # what is left of the turn


def test_outside_quiet_hours_a_notice_goes_at_once(push_settings, double):
    async def scenario():
        clock = FakeClock(at("2025-12-12 22:59", "Asia/Tehran"))
        store, notifier = await started(push_settings, clock)
        player, _ = await player_with_device(store, double, quiet_start_min=23 * 60, quiet_end_min=7 * 60)
        notifier.tell(player, TURN)
        await settle(notifier)
        await stopped(store, notifier)

    asyncio.run(scenario())
    assert len(double.deliveries) == 1


def test_a_held_turn_whose_deadline_passes_in_quiet_hours_is_not_sent_late(push_settings, double):
    async def scenario():
        clock = FakeClock(at("2025-12-12 01:00", "Asia/Tehran"))
        store, notifier = await started(push_settings, clock)
        player, _ = await player_with_device(store, double, quiet_start_min=0, quiet_end_min=8 * 60)
        deadline = at("2025-12-12 05:00", "Asia/Tehran")
        notifier.tell(player, Notice("turn", "/t/ABCDE", "jekyll-vs-hyde", {"deadline_ms": deadline}))
        await settle(notifier)
        clock.advance(8 * HOUR)
        await until(lambda: notifier.counts["expired"] == 1)
        await stopped(store, notifier)

    asyncio.run(scenario())
    assert double.deliveries == []


def test_a_kind_turned_off_sends_nothing_and_the_others_still_go(push_settings, double):
    async def scenario():
        store, notifier = await started(push_settings, FakeClock())
        player, _ = await player_with_device(store, double, notices_off=["rematch"])
        notifier.tell(player, Notice("rematch", "/t/ABCDE", "twin-it", {"from": "Omid"}))
        notifier.tell(player, Notice("rescue", "/t/ABCDE", "twin-it", {}))
        await settle(notifier)
        await stopped(store, notifier)

    asyncio.run(scenario())
    assert [d.message["kind"] for d in double.deliveries] == ["rescue"]


def test_a_subscription_the_service_says_is_gone_is_dropped(push_settings, double):
    async def scenario():
        store, notifier = await started(push_settings, FakeClock())
        player, gone = await player_with_device(store, double)
        other, unknown = await player_with_device(store, double)
        kept = double.subscribe()
        keys = kept.to_json()["keys"]
        await store.run(
            push_store.save_subscription, store.repo, player, kept.endpoint, keys["p256dh"], keys["auth"], 2
        )
        # The first player's second device lives on; the other player's only one answers 404.
        double.gone[gone.endpoint] = 410
        double.gone[unknown.endpoint] = 404
        notifier.tell(player, TURN)
        notifier.tell(other, TURN)
        await settle(notifier)
        left = {row.endpoint for row in await store.run(push_store.subscriptions_of, store.repo, player)}
        left_other = await store.run(push_store.subscriptions_of, store.repo, other)
        await stopped(store, notifier)
        return left, left_other, kept

    left, left_other, kept = asyncio.run(scenario())
    assert left == {kept.endpoint} and left_other == []
    assert [d.endpoint for d in double.deliveries] == [kept.endpoint]


def test_a_failing_service_is_tried_again_and_a_429_waits_its_retry_after(push_settings, double):
    async def scenario():
        store, notifier = await started(push_settings, FakeClock(), retry_delays_s=(0.01, 0.01, 0.01))
        player, browser = await player_with_device(store, double)
        double.answers[browser.endpoint] = [500, 503, 429]
        notifier.tell(player, TURN)
        await settle(notifier)
        await stopped(store, notifier)
        return notifier

    notifier = asyncio.run(scenario())
    assert double.requests == 4 and len(double.deliveries) == 1 and notifier.counts["sent"] == 1


def test_a_service_that_keeps_failing_is_given_up_after_a_bounded_number_of_tries(push_settings, double, caplog):
    async def scenario():
        store, notifier = await started(push_settings, FakeClock(), retry_delays_s=(0.01, 0.01))
        player, browser = await player_with_device(store, double)
        double.gone[browser.endpoint] = 500
        notifier.tell(player, TURN)  # never raises into the caller
        await settle(notifier)
        rows = await store.run(push_store.subscriptions_of, store.repo, player)
        await stopped(store, notifier)
        return notifier, rows

    notifier, rows = asyncio.run(scenario())
    assert double.requests == 3 and notifier.counts["failed"] == 1
    assert len(rows) == 1  # a failing service is no proof the subscription is dead
    assert "given up after 3 attempts" in caplog.text


def test_two_processes_on_one_database_sign_with_one_key(push_settings):
    async def scenario():
        clock = FakeClock()
        (store_a, a), (store_b, b) = await asyncio.gather(started(push_settings, clock), started(push_settings, clock))
        keys = a.public_key, b.public_key
        await stopped(store_a, a)
        await stopped(store_b, b)
        store_c, c = await started(push_settings, clock)  # and after a restart
        keys += (c.public_key,)
        await stopped(store_c, c)
        return keys

    keys = asyncio.run(scenario())
    assert len(set(keys)) == 1


def test_racing_first_processes_all_keep_the_first_ones_key(push_settings):
    store_a, store_b = Store(push_settings.database_url), Store(push_settings.database_url)
    barrier, found = threading.Barrier(2), []

    def load(store: Store) -> None:
        barrier.wait()
        found.append(vapid.load(store.repo, "", 1).public_key)

    threads = [threading.Thread(target=load, args=(store,)) for store in (store_a, store_b)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    store_a.close()
    store_b.close()
    assert len(found) == 2 and found[0] == found[1]


def test_a_configured_key_is_used_and_nothing_is_made(push_settings):
    configured = vapid.new_private_key()
    settings = push_settings.model_copy(update={"vapid_private_key": configured})

    async def scenario():
        store, notifier = await started(settings, FakeClock())
        key = notifier.public_key
        await stopped(store, notifier)
        return key

    key = asyncio.run(scenario())
    assert key == vapid.server_key(vapid.parse_private_key(configured)).public_key
    store = Store(settings.database_url)
    with store.repo.sessions() as session:
        assert session.get(ServerKeyRecord, vapid.KEY_NAME) is None
    store.close()


def test_telling_never_waits_for_a_slow_service_nor_blocks_the_loop(push_settings, double):
    double.stall_s = 1.0

    async def scenario():
        store, notifier = await started(push_settings, FakeClock())
        player, _ = await player_with_device(store, double)
        sealed_on: set[str] = set()
        seal = notifier.sender.seal

        def watched_seal(*args):
            sealed_on.add(threading.current_thread().name)
            return seal(*args)

        notifier.sender.seal = watched_seal
        lags: list[float] = []

        async def ticker():
            loop = asyncio.get_running_loop()
            while True:
                before = loop.time()
                await asyncio.sleep(0.01)
                lags.append(loop.time() - before - 0.01)

        ticking = asyncio.create_task(ticker())
        began = time.perf_counter()
        for _ in range(QUEUE_SIZE + 50):
            notifier.tell(player, TURN)
        telling = time.perf_counter() - began
        await until(lambda: double.requests >= 16)  # the deliveries are under way together
        ticking.cancel()
        counts = dict(notifier.counts)
        await stopped(store, notifier)
        return telling, lags, sealed_on, counts

    telling, lags, sealed_on, counts = asyncio.run(scenario())
    assert telling < 0.5  # a thousand tells, none waiting on the service
    assert counts["dropped_full"] == 50  # the bounded queue dropped, and counted, the excess
    assert sealed_on and all(name.startswith("dorhami-push") for name in sealed_on)  # crypto off the loop
    assert max(lags) < 0.5, max(lags)


def test_a_player_without_devices_costs_no_request(push_settings, double):
    async def scenario():
        store, notifier = await started(push_settings, FakeClock())
        player, _ = await store.create_player("Nobody")
        notifier.tell(player.id, TURN)
        await settle(notifier)
        await stopped(store, notifier)
        return notifier

    assert asyncio.run(scenario()).counts["no_device"] == 1 and double.requests == 0


def test_an_unknown_kind_is_not_queued_and_does_not_raise(push_settings):
    async def scenario():
        store, notifier = await started(push_settings, FakeClock())
        notifier.tell("someone", Notice("gossip", "/", None, {}))
        await stopped(store, notifier)
        return notifier

    notifier = asyncio.run(scenario())
    assert notifier.counts["failed"] == 1 and notifier.counts["told"] == 0


def test_the_token_expires_by_the_wall_clock_not_the_servers_fake_one(push_settings, double):
    async def scenario():
        store, notifier = await started(push_settings, FakeClock(1_000))  # 1970
        double.expected_key = notifier.public_key
        player, _ = await player_with_device(store, double)
        notifier.tell(player, TURN)
        await settle(notifier)
        await stopped(store, notifier)

    asyncio.run(scenario())
    [delivery] = double.deliveries
    assert delivery.claims["exp"] > datetime.now(UTC).timestamp()
