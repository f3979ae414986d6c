"""Fair slaps in the browser: a race action reports the version on screen and the reaction to it
(a flip reports nothing), the page answers the server's probes and shows its ping, the loser of a
contested race reads both reaction times instead of a plain "too late" (Twin It and Double
Connect, Persian phone and English desktop), every judged race has a line in the move log, and
the lobby names the option.

The second player is a plain WebSocket client in the test. It answers the server's probes late, as
a player on a slow network would, so the server credits its claims with up to that much lag; it
claims a moment after the page, reporting a reaction of 0 ms, and so wins the race the page
started. The page's claim is then judged the loser of a contested race.
"""

from __future__ import annotations

import json
import re
import threading
import time

import httpx
import pytest
from websockets.sync.client import connect

from dorhami.games.double_connect.components import CARDS

from .screens import DESKTOP, PHONE, new_page, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PERSIAN_DIGITS = re.compile("[۰-۹]")
LAGGY_PONG_S = 0.15  # the second player's probes come back this late: its claims count up to ~170 ms earlier
QUIET_S = 0.3  # a pause with no new state, so both players look at the same painted version


# -- the table, set up over the REST API ---------------------------------------------------------


def new_player(base: str, name: str) -> dict:
    response = httpx.post(f"{base}/api/players", json={"name": name})
    response.raise_for_status()
    return response.json()


def call(base: str, player: dict, method: str, path: str, body: dict | None = None) -> dict:
    response = httpx.request(method, f"{base}{path}", json=body, headers={"Authorization": f"Bearer {player['token']}"})
    assert response.is_success, response.text
    return response.json()


def started_room(base: str, game: str, config: dict, page_player: dict, other: dict) -> str:
    """A room of `game` with the page's player in seat 0 and `other` in seat 1, started."""
    code = call(base, page_player, "POST", "/api/rooms", {"game": game, "config": config})["code"]
    call(base, page_player, "POST", f"/api/rooms/{code}/join")
    call(base, other, "POST", f"/api/rooms/{code}/join")
    call(base, page_player, "POST", f"/api/rooms/{code}/start")
    return code


class Frames:
    """What the page's room socket sends and receives (the first socket the page opens)."""

    def __init__(self, page) -> None:
        self.sent: list[dict] = []
        self.received: list[dict] = []
        self.socket = None
        page.on("websocket", self._opened)

    def _opened(self, ws) -> None:
        if self.socket is not None:
            return
        self.socket = ws
        ws.on("framesent", lambda payload: self.sent.append(json.loads(payload)))
        ws.on("framereceived", lambda payload: self.received.append(json.loads(payload)))

    def actions(self, kind: str) -> list[dict]:
        return [
            frame["action"] for frame in self.sent if frame.get("type") == "action" and frame["action"]["type"] == kind
        ]

    def states(self) -> list[dict]:
        """Every version the page received, whole or as a patch (its first is whole)."""
        return [frame for frame in self.received if frame.get("type") in ("state", "patch")]

    def version(self) -> int:
        return self.states()[-1]["version"]


def open_table(browser, base: str, player: dict, code: str, size: dict, lang: str):
    page = new_page(browser, size, lang)
    page.context.add_init_script(f"localStorage.setItem('dorhami.identity', {json.dumps(json.dumps(player))})")
    frames = Frames(page)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{base}/t/{code}")
    return page, frames, errors


class SocketPlayer:
    """The second player over a plain WebSocket: keeps the latest state, answers the server's
    probes `lag_s` late, and sends actions."""

    def __init__(self, base: str, code: str, player: dict, lag_s: float = LAGGY_PONG_S) -> None:
        self.ws = connect(f"{base.replace('http', 'ws', 1)}/ws/rooms/{code}")
        self.ws.send(json.dumps({"type": "hello", "token": player["token"], "full_states": True}))
        self.lag_s = lag_s
        self.state: dict | None = None
        self.probes_answered = 0
        self.replies: dict[int, dict] = {}
        self.seq = 0
        self.changed = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for raw in self.ws:
            message = json.loads(raw)
            if message["type"] == "ping" and "id" in message:
                threading.Timer(self.lag_s, self._pong, (message["id"],)).start()
            with self.changed:
                if message["type"] == "state":
                    self.state = message
                elif message["type"] in ("ack", "error") and message.get("client_seq") is not None:
                    self.replies[message["client_seq"]] = message
                self.changed.notify_all()

    def _pong(self, probe_id: int) -> None:
        try:
            self.ws.send(json.dumps({"type": "pong", "id": probe_id}))
        except Exception:  # closed meanwhile, at the end of the test
            return
        with self.changed:
            self.probes_answered += 1
            self.changed.notify_all()

    def wait(self, ready, timeout: float = 10) -> None:
        with self.changed:
            assert self.changed.wait_for(lambda: ready(self), timeout), (
                f"the second player waited in vain ({self.state and self.state['view'].get('phase')})"
            )

    def act(self, action: dict) -> int:
        self.seq += 1
        self.ws.send(json.dumps({"type": "action", "action": action, "client_seq": self.seq}))
        return self.seq

    def close(self) -> None:
        self.ws.close()


