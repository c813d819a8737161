"""A results file's names settled with the director, and the new players it registers.

``/submit`` of a file with unknown or ambiguous names answers with one list of all of them
(each with the closest registered names) instead of a preview, and keeps the file under a
token. The director answers ``/names <token> …``: per name (its number in the list, or the
name itself in quotes) a registered player's ID or ``new``; ``new`` alone registers every
unknown name. ``/submit <discipline> --register-new`` does so at once. When every name is
settled he gets the usual preview, which lists the players to be registered; nothing is
written before ``/confirm``, which registers them and stores the tournament in one transaction
(:func:`register_and_prepare`, also the CLI's ``fedrank import --register-new``).
"""

from __future__ import annotations

import shlex
from collections.abc import Mapping
from datetime import datetime

from fedrank.handlers.context import RequestContext
from fedrank.handlers.errors import UserError
from fedrank.handlers.systems.base import SystemAdapter
from fedrank.handlers.systems.players import (
    BAD_CHOICE,
    NEW,
    UNKNOWN,
    Names,
    Unresolved,
    UnresolvedNamesError,
    name_key,
)
from fedrank.handlers.wording.i18n import t, tn
from fedrank.handlers.wording.reply import Reply, bold
from fedrank.storage.models import Discipline
from fedrank.storage.records import NewPlayer, Prepared, PreviewLine
from fedrank.storage.repos import Repos

#: Names listed in one answer (a chat message has a size limit); the rest are answered by
#: number all the same, or all at once with ``new``.
MAX_LISTED = 40
#: Buttons offered for the candidates of ambiguous names (the rest are typed).
MAX_PICK_BUTTONS = 8
USAGE = "/names <token> new | <number>=<ID or new> …"


class StaleNamesError(Exception):
    """What the preview computed no longer holds: an ID it gave a new player is taken, or the
    figures differ now. Nothing is written."""

    def __init__(self, taken: str | None = None) -> None:
        self.taken = taken
        super().__init__(
            f"the ID {taken} was registered meanwhile" if taken else "the data changed"
        )


async def prepare_named(
    adapter: SystemAdapter,
    repos: Repos,
    discipline: Discipline,
    text: str,
    filename: str,
    names: Names,
    *,
    facts: Mapping[str, str] | None = None,
) -> Prepared:
    """The adapter's preview with the director's ``names`` and tournament ``facts``
    (``KEY=VALUE`` of the submission); the players it would register go in ``new_players``.
    Raises :class:`UnresolvedNamesError` while a name is unsettled."""
    prepared = await adapter.prepare_given(
        repos, discipline, text, filename, names, facts=facts or {}
    )
    prepared.new_players = list(names.new_players)
    return prepared


async def register_and_prepare(
    adapter: SystemAdapter,
    repos: Repos,
    discipline: Discipline,
    text: str,
    filename: str,
    names: Names,
    previewed: Prepared,
    *,
    now: datetime,
    account_id: int | None,
    facts: Mapping[str, str] | None = None,
) -> Prepared:
    """In the caller's transaction: register the preview's new players (with the IDs it
    showed), then prepare the file again with them as registered players; the result must be
    what the director saw. Raises :class:`StaleNamesError` otherwise (the transaction is the
    caller's to roll back)."""
    settled = Names(chosen=dict(names.chosen))
    for new in previewed.new_players:
        if await repos.players.by_federation_id(discipline.federation_id, new.federation_player_id):
            raise StaleNamesError(new.federation_player_id)
        await _register(repos, discipline, new, previewed.code, now, account_id)
        settled.chosen[new.key] = new.federation_player_id
    try:
        prepared = await adapter.prepare_given(
            repos, discipline, text, filename, settled, facts=facts or {}
        )
    except UnresolvedNamesError:
        raise StaleNamesError() from None
    if _shown(prepared) != _shown(previewed) or settled.new_players:
        raise StaleNamesError()
    return prepared


async def _register(
    repos: Repos,
    discipline: Discipline,
    new: NewPlayer,
    code: str,
    now: datetime,
    account_id: int | None,
) -> None:
    player = await repos.players.add(
        discipline.federation_id,
        new.federation_player_id,
        new.name,
        country=new.country,
        gender=new.gender,
        data=dict(new.data),
    )
    player.club = new.club
    player.egd_pin = new.egd_pin
    if new.member_from is not None:
        await repos.players.add_membership(player.id, new.member_from, None)
    await repos.audit.log(
        "player.registered_from_results",
        at=now,
        account_id=account_id,
        federation_id=discipline.federation_id,
        subject=new.federation_player_id,
        details={"tournament": code, "line": new.line, "name": new.name, "data": new.data},
    )


def _shown(prepared: Prepared) -> tuple[list[PreviewLine], list[str], str, str]:
    return prepared.preview, prepared.warnings, prepared.code, prepared.held_on.isoformat()


