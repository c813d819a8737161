"""Setting a federation up from nothing: federations and their disciplines.

The operator's CLI (``fedrank federation …``, ``fedrank discipline …``: :mod:`fedrank.cli.setup`,
through :mod:`.operator`)
and an admin's ``/discipline`` in a chat call the same use cases here. Each takes the caller's
account id (``None``: the operator, acting with the server's authority), checks its input
completely, refuses with a message in the caller's language (:class:`UserError`) and writes
nothing then, or writes in the caller's transaction and logs the change in the audit log.
:func:`audit_refusal` keeps the refusal itself in the audit log, in a transaction of its own.

- A federation: a code (letters, digits, ``-``/``_``; kept in upper case, unique in any case),
  a name, an IANA time zone (``Area/City``, where its list dates fall) and the language of its
  public announcements (en, ru, uk, zh).
- A discipline: a code unique across federations (players and directors name disciplines by
  code alone), a system fedrank runs, and a calendar, by default the system's own
  (``SystemAdapter.default_calendar``). The system's adapter must accept it
  (``SystemAdapter.check_discipline``: RMF computes sports and Sichuan mahjong, not riichi).
- A discipline holds defaults for the tournament facts its system declares
  (:mod:`fedrank.handlers.systems.facts`): :func:`set_discipline_facts`, shown by
  :func:`discipline_facts_text`.
- A discipline is retired with ``disable``: kept with its history, skipped by the scheduler,
  refusing submissions; ``enable`` brings it back. One without any history (no tournament, list,
  qualification or title) may instead be removed for good (``remove``), a typo undone.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from zoneinfo import available_timezones

from fedrank.handlers.errors import UserError
from fedrank.handlers.systems import NoAdapterError, SystemRegistry
from fedrank.handlers.systems.base import DisciplineRefusedError
from fedrank.handlers.systems.facts import defaults_of, read_assignments
from fedrank.handlers.wording.i18n import t
from fedrank.handlers.wording.languages import LANGUAGES
from fedrank.storage.database import Database
from fedrank.storage.models import CALENDARS, SYSTEM_IDS, Discipline, Federation
from fedrank.storage.repos import Repos

FEDERATION_CODE = re.compile(r"^[A-Z][A-Z0-9_-]{0,31}$")
DISCIPLINE_CODE = re.compile(r"^[a-z0-9][a-z0-9._-]{0,31}$")
MAX_NAME = 200


@dataclass(frozen=True, slots=True)
class Actor:
    """Who sets up: an admin's account (``account_id``) or the operator (``None``), and the
    language refusals are written in."""

    account_id: int | None
    language: str
    now: datetime


@cache
def _zones() -> frozenset[str]:
    return frozenset(available_timezones())


def _name(actor: Actor, name: str) -> str:
    cleaned = " ".join(name.split())
    if not cleaned or len(cleaned) > MAX_NAME:
        raise UserError(t(actor.language, "setup.bad_name", limit=MAX_NAME))
    return cleaned


def check_timezone(actor: Actor, timezone: str) -> str:
    """An IANA zone name fedrank's zone database knows; the refusal suggests the closest."""
    if timezone in _zones():
        return timezone
    close = difflib.get_close_matches(timezone, sorted(_zones()), n=3, cutoff=0.6)
    raise UserError(
        t(
            actor.language,
            "setup.bad_timezone",
            timezone=timezone,
            close=", ".join(close) or "Europe/Kyiv, Asia/Shanghai, UTC",
        )
    )


async def add_federation(
    repos: Repos, actor: Actor, code: str, name: str, *, timezone: str, language: str
) -> Federation:
    """A new federation (module docstring); refused with every reason at the first one."""
    wanted = code.strip().upper()
    if not FEDERATION_CODE.match(wanted):
        raise UserError(t(actor.language, "setup.bad_federation_code", code=code))
    cleaned = _name(actor, name)
    zone = check_timezone(actor, timezone)
    if language not in LANGUAGES:
        raise UserError(
            t(actor.language, "setup.bad_language", language=language, known=", ".join(LANGUAGES))
        )
    existing = await repos.federations.by_code(wanted)
    if existing is not None:
        raise UserError(
            t(actor.language, "setup.federation_exists", code=existing.code, name=existing.name)
        )
    federation = await repos.federations.add(wanted, cleaned, zone, language)
    await repos.audit.log(
        "federation.added",
        at=actor.now,
        account_id=actor.account_id,
        federation_id=federation.id,
        subject=federation.code,
        details={"name": cleaned, "timezone": zone, "language": language},
    )
    return federation