def settle(page, frames: Frames, other: SocketPlayer) -> int:
    """Wait until no state arrives for a moment and both players hold the same version; return it."""
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        before = len(frames.states())
        page.wait_for_timeout(QUIET_S * 1000)
        if len(frames.states()) == before and other.state and other.state["version"] == frames.version():
            return frames.version()
    raise AssertionError("the table never came to rest")


# -- Twin It ----------------------------------------------------------------------------------------

TWIN_IT = {"start_countdown_ms": 0, "flip_timeout_ms": 30000, "mistake_lockout_ms": 0}


def visible_loose(view: dict) -> list[dict]:
    """The loose cards a competitive claim may use: pile tops and the centre."""
    cards = [pile["top"] for pile in view["piles"] if pile.get("top")]
    return cards + [{"card": entry["card"], "design": entry["design"]} for entry in view["centre"]]


def twin(view: dict) -> list[dict] | None:
    by_design: dict[int, list[dict]] = {}
    for entry in visible_loose(view):
        by_design.setdefault(entry["design"], []).append({"card": entry["card"], "design": entry["design"]})
    return next((cards[:2] for cards in by_design.values() if len(cards) >= 2), None)


def flip_once(page, other: SocketPlayer) -> None:
    """The active player flips: the page by its Flip button, the second player over its socket."""
    version = other.state["version"]
    if other.state["view"]["active"] == 0:
        page.click("#flip:not([aria-disabled=true])")
    else:
        other.act({"type": "flip"})
    other.wait(lambda p: p.state["version"] > version)


def flip_until_twins(page, other: SocketPlayer) -> list[dict]:
    for _ in range(80):
        pair = twin(other.state["view"])
        if pair:
            return pair
        flip_once(page, other)
    raise AssertionError("no two cards with the same design showed up")


def tap_card(page, entry: dict) -> None:
    page.click(f".twin-it button.tw-card[data-card='{entry['card']}'][data-design='{entry['design']}']")


def twin_it_race(page, frames: Frames, other: SocketPlayer) -> dict:
    """The page claims a pair; the second player claims the same pair right after, faster by its
    report. Returns the race_judged event the page received."""
    for _ in range(6):
        pair = flip_until_twins(page, other)
        version = settle(page, frames, other)
        tap_card(page, pair[0])
        tap_card(page, pair[1])  # the page's claim leaves with this tap
        other.act({"type": "claim", "cards": pair, "seen_version": version, "reaction_ms": 0})
        race = judged_race(page, frames)
        if race:
            return race
    raise AssertionError("no race was contested")


def judged_race(page, frames: Frames, timeout_s: float = 2) -> dict | None:
    deadline = time.monotonic() + timeout_s
    seen = len(frames.received)
    while time.monotonic() < deadline:
        page.wait_for_timeout(50)
        for frame in frames.received[seen:]:
            for event in frame.get("events") or [] if frame.get("type") in ("state", "patch") else []:
                if event["type"] == "race_judged":
                    return event
    return None


