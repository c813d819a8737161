"""Suggestions while a user types an option (Discord's autocomplete): disciplines, players and
tournaments matching what is typed so far, each a label to show and the value to send.

One short read each, limited to :data:`MAX_CHOICES` rows; labels and values are cut to
:data:`TEXT_LIMIT` characters (Discord's limits, generous for any other platform).
"""

from __future__ import annotations

from dataclasses import dataclass

from fedrank.handlers.context import Services
from fedrank.handlers.site.identity import local_name
from fedrank.handlers.wording.common import label
from fedrank.handlers.wording.safetext import clean_name

MAX_CHOICES = 25
TEXT_LIMIT = 100


@dataclass(frozen=True, slots=True)
class Suggestion:
    label: str
    value: str


def fit(text: str, limit: int = TEXT_LIMIT) -> str:
    """``text`` within ``limit`` characters (an ellipsis where it was cut)."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _suggestion(label: str, value: str) -> Suggestion:
    return Suggestion(fit(clean_name(label)), value[:TEXT_LIMIT])


async def disciplines(services: Services, typed: str, language: str = "en") -> list[Suggestion]:
    """The disciplines (enabled ones) whose code or name in any language contains ``typed``,
    codes that start with it first, each labelled with its name in ``language``."""
    needle = typed.strip().casefold()
    async with services.db.read() as repos:
        rows = [
            (d.code, d.name, dict(d.names or {}))
            for d in await repos.federations.disciplines()
            if not d.disabled
        ]
    found = [
        (not code.casefold().startswith(needle), code, local_name(names, name, language))
        for code, name, names in rows
        if needle in code.casefold() or any(needle in n.casefold() for n in (name, *names.values()))
    ]
    return [_suggestion(f"{code} — {name}", code) for _, code, name in sorted(found)][:MAX_CHOICES]


async def players(services: Services, typed: str, language: str = "en") -> list[Suggestion]:
    """Players whose federation ID starts with ``typed`` or whose name contains it (nothing
    before a character is typed: a registry is too long to list). A name is the registry's
    own in every ``language``."""
    if not typed.strip():
        return []
    async with services.db.read() as repos:
        found = await repos.players.suggest(typed, limit=MAX_CHOICES)
        # A long name is cut, never the ID after it: "name (ID)" within the limit.
        return [
            Suggestion(
                label(
                    fit(clean_name(p.name), TEXT_LIMIT - 3 - len(p.federation_player_id)),
                    p.federation_player_id,
                ),
                p.federation_player_id[:TEXT_LIMIT],
            )
            for p in found
        ]


async def tournaments(services: Services, typed: str, language: str = "en") -> list[Suggestion]:
    """Stored tournaments whose code or name contains ``typed``, the newest first (the most
    recent ones while nothing is typed). A tournament's name is its organisers' own in every
    ``language``."""
    async with services.db.read() as repos:
        found = await repos.tournaments.suggest(typed, limit=MAX_CHOICES)
    return [
        _suggestion(f"{code} — {name} ({held_on.isoformat()})", code)
        for code, name, held_on in found
    ]
