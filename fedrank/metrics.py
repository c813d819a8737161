"""The service's Prometheus metrics, defined once so every layer counts into the same series.

A leaf module (it imports nothing of fedrank but its version): handlers, bots, the outbox and
the scheduler all increment these, and ``fedrank run --http`` serves them on ``/metrics``.
Names follow Prometheus' conventions (``_total`` counters, ``_seconds`` histograms and ages,
``_timestamp_seconds`` Unix times). The gauges read from the database (the backlog, the
outbox's oldest age, the last publication of each discipline) are set at each scrape
(:func:`fedrank.handlers.health.refresh_metrics`), so every process reports the same truth.
"""

from __future__ import annotations

import platform

from prometheus_client import Counter, Gauge, Histogram, Info

from fedrank import __version__

BUILD = Info(
    "fedrank_build",
    "The running fedrank: its version and the Python that runs it (always 1).",
)
BUILD.info({"version": __version__, "python": platform.python_version()})

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
OUTBOX_OLDEST_AGE = Gauge(
    "fedrank_outbox_oldest_pending_age_seconds",
    "How long the longest-waiting outbox message still to deliver has waited since it was"
    " first due (0: none waits), by platform.",
    ["platform"],
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
LIST_PUBLISHED = Gauge(
    "fedrank_list_published_timestamp_seconds",
    "When each discipline's newest list was published (Unix time), with the discipline's"
    " calendar (monthly, quarterly, yearly, on_demand): a calendar that stalls leaves it behind.",
    ["discipline", "calendar"],
)
TRANSPORT_UP = Gauge(
    "fedrank_transport_up",
    "1 while a chat transport this process runs is up, 0 while it is down and tried again.",
    ["transport"],
)
LEADER = Gauge(
    "fedrank_scheduler_leader",
    "1 while this process holds the scheduler's leader lock, 0 while it follows.",
)

__all__ = [
    "BUILD",
    "DELIVERIES",
    "HANDLER_SECONDS",
    "LEADER",
    "LIST_PUBLISHED",
    "OUTBOX_BACKLOG",
    "OUTBOX_OLDEST_AGE",
    "PUBLICATIONS",
    "RATE_LIMITED",
    "TRANSPORT_UP",
    "UPDATES",
]
