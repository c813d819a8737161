"""The plan of a registry file, without a database."""

from fedrank.handlers.federation.registry.fileformat import parse_registry
from fedrank.handlers.federation.registry.plan import Existing, next_numbers, plan_import


def test_ids_continue_after_the_highest_number_of_the_pattern() -> None:
    assign = next_numbers("UFGO", ["UFGO-0007", "ufgo-0012", "UFGO-X", "RMF-0099", "UFGO-00"])
    assert [assign(), assign()] == ["UFGO-0013", "UFGO-0014"]
    assert next_numbers("RMF", [])() == "RMF-0001"


def test_a_refused_player_data_value_names_line_and_field() -> None:
    def refuse_everything(player: object) -> None:
        from fedrank.engines.kernel import InputError

        raise InputError("no", field="bridge_fsbr.initial_rk")

    file = parse_registry("p.csv", b"id,name,bridge_fsbr.initial_rk\nA,B,1\n", {"bridge_fsbr"})
    plan = plan_import(1, "FSBR", file, "p.csv", {}, {}, [refuse_everything])
    assert [(p.line, p.field) for p in plan.problems] == [(2, "bridge_fsbr.initial_rk")]


def test_changes_list_only_the_fields_that_differ() -> None:
    held = Existing(5, "A", {"name": "B", "club": "X", "gender": None}, {})
    file = parse_registry("p.csv", b"id,name,club,sex\na,B,Y,\n", set())
    plan = plan_import(1, "FSBR", file, "p.csv", {"A": held.row()}, {}, [])
    (change,) = plan.changed
    assert change.fields == {"club": ("X", "Y")}
    assert change.values == {"club": "Y"}
