"""The aiohttp application of ``fedrank run --http HOST:PORT``.

:func:`make_app` builds it from the services; :func:`add_service_routes` puts the operator's
two routes on any application (the Telegram webhook's server serves them too). Other route
sets are one ``add_*_routes(app, services)`` call each in :func:`make_app`.
"""

from __future__ import annotations

import gc
import json
from collections.abc import AsyncIterator, Collection
from contextlib import asynccontextmanager

from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST, REGISTRY, generate_latest

from fedrank.handlers.context import Services
from fedrank.handlers.health import health, refresh_metrics
from fedrank.web.guard import harden, listening
from fedrank.web.guard import runner as guarded_runner

SERVICES = web.AppKey("services", Services)


async def _healthz(request: web.Request) -> web.Response:
    found = await health(request.app[SERVICES])
    return web.json_response(
        found.as_json(),
        status=200 if found.ok else 503,
        dumps=lambda v: json.dumps(v, ensure_ascii=False, sort_keys=True),
    )


async def _metrics(request: web.Request) -> web.Response:
    await refresh_metrics(request.app[SERVICES])  # the gauges read from the database when asked
    return web.Response(
        body=generate_latest(REGISTRY), headers={"Content-Type": CONTENT_TYPE_LATEST}
    )


def add_service_routes(app: web.Application, services: Services) -> None:
    """``GET /healthz`` (JSON, 503 when unhealthy) and ``GET /metrics`` (Prometheus text)."""
    app[SERVICES] = services
    app.router.add_get("/healthz", _healthz)
    app.router.add_get("/metrics", _metrics)


def make_app(services: Services) -> web.Application:
    """The application ``fedrank run --http`` serves: the operator's endpoints, then the
    federation's website (its routes take every path the operator's do not)."""
    from fedrank.web.site import add_site_routes

    app = harden(web.Application())
    add_service_routes(app, services)
    add_site_routes(app, services)
    return app


def settle_heap() -> None:
    """Moves what exists once the process is set up (modules, templates, the application)
    out of the garbage collector's sight: a full collection otherwise walks those hundred
    thousand objects, a pause of 100-300 ms on a loaded machine that every request under way
    waits out (most of the live pages' p99 once they were cached). Objects made later are
    collected as before."""
    gc.collect()
    gc.freeze()


@asynccontextmanager
async def serving(
    app: web.Application,
    host: str,
    port: int,
    *,
    per_address: int | None = None,
    exempt: Collection[str] | None = None,
) -> AsyncIterator[web.AppRunner]:
    """``app`` listening on ``host:port`` for the length of the block (the heap settled
    first: :func:`settle_heap`), behind :mod:`fedrank.web.guard`'s walls (``per_address``
    and ``exempt``: its cap on one address's connections)."""
    runner = guarded_runner(app)
    await runner.setup()
    settle_heap()
    try:
        async with listening(runner, host, port, per_address=per_address, exempt=exempt):
            yield runner
    finally:
        await runner.cleanup()
