"""The monthly list: every player's standing on the list date, ordered by the rating R.

R is the figure 8.1 ranks players by (the rank coefficient is a classification, not an
order); equal R share a position, and within a tie rows are shown by rk, then federation ID,
a display order only. A publication writes a title row for every coefficient that changed:
1.2 says a coefficient counts only once published (docs/engines/bridge_fsbr.md, "Lists").
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from datetime import date
from decimal import Decimal
from typing import Any, Final

from fedrank.engines import bridge_fsbr as fsbr
from fedrank.handlers.systems.bridge_fsbr.history import previous_list, state_to_json
from fedrank.handlers.systems.bridge_fsbr.ledger import (
    POINT_KINDS,
    SYSTEM_ID,
    Row,
    history_of,
    ledger_line,
    month_start,
    title_of,
)
from fedrank.handlers.systems.bridge_fsbr.playerdata import BEGINNER_RK
from fedrank.handlers.wording.words import joined, say
from fedrank.storage.models import Discipline
from fedrank.storage.records import ComputedList, NewListRow, NewTitle, Phrase
from fedrank.storage.repos import Repos

_PERIODS: Final = ("R0", "R1", "R2", "R3")


async def compute_list(repos: Repos, discipline: Discipline, list_date: date) -> ComputedList:
    """Every player's standing on ``list_date``; lines dated before its month count."""
    everyone = list(await repos.players.of_federation(discipline.federation_id))
    names = {t.code: t.name for t, _ in await repos.ledger.current_versions(discipline.id)}
    rows_of: dict[int, list[Row]] = defaultdict(list)
    for award in await repos.ledger.discipline_awards(discipline.id):
        row = ledger_line(award)
        if row is not None:
            rows_of[award.player_id].append(row)
    before = await previous_list(repos, discipline, list_date)
    by_id = {p.id: p for p in everyone}
    histories = [fsbr.PreparedHistory(history_of(p, rows_of.get(p.id, []))) for p in everyone]
    standings = fsbr.monthly_standings(histories, list_date, before.states)
    start = month_start(list_date)
    order = sorted(
        standings,
        key=lambda s: (-s.rating.R, s.rk, by_id[int(s.player)].federation_player_id),
    )
    rows: list[NewListRow] = []
    titles: list[NewTitle] = []
    current_titles = await repos.ledger.titles_on(discipline.id, list_date)
    position = 0
    for index, s in enumerate(order):
        if index == 0 or s.rating.R != order[index - 1].rating.R:
            position = index + 1
        pid = int(s.player)
        lines = [
            r for r in rows_of.get(pid, []) if isinstance(r, fsbr.LedgerLine) and r.day < start
        ]
        rows.append(
            NewListRow(pid, position, s.rating.R, title_of(s.rk), row_data(s, lines, names))
        )
        held = before.published.get(pid)
        if held is None:
            title = current_titles.get(pid)
            held = title.value if title is not None and title.value is not None else None
        if s.rk != (BEGINNER_RK if held is None else Decimal(held)):
            titles.append(NewTitle(pid, title_of(s.rk), list_date, s.rk, title_reason(s.state)))
    snapshot = before.snapshot
    data: dict[str, Any] = {
        "system": SYSTEM_ID,
        "players": len(rows),
        "previous_list": snapshot.list_date.isoformat() if snapshot is not None else None,
        "order": "R of 8.1, highest first; equal R share a position",
    }
    return ComputedList(rows=rows, titles=titles, data=data)


def title_reason(state: fsbr.RankState) -> str:
    """The norm behind a new coefficient (or the note-2 step down), for the title row."""
    why = state.norm
    if state.stepped_down and not state.temporary:
        why = state.lifetime_norm
    return (why if why.startswith("2.2") else f"2.2: {why}")[:300]


