"""``--http HOST:PORT`` read without importing aiohttp (the CLI checks it before starting)."""

from __future__ import annotations


def parse_address(value: str) -> tuple[str, int]:
    """``HOST:PORT`` (``[::1]:8080`` for IPv6) -> (host, port); a clear error otherwise."""
    host, sep, port = value.rpartition(":")
    host = host.strip("[]")
    if not sep or not host or not (port.isascii() and port.isdigit()) or not 0 < int(port) < 65536:
        raise ValueError(f"--http takes HOST:PORT (e.g. 127.0.0.1:8080), not '{value}'")
    return host, int(port)
