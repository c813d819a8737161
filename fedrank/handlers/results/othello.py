"""Othello tournaments in chat: directors enter a round, everyone reads pairings and standings.

Seed 004 (``004_460858c73f2f8122.txt``) II.6 (pairings), II.3 and Appendix A (standings with
the Mixed Brightwell tie-break), through the othello_woc adapter
(:mod:`fedrank.handlers.systems.othello_woc`).

* ``/pairing <tournament>``: the published pairing of the next round, with the seed it was
  drawn with (the current tournament version's ``next_round``).
* ``/standings <tournament>``: the standings of the current version (the IFRL once the first
  two days are over).
* ``/round <tournament>`` with the round's results pasted after the command line (or
  attached): a director's entry. The adapter appends the round to the stored tournament and
  computes the new standings and the next pairing; the reply previews both with Confirm and
  Cancel buttons. It is the pending submission of :mod:`fedrank.handlers.results.submission`, so
  ``/confirm <token>`` writes the new tournament version (which publishes its pairing) in one
  transaction and ``/cancel <token>`` drops it. Errors name the line of the pasted results
  (1 = the first line after the command).

Writes are for directors of the tournament's federation; reading is for everyone.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fedrank.engines.kernel import EngineError
from fedrank.handlers.access import caller, current_version, director_of, one_tournament
from fedrank.handlers.context import RequestContext, Services
from fedrank.handlers.errors import UserError
from fedrank.handlers.federation.setup import refuse_disabled
from fedrank.handlers.reports import sheet
from fedrank.handlers.results.submission import MAX_UPLOAD, hold_for_confirmation, preview_reply
from fedrank.handlers.systems.base import is_withdrawn
from fedrank.handlers.systems.othello_woc import ADAPTER, SYSTEM
from fedrank.handlers.wording.i18n import t, tn
from fedrank.handlers.wording.reply import Reply, bold
from fedrank.handlers.wording.safetext import visible
from fedrank.storage.models import Account, Discipline, Player, Tournament, TournamentVersion
from fedrank.storage.records import Prepared
from fedrank.storage.repos import Repos


async def _tournament(
    repos: Repos, ctx: RequestContext, query: str
) -> tuple[Tournament, Discipline, TournamentVersion]:
    """The one Othello tournament ``query`` names (its code, or part of its name)."""
    disciplines = {d.id: d for d in await repos.federations.disciplines() if d.system == SYSTEM}
    tournament = await one_tournament(
        repos,
        ctx,
        query,
        unknown="othello.unknown_tournament",
        choose="why.choose",
        disciplines=list(disciplines),
    )
    version = await current_version(repos, tournament, ctx.language)
    if is_withdrawn(version.params):  # /withdraw took it out: no rounds, no standings
        raise UserError(t(ctx.language, "othello.unknown_tournament", query=query))
    if "rounds_played" not in version.params:
        # Opened for game reports (/openreports), never submitted as a tournament file.
        raise UserError(t(ctx.language, "othello.no_state", name=tournament.name))
    return tournament, disciplines[tournament.discipline_id], version


async def _names(repos: Repos, params: dict[str, Any]) -> dict[str, Player]:
    discipline_players: dict[str, Player] = {}
    for fid, player_id in params.get("players", {}).items():
        player = await repos.players.get(int(player_id))
        if player is not None:
            discipline_players[fid] = player
    return discipline_players


def _label(players: dict[str, Player], fid: str) -> str:
    player = players.get(fid)
    return f"{player.name} ({fid})" if player is not None else fid


def _pairing_block(
    reply: Reply, ctx: RequestContext, name: str, params: dict[str, Any], players: dict[str, Player]
) -> None:
    pairing = params.get("next_round")
    if pairing is None:
        total = params["rounds_total"]
        reply.line(tn(ctx.language, "othello.no_pairing", total, name=name, total=total))
        return
    reply.line(
        bold(
            t(
                ctx.language,
                "othello.pairing_title",
                name=name,
                round=pairing["round"],
                total=params["rounds_total"],
                system=pairing["system"],
                seed=pairing["seed"] if pairing["seed"] is not None else "—",
            )
        )
    )
    reply.table(
        tuple(t(ctx.language, "othello.pairing_headers").split("|")),
        [
            (str(p["table"]), _label(players, p["black"]), _label(players, p["white"]))
            for p in pairing["pairs"]
        ],
    )
    if pairing["byes"]:
        byes = ", ".join(_label(players, fid) for fid in pairing["byes"])
        reply.line(t(ctx.language, "othello.byes", players=byes))


async def pairing(services: Services, ctx: RequestContext, args: str) -> Reply:
    query = args.strip()
    if not query:
        raise UserError(t(ctx.language, "error.usage", usage="/pairing <tournament>"))
    async with services.db.read() as repos:
        tournament, _, version = await _tournament(repos, ctx, query)
        players = await _names(repos, version.params)
        reply = Reply()
        _pairing_block(reply, ctx, tournament.name, version.params, players)
        return reply


async def standings(services: Services, ctx: RequestContext, args: str) -> Reply:
    query = args.strip()
    if not query:
        raise UserError(t(ctx.language, "error.usage", usage="/standings <tournament>"))
    async with services.db.read() as repos:
        tournament, _, version = await _tournament(repos, ctx, query)
        params = version.params
        players = await _names(repos, params)
        ifrl = {e["player"]: e for e in params.get("ifrl", [])}
        total = params["rounds_total"]
        values = {"name": tournament.name, "round": params["rounds_played"], "total": total}
        if ifrl:
            title = tn(ctx.language, "othello.ifrl_title", total, **values)
        else:
            title = t(ctx.language, "othello.standings_title", **values)
        reply = Reply().line(bold(title))
        rows = []
        for row in params["standings"]:
            fid = row["player"]
            place = str(ifrl[fid]["place"]) if fid in ifrl else str(row["rank"])
            player = players.get(fid)
            note = ifrl.get(fid, {}).get("note") or ("withdrawn" if row["withdrawn"] else "")
            rows.append(
                (
                    place,
                    _label(players, fid),
                    (player.country or "") if player is not None else "",
                    row["points"],
                    row["BQ"],
                    str(row["discs"]),
                    note,
                )
            )
        if ifrl:
            rows.sort(key=lambda r: int(r[0]))
        reply.table(tuple(t(ctx.language, "othello.standings_headers").split("|")), rows)
        return reply


def _results_text(ctx: RequestContext, rest: str) -> str:
    if ctx.attachment is not None:
        if len(ctx.attachment.content) > MAX_UPLOAD:
            raise UserError(t(ctx.language, "submit.too_large", limit=MAX_UPLOAD // 1_000_000))
        try:
            return ctx.attachment.content.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise UserError(
                t(ctx.language, "submit.not_text", file=ctx.attachment.filename)
            ) from None
    return rest


async def preview_round(
    repos: Repos,
    ctx: RequestContext,
    query: str,
    results: Callable[[], str],
    account: Account | None,
) -> tuple[Discipline, Prepared, Reply, str]:
    """A round of the Othello tournament ``query`` names, prepared and previewed (the new
    standings and the next pairing); writes nothing. ``account`` is the director entering it
    (his role is checked), or None for the operator's ``fedrank round``. Also returns the
    name the round's text is stored under. ``results`` gives the round's text once the
    caller may enter it (an upload is read after the role check)."""
    tournament, discipline, version = await _tournament(repos, ctx, query)
    if account is not None:
        await director_of(repos, ctx, account, discipline.federation_id)
    refuse_disabled(discipline, ctx.language)
    number = int(version.params["rounds_played"]) + 1
    text = visible(results())  # no invisible control in its names
    if not text.strip():
        # Nothing pasted: the round sheet the players' reports filled (reports.sheet).
        text = await sheet.round_text(repos, tournament, version.params, ctx.language)
    try:
        prepared = await ADAPTER.prepare_round(repos, discipline, tournament, text)
    except EngineError as exc:
        raise UserError(
            t(ctx.language, "othello.round_refused", round=number, error=str(exc))
        ) from None
    reply = preview_reply(ctx, discipline, prepared)
    players = await _names(repos, prepared.params)
    if prepared.params.get("next_round") is not None:
        reply.line(t(ctx.language, "othello.publish_on_confirm"))
    _pairing_block(reply, ctx, tournament.name, prepared.params, players)
    return discipline, prepared, reply, f"{tournament.code}-round-{number}.txt"


async def round_(services: Services, ctx: RequestContext, args: str) -> Reply:
    """``/round <tournament>`` + the round's results: preview, next pairing, Confirm/Cancel."""
    head, _, rest = args.partition("\n")
    query = head.strip()
    if not query:
        raise UserError(t(ctx.language, "error.usage", usage="/round <tournament> + results"))
    async with services.db.transaction() as repos:
        account = await caller(repos, services, ctx)
        discipline, prepared, reply, filename = await preview_round(
            repos, ctx, query, lambda: _results_text(ctx, rest), account
        )
        token = await hold_for_confirmation(
            repos,
            account.id,
            discipline,
            prepared,
            filename,
            prepared.params["document"],
            services.now(),
        )
        reply.button(t(ctx.language, "submit.confirm"), f"/confirm {token}")
        reply.button(t(ctx.language, "submit.cancel"), f"/cancel {token}")
        return reply


