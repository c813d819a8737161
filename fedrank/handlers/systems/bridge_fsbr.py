"""The FSBR classification (bridge_fsbr) wired to the database and chat: import, lists, demo.

Seed 003 (``003_14fd2cba3c135a99.txt``) as restated in RULES.md "bridge_fsbr": 1.2 (the rank
coefficient is assigned on the first of every month, and counts only once published), 2.1-2.2
(achievements, norms, notes 1-3 and 7), 6 (a participant's rank q from his players' rk at the
start), 7-8 (MB, RO, PB) and 8.1 (the rating R). Every figure comes from
:mod:`fedrank.engines.bridge_fsbr` (``parse_tournament``, ``with_ranks``,
``compute_tournament``, ``ledger_rows``, ``monthly_standings``, ``standing``); this module
reads the database, fills the engine's inputs and stores its outputs.

**What is stored.** Every award of the engine becomes one ledger line of kind ``MB``, ``RO``,
``PB`` or an achievement, dated by the tournament's *end* (1.11: ``Prepared.held_on`` is the
end date, so ``Award.awarded_on`` is the day the standing reads), with the engine's trace as
JSON. An achievement is stored as one line of kind ``achievement <level>`` (``achievement
2``) with amount 1, so ``/rating``'s totals by kind read "achievement 2 1" (one achievement of
level 2) instead of a meaningless sum of levels; the engine's own award (kind
``achievement``, amount = level) is what its trace ends with. The engine's trace starts with
three steps that carry what the standing needs besides the amount: ``tournament`` (the
tournament's code), ``face_to_face`` (2.2 note 3) and ``championship`` (8.1: the status
applied, after 1.10 may have removed a regional one). :func:`ledger_line` reads a stored line
back into the engine's ``LedgerLine`` / ``AchievementRecord`` from exactly those steps, so the
standing is rebuilt from the ledger alone. Each participant's ``Entry.data`` keeps his file
line, entry, places, boards, rk at the start and where it came from, q, and the participant's
MB/RO/PB; the version's ``params`` keep the report text (with the player IDs as in the file),
the IDs resolved and the rk used for every player, and the tournament's figures (kq, N, RC,
ПБ1 ...).

**rk at the start** (6.1, 1.2): the value of the player's latest title row on or before the
tournament's start; FSBR titles (``"рк 2"``, value 2) are written only by publications
(:meth:`BridgeFsbrAdapter.compute_list`), because 1.2 says a coefficient counts only once
published. A player with no title row starts at his ``initial_rk`` (player data below, 2.2
note 1), else at рк 5 (2.2: "рк 5 – знание правил и участие в спортивных соревнованиях", the
coefficient that needs no norm).

**Player data** (``Player.data["bridge_fsbr"]``, JSON; read by :func:`player_data`):

- ``ebl_points``: ``[["2025-05-10", 12], ...]`` — EBL points received on a date (increments);
- ``titles``: ``[["2024-08-01", "wbf_master"], ...]`` — WBF/EBL norms met on a date, one of
  ``wbf_master``, ``wbf_international_master``, ``wbf_life_master``, ``wbf_grand_master``,
  ``ebl_master``, ``ebl_grand_master``;
- ``initial_rk``: ``"1"`` — the lifetime coefficient kept from an earlier classification (2.2
  note 1), a multiple of 0.5 in -5..5.

fedrank has no command to edit player data yet: a director's ``/playerdata`` (or a CLI
``fedrank player-data``) is needed; the demo writes these keys directly. A malformed value is
refused with an InputError naming the player and the key, so a publication never guesses.

**Import format**: the engine's ``.fsbr`` report (docs/engines/bridge_fsbr.md; the same
file ``fedrank calc bridge_fsbr`` reads, attached or pasted after ``/submit <discipline>``;
any file name). Differences: the ``player`` column is the player's federation ID
(``FSBR-0042``); the ``rk`` column is *ignored* for players found in the database (their rk
at the start comes from the title history above; the preview warns when the file differs) and
may be left empty; the header ``id`` is the tournament's code for corrections (at most 64
characters; without it the code is ``<end>-<name>`` as a slug). A player ID not in the
federation is refused (InputError with the line and the field ``player``) unless the line
gives a ``country``: such a foreign guest counts in his participant's q by 6.3 with the
file's rk, gets no ledger line (nobody to store it for) and is listed in the preview. The
path where the file gives ``kq`` (and ``N0``) is the engine's: the trace says "given". Every
other field is required or optional as in the engine (``boards`` outside foreign events ...).

**Corrections.** A report whose code is stored is a correction: a new version whose lines
replace the old ones. Another tournament's awards depend on this one only through the rk at
its start, and rk changes only through publications, which are history and never rewritten;
so a correction normally changes only its own awards. Decision: a correction still re-derives
every stored tournament ending on or after the corrected one's start from its stored report,
the stored IDs and the title history as it is now, and replays (``Prepared.replays``, reason
"replayed after correction of <code>") only those whose award lines or rk at the start
differ from what is stored — which happens only when a list was published late (after a
tournament it precedes was stored).

**Lists** (:meth:`BridgeFsbrAdapter.compute_list`): every player of the federation with his
standing on the list date (the engine's ``monthly_standings``; lines dated before the first of
the list's month count). ``rating`` = R of 8.1; rows are ordered by R, highest first, because
R is the figure the rulebook ranks players by (the rank coefficient is a classification, not
an order). Equal R share the position of the first of them (1, 2, 2, 4: nothing in 8.1 breaks
a tie); within a tie rows are shown by rk (stronger first), then federation ID, which is only
a display order. ``title`` = ``"рк X"``. The previous month's ``RankState`` (note 2 needs the
previous assignment to step a lapsed one-year coefficient down) is stored in each row's
``data["state"]`` and read back, from the latest snapshot before the list date, as the
engine's ``previous``; without an earlier snapshot the whole history is replayed. Titles: a
row ``"рк X"`` for every player whose rk differs from the one published before (a player never
published counts as рк 5), reason = the norm (or the note-2 step down). Row ``data``: ``next``
(for each norm of the next coefficient, what is still missing, one string), ``rk``,
``lifetime_rk``, ``temporary``, ``norm``, ``state``, ``R_parts``, the totals ``MB``, ``RO``,
``PB`` with ``MB_face_to_face``, ``MB_last_year``, ``RO_last_year``, ``PB_last_year``,
``achievement``, ``ebl_points``, and ``counted``: the RO results counted in R, by period
(``R0`` is the last twelve months), with date, tournament, RO and championship status.

**Demo**: twelve tournaments over the two years before ``today`` (pairs and teams, a match,
an online event, a foreign festival with ``kq``/``N0`` given and foreign guests, regional and
Russian championships), participants drawn from the 80 players by a fixed strength plus
noise; some players bring an earlier coefficient, EBL points or a WBF title as player data.
Every report goes through :meth:`BridgeFsbrAdapter.prepare` and ``write_prepared``, and the
list of the first of every month is published on the way (``publish_in``) so rk evolves.
"""