async def federation_named(repos: Repos, actor: Actor, code: str) -> Federation:
    """The federation ``code`` names (any case); the refusal lists the codes there are, or says
    how to create the first."""
    federation = await repos.federations.by_code(code)
    if federation is not None:
        return federation
    known = [f.code for f in await repos.federations.all()]
    if not known:
        raise UserError(t(actor.language, "setup.no_federation_yet", code=code))
    raise UserError(t(actor.language, "federation.unknown", query=code, known=", ".join(known)))


async def add_discipline(
    repos: Repos,
    systems: SystemRegistry,
    actor: Actor,
    federation: Federation,
    code: str,
    system: str,
    name: str,
    *,
    calendar: str | None = None,
) -> Discipline:
    """A new discipline of ``federation`` (module docstring); the caller checked the role."""
    wanted = code.strip().lower()
    if not DISCIPLINE_CODE.match(wanted):
        raise UserError(t(actor.language, "setup.bad_discipline_code", code=code))
    cleaned = _name(actor, name)
    if system not in SYSTEM_IDS:
        raise UserError(
            t(actor.language, "discipline.bad_system", system=system, known=", ".join(SYSTEM_IDS))
        )
    try:
        adapter = systems.adapter(system)
    except NoAdapterError:
        raise UserError(t(actor.language, "setup.no_adapter", system=system)) from None
    chosen = calendar if calendar is not None else adapter.default_calendar
    if chosen not in CALENDARS:
        raise UserError(
            t(
                actor.language,
                "discipline.bad_calendar",
                calendar=chosen,
                known=", ".join(CALENDARS),
            )
        )
    candidate = Discipline(
        federation_id=federation.id, code=wanted, name=cleaned, system=system, calendar=chosen
    )
    try:
        adapter.check_discipline(candidate)
    except DisciplineRefusedError as exc:
        why = t(actor.language, exc.key, **exc.params)
        raise UserError(
            t(actor.language, "setup.discipline_refused", system=system, why=why, rule=exc.rule)
        ) from None
    taken = await repos.federations.discipline_by_code(wanted)
    if taken is not None:
        owner = await repos.federations.get(taken.federation_id)
        raise UserError(
            t(
                actor.language,
                "setup.discipline_exists",
                code=taken.code,
                federation=owner.code if owner else "?",
            )
        )
    added = await repos.federations.add_discipline(federation, wanted, cleaned, system, chosen)
    details: dict[str, object] = {"system": system, "calendar": chosen, "name": cleaned}
    if adapter.default_facts:  # the system's defaults of the facts a file may lack
        added.facts = dict(adapter.default_facts)
        details["facts"] = dict(adapter.default_facts)
    await repos.audit.log(
        "discipline.added",
        at=actor.now,
        account_id=actor.account_id,
        federation_id=federation.id,
        subject=added.code,
        details=details,
    )
    return added


async def discipline_of(
    repos: Repos, actor: Actor, federation: Federation, code: str
) -> Discipline:
    """The discipline ``code`` of ``federation``; the refusal lists the federation's codes."""
    for discipline in await repos.federations.disciplines(federation.id):
        if discipline.code.lower() == code.strip().lower():
            return discipline
    known = ", ".join(d.code for d in await repos.federations.disciplines(federation.id))
    raise UserError(
        t(
            actor.language,
            "setup.unknown_discipline",
            code=code,
            federation=federation.code,
            known=known or "—",
        )
    )


