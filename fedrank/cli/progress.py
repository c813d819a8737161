"""Progress of a long command on standard error: a rich bar when standard error is a terminal,
nothing on a pipe or with ``--quiet`` (the command's summary line is then all it prints).

The use cases take a plain callable ``step(done, total)`` (``total`` None when unknown), so
they know nothing of rich or the terminal; :func:`progress` hands one out.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Annotated, TextIO

import typer

#: What a use case calls as it goes: (done so far, total or None when not known).
Step = Callable[[int, int | None], None]

#: The ``--quiet`` option of the commands that show progress.
Quiet = Annotated[
    bool, typer.Option("--quiet", "-q", help="no progress bar: print the summary line only")
]


def _nothing(_done: int, _total: int | None) -> None:
    return None


def shows_progress(quiet: bool, stream: TextIO | None = None) -> bool:
    """A bar only for a person watching: standard error is a terminal and not --quiet."""
    stream = sys.stderr if stream is None else stream
    return not quiet and stream.isatty()


@contextmanager
def progress(label: str, *, quiet: bool, stream: TextIO | None = None) -> Iterator[Step]:
    """A step function drawing ``label``'s bar on ``stream`` (standard error) while the block
    runs; the bar is cleared at the end, so the summary line stands alone."""
    stream = sys.stderr if stream is None else stream
    if not shows_progress(quiet, stream):
        yield _nothing
        return
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        SpinnerColumn,
        TextColumn,
        TimeElapsedColumn,
    )

    console = Console(file=stream, force_terminal=True)
    with Progress(
        SpinnerColumn(),
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        transient=True,
    ) as bar:
        task = bar.add_task(label, total=None)

        def step(done: int, total: int | None) -> None:
            bar.update(task, completed=done, total=total)

        yield step
