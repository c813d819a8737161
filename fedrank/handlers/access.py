"""Who may do what, and the lookups every use case shares: each check written once.

A use case that writes for a federation asks :func:`director_discipline` (a discipline named
by code, refused with the known codes, and the caller a director of its federation) or
:func:`director_of` (the federation of a row it already holds); a copy written by hand that
forgot the role check would be a security bug, so there are no copies.

The typed lookups (``stored_*``) read a row a request leads to (a discipline's federation, a
report's players) and raise :class:`~fedrank.handlers.errors.NotFoundError` when it is not
stored, so a missing row is a refusal the user reads, never an ``AssertionError``.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TypeVar

from fedrank.handlers import codes
from fedrank.handlers.context import RequestContext, Services
from fedrank.handlers.errors import AccessDeniedError, NotFoundError, UserError
from fedrank.handlers.wording.i18n import t
from fedrank.handlers.wording.safetext import clean_name
from fedrank.storage.models import (
    Account,
    Discipline,
    Federation,
    Player,
    Tournament,
    TournamentVersion,
)
from fedrank.storage.repos import ROLE_RANK, Repos

T = TypeVar("T")


# --- the caller and his roles ------------------------------------------------------------------


async def caller(repos: Repos, services: Services, ctx: RequestContext) -> Account:
    """The caller's account, created on first contact (unlinked, role player everywhere); its
    display name is the platform's, without invisible controls (:func:`clean_name`)."""
    return (await caller_added(repos, services, ctx))[0]


async def caller_added(
    repos: Repos, services: Services, ctx: RequestContext
) -> tuple[Account, bool]:
    """:func:`caller`, and whether this request added the account (so it has no links yet)."""
    return await repos.accounts.get_or_add(
        ctx.platform,
        ctx.user_id,
        display_name=clean_name(ctx.display_name),
        language=None,
        now=services.now(),
    )


async def require_role(
    repos: Repos, ctx: RequestContext, account: Account, federation: Federation, role: str
) -> None:
    """Refuse unless the account holds ``role`` (or a higher one) in ``federation``."""
    held = await repos.accounts.role(account.id, federation.id)
    if ROLE_RANK[held] < ROLE_RANK[role]:
        raise AccessDeniedError(
            t(
                ctx.language,
                "figures.forbidden",
                role=t(ctx.language, f"figures.a_role.{role}"),
                federation=federation.code,
            ),
            federation_id=federation.id,
        )


async def directed_federations(repos: Repos, account: Account) -> list[Federation]:
    """Federations in which the account is a director or an admin."""
    out = []
    for federation_id, role in (await repos.accounts.roles(account.id)).items():
        if ROLE_RANK[role] >= ROLE_RANK["director"]:
            federation = await repos.federations.get(federation_id)
            if federation is not None:
                out.append(federation)
    return sorted(out, key=lambda f: f.code)


# --- typed lookups: a row the request leads to, or a refusal -----------------------------------


def stored(row: T | None, what: str, key: object, language: str = "en") -> T:
    """``row`` when it was found; else the refusal that names the missing record."""
    if row is None:
        message = t(language, "error.missing", what=what, key=key)
        raise NotFoundError(message, what=what, key=key)
    return row


async def stored_federation(repos: Repos, federation_id: int, language: str = "en") -> Federation:
    return stored(await repos.federations.get(federation_id), "Federation", federation_id, language)


async def stored_discipline(repos: Repos, discipline_id: int, language: str = "en") -> Discipline:
    found = await repos.federations.discipline(discipline_id)
    return stored(found, "Discipline", discipline_id, language)


async def stored_player(repos: Repos, player_id: int, language: str = "en") -> Player:
    return stored(await repos.players.get(player_id), "Player", player_id, language)


async def stored_account(repos: Repos, account_id: int, language: str = "en") -> Account:
    return stored(await repos.accounts.get(account_id), "Account", account_id, language)


async def stored_tournament(repos: Repos, tournament_id: int, language: str = "en") -> Tournament:
    found = await repos.ledger.tournament_by_id(tournament_id)
    return stored(found, "Tournament", tournament_id, language)


async def current_version(
    repos: Repos, tournament: Tournament, language: str = "en"
) -> TournamentVersion:
    """The tournament's current version (every stored tournament has one)."""
    found = await repos.ledger.current_version(tournament.id)
    return stored(found, "TournamentVersion", tournament.code, language)


# --- named by the user: found, or refused with what there is -----------------------------------


async def known_discipline(repos: Repos, ctx: RequestContext, code: str) -> Discipline:
    """The discipline with this code; the refusal lists the codes there are."""
    discipline = await repos.federations.discipline_by_code(code)
    if discipline is None:
        raise unknown_discipline(ctx.language, code, await repos.federations.disciplines())
    return discipline