def row_data(
    s: fsbr.Standing, lines: Sequence[fsbr.LedgerLine], names: Mapping[str, str]
) -> dict[str, Any]:
    """A list row's ``data``: what is next, the state, the totals and the results in R."""
    f = s.figures
    totals = {kind: 0 for kind in POINT_KINDS}
    for ln in lines:
        totals[ln.kind] += ln.amount
    counted = [
        {
            "period": _PERIODS[i],
            "date": ln.day.isoformat(),
            "tournament": names.get(ln.event, ln.event),
            "RO": ln.amount,
            "championship": "yes" if ln.championship else "no",
        }
        for i, period in enumerate(s.rating.counted)
        for ln in sorted(period, key=lambda x: (x.day, x.event))
    ]
    return {
        "next": say("en", following := next_phrase(s)),
        "next_phrase": following,
        "rk": str(s.rk),
        "lifetime_rk": str(s.state.lifetime_rk),
        "temporary": s.state.temporary,
        "norm": s.state.norm,
        "state": state_to_json(s.state),
        "R": str(s.rating.R),
        "R_parts": list(s.rating.parts),
        "MB": totals["MB"],
        "MB_face_to_face": f.mb_f2f,
        "MB_last_year": f.mb_year,
        "RO": totals["RO"],
        "RO_last_year": f.ro_year,
        "PB": totals["PB"],
        "PB_last_year": f.pb_year,
        "achievement": f.achievement,
        "ebl_points": f.ebl_points,
        "counted": counted,
    }


# --- what is still needed -------------------------------------------------------------------


def _missing(missing: Mapping[str, int]) -> Phrase | dict[str, Any]:
    """What one norm still lacks, as a phrase (parts joined by " + ")."""
    parts: list[Phrase | str] = []
    if "MB" in missing:
        if "MB_face_to_face" in missing:
            values = {"n": missing["MB"], "f2f": missing["MB_face_to_face"]}
            parts.append(Phrase("fsbr.miss.mb_f2f", values))
        else:
            parts.append(Phrase("fsbr.miss.mb", {"n": missing["MB"]}))
    elif "MB_face_to_face" in missing:
        parts.append(Phrase("fsbr.miss.f2f", {"n": missing["MB_face_to_face"]}))
    if "RO_last_year" in missing:
        parts.append(Phrase("fsbr.miss.ro_year", {"n": missing["RO_last_year"]}))
    if "PB" in missing:
        parts.append(Phrase("fsbr.miss.pb", {"n": missing["PB"]}))
    if "achievement_level" in missing:
        parts.append(Phrase("fsbr.miss.achievement", {"n": missing["achievement_level"]}))
    if "achievement_level_in_a_year" in missing:
        level = missing["achievement_level_in_a_year"]
        parts.append(Phrase("fsbr.miss.achievement_year", {"n": level}))
    if "EBL_points" in missing:
        parts.append(Phrase("fsbr.miss.ebl", {"n": missing["EBL_points"]}))
    for key in sorted(k for k in missing if k.startswith("title:")):
        name = key[len("title:") :]
        parts.append(Phrase("fsbr.miss.title", {"title": Phrase(f"fsbr.title.{name}")}))
    return joined("frame.sep.and", parts) if parts else Phrase("fsbr.miss.met")


def next_phrase(standing: fsbr.Standing) -> dict[str, Any]:
    """``/rating``'s "Next": for each norm of the next coefficient, what is still missing; a
    phrase for the reader's language (the norms are stored in the rulebook's Russian and said
    in the reader's by :func:`~fedrank.handlers.wording.words.say`)."""
    if not standing.next_needs:
        return Phrase("fsbr.next.highest", {"rk": title_of(standing.rk)}).to_json()
    options: list[Phrase | str] = [
        Phrase(
            "fsbr.next.option_life" if need.lifetime else "fsbr.next.option",
            {"missing": _missing(need.missing), "norm": need.norm},
        )
        for need in standing.next_needs
    ]
    target = title_of(standing.next_needs[0].rk)
    parts: list[Phrase | str] = [
        Phrase("fsbr.next.options", {"rk": target, "options": joined("frame.sep.or", options)})
    ]
    if standing.state.temporary:
        lower = title_of(_step_down(standing.state))
        values = {"rk": title_of(standing.rk), "norm": standing.state.norm, "lower": lower}
        parts.append(Phrase("fsbr.next.temporary", values))
    return joined("", parts)


def _step_down(state: fsbr.RankState) -> Decimal:
    """The coefficient note 2 gives when the held one-year coefficient lapses: one step
    weaker (0.5 steps, but 1 -> 2 ... as 2.2 lists them), never below the lifetime one."""
    levels = [Decimal(v) for v in ("5", "4", "3", "2", "1", "0.5")]
    levels += [Decimal(-i) / 2 for i in range(0, 11)]
    lower = levels[max(levels.index(state.rk) - 1, 0)]
    return min(lower, state.lifetime_rk)
