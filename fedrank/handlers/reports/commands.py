"""The chat commands of game reports: directors open and close tournaments and decide; players
report, list what waits for them, and answer their opponent's reports."""

from __future__ import annotations

import re
from typing import Any

from fedrank.handlers.access import (
    caller,
    directed_federations,
    director_discipline,
    linked_players,
    require_role,
    stored,
    stored_discipline,
    stored_federation,
    stored_tournament,
)
from fedrank.handlers.context import RequestContext, Services
from fedrank.handlers.errors import UserError
from fedrank.handlers.reports import notices
from fedrank.handlers.reports.league import (
    COLOURS,
    LEAGUE_SYSTEMS,
    USAGE_GO,
    busy_in_round,
    find_opponent,
    go_result,
)
from fedrank.handlers.reports.ledger import audit_report, can_rate, count_game, results_are_places
from fedrank.handlers.reports.parts import ReportParts, describe, parts_of, result_text
from fedrank.handlers.reports.sheet import fills_sheet, held_in_sheet, pairing_of, table_of
from fedrank.handlers.systems.go_ufgo.league import league_of
from fedrank.handlers.wording.common import is_number, player_label
from fedrank.handlers.wording.i18n import t
from fedrank.handlers.wording.reply import Reply, bold
from fedrank.storage.models import Player, Tournament, TournamentVersion
from fedrank.storage.repos import Repos

#: What a reporter may say, and the stored result with the reporter as player 1.
RESULTS = {"win": "win1", "loss": "win2", "draw": "draw"}
_SCORE_RE = re.compile(r"^(\d{1,4})[-:](\d{1,4})$")
_CODE_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$")
MAX_NAME = 300


def _report_id(ctx: RequestContext, args: str, usage: str) -> int:
    text = args.strip().lstrip("#")
    if not is_number(text) or len(text) > 12:
        raise UserError(t(ctx.language, "error.usage", usage=usage))
    return int(text)


def _counted(ctx: RequestContext, p: ReportParts, version: TournamentVersion) -> Reply:
    lang = ctx.language
    league = league_of(version.params)
    if fills_sheet(version.params):
        key = "sheet.counted"
    elif league is not None and any(rep == p.report.id for *_, rep in league.pending):
        key = "league.counted_waiting"
    elif league is not None:
        key = "league.counted_rated"
    else:
        key = "report.counted"
    return Reply.text(
        t(
            lang,
            key,
            report=p.report.id,
            tournament=p.tournament.code,
            version=version.version,
            round=league.round
            if league is not None
            else int(version.params.get("rounds_played", 0)) + 1,
        )
    )


def _not_waiting(ctx: RequestContext, report_id: int, state: str) -> UserError:
    return UserError(
        t(
            ctx.language,
            "report.not_waiting",
            report=report_id,
            state=t(ctx.language, f"report.state_{state}"),
        )
    )


# --- directors open and close tournaments ----------------------------------------------------


async def openreports(services: Services, ctx: RequestContext, args: str) -> Reply:
    usage = "/openreports <discipline> <tournament code> [name]"
    parts = args.split(maxsplit=2)
    if len(parts) < 2 or not _CODE_RE.match(parts[1]):
        raise UserError(t(ctx.language, "error.usage", usage=usage))
    name = parts[2].strip()[:MAX_NAME] if len(parts) == 3 else parts[1]
    async with services.db.transaction() as repos:
        account = await caller(repos, services, ctx)
        discipline, federation = await director_discipline(repos, ctx, account, parts[0])
        if results_are_places(services.systems, discipline.system):
            raise UserError(t(ctx.language, "figures.reports_places", discipline=discipline.code))
        now = services.now()
        tournament = await repos.game_reports.tournament(discipline.id, parts[1])
        created = tournament is None
        if tournament is None:
            version = await repos.ledger.record_tournament(
                discipline_id=discipline.id,
                code=parts[1],
                name=name,
                held_on=now.date(),
                params={},
                entries=[],
                games=[],
                awards=[],
                now=now,
                submitted_by=account.id,
                reason="opened for game reports",
            )
            tournament = await stored_tournament(repos, version.tournament_id, ctx.language)
        elif tournament.open_for_reports:
            return Reply.text(t(ctx.language, "reports.already_open", tournament=tournament.code))
        tournament.open_for_reports = True
        await repos.audit.log(
            "reports.opened",
            at=now,
            account_id=account.id,
            federation_id=federation.id,
            subject=tournament.code,
            details={"discipline": discipline.code, "created": created},
        )
        opened = (
            "league.reports_opened" if discipline.system in LEAGUE_SYSTEMS else "reports.opened"
        )
        reply = Reply.text(
            t(
                ctx.language,
                opened,
                tournament=tournament.code,
                name=tournament.name,
                discipline=discipline.code,
            )
        )
        if discipline.system in LEAGUE_SYSTEMS:
            reply.line(t(ctx.language, "league.use_league", discipline=discipline.code))
        elif fills_sheet(await _params_of(repos, tournament)):
            reply.line(t(ctx.language, "sheet.opened", tournament=tournament.code))
        elif not can_rate(services.systems, discipline.system):
            reply.line(t(ctx.language, "reports.not_rated", system=discipline.system))
        return reply


