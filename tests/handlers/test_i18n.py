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


def test_counted_nouns_in_each_language() -> None:
    from fedrank.handlers.i18n.plural import counted

    base = "figures.players"
    assert [counted("en", base, n) for n in (1, 2, 21)] == ["1 player", "2 players", "21 players"]
    assert [counted("ru", base, n) for n in (1, 3, 5, 11, 21, 22, 112)] == [
        "1 игрок",
        "3 игрока",
        "5 игроков",
        "11 игроков",
        "21 игрок",
        "22 игрока",
        "112 игроков",
    ]
    assert [counted("uk", base, n) for n in (1, 4, 14)] == ["1 гравець", "4 гравці", "14 гравців"]
    assert counted("zh", base, 1) == counted("zh", base, 2).replace("2", "1") == "1 人"


def test_quotes_are_the_language_own() -> None:
    """“…” in English and Chinese, «…» in Russian and Ukrainian; never '…' around a value."""
    import re

    own = {"en": "“", "zh": "“", "ru": "«", "uk": "«"}
    for language, catalogue in CATALOGUES.items():
        for key, text in catalogue.items():
            assert not re.search(r"'\{\w+\}'", text), (language, key, text)
            for quote in ("“", "«"):
                if quote != own[language]:
                    assert quote not in text, (language, key, text)
