"""Counted nouns in each language: "1 player", "2 players"; "1 игрок", "2 игрока", "5 игроков".

A counted message is one catalogue entry with ``msgid_plural`` whose forms follow the language's
``Plural-Forms`` (CLDR): English one and other, Russian and Ukrainian one, few and many (by the
last digits), Chinese one form for every number. Its text has the placeholder ``{n}``.
"""

from __future__ import annotations

from fedrank.handlers.wording.i18n import tn


def counted(language: str, base: str, n: int) -> str:
    """``n`` with its noun in ``language`` (the plural entry ``base``)."""
    return tn(language, base, n)