async def roundstatus(services: Services, ctx: RequestContext, args: str) -> Reply:
    """``/roundstatus <tournament>``: each table of the round with the result the players'
    reports agreed on, or what is missing; complete, ``/round <tournament>`` enters it."""
    query = args.strip()
    if not query:
        raise UserError(t(ctx.language, "error.usage", usage="/roundstatus <tournament>"))
    async with services.db.read() as repos:
        tournament, _, version = await _tournament(repos, ctx, query)
        if sheet.pairing_of(version.params) is None:
            raise UserError(
                tn(
                    ctx.language,
                    "othello.no_pairing",
                    version.params["rounds_total"],
                    name=tournament.name,
                    total=version.params["rounds_total"],
                )
            )
        rows, done = await sheet.status(repos, tournament, version.params, ctx.language)
        players = await _names(repos, version.params)
        number = int(version.params["rounds_played"]) + 1
        reply = Reply().line(
            bold(
                t(
                    ctx.language,
                    "sheet.title",
                    name=tournament.name,
                    round=number,
                    done=done,
                    tables=len(rows),
                )
            )
        )
        reply.table(
            tuple(t(ctx.language, "sheet.headers").split("|")),
            [(n, _label(players, b), _label(players, w), state) for n, b, w, state in rows],
        )
        if done == len(rows):
            reply.line(t(ctx.language, "sheet.complete", tournament=tournament.code))
            reply.button(t(ctx.language, "sheet.enter"), f"/round {tournament.code}")
        return reply
