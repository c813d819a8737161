"""What a player held before a tournament or a list, read from the stored history.

1.2: a rank coefficient counts only once published, so the rk at a tournament's start is the
latest title row written by a publication, not a figure recomputed from the ledger. Note 2
needs the previous month's assignment to step a lapsed one-year coefficient down: each list
row keeps its ``RankState`` in ``data["state"]`` and the next list reads it back.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date, timedelta
from decimal import Decimal
from typing import Any

from fedrank.engines import bridge_fsbr as fsbr
from fedrank.engines.kernel import RuleError
from fedrank.handlers.systems.bridge_fsbr.ledger import Row, ledger_line, month_start
from fedrank.handlers.systems.bridge_fsbr.playerdata import BEGINNER_RK, player_data
from fedrank.storage.models import Discipline, ListSnapshot, Player
from fedrank.storage.repos import Repos


async def start_rks(
    repos: Repos, discipline: Discipline, players: Mapping[int, Player], day: date
) -> dict[int, tuple[Decimal, str]]:
    """Each player's rk at the start of ``day`` and where it comes from (one query for all).

    His latest title row on or before ``day``; without one, the earlier classification's last
    assignment by then (``rk_history``) or the coefficient it kept (2.2 note 1), else рк 5
    (2.2: the coefficient that needs no norm).
    """
    titles = await repos.ledger.titles_in_force(players, discipline.id, day)
    out: dict[int, tuple[Decimal, str]] = {}
    for pid, player in players.items():
        title = titles.get(pid)
        data = player_data(player)
        initial = data.initial_rk
        brought = [(on, rk) for on, rk, _ in data.rk_history if on <= day]
        if title is not None and title.value is not None:
            out[pid] = Decimal(title.value), f"published {title.since.isoformat()}"
        elif brought:
            on, rk = brought[-1]
            out[pid] = rk, f"2.2 note 1: kept from the earlier classification, {on.isoformat()}"
        elif initial is not None:
            out[pid] = initial, "2.2 note 1: kept from the earlier classification"
        else:
            out[pid] = BEGINNER_RK, "no coefficient published: рк 5 (2.2)"
    return out


async def histories(
    repos: Repos,
    discipline: Discipline,
    players: Mapping[int, Player],
    skip_code: str,
    until: date,
) -> dict[int, list[Row]]:
    """Each player's current ledger rows dated up to ``until``, without those of the
    tournament ``skip_code`` (what he held when that tournament ended)."""
    out: dict[int, list[Row]] = {}
    for pid in players:
        rows: list[Row] = []
        for award, tournament in await repos.ledger.awards(pid, discipline.id):
            if tournament.code == skip_code or award.awarded_on > until:
                continue
            row = ledger_line(award)
            if row is not None:
                rows.append(row)
        out[pid] = rows
    return out


async def stored_players(repos: Repos, code: str, ids: Mapping[str, int]) -> dict[int, Player]:
    """The players a stored version resolved (refused if one of them is gone)."""
    players: dict[int, Player] = {}
    for pid in ids.values():
        player = await repos.players.get(pid)
        if player is None:
            raise RuleError(f"{code}: stored player {pid} is gone", rule="fedrank ledger")
        players[pid] = player
    return players


# --- the previous month's state -------------------------------------------------------------


def state_to_json(state: fsbr.RankState) -> dict[str, Any]:
    return {
        "list_date": state.list_date.isoformat(),
        "rk": str(state.rk),
        "lifetime_rk": str(state.lifetime_rk),
        "temporary": state.temporary,
        "norm": state.norm,
        "lifetime_norm": state.lifetime_norm,
        "stepped_down": state.stepped_down,
    }


def state_from_json(data: Any) -> fsbr.RankState | None:
    """A stored ``RankState`` (row ``data["state"]``); None when the row has none."""
    if not isinstance(data, dict) or "rk" not in data:
        return None
    return fsbr.RankState(
        date.fromisoformat(str(data["list_date"])),
        Decimal(str(data["rk"])),
        Decimal(str(data["lifetime_rk"])),
        bool(data["temporary"]),
        str(data["norm"]),
        str(data["lifetime_norm"]),
        bool(data.get("stepped_down", False)),
    )


@dataclass(slots=True)
class PreviousList:
    """The latest list before a list date: each row's state (the engine's ``previous``) and
    the coefficient it published, by player id."""

    snapshot: ListSnapshot | None
    states: dict[str, fsbr.RankState] = field(default_factory=dict)
    published: dict[int, Decimal] = field(default_factory=dict)


async def previous_list(repos: Repos, discipline: Discipline, list_date: date) -> PreviousList:
    """The states stored by the latest snapshot before ``list_date`` (none: the whole history
    is replayed)."""
    before = await repos.lists.latest(discipline.id, on=list_date - timedelta(days=1))
    out = PreviousList(before)
    if before is not None:
        for held_row, _ in await repos.lists.top(before.id, await repos.lists.size(before.id)):
            state = state_from_json((held_row.data or {}).get("state"))
            if state is not None and state.list_date <= month_start(list_date):
                out.states[str(held_row.player_id)] = state
                out.published[held_row.player_id] = state.rk
    return out