async def closereports(services: Services, ctx: RequestContext, args: str) -> Reply:
    parts = args.split()
    if len(parts) != 2:
        raise UserError(
            t(ctx.language, "error.usage", usage="/closereports <discipline> <tournament code>")
        )
    async with services.db.transaction() as repos:
        account = await caller(repos, services, ctx)
        discipline, federation = await director_discipline(repos, ctx, account, parts[0])
        tournament = await repos.game_reports.tournament(discipline.id, parts[1])
        if tournament is None or not tournament.open_for_reports:
            raise UserError(t(ctx.language, "reports.not_open", tournament=parts[1]))
        tournament.open_for_reports = False
        await repos.audit.log(
            "reports.closed",
            at=services.now(),
            account_id=account.id,
            federation_id=federation.id,
            subject=tournament.code,
            details={"discipline": discipline.code},
        )
        return Reply.text(t(ctx.language, "reports.closed", tournament=tournament.code))


# --- a player reports ------------------------------------------------------------------------


USAGE = "/report <tournament> <opponent ID> <win|loss|draw> [40-24]"


def _parse_result(
    ctx: RequestContext, words: list[str], system: str
) -> tuple[str, int | None, int | None]:
    """(stored result, score1, score2) of ``/report``'s words after the opponent, by the
    tournament's system: Go results as players write them, else win/loss/draw and discs."""
    if system in LEAGUE_SYSTEMS:
        return go_result(ctx.language, words), None, None
    if len(words) not in (1, 2) or words[0].lower() not in RESULTS:
        raise UserError(t(ctx.language, "error.usage", usage=USAGE))
    score1 = score2 = None
    if len(words) == 2:
        match = _SCORE_RE.match(words[1])
        if match is None:
            raise UserError(t(ctx.language, "error.usage", usage=USAGE))
        score1, score2 = int(match.group(1)), int(match.group(2))
    result = RESULTS[words[0].lower()]
    if score1 is not None and score2 is not None:
        expected = "win1" if score1 > score2 else "win2" if score1 < score2 else "draw"
        if expected != result:
            raise UserError(
                t(ctx.language, "report.score_mismatch", result=words[0].lower(), score=words[1])
            )
    return result, score1, score2


def _split_tail(words: list[str], system: str) -> tuple[str, list[str]]:
    """(the opponent, the result's words) of what follows the tournament: the result is the
    last word, or the last two with a colour (Go) or a disc score; the opponent (an ID in
    any form, or a name of several words) is everything before it."""
    last = words[-1]
    two = last.lower() in COLOURS if system in LEAGUE_SYSTEMS else _SCORE_RE.match(last) is not None
    cut = len(words) - (2 if two and len(words) >= 3 else 1)
    return " ".join(words[:cut]), words[cut:]


async def _check_sheet(
    repos: Repos,
    ctx: RequestContext,
    tournament: Tournament,
    params: dict[str, Any],
    player: Player,
    opponent: Player,
    score: int | None,
) -> None:
    """An Othello round's report: the published pairing's game, with discs, not yet held."""
    lang = ctx.language
    number = int(params["rounds_played"]) + 1
    pairing = pairing_of(params) or {}
    a, b = player.federation_player_id, opponent.federation_player_id
    if table_of(pairing, a, b) is None:
        raise UserError(t(lang, "sheet.not_paired", round=number, opponent=player_label(opponent)))
    if score is None:
        raise UserError(t(lang, "sheet.discs_needed", usage=USAGE))
    held = await held_in_sheet(repos, tournament, params, a, b)
    if held is not None:
        raise UserError(t(lang, "sheet.held", report=held.id, round=number))


async def _refuse_places(
    repos: Repos, services: Services, ctx: RequestContext, players: list[Player]
) -> None:
    """No tournament open: where every discipline of the caller's federations ranks places,
    say what to do instead of a game report (``/propose``)."""
    disciplines = [
        d for own in players for d in await repos.federations.disciplines(own.federation_id)
    ]
    if disciplines and all(results_are_places(services.systems, d.system) for d in disciplines):
        raise UserError(t(ctx.language, "report.places", discipline=disciplines[0].code))


async def _params_of(repos: Repos, tournament: Tournament) -> dict[str, Any]:
    current = await repos.ledger.current_version(tournament.id)
    return dict(current.params) if current is not None else {}


