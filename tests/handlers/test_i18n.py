"""The catalogues: one module per language, joined by key; t() falls back to English."""

from __future__ import annotations

import string

import pytest

from fedrank.handlers.i18n import CATALOGUES, LANGUAGES, MESSAGES, missing_translations, t


def test_one_catalogue_per_language_with_the_same_keys() -> None:
    assert tuple(CATALOGUES) == LANGUAGES
    english = list(CATALOGUES["en"])
    for language, catalogue in CATALOGUES.items():
        assert sorted(catalogue) == sorted(english), language
    assert list(MESSAGES) == english
    assert missing_translations() == []


def test_the_placeholders_agree() -> None:
    def fields(text: str) -> set[str]:
        return {name for _, name, _, _ in string.Formatter().parse(text) if name}

    for key, text in CATALOGUES["en"].items():
        for language in LANGUAGES:
            assert fields(CATALOGUES[language][key]) == fields(text), (key, language)


def test_t_fills_in_and_falls_back_to_english() -> None:
    assert t("en", "player.not_found", query="X-1") == "No player matches “X-1”."
    assert t("fr", "player.not_found", query="X-1") == "No player matches “X-1”."
    assert t("ru", "help.title") == "Команды:"
    with pytest.raises(KeyError):
        t("en", "no.such.key")
