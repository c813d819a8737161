"""A fake Discord REST API on loopback, for the outbox's tests and ``bench/discord_broadcast.py``.

It answers what fedrank's REST-only client asks (``GET /users/@me`` at login, ``POST
/users/@me/channels`` to open a DM, ``POST /channels/{id}/messages``) and enforces Discord's
limits as documented: at most ``global_limit`` requests in any second for the token (a 429
with ``X-RateLimit-Global`` beyond), and per-route buckets (``limit`` requests per ``per``
seconds, per major parameter) announced by ``X-RateLimit-Limit/Remaining/Reset-After/Bucket``
on every answer, a 429 with ``Retry-After`` when one is overdrawn. Every 429 is an invalid
request (Discord bans an address with 10,000 of them in 10 minutes).

discord.py is pointed at it with :func:`pointed_at` (``discord.http.Route.BASE``, the
library's class attribute for the API's address).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections import Counter, deque
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

import fedrank.bot.discord  # noqa: F401  (imports discord.py without its audioop warning)

from discord.http import Route  # isort: skip

TOKEN = "fake-discord-token"
BOT_ID = 900_000_000_000_000_001
#: route -> (requests, per seconds): a DM open is one bucket for the whole token, messages one
#: bucket per channel (Discord's 5 per 5 s).
BUCKETS: dict[str, tuple[int, float]] = {
    "POST /users/@me/channels": (30, 1.0),
    "POST /channels/{id}/messages": (5, 5.0),
}


@dataclass(slots=True)
class Posted:
    """One message Discord accepted."""

    channel: int
    payload: dict[str, Any]
    files: list[str] = field(default_factory=list)
    at: float = 0.0

    @property
    def content(self) -> str:
        return str(self.payload.get("content") or "")


@dataclass(slots=True)
class Window:
    count: int
    reset_at: float


def _json(body: Any, *, status: int = 200, headers: dict[str, str] | None = None) -> web.Response:
    """JSON with Discord's exact content type (discord.py reads a body as JSON only then)."""
    return web.Response(
        body=json.dumps(body).encode(),
        status=status,
        headers={**(headers or {}), "Content-Type": "application/json"},
    )


def _user(user_id: int, name: str) -> dict[str, Any]:
    return {
        "id": str(user_id),
        "username": name,
        "discriminator": "0",
        "global_name": None,
        "avatar": None,
        "bot": user_id == BOT_ID,
    }