def unknown_discipline(language: str, code: str | None, there: Sequence[Discipline]) -> UserError:
    """The refusal of a discipline not found (``code``) or not chosen (None): it lists the
    codes there are, or, on a fresh installation with none, says how one is added."""
    if not there:
        return UserError(t(language, "top.no_disciplines"))
    known = ", ".join(d.code for d in there)
    if code is None:
        return UserError(t(language, "top.choose", known=known))
    return UserError(t(language, "top.unknown_discipline", query=code, known=known))


async def known_federation(repos: Repos, ctx: RequestContext, code: str) -> Federation:
    """The federation with this code; the refusal lists the codes there are."""
    federation = await repos.federations.by_code(code)
    if federation is None:
        known = ", ".join(f.code for f in await repos.federations.all())
        raise UserError(t(ctx.language, "federation.unknown", query=code, known=known))
    return federation


async def director_of(
    repos: Repos, ctx: RequestContext, account: Account, federation_id: int
) -> Federation:
    """The federation, once the account is known to direct it (or administer it)."""
    federation = await stored_federation(repos, federation_id, ctx.language)
    await require_role(repos, ctx, account, federation, "director")
    return federation


async def director_discipline(
    repos: Repos, ctx: RequestContext, account: Account, code: str
) -> tuple[Discipline, Federation]:
    """The discipline ``code`` names and its federation, which the account directs."""
    discipline = await known_discipline(repos, ctx, code)
    return discipline, await director_of(repos, ctx, account, discipline.federation_id)


#: How many players a name matching several lists (then "… and N more").
CHOICES_SHOWN = 8


async def find_one_player(repos: Repos, ctx: RequestContext, query: str) -> Player:
    """The one player ``query`` names (ID or part of a name), or a UserError listing choices."""
    players = await repos.players.find(query, limit=CHOICES_SHOWN)
    if not players:
        raise UserError(t(ctx.language, "player.not_found", query=query))
    if len(players) > 1:
        lines = [t(ctx.language, "player.choose", query=query)]
        lines += [f"{p.federation_player_id} — {p.name}" for p in players]
        if len(players) == CHOICES_SHOWN:
            hidden = await repos.players.count_named(query) - CHOICES_SHOWN
            if hidden > 0:
                lines.append(t(ctx.language, "submit.more", count=hidden))
        raise UserError("\n".join(lines))
    return players[0]


async def player_by_exact_id(
    repos: Repos, ctx: RequestContext, federation_player_id: str, *, prefer: Collection[int] = ()
) -> Player:
    """The player whose federation ID is exactly this (in any case), never a name match.

    Several federations may use one ID: then the one in ``prefer`` (the caller's own
    federations) is meant; without a single answer the request is refused.
    """
    players = list(await repos.players.by_exact_id(None, federation_player_id))
    if len(players) > 1 and prefer:
        players = [p for p in players if p.federation_id in prefer]
    if len(players) != 1:
        raise UserError(t(ctx.language, "player.not_found", query=federation_player_id))
    return players[0]


async def linked_players(
    repos: Repos, ctx: RequestContext, account: Account | None, *, unlinked: str
) -> list[Player]:
    """The players the account is linked to (one per federation, at least one);
    ``unlinked`` is the refusal's message key."""
    players = await repos.accounts.players_of(account.id) if account is not None else []
    if not players:
        raise UserError(t(ctx.language, unlinked))
    return players


async def subject_player(
    repos: Repos,
    ctx: RequestContext,
    query: str,
    *,
    unlinked: str = "rating.unlinked",
    federations: Collection[int] | None = None,
) -> Player:
    """The player ``query`` names, or the caller's own linked player when it names none: of
    the ``federations`` the request is about when given (a tournament's, a discipline's); an
    account linked in several federations with nothing to choose by is asked to name one."""
    if query:
        return await find_one_player(repos, ctx, query)
    players = await repos.accounts.linked_players(ctx.platform, ctx.user_id)
    if federations is not None:
        players = [p for p in players if p.federation_id in federations]
    if not players:
        raise UserError(t(ctx.language, unlinked))
    if len(players) > 1:
        labels = ", ".join(f"{p.name} ({p.federation_player_id})" for p in players)
        raise UserError(t(ctx.language, "link.name_one", players=labels))
    return players[0]


async def one_tournament(
    repos: Repos,
    ctx: RequestContext,
    query: str,
    *,
    unknown: str,
    choose: str,
    disciplines: Sequence[int] | None = None,
    limit: int = 10,
) -> Tournament:
    """The one stored tournament ``query`` names: its code, else its whole name, else the only
    one whose name has it (among ``disciplines`` when given; :func:`.codes.resolve`).
    ``unknown`` and ``choose`` are the message keys of the refusals (none found; several,
    listed for the user to pick by code)."""
    return await codes.resolve(
        repos, ctx, query, unknown=unknown, choose=choose, disciplines=disciplines, limit=limit
    )
