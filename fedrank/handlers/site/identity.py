"""A federation's and a discipline's name in a language, and the federation's identity as the
site's templates and the list files use it (set in :mod:`fedrank.handlers.federation.identity`).

A name in a language is the one set for it (``names``), else the stored ``name`` (the one
given when it was added). Page data carries every language's (:func:`names_of`), since one page
is rendered once for all four (the renderer picks the copy's). The identity is public: the
accent colour, contact and footer lines and the logo's file in the build
(``static/logo-<code>.<ext>``, copied there by the build, served by the live site).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from fedrank.handlers.context import Services
from fedrank.handlers.site import paths
from fedrank.handlers.wording.languages import LANGUAGES
from fedrank.storage.models import Discipline, Federation
from fedrank.storage.repos import Repos

#: A logo's type -> its file extension and media type.
LOGO_TYPES = {
    "png": ("png", "image/png"),
    "jpeg": ("jpg", "image/jpeg"),
    "svg": ("svg", "image/svg+xml"),
}


@dataclass(frozen=True, slots=True)
class FileHead:
    """What a list file says of its federation where its format has a place (an XLSX's
    properties and printed header and footer, the HTML page's top and foot; a CSV has none)."""

    federation: str
    contact: str | None = None
    footer: str | None = None


def file_head(federation: Federation | None, language: str) -> FileHead | None:
    """The federation's name in ``language``, contact and footer, for its list files."""
    if federation is None:
        return None
    return FileHead(federation_name(federation, language), federation.contact, federation.footer)


class Named(Protocol):
    name: str
    names: dict[str, str]


def local_name(names: Mapping[str, Any] | None, name: str, language: str) -> str:
    """The name in ``language`` where one is set, else ``name``."""
    found = (names or {}).get(language)
    return str(found) if found else name


def federation_name(federation: Federation, language: str) -> str:
    """The federation's name in ``language`` (what every page and message shows)."""
    return local_name(federation.names, federation.name, language)


def discipline_name(discipline: Discipline, language: str) -> str:
    """The discipline's name in ``language``."""
    return local_name(discipline.names, discipline.name, language)


def names_of(item: Named) -> dict[str, str]:
    """The name in each of the four languages (the stored name where one has none)."""
    return {lang: local_name(item.names, item.name, lang) for lang in LANGUAGES}


def logo_file(code: str, kind: str) -> str:
    """A federation's logo's file name in the build's ``static/`` folder."""
    return f"logo-{paths.seg(code)}.{LOGO_TYPES[kind][0]}"


def identity_of(federation: Federation) -> dict[str, Any]:
    """The federation's identity as page data: accent colour, contact, footer, logo file."""
    logo = logo_file(federation.code, federation.logo_type) if federation.logo_type else None
    return {
        "accent": federation.accent,
        "contact": federation.contact,
        "footer": federation.footer,
        "logo": logo,
    }


async def logos(repos: Repos) -> list[tuple[str, bytes]]:
    """(file name in ``static/``, bytes) of every federation's logo."""
    out = []
    for federation in await repos.federations.all():
        found = await repos.federations.logo(federation.id)
        if found is not None:
            out.append((logo_file(federation.code, found[1]), found[0]))
    return out


async def logo_at(repos: Repos, path: str) -> tuple[bytes, str] | None:
    """The logo file named ``path`` (``logo-<code>.<ext>`` in ``static/``) and its media
    type, if any."""
    for federation in await repos.federations.all():
        if federation.logo_type and logo_file(federation.code, federation.logo_type) == path:
            found = await repos.federations.logo(federation.id)
            if found is not None:
                return found[0], LOGO_TYPES[found[1]][1]
    return None


async def digest(repos: Repos) -> str:
    """A short hash of every federation's and discipline's names and identity, logo included:
    the build's design, so that a change of any of them rebuilds every page."""
    hashed = hashlib.sha256()
    for federation in await repos.federations.all():
        hashed.update(
            json.dumps(
                [federation.code, names_of(federation), identity_of(federation)], sort_keys=True
            ).encode()
        )
        found = await repos.federations.logo(federation.id)
        if found is not None:
            hashed.update(found[0])
        for discipline in await repos.federations.disciplines(federation.id):
            hashed.update(json.dumps([discipline.code, names_of(discipline)]).encode())
    return hashed.hexdigest()[:16]


async def for_build(services: Services) -> tuple[str, list[tuple[str, bytes]]]:
    """What a build needs of the identities: their hash (part of its design) and the logos."""
    async with services.db.read() as repos:
        return await digest(repos), await logos(repos)


async def logo_for(services: Services, name: str) -> tuple[bytes, str] | None:
    """The live site's answer for ``static/<name>``: a federation's logo and its media type."""
    if not name.startswith("logo-"):
        return None
    async with services.db.read() as repos:
        return await logo_at(repos, name)
