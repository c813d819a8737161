"""OpenGotha's XML tournament file: players with their EGD PINs, games and results, the
general parameters; every problem at once; DTDs and entities refused; hypothesis: any
mutation of the sample is read or refused with an InputError."""

from __future__ import annotations

import random
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fedrank.engines.go_ufgo import parse_document, parse_opengotha, parse_submission
from fedrank.engines.go_ufgo.opengotha import MAX_BYTES, looks_like_opengotha
from fedrank.engines.kernel import InputError

SAMPLE = Path(__file__).parents[3] / "examples" / "formats" / "dnipro_open_2026_opengotha.xml"
TEXT = SAMPLE.read_text(encoding="utf-8")


def test_the_sample_reads_players_games_and_parameters() -> None:
    parsed = parse_opengotha(TEXT)
    t = parsed.tournament
    assert (t.name, t.on.isoformat(), t.board, t.time_minutes, t.official) == (
        "Dnipro Open 2026",
        "2026-11-29",
        19,
        60,
        True,
    )
    assert [(p.name, p.rank_text, p.pin, p.club, p.line) for p in parsed.players] == [
        ("Kovalchuk Oleksii", "2d", "18273645", "Dnip", 4),
        ("Hordiienko Yuliia", "1k", "17654321", "Kyiv", 5),
        ("Savchuk Taras", "4k", "19012345", "Zapo", 6),
        ("Savchuk Ivan", "8k", None, "Dnip", 7),
    ]
    # White is player1: 1 when white wins; the game won by default (_BYDEF) is not played.
    assert [(g.round, g.player1, g.player2, g.score1) for g in t.games] == [
        (1, "Kovalchuk Oleksii", "Savchuk Ivan", Decimal(1)),
        (1, "Hordiienko Yuliia", "Savchuk Taras", Decimal(1)),
        (2, "Kovalchuk Oleksii", "Savchuk Taras", Decimal(0)),
        (2, "Hordiienko Yuliia", "Savchuk Ivan", Decimal(1)),
        (3, "Kovalchuk Oleksii", "Hordiienko Yuliia", Decimal(0)),
    ]
    assert parsed.tags["KM"] == "6.5" and parsed.format == "opengotha"
    assert looks_like_opengotha(TEXT) and not looks_like_opengotha("; EV[x]\n")


def test_the_document_picker_and_the_import_read_it_with_the_pins() -> None:
    assert parse_document(TEXT, filename="").format == "opengotha"
    submission = parse_submission(TEXT, filename="t.xml", federation_code="UFGO")
    assert [p.pin for p in submission.players] == ["18273645", "17654321", "19012345", None]
    assert (
        parse_opengotha(TEXT.replace(' official="yes"', ""), official=False).tournament.official
        is False
    )


def test_numeric_result_codes_are_read() -> None:
    text = TEXT.replace('"RESULT_WHITEWINS"', '"17"').replace('"RESULT_BLACKWINS"', '"18"')
    assert [g.score1 for g in parse_opengotha(text).tournament.games] == [
        Decimal(1),
        Decimal(1),
        Decimal(0),
        Decimal(1),
        Decimal(0),
    ]


def test_every_problem_at_once_naming_line_field_and_player() -> None:
    lines = TEXT.splitlines()
    lines[11] = lines[11].replace('whitePlayer="KOVALCHUKOLEKSII"', 'whitePlayer="NOBODY"')
    text = (
        "\n".join(lines)
        .replace('rank="4K"', 'rank="4Q"')
        .replace('egfPin="17654321"', 'egfPin="1765x321"')
        .replace(
            'result="RESULT_WHITEWINS" roundNumber="1" tableNumber="1"',
            'result="RESULT_UNKNOWN" roundNumber="1" tableNumber="1"',
        )
        .replace(' official="yes"', "")
    )
    with pytest.raises(InputError) as caught:
        parse_opengotha(text)
    assert str(caught.value) == (
        "5 problems:\n"
        "- line 5, field 'egfPin', player Hordiienko Yuliia: an EGD PIN is digits (like "
        "12345678), not '1765x321'\n"
        "- line 6, field 'rank', player Savchuk Taras: rank must be like 3D or 15K, not '4Q'\n"
        "- line 10, field 'result', player Kovalchuk Oleksii: round 1: Kovalchuk Oleksii - "
        "Savchuk Ivan has no result yet (RESULT_WHITEWINS, RESULT_BLACKWINS, RESULT_EQUAL "
        "(or 17, 18, 19), _BYDEF)\n"
        "- line 12, field 'whitePlayer': 'NOBODY' is not the key of a <Player> (name and first "
        "name, upper-case, no spaces)\n"
        "- line 20, field 'official': OpenGotha has no official flag (is the tournament "
        "official, seed 002 §4.3?); give official=… with the submission, or set the "
        "discipline's default"
    )


@pytest.mark.parametrize(
    "hostile",
    [
        '<?xml version="1.0"?><!DOCTYPE t [<!ENTITY a "aaaa">]><Tournament>&a;</Tournament>',
        '<?xml version="1.0"?>\n<!ENTITY x SYSTEM "file:///etc/passwd"><Tournament/>',
        "<Tournament><Players>",
        "<Other/>",
        # OpenGotha's own DOCTYPE line is let through only as OpenGotha wrote it, nothing inside
        '<?xml version="1.0"?>\n<!DOCTYPE Tournament SYSTEM "tournament.dtd" [<!ENTITY a "b">]>'
        "<Tournament>&a;</Tournament>",
        '<?xml version="1.0"?>\n<!DOCTYPE Tournament SYSTEM "file:///etc/passwd"><Tournament/>',
    ],
)
def test_dtds_entities_and_broken_xml_are_refused(hostile: str) -> None:
    with pytest.raises(InputError) as caught:
        parse_opengotha(hostile)
    assert caught.value.field == "xml"


def test_a_file_larger_than_the_bound_is_refused_before_parsing() -> None:
    big = TEXT.replace("<ByePlayers>", "<ByePlayers>" + " " * MAX_BYTES)
    with pytest.raises(InputError) as caught:
        parse_opengotha(big)
    assert caught.value.field == "file"


def _mutate(rng: random.Random, text: str) -> str:
    chars = list(text)
    for _ in range(rng.randint(1, 6)):
        at = rng.randrange(len(chars))
        op = rng.random()
        if op < 0.5:
            chars[at] = rng.choice('<>/"=&;! ABZ09\n\x00é')
        elif op < 0.75:
            del chars[at : at + rng.randint(1, 40)]
        else:
            chars[at:at] = list(rng.choice(["<!ENTITY", "&amp;", '"', "<Game/>", "<Player/>"]))
    return "".join(chars)


@settings(max_examples=150, deadline=None, database=None)
@given(rng=st.randoms(use_true_random=False))
def test_any_mutated_file_is_read_or_refused(rng: random.Random) -> None:
    try:
        parsed = parse_opengotha(_mutate(rng, TEXT), official=True)
    except InputError:
        return
    assert len(parsed.players) <= 4 + 6
