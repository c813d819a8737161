"""The RMF mahjong engine wired to the database and chat (system id ``mahjong_rmf``).

Rulebook: seed 000_b2439bb06382b403 (sections 2 and Appendix 1) as restated in RULES.md
"mahjong_rmf"; the figures are the engine's (:mod:`fedrank.engines.mahjong_rmf`). The
federation has two disciplines (sports mahjong / MCR and Sichuan mahjong), each with its own
list and its own levels; a discipline is recognised by "sichuan" or "mcr"/"sport" in its code
or name (``rmf-mcr``, ``rmf-sichuan``).

Design (where the brief left it open):

- **Levels are replayed, not read from titles.** Every stored tournament version keeps the
  engine's input in ``tournament_version.params`` (discipline, CHS, CHUT, KT_W and each entry as
  ``[player_id, place]``). KT_EU of a tournament needs its players' evolution levels at its
  start, and those depend on every earlier tournament and on the one-year check of each list
  date, so :func:`stored_history` rebuilds the discipline's current tournaments and the engine's
  ``replay`` recomputes all levels (the list dates are the first of every month, every
  published snapshot date and the date asked for). Titles are written too, but only for people:
  /rating shows the latest title; nothing reads them back for a computation, so a stale title can
  never corrupt a figure.
- **Import.** A submitted sheet is the engine's format (see :mod:`fedrank.engines.mahjong_rmf.
  parsing`) with two differences: the ``player`` column holds the federation ID (``RMF-0042``),
  and the ``level`` column may be left out (table header ``place; player``). Required fields:
  ``date``, ``discipline`` (must be this discipline's: a Sichuan sheet submitted to the MCR list
  is refused on its ``discipline`` line), ``chs`` and the table; optional: ``name``, ``id``,
  ``type``/``kt_w``, ``chut``. The level column, when present, is *ignored* for the computation:
  the database's replayed level is used and a different level in the file is reported as a
  warning. The tournament code is ``id`` when given, else ``<date>-<discipline>-<name>`` (never
  the file name, so a re-sent corrected file with another name is still the same tournament).
- **Corrections and late results.** A sheet whose code is stored is a correction (a new
  version). The replay runs over the stored tournaments with this one in place of its old
  version; every stored tournament dated after the earlier of its old and new dates whose KT
  changes (KT_EU from the changed levels; nothing else of a stored tournament can change) is
  re-rated in ``Prepared.replays`` with the reason "replayed after correction of <code>" (or
  "... submission of <code>" for a new tournament dated before stored ones). Tournaments of that
  same day are not affected: they all take the levels held at the day's start. Two sheets with
  neither ``id`` nor ``name`` on the same date get the same code; the preview then says the
  second one would be a correction, so the director sees it before confirming.
- **Ledger lines.** One ``NRKT`` award per player; the amount is ``NR * KT`` rounded half up to
  hundredths (the ledger keeps six decimals at most; the rulebook does not round), while the
  trace keeps the exact figure and lists are computed from the exact replay, never from amounts.
- **Titles.** A tournament gives a title (the engine's label: ``6k``, ``D2+``) to each
  participant whose level it changes. When stored titles may be stale at its date (a correction,
  a tournament dated before stored ones, a replay) every participant's level after it is
  compared with his latest title on that date instead, so a correction re-titles too. A list
  gives a title to each player whose level on the list date (after the one-year check of that
  date) differs from his latest title, dated by the level's last change; so a level changed by a
  year check, or left stale by a correction of an earlier tournament, is titled at the next
  publication at the latest.
- **List rows.** ``rating`` is the engine's exact rating rounded half up to hundredths (positions
  come from the exact ratings, shared when equal); ``data`` has ``next`` (one readable string
  from the engine's ``level_needs``), the five ``counted`` tournaments with NR, KT, NR*KT, VT
  and NRKTVT shown to hundredths (what /history lists), ``T5``, ``EU``, the level, the exact
  rating and the engine's trace (exact NRKTVT of each counted tournament).
- **Demo.** Sports mahjong every month and Sichuan every other month over the two years before
  ``today``, 16-40 of the federation's players each, places drawn from a fixed skill plus
  noise, one European championship (KT_W = 1) each July in sports mahjong; every sheet goes
  through :meth:`MahjongRmfAdapter.prepare` and ``write_prepared`` like a director's. The
  stored history read by :func:`stored_history` is cached per session (versions never change),
  which keeps the demo's 36 imports at a few seconds.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime, time
from decimal import Decimal
from typing import Any
from weakref import WeakKeyDictionary

from sqlalchemy.ext.asyncio import AsyncSession

from fedrank.engines import mahjong_rmf as rmf
from fedrank.engines.kernel import InputError, RuleError, half_up
from fedrank.handlers.common import fmt
from fedrank.handlers.systems.base import SystemAdapter
from fedrank.storage.models import Discipline, Player, Tournament
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

SYSTEM_ID = "mahjong_rmf"
#: The ledger kind of a tournament's figure ``NR * KT``.
KIND = "NRKT"
#: The version of what :func:`tournament_params` stores in ``tournament_version.params``.
PARAMS_FORMAT = 1
RULE_DISCIPLINES = "seed 000 section 2: each discipline (sports, Sichuan) has its own list"

_TABLE2_RE = re.compile(r"^place\s*[;\t]\s*player\s*$", re.IGNORECASE)


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


# --- the stored history -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class StoredTournament:
    """The current version of a stored tournament, as the engine's input."""

    code: str
    name: str
    held_on: date
    version: int
    params: Mapping[str, Any]
    tournament: rmf.Tournament


