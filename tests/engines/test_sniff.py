"""Which system's file a text is: each example is its own system's, and a file sent to
another system is named as such."""

from __future__ import annotations

from pathlib import Path

import pytest

from fedrank.engines.kernel import InputError
from fedrank.engines.registry import calc_document
from fedrank.engines.sniff import guess, wrong_system

EXAMPLES = Path(__file__).parents[2] / "examples"
TEXT_EXAMPLES = sorted(
    p
    for system in ("go_ufgo", "mahjong_rmf", "bridge_ccba", "bridge_fsbr", "othello_woc")
    for p in (EXAMPLES / system).iterdir()
)


@pytest.mark.parametrize("path", TEXT_EXAMPLES, ids=lambda p: p.name)
def test_each_example_is_recognised_as_its_systems(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert guess(text) == path.parent.name
    assert wrong_system(text, path.parent.name) is None


def test_the_opengotha_and_pin_samples_are_go_files() -> None:
    for name in ("dnipro_open_2026_opengotha.xml", "kharkiv_winter_cup_2026_pins.h9"):
        assert guess((EXAMPLES / "formats" / name).read_text(encoding="utf-8")) == "go_ufgo"


def test_an_rmf_sheet_sent_as_a_go_file_is_named() -> None:
    text = (EXAMPLES / "mahjong_rmf" / "moscow_spring_open_2026.rmf").read_text("utf-8")
    with pytest.raises(InputError) as caught:
        calc_document("go_ufgo", text, filename="moscow.rmf")
    assert str(caught.value) == (
        "line 1, field 'format': this looks like an RMF sheet, not a Go file"
    )
    assert isinstance(caught.value.__cause__, InputError)  # the parser's own error kept


def test_text_of_no_system_keeps_the_parsers_error() -> None:
    assert guess("hello\nworld\n") is None
    with pytest.raises(InputError) as caught:
        calc_document("go_ufgo", "hello\nworld\n", filename="x.h9")
    assert caught.value.field != "format"


def test_a_long_line_costs_no_backtracking() -> None:
    """Each line is cut before the patterns run: 6,000 ranks on one line are looked at as
    a short line (uncut, one pattern backtracked for seconds)."""
    assert guess("1 a " + "1d " * 6000) is None
