"""What ``/metrics`` reads from the database at each scrape (the outbox's backlog and oldest
wait, each discipline's last publication) and the time zones of ``/healthz``."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from prometheus_client import REGISTRY

from fedrank.handlers.context import Services, TransportState
from fedrank.handlers.health import health, refresh_metrics
from fedrank.storage.records import NewMessage
from tests.factories import NOW
from tests.helpers import Clock


def _gauge(name: str, **labels: str) -> float | None:
    return REGISTRY.get_sample_value(name, labels)


def _message(key: str, platform: str, due_at: datetime | None = None) -> NewMessage:
    return NewMessage(key, platform, "42", {"text": "hello"}, due_at)


async def test_the_oldest_wait_counts_from_first_due_and_a_retry_does_not_reset_it(
    services: Services, clock: Clock
) -> None:
    async with services.db.transaction() as repos:
        await repos.outbox.enqueue(
            [
                _message("t-now", "telegram"),
                _message("t-later", "telegram", due_at=NOW + timedelta(hours=2)),
                _message("d-retried", "discord"),
            ],
            NOW,
        )
    async with services.db.transaction() as repos:
        (row,) = await repos.outbox.claim("discord", NOW, limit=5, lease=timedelta(minutes=1))
        await repos.outbox.retry(row.id, NOW + timedelta(hours=1), "429")
    clock.now = NOW + timedelta(minutes=30)
    await refresh_metrics(services)
    age = "fedrank_outbox_oldest_pending_age_seconds"
    # telegram: the row due now has waited 30 min (the one made for later waits from then)
    assert _gauge(age, platform="telegram") == 1800.0
    # discord: tried once, its retry due in an hour; it has waited since it was made
    assert _gauge(age, platform="discord") == 1800.0
    assert _gauge(age, platform="console") == 0.0
    assert _gauge("fedrank_outbox_backlog", platform="telegram") == 2.0
    async with services.db.transaction() as repos:
        (row,) = await repos.outbox.claim(
            "discord", NOW + timedelta(hours=2), limit=5, lease=timedelta(minutes=1)
        )
        await repos.outbox.finish(row.id, "sent", NOW + timedelta(hours=2))
    await refresh_metrics(services)
    assert _gauge(age, platform="discord") == 0.0  # nothing waits


async def test_a_message_made_for_later_has_waited_nothing_before_it_is_due(
    services: Services, clock: Clock
) -> None:
    async with services.db.transaction() as repos:
        await repos.outbox.enqueue(
            [_message("later", "console", due_at=NOW + timedelta(hours=2))], NOW
        )
    clock.now = NOW + timedelta(hours=1)
    await refresh_metrics(services)
    assert _gauge("fedrank_outbox_oldest_pending_age_seconds", platform="console") == 0.0
    clock.now = NOW + timedelta(hours=3)
    await refresh_metrics(services)
    assert _gauge("fedrank_outbox_oldest_pending_age_seconds", platform="console") == 3600.0


async def test_the_last_publication_of_each_discipline_is_a_unix_time_and_healthz_names_utc(
    demo_services: Services,
) -> None:
    demo_services.transports["discord"] = TransportState(
        up=False,
        error="LoginFailure",
        since=datetime(2026, 11, 28, 9, 30),  # naive: UTC
    )
    await refresh_metrics(demo_services)
    found = (await health(demo_services)).as_json()
    assert sorted(found["last_publication"]) == [
        "ccba",
        "fsbr",
        "rmf-mcr",
        "rmf-sichuan",
        "ufgo",
        "woc",
    ]
    calendars = {"ccba": "yearly", "ufgo": "quarterly", "woc": "on_demand"}
    for code, last in found["last_publication"].items():
        published = datetime.fromisoformat(last["published_at"])
        assert published.utcoffset() == timedelta(0), code
        stamp = _gauge(
            "fedrank_list_published_timestamp_seconds",
            discipline=code,
            calendar=calendars.get(code, "monthly"),
        )
        assert stamp == published.timestamp(), code
    since = datetime.fromisoformat(found["transports"]["discord"]["since"])
    assert since == datetime(2026, 11, 28, 9, 30, tzinfo=UTC)
    assert _gauge("fedrank_transport_up", transport="discord") == 0.0
    demo_services.transports["discord"] = TransportState()
    await refresh_metrics(demo_services)
    assert _gauge("fedrank_transport_up", transport="discord") == 1.0
