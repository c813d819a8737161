"""The RMF tournament sheet: the text file ``fedrank calc mahjong_rmf`` reads (seed
000_b2439bb06382b403, Appendix 1: a tournament is known by its players' places, CHUT, CHS, its
type for KT_W, its date and discipline, and each player's evolution level at its start).

Format (UTF-8 text, any file name; a line starting with ``#`` is a comment, blank lines are
ignored; a ``#`` after a value is part of the value, not a comment)::

    name: Moscow Spring Open
    id: msk-spring-2026
    date: 2026-03-14
    # discipline: mcr (sports) or sichuan
    discipline: mcr
    # type: regular, european_championship, world_championship or equal
    type: regular
    # chut is optional and defaults to the number of ranked players
    chut: 24
    chs: 7

    place; player; level
    1; Ivanov Ivan; D2+
    2; Petrov Petr; 1k
    # players sharing places give the same place (3, 3, 5) or the range they share (3-4)
    3; Sidorova Anna; 3k
    3; Kuznetsov Oleg; 12k

Columns are separated by ``;`` or a tab. Every error names the 1-based line and the field.

A results sheet sent to a rating list may leave the ``level`` column out (table header
``place; player``) when the caller reads the levels from its own history
(``parse_sheet(text, levels_optional=True)``). An empty ``level`` cell gives no level for that
player, as a missing column gives none for anyone (RULES.md mahjong_rmf, Decision "levels
brought in"): the caller's registry level holds, or 12 kyu for a player never rated, which is
what ``fedrank calc`` (no registry) takes.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from datetime import date

from fedrank.engines.kernel import InputError, Problems
from fedrank.engines.mahjong_rmf.levels import Level, parse_level
from fedrank.engines.mahjong_rmf.tournament import Discipline, Entry, Tournament

HEADER_KEYS = ("name", "id", "date", "discipline", "type", "kt_w", "chut", "chs")
REQUIRED = ("date", "discipline", "chs")
DISCIPLINES = {
    "mcr": Discipline.MCR,
    "sports": Discipline.MCR,
    "sports mahjong": Discipline.MCR,
    "sichuan": Discipline.SICHUAN,
    "sichuan mahjong": Discipline.SICHUAN,
}
#: Tournament types; all but ``regular`` add KT_W = 1.00.
TYPES = {
    "regular": False,
    "european_championship": True,
    "world_championship": True,
    "equal": True,
}
_BOOL = {"yes": True, "true": True, "1": True, "no": False, "false": False, "0": False}
_PLACE_RE = re.compile(r"^(\d+)(?:\s*-\s*(\d+))?$")
_TABLE_RE = re.compile(r"^place\s*[;\t]\s*player\s*[;\t]\s*level$", re.IGNORECASE)
_TABLE2_RE = re.compile(r"^place\s*[;\t]\s*player$", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Sheet:
    """A parsed tournament sheet: the tournament and each player's level at its start."""

    tournament: Tournament
    #: Each player's level at the start, as the sheet gives it: none for an empty cell, and
    #: none at all when the sheet has no ``level`` column.
    levels: dict[str, Level]
    header_lines: dict[str, int]
    #: False for a ``place; player`` table (read with ``levels_optional``).
    levels_given: bool = True


def _int(value: str, line: int, field: str, minimum: int) -> int:
    if not re.fullmatch(r"\d+", value):
        raise InputError(f"'{value}' is not a whole number", line=line, field=field)
    number = int(value)
    if number < minimum:
        raise InputError(f"must be at least {minimum}, got {number}", line=line, field=field)
    return number


def _slug(text: str) -> str:
    return re.sub(r"[^\w-]+", "-", text.strip().lower()).strip("-")


def _header_line(line: str, no: int, header: dict[str, tuple[str, int]]) -> None:
    key, sep, value = line.partition(":")
    key = key.strip().lower()
    if not sep:
        raise InputError(
            "expected 'key: value' or the table header 'place; player; level'",
            line=no,
            field="header",
        )
    if key not in HEADER_KEYS:
        raise InputError(f"unknown field (known: {', '.join(HEADER_KEYS)})", line=no, field=key)
    if key in header:
        raise InputError(f"given twice (first on line {header[key][1]})", line=no, field=key)
    header[key] = (value.strip(), no)


def _header_fields(
    header: dict[str, tuple[str, int]], problems: Problems
) -> tuple[date, Discipline, int, int | None, bool]:
    """The header's date, discipline, chs, chut and KT_W flag; each bad one recorded."""
    when = date.min
    discipline = next(iter(DISCIPLINES.values()))
    chs, chut = 1, None
    kt_w: bool | None = None
    if "date" in header:
        value, no = header["date"]
        try:
            when = date.fromisoformat(value)
        except ValueError:
            problems.add(InputError(f"'{value}' is not a date (YYYY-MM-DD)", line=no, field="date"))
    if "discipline" in header:
        value, no = header["discipline"]
        if value.lower() in DISCIPLINES:
            discipline = DISCIPLINES[value.lower()]
        else:
            problems.add(
                InputError(f"'{value}' is not mcr or sichuan", line=no, field="discipline")
            )
    if header.get("chs", ("", 0))[0]:
        with problems.catch():
            chs = _int(*header["chs"], "chs", 1)
    if "chut" in header:
        with problems.catch():
            chut = _int(*header["chut"], "chut", 1)
    if "type" in header:
        value, no = header["type"]
        key = _slug(value).replace("-", "_")
        if key in TYPES:
            kt_w = TYPES[key]
        else:
            problems.add(
                InputError(f"'{value}' is not one of {', '.join(TYPES)}", line=no, field="type")
            )
    if "kt_w" in header:
        value, no = header["kt_w"]
        if value.lower() not in _BOOL:
            problems.add(InputError(f"'{value}' is not yes or no", line=no, field="kt_w"))
        else:
            flag = _BOOL[value.lower()]
            if kt_w is not None and kt_w != flag:
                problems.add(
                    InputError(
                        f"contradicts 'type' on line {header['type'][1]}", line=no, field="kt_w"
                    )
                )
            kt_w = flag
    return when, discipline, chs, chut, bool(kt_w)


