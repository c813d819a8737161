"""Tournament files for the UFGO engine: the shared fields, and this engine's CSV and JSON.

Seed 002 §1.3 (IK changes are computed from the tournament tables), §1.7 (the time control),
§4.1 (only games actually played count), §4.3 (official tournaments) and §4.8 (board size).
EGF h-files are read by :mod:`~fedrank.engines.go_ufgo.hfile`, OpenGotha's XML by
:mod:`~fedrank.engines.go_ufgo.opengotha`; :mod:`~fedrank.engines.go_ufgo.documents` picks one.

* **CSV**: blocks separated by empty lines: ``key,value`` rows of the tournament, then the
  players table (``player,ik[,held_dan]``), then the games (``round,player1,player2,result``
  with ``1-0``, ``0-1`` or ``=``).
* **JSON**: ``{"tournament": {...}, "players": [...], "games": [...]}`` with the same fields.

Every error names the 1-based line of the text and the field, and every problem of the file is
reported at once. IK may be left out of a file the lead's import fills from the database;
``ParsedTournament.starts`` then names each player without IK by his line.
"""

from __future__ import annotations

import csv
import json
import re
from collections.abc import Callable, Container, Mapping
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal, InvalidOperation
from json.scanner import py_make_scanner  # type: ignore[attr-defined]
from typing import Any, Final, TypeVar

from fedrank.engines.go_ufgo.model import Game, PlayerStart, Tournament
from fedrank.engines.go_ufgo.tables import BOARDS, SEED
from fedrank.engines.kernel import InputError, MissingFactError, Problems, within_bounds

_YES: Final = {"yes", "y", "true", "1", "official", "так", "да"}
_NO: Final = {"no", "n", "false", "0", "unofficial", "ні", "нет"}
_SCORE: Final = {
    "1-0": (Decimal(1)),
    "0-1": (Decimal(0)),
    "=": Decimal("0.5"),
    "0.5-0.5": Decimal("0.5"),
    "jigo": Decimal("0.5"),
}


@dataclass(frozen=True, slots=True)
class ParsedPlayer:
    """A player line of the file; ``ik`` is None when the file does not carry it."""

    name: str
    line: int
    ik: Decimal | None = None
    held_dan: int | None = None
    rank_text: str = ""
    country: str = ""
    club: str = ""
    pin: str | None = None
    """The EGD PIN the format itself carries (OpenGotha's ``egfPin``), if any."""
    written: str = ""
    """The name as the file writes it, when ``name`` had to tell two same-named players apart
    (an h-file's ``Melnyk Iryna (3)``: his place added); empty otherwise."""

    @property
    def shown(self) -> str:
        """The name as written in the file."""
        return self.written or self.name

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "line": self.line,
            "IK": None if self.ik is None else format(self.ik, "f"),
            "held_dan": self.held_dan,
            "rank_in_file": self.rank_text,
        }


@dataclass(frozen=True, slots=True)
class ParsedTournament:
    """A parsed file: the tournament (games only), its players by line, tags and warnings."""

    tournament: Tournament
    players: tuple[ParsedPlayer, ...]
    format: str
    tags: dict[str, str] = field(default_factory=dict)
    warnings: tuple[str, ...] = ()
    facts: dict[str, tuple[str, str]] = field(default_factory=dict)
    """Each tournament fact of :data:`FACTS` -> (its value as text, where it came from:
    ``file``, ``submission`` or ``default``)."""

    def starts(self) -> list[PlayerStart]:
        """Each player's starting state from the file itself (calc): all must carry IK."""
        out = []
        problems = Problems()
        how = (
            "an OpenGotha file carries none: fedrank import takes it from the registry"
            if self.format == "opengotha"
            else "write ik=1850 on his line"
        )
        for p in self.players:
            if p.ik is None:
                problems.add(
                    InputError(
                        f"no starting IK for {p.name} ({how})",
                        line=p.line,
                        field="IK",
                        player=p.name,
                    )
                )
            else:
                out.append(PlayerStart(p.name, p.ik, p.held_dan))
        problems.check()
        return out

    def unknown(self, known: Container[str]) -> list[ParsedPlayer]:
        """Players of the file not in ``known`` (e.g. the federation's members), by line."""
        return [p for p in self.players if p.name not in known]


