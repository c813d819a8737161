"""/whatif: another final place in a stored tournament, recomputed as a correction would be.

Only that tournament changes: the others read rk from published lists, which a simulation does
not rewrite. Nothing is written (docs/engines/bridge_fsbr.md, "/whatif").
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import replace
from decimal import Decimal
from typing import Final

from fedrank.engines import bridge_fsbr as fsbr
from fedrank.engines.bridge_fsbr.model import Entry
from fedrank.engines.kernel import InputError, RuleError
from fedrank.handlers.systems.bridge_fsbr.history import stored_players
from fedrank.handlers.systems.bridge_fsbr.importing import Report, places_text, stored_report
from fedrank.handlers.systems.bridge_fsbr.ledger import (
    PARAMS_FORMAT,
    POINT_KINDS,
    SYSTEM_ID,
    Row,
    achievement_level,
    history_of,
    ledger_line,
    ledger_row,
    next_month,
    title_of,
)
from fedrank.handlers.systems.bridge_fsbr.prepare import compute
from fedrank.handlers.systems.places import moved_places, shared_last
from fedrank.handlers.wording.common import fmt
from fedrank.storage.models import Discipline, Tournament
from fedrank.storage.records import Phrase, PreviewLine, Text
from fedrank.storage.repos import Repos

RULE_WHATIF: Final = (
    "fedrank bridge_fsbr /whatif: a place is simulated in a tournament stored by this adapter"
)
_ZERO: Final = Decimal(0)


def _achievement_text(awards: Mapping[str, Decimal]) -> list[Text]:
    levels = sorted(level for kind in awards if (level := achievement_level(kind)) is not None)
    return [Phrase("fsbr.whatif.level", {"n": level}) for level in levels]


def _joined(levels: list[Text]) -> Text:
    """Achievement levels said one after another, or a dash for none."""
    if not levels:
        return "—"
    if len(levels) == 1:
        return levels[0]
    return Phrase("fsbr.whatif.levels", {"first": levels[0], "rest": _joined(levels[1:])})


def _match_scores_follow_places(entries: tuple[Entry, ...]) -> tuple[Entry, ...]:
    """A match is won by its IMPs (7.6), not by a place: the team moved to first takes the
    higher score and the other the lower, so a team moved to second has lost the match (and
    its MB for a match won) by the same margin."""
    scores = sorted((e.imps for e in entries if e.imps is not None), reverse=True)
    if len(scores) != len(entries):
        return entries
    order = sorted(entries, key=lambda e: e.place)
    by_entry = {e.entry: score for e, score in zip(order, scores, strict=True)}
    return tuple(replace(e, imps=by_entry[e.entry]) for e in entries)


async def whatif(
    repos: Repos,
    discipline: Discipline,
    tournament: Tournament,
    player_id: int,
    place: int,
) -> list[PreviewLine]:
    """What finishing ``place`` in a stored tournament would change for the player.

    The player's *participant* (pair or team) moves as a whole: it finishes ``place`` alone,
    the others keep their order and ties (:func:`~fedrank.handlers.systems.places.
    moved_places`); session places, boards and a match's IMPs stay as stored. Shown: MB, RO,
    PB and the achievement he receives, then his rk and R at the first publication after the
    tournament (1.2), from his ledger with the simulated lines in place of the stored ones.
    Refused: a player not in the tournament, a place out of range or inside a tie of others.
    """
    version = await repos.ledger.current_version(tournament.id)
    params = version.params if version is not None else {}
    if params.get("system") != SYSTEM_ID or params.get("format") != PARAMS_FORMAT:
        raise RuleError(
            f"{tournament.code} was not stored with bridge_fsbr parameters: it cannot be "
            "recomputed",
            rule=RULE_WHATIF,
        )
    code = tournament.code
    report, ids = stored_report(code, params)
    t = report.tournament
    entry = next(
        (e for e in t.entries for p in e.players if ids.get(p.player.upper()) == player_id),
        None,
    )
    if entry is None:
        raise InputError(f"the player did not play in {code}", field="player")
    moved = moved_places({e.entry: e.place for e in t.entries}, entry.entry, place, where=code)
    last = shared_last(moved)
    entries = tuple(
        replace(
            e,
            place=moved[e.entry],
            place_last=last[e.entry] if last[e.entry] != moved[e.entry] else 0,
        )
        for e in t.entries
    )
    if t.form == "match":
        entries = _match_scores_follow_places(entries)
    players = await stored_players(repos, code, ids)
    computed = await compute(
        repos,
        discipline,
        Report(report.text, replace(t, entries=entries), code),
        ids,
        players,
        reason="what if",
    )
    kept: list[Row] = []
    stored: list[Row] = []
    stored_awards: dict[str, Decimal] = defaultdict(Decimal)
    for award, held in await repos.ledger.awards(player_id, discipline.id):
        row = ledger_line(award)
        if held.id == tournament.id:
            stored_awards[award.kind] += Decimal(award.amount)
            if row is not None:
                stored.append(row)
        elif row is not None:
            kept.append(row)
    simulated: list[Row] = []
    new_awards: dict[str, Decimal] = defaultdict(Decimal)
    for new in computed.prepared.awards:
        if new.player_id != player_id:
            continue
        new_awards[new.kind] += new.amount
        row = ledger_row(t.end, new.kind, new.amount, new.trace)
        if row is not None:
            simulated.append(row)
    player = players[player_id]
    publication = next_month(t.end)
    was = fsbr.standing(history_of(player, [*kept, *stored]), publication)
    then = fsbr.standing(history_of(player, [*kept, *simulated]), publication)
    lines = [
        PreviewLine(
            Phrase("fsbr.whatif.place", {"code": code}),
            places_text(entry),
            str(place),
            Phrase(
                "fsbr.whatif.moves_pairs" if t.form == "pairs" else "fsbr.whatif.moves_teams",
                {"entry": entry.entry},
            ),
        )
    ]
    for kind in POINT_KINDS:
        if kind in stored_awards or kind in new_awards:
            lines.append(
                PreviewLine(
                    Phrase(
                        "fsbr.whatif.points", {"kind": Phrase(f"frame.kind.{kind}"), "code": code}
                    ),
                    fmt(stored_awards.get(kind, _ZERO)),
                    fmt(new_awards.get(kind, _ZERO)),
                )
            )
    if not (stored_awards.keys() | new_awards.keys()) & set(POINT_KINDS):
        none = Phrase("frame.none")
        lines.append(PreviewLine(Phrase("fsbr.whatif.no_points", {"code": code}), none, none))
    achievements = [_achievement_text(a) for a in (stored_awards, new_awards)]
    if any(achievements):
        lines.append(
            PreviewLine(
                Phrase("fsbr.whatif.achievement", {"code": code}),
                _joined(achievements[0]),
                _joined(achievements[1]),
            )
        )
    lines += [
        PreviewLine(
            Phrase("fsbr.whatif.rk", {"date": publication.isoformat()}),
            title_of(was.rk),
            title_of(then.rk),
            then.state.norm if then.rk != was.rk else "",
        ),
        PreviewLine(
            Phrase("fsbr.whatif.R", {"date": publication.isoformat()}),
            fmt(was.rating.R),
            fmt(then.rating.R),
            "8.1",
        ),
    ]
    return lines
