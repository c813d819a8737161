"""From the engine's parsed report to what a submission stores and shows: pure, no database.

The report is the engine's ``.fsbr`` format (one parser, :func:`fedrank.engines.bridge_fsbr.
parse_tournament`); here it gets its ledger code, each found player his rk at the start (the
file's rk is only a hint for players in the database), and the engine's result becomes award
lines, entries, preview lines and the version's ``params`` (docs/engines/bridge_fsbr.md,
"Import format" and "What is stored"). The database reads around it are in :mod:`.prepare`.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from decimal import Decimal, InvalidOperation
from typing import Any, Final

from fedrank.engines import bridge_fsbr as fsbr
from fedrank.engines.kernel import InputError, half_up, to_jsonable
from fedrank.handlers.systems.bridge_fsbr.ledger import (
    ACHIEVEMENT,
    PARAMS_FORMAT,
    SYSTEM_ID,
    Row,
    achievement_kind,
    history_of,
    ledger_rows_by_player,
    next_month,
    title_of,
)
from fedrank.handlers.wording.common import fmt
from fedrank.storage.models import Player
from fedrank.storage.records import NewAward, NewEntry, Prepared, PreviewLine

_SLUG: Final = re.compile(r"[^\w]+")
_ZERO: Final = Decimal(0)
GUEST: Final = "guest:"
#: The header figures a submission's ``KEY=VALUE`` may give (7.5 kq, 8.10 N0).
GIVEN_KEYS: Final = ("kq", "N0")


@dataclass(frozen=True, slots=True)
class Report:
    """A submitted report: the engine's parse plus the tournament's code."""

    text: str
    tournament: fsbr.Tournament
    code: str
    given: dict[str, str] = field(default_factory=dict)
    """The submission's ``KEY=VALUE`` facts (kq, N0), applied over the file's header."""
    facts: dict[str, list[str]] = field(default_factory=dict)
    """kq and N0 where given: key -> [value, source] (file or submission)."""
    warnings: tuple[str, ...] = ()


def default_code(name: str, end: date) -> str:
    """``<end>-<name>`` as a slug (Cyrillic kept), at most 64 characters."""
    slug = _SLUG.sub("-", name.strip().lower()).strip("-")
    return f"{end.isoformat()}-{slug}".rstrip("-")[:64]


def read_report(text: str, given: Mapping[str, str] | None = None) -> Report:
    """Parse a report; its header ``id`` (at most 64 characters) is the code, if given.
    ``given``: the submission's kq and N0, over the header's (a difference is warned)."""
    cleaned = text.lstrip("\ufeff")
    t = fsbr.parse_tournament(cleaned)
    facts: dict[str, list[str]] = {}
    warnings: list[str] = []
    for key in GIVEN_KEYS:
        stated = getattr(t, key)
        if key in (given or {}):
            value = Decimal((given or {})[key])
            if stated is not None and stated != value:
                warnings.append(
                    f"line {t.line_of.get(key)}: the file's {key} {fmt(stated)} replaced by "
                    f"the submission's {key}={fmt(value)}"
                )
            t = replace(t, kq=value) if key == "kq" else replace(t, N0=value)
            facts[key] = [fmt(value), "submission"]
        elif stated is not None:
            facts[key] = [fmt(stated), "file"]
    if "id" in t.line_of:
        code = t.id.strip()
        if len(code) > 64:
            raise InputError(
                "the tournament's id is longer than 64 characters", line=t.line_of["id"], field="id"
            )
    else:
        code = default_code(t.name, t.end)
    kept = {k: v for k, v in (given or {}).items() if k in GIVEN_KEYS}
    return Report(cleaned, replace(t, id=code), code, kept, facts, tuple(warnings))


def stored_report(code: str, params: Mapping[str, Any]) -> tuple[Report, dict[str, int]]:
    """A stored version's report under its stored code, and the player IDs it resolved."""
    report = read_report(str(params["text"]), params.get("given"))
    ids = {str(k).upper(): int(v) for k, v in dict(params["players"]).items()}
    return replace(report, tournament=replace(report.tournament, id=code), code=code), ids


def players_of(t: fsbr.Tournament) -> list[tuple[fsbr.Entry, fsbr.PlayerEntry]]:
    return [(e, p) for e in t.entries for p in e.players]


