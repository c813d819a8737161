"""Tournaments and ledger lines built in code, shared by the engine tests."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from fedrank.engines.bridge_fsbr.history import LedgerLine
from fedrank.engines.bridge_fsbr.model import Entry, PlayerEntry, Tournament, TournamentResult
from fedrank.engines.bridge_fsbr.tables import INDIVIDUAL, MATCH, PAIRS, TEAMS

SIZE = {TEAMS: 4, PAIRS: 2, INDIVIDUAL: 1, MATCH: 4}


def event(
    n: int,
    form: str = PAIRS,
    *,
    d: int = 52,
    length: int | None = None,
    rks: list[str] | None = None,
    places: list[tuple[int, int]] | None = None,
    **kw: object,
) -> Tournament:
    """n participants placed 1..n; every player has rk 0 unless ``rks`` gives entry ranks."""
    entries = []
    for i in range(n):
        rk = Decimal(rks[i]) if rks else Decimal(0)
        players = tuple(
            PlayerEntry(f"E{i + 1}.{j + 1}", rk=rk, boards=d) for j in range(SIZE.get(form, 2))
        )
        first, last = places[i] if places else (i + 1, i + 1)
        entries.append(Entry(f"E{i + 1}", first, players, place_last=last))
    fields: dict[str, object] = {
        "id": "t",
        "name": "t",
        "form": form,
        "scope": "russian",
        "start": date(2025, 3, 1),
        "end": date(2025, 3, 2),
        "length": length if length is not None else d,
        "actual_length": d,
        "entries": tuple(entries),
    }
    fields.update(kw)
    return Tournament(**fields)  # type: ignore[arg-type]


def match(imps: tuple[int, int], boards: int = 16, **kw: object) -> Tournament:
    a = tuple(PlayerEntry(f"A{i}", rk=Decimal(2), boards=boards) for i in range(4))
    b = tuple(PlayerEntry(f"B{i}", rk=Decimal(0), boards=boards) for i in range(4))
    fields: dict[str, object] = {
        "id": "m",
        "name": "m",
        "form": MATCH,
        "scope": "local",
        "start": date(2025, 3, 1),
        "end": date(2025, 3, 1),
        "length": boards,
        "actual_length": boards,
        "entries": (Entry("A", 1, a, imps=imps[0]), Entry("B", 2, b, imps=imps[1])),
    }
    fields.update(kw)
    return Tournament(**fields)  # type: ignore[arg-type]


def mb_of(result: TournamentResult) -> list[int]:
    return [int(e.MB) for e in result.entries]


def awards(result: TournamentResult, kind: str) -> dict[str, Decimal]:
    return {a.player: a.amount for a in result.awards if a.kind == kind}


def rc_n0_note(result: TournamentResult) -> str:
    return next(s.note for s in result.trace if s.name == "N0" and s.rule == "8.10")


LIST = date(2025, 6, 1)


def mb(day: date, amount: int, f2f: bool = True) -> LedgerLine:
    return LedgerLine(day, "MB", amount, f2f)


def ro(day: date, amount: int, champ: bool = False, event: str = "") -> LedgerLine:
    return LedgerLine(day, "RO", amount, True, champ, event or f"{day}-{amount}")
