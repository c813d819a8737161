"""The operator's clock: ``fedrank schedule``, ``fedrank publish --due`` and ``fedrank unpublish``.

What is due and what a tick did are read by :mod:`fedrank.scheduler.report`; a list is withdrawn
by :mod:`fedrank.handlers.publication.operator`.

``--today YYYY-MM-DD`` stands for the scheduler's clock at 12:00 UTC that day (the date every
federation's time zone from UTC-11 to UTC+11 calls that day), so an operator or a test sees and
runs what the scheduler would, without faking the system clock.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from datetime import UTC, date, datetime, time
from typing import TYPE_CHECKING, Annotated, Any

import typer

from fedrank.cli.common import NOT_INITIALISED, read_settings, run_coroutine
from fedrank.cli.progress import progress

if TYPE_CHECKING:
    from fedrank.bootstrap import Root


class ScheduleError(Exception):
    """An operator's mistake here: one line on standard error, exit code 2
    (:func:`fedrank.cli.app.main`)."""


def moment(today: str | None) -> datetime:
    """The scheduler's "now" for ``--today`` (12:00 UTC on that date), or the real clock."""
    if today is None:
        return datetime.now(UTC)
    try:
        day = date.fromisoformat(today)
    except ValueError:
        raise ScheduleError(f"--today must be YYYY-MM-DD, not {today!r}") from None
    return datetime.combine(day, time(12), tzinfo=UTC)


def schedule(
    today: Annotated[
        str | None,
        typer.Option("--today", help="act as if it were 12:00 UTC on YYYY-MM-DD"),
    ] = None,
) -> None:
    """Show what the scheduler has due and what comes next (lists, qualifications, outbox)."""
    from fedrank.scheduler.report import schedule_text

    now = moment(today)
    typer.echo(_with_root(lambda root: schedule_text(root.db, root.systems, now)))


def unpublish(
    discipline: Annotated[str, typer.Argument(help="discipline code, e.g. ufgo")],
    on: Annotated[str, typer.Option("--date", help="the list's date YYYY-MM-DD")],
    reason: Annotated[str, typer.Option("--reason", help="kept in the audit log")] = "",
) -> None:
    """Withdraw a wrong list: removed, kept in the audit log, announced as withdrawn."""
    from fedrank.handlers.operator import OperatorError
    from fedrank.handlers.publication.operator import unpublish_list

    try:
        list_date = date.fromisoformat(on)
    except ValueError:
        raise ScheduleError(f"--date must be YYYY-MM-DD, not {on!r}") from None

    async def go(root: Root) -> str:
        try:
            code, size, told = await unpublish_list(
                root.services, discipline, list_date, reason=reason
            )
        except OperatorError as exc:
            raise ScheduleError(exc.message) from None
        except LookupError as exc:
            raise ScheduleError(str(exc)) from None
        return (
            f"{code} {list_date.isoformat()}: withdrawn ({size} players);"
            f" {told} chat(s) will be told"
        )

    typer.echo(_with_root(go))


def publish_due_command(today: str | None, *, quiet: bool = False) -> str:
    """``fedrank publish --due [--today]``: one tick, then exit."""
    from fedrank.scheduler.report import publish_due_text

    now = moment(today)

    async def tick(root: Root) -> str:
        with progress("publishing what is due: stages", quiet=quiet) as step:
            return await publish_due_text(root.db, root.systems, now, progress=step)

    return _with_root(tick)


def _with_root(action: Callable[[Root], Coroutine[Any, Any, str]]) -> str:
    """Run ``action`` with the composition root of the configured database."""
    from fedrank.bootstrap import opened

    settings = read_settings()

    async def go() -> str:
        async with opened(settings) as root:
            if not await root.db.is_migrated():
                raise ScheduleError(NOT_INITIALISED)
            return await action(root)

    return run_coroutine(go())