def tournament_params(t: rmf.Tournament, result: rmf.TournamentResult) -> dict[str, Any]:
    """What a version stores: the engine's input (to replay it) and its KT figures (to show)."""
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


#: Stored versions already read in a session (a version never changes once written; a
#: session's identity map keeps ids stable), so repeated imports in one transaction (the demo)
#: do not re-read the whole history each time.
_SEEN: WeakKeyDictionary[AsyncSession, dict[int, StoredTournament | str]] = WeakKeyDictionary()


async def stored_history(
    repos: Repos, discipline: Discipline
) -> tuple[list[StoredTournament], list[str]]:
    """The discipline's current tournament versions (oldest first) and the codes skipped.

    One query gives every current version with its stored engine input (params); versions
    already turned into engine tournaments in this session are reused. A version without our
    params (written by something else) is skipped and its code returned.
    """
    kind = engine_discipline(discipline)
    cache = _SEEN.setdefault(repos.session, {})
    current = await repos.ledger.current_versions(discipline.id)
    versions = [version.id for _, version in current]
    for tournament, version in current:
        if version.id not in cache:
            engine_t = tournament_from_params(
                tournament.code, tournament.name, version.held_on, version.params, kind
            )
            cache[version.id] = (
                tournament.code
                if engine_t is None
                else StoredTournament(
                    tournament.code,
                    tournament.name,
                    version.held_on,
                    version.version,
                    version.params,
                    engine_t,
                )
            )
    out: list[StoredTournament] = []
    skipped: list[str] = []
    for version_id in versions:
        seen = cache[version_id]
        if isinstance(seen, str):
            skipped.append(seen)
        else:
            out.append(seen)
    out.sort(key=lambda s: (s.held_on, s.code))
    return out, sorted(skipped)


async def _list_dates(repos: Repos, discipline: Discipline) -> list[date]:
    return [s.list_date for s in await repos.lists.snapshots(discipline.id)]


def level_at_start(rp: rmf.Replay, player: str, day: date) -> rmf.Level:
    """The player's level at the start of ``day`` in a replay (after the year checks before it)."""
    level = rmf.START
    for event in rp.history.get(player, ()):
        if event.on >= day:
            break
        level = event.after
    return level


def _norm_event(rp: rmf.Replay, player: str, code: str) -> rmf.LevelEvent | None:
    for event in rp.history.get(player, ()):
        if event.kind == "norm" and event.tournament == code:
            return event
    return None


# --- titles ----------------------------------------------------------------------------------


