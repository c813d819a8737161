"""What every command module of the CLI shares, at the bottom of :mod:`fedrank.cli`: the
operator's error, the settings, the runner of a command's coroutine and the logging set-up.

It imports no other CLI module, so the command modules import it and never each other's
assembly (:mod:`fedrank.cli.app`). Everything heavy is imported when a command calls for it.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Coroutine
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from fedrank.bootstrap import Root
    from fedrank.config import Settings

T = TypeVar("T")

#: What a command says on a database that was never migrated.
NOT_INITIALISED = "the database is not initialised; run `fedrank init` first"


class CliError(Exception):
    """An operator error: printed as one line, exit code 2."""


def read_settings() -> Settings:
    """The settings of the environment and ``.env`` (pydantic is loaded only now)."""
    from fedrank.config import load_settings

    return load_settings()


def run_coroutine(coro: Coroutine[Any, Any, T]) -> T:
    """Run one command's coroutine to its end (asyncio is loaded only now); a use case's
    refusal (:class:`fedrank.handlers.operator.OperatorError`) becomes a :class:`CliError`."""
    import asyncio

    from fedrank.handlers.operator import OperatorError

    try:
        return asyncio.run(coro)
    except OperatorError as exc:
        raise CliError(exc.message) from None


async def ensure_initialised(root: Root) -> None:
    """Refuse, as one line, a command on a database that was never migrated."""
    if not await root.db.is_migrated():
        raise CliError(NOT_INITIALISED)


def configure_logging(settings: Settings) -> None:
    """Log to standard error at the configured level and format, every record masked."""
    logging.basicConfig(
        level=settings.log_level,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
        stream=sys.stderr,
    )
    if settings.log_format == "json":
        from fedrank.logjson import JsonFormatter

        for handler in logging.getLogger().handlers:
            handler.setFormatter(JsonFormatter())
    from fedrank.logsafe import install_for

    install_for(settings)  # every handler masks tokens and passwords (fedrank.logsafe)
    # APScheduler reports every tick at INFO; only its problems interest an operator.
    logging.getLogger("apscheduler").setLevel(
        max(logging.WARNING, logging.getLevelName(settings.log_level))
    )
