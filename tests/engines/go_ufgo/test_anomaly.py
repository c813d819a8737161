"""The anomaly rule after one pass (§4.4-§4.7, §5.4), on test_rating's hand-worked tournaments."""

from datetime import date
from decimal import Decimal

from fedrank.engines.go_ufgo.anomaly import check_pass, pass_check
from fedrank.engines.go_ufgo.formula import prepare, run_pass
from fedrank.engines.go_ufgo.model import Game, Tournament

D = Decimal
WIN = D(1)


def test_a_gain_above_ra_restarts_the_player_at_his_result() -> None:
    """Four players at 1300: A gains 40 against RA 0.45 * (40 + 40) = 36 (§4.4-§4.5)."""
    games = (
        Game(1, "A", "B", WIN),
        Game(1, "C", "D", WIN),
        Game(2, "A", "C", WIN),
        Game(2, "D", "B", WIN),
    )
    p = prepare(Tournament("t", date(2026, 3, 1), games))
    start = [13000] * 4
    checked = check_pass(p, start, run_pass(p, start))
    assert checked.anomalous == [0]
    assert checked.next_start == [13400, 13000, 13000, 13000]
    check = pass_check(p, 1, checked, 0)
    assert (check.measure, check.limit, check.anomalous) == (D(40), D("36.00"), True)
    assert check.next_start == D(1340) and check.rule.endswith("§4.4-§4.5")
    assert not pass_check(p, 1, checked, 1).anomalous  # a loss is never anomalous


def test_a_section5_bonus_at_the_threshold_restarts_at_100_or_more() -> None:
    """§5.4, 19x19: D (60) beats two players at 450: bonus 14 >= 9, restarts at 100."""
    games = (Game(1, "D", "B", WIN), Game(2, "D", "C", WIN))
    p = prepare(Tournament("t", date(2026, 3, 1), games))
    start = [600, 4500, 4500]
    checked = check_pass(p, start, run_pass(p, start))
    assert checked.anomalous == [0] and checked.next_start[0] == 1000
    check = pass_check(p, 1, checked, 0)
    assert (check.measure, check.limit) == (D(14), D(9)) and check.rule.endswith("§5.4")
