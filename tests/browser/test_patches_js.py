"""The browser's patch applier (static/js/patches.js) against the server's diff (hub/patches.py): the
same ops rebuild the same state, byte for byte, over whole seeded games, and a malformed or
misplaced op is refused rather than guessed at (socket.js then starts afresh from a full state)."""

from __future__ import annotations

import base64
from pathlib import Path

import orjson

from dorhami.catalogue import get_engine
from dorhami.hub import views
from dorhami.hub.fanout import ENVELOPE
from dorhami.hub.live_game import LiveGame
from dorhami.hub.patches import diff
from tests.hub.test_state_patches import CASES
from tests.support.seeded_games import VARIANTS, play

# JavaScript has one kind of number: 0 and 0.0 are the same there.
JS_CASES = [case for case in CASES if b"." not in orjson.dumps(case[1])]
SOURCE = Path(__file__).parents[2] / "src/dorhami/static/js/patches.js"


def body(message: dict) -> dict:
    return {k: v for k, v in message.items() if k not in ENVELOPE}


def seeded_chains() -> list[dict]:
    """Per title, one seat's and a spectator's first body and every patch after it, and the bodies
    they must give."""
    titles = [
        ("jekyll-vs-hyde", "single"),
        ("twin-it", "competitive 3p"),
        ("queendomino", "3p"),
        ("camel-up-cards", "4p"),
        ("double-connect", "teams 4p"),
    ]
    return [chain(slug, label, seat) for slug, label in titles for seat in (0, None)]


def chain(slug: str, label: str, seat: int | None) -> dict:
    engine = get_engine(slug)
    variant = next(v for v in VARIANTS[slug] if v.label == label)
    game: LiveGame | None = None
    found: dict = {"name": f"{slug} seat {seat}", "patches": [], "bodies": []}

    def on_start(state):
        nonlocal game
        game = LiveGame(1, engine, variant.players, state)
        found["first"] = body(views.snapshot(engine, game, seat))

    def on_change(pre, who, action, now, post, events):
        before = found["bodies"][-1] if found["bodies"] else found["first"]
        game.state, game.version, game.result = post, game.version + 1, engine.result(post)
        after = body(views.snapshot(engine, game, seat, events))
        found["patches"].append(diff(before, after))
        found["bodies"].append(after)

    play(engine, variant, 11, on_start, on_change)
    return found


def run_in_browser(browser, script: str, data: object) -> object:
    """`script` run with the module as `m` and `data`, handed over as one JSON text: Playwright's
    own serialisation of megabytes of nested objects takes many seconds."""
    page = browser.new_page()
    module = "data:text/javascript;base64," + base64.b64encode(SOURCE.read_bytes()).decode()
    return page.evaluate(
        "async ([url, text]) => { const m = await import(url); const data = JSON.parse(text); %s }" % script,
        [module, orjson.dumps(data).decode()],
    )


# The same value, as JSON says it: keys in any order.
SAME = """
const same = (a, b) => {
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => same(x, b[i]));
  if (a && typeof a === "object") {
    if (!b || typeof b !== "object" || Array.isArray(b)) return false;
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => k in b && same(a[k], b[k]));
  }
  return a === b;
};
"""


def test_the_browser_rebuilds_every_state_of_seeded_games_from_its_patches(browser):
    chains = seeded_chains()
    out = run_in_browser(
        browser,
        SAME
        + """
        const wrong = [];
        for (const chain of data) {
          let state = chain.first;
          const kept = JSON.stringify(state);
          chain.patches.forEach((ops, i) => {
            const before = JSON.stringify(state);
            const next = m.applyPatch(state, ops);
            if (JSON.stringify(state) !== before) wrong.push(`${chain.name} v${i + 1}: changed the state it started from`);
            if (!same(next, chain.bodies[i])) wrong.push(`${chain.name} v${i + 1}: not the full view`);
            state = next;
          });
          if (JSON.stringify(chain.first) !== kept) wrong.push(`${chain.name}: the first state changed`);
        }
        return { wrong, chains: data.length };
        """,
        chains,
    )
    assert all(len(chain["patches"]) > 10 for chain in chains)
    assert out == {"wrong": [], "chains": len(chains)}


def test_the_browser_applies_the_hand_made_cases_and_refuses_what_is_not_a_patch(browser):
    out = run_in_browser(
        browser,
        """
        const applied = data.cases.map(([before, ops]) => m.applyPatch(before, ops));
        const refused = data.bad.map(([before, ops]) => {
          try { m.applyPatch(before, ops); return null; } catch (err) { return String(err.message); }
        });
        return { applied, refused };
        """,
        {
            "cases": [[before, ops] for before, _, ops in JS_CASES],
            "bad": [
                [{"h": [1, 2]}, [["h/5", 3]]],  # past the end of a list
                [{"h": [1, 2]}, [["h/2"]]],  # removing what is not there
                [{"h": [1, 2]}, [["h/x", 3]]],  # no index
                [{"a": 1}, [["a/b", 3]]],  # into a number
                [{"a": 1}, [[1, 2]]],  # no path
                [{"a": 1}, [["a", 1, 2]]],  # too long
            ],
        },
    )
    assert [orjson.dumps(x, option=orjson.OPT_SORT_KEYS) for x in out["applied"]] == [
        orjson.dumps(after, option=orjson.OPT_SORT_KEYS) for _, after, _ in JS_CASES
    ]
    assert all(out["refused"]), out["refused"]