class _Titles:
    """Titles already stored plus those a preparation will add (written later, so they win)."""

    def __init__(self, repos: Repos, discipline_id: int) -> None:
        self.repos = repos
        self.discipline_id = discipline_id
        self.added: list[NewTitle] = []

    async def on(self, player_id: int, day: date) -> str:
        row = await self.repos.ledger.current_title(player_id, self.discipline_id, on=day)
        best = (row.since, row.title) if row is not None else None
        for title in self.added:
            if (
                title.player_id == player_id
                and title.since <= day
                and (best is None or title.since >= best[0])
            ):
                best = (title.since, title.title)
        return best[1] if best is not None else rmf.START.label

    async def give(self, player_id: int, level: rmf.Level, since: date, reason: str) -> bool:
        if await self.on(player_id, since) == level.label:
            return False
        self.added.append(NewTitle(player_id, level.label, since, Decimal(level.eu), reason))
        return True


# --- parsing a submitted sheet ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ImportSheet:
    """A parsed submission: the sheet (players are federation IDs) and whether levels were given."""

    sheet: rmf.Sheet
    levels_given: bool


def parse_import(text: str) -> ImportSheet:
    """The engine's sheet, with the ``level`` column optional (header ``place; player``).

    Without the column every row gets a placeholder level so that the engine's parser checks
    everything else with the same line numbers; the placeholder is never used.
    """
    lines = text.lstrip("\ufeff").splitlines()
    table = next((i for i, ln in enumerate(lines) if _TABLE2_RE.match(ln.strip())), None)
    if table is None:
        return ImportSheet(rmf.parse_sheet(text), levels_given=True)
    out = [*lines[:table], "place; player; level"]
    for no, raw in enumerate(lines[table + 1 :], table + 2):
        line = raw.strip()
        if not line or line.startswith("#"):
            out.append(raw)
            continue
        cells = re.split(r"[;\t]", line)
        if len(cells) != 2:
            raise InputError(
                f"expected 2 columns 'place; player', got {len(cells)}", line=no, field="players"
            )
        out.append(f"{line}; 12k")
    return ImportSheet(rmf.parse_sheet("\n".join(out)), levels_given=False)


# --- the adapter ---------------------------------------------------------------------------


@dataclass(slots=True)
class _Context:
    repos: Repos
    discipline: Discipline
    kind: rmf.Discipline
    replay: rmf.Replay
    titles: _Titles
    players: dict[int, Player]
    # Whether stored titles may be stale at this date (a correction, a tournament dated before
    # stored ones, a replay): then each level is compared with the stored title; otherwise a
    # title is given exactly when the tournament changes the level (no query needed).
    careful: bool = True


def _place_label(result: rmf.PlayerResult) -> str:
    if result.shared > 1:
        return f"{result.place}-{result.place + result.shared - 1}"
    return str(result.place)


def _outcome_note(event: rmf.LevelEvent | None) -> str:
    if event is None:
        return ""
    if event.outcome == "raised":
        return "level raised (kyu levels are for life)"
    if event.outcome == "confirmed":
        return "level confirmed: the year starts again"
    if event.after.index > event.before.index:
        return "promoted"
    return "'+' mark"


async def _prepared(
    ctx: _Context,
    t: rmf.Tournament,
    *,
    reason: str,
    file_levels: Mapping[str, rmf.Level] | None = None,
    extra_warnings: Sequence[str] = (),
) -> Prepared:
    """The Prepared of one tournament of the replay (the submitted one or a replayed one)."""
    first_title = len(ctx.titles.added)
    result = ctx.replay.tournament_result(t.id)
    entries: list[NewEntry] = []
    awards: list[NewAward] = []
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
        if player_id not in ctx.players:  # a replayed tournament's player
            got = await ctx.repos.players.get(player_id)
            assert got is not None
            ctx.players[player_id] = got
        player = ctx.players[player_id]
        before = level_at_start(ctx.replay, r.player, t.date)
        event = _norm_event(ctx.replay, r.player, t.id)
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
        if outcome := _outcome_note(event):
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
                f"{_place_label(r)}. {player.name} ({player.federation_player_id})",
                before.label,
                after.label,
                "; ".join(notes),
            )
        )
        why = f"norm {event.norm} met in {t.id}" if event is not None else f"level held at {t.id}"
        if ctx.careful:
            await ctx.titles.give(player_id, after, t.date, why)
        elif after.label != before.label:
            ctx.titles.added.append(
                NewTitle(player_id, after.label, t.date, Decimal(after.eu), why)
            )
    warnings.extend(extra_warnings)
    return Prepared(
        code=t.id,
        name=t.name or t.id,
        held_on=t.date,
        params=tournament_params(t, result),
        entries=entries,
        games=[],
        awards=awards,
        titles=ctx.titles.added[first_title:],
        preview=preview,
        warnings=warnings,
        reason=reason,
    )


