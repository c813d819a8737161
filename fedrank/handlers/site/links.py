"""Links into the published website from messages (an announcement links its list's page).

The address (FEDRANK_SITE_URL) is the operator's setting, given once by the composition root
(:func:`set_site_url`); without it messages carry no link.
"""

from __future__ import annotations

from datetime import date

from fedrank.handlers.site import paths

_site_url: list[str] = []


def set_site_url(url: str | None) -> None:
    """The site's public address (``https://ratings.example.org/``), or None for no links."""
    _site_url[:] = [url.rstrip("/") + "/"] if url else []


def list_url(federation: str, discipline: str, day: date) -> str | None:
    """The public address of a list's page (None when no site address is set)."""
    if not _site_url:
        return None
    return _site_url[0] + paths.list_page(federation, discipline, day)


def site_url() -> str | None:
    """The site's public address ending in ``/`` (None when not set)."""
    return _site_url[0] if _site_url else None