async def disable_discipline(
    repos: Repos, actor: Actor, federation: Federation, code: str, *, remove: bool = False
) -> str:
    """Disable a discipline, or with ``remove`` delete one that has no history; the message
    saying what was done. A removal refused names what is stored."""
    discipline = await discipline_of(repos, actor, federation, code)
    if remove:
        history = await repos.federations.discipline_history(discipline.id)
        stored = {k: v for k, v in history.items() if v}
        if stored:
            what = ", ".join(
                f"{t(actor.language, f'setup.stored_{k}')} {v}" for k, v in stored.items()
            )
            raise UserError(
                t(actor.language, "setup.cannot_remove", code=discipline.code, stored=what)
            )
        await repos.federations.remove_discipline(discipline)
        action, key = "discipline.removed", "setup.discipline_removed"
    elif discipline.disabled:
        return t(actor.language, "setup.already_disabled", code=discipline.code)
    else:
        discipline.disabled = True
        action, key = "discipline.disabled", "setup.discipline_disabled"
    await repos.audit.log(
        action,
        at=actor.now,
        account_id=actor.account_id,
        federation_id=federation.id,
        subject=discipline.code,
        details={"system": discipline.system, "name": discipline.name},
    )
    return t(actor.language, key, code=discipline.code, federation=federation.code)


async def enable_discipline(repos: Repos, actor: Actor, federation: Federation, code: str) -> str:
    """Bring a disabled discipline back (lists on its calendar, submissions accepted)."""
    discipline = await discipline_of(repos, actor, federation, code)
    if not discipline.disabled:
        return t(actor.language, "setup.already_enabled", code=discipline.code)
    discipline.disabled = False
    await repos.audit.log(
        "discipline.enabled",
        at=actor.now,
        account_id=actor.account_id,
        federation_id=federation.id,
        subject=discipline.code,
    )
    return t(actor.language, "setup.discipline_enabled", code=discipline.code)


async def set_discipline_facts(
    repos: Repos,
    systems: SystemRegistry,
    actor: Actor,
    federation: Federation,
    code: str,
    assignments: list[str],
) -> Discipline:
    """Set (``KEY=VALUE``) or clear (``KEY=``) the discipline's defaults of the tournament
    facts its system declares; every bad token refused at once, naming its key. The caller
    checked the role (an admin in a chat; the operator's ``fedrank discipline edit --set``)."""
    discipline = await discipline_of(repos, actor, federation, code)
    adapter = systems.adapter(discipline.system)
    if not adapter.facts:
        raise UserError(t(actor.language, "facts.none", system=discipline.system))
    given = read_assignments(adapter.facts, assignments, actor.language, clearing=True)
    before = {str(k): str(v) for k, v in (discipline.facts or {}).items()}
    after = {k: v for k, v in {**before, **given}.items() if v}
    discipline.facts = after  # a new dict: the JSON column sees the change
    await repos.audit.log(
        "discipline.facts",
        at=actor.now,
        account_id=actor.account_id,
        federation_id=federation.id,
        subject=discipline.code,
        details={"before": before, "after": after},
    )
    return discipline


def discipline_facts_text(language: str, systems: SystemRegistry, discipline: Discipline) -> str:
    """The discipline's defaults, one fact a line: its value (``—`` and what then happens
    where it has none), the rulebook's section and the values it takes."""
    adapter = systems.adapter(discipline.system)
    if not adapter.facts:
        return t(language, "facts.none", system=discipline.system)
    in_force = defaults_of(adapter.facts, discipline)
    lines = [t(language, "facts.defaults_title", code=discipline.code)]
    for fact in adapter.facts:
        if fact.per_tournament:
            lines.append(t(language, "facts.per_tournament", key=fact.key))
            continue
        value = in_force.get(fact.key, "—")
        whose = t(language, "facts.no_default") if value == "—" else ""
        lines.append(f"{fact.key} = {value} ({fact.rule}: {fact.expected()}{whose})")
    return "\n".join(lines)


def refuse_disabled(discipline: Discipline, language: str) -> None:
    """A submission to a disabled discipline is refused, saying how to enable it again."""
    if discipline.disabled:
        raise UserError(t(language, "setup.submit_disabled", code=discipline.code))


async def audit_refusal(
    db: Database,
    actor: Actor,
    action: str,
    subject: str,
    message: str,
    federation_id: int | None = None,
) -> None:
    """Keep a refused setup command in the audit log (its own transaction: the refused one
    was rolled back, writing nothing)."""
    async with db.transaction() as repos:
        await repos.audit.log(
            f"{action}.refused",
            at=actor.now,
            account_id=actor.account_id,
            federation_id=federation_id,
            subject=subject[:200],
            details={"reason": message},
        )
