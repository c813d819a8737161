"""Tournament codes people can type, and tournaments found by code or by name.

A file without a code of its own gets one here: the date and a slug of the name, ASCII and
lower case, at most :data:`MAX_CODE` characters (Cyrillic transliterated with a plain table,
accented Latin stripped of its marks, Chinese and other scripts dropped, falling back to the
discipline's code), unique in the federation with a numeric suffix. A tournament already stored
keeps its code: a file that names it again (the same date and name, or the code the system gave
it before short codes) is a correction of it, not a new tournament. Codes stored before short
codes existed stay as they are; those tournaments are also found by name (:func:`resolve`).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Final

from fedrank.handlers.context import RequestContext
from fedrank.handlers.errors import UserError
from fedrank.handlers.wording.i18n import t
from fedrank.storage.models import Tournament
from fedrank.storage.repos import Repos

#: The longest generated code (a code given in the file may be longer, up to the column's 64).
MAX_CODE: Final = 32

#: Russian, Ukrainian and Belarusian letters in Latin (a simple table, not a standard: enough to
#: read and type a code).
CYRILLIC: Final[dict[str, str]] = {
    "а": "a", "б": "b", "в": "v", "г": "g", "ґ": "g", "д": "d", "е": "e", "ё": "e",
    "є": "ye", "ж": "zh", "з": "z", "и": "i", "і": "i", "ї": "yi", "й": "y", "к": "k",
    "л": "l", "м": "m", "н": "n", "о": "o", "п": "p", "р": "r", "с": "s", "т": "t",
    "у": "u", "ў": "u", "ф": "f", "х": "kh", "ц": "ts", "ч": "ch", "ш": "sh", "щ": "shch",
    "ъ": "", "ы": "y", "ь": "", "э": "e", "ю": "yu", "я": "ya", "'": "", "’": "",
}  # fmt: skip

_DASHES: Final = re.compile(r"-+")
_LEGACY: Final = re.compile(r"[^\w]+")


def _latin(char: str) -> str:
    """One character in ASCII: itself, its Cyrillic spelling, its letter without accents, or
    nothing (a character of another script; the caller turns it into a separator)."""
    if char.isascii():
        return char if char.isalnum() else "-"
    if char in CYRILLIC:
        return CYRILLIC[char]
    bare = unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode("ascii")
    return "".join(c for c in bare.lower() if c.isalnum()) or "-"


def slug(text: str) -> str:
    """``text`` as lower-case ASCII words joined by single dashes (maybe empty)."""
    out = "".join(_latin(c) for c in text.casefold())
    return _DASHES.sub("-", out).strip("-")


def _cut(text: str, limit: int, keep: int) -> str:
    """``text`` at most ``limit`` characters, cut after a whole word where one ends after the
    first ``keep`` characters (the date), else within the word."""
    if len(text) <= limit:
        return text
    head = text[:limit]
    dash = head.rfind("-")
    if text[limit] != "-" and dash > keep:
        head = head[:dash]
    return head.strip("-")


def short_code(held_on: date, name: str, fallback: str, suffix: int = 1) -> str:
    """The code of a tournament: ``<date>-<slug of the name>`` (after the ``fallback``'s slug
    when the name has no letter the table knows), with ``-<suffix>`` from 2 on; at most
    :data:`MAX_CODE` ASCII characters."""
    words = slug(name)
    if not any(c.isalpha() for c in words):
        # Nothing but numbers left (a Chinese name's year and month): say whose it is.
        words = "-".join(x for x in (slug(fallback) or "event", words) if x)
    base = f"{held_on.isoformat()}-{words}"
    tail = f"-{suffix}" if suffix > 1 else ""
    return _cut(base, MAX_CODE - len(tail), len(held_on.isoformat()) + 1) + tail


def legacy_key(name: str) -> str:
    """A name as the systems slugged it before short codes (letters of any script kept): two
    files of one date whose names give the same key name one tournament."""
    return _LEGACY.sub("-", name.strip().casefold()).strip("-")


async def assign_code(
    repos: Repos, discipline_id: int, fallback: str, held_on: date, name: str, legacy: str = ""
) -> str:
    """The code of a tournament a file describes without one: a stored tournament's own when
    the file is a correction of it (its old-style code ``legacy``, or the same date and name),
    else a new :func:`short_code`, unique in the federation (all its disciplines)."""
    if legacy and await repos.ledger.tournament(discipline_id, legacy) is not None:
        return legacy
    key = legacy_key(name)
    for stored in await repos.tournaments.held_on(discipline_id, held_on):
        if legacy_key(stored.name) == key:
            return stored.code
    # Unique in the federation, not only in the discipline: /results finds a code in any list.
    discipline = await repos.federations.discipline(discipline_id)
    federation = discipline.federation_id if discipline is not None else None
    siblings = [d.id for d in await repos.federations.disciplines(federation)]
    suffix = 1
    while True:
        code = short_code(held_on, name, fallback, suffix)
        if await repos.ledger.tournament(
            discipline_id, code
        ) is None and not await repos.tournaments.by_code(code, siblings):
            return code
        suffix += 1


# --- a tournament named by the user ----------------------------------------------------------


def name_key(text: str) -> str:
    """A name as the user may type it: case and runs of spaces do not matter."""
    return " ".join(text.casefold().split())


@dataclass(frozen=True, slots=True)
class Found:
    """What a query names: the tournament, or the candidates to choose from."""

    one: Tournament | None
    candidates: Sequence[Tournament]


async def find(
    repos: Repos,
    query: str,
    disciplines: Sequence[int] | None = None,
    limit: int = 10,
    named: Sequence[Tournament] | None = None,
) -> Found:
    """The stored tournaments ``query`` names, best first: its code (in any case), else its
    whole name (case and spacing aside), else the names that contain it. ``named``: the
    stored tournaments when the caller has read them already."""
    wanted = name_key(query)
    if not wanted:
        return Found(None, [])
    by_code = await repos.tournaments.by_code(query.strip(), disciplines)
    if len(by_code) == 1:
        return Found(by_code[0], by_code)
    if named is None:
        named = await repos.tournaments.stored(disciplines)
    exact = [x for x in named if name_key(x.name) == wanted]
    if not by_code and len(exact) == 1:
        return Found(exact[0], exact)
    within = [x for x in named if wanted in name_key(x.name)]
    pool = by_code or exact or within
    if len(pool) == 1:
        return Found(pool[0], pool)
    return Found(None, pool[:limit])


async def leading_name(
    repos: Repos,
    words: Sequence[str],
    disciplines: Sequence[int] | None = None,
    *,
    ends: Callable[[int], bool] = lambda n: True,
) -> int:
    """How many of the leading ``words`` name the tournament (a name may have spaces, and the
    words after it are the command's other arguments): the most that name exactly one stored
    tournament, among the counts ``ends`` accepts; else the most that name several (for the
    refusal to list them); else 1 (the first word, a code)."""
    named: Sequence[Tournament] | None = None
    several = 0
    for count in range(len(words), 0, -1):
        if not ends(count):
            continue
        if count > 1 and named is None:
            named = await repos.tournaments.stored(disciplines)
        found = await find(repos, " ".join(words[:count]), disciplines, 1, named)
        if found.one is not None:
            return count
        if found.candidates and not several:
            several = count
    return several or 1


async def resolve(
    repos: Repos,
    ctx: RequestContext,
    query: str,
    *,
    unknown: str,
    choose: str,
    disciplines: Sequence[int] | None = None,
    limit: int = 10,
) -> Tournament:
    """The one stored tournament ``query`` names, or a refusal: ``unknown`` (the message key
    when none is found) or ``choose`` (several: listed with their codes to pick from)."""
    found = await find(repos, query, disciplines, limit)
    if found.one is not None:
        return found.one
    if not found.candidates:
        raise UserError(t(ctx.language, unknown, query=query))
    lines = [t(ctx.language, choose, query=query)]
    lines += [f"{x.code} — {x.name} ({x.held_on.isoformat()})" for x in found.candidates]
    raise UserError("\n".join(lines))
