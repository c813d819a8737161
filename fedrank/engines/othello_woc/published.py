"""A finished national or club tournament entered as its published standings table.

RULES.md "othello_woc", **Decision (scope)**: a tournament not declared a world championship
runs the same scoring and tie-break (seed 004 II.3.1, Appendix A) without the entry rules of
I.2. Such tournaments are often known only by the table their organisers published: place,
player, points, and the Brightwell quotient and discs when given. This module reads that
table and checks it against the rules it must obey, without the games:

- a ``rounds: N`` header (the rounds every player had) bounds the points: 0 to N in halves
  (one point a win, half a draw, II.3.1); discs 0 to 64 N;
- every ``player:`` line has exactly one line of the table and the table names no one else;
- the table is in the order of Appendix A: points, then BQ, then discs, each not rising;
  places run 1, 2, 2, 4 (a place is shared only by equal points, and equal BQ and discs where
  given) and the lot of A.4 is not known, so equal players share their place;
- a tournament declared ``championship: world`` is refused: its final lists and day three
  (II.3.2, III) are worked out from the games, which a table does not hold.

A line of the table: ``place | ID | points`` with optional ``| BQ`` and ``| discs``, after a
line ``standings``. Every problem of the table is reported at once.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from itertools import pairwise
from typing import Final

from fedrank.engines.kernel import InputError, Problems, Trace
from fedrank.engines.othello_woc.brightwell import Standing, tidy
from fedrank.engines.othello_woc.submission import STANDINGS_RE

_PLACE_RE: Final = re.compile(r"^=?\s*(\d{1,4})\s*\.?$")
MAX_ROUNDS: Final = 30
HALF: Final = Decimal("0.5")


@dataclass(frozen=True, slots=True)
class PublishedRow:
    """One line of the table as read."""

    line: int
    place: int
    player: str
    points: Decimal
    BQ: Decimal | None
    discs: int | None


@dataclass(frozen=True, slots=True)
class Published:
    """A finished tournament's table, checked; ``standings`` as the engine's own rows."""

    name: str
    rounds: int
    players: tuple[str, ...]
    rows: tuple[PublishedRow, ...]
    standings: tuple[Standing, ...]


def _body(raw: str) -> str:
    return raw.split("#", 1)[0].strip()


def is_published(text: str) -> bool:
    """A tournament file holding a ``standings`` table instead of rounds."""
    return any(STANDINGS_RE.match(_body(raw)) for raw in text.splitlines())


def _number(value: str, line: int, field: str) -> Decimal:
    try:
        number = Decimal(value.replace(",", "."))
    except InvalidOperation:
        raise InputError(f"{field} '{value}' is not a number", line=line, field=field) from None
    if not number.is_finite() or number < 0:
        raise InputError(f"{field} '{value}' is not a number", line=line, field=field)
    if number and not -6 <= number.adjusted() <= 6:  # 1e309 points, 1e-400 discs
        raise InputError(
            f"{field} '{value}' is not a figure a table publishes", line=line, field=field
        )
    return number


def _row(body: str, line: int, rounds: int | None) -> PublishedRow:
    parts = [p.strip() for p in body.split("|")]
    if not 3 <= len(parts) <= 5:
        raise InputError(
            "write 'place | ID | points', then '| BQ' and '| discs' where published",
            line=line,
            field="standings",
        )
    m = _PLACE_RE.match(parts[0])
    if m is None or int(m.group(1)) < 1:
        raise InputError(f"'{parts[0]}' is not a place", line=line, field="place")
    points = _number(parts[2], line, "points")
    if points % HALF:
        raise InputError(
            f"{points} points: a game gives 1, 1/2 or 0 (seed 004 II.3.1)",
            line=line,
            field="points",
        )
    if rounds is not None and points > rounds:
        raise InputError(
            f"{points} points in {rounds} rounds (seed 004 II.3.1)", line=line, field="points"
        )
    bq = _number(parts[3], line, "BQ") if len(parts) > 3 and parts[3] else None
    discs: int | None = None
    if len(parts) > 4 and parts[4]:
        value = _number(parts[4], line, "discs")
        if value != value.to_integral_value() or (rounds is not None and value > 64 * rounds):
            raise InputError(
                f"discs '{parts[4]}': a whole number up to 64 a round", line=line, field="discs"
            )
        discs = int(value)
    return PublishedRow(line, int(m.group(1)), parts[1], tidy(points), bq, discs)


def _order(rows: list[PublishedRow], problems: Problems) -> None:
    """Appendix A's order and places 1, 2, 2, 4 (module docstring)."""
    for index, (above, row) in enumerate(pairwise(rows), start=2):
        if (above.BQ is None) != (row.BQ is None) or (above.discs is None) != (row.discs is None):
            problems.add(
                InputError(
                    "give BQ and discs for every line or for none",
                    line=row.line,
                    field="standings",
                )
            )
            return
        key_above = (above.points, above.BQ or 0, above.discs or 0)
        key = (row.points, row.BQ or 0, row.discs or 0)
        if key > key_above:
            problems.add(
                InputError(
                    f"{row.player} ({key[0]} pts, BQ {row.BQ}, discs {row.discs}) is below "
                    f"{above.player} ({key_above[0]} pts, BQ {above.BQ}, discs {above.discs}): "
                    "the standings are in order of points, then BQ, then discs "
                    "(seed 004 Appendix A)",
                    line=row.line,
                    field="place",
                )
            )
        elif row.place == above.place:
            if key != key_above:
                problems.add(
                    InputError(
                        f"place {row.place} is shared by {above.player} and {row.player}, "
                        "who are not equal on points, BQ and discs (seed 004 Appendix A)",
                        line=row.line,
                        field="place",
                    )
                )
        elif row.place != index:
            problems.add(
                InputError(
                    f"place {row.place} on the table's line {index}: places run 1, 2, 2, 4 "
                    f"(expected {index}, or {above.place} if shared)",
                    line=row.line,
                    field="place",
                )
            )
    if rows and rows[0].place != 1:
        problems.add(InputError("the table starts at place 1", line=rows[0].line, field="place"))


