"""A :class:`~fedrank.handlers.wording.reply.Reply` in Telegram's HTML parse mode.

Every text of a reply may come from a user (player names, display names, tournament names), so
every span is escaped with :func:`html.escape` (after taking out invisible controls: a bidi mark
would reverse the rest of a line) and the only markup is the one added here: ``<b>``,
``<code>`` and ``<pre>``. A message may hold at most 4,096 characters, so the text is cut into
several messages, between paragraphs when possible and never inside a tag or an entity; a table
too long for a chat message is sent as a text file instead. Buttons become an inline keyboard
whose ``callback_data`` is the button's action (a command line, at most 64 bytes); an action too
long for that is shown as the command to send instead.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html import escape

from aiogram.types import InlineKeyboardButton, WebAppInfo

from fedrank.bot.render import render_table
from fedrank.handlers.wording.i18n import t
from fedrank.handlers.wording.reply import Attachment, Button, Paragraph, Reply, Span, Table
from fedrank.handlers.wording.safetext import visible

MESSAGE_LIMIT = 4096
CALLBACK_DATA_LIMIT = 64
# Above these sizes a table is a file: a chat message of aligned text is unreadable on a phone.
TABLE_MAX_ROWS = 40
TABLE_MAX_CHARS = 3000
_WORDS = re.compile(r"(\s+)")


def _escape(text: str) -> str:
    """User text as HTML: escaped, and without invisible controls (a bidi mark would reverse
    the rest of the line)."""
    return escape(visible(text))


#: The table rendered last and its text: the router asks :func:`needs_own_lines` and then
#: :func:`render_html` of the same reply (a table is frozen, so the same object has the same text).
_last_table: list[tuple[Table, str]] = []


def _table_text(table: Table) -> str:
    """The table as aligned plain text (:func:`render_table`), rendered once per table."""
    if _last_table and _last_table[0][0] is table:
        return _last_table[0][1]
    text = "\n".join(render_table(table))
    _last_table[:] = [(table, text)]
    return text


def tg_len(text: str) -> int:
    """Length as Telegram counts it: UTF-16 code units (an emoji outside the BMP counts twice).
    ASCII text (most of it; ``isascii`` is a flag of the string) is one unit a character."""
    return len(text) if text.isascii() else len(text.encode("utf-16-le")) // 2


@dataclass(slots=True)
class Rendered:
    """What to send for one reply: HTML messages, then files; the buttons go on the last one."""

    messages: list[str] = field(default_factory=list)
    files: list[Attachment] = field(default_factory=list)
    buttons: list[Button] = field(default_factory=list)


def _wrap(html: str, span: Span) -> str:
    if span.code:
        html = f"<code>{html}</code>"
    if span.bold:
        html = f"<b>{html}</b>"
    return html


def _span_pieces(span: Span, budget: int) -> list[str]:
    """The span as HTML pieces no longer than ``budget``, cut at white space when possible."""
    whole = _wrap(_escape(span.text), span)
    if tg_len(whole) <= budget:
        return [whole]
    overhead = tg_len(_wrap("", span))
    room = max(budget - overhead, 8)
    pieces: list[str] = []
    current = ""
    for word in _WORDS.split(span.text):
        while word:
            escaped = _escape(word)
            if tg_len(_escape(current)) + tg_len(escaped) <= room:
                current += word
                word = ""
            elif current:
                pieces.append(_wrap(_escape(current), span))
                current = ""
            else:
                # A single word longer than a message: cut it by characters.
                low, high = 1, len(word)
                while low < high:
                    mid = (low + high + 1) // 2
                    if tg_len(_escape(word[:mid])) <= room:
                        low = mid
                    else:
                        high = mid - 1
                cut = low
                pieces.append(_wrap(_escape(word[:cut]), span))
                word = word[cut:]
    if current:
        pieces.append(_wrap(_escape(current), span))
    return pieces


def _paragraph_pieces(paragraph: Paragraph) -> list[str]:
    html = "".join(_wrap(_escape(s.text), s) for s in paragraph.spans)
    if tg_len(html) <= MESSAGE_LIMIT:
        return [html]
    pieces: list[str] = []
    for span in paragraph.spans:
        pieces.extend(_span_pieces(span, MESSAGE_LIMIT))
    return pieces


def _pack(blocks: list[list[str]]) -> list[str]:
    """Join blocks with new lines into messages under the limit; a cut block continues."""
    messages: list[str] = []
    current = ""
    for pieces in blocks:
        for index, piece in enumerate(pieces):
            glue = "\n" if current and index == 0 else ""
            if tg_len(current) + tg_len(glue) + tg_len(piece) <= MESSAGE_LIMIT:
                current += glue + piece
            else:
                if current:
                    messages.append(current)
                current = piece
    if current:
        messages.append(current)
    return messages


def render_html(reply: Reply, *, language: str = "en") -> Rendered:
    """Render ``reply``; ``language`` is for the transport's own lines (e.g. "see the file")."""
    out = Rendered()
    blocks: list[list[str]] = []
    tables = 0
    for block in reply.blocks:
        if isinstance(block, Paragraph):
            blocks.append(_paragraph_pieces(block))
        elif isinstance(block, Table):
            text = _table_text(block)
            if _table_is_file(block, text):
                tables += 1
                filename = f"table-{tables}.txt"
                out.files.append(Attachment(filename, (text + "\n").encode(), "text/plain"))
                blocks.append([_escape(t(language, "bot.table_file", filename=filename))])
            else:
                blocks.append([f"<pre>{_escape(text)}</pre>"])
        elif isinstance(block, Attachment):
            out.files.append(block)
    for button in reply.buttons:
        if button.url:  # a link (a page of the site): no callback data to fit
            out.buttons.append(Button(visible(button.label), "", button.url, button.web_app))
        elif len(button.action.encode()) <= CALLBACK_DATA_LIMIT:
            out.buttons.append(Button(visible(button.label), button.action))
        else:
            line = t(language, "bot.type_to_press", label="\x00", command="\x01")
            before, _, rest = line.partition("\x00")
            middle, _, after = rest.partition("\x01")
            blocks.append(
                [
                    _escape(before)
                    + _escape(button.label)
                    + _escape(middle)
                    + f"<code>{_escape(button.action)}</code>"
                    + _escape(after)
                ]
            )
    out.messages = _pack(blocks)
    return out


def _table_is_file(table: Table, text: str | None = None) -> bool:
    """Whether the table goes as a file (``text``: the table already rendered)."""
    if len(table.rows) > TABLE_MAX_ROWS:
        return True
    if text is None:
        text = _table_text(table)
    return tg_len(_escape(text)) > TABLE_MAX_CHARS


def inline_button(button: Button, *, private: bool) -> InlineKeyboardButton:
    """A rendered button in an inline keyboard: its action as callback data, or its address,
    opened as a Web App in a private chat (Telegram allows web-app buttons only there) and as
    a plain link elsewhere."""
    if not button.url:
        return InlineKeyboardButton(text=button.label, callback_data=button.action)
    if button.web_app and private and button.url.startswith("https://"):
        return InlineKeyboardButton(text=button.label, web_app=WebAppInfo(url=button.url))
    return InlineKeyboardButton(text=button.label, url=button.url)


def needs_own_lines(reply: Reply) -> bool:
    """Whether rendering adds a line of the transport's own (so its language matters)."""
    return any(isinstance(b, Table) and _table_is_file(b) for b in reply.blocks) or any(
        not b.url and len(b.action.encode()) > CALLBACK_DATA_LIMIT for b in reply.buttons
    )