def _counted(c: rmf.Counted) -> dict[str, object]:
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


RULE_WHATIF = (
    "fedrank mahjong_rmf /whatif: a place is simulated in a tournament stored by this adapter"
)


def whatif_entries(t: rmf.Tournament, player: str, place: int) -> rmf.Tournament:
    """``t`` with ``player`` alone at ``place`` (see :meth:`MahjongRmfAdapter.whatif`).

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
        event = _norm_event(rp, player, code)
        return (event.after if event is not None else level_at_start(rp, player, day)).label

    return [
        PreviewLine(f"place in {code}", _place_label(was) if was else "—", _place_label(then)),
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


class MahjongRmfAdapter(SystemAdapter):
    """The RMF adapter: import a sheet, compute a list, load the demo."""

    system = SYSTEM_ID
    supports_whatif = True
    supports_qualification = True
    #: A workbook row as a sheet line: a tab (the parser's other separator) keeps a header
    #: written as ``date:`` in one cell and its value in the next readable (``date:\t2026-…``).
    sheet_separator = "\t"

    async def prepare(
        self, repos: Repos, discipline: Discipline, text: str, filename: str
    ) -> Prepared:
        """Parse a sheet (see the module docstring), find the players, replay, compute."""
        kind = engine_discipline(discipline)
        parsed = parse_import(text)
        sheet = parsed.sheet
        t = sheet.tournament
        if t.discipline is not kind:
            targets = [
                d.code
                for d in await repos.federations.disciplines(discipline.federation_id)
                if d.system == SYSTEM_ID and _kind_or_none(d) is t.discipline
            ]
            where = f"; submit it to {', '.join(targets)}" if targets else ""
            raise InputError(
                f"this is a {t.discipline.long_name} tournament but {discipline.code} is the "
                f"{kind.long_name} list{where}",
                line=sheet.header_lines.get("discipline"),
                field="discipline",
            )
        federation = await repos.federations.get(discipline.federation_id)
        assert federation is not None
        seen: dict[str, int] = {}
        for e in t.entries:
            key = e.player.upper()
            if key in seen:
                raise InputError(
                    f"{e.player} is listed twice (first on line {seen[key]})",
                    line=e.line,
                    field="player",
                )
            seen[key] = e.line or 0
        found = await repos.players.by_federation_ids(federation.id, [e.player for e in t.entries])
        by_key: dict[str, Player] = {}
        for e in t.entries:
            player = found.get(e.player.upper())
            if player is None:
                raise InputError(
                    f"unknown player ID '{e.player}' in {federation.code}",
                    line=e.line,
                    field="player",
                )
            by_key[e.player] = player
        # Parsed without a file name: ``id``, else ``<date>-<discipline>-<name>``.
        code = t.id
        new_t = replace(
            t,
            id=code,
            name=t.name or code,
            entries=tuple(rmf.Entry(str(by_key[e.player].id), e.place, e.line) for e in t.entries),
        )
        file_levels = (
            {str(by_key[p].id): level for p, level in sheet.levels.items()}
            if parsed.levels_given
            else None
        )
        stored, skipped = await stored_history(repos, discipline)
        previous = next((s for s in stored if s.code == code), None)
        others = [s for s in stored if s.code != code]
        until = max([new_t.date, *(s.held_on for s in others)])
        try:
            rp = rmf.replay(
                [*(s.tournament for s in others), new_t],
                discipline=kind,
                until=until,
                list_dates=await _list_dates(repos, discipline),
            )
        except RuleError as exc:
            # Stored tournaments were all accepted once, so the refusal is this sheet's; a CHUT
            # out of the table is the ``chut`` line's when the sheet gives one.
            if exc.line is None and "CHUT" in exc.message and "chut" in sheet.header_lines:
                raise RuleError(
                    exc.message, rule=exc.rule, line=sheet.header_lines["chut"]
                ) from exc
            raise
        players = {p.id: p for p in by_key.values()}
        careful = previous is not None or any(s.held_on > new_t.date for s in others)
        ctx = _Context(repos, discipline, kind, rp, _Titles(repos, discipline.id), players, careful)
        extra = []
        if previous is not None:
            extra.append(
                f"{code} is stored (version {previous.version}): this correction becomes "
                f"version {previous.version + 1}"
            )
        if skipped:
            extra.append("not counted (stored without RMF parameters): " + ", ".join(skipped))
        prepared = await _prepared(
            ctx,
            new_t,
            reason=f"correction of version {previous.version}" if previous else "",
            file_levels=file_levels,
            extra_warnings=extra,
        )
        why = "correction" if previous is not None else "submission"
        # Levels change from the earlier of the old and the new date on (a correction may move
        # the tournament); tournaments of that same day keep the levels of the day's start.
        changed_from = min(new_t.date, previous.held_on) if previous is not None else new_t.date
        for s in others:
            if s.held_on <= changed_from:
                continue
            if ctx.replay.tournament_result(s.code).kt == Decimal(str(s.params["KT"])):
                continue
            ctx.careful = True
            prepared.replays.append(
                await _prepared(ctx, s.tournament, reason=f"replayed after {why} of {code}")
            )
        return prepared

    async def compute_list(
        self, repos: Repos, discipline: Discipline, list_date: date
    ) -> ComputedList:
        """The list on ``list_date`` from a replay of the stored tournaments (module docstring)."""
        kind = engine_discipline(discipline)
        stored, skipped = await stored_history(repos, discipline)
        rp = rmf.replay(
            [s.tournament for s in stored],
            discipline=kind,
            until=list_date,
            list_dates=await _list_dates(repos, discipline),
        )
        ranking = rmf.list_from_replay(rp)
        rows = []
        for row in ranking.rows:
            needs = rmf.level_needs(row.level)
            rows.append(
                NewListRow(
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
                        "counted": [_counted(c) for c in row.counted],
                        "tournaments_in_window": row.in_window,
                        "needs": needs.to_json(),
                        "trace": row.trace().to_json(),
                    },
                )
            )
        titles = _Titles(repos, discipline.id)
        for player, level in sorted(rp.levels.items(), key=lambda kv: int(kv[0])):
            events = [e for e in rp.history.get(player, ()) if e.on <= list_date]
            last = events[-1] if events else None
            since = last.on if last is not None else list_date
            if last is None:
                reason = f"level on the list of {list_date.isoformat()}"
            elif last.kind == "year":
                reason = (
                    f"one-year check: {last.outcome} (RULES.md Decision 'one-year confirmation')"
                )
            else:
                reason = f"norm {last.norm} met in {last.tournament}"
            await titles.give(int(player), level, since, reason)
        return ComputedList(
            rows=rows,
            titles=titles.added,
            data={
                "system": SYSTEM_ID,
                "discipline": kind.value,
                "tournaments": len(stored),
                "not_counted": skipped,
            },
        )

    async def qualification_list(
        self, repos: Repos, discipline: Discipline, on: date
    ) -> rmf.RatingList:
        """The discipline's RMF list on ``on`` from the stored tournaments (the replay)."""
        stored, _ = await stored_history(repos, discipline)
        list_dates = [s.list_date for s in await repos.lists.snapshots(discipline.id)]
        return rmf.rating_list(
            [s.tournament for s in stored],
            discipline=engine_discipline(discipline),
            on=on,
            list_dates=[d for d in list_dates if d <= on],
        )

    async def whatif(
        self,
        repos: Repos,
        discipline: Discipline,
        tournament: Tournament,
        player_id: int,
        place: int,
    ) -> list[PreviewLine]:
        """What finishing ``place`` in a stored tournament would change for the player.

        The tournament is replayed with the player moved to (or, if he did not play, added at)
        ``place`` alone; everyone else keeps his order, those from ``place`` on one place lower
        (:func:`whatif_entries`). A player added to a sheet that declared CHUT adds one to it.
        The whole history is replayed up to the latest stored tournament or published list, so
        later KT_EU, levels and the rating follow. Nothing is written.
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
        list_dates = await _list_dates(repos, discipline)
        until = max([*(s.held_on for s in stored), *list_dates])
        actual = rmf.replay(
            [s.tournament for s in stored], discipline=kind, until=until, list_dates=list_dates
        )
        simulated = rmf.replay(
            [changed if s is target else s.tournament for s in stored],
            discipline=kind,
            until=until,
            list_dates=list_dates,
        )
        return whatif_lines(actual, simulated, target.code, str(player_id), until)

    async def load_demo(
        self, repos: Repos, discipline: Discipline, rng: random.Random, today: date
    ) -> None:
        """Two years of tournaments before ``today``, each a sheet run through :meth:`prepare`."""
        kind = engine_discipline(discipline)
        federation = await repos.federations.get(discipline.federation_id)
        assert federation is not None
        count = await repos.players.count(federation.id)
        found = await repos.players.by_federation_ids(
            federation.id, [f"{federation.code}-{i:04d}" for i in range(1, count + 1)]
        )
        pool = sorted(p.federation_player_id for p in found.values())
        if len(pool) < 12:
            return
        skill = {fpid: rng.gauss(0.0, 1.0) for fpid in pool}
        for sheet_text, name in demo_sheets(rng, kind, pool, skill, today):
            prepared = await self.prepare(repos, discipline, sheet_text, name)
            await repos.ledger.write_prepared(
                discipline,
                prepared,
                now=datetime.combine(prepared.held_on, time(20), UTC),
                account_id=None,
                source_name=name,
                source_text=sheet_text,
            )


def _kind_or_none(discipline: Discipline) -> rmf.Discipline | None:
    try:
        return engine_discipline(discipline)
    except RuleError:
        return None


_CITIES = (
    "Moscow",
    "St Petersburg",
    "Kazan",
    "Novosibirsk",
    "Yekaterinburg",
    "Nizhny Novgorod",
    "Samara",
    "Tula",
    "Krasnodar",
    "Tomsk",
)


def demo_sheets(
    rng: random.Random,
    kind: rmf.Discipline,
    pool: Sequence[str],
    skill: Mapping[str, float],
    today: date,
) -> Iterable[tuple[str, str]]:
    """Sheet texts for the demo: MCR every month, Sichuan every other month, two years back;
    one European championship a year in MCR (KT_W = 1). Deterministic from ``rng``."""
    step = 1 if kind is rmf.Discipline.MCR else 2
    months = []
    year, month = today.year - 2, today.month
    while (year, month) < (today.year, today.month):
        months.append((year, month))
        month += step
        if month > 12:
            year, month = year + 1, month - 12
    for number, (year, month) in enumerate(months):
        held = date(year, month, rng.randint(1, 27))
        if held >= today:
            continue
        city = rng.choice(_CITIES)
        championship = kind is rmf.Discipline.MCR and month == 7
        size = rng.randint(16, min(40, len(pool)))
        if championship:
            size = min(len(pool), 36)
        chosen = rng.sample(list(pool), size)
        order = sorted(chosen, key=lambda p: -(skill[p] + rng.gauss(0.0, 1.0)))
        title = (
            f"European Mahjong Championship {year} (RMF section)"
            if championship
            else f"{city} {'Open' if rng.random() < 0.5 else 'Cup'} {year}"
        )
        code = f"{kind.value}-{held.isoformat()}-{number:02d}"
        chut = size + (rng.randint(0, 3) if rng.random() < 0.3 else 0)
        lines = [
            f"# RMF tournament sheet — {kind.long_name}",
            f"name: {title}",
            f"id: {code}",
            f"date: {held.isoformat()}",
            f"discipline: {kind.value}",
            f"type: {'european_championship' if championship else 'regular'}",
            f"chut: {chut}",
            f"chs: {rng.choice((5, 6, 7, 8, 10)) if not championship else 10}",
            "",
            "place; player",
        ]
        place = 1
        i = 0
        while i < len(order):
            group = 2 if i + 1 < len(order) and rng.random() < 0.05 else 1
            for fpid in order[i : i + group]:
                lines.append(f"{place}; {fpid}")
            place += group
            i += group
        yield "\n".join(lines) + "\n", f"{code}.rmf"


ADAPTER = MahjongRmfAdapter()
