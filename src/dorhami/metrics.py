"""Prometheus metrics (`GET /metrics`), with the well-kept `prometheus-client`.

Each app has its own registry (tests build many apps in one process). What the hub already knows
(sockets, live tables, committed actions) is read at scrape time by a collector, so the hot path
pays nothing for it; only commit latency, event-loop lag and errors are recorded as they happen.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily
from prometheus_client.registry import Collector

if TYPE_CHECKING:
    from .hub.hub import Hub

LAG_EVERY_S = 0.5
# Commits take about a millisecond on a quiet SQLite and up to tens under load or on a network.
COMMIT_BUCKETS = (0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
LAG_BUCKETS = (0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0)


class HubCollector(Collector):
    """Read at each scrape: what the hub holds now, and what its journal has committed so far."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub

    def collect(self) -> Iterator:
        tables = list(self.hub.tables.values())
        yield GaugeMetricFamily("dorhami_live_tables", "tables in this process's memory", value=len(tables))
        yield GaugeMetricFamily("dorhami_sockets", "open room sockets", value=sum(len(t.subscribers) for t in tables))
        yield GaugeMetricFamily(
            "dorhami_games_running",
            "live tables with a game in progress",
            value=sum(1 for t in tables if t.room.status == "playing"),
        )
        journal = self.hub.journal
        yield CounterMetricFamily(
            "dorhami_actions_committed", "log rows and writes committed by the journal", value=journal.appends
        )
        yield CounterMetricFamily(
            "dorhami_commits", "journal transactions (a batch of appends each)", value=journal.batches
        )
        ownership = self.hub.ownership
        if ownership is not None:  # several processes on PostgreSQL (docs/SCALING.md)
            yield GaugeMetricFamily("dorhami_leases_held", "table leases this process holds", value=len(ownership.held))
            yield CounterMetricFamily(
                "dorhami_lease_handovers", "tables handed to another process that asked", value=ownership.handovers
            )
            yield CounterMetricFamily(
                "dorhami_leases_lost", "tables whose lease another process took", value=ownership.lost
            )


class Metrics:
    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        self.commit_seconds = Histogram(
            "dorhami_commit_seconds", "time to commit one journal batch", buckets=COMMIT_BUCKETS, registry=self.registry
        )
        self.loop_lag_seconds = Histogram(
            "dorhami_event_loop_lag_seconds",
            "how late the event loop ran a timer it was given",
            buckets=LAG_BUCKETS,
            registry=self.registry,
        )
        self.loop_lag = Gauge(
            "dorhami_event_loop_lag_last_seconds", "the last measured event-loop lag", registry=self.registry
        )
        self.errors = Counter("dorhami_errors", "typed errors answered, by code", ["code"], registry=self.registry)

    def watch(self, hub: Hub) -> None:
        self.registry.register(HubCollector(hub))
        hub.journal.on_commit = self.commit_seconds.observe

    def error(self, code: str) -> None:
        self.errors.labels(code).inc()

    async def measure_loop_lag(self, every_s: float = LAG_EVERY_S) -> None:
        """For the life of the process: how much later than asked a sleep wakes."""
        while True:
            asked = time.perf_counter()
            await asyncio.sleep(every_s)
            lag = max(0.0, time.perf_counter() - asked - every_s)
            self.loop_lag.set(lag)
            self.loop_lag_seconds.observe(lag)
