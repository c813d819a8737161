"""A published list in the form the pairing programs import (``fedrank export-ratings``).

Directors pair with OpenGotha, pairgoth or their own spreadsheets; giving them the official
figures of the list in force keeps them from pairing with stale ratings.

* ``egd`` (Go only): a fixed-column text list in the layout of the European Go Database's
  rating list, the one OpenGotha imports as an "EGF rating list". Each player is one line;
  the columns (0-based, end excluded, described in docs/formats.md) are :data:`EGD_COLUMNS`,
  the offsets OpenGotha's reader takes them from (its ``RatingList``, type EGF): the PIN at
  1-9 (a line whose PIN is not digits is skipped there, so it imports only players with a
  PIN), "Surname Firstname" at 11-48 (split at the first space), country 49-52, club 53-57,
  grade 60-63 and the rating, a whole number, at 71-75; the file is read as ISO-8859-15. The
  figure is the list's IK rounded half up (a GoR-like number), the grade the list's title
  (``2d``, ``7k``). Players are written under their Latin name where the registry has one,
  other names spelled in Latin letters (:func:`latin9`).
* ``csv`` (every system): position, the federation's ID, the EGD PIN, the name, the list's
  figure and title; UTF-8 with a BOM, every cell made inert (:func:`.safetext.csv_bytes`).

Only the stored list is read: what was published is what the pairing program gets.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from decimal import ROUND_HALF_UP, Decimal
from typing import Final

from fedrank.handlers.codes import CYRILLIC
from fedrank.handlers.wording.common import fmt
from fedrank.handlers.wording.safetext import csv_bytes, visible
from fedrank.storage.models import Discipline, ListRow, Player
from fedrank.storage.repos import Repos

FORMATS: Final = ("egd", "csv")

#: The EGD layout's fields: name -> (start, end, right-aligned), 0-based, end excluded.
EGD_COLUMNS: Final[dict[str, tuple[int, int, bool]]] = {
    "pin": (1, 9, True),
    "name": (11, 48, False),
    "country": (49, 52, False),
    "club": (53, 57, False),
    "grade": (60, 63, True),
    "rating": (71, 75, True),
}
EGD_WIDTH: Final = 75
#: OpenGotha reads the EGD list as ISO-8859-15 (Latin-9), one byte a character: a name in
#: another script is written in Latin letters, so no byte shifts a column.
EGD_ENCODING: Final = "iso-8859-15"
_TITLE = re.compile(r"^(\d{1,2}) (dan|kyu)$")


class ExportError(ValueError):
    """A list that cannot be exported: an unknown discipline, no list, a format the system
    has no use for."""


@dataclass(frozen=True, slots=True)
class Exported:
    content: bytes
    list_date: date
    players: int


@dataclass(frozen=True, slots=True)
class EgdLine:
    """One player of an EGD rating list."""

    pin: str
    name: str
    country: str
    club: str
    grade: str
    rating: int


def grade_of(title: str | None) -> str:
    """The list's Go title as the EGD writes grades: ``2 dan`` -> ``2d``, ``7 kyu`` -> ``7k``."""
    found = _TITLE.match((title or "").strip())
    if found is None:
        return ""
    return found.group(1) + ("d" if found.group(2) == "dan" else "k")


def latin9(text: str) -> str:
    """``text`` in ISO-8859-15: itself where it can be, Cyrillic by :data:`.codes.CYRILLIC`
    (capitals kept), other letters without their accents, anything else ``?``."""
    out = []
    for char in text:
        try:
            char.encode(EGD_ENCODING)
            out.append(char)
            continue
        except UnicodeEncodeError:
            pass
        low = char.lower()
        if low in CYRILLIC:
            spelled = CYRILLIC[low]
            out.append(spelled.capitalize() if char != low else spelled)
            continue
        bare = unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode("ascii")
        out.append(bare or "?")
    return "".join(out)


def _field(text: str, width: int) -> str:
    """A field cut to its width, one line long: no line end or control can shift a column."""
    return " ".join(visible(text).split())[:width]