class FakeDiscordRest:
    def __init__(
        self,
        *,
        global_limit: int = 50,
        buckets: dict[str, tuple[int, float]] | None = None,
        token: str = TOKEN,
    ) -> None:
        self.global_limit = global_limit
        self.buckets = dict(BUCKETS if buckets is None else buckets)
        self.token = token
        self.arrivals: deque[float] = deque()
        self.windows: dict[tuple[str, str], Window] = {}
        self.posted: list[Posted] = []
        self.opened: Counter[int] = Counter()
        self.requests: list[tuple[float, str]] = []  # (arrival, "METHOD /route") accepted
        self.global_429 = 0
        self.route_429 = 0
        self.forbidden: set[int] = set()  # users whose DMs are closed
        # Answers forced on the next message posts; (200, None) lets one through.
        self.script: list[tuple[int, Any]] = []
        self.throttled: list[tuple[float, bool]] = []  # 429s forced: (retry_after, global)
        self.refused_at: list[float] = []  # when each 429 was given
        self.refusal = asyncio.Event()  # set at the first 429
        self._next_id = 10**17
        self._runner: web.AppRunner | None = None
        self.url = ""
        app = web.Application(client_max_size=32 * 1024 * 1024)
        app.router.add_get("/api/v10/users/@me", self._me)
        app.router.add_get("/api/v10/oauth2/applications/@me", self._application)
        app.router.add_post("/api/v10/users/@me/channels", self._open_dm)
        app.router.add_post("/api/v10/channels/{channel}/messages", self._message)
        self.app = app

    # --- the limits ------------------------------------------------------------------------

    @property
    def invalid(self) -> int:
        return self.global_429 + self.route_429

    def rate_limit_next(self, retry_after: float, *, is_global: bool = False) -> None:
        """The next request gets a 429 asking to wait ``retry_after`` seconds."""
        self.throttled.append((retry_after, is_global))

    def _forced(self, now: float) -> web.Response:
        wait, is_global = self.throttled.pop(0)
        self.refused_at.append(now)
        self.refusal.set()
        if is_global:
            self.global_429 += 1
        else:
            self.route_429 += 1
        body = {"message": "You are being rate limited.", "retry_after": wait, "global": is_global}
        headers = {
            "Retry-After": str(wait),
            "X-RateLimit-Scope": "global" if is_global else "user",
            "Via": "1.1 google",
        }
        if is_global:
            headers["X-RateLimit-Global"] = "true"
        return _json(body, status=429, headers=headers)

    def _limited(self, route: str, major: str) -> tuple[web.Response | None, dict[str, str]]:
        """A 429 if the request is over a limit, else the route's headers (its slot taken)."""
        now = time.monotonic()
        if self.throttled and route != "GET /users/@me" and "oauth2" not in route:
            return self._forced(now), {}
        arrivals = self.arrivals
        while arrivals and arrivals[0] <= now - 1.0:
            arrivals.popleft()
        if len(arrivals) >= self.global_limit:
            self.global_429 += 1
            self.refused_at.append(now)
            wait = round(arrivals[0] + 1.0 - now, 3)
            body = {"message": "You are being rate limited.", "retry_after": wait, "global": True}
            headers = {
                "Retry-After": str(wait),
                "X-RateLimit-Global": "true",
                "X-RateLimit-Scope": "global",
                "Via": "1.1 google",
            }
            return _json(body, status=429, headers=headers), {}
        headers: dict[str, str] = {}
        if route in self.buckets:
            limit, per = self.buckets[route]
            window = self.windows.get((route, major))
            if window is None or now >= window.reset_at:
                window = self.windows[(route, major)] = Window(0, now + per)
            reset_after = f"{max(0.0, window.reset_at - now):.3f}"
            headers = {
                "X-RateLimit-Limit": str(limit),
                "X-RateLimit-Bucket": f"b{abs(hash(route)) % 10**8:08d}",
                "X-RateLimit-Reset-After": reset_after,
            }
            if window.count >= limit:
                self.route_429 += 1
                self.refused_at.append(now)
                body = {"message": "You are being rate limited.", "retry_after": float(reset_after)}
                headers |= {
                    "X-RateLimit-Remaining": "0",
                    "Retry-After": reset_after,
                    "X-RateLimit-Scope": "user",
                    "Via": "1.1 google",
                }
                return _json(body, status=429, headers=headers), {}
            window.count += 1
            headers["X-RateLimit-Remaining"] = str(limit - window.count)
        arrivals.append(now)
        self.requests.append((now, route))
        return None, headers

    def _check_token(self, request: web.Request) -> web.Response | None:
        if request.headers.get("Authorization") != f"Bot {self.token}":
            return _json({"message": "401: Unauthorized", "code": 0}, status=401)
        return None

    def _id(self) -> int:
        self._next_id += 1
        return self._next_id

    # --- the routes ------------------------------------------------------------------------

    async def _me(self, request: web.Request) -> web.Response:
        refused = self._check_token(request)
        if refused is not None:
            return refused
        limited, headers = self._limited("GET /users/@me", "")
        return limited or _json(_user(BOT_ID, "fedrank"), headers=headers)

    async def _application(self, request: web.Request) -> web.Response:
        refused = self._check_token(request)
        if refused is not None:
            return refused
        limited, headers = self._limited("GET /oauth2/applications/@me", "")
        application = {
            "id": str(BOT_ID),
            "name": "fedrank",
            "description": "",
            "icon": None,
            "bot_public": False,
            "bot_require_code_grant": False,
            "owner": _user(BOT_ID + 1, "owner"),
            "verify_key": "0" * 64,
            "flags": 0,
        }
        return limited or _json(application, headers=headers)

    async def _open_dm(self, request: web.Request) -> web.Response:
        refused = self._check_token(request)
        if refused is not None:
            return refused
        limited, headers = self._limited("POST /users/@me/channels", "")
        if limited is not None:
            return limited
        user_id = int((await request.json())["recipient_id"])
        self.opened[user_id] += 1
        channel = {
            "id": str(self.dm_channel_of(user_id)),
            "type": 1,
            "last_message_id": None,
            "recipients": [_user(user_id, f"user{user_id}")],
        }
        return _json(channel, headers=headers)

    @staticmethod
    def dm_channel_of(user_id: int) -> int:
        """The DM channel Discord gives a user (stable, as Discord's is)."""
        return user_id + 10**15

    async def _message(self, request: web.Request) -> web.Response:
        refused = self._check_token(request)
        if refused is not None:
            return refused
        channel = int(request.match_info["channel"])
        limited, headers = self._limited("POST /channels/{id}/messages", str(channel))
        if limited is not None:
            return limited
        files: list[str] = []
        if request.content_type.startswith("multipart/"):
            form = await request.post()
            payload: dict[str, Any] = json.loads(str(form["payload_json"]))
            files = [v.filename for v in form.values() if isinstance(v, web.FileField)]
        else:
            payload = await request.json()
        status, answer = self.script.pop(0) if self.script else (200, None)
        if isinstance(answer, str):  # a proxy's error page
            return web.Response(text=answer, status=status, content_type="text/html")
        if status != 200:
            return _json(answer, status=status, headers=headers)
        if channel - 10**15 in self.forbidden:
            body = {"message": "Cannot send messages to this user", "code": 50007}
            return _json(body, status=403, headers=headers)
        self.posted.append(Posted(channel, payload, files, time.monotonic()))
        message = {
            "id": str(self._id()),
            "channel_id": str(channel),
            "type": 0,
            "content": payload.get("content") or "",
            "author": _user(BOT_ID, "fedrank"),
            "attachments": [],
            "embeds": payload.get("embeds") or [],
            "mentions": [],
            "mention_roles": [],
            "mention_everyone": False,
            "pinned": False,
            "tts": False,
            "timestamp": "2026-11-24T21:00:00.000000+00:00",
            "edited_timestamp": None,
            "flags": 0,
            "components": payload.get("components") or [],
        }
        return _json(message, headers=headers)

    # --- what arrived ----------------------------------------------------------------------

    def to_channel(self, channel: int) -> list[Posted]:
        return [p for p in self.posted if p.channel == channel]

    def to_user(self, user_id: int) -> list[Posted]:
        return self.to_channel(self.dm_channel_of(user_id))

    # --- running ---------------------------------------------------------------------------

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> str:
        self._runner = web.AppRunner(self.app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, host, port)
        await site.start()
        bound = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        self.url = f"http://{host}:{bound}"
        return self.url

    async def close(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()


@contextlib.contextmanager
def pointed_at(url: str) -> Iterator[None]:
    """discord.py's requests go to ``url`` (``Route.BASE``) while inside."""
    before = Route.BASE
    Route.BASE = f"{url}/api/v10"
    try:
        yield
    finally:
        Route.BASE = before