def _decimal(text: str, line: int | None, fld: str) -> Decimal:
    try:
        value = Decimal(text.strip())
    except InvalidOperation:
        raise InputError(f"not a number: {text.strip()!r}", line=line, field=fld) from None
    if not value.is_finite():
        raise InputError(f"not a number: {text.strip()!r}", line=line, field=fld)
    within_bounds(value, line=line, field=fld)
    return value


def _int(text: str, line: int | None, fld: str) -> int:
    value = _decimal(text, line, fld)
    if value != value.to_integral_value():
        raise InputError(f"not a whole number: {text.strip()!r}", line=line, field=fld)
    return int(value)


def _date(text: str, line: int | None, fld: str) -> date:
    parts = [p.strip() for p in re.split(r"[,;]", text) if p.strip()]
    if not parts:
        raise InputError("no date", line=line, field=fld)
    try:
        return date.fromisoformat(parts[-1].replace(".", "-").replace("/", "-"))
    except ValueError:
        raise InputError(f"not a date (YYYY-MM-DD): {parts[-1]!r}", line=line, field=fld) from None


def _flag(text: str, line: int | None, fld: str) -> bool:
    value = text.strip().lower()
    if value in _YES:
        return True
    if value in _NO:
        return False
    raise InputError(f"expected yes or no, not {text.strip()!r}", line=line, field=fld)


def _board(value: int, line: int | None, fld: str) -> int:
    if value not in BOARDS:
        raise InputError(
            f"board must be 9, 13 or 19 ({SEED} §4.8), not {value}", line=line, field=fld
        )
    return value


FACTS: Final = ("official", "board", "time_minutes")
"""The tournament facts the rulebook needs that a file may lack: §4.3 official (K3), §4.8 the
board, §1.7 the main time in minutes per player."""

_T = TypeVar("_T")


@dataclass(frozen=True, slots=True)
class Given:
    """Tournament facts from outside the file, as text by their :data:`FACTS` key: ``over``
    (the director's submission) wins over the file, ``under`` (the discipline's defaults)
    stands only where the file is silent."""

    over: Mapping[str, str] = field(default_factory=dict)
    under: Mapping[str, str] = field(default_factory=dict)

    def with_overrides(self, *, official: bool | None, board: int | None) -> Given:
        """The older keyword overrides (``official=``, ``board=``) joined to ``over``."""
        extra = {} if official is None else {"official": "yes" if official else "no"}
        if board is not None:
            extra["board"] = str(board)
        return self if not extra else Given({**self.over, **extra}, self.under)

    def fact(
        self,
        key: str,
        in_file: tuple[str, int] | None,
        file_field: str,
        read: Callable[[str, int | None, str], _T],
        found: ParsedFacts,
    ) -> _T | None:
        """The fact ``key`` read from where it is given (the submission, the file, the
        default), with its source kept in ``found``; None when nobody gives it (``found``
        then holds the :class:`MissingFactError` for it). A submission that contradicts the
        file wins, with a warning naming both."""
        if key in self.over:
            value = read(self.over[key], None, key)
            if in_file is not None:
                try:
                    stated: _T | None = read(in_file[0], in_file[1], file_field)
                except InputError:
                    stated = None
                if stated != value:
                    found.warnings.append(
                        f"line {in_file[1]}: the file's {file_field} {in_file[0].strip()!r} "
                        f"replaced by the submission's {key}={self.over[key].strip()}"
                    )
            found.sources[key] = (_shown(value), "submission")
            return value
        if in_file is not None:
            value = read(in_file[0], in_file[1], file_field)
            found.sources[key] = (_shown(value), "file")
            return value
        if key in self.under:
            value = read(self.under[key], None, key)
            found.sources[key] = (_shown(value), "default")
            return value
        return None


@dataclass(slots=True)
class ParsedFacts:
    """What :meth:`Given.fact` found: each fact's value and source, and its warnings."""

    sources: dict[str, tuple[str, str]] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)


def missing(key: str, message: str, *, line: int, field: str) -> MissingFactError:
    """The error for a fact nobody gives, saying how to give it."""
    return MissingFactError(
        f"{message}; give {key}=… with the submission, or set the discipline's default",
        fact=key,
        line=line,
        field=field,
    )


