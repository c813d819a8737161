"""The walls of every HTTP server fedrank runs: the website with ``/healthz`` and ``/metrics``
(``fedrank run --http``) and the Telegram webhook's.

- **A request's head within** :data:`HEADER_TIMEOUT` **seconds.** aiohttp closes a connection
  that has not sent a whole request head by its keep-alive deadline, counted from the
  connection's opening and from the end of each response; its default (an hour) let a client
  that sends its headers a byte at a time hold a connection for that long, so the deadline is
  this one. A complete head before it is served as usual.
- **A request's body within** :data:`BODY_TIMEOUT` **seconds** (the webhook's updates are the
  only bodies fedrank reads): read whole before the handler runs, else 408.
- **No content sniffing**: every answer (pages, JSON, errors) says ``X-Content-Type-Options:
  nosniff``, so a browser takes a JSON or text answer for what its type says.

A cap on connections per address is not here: aiohttp gives no hook for it short of its private
classes, and a federation's server sits behind a reverse proxy that has one
(docs/guide/operators.md).
"""

from __future__ import annotations

import asyncio

from aiohttp import web
from aiohttp.typedefs import Handler

#: Seconds a connection may take to send a whole request head (see the module's doc).
HEADER_TIMEOUT = 15.0
#: Seconds a request's body may take to arrive.
BODY_TIMEOUT = 30.0


def runner(app: web.Application) -> web.AppRunner:
    """The runner for ``app``, with the head deadline (and no access log: a request is logged
    by what it does, not by its arrival)."""
    return web.AppRunner(app, access_log=None, keepalive_timeout=HEADER_TIMEOUT)


@web.middleware
async def _whole_body(request: web.Request, handler: Handler) -> web.StreamResponse:
    if request.body_exists:
        try:
            await asyncio.wait_for(request.read(), BODY_TIMEOUT)  # kept for the handler
        except TimeoutError:
            raise web.HTTPRequestTimeout(text="the request's body did not arrive in time") from None
    return await handler(request)


async def _nosniff(request: web.Request, response: web.StreamResponse) -> None:
    response.headers["X-Content-Type-Options"] = "nosniff"


def harden(app: web.Application) -> web.Application:
    """Put the body deadline and the no-sniffing header on every route of ``app``."""
    app.middlewares.append(_whole_body)
    app.on_response_prepare.append(_nosniff)
    return app
