"""Go club tournaments (leagues, series) whose reported games are rated as the rulebook says.

``/league <discipline> <code> [size=19] [time=60] [official=yes|no] [rating=round|immediate]
[date=YYYY-MM-DD] [name…]`` opens one: the board size, minutes of main time and the official
flag are the inputs of K3 and the board coefficients (seed 002 §4.3, §4.8). A counted game goes
into the league's open round; ``/closeround <discipline> <code>`` rates the whole league so far
(:func:`fedrank.handlers.systems.go_ufgo.league.rate_league`: every round, the anomaly passes
over all of them) and opens the next round. With ``rating=immediate`` each counted game is
rated at once, in the first round after every game either player has. Each rating is a new
version written by ``repos.ledger.write_prepared``, as a director's file, so ``/rating`` and
``/why`` show it and later tournaments are replayed.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date, datetime
from typing import Final

from fedrank.engines.kernel import EngineError
from fedrank.handlers.access import caller, director_discipline, stored_tournament
from fedrank.handlers.context import RequestContext, Services
from fedrank.handlers.errors import UserError
from fedrank.handlers.reports.parts import ReportParts
from fedrank.handlers.systems.go_ufgo.league import (
    BOARDS,
    RATING_MODES,
    League,
    league_of,
    rate_league,
    rated_games,
)
from fedrank.handlers.systems.players import name_key, word_set
from fedrank.handlers.wording.i18n import t, tn
from fedrank.handlers.wording.reply import Reply, bold
from fedrank.storage.models import (
    Account,
    Discipline,
    Federation,
    Player,
    Tournament,
    TournamentVersion,
)
from fedrank.storage.records import NewEntry, NewGame, Prepared
from fedrank.storage.repos import Repos

#: The systems whose reported games a league rates.
LEAGUE_SYSTEMS: Final = ("go_ufgo",)
_CODE_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$")
_GO_RESULT = re.compile(r"^([BW])\+(R|T|F|RESIGN|TIME|\d{1,3}(?:\.5)?)?$", re.IGNORECASE)
COLOURS: Final = {"black": "B", "b": "B", "white": "W", "w": "W"}
_YES: Final = {"yes": True, "y": True, "true": True, "no": False, "n": False, "false": False}
_ID_FORM = re.compile(r"^([A-Za-z]+)[-_ ]?0*(\d+)$")
USAGE_GO: Final = "/report <tournament> <opponent> <B+R|W+3.5|jigo|win|loss> [black|white]"
USAGE_LEAGUE: Final = (
    "/league <discipline> <code> [size=19] [time=60] [official=yes|no] "
    "[rating=round|immediate] [date=YYYY-MM-DD] [name]"
)


# --- what players write ------------------------------------------------------------------------


def go_result(language: str, words: list[str]) -> str:
    """The stored result (reporter first) of a Go result as players write it: ``B+R black``,
    ``W+3.5 white``, ``jigo``, ``win``, ``loss``; ``B+``/``W+`` need the reporter's colour."""
    usage = t(language, "error.usage", usage=USAGE_GO)
    if not words or len(words) > 2:
        raise UserError(usage)
    written = words[0].lower()
    colour = COLOURS.get(words[1].lower()) if len(words) == 2 else None
    if len(words) == 2 and colour is None:
        raise UserError(t(language, "league.bad_colour", colour=words[1]) + "\n" + usage)
    if written in ("win", "loss"):
        return "win1" if written == "win" else "win2"
    if written in ("jigo", "draw", "0.5-0.5", "="):
        return "draw"
    match = _GO_RESULT.match(words[0])
    if match is None:
        raise UserError(usage)
    if colour is None:
        raise UserError(t(language, "league.colour_needed", result=words[0]))
    return "win1" if match.group(1).upper() == colour else "win2"


async def find_opponent(repos: Repos, federation: Federation, text: str) -> Player | None:
    """The federation's player ``text`` names, in any form a results file may use: his ID in
    any case and with or without the leading zeros or the dash (``ufgo-42``, ``UFGO0042``),
    his EGD PIN, or his one registered name (words in any order)."""
    exact = await repos.players.by_federation_id(federation.id, text)
    if exact is not None:
        return exact
    wanted = text.strip()
    if wanted.isdigit():
        pins = await repos.players.by_egd_pins(federation.id, [wanted])
        if wanted in pins:
            return pins[wanted]
    rows = await repos.players.names(federation.id)
    form = _ID_FORM.match(wanted)
    if form is not None and form.group(1).upper() == federation.code.upper():
        number = int(form.group(2))
        ids = [pid for pid, fpid, _, _ in rows if _id_number(fpid, federation.code) == number]
        if len(ids) == 1:
            return await repos.players.get(ids[0])
    key = word_set(wanted)
    named = [
        pid
        for pid, _, name, latin in rows
        if word_set(name) == key or (latin and word_set(latin) == key)
    ]
    if len(named) == 1 and name_key(wanted):
        return await repos.players.get(named[0])
    return None


