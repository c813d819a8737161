"""User text is neutralised on the way out, in every transport's rendering: a bidi control in a
name stored before names were cleaned (or anywhere else) cannot reverse the rest of a line.

On main a name with U+202E (right-to-left override) went into /top and /links as it was.
"""

from __future__ import annotations

from fedrank.bot.discord.render import escape as discord_escape
from fedrank.bot.discord.render import in_code
from fedrank.bot.discord.render import render as render_discord
from fedrank.bot.render import render_plain, render_table
from fedrank.bot.telegram.render import render_html
from fedrank.handlers.wording.reply import Reply, Table, bold, code

RLO = "\u202e"
CONTROLS = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c\u200b\x1b"


def _reply() -> Reply:
    reply = Reply().line(bold(f"{RLO}Eve (RMF-001)"), " — ", code(f"ID{CONTROLS}"))
    reply.line(f"1. Anna{CONTROLS} (RMF-002) 950")
    reply.table(("#", "Player"), [("1", f"{RLO}evE"), ("2", "Анна")])
    reply.button(f"✓ {RLO}Eve", "/approve 1")
    return reply


def _leaks(text: str) -> list[str]:
    return [hex(ord(ch)) for ch in CONTROLS if ch in text]


def test_console_and_plain_text() -> None:
    text = render_plain(_reply())
    assert _leaks(text) == []
    assert "Eve (RMF-001) — ID" in text
    assert "[✓ Eve] -> /approve 1" in text


def test_tables_are_aligned_on_what_is_shown() -> None:
    lines = render_table(Table(("#", "Player"), (("1", f"{RLO}evE{RLO}"), ("2", "Bob"))))
    assert lines == ["#  Player", "-  ------", "1  evE", "2  Bob"]


def test_telegram_html() -> None:
    rendered = render_html(_reply())
    assert _leaks("".join(rendered.messages)) == []
    assert "<b>Eve (RMF-001)</b>" in rendered.messages[0]
    assert [b.label for b in rendered.buttons] == ["✓ Eve"]


def test_discord_markdown() -> None:
    rendered = render_discord(_reply(), language="en")
    assert _leaks(rendered.text) == []
    assert [b.label for b in rendered.buttons] == ["✓ Eve"]
    assert discord_escape(f"{RLO}@everyone") == "@\u200beveryone"  # the mention guard stays
    assert in_code(f"`x`{RLO}") == "ˋxˋ"
