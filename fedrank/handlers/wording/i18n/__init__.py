"""Every string a user sees, in the four languages fedrank speaks: en, ru, uk, zh.

One gettext catalogue for the use cases, Telegram and Discord: ``fedrank/locales/<lang>/
LC_MESSAGES/fedrank.po`` (a translator edits it with Poedit or any .po editor, see
docs/translating.md), compiled to the ``.mo`` next to it, which the standard library's
:mod:`gettext` reads here once, at import. Each msgid is a message key (``start.greeting``); a
counted noun is one entry with ``msgid_plural`` and the language's CLDR forms.

:func:`t` gives a message, :func:`tn` a counted one (the form chosen by ``n``); both fall back to
English for a language fedrank does not speak. The lookups are plain dict reads, built once from
the ``.mo`` files: :func:`t` is on every update's path.
"""

from __future__ import annotations

import gettext
from collections.abc import Callable
from pathlib import Path

from fedrank.handlers.wording.languages import LANGUAGES

M = dict[str, str]

#: Where the catalogue lives: ``<LOCALES>/<lang>/LC_MESSAGES/<DOMAIN>.mo``.
LOCALES = Path(__file__).resolve().parents[3] / "locales"
DOMAIN = "fedrank"


class _Catalogue(gettext.GNUTranslations):
    """:class:`gettext.GNUTranslations`, with the attributes its parser fills declared."""

    _catalog: dict[str | tuple[str, int], str]
    plural: Callable[[int], int]


def _load(language: str) -> _Catalogue:
    with (LOCALES / language / "LC_MESSAGES" / f"{DOMAIN}.mo").open("rb") as mo:
        return _Catalogue(mo)


_TRANSLATIONS: dict[str, _Catalogue] = {language: _load(language) for language in LANGUAGES}


def _singular(catalogue: _Catalogue) -> M:
    return {k: v for k, v in catalogue._catalog.items() if isinstance(k, str) and k and v}


def _plural(catalogue: _Catalogue) -> dict[str, tuple[str, ...]]:
    forms: dict[str, dict[int, str]] = {}
    for key, text in catalogue._catalog.items():
        if isinstance(key, tuple):
            forms.setdefault(key[0], {})[key[1]] = text
    return {base: tuple(f[i] for i in sorted(f)) for base, f in forms.items() if all(f.values())}


#: Each language's messages as the catalogue has them (no English filled in).
CATALOGUES: dict[str, M] = {lang: _singular(tr) for lang, tr in _TRANSLATIONS.items()}
#: Each language's counted nouns: ``base -> forms``, in the order of its Plural-Forms.
PLURALS: dict[str, dict[str, tuple[str, ...]]] = {
    lang: _plural(tr) for lang, tr in _TRANSLATIONS.items()
}


def _by_key(catalogues: dict[str, M]) -> dict[str, M]:
    """``key -> {language: text}``, keys in the English catalogue's order (then any key that
    only another language has, so :func:`missing_translations` can name it)."""
    keys = dict.fromkeys(key for catalogue in catalogues.values() for key in catalogue)
    return {
        key: {lang: catalogue[key] for lang, catalogue in catalogues.items() if key in catalogue}
        for key in keys
    }


#: ``key -> {language: text}`` for the transports that list messages (command menus).
MESSAGES: dict[str, M] = _by_key(CATALOGUES)

_ENGLISH = "en"
#: What :func:`t` reads: each language's messages with English wherever it has none.
_TEXTS: dict[str, M] = {
    lang: {**CATALOGUES[_ENGLISH], **catalogue} for lang, catalogue in CATALOGUES.items()
}
_Counted = tuple[tuple[str, ...], Callable[[int], int]]
#: What :func:`tn` reads: forms and the rule choosing among them (English's where missing).
_COUNTED: dict[str, dict[str, _Counted]] = {
    lang: {
        **{base: (forms, _TRANSLATIONS[_ENGLISH].plural) for base, forms in PLURALS["en"].items()},
        **{base: (forms, _TRANSLATIONS[lang].plural) for base, forms in PLURALS[lang].items()},
    }
    for lang in LANGUAGES
}


def t(language: str, key: str, /, **values: object) -> str:
    """The message ``key`` in ``language`` (English if unknown), with ``values`` filled in."""
    return _TEXTS.get(language, _TEXTS[_ENGLISH])[key].format(**values)


def tn(language: str, key: str, n: int, /, **values: object) -> str:
    """The counted message ``key`` in the form ``n`` takes in ``language`` (1 player, 2 players;
    1 игрок, 2 игрока, 5 игроков), with ``n`` and ``values`` filled in."""
    forms, rule = _COUNTED.get(language, _COUNTED[_ENGLISH])[key]
    return forms[rule(n)].format(n=n, **values)


def translation(language: str, key: str) -> str | None:
    """The text of ``key`` in ``language`` as the catalogue has it, or None (no fallback)."""
    return CATALOGUES.get(language, {}).get(key)


def missing_translations() -> list[tuple[str, str]]:
    """(key, language) pairs without a translation: must stay empty."""
    missing = [(k, lang) for k, e in MESSAGES.items() for lang in LANGUAGES if lang not in e]
    bases = dict.fromkeys(base for forms in PLURALS.values() for base in forms)
    missing += [(b, lang) for b in bases for lang in LANGUAGES if b not in PLURALS[lang]]
    return missing


__all__ = [
    "CATALOGUES",
    "LANGUAGES",
    "MESSAGES",
    "PLURALS",
    "M",
    "missing_translations",
    "t",
    "tn",
    "translation",
]
