"""Every string a user sees, in the four languages fedrank speaks: en, ru, uk, zh.

One module per language (:mod:`.en`, :mod:`.ru`, :mod:`.uk`, :mod:`.zh`), each a flat
``key -> text`` catalogue, so a translator edits one file. Handlers build replies with
:func:`t`; :data:`MESSAGES` joins the catalogues by key (``key -> {language: text}``) for the
transports that list them, and a test checks that every message exists in every language with
the same placeholders, so no user ever gets a half-translated bot.
"""

from __future__ import annotations

from fedrank.handlers.context import LANGUAGES
from fedrank.handlers.i18n import en, ru, uk, zh

M = dict[str, str]

#: Each language's catalogue, in the order of :data:`LANGUAGES`.
CATALOGUES: dict[str, M] = {
    "en": en.MESSAGES,
    "ru": ru.MESSAGES,
    "uk": uk.MESSAGES,
    "zh": zh.MESSAGES,
}


def _by_key(catalogues: dict[str, M]) -> dict[str, M]:
    """``key -> {language: text}``, keys in the English catalogue's order (then any key that
    only another language has, so :func:`missing_translations` can name it)."""
    keys = dict.fromkeys(key for catalogue in catalogues.values() for key in catalogue)
    return {
        key: {lang: catalogue[key] for lang, catalogue in catalogues.items() if key in catalogue}
        for key in keys
    }


MESSAGES: dict[str, M] = _by_key(CATALOGUES)


def t(language: str, key: str, /, **values: object) -> str:
    """The message ``key`` in ``language`` (English if unknown), with ``values`` filled in."""
    entry = MESSAGES[key]
    template = entry.get(language) or entry["en"]
    return template.format(**values)


def missing_translations() -> list[tuple[str, str]]:
    """(key, language) pairs without a translation: must stay empty."""
    return [(k, lang) for k, entry in MESSAGES.items() for lang in LANGUAGES if lang not in entry]


__all__ = ["CATALOGUES", "LANGUAGES", "MESSAGES", "M", "missing_translations", "t"]