async def _usage(repos: Repos, ctx: RequestContext, players: list[Player]) -> str:
    """The usage line for the caller: a Go score where every discipline of his federations
    is Go, else the disc score."""
    systems = {
        d.system for own in players for d in await repos.federations.disciplines(own.federation_id)
    }
    return USAGE_GO if systems and systems <= set(LEAGUE_SYSTEMS) else USAGE


async def report(services: Services, ctx: RequestContext, args: str) -> Reply:
    lang = ctx.language
    parts = args.split()
    async with services.db.transaction() as repos:
        account = await caller(repos, services, ctx)
        mine = await linked_players(repos, ctx, account, unlinked="report.unlinked")
        if len(parts) < 3:
            raise UserError(t(lang, "error.usage", usage=await _usage(repos, ctx, mine)))
        reports = repos.game_reports
        # The tournament's federation says which of the caller's players reports.
        candidates = [
            (own, tournament)
            for own in mine
            for tournament in await reports.open_tournaments(own.federation_id, parts[0])
        ]
        if not candidates:
            await _refuse_places(repos, services, ctx, mine)
        if len(candidates) != 1:
            # None open (or several of one code in different disciplines: never created by
            # /openreports, which is per discipline, but refused rather than guessed).
            raise UserError(t(lang, "reports.not_open", tournament=parts[0]))
        player, found = candidates[0]
        locked = await reports.lock_tournament(found.id)
        tournament = stored(locked, "Tournament", found.id, lang)
        federation = await stored_federation(repos, player.federation_id, lang)
        discipline = await stored_discipline(repos, tournament.discipline_id, lang)
        named, said = _split_tail(parts[1:], discipline.system)
        result, score1, score2 = _parse_result(ctx, said, discipline.system)
        opponent = await find_opponent(repos, federation, named)
        if opponent is None:
            raise UserError(t(lang, "player.not_found", query=named))
        if opponent.id == player.id:
            raise UserError(t(lang, "report.self"))
        current = await repos.ledger.current_version(tournament.id)
        league = league_of(current.params) if current is not None else None
        if league is not None and busy_in_round(league, (player.id, opponent.id)):
            raise UserError(t(lang, "league.round_busy", round=league.round))
        if current is not None and fills_sheet(current.params):
            await _check_sheet(repos, ctx, tournament, current.params, player, opponent, score1)
        waiting = await reports.in_flight_for_pair(tournament.id, player.id, opponent.id)
        if waiting is not None:
            raise UserError(
                t(
                    lang,
                    "report.duplicate",
                    report=waiting.id,
                    opponent=player_label(opponent),
                    tournament=tournament.code,
                )
            )
        now = services.now()
        row = await reports.add(
            tournament_id=tournament.id,
            reporter_id=player.id,
            opponent_id=opponent.id,
            result=result,
            score1=score1,
            score2=score2,
            now=now,
        )
        await repos.audit.log(
            "report.created",
            at=now,
            account_id=account.id,
            federation_id=federation.id,
            subject=tournament.code,
            details={
                "report": row.id,
                "reporter": player.federation_player_id,
                "opponent": opponent.federation_player_id,
                "result": result,
                "score": [score1, score2],
                "written": " ".join(said),
            },
        )
        p = ReportParts(row, tournament, discipline, federation, player, opponent)
        await notices.tell(
            repos,
            await notices.players_accounts(repos, opponent.id),
            f"report:{row.id}:ask",
            notices.ask_opponent(p),
            now,
        )
        return Reply.text(
            t(
                lang,
                "report.created",
                report=row.id,
                tournament=tournament.code,
                opponent=player_label(opponent),
                result=result_text(lang, result, score1, score2),
            ),
            private=True,
        )


# --- who waits for whom ------------------------------------------------------------------------


async def reports(services: Services, ctx: RequestContext, args: str) -> Reply:
    """The reports waiting for the caller: to confirm (a player), to decide (a director)."""
    lang = ctx.language
    async with services.db.transaction() as repos:
        account = await caller(repos, services, ctx)
        repo = repos.game_reports
        reply = Reply(private=True)
        mine = await repos.accounts.players_of(account.id)
        asked = [row for own in mine for row in await repo.waiting_for_player(own.id)]
        if asked:
            reply.line(bold(t(lang, "reports.to_confirm")))
        for row in asked:
            reply.line(describe(lang, await parts_of(repos, row, lang)))
            reply.button(t(lang, "report.confirm", report=row.id), f"/gameok {row.id}")
            reply.button(t(lang, "report.dispute", report=row.id), f"/gamedispute {row.id}")
        sent = [row for own in mine for row in await repo.sent_by_player(own.id)]
        if sent:
            reply.line(bold(t(lang, "reports.sent")))
        for row in sent:
            reply.line(describe(lang, await parts_of(repos, row, lang)))
        federations = await directed_federations(repos, account)
        decide = await repo.waiting_for_directors(
            [f.id for f in federations], ("confirmed", "disputed")
        )
        if decide:
            reply.line(bold(t(lang, "reports.to_decide")))
        for row, _ in decide:
            reply.line(describe(lang, await parts_of(repos, row, lang)))
            reply.button(t(lang, "report.approve", report=row.id), f"/gameapprove {row.id}")
            reply.button(t(lang, "report.reject", report=row.id), f"/gamereject {row.id}")
        if not reply.blocks:
            reply.line(t(lang, "reports.none"))
        return reply