def test_a_claim_reports_the_version_on_screen_and_a_flip_only_its_turn(server, browser):
    me, other_player = new_player(server.url, "Tara"), new_player(server.url, "Omid")
    code = started_room(server.url, "twin-it", TWIN_IT, me, other_player)
    page, frames, errors = open_table(browser, server.url, me, code, DESKTOP, "en")
    other = SocketPlayer(server.url, code, other_player, lag_s=0)
    try:
        page.wait_for_selector(".twin-it[data-phase=PLAYING]")
        other.wait(lambda p: p.state is not None)
        # Two flips, so the page flips once whoever starts.
        flip_once(page, other)
        flip_once(page, other)
        assert frames.actions("flip"), "the page flipped"
        for flip in frames.actions("flip"):
            # A flip is a turn, not a race: no reaction report, only the turn it is meant for.
            assert set(flip) == {"type", "step"} and isinstance(flip["step"], int), flip

        # Two loose cards (a pair or a mistake: the report is the same) claimed after a pause.
        version = settle(page, frames, other)
        cards = visible_loose(other.state["view"])[:2]
        tap_card(page, cards[0])
        tap_card(page, cards[1])
        page.wait_for_function("() => true")  # let the frame listeners run
        claim = frames.actions("claim")[-1]
        assert claim["cards"] == [{"card": c["card"], "design": c["design"]} for c in cards]
        assert type(claim["seen_version"]) is int and claim["seen_version"] == version, (claim, version)
        # The table was on screen for the whole pause before the second tap.
        assert type(claim["reaction_ms"]) is int and QUIET_S * 1000 - 60 <= claim["reaction_ms"] <= 600000, claim
        assert not errors, errors
    finally:
        other.close()


# -- the ping -------------------------------------------------------------------------------------


def test_the_page_answers_the_servers_probes_and_shows_its_ping(server, browser):
    me, other_player = new_player(server.url, "Sara"), new_player(server.url, "Omid")
    code = started_room(server.url, "double-connect", {"countdown_ms": 0}, me, other_player)
    page, frames, errors = open_table(browser, server.url, me, code, DESKTOP, "en")
    page.wait_for_selector("#dc-hand [data-card]")

    # The server's probes carry an id and no client_time; each is answered with exactly its id.
    page.wait_for_function("() => true")
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and len([f for f in frames.received if f.get("type") == "ping"]) < 2:
        page.wait_for_timeout(100)
    probes = [frame for frame in frames.received if frame.get("type") == "ping"]
    assert len(probes) >= 2 and all(set(probe) == {"type", "id"} for probe in probes), probes
    page.wait_for_timeout(100)  # the answer to the latest probe
    pongs = [frame for frame in frames.sent if frame.get("type") == "pong"]
    assert all(pong == {"type": "pong", "id": pong.get("id")} for pong in pongs), pongs
    assert {probe["id"] for probe in probes} <= {pong["id"] for pong in pongs}, (probes, pongs)
    # The page's own pings are still its clock's and its figure's.
    assert any(
        frame.get("type") == "ping" and isinstance(frame.get("client_time"), float | int) for frame in frames.sent
    )

    # The figure shows within a couple of quick pings, in the page's language and digits.
    ping = page.locator("#ping")
    ping.wait_for(state="visible", timeout=3000)
    assert re.fullmatch(r"ping \d+ ms", ping.inner_text()), ping.inner_text()
    assert int(ping.get_attribute("data-ms")) >= 0
    page.click("#lang")
    page.wait_for_function("() => document.documentElement.lang === 'fa'")
    text = ping.inner_text()
    assert text.startswith("پینگ") and "میلی‌ثانیه" in text and PERSIAN_DIGITS.search(text), text
    assert not errors, errors


# -- Double Connect -------------------------------------------------------------------------------


def shared(a: int, b: int) -> int:
    (symbol,) = set(CARDS[a]) & set(CARDS[b])
    return symbol


def double_connect_race(page, frames: Frames, other: SocketPlayer) -> dict:
    """The page claims a target; the second player claims the same one right after."""
    for _ in range(6):
        view = other.state["view"]
        target = view["active_targets"][-1]
        card = int(page.locator("#dc-hand [data-card]").first.get_attribute("data-card"))
        page.click(f"#dc-hand [data-card='{card}']")
        page.click(f"#dc-tower [data-target='{target}']")
        page.wait_for_selector(f"#dc-claim[data-pair='{card}:{target}'][data-ready='1']")
        version = settle(page, frames, other)
        page.click(f"#dc-claim [data-role=mine] [data-symbol='{shared(card, target)}']")
        mine = other.state["view"]["hands"][1][0]
        other.act(
            {
                "type": "claim",
                "card": mine,
                "target": target,
                "symbol": shared(mine, target),
                "seen_version": version,
                "reaction_ms": 0,
            }
        )
        race = judged_race(page, frames)
        if race:
            claim = frames.actions("claim")[-1]
            assert (
                claim["seen_version"] == version and type(claim["reaction_ms"]) is int and claim["reaction_ms"] >= 0
            ), claim
            return race
        page.wait_for_selector("#dc-claim.pending", state="detached")
    raise AssertionError("no race was contested")