def parse_published(text: str) -> Published:
    """The headers, ``player:`` lines and the table of a submission's engine text."""
    problems = Problems()
    name = ""
    rounds: int | None = None
    rounds_line = 1
    players: dict[str, int] = {}
    raw_rows: list[tuple[str, int]] = []
    in_table = False
    for number, raw in enumerate(text.splitlines(), start=1):
        body = _body(raw)
        if not body:
            continue
        if STANDINGS_RE.match(body):
            in_table = True
            continue
        if in_table:
            raw_rows.append((body, number))
            continue
        key, sep, value = body.partition(":")
        key, value = key.strip().lower(), value.strip()
        if not sep:
            problems.add(
                InputError(
                    f"'{body}' before the table: rounds are not entered with a standings table",
                    line=number,
                    field="standings",
                )
            )
        elif key == "tournament":
            name = value
        elif key == "championship" and value.lower() == "world":
            problems.add(
                InputError(
                    "a world championship is entered round by round: its final lists and "
                    "day three are worked out from the games (seed 004 II.3.2, III)",
                    line=number,
                    field="championship",
                )
            )
        elif key == "rounds":
            rounds_line = number
            if not value.isdigit() or not 1 <= int(value) <= MAX_ROUNDS:
                problems.add(
                    InputError(
                        f"rounds '{value}': the number of rounds played, 1 to {MAX_ROUNDS}",
                        line=number,
                        field="rounds",
                    )
                )
            else:
                rounds = int(value)
        elif key == "player":
            pid = value.split("|", 1)[0].strip()
            if pid in players:
                problems.add(InputError(f"{pid} is listed twice", line=number, field="player"))
            players.setdefault(pid, number)
    if rounds is None and not any(e.field == "rounds" for e in problems.items):
        problems.add(
            InputError(
                "add 'rounds: N' (the rounds played) above the table",
                line=rounds_line,
                field="rounds",
            )
        )
    rows: list[PublishedRow] = []
    seen: dict[str, int] = {}
    for body, number in raw_rows:
        try:
            row = _row(body, number, rounds)
        except InputError as exc:
            problems.add(exc)
            continue
        if row.player not in players:
            problems.add(InputError(f"{row.player} has no 'player:' line", line=number, field="id"))
            continue
        if row.player in seen:
            problems.add(
                InputError(
                    f"{row.player} is in the table twice (line {seen[row.player]})",
                    line=number,
                    field="id",
                )
            )
            continue
        seen[row.player] = number
        rows.append(row)
    for pid, number in players.items():
        if pid not in seen and not any(e.line == number for e in problems.items):
            problems.add(
                InputError(f"{pid} has no line in the standings", line=number, field="player")
            )
    if not raw_rows:
        problems.add(InputError("the standings table is empty", line=None, field="standings"))
    _order(rows, problems)
    problems.check()
    assert rounds is not None
    return Published(name, rounds, tuple(players), tuple(rows), tuple(_standings(rows)))


def _standings(rows: list[PublishedRow]) -> list[Standing]:
    out: list[Standing] = []
    for row in rows:
        trace = Trace()
        trace.add(
            "points",
            row.points,
            rule="seed 004 II.3.1",
            note=f"as published (line {row.line}); the games were not entered",
        )
        if row.BQ is not None:
            trace.add("BQ", row.BQ, rule="seed 004 A.2", note="as published")
        if row.discs is not None:
            trace.add("discs", row.discs, rule="seed 004 II.3.1", note="as published")
        trace.add("place", row.place, rule="seed 004 Appendix A", note="as published")
        out.append(
            Standing(
                rank=row.place,
                player=row.player,
                points=row.points,
                BQ=row.BQ if row.BQ is not None else Decimal(0),
                discs=row.discs or 0,
                lot=0,
                withdrawn=False,
                trace=trace,
            )
        )
    return out
