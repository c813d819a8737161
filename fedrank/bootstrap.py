"""The composition root: what a running fedrank is made of, built once, handed to each entry point.

The settings are read here once (Discord's are their section), and from them the database, the
one registry of systems, the :class:`~fedrank.handlers.context.Services` every use case gets,
and the outbox's senders. ``fedrank run`` hands them to the transports (Telegram, Discord, the
console chat) and the scheduler; the CLI's other commands call the use cases with them. Nothing
else reads the environment or decides which systems exist.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import logging
import os
import stat
import sys
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, TextIO

from fedrank.config import ConfigError, Settings, load_settings
from fedrank.handlers.context import LanguageCache, Services, TransportState
from fedrank.handlers.site.links import set_chat_links, set_site_url
from fedrank.handlers.systems import SystemRegistry, all_systems
from fedrank.logsafe import install_for
from fedrank.scheduler.outbox import Sender
from fedrank.scheduler.runner import Scheduler
from fedrank.storage.database import Database

log = logging.getLogger(__name__)

#: A chat transport: runs until cancelled, answering through the services.
Transport = Callable[[Settings, Services], Coroutine[Any, Any, None]]

#: A transport that cannot reach its platform tries again after this many seconds, doubled
#: after each failure up to :data:`RECONNECT_MAX`.
RECONNECT_FIRST = 2.0
RECONNECT_MAX = 300.0
#: A transport that ran this long before failing had connected: its next outage starts the
#: delays from the beginning again.
RECONNECT_RESET = 60.0
#: How long a transport that was down must run before ``/healthz`` counts it up again (a try
#: that the platform refuses fails within a second or two; one that runs this long connected).
UP_AFTER = 10.0


@dataclass(frozen=True, slots=True)
class Root:
    """Everything built from the settings, for one process."""

    settings: Settings
    db: Database
    systems: SystemRegistry
    services: Services

    def senders(self) -> dict[str, Sender]:
        """The outbox's way out to every platform with a token, and the console. The bots'
        senders are imported only when a token is set (aiogram alone takes seconds to import)."""
        from fedrank.scheduler.console_out import ConsoleSender

        found: dict[str, Sender] = {}
        if self.settings.telegram_token is not None or self.settings.discord_token is not None:
            from fedrank.scheduler.senders import default_senders

            found.update(default_senders(self.settings, console=False, db=self.db))
        found["console"] = ConsoleSender()
        return found

    def scheduler(self) -> Scheduler:
        return Scheduler(
            self.db,
            self.services.clock,
            senders=self.senders(),
            systems=self.systems,
            site_dir=self.settings.site_dir,
        )

    async def close(self) -> None:
        # The send budgets' Redis connections, if a transport or a sender opened them (the
        # module is not imported, and aiogram with it, when nothing did).
        shared = sys.modules.get("fedrank.bot.limits_redis")
        try:
            if shared is not None:
                await shared.close_all()
        finally:
            await self.db.close()


def bootstrap(settings: Settings | None = None) -> Root:
    """Build the root from ``settings`` (read from the environment and ``.env`` if not given)."""
    settings = settings if settings is not None else load_settings()
    install_for(settings)  # no token or password in any log from here on
    db = Database(settings.database_url)
    systems = all_systems()
    services = Services(
        db=db,
        systems=systems,
        default_language=settings.default_language,
        languages=LanguageCache(),
        secret_key=settings.secret_key.get_secret_value() if settings.secret_key else None,
    )
    set_site_url(settings.site_url)
    set_chat_links(settings.telegram_bot_username, settings.discord_invite_url)
    return Root(settings, db, systems, services)


@asynccontextmanager
async def opened(settings: Settings | None = None) -> AsyncIterator[Root]:
    """The root for the length of a command; its database is closed afterwards."""
    root = bootstrap(settings)
    try:
        yield root
    finally:
        await root.close()


def transports(settings: Settings, *, webhook: bool) -> list[Transport]:
    """The bot transports to start: each one whose token is set (its package must be present)."""
    found: list[Transport] = []
    for name, token in (("telegram", settings.telegram_token), ("discord", settings.discord_token)):
        if token is None:
            continue
        try:
            module = importlib.import_module(f"fedrank.bot.{name}")
        except ModuleNotFoundError:
            raise ConfigError(
                f"FEDRANK_{name.upper()}_TOKEN is set but this build has no {name} transport;"
                " unset it or use --console"
            ) from None
        start = module.run_transport

        async def run_one(s: Settings, services: Services, _start: Any = start) -> None:
            await _start(s, services, webhook=webhook)

        run_one.__name__ = name
        found.append(run_one)
    if webhook and settings.telegram_token is None:
        raise ConfigError("--webhook needs FEDRANK_TELEGRAM_TOKEN")
    return found


def network_errors() -> tuple[type[BaseException], ...]:
    """The failures that mean "the network is not there yet" (DNS, refused, reset, timeouts,
    the platform's 5xx), as opposed to a configuration a retry cannot fix (a bad token)."""
    import aiohttp

    found: list[type[BaseException]] = [OSError, TimeoutError, aiohttp.ClientError]
    with contextlib.suppress(ImportError):
        from aiogram.exceptions import TelegramNetworkError, TelegramServerError

        found += [TelegramNetworkError, TelegramServerError]
    with contextlib.suppress(ImportError):
        import discord

        found += [discord.GatewayNotFound, discord.DiscordServerError, discord.ConnectionClosed]
    return tuple(found)


def refusals() -> tuple[type[BaseException], ...]:
    """What a platform says to a bot it will not serve now: a rejected or revoked token,
    another process polling with the same token. Only that transport stops (and is tried
    again); a configuration fedrank refuses itself (:class:`ConfigError`) still stops the run."""
    found: list[type[BaseException]] = []
    with contextlib.suppress(ImportError):
        from aiogram.exceptions import (
            TelegramConflictError,
            TelegramForbiddenError,
            TelegramUnauthorizedError,
        )

        found += [TelegramUnauthorizedError, TelegramForbiddenError, TelegramConflictError]
    with contextlib.suppress(ImportError):
        import discord

        found += [discord.LoginFailure, discord.Forbidden]
    return tuple(found)


async def supervised(
    start: Transport,
    settings: Settings,
    services: Services,
    *,
    sleep: Callable[[float], Coroutine[Any, Any, None]] = asyncio.sleep,
    first: float = RECONNECT_FIRST,
) -> None:
    """Run a transport; when it cannot reach its platform (at start or later) or the platform
    refuses it (a rejected token), wait and start it again, each wait twice the last (up to
    :data:`RECONNECT_MAX`), so that ``fedrank run`` survives a network that is down at start
    and one bad transport never stops the others, the scheduler or the website. Its state is
    kept in ``services.transports`` for ``/healthz``; a refusal is logged once, not at every
    try."""
    name = getattr(start, "__name__", "transport")
    state = services.transports.setdefault(name, TransportState())
    delay = first
    while True:
        began = time.monotonic()
        # A transport down stays down in /healthz while it is tried again, until the try has
        # run UP_AFTER seconds; the first start counts up at once (TransportState's default).
        marking = None if state.up else asyncio.create_task(_up_after(state))
        try:
            await start(settings, services)
            return
        except network_errors() as exc:
            if time.monotonic() - began > RECONNECT_RESET:
                delay = first
            log.warning(
                "%s: the platform cannot be reached (%s: %s); trying again in %.0f s",
                name,
                type(exc).__name__,
                exc,
                delay,
            )
            _down(state, exc, fresh=False)
        except refusals() as exc:
            if _down(state, exc, fresh=time.monotonic() - began > RECONNECT_RESET):
                log.error(
                    "%s: the platform refuses the bot (%s); the other transports, the "
                    "scheduler and the website go on; trying again every %.0f-%.0f s",
                    name,
                    state.error,
                    delay,
                    RECONNECT_MAX,
                )
        finally:
            if marking is not None:
                marking.cancel()
        await sleep(delay)
        delay = min(delay * 2, RECONNECT_MAX)


async def _up_after(state: TransportState) -> None:
    await asyncio.sleep(UP_AFTER)
    state.up, state.error, state.since = True, "", None


def _down(state: TransportState, exc: BaseException, *, fresh: bool) -> bool:
    """Mark the transport down for ``exc``; True when that is news: another failure than the
    last, or the same after a run long enough (``fresh``) to count as having recovered."""
    error = f"{type(exc).__name__}: {exc}"[:300]
    news = fresh or state.error != error
    if news or state.since is None:
        state.since = datetime.now(UTC)
    state.up, state.error = False, error
    return news


async def log_next_publications(root: Root) -> None:
    """What the scheduler will publish, said once at start (an operator sees it in the log)."""
    from datetime import UTC, datetime

    from fedrank.scheduler.jobs import due_lists, upcoming

    now = datetime.now(UTC)
    due = await due_lists(root.db, now, systems=root.systems)
    for item in await upcoming(root.db, now, systems=root.systems):
        owed = [d.list_date.isoformat() for d in due if d.discipline_id == item.discipline_id]
        if owed:
            log.info(
                "publication: %s due now (%s)",
                item.code,
                ", ".join(owed),
                extra={"discipline": item.code},
            )
        elif item.next is not None:
            log.info(
                "publication: %s next on %s",
                item.code,
                item.next.isoformat(),
                extra={"discipline": item.code},
            )


async def serve(
    root: Root,
    chats: list[Transport],
    *,
    stdin: TextIO,
    stdout: TextIO,
    interactive: bool,
    http: tuple[str, int] | None = None,
    stop: asyncio.Event | None = None,
    scheduled: bool = True,
) -> None:
    """``fedrank run``: the scheduler (unless not ``scheduled``), ``/healthz`` and
    ``/metrics`` on ``http`` if given, and the transports ``chats`` or else the console chat,
    until they end (the console at end of input, unless ``http`` is served and standard input
    is ``/dev/null``) or ``stop`` is set (a signal). Stopping lets the scheduler's tick in
    flight finish, releases its lock, and closes every transport's sessions."""
    from fedrank.bot.console import files_folder, run_console

    settings = root.settings
    if not await root.db.is_migrated():
        await root.db.migrate()
    scheduler: asyncio.Task[None] | None = None
    if scheduled:
        try:
            await log_next_publications(root)
        except Exception:  # a report only: never a reason not to start
            log.exception("the next publications could not be listed")
        scheduler = asyncio.create_task(root.scheduler().run_forever())
    try:
        async with contextlib.AsyncExitStack() as stack:
            if http is not None:
                from fedrank.web.app import make_app, serving

                await stack.enter_async_context(serving(make_app(root.services), *http))
                log.info("serving /healthz and /metrics on %s:%s", *http)
            if chats:
                work: Awaitable[Any] = asyncio.gather(
                    *(supervised(s, settings, root.services, first=RECONNECT_FIRST) for s in chats)
                )
            else:
                work = run_console(
                    root.services,
                    user_id=settings.console_user,
                    display_name=settings.console_name,
                    language=settings.default_language,
                    stdin=stdin,
                    stdout=stdout,
                    interactive=interactive,
                    files=files_folder(settings.console_files),
                )
                if http is not None and _stdin_is_null(stdin):
                    work = _then_serve(work, http)
            await until_stopped(work, stop)
    finally:
        if scheduler is not None:
            scheduler.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await scheduler


def _stdin_is_null(stdin: TextIO) -> bool:
    """Standard input is a device that is not a terminal: ``/dev/null``, as systemd and
    ``docker run`` without ``-i`` give a service (a pipe or a file is a console's input)."""
    try:
        mode = os.fstat(stdin.fileno()).st_mode
    except (OSError, ValueError):
        return False
    return stat.S_ISCHR(mode) and not stdin.isatty()


async def _then_serve(console: Awaitable[Any], http: tuple[str, int]) -> None:
    """With ``--http`` and nothing to read, the process is a server: a federation with no bot
    yet runs it for the website and the calendar under a service manager, whose standard input
    is ``/dev/null``. The console's end does not stop it then; SIGTERM or SIGINT does."""
    await console
    log.info("the console's input ended; serving on %s:%s until stopped", *http)
    await asyncio.Event().wait()


async def until_stopped(work: Awaitable[Any], stop: asyncio.Event | None) -> None:
    """Await ``work``; if ``stop`` is set first, cancel it and wait for it to wind down."""
    task = asyncio.ensure_future(work)
    if stop is None:
        await task
        return
    stopper = asyncio.create_task(stop.wait())
    try:
        await asyncio.wait({task, stopper}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        stopper.cancel()
    if not task.done():
        log.info("stopping: the transports close, the scheduler finishes its tick")
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        return
    task.result()
