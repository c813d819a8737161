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
from typing import Annotated, Any

import typer
from typer.core import TyperGroup

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

# `fedrank --help` shows the commands in panels, in the order of an operator's day: set up,
# register players, enter results, publish, look after the database, run the service.
PANELS = ("Setup", "Players", "Results", "Lists and site", "Database", "Run")
SETUP, PLAYERS, RESULTS, LISTS, DATABASE, RUN = PANELS


class _InPanels(TyperGroup):
    """Commands and groups listed panel by panel (Typer lists every command before the groups,
    which would put the panels of groups last)."""

    def list_commands(self, ctx: Any) -> list[str]:  # click's Context (Typer may vendor click)
        def panel(name: str) -> int:
            wanted = getattr(self.commands[name], "rich_help_panel", None)
            return PANELS.index(wanted) if wanted in PANELS else len(PANELS)

        return sorted(super().list_commands(ctx), key=panel)


app = typer.Typer(
    name="fedrank",
    cls=_InPanels,
    help="Official ratings of mind-sport federations, in Telegram, Discord and the console.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
app.command(rich_help_panel=SETUP)(init)
app.add_typer(federation_app, rich_help_panel=SETUP)
app.add_typer(discipline_app, rich_help_panel=SETUP)
app.command(rich_help_panel=SETUP)(grant)
app.command(rich_help_panel=SETUP)(demo)
app.add_typer(players_app, rich_help_panel=PLAYERS)
app.command(rich_help_panel=RESULTS)(calc)
app.command("import", rich_help_panel=RESULTS)(import_)
app.command("round", rich_help_panel=RESULTS)(round_command)
app.command(rich_help_panel=LISTS)(publish)
app.command(rich_help_panel=LISTS)(unpublish)
app.command(rich_help_panel=LISTS)(schedule)
app.command(rich_help_panel=LISTS)(export)
app.command("export-ratings", rich_help_panel=LISTS)(export_ratings)
app.add_typer(site_app, rich_help_panel=LISTS)
app.add_typer(db_app, rich_help_panel=DATABASE)
app.command(rich_help_panel=RUN)(run)

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
