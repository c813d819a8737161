"""Stored English rendered in the reader's language (:mod:`fedrank.handlers.wording.phrases`)."""

from __future__ import annotations

import re

import pytest

from fedrank.handlers.wording.i18n import t
from fedrank.handlers.wording.phrases import localize, rule_text, templates, wording

NUMBERS = (1, 2, 5, 11, 21, 22)


def test_the_english_of_each_key_is_its_template() -> None:
    """What the engines store is the English catalogue text: English renders it unchanged and
    every template is recognised back."""
    found = templates()
    assert len(found) > 150
    for template, key in found.items():
        fields = {name: "{" + name + "}" for name in re.findall(r"\{(\w+)\}", template)}
        assert t("en", key, **fields) == template, key


def test_english_is_left_as_stored() -> None:
    text = "places 5-6 tied: 1.07 / 2"
    assert localize("en", text) is text
    assert rule_text("en", "seed 001 §2.9.3") == "seed 001 §2.9.3"


def test_unknown_text_and_names_stay() -> None:
    for text in ("Kazan Open 2024", "mcr-2024-12-11-01", "2.49 x 5.75", "", "Анна"):
        assert localize("ru", text) == text


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("ru", ["1 игрок", "2 игрока", "5 игроков", "11 игроков", "21 игрок", "22 игрока"]),
        ("uk", ["1 гравець", "2 гравці", "5 гравців", "11 гравців", "21 гравець", "22 гравці"]),
        ("zh", [f"{n} 名选手" for n in NUMBERS]),
    ],
)
def test_players_counted_in_a_note(language: str, expected: list[str]) -> None:
    """The RMF note "1350 / 21 players" with the noun's plural form (English: as stored)."""
    got = [localize(language, f"1350 / {n} players") for n in NUMBERS]
    assert got == [f"1350 / {e}" for e in expected]


@pytest.mark.parametrize(
    ("language", "one", "few", "many"),
    [
        ("ru", "{} победа, {} ничья", "{} победы, {} ничьи", "{} побед, {} ничьих"),
        ("uk", "{} перемога, {} нічия", "{} перемоги, {} нічиї", "{} перемог, {} нічиїх"),
        ("zh", "{} 胜, {} 平", "{} 胜, {} 平", "{} 胜, {} 平"),
    ],
)
def test_wins_and_draws_counted(language: str, one: str, few: str, many: str) -> None:
    forms = {1: one, 2: few, 5: many, 11: many, 21: one, 22: few}
    for n in NUMBERS:
        assert localize(language, f"{n} wins, {n} draws") == forms[n].format(n, n), n


def test_ccba_terms() -> None:
    """大师分 and the seed's colours 白金/金/银/红/蓝; sums and parentheses part by part."""
    assert localize("zh", "masterpoints") == "大师分"
    assert [localize("zh", c) for c in ("platinum", "gold", "silver", "red", "blue")] == [
        "白金分",
        "金分",
        "银分",
        "红分",
        "蓝分",
    ]
    assert localize("zh", "65.27 (1.33 gold + 2.02 silver + 61.69 opening)") == (
        "65.27 (金分 1.33 + 银分 2.02 + 初始 61.69)"
    )
    assert localize("ru", "masterpoints gold") == "мастер-очки (золотые)"
    assert wording("zh", "bridge_ccba", "figure", "rating.rating", value="5") == "大师分：5"
    assert wording("zh", "go_ufgo", "figure", "rating.rating", value="5") == t(
        "zh", "rating.rating", value="5"
    )


def test_rmf_levels_in_the_rulebook_words() -> None:
    assert [localize("ru", x) for x in ("7k", "12k", "D1", "D2+", "D3--")] == [
        "7 кю",
        "12 кю",
        "1 дан",
        "2 дан+",
        "3 дан--",
    ]
    assert localize("zh", "D3: NR*KT ≥ 3000 in one tournament; D3 is kept for life") == (
        "3 段：单场比赛 NR*KT ≥ 3000；3 段 终身保留"
    )
    # Not a level: left alone.
    assert localize("ru", "13k") == "13k"


def test_rule_references() -> None:
    rule = "seed 000 Appendix 1 'КТ_ЭУ'; RULES.md mahjong_rmf Decision 'KT_EU scale'"
    assert rule_text("ru", rule) == (
        "Положение о рейтинговых системах, приложение 1 «КТ_ЭУ»; решение «шкала KT_EU»"
    )
    assert rule_text("zh", "seed 001 §2.9.3") == "《大师分公式》，§2.9.3"
    assert rule_text("uk", "seed 004 II.3.1 / engine decision D2") == (
        "Правила WOC, II.3.1 / рішення розрахунку D2"
    )
    assert rule_text("ru", "seed 004") == "Правила WOC"
    assert rule_text("ru", "seed 009 §1") == "правила 009, §1"


def test_notes_not_in_the_demo() -> None:
    """Notes the demo's data never produce, rendered all the same."""
    assert localize("ru", "2 restriction(s), mixed, online x 0.5") == (
        "2 ограничения, смешанный, онлайн x 0.5"
    )
    assert localize("uk", "5 restriction(s)") == "5 обмежень"
    assert localize("zh", "bye: counts 32 + C*points") == "轮空：计 32 + C*points"
    assert localize("ru", "field 'place': place must be between 1 and 12 in ccba-x") == (
        "поле «место»: место должно быть от 1 до 12 в ccba-x"
    )
