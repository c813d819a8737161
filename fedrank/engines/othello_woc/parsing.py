"""The tournament file and a director's round results, as text.

Seed 004 (``004_460858c73f2f8122.txt``) I.2 (teams: one to four players, at most three of one
gender; one player for a nation with a contact person), II.2 (system by field size, one extra
player against an odd field), II.7 (withdrawals), IV.6/IV.8 (scores, see :mod:`.scores`),
IV.9 (``colour=``). The format is described field by field in ``docs/engines/othello_woc.md``.
Every error names the 1-based line of the submitted text and the field.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation

from fedrank.engines.kernel import InputError, Problems, RuleError
from fedrank.engines.othello_woc.model import (
    BYE,
    WOF_COUNTRY,
    Game,
    Player,
    Round,
    System,
    Tournament,
    system_for_field,
)
from fedrank.engines.othello_woc.scores import Ending, decide_draw, official_score

#: Headers a file carries for the ledger (the tournament's first day and its code), read by
#: :mod:`.submission`; the computation has no use for them, so a file is the same with or
#: without them (``fedrank calc`` of a submitted file).
SUBMISSION_HEADERS = ("date", "code")
ID_RE = re.compile(r"^[A-Za-z0-9_.\-]+$")
SCORE_RE = re.compile(r"^(\d{1,2})[-:](\d{1,2})$")
FLAGS = {"a": "group_a", "youth": "youth", "extra": "extra", "youth-extra": "youth_extra"}
ENDINGS = {e.value: e for e in Ending if e is not Ending.PLAYED}
STAGES = (
    "playoff",
    "semi",
    "third",
    "final",
    "women-semi",
    "women-third",
    "women-final",
    "youth-final",
)
TEAM_MAX, SAME_GENDER_MAX = 4, 3
"""I.2.2: a team has one to four players, at most three of one gender."""
CHAMPIONSHIPS = ("world", "national", "club")
"""``championship:`` header. RULES.md othello_woc Decision (scope): only ``world`` binds I.2;
a file without the header is not a world championship."""


@dataclass(frozen=True, slots=True)
class StageGame:
    """A game of day three (or a play-off) with the line it came from."""

    stage: str
    game: Game
    line: int


@dataclass(frozen=True, slots=True)
class Document:
    """A parsed tournament file: the state of the first two days and the later games."""

    tournament: Tournament
    stage_games: tuple[StageGame, ...] = ()
    warnings: tuple[str, ...] = field(default_factory=tuple)


def _int(text: str, line: int, name: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise InputError(f"'{text}' is not a whole number", line=line, field=name) from None


def parse_game(
    tokens: list[str], line: int, known: Mapping[str, Player], *, with_colour: bool = False
) -> Game:
    """``BLACK WHITE [B-W] [time=X|time2=X|time-both=X|refused=X] [colour=X]``."""
    if len(tokens) < 2:
        raise InputError("a game needs black and white", line=line, field="white")
    black, white = tokens[0], tokens[1]
    for name, pid in (("black", black), ("white", white)):
        if pid not in known:
            raise InputError(f"unknown player '{pid}'", line=line, field=name)
    if black == white:
        raise InputError(f"{black} cannot play himself", line=line, field="white")
    discs: tuple[int, int] | None = None
    ending, offender, chooser = Ending.PLAYED, None, None
    for tok in tokens[2:]:
        m = SCORE_RE.match(tok)
        if m:
            if discs is not None:
                raise InputError("two scores", line=line, field="score")
            discs = (int(m.group(1)), int(m.group(2)))
            continue
        key, sep, value = tok.partition("=")
        key = key.lower()
        if sep and key in ENDINGS:
            if ending is not Ending.PLAYED:
                raise InputError("two time/refusal marks", line=line, field=key)
            ending, offender = ENDINGS[key], value
            if value not in (black, white):
                raise InputError(f"'{value}' does not play this game", line=line, field=key)
        elif sep and key == "colour" and with_colour:
            if value not in (black, white):
                raise InputError(f"'{value}' does not play this game", line=line, field="colour")
            chooser = value
        else:
            raise InputError(f"cannot read '{tok}'", line=line, field="score")
    game = official_score(
        black,
        white,
        discs[0] if discs else None,
        discs[1] if discs else None,
        ending=ending,
        offender=offender,
        line=line,
    )
    if with_colour and game.black_discs == game.white_discs:
        game = decide_draw(game, chooser, line=line)
    return game


def parse_round(
    lines: Iterable[tuple[int, str]],
    number: int,
    tournament: Tournament,
    *,
    seed: int | None = None,
    header_line: int | None = None,
) -> Round:
    """One round's results as a director pastes them, one entry a line:

    ``BLACK WHITE 40-24`` (optionally ``time=X``, ``time2=X``, ``time-both=X``, ``refused=X``),
    ``X BYE``, ``X absent`` (an unplayed round) and ``withdraw X`` (X withdrew after this
    round). Every player still in the tournament must appear exactly once.
    ``lines`` are (line number, text) pairs so errors point into the whole submission.
    """
    known = tournament.player_map()
    gone = tournament.withdrawal_round()
    seen: dict[str, int] = {}
    games: list[Game] = []
    byes: list[str] = []
    unplayed: list[str] = []
    withdrawn: list[str] = []
    problems = Problems()

    def mark(pid: str, line: int, name: str) -> None:
        if pid not in known:
            raise InputError(f"unknown player '{pid}'", line=line, field=name)
        if pid in gone:
            raise InputError(
                f"{pid} withdrew after round {gone[pid]} and cannot play again (II.7)",
                line=line,
                field=name,
            )
        if pid in seen:
            raise InputError(
                f"{pid} already appears in round {number} (line {seen[pid]})",
                line=line,
                field=name,
            )
        seen[pid] = line

    for line, raw in lines:
        text = raw.split("#", 1)[0].strip()
        if not text:
            continue
        with problems.catch():
            tokens = text.split()
            if tokens[0].lower() == "withdraw":
                if len(tokens) != 2 or tokens[1] not in known:
                    raise InputError("write 'withdraw PLAYER'", line=line, field="player")
                withdrawn.append(tokens[1])
                continue
            if len(tokens) == 2 and tokens[1].upper() == BYE:
                mark(tokens[0], line, "black")
                byes.append(tokens[0])
                continue
            if len(tokens) == 2 and tokens[1].lower() == "absent":
                mark(tokens[0], line, "black")
                unplayed.append(tokens[0])
                continue
            game = parse_game(tokens, line, known)
            mark(game.black, line, "black")
            mark(game.white, line, "white")
            games.append(game)
    problems.check()  # a bad line leaves its players unseen: the checks below would repeat it
    for pid in withdrawn:
        if pid not in seen:
            problems.add(
                InputError(
                    f"{pid} withdraws after round {number} but is not in it",
                    line=header_line,
                    field="withdraw",
                )
            )
    missing = [p.id for p in tournament.players if p.id not in gone and p.id not in seen]
    if missing:
        problems.add(
            InputError(
                f"round {number} has no game, bye or absence for {', '.join(missing)}",
                line=header_line,
                field="round",
            )
        )
    problems.check()
    return Round(number, tuple(games), tuple(byes), tuple(unplayed), tuple(withdrawn), seed)


def _parse_player(value: str, line: int) -> Player:
    parts = [p.strip() for p in value.split("|")]
    if len(parts) < 4:
        raise InputError(
            "write 'player: ID | name | country | M/F | flags'", line=line, field="player"
        )
    pid, name, country, gender = parts[:4]
    flags = parts[4] if len(parts) > 4 else ""
    if not ID_RE.match(pid) or pid.upper() == BYE:
        raise InputError(f"'{pid}' is not a usable player id", line=line, field="id")
    if not country or " " in country:
        raise InputError(f"'{country}' is not a country code", line=line, field="country")
    if gender.upper() not in ("M", "F"):
        raise InputError(f"gender must be M or F, not '{gender}'", line=line, field="gender")
    kwargs: dict[str, bool] = {}
    for flag in flags.replace(",", " ").split():
        if flag.lower() not in FLAGS:
            known = ", ".join(FLAGS)
            raise InputError(f"unknown flag '{flag}' (known: {known})", line=line, field="flags")
        kwargs[FLAGS[flag.lower()]] = True
    return Player(pid, name or pid, country.upper(), gender.upper(), **kwargs)


def _check_field(
    players: list[Player], contact: frozenset[str], lines: dict[str, int], *, world: bool
) -> None:
    """I.2 (team sizes, only for a world championship) and II.2 (one extra player, odd field)."""
    extras = [p for p in players if p.extra]
    if len(extras) > 1:
        raise RuleError(
            "only one extra player may be entered", rule="seed 004 II.2", line=lines[extras[1].id]
        )
    if extras and (len(players) - 1) % 2 == 0:
        raise RuleError(
            "an extra player is only entered when the field would otherwise be odd",
            rule="seed 004 II.2",
            line=lines[extras[0].id],
        )
    teams: dict[str, list[Player]] = {}
    for p in players:
        if not p.extra and not p.youth_extra:
            teams.setdefault(p.country, []).append(p)
    for country, team in teams.items():
        if country == WOF_COUNTRY or not world:
            continue
        limit = 1 if country in contact else TEAM_MAX
        last = lines[team[-1].id]
        if len(team) > limit:
            raise RuleError(
                f"{country} has {len(team)} players, at most {limit}",
                rule="seed 004 I.2.1-I.2.2",
                line=last,
            )
        for gender in ("M", "F"):
            if sum(1 for p in team if p.gender == gender) > SAME_GENDER_MAX:
                raise RuleError(
                    f"{country} has more than three players of one gender",
                    rule="seed 004 I.2.2",
                    line=last,
                )
    young: dict[str, int] = {}
    for p in players:
        if p.youth_extra:
            young[p.country] = young.get(p.country, 0) + 1
            if young[p.country] > 1:
                raise RuleError(
                    f"{p.country} has more than one additional young player",
                    rule="seed 004 B.1",
                    line=lines[p.id],
                )


_HEADERS = ("tournament", "seed", "system", "bye_points", "contact", "championship")


def parse_document(text: str) -> Document:
    """A whole tournament file: headers, ``player:`` lines, ``round N`` blocks, stage games."""
    name = ""
    seed = 0
    system: System | None = None
    system_line = 0
    bye_points: Decimal | None = None
    contact: frozenset[str] = frozenset()
    world = False
    players: list[Player] = []
    player_lines: dict[str, int] = {}
    blocks: list[tuple[int, int, int | None, list[tuple[int, str]]]] = []
    stage_lines: list[tuple[str, int, list[str]]] = []
    problems = Problems()
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        with problems.catch():
            head = line.split(None, 1)[0].lower()
            if head == "round":
                parts = line.split()
                if len(parts) not in (2, 3):
                    raise InputError("write 'round N [seed=S]'", line=number, field="round")
                rno = _int(parts[1], number, "round")
                rseed = None
                if len(parts) == 3:
                    key, _, value = parts[2].partition("=")
                    if key.lower() != "seed":
                        raise InputError("write 'round N [seed=S]'", line=number, field="seed")
                    rseed = _int(value, number, "seed")
                if rno != len(blocks) + 1:
                    raise InputError(
                        f"round {rno} where round {len(blocks) + 1} was expected",
                        line=number,
                        field="round",
                    )
                blocks.append((rno, number, rseed, []))
                continue
            key, sep, value = line.partition(":")
            key = key.strip().lower()
            value = value.strip()
            if sep and key in STAGES:
                stage_lines.append((key, number, value.split()))
                continue
            if sep and key == "player":
                if blocks:
                    raise InputError("players come before the rounds", line=number, field="player")
                p = _parse_player(value, number)
                if p.id in player_lines:
                    raise InputError(
                        f"player '{p.id}' is already on line {player_lines[p.id]}",
                        line=number,
                        field="id",
                    )
                players.append(p)
                player_lines[p.id] = number
                continue
            if (
                sep
                and key in ("tournament", "seed", "system", "bye_points", "contact", "championship")
                and not blocks
            ):
                if key == "championship":
                    if value.lower() not in CHAMPIONSHIPS:
                        known = ", ".join(CHAMPIONSHIPS)
                        raise InputError(
                            f"championship is one of {known}, not '{value}'",
                            line=number,
                            field="championship",
                        )
                    world = value.lower() == "world"
                elif key == "tournament":
                    name = value
                elif key == "seed":
                    seed = _int(value, number, "seed")
                elif key == "system":
                    if value.lower() != "auto":
                        try:
                            system = System(value.lower())
                        except ValueError:
                            known = ", ".join(s.value for s in System)
                            raise InputError(
                                f"unknown system '{value}' (auto, {known})",
                                line=number,
                                field="system",
                            ) from None
                        system_line = number
                elif key == "bye_points":
                    try:
                        bye_points = Decimal(value)
                    except InvalidOperation:
                        bye_points = None
                    if bye_points not in (Decimal(0), Decimal("0.5"), Decimal(1)):
                        raise InputError(
                            "bye_points is 0, 0.5 or 1", line=number, field="bye_points"
                        )
                else:
                    contact = frozenset(c.strip().upper() for c in value.split(",") if c.strip())
                continue
            if sep and key in SUBMISSION_HEADERS and not blocks:
                continue  # the ledger's headers, read by :mod:`.submission`
            if blocks:
                blocks[-1][3].append((number, raw))
                continue
            raise InputError(f"cannot read '{line}'", line=number, field=key or "line")
    if not players and not problems:
        problems.add(InputError("the file has no 'player:' lines", line=1, field="player"))
    problems.check()
    _check_field(players, contact, player_lines, world=world)
    if system is not None and system is not system_for_field(len(players)):
        raise RuleError(
            f"{len(players)} players play {system_for_field(len(players)).value}, "
            f"not {system.value}",
            rule="seed 004 II.2",
            line=system_line,
        )
    t = Tournament(name, tuple(players), (), seed, None, bye_points, contact_nations=contact)
    rounds: list[Round] = []
    for rno, hline, rseed, body in blocks:
        state = Tournament(
            name, tuple(players), tuple(rounds), seed, None, bye_points, contact_nations=contact
        )
        try:
            rounds.append(parse_round(body, rno, state, seed=rseed, header_line=hline))
        except InputError as exc:  # the later rounds start from this one: not read
            problems.add(exc)
            break
    t = Tournament(
        name, tuple(players), tuple(rounds), seed, None, bye_points, contact_nations=contact
    )
    field_map = t.player_map()
    stage_games: list[StageGame] = []
    for stage, at, tokens in stage_lines:
        with problems.catch():
            game = parse_game(tokens, at, field_map, with_colour=True)
            stage_games.append(StageGame(stage, game, at))
    problems.check()
    return Document(t, tuple(stage_games))


def parse_round_text(text: str, number: int, tournament: Tournament) -> Round:
    """A director's paste of one round (see :func:`parse_round`); lines count from 1."""
    return parse_round(enumerate(text.splitlines(), start=1), number, tournament)
