"""Plain-text tables: one per run, then medians with min–max per target and Dorhami / baseline."""

from __future__ import annotations

import statistics

# (key, heading) per mode, in the order they are printed.
_LOAD = [
    ("actions_per_s", "actions/s"),
    ("bcast_p50_ms", "bcast p50"),
    ("bcast_p99_ms", "bcast p99"),
    ("ack_p50_ms", "ack p50"),
    ("ack_p99_ms", "ack p99"),
    ("lag_p50_ms", "lag p50"),
    ("lag_p99_ms", "lag p99"),
    ("server_cpu_pct", "srv CPU%"),
    ("generator_cpu_pct", "gen CPU%"),
    ("others_on_server_core_pct", "other srv%"),
    ("others_on_generator_core_pct", "other gen%"),
    ("max_socket_sends_per_s", "max send/s"),
    ("errors", "errors"),
    ("rematches", "rematch"),
]
COLUMNS = {
    "closed": _LOAD,
    "open": [("offered_per_s", "offered/s"), ("achieved_pct", "achieved %"), ("unanswered", "unanswered"), *_LOAD],
    "idle": [
        ("sockets", "idle sockets"),
        ("deflate_negotiated", "deflate on"),
        ("rss_before_kib", "RSS before KiB"),
        ("rss_after_kib", "RSS after KiB"),
        ("kib_per_socket", "KiB/socket"),
    ],
}
# Bytes per action (load.py `_bytes_per_action`): the socket classes and message types, in order.
BYTE_CLASSES = ["mover", "other seat", "seat, no action", "spectator", "spectators", "to clients", "to server"]
BYTE_TYPES = ["state", "patch", "ack", "room", "other"]
BYTES_LEGEND = (
    "bytes on the wire in the window per action acked in it: payload = UTF-8 text, wire = with the "
    "frame header (+4 mask from a client); mover: the seat whose action made the version a message "
    "carries (or the socket last held), other seat: the other one, seat, no action: a version no "
    "seat's action made (a new game); spectator: one spectator socket, spectators: all of a table's; "
    "to clients: everything a table's sockets received; to server: the action frames; state … other: "
    "payload bytes by message type"
)
MODE_TITLES = {"closed": "closed loop", "open": "open loop", "idle": "idle sockets"}
LEGEND = {
    "closed": "latencies in ms; bcast: action -> its state at each other socket of the table; ack: action -> "
    "ack at the actor; lag: ping -> pong on an idle socket, a proxy for event-loop lag; CPU % of one "
    "core; other srv%/gen%: other processes on the server's / generator's core; max send/s: the "
    "busiest socket's actions/s (Dorhami allows 20/s, bursts of 40)",
    "idle": "RSS of the server process before and after opening the idle sockets; deflate on: sockets "
    "that negotiated permessage-deflate (the client offered it on every one)",
}
LEGEND["open"] = (
    "offered/s: actions due in the window; achieved %: of those, acked by its end; unanswered: of "
    "those, never acked (not even in the drain), counted as infinitely late (∞) in the latencies; "
    "actions/s: acks received in the window; " + LEGEND["closed"]
)


def number(value) -> str:
    if value is None:
        return "–"
    if value == float("inf"):
        return "∞"
    if isinstance(value, int):
        return str(value)
    if abs(value) >= 100:
        return f"{value:.0f}"
    if abs(value) >= 10:
        return f"{value:.1f}"
    return f"{value:.2f}"


def ratio(a: float | None, b: float | None) -> str:
    if a is None or not b or (a == b == float("inf")):
        return "–"
    return "∞" if a == float("inf") else f"{a / b:.2f}"


def table(headings: list[str], rows: list[list[str]]) -> str:
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(headings)]

    def line(cells: list[str]) -> str:
        return "  ".join(c.rjust(w) if i else c.ljust(w) for i, (c, w) in enumerate(zip(cells, widths)))

    return "\n".join([line(headings), line(["-" * w for w in widths]), *map(line, rows)])


