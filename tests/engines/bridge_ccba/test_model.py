"""The typed inputs refuse values outside the rulebook's domain."""

from decimal import Decimal

import pytest

from fedrank.engines.bridge_ccba.model import Entry, EventSpec, Member
from fedrank.engines.kernel import InputError, RuleError


def _event(**overrides: object) -> EventSpec:
    values: dict[str, object] = {
        "name": "x",
        "level": "club",
        "kind": "pair",
        "colour": "red",
        "boards": 24,
    }
    values.update(overrides)
    return EventSpec(**values)  # type: ignore[arg-type]


def test_event_defaults_unit_size_by_kind() -> None:
    """§1.3.1: N is 4 for teams, 2 for pairs, 1 for individuals."""
    assert _event(kind="team").min_unit_size == 4
    assert _event(kind="pair").min_unit_size == 2
    assert _event(kind="individual").min_unit_size == 1
    assert _event(kind="team", unit_size=6).min_unit_size == 6


def test_other_kind_needs_unit_size() -> None:
    with pytest.raises(RuleError, match=r"§1\.3\.1"):
        _ = _event(kind="other").min_unit_size


@pytest.mark.parametrize(
    ("overrides", "field"),
    [
        ({"level": "city"}, "level"),
        ({"colour": "green"}, "colour"),
        ({"boards": 0}, "boards"),
        ({"share": Decimal("1.5")}, "share"),
        ({"restrictions": ("scope", "scope")}, "restrictions"),
        ({"format": "swiss"}, "format"),
    ],
)
def test_event_refuses_values_outside_the_domain(overrides: dict[str, object], field: str) -> None:
    with pytest.raises(InputError) as info:
        _event(**overrides)
    assert info.value.field == field


def test_entry_and_member_checks() -> None:
    with pytest.raises(InputError) as info:
        Entry("T1", (), line=7)
    assert (info.value.line, info.value.field) == (7, "player")
    with pytest.raises(InputError):
        Member("P", mp=Decimal(-1))
    entry = Entry("T1", (Member("P"),), stage_places=((1, 3), (2, 1)))
    assert entry.stage_place(1) == 3
    assert entry.stage_place(2) == 1
    assert entry.stage_place(3) is None
