"""The operator's entry point: ``fedrank init | demo | run | calc | grant``.

Every failure the operator can cause (a bad argument, a malformed ``.env``, an unreadable file,
input an engine refuses) ends in one clear line on standard error and a non-zero exit code.
"""

from __future__ import annotations

import asyncio
import json
import logging
import sys
from collections.abc import Coroutine
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer

from fedrank.config import ConfigError, Settings, load_settings
from fedrank.engines.kernel import EngineError
from fedrank.engines.registry import SYSTEMS, calc_document
from fedrank.storage.database import Database

app = typer.Typer(
    name="fedrank",
    help="Official ratings of mind-sport federations, in Telegram, Discord and the console.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

T = TypeVar("T")


class CliError(Exception):
    """An operator error: printed as one line, exit code 2."""


def _settings() -> Settings:
    return load_settings()


def _run(coro: Coroutine[Any, Any, T]) -> T:
    return asyncio.run(coro)


def _database(settings: Settings) -> Database:
    return Database(settings.database_url)


def _configure_logging(settings: Settings) -> None:
    logging.basicConfig(
        level=settings.log_level,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
        stream=sys.stderr,
    )


async def _init(settings: Settings) -> None:
    db = _database(settings)
    try:
        await db.migrate()
    finally:
        await db.close()


@app.command()
def init() -> None:
    """Create or upgrade the database schema (Alembic migrations)."""
    settings = _settings()
    _run(_init(settings))
    typer.echo(f"database ready: {_safe_url(settings.database_url)}")


@app.command()
def demo() -> None:
    """Load the demo federations, players and tournaments (idempotent)."""
    from fedrank.demo import load_demo

    settings = _settings()

    async def go() -> str:
        db = _database(settings)
        try:
            await db.migrate()
            return await load_demo(db, console_user=settings.console_user)
        finally:
            await db.close()

    typer.echo(_run(go()))


@app.command()
def run(
    console: Annotated[
        bool, typer.Option("--console", help="Use the console chat even if tokens are set.")
    ] = False,
) -> None:
    """Start every transport that has credentials, or the console chat when none has."""
    from fedrank.bot.console import run_console
    from fedrank.handlers.context import Services

    settings = _settings()
    _configure_logging(settings)
    if not console and (settings.telegram_token or settings.discord_token):
        raise CliError(
            "bot tokens are configured, but this build has no Telegram/Discord transport yet;"
            " use --console or unset FEDRANK_TELEGRAM_TOKEN / FEDRANK_DISCORD_TOKEN"
        )

    async def go() -> None:
        db = _database(settings)
        try:
            if not await db.is_migrated():
                await db.migrate()
            services = Services(db=db, default_language=settings.default_language)
            await run_console(
                services,
                user_id=settings.console_user,
                display_name=settings.console_name,
                language=settings.default_language,
                stdin=sys.stdin,
                stdout=sys.stdout,
                interactive=sys.stdin.isatty(),
            )
        finally:
            await db.close()

    _run(go())


@app.command()
def calc(
    system: Annotated[str, typer.Argument(help=f"one of: {', '.join(SYSTEMS)}")],
    file: Annotated[Path, typer.Argument(help="the tournament file")],
) -> None:
    """Run one engine on a tournament file and print the awards with their traces as JSON."""
    text = _read(file)
    result = calc_document(system, text, filename=file.name)
    typer.echo(json.dumps(result, ensure_ascii=False, indent=2))


@app.command()
def grant(
    account: Annotated[str, typer.Argument(help="platform:user, e.g. telegram:123456")],
    federation: Annotated[str, typer.Argument(help="federation code, e.g. RMF")],
    role: Annotated[str, typer.Argument(help="player, director or admin")],
) -> None:
    """Give a chat account a role in a federation (the operator bootstraps the first admins)."""
    if role not in ("player", "director", "admin"):
        raise CliError(f"role must be player, director or admin, not '{role}'")
    if ":" not in account:
        raise CliError(f"account must be platform:user, e.g. telegram:123456, not '{account}'")
    platform, user_id = account.split(":", 1)
    if platform not in ("telegram", "discord", "console"):
        raise CliError(f"platform must be telegram, discord or console, not '{platform}'")
    settings = _settings()

    async def go() -> None:
        from datetime import UTC, datetime

        db = _database(settings)
        try:
            async with db.transaction() as repos:
                fed = await repos.federations.by_code(federation)
                if fed is None:
                    raise CliError(f"unknown federation '{federation}'")
                target = await repos.accounts.get_or_create(
                    platform, user_id, display_name=user_id, language=None, now=datetime.now(UTC)
                )
                await repos.accounts.set_role(target.id, fed.id, role)
                await repos.audit.log(
                    "role.granted",
                    at=datetime.now(UTC),
                    federation_id=fed.id,
                    subject=account,
                    details={"role": role, "by": "cli"},
                )
        finally:
            await db.close()

    _run(go())
    typer.echo(f"{account} is now {role} of {federation}")


def _read(file: Path) -> str:
    try:
        return file.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise CliError(f"no such file: {file}") from None
    except IsADirectoryError:
        raise CliError(f"{file} is a directory, not a file") from None
    except UnicodeDecodeError:
        raise CliError(f"{file} is not UTF-8 text") from None


def _safe_url(url: str) -> str:
    """The URL without its password, for messages and logs."""
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)


def main() -> None:
    """Console script: run the app, turning known failures into one line and exit code 2."""
    try:
        app(standalone_mode=True)
    except (CliError, ConfigError, EngineError) as exc:
        typer.echo(f"fedrank: error: {exc}", err=True)
        raise SystemExit(2) from None
    except OSError as exc:
        typer.echo(f"fedrank: error: {exc.strerror or exc}", err=True)
        raise SystemExit(2) from None
    except KeyboardInterrupt:
        raise SystemExit(130) from None
