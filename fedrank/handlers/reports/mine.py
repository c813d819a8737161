"""``/mygames [tournament] [page]``: a player's own game reports and what became of them.

A report's state as the player sees it: ``reported`` (waiting for the opponent),
``confirmed`` (waiting for a director, or counted and waiting for the league's round to
close), ``disputed``, ``rejected``, ``rated`` (counted in a version that rated it) or
``counted`` (stored in a tournament that no adapter rates from reports).
"""

from __future__ import annotations

from typing import Final

from fedrank.handlers.access import caller, linked_players
from fedrank.handlers.context import RequestContext, Services
from fedrank.handlers.errors import UserError
from fedrank.handlers.reports.parts import parts_of, result_text
from fedrank.handlers.systems.go_ufgo.league import league_of
from fedrank.handlers.wording.common import is_number, player_label
from fedrank.handlers.wording.i18n import t
from fedrank.handlers.wording.reply import Reply, bold
from fedrank.storage.models import GameReport, TournamentVersion
from fedrank.storage.repos import Repos

PAGE: Final = 15
USAGE: Final = "/mygames [tournament] [page]"


def _state(report: GameReport, current: TournamentVersion | None) -> str:
    """The report's state in the player's words (module docstring)."""
    if report.state != "approved":
        return {"reported": "reported", "confirmed": "confirmed"}.get(report.state, report.state)
    league = league_of(current.params) if current is not None else None
    if league is not None and any(rep == report.id for *_, rep in league.pending):
        return "waiting_round"
    if current is not None and current.params.get("system"):
        return "rated"
    return "counted"


async def mygames(services: Services, ctx: RequestContext, args: str) -> Reply:
    lang = ctx.language
    words = args.split()
    page = 1
    if words and is_number(words[-1]) and len(words[-1]) < 6:
        page = max(1, int(words.pop()))
    if len(words) > 1:
        raise UserError(t(lang, "error.usage", usage=USAGE))
    async with services.db.transaction() as repos:
        account = await caller(repos, services, ctx)
        mine = await linked_players(repos, ctx, account, unlinked="report.unlinked")
        ids = [p.id for p in mine]
        rows: list[GameReport] = []
        if words:
            found = [
                tournament
                for own in mine
                for d in await repos.federations.disciplines(own.federation_id)
                if (tournament := await repos.game_reports.tournament(d.id, words[0])) is not None
            ]
            if not found:
                raise UserError(t(lang, "mygames.no_tournament", tournament=words[0]))
            for tournament in found:
                rows += await repos.game_reports.of_player(ids, tournament.id)
        else:
            rows = list(await repos.game_reports.of_player(ids))
        if not rows:
            return Reply.text(t(lang, "mygames.none"), private=True)
        pages = (len(rows) + PAGE - 1) // PAGE
        page = min(page, pages)
        reply = Reply(private=True)
        reply.line(bold(t(lang, "mygames.title", page=page, pages=pages, count=len(rows))))
        for row in rows[(page - 1) * PAGE : page * PAGE]:
            reply.line(await _line(repos, lang, row, ids))
        if page < pages:
            nxt = " ".join([*words, str(page + 1)])
            reply.button(t(lang, "mygames.next"), f"/mygames {nxt}")
        return reply


async def _line(repos: Repos, lang: str, row: GameReport, mine: list[int]) -> str:
    p = await parts_of(repos, row, lang)
    current = await repos.ledger.current_version(p.tournament.id)
    # Seen from the player's side: a report his opponent made is turned round.
    mirrored = row.reporter_id not in mine
    result = row.result
    score1, score2 = row.score1, row.score2
    if mirrored:
        result = {"win1": "win2", "win2": "win1"}.get(result, result)
        score1, score2 = score2, score1
    opponent = p.reporter if mirrored else p.opponent
    return t(
        lang,
        "mygames.line",
        report=row.id,
        tournament=p.tournament.code,
        opponent=player_label(opponent),
        result=result_text(lang, result, score1, score2),
        state=t(lang, f"mygames.state_{_state(row, current)}"),
    )