def run_tables(run: int, rows: list[dict]) -> str:
    """The rows of one run, a table per mode, with each row's kinds of error underneath."""
    out = []
    for mode, columns in COLUMNS.items():
        mine = [r for r in rows if r["mode"] == mode]
        if not mine:
            continue
        out.append(f"\nrun {run} — {MODE_TITLES[mode]}")
        out.append(
            table(
                ["target", *(h for _, h in columns)],
                [[r["target"], *(number(r.get(k)) for k, _ in columns)] for r in mine],
            )
        )
        for r in mine:
            kinds = r.get("error_kinds") or r.get("failed")
            if kinds:
                out.append(f"  {r['target']} errors: " + ", ".join(f"{k} ×{n}" for k, n in sorted(kinds.items())))
            if r.get("server_log_errors"):
                out.append(f"  {r['target']}: {r['server_log_errors']} error lines in the server's log")
        if any(r.get("bytes_per_action") for r in mine):
            out.append(f"run {run} — {MODE_TITLES[mode]}, bytes per action")
            out.append(
                table(
                    ["target", "class", "payload", "wire", *BYTE_TYPES],
                    [
                        [
                            r["target"],
                            cls,
                            *(number(figures[cls][k]) for k in ("payload", "wire")),
                            *(number(figures[cls]["types"].get(k)) for k in BYTE_TYPES),
                        ]
                        for r in mine
                        if (figures := r.get("bytes_per_action"))
                        for cls in BYTE_CLASSES
                        if cls in figures
                    ],
                )
            )
    return "\n".join(out)


def _spread(values: list[float]) -> str:
    if not values:
        return "–"
    return f"{number(statistics.median(values))} ({number(min(values))}–{number(max(values))})"


def bytes_summary(results: list[dict], targets: list[str], mode: str) -> str:
    """Bytes per action of one mode: per class, payload and wire as median (min–max) per target,
    then the median of each message type's payload bytes."""
    rows_of = {t: [r["bytes_per_action"] for r in results if r["mode"] == mode and r["target"] == t] for t in targets}
    rows_of = {t: [f for f in rows if f] for t, rows in rows_of.items()}
    if not any(rows_of.values()):
        return ""
    body = []
    for cls in BYTE_CLASSES:
        for t in targets:
            measured = [f[cls] for f in rows_of[t] if cls in f]
            if not measured:
                continue
            body.append(
                [
                    cls,
                    t,
                    _spread([m["payload"] for m in measured]),
                    _spread([m["wire"] for m in measured]),
                    *(
                        number(statistics.median(m["types"][k] for m in measured)) if measured[0]["types"] else "–"
                        for k in BYTE_TYPES
                    ),
                ]
            )
    head = f"\n{MODE_TITLES[mode]}, bytes per action — median (min–max)\n({BYTES_LEGEND})"
    return head + "\n" + table(["class", "target", "payload", "wire", *BYTE_TYPES], body)


def summary(results: list[dict], targets: list[str]) -> str:
    """Per mode: every figure as a row, `median (min–max)` per target, then Dorhami / each baseline."""
    out = []
    baselines = [t for t in targets if t != "dorhami"] if "dorhami" in targets else []
    for mode, columns in COLUMNS.items():
        rows_of = {t: [r for r in results if r["mode"] == mode and r["target"] == t] for t in targets}
        if not any(rows_of.values()):
            continue
        runs = max(len(v) for v in rows_of.values())
        out.append(f"\n{MODE_TITLES[mode]} — median (min–max) over {runs} run{'s' * (runs > 1)}\n({LEGEND[mode]})")
        body = []
        for key, heading in columns:
            cells, medians = [heading], {}
            for t in targets:
                values = [r[key] for r in rows_of[t] if r.get(key) is not None]
                if values:
                    median = statistics.median(values)
                    # Counts stay whole numbers (the median of two runs may fall between them).
                    is_count = all(isinstance(v, int) for v in values) and float(median).is_integer()
                    medians[t] = int(median) if is_count else median
                    cells.append(f"{number(medians[t])} ({number(min(values))}–{number(max(values))})")
                else:
                    cells.append("–")
            for b in baselines:
                cells.append(ratio(medians.get("dorhami"), medians.get(b)))
            body.append(cells)
        out.append(table(["figure", *targets, *(f"dorhami/{b}" for b in baselines)], body))
        if mode != "idle" and (bytes_table := bytes_summary(results, targets, mode)):
            out.append(bytes_table)
    sizes = []
    for t in targets:
        measured = [r["message_bytes"] for r in results if r["target"] == t and r.get("message_bytes")]
        if measured:
            kinds = {kind: round(statistics.mean(m[kind] for m in measured if kind in m)) for kind in measured[0]}
            sizes.append(f"  {t}: " + ", ".join(f"{kind} {size}" for kind, size in kinds.items()))
    if sizes:
        out.append(
            "\nmessage sizes, mean bytes per text frame over the loaded runs (mover/waiter: state to the "
            "seat to move / the other seat; spectator: state to a spectator; ack: to the actor; patch: "
            "a patch to any socket)"
        )
        out.extend(sizes)
    return "\n".join(out)
