"""Tournament files for the UFGO engine: EGF h-files, and this engine's CSV and JSON of games.

Seed 002 §1.3 (IK changes are computed from the tournament tables), §1.7 (the time control),
§4.1 (only games actually played count), §4.3 (official tournaments) and §4.8 (board size).

* **EGF h-file** (the results format OpenGotha and MacMahon export, ``.h``/``.h9``/``.txt``):
  header tags on comment lines (``; EV[name]``, ``; DT[2026-10-17,2026-10-18]``, ``; TM[60]``
  and the UFGO extensions ``; SZ[19]`` board size and ``; OF[yes]`` official), then one line per
  player: place, name, rank, country, club, any other columns, then one result per round
  (``12+/w``, ``5-/b2``, ``7=``; ``0+``/``0-``/``0=`` for a round without a game). The UFGO
  starting IK goes in a token ``ik=1850`` on the player's line (a held 4-7 dan in ``dan=5``).
  A ``!`` after the result symbol (``12+!``) marks a game won by default, not played (§4.1).
* **CSV**: blocks separated by empty lines: ``key,value`` rows of the tournament, then the
  players table (``player,ik[,held_dan]``), then the games (``round,player1,player2,result``
  with ``1-0``, ``0-1`` or ``=``).
* **JSON**: ``{"tournament": {...}, "players": [...], "games": [...]}`` with the same fields.

Every error names the 1-based line of the text and the field. IK may be left out of a file
the lead's import fills from the database; ``ParsedTournament.starts`` then names each player
without IK by his line.
"""

from __future__ import annotations

import csv
import json
import re
from collections.abc import Container
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal, InvalidOperation
from json.scanner import py_make_scanner  # type: ignore[attr-defined]
from typing import Any, Final

from fedrank.engines.go_ufgo.model import Game, PlayerStart, Tournament
from fedrank.engines.go_ufgo.tables import BOARDS, SEED
from fedrank.engines.kernel import InputError, within_bounds

_RESULT: Final = re.compile(r"^(\d+)([+\-=])(!?)(?:/([wbWB])(\d*))?$")
_RANK: Final = re.compile(r"^(\d{1,2})([kdpKDP])$")
_TAG: Final = re.compile(r"^\s*;\s*([A-Za-z]{2,8})\[(.*)\]\s*$")
_IK_TOKEN: Final = re.compile(r"^ik[=:](.+)$", re.IGNORECASE)
_DAN_TOKEN: Final = re.compile(r"^dan[=:](.+)$", re.IGNORECASE)
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

    def starts(self) -> list[PlayerStart]:
        """Each player's starting state from the file itself (calc): all must carry IK."""
        out = []
        for p in self.players:
            if p.ik is None:
                raise InputError(f"no starting IK for {p.name}", line=p.line, field="IK")
            out.append(PlayerStart(p.name, p.ik, p.held_dan))
        return out

    def unknown(self, known: Container[str]) -> list[ParsedPlayer]:
        """Players of the file not in ``known`` (e.g. the federation's members), by line."""
        return [p for p in self.players if p.name not in known]


def _decimal(text: str, line: int, fld: str) -> Decimal:
    try:
        value = Decimal(text.strip())
    except InvalidOperation:
        raise InputError(f"not a number: {text.strip()!r}", line=line, field=fld) from None
    if not value.is_finite():
        raise InputError(f"not a number: {text.strip()!r}", line=line, field=fld)
    within_bounds(value, line=line, field=fld)
    return value


def _int(text: str, line: int, fld: str) -> int:
    value = _decimal(text, line, fld)
    if value != value.to_integral_value():
        raise InputError(f"not a whole number: {text.strip()!r}", line=line, field=fld)
    return int(value)


def _date(text: str, line: int, fld: str) -> date:
    parts = [p.strip() for p in re.split(r"[,;]", text) if p.strip()]
    if not parts:
        raise InputError("no date", line=line, field=fld)
    try:
        return date.fromisoformat(parts[-1].replace(".", "-").replace("/", "-"))
    except ValueError:
        raise InputError(f"not a date (YYYY-MM-DD): {parts[-1]!r}", line=line, field=fld) from None


def _flag(text: str, line: int, fld: str) -> bool:
    value = text.strip().lower()
    if value in _YES:
        return True
    if value in _NO:
        return False
    raise InputError(f"expected yes or no, not {text.strip()!r}", line=line, field=fld)