def _place(values: dict[str, str]) -> str:
    """Each value in its columns (:data:`EGD_COLUMNS`), cut to their width."""
    line = [" "] * EGD_WIDTH
    for field, (start, end, right) in EGD_COLUMNS.items():
        text = _field(values[field], end - start)
        text = text.rjust(end - start) if right else text.ljust(end - start)
        line[start:end] = list(text)
    return "".join(line).rstrip()


#: The column titles, in the columns (a reader skips it: its rating is not a number).
EGD_HEADER: Final = _place(
    {
        "pin": "Pin",
        "name": "Name (Surname Firstname)",
        "country": "Cty",
        "club": "Club",
        "grade": "Grd",
        "rating": "GoR",
    }
)


def egd_line(player: EgdLine) -> str:
    """The player's fixed-column line (:data:`EGD_COLUMNS`)."""
    return _place(
        {
            "pin": player.pin if player.pin.isascii() and player.pin.isdigit() else "",
            "name": player.name,
            "country": player.country,
            "club": player.club,
            "grade": player.grade,
            "rating": str(player.rating),
        }
    )


def parse_egd_line(line: str) -> EgdLine | None:
    """A line of the layout back (None for a header or a line without a rating): the reader
    a test round-trips :func:`egd_line` through."""
    padded = line.rstrip("\r\n").ljust(EGD_WIDTH)

    def cell(field: str) -> str:
        start, end, _ = EGD_COLUMNS[field]
        return padded[start:end].strip()

    rating = cell("rating")
    if not (rating.isascii() and rating.lstrip("-").isdigit()):
        return None
    return EgdLine(
        cell("pin"), cell("name"), cell("country"), cell("club"), cell("grade"), int(rating)
    )


async def _list_rows(
    repos: Repos, code: str, on: date | None
) -> tuple[Discipline, date, Sequence[tuple[ListRow, Player]]]:
    discipline = await repos.federations.discipline_by_code(code)
    if discipline is None:
        known = ", ".join(d.code for d in await repos.federations.disciplines()) or "none"
        raise ExportError(f"unknown discipline '{code}'; disciplines: {known}")
    snapshot = await repos.lists.latest(discipline.id, on=on)
    if snapshot is None:
        when = f" on {on.isoformat()}" if on is not None else ""
        raise ExportError(
            f"{discipline.code} has no published list{when}; publish one first (fedrank publish)"
        )
    rows = await repos.lists.top(snapshot.id, limit=await repos.lists.size(snapshot.id))
    return discipline, snapshot.list_date, rows


def _egd(rows: Sequence[tuple[ListRow, Player]], list_date: date) -> bytes:
    lines = [f"; fedrank rating list of {list_date.isoformat()} (EGD layout)", EGD_HEADER]
    for row, player in rows:
        lines.append(
            egd_line(
                EgdLine(
                    pin=player.egd_pin or "",
                    name=latin9(player.latin_name or player.name),
                    country=latin9(player.country or ""),
                    club=latin9(player.club or ""),
                    grade=grade_of(row.title),
                    rating=int(Decimal(row.rating).quantize(Decimal(1), ROUND_HALF_UP)),
                )
            )
        )
    return ("\r\n".join(lines) + "\r\n").encode(EGD_ENCODING)


def _csv(rows: Sequence[tuple[ListRow, Player]]) -> bytes:
    header = ("position", "id", "egd_pin", "name", "rating", "title")
    return csv_bytes(
        header,
        (
            (
                str(row.position),
                player.federation_player_id,
                player.egd_pin or "",
                player.name,
                fmt(row.rating),
                row.title or "",
            )
            for row, player in rows
        ),
    )


async def export_list(repos: Repos, code: str, fmt_name: str, on: date | None) -> Exported:
    """The discipline's list in force on ``on`` (default: the latest published) in
    ``fmt_name`` (:data:`FORMATS`)."""
    if fmt_name not in FORMATS:
        raise ExportError(f"format must be one of {', '.join(FORMATS)}, not '{fmt_name}'")
    discipline, list_date, rows = await _list_rows(repos, code, on)
    if fmt_name == "egd":
        if discipline.system != "go_ufgo":
            raise ExportError(
                f"the egd list is for Go; {discipline.code} is {discipline.system}: use csv"
            )
        return Exported(_egd(rows, list_date), list_date, len(rows))
    return Exported(_csv(rows), list_date, len(rows))
