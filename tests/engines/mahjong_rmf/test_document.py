"""calc_document on every example file (real figures) and on malformed files."""

import json
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest

from fedrank.engines import registry
from fedrank.engines.kernel import InputError, RuleError
from fedrank.engines.mahjong_rmf import calc_document
from fedrank.engines.mahjong_rmf.parsing import parse_sheet

EXAMPLES = Path(__file__).resolve().parents[3] / "examples" / "mahjong_rmf"

# Hand-worked figures per example file: KT parts and some players' NR*KT, norm, level after.
EXPECTED = {
    # 24 players, EU sum 18950 -> mean 789.58 -> KT_EU 0.75;
    # KT = 0.7 (CHS 7) + 0.10 (CHUT 24) + 0.75 + 0 = 1.55.
    # Winner: NR 1000, NRKT 1550 (norm 2k). Places 5-6 shared: NR = 1000 * 18.5 / 23 = 804.35,
    # NRKT 1246.74 (4k). 9th: NR = 1000 * 15 / 23, NRKT = 1010.87 -> 5k raised to 4k.
    "moscow_spring_open_2026.rmf": {
        "KT": ("0.70", "0.10", "0.75", "0.00", "1.55"),
        "players": {
            "Ivanov Ivan": ("1550", "2k", "D2+"),
            "Popov Dmitry": (Fraction(18500, 23) * Fraction("1.55"), "4k", "2k"),
            "Novikov Sergei": (Fraction(15000, 23) * Fraction("1.55"), "4k", "4k"),
            "Zakharova Polina": ("0", "12k", "12k"),
        },
    },
    # 16 ranked of CHUT 18 (row 16: -0.10), EU sum 18250 -> mean 1140.625 -> KT_EU 1.10;
    # KT = 1.0 - 0.10 + 1.10 + 1.00 (European championship) = 3.00.
    # Places 3-4 shared: NR = 1000 * 14.5 / 17 = 852.94, NRKT 2558.82 (norm D2):
    # Lebedev D1 -> D1+, Zhang 1k -> lifted to D1 then '+' -> D1+. Kim D2+ meets D2: confirmed.
    "sichuan_european_championship_2026.rmf": {
        "KT": ("1.00", "-0.10", "1.10", "1.00", "3.00"),
        "players": {
            "Orlova Anastasia": ("3000", "D3", "D4"),
            "Kim Sergei": (Fraction(16000, 17) * 3, "D2", "D2+"),
            "Lebedev Artem": (Fraction(14500, 17) * 3, "D2", "D1+"),
            "Zhang Wei": (Fraction(14500, 17) * 3, "D2", "D1+"),
            "Zaitsev Gleb": (Fraction(2000, 17) * 3, "7k", "7k"),
        },
    },
}


def example_files() -> list[Path]:
    return sorted(EXAMPLES.iterdir())


def test_every_example_has_hand_worked_figures() -> None:
    assert {p.name for p in example_files()} == set(EXPECTED)


@pytest.mark.parametrize("path", example_files(), ids=lambda p: p.name)
def test_example_file(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    out = registry.calc_document("mahjong_rmf", text, filename=path.name)
    assert json.loads(json.dumps(out)) == out  # JSON-ready
    assert out["system"] == "mahjong_rmf"
    want = EXPECTED[path.name]
    t = out["tournament"]
    assert (t["KT_CHS"], t["KT_CHUT"], t["KT_EU"], t["KT_W"], t["KT"]) == want["KT"]
    standings = {s["player"]: s for s in out["standings"]}
    awards = {a["player"]: a for a in out["awards"]}
    for player, (nrkt, norm, after) in want["players"].items():  # type: ignore[attr-defined]
        s = standings[player]
        exact = Fraction(nrkt)
        assert abs(Fraction(Decimal(s["NRKT"])) - exact) < Fraction(1, 10**20)
        assert (s["norm"], s["level_after"]) == (norm, after)
        assert awards[player]["amount"] == s["NRKT"] and awards[player]["kind"] == "NRKT"
    # every award's trace ends with NR, NRKT and the norm, recomputable from the sheet
    sheet = parse_sheet(text, filename=path.name)
    kt = Fraction(t["KT"])
    chut = t["CHUT"]
    for s in out["standings"]:
        nr = Fraction(1000) * (chut - Fraction(s["place_mean"])) / (chut - 1)
        assert abs(Fraction(Decimal(s["NRKT"])) - nr * kt) < Fraction(1, 10**20)
        assert s["level_before"] == sheet.levels[s["player"]].label
        names = [step["name"] for step in awards[s["player"]]["trace"]]
        assert names[-3:] == ["NR", "NRKT", "norm"] and "KT_EU" in names


MALFORMED = """\
name: Broken Cup
date: 2026-04-01
discipline: mcr
chs: 5

place; player; level
1; Ann; 1k
2; Bob; 5 kyu+
"""


def test_malformed_file_names_the_line_and_field() -> None:
    with pytest.raises(InputError) as err:
        calc_document(MALFORMED, filename="broken.rmf")
    assert (err.value.line, err.value.field) == (8, "level")
    assert str(err.value).startswith("line 8, field 'level', player Bob: ")


def test_a_too_small_tournament_names_the_chut_line() -> None:
    rows = "".join(f"{i}; P{i}; 12k\n" for i in range(1, 12))
    text = MALFORMED.split("place;")[0].replace("chs: 5", "chs: 5\nchut: 11")
    with pytest.raises(RuleError, match="not ratable") as err:
        calc_document(text + "place; player; level\n" + rows)
    assert err.value.line == 5
    # without a chut line the count of players is the CHUT, and the error has no line
    with pytest.raises(RuleError, match="CHUT 11") as err:
        calc_document(MALFORMED.split("place;")[0] + "place; player; level\n" + rows)
    assert err.value.line is None


def test_place_beyond_chut_names_the_row() -> None:
    rows = "".join(f"{i}; P{i}; 12k\n" for i in range(1, 12)) + "14; P14; 12k\n"
    text = MALFORMED.split("place;")[0].replace("chs: 5", "chs: 5\nchut: 13")
    with pytest.raises(RuleError, match="beyond CHUT 13") as err:
        calc_document(text + "place; player; level\n" + rows)
    assert err.value.line == 19


def test_no_dan_players_no_year_warning() -> None:
    rows = "".join(f"{i}; P{i}; 1k\n" for i in range(1, 13))
    out = calc_document(MALFORMED.split("place;")[0] + "chut: 12\nplace; player; level\n" + rows)
    assert out["warnings"] == []
    assert out["tournament"]["KT"] == "2.05"  # 0.5 - 0.20 + 1.75 (mean 1750) + 0


def test_calc_takes_an_empty_level_cell_as_12_kyu() -> None:
    """Without a registry, "no level given" is 12 kyu (0) and the warning names the players."""
    text = "date: 2026-02-07\ndiscipline: mcr\nchs: 6\n\nplace; player; level\n" + "".join(
        f"{n}; P{n:02d}; {'D1' if n == 1 else ''}\n" for n in range(1, 13)
    )
    out = calc_document(text)
    standings = {s["player"]: s for s in out["standings"]}
    assert standings["P01"]["level_before"] == "D1"
    assert standings["P02"]["level_before"] == "12k"
    assert any("no level given for P02" in w and "12 kyu (0)" in w for w in out["warnings"])
