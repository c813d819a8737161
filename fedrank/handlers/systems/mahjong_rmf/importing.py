"""A submitted RMF sheet and a replayed tournament as the ledger stores them; no database.

The sheet is the engine's format read by the engine's parser (the ``level`` column optional:
the levels come from the replayed history). A tournament of a replay becomes entries, one
``NRKT`` award a player, preview lines and each participant's level change; ``params`` keep
the engine's input so the history can be replayed later (docs/engines/mahjong_rmf.md).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Any

from fedrank.engines import mahjong_rmf as rmf
from fedrank.engines.kernel import RuleError, half_up
from fedrank.handlers.wording.common import fmt
from fedrank.storage.models import Discipline, Player
from fedrank.storage.records import NewAward, NewEntry, Prepared, PreviewLine

SYSTEM_ID = "mahjong_rmf"
#: The ledger kind of a tournament's figure ``NR * KT``.
KIND = "NRKT"
#: The version of what :func:`tournament_params` stores in ``tournament_version.params``.
PARAMS_FORMAT = 1
#: Where a version's params keep the levels its sheet brought for players the federation had
#: never rated and whose registry entry held no level: ``{"<player id>": ["D2+", "2026-03-14"]}``
#: (docs/engines/mahjong_rmf.md, "Levels a sheet gives").
BROUGHT_KEY = "levels_brought"
RULE_DISCIPLINES = "seed 000 section 2: each discipline (sports, Sichuan) has its own list"


def engine_discipline(discipline: Discipline) -> rmf.Discipline:
    """The engine's discipline of a stored discipline, by its code or name."""
    text = f"{discipline.code} {discipline.name}".lower()
    if "sichuan" in text:
        return rmf.Discipline.SICHUAN
    if "mcr" in text or "sport" in text:
        return rmf.Discipline.MCR
    raise RuleError(
        f"discipline {discipline.code} is neither sports (MCR) nor Sichuan mahjong",
        rule=RULE_DISCIPLINES,
    )


def kind_or_none(discipline: Discipline) -> rmf.Discipline | None:
    """:func:`engine_discipline`, or None for a discipline that is neither."""
    try:
        return engine_discipline(discipline)
    except RuleError:
        return None


@dataclass(frozen=True, slots=True)
class ImportSheet:
    """A parsed submission: the sheet (players are federation IDs) and whether levels were given."""

    sheet: rmf.Sheet
    levels_given: bool


def parse_import(text: str) -> ImportSheet:
    """The engine's sheet with the ``level`` column optional (header ``place; player``)."""
    sheet = rmf.parse_sheet(text, levels_optional=True)
    return ImportSheet(sheet, sheet.levels_given)


def tournament_params(
    t: rmf.Tournament,
    result: rmf.TournamentResult,
    brought: Mapping[str, list[str]] | None = None,
) -> dict[str, Any]:
    """What a version stores: the engine's input (to replay it), its KT figures (to show) and
    the levels its sheet ``brought`` (:data:`BROUGHT_KEY`), kept through every replay."""
    extra = {BROUGHT_KEY: dict(brought)} if brought else {}
    return {
        "system": SYSTEM_ID,
        "format": PARAMS_FORMAT,
        "discipline": t.discipline.value,
        "chs": t.chs,
        "chut": t.chut,
        "kt_w": t.kt_w,
        "entries": [[int(e.player), e.place] for e in t.entries],
        "CHUT": result.chut,
        "KT_CHS": format(result.kt_chs, "f"),
        "KT_CHUT": format(result.kt_chut, "f"),
        "EU_mean": format(result.eu_mean, "f"),
        "KT_EU": format(result.kt_eu, "f"),
        "KT_W": format(result.kt_w, "f"),
        "KT": format(result.kt, "f"),
        **extra,
    }


def tournament_from_params(
    code: str, name: str, held_on: date, params: Mapping[str, Any], kind: rmf.Discipline
) -> rmf.Tournament | None:
    """The engine's tournament from a stored version, or None if it was not stored by us."""
    if params.get("system") != SYSTEM_ID or params.get("format") != PARAMS_FORMAT:
        return None
    if params.get("discipline") != kind.value:
        return None
    return rmf.Tournament(
        id=code,
        date=held_on,
        discipline=kind,
        chs=int(params["chs"]),
        entries=tuple(rmf.Entry(str(pid), int(place)) for pid, place in params["entries"]),
        chut=None if params.get("chut") is None else int(params["chut"]),
        kt_w=bool(params.get("kt_w")),
        name=name,
    )


def level_at_start(rp: rmf.Replay, player: str, day: date) -> rmf.Level:
    """The player's level at the start of ``day`` in a replay (after the year checks before it;
    before his history, the level the replay started him from)."""
    level = rp.initial.get(player, rmf.START)
    for event in rp.history.get(player, ()):
        if event.on >= day:
            break
        level = event.after
    return level


