"""The text formats: a whole tournament file and a director's paste of one round."""

from __future__ import annotations

from decimal import Decimal

import pytest

from fedrank.engines.kernel import InputError, RuleError
from fedrank.engines.othello_woc import System, parse_document, parse_round_text

HEAD = """tournament: Test Open
seed: 12
bye_points: 0.5
player: A | Anna | NED | F | A
player: B | Bert | NED | M
player: C | Cees | BEL | M | youth
player: D | Dirk | FRA | M
"""


def test_a_tournament_file_with_every_kind_of_line() -> None:
    text = (
        HEAD
        + """
round 1 seed=12001
A B 30-26          # 8 empty squares: 38-26
C D 20-30 time=D   # D's flag fell: C wins 33-31
round 2
A C refused=C
B D 32-32
withdraw D
round 3
A B 40-24
C BYE
"""
    )
    doc = parse_document(text)
    t = doc.tournament
    assert t.name == "Test Open" and t.seed == 12 and t.bye_points == Decimal("0.5")
    assert t.chosen_system is System.DOUBLE_ROUND_ROBIN
    r1, r2, r3 = t.rounds
    assert r1.seed == 12001 and r1.games[0].black_discs == 38
    assert (r1.games[1].black_discs, r1.games[1].white_discs) == (33, 31)
    assert (r2.games[0].black_discs, r2.games[0].white_discs) == (64, 0)
    assert r2.withdrawn == ("D",) and r3.byes == ("C",)
    players = t.player_map()
    assert players["A"].group_a and players["C"].youth and players["A"].is_woman


def test_a_directors_round_paste() -> None:
    t = parse_document(HEAD).tournament
    r = parse_round_text("A B 40-24\nC D 33-31\n", 1, t)
    assert [(g.black, g.white) for g in r.games] == [("A", "B"), ("C", "D")]
    with pytest.raises(InputError) as err:
        parse_round_text("A B 40-24\nC A 33-31\n", 1, t)
    assert (err.value.line, err.value.field) == (2, "white")
    with pytest.raises(InputError) as err:
        parse_round_text("A B 40-24\n", 1, t)
    assert err.value.field == "round" and "C, D" in str(err.value)
    with pytest.raises(InputError) as err:
        parse_round_text("A B 40-24\nC D 33-32\n", 1, t)
    assert (err.value.line, err.value.field) == (2, "score")
    with pytest.raises(InputError) as err:
        parse_round_text("A B 40-24\nC Z 33-31\n", 1, t)
    assert (err.value.line, err.value.field) == (2, "white")
    with pytest.raises(InputError) as err:
        parse_round_text("A B 40-24\nC D 33-31 flag=C\n", 1, t)
    assert (err.value.line, err.value.field) == (2, "score")


@pytest.mark.parametrize(
    ("text", "line", "field"),
    [
        (HEAD + "player: E | Eve | GER | X\n", 8, "gender"),
        (HEAD + "player: A | Again | GER | M\n", 8, "id"),
        (HEAD + "player: BYE | Bye | GER | M\n", 8, "id"),
        (HEAD + "player: E | Eve | GER | F | captain\n", 8, "flags"),
        (HEAD + "round 2\n", 8, "round"),
        (HEAD + "round 1\nA B 40-24\nC D 40-24\nround 2\nA B 40-24\nC D\n", 13, "score"),
        (
            HEAD + "round 1\nA B 40-24\nC D 40-24\nwithdraw D\nround 2\nA B 40-24\nC D 40-24\n",
            14,
            "white",
        ),
        ("seed: x\n" + HEAD, 1, "seed"),
        (HEAD.replace("bye_points: 0.5", "bye_points: 2"), 3, "bye_points"),
        (HEAD + "nonsense here\n", 8, "nonsense here"),
        (HEAD + "system: chess\n", 8, "system"),
    ],
)
def test_malformed_files_name_the_line_and_field(text: str, line: int, field: str) -> None:
    with pytest.raises(InputError) as err:
        parse_document(text)
    assert (err.value.line, err.value.field) == (line, field), str(err.value)


def test_rule_checks_of_the_field() -> None:
    """I.2.2 team sizes, II.2 the extra player and the system by field size."""
    world = "championship: world\n"
    five = world + "".join(f"player: N{i} | N{i} | NED | {'MF'[i % 2]}\n" for i in range(5))
    with pytest.raises(RuleError) as err:
        parse_document(five)
    assert err.value.rule == "seed 004 I.2.1-I.2.2" and err.value.line == 6
    men = world + "".join(f"player: N{i} | N{i} | NED | M\n" for i in range(4))
    with pytest.raises(RuleError) as err:
        parse_document(men)
    assert err.value.rule == "seed 004 I.2.2"
    with pytest.raises(RuleError) as err:
        parse_document(HEAD + "player: X | Extra | WOF | M | extra\n")
    assert err.value.rule == "seed 004 II.2" and err.value.line == 8
    with pytest.raises(RuleError) as err:
        parse_document(HEAD + "system: swiss\n")
    assert err.value.rule == "seed 004 II.2"
    contact = world + "contact: MNG\nplayer: M1 | a | MNG | M\nplayer: M2 | b | MNG | M\n"
    with pytest.raises(RuleError):
        parse_document(contact)
    ok = parse_document(HEAD + "player: X | Extra | WOF | M | extra\nplayer: Y | y | GER | M\n")
    assert len(ok.tournament.players) == 6


def test_stage_games_carry_the_colour_chooser() -> None:
    text = HEAD + "playoff: A B 32-32 colour=A\n"
    doc = parse_document(text)
    (sg,) = doc.stage_games
    assert sg.stage == "playoff" and sg.line == 8 and sg.game.winner == "B"
    with pytest.raises(RuleError) as err:
        parse_document(HEAD + "playoff: A B 32-32\n")
    assert err.value.rule == "seed 004 IV.9" and err.value.line == 8
    with pytest.raises(InputError) as ierr:
        parse_document(HEAD + "playoff: A B 40-24 colour=C\n")
    assert ierr.value.field == "colour"


def test_entry_rules_bind_only_a_world_championship() -> None:
    """RULES.md othello_woc Decision (scope): I.2 binds ``championship: world`` only."""
    gbr = "".join(f"player: G{i} | G{i} | GBR | M\n" for i in range(8))
    for header in ("", "championship: national\n", "championship: club\n"):
        doc = parse_document("tournament: British Championship\n" + header + gbr)
        assert len(doc.tournament.players) == 8
    with pytest.raises(RuleError) as err:
        parse_document("championship: world\n" + gbr)
    assert "GBR has 8 players, at most 4" in str(err.value) and err.value.line == 9
    with pytest.raises(InputError) as bad:
        parse_document("championship: open\n" + gbr)
    assert (bad.value.line, bad.value.field) == (1, "championship")
