"""The HTTP servers' walls: a slow head is cut off, a slow body refused, nothing sniffed."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import AsyncIterator

import pytest

from fedrank.handlers.context import Services
from fedrank.web import guard
from fedrank.web.app import make_app, serving


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
