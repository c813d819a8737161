"""The transport-neutral answer of every use case.

A :class:`Reply` is structure, not markup: spans of text, tables, files and buttons. Each
transport renders it in its own markup and escapes the text there (Telegram HTML, Discord
markdown, plain console), so user-supplied text can never be interpreted as markup.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Span:
    text: str
    bold: bool = False
    code: bool = False


@dataclass(frozen=True, slots=True)
class Paragraph:
    spans: tuple[Span, ...]

    @property
    def plain(self) -> str:
        return "".join(s.text for s in self.spans)


@dataclass(frozen=True, slots=True)
class Table:
    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True, slots=True)
class Attachment:
    filename: str
    content: bytes
    mime: str = "application/octet-stream"
    caption: str = ""


@dataclass(frozen=True, slots=True)
class Button:
    label: str
    # What pressing it does, as a command line the dispatcher understands (e.g. "/confirm ab12").
    action: str


Block = Paragraph | Table | Attachment


@dataclass(slots=True)
class Reply:
    blocks: list[Block] = field(default_factory=list)
    buttons: list[Button] = field(default_factory=list)
    # Private information: a transport that can show it only to the asker does so.
    private: bool = False

    @classmethod
    def text(cls, *lines: str, private: bool = False) -> Reply:
        return cls([Paragraph((Span(line),)) for line in lines], private=private)

    def line(self, *parts: str | Span) -> Reply:
        self.blocks.append(Paragraph(tuple(p if isinstance(p, Span) else Span(p) for p in parts)))
        return self

    def table(self, headers: tuple[str, ...], rows: Sequence[tuple[str, ...]]) -> Reply:
        self.blocks.append(Table(headers, tuple(rows)))
        return self

    def attach(self, attachment: Attachment) -> Reply:
        self.blocks.append(attachment)
        return self

    def button(self, label: str, action: str) -> Reply:
        self.buttons.append(Button(label, action))
        return self

    @property
    def plain(self) -> str:
        """The text content without markup (for logs, tests and the console)."""
        out: list[str] = []
        for block in self.blocks:
            if isinstance(block, Paragraph):
                out.append(block.plain)
            elif isinstance(block, Table):
                out.append(" | ".join(block.headers))
                out.extend(" | ".join(row) for row in block.rows)
            else:
                out.append(f"[file {block.filename}]")
        return "\n".join(out)


def bold(text: str) -> Span:
    return Span(text, bold=True)


def code(text: str) -> Span:
    return Span(text, code=True)
