"""Long tasks in a Twin It race on a throttled phone: what a slow phone's main thread goes through.

Run: .venv/bin/python -m bench.performance.race_long_tasks [--races 3] [--url http://127.0.0.1:8000]
For steadier figures pin the server and the browser apart, e.g. `taskset -c 0` for a server you
start yourself (`--url`) and `taskset -c 1` for this command.

Each race: a 390×844 page in Persian, four at the table (you and three bots), a far target (30 sets)
and a 5 s turn, so the race runs its whole minute; Chromium's CPU throttled 4× (DevTools'
Emulation.setCPUThrottlingRate); you tap every match the table shows and let the automatic flip end
your turns. A PerformanceObserver counts the long tasks (over 50 ms, the browser's own threshold).
Races alternate motion on and off (the page asking for reduced motion), so what motion costs is read
from interleaved runs. The target (issue 29) is no long task at all.
"""

from __future__ import annotations

import argparse
import re
import statistics
import tempfile
import time
from collections import defaultdict

RACE_S = 60
WATCH_LONG_TASKS = """() => {
  window.__long = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__long.push({ start: e.startTime, ms: e.duration });
  }).observe({ type: 'longtask', buffered: true });
}"""
# Counts the animations scripts start, at no cost per frame (document.getAnimations() would flush styles).
COUNT_ANIMATIONS = """() => {
  window.__animated = 0;
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (...args) { window.__animated += 1; return animate.apply(this, args); };
}"""


def create_far_race(page, base_url: str) -> None:
    """A Twin It room from the lobby with the farthest target (30 sets), a 5 s turn and a 1 s countdown."""
    page.goto(base_url)
    page.fill("#name", "تارا")
    article = page.locator("article[data-game=twin-it]")
    article.locator("details.options summary").click()
    article.locator("[data-key=target_sets]").select_option(value="30")  # its options are the choices' indexes
    article.locator("[data-key=flip_timeout_ms]").fill("5")
    article.locator("[data-key=start_countdown_ms]").fill("1")
    article.locator("[data-action=create]").click()
    page.wait_for_url(re.compile(r"/t/[\w-]+$"))


def claim_a_match(page, read_table: str, tap) -> bool:
    """Tap two matching loose cards if the table shows some."""
    table = page.evaluate(read_table)
    if not table or table["phase"] != "PLAYING":
        return False
    by_design = defaultdict(list)
    for card, design in table["loose"]:
        by_design[design].append(card)
    for design, cards in by_design.items():
        if len(cards) >= 2:
            return all(
                tap(page, f".twin-it button.tw-card[data-card='{c}'][data-design='{design}']") for c in cards[:2]
            )
    return False


def race(browser, base_url: str, motion: bool) -> dict:
    from tests.browser.lobby import sit_with_bots
    from tests.browser.screens import PHONE
    from tests.browser.test_twin_it import READ_TABLE, tap

    context = browser.new_context(
        viewport=PHONE,
        locale="fa-IR",
        has_touch=True,
        is_mobile=True,
        reduced_motion="no-preference" if motion else "reduce",
        bypass_csp=True,  # Playwright evaluates its waits as strings, which the page's policy forbids
    )
    context.add_init_script("localStorage.setItem('dorhami.lang', 'fa')")
    page = context.new_page()
    create_far_race(page, base_url)
    sit_with_bots(page, 3)
    page.wait_for_selector(".twin-it[data-phase=PLAYING]", timeout=15000)
    page.evaluate(WATCH_LONG_TASKS)
    page.evaluate(COUNT_ANIMATIONS)
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
    start = page.evaluate("performance.now()")
    claims = 0
    deadline = time.monotonic() + RACE_S
    while time.monotonic() < deadline and not page.locator("#result").count():
        claimed = claim_a_match(page, READ_TABLE, tap)
        claims += claimed
        page.wait_for_timeout(40 if claimed else 60)
    end = page.evaluate("performance.now()")
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    tasks = sorted((t["ms"] for t in page.evaluate("window.__long") if start <= t["start"] <= end), reverse=True)
    flights = page.evaluate("window.__animated")
    context.close()
    return {
        "motion": motion,
        "seconds": (end - start) / 1000,
        "claims": claims,
        "flights": flights,
        "count": len(tasks),
        "longest": round(tasks[0]) if tasks else 0,
        "total": round(sum(tasks)),
    }


def summary(runs: list[dict], motion: bool) -> str:
    mine = [r for r in runs if r["motion"] is motion]
    if not mine:
        return ""

    def spread(key: str) -> str:
        values = [r[key] for r in mine]
        return f"{statistics.median(values):g} ({min(values)}–{max(values)})"

    return (
        f"motion {'on ' if motion else 'off'}: {len(mine)} races; long tasks {spread('count')}, "
        f"longest {spread('longest')} ms, total {spread('total')} ms (median, min–max)"
    )


def main() -> None:
    from playwright.sync_api import sync_playwright

    from tests.browser.conftest import CHROMIUM, FLAGS
    from tests.support.live import ServerProcess

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", help="a running server (default: start one)")
    parser.add_argument("--races", type=int, default=3, help="races with motion on, and as many with it off")
    args = parser.parse_args()
    runs = []
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        server = None if args.url else ServerProcess(f"sqlite:///{folder}/dorhami.db", bot_delay_ms="60,120").start()
        try:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            for n in range(args.races * 2):
                run = race(browser, args.url or server.url, motion=n % 2 == 0)
                runs.append(run)
                print(
                    f"race {n + 1}: motion {'on ' if run['motion'] else 'off'} {run['seconds']:.0f} s, "
                    f"{run['claims']} claims, {run['flights']} animations; long tasks {run['count']}, "
                    f"longest {run['longest']} ms, total {run['total']} ms",
                    flush=True,
                )
            browser.close()
        finally:
            if server:
                server.stop()
    print(summary(runs, True))
    print(summary(runs, False))


if __name__ == "__main__":
    main()
