"""The operator's entry point: the Typer app, assembled from one module per command group, and
:func:`main`, the console script.

* :mod:`fedrank.cli.db`: ``init``, ``--version``, ``db``
* :mod:`fedrank.cli.setup`: ``federation``, ``discipline``, ``grant``, ``demo``
* :mod:`fedrank.cli.players`: ``players``
* :mod:`fedrank.cli.files`: ``calc``, ``import``, ``round``, ``export-ratings``
* :mod:`fedrank.cli.lists`: ``publish``, ``export``, ``site``
* :mod:`fedrank.cli.schedule`: ``schedule``, ``unpublish`` (and ``publish --due``)
* :mod:`fedrank.cli.run`: ``run``

Every command takes what it needs from the composition root (:mod:`fedrank.bootstrap`) and
calls the same use cases as the chats; the operator acts with the server's own authority (the
way back when chat roles are lost). Every failure the operator can cause (a bad argument, a
malformed ``.env``, an unreadable file, input an engine refuses) ends in one clear line on
standard error and a non-zero exit code.
"""

from __future__ import annotations

import atexit
import gc
import logging
from typing import Annotated

import typer

from fedrank.cli.common import CliError
from fedrank.cli.db import DbError, db_app, init, show_version
from fedrank.cli.files import calc, export_ratings, import_, round_command
from fedrank.cli.lists import export, publish, site_app
from fedrank.cli.players import players_app
from fedrank.cli.run import run
from fedrank.cli.schedule import ScheduleError, schedule, unpublish
from fedrank.cli.setup import demo, discipline_app, federation_app, grant
from fedrank.handlers.operator import INPUT_ERRORS

# Everything heavy (pydantic, SQLAlchemy, Alembic, the bots' libraries) is imported by the
# command that needs it, so `fedrank --help` and a mistyped command answer at once.

app = typer.Typer(
    name="fedrank",
    help="Official ratings of mind-sport federations, in Telegram, Discord and the console.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
# `fedrank --help` lists the commands in this order, then the groups.
app.add_typer(players_app)
app.command()(schedule)
app.command()(unpublish)
app.add_typer(federation_app)
app.add_typer(discipline_app)
app.add_typer(db_app)
app.command("round")(round_command)
app.command("export-ratings")(export_ratings)
app.add_typer(site_app)
app.command()(export)
app.command()(init)
app.command()(demo)
app.command()(run)
app.command()(calc)
app.command("import")(import_)
app.command()(publish)
app.command()(grant)

#: What ends as one line on standard error and exit code 2: the operator's doing, not a bug.
OPERATOR_ERRORS: tuple[type[Exception], ...] = (CliError, DbError, ScheduleError, *INPUT_ERRORS)


@app.callback()
def _options(
    version: Annotated[
        bool,
        typer.Option("--version", is_eager=True, callback=show_version, help="Show the version."),
    ] = False,
) -> None:
    pass


def main() -> None:
    """Console script: run the app, turning known failures into one line and exit code 2."""
    # At exit, leave the heap to the operating system: the interpreter's last collection pass
    # over every object loaded took ~0.4 s of CPU after a piped run's last answer (issue 18).
    atexit.unregister(gc.freeze)
    atexit.register(gc.freeze)
    try:
        app(standalone_mode=True)
    except OPERATOR_ERRORS as exc:
        typer.echo(f"fedrank: error: {exc}", err=True)
        raise SystemExit(2) from None
    except OSError as exc:
        typer.echo(f"fedrank: error: {exc.strerror or exc}", err=True)
        raise SystemExit(2) from None
    except KeyboardInterrupt:
        raise SystemExit(130) from None
    except Exception as exc:  # a bug, not the operator's fault: still one line, no traceback
        # A ConfigError was raised by fedrank.config, so importing it here costs nothing.
        from fedrank.config import ConfigError

        if isinstance(exc, ConfigError):
            typer.echo(f"fedrank: error: {exc}", err=True)
            raise SystemExit(2) from None
        logging.getLogger("fedrank").debug("internal error", exc_info=True)
        typer.echo(f"fedrank: internal error: {type(exc).__name__}: {exc}", err=True)
        raise SystemExit(1) from None
