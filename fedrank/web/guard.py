"""The walls of every HTTP server fedrank runs: the website with ``/healthz`` and ``/metrics``
(``fedrank run --http``) and the Telegram webhook's.

- **A request's head within** :data:`HEADER_TIMEOUT` **seconds.** A connection's first request
  head must arrive whole by then (:class:`HeadDeadline`, around aiohttp's own protocol: aiohttp
  before 3.14.5 has no such deadline, and its later one is an hour by default), and between
  requests aiohttp's keep-alive deadline is this one too: a client that sends its headers a
  byte at a time cannot hold a connection. A complete head before it is served as usual.
- **A request's body within** :data:`BODY_TIMEOUT` **seconds** (the webhook's updates are the
  only bodies fedrank reads): read whole before the handler runs, else 408.
- **At most** :data:`PER_ADDRESS` **connections at once from one address**: one more is
  answered ``503`` and closed before aiohttp sees it (:class:`Connections`), so one client
  cannot take every connection the process can hold. Loopback addresses are not counted by
  default: a reverse proxy on the same machine brings every visitor over one of them, and caps
  them itself.
- **No content sniffing, a strict JSON type**: every answer (pages, JSON, errors) says
  ``X-Content-Type-Options: nosniff``, and a JSON answer says ``application/json;
  charset=utf-8`` (JSON is UTF-8), so a browser takes it for what its type says.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import Counter
from collections.abc import AsyncIterator, Callable, Collection

from aiohttp import web
from aiohttp.typedefs import Handler

#: Seconds a connection may take to send a whole request head (see the module's doc).
HEADER_TIMEOUT = 15.0
#: Seconds a request's body may take to arrive.
BODY_TIMEOUT = 30.0
#: Connections one address may hold open at once (a browser opens six at most per site).
PER_ADDRESS = 32
#: Addresses not counted: a reverse proxy on the same machine (see the module's doc).
LOOPBACK = frozenset({"127.0.0.1", "::1", "::ffff:127.0.0.1"})
JSON_TYPE = "application/json; charset=utf-8"
_BUSY = (
    b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n"
    b"X-Content-Type-Options: nosniff\r\nConnection: close\r\nContent-Length: 33\r\n\r\n"
    b"too many connections from you now"
)


class Connections:
    """The connections open now per client address, each admitted under a cap."""

    def __init__(self, limit: int, exempt: Collection[str] = LOOPBACK) -> None:
        self.limit = limit
        self.exempt = frozenset(exempt)
        self.open: Counter[str] = Counter()

    def admit(self, address: str) -> bool:
        """Count a new connection from ``address``; False (not counted) if it has its share."""
        if address in self.exempt:
            return True
        if self.open[address] >= self.limit:
            return False
        self.open[address] += 1
        return True

    def release(self, address: str) -> None:
        if address in self.open:
            self.open[address] -= 1
            if self.open[address] <= 0:
                del self.open[address]


class HeadDeadline(asyncio.Protocol):
    """aiohttp's protocol for one connection, closed when the first request head (up to its
    blank line) has not arrived whole within :data:`HEADER_TIMEOUT` seconds, or refused at
    once when its address already holds its share of connections (``connections``)."""

    def __init__(self, inner: asyncio.Protocol, connections: Connections | None = None) -> None:
        self.inner = inner
        self.connections = connections
        self.address: str | None = None  # counted in ``connections`` while open
        self.refused = False
        self.tail = b""
        self.timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        if self.connections is not None:
            peer = transport.get_extra_info("peername")
            address = str(peer[0]) if isinstance(peer, tuple) and peer else ""
            if not self.connections.admit(address):
                self.refused = True
                if isinstance(transport, asyncio.WriteTransport):
                    transport.write(_BUSY)
                transport.close()
                return
            self.address = address
        self.inner.connection_made(transport)
        loop = asyncio.get_running_loop()
        self.timer = loop.call_later(HEADER_TIMEOUT, transport.close)

    def data_received(self, data: bytes) -> None:
        if self.refused:
            return
        if self.timer is not None:
            seen = self.tail + data
            if b"\r\n\r\n" in seen or b"\n\n" in seen:
                self.timer.cancel()
                self.timer = None
            self.tail = seen[-3:]
        self.inner.data_received(data)

    def eof_received(self) -> bool | None:
        if self.refused:
            return None
        return self.inner.eof_received()

    def connection_lost(self, exc: Exception | None) -> None:
        if self.refused:
            return
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        if self.connections is not None and self.address is not None:
            self.connections.release(self.address)
            self.address = None
        self.inner.connection_lost(exc)

    def pause_writing(self) -> None:
        if not self.refused:
            self.inner.pause_writing()

    def resume_writing(self) -> None:
        if not self.refused:
            self.inner.resume_writing()


@contextlib.asynccontextmanager
async def listening(
    runner: web.AppRunner,
    host: str,
    port: int,
    *,
    per_address: int | None = None,
    exempt: Collection[str] | None = None,
) -> AsyncIterator[Connections]:
    """``runner``'s server on ``host:port`` (set up first), each connection under
    :class:`HeadDeadline` and at most ``per_address`` (:data:`PER_ADDRESS`) at once from one
    address but ``exempt``'s (:data:`LOOPBACK`), until the block ends; yields the count of
    open connections."""
    server = runner.server
    assert server is not None, "the runner is set up first"
    connections = Connections(
        PER_ADDRESS if per_address is None else per_address,
        LOOPBACK if exempt is None else exempt,
    )
    factory: Callable[[], asyncio.Protocol] = lambda: HeadDeadline(server(), connections)  # noqa: E731
    loop = asyncio.get_running_loop()
    listener = await loop.create_server(factory, host, port, reuse_address=True)
    try:
        yield connections
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
    if response.content_type == "application/json":
        response.headers["Content-Type"] = JSON_TYPE


def harden(app: web.Application) -> web.Application:
    """Put the body deadline, the no-sniffing header and the strict JSON type on every route
    of ``app``."""
    app.middlewares.append(_whole_body)
    app.on_response_prepare.append(_nosniff)
    return app
