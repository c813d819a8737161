"""Plain-text rendering of a :class:`~fedrank.handlers.wording.reply.Reply` (console, logs, files).

User text is shown :func:`~fedrank.handlers.wording.safetext.visible`: a bidi control in a name
cannot
reverse the rest of a line or a table's columns.
"""

from __future__ import annotations

import unicodedata

from fedrank.handlers.wording.reply import Attachment, Paragraph, Reply, Table
from fedrank.handlers.wording.safetext import visible


def _width(text: str) -> int:
    """Display width: CJK characters take two columns in a terminal."""
    if text.isascii():
        return len(text)
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _pad(text: str, width: int) -> str:
    return text + " " * (width - _width(text))


def render_table(table: Table) -> list[str]:
    headers = [visible(h) for h in table.headers]
    rows = [[visible(c) for c in row] for row in table.rows]
    widths = [_width(h) for h in headers]
    for row in rows:
        for i, cell in enumerate(row):
            widths[i] = max(widths[i], _width(cell))
    lines = ["  ".join(_pad(h, w) for h, w in zip(headers, widths, strict=True)).rstrip()]
    lines.append("  ".join("-" * w for w in widths))
    lines += [
        "  ".join(_pad(c, w) for c, w in zip(row, widths, strict=True)).rstrip() for row in rows
    ]
    return lines


def render_plain(reply: Reply) -> str:
    """Text with tables aligned; buttons shown with the command that presses them."""
    out: list[str] = []
    for block in reply.blocks:
        if isinstance(block, Paragraph):
            out.append(visible(block.plain))
        elif isinstance(block, Table):
            out.extend(render_table(block))
        elif isinstance(block, Attachment):
            line = f"[file {block.filename}, {len(block.content)} bytes] {block.caption}"
            out.append(visible(line.rstrip()))
    for button in reply.buttons:
        out.append(visible(f"[{button.label}] -> {button.url or button.action}"))
    return "\n".join(out)