def assert_lost(race: dict) -> None:
    assert race["winner"] == 1 and [c["seat"] for c in race["contenders"]] == [1, 0], race


def log_lines(page) -> list[str]:
    if page.locator("#log-toggle[aria-expanded=false]").count():
        page.click("#log-toggle")
    return page.locator("#log-lines li").all_inner_texts()


def test_the_loser_of_a_double_connect_race_reads_both_reaction_times(server, browser):
    me, other_player = new_player(server.url, "Sara"), new_player(server.url, "Omid")
    code = started_room(server.url, "double-connect", {"countdown_ms": 0, "wrong_lockout_ms": 0}, me, other_player)
    page, frames, errors = open_table(browser, server.url, me, code, PHONE, "fa")
    other = SocketPlayer(server.url, code, other_player)
    try:
        page.wait_for_selector("#dc-hand [data-card]")
        other.wait(lambda p: p.state is not None and p.probes_answered >= 2)

        # Persian, on a phone: the reaction times replace "too late"; the ping is on screen.
        race = double_connect_race(page, frames, other)
        assert_lost(race)
        line = page.locator("#dc-feedback[data-kind=race]")
        line.wait_for()
        text = line.inner_text()
        assert text.startswith("واکنش شما") and "Omid" in text and len(PERSIAN_DIGITS.findall(text)) >= 2, text
        # The refusal of the lost claim follows the race's state: it leaves the reaction times in place.
        page.wait_for_timeout(300)
        assert page.locator(".dc-status").get_attribute("data-kind") == "race", page.locator(".dc-status").inner_text()
        page.locator("#ping").wait_for(state="visible")
        screenshot(page, "fair-slaps-double-connect-phone-fa")
        assert any(x.startswith("مسابقه: Omid") and "شما" in x for x in log_lines(page)), log_lines(page)

        # English, on a desktop: a second race, the same words in English.
        page.set_viewport_size(DESKTOP)
        page.click("#lang")
        page.wait_for_function("() => document.documentElement.lang === 'en'")
        assert_lost(double_connect_race(page, frames, other))
        line.wait_for()
        page.wait_for_function(
            "() => document.querySelector('#dc-feedback[data-kind=race]').textContent.startsWith('You reacted in')"
        )
        assert re.fullmatch(r"You reacted in \d+ ms; Omid in \d+ ms", line.inner_text()), line.inner_text()
        screenshot(page, "fair-slaps-double-connect-desktop-en")
        races = [x for x in log_lines(page) if x.startswith("Race:")]
        assert len(races) == 2 and all(re.fullmatch(r"Race: Omid won in \d+ ms; you \d+ ms", x) for x in races), races
        assert not errors, errors
    finally:
        other.close()


def test_the_loser_of_a_twin_it_race_reads_both_reaction_times(server, browser):
    me, other_player = new_player(server.url, "Tara"), new_player(server.url, "Omid")
    code = started_room(server.url, "twin-it", TWIN_IT, me, other_player)
    page, frames, errors = open_table(browser, server.url, me, code, PHONE, "fa")
    other = SocketPlayer(server.url, code, other_player)
    try:
        page.wait_for_selector(".twin-it[data-phase=PLAYING]")
        other.wait(lambda p: p.state is not None and p.probes_answered >= 2)

        assert_lost(twin_it_race(page, frames, other))
        line = page.locator("#tw-msg[data-kind=race]")
        line.wait_for()
        text = line.inner_text()
        assert text.startswith("واکنش شما") and "Omid" in text and len(PERSIAN_DIGITS.findall(text)) >= 2, text
        page.locator("#ping").wait_for(state="visible")
        screenshot(page, "fair-slaps-twin-it-phone-fa")
        # The stale reply to the lost claim leaves the reaction times in place.
        page.wait_for_timeout(300)
        assert page.locator("#tw-msg").get_attribute("data-kind") == "race"
        assert any(x.startswith("مسابقه: Omid") for x in log_lines(page)), log_lines(page)

        page.set_viewport_size(DESKTOP)
        page.click("#lang")
        page.wait_for_function("() => document.documentElement.lang === 'en'")
        assert_lost(twin_it_race(page, frames, other))
        page.wait_for_function(
            "() => document.querySelector('#tw-msg[data-kind=race]')?.textContent.startsWith('You reacted in')"
        )
        assert re.fullmatch(r"You reacted in \d+ ms; Omid in \d+ ms", page.locator("#tw-msg").inner_text())
        screenshot(page, "fair-slaps-twin-it-desktop-en")
        races = [x for x in log_lines(page) if x.startswith("Race:")]
        assert len(races) == 2 and all(re.fullmatch(r"Race: Omid won in \d+ ms; you \d+ ms", x) for x in races), races
        assert not errors, errors
    finally:
        other.close()


