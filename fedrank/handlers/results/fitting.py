"""Which discipline takes a file when the caller names only its system (``fedrank import
mahjong_rmf FILE``, ``fedrank calc mahjong_rmf FILE --format table``), and which refusal to
say when none does.

RMF keeps two lists, so the file decides. Trying it on every list and joining the refusals
printed each problem of a bad sheet twice, under ``mcr:`` and ``sichuan:``, though the sheet
said ``discipline: mcr`` (issue 33). Now the file is tried only on the lists it names
(:meth:`SystemAdapter.named_disciplines`), and when every list tried refuses it, one refusal
is said: the named list's, or, for a file naming none, the best match's (the one with the
fewest problems; the first tried on a tie).
"""

from __future__ import annotations

from collections.abc import Sequence

from fedrank.engines.kernel import InputErrors
from fedrank.handlers.systems.players import UnresolvedNamesError
from fedrank.handlers.systems.registry import SystemRegistry
from fedrank.storage.models import Discipline


def disciplines_to_try(
    systems: SystemRegistry, candidates: Sequence[Discipline], text: str
) -> list[Discipline]:
    """The candidates the file names, by each system's own reading of it (all of a system's
    candidates when the file names none of them), in the candidates' order."""
    by_system: dict[str, list[Discipline]] = {}
    for discipline in candidates:
        by_system.setdefault(discipline.system, []).append(discipline)
    chosen: set[int] = set()
    for system, disciplines in by_system.items():
        # A system without an adapter keeps its candidates: trying them says why it cannot.
        named = (
            systems.adapter(system).named_disciplines(text, disciplines)
            if system in systems
            else disciplines
        )
        chosen.update(d.id for d in named)
    return [d for d in candidates if d.id in chosen]


def problem_count(refusal: Exception) -> int:
    """How many problems a refusal lists: every problem of a file, every unsettled name, or
    one rule or error."""
    if isinstance(refusal, InputErrors):
        return len(refusal.items) + refusal.more
    if isinstance(refusal, UnresolvedNamesError):
        return max(1, len(refusal.unresolved))
    return 1


def best_refusal(
    refusals: Sequence[tuple[Discipline, Exception]],
) -> tuple[Discipline, Exception]:
    """The one refusal to say when no discipline tried accepts the file: the fewest problems,
    the first tried on a tie."""
    if not refusals:
        raise ValueError("no refusal to choose from")
    return min(refusals, key=lambda r: problem_count(r[1]))
