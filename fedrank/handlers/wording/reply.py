"""The transport-neutral answer of every use case.

A :class:`Reply` is structure, not markup: spans of text, tables, files and buttons. Each
transport renders it in its own markup and escapes the text there (Telegram HTML, Discord
markdown, plain console), so user-supplied text can never be interpreted as markup.
"""

from __future__ import annotations

import base64
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any


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
    # A link button instead (``action`` empty): the address it opens, and whether Telegram
    # opens it inside the chat as a Web App where it can (a private chat).
    url: str = ""
    web_app: bool = False


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

    def to_json(self) -> dict[str, Any]:
        return reply_to_json(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Reply:
        return reply_from_json(data)

    def button(self, label: str, action: str) -> Reply:
        self.buttons.append(Button(label, action))
        return self

    def link_button(self, label: str, url: str, *, web_app: bool = False) -> Reply:
        """A button that opens ``url`` (a page of the site) rather than running a command."""
        self.buttons.append(Button(label, "", url, web_app))
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


def reply_to_json(reply: Reply) -> dict[str, Any]:
    """The reply as JSON (for the outbox): files as base64, everything else as it is."""
    blocks: list[dict[str, Any]] = []
    for block in reply.blocks:
        if isinstance(block, Paragraph):
            blocks.append(
                {"p": [{"text": s.text, "bold": s.bold, "code": s.code} for s in block.spans]}
            )
        elif isinstance(block, Table):
            blocks.append({"table": {"headers": list(block.headers), "rows": block.rows}})
        else:
            blocks.append(
                {
                    "file": {
                        "filename": block.filename,
                        "content": base64.b64encode(block.content).decode("ascii"),
                        "mime": block.mime,
                        "caption": block.caption,
                    }
                }
            )
    return {
        "blocks": blocks,
        "buttons": [
            {"label": b.label, "action": b.action}
            | ({"url": b.url, "web_app": b.web_app} if b.url else {})
            for b in reply.buttons
        ],
        "private": reply.private,
    }


def reply_from_json(data: dict[str, Any]) -> Reply:
    """The inverse of :func:`reply_to_json`."""
    blocks: list[Block] = []
    for raw in data.get("blocks", []):
        if "p" in raw:
            blocks.append(Paragraph(tuple(Span(**s) for s in raw["p"])))
        elif "table" in raw:
            table = raw["table"]
            blocks.append(
                Table(tuple(table["headers"]), tuple(tuple(row) for row in table["rows"]))
            )
        else:
            f = raw["file"]
            blocks.append(
                Attachment(f["filename"], base64.b64decode(f["content"]), f["mime"], f["caption"])
            )
    buttons = [
        Button(b["label"], b["action"], str(b.get("url", "")), bool(b.get("web_app", False)))
        for b in data.get("buttons", [])
    ]
    return Reply(blocks, buttons, bool(data.get("private", False)))