def _id_number(federation_player_id: str, code: str) -> int | None:
    form = _ID_FORM.match(federation_player_id)
    if form is None or form.group(1).upper() != code.upper():
        return None
    return int(form.group(2))


# --- counting a game in a league ---------------------------------------------------------------


def busy_in_round(league: League, player_ids: tuple[int, int]) -> bool:
    """Whether either player already has a counted game in the league's open round."""
    return league.rating == "round" and any(
        a in player_ids or b in player_ids for _, a, b, _, _ in league.pending
    )


async def count_in_league(
    repos: Repos,
    account: Account,
    p: ReportParts,
    current: TournamentVersion,
    league: League,
    now: datetime,
    language: str,
) -> tuple[TournamentVersion, int, bool]:
    """Write the report's game into the league: (version, round, rated now).

    ``round`` mode: the game waits in the open round (a version that keeps every line of the
    previous one); ``immediate``: the league is re-rated with it."""
    row = p.report
    pair = (row.reporter_id, row.opponent_id)
    if league.rating == "round":
        if busy_in_round(league, pair):
            raise UserError(t(language, "league.round_busy", round=league.round))
        entries, games, awards = await repos.game_reports.version_contents(current.id)
        present = {e.player_id for e in entries}
        entries += [NewEntry(pid, None) for pid in pair if pid not in present]
        game = NewGame(league.round, row.reporter_id, row.opponent_id, row.result)
        waiting = replace(
            league, pending=(*league.pending, (league.round, *pair, row.result, row.id))
        )
        version = await repos.ledger.record_tournament(
            discipline_id=p.discipline.id,
            code=p.tournament.code,
            name=p.tournament.name,
            held_on=current.held_on,
            params={**current.params, "league": waiting.to_json()},
            entries=entries,
            games=[*games, game],
            awards=awards,
            now=now,
            submitted_by=account.id,
            reason=f"game report #{row.id}, waits for round {league.round} to close",
        )
        await repos.ledger.carry_titles(current.id, version.id)
        return version, league.round, False
    rated = rated_games(current.params)
    used = [g.round_no for g in rated if g.player1_id in pair or g.player2_id in pair]
    game = NewGame(max(used, default=0) + 1, row.reporter_id, row.opponent_id, row.result)
    prepared = await _rate_in(
        repos,
        p.discipline,
        p.tournament,
        league,
        [*rated, game],
        f"game report #{row.id}",
        language,
    )
    version = await repos.ledger.write_prepared(
        p.discipline, prepared, now=now, account_id=account.id
    )
    return version, game.round_no, True


async def _rate_in(
    repos: Repos,
    discipline: Discipline,
    tournament: Tournament,
    league: League,
    games: list[NewGame],
    reason: str,
    language: str,
) -> Prepared:
    """The league rated with ``games``; an engine refusal is the caller's error, nothing
    written."""
    try:
        return await rate_league(repos, discipline, tournament, league, games, reason=reason)
    except EngineError as exc:
        raise UserError(t(language, "report.rate_refused", error=str(exc))) from None


# --- directors open leagues and close rounds ---------------------------------------------------


def _settings(language: str, words: list[str]) -> tuple[League, date | None, str]:
    """(settings, date, name) of ``/league``'s words after the discipline and code."""
    values: dict[str, str] = {}
    rest = list(words)
    while rest and "=" in rest[0]:
        name, _, value = rest.pop(0).partition("=")
        values[name.lower()] = value
    unknown = sorted(set(values) - {"size", "time", "official", "rating", "date"})
    problems = [t(language, "league.bad_setting", setting=u) for u in unknown]
    held: date | None = None
    board = time = 0
    try:
        board = int(values.get("size", "19"))
    except ValueError:
        problems.append(t(language, "league.bad_setting", setting=f"size={values['size']}"))
    try:
        time = int(values.get("time", "60"))
    except ValueError:
        problems.append(t(language, "league.bad_setting", setting=f"time={values['time']}"))
    official = _YES.get(values.get("official", "no").lower())
    if official is None:
        problems.append(t(language, "league.bad_setting", setting=f"official={values['official']}"))
    if "date" in values:
        try:
            held = date.fromisoformat(values["date"])
        except ValueError:
            problems.append(t(language, "league.bad_setting", setting=f"date={values['date']}"))
    if "size" in values and board not in BOARDS and board:
        problems.append(t(language, "league.bad_size", setting=f"size={values['size']}"))
    if "time" in values and time and not 1 <= time <= 1000:
        problems.append(t(language, "league.bad_setting", setting=f"time={values['time']}"))
    if values.get("rating", "round").lower() not in RATING_MODES:
        problems.append(t(language, "league.bad_setting", setting=f"rating={values['rating']}"))
    league: League | None = None
    if not problems:
        try:
            league = League(board, time, bool(official), values.get("rating", "round").lower())
        except EngineError as exc:
            problems.append(str(exc))
    if problems or league is None:
        raise UserError("\n".join([*problems, t(language, "error.usage", usage=USAGE_LEAGUE)]))
    return league, held, " ".join(rest)


