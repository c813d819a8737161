"""The HTTP servers' walls: a slow head is cut off, a slow body refused, nothing sniffed."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import AsyncIterator

import pytest

from fedrank.handlers.context import Services
from fedrank.web import guard
from fedrank.web.app import add_service_routes, make_app, serving


@pytest.fixture
async def port(services: Services, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[int]:
    """``fedrank run --http``'s server on a free loopback port, its deadlines made short."""
    monkeypatch.setattr(guard, "HEADER_TIMEOUT", 0.5)
    monkeypatch.setattr(guard, "BODY_TIMEOUT", 0.5)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        free = probe.getsockname()[1]
    async with serving(make_app(services), "127.0.0.1", free):
        yield free


async def _answer(reader: asyncio.StreamReader) -> bytes:
    """Everything the server sends until it closes the connection."""
    return await asyncio.wait_for(reader.read(), 30)


async def test_a_client_sending_its_head_slowly_is_cut_off(port: int) -> None:
    """Half a request head, then nothing: the server closes the connection (without an answer)
    instead of keeping it for an hour; the other connections are served meanwhile."""
    slow = [await asyncio.open_connection("127.0.0.1", port) for _ in range(5)]
    for _, writer in slow:
        writer.write(b"GET /healthz HTTP/1.1\r\nHost: fedrank\r\nX-Slow: 1")
        await writer.drain()
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(b"GET /healthz HTTP/1.1\r\nHost: fedrank\r\nConnection: close\r\n\r\n")
    served = await _answer(reader)
    assert served.startswith(b"HTTP/1.1 200 OK")
    assert b"X-Content-Type-Options: nosniff" in served
    assert b"Content-Type: application/json; charset=utf-8" in served
    writer.close()
    for reader, writer in slow:
        assert await _answer(reader) == b""  # closed by the server
        writer.close()


async def test_a_body_that_does_not_arrive_is_refused(port: int) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(
        b"POST /healthz HTTP/1.1\r\nHost: fedrank\r\nContent-Length: 100\r\n"
        b'Connection: close\r\n\r\n{"a": '
    )
    await writer.drain()
    answer = await _answer(reader)
    assert answer.startswith(b"HTTP/1.1 408")
    writer.close()


async def test_errors_and_pages_are_not_sniffed(services: Services) -> None:
    from aiohttp.test_utils import TestClient, TestServer

    async with TestClient(TestServer(make_app(services))) as client:
        for path in ("/no/such/page", "/metrics", "/"):
            response = await client.get(path)
            assert response.headers["X-Content-Type-Options"] == "nosniff", path


@pytest.fixture
async def capped(services: Services, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[int]:
    """The same server with a cap of three connections per address, loopback counted."""
    monkeypatch.setattr(guard, "HEADER_TIMEOUT", 30.0)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        free = probe.getsockname()[1]
    async with serving(make_app(services), "127.0.0.1", free, per_address=3, exempt=()):
        yield free


async def _get(port: int, path: str) -> bytes:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(f"GET {path} HTTP/1.1\r\nHost: fedrank\r\nConnection: close\r\n\r\n".encode())
    try:
        return await _answer(reader)
    finally:
        writer.close()


async def test_one_address_holds_at_most_its_share_of_connections(capped: int) -> None:
    """Three connections held open (heads half sent): a fourth from the same address is
    refused at once with a 503; once one of the three closes, the next is served."""
    held = [await asyncio.open_connection("127.0.0.1", capped) for _ in range(3)]
    for _, writer in held:
        writer.write(b"GET /healthz HTTP/1.1\r\nHost: fedrank\r\n")
        await writer.drain()
    for path in ("/healthz", "/metrics", "/"):
        refused = await _get(capped, path)
        assert refused.startswith(b"HTTP/1.1 503"), path
        assert b"X-Content-Type-Options: nosniff" in refused
    _, first = held.pop()
    first.close()
    await first.wait_closed()
    for _ in range(100):  # the server sees the close when its loop gets to it
        served = await _get(capped, "/healthz")
        if not served.startswith(b"HTTP/1.1 503"):
            break
    assert served.startswith(b"HTTP/1.1 200 OK")
    for reader, writer in held:  # the held ones were never cut off by the refusals
        writer.write(b"Connection: close\r\n\r\n")
        assert (await _answer(reader)).startswith(b"HTTP/1.1 200 OK")
        writer.close()


def test_loopback_is_not_counted_by_default() -> None:
    """A reverse proxy on the same machine brings every visitor from 127.0.0.1 or ::1."""
    connections = guard.Connections(1)
    assert all(connections.admit("127.0.0.1") for _ in range(5))
    assert all(connections.admit("::1") for _ in range(5))
    assert connections.admit("203.0.113.7") and not connections.admit("203.0.113.7")
    connections.release("203.0.113.7")
    assert connections.admit("203.0.113.7")


async def test_every_json_answer_has_the_strict_type(services: Services) -> None:
    """JSON made any way (aiohttp's json_response, a body with a bare type, the site's API)
    goes out as application/json; charset=utf-8 with nosniff."""
    from aiohttp import web
    from aiohttp.test_utils import TestClient, TestServer

    async def bare(request: web.Request) -> web.Response:
        return web.Response(body=b'{"ok": true}', content_type="application/json")

    app = guard.harden(web.Application())  # as the webhook's server is made
    add_service_routes(app, services)
    app.router.add_get("/bare.json", bare)
    async with TestClient(TestServer(app)) as client:
        for path in ("/healthz", "/bare.json"):
            response = await client.get(path)
            assert response.headers["Content-Type"] == "application/json; charset=utf-8", path
            assert response.headers["X-Content-Type-Options"] == "nosniff", path
