"""Players report their games; a game counts once the opponent (and maybe a director) agree.

The flow (issue 8, "Players reporting games"):

1. A director opens a tournament for reports: ``/openreports <discipline> <code> [name…]``
   creates it (an empty version 1 dated today) when it is not stored yet and sets
   ``Tournament.open_for_reports``; ``/closereports <discipline> <code>`` closes it.
2. A linked player reports: ``/report <tournament> <opponent ID> <win|loss|draw> [40-24]``,
   the result and score seen from the reporter's side. Refused, with nothing written, unless
   the tournament is open and belongs to the player's own federation, the opponent is another
   player of that federation, and no report of the same pair is still waiting in it.
3. The opponent sees it in ``/reports`` with Confirm / Dispute buttons (``/gameok <id>``,
   ``/gamedispute <id>``), and the same message is queued in the outbox for each of his linked
   accounts (``report:<id>:ask:…``; the directors get ``report:<id>:decide:…`` with Approve /
   Reject when a report waits for them, the players a line when it is counted or rejected).
4. Confirmed, it counts at once, unless ``Federation.reports_need_approval``: then it waits
   for a director's ``/gameapprove <id>`` (or ``/gamereject <id>``). A disputed report goes to
   the directors' ``/reports`` list, where they approve or reject it.
5. Counting writes the game into a new version of the tournament through
   ``repos.ledger.record_tournament``, keeping the previous version's entries, games and awards
   (so the ledger never loses a line), and adding an entry (no place) for a newcomer.

States of :class:`~fedrank.storage.models.GameReport`: ``reported`` (waiting for the
opponent), ``confirmed`` (the opponent agreed, a director must approve), ``disputed`` (the
opponent disagreed, a director decides), ``approved`` (counted: written as a game; where no
approval is required the opponent's confirmation is the approval) and ``rejected``. Every step
is in the audit log (``reports.opened``/``closed``, ``report.created``/``confirmed``/
``disputed``/``approved``/``rejected``/``counted``).

Decisions where the issue is open:

- **Rounds.** A report names no round (the issue's ``/report`` has none and the stored report
  has no round column). "Never twice the same round pair" is kept in two ways: a pair has at
  most one report waiting at a time (whichever of the two reported it), and a counted game is
  put in the first round after every stored game of either player, so neither player ever has
  two games in one round and a pair never meets twice in a round. A pair may meet again in a
  later round (a double round robin); the opponent's confirmation guards against a double
  report of one game.
- **Closing** stops new reports only: reports already made can still be confirmed, disputed,
  approved or rejected, so a game played before the close is not lost.
- **Rating the games.** An adapter that can rate games from players' reports may define
  ``rate_games(repos, discipline, tournament, entries, games) -> Prepared``: given the
  tournament and the entries and games its next version will hold, it returns the whole
  prepared version (awards, titles, replays), which is then written like a confirmed
  submission (:func:`fedrank.handlers.results.write_prepared`). No adapter has it yet (Go rates
  a tournament from its stored params, Othello is a tournament engine), so a counted game is
  stored as a game of a version without new awards (``/openreports`` says so), and the
  director's next submission or publication rates it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime

from fedrank.engines.kernel import EngineError
from fedrank.handlers.common import caller, directed_federations, player_label, require_role
from fedrank.handlers.context import RequestContext, Services
from fedrank.handlers.errors import UserError
from fedrank.handlers.i18n import t
from fedrank.handlers.reply import Reply, bold
from fedrank.handlers.systems import NoAdapterError, SystemRegistry
from fedrank.scheduler.outbox import new_message
from fedrank.storage.models import (
    Account,
    Discipline,
    Federation,
    GameReport,
    Player,
    Tournament,
    TournamentVersion,
)
from fedrank.storage.records import NewEntry, NewGame, Prepared
from fedrank.storage.repositories import Repos

#: What a reporter may say, and the stored result with the reporter as player 1.
RESULTS = {"win": "win1", "loss": "win2", "draw": "draw"}
_SCORE_RE = re.compile(r"^(\d{1,4})[-:](\d{1,4})$")
_CODE_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$")
MAX_NAME = 300


# --- lookups shared by the commands --------------------------------------------------------


async def _discipline(repos: Repos, ctx: RequestContext, code: str) -> Discipline:
    discipline = await repos.federations.discipline_by_code(code)
    if discipline is None:
        known = ", ".join(d.code for d in await repos.federations.disciplines())
        raise UserError(t(ctx.language, "top.unknown_discipline", query=code, known=known))
    return discipline


async def _federation(repos: Repos, federation_id: int) -> Federation:
    federation = await repos.federations.get(federation_id)
    assert federation is not None
    return federation


async def _player(repos: Repos, player_id: int) -> Player:
    player = await repos.players.get(player_id)
    assert player is not None
    return player


def _report_id(ctx: RequestContext, args: str, usage: str) -> int:
    text = args.strip().lstrip("#")
    if not text.isdigit() or len(text) > 12:
        raise UserError(t(ctx.language, "error.usage", usage=usage))
    return int(text)


def _result_text(language: str, result: str, score1: int | None, score2: int | None) -> str:
    """The result seen from the reporter's side: "win 40-24"."""
    word = t(language, f"report.result_{result}")
    if score1 is None or score2 is None:
        return word
    return f"{word} {score1}-{score2}"


