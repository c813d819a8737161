"""A file given to a system with several lists is tried on the list it names, and a refused
file's problems are said once (issue 33: an RMF sheet saying ``discipline: mcr`` was refused
with each problem twice, under ``mcr:`` and ``sichuan:``). From an empty database: the
federation, its two lists and its players are made by the test."""

from __future__ import annotations

from fedrank.engines.kernel import EngineError, InputError, InputErrors, RuleError
from fedrank.handlers.context import Services
from fedrank.handlers.results.fitting import best_refusal, disciplines_to_try, problem_count
from fedrank.handlers.results.names import prepare_named
from fedrank.handlers.systems.players import Names
from fedrank.storage.database import Database
from fedrank.storage.models import Discipline
from tests.handlers.systems.mahjong_rmf.helpers import seed, sheet

BAD = sheet(levels={1: "13k"}).replace("\n3; RMF-0003;", "\nthird; RMF-0003;")


async def _refusals(
    services: Services, db: Database, text: str
) -> tuple[list[str], list[tuple[str, Exception]]]:
    """What the operator's ``import``/``calc`` loop does with the system's lists: the codes
    tried and each refusal, with the code of the best match first."""
    refusals: list[tuple[Discipline, Exception]] = []
    async with db.read() as repos:
        every = [d for d in await repos.federations.disciplines() if d.system == "mahjong_rmf"]
        tried = disciplines_to_try(services.systems, every, text)
        for discipline in tried:
            adapter = services.systems.adapter(discipline.system)
            try:
                await prepare_named(adapter, repos, discipline, text, "t.rmf", Names())
            except EngineError as exc:
                refusals.append((discipline, exc))
        best = [best_refusal(refusals)] if refusals else []
        said = [(d.code, exc) for d, exc in best + refusals]
        codes = [d.code for d in tried]
    return codes, said


async def test_a_sheet_naming_its_list_is_tried_there_only_and_refused_once(
    services: Services, db: Database
) -> None:
    await seed(db)
    tried, refusals = await _refusals(services, db, BAD)
    assert tried == ["rmf-mcr"]
    code, refusal = refusals[0]
    assert code == "rmf-mcr"
    said = str(refusal)
    assert said.count("there is no 13 kyu") == 1 and said.count("'third' is not a place") == 1
    assert "sichuan" not in said
    sichuan = BAD.replace("discipline: mcr", "discipline: sichuan")
    assert (await _refusals(services, db, sichuan))[0] == ["rmf-sichuan"]


async def test_a_sheet_naming_no_list_is_tried_on_both_and_the_best_match_said(
    services: Services, db: Database
) -> None:
    await seed(db)
    unnamed = BAD.replace("discipline: mcr\n", "")
    tried, refusals = await _refusals(services, db, unnamed)
    assert tried == ["rmf-mcr", "rmf-sichuan"] and len(refusals) == 3
    code, refusal = refusals[0]
    assert code == "rmf-mcr"  # equal problems: the first tried
    assert str(refusal).count("required field is missing") == 1
    # A value naming neither list keeps both, and each refusal names the line.
    odd = BAD.replace("discipline: mcr", "discipline: riichi")
    assert (await _refusals(services, db, odd))[0] == ["rmf-mcr", "rmf-sichuan"]


async def test_a_good_sheet_is_accepted_by_the_one_list_it_names(
    services: Services, db: Database
) -> None:
    await seed(db)
    tried, refusals = await _refusals(services, db, sheet())
    assert (tried, refusals) == (["rmf-mcr"], [])


def test_the_best_match_has_the_fewest_problems() -> None:
    one, two = Discipline(code="a", system="x"), Discipline(code="b", system="x")
    many = InputErrors([InputError("bad", line=3), InputError("bad", line=4)])
    rule = RuleError("CHUT below 12", rule="seed 000")
    assert (problem_count(many), problem_count(rule)) == (2, 1)
    assert best_refusal([(one, many), (two, rule)]) == (two, rule)
