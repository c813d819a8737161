"""Public pages cite the rulebook by its name and section in the page's language, never the
project's notes on its reading of the rules or the number its copy is stored under."""

from __future__ import annotations

from datetime import date

import pytest

from fedrank.handlers.site.pages import named
from fedrank.handlers.site.public import citation, public_note, public_text
from fedrank.storage.repos.site import TournamentInfo


@pytest.mark.parametrize(
    ("language", "system", "rule", "expected"),
    [
        ("en", "go_ufgo", "seed 002 §4.2 table 2", "UFGO Rating System, §4.2 table 2"),
        ("ru", "go_ufgo", "seed 002 §4.2 table 2", "Рейтинг-система УФГО, §4.2 табл. 2"),
        ("en", "bridge_fsbr", "7.6", "FSBR Sports Classification, §7.6"),
        ("ru", "bridge_fsbr", "2.2 note 3", "Спортивная классификация ФСБР, п. 2.2 прим. 3"),
        ("zh", "bridge_fsbr", "8.10", "《FSBR 运动等级分类》，第 8.10 条"),
        (
            "ru",
            "mahjong_rmf",
            "seed 000 Appendix 1 'КТ_ЭУ'; RULES.md mahjong_rmf Decision 'KT_EU scale'",
            "Положение о рейтинговых системах, приложение 1 «КТ_ЭУ»",
        ),
        ("en", "othello_woc", "seed 004 II.3.1 / engine decision D2", "WOC Rules, II.3.1"),
        (
            "en",
            "othello_woc",
            "RULES.md othello_woc Decision (seeded draw)",
            "WOC Rules, as applied by the rating service",
        ),
        ("zh", "bridge_ccba", "seed 001 §1.3.1", "《大师分公式》，§1.3.1"),
    ],
)
def test_a_trace_cites_the_rulebook_by_name(
    language: str, system: str, rule: str, expected: str
) -> None:
    text = citation(language, system, rule)
    assert text == expected
    assert not any(word in text for word in ("RULES.md", "Decision", "seed 0", "decision"))


def test_stored_texts_lose_the_project_asides_and_name_the_rulebook() -> None:
    reason = "one-year check: minus (RULES.md Decision 'one-year confirmation')"
    assert public_text("en", "bridge_fsbr", reason) == "one-year check: minus"
    assert public_text("en", "othello_woc", "IFRL 3: semi-final (seed 004 III)") == (
        "IFRL 3: semi-final (WOC Rules, III)"
    )
    assert public_note("en", "participants with q <= 0 (Decision)") == "participants with q <= 0"


def test_a_title_reason_names_the_tournament_not_its_code() -> None:
    tournaments: dict[int, TournamentInfo] = {
        1: (1, "mcr-2025-07-17-08", "Moscow Open 2025", date(2025, 7, 17), 1),
        2: (2, "mcr-2025-07-17-0", "Short", date(2025, 7, 17), 1),
    }
    assert named("norm 1k met in mcr-2025-07-17-08", tournaments) == (
        "norm 1k met in Moscow Open 2025"
    )
    assert named("demo-1: IK 926", tournaments) == "demo-1: IK 926"
