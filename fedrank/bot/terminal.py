"""A :class:`~fedrank.handlers.wording.reply.Reply` drawn for a terminal with Rich (the CLI's
previews).

The chats and the CLI show one preview, built once by the handlers; this is only its drawing:
bold spans in bold, tables with ruled columns that fit the terminal, files and buttons as the
console shows them. User text goes in as Rich ``Text`` (never parsed as markup) and
:func:`~fedrank.handlers.wording.safetext.visible`, so a name can neither style the output nor
reverse
its columns. Rich is imported when a table is drawn: it costs the other commands nothing.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING, TextIO

from fedrank.handlers.wording.reply import Attachment, Paragraph, Reply, Table
from fedrank.handlers.wording.safetext import visible

if TYPE_CHECKING:
    from rich.console import RenderableType

#: Columns used when the output is not a terminal (a file, a pipe, a test).
PIPE_WIDTH = 160


def _renderables(reply: Reply) -> list[RenderableType]:
    from rich import box
    from rich.table import Table as RichTable
    from rich.text import Text

    out: list[RenderableType] = []
    for block in reply.blocks:
        if isinstance(block, Paragraph):
            text = Text()
            for span in block.spans:
                text.append(visible(span.text), style="bold" if span.bold else None)
            out.append(text)
        elif isinstance(block, Table):
            table = RichTable(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
            for header in block.headers:
                table.add_column(Text(visible(header), style="bold"), overflow="fold")
            for row in block.rows:
                table.add_row(*(Text(visible(cell)) for cell in row))
            out.append(table)
        elif isinstance(block, Attachment):
            line = f"[file {block.filename}, {len(block.content)} bytes] {block.caption}"
            out.append(Text(visible(line.rstrip())))
    for button in reply.buttons:
        out.append(Text(visible(f"[{button.label}] -> {button.action}")))
    return out


def print_reply(reply: Reply, file: TextIO) -> None:
    """Draw ``reply`` on ``file``: in colour and at the terminal's width at a terminal, plain
    text :data:`PIPE_WIDTH` columns wide otherwise."""
    from rich.console import Console

    tty = file.isatty() if hasattr(file, "isatty") else False
    target = file if tty else io.StringIO()
    console = Console(
        file=target,
        width=None if tty else PIPE_WIDTH,
        force_terminal=tty,
        no_color=not tty,
        highlight=False,
        emoji=False,
        markup=False,
    )
    for renderable in _renderables(reply):
        console.print(renderable)
    if not tty:  # no padding at the ends of lines in a file or a pipe
        assert isinstance(target, io.StringIO)
        file.write("".join(line.rstrip() + "\n" for line in target.getvalue().splitlines()))


def render_terminal(reply: Reply) -> str:
    """``reply`` as the plain text :func:`print_reply` draws off a terminal."""
    out = io.StringIO()
    print_reply(reply, out)
    return out.getvalue()