from __future__ import annotations

import random
import re
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime, time, timedelta
from decimal import Decimal, InvalidOperation
from typing import Any, Final

from fedrank.engines import bridge_fsbr as fsbr
from fedrank.engines.kernel import InputError, RuleError, half_up, to_jsonable
from fedrank.handlers.common import fmt
from fedrank.handlers.systems.base import SystemAdapter
from fedrank.handlers.systems.places import moved_places, shared_last
from fedrank.storage.models import Award, Discipline, Federation, Player, Tournament
from fedrank.storage.records import (
    ComputedList,
    NewAward,
    NewEntry,
    NewListRow,
    NewTitle,
    Prepared,
    PreviewLine,
)
from fedrank.storage.repositories import Repos

SYSTEM_ID: Final = "bridge_fsbr"
#: The version of what a tournament version stores in ``params``.
PARAMS_FORMAT: Final = 1
#: The key of the FSBR player data in ``Player.data``.
DATA_KEY: Final = "bridge_fsbr"
POINT_KINDS: Final = ("MB", "RO", "PB")
ACHIEVEMENT: Final = "achievement"
#: 2.2: "рк 5 – знание правил и участие в спортивных соревнованиях", everyone's start.
BEGINNER_RK: Final = Decimal(5)
STRONGEST_RK: Final = Decimal(-5)
RULE_START: Final = "seed 003 1.2, 2.2"
_SLUG: Final = re.compile(r"[^\w]+")
_ZERO: Final = Decimal(0)
_PERIODS: Final = ("R0", "R1", "R2", "R3")


def title_of(rk: Decimal) -> str:
    """The title row of a rank coefficient: ``рк 2``, ``рк -0.5``."""
    return f"рк {fmt(rk)}"


def month_start(day: date) -> date:
    return day.replace(day=1)


