"""EGF h-files for the UFGO engine (the results table OpenGotha and MacMahon export).

Header tags on comment lines (``; EV[name]``, ``; DT[2026-10-17,2026-10-18]``, ``; TM[60]`` and
the UFGO extensions ``; SZ[19]`` board size and ``; OF[yes]`` official), then one line per
player: place, name, rank, country, club, any other columns, then one result per round
(``12+/w``, ``5-/b2``, ``7=``; ``0+``/``0-``/``0=`` for a round without a game). The UFGO
starting IK goes in a token ``ik=1850`` on the player's line (a held 4-7 dan in ``dan=5``); the
EGD PIN (``pin=12345678`` or a bare 8-digit column) is read by
:mod:`~fedrank.engines.go_ufgo.submission`. A ``!`` after the result symbol (``12+!``) marks a
game won by default, not played (§4.1). Every problem of the table is reported at once.

As OpenGotha writes them: a player sharing the place above prints no place, and the others'
results name him by his line's number among the player lines (the numbered lines are their
own line numbers); a result not yet known is ``8?``; a name of letters ISO-8859-1 cannot hold
is written as ``?`` marks, which no registry can match, so such a line is refused saying so.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, replace
from datetime import date
from decimal import Decimal
from typing import Final

from fedrank.engines.go_ufgo.model import Game, Tournament
from fedrank.engines.go_ufgo.parsing import (
    Given,
    ParsedFacts,
    ParsedPlayer,
    ParsedTournament,
    _date,
    _flag,
    _held,
    _ik,
    _int,
    missing,
    read_board,
)
from fedrank.engines.go_ufgo.tables import SEED
from fedrank.engines.kernel import InputError, Problems

_RESULT: Final = re.compile(r"^(\d+)([+\-=?])(!?)(?:/([wbWB])(\d*))?$")
#: A name OpenGotha wrote as question marks (its letters lost in ISO-8859-1).
_LOST_NAME: Final = re.compile(r"^[?\s]+$")
_RANK: Final = re.compile(r"^(\d{1,2})([kdpKDP])$")
TAG: Final = re.compile(r"^\s*;\s*([A-Za-z]{2,8})\[(.*)\]\s*$")
_IK_TOKEN: Final = re.compile(r"^ik[=:](.+)$", re.IGNORECASE)
_DAN_TOKEN: Final = re.compile(r"^dan[=:](.+)$", re.IGNORECASE)
_COUNTRY: Final = re.compile(r"^[A-Z]{2}$")


@dataclass(slots=True)
class _HLine:
    place: int
    player: ParsedPlayer
    results: list[tuple[int, str, bool]]  # (opponent place, symbol, played)


def parse_h_file(
    text: str,
    *,
    official: bool | None = None,
    board: int | None = None,
    name: str = "",
    given: Given | None = None,
) -> ParsedTournament:
    """An EGF results table; ``official``/``board`` and ``given.over`` override the OF/SZ/TM
    tags, ``given.under`` supplies those it lacks."""
    facts = (given or Given()).with_overrides(official=official, board=board)
    found = ParsedFacts()
    tags: dict[str, tuple[str, int]] = {}
    rows: list[_HLine] = []
    warnings: list[str] = []
    problems = Problems()
    broken: set[int] = set()
    unnumbered: list[int] = []
    ordinal = 0
    previous: int | None = None  # the number of the player line above
    for no, raw in enumerate(text.splitlines(), start=1):
        m = TAG.match(raw)
        if m:
            tags.setdefault(m.group(1).upper(), (m.group(2).strip(), no))
            continue
        body = raw.split(";", 1)[0].strip()
        if body:
            ordinal += 1
            first = body.split()[0]
            numbered = first.isascii() and first.isdigit()
            if not numbered and previous == ordinal - 1:
                unnumbered.append(no)  # a shared place: his number is his line's (see above)
                body = f"{ordinal} {body}"
            previous = int(first) if numbered else ordinal if unnumbered[-1:] == [no] else None
            try:
                rows.append(_h_player_line(body, no))
            except InputError as exc:
                problems.add(exc)
                if numbered or unnumbered[-1:] == [no]:
                    # his opponents' results against him are not new problems
                    broken.add(int(first) if numbered else ordinal)
    if not rows and not problems:
        raise InputError(
            "no player lines in the table (a line: place, name, rank like 3d or 15k, "
            "country, club, then one result per round like 12+/w)",
            line=1,
            field="players",
        )
    games = _h_games(rows, problems, broken) if rows else []
    header = None
    with problems.catch():
        header = _h_header(tags, facts, found, warnings)
    problems.check()
    assert header is not None
    on, minutes, board_size, is_official = header
    warnings.extend(found.warnings)
    for r in rows:
        if not any(opp and played for opp, _, played in r.results):
            warnings.append(f"line {r.player.line}: {r.player.name} played no rated game")
    ev = tags.get("EV")
    t = Tournament(
        name=ev[0] if ev else name,
        on=on,
        games=tuple(games),
        board=board_size,
        time_minutes=minutes,
        official=is_official,
    )
    return ParsedTournament(
        t,
        tuple(r.player for r in rows),
        "egf-h",
        {k: v for k, (v, _) in tags.items()},
        tuple(warnings),
        found.sources,
    )


def _h_header(
    tags: dict[str, tuple[str, int]],
    given: Given,
    found: ParsedFacts,
    warnings: list[str],
) -> tuple[date, int, int, bool]:
    """(date, minutes, board, official) from the header tags and the facts given outside the
    file; every missing or bad tag is recorded together."""
    problems = Problems()
    on: date | None = None
    minutes: int | None = 0
    board: int | None = 19
    official: bool | None = None
    dt = tags.get("DT")
    if dt is None:
        problems.add(InputError("the header has no DT[YYYY-MM-DD] tag", line=1, field="DT"))
    else:
        with problems.catch():
            on = _date(dt[0], dt[1], "DT")
    with problems.catch():
        minutes = given.fact("time_minutes", tags.get("TM"), "TM", _minutes, found)
        if minutes is None:
            no_tm = "the header has no TM[minutes] tag"
            problems.add(missing("time_minutes", no_tm, line=1, field="TM"))
    with problems.catch():
        board = given.fact("board", tags.get("SZ"), "SZ", read_board, found)
        if board is None:
            board = 19
            warnings.append("no SZ[] tag: the EGF format is for 19x19, board 19 assumed")
            found.sources["board"] = ("19", "file")
    with problems.catch():
        official = given.fact("official", tags.get("OF"), "OF", _flag, found)
        if official is None:
            problems.add(
                missing(
                    "official",
                    f"the header has no OF[yes|no] tag: is the tournament official ({SEED} §4.3)?",
                    line=1,
                    field="OF",
                )
            )
    problems.check()
    assert on is not None and official is not None and minutes is not None and board is not None
    return on, minutes, board, official


def _minutes(text: str, line: int | None, fld: str) -> int:
    """TM's basic time: ``60``, or ``60+30s`` (basic time, then byo-yomi)."""
    lead = re.match(r"\s*(\d+)", text)
    return _int(lead.group(1) if lead else text, line, fld)