# --- the opponent answers ----------------------------------------------------------------------


async def _opponent_answer(
    services: Services, ctx: RequestContext, args: str, agree: bool
) -> Reply:
    usage = "/gameok <report>" if agree else "/gamedispute <report>"
    report_id = _report_id(ctx, args, usage)
    async with services.db.transaction() as repos:
        account = await caller(repos, services, ctx)
        row = await repos.game_reports.get(report_id, lock=True)
        mine = {p.id for p in await repos.accounts.players_of(account.id)}
        if row is None or row.opponent_id not in mine:
            raise UserError(t(ctx.language, "report.not_yours", report=report_id))
        if row.state != "reported":
            raise _not_waiting(ctx, row.id, row.state)
        p = await parts_of(repos, row, ctx.language)
        now = services.now()
        code = p.federation.code
        if not agree:
            row.state = "disputed"
            await audit_report(repos, "report.disputed", now, account, p)
            await notices.tell_directors(repos, p, now)
            disputed = notices.news("report.disputed", report=row.id, federation=code)
            reporter = await notices.players_accounts(repos, row.reporter_id)
            await notices.tell(repos, reporter, f"report:{row.id}:disputed", disputed, now)
            return Reply.text(t(ctx.language, "report.disputed", report=row.id, federation=code))
        if p.federation.reports_need_approval:
            row.state = "confirmed"
            await audit_report(repos, "report.confirmed", now, account, p)
            await notices.tell_directors(repos, p, now)
            waits = notices.news("report.awaits_director", report=row.id, federation=code)
            reporter = await notices.players_accounts(repos, row.reporter_id)
            await notices.tell(repos, reporter, f"report:{row.id}:confirmed", waits, now)
            return Reply.text(
                t(ctx.language, "report.awaits_director", report=row.id, federation=code)
            )
        await audit_report(repos, "report.confirmed", now, account, p)
        version = await count_game(repos, services.systems, account, p, now, ctx.language)
        return _counted(ctx, p, version)


async def gameok(services: Services, ctx: RequestContext, args: str) -> Reply:
    return await _opponent_answer(services, ctx, args, agree=True)


async def gamedispute(services: Services, ctx: RequestContext, args: str) -> Reply:
    return await _opponent_answer(services, ctx, args, agree=False)


# --- a director decides ------------------------------------------------------------------------


async def _director_decision(
    services: Services, ctx: RequestContext, args: str, approve: bool
) -> Reply:
    usage = "/gameapprove <report>" if approve else "/gamereject <report>"
    report_id = _report_id(ctx, args, usage)
    async with services.db.transaction() as repos:
        account = await caller(repos, services, ctx)
        row = await repos.game_reports.get(report_id, lock=True)
        if row is None:
            raise UserError(t(ctx.language, "report.unknown", report=report_id))
        p = await parts_of(repos, row, ctx.language)
        await require_role(repos, ctx, account, p.federation, "director")
        allowed = ("confirmed", "disputed") if approve else ("reported", "confirmed", "disputed")
        if row.state not in allowed:
            raise _not_waiting(ctx, row.id, row.state)
        now = services.now()
        if not approve:
            previous = row.state
            row.state = "rejected"
            row.decided_at = now
            await audit_report(repos, "report.rejected", now, account, p, {"was": previous})
            rejected = notices.news("report.rejected", report=row.id)
            await notices.tell_players(repos, p, "rejected", rejected, now, skip=account)
            return Reply.text(t(ctx.language, "report.rejected", report=row.id))
        await audit_report(repos, "report.approved", now, account, p, {"was": row.state})
        version = await count_game(repos, services.systems, account, p, now, ctx.language)
        return _counted(ctx, p, version)


async def gameapprove(services: Services, ctx: RequestContext, args: str) -> Reply:
    return await _director_decision(services, ctx, args, approve=True)


async def gamereject(services: Services, ctx: RequestContext, args: str) -> Reply:
    return await _director_decision(services, ctx, args, approve=False)
