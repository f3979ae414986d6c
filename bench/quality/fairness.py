"""Fair slaps: does a Double Connect race go to the player who reacted first, or to the faster link?

Run (prints the tables below and one JSON line; exit status 1 if compensation misses its target):

  .venv/bin/python -m bench.quality.fairness                   # >= 1,000 contested races per mode, a few minutes
  .venv/bin/python -m bench.quality.fairness --races 60        # a quick look (about 20 s)
  .venv/bin/python -m bench.quality.fairness --modes off       # a server without `lag_compensation`

The server runs as a child, pinned to core 0 with taskset (this driver on core 1), with SQLite and
`DORHAMI_RATE_LIMITS=off` (tests/support/servers.py). Every bot is one seat's real WebSocket behind a
DelayProxy of its own (tests/support/delay_proxy.py): one-way delays of 0, 20, 60 and 150 ms, each
± 5 ms uniform jitter (clamped at 0), so each table has one player on each link (the links rotate
over the seats from table to table). Rooms are created in pairs with `{"lag_compensation": false}`
and `true`, interleaved (off, on, off, on, ...); the two tables of a pair have the same links and
the same seeded reaction times, and all of them play at once.

A race is one state version of a game: every bot that sees it plays its lowest hand card on the
lowest active target with the shared symbol (always a correct claim: any two cards share exactly
one symbol), after its own reaction time for that race, drawn uniformly from 250-650 ms (seeded)
and counted from the moment the bot's socket *received* that state. The config has one start slot
(`start_slots: 1`), so the tower has a single open card and every claim of a version races for it;
hands of 10 and `final_chance_ms: 0` keep all four seats racing until the first hand is empty, then
the host asks for a rematch over REST. A claim carries `seen_version` and `reaction_ms` = the bot's
true reaction, measured at the send (a cheater reports 100 ms less). A bot whose next state arrives
before it has sent drops its claim, as a player would who saw the card covered. Bots answer the
server's probes (`ping` with an `id`) at once, and ping the server themselves every second (the
client-side RTT in the report).

Tables are of three kinds: honest (four honest bots: the fairness figures), cheat (one bot reports
100 ms less than its true reaction; the cheater's link rotates over the cheat tables) and solo (one
bot, chosen at random per race, claims alone: uncontested latency). The truly fastest bot of a race
is the one with the smallest true reaction, its gap the second smallest minus the smallest; the
winner is the `seat` of the `claim_accepted` in the next version's events (`race_judged` too, when
the server sends it). Figures:

- fastest wins: the share of contested races of the honest tables won by the truly fastest bot, by
  gap (0-10, 10-20, 20-50, 50-100, >100 ms) and over all gaps > 10 ms (twice the jitter); target,
  with compensation on: >= 95 %;
- the cheater: its win rate against the same link's honest win rate in the same mode (the gain),
  and how often it wins a race it was not truly fastest in;
- latency: claim -> ack at the claimant (raw: its own link's RTT included) for uncontested claims
  (solo tables) and for the winners of contested races, median and p95, off and on;
- the server's judgement (compensation on): how many races came with `race_judged`, and the
  compensation it granted each link.

The run ends when each mode has `--races` honest contested races, half as many cheat races and a
fifth as many solo ones (or after `--max-seconds`); races still open then are not counted.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import resource
import sys
import time
from pathlib import Path

from bench.loadlib.report import number
from bench.loadlib.report import table as text_table
from tests.support.fairness import (
    CHEAT_MS,
    FAIR_GAP_MS,
    LINKS_MS,
    LOSS_REASONS,
    MODES,
    TARGET_SHARE,
    NoLagCompensation,
    failures,
    measure,
    pct,
    share_cell,
)


def report(figures: dict) -> str:
    modes = list(figures["modes"])
    per = figures["modes"]
    out = [
        "\nraces counted: "
        + "; ".join(f"{m}: " + ", ".join(f"{k} {n}" for k, n in per[m]["races"].items()) for m in modes)
    ]
    out.append(
        "\nshare of contested races (honest tables) won by the truly fastest bot, by the true reaction "
        "gap between the fastest and the second fastest (ms)"
    )
    rows = [
        [bucket, *(share_cell(per[m]["fastest_wins"]["buckets"][bucket]) for m in modes)]
        for bucket in per[modes[0]]["fastest_wins"]["buckets"]
    ]
    rows.append([f"gap > {FAIR_GAP_MS}", *(share_cell(per[m]["fastest_wins"]["gap_over_10"]) for m in modes)])
    rows.append(["all", *(share_cell(per[m]["fastest_wins"]["all"]) for m in modes)])
    out.append(text_table(["gap", *modes], rows))
    out.append(f"target with compensation on: gap > {FAIR_GAP_MS} ms >= {pct(TARGET_SHARE)}")

    out.append("\nwins by link (honest tables; 25 % each if the link did not matter)")
    out.append(
        text_table(
            ["one-way link", *modes],
            [[f"{link} ms", *(share_cell(per[m]["link_wins"][str(link)]) for m in modes)] for link in LINKS_MS],
        )
    )

    out.append(
        f"\nthe cheater (reports {CHEAT_MS} ms less than its true reaction) against the same link honest; "
        "stole: won a race it was not truly fastest in"
    )
    rows = []
    for m in modes:
        for link in (*map(str, LINKS_MS), "all"):
            row = per[m]["cheater"][link]
            rows.append(
                [
                    m,
                    link if link == "all" else f"{link} ms",
                    pct(row["cheater_wins"]),
                    pct(row["honest_wins"]),
                    "–" if row["gain"] is None else f"{100 * row['gain']:+.1f} pp",
                    pct(row["cheater_stole"]),
                    pct(row["honest_stole"]),
                    f"{row['cheat_races']}",
                ]
            )
    out.append(
        text_table(
            [
                "mode",
                "cheater link",
                "cheater wins",
                "honest wins",
                "gain",
                "cheater stole",
                "honest stole",
                "cheat races",
            ],
            rows,
        )
    )

    out.append(
        "\nlatency at the claimant, ms: claim -> ack (raw: its own link's round trip included; beyond RTT: "
        "less that bot's median ping round trip), claim -> the first state showing it, and the losers' "
        "claim -> refusal"
    )
    rows = []
    for label, key in (("uncontested", "uncontested_latency"), ("contested, winner", "contested_latency")):
        for what, name in (
            ("ack", "ack"),
            ("ack_beyond_rtt", "ack beyond RTT"),
            ("state", "first state"),
            ("refusal_beyond_rtt", "losers' refusal beyond RTT"),
        ):
            if key == "uncontested_latency" and what == "refusal_beyond_rtt":
                continue
            cells = [f"contested: {name}" if what == "refusal_beyond_rtt" else f"{label}: {name}"]
            for m in modes:
                q = per[m][key][what]
                cells += [number(q["p50"]), number(q["p95"])]
            if len(modes) == 2:
                a, b = per[modes[0]][key][what], per[modes[1]][key][what]
                cells += [_difference(a["p50"], b["p50"]), _difference(a["p95"], b["p95"])]
            rows.append(cells)
    heads = ["", *(f"{m} {q}" for m in modes for q in ("p50", "p95"))]
    if len(modes) == 2:
        heads += ["on − off p50", "on − off p95"]
    out.append(text_table(heads, rows))
    rows = []
    for key, label in (("uncontested_latency", "uncontested"), ("contested_latency", "contested winner")):
        for link in LINKS_MS:
            cells = [f"{label} ack, {link} ms link"]
            for m in modes:
                q = per[m][key]["ack_by_link"][str(link)]
                cells += [number(q["p50"]), number(q["p95"])]
            rows.append(cells)
    out.append(text_table(heads[: 1 + 2 * len(modes)], rows))

    out.append("\nlinks as measured: client ping -> pong RTT (ms), and the server's probes answered per bot")
    rows = [
        [f"{link} ms", *(number(per[m]["client_rtt_ms_by_link"][str(link)][q]) for m in modes for q in ("p50", "p95"))]
        for link in LINKS_MS
    ]
    rows.append(
        ["probes/bot (median)", *(x for m in modes for x in (number(per[m]["probes_answered_per_bot"]["p50"]), ""))]
    )
    out.append(text_table(["link", *(f"{m} RTT {q}" for m in modes for q in ("p50", "p95"))], rows))
    late = figures["proxy_lateness"]
    out.append(
        f"the proxies released {late['chunks']} chunks: {late['over_5_ms']} more than 5 ms late, "
        f"{late['over_20_ms']} more than 20 ms late, the latest by {late['max_ms']} ms"
    )

    for m in modes:
        j = per[m]["judged"]
        if not j["with_race_judged"]:
            continue
        out.append(
            f"\nthe server's judgement ({m}): race_judged in {j['with_race_judged']} of {j['races']} contested "
            f"races, its winner = claim_accepted's in {j['winner_agrees']}; contenders per race "
            f"{j['contenders']}"
        )
        rows = [
            [
                f"{link} ms",
                number(j["compensation_ms_by_link"][str(link)]["p50"]),
                number(j["compensation_ms_by_link"][str(link)]["p95"]),
                number(j["judged_minus_true_reaction_ms_by_link"][str(link)]["p50"]),
                number(j["judged_minus_true_reaction_ms_by_link"][str(link)]["p95"]),
            ]
            for link in LINKS_MS
        ]
        out.append(text_table(["link", "compensation p50", "p95", "judged − true reaction p50", "p95"], rows))
        lost = per[m]["losses"]
        if lost["reasons"]:
            out.append(
                f"why the truly fastest lost ({m}, honest tables, gap > {FAIR_GAP_MS} ms; the first reason "
                "that applies):"
            )
            out.extend(
                f"  {n:5d}  {LOSS_REASONS[k]}" for k, n in sorted(lost["reasons"].items(), key=lambda kv: -kv[1])
            )
            for key, label in (
                ("fastest_judged_minus_reported_ms", "the fastest: judged − reported reaction"),
                ("winner_judged_minus_true_ms", "the winner: judged − true reaction"),
            ):
                q = lost[key]
                if q["n"]:
                    out.append(f"  {label}: p50 {number(q['p50'])} ms, p95 {number(q['p95'])} ms (n={q['n']})")

    for m in modes:
        extra = {k: v for k, v in per[m]["answers"].items() if k not in ("ack", "target_not_active")}
        if extra or per[m]["anomalies"]:
            out.append(f"\n{m}: other answers {extra or '{}'}; anomalies {per[m]['anomalies'] or '{}'}")
    cpu = figures["cpu_pct"]
    out.append(
        f"\nCPU over the play (% of one core): server {cpu['server']} on cores {cpu['server_cores']}, bots and "
        f"proxies {cpu['bots']} on cores {cpu['bot_cores']}; other processes took {cpu['others_on_server_cores']} "
        f"of the server's cores and {cpu['others_on_bot_cores']} of the bots'"
    )
    if figures["errors"]:
        out.append(f"\nerrors: {figures['errors']}")
    if figures["server_log_errors"]:
        out.append(
            f"\n{figures['server_log_errors']} errors in the server's log; the first:\n"
            f"  {figures['server_log_first_error']}"
        )
    for note in figures["notes"]:
        out.append(f"\nnote: {note}")
    return "\n".join(out)


def _difference(a: float | None, b: float | None) -> str:
    return "–" if a is None or b is None else f"{b - a:+.1f}"


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Who wins a Double Connect race: the fastest reaction or the "
        "fastest link? Compensation off against on.",
        epilog=__doc__.split("\n\n", 1)[1],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--races",
        type=int,
        default=1000,
        help="honest contested races per mode (default 1000; cheat tables play half as many, solo tables a fifth)",
    )
    parser.add_argument("--quick", action="store_true", help="a reduced run: --races 60 --pairs 6")
    parser.add_argument(
        "--pairs", type=int, default=12, help="pairs of tables (one off, one on; default 12, so 24 tables and 96 bots)"
    )
    parser.add_argument("--modes", default="off,on", help="off, on, or off,on (default)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the reaction times and the jitter (default 1)")
    parser.add_argument("--max-seconds", type=float, default=900, help="give up after this much play (default 900)")
    parser.add_argument("--server-cpu", type=int, default=0, help="core of the server (default 0)")
    parser.add_argument("--client-cpu", type=int, default=1, help="core of the bots and their proxies (default 1)")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    parser.add_argument("--dump", type=Path, help="write every race counted here, one JSON line each")
    args = parser.parse_args(argv)
    if args.quick:
        args.races, args.pairs = 60, 6
    named = args.modes.split(",")
    args.modes = tuple(m for m in MODES if m in named)
    if not args.modes or len(args.modes) != len(named):
        parser.error(f"--modes: expected off, on or off,on, but got {','.join(named)!r}")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    os.sched_setaffinity(0, {args.client_cpu})
    needed = args.pairs * len(args.modes) * len(LINKS_MS) * 4 + 200  # bot socket, proxy pair, server side
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < needed:
        resource.setrlimit(
            resource.RLIMIT_NOFILE, (min(needed, hard) if hard != resource.RLIM_INFINITY else needed, hard)
        )
    started = time.monotonic()
    try:
        # The standard loop, not uvloop: its clock is time.monotonic() at full resolution, and its
        # timers never fire early (uvloop's have millisecond steps and may), which the 0-10 ms
        # races and the proxies' delays need.
        figures = asyncio.run(
            measure(
                args.races,
                args.pairs,
                args.modes,
                args.seed,
                server_core=args.server_cpu,
                max_seconds=args.max_seconds,
                dump=args.dump,
            )
        )
    except NoLagCompensation as exc:
        print(f"fairness: {exc}; run with --modes off until it lands", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\ninterrupted: the server was stopped", file=sys.stderr)
        return 130
    print(report(figures))
    missed = failures(figures)
    for sentence in missed:
        print(f"\nMISSED: {sentence}")
    print(f"\ntook {time.monotonic() - started:.0f} s ({figures['played_s']:.0f} s of play)")
    line = json.dumps({"bench": "fairness", **figures}, separators=(",", ":"), default=str)
    print(line)
    if args.json:
        args.json.write_text(line + "\n")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