def _tell_apart(rows: list[_HLine]) -> None:
    """Same-named players (told apart by their EGD PINs) keyed by name and place:
    ``Melnyk Iryna (2)`` and ``Melnyk Iryna (3)``; the name as written is kept."""
    count = Counter(r.player.name for r in rows)
    for r in rows:
        if count[r.player.name] > 1:
            written = r.player.name
            r.player = replace(r.player, name=f"{written} ({r.place})", written=written)


def _h_games(rows: list[_HLine], problems: Problems, broken: set[int]) -> list[Game]:
    """The games of the table, each seen from both players' lines; every mismatch recorded."""
    rounds = len(rows[0].results)
    for r in rows:
        if len(r.results) != rounds:
            problems.add(
                InputError(
                    f"{len(r.results)} round results, the first player has {rounds}",
                    line=r.player.line,
                    field="results",
                    player=r.player.name,
                )
            )
    _tell_apart(rows)
    by_place: dict[int, _HLine] = {}
    names: set[str] = set()
    for r in rows:
        if r.place in by_place:
            problems.add(
                InputError(
                    f"place {r.place} is used twice (line {by_place[r.place].player.line})",
                    line=r.player.line,
                    field="place",
                    player=r.player.name,
                )
            )
        if r.player.name in names:
            problems.add(
                InputError("listed twice", line=r.player.line, field="name", player=r.player.name)
            )
        by_place.setdefault(r.place, r)
        names.add(r.player.name)
    # A mistyped place: the results against it, or against the place it left empty, follow.
    twice = {r.place for r in rows if by_place[r.place] is not r}
    games = []
    for r in rows:
        for k, (opp, sym, played) in enumerate(r.results[:rounds]):
            fld = f"round {k + 1}"
            if opp == 0 or opp in broken or opp in twice or r.place in twice:
                continue
            if twice and opp not in by_place:
                continue
            other = by_place.get(opp)
            if other is None or other is r:
                problems.add(
                    InputError(
                        f"unknown player {opp} (the places are {min(by_place)}-{max(by_place)})",
                        line=r.player.line,
                        field=fld,
                        player=r.player.name,
                    )
                )
                continue
            if k >= len(other.results):
                continue  # his line's count of results is already a problem
            o_opp, o_sym, o_played = other.results[k]
            if "?" in (sym, o_sym):
                if r.place < opp:
                    problems.add(
                        InputError(
                            f"{r.player.name} - {other.player.name} has no result yet "
                            f"({opp}{sym}); a finished tournament has every result",
                            line=r.player.line,
                            field=fld,
                            player=r.player.name,
                        )
                    )
                continue
            expected = {"+": "-", "-": "+", "=": "="}[sym]
            if o_opp != r.place or o_sym != expected or o_played != played:
                if r.place < opp or o_opp != r.place:  # a mismatch is told once
                    problems.add(
                        InputError(
                            f"{r.player.name} shows {opp}{sym} but {other.player.name} "
                            f"(place {opp}, line {other.player.line}) shows {o_opp}{o_sym}"
                            f" in this round; expected {r.place}{expected}",
                            line=max(r.player.line, other.player.line),
                            field=fld,
                            player=other.player.name
                            if other.player.line > r.player.line
                            else r.player.name,
                        )
                    )
                continue
            if played and r.place < opp:
                score = {"+": Decimal(1), "-": Decimal(0), "=": Decimal("0.5")}[sym]
                games.append(Game(k + 1, r.player.name, other.player.name, score, r.player.line))
    return games


