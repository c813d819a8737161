"""FSBR's norms in the reader's language: the same norm as the rulebook's Russian text."""

from __future__ import annotations

import re

import pytest

from fedrank.engines.bridge_fsbr.rank import RK5_TEXT
from fedrank.engines.bridge_fsbr.tables import NORMS, Norm
from fedrank.handlers.wording.systems.bridge_fsbr import norm_text, said_norm
from fedrank.handlers.wording.words import reason_text

_CYRILLIC = re.compile(r"[\u0400-\u04ff]+")
_LATIN = re.compile(r"[A-Za-z]+")


@pytest.mark.parametrize("norm", [n for n in NORMS if not n.title], ids=lambda n: n.text)
def test_the_figures_say_what_the_rulebook_says(norm: Norm) -> None:
    # Said from its figures in Russian, each norm is word for word the rulebook's text: the
    # other languages say the same figures.
    assert said_norm("ru", norm) == norm.text


def test_russian_quotes_the_rulebook_and_keeps_the_section() -> None:
    for norm in NORMS:
        assert norm_text("ru", norm.text) == norm.text
        assert norm_text("ru", f"2.2: {norm.text}") == f"2.2: {norm.text}"
    assert norm_text("ru", RK5_TEXT) == RK5_TEXT


@pytest.mark.parametrize("language", ["en", "uk", "zh"])
def test_every_norm_in_the_readers_language(language: str) -> None:
    for norm in [*NORMS]:
        said = norm_text(language, f"2.2: {norm.text}")
        assert said is not None and said.startswith("2.2: ")
        if language != "uk":
            assert not _CYRILLIC.findall(said), said
    rk5 = norm_text(language, f"2.2: {RK5_TEXT}")
    assert rk5 is not None and rk5.startswith("2.2: рк 5")  # the rulebook's symbol
    if language == "zh":
        for norm in NORMS:
            said = norm_text("zh", norm.text) or ""
            assert set(_LATIN.findall(said)) <= {"MB", "RO", "PB"}, said


def test_the_examples_read_as_expected() -> None:
    assert norm_text("en", "2.2: 15 РО в течение последнего года") == "2.2: 15 RO in the last year"
    assert norm_text("en", "1000 МБ и 1 ПБ в течение последнего года") == (
        "1000 MB and 1 PB in the last year"
    )
    assert norm_text("zh", "выполнение нормы мастера ВБФ") == "达到“世界桥联大师”标准"
    assert norm_text("uk", "50 МБ (из них не менее 10 в течение последнего года)") == (
        "50 МБ (з них не менше 10 протягом останнього року)"
    )


def test_other_texts_are_not_norms() -> None:
    assert norm_text("en", "norm 1k met in Moscow Open 2025") is None
    assert norm_text("zh", "2.2: 4 ПБ") is None  # not a norm of the table
    # a title's reason that is no norm goes on to the phrases fedrank writes
    assert reason_text("zh", "2.2 note 2: one-year norm not confirmed, one step down for life") == (
        "第 2.2 条 注 2：一年期标准未获确认，终身降低一级"
    )