def places_text(e: fsbr.Entry) -> str:
    return str(e.place) if e.last == e.place else f"{e.place}-{e.last}"


def _short(value: Any) -> str:
    """A figure for the preview: at most six decimals (``params`` keep the exact value)."""
    try:
        number = Decimal(str(value))
    except InvalidOperation:
        return str(value)
    if number.is_finite() and number.as_tuple().exponent < -6:  # type: ignore[operator]
        number = half_up(number, 6)
    return fmt(number)


# --- each player's rk at the start ----------------------------------------------------------


@dataclass(slots=True)
class Ranked:
    """The report for the engine: players by their database id (``guest:<ID>`` for foreign
    guests), each found player's rk at the start, where it came from, and the file's rk that
    was ignored."""

    tournament: fsbr.Tournament
    ranks: dict[str, Decimal]
    sources: dict[int, str]
    notes: defaultdict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    warnings: list[str] = field(default_factory=list)


def rank_players(
    report: Report,
    ids: Mapping[str, int],
    players: Mapping[int, Player],
    starts: Mapping[int, tuple[Decimal, str]],
) -> Ranked:
    """Each found player's rk at the start from ``starts`` (player id -> rk, source).

    ``ids`` maps the file's player IDs (upper case) to player ids; a file ID not in it is a
    foreign guest (the caller has checked that he has a country).
    """
    t = report.tournament
    ranked = Ranked(t, {}, {})
    renamed_entries = []
    for e in t.entries:
        renamed = []
        for p in e.players:
            pid = ids.get(p.player.upper())
            if pid is None:
                renamed.append(replace(p, player=f"{GUEST}{p.player}"))
                continue
            player = players[pid]
            rk, source = starts[pid]
            if p.rk is not None and p.rk != rk:
                ranked.warnings.append(
                    f"line {p.line}: {player.federation_player_id} has rk {fmt(p.rk)} in the "
                    f"file; the database's {title_of(rk)} ({source}) is used"
                )
                ranked.notes[str(pid)].append(f"file rk {fmt(p.rk)} ignored")
            ranked.ranks[str(pid)] = rk
            ranked.sources[pid] = source
            renamed.append(replace(p, player=str(pid), rk=None))
        renamed_entries.append(replace(e, players=tuple(renamed)))
    ranked.tournament = fsbr.with_ranks(replace(t, entries=tuple(renamed_entries)), ranked.ranks)
    return ranked


# --- the engine's result as ledger lines, entries and a preview ------------------------------


def ledger_awards(result: fsbr.TournamentResult) -> list[NewAward]:
    """The award lines of the players in the database (foreign guests get none)."""
    awards: list[NewAward] = []
    for award in result.awards:
        if award.player.startswith(GUEST):
            continue
        kind, amount = award.kind, award.amount
        if kind == ACHIEVEMENT:
            # One line per achievement, its level in the kind: /rating sums amounts by kind,
            # and a sum of levels would mean nothing.
            kind, amount = achievement_kind(int(award.amount)), Decimal(1)
        awards.append(NewAward(int(award.player), kind, amount, award.trace.to_json()))
    return awards


def _mb(rows: Sequence[Row]) -> int:
    return sum(r.amount for r in rows if isinstance(r, fsbr.LedgerLine) and r.kind == "MB")


