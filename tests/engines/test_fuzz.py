"""Every system's file parser on mutated example files: it reads them or refuses them with an
``InputError``/``RuleError`` naming line and field, never another exception (``bench/fuzz.py``
runs the same cases by the hundred thousand).

Also the numbers that once crashed the arithmetic after the parser instead of being refused."""

from __future__ import annotations

import contextlib
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fedrank.engines import bridge_ccba, bridge_fsbr, go_ufgo
from fedrank.engines.kernel import InputError
from tests import fuzzcases


@pytest.mark.slow
@pytest.mark.parametrize("system", sorted(fuzzcases.PARSERS))
@settings(max_examples=150, deadline=None, database=None)
@given(rng=st.randoms(use_true_random=False))
def test_a_parser_reads_or_refuses_any_mutated_file(system: str, rng: random.Random) -> None:
    filename, text = fuzzcases.parser_case(rng, system)
    with contextlib.suppress(*fuzzcases.REFUSALS):
        fuzzcases.PARSERS[system](text, filename)


def _example(system: str, name: str) -> str:
    return dict(fuzzcases.examples(system))[name]


def test_fsbr_place_of_twenty_six_digits_is_refused_naming_line_and_field() -> None:
    text = _example("bridge_fsbr", "club_match_2025.fsbr").replace(
        "Нева | 2 |", "Нева | 99999999999999999999999999 |"
    )
    with pytest.raises(InputError) as refused:
        bridge_fsbr.calc_document(text, filename="club.fsbr")
    assert refused.value.field == "place"
    assert (
        refused.value.line
        == text.splitlines().index(next(ln for ln in text.splitlines() if ln.startswith("Нева |")))
        + 1
    )


def test_fsbr_place_beyond_any_field_is_refused() -> None:
    text = _example("bridge_fsbr", "club_match_2025.fsbr").replace(
        "Нева | 2 |", "Нева | 2-1000000 |"
    )
    with pytest.raises(InputError, match="place is at most"):
        bridge_fsbr.calc_document(text, filename="club.fsbr")


def test_ccba_holding_of_1e309_is_refused_naming_line_and_field() -> None:
    text = _example("bridge_ccba", "chengdu_club_online_pairs_2026_03.ccba").replace(
        "mp=312.40", "mp=1e309"
    )
    with pytest.raises(InputError) as refused:
        bridge_ccba.calc_document(text, filename="club.ccba")
    assert refused.value.field == "mp"
    assert "mp=1e309" in text.splitlines()[(refused.value.line or 0) - 1]


def test_go_ik_beyond_any_rating_is_refused() -> None:
    text = _example("go_ufgo", "kharkiv_autumn_cup_2026.h9")
    first_ik = next(tok for tok in text.split() if tok.startswith("ik=2"))
    with pytest.raises(InputError) as refused:
        go_ufgo.calc_document(text.replace(first_ik, "ik=1E+999999999", 1), filename="k.h9")
    assert refused.value.line is not None


def test_fsbr_player_refused_for_a_field_of_an_entry_not_in_entries_is_one_problem() -> None:
    """A player line whose boards are refused and whose entry is unknown: the boards are named,
    not an internal error (the refused line once left its entry an empty list)."""
    text = _example("bridge_fsbr", "club_match_2025.fsbr").replace(
        "30005 | Аврора | Жданов К. | 3 | 8", "30005 | Заря | Жданов К. | 3 | x"
    )
    with pytest.raises(InputError) as refused:
        bridge_fsbr.calc_document(text, filename="club.fsbr")
    assert "boards" in str(refused.value)
