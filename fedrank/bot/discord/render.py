"""A :class:`~fedrank.handlers.wording.reply.Reply` in Discord markdown, as messages, embeds and
files.

Every text of a reply may come from a user (player names, display names, tournament names), so
every span is escaped (:func:`escape`: markdown, mentions, ``<`` of channel and emoji syntax) and
the only markup is the one added here: ``**bold**``, inline code and code blocks, inside which
a backtick cannot close the block. Mentions are inert twice over: escaped here, and every message
is sent with ``AllowedMentions.none()`` (:mod:`.delivery`).

Limits (https://discord.com/developers/docs/resources/message): a message holds at most 2,000
characters, an embed 6,000 (title 256, description 4,096, 25 fields of 1,024). A reply that
starts with a bold line (``/rating``, ``/top``, ``/history``) becomes one embed when it fits;
otherwise its text is cut between lines into messages, a table too long to read in a chat goes
as a text file, and an answer that would need more than :data:`MAX_MESSAGES` messages goes as
one file. Buttons go on the last message; an action too long for a ``custom_id`` is shown as the
command to type instead.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import discord

from fedrank.bot.render import render_plain, render_table
from fedrank.handlers.wording.i18n import t
from fedrank.handlers.wording.reply import Attachment, Block, Button, Paragraph, Reply, Span, Table
from fedrank.handlers.wording.safetext import visible

MESSAGE_LIMIT = 2000
TITLE_LIMIT = 256
DESCRIPTION_LIMIT = 4096
FIELD_NAME_LIMIT = 256
FIELD_VALUE_LIMIT = 1024
EMBED_LIMIT = 6000
MAX_FIELDS = 25
MAX_MESSAGES = 4
# Above these sizes a table is a file: aligned text wider than a phone is unreadable.
TABLE_MAX_ROWS = 30
TABLE_MAX_CHARS = 1500
MAX_BUTTONS = 25
BUTTON_LABEL_LIMIT = 80
#: A link button's address at most (Discord's limit).
URL_LIMIT = 512
CUSTOM_ID_LIMIT = 100
BUTTON_PREFIX = "fr:"
EMBED_COLOUR = 0x2F6FB0
_TICK = "\u02cb"  # a modifier grave accent: looks like a backtick, closes nothing
_SPACES = re.compile(r"^\s+")


def dc_len(text: str) -> int:
    """Length on the safe side of Discord's count: UTF-16 code units."""
    return len(text.encode("utf-16-le")) // 2


def escape(text: str) -> str:
    """User text made inert: no markdown, no mention, no channel/emoji/timestamp syntax, no
    invisible control (a bidi mark would reverse the rest of the line)."""
    escaped = discord.utils.escape_markdown(visible(text))
    escaped = discord.utils.escape_mentions(escaped)
    return escaped.replace("<", "\\<")


def in_code(text: str) -> str:
    """Text for inside inline code or a code block: a backtick would end it, so none is left
    (nor an invisible control)."""
    return visible(text).replace("`", _TICK)


def _span(span: Span) -> str:
    if span.code:
        body = in_code(span.text)
        markup = f"`{body}`" if body.strip() else body
    else:
        markup = escape(span.text)
    if span.bold and markup.strip():
        markup = f"**{markup}**"
    return markup


