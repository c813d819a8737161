"""One tournament's awards: kq, MB for places and sessions, RO, PB, achievements as lines.

Seed 003 (003_14fd2cba3c135a99.txt): sections 4 (lengths, the qualification list), 5.2-5.3
(which players qualify), 6 (participant ranks, foreign players by appendix 2), 7 (MB for
places, sessions, matches, EBL/WBF conversion), 8.4-8.5 and 8.10-8.14 (rated events, RC, RO,
PB with appendix 1) and 2.1 (achievements from championship places).

The input is a :class:`Tournament` carrying each player's rank coefficient at the start (the
handler fills it from the database; a calc file writes it down). A file may instead give
``kq`` (and ``N0`` of 8.10) for historical or foreign events: the trace then says "given".
This module runs the steps in the rulebook's order; each step lives in its own module
(:mod:`.model`, :mod:`.participants`, :mod:`.achievements`, :mod:`.rated_event`,
:mod:`.match`), and the names they export are importable from here too.
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from typing import Any

from fedrank.engines.kernel import Award, InputError, RuleError, Trace

from . import formulas as F
from .achievements import achievement_level
from .match import compute_match
from .model import (
    ZERO,
    Entry,
    EntryResult,
    PlayerEntry,
    Session,
    Tournament,
    TournamentResult,
    with_ranks,
)
from .participants import (
    effective_rk,
    on_qualification_list,
    participant_rank,
    player_qualifies,
    qualified_players,
)
from .rated_event import rated_event, regular_rated
from .tables import (
    APPENDIX_1,
    FOREIGN,
    FORMS,
    INDIVIDUAL,
    MATCH,
    MB_MIN_BOARDS,
    MB_MIN_FIELD,
    PAIRS,
    SCOPES,
    STATUS_NONE,
    STATUS_REGIONAL,
    STATUSES,
    TEAMS,
    is_russian,
)

__all__ = [
    "ZERO",
    "Entry",
    "EntryResult",
    "PlayerEntry",
    "Session",
    "Tournament",
    "TournamentResult",
    "achievement_level",
    "compute_tournament",
    "effective_rk",
    "participant_rank",
    "player_qualifies",
    "with_ranks",
]


def _validate(t: Tournament) -> None:
    if t.form not in FORMS:
        raise InputError(f"unknown form '{t.form}'", line=t.line_of.get("form"), field="form")
    if t.scope not in SCOPES:
        raise InputError(f"unknown scope '{t.scope}'", line=t.line_of.get("scope"), field="scope")
    if t.status not in STATUSES:
        raise InputError(
            f"unknown status '{t.status}'", line=t.line_of.get("status"), field="status"
        )
    if t.event and t.event not in APPENDIX_1:
        raise InputError(
            f"unknown appendix-1 event '{t.event}'", line=t.line_of.get("event"), field="event"
        )
    if t.actual_length <= 0 or t.length <= 0:
        raise InputError("lengths must be positive", line=t.line_of.get("length"), field="length")
    if t.kq is not None and t.kq <= 0:
        raise InputError("kq must be positive", line=t.line_of.get("kq"), field="kq")
    if t.ew_min_share is not None and not Decimal("0.3") <= t.ew_min_share <= 1:
        raise RuleError(
            f"a championship's own share of boards must be 30 % or more: {t.ew_min_share}",
            rule="seed 003 5.6",
            line=t.line_of.get("ew_min_share"),
        )
    players: dict[str, str] = {}
    if not t.entries:
        raise InputError("no entries", field="entries")
    seen: set[str] = set()
    for e in t.entries:
        if e.entry in seen:
            raise InputError(f"entry '{e.entry}' twice", line=e.line or None, field="entry")
        seen.add(e.entry)
        if not e.players:
            raise InputError(
                f"entry '{e.entry}' has no players", line=e.line or None, field="entry"
            )
        if e.place < 1 or e.last < e.place:
            raise InputError("bad place", line=e.line or None, field="place")
        for p in e.players:
            if p.player in players:
                raise InputError(
                    f"player '{p.player}' plays for '{players[p.player]}' and '{e.entry}'",
                    line=p.line or None,
                    field="player",
                )
            players[p.player] = e.entry


def compute_tournament(t: Tournament) -> TournamentResult:
    """Awards of one tournament from each participant's state at its start.

    MB for places (7.6) or for sessions (7.1), whichever is better for the participant
    (7.3); EBL/WBF conversion (7.7); RC, RO and PB when the event is rated (8.4-8.14);
    achievements from championship places (2.1). Players get the MB, RO, PB and achievements
    of their participant when they meet 5.2.
    """
    _validate(t)
    if t.form == MATCH:
        return compute_match(t)
    warnings: list[str] = []
    trace = Trace()
    figures: dict[str, Any] = {}
    trace.add("form", t.form)
    trace.add("d", t.actual_length, rule="4.6", note="actual length")
    trace.add("length", t.length, rule="4.3")

    listed = {e.entry: on_qualification_list(t, e) for e in t.entries}
    N = sum(listed.values())
    if t.form == TEAMS and N == 2:
        raise RuleError(
            "a two-team event is a match: MB for places exclude team matches; use form = match",
            rule="seed 003 7.6",
        )
    if t.status == STATUS_REGIONAL and not regular_rated(t, N):
        # 1.10: a regional championship that turns out not rated, or rated only as an
        # express event, loses the status automatically.
        warnings.append(
            "the status of a regional championship is removed: the event is not a regular "
            "rated one (1.10)"
        )
        t = replace(t, status=STATUS_NONE)
    figures["status"] = t.status
    qualified: dict[str, list[PlayerEntry]] = {}
    ranks: dict[str, Decimal | None] = {}
    entry_traces: dict[str, Trace] = {}
    for e in t.entries:
        et = Trace()
        entry_traces[e.entry] = et
        qualified[e.entry] = qualified_players(t, e, warnings)
        if t.kq is not None and all(p.rk is None for p in e.players):
            ranks[e.entry] = None
            continue
        counted = qualified[e.entry] or list(e.players)
        q = participant_rank(t, counted, et)
        ranks[e.entry] = q
        et.add("q", q, rule="6.1", note=f"mean rk of {len(counted)} players")
        et.add("listed", listed[e.entry], rule="4.7")

    # 7.5: kq of the qualification list (4.9), or as given.
    if t.kq is not None:
        kq = trace.add("kq", t.kq, rule="7.5", note="given")
    else:
        list_ranks = [
            rq for e in t.entries if listed[e.entry] and (rq := ranks[e.entry]) is not None
        ]
        if len(list_ranks) != N:
            raise RuleError("kq needs every listed participant's rank", rule="seed 003 7.5")
        kq = F.tournament_kq(t.form, list_ranks, trace)
    figures["kq"] = kq
    figures["N"] = N

    mb_tournament = _tournament_mb(t, kq, N, listed, trace, figures, warnings)
    session_traces: dict[str, Trace] = {}
    mb_sessions = _session_mb(t, kq, ranks, warnings, figures, session_traces)

    # 7.3: session MB and tournament MB are exclusive; the better one is kept.
    mb: dict[str, tuple[Decimal, str]] = {}
    for e in t.entries:
        whole = mb_tournament.get(e.entry, ZERO)
        sess = sum((v for v, _ in mb_sessions.get(e.entry, [])), ZERO)
        et = entry_traces[e.entry]
        for value, name in mb_sessions.get(e.entry, []):
            et.add(f"MB_session[{name}]", value, rule="7.1")
        if sess > whole:
            mb[e.entry] = (sess, "sessions")
            et.add("MB", sess, rule="7.3", note=f"sessions {sess} > tournament {whole}")
        elif whole > 0:
            mb[e.entry] = (whole, "tournament")
            et.add("MB", whole, rule="7.3" if sess else "7.6", note=f"tournament, places {_pl(e)}")
        else:
            mb[e.entry] = (ZERO, "none")

    rated = rated_event(t, kq, N, ranks, listed, trace, figures, warnings)
    ro_pb: dict[str, tuple[Decimal, Decimal]] = {}
    if rated is not None:
        rc, pR, pb1, guaranteed = rated
        required = figures["required_length"]
        for e in t.entries:
            if not listed[e.entry]:
                continue
            et = entry_traces[e.entry]
            length = e.length if e.length is not None else t.length
            if length < required:
                et.add("RO", 0, rule="8.13", note=f"length {length} < {required}")
                continue
            ro = F.ro_for_places(e.place, e.last, rc, pR)
            pb_places, source = F.pb_for_place(
                e.place, pb1, guaranteed, playoff=t.playoff, scale=t.pb_scale
            )
            et.add("RO", ro, rule="8.11", note=f"places {_pl(e)}, pR={pR}")
            et.add("PB", pb_places, rule="8.12" if source == "RC" else "8.14", note=source)
            ro_pb[e.entry] = (ro, Decimal(pb_places))

    awards: list[Award] = []
    results: list[EntryResult] = []
    for e in t.entries:
        et = entry_traces[e.entry]
        small = bool(figures.get("small_field"))
        level = achievement_level(t, e.place, small_field=small) if listed[e.entry] else 0
        if level:
            et.add("achievement", level, rule="2.1", note=f"place {e.place}, status {t.status}")
        ro, pb = ro_pb.get(e.entry, (ZERO, ZERO))
        mb_value, mb_source = mb[e.entry]
        results.append(
            EntryResult(
                e.entry,
                e.place,
                e.last,
                ranks[e.entry],
                listed[e.entry],
                mb_value,
                mb_source,
                ro,
                pb,
                level,
                et,
            )
        )
        awards.extend(
            _player_awards(
                t,
                e,
                qualified[e.entry],
                (mb_value, mb_source),
                ro,
                pb,
                level,
                _session_trace(mb_sessions.get(e.entry, []), session_traces)
                if mb_source == "sessions"
                else trace,
                trace,
                et,
            )
        )
    figures["face_to_face"] = t.face_to_face
    figures["championship"] = t.championship
    return TournamentResult(t, figures, trace, tuple(results), tuple(awards), tuple(warnings))


def _session_trace(won: list[tuple[Decimal, str]], traces: dict[str, Trace]) -> Trace:
    """The figures of every session the participant got MB in, prefixed by the session."""
    out = Trace()
    for _, name in won:
        out.extend(traces[name], prefix=f"session[{name}].")
    return out


def _pl(e: Entry) -> str:
    return str(e.place) if e.last == e.place else f"{e.place}-{e.last}"


def _tournament_mb(
    t: Tournament,
    kq: Decimal,
    N: int,
    listed: dict[str, bool],
    trace: Trace,
    figures: dict[str, Any],
    warnings: list[str],
) -> dict[str, Decimal]:
    """7.2 thresholds, then 7.6 for every listed participant (4.10)."""
    d = t.actual_length
    if d < MB_MIN_BOARDS:
        warnings.append(f"no MB for places: actual length {d} < {MB_MIN_BOARDS} boards (7.2)")
        return {}
    if MB_MIN_FIELD[t.form] > N:
        warnings.append(f"no MB for places: {N} listed participants < {MB_MIN_FIELD[t.form]} (7.2)")
        return {}
    kd = trace.add("kd", F.kd_tournament(d), rule="7.6", note="2.2 lg d - 2")
    scale = F.mb_scale(t.form, kq, N, kd, trace)
    figures.update(kd=kd, N0_MB=scale.N0, kqp=scale.kqp, kq1=scale.kq1, t=scale.t, R=scale.R)
    return {e.entry: scale.for_places(e.place, e.last) for e in t.entries if listed[e.entry]}


def _session_mb(
    t: Tournament,
    kq_given: Decimal,
    ranks: dict[str, Decimal | None],
    warnings: list[str],
    figures: dict[str, Any],
    session_traces: dict[str, Trace],
) -> dict[str, list[tuple[Decimal, str]]]:
    """7.1: MB for places in sessions of local and all-Russian pairs and individual events.

    Each session is a field of its own: ``kd = lg d - 0.7`` with d its boards, N its
    participants, kq from their ranks (or the tournament's given kq). The 7.2 field minimum
    applies to a session too (engine decision, see the docs).
    """
    out: dict[str, list[tuple[Decimal, str]]] = {}
    if not t.sessions:
        return out
    if t.form not in (PAIRS, INDIVIDUAL) or t.scope == FOREIGN:
        warnings.append("no session MB: only local and all-Russian pairs/individual events (7.1)")
        return out
    known = {e.entry for e in t.entries}
    session_figures = {}
    for s in t.sessions:
        strace = Trace()
        if s.boards < MB_MIN_BOARDS:
            warnings.append(f"session {s.name}: {s.boards} boards < 16, no MB (7.1)")
            continue
        N = len(s.places)
        if MB_MIN_FIELD[t.form] > N:
            warnings.append(f"session {s.name}: {N} participants < {MB_MIN_FIELD[t.form]}, no MB")
            continue
        for entry, _, _ in s.places:
            if entry not in known:
                raise InputError(f"unknown entry '{entry}'", line=s.line or None, field="entry")
        if t.kq is not None:
            kq = strace.add("kq", kq_given, rule="7.5", note="given")
        else:
            kq = F.tournament_kq(
                t.form, [r for e, _, _ in s.places if (r := ranks[e]) is not None], strace
            )
        kd = strace.add("kd", F.kd_session(s.boards), rule="7.6", note="lg d - 0.7 (session)")
        scale = F.mb_scale(t.form, kq, N, kd, strace)
        session_figures[s.name] = {"kq": kq, "kd": kd, "kqp": scale.kqp, "R": scale.R, "N": N}
        session_traces[s.name] = strace
        for entry, first, last in s.places:
            value = scale.for_places(first, last)
            if value > 0:
                out.setdefault(entry, []).append((value, s.name))
    figures["sessions"] = session_figures
    return out


def _player_awards(
    t: Tournament,
    e: Entry,
    qualified: list[PlayerEntry],
    mb: tuple[Decimal, str],
    ro: Decimal,
    pb: Decimal,
    level: int,
    mb_trace: Trace,
    trace: Trace,
    et: Trace,
) -> list[Award]:
    """The ledger lines of one participant's players (5.2 for the whole tournament).

    Each line's trace: the tournament's id and flags, the figures of the tournament (or, for
    session MB, of each session), then the participant's own steps.
    """
    out: list[Award] = []
    ok = {p.player for p in qualified}
    mb_value, mb_source = mb

    def line(player: str, kind: str, amount: Decimal, note: str) -> None:
        tr = Trace()
        tr.add("tournament", t.id)
        tr.add("face_to_face", t.face_to_face, rule="2.2 note 3")
        tr.add("championship", t.championship, rule="8.1")
        tr.extend(mb_trace if kind == "MB" else trace)
        tr.extend(et)
        tr.add(kind, amount, note=note)
        out.append(Award(player, kind, amount, tr))

    for p in e.players:
        formula = mb_value if (p.player in ok or mb_source == "sessions") else ZERO
        converted = F.converted_mb(p.ebl_mp, p.wbf_mp) if is_russian(p.country) else None
        if converted is not None and converted[0] > formula:
            line(p.player, "MB", converted[0], f"7.7: {converted[1]} points converted")
        elif formula > 0:
            why = "sessions (7.1)" if mb_source == "sessions" else "places (7.6), 5.2 met"
            line(p.player, "MB", formula, why)
        if p.player not in ok:
            continue
        if ro > 0:
            line(p.player, "RO", ro, "8.11")
        if pb > 0:
            line(p.player, "PB", pb, "8.12/8.14")
        if level:
            line(p.player, "achievement", Decimal(level), "2.1")
    return out