def next_month(day: date) -> date:
    """The first of the month after ``day``'s month."""
    return date(day.year + day.month // 12, day.month % 12 + 1, 1)


# --- player data ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FsbrPlayerData:
    """What 2.2 reads about a player besides the ledger (module docstring, "Player data")."""

    ebl_points: tuple[tuple[date, int], ...] = ()
    titles: tuple[tuple[date, str], ...] = ()
    initial_rk: Decimal | None = None


def _bad(player: Player, key: str, why: str) -> InputError:
    return InputError(
        f"player {player.federation_player_id}: {DATA_KEY}.{key} {why}",
        field=f"{DATA_KEY}.{key}",
    )


def _dated(player: Player, key: str, raw: Any) -> list[tuple[date, Any]]:
    if not isinstance(raw, list):
        raise _bad(player, key, "must be a list of [date, value] pairs")
    out = []
    for item in raw:
        if not isinstance(item, list | tuple) or len(item) != 2:
            raise _bad(player, key, f"has {item!r}, not a [date, value] pair")
        try:
            day = date.fromisoformat(str(item[0]))
        except ValueError:
            raise _bad(player, key, f"has a bad date {item[0]!r} (YYYY-MM-DD)") from None
        out.append((day, item[1]))
    return out


def is_rk(value: Decimal) -> bool:
    """A coefficient of 2.2: a multiple of 0.5 from -5 to 5."""
    return STRONGEST_RK <= value <= BEGINNER_RK and (value * 2) == (value * 2).to_integral_value()


def player_data(player: Player) -> FsbrPlayerData:
    """The player's FSBR data, checked; empty when he has none."""
    raw = (player.data or {}).get(DATA_KEY)
    if raw is None:
        return FsbrPlayerData()
    if not isinstance(raw, dict):
        raise _bad(player, "", "must be an object")
    points = []
    for day, value in _dated(player, "ebl_points", raw.get("ebl_points", [])):
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise _bad(player, "ebl_points", f"has {value!r}, not a whole number of points")
        points.append((day, value))
    titles = []
    for day, value in _dated(player, "titles", raw.get("titles", [])):
        if not isinstance(value, str):
            raise _bad(player, "titles", f"has {value!r}, not a title name")
        titles.append((day, value))
    initial: Decimal | None = None
    if raw.get("initial_rk") is not None:
        try:
            initial = Decimal(str(raw["initial_rk"]))
        except InvalidOperation:
            initial = None
        if initial is None or not initial.is_finite() or not is_rk(initial):
            raise _bad(player, "initial_rk", f"{raw['initial_rk']!r} is not a coefficient of 2.2")
    return FsbrPlayerData(tuple(points), tuple(titles), initial)


# --- the ledger as the standing reads it ----------------------------------------------------


def _flags(trace: Sequence[Any]) -> tuple[str, bool, bool]:
    """(tournament, face_to_face, championship) from the first steps of an engine trace."""
    tournament, face_to_face, championship = "", True, False
    for step in trace[:6]:
        if not isinstance(step, dict):
            continue
        name, value = step.get("name"), step.get("value")
        if name == "tournament":
            tournament = str(value)
        elif name == "face_to_face":
            face_to_face = bool(value)
        elif name == "championship":
            championship = bool(value)
    return tournament, face_to_face, championship


def ledger_line(award: Award) -> fsbr.LedgerLine | fsbr.AchievementRecord | None:
    """A stored award as the engine's ledger row (None for a kind the standing does not read)."""
    return _ledger_row(award.awarded_on, award.kind, Decimal(award.amount), award.trace)


def _ledger_row(
    day: date, kind: str, amount: Decimal, trace: Sequence[Any]
) -> fsbr.LedgerLine | fsbr.AchievementRecord | None:
    event, face_to_face, championship = _flags(trace)
    if kind in POINT_KINDS:
        return fsbr.LedgerLine(day, kind, int(amount), face_to_face, championship, event)
    level = achievement_level(kind)
    if level is not None:
        return fsbr.AchievementRecord(day, level, event)
    return None


def achievement_kind(level: int) -> str:
    """The ledger kind of an achievement of ``level`` (one line, amount 1)."""
    return f"{ACHIEVEMENT} {level}"


def achievement_level(kind: str) -> int | None:
    """The level of an achievement line's kind (``achievement 2`` -> 2), else None."""
    word, _, level = kind.partition(" ")
    if word != ACHIEVEMENT or not level.isdigit():
        return None
    return int(level)


def history_of(
    player: Player,
    rows: Iterable[fsbr.LedgerLine | fsbr.AchievementRecord],
) -> fsbr.PlayerHistory:
    """The engine's history of a player from his ledger rows and his player data."""
    data = player_data(player)
    lines = []
    achievements = []
    for row in rows:
        if isinstance(row, fsbr.LedgerLine):
            lines.append(row)
        else:
            achievements.append(row)
    return fsbr.PlayerHistory(
        str(player.id),
        tuple(lines),
        tuple(achievements),
        data.ebl_points,
        data.titles,
        data.initial_rk,
    )


# --- what is still needed -------------------------------------------------------------------


def _missing_text(missing: Mapping[str, int]) -> str:
    parts: list[str] = []
    if "MB" in missing:
        text = f"{missing['MB']} MB"
        if "MB_face_to_face" in missing:
            text += f" ({missing['MB_face_to_face']} of them face to face)"
        parts.append(text)
    elif "MB_face_to_face" in missing:
        parts.append(f"{missing['MB_face_to_face']} MB face to face")
    if "RO_last_year" in missing:
        parts.append(f"{missing['RO_last_year']} RO in the last year")
    if "PB" in missing:
        parts.append(f"{missing['PB']} PB")
    if "achievement_level" in missing:
        parts.append(f"an achievement of level {missing['achievement_level']}")
    if "achievement_level_in_a_year" in missing:
        level = missing["achievement_level_in_a_year"]
        parts.append(f"an achievement of level {level} in the last year")
    if "EBL_points" in missing:
        parts.append(f"{missing['EBL_points']} EBL points")
    for key in sorted(k for k in missing if k.startswith("title:")):
        parts.append(f"the {key[len('title:') :]} norm")
    return " + ".join(parts) if parts else "met: assigned at the next publication"


def next_text(standing: fsbr.Standing) -> str:
    """``/rating``'s "Next": for each norm of the next coefficient, what is still missing."""
    if not standing.next_needs:
        return f"{title_of(standing.rk)} is the highest coefficient of 2.2"
    target = title_of(standing.next_needs[0].rk)
    options = [
        f"{_missing_text(need.missing)} [{need.norm}{', for life' if need.lifetime else ''}]"
        for need in standing.next_needs
    ]
    text = f"{target}: " + "; or ".join(options)
    if standing.state.temporary:
        text += (
            f". Now {title_of(standing.rk)} on a one-year norm ({standing.state.norm});"
            f" if it lapses, {title_of(_step_down(standing.state))} for life (2.2 note 2)"
        )
    return text


def _step_down(state: fsbr.RankState) -> Decimal:
    """The coefficient note 2 gives when the held one-year coefficient lapses: one step
    weaker (0.5 steps, but 1 -> 2 ... as 2.2 lists them), never below the lifetime one."""
    levels = [Decimal(v) for v in ("5", "4", "3", "2", "1", "0.5")]
    levels += [Decimal(-i) / 2 for i in range(0, 11)]
    lower = levels[max(levels.index(state.rk) - 1, 0)]
    return min(lower, state.lifetime_rk)


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


# --- the submitted report ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Report:
    """A submitted report: the engine's parse plus the tournament's code."""

    text: str
    tournament: fsbr.Tournament
    code: str


def default_code(name: str, end: date) -> str:
    """``<end>-<name>`` as a slug (Cyrillic kept), at most 64 characters."""
    slug = _SLUG.sub("-", name.strip().lower()).strip("-")
    return f"{end.isoformat()}-{slug}".rstrip("-")[:64]


def read_report(text: str) -> Report:
    """Parse a report (module docstring, "Import format")."""
    cleaned = text.lstrip("\ufeff")
    t = fsbr.parse_tournament(cleaned)
    if "id" in t.line_of:
        code = t.id.strip()
        if len(code) > 64:
            raise InputError(
                "the tournament's id is longer than 64 characters", line=t.line_of["id"], field="id"
            )
    else:
        code = default_code(t.name, t.end)
    return Report(cleaned, replace(t, id=code), code)


def _players_of(t: fsbr.Tournament) -> list[tuple[fsbr.Entry, fsbr.PlayerEntry]]:
    return [(e, p) for e in t.entries for p in e.players]


# --- one tournament computed against the database -------------------------------------------


@dataclass(slots=True)
class _Computed:
    prepared: Prepared
    ranks: dict[str, str]
    signature: list[tuple[int, str, str]]


def _signature(awards: Iterable[NewAward | Award]) -> list[tuple[int, str, str]]:
    return sorted((a.player_id, a.kind, fmt(Decimal(a.amount))) for a in awards)


async def start_rk(
    repos: Repos, discipline: Discipline, player: Player, day: date
) -> tuple[Decimal, str]:
    """The player's rk at the start of ``day`` and where it comes from (module docstring)."""
    title = await repos.ledger.current_title(player.id, discipline.id, on=day)
    if title is not None and title.value is not None:
        return Decimal(title.value), f"published {title.since.isoformat()}"
    initial = player_data(player).initial_rk
    if initial is not None:
        return initial, "2.2 note 1: kept from the earlier classification"
    return BEGINNER_RK, "no coefficient published: рк 5 (2.2)"


async def _histories(
    repos: Repos,
    discipline: Discipline,
    players: Mapping[int, Player],
    skip_code: str,
    until: date,
) -> dict[int, list[fsbr.LedgerLine | fsbr.AchievementRecord]]:
    """Each player's current ledger rows dated up to ``until``, without those of the
    tournament ``skip_code`` (what he held when that tournament ended)."""
    out: dict[int, list[fsbr.LedgerLine | fsbr.AchievementRecord]] = {}
    for pid in players:
        rows: list[fsbr.LedgerLine | fsbr.AchievementRecord] = []
        for award, tournament in await repos.ledger.awards(pid, discipline.id):
            if tournament.code == skip_code or award.awarded_on > until:
                continue
            row = ledger_line(award)
            if row is not None:
                rows.append(row)
        out[pid] = rows
    return out


def _mb(rows: Iterable[fsbr.LedgerLine | fsbr.AchievementRecord]) -> int:
    return sum(r.amount for r in rows if isinstance(r, fsbr.LedgerLine) and r.kind == "MB")


def _short(value: Any) -> str:
    """A figure for the preview: at most six decimals (``params`` keep the exact value)."""
    try:
        number = Decimal(str(value))
    except InvalidOperation:
        return str(value)
    if number.is_finite() and number.as_tuple().exponent < -6:  # type: ignore[operator]
        number = half_up(number, 6)
    return fmt(number)


def _places(e: fsbr.Entry) -> str:
    return str(e.place) if e.last == e.place else f"{e.place}-{e.last}"


async def _compute(
    repos: Repos,
    discipline: Discipline,
    report: Report,
    ids: Mapping[str, int],
    players: Mapping[int, Player],
    *,
    reason: str,
    extra_warnings: Sequence[str] = (),
) -> _Computed:
    """One report with every found player's rk at the start from the database.

    ``ids`` maps the file's player IDs (upper case) to player ids; a file ID not in it is a
    foreign guest (the caller has checked that he has a country).
    """
    t = report.tournament
    warnings: list[str] = []
    ranks: dict[str, Decimal] = {}
    sources: dict[int, str] = {}
    notes: dict[str, list[str]] = defaultdict(list)
    renamed_entries = []
    for e in t.entries:
        renamed = []
        for p in e.players:
            pid = ids.get(p.player.upper())
            if pid is None:
                renamed.append(replace(p, player=f"guest:{p.player}"))
                continue
            player = players[pid]
            rk, source = await start_rk(repos, discipline, player, t.start)
            if p.rk is not None and p.rk != rk:
                warnings.append(
                    f"line {p.line}: {player.federation_player_id} has rk {fmt(p.rk)} in the "
                    f"file; the database's {title_of(rk)} ({source}) is used"
                )
                notes[str(pid)].append(f"file rk {fmt(p.rk)} ignored")
            ranks[str(pid)] = rk
            sources[pid] = source
            renamed.append(replace(p, player=str(pid), rk=None))
        renamed_entries.append(replace(e, players=tuple(renamed)))
    tournament = fsbr.with_ranks(replace(t, entries=tuple(renamed_entries)), ranks)
    result = fsbr.compute_tournament(tournament)

    awards: list[NewAward] = []
    got: dict[str, dict[str, Decimal]] = defaultdict(dict)
    for award in result.awards:
        got[award.player][award.kind] = award.amount
        if award.player.startswith("guest:"):
            continue
        kind, amount = award.kind, award.amount
        if kind == ACHIEVEMENT:
            # One line per achievement, its level in the kind: /rating sums amounts by kind,
            # and a sum of levels would mean nothing (module docstring).
            kind, amount = achievement_kind(int(award.amount)), Decimal(1)
        awards.append(NewAward(int(award.player), kind, amount, award.trace.to_json()))

    # Where each player's projected coefficient moves with this tournament (a level change).
    awarded = {a.player_id: players[a.player_id] for a in awards}
    histories = await _histories(repos, discipline, awarded, report.code, t.end)
    new_rows: dict[str, list[fsbr.LedgerLine | fsbr.AchievementRecord]] = defaultdict(list)
    for player_key, row in fsbr.ledger_rows(result):
        new_rows[player_key].append(row)
    publication = next_month(t.end)

    by_entry = {er.entry: er for er in result.entries}
    entries: list[NewEntry] = []
    preview: list[PreviewLine] = []
    guests: list[str] = []
    for e, p in _players_of(tournament):
        er = by_entry[e.entry]
        mine = got.get(p.player, {})
        gained = ", ".join(f"+{fmt(v)} {k}" for k, v in mine.items() if k != ACHIEVEMENT)
        if ACHIEVEMENT in mine:
            gained += f"{', ' if gained else ''}achievement of level {fmt(mine[ACHIEVEMENT])}"
        label_place = f"{_places(e)}."
        if p.player.startswith("guest:"):
            fid = p.player[len("guest:") :]
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
        rk = ranks[p.player]
        before_rows = histories.get(pid, [])
        note = list(notes[p.player])
        if er.MB > 0 and "MB" not in mine:
            note.append("5.2 not met: no award for the whole tournament")
        elif (er.RO > 0 or er.PB > 0) and "RO" not in mine and "PB" not in mine:
            note.append("5.2 not met: no RO/PB")
        if pid in awarded:
            history = history_of(player, before_rows)
            now = fsbr.standing(history, publication)
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
                    "places": _places(e),
                    "boards": p.boards,
                    "country": p.country,
                    "rk": str(rk),
                    "rk_source": sources[pid],
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
    warnings.extend(result.warnings)
    if guests:
        warnings.append(f"foreign guests not in the database (no ledger line): {', '.join(guests)}")
    warnings.extend(extra_warnings)
    params: dict[str, Any] = {
        "system": SYSTEM_ID,
        "format": PARAMS_FORMAT,
        "text": report.text,
        "players": {fid: pid for fid, pid in sorted(ids.items())},
        "ranks": {k: str(v) for k, v in sorted(ranks.items())},
        "start": t.start.isoformat(),
        "end": t.end.isoformat(),
        "form": t.form,
        "face_to_face": t.face_to_face,
        "figures": figures,
    }
    prepared = Prepared(
        code=report.code,
        name=t.name,
        held_on=t.end,
        params=params,
        entries=entries,
        games=[],
        awards=awards,
        preview=preview,
        warnings=warnings,
        reason=reason,
    )
    return _Computed(prepared, {k: str(v) for k, v in ranks.items()}, _signature(awards))


async def _resolve(
    repos: Repos, federation: Federation, t: fsbr.Tournament
) -> tuple[dict[str, int], dict[int, Player]]:
    """Every player line's federation ID found in the federation (foreign guests excepted)."""
    lines = _players_of(t)
    found = await repos.players.by_federation_ids(federation.id, [p.player for _, p in lines])
    ids: dict[str, int] = {}
    players: dict[int, Player] = {}
    for _, p in lines:
        player = found.get(p.player.upper())
        if player is None:
            if p.country:
                continue
            raise InputError(
                f"unknown player ID '{p.player}' in {federation.code} (a foreign guest who is "
                "not in the database needs his country)",
                line=p.line,
                field="player",
            )
        ids[p.player.upper()] = player.id
        players[player.id] = player
    return ids, players


RULE_WHATIF: Final = (
    "fedrank bridge_fsbr /whatif: a place is simulated in a tournament stored by this adapter"
)


def _achievement_text(awards: Mapping[str, Decimal]) -> str:
    levels = sorted(level for kind in awards if (level := achievement_level(kind)) is not None)
    return ", ".join(f"level {level}" for level in levels)


# --- the adapter ---------------------------------------------------------------------------


class BridgeFsbrAdapter(SystemAdapter):
    """The FSBR adapter: import a report, compute the monthly list, load the demo."""

    system = SYSTEM_ID
    supports_whatif = True
    #: ``[entries]``/``[players]``/session rows are ``|``-separated columns, so a workbook's
    #: cells are joined by `` | ``; header lines (``key = value``) and section names are
    #: written in one cell each.
    sheet_separator = " | "
    sheet_extension = ".fsbr"
    #: The section of ``player.data`` this system reads (set by ``/playerdata``).
    data_key = DATA_KEY

    def check_player_data(self, player: Player) -> None:
        """Refuse player data this system could not read (raises InputError)."""
        player_data(player)

    async def prepare(
        self, repos: Repos, discipline: Discipline, text: str, filename: str
    ) -> Prepared:
        """Parse a report, find its players, take their rk from the titles, compute."""
        del filename  # one format, whatever the name (as ``fedrank calc``)
        report = read_report(text)
        federation = await repos.federations.get(discipline.federation_id)
        assert federation is not None
        ids, players = await _resolve(repos, federation, report.tournament)
        stored = await repos.ledger.tournament(discipline.id, report.code)
        previous = await repos.ledger.current_version(stored.id) if stored is not None else None
        extra = []
        if previous is not None:
            extra.append(
                f"{report.code} is stored (version {previous.version}): this correction becomes "
                f"version {previous.version + 1}"
            )
        computed = await _compute(
            repos,
            discipline,
            report,
            ids,
            players,
            reason=f"correction of version {previous.version}" if previous else "",
            extra_warnings=extra,
        )
        prepared = computed.prepared
        if previous is not None:
            stored_start = previous.params.get("start")
            since = min(
                report.tournament.start,
                date.fromisoformat(stored_start) if stored_start else previous.held_on,
            )
            prepared.replays = await _replays(repos, discipline, report.code, since)
        return prepared

    async def whatif(
        self,
        repos: Repos,
        discipline: Discipline,
        tournament: Tournament,
        player_id: int,
        place: int,
    ) -> list[PreviewLine]:
        """What finishing ``place`` in a stored tournament would change for the player (/whatif).

        The player's *participant* (pair or team) moves as a whole: it finishes ``place``
        alone, the others keep their order and ties
        (:func:`~fedrank.handlers.systems.places.moved_places`; a tie's last place follows its
        size). Only the final place changes: session places, boards and a match's IMPs stay as
        stored (a match whose places contradict its IMPs is refused by the engine). The
        tournament is recomputed from its stored report with every player's rk at the start
        from the title history, as a correction would; the other tournaments do not change (rk
        comes from published lists, which a simulation does not rewrite). Shown: MB, RO, PB and
        the achievement he receives, then his rk and R at the first publication after the
        tournament (1.2: the first of the next month), from his ledger with the simulated lines
        in place of the stored ones. A teammate below the boards of 5.2 gets nothing either
        way. Nothing is written. Refused: a player not in the tournament, a place out of range
        or inside a tie of others.
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
        report = read_report(str(params["text"]))
        t = replace(report.tournament, id=code)
        ids = {str(k).upper(): int(v) for k, v in dict(params["players"]).items()}
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
        players: dict[int, Player] = {}
        for pid in ids.values():
            got = await repos.players.get(pid)
            if got is None:
                raise RuleError(f"{code}: stored player {pid} is gone", rule="fedrank ledger")
            players[pid] = got
        computed = await _compute(
            repos,
            discipline,
            Report(report.text, replace(t, entries=entries), code),
            ids,
            players,
            reason="what if",
        )
        kept: list[fsbr.LedgerLine | fsbr.AchievementRecord] = []
        stored: list[fsbr.LedgerLine | fsbr.AchievementRecord] = []
        stored_awards: dict[str, Decimal] = defaultdict(Decimal)
        for award, held in await repos.ledger.awards(player_id, discipline.id):
            row = ledger_line(award)
            if held.id == tournament.id:
                stored_awards[award.kind] += Decimal(award.amount)
                if row is not None:
                    stored.append(row)
            elif row is not None:
                kept.append(row)
        simulated: list[fsbr.LedgerLine | fsbr.AchievementRecord] = []
        new_awards: dict[str, Decimal] = defaultdict(Decimal)
        for new in computed.prepared.awards:
            if new.player_id != player_id:
                continue
            new_awards[new.kind] += new.amount
            row = _ledger_row(t.end, new.kind, new.amount, new.trace)
            if row is not None:
                simulated.append(row)
        player = players[player_id]
        publication = next_month(t.end)
        was = fsbr.standing(history_of(player, [*kept, *stored]), publication)
        then = fsbr.standing(history_of(player, [*kept, *simulated]), publication)
        lines = [
            PreviewLine(
                f"place in {code}",
                _places(entry),
                str(place),
                f"{entry.entry}: the whole {'pair' if t.form == 'pairs' else 'team'} moves",
            )
        ]
        for kind in POINT_KINDS:
            if kind in stored_awards or kind in new_awards:
                lines.append(
                    PreviewLine(
                        f"{kind} in {code}",
                        fmt(stored_awards.get(kind, _ZERO)),
                        fmt(new_awards.get(kind, _ZERO)),
                    )
                )
        if not (stored_awards.keys() | new_awards.keys()) & set(POINT_KINDS):
            lines.append(PreviewLine(f"points in {code}", "none", "none"))
        achievements = [_achievement_text(a) for a in (stored_awards, new_awards)]
        if any(achievements):
            lines.append(
                PreviewLine(
                    f"achievement in {code}", achievements[0] or "—", achievements[1] or "—"
                )
            )
        lines += [
            PreviewLine(
                f"rk at the publication of {publication.isoformat()}",
                title_of(was.rk),
                title_of(then.rk),
                then.state.norm if then.rk != was.rk else "",
            ),
            PreviewLine(
                f"R at the publication of {publication.isoformat()}",
                fmt(was.rating.R),
                fmt(then.rating.R),
                "8.1",
            ),
        ]
        return lines

    async def compute_list(
        self, repos: Repos, discipline: Discipline, list_date: date
    ) -> ComputedList:
        """Every player's standing on ``list_date`` (module docstring, "Lists")."""
        everyone = list(await repos.players.of_federation(discipline.federation_id))
        names = {t.code: t.name for t, _ in await repos.ledger.current_versions(discipline.id)}
        rows_of: dict[int, list[fsbr.LedgerLine | fsbr.AchievementRecord]] = defaultdict(list)
        for award in await repos.ledger.discipline_awards(discipline.id):
            row = ledger_line(award)
            if row is not None:
                rows_of[award.player_id].append(row)
        before = await repos.lists.latest(discipline.id, on=list_date - timedelta(days=1))
        previous: dict[str, fsbr.RankState] = {}
        published: dict[int, Decimal] = {}
        if before is not None:
            for held_row, _ in await repos.lists.top(before.id, await repos.lists.size(before.id)):
                state = state_from_json((held_row.data or {}).get("state"))
                if state is not None and state.list_date <= month_start(list_date):
                    previous[str(held_row.player_id)] = state
                    published[held_row.player_id] = state.rk
        by_id = {p.id: p for p in everyone}
        histories = [fsbr.PreparedHistory(history_of(p, rows_of.get(p.id, []))) for p in everyone]
        standings = fsbr.monthly_standings(histories, list_date, previous)
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
                NewListRow(pid, position, s.rating.R, title_of(s.rk), _row_data(s, lines, names))
            )
            held = published.get(pid)
            if held is None:
                title = current_titles.get(pid)
                held = title.value if title is not None and title.value is not None else None
            if s.rk != (BEGINNER_RK if held is None else Decimal(held)):
                titles.append(
                    NewTitle(pid, title_of(s.rk), list_date, s.rk, _title_reason(s.state))
                )
        data: dict[str, Any] = {
            "system": SYSTEM_ID,
            "players": len(rows),
            "previous_list": before.list_date.isoformat() if before is not None else None,
            "order": "R of 8.1, highest first; equal R share a position",
        }
        return ComputedList(rows=rows, titles=titles, data=data)

    async def load_demo(
        self, repos: Repos, discipline: Discipline, rng: random.Random, today: date
    ) -> None:
        """Twelve tournaments over the two years before ``today`` with monthly lists."""
        from fedrank.handlers.publication import publish_in
        from fedrank.handlers.systems import SystemRegistry

        federation = await repos.federations.get(discipline.federation_id)
        assert federation is not None
        count = await repos.players.count(federation.id)
        wanted = [f"{federation.code}-{i:04d}" for i in range(1, count + 1)]
        found = await repos.players.by_federation_ids(federation.id, wanted)
        pool = [found[w.upper()] for w in wanted if w.upper() in found]
        if len(pool) < 60:
            return
        strength = {p.federation_player_id: rng.gauss(0.0, 1.0) for p in pool}
        await _demo_player_data(pool, strength)
        await repos.session.flush()
        names = {p.federation_player_id: p.name for p in pool}
        published = month_start(today - timedelta(days=1))
        files = list(demo_reports(rng, names, strength, today))
        month = next_month(files[0][0]) if files else today
        for start, name, text in files:
            while month <= start and month < today:
                await publish_in(
                    repos,
                    SystemRegistry([self]),
                    discipline,
                    month,
                    now=datetime.combine(month, time(6), UTC),
                    on_demand=False,
                )
                month = next_month(month)
            prepared = await self.prepare(repos, discipline, text, name)
            await repos.ledger.write_prepared(
                discipline,
                prepared,
                now=datetime.combine(prepared.held_on, time(21), UTC),
                account_id=None,
                source_name=name,
                source_text=text,
            )
        while month <= published and month < today:
            await publish_in(
                repos,
                SystemRegistry([self]),
                discipline,
                month,
                now=datetime.combine(month, time(6), UTC),
                on_demand=False,
            )
            month = next_month(month)