def norm_event(rp: rmf.Replay, player: str, code: str) -> rmf.LevelEvent | None:
    """The level event of the norm the player met in tournament ``code``, if it changed a level."""
    for event in rp.history.get(player, ()):
        if event.kind == "norm" and event.tournament == code:
            return event
    return None


def place_label(result: rmf.PlayerResult) -> str:
    """``3`` or, for shared places, ``3-4``."""
    if result.shared > 1:
        return f"{result.place}-{result.place + result.shared - 1}"
    return str(result.place)


def outcome_note(event: rmf.LevelEvent | None) -> str:
    """What a tournament's norm did to the level, for the preview."""
    if event is None:
        return ""
    if event.outcome == "raised":
        return "level raised (kyu levels are for life)"
    if event.outcome == "confirmed":
        return "level confirmed: the year starts again"
    if event.after.index > event.before.index:
        return "promoted"
    return "'+' mark"


@dataclass(frozen=True, slots=True)
class LevelChange:
    """A participant's level at a tournament's start and after it, with the title's reason."""

    player_id: int
    before: rmf.Level
    after: rmf.Level
    why: str


def rate(
    rp: rmf.Replay,
    t: rmf.Tournament,
    players: Mapping[int, Player],
    *,
    reason: str,
    file_levels: Mapping[str, rmf.Level] | None = None,
    extra_warnings: Sequence[str] = (),
    brought: Mapping[str, list[str]] | None = None,
) -> tuple[Prepared, list[LevelChange]]:
    """One tournament of a replay as a version to write (titles left to the caller) and the
    level of each participant before and after it. ``players`` holds every participant;
    ``file_levels`` are the sheet's levels, compared with the replayed ones for a warning;
    ``brought`` the levels the sheet brought (stored in ``params``)."""
    result = rp.tournament_result(t.id)
    entries: list[NewEntry] = []
    awards: list[NewAward] = []
    changes: list[LevelChange] = []
    preview = [
        PreviewLine(
            f"KT (CHUT {result.chut}, CHS {t.chs})",
            "",
            fmt(result.kt),
            f"KT_CHS {fmt(result.kt_chs)} + KT_CHUT {fmt(result.kt_chut)} (row "
            f"{result.chut_row}) + KT_EU {fmt(result.kt_eu)} (mean EU "
            f"{fmt(half_up(result.eu_mean, 1))}) + KT_W {fmt(result.kt_w)}",
        )
    ]
    warnings = list(result.warnings)
    lines = {e.player: e.line for e in t.entries}
    for r in result.results:
        player_id = int(r.player)
        player = players[player_id]
        before = level_at_start(rp, r.player, t.date)
        event = norm_event(rp, r.player, t.id)
        after = event.after if event is not None else before
        nrkt = half_up(r.nrkt, 2)
        entries.append(
            NewEntry(
                player_id,
                Decimal(r.place),
                data={
                    "place_mean": format(r.place_mean, "f"),
                    "shared": r.shared,
                    "level_before": before.label,
                    "EU_at_start": r.eu_at_start,
                    "NR": format(r.nr, "f"),
                    "NRKT": format(r.nrkt, "f"),
                    "norm": r.norm_label,
                    "level_after": after.label,
                },
            )
        )
        awards.append(NewAward(player_id, KIND, nrkt, r.trace.to_json()))
        notes = [
            f"NR*KT {fmt(nrkt)} (NR {fmt(half_up(r.nr, 2))}), norm {r.norm_label or '—'}",
        ]
        if outcome := outcome_note(event):
            notes.append(outcome)
        given = (file_levels or {}).get(r.player)
        if given is not None and given.label != before.label:
            notes.append(f"the file says {given.label}")
            warnings.append(
                f"line {lines[r.player]}: {player.federation_player_id} has level "
                f"{given.label} in the file but {before.label} in the database; "
                "the database's level is used"
            )
        preview.append(
            PreviewLine(
                f"{place_label(r)}. {player.name} ({player.federation_player_id})",
                before.label,
                after.label,
                "; ".join(notes),
            )
        )
        why = f"norm {event.norm} met in {t.id}" if event is not None else f"level held at {t.id}"
        changes.append(LevelChange(player_id, before, after, why))
    warnings.extend(extra_warnings)
    prepared = Prepared(
        code=t.id,
        name=t.name or t.id,
        held_on=t.date,
        params=tournament_params(t, result, brought),
        entries=entries,
        games=[],
        awards=awards,
        preview=preview,
        warnings=warnings,
        reason=reason,
    )
    return prepared, changes
