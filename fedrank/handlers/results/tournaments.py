"""``/tournaments [discipline]`` and ``/results <tournament>``: the stored tournaments, public.

What a federation publishes of a tournament (its table and each player's award) anyone may read,
as on the federation's site. Both answers are paged like ``/links``: a page line, and buttons
that ask for the page before and after. Only current versions are shown; a withdrawn
tournament says so instead of showing an empty table.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from typing import Any

from fedrank.handlers import codes
from fedrank.handlers.access import current_version, known_discipline, stored_discipline
from fedrank.handlers.context import RequestContext, Services
from fedrank.handlers.errors import UserError
from fedrank.handlers.site.identity import discipline_name
from fedrank.handlers.systems.base import is_withdrawn
from fedrank.handlers.wording.common import fmt, is_number, label
from fedrank.handlers.wording.i18n import t
from fedrank.handlers.wording.i18n.plural import counted
from fedrank.handlers.wording.reply import Reply, bold, code
from fedrank.storage.models import Award, Discipline, Entry, Game, Player
from fedrank.storage.repos.tournaments import TournamentLine

TOURNAMENTS_PAGE = 10
RESULTS_PAGE = 20
#: The largest page number a user may type (more digits are a typo, not a page).
MAX_PAGE_DIGITS = 6
#: An entry's score as a system keeps it in the entry's data, when it has no games.
SCORE_KEYS = ("points", "score", "NR")


def pages_of(total: int, size: int) -> int:
    return max((total + size - 1) // size, 1)


def page_controls(ctx: RequestContext, reply: Reply, command: str, page: int, pages: int) -> None:
    """The page line and the buttons before and after (the line only when there are pages)."""
    if pages > 1:
        reply.line(t(ctx.language, "tournaments.page", page=page, pages=pages))
    if page > 1:
        reply.button(t(ctx.language, "link.page_back"), f"{command} {page - 1}")
    if page < pages:
        reply.button(t(ctx.language, "link.page_next"), f"{command} {page + 1}")


def _page_number(ctx: RequestContext, text: str, usage: str) -> int:
    if not is_number(text) or len(text) > MAX_PAGE_DIGITS:
        raise UserError(t(ctx.language, "error.usage", usage=usage))
    return max(int(text), 1)


async def tournaments(services: Services, ctx: RequestContext, args: str) -> Reply:
    """``/tournaments [discipline] [page]``: the newest stored tournaments first, with codes."""
    usage = "/tournaments [discipline] [page]"
    words = args.split()
    page = 1
    if words and is_number(words[-1]):
        page = _page_number(ctx, words.pop(), usage)
    if len(words) > 1:
        raise UserError(t(ctx.language, "error.usage", usage=usage))
    async with services.db.read() as repos:
        discipline = await known_discipline(repos, ctx, words[0]) if words else None
        ids = [discipline.id] if discipline is not None else None
        total, _ = await repos.tournaments.recent(ids, offset=0, limit=0)
        pages = pages_of(total, TOURNAMENTS_PAGE)
        page = min(page, pages)
        _, lines = await repos.tournaments.recent(
            ids, offset=(page - 1) * TOURNAMENTS_PAGE, limit=TOURNAMENTS_PAGE
        )
        # Read before the read-only unit ends (its rollback expires the rows).
        return _tournaments_reply(ctx, discipline, total, lines, page, pages)


def _tournaments_reply(
    ctx: RequestContext,
    discipline: Discipline | None,
    total: int,
    lines: Sequence[TournamentLine],
    page: int,
    pages: int,
) -> Reply:
    where = discipline_name(discipline, ctx.language) if discipline is not None else ""
    if not total:
        key = "tournaments.none_in" if discipline is not None else "tournaments.none"
        return Reply.text(t(ctx.language, key, discipline=where))
    stored = counted(ctx.language, "tournaments.count", total)
    title = (
        t(ctx.language, "tournaments.title_in", discipline=where, stored=stored)
        if discipline is not None
        else t(ctx.language, "tournaments.title", stored=stored)
    )
    reply = Reply().line(bold(title))
    headers = t(ctx.language, "tournaments.headers").split("|")
    if discipline is None:
        headers.insert(1, t(ctx.language, "tournaments.discipline_header"))
    rows = []
    for line in lines:
        row = [
            line.tournament.code,
            line.tournament.held_on.isoformat(),
            line.tournament.name,
            str(line.players),
            str(line.version),
        ]
        if discipline is None:
            row.insert(1, line.discipline_code)
        rows.append(tuple(row))
    reply.table(tuple(headers), rows)
    command = "/tournaments" + (f" {discipline.code}" if discipline is not None else "")
    page_controls(ctx, reply, command, page, pages)
    reply.line(t(ctx.language, "tournaments.hint"))
    return reply


def _score(entry: Entry, player_id: int, games: Sequence[Game]) -> str:
    """Points from the version's games (a win 1, a draw ½), else the system's own figure."""
    played = [g for g in games if player_id in (g.player1_id, g.player2_id)]
    if played:
        points = Decimal(0)
        for game in played:
            first = game.player1_id == player_id
            if game.result == "draw":
                points += Decimal("0.5")
            elif game.result == ("win1" if first else "win2") or (game.result == "bye" and first):
                points += 1
        return fmt(points)
    for key in SCORE_KEYS:
        value = entry.data.get(key)
        if value not in (None, ""):
            return _shown(str(value))
    return ""


def _shown(value: str) -> str:
    """A system's figure as a table shows it: at most two decimals (half-up), the stored
    figure keeping its exact value (``/why`` shows it whole)."""
    try:
        number = Decimal(value)
    except InvalidOperation:
        return value
    if not number.is_finite():
        return value
    return fmt(number.quantize(Decimal("0.01"), ROUND_HALF_UP))


def _place(entry: Entry) -> str:
    shared = entry.data.get("places")
    if isinstance(shared, str) and shared:
        return shared
    return fmt(entry.place) if entry.place is not None else "—"


def _awards(awards: Sequence[Award]) -> dict[int, str]:
    """Each player's award lines, summed by kind and colour: ``kind (colour) amount``."""
    sums: dict[int, dict[tuple[str, str | None], Decimal]] = defaultdict(dict)
    for award in awards:
        key = (award.kind, award.colour)
        held = sums[award.player_id]
        held[key] = held.get(key, Decimal(0)) + Decimal(award.amount)
    out: dict[int, str] = {}
    for player_id, lines in sums.items():
        ordered = sorted(lines.items(), key=lambda x: (x[0][0], x[0][1] or ""))
        out[player_id] = "; ".join(
            f"{kind}{f' ({colour})' if colour else ''} {fmt(amount)}"
            for (kind, colour), amount in ordered
        )
    return out


