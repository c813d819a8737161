"""Writing an approved game report: a new version of its tournament, and the audit lines.

Counting writes the game into a new version of the tournament through
``repos.ledger.record_tournament``, keeping the previous version's entries, games and awards
(so the ledger never loses a line) and adding an entry (no place) for a newcomer. An adapter
that rates reported games (``supports_reported_games``, ``rate_games``) returns the whole
prepared version instead, written like a confirmed submission
(``repos.ledger.write_prepared``).
"""

from __future__ import annotations

from datetime import datetime

from fedrank.engines.kernel import EngineError
from fedrank.handlers.access import stored
from fedrank.handlers.errors import UserError
from fedrank.handlers.reports.league import count_in_league
from fedrank.handlers.reports.notices import news, tell_players
from fedrank.handlers.reports.parts import ReportParts
from fedrank.handlers.reports.sheet import fills_sheet
from fedrank.handlers.systems import NoAdapterError, SystemRegistry
from fedrank.handlers.systems.go_ufgo.league import league_of
from fedrank.handlers.wording.i18n import t
from fedrank.storage.models import Account, Tournament, TournamentVersion
from fedrank.storage.records import NewEntry, NewGame, Prepared
from fedrank.storage.repos import Repos


async def audit_report(
    repos: Repos,
    action: str,
    now: datetime,
    account: Account,
    p: ReportParts,
    extra: dict[str, object] | None = None,
) -> None:
    """One audit line for a step of the report (``report.created`` … ``report.counted``)."""
    await repos.audit.log(
        action,
        at=now,
        account_id=account.id,
        federation_id=p.federation.id,
        subject=p.tournament.code,
        details={"report": p.report.id, **(extra or {})},
    )


def next_round(games: list[NewGame], player_a: int, player_b: int) -> int:
    """The first round after every game either player already has (see the package docstring)."""
    rounds = [
        g.round_no
        for g in games
        if g.player1_id in (player_a, player_b) or g.player2_id in (player_a, player_b)
    ]
    return max(rounds, default=0) + 1


async def count_game(
    repos: Repos,
    systems: SystemRegistry,
    account: Account,
    p: ReportParts,
    now: datetime,
    language: str,
) -> TournamentVersion:
    """Write the report's game into a new version of its tournament (the report is approved)."""
    repo = repos.game_reports
    locked = await repo.lock_tournament(p.tournament.id)
    tournament = stored(locked, "Tournament", p.tournament.id, language)
    current = await repos.ledger.current_version(tournament.id)
    if current is not None:
        entries, games, awards = await repo.version_contents(current.id)
    else:  # pragma: no cover - every stored tournament has a version
        entries, games, awards = [], [], []
    row = p.report
    if current is not None and fills_sheet(current.params):
        # An Othello round's game: it fills the round sheet; /round writes the round.
        number = int(current.params["rounds_played"]) + 1
        await _counted(repos, account, p, now, current, number, False, "sheet.counted")
        return current
    league = league_of(current.params) if current is not None else None
    if current is not None and league is not None:
        version, round_no, now_rated = await count_in_league(
            repos, account, p, current, league, now, language
        )
        key = "league.counted_rated" if now_rated else "league.counted_waiting"
        await _counted(repos, account, p, now, version, round_no, now_rated, key)
        return version
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
        if current is not None:
            await repos.ledger.carry_titles(current.id, version.id)
    await _counted(repos, account, p, now, version, game.round_no, rated is not None)
    return version


async def _counted(
    repos: Repos,
    account: Account,
    p: ReportParts,
    now: datetime,
    version: TournamentVersion,
    round_no: int,
    rated: bool,
    key: str = "report.counted",
) -> None:
    """The report is approved: its audit line and the players' notice (``key``)."""
    row = p.report
    row.state = "approved"
    row.decided_at = now
    await audit_report(
        repos,
        "report.counted",
        now,
        account,
        p,
        {"version": version.version, "round": round_no, "rated": rated},
    )
    counted = news(
        key,
        report=row.id,
        tournament=p.tournament.code,
        version=version.version,
        round=round_no,
    )
    await tell_players(repos, p, "counted", counted, now, skip=account)


def results_are_places(systems: SystemRegistry, system: str) -> bool:
    """Whether the system ranks places (no games to report: ``/openreports`` is refused)."""
    try:
        return systems.adapter(system).results_are_places
    except NoAdapterError:
        return False


def can_rate(systems: SystemRegistry, system: str) -> bool:
    """Whether the system's adapter rates reported games (``rate_games``)."""
    try:
        return systems.adapter(system).supports_reported_games
    except NoAdapterError:
        return False


async def _rated(
    repos: Repos,
    systems: SystemRegistry,
    p: ReportParts,
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
