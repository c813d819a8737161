"""The RMF list of a date, from a replay of the stored tournaments (never from ledger amounts).

Row ``rating`` is the engine's exact rating rounded half up to hundredths (positions come from
the exact figures); ``data`` says what the player needs next and which five tournaments count.
A list titles each player whose level on its date differs from his latest title, so a level
changed by a year check, or left stale by a correction, is titled at the next publication.
"""

from __future__ import annotations

from datetime import date

from fedrank.engines import mahjong_rmf as rmf
from fedrank.engines.kernel import half_up
from fedrank.handlers.systems.mahjong_rmf.history import (
    Titles,
    brought_levels,
    initial_levels,
    list_dates,
    stored_history,
)
from fedrank.handlers.systems.mahjong_rmf.importing import SYSTEM_ID, engine_discipline
from fedrank.storage.models import Discipline
from fedrank.storage.records import ComputedList, NewListRow
from fedrank.storage.repos import Repos


def counted_json(c: rmf.Counted) -> dict[str, object]:
    """A counted tournament as /history shows it: figures to hundredths (half up); the row's
    ``trace`` keeps the exact NRKTVT."""
    return {
        "tournament": c.tournament,
        "name": c.name,
        "date": c.date.isoformat(),
        "age_months": c.age_months,
        "NR": format(half_up(c.nr, 2), "f"),
        "KT": format(c.kt, "f"),
        "NRKT": format(half_up(c.nrkt, 2), "f"),
        "VT": format(c.vt, "f"),
        "NRKTVT": format(half_up(c.nrktvt, 2), "f"),
    }


def next_text(needs: rmf.LevelNeeds) -> str:
    """What a player still needs, as one readable line (from the engine's ``level_needs``)."""
    parts = []
    if needs.next_label is not None and needs.nrkt_for_next is not None:
        parts.append(f"{needs.next_label}: NR*KT ≥ {needs.nrkt_for_next} in one tournament")
    else:
        parts.append(f"{needs.level.label} is the highest level")
    if needs.nrkt_to_confirm is not None and needs.confirm_by is not None:
        parts.append(
            f"to keep {needs.level.label}: NR*KT ≥ {needs.nrkt_to_confirm} "
            f"before {needs.confirm_by.isoformat()}"
        )
    elif needs.level.is_dan:
        parts.append(f"{needs.level.label} is kept for life")
    return "; ".join(parts)


def list_row(row: rmf.ListRow) -> NewListRow:
    """A row of the engine's list as stored: the rounded rating and what /rating shows."""
    needs = rmf.level_needs(row.level)
    return NewListRow(
        int(row.player),
        row.position,
        half_up(row.rating, 2),
        row.level.label,
        {
            "next": next_text(needs),
            "level": row.level.label,
            "EU": row.level.eu,
            "T5": format(row.t5, "f"),
            "rating_exact": format(row.rating, "f"),
            "counted": [counted_json(c) for c in row.counted],
            "tournaments_in_window": row.in_window,
            "needs": needs.to_json(),
            "trace": row.trace().to_json(),
        },
    )


def _title_reason(last: rmf.LevelEvent | None, list_date: date) -> str:
    if last is None:
        return f"level on the list of {list_date.isoformat()}"
    if last.kind == "year":
        return f"one-year check: {last.outcome} (RULES.md Decision 'one-year confirmation')"
    return f"norm {last.norm} met in {last.tournament}"


async def replay_on(
    repos: Repos, discipline: Discipline, on: date
) -> tuple[rmf.Replay, int, list[str]]:
    """The replay every list of ``on`` rests on (the published one and the one a qualification
    freezes): stored tournaments, starting levels as the registry and the sheets brought them,
    and the list dates; with how many tournaments were read and those not counted."""
    kind = engine_discipline(discipline)
    stored, skipped = await stored_history(repos, discipline)
    every = [s.tournament for s in stored]
    rp = rmf.replay(
        every,
        discipline=kind,
        until=on,
        initial=await initial_levels(repos, kind, every, brought=brought_levels(stored)),
        list_dates=await list_dates(repos, discipline),
    )
    return rp, len(stored), skipped


async def compute_list(repos: Repos, discipline: Discipline, list_date: date) -> ComputedList:
    """The list on ``list_date`` and the titles it gives."""
    kind = engine_discipline(discipline)
    rp, tournaments, skipped = await replay_on(repos, discipline, list_date)
    rows = [list_row(row) for row in rmf.list_from_replay(rp).rows]
    titles = Titles(repos, discipline.id)
    for player, level in sorted(rp.levels.items(), key=lambda kv: int(kv[0])):
        events = [e for e in rp.history.get(player, ()) if e.on <= list_date]
        last = events[-1] if events else None
        since = last.on if last is not None else list_date
        await titles.give(int(player), level, since, _title_reason(last, list_date))
    return ComputedList(
        rows=rows,
        titles=titles.added,
        data={
            "system": SYSTEM_ID,
            "discipline": kind.value,
            "tournaments": tournaments,
            "not_counted": skipped,
        },
    )


async def qualification_list(repos: Repos, discipline: Discipline, on: date) -> rmf.RatingList:
    """The list a qualification freezes on ``on``: the very replay of the list published that
    day (:func:`replay_on`). It once replayed without the starting levels, so a player who
    brought a level lost its EU/4 from his rating (issue 33: 278.7 frozen, 460.7 listed)."""
    rp, _, _ = await replay_on(repos, discipline, on)
    return rmf.list_from_replay(rp)