@dataclass(frozen=True, slots=True)
class _Parts:
    """A report's players and tournament, read once for messages and checks."""

    report: GameReport
    tournament: Tournament
    discipline: Discipline
    federation: Federation
    reporter: Player
    opponent: Player


async def _parts(repos: Repos, report: GameReport) -> _Parts:
    tournament = await repos.ledger.tournament_by_id(report.tournament_id)
    assert tournament is not None
    discipline = await repos.federations.discipline(tournament.discipline_id)
    assert discipline is not None
    return _Parts(
        report,
        tournament,
        discipline,
        await _federation(repos, discipline.federation_id),
        await _player(repos, report.reporter_id),
        await _player(repos, report.opponent_id),
    )


def _describe(language: str, p: _Parts) -> str:
    return t(
        language,
        "report.line",
        report=p.report.id,
        tournament=p.tournament.code,
        reporter=player_label(p.reporter),
        opponent=player_label(p.opponent),
        result=_result_text(language, p.report.result, p.report.score1, p.report.score2),
        state=t(language, f"report.state_{p.report.state}"),
    )


# --- messages to the other side (through the outbox) -------------------------------------------


Build = Callable[[str], Reply]


async def _notify(
    repos: Repos,
    accounts: Sequence[Account],
    key: str,
    build: Build,
    now: datetime,
    *,
    skip: Account | None = None,
) -> None:
    """Queue ``build(language)`` for each account, in its language, once per ``key``."""
    messages = []
    for account in accounts:
        if skip is not None and account.id == skip.id:
            continue
        language = account.language or "en"
        messages.append(
            new_message(
                f"{key}:{account.platform}:{account.platform_user_id}",
                account.platform,
                account.platform_user_id,
                build(language),
                language=language,
                kind="game_report",
                direct=True,
            )
        )
    await repos.outbox.enqueue(messages, now)


def _ask_opponent(p: _Parts) -> Build:
    def build(language: str) -> Reply:
        reply = Reply(private=True).line(bold(t(language, "report.notice_ask")))
        reply.line(_describe(language, p))
        reply.button(t(language, "report.confirm", report=p.report.id), f"/gameok {p.report.id}")
        reply.button(
            t(language, "report.dispute", report=p.report.id), f"/gamedispute {p.report.id}"
        )
        return reply

    return build


def _ask_directors(p: _Parts) -> Build:
    def build(language: str) -> Reply:
        reply = Reply(private=True).line(bold(t(language, "report.notice_decide")))
        reply.line(_describe(language, p))
        reply.button(
            t(language, "report.approve", report=p.report.id), f"/gameapprove {p.report.id}"
        )
        reply.button(t(language, "report.reject", report=p.report.id), f"/gamereject {p.report.id}")
        return reply

    return build


def _news(key: str, **values: object) -> Build:
    return lambda language: Reply.text(t(language, key, **values), private=True)


async def _directors(repos: Repos, federation_id: int) -> list[Account]:
    holders = await repos.roles.holders(federation_id)
    return [account for account, role in holders if role in ("director", "admin")]


async def _players_accounts(repos: Repos, *player_ids: int) -> list[Account]:
    out: list[Account] = []
    for player_id in player_ids:
        out.extend(await repos.accounts.for_player(player_id))
    return out


# --- directors open and close tournaments ----------------------------------------------------