def _title_reason(state: fsbr.RankState) -> str:
    why = state.norm
    if state.stepped_down and not state.temporary:
        why = state.lifetime_norm
    return (why if why.startswith("2.2") else f"2.2: {why}")[:300]


def _row_data(
    s: fsbr.Standing, lines: Sequence[fsbr.LedgerLine], names: Mapping[str, str]
) -> dict[str, Any]:
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
        "next": next_text(s),
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


async def _replays(repos: Repos, discipline: Discipline, code: str, since: date) -> list[Prepared]:
    """Stored tournaments ending on or after ``since`` whose awards or rk at the start differ
    when re-derived now (module docstring, "Corrections"); oldest first."""
    out: list[Prepared] = []
    for tournament, version in await repos.ledger.current_versions(discipline.id):
        params = version.params
        if tournament.code == code or version.held_on < since:
            continue
        if params.get("system") != SYSTEM_ID or params.get("format") != PARAMS_FORMAT:
            continue
        report = read_report(str(params["text"]))
        report = Report(
            report.text, replace(report.tournament, id=tournament.code), tournament.code
        )
        ids = {str(k).upper(): int(v) for k, v in dict(params["players"]).items()}
        players: dict[int, Player] = {}
        for pid in ids.values():
            player = await repos.players.get(pid)
            if player is None:
                raise RuleError(
                    f"{tournament.code}: stored player {pid} is gone", rule="fedrank ledger"
                )
            players[pid] = player
        computed = await _compute(
            repos,
            discipline,
            report,
            ids,
            players,
            reason=f"replayed after correction of {code}",
        )
        stored = [
            award
            for award, trn in await _awards_of(repos, discipline, players)
            if trn == tournament.id
        ]
        ranks_now = {k: Decimal(v) for k, v in computed.ranks.items()}
        ranks_then = {str(k): Decimal(str(v)) for k, v in dict(params.get("ranks", {})).items()}
        if computed.signature == _signature(stored) and ranks_now == ranks_then:
            continue
        out.append(computed.prepared)
    return out