# -- the words, and the lobby's option ------------------------------------------------------------

RACE_WORDS = """async () => {
  const races = await import('/static/js/races.js');
  const i18n = await import('/static/js/i18n/index.js');
  const race = {type: 'race_judged', cards: [3], winner: 1, contenders: [
    {seat: 1, received_ms: 10, reported_ms: 0, reaction_ms: 371, compensation_ms: 40, compensated_ms: -30},
    {seat: 2, received_ms: 12, reported_ms: null, reaction_ms: 450, compensation_ms: 0, compensated_ms: 12},
    {seat: 0, received_ms: 11, reported_ms: 412, reaction_ms: 412, compensation_ms: 5, compensated_ms: 6}]};
  const ctx = (seat) => ({seat, seatName: (s) => ['Tara', 'Sara', 'Bob'][s]});
  const read = () => ({lost: races.lostRaceText(race, ctx(0)), log: races.raceLogLine(race, ctx(0)).text,
    won: races.raceLogLine(race, ctx(1)).text, watching: races.raceLogLine(race, ctx(null)).text,
    losers: [0, 1, 2, null].map((seat) => !!races.lostRace([race], seat))});
  i18n.setLang('en'); const en = read();
  i18n.setLang('fa'); const fa = read();
  return {en, fa, none: races.raceLogLine({type: 'race_judged', contenders: []}, ctx(0))};
}"""


def test_race_lines_in_both_languages_and_the_lobby_option(server, browser):
    page = new_page(browser, DESKTOP, "en")
    page.goto(server.url)
    words = page.evaluate(RACE_WORDS)
    en, fa = words["en"], words["fa"]
    assert en["lost"] == "You reacted in 412 ms; Sara in 371 ms"
    assert en["log"] == "Race: Sara won in 371 ms; Bob 450 ms, you 412 ms"
    assert en["won"] == "Race: you won in 371 ms; Bob 450 ms, Tara 412 ms"
    assert en["watching"] == "Race: Sara won in 371 ms; Bob 450 ms, Tara 412 ms"
    assert en["losers"] == [True, False, True, False], "the winner and a spectator lost nothing"
    assert fa["lost"] == "واکنش شما ۴۱۲ میلی‌ثانیه؛ Sara ۳۷۱ میلی‌ثانیه"
    assert fa["log"] == "مسابقه: Sara با ۳۷۱ میلی‌ثانیه برد؛ Bob ۴۵۰ میلی‌ثانیه، شما ۴۱۲ میلی‌ثانیه"
    assert fa["won"].startswith("مسابقه: شما با ۳۷۱ میلی‌ثانیه بردید")
    assert words["none"] is None

    # The lobby's form: the option of both race games, named and explained, in both languages.
    for lang, label, help_word in (
        ("en", "Fair slaps", "Lag compensation: claims are ordered by each player's reaction time"),
        ("fa", "ضربه‌ی منصفانه", "جبران کندی شبکه"),
    ):
        if lang == "fa":
            page.click("#lang")
        for game in ("twin-it", "double-connect"):
            article = page.locator(f"article[data-game={game}]")
            article.locator("details.options").evaluate("details => { details.open = true; }")
            control = article.locator("[data-key=lag_compensation]")
            assert control.is_visible()
            assert article.locator(f"label[for='{control.get_attribute('id')}']").inner_text() == label
            assert help_word in article.locator(f"#{control.get_attribute('aria-describedby')}").inner_text()
            values = control.locator("option").all_inner_texts()
            assert values == (["On", "Off"] if lang == "en" else ["روشن", "خاموش"]), values
        assert page.locator("article[data-game=jekyll-vs-hyde] [data-key=lag_compensation]").count() == 0
