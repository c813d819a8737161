"""OpenGotha's XML tournament file (File > Save, or Export > Full XML) for the UFGO engine.

Read: ``Tournament/Players/Player`` (``name``, ``firstName``, ``rank``, ``egfPin``, ``club``,
``country``), ``Tournament/Games/Game`` (``roundNumber``, ``whitePlayer``, ``blackPlayer``,
``result``, ``handicap``) and ``TournamentParameterSet/GeneralParameterSet`` (``name``,
``endDate`` or ``beginDate``, ``basicTime`` in minutes, ``size``, ``komi``). A game names its
players by OpenGotha's key: the name and first name upper-cased, spaces left out. OpenGotha has
no field for §4.3's official tournament: the submission's ``official=yes|no`` or the
discipline's default gives it (an ``official`` attribute added to ``GeneralParameterSet`` is read
too).

Results are OpenGotha's names or numbers: ``RESULT_WHITEWINS`` (17), ``RESULT_BLACKWINS`` (18),
``RESULT_EQUAL`` (19) are played games; the same ``_BYDEF`` (+256) are games won by default, not
played (§4.1); ``RESULT_BOTHWIN``/``RESULT_BOTHLOSE`` (35, 32, and by default) are not rated;
``RESULT_UNKNOWN`` (0) is a game without a result, refused.

The file is refused before it is parsed when it is larger than :data:`MAX_BYTES` or holds a
DTD or an entity declaration (entity expansion cannot happen). The one exception is the line
OpenGotha 3.3x wrote under the prolog, ``<!DOCTYPE Tournament SYSTEM "tournament.dtd">``: a
reference to its DTD file with no declarations of its own, which is blanked before parsing
(nothing is fetched). :mod:`xml.parsers.expat` (the parser under :mod:`xml.etree`) is used
directly for the line of every element, so each problem names its line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from typing import Final
from xml.parsers import expat

from fedrank.engines.go_ufgo.model import Game, Tournament
from fedrank.engines.go_ufgo.parsing import (
    Given,
    ParsedFacts,
    ParsedPlayer,
    ParsedTournament,
    _date,
    _flag,
    _int,
    missing,
    read_board,
)
from fedrank.engines.go_ufgo.tables import SEED
from fedrank.engines.kernel import InputError, Problems

MAX_BYTES: Final = 2_000_000
"""The largest XML file read (a tournament of a thousand players is a few hundred KB)."""
MAX_ELEMENTS: Final = 200_000
"""The most elements read (players, games, parameter sets)."""

_WHITE_WINS: Final = {"RESULT_WHITEWINS": False, "17": False, "RESULT_WHITEWINS_BYDEF": True}
_BLACK_WINS: Final = {"RESULT_BLACKWINS": False, "18": False, "RESULT_BLACKWINS_BYDEF": True}
_EQUAL: Final = {"RESULT_EQUAL": False, "19": False, "RESULT_EQUAL_BYDEF": True}
_NOT_RATED: Final = frozenset(
    {
        "RESULT_BOTHWIN",
        "RESULT_BOTHLOSE",
        "RESULT_BOTHWIN_BYDEF",
        "RESULT_BOTHLOSE_BYDEF",
        "35",
        "32",
        "291",
        "288",
    }
)
_BYDEF_NUMBERS: Final = {"273": "RESULT_WHITEWINS_BYDEF", "274": "RESULT_BLACKWINS_BYDEF"}
_BYDEF_NUMBERS_EQUAL: Final = {"275": "RESULT_EQUAL_BYDEF"}
_ACCEPTED: Final = "RESULT_WHITEWINS, RESULT_BLACKWINS, RESULT_EQUAL (or 17, 18, 19), _BYDEF"
_RANK: Final = re.compile(r"^(\d{1,2})([kdpKDP])$")
_FORBIDDEN: Final = (b"<!DOCTYPE", b"<!ENTITY")
#: OpenGotha 3.3x's reference to its DTD: no internal subset (no ``[``), so no declarations.
_OPENGOTHA_DOCTYPE: Final = re.compile(
    r'<!DOCTYPE[ \t]+Tournament[ \t]+SYSTEM[ \t]+"[\w.-]{1,40}"[ \t]*>', re.ASCII
)


@dataclass(slots=True)
class _Element:
    tag: str
    attrs: dict[str, str]
    line: int


@dataclass(slots=True)
class _Document:
    players: list[_Element] = field(default_factory=list)
    games: list[_Element] = field(default_factory=list)
    general: _Element | None = None
    root: str = ""


def looks_like_opengotha(text: str) -> bool:
    """An OpenGotha file: XML whose root element is ``Tournament``."""
    head = text.lstrip("\ufeff \t\r\n")[:400]
    return head.startswith("<") and bool(re.search(r"<Tournament[\s>]", head))


def _read(text: str) -> _Document:
    head = _OPENGOTHA_DOCTYPE.search(text, 0, 400)
    if head is not None:
        text = text[: head.start()] + " " * (head.end() - head.start()) + text[head.end() :]
    data = text.encode("utf-8")
    if len(data) > MAX_BYTES:
        raise InputError(
            f"the XML file is larger than {MAX_BYTES:,} bytes", line=None, field="file"
        )
    upper = data.upper()
    for word in _FORBIDDEN:
        if word in upper:
            at = upper.index(word)
            raise InputError(
                f"{word.decode()} is not accepted in a tournament file (OpenGotha writes none)",
                line=data.count(b"\n", 0, at) + 1,
                field="xml",
            )
    doc = _Document()
    parser = expat.ParserCreate()
    count = 0

    def start(tag: str, attrs: dict[str, str]) -> None:
        nonlocal count
        count += 1
        if count > MAX_ELEMENTS:
            raise InputError(
                f"more than {MAX_ELEMENTS:,} XML elements", line=parser.CurrentLineNumber
            )
        element = _Element(tag, attrs, parser.CurrentLineNumber)
        if not doc.root:
            doc.root = tag
        if tag == "Player":
            doc.players.append(element)
        elif tag == "Game":
            doc.games.append(element)
        elif tag == "GeneralParameterSet":
            doc.general = element

    def refuse(*_: object) -> None:
        raise InputError(
            "a DTD or entity is not accepted", line=parser.CurrentLineNumber, field="xml"
        )

    parser.StartElementHandler = start
    parser.StartDoctypeDeclHandler = refuse
    parser.EntityDeclHandler = refuse
    try:
        parser.Parse(text, True)  # a str: read as the text it is, whatever it declares
    except (LookupError, ValueError) as exc:
        raise InputError(f"not readable XML: {exc}", line=1, field="xml") from None
    except expat.ExpatError as exc:
        raise InputError(
            f"not well-formed XML: {expat.ErrorString(exc.code)}", line=exc.lineno, field="xml"
        ) from None
    if doc.root != "Tournament":
        raise InputError(
            f"the root element is <{doc.root or '?'}>, not OpenGotha's <Tournament>",
            line=1,
            field="xml",
        )
    return doc


def _key(name: str, first: str) -> str:
    """OpenGotha's key of a player: name and first name upper-cased, spaces left out."""
    return re.sub(r"\s+", "", name + first).upper()