def paragraph_markdown(paragraph: Paragraph) -> str:
    """One paragraph as a markdown line; leading spaces (indentation) survive as em spaces."""
    spans = list(paragraph.spans)
    indent = ""
    if spans and not spans[0].code:
        match = _SPACES.match(spans[0].text)
        if match:
            indent = "\u2003" * max(1, len(match.group()) // 2)
            rest = spans[0].text[match.end() :]
            spans[0] = Span(rest, bold=spans[0].bold)
    return indent + "".join(_span(s) for s in spans if s.text)


def table_block(table: Table) -> str:
    return "```\n" + in_code("\n".join(render_table(table))) + "\n```"


def table_fits(table: Table) -> bool:
    return len(table.rows) <= TABLE_MAX_ROWS and dc_len(table_block(table)) <= TABLE_MAX_CHARS


def table_file(table: Table, number: int) -> Attachment:
    text = "\n".join(render_table(table)) + "\n"
    return Attachment(f"table-{number}.txt", text.encode("utf-8"), "text/plain")


def custom_id(owner: int | str, action: str) -> str:
    """The button's ``custom_id``: who the decision belongs to and the action's command line."""
    return f"{BUTTON_PREFIX}{owner}:{action}"


def parse_custom_id(value: str) -> tuple[str, str] | None:
    """(owner, action) of one of our buttons, or None."""
    if not value.startswith(BUTTON_PREFIX):
        return None
    owner, sep, action = value[len(BUTTON_PREFIX) :].partition(":")
    if not sep or not action.startswith("/"):
        return None
    return owner, action


@dataclass(slots=True)
class Outgoing:
    """One message: text, an embed, files (sent with it)."""

    content: str = ""
    embed: discord.Embed | None = None
    files: list[Attachment] = field(default_factory=list)


@dataclass(slots=True)
class Rendered:
    """What to send for one reply; the buttons go on the last message."""

    messages: list[Outgoing] = field(default_factory=list)
    buttons: list[Button] = field(default_factory=list)

    @property
    def text(self) -> str:
        """Everything written, for logs and tests: contents and embed texts."""
        out: list[str] = []
        for message in self.messages:
            if message.content:
                out.append(message.content)
            if message.embed is not None:
                embed = message.embed
                out += [embed.title or "", embed.description or ""]
                for item in embed.fields:
                    out += [item.name or "", item.value or ""]
        return "\n".join(x for x in out if x)


def _buttons(reply: Reply, owner: int | str, language: str) -> tuple[list[Button], list[str]]:
    """Buttons that fit Discord's components, and command hints for those that do not."""
    fitting: list[Button] = []
    hints: list[str] = []
    for button in reply.buttons:
        if button.url:  # a link button (Discord has no web apps: the page opens in a browser)
            if len(fitting) < MAX_BUTTONS and len(button.url) <= URL_LIMIT:
                label = visible(button.label)[:BUTTON_LABEL_LIMIT]
                fitting.append(Button(label, "", button.url))
            else:
                hints.append(f"{escape(button.label)}: <{button.url}>")
            continue
        if len(fitting) < MAX_BUTTONS and len(custom_id(owner, button.action)) <= CUSTOM_ID_LIMIT:
            fitting.append(Button(visible(button.label)[:BUTTON_LABEL_LIMIT], button.action))
        else:
            hints.append(
                escape(t(language, "bot.type_to_press", label=button.label, command=button.action))
            )
    return fitting, hints


def _chunks(lines: list[str], limit: int = MESSAGE_LIMIT) -> list[str]:
    """Lines joined into texts no longer than ``limit``, cut between lines when possible."""
    out: list[str] = []
    current = ""
    for line in lines:
        pieces = [line]
        if dc_len(line) > limit:
            pieces = _cut(line, limit)
        for piece in pieces:
            candidate = f"{current}\n{piece}" if current else piece
            if dc_len(candidate) <= limit:
                current = candidate
            else:
                if current:
                    out.append(current)
                current = piece
    if current:
        out.append(current)
    return out


def _cut(line: str, limit: int) -> list[str]:
    """A line too long for one message, cut at white space (or anywhere, as a last resort)."""
    pieces: list[str] = []
    rest = line
    while dc_len(rest) > limit:
        cut = limit
        while dc_len(rest[:cut]) > limit:
            cut -= 1
        space = rest.rfind(" ", 0, cut)
        if space > limit // 2:
            cut = space
        head = rest[:cut]
        # Never leave a lone escaping backslash at the end of a piece.
        if head.endswith("\\") and not head.endswith("\\\\"):
            head, cut = head[:-1], cut - 1
        pieces.append(head)
        rest = rest[cut:].lstrip(" ")
    if rest:
        pieces.append(rest)
    return pieces


def _is_heading(block: Block) -> bool:
    return (
        isinstance(block, Paragraph)
        and bool(block.spans)
        and all(s.bold for s in block.spans if s.text.strip())
    )


def _embed(reply: Reply) -> tuple[discord.Embed, list[Attachment]] | None:
    """The reply as one embed (title, description, a field per bold heading), if it fits."""
    blocks = list(reply.blocks)
    first = blocks[0] if blocks else None
    if not isinstance(first, Paragraph) or not first.spans or not first.spans[0].bold:
        return None
    title = escape(first.plain.strip())
    if not title or dc_len(title) > TITLE_LIMIT:
        return None
    sections: list[tuple[str, list[str]]] = [("", [])]
    files: list[Attachment] = []
    image: Attachment | None = None
    for block in blocks[1:]:
        if isinstance(block, Attachment):
            if image is None and block.mime.startswith("image/"):
                image = block
            files.append(block)
        elif isinstance(block, Table):
            if not table_fits(block):
                return None
            sections[-1][1].append(table_block(block))
        elif _is_heading(block):
            sections.append((escape(block.plain.strip()), []))
        else:
            sections[-1][1].append(paragraph_markdown(block))
    description = "\n".join(sections[0][1])
    fields = sections[1:]
    if dc_len(description) > DESCRIPTION_LIMIT or len(fields) > MAX_FIELDS:
        return None
    total = dc_len(title) + dc_len(description)
    embed = discord.Embed(title=title, description=description or None, colour=EMBED_COLOUR)
    for name, lines in fields:
        value = "\n".join(lines) or "\u200b"
        if dc_len(name) > FIELD_NAME_LIMIT or dc_len(value) > FIELD_VALUE_LIMIT:
            return None
        total += dc_len(name) + dc_len(value)
        embed.add_field(name=name or "\u200b", value=value, inline=False)
    if total > EMBED_LIMIT:
        return None
    if image is not None:
        embed.set_image(url=f"attachment://{image.filename}")
    return embed, files


def render(reply: Reply, *, language: str, owner: int | str = 0, embed: bool = False) -> Rendered:
    """The messages of ``reply``; ``owner`` is the user whose decision its buttons take."""
    buttons, hints = _buttons(reply, owner, language)
    if embed:
        made = _embed(reply)
        if made is not None and not hints:
            body, embedded = made
            return Rendered([Outgoing(embed=body, files=embedded)], buttons)
    lines: list[str] = []
    files: list[Attachment] = []
    tables = 0
    for block in reply.blocks:
        if isinstance(block, Paragraph):
            lines.append(paragraph_markdown(block))
        elif isinstance(block, Table):
            if table_fits(block):
                lines.append(table_block(block))
            else:
                tables += 1
                attachment = table_file(block, tables)
                files.append(attachment)
                lines.append(escape(t(language, "bot.table_file", filename=attachment.filename)))
        else:
            files.append(block)
    lines += hints
    texts = _chunks(lines)
    if len(texts) > MAX_MESSAGES:
        whole = Attachment("answer.txt", render_plain(reply).encode("utf-8"), "text/plain")
        note = escape(t(language, "dc.answer_file", filename=whole.filename))
        return Rendered([Outgoing(note, files=[whole, *files])], buttons)
    messages = [Outgoing(text) for text in texts]
    if files:
        if messages:
            messages[-1].files = files
        else:
            messages = [Outgoing(files=files)]
    if not messages:
        messages = [Outgoing("\u200b")]
    return Rendered(messages, buttons)