async def openreports(services: Services, ctx: RequestContext, args: str) -> Reply:
    usage = "/openreports <discipline> <tournament code> [name]"
    parts = args.split(maxsplit=2)
    if len(parts) < 2 or not _CODE_RE.match(parts[1]):
        raise UserError(t(ctx.language, "error.usage", usage=usage))
    name = parts[2].strip()[:MAX_NAME] if len(parts) == 3 else parts[1]
    async with services.db.transaction() as repos:
        account = await caller(repos, services, ctx)
        discipline = await _discipline(repos, ctx, parts[0])
        federation = await _federation(repos, discipline.federation_id)
        await require_role(repos, ctx, account, federation, "director")
        now = services.now()
        tournament = await repos.game_reports.tournament(discipline.id, parts[1])
        created = tournament is None
        if tournament is None:
            await repos.ledger.record_tournament(
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
            tournament = await repos.ledger.tournament(discipline.id, parts[1])
            assert tournament is not None
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
        reply = Reply.text(
            t(
                ctx.language,
                "reports.opened",
                tournament=tournament.code,
                name=tournament.name,
                discipline=discipline.code,
            )
        )
        if not _can_rate(services.systems, discipline.system):
            reply.line(t(ctx.language, "reports.not_rated", system=discipline.system))
        return reply


def _can_rate(systems: SystemRegistry, system: str) -> bool:
    """Whether the system's adapter rates reported games (``rate_games``, module docstring)."""
    try:
        return systems.adapter(system).supports_reported_games
    except NoAdapterError:
        return False


async def closereports(services: Services, ctx: RequestContext, args: str) -> Reply:
    parts = args.split()
    if len(parts) != 2:
        raise UserError(
            t(ctx.language, "error.usage", usage="/closereports <discipline> <tournament code>")
        )
    async with services.db.transaction() as repos:
        account = await caller(repos, services, ctx)
        discipline = await _discipline(repos, ctx, parts[0])
        federation = await _federation(repos, discipline.federation_id)
        await require_role(repos, ctx, account, federation, "director")
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


async def _linked_player(
    repos: Repos, services: Services, ctx: RequestContext
) -> tuple[Account, Player]:
    account = await caller(repos, services, ctx)
    if account.player_id is None:
        raise UserError(t(ctx.language, "report.unlinked"))
    return account, await _player(repos, account.player_id)


async def report(services: Services, ctx: RequestContext, args: str) -> Reply:
    usage = "/report <tournament> <opponent ID> <win|loss|draw> [40-24]"
    parts = args.split()
    if len(parts) not in (3, 4) or parts[2].lower() not in RESULTS:
        raise UserError(t(ctx.language, "error.usage", usage=usage))
    score1 = score2 = None
    if len(parts) == 4:
        match = _SCORE_RE.match(parts[3])
        if match is None:
            raise UserError(t(ctx.language, "error.usage", usage=usage))
        score1, score2 = int(match.group(1)), int(match.group(2))
    result = RESULTS[parts[2].lower()]
    if score1 is not None and score2 is not None:
        expected = "win1" if score1 > score2 else "win2" if score1 < score2 else "draw"
        if expected != result:
            raise UserError(
                t(ctx.language, "report.score_mismatch", result=parts[2].lower(), score=parts[3])
            )
    async with services.db.transaction() as repos:
        account, player = await _linked_player(repos, services, ctx)
        reports = repos.game_reports
        found = await reports.open_tournaments(player.federation_id, parts[0])
        if len(found) != 1:
            # None open (or several of one code in different disciplines: never created by
            # /openreports, which is per discipline, but refused rather than guessed).
            raise UserError(t(ctx.language, "reports.not_open", tournament=parts[0]))
        tournament = await reports.lock_tournament(found[0].id)
        assert tournament is not None
        opponent = await repos.players.by_federation_id(player.federation_id, parts[1])
        if opponent is None:
            raise UserError(t(ctx.language, "player.not_found", query=parts[1]))
        if opponent.id == player.id:
            raise UserError(t(ctx.language, "report.self"))
        waiting = await reports.in_flight_for_pair(tournament.id, player.id, opponent.id)
        if waiting is not None:
            raise UserError(
                t(
                    ctx.language,
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
        federation = await _federation(repos, player.federation_id)
        found_discipline = await repos.federations.discipline(tournament.discipline_id)
        assert found_discipline is not None
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
            },
        )
        p = _Parts(row, tournament, found_discipline, federation, player, opponent)
        await _notify(
            repos,
            await repos.accounts.for_player(opponent.id),
            f"report:{row.id}:ask",
            _ask_opponent(p),
            now,
        )
        return Reply.text(
            t(
                ctx.language,
                "report.created",
                report=row.id,
                tournament=tournament.code,
                opponent=player_label(opponent),
                result=_result_text(ctx.language, result, score1, score2),
            ),
            private=True,
        )


# --- who waits for whom ------------------------------------------------------------------------


async def reports(services: Services, ctx: RequestContext, args: str) -> Reply:
    """The reports waiting for the caller: to confirm (a player), to decide (a director)."""
    async with services.db.transaction() as repos:
        account = await caller(repos, services, ctx)
        repo = repos.game_reports
        reply = Reply(private=True)
        if account.player_id is not None:
            asked = await repo.waiting_for_player(account.player_id)
            if asked:
                reply.line(bold(t(ctx.language, "reports.to_confirm")))
            for row in asked:
                reply.line(_describe(ctx.language, await _parts(repos, row)))
                reply.button(t(ctx.language, "report.confirm", report=row.id), f"/gameok {row.id}")
                reply.button(
                    t(ctx.language, "report.dispute", report=row.id), f"/gamedispute {row.id}"
                )
            sent = await repo.sent_by_player(account.player_id)
            if sent:
                reply.line(bold(t(ctx.language, "reports.sent")))
            for row in sent:
                reply.line(_describe(ctx.language, await _parts(repos, row)))
        federations = await directed_federations(repos, account)
        decide = await repo.waiting_for_directors(
            [f.id for f in federations], ("confirmed", "disputed")
        )
        if decide:
            reply.line(bold(t(ctx.language, "reports.to_decide")))
        for row, _ in decide:
            reply.line(_describe(ctx.language, await _parts(repos, row)))
            reply.button(t(ctx.language, "report.approve", report=row.id), f"/gameapprove {row.id}")
            reply.button(t(ctx.language, "report.reject", report=row.id), f"/gamereject {row.id}")
        if not reply.blocks:
            reply.line(t(ctx.language, "reports.none"))
        return reply


# --- the opponent answers ----------------------------------------------------------------------


async def _tell_directors(repos: Repos, p: _Parts, now: datetime) -> None:
    """A confirmed report waiting for approval, or a disputed one, is sent to the directors."""
    await _notify(
        repos,
        await _directors(repos, p.federation.id),
        f"report:{p.report.id}:decide",
        _ask_directors(p),
        now,
    )


async def _opponent_answer(
    services: Services, ctx: RequestContext, args: str, agree: bool
) -> Reply:
    usage = "/gameok <report>" if agree else "/gamedispute <report>"
    report_id = _report_id(ctx, args, usage)
    async with services.db.transaction() as repos:
        account = await caller(repos, services, ctx)
        repo = repos.game_reports
        row = await repo.get(report_id, lock=True)
        if row is None or account.player_id is None or row.opponent_id != account.player_id:
            raise UserError(t(ctx.language, "report.not_yours", report=report_id))
        if row.state != "reported":
            raise UserError(
                t(
                    ctx.language,
                    "report.not_waiting",
                    report=row.id,
                    state=t(ctx.language, f"report.state_{row.state}"),
                )
            )
        p = await _parts(repos, row)
        now = services.now()
        if not agree:
            row.state = "disputed"
            await _audit(repos, "report.disputed", now, account, p)
            await _tell_directors(repos, p, now)
            await _notify(
                repos,
                await repos.accounts.for_player(row.reporter_id),
                f"report:{row.id}:disputed",
                _news("report.disputed", report=row.id, federation=p.federation.code),
                now,
            )
            return Reply.text(
                t(ctx.language, "report.disputed", report=row.id, federation=p.federation.code)
            )
        if p.federation.reports_need_approval:
            row.state = "confirmed"
            await _audit(repos, "report.confirmed", now, account, p)
            await _tell_directors(repos, p, now)
            await _notify(
                repos,
                await repos.accounts.for_player(row.reporter_id),
                f"report:{row.id}:confirmed",
                _news("report.awaits_director", report=row.id, federation=p.federation.code),
                now,
            )
            return Reply.text(
                t(
                    ctx.language,
                    "report.awaits_director",
                    report=row.id,
                    federation=p.federation.code,
                )
            )
        await _audit(repos, "report.confirmed", now, account, p)
        version = await _count(repos, services.systems, account, p, now, ctx.language)
        return Reply.text(
            t(
                ctx.language,
                "report.counted",
                report=row.id,
                tournament=p.tournament.code,
                version=version.version,
            )
        )


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
        p = await _parts(repos, row)
        await require_role(repos, ctx, account, p.federation, "director")
        allowed = ("confirmed", "disputed") if approve else ("reported", "confirmed", "disputed")
        if row.state not in allowed:
            raise UserError(
                t(
                    ctx.language,
                    "report.not_waiting",
                    report=row.id,
                    state=t(ctx.language, f"report.state_{row.state}"),
                )
            )
        now = services.now()
        if not approve:
            previous = row.state
            row.state = "rejected"
            row.decided_at = now
            await _audit(repos, "report.rejected", now, account, p, {"was": previous})
            await _notify(
                repos,
                await _players_accounts(repos, row.reporter_id, row.opponent_id),
                f"report:{row.id}:rejected",
                _news("report.rejected", report=row.id),
                now,
                skip=account,
            )
            return Reply.text(t(ctx.language, "report.rejected", report=row.id))
        await _audit(repos, "report.approved", now, account, p, {"was": row.state})
        version = await _count(repos, services.systems, account, p, now, ctx.language)
        return Reply.text(
            t(
                ctx.language,
                "report.counted",
                report=row.id,
                tournament=p.tournament.code,
                version=version.version,
            )
        )


async def gameapprove(services: Services, ctx: RequestContext, args: str) -> Reply:
    return await _director_decision(services, ctx, args, approve=True)


async def gamereject(services: Services, ctx: RequestContext, args: str) -> Reply:
    return await _director_decision(services, ctx, args, approve=False)


# --- writing --------------------------------------------------------------------------------------


async def _audit(
    repos: Repos,
    action: str,
    now: datetime,
    account: Account,
    p: _Parts,
    extra: dict[str, object] | None = None,
) -> None:
    await repos.audit.log(
        action,
        at=now,
        account_id=account.id,
        federation_id=p.federation.id,
        subject=p.tournament.code,
        details={"report": p.report.id, **(extra or {})},
    )


def next_round(games: list[NewGame], player_a: int, player_b: int) -> int:
    """The first round after every game either player already has (see the module docstring)."""
    rounds = [
        g.round_no
        for g in games
        if g.player1_id in (player_a, player_b) or g.player2_id in (player_a, player_b)
    ]
    return max(rounds, default=0) + 1


async def _count(
    repos: Repos, systems: SystemRegistry, account: Account, p: _Parts, now: datetime, language: str
) -> TournamentVersion:
    """Write the report's game into a new version of its tournament (the report is approved)."""
    repo = repos.game_reports
    tournament = await repo.lock_tournament(p.tournament.id)
    assert tournament is not None
    current = await repos.ledger.current_version(tournament.id)
    if current is not None:
        entries, games, awards = await repo.version_contents(current.id)
    else:  # pragma: no cover - every stored tournament has a version
        entries, games, awards = [], [], []
    row = p.report
    game = NewGame(
        next_round(games, row.reporter_id, row.opponent_id),
        row.reporter_id,
        row.opponent_id,
        row.result,
        row.score1,
        row.score2,
    )
    games = [*games, game]
    present = {e.player_id for e in entries}
    entries += [
        NewEntry(pid, None) for pid in (row.reporter_id, row.opponent_id) if pid not in present
    ]
    reason = f"game report #{row.id}"
    rated = await _rated(repos, systems, p, tournament, entries, games, language)
    if rated is not None:
        rated.reason = rated.reason or reason
        version = await repos.ledger.write_prepared(
            p.discipline, rated, now=now, account_id=account.id
        )
    else:
        version = await repos.ledger.record_tournament(
            discipline_id=p.discipline.id,
            code=tournament.code,
            name=tournament.name,
            held_on=current.held_on if current is not None else tournament.held_on,
            params=dict(current.params) if current is not None else {},
            entries=entries,
            games=games,
            awards=awards,
            now=now,
            submitted_by=account.id,
            reason=reason,
        )
    row.state = "approved"
    row.decided_at = now
    await _audit(
        repos,
        "report.counted",
        now,
        account,
        p,
        {"version": version.version, "round": game.round_no, "rated": rated is not None},
    )
    await _notify(
        repos,
        await _players_accounts(repos, row.reporter_id, row.opponent_id),
        f"report:{row.id}:counted",
        _news("report.counted", report=row.id, tournament=tournament.code, version=version.version),
        now,
        skip=account,
    )
    return version


async def _rated(
    repos: Repos,
    systems: SystemRegistry,
    p: _Parts,
    tournament: Tournament,
    entries: list[NewEntry],
    games: list[NewGame],
    language: str,
) -> Prepared | None:
    """The adapter's rated version when it can rate reported games (module docstring)."""
    try:
        found = systems.adapter(p.discipline.system)
    except NoAdapterError:
        return None
    if not found.supports_reported_games:
        return None
    try:
        prepared: Prepared = await found.rate_games(repos, p.discipline, tournament, entries, games)
    except EngineError as exc:
        # The game stays confirmed for a director to look at; nothing is written.
        raise UserError(t(language, "report.rate_refused", error=str(exc))) from None
    return prepared