def parse_opengotha(
    text: str,
    *,
    official: bool | None = None,
    board: int | None = None,
    name: str = "",
    given: Given | None = None,
) -> ParsedTournament:
    """An OpenGotha tournament file; ``official``/``board`` and ``given.over`` override its
    own, ``given.under`` supplies what it lacks (it has no official flag)."""
    facts = (given or Given()).with_overrides(official=official, board=board)
    found = ParsedFacts()
    doc = _read(text)
    problems = Problems()
    players: list[ParsedPlayer] = []
    by_key: dict[str, ParsedPlayer] = {}
    broken: set[str] = set()  # keys of players refused: their games are not more problems
    for element in doc.players:
        key = _key(element.attrs.get("name", ""), element.attrs.get("firstName", ""))
        broken.add(key)
        with problems.catch():
            player = _player(element)
            if key in by_key:
                raise InputError(
                    f"listed twice (line {by_key[key].line})",
                    line=element.line,
                    field="name",
                    player=player.name,
                )
            by_key[key] = player
            players.append(player)
            broken.discard(key)
    if not doc.players:
        problems.add(InputError("no <Player> in <Players>", line=1, field="Players"))
    games: list[Game] = []
    warnings: list[str] = []
    for element in doc.games:
        with problems.catch():
            game = _game(element, by_key, broken)
            if game is not None:
                games.append(game)
    general = None
    with problems.catch():
        general = _general(doc.general, facts, found, name)
    problems.check()
    assert general is not None
    warnings.extend(found.warnings)
    played = {g.player1 for g in games} | {g.player2 for g in games}
    warnings.extend(
        f"line {p.line}: {p.name} played no rated game" for p in players if p.name not in played
    )
    tournament = Tournament(
        name=general.name,
        on=general.on,
        games=tuple(sorted(games, key=lambda g: (g.round, g.line or 0))),
        board=general.board,
        time_minutes=general.minutes,
        official=general.official,
    )
    tags = {"EV": tournament.name, "DT": tournament.on.isoformat(), "KM": general.komi}
    return ParsedTournament(
        tournament, tuple(players), "opengotha", tags, tuple(warnings), found.sources
    )