def _h_player_line(body: str, no: int) -> _HLine:
    """One player line; an error names the player (his name as far as it can be told)."""
    try:
        return _player_line(body, no)
    except InputError as exc:
        if exc.player:
            raise
        raise InputError(
            exc.message, line=exc.line, field=exc.field, player=_likely_name(body)
        ) from None


def _likely_name(body: str) -> str | None:
    """The words after the place up to the first with a digit, a ``=`` or a country code."""
    words = []
    for tok in body.split()[1:]:
        if any(ch.isdigit() for ch in tok) or "=" in tok or _COUNTRY.match(tok):
            break
        words.append(tok)
    return " ".join(words) or None


def _player_line(body: str, no: int) -> _HLine:
    tokens = body.split()
    try:
        place = int(tokens[0])
    except ValueError:
        raise InputError(
            f"a player line starts with his place, not {tokens[0]!r}", line=no, field="place"
        ) from None
    ik: Decimal | None = None
    held: int | None = None
    rest = []
    for tok in tokens[1:]:
        m = _IK_TOKEN.match(tok)
        d = _DAN_TOKEN.match(tok)
        if m:
            ik = _ik(m.group(1), no)
        elif d:
            held = _held(d.group(1), no, "dan")
        else:
            rest.append(tok)
    results: list[tuple[int, str, bool]] = []
    while rest and (m := _RESULT.match(rest[-1])):
        results.append((int(m.group(1)), m.group(2), not m.group(3)))
        rest.pop()
    results.reverse()
    rank_at = next((i for i, tok in enumerate(rest) if _RANK.match(tok)), None)
    if rank_at is None or rank_at == 0:
        raise InputError("no rank (like 3d or 15k) after the name", line=no, field="rank")
    name = " ".join(rest[:rank_at])
    if _LOST_NAME.match(name):
        raise InputError(
            f"the name is written as {name!r}: the program that wrote the file could not hold "
            "its letters in ISO-8859-1; export the tournament as OpenGotha's XML (UTF-8), or "
            "write the names in Latin letters",
            line=no,
            field="name",
        )
    after = rest[rank_at + 1 :]
    player = ParsedPlayer(
        name=name,
        line=no,
        ik=ik,
        held_dan=held,
        rank_text=rest[rank_at],
        country=after[0] if after else "",
        club=after[1] if len(after) > 1 else "",
    )
    return _HLine(place, player, results)
