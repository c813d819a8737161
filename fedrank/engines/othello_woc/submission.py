"""The tournament file as a federation submits it, and a round as a director pastes it.

A submission is the engine's format (:mod:`.parsing`) with two headers of its own, ``date:``
(the first day, required) and ``code:`` (optional; by default the ``tournament:`` name as a
slug), and ``player:`` lines that name players by their federation ID in one of three forms:
``ID``, ``ID | flags`` or the engine's ``ID | name | COUNTRY | M/F | flags``. The caller finds
each ID in its registry and writes the engine's file with :func:`canonical_rounds`; the two
headers are blanked, so line numbers stay those of the submission. Player IDs in rounds are
matched without regard to case. A pasted round may start with ``round N``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Final

from fedrank.engines.kernel import InputError

CODE_RE: Final = re.compile(r"^[A-Za-z0-9_.\-]{1,64}$")
ROUND_RE: Final = re.compile(r"^round\s+(\d+)\b", re.IGNORECASE)
#: The line opening a finished tournament's published table (:mod:`.published`).
STANDINGS_RE: Final = re.compile(r"^standings\s*:?\s*$", re.IGNORECASE)
_SLUG_RE: Final = re.compile(r"[^a-z0-9]+")
_FLAG_WORDS: Final = {"a", "youth", "youth-extra", "extra"}


@dataclass(frozen=True, slots=True)
class PlayerLine:
    """A ``player:`` line as written: the fields the file gives (empty when left out)."""

    line: int
    id: str
    name: str
    country: str
    gender: str
    flags: str


@dataclass(frozen=True, slots=True)
class Submission:
    """A submitted file read: its headers, its players, and its lines with the two
    submission-only headers blanked (the rest is the engine's to check)."""

    code: str
    held_on: date
    name: str
    players: tuple[PlayerLine, ...]
    lines: tuple[str, ...]


def slug(name: str) -> str:
    """A tournament name as a code: lower-case letters and digits joined by ``-``."""
    return _SLUG_RE.sub("-", name.lower()).strip("-")[:64]


def player_fields(value: str, line: int) -> PlayerLine:
    """The value of a ``player:`` line in one of the three forms."""
    parts = [p.strip() for p in value.split("|")]
    if len(parts) == 1:
        return PlayerLine(line, parts[0], "", "", "", "")
    if len(parts) == 2:
        if any(w.lower() not in _FLAG_WORDS for w in parts[1].replace(",", " ").split()):
            raise InputError(
                f"'{parts[1]}' are not flags (A, youth, youth-extra, extra); write "
                "'player: ID | flags' or 'player: ID | name | country | M/F | flags'",
                line=line,
                field="flags",
            )
        return PlayerLine(line, parts[0], "", "", "", parts[1])
    if len(parts) in (4, 5):
        flags = parts[4] if len(parts) == 5 else ""
        return PlayerLine(line, parts[0], parts[1], parts[2].upper(), parts[3].upper(), flags)
    raise InputError(
        "write 'player: ID', 'player: ID | flags' or 'player: ID | name | country | M/F | flags'",
        line=line,
        field="player",
    )


def read_submission(text: str) -> Submission:
    """Read the headers and ``player:`` lines of a submitted file; errors name line and field."""
    lines = text.splitlines()
    code = ""
    held_on: date | None = None
    name = ""
    players: list[PlayerLine] = []
    in_rounds = False
    for number, raw in enumerate(lines, start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if ROUND_RE.match(line) or STANDINGS_RE.match(line):
            in_rounds = True
            continue
        key, sep, value = line.partition(":")
        key = key.strip().lower()
        value = value.strip()
        if not sep or in_rounds:
            continue
        if key == "code":
            if not CODE_RE.match(value):
                raise InputError(
                    f"'{value}' is not a tournament code (letters, digits, '_.-', up to 64)",
                    line=number,
                    field="code",
                )
            code = value
            lines[number - 1] = ""
        elif key == "date":
            try:
                held_on = date.fromisoformat(value)
            except ValueError:
                raise InputError(
                    f"'{value}' is not a date (YYYY-MM-DD)", line=number, field="date"
                ) from None
            lines[number - 1] = ""
        elif key == "tournament":
            name = value
        elif key == "player":
            players.append(player_fields(value, number))
    if held_on is None:
        raise InputError(
            "add 'date: YYYY-MM-DD' (the first day of the tournament)", line=1, field="date"
        )
    if not name:
        raise InputError("add 'tournament: NAME'", line=1, field="tournament")
    code = code or slug(name)
    if not code:
        raise InputError("add 'code: CODE' (the name gives no code)", line=1, field="code")
    return Submission(code, held_on, name, tuple(players), tuple(lines))


def canon_line(raw: str, ids: Mapping[str, str]) -> str:
    """A round or stage line with every player ID (also in ``time=X`` …) as ``ids`` spells it
    (``ids``: upper-case ID -> its stored spelling)."""
    body, hash_, comment = raw.partition("#")
    out = []
    for token in body.split():
        key, sep, value = token.partition("=")
        if sep:
            out.append(f"{key}={ids.get(value.upper(), value)}")
        else:
            out.append(ids.get(token.upper(), token))
    return " ".join(out) + (f" #{comment}" if hash_ else "")


def canonical_rounds(lines: Sequence[str], ids: Mapping[str, str]) -> list[str]:
    """``lines`` with every line after the first ``round N`` (or a published table's
    ``standings`` line) in canonical IDs."""
    out = list(lines)
    in_rounds = False
    for index, raw in enumerate(out):
        if ROUND_RE.match(raw.strip()) or STANDINGS_RE.match(raw.split("#", 1)[0].strip()):
            in_rounds = True
        elif in_rounds:
            out[index] = canon_line(raw, ids)
    return out


def pasted_round(text: str, number: int | None, ids: Mapping[str, str]) -> list[str]:
    """A director's paste as lines in canonical IDs, one a line of ``text``.

    For a round (``number`` given) an optional first line ``round N`` must name that round and
    is blanked; for the stage games after the last round (``number`` None) nothing is dropped.
    """
    lines = [canon_line(raw, ids) if raw.strip() else "" for raw in text.splitlines()]
    if number is None:
        return lines
    first = next((i for i, raw in enumerate(lines) if raw.split("#", 1)[0].strip()), None)
    if first is not None:
        m = ROUND_RE.match(lines[first].strip())
        if m:
            if int(m.group(1)) != number:
                raise InputError(
                    f"round {m.group(1)} entered; round {number} is due",
                    line=first + 1,
                    field="round",
                )
            lines[first] = ""
    return lines
