"""The check of issue 20's "Done when": no English word left in an answer given in ru, uk or zh.

A word is a run of ASCII letters of length two or more. ``allowed`` is what may stay as it is:
the data of the answer (player, tournament, discipline and federation names, IDs, tournament
codes) and the rulebooks' own symbols (``NR``, ``KT``, ``kq``, ``AVGM`` …). An allowed entry that
is one word is allowed wherever it stands; an entry of several words or with other characters
(a tournament's name "Kazan Open 2024", a code "mcr-2024-12-11-01") is taken out of the text
whole before the words are counted, so "Open" alone stays English while "Kazan Open 2024" is a
name. Comparison is exact (case-sensitive): "NR" is a symbol, "nr" would be a word.

Shared by the no-English tests of every system (``tests/handlers/test_no_english*.py``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from fedrank.handlers.wording.reply import Paragraph, Reply, Table

_WORD = re.compile(r"[A-Za-z]{2,}")
_SINGLE = re.compile(r"[A-Za-z]+")


def english_words(text: str, allowed: Iterable[str]) -> list[str]:
    """The English words of ``text`` that ``allowed`` does not cover, in order of appearance."""
    words: set[str] = set()
    phrases: list[str] = []
    for item in allowed:
        if not item:
            continue
        if _SINGLE.fullmatch(item):
            words.add(item)
        else:
            phrases.append(item)
    # Longest first, so a name is not cut by a shorter one it contains.
    for phrase in sorted(phrases, key=len, reverse=True):
        text = text.replace(phrase, " ")
    return [w for w in _WORD.findall(text) if w not in words]


def reply_text(reply: Reply) -> str:
    """Everything of a reply a player reads: paragraphs, tables, files' captions and buttons'
    labels (not the files' names, which are IDs and codes with an extension)."""
    out: list[str] = []
    for block in reply.blocks:
        if isinstance(block, Paragraph):
            out.append(block.plain)
        elif isinstance(block, Table):
            out.append(" | ".join(block.headers))
            out.extend(" | ".join(row) for row in block.rows)
        else:
            out.append(block.caption)
    out.extend(button.label for button in reply.buttons)
    return "\n".join(out)


# What a user types as it is, whatever his language: options, keywords, platforms, languages.
TYPED = {
    *[
        "add",
        "admin",
        "both",
        "confirm",
        "date",
        "decline",
        "director",
        "disable",
        "draw",
        "enable",
        "facts",
        "immediate",
    ],
    *[
        "inform",
        "loss",
        "me",
        "name",
        "new",
        "no",
        "now",
        "official",
        "player",
        "presidium",
        "rating",
        "remove",
        "round",
    ],
    *[
        "size",
        "tie",
        "time",
        "win",
        "yes",
        "en",
        "ru",
        "uk",
        "zh",
        "telegram",
        "discord",
        "Telegram",
        "Discord",
        "ID",
        "JSON",
    ],
    *["accent", "contact", "footer"],  # /identity's fields
}