def _player(element: _Element) -> ParsedPlayer:
    attrs, line = element.attrs, element.line
    surname = attrs.get("name", "").strip()
    first = attrs.get("firstName", "").strip()
    full = " ".join(part for part in (surname, first) if part)
    if not surname:
        raise InputError("a player without a name", line=line, field="name")
    rank = attrs.get("rank", "").strip()
    if not _RANK.match(rank):
        raise InputError(
            f"rank must be like 3D or 15K, not {rank!r}", line=line, field="rank", player=full
        )
    pin = attrs.get("egfPin", "").strip()
    if pin and (not pin.isdigit() or len(pin) > 16):
        raise InputError(
            f"an EGD PIN is digits (like 12345678), not {pin!r}",
            line=line,
            field="egfPin",
            player=full,
        )
    return ParsedPlayer(
        name=full,
        line=line,
        rank_text=rank.lower(),
        country=attrs.get("country", "").strip(),
        club=attrs.get("club", "").strip(),
        pin=pin or None,
    )


def _game(element: _Element, by_key: dict[str, ParsedPlayer], broken: set[str]) -> Game | None:
    attrs, line = element.attrs, element.line
    rnd = _int(attrs.get("roundNumber", ""), line, "roundNumber")
    if rnd < 1:
        raise InputError(f"round {rnd}: rounds start at 1", line=line, field="roundNumber")
    sides = []
    for fld in ("whitePlayer", "blackPlayer"):
        key = re.sub(r"\s+", "", attrs.get(fld, "")).upper()
        player = by_key.get(key)
        if key in broken:
            return None
        if player is None:
            raise InputError(
                f"{attrs.get(fld, '')!r} is not the key of a <Player> (name and first name, "
                "upper-case, no spaces)",
                line=line,
                field=fld,
            )
        sides.append(player)
    white, black = sides
    result = attrs.get("result", "").strip().upper()
    result = {**_BYDEF_NUMBERS, **_BYDEF_NUMBERS_EQUAL}.get(result, result)
    if result in _NOT_RATED:
        return None
    for outcome, score in ((_WHITE_WINS, Decimal(1)), (_BLACK_WINS, Decimal(0))):
        if result in outcome:
            return None if outcome[result] else Game(rnd, white.name, black.name, score, line)
    if result in _EQUAL:
        return None if _EQUAL[result] else Game(rnd, white.name, black.name, Decimal("0.5"), line)
    if result in ("", "0", "RESULT_UNKNOWN"):
        raise InputError(
            f"round {rnd}: {white.name} - {black.name} has no result yet ({_ACCEPTED})",
            line=line,
            field="result",
            player=white.name,
        )
    raise InputError(
        f"unknown result {attrs.get('result', '')!r} ({_ACCEPTED})",
        line=line,
        field="result",
        player=white.name,
    )


@dataclass(frozen=True, slots=True)
class _General:
    name: str
    on: date
    minutes: int
    board: int
    official: bool
    komi: str


def _general(general: _Element | None, given: Given, found: ParsedFacts, name: str) -> _General:
    """The tournament's name, date, time, board and official flag; every problem at once."""
    if general is None:
        raise InputError(
            "no <GeneralParameterSet> (the tournament's date, time and board)",
            line=1,
            field="GeneralParameterSet",
        )
    attrs, line = general.attrs, general.line
    problems = Problems()
    on: date | None = None
    minutes: int | None = 0
    board: int | None = None
    official: bool | None = None

    def attr(key: str) -> tuple[str, int] | None:
        return (attrs[key], line) if key in attrs else None

    with problems.catch():
        when = attrs.get("endDate", "") or attrs.get("beginDate", "")
        if not when:
            raise InputError("no endDate or beginDate", line=line, field="endDate")
        on = _date(when, line, "endDate")
    with problems.catch():
        minutes = given.fact("time_minutes", attr("basicTime"), "basicTime", _int, found)
        if minutes is None:
            problems.add(missing("time_minutes", "no basicTime", line=line, field="basicTime"))
    with problems.catch():
        board = given.fact("board", attr("size") or ("19", line), "size", read_board, found)
    with problems.catch():
        official = given.fact("official", attr("official"), "official", _flag, found)
        if official is None:
            problems.add(
                missing(
                    "official",
                    f"OpenGotha has no official flag (is the tournament official, {SEED} §4.3?)",
                    line=line,
                    field="official",
                )
            )
    problems.check()
    assert on is not None and official is not None and board is not None and minutes is not None
    title = attrs.get("name", "").strip() or name
    return _General(title, on, minutes, board, official, attrs.get("komi", "").strip())
