"""The stored state a go_ufgo tournament starts from, and the replay of the tournaments after it.

A player's IK at a point of the history is the sum of his ``IK`` ledger lines of the tournaments
before it (current versions only), so nothing is replayed to read it; his held 4-7 dan is the
latest title row a publication wrote (a row without a tournament version) on or before the
date. A tournament added before stored ones, or a correction, re-rates every later tournament in
order from that state; those whose figures change come back as replays (new versions).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date
from decimal import Decimal
from typing import Final

from fedrank.engines.kernel import RuleError
from fedrank.handlers.systems.go_ufgo.events import (
    KIND,
    SYSTEM,
    Event,
    Key,
    Rated,
    stored_after,
    unchanged,
)
from fedrank.handlers.systems.go_ufgo.importing import prepared, rate
from fedrank.storage.models import Discipline, Player, Title
from fedrank.storage.models import Tournament as StoredTournament
from fedrank.storage.records import Prepared
from fedrank.storage.repos import Repos

_DAN_TITLE: Final = re.compile(r"^([1-7]) dan$")

State = dict[int, Decimal | None]
"""Each player's running IK while events are rated in order (None: no history yet)."""


def key(t: StoredTournament) -> Key:
    return (t.held_on, t.id)


def held_dan(titles: Sequence[Title], on: date) -> int | None:
    """The 4-7 dan a player holds on ``on``: the latest publication row (no version) says."""
    for row in reversed(titles):
        if row.since <= on and row.version_id is None:
            m = _DAN_TITLE.match(row.title)
            dan = int(m.group(1)) if m else 0
            return dan if dan >= 4 else None
    return None


class History:
    """What the database says about players at one point of the history (lazily, cached).

    ``before`` is the key before which tournaments count; None counts every current version
    (the fast path for a tournament after every stored one: SQL totals, no traces read).
    """

    def __init__(self, repos: Repos, discipline: Discipline, before: Key | None) -> None:
        self.repos = repos
        self.discipline = discipline
        self.before = before
        self._players: dict[int, Player] = {}
        self._titles: dict[int, Sequence[Title]] = {}

    async def start(self, player_id: int) -> Decimal | None:
        """IK before the point, None if the player has no IK line there (no history)."""
        if self.before is None:
            totals = await self.repos.ledger.totals(player_id, self.discipline.id)
            found = [t.amount for t in totals if t.kind == KIND]
            return sum(found, Decimal(0)) if found else None
        total: Decimal | None = None
        for award, tournament in await self.repos.ledger.awards(player_id, self.discipline.id):
            if award.kind == KIND and key(tournament) < self.before:
                total = (total or Decimal(0)) + award.amount
        return total

    async def titles(self, player_id: int) -> Sequence[Title]:
        if player_id not in self._titles:
            self._titles[player_id] = await self.repos.ledger.title_history(
                player_id, self.discipline.id
            )
        return self._titles[player_id]

    async def held_dan(self, player_id: int, on: date) -> int | None:
        return held_dan(await self.titles(player_id), on)

    async def player(self, player_id: int) -> Player:
        if player_id not in self._players:
            found = await self.repos.players.get(player_id)
            if found is None:
                raise RuleError(f"player {player_id} is not stored", rule="fedrank storage")
            self._players[player_id] = found
        return self._players[player_id]

    def remember(self, players: Sequence[Player]) -> None:
        for p in players:
            self._players[p.id] = p


async def tournaments(repos: Repos, discipline: Discipline) -> list[StoredTournament]:
    """Every tournament of the discipline in history order."""
    found = await repos.ledger.current_versions(discipline.id)
    return sorted((tournament for tournament, _ in found), key=key)


async def stored_events(repos: Repos, stored: Sequence[StoredTournament]) -> list[Event]:
    """The stored tournaments rated by this system, as events to re-rate.

    A tournament not rated by this engine (e.g. one opened for game reports whose games no
    adapter rates yet) holds no IK: nothing of it depends on IK, nothing to replay.
    """
    events = []
    for s in stored:
        version = await repos.ledger.current_version(s.id)
        params = version.params if version else {}
        if params.get("system") == SYSTEM:
            events.append(Event.from_params(s, params))
    return events


async def _fill(ev: Event, state: State, history: History) -> State:
    """Read from the ledger the start of each participant the replay has not set yet."""
    for pid in ev.participants():
        if pid not in state:
            state[pid] = await history.start(pid)
    return state


async def _rate(ev: Event, state: State, history: History) -> Rated:
    """Rate ``ev`` from the state (players missing from it are read from the ledger)."""
    await _fill(ev, state, history)
    held: dict[int, int | None] = {}
    fids: dict[int, str] = {}
    for pid in ev.participants():
        fids[pid] = (await history.player(pid)).federation_player_id
        held[pid] = await history.held_dan(pid, ev.held_on)
    return rate(ev, state, held, fids)


async def _prepared(ev: Event, rated: Rated, history: History, *, reason: str) -> Prepared:
    players = {pid: await history.player(pid) for pid in ev.seats}
    return prepared(ev, rated, players, reason=reason)


async def replay_later(
    later: Sequence[Event], history: History, *, reason: str, submitted: Event | None = None
) -> tuple[Prepared | None, list[Prepared]]:
    """Rate ``submitted`` (if any), then each ``later`` event in history order from the state
    it leaves: (the submitted one prepared, the later ones whose figures change).

    A later event that starts from exactly the state it was rated from is left as it is; the
    others are re-rated (new versions, ``reason`` says why).
    """
    events = sorted([*([submitted] if submitted is not None else []), *later], key=lambda e: e.key)
    state: State = {}
    main: Prepared | None = None
    replays: list[Prepared] = []
    for e in events:
        if e is not submitted and unchanged(e, await _fill(e, state, history)):
            state.update(stored_after(e))
            continue
        rated = await _rate(e, state, history)
        state.update(rated.after)
        if e is submitted:
            main = await _prepared(e, rated, history, reason=reason)
        else:
            replays.append(await _prepared(e, rated, history, reason=reason))
    return main, replays


async def replay(
    submitted: Event,
    later: Sequence[Event],
    history: History,
    *,
    corrected: bool,
    reason: str,
) -> Prepared:
    """Rate ``submitted``, then each ``later`` event in history order from the state it leaves.

    ``corrected``: the submission is a new version of a stored tournament. The later events
    whose figures change come back in the result's ``replays``.
    """
    why = (
        f"replayed after correction of {submitted.code}"
        if corrected
        else f"replayed after {submitted.code} was added before it"
    )
    main, replays = await replay_later(later, history, reason=why, submitted=submitted)
    assert main is not None
    main.reason = reason
    main.replays = replays
    return main
