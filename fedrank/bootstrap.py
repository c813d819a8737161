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
from collections.abc import AsyncIterator, Callable, Coroutine
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any, TextIO

from fedrank.config import ConfigError, Settings, load_settings
from fedrank.handlers.context import LanguageCache, Services
from fedrank.handlers.systems import SystemRegistry, all_systems
from fedrank.logsafe import install_for
from fedrank.scheduler.outbox import Sender
from fedrank.scheduler.runner import Scheduler
from fedrank.storage.database import Database

#: A chat transport: runs until cancelled, answering through the services.
Transport = Callable[[Settings, Services], Coroutine[Any, Any, None]]


@dataclass(frozen=True, slots=True)
class Root:
    """Everything built from the settings, for one process."""

    settings: Settings
    db: Database
    systems: SystemRegistry
    services: Services

    def senders(self) -> dict[str, Sender]:
        """The outbox's way out to every platform with a token, and the console."""
        from fedrank.scheduler.senders import default_senders

        return default_senders(self.settings)

    def scheduler(self) -> Scheduler:
        return Scheduler(self.db, self.services.clock, senders=self.senders(), systems=self.systems)

    async def close(self) -> None:
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
    )
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

        found.append(run_one)
    if webhook and settings.telegram_token is None:
        raise ConfigError("--webhook needs FEDRANK_TELEGRAM_TOKEN")
    return found


async def serve(
    root: Root,
    chats: list[Transport],
    *,
    stdin: TextIO,
    stdout: TextIO,
    interactive: bool,
) -> None:
    """``fedrank run``: the scheduler, and the transports ``chats`` or else the console chat,
    until they end (the console at end of input) or the process is stopped."""
    from fedrank.bot.console import run_console

    settings = root.settings
    if not await root.db.is_migrated():
        await root.db.migrate()
    scheduler = asyncio.create_task(root.scheduler().run_forever())
    try:
        if chats:
            await asyncio.gather(*(start(settings, root.services) for start in chats))
            return
        await run_console(
            root.services,
            user_id=settings.console_user,
            display_name=settings.console_name,
            language=settings.default_language,
            stdin=stdin,
            stdout=stdout,
            interactive=interactive,
        )
    finally:
        scheduler.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await scheduler