async def open_league(services: Services, ctx: RequestContext, args: str) -> Reply:
    lang = ctx.language
    words = args.split()
    if len(words) < 2 or not _CODE_RE.match(words[1]):
        raise UserError(t(lang, "error.usage", usage=USAGE_LEAGUE))
    league, held, name = _settings(lang, words[2:])
    async with services.db.transaction() as repos:
        account = await caller(repos, services, ctx)
        discipline, federation = await director_discipline(repos, ctx, account, words[0])
        if discipline.system not in LEAGUE_SYSTEMS:
            raise UserError(t(lang, "league.not_go", discipline=discipline.code))
        if await repos.game_reports.tournament(discipline.id, words[1]) is not None:
            raise UserError(t(lang, "league.exists", tournament=words[1]))
        now = services.now()
        version = await repos.ledger.record_tournament(
            discipline_id=discipline.id,
            code=words[1],
            name=name or words[1],
            held_on=held or now.date(),
            params={"league": league.to_json()},
            entries=[],
            games=[],
            awards=[],
            now=now,
            submitted_by=account.id,
            reason="league opened for game reports",
        )
        tournament = await stored_tournament(repos, version.tournament_id, lang)
        tournament.open_for_reports = True
        await repos.audit.log(
            "league.opened",
            at=now,
            account_id=account.id,
            federation_id=federation.id,
            subject=tournament.code,
            details={"discipline": discipline.code, **league.to_json()},
        )
        official = "league.yes" if league.official else "league.no"
        yes_no = t(lang, official)
        mode = t(lang, f"league.mode_{league.rating}")
        return Reply.text(
            t(
                lang,
                "league.opened",
                tournament=tournament.code,
                name=tournament.name,
                discipline=discipline.code,
                date=tournament.held_on.isoformat(),
                size=league.board,
                time=league.time_minutes,
                official=yes_no,
            ),
            mode,
        )


async def close_round(services: Services, ctx: RequestContext, args: str) -> Reply:
    lang = ctx.language
    words = args.split()
    if len(words) != 2:
        raise UserError(t(lang, "error.usage", usage="/closeround <discipline> <league code>"))
    async with services.db.transaction() as repos:
        account = await caller(repos, services, ctx)
        discipline, federation = await director_discipline(repos, ctx, account, words[0])
        found = await repos.game_reports.tournament(discipline.id, words[1])
        if found is not None:
            found = await repos.game_reports.lock_tournament(found.id)
        current = await repos.ledger.current_version(found.id) if found is not None else None
        league = league_of(current.params) if current is not None else None
        if found is None or current is None or league is None:
            raise UserError(t(lang, "league.unknown", tournament=words[1]))
        if league.rating != "round":
            raise UserError(t(lang, "league.immediate", tournament=found.code))
        if not league.pending:
            raise UserError(
                t(lang, "league.round_empty", round=league.round, tournament=found.code)
            )
        games = [
            *rated_games(current.params),
            *(NewGame(r, a, b, res) for r, a, b, res, _ in league.pending),
        ]
        closed = replace(league, round=league.round + 1, pending=())
        prepared = await _rate_in(
            repos, discipline, found, closed, games, f"round {league.round} closed", lang
        )
        now = services.now()
        version = await repos.ledger.write_prepared(
            discipline, prepared, now=now, account_id=account.id
        )
        await repos.audit.log(
            "league.round_closed",
            at=now,
            account_id=account.id,
            federation_id=federation.id,
            subject=found.code,
            details={
                "round": league.round,
                "games": len(league.pending),
                "version": version.version,
                "reports": [rep for *_, rep in league.pending],
                "replays": len(prepared.replays),
            },
        )
        reply = Reply.text(
            tn(
                lang,
                "league.round_closed",
                len(league.pending),
                round=league.round,
                tournament=found.code,
                games=len(league.pending),
                version=version.version,
            )
        )
        reply.line(bold(t(lang, "league.changes")))
        for line in prepared.preview:
            reply.line(f"{line.label}: {line.before} → {line.after}")
        if prepared.replays:
            reply.line(t(lang, "league.replays", count=len(prepared.replays)))
        return reply