def _table(
    rows: list[tuple[int, list[str]]], levels_given: bool, problems: Problems
) -> tuple[list[Entry], dict[str, Level]]:
    """The table's entries and levels; every bad row recorded, naming its player."""
    entries: list[Entry] = []
    levels: dict[str, Level] = {}
    seen: dict[str, int] = {}
    ranges: list[tuple[int, int, int]] = []
    for no, cells in rows:
        with problems.catch(player=cells[1] if len(cells) > 1 and cells[1] else None):
            entries.append(_row(no, cells, levels_given, seen, levels, ranges))
    sizes = Counter(e.place for e in entries)
    for no, low, high in ranges:
        if sizes[low] != high - low + 1:
            problems.add(
                InputError(
                    f"places {low}-{high} are shared by {high - low + 1} players but "
                    f"{sizes[low]} have place {low}",
                    line=no,
                    field="place",
                )
            )
    return entries, levels


def _row(
    no: int,
    cells: list[str],
    levels_given: bool,
    seen: dict[str, int],
    levels: dict[str, Level],
    ranges: list[tuple[int, int, int]],
) -> Entry:
    columns = 3 if levels_given else 2
    if len(cells) != columns:
        shape = "'place; player; level'" if levels_given else "'place; player'"
        raise InputError(
            f"expected {columns} columns {shape}, got {len(cells)}", line=no, field="players"
        )
    place_text, player = cells[0], cells[1]
    m = _PLACE_RE.match(place_text)
    if not m:
        raise InputError(f"'{place_text}' is not a place (e.g. 3 or 3-4)", line=no, field="place")
    place = int(m[1])
    if place < 1:
        raise InputError("places start at 1", line=no, field="place")
    if m[2] is not None:
        if int(m[2]) <= place:
            raise InputError(f"'{place_text}' is not a range of places", line=no, field="place")
        ranges.append((no, place, int(m[2])))
    if not player:
        raise InputError("empty player name", line=no, field="player")
    if player in seen:
        raise InputError(f"listed twice (line {seen[player]})", line=no, field="player")
    seen[player] = no
    if levels_given and cells[2]:  # an empty cell gives no level (Decision "levels brought in")
        try:
            levels[player] = parse_level(cells[2])
        except ValueError as exc:
            raise InputError(str(exc), line=no, field="level") from None
    return Entry(player, place, line=no)


def named_discipline(text: str) -> Discipline | None:
    """The discipline a sheet's ``discipline`` line names, read before its table, without
    parsing the rest (None: no such line, or a value that is neither discipline). It lets a
    caller holding both lists try only the one the file names, so a bad sheet's problems are
    reported once, not once per list."""
    for raw in text.lstrip("\ufeff").splitlines():
        line = raw.strip()
        if _TABLE_RE.match(line) or _TABLE2_RE.match(line):
            return None
        key, sep, value = line.partition(":")
        if sep and key.strip().lower() == "discipline" and not line.startswith("#"):
            return DISCIPLINES.get(value.strip().lower())
    return None


def parse_sheet(text: str, *, filename: str = "", levels_optional: bool = False) -> Sheet:
    """Parse a tournament sheet; raises InputError naming the line and the field.

    With ``levels_optional`` the table may be ``place; player`` (no level column).
    """
    lines = text.lstrip("\ufeff").splitlines()
    header: dict[str, tuple[str, int]] = {}
    table_at: int | None = None
    levels_given = True
    rows: list[tuple[int, list[str]]] = []
    problems = Problems()
    for no, raw in enumerate(lines, 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if table_at is not None:
            # Spaces only: a tab-separated row's trailing tab is its empty level cell.
            cells = re.split(r"[;\t]", raw.strip(" \r\n"))
            rows.append((no, [c.strip() for c in cells]))
        elif _TABLE_RE.match(line):
            table_at = no
        elif levels_optional and _TABLE2_RE.match(line):
            table_at, levels_given = no, False
        else:
            with problems.catch():
                _header_line(line, no, header)
    if table_at is None:
        end = len(lines) + 1
        problems.add(
            InputError("no table header 'place; player; level'", line=end, field="players")
        )
        problems.check()
    assert table_at is not None
    for key in REQUIRED:  # a missing field is reported where the header ends: the table line
        if key not in header or not header[key][0]:
            at = header[key][1] if key in header else table_at
            problems.add(InputError("required field is missing", line=at, field=key))
    if not rows:
        problems.add(InputError("no players", line=table_at + 1, field="players"))
    fields = _header_fields(header, problems)
    entries, levels = _table(rows, levels_given, problems)
    problems.check()
    when, discipline, chs, chut, kt_w = fields
    name = header["name"][0] if "name" in header else ""
    if "id" in header and header["id"][0]:
        tid = header["id"][0]
    elif filename:
        tid = _slug(re.sub(r"\.[^./\\]*$", "", re.split(r"[/\\]", filename)[-1]))
    else:
        tid = f"{when.isoformat()}-{discipline.value}-{_slug(name)}".rstrip("-")
    tournament = Tournament(
        id=tid,
        date=when,
        discipline=discipline,
        chs=chs,
        entries=tuple(entries),
        chut=chut,
        kt_w=bool(kt_w),
        name=name,
    )
    return Sheet(tournament, levels, {k: v[1] for k, v in header.items()}, levels_given)
