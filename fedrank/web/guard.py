"""The walls of every HTTP server fedrank runs: the website with ``/healthz`` and ``/metrics``
(``fedrank run --http``) and the Telegram webhook's.

- **A request's head within** :data:`HEADER_TIMEOUT` **seconds.** A connection's first request
  head must arrive whole by then (:class:`HeadDeadline`, around aiohttp's own protocol: aiohttp
  before 3.14.5 has no such deadline, and its later one is an hour by default), and between
  requests aiohttp's keep-alive deadline is this one too: a client that sends its headers a
  byte at a time cannot hold a connection. A complete head before it is served as usual.
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
import contextlib
from collections.abc import AsyncIterator, Callable

from aiohttp import web
from aiohttp.typedefs import Handler

#: Seconds a connection may take to send a whole request head (see the module's doc).
HEADER_TIMEOUT = 15.0
#: Seconds a request's body may take to arrive.
BODY_TIMEOUT = 30.0


class HeadDeadline(asyncio.Protocol):
    """aiohttp's protocol for one connection, closed when the first request head (up to its
    blank line) has not arrived whole within :data:`HEADER_TIMEOUT` seconds."""

    def __init__(self, inner: asyncio.Protocol) -> None:
        self.inner = inner
        self.tail = b""
        self.timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.inner.connection_made(transport)
        loop = asyncio.get_running_loop()
        self.timer = loop.call_later(HEADER_TIMEOUT, transport.close)

    def data_received(self, data: bytes) -> None:
        if self.timer is not None:
            seen = self.tail + data
            if b"\r\n\r\n" in seen or b"\n\n" in seen:
                self.timer.cancel()
                self.timer = None
            self.tail = seen[-3:]
        self.inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self.inner.eof_received()

    def connection_lost(self, exc: Exception | None) -> None:
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        self.inner.connection_lost(exc)

    def pause_writing(self) -> None:
        self.inner.pause_writing()

    def resume_writing(self) -> None:
        self.inner.resume_writing()


@contextlib.asynccontextmanager
async def listening(runner: web.AppRunner, host: str, port: int) -> AsyncIterator[None]:
    """``runner``'s server on ``host:port`` (set up first), each connection under
    :class:`HeadDeadline`, until the block ends."""
    server = runner.server
    assert server is not None, "the runner is set up first"
    factory: Callable[[], asyncio.Protocol] = lambda: HeadDeadline(server())  # noqa: E731
    loop = asyncio.get_running_loop()
    listener = await loop.create_server(factory, host, port, reuse_address=True)
    try:
        yield
    finally:
        listener.close()  # the runner's cleanup then closes the connections


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
