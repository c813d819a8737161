"""/whatif for RMF: a place simulated in a stored tournament, the whole history replayed.

A different place changes the tournament's NR*KT, the levels it gives and therefore the KT_EU
of every later tournament, so the simulation replays everything up to the latest stored
tournament or published list and compares it with the replay as stored. Nothing is written.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date

from fedrank.engines import mahjong_rmf as rmf
from fedrank.engines.kernel import InputError, RuleError, half_up
from fedrank.handlers.systems.mahjong_rmf.history import (
    brought_levels,
    initial_levels,
    list_dates,
    stored_history,
)
from fedrank.handlers.systems.mahjong_rmf.importing import (
    engine_discipline,
    level_at_start,
    norm_event,
    place_label,
)
from fedrank.handlers.wording.common import fmt
from fedrank.storage.models import Discipline, Tournament
from fedrank.storage.records import PreviewLine
from fedrank.storage.repos import Repos

RULE_WHATIF = (
    "fedrank mahjong_rmf /whatif: a place is simulated in a tournament stored by this adapter"
)


def whatif_entries(t: rmf.Tournament, player: str, place: int) -> rmf.Tournament:
    """``t`` with ``player`` alone at ``place``.

    The others keep their order and ties: without the player, those after his old place move
    up one; then those at ``place`` or lower move down one. A place inside a group sharing
    places is refused by the engine (it names the group). CHUT, when the sheet declared it,
    grows by one for a player who did not play.
    """
    was = next((e for e in t.entries if e.player == player), None)
    others = [e for e in t.entries if e.player != player]
    if not 1 <= place <= len(others) + 1:
        raise InputError(f"place must be between 1 and {len(others) + 1} in {t.id}", field="place")
    moved = []
    for e in others:
        q = e.place - 1 if was is not None and e.place > was.place else e.place
        moved.append(replace(e, place=q + 1 if q >= place else q))
    chut = t.chut + 1 if t.chut is not None and was is None else t.chut
    return replace(t, entries=(*moved, rmf.Entry(player, place)), chut=chut)


def _standing(rp: rmf.Replay, player: str) -> str:
    row = rmf.list_from_replay(rp).row(player)
    return "—" if row is None else f"#{row.position}, {fmt(half_up(row.rating, 2))}"


def _in_tournament(rp: rmf.Replay, code: str, player: str) -> rmf.PlayerResult | None:
    return next((r for r in rp.tournament_result(code).results if r.player == player), None)


def whatif_lines(
    actual: rmf.Replay, simulated: rmf.Replay, code: str, player: str, until: date
) -> list[PreviewLine]:
    """Place, NR*KT, KT and level in the tournament, then level and list standing on ``until``:
    as stored (``before``) and with the simulated place (``after``)."""
    day = actual.tournaments[code].date
    was = _in_tournament(actual, code, player)
    then = _in_tournament(simulated, code, player)
    assert then is not None
    kt_was = actual.tournament_result(code).kt
    kt_then = simulated.tournament_result(code).kt

    def level_after(rp: rmf.Replay, played: bool) -> str:
        if not played:
            return level_at_start(rp, player, day).label
        event = norm_event(rp, player, code)
        return (event.after if event is not None else level_at_start(rp, player, day)).label

    return [
        PreviewLine(f"place in {code}", place_label(was) if was else "—", place_label(then)),
        PreviewLine(
            f"NR*KT in {code}",
            fmt(half_up(was.nrkt, 2)) if was else "—",
            fmt(half_up(then.nrkt, 2)),
            f"NR {fmt(half_up(then.nr, 2))}, norm {then.norm_label or '—'}",
        ),
        PreviewLine(f"KT of {code}", fmt(kt_was), fmt(kt_then)),
        PreviewLine(
            f"level after {code}",
            level_after(actual, was is not None),
            level_after(simulated, True),
        ),
        PreviewLine(
            f"level on {until.isoformat()}",
            actual.level(player).label,
            simulated.level(player).label,
        ),
        PreviewLine(
            f"list on {until.isoformat()}",
            _standing(actual, player),
            _standing(simulated, player),
            "position, rating",
        ),
    ]


async def whatif(
    repos: Repos, discipline: Discipline, tournament: Tournament, player_id: int, place: int
) -> list[PreviewLine]:
    """What finishing ``place`` in a stored tournament would change for the player.

    The tournament is replayed with the player moved to (or, if he did not play, added at)
    ``place`` alone (:func:`whatif_entries`); the whole history is replayed up to the latest
    stored tournament or published list, so later KT_EU, levels and the rating follow.
    """
    kind = engine_discipline(discipline)
    stored, _ = await stored_history(repos, discipline)
    target = next((s for s in stored if s.code == tournament.code), None)
    if target is None:
        raise RuleError(
            f"{tournament.code} was not stored with RMF parameters: it cannot be replayed",
            rule=RULE_WHATIF,
        )
    changed = whatif_entries(target.tournament, str(player_id), place)
    dates = await list_dates(repos, discipline)
    until = max([*(s.held_on for s in stored), *dates])
    initial = await initial_levels(
        repos, kind, [*(s.tournament for s in stored), changed], brought=brought_levels(stored)
    )
    actual = rmf.replay(
        [s.tournament for s in stored],
        discipline=kind,
        until=until,
        initial=initial,
        list_dates=dates,
    )
    simulated = rmf.replay(
        [changed if s is target else s.tournament for s in stored],
        discipline=kind,
        until=until,
        initial=initial,
        list_dates=dates,
    )
    return whatif_lines(actual, simulated, target.code, str(player_id), until)
