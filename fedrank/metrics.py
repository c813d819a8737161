"""The service's Prometheus metrics, defined once so every layer counts into the same series.

A leaf module (it imports nothing of fedrank): handlers, bots, the outbox and the scheduler
all increment these, and ``fedrank run --http`` serves them on ``/metrics``. Names follow
Prometheus' conventions (``_total`` counters, ``_seconds`` histograms).
"""

from __future__ import annotations

from prometheus_client import Counter, Gauge, Histogram

UPDATES = Counter(
    "fedrank_updates_total",
    "Chat updates handled, by command and outcome (ok, refused, error).",
    ["platform", "command", "outcome"],
)
HANDLER_SECONDS = Histogram(
    "fedrank_handler_seconds",
    "Time from an update's arrival to its reply, by command.",
    ["command"],
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0),
)
OUTBOX_BACKLOG = Gauge(
    "fedrank_outbox_backlog", "Outbox messages waiting to be delivered.", ["platform"]
)
DELIVERIES = Counter(
    "fedrank_outbox_deliveries_total",
    "Outbox deliveries, by platform and result (sent, retried, failed, blocked).",
    ["platform", "result"],
)
RATE_LIMITED = Counter(
    "fedrank_rate_limited_total",
    "Responses 429 (too many requests) received from a chat platform's API.",
    ["platform"],
)
PUBLICATIONS = Counter(
    "fedrank_publications_total",
    "Lists published, by system and result (published, failed).",
    ["system", "result"],
)
LEADER = Gauge(
    "fedrank_scheduler_leader",
    "1 while this process holds the scheduler's leader lock, 0 while it follows.",
)

__all__ = [
    "DELIVERIES",
    "HANDLER_SECONDS",
    "LEADER",
    "OUTBOX_BACKLOG",
    "PUBLICATIONS",
    "RATE_LIMITED",
    "UPDATES",
]