# ---------------------------------------------------------------------------------------------
# The chat's side: the list of unsettled names, and the director's answer.


def unresolved_reply(
    ctx: RequestContext, error: UnresolvedNamesError, filename: str, token: str
) -> Reply:
    """Every unsettled name with its candidates, how to answer, and buttons for the usual
    answers (register every unknown name; each candidate of an ambiguous one; cancel)."""
    lang = ctx.language
    reply = Reply().line(
        bold(
            tn(
                lang,
                "names.title",
                len(error.unresolved),
                count=len(error.unresolved),
                file=filename,
                federation=error.federation_code,
            )
        )
    )
    for number, u in enumerate(error.unresolved[:MAX_LISTED], start=1):
        reply.line(entry_text(lang, number, u))
    if len(error.unresolved) > MAX_LISTED:
        reply.line(t(lang, "submit.more", count=len(error.unresolved) - MAX_LISTED))
    if error.hint:
        reply.line(f"({error.hint})")
    reply.line(t(lang, "names.how", token=token))
    if any(not u.needs_choice for u in error.unresolved):
        reply.button(t(lang, "names.register_all"), f"/names {token} new")
    picks = [
        (number, c.federation_player_id)
        for number, u in enumerate(error.unresolved, start=1)
        if u.needs_choice
        for c in u.candidates
    ]
    if len(picks) <= MAX_PICK_BUTTONS:
        for number, fpid in picks:
            reply.button(f"{number} → {fpid}", f"/names {token} {number}={fpid}")
    reply.button(t(lang, "submit.cancel"), f"/cancel {token}")
    return reply


def entry_text(lang: str, number: int, u: Unresolved) -> str:
    w = u.wanted
    candidates = ", ".join(c.label() for c in u.candidates)
    key = f"names.{u.kind}"
    extra: dict[str, object] = {"candidates": candidates}
    if u.kind == BAD_CHOICE:
        extra = {"id": u.bad_choice or ""}
    elif u.kind == UNKNOWN and not candidates:
        key, extra = "names.unknown_none", {}
    name = f"{w.written} ({w.name})" if w.id and w.name and w.name != w.id else w.written
    return t(lang, key, number=number, line=w.line, name=name, **extra)


def unnamed(player: NewPlayer) -> bool:
    """Whether a new player comes from a line that gave his ID and no name (a CCBA event file
    has no names): he is registered with the ID as his name, which the registry's name
    replaces when it is imported."""
    return player.name.strip().upper() == player.federation_player_id.strip().upper()


def new_players_line(lang: str, new_players: list[NewPlayer], members_only: bool = False) -> str:
    shown = ", ".join(f"{p.name} ({p.federation_player_id})" for p in new_players[:40])
    if len(new_players) > 40:
        shown += " …"
    line = t(lang, "names.new_players", count=len(new_players), players=shown)
    outside = [p for p in new_players if p.member_from is None] if members_only else []
    if outside:  # silently outside every members-only rule otherwise (issue 33)
        who = ", ".join(p.federation_player_id for p in outside[:40])
        if len(outside) > 40:
            who += " …"
        line += " " + t(lang, "names.no_membership", count=len(outside), players=who)
    return line


def no_name_line(lang: str, new_players: list[NewPlayer]) -> str | None:
    """The new players whose file gave no name (issue 33), so the director knows the lists
    show their IDs until the registry gives their names; None when every one has a name."""
    nameless = [p.federation_player_id for p in new_players if unnamed(p)]
    if not nameless:
        return None
    listed = ", ".join(nameless[:40]) + (" …" if len(nameless) > 40 else "")
    return t(lang, "names.no_name", players=listed)


def apply_answer(ctx: RequestContext, names: Names, keys: list[str], answer: str) -> None:
    """The director's ``/names`` answer added to ``names``: ``new`` (every unknown name),
    ``N=ID``/``N=new`` by number in the list, or ``"Name"=ID``."""
    try:
        words = shlex.split(answer)
    except ValueError:
        raise UserError(t(ctx.language, "error.usage", usage=USAGE)) from None
    if not words:
        raise UserError(t(ctx.language, "error.usage", usage=USAGE))
    for word in words:
        if word.lower() in (NEW, "--register-new"):
            names.register_new = True
            continue
        which, sep, choice = word.rpartition("=")
        if not sep or not which or not choice:
            raise UserError(t(ctx.language, "error.usage", usage=USAGE))
        if which.isdigit():
            number = int(which)
            if not 1 <= number <= len(keys):
                raise UserError(t(ctx.language, "names.bad_number", number=number))
            which = keys[number - 1]
        elif name_key(which) not in keys:
            raise UserError(t(ctx.language, "names.no_such_name", name=which))
        names.choose(which, choice)