def _board(value: int, line: int, fld: str) -> int:
    if value not in BOARDS:
        raise InputError(
            f"board must be 9, 13 or 19 ({SEED} §4.8), not {value}", line=line, field=fld
        )
    return value


def _held(text: str, line: int, fld: str) -> int | None:
    if not text.strip():
        return None
    value = _int(text.lower().removesuffix("d"), line, fld)
    if value not in (4, 5, 6, 7):
        raise InputError(f"a held dan is 4, 5, 6 or 7, not {value}", line=line, field=fld)
    return value


def _ik(text: str, line: int, fld: str = "IK") -> Decimal:
    value = _decimal(text, line, fld)
    if value < 0 or value * 10 != (value * 10).to_integral_value():
        raise InputError(f"IK must be 0 or more, to 0.1: {text.strip()}", line=line, field=fld)
    return value


# ---------------------------------------------------------------------------------------------
# EGF h-files


@dataclass(slots=True)
class _HLine:
    place: int
    player: ParsedPlayer
    results: list[tuple[int, str, bool]]  # (opponent place, symbol, played)


def parse_h_file(
    text: str, *, official: bool | None = None, board: int | None = None, name: str = ""
) -> ParsedTournament:
    """An EGF results table; ``official``/``board`` override (or supply) the OF/SZ tags."""
    tags: dict[str, tuple[str, int]] = {}
    rows: list[_HLine] = []
    warnings: list[str] = []
    for no, raw in enumerate(text.splitlines(), start=1):
        m = _TAG.match(raw)
        if m:
            tags.setdefault(m.group(1).upper(), (m.group(2).strip(), no))
            continue
        body = raw.split(";", 1)[0].strip()
        if body:
            rows.append(_h_player_line(body, no))
    if not rows:
        raise InputError("no player lines in the table", line=1, field="players")
    rounds = len(rows[0].results)
    for r in rows:
        if len(r.results) != rounds:
            raise InputError(
                f"{len(r.results)} round results, the first player has {rounds}",
                line=r.player.line,
                field="results",
            )
    by_place = {}
    names: set[str] = set()
    for r in rows:
        if r.place in by_place:
            raise InputError(f"place {r.place} is used twice", line=r.player.line, field="place")
        if r.player.name in names:
            raise InputError(f"{r.player.name} is listed twice", line=r.player.line, field="name")
        by_place[r.place] = r
        names.add(r.player.name)
    games = []
    for r in rows:
        for k, (opp, sym, played) in enumerate(r.results):
            fld = f"round {k + 1}"
            if opp == 0:
                continue
            other = by_place.get(opp)
            if other is None or other is r:
                raise InputError(f"unknown player {opp}", line=r.player.line, field=fld)
            o_opp, o_sym, o_played = other.results[k]
            expected = {"+": "-", "-": "+", "=": "="}[sym]
            if o_opp != r.place or o_sym != expected or o_played != played:
                raise InputError(
                    f"player {opp} (line {other.player.line}) shows {o_opp}{o_sym} in this round",
                    line=max(r.player.line, other.player.line),
                    field=fld,
                )
            if played and r.place < opp:
                score = {"+": Decimal(1), "-": Decimal(0), "=": Decimal("0.5")}[sym]
                games.append(Game(k + 1, r.player.name, other.player.name, score, r.player.line))
    for r in rows:
        if not any(opp and played for opp, _, played in r.results):
            warnings.append(f"line {r.player.line}: {r.player.name} played no rated game")

    def tag(key: str) -> tuple[str, int] | None:
        return tags.get(key)

    ev = tag("EV")
    dt = tag("DT")
    tm = tag("TM")
    if dt is None:
        raise InputError("the header has no DT[date] tag", line=1, field="DT")
    if tm is None:
        raise InputError("the header has no TM[minutes] tag", line=1, field="TM")
    on = _date(dt[0], dt[1], "DT")
    lead = re.match(r"\s*(\d+)", tm[0])  # "60", or "60+30s" (basic time, then byo-yomi)
    minutes = _int(lead.group(1) if lead else tm[0], tm[1], "TM")
    if board is None:
        sz = tag("SZ")
        board = 19 if sz is None else _board(_int(sz[0], sz[1], "SZ"), sz[1], "SZ")
        if sz is None:
            warnings.append("no SZ[] tag: the EGF format is for 19x19, board 19 assumed")
    if official is None:
        of = tag("OF")
        if of is None:
            raise InputError(
                f"the header has no OF[yes|no] tag: is the tournament official ({SEED} §4.3)?",
                line=1,
                field="OF",
            )
        official = _flag(of[0], of[1], "OF")
    t = Tournament(
        name=ev[0] if ev else name,
        on=on,
        games=tuple(games),
        board=_board(board, 1, "SZ"),
        time_minutes=minutes,
        official=official,
    )
    return ParsedTournament(
        t,
        tuple(r.player for r in rows),
        "egf-h",
        {k: v for k, (v, _) in tags.items()},
        tuple(warnings),
    )