def prepared_tournament(
    report: Report,
    ids: Mapping[str, int],
    players: Mapping[int, Player],
    ranked: Ranked,
    result: fsbr.TournamentResult,
    awards: Sequence[NewAward],
    histories: Mapping[int, Sequence[Row]],
    *,
    reason: str,
    extra_warnings: Sequence[str] = (),
) -> Prepared:
    """The tournament to store and its preview.

    ``histories`` holds the ledger rows each awarded player had when the tournament ended
    (without its own lines): the preview shows his MB before and after, and where his
    coefficient at the next publication moves with this tournament.
    """
    t = report.tournament
    tournament = ranked.tournament
    got: dict[str, dict[str, Decimal]] = defaultdict(dict)
    for award in result.awards:
        got[award.player][award.kind] = award.amount
    awarded = {a.player_id for a in awards}
    new_rows = ledger_rows_by_player(result)
    publication = next_month(t.end)

    by_entry = {er.entry: er for er in result.entries}
    entries: list[NewEntry] = []
    preview: list[PreviewLine] = []
    guests: list[str] = []
    for e, p in players_of(tournament):
        er = by_entry[e.entry]
        mine = got.get(p.player, {})
        gained = ", ".join(f"+{fmt(v)} {k}" for k, v in mine.items() if k != ACHIEVEMENT)
        if ACHIEVEMENT in mine:
            gained += f"{', ' if gained else ''}achievement of level {fmt(mine[ACHIEVEMENT])}"
        label_place = f"{places_text(e)}."
        if p.player.startswith(GUEST):
            fid = p.player[len(GUEST) :]
            guests.append(fid)
            preview.append(
                PreviewLine(
                    f"{label_place} {fid} ({p.country}) · {e.entry}",
                    "guest",
                    "—",
                    f"foreign guest not in the database: counts in q by 6.3, no ledger line;"
                    f" {gained or 'no award'}",
                )
            )
            continue
        pid = int(p.player)
        player = players[pid]
        rk = ranked.ranks[p.player]
        before_rows = histories.get(pid, [])
        note = list(ranked.notes[p.player])
        if er.MB > 0 and "MB" not in mine:
            note.append("5.2 not met: no award for the whole tournament")
        elif (er.RO > 0 or er.PB > 0) and "RO" not in mine and "PB" not in mine:
            note.append("5.2 not met: no RO/PB")
        if pid in awarded:
            now = fsbr.standing(history_of(player, before_rows), publication)
            history_after = history_of(player, [*before_rows, *new_rows[p.player]])
            then = fsbr.standing(history_after, publication)
            if then.rk != now.rk:
                note.append(
                    f"publication of {publication.isoformat()}: {title_of(then.rk)} with this "
                    f"tournament ({then.state.norm}), {title_of(now.rk)} without"
                )
        entries.append(
            NewEntry(
                pid,
                Decimal(e.place),
                e.entry,
                {
                    "line": p.line,
                    "places": places_text(e),
                    "boards": p.boards,
                    "country": p.country,
                    "rk": str(rk),
                    "rk_source": ranked.sources[pid],
                    "q": None if er.q is None else str(er.q),
                    "listed": er.listed,
                    "entry_MB": str(er.MB),
                    "MB_source": er.MB_source,
                    "entry_RO": str(er.RO),
                    "entry_PB": str(er.PB),
                    "awards": {k: str(v) for k, v in mine.items()},
                },
            )
        )
        preview.append(
            PreviewLine(
                f"{label_place} {player.name} ({player.federation_player_id}) · {e.entry}",
                f"{title_of(rk)}, MB {_mb(before_rows)}" if pid in awarded else title_of(rk),
                f"MB {_mb(before_rows) + int(mine.get('MB', _ZERO))} ({gained})"
                if pid in awarded
                else "no award",
                "; ".join(note),
            )
        )
    figures = to_jsonable(result.figures)
    head = ", ".join(
        f"{k} {_short(figures[k])}" for k in ("kq", "N", "N0", "RC", "PB1", "pR") if k in figures
    )
    preview.insert(
        0,
        PreviewLine(
            f"{t.name}: {t.form}, {t.scope}, status {figures.get('status', t.status)}",
            f"{t.start.isoformat()}..{t.end.isoformat()}",
            head,
            "kq given" if t.kq is not None else "",
        ),
    )
    warnings = [*ranked.warnings, *result.warnings]
    if guests:
        warnings.append(f"foreign guests not in the database (no ledger line): {', '.join(guests)}")
    warnings.extend(report.warnings)
    warnings.extend(extra_warnings)
    params: dict[str, Any] = {
        "system": SYSTEM_ID,
        "format": PARAMS_FORMAT,
        "text": report.text,
        "players": {fid: pid for fid, pid in sorted(ids.items())},
        "ranks": {k: str(v) for k, v in sorted(ranked.ranks.items())},
        "start": t.start.isoformat(),
        "end": t.end.isoformat(),
        "form": t.form,
        "face_to_face": t.face_to_face,
        "figures": figures,
        **({"given": report.given} if report.given else {}),
        **({"facts": report.facts} if report.facts else {}),
    }
    return Prepared(
        code=report.code,
        name=t.name,
        held_on=t.end,
        params=params,
        entries=entries,
        games=[],
        awards=list(awards),
        preview=preview,
        warnings=warnings,
        reason=reason,
    )