async def _awards_of(
    repos: Repos, discipline: Discipline, players: Mapping[int, Player]
) -> list[tuple[Award, int]]:
    out = []
    for pid in players:
        for award, tournament in await repos.ledger.awards(pid, discipline.id):
            out.append((award, tournament.id))
    return out


# --- the demo ------------------------------------------------------------------------------


async def _demo_player_data(pool: Sequence[Player], strength: Mapping[str, float]) -> None:
    """Earlier coefficients (2.2 note 1) for the stronger half, EBL points and a WBF title for
    three of the strongest: what a director would have entered as player data."""
    ranked = sorted(pool, key=lambda p: -strength[p.federation_player_id])
    kept = ("-1", "-0.5", "0", "0", "0.5", "0.5", "1", "1", "1", "2", "2", "2", "3", "3", "3")
    for index, player in enumerate(ranked):
        data: dict[str, Any] = {}
        if index < len(kept) * 2:
            data["initial_rk"] = kept[index // 2]
        if index == 0:
            data["titles"] = [["2023-08-20", "wbf_master"]]
        if index in (1, 2):
            data["ebl_points"] = [["2023-06-18", 8], ["2024-06-23", 4 + 3 * index]]
        if data:
            player.data = {**(player.data or {}), DATA_KEY: data}


@dataclass(frozen=True, slots=True)
class _DemoEvent:
    months_back: int
    name: str
    form: str
    head: str
    units: int
    size: tuple[int, int]
    length: int
    days: int = 1
    sessions: int = 0
    foreign_guests: int = 0


_DEMO: Final = (
    _DemoEvent(23, "Кубок Москвы, парный турнир", "pairs", "scope = russian", 20, (2, 2), 72, 2, 2),
    _DemoEvent(
        21,
        "Чемпионат Москвы, командный",
        "teams",
        "scope = russian\nstatus = regional",
        10,
        (4, 6),
        96,
        3,
    ),
    _DemoEvent(
        20,
        "Онлайн-турнир пар «Зимний вечер»",
        "pairs",
        "scope = local\nface_to_face = no\nrated = no",
        16,
        (2, 2),
        48,
    ),
    _DemoEvent(
        18,
        "Чемпионат России, парный",
        "pairs",
        "scope = russian\nstatus = main_russian\nevent = ru.pairs",
        24,
        (2, 2),
        90,
        3,
    ),
    _DemoEvent(16, "Клубный матч «Аврора» — «Нева»", "match", "scope = local", 2, (5, 5), 32),
    _DemoEvent(
        15,
        "Фестиваль в Юрмале, парный турнир",
        "pairs",
        "scope = foreign\nhost_country = LV\nkq = 0.45\nN0 = 12",
        18,
        (2, 2),
        72,
        2,
        0,
        4,
    ),
    _DemoEvent(
        13,
        "Чемпионат Москвы, парный",
        "pairs",
        "scope = russian\nstatus = regional",
        22,
        (2, 2),
        72,
        2,
        2,
    ),
    _DemoEvent(
        11, "Командный турнир «Осенний кубок»", "teams", "scope = russian", 12, (4, 5), 96, 2
    ),
    _DemoEvent(
        9,
        "Чемпионат России, командный",
        "teams",
        "scope = russian\nstatus = main_russian\nevent = ru.teams",
        10,
        (4, 6),
        112,
        4,
    ),
    _DemoEvent(7, "Экспресс-турнир пар «Белые ночи»", "pairs", "scope = russian", 20, (2, 2), 54),
    _DemoEvent(
        4,
        "Кубок России, командный турнир",
        "teams",
        "scope = russian\nevent = ru.cup",
        10,
        (4, 5),
        96,
        3,
    ),
    _DemoEvent(
        2,
        "Чемпионат Москвы, парный (осень)",
        "pairs",
        "scope = russian\nstatus = regional",
        24,
        (2, 2),
        72,
        2,
        2,
    ),
)


def _months_before(today: date, months: int) -> tuple[int, int]:
    index = today.year * 12 + today.month - 1 - months
    return index // 12, index % 12 + 1


def _boards(rng: random.Random, form: str, size: int, length: int) -> list[int]:
    """Boards each player of a participant played: pairs all, teams four seats shared."""
    if form != "teams":
        return [length] * size
    share = 4 * length / size
    out = [min(length, max(8, round(share + rng.uniform(-8, 8)))) for _ in range(size)]
    if size >= 5 and rng.random() < 0.3:
        out[-1] = rng.randint(12, 30)  # a substitute who played too little for 5.2
    return out


def demo_reports(
    rng: random.Random, names: Mapping[str, str], strength: Mapping[str, float], today: date
) -> Iterable[tuple[date, str, str]]:
    """(start, file name, report) of the demo tournaments, oldest first; from ``rng`` only."""
    pool = sorted(names)
    for number, spec in enumerate(_DEMO, start=1):
        year, month = _months_before(today, spec.months_back)
        start = date(year, month, rng.randint(3, 24))
        end = start + timedelta(days=spec.days - 1)
        if end >= today:
            continue
        chosen = rng.sample(pool, min(len(pool), spec.units * spec.size[1]))
        units: list[list[str]] = []
        for _ in range(spec.units):
            size = rng.randint(*spec.size)
            if len(chosen) < size:
                break
            units.append([chosen.pop() for _ in range(size)])
        guests = [
            [f"LV-{number:02d}{2 * g + 1:02d}", f"LV-{number:02d}{2 * g + 2:02d}"]
            for g in range(spec.foreign_guests)
        ]
        power = {
            i: sum(strength.get(p, 0.3) for p in u) / len(u) + rng.gauss(0.0, 0.6)
            for i, u in enumerate([*units, *guests])
        }
        order = sorted(power, key=lambda i: -power[i])
        everyone = [*units, *guests]
        label = {"pairs": "P", "teams": "T", "match": "T"}[spec.form]
        lines = [
            f"# demo tournament {number}: {spec.name}",
            f"tournament = {year} {spec.name}",
            f"id = fsbr-{start.isoformat()}-{number:02d}",
            f"form = {spec.form}",
            spec.head,
            f"start = {start.isoformat()}",
            f"end = {end.isoformat()}",
            f"length = {spec.length}",
            f"actual_length = {spec.length}",
            "",
            "[entries]",
            "# entry | place | boards | length | critical | imps",
        ]
        places: list[str] = []
        index = 0
        while index < len(order):
            if 4 <= index < len(order) - 1 and rng.random() < 0.12:
                places += [f"{index + 1}-{index + 2}"] * 2
                index += 2
            else:
                places.append(str(index + 1))
                index += 1
        imps = sorted((rng.randint(20, 70) for _ in order), reverse=True)
        if spec.form == "match" and imps[0] == imps[1]:
            imps[0] += 5
        for rank, unit in enumerate(order):
            cells = [f"{label}{unit + 1:02d}", places[rank], str(spec.length), str(spec.length)]
            if spec.form == "match":
                cells += ["", str(imps[rank])]
            lines.append(" | ".join(cells))
        lines += ["", "[players]", "# player | entry | name | rk | boards | country"]
        for unit, members in enumerate(everyone):
            boards = _boards(rng, spec.form, len(members), spec.length)
            for fid, played in zip(members, boards, strict=True):
                guest = fid.startswith("LV-")
                name = f"Гость {fid}" if guest else names[fid]
                rk = "1" if guest else ""
                country = "LV" if guest else ""
                lines.append(
                    f"{fid} | {label}{unit + 1:02d} | {name} | {rk} | {played} | {country}".rstrip(
                        " |"
                    )
                )
        per = spec.length // spec.sessions if spec.sessions else 0
        for s in range(spec.sessions):
            lines += ["", f"[session {s + 1}]", f"boards = {per}"]
            noisy = sorted(power, key=lambda i: -(power[i] + rng.gauss(0.0, 0.5)))
            lines += [f"{label}{unit + 1:02d} | {p + 1}" for p, unit in enumerate(noisy)]
        yield start, f"fsbr-demo-{number:02d}.fsbr", "\n".join(lines) + "\n"


ADAPTER = BridgeFsbrAdapter()
