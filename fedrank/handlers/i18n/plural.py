"""Counted nouns in each language: "1 player", "2 players"; "1 игрок", "2 игрока", "5 игроков".

A counted message has three keys, ``<base>.one``, ``<base>.few`` and ``<base>.many``, each with
the placeholder ``{n}``: English uses one and many, Russian and Ukrainian all three (by the last
digits, the CLDR rule), Chinese one form for every number.
"""

from __future__ import annotations

from fedrank.handlers.i18n import t


def form(language: str, n: int) -> str:
    """The plural form of ``n`` in ``language``: "one", "few" or "many"."""
    if language in ("ru", "uk"):
        if n % 10 == 1 and n % 100 != 11:
            return "one"
        if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            return "few"
        return "many"
    if language == "zh":
        return "many"
    return "one" if n == 1 else "many"


def counted(language: str, base: str, n: int) -> str:
    """``n`` with its noun in ``language`` (the message ``<base>.<form>``)."""
    return t(language, f"{base}.{form(language, n)}", n=n)