def _results_args(words: list[str], count: int) -> tuple[str, str | None]:
    """The tournament's words and the page typed after them, if any: words after the name that
    are not one page number are all the name (found or not, the refusal names it whole)."""
    rest = words[count:]
    if not rest:
        return " ".join(words), None
    if len(rest) == 1 and is_number(rest[0]):
        return " ".join(words[:count]), rest[0]
    return " ".join(words), None


async def results(services: Services, ctx: RequestContext, args: str) -> Reply:
    """``/results <tournament> [page]``: the current version's table, each player's place,
    score and award; the tournament by code or by name."""
    usage = "/results <tournament> [page]"
    words = args.split()
    if not words:
        raise UserError(t(ctx.language, "error.usage", usage=usage))
    async with services.db.read() as repos:
        count = await codes.leading_name(
            repos,
            words,
            ends=lambda n: n == len(words) or (n == len(words) - 1 and is_number(words[-1])),
        )
        query, typed = _results_args(words, count)
        page = _page_number(ctx, typed, usage) if typed is not None else 1
        tournament = await codes.resolve(
            repos, ctx, query, unknown="results.no_tournament", choose="results.choose"
        )
        discipline = await stored_discipline(repos, tournament.discipline_id, ctx.language)
        version = await current_version(repos, tournament, ctx.language)
        head: list[Any] = [
            bold(tournament.name),
            f" — {discipline_name(discipline, ctx.language)}, {tournament.held_on.isoformat()}, ",
            t(ctx.language, "results.version", version=version.version),
            " · ",
            code(tournament.code),
        ]
        if is_withdrawn(version.params):
            return Reply().line(*head).line(t(ctx.language, "results.withdrawn"))
        entries = await repos.tournaments.entries(version.id)
        _, games, awards = await repos.ledger.version_rows(version.id)
        # Read before the read-only unit ends (its rollback expires the rows).
        reply = Reply().line(*head)
        if not entries:
            return reply.line(t(ctx.language, "results.empty"))
        _results_table(ctx, reply, entries, games, awards, page)
        pages = pages_of(len(entries), RESULTS_PAGE)
        page_controls(ctx, reply, f"/results {tournament.code}", min(page, pages), pages)
        reply.line(t(ctx.language, "results.why_hint", code=tournament.code))
        return reply


def _results_table(
    ctx: RequestContext,
    reply: Reply,
    entries: Sequence[tuple[Entry, Player]],
    games: Sequence[Game],
    awards: Sequence[Award],
    page: int,
) -> None:
    """The players line and one page of the table."""
    page = min(page, pages_of(len(entries), RESULTS_PAGE))
    shown = entries[(page - 1) * RESULTS_PAGE : page * RESULTS_PAGE]
    by_player = _awards(awards)
    teams = any(entry.team for entry, _ in entries)
    headers = t(ctx.language, "results.headers").split("|")
    if teams:
        headers.insert(2, t(ctx.language, "results.team_header"))
    rows = []
    for entry, player in shown:
        row = [
            _place(entry),
            label(player.name, player.federation_player_id),
            _score(entry, player.id, games),
            by_player.get(player.id, ""),
        ]
        if teams:
            row.insert(2, entry.team or "")
        rows.append(tuple(row))
    reply.line(counted(ctx.language, "results.players", len(entries)))
    reply.table(tuple(headers), rows)
