"""``/healthz`` and ``/metrics`` of the aiohttp application, on the test databases."""

from __future__ import annotations

import platform
from collections.abc import AsyncIterator
from datetime import date

import pytest
from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer

from fedrank import __version__
from fedrank.handlers.context import Services
from fedrank.handlers.dispatch import dispatch
from fedrank.handlers.health import leadership
from fedrank.handlers.systems import all_systems
from fedrank.metrics import PUBLICATIONS
from fedrank.scheduler.jobs import publish_due
from fedrank.storage.database import Database
from fedrank.web.address import parse_address
from fedrank.web.app import make_app
from tests.helpers import Clock, user


async def _client(app: web.Application) -> TestClient[web.Request, web.Application]:
    client = TestClient(TestServer(app))
    await client.start_server()
    return client


@pytest.fixture
async def demo_client(
    demo_services: Services,
) -> AsyncIterator[TestClient[web.Request, web.Application]]:
    client = await _client(make_app(demo_services))
    try:
        yield client
    finally:
        await client.close()


async def test_healthz_reports_the_database_the_role_the_backlog_and_the_last_lists(
    demo_client: TestClient[web.Request, web.Application], demo_db: Database
) -> None:
    async with demo_db.transaction() as repos:
        ufgo = await repos.federations.discipline_by_code("ufgo")
        assert ufgo is not None
        await repos.subscriptions.add("telegram", "-1001", ufgo.id, "lists", Clock().now)
    leadership.leading = False
    try:
        resp = await demo_client.get("/healthz")
        assert resp.status == 200
        body = await resp.json()
    finally:
        leadership.leading = None
    assert body["status"] == "ok"
    assert body["database"] == "reachable"
    assert body["scheduler"] == "follower"
    assert body["outbox_backlog"] == {}
    assert sorted(body["last_publication"]) == [
        "ccba",
        "fsbr",
        "rmf-mcr",
        "rmf-sichuan",
        "ufgo",
        "woc",
    ]
    assert body["last_publication"]["ufgo"]["list_date"] == "2026-11-01"


async def test_a_publication_shows_in_healthz_and_in_the_backlog_and_the_counter(
    demo_client: TestClient[web.Request, web.Application],
    demo_db: Database,
    demo_services: Services,
) -> None:
    async with demo_db.transaction() as repos:
        fsbr = await repos.federations.discipline_by_code("fsbr")
        assert fsbr is not None
        await repos.subscriptions.add("telegram", "-1002", fsbr.id, "lists", Clock().now)
    published = PUBLICATIONS.labels(system="bridge_fsbr", result="published")
    before = published._value.get()
    december = Clock().now.replace(year=2026, month=12, day=1, hour=12)
    done = await publish_due(demo_db, december, systems=demo_services.systems)
    made = [(p.discipline, p.list_date, p.created) for p in done]
    assert ("fsbr", date(2026, 12, 1), True) in made
    assert published._value.get() == before + 1
    body = await (await demo_client.get("/healthz")).json()
    assert body["last_publication"]["fsbr"]["list_date"] == "2026-12-01"
    assert body["outbox_backlog"] == {"telegram": 1}
    assert body["last_publication"]["fsbr"]["published_at"] == december.isoformat()
    metrics = await (await demo_client.get("/metrics")).text()
    assert 'fedrank_outbox_backlog{platform="telegram"} 1.0' in metrics
    assert "# TYPE fedrank_outbox_oldest_pending_age_seconds gauge" in metrics
    published = 'fedrank_list_published_timestamp_seconds{calendar="monthly",discipline="fsbr"} '
    (line,) = [x for x in metrics.splitlines() if x.startswith(published)]
    assert float(line.removeprefix(published)) == december.timestamp()


async def test_metrics_name_the_running_version(
    demo_client: TestClient[web.Request, web.Application],
) -> None:
    metrics = await (await demo_client.get("/metrics")).text()
    python = platform.python_version()
    assert f'fedrank_build_info{{python="{python}",version="{__version__}"}} 1.0' in metrics


async def test_an_unreachable_database_is_a_503_naming_no_address() -> None:
    db = Database("postgresql+asyncpg://fedrank:pw@127.0.0.1:9/nowhere")
    client = await _client(make_app(Services(db=db, systems=all_systems())))
    try:
        resp = await client.get("/healthz")
        body = await resp.json()
    finally:
        await client.close()
        await db.close()
    assert resp.status == 503
    assert body["status"] == "unhealthy"
    assert body["database"] == "unreachable"
    assert "127.0.0.1" not in str(body) and "pw" not in str(body)


async def test_metrics_are_prometheus_text_counting_updates_by_command_and_outcome(
    demo_client: TestClient[web.Request, web.Application], demo_services: Services
) -> None:
    def samples(text: str, start: str) -> float:
        line = next((x for x in text.splitlines() if x.startswith(start + " ")), None)
        return float(line.rsplit(" ", 1)[1]) if line else 0.0

    ok = 'fedrank_updates_total{command="top",outcome="ok",platform="console"}'
    refused = 'fedrank_updates_total{command="grant",outcome="refused",platform="console"}'
    other = 'fedrank_updates_total{command="other",outcome="ok",platform="console"}'
    latency = 'fedrank_handler_seconds_count{command="top"}'
    before = await (await demo_client.get("/metrics")).text()
    await dispatch(demo_services, user("web-1"), "/top ufgo 3")
    await dispatch(demo_services, user("web-1"), "/grant telegram:1 UFGO admin")
    await dispatch(demo_services, user("web-1"), "/no-such-command-xyz")
    resp = await demo_client.get("/metrics")
    assert resp.status == 200
    assert resp.headers["Content-Type"].startswith("text/plain")
    after = await resp.text()
    assert "# TYPE fedrank_handler_seconds histogram" in after
    assert samples(after, ok) == samples(before, ok) + 1
    assert samples(after, refused) == samples(before, refused) + 1
    assert samples(after, other) == samples(before, other) + 1
    assert samples(after, latency) == samples(before, latency) + 1
    assert "no-such-command-xyz" not in after  # what users type never becomes a label


@pytest.mark.parametrize(
    ("text", "address"),
    [("127.0.0.1:8080", ("127.0.0.1", 8080)), ("[::1]:9000", ("::1", 9000))],
)
def test_an_http_address_is_host_and_port(text: str, address: tuple[str, int]) -> None:
    assert parse_address(text) == address


@pytest.mark.parametrize("text", ["8080", "localhost", "host:0", "host:70000", ":8080", "h:x"])
def test_a_bad_http_address_names_the_option(text: str) -> None:
    with pytest.raises(ValueError, match=r"--http takes HOST:PORT"):
        parse_address(text)