def _h_player_line(body: str, no: int) -> _HLine:
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


# ---------------------------------------------------------------------------------------------
# CSV


def parse_csv(text: str, *, name: str = "") -> ParsedTournament:
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
    return _assemble(info, players, games, "csv", name)


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
    for no, cells in block[1:]:
        if len(cells) != len(cols):
            raise InputError(
                f"{len(cells)} cells, the header has {len(cols)}", line=no, field=cols[-1]
            )
        rows.append((no, dict(zip(cols, cells, strict=True))))
    return rows


def _assemble(
    info: dict[str, tuple[str, int]],
    player_rows: list[tuple[int, dict[str, str]]],
    game_rows: list[tuple[int, dict[str, str]]],
    fmt: str,
    fallback_name: str,
) -> ParsedTournament:
    def need(key: str) -> tuple[str, int]:
        if key not in info:
            raise InputError(f"the tournament has no {key!r}", line=1, field=key)
        return info[key]

    on = _date(*need("date"), "date")
    minutes = _int(*need("time_minutes"), "time_minutes")
    official = _flag(*need("official"), "official")
    board_text, board_line = need("board")
    board = _board(_int(board_text, board_line, "board"), board_line, "board")
    name = info.get("name", (fallback_name, 1))[0]
    players = []
    seen: dict[str, int] = {}
    for no, row in player_rows:
        pname = row["player"]
        if not pname:
            raise InputError("empty player name", line=no, field="player")
        if pname in seen:
            raise InputError(
                f"{pname} is listed twice (line {seen[pname]})", line=no, field="player"
            )
        seen[pname] = no
        ik = _ik(row["ik"], no) if row.get("ik", "") != "" else None
        players.append(ParsedPlayer(pname, no, ik, _held(row.get("held_dan", ""), no, "held_dan")))
    games = []
    for no, row in game_rows:
        rnd = _int(row["round"], no, "round")
        for fld in ("player1", "player2"):
            if row[fld] not in seen:
                raise InputError(f"unknown player {row[fld]!r}", line=no, field=fld)
        result = row["result"].strip().lower()
        if result not in _SCORE:
            raise InputError(
                f"result must be 1-0, 0-1 or = (jigo), not {row['result']!r}",
                line=no,
                field="result",
            )
        games.append(Game(rnd, row["player1"], row["player2"], _SCORE[result], no))
    played = {g.player1 for g in games} | {g.player2 for g in games}
    warnings = tuple(
        f"line {p.line}: {p.name} played no rated game" for p in players if p.name not in played
    )
    t = Tournament(name, on, tuple(games), board, minutes, official)
    return ParsedTournament(t, tuple(players), fmt, {k: v for k, (v, _) in info.items()}, warnings)


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


def parse_json(text: str, *, name: str = "") -> ParsedTournament:
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
    return _assemble(info, players, games, "json", name)


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


# ---------------------------------------------------------------------------------------------


def parse_document(
    text: str, *, filename: str = "", official: bool | None = None, board: int | None = None
) -> ParsedTournament:
    """Pick the format by extension (.json, .csv, .h/.h9/.txt) or by the content."""
    lower = filename.lower()
    stem = filename.rsplit("/", 1)[-1].rsplit(".", 1)[0]
    stripped = text.lstrip()
    if lower.endswith(".json") or (not lower and stripped.startswith("{")):
        return parse_json(text, name=stem)
    if lower.endswith(".csv"):
        return parse_csv(text, name=stem)
    if lower.endswith((".h", ".h9", ".hh", ".txt")) or _TAG.match(stripped.split("\n", 1)[0]):
        return parse_h_file(text, official=official, board=board, name=stem)
    if stripped.startswith("{"):
        return parse_json(text, name=stem)
    first = stripped.split("\n", 1)[0]
    if "," in first:
        return parse_csv(text, name=stem)
    return parse_h_file(text, official=official, board=board, name=stem)