def _shown(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def read_board(text: str, line: int | None, fld: str) -> int:
    """A board size given as text: 9, 13 or 19 (§4.8)."""
    return _board(_int(text, line, fld), line, fld)


def _held(text: str, line: int, fld: str) -> int | None:
    if not text.strip():
        return None
    value = _int(text.lower().removesuffix("d"), line, fld)
    if value not in (4, 5, 6, 7):
        raise InputError(f"a held dan is 4, 5, 6 or 7, not {value}", line=line, field=fld)
    return value


def _ik(text: str, line: int, fld: str = "IK") -> Decimal:
    try:
        value = _decimal(text, line, fld)
    except InputError as exc:
        raise InputError(
            f"{exc.message}; IK is a number like 1850 or 1850.5", line=line, field=fld
        ) from None
    if value < 0 or value * 10 != (value * 10).to_integral_value():
        raise InputError(f"IK must be 0 or more, to 0.1: {text.strip()}", line=line, field=fld)
    return value


# ---------------------------------------------------------------------------------------------
# CSV


def parse_csv(text: str, *, name: str = "", given: Given | None = None) -> ParsedTournament:
    """The CSV games format: tournament key/values, players table, games table."""
    blocks: list[list[tuple[int, list[str]]]] = [[]]
    for no, raw in enumerate(text.splitlines(), start=1):
        if raw.lstrip().startswith("#"):
            continue
        cells = [c.strip() for c in next(csv.reader([raw]), [])]
        if not any(cells):
            if blocks[-1]:
                blocks.append([])
            continue
        blocks[-1].append((no, cells))
    blocks = [b for b in blocks if b]
    if len(blocks) != 3:
        raise InputError(
            f"expected 3 blocks separated by empty lines (tournament, players, games), "
            f"found {len(blocks)}",
            line=blocks[-1][-1][0] if blocks else 1,
            field="blocks",
        )
    info: dict[str, tuple[str, int]] = {}
    for no, cells in blocks[0]:
        if len(cells) < 2:
            raise InputError("expected key,value", line=no, field=cells[0] or "key")
        info[cells[0].lower()] = (cells[1], no)
    players = _table(blocks[1], ("player", "ik"), ("held_dan",))
    games = _table(blocks[2], ("round", "player1", "player2", "result"), ())
    return _assemble(info, players, games, "csv", name, given or Given())


def _table(
    block: list[tuple[int, list[str]]], required: tuple[str, ...], optional: tuple[str, ...]
) -> list[tuple[int, dict[str, str]]]:
    head_no, head = block[0]
    cols = [c.lower() for c in head]
    for c in required:
        if c not in cols:
            raise InputError(f"the header lacks the column {c!r}", line=head_no, field=c)
    for c in cols:
        if c not in required and c not in optional:
            raise InputError(f"unknown column {c!r}", line=head_no, field=c)
    rows = []
    problems = Problems()
    for no, cells in block[1:]:
        if len(cells) != len(cols):
            problems.add(
                InputError(
                    f"{len(cells)} cells, the header has {len(cols)} ({','.join(cols)})",
                    line=no,
                    field=cols[-1],
                    player=cells[0] if cols[0] == "player" and cells else None,
                )
            )
            continue
        rows.append((no, dict(zip(cols, cells, strict=True))))
    problems.check()
    return rows


def _assemble(
    info: dict[str, tuple[str, int]],
    player_rows: list[tuple[int, dict[str, str]]],
    game_rows: list[tuple[int, dict[str, str]]],
    fmt: str,
    fallback_name: str,
    given: Given,
) -> ParsedTournament:
    problems = Problems()

    def need(key: str, read: Any) -> Any:
        if key not in info:
            problems.add(InputError(f"the tournament has no {key!r}", line=1, field=key))
            return None
        with problems.catch():
            return read(*info[key], key)
        return None

    found = ParsedFacts()

    def fact(key: str, read: Any) -> Any:
        with problems.catch():
            value = given.fact(key, info.get(key), key, read, found)
            if value is None:
                problems.add(missing(key, f"the tournament has no {key!r}", line=1, field=key))
            return value
        return None

    on = need("date", _date)
    minutes = fact("time_minutes", _int)
    official = fact("official", _flag)
    board = fact("board", read_board)
    name = info.get("name", (fallback_name, 1))[0]
    players = []
    seen: dict[str, int] = {}
    for no, row in player_rows:
        pname = row["player"]
        with problems.catch(player=pname):
            if not pname:
                raise InputError("empty player name", line=no, field="player")
            if pname in seen:
                raise InputError(f"listed twice (line {seen[pname]})", line=no, field="player")
            seen[pname] = no
            ik = _ik(row["ik"], no) if row.get("ik", "") != "" else None
            held = _held(row.get("held_dan", ""), no, "held_dan")
            players.append(ParsedPlayer(pname, no, ik, held))
    games = []
    for no, row in game_rows:
        with problems.catch():
            rnd = _int(row["round"], no, "round")
            for fld in ("player1", "player2"):
                if row[fld] not in seen:
                    raise InputError(
                        f"unknown player {row[fld]!r} (not in the players table)",
                        line=no,
                        field=fld,
                    )
            result = row["result"].strip().lower()
            if result not in _SCORE:
                raise InputError(
                    f"result must be 1-0, 0-1 or = (jigo), not {row['result']!r}",
                    line=no,
                    field="result",
                )
            games.append(Game(rnd, row["player1"], row["player2"], _SCORE[result], no))
    problems.check()
    played = {g.player1 for g in games} | {g.player2 for g in games}
    warnings = tuple(
        f"line {p.line}: {p.name} played no rated game" for p in players if p.name not in played
    )
    t = Tournament(name, on, tuple(games), board, minutes, official)
    tags = {k: v for k, (v, _) in info.items()}
    warnings += tuple(found.warnings)
    return ParsedTournament(t, tuple(players), fmt, tags, warnings, found.sources)


# ---------------------------------------------------------------------------------------------
# JSON, with the line of every object kept under "__line__"


class _LineDecoder(json.JSONDecoder):
    def __init__(self) -> None:
        super().__init__()
        fields = vars(self)
        plain: Any = fields["parse_object"]

        def parse_object(
            s_and_end: tuple[str, int], *args: Any, **kwargs: Any
        ) -> tuple[dict[str, Any], int]:
            s, end = s_and_end
            obj, new_end = plain(s_and_end, *args, **kwargs)
            if isinstance(obj, dict):
                obj["__line__"] = s.count("\n", 0, end) + 1
            return obj, new_end

        fields["parse_object"] = parse_object
        self.scan_once = py_make_scanner(self)


def parse_json(text: str, *, name: str = "", given: Given | None = None) -> ParsedTournament:
    """The JSON games format (same fields as the CSV one)."""
    try:
        doc = _LineDecoder().decode(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"not valid JSON: {exc.msg}", line=exc.lineno, field="json") from None
    if not isinstance(doc, dict):
        raise InputError("the document must be an object", line=1, field="json")
    for key in ("tournament", "players", "games"):
        if key not in doc:
            raise InputError(f"no {key!r}", line=1, field=key)
    t = doc["tournament"]
    if not isinstance(t, dict):
        raise InputError("'tournament' must be an object", line=1, field="tournament")
    info = {k.lower(): (_jtext(v), int(t["__line__"])) for k, v in t.items() if k != "__line__"}
    players = [_jrow(p, "players") for p in _jlist(doc, "players")]
    games = [_jrow(g, "games") for g in _jlist(doc, "games")]
    for _, row in players:
        for c in ("player", "ik"):
            row.setdefault(c, "")
    for no, row in games:
        for c in ("round", "player1", "player2", "result"):
            if c not in row:
                raise InputError(f"the game has no {c!r}", line=no, field=c)
    return _assemble(info, players, games, "json", name, given or Given())


def _jlist(doc: dict[str, Any], key: str) -> list[Any]:
    value = doc[key]
    if not isinstance(value, list):
        raise InputError(f"{key!r} must be a list", line=int(doc["__line__"]), field=key)
    return value


def _jtext(v: Any) -> str:
    if isinstance(v, bool):
        return "yes" if v else "no"
    if v is None:
        return ""
    return str(v)


def _jrow(obj: Any, key: str) -> tuple[int, dict[str, str]]:
    if not isinstance(obj, dict):
        raise InputError(f"every item of {key!r} must be an object", line=None, field=key)
    no = int(obj["__line__"])
    return no, {k.lower(): _jtext(v) for k, v in obj.items() if k != "__line__"}
