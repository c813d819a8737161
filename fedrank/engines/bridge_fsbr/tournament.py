"""One tournament's awards: participant ranks, kq, MB, RC, RO, PB and achievements.

Seed 003 (003_14fd2cba3c135a99.txt): sections 4 (lengths, the qualification list), 5.2-5.3
(which players qualify), 6 (participant ranks, foreign players by appendix 2), 7 (MB for
places, sessions, matches, EBL/WBF conversion), 8.4-8.5 and 8.10-8.14 (rated events, RC, RO,
PB with appendix 1) and 2.1 (achievements from championship places).

The input is a :class:`Tournament` carrying each player's rank coefficient at the start (the
handler fills it from the database; a calc file writes it down). A file may instead give
``kq`` (and ``N0`` of 8.10) for historical or foreign events: the trace then says "given".
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from datetime import date
from decimal import Decimal
from typing import Any

from fedrank.engines.kernel import Award, InputError, RuleError, Trace

from . import formulas as F
from .tables import (
    APPENDIX_1,
    CHAMPIONS_CUP,
    CHAMPIONSHIP_STATUSES,
    EXPRESS_MIN_LENGTH,
    FOREIGN,
    FORMS,
    INDIVIDUAL,
    LIST_MIN_SHARE,
    MATCH,
    MB_MIN_BOARDS,
    MB_MIN_FIELD,
    PAIRS,
    PLAYER_MIN_SHARE,
    RATED_MIN_FIELD,
    RATED_MIN_LENGTH,
    SCOPES,
    SMALL_FIELD_RC,
    STATUS_EW,
    STATUS_MAIN_EW,
    STATUS_MAIN_RU,
    STATUS_NONE,
    STATUS_REGIONAL,
    STATUS_RU,
    STATUSES,
    TEAMS,
    country_category,
    is_russian,
    same_country,
)

ZERO = Decimal(0)


@dataclass(frozen=True, slots=True)
class PlayerEntry:
    """A player of a participant: his rank coefficient ``rk`` at the start and boards played.

    ``boards is None`` means unknown (6.2: in foreign events the listed roster counts).
    ``country`` is empty for Russian players; ``ebl_mp``/``wbf_mp`` are the EBL/WBF master
    points he received in the event (7.7).
    """

    player: str
    name: str = ""
    rk: Decimal | None = None
    boards: int | None = None
    country: str = ""
    ebl_mp: Decimal | None = None
    wbf_mp: Decimal | None = None
    line: int = 0


@dataclass(frozen=True, slots=True)
class Entry:
    """A participant (team, pair or player) and its place, maybe shared (to ``place_last``).

    ``boards``: boards it actually played (4.5); ``length``: the tournament's length for it
    (4.2); ``critical``: the length up to its critical stage (4.7), ``critical_mp`` when EBL
    or WBF points were awarded for reaching that stage; ``imps``: its score in a match.
    Unset figures default to the tournament's.
    """

    entry: str
    place: int
    players: tuple[PlayerEntry, ...]
    place_last: int = 0
    boards: int | None = None
    length: int | None = None
    critical: int | None = None
    critical_mp: bool = False
    imps: int | None = None
    line: int = 0

    @property
    def last(self) -> int:
        return self.place_last or self.place


@dataclass(frozen=True, slots=True)
class Session:
    """A session of a pairs or individual event (7.1): its boards and the places in it."""

    name: str
    boards: int
    places: tuple[tuple[str, int, int], ...]  # (entry, first place, last place)
    line: int = 0


@dataclass(frozen=True, slots=True)
class Tournament:
    """A tournament as the rules see it (sections 1, 3, 4, 8).

    ``length`` is 4.3, ``actual_length`` (d) is 4.6. ``status`` is the special status of
    1.10/2.1; ``event`` the appendix-1 key; ``rated`` whether 8.2, 8.3 and 8.6-8.9 hold
    (the file's word); ``express`` forces an express event (3.3), otherwise the length
    decides (8.4). ``country_category`` is the host's RKS for a foreign event (8.10),
    ``club_country`` the country of a club event abroad (6.3).
    """

    id: str
    name: str
    form: str
    scope: str
    start: date
    end: date
    length: int
    actual_length: int
    entries: tuple[Entry, ...]
    status: str = STATUS_NONE
    event: str = ""
    express: bool | None = None
    face_to_face: bool = True
    rated: bool = True
    country_category: int | None = None
    club_country: str = ""
    kq: Decimal | None = None
    N0: Decimal | None = None
    playoff: bool = False
    pb_scale: tuple[int, ...] | None = None
    disqualified: int = 0
    part_of_tournament: bool = False
    ew_min_share: Decimal | None = None
    sessions: tuple[Session, ...] = ()
    line_of: Mapping[str, int] = field(default_factory=dict)

    @property
    def championship(self) -> bool:
        """8.1: the event has the status of a European, World, Russian or regional championship."""
        return self.status in CHAMPIONSHIP_STATUSES


@dataclass(frozen=True, slots=True)
class EntryResult:
    """What one participant gets (before the players' own qualification of 5.2)."""

    entry: str
    place: int
    place_last: int
    q: Decimal | None
    listed: bool
    MB: Decimal
    MB_source: str
    RO: Decimal
    PB: Decimal
    achievement: int
    trace: Trace


@dataclass(frozen=True, slots=True)
class TournamentResult:
    """The computed tournament: its figures with their trace, each participant, the awards."""

    tournament: Tournament
    figures: dict[str, Any]
    trace: Trace
    entries: tuple[EntryResult, ...]
    awards: tuple[Award, ...]
    warnings: tuple[str, ...]


def with_ranks(tournament: Tournament, ranks: Mapping[str, Decimal]) -> Tournament:
    """The tournament with each player's rk at the start taken from ``ranks`` (by player id)."""
    entries = tuple(
        replace(
            e,
            players=tuple(
                replace(p, rk=ranks[p.player]) if p.player in ranks else p for p in e.players
            ),
        )
        for e in tournament.entries
    )
    return replace(tournament, entries=entries)


# --- players and participants -------------------------------------------------------------


def player_qualifies(
    form: str, player_boards: int, entry_boards: int, ew_share: Decimal | None = None
) -> bool:
    """5.2: teams >= 42 % of the team's boards and >= 39; pairs >= 70 % and >= 48.

    RULES.md reads "42 % ... and 39 boards": both must hold. A player of an individual event
    is the participant. A match needs 16 boards (5.3). 5.6: in a European or World
    championship whose regulations set their own share (``ew_share``, at least 30 %),
    meeting that share qualifies too.
    """
    if form == INDIVIDUAL:
        return True
    if form == MATCH:
        return player_boards >= MB_MIN_BOARDS
    if ew_share is not None and player_boards >= ew_share * entry_boards:
        return True
    share, minimum = PLAYER_MIN_SHARE[form]
    return player_boards >= share * entry_boards and player_boards >= minimum


def effective_rk(t: Tournament, p: PlayerEntry) -> tuple[Decimal, str]:
    """6.3: a foreign player's rk is the better of his own and his country's category value.

    ``0.3 RKS`` in national events and events abroad for his country (European and World
    championships included); ``0.8 + 0.2 RKS`` in club events in his own country.
    """
    if is_russian(p.country):
        if p.rk is None:
            raise InputError("rank coefficient missing", line=p.line or None, field="rk")
        return p.rk, "2.2"
    rks = country_category(p.country)
    if t.club_country and same_country(t.club_country, p.country):
        by_country = Decimal("0.8") + Decimal("0.2") * rks
        why = f"6.3 club event in {p.country}: 0.8 + 0.2 RKS, RKS={rks}"
    else:
        by_country = Decimal("0.3") * rks
        why = f"6.3: 0.3 RKS, RKS={rks}"
    if p.rk is not None and p.rk <= by_country:
        return p.rk, "2.2"
    return by_country, why


def _entry_boards(t: Tournament, e: Entry) -> int:
    return e.boards if e.boards is not None else t.actual_length


def _player_boards(t: Tournament, e: Entry, p: PlayerEntry) -> int | None:
    if p.boards is not None:
        return p.boards
    if t.form == INDIVIDUAL:
        return _entry_boards(t, e)
    return None


def _qualified_players(t: Tournament, e: Entry, warnings: list[str]) -> list[PlayerEntry]:
    """5.2 and 6.2: the players whose result counts (unknown boards: the roster, abroad)."""
    out = []
    for p in e.players:
        boards = _player_boards(t, e, p)
        if boards is None:
            if t.scope != FOREIGN:
                raise InputError(
                    "boards played missing (required outside foreign events, 5.1)",
                    line=p.line or None,
                    field="boards",
                )
            out.append(p)
            continue
        ew_share = t.ew_min_share if t.status in (STATUS_EW, STATUS_MAIN_EW) else None
        if player_qualifies(t.form, boards, _entry_boards(t, e), ew_share):
            out.append(p)
    if not out and e.players:
        warnings.append(
            f"entry {e.entry}: no player meets 5.2; its rank q uses all its players (6.2)"
        )
    return out


def participant_rank(t: Tournament, players: list[PlayerEntry], trace: Trace) -> Decimal:
    """6.1: the mean rk of the players at the start (6.3 for foreign players)."""
    values = []
    for p in players:
        rk, why = effective_rk(t, p)
        if why != "2.2":
            trace.add(f"rk[{p.player}]", rk, rule="6.3", note=why)
        values.append(rk)
    q = sum(values, ZERO) / len(values)
    return q


def _listed(t: Tournament, e: Entry) -> bool:
    """4.7: stages up to the critical one make >= 40 % of the length, or carried EBL/WBF MP."""
    if e.critical_mp:
        return True
    critical = e.critical if e.critical is not None else t.length
    return critical >= LIST_MIN_SHARE * t.length


# --- achievements (2.1) --------------------------------------------------------------------


def achievement_level(t: Tournament, place: int, *, small_field: bool = False) -> int:
    """2.1: the level of an achievement for ``place`` (the best of shared places).

    RULES.md and 2.1: levels 1-5 from championship places; the team placings 4-8 of a
    (non-main) European or World championship exclude the Champions Cup.
    """
    team = t.form == TEAMS
    if t.status == STATUS_MAIN_EW:
        if place == 1:
            return 5
        if place <= 3:
            return 4
        if place <= (8 if team else 10):
            return 3
    elif t.status == STATUS_EW:
        if place == 1:
            return 4
        if place <= 3:
            return 3
        if place <= (8 if team else 10) and t.event != CHAMPIONS_CUP:
            return 2
    elif t.status == STATUS_MAIN_RU:
        if place == 1:
            return 3
        if place <= 3:
            return 2
        if place <= (5 if team else 10):
            return 1
    elif t.status == STATUS_RU and not small_field:
        if place == 1:
            return 2
        if place <= 3:
            return 1
    elif (t.status == STATUS_REGIONAL or t.status == STATUS_RU) and place == 1:
        # 2.2 note 6: a women's or junior championship rated under the small-field exception
        # of 8.5 (``small_field``) counts as a regional one.
        return 1
    return 0


# --- the computation -----------------------------------------------------------------------


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
        return _compute_match(t)
    warnings: list[str] = []
    trace = Trace()
    figures: dict[str, Any] = {}
    trace.add("form", t.form)
    trace.add("d", t.actual_length, rule="4.6", note="actual length")
    trace.add("length", t.length, rule="4.3")

    listed = {e.entry: _listed(t, e) for e in t.entries}
    N = sum(listed.values())
    if t.form == TEAMS and N == 2:
        raise RuleError(
            "a two-team event is a match: MB for places exclude team matches; use form = match",
            rule="seed 003 7.6",
        )
    if t.status == STATUS_REGIONAL and not _regular_rated(t, N):
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
        qualified[e.entry] = _qualified_players(t, e, warnings)
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

    rated = _rating(t, kq, N, ranks, listed, trace, figures, warnings)
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


def _regular_rated(t: Tournament, N: int) -> bool:
    """8.4 and 8.5: rated as a regular (not express) event by length and field."""
    express = t.length < RATED_MIN_LENGTH[t.form] if t.express is None else t.express
    return (
        t.rated
        and not express
        and t.length >= RATED_MIN_LENGTH[t.form]
        and N + t.disqualified >= RATED_MIN_FIELD[t.form]
    )


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


def _rating(
    t: Tournament,
    kq: Decimal,
    N: int,
    ranks: dict[str, Decimal | None],
    listed: dict[str, bool],
    trace: Trace,
    figures: dict[str, Any],
    warnings: list[str],
) -> tuple[Decimal, int, int, Any] | None:
    """8.4, 8.5, 8.10-8.12: whether the event is rated, and its RC, pR, ПБ1 and PB scale."""
    if not t.rated:
        warnings.append("not a rated event (the file says rated = no: 8.2, 8.3, 8.6-8.9)")
        return None
    regular_min = RATED_MIN_LENGTH[t.form]
    express = t.length < regular_min if t.express is None else t.express
    required = EXPRESS_MIN_LENGTH if express else regular_min
    if t.length < required:
        warnings.append(f"not rated: length {t.length} < {required} boards (8.4)")
        return None
    if express and t.status in (STATUS_MAIN_RU, STATUS_RU):
        raise RuleError(
            "an express event cannot have the status of a Russian championship",
            rule="seed 003 8.4",
        )
    field_min = RATED_MIN_FIELD[t.form]
    small_field_rc: Decimal | None = None
    if N + t.disqualified < field_min:
        if t.event in SMALL_FIELD_RC:
            small_field_rc = SMALL_FIELD_RC[t.event]
            figures["small_field"] = True
        else:
            warnings.append(
                f"not rated: {N + t.disqualified} participants in the list < {field_min} (8.5)"
            )
            return None
    figures["required_length"] = required
    figures["express"] = express
    trace.add("express", express, rule="8.4")
    if small_field_rc is not None:
        rc = rcm = trace.add("RC", small_field_rc, rule="8.5", note=f"{t.event}: small field")
    else:
        N0 = _rc_n0(t, N, ranks, listed, trace)
        figures["N0"] = N0
        rc, rcm = F.rc_base(t.form, kq, t.actual_length, N0, express, trace)
        bonus = ZERO
        if t.status in (STATUS_MAIN_RU, STATUS_RU):
            bonus = Decimal(1)
        elif t.status == STATUS_REGIONAL:
            bonus = Decimal("0.5")
        if bonus:
            trace.add("RC_bonus", bonus, rule="8.10", note=t.status)
        rc += bonus
        rcm += bonus
        trace.add("RC", rc, rule="8.10")
        trace.add("RCM", rcm, rule="8.12", note="express: RCM = RC" if express else "")
    guaranteed = APPENDIX_1.get(t.event) if t.event else None
    pb1 = F.pb1_of(rcm)
    first = t.pb_scale[0] if t.pb_scale else (guaranteed.first if guaranteed else 0)
    if first > pb1:
        rc = rcm = Decimal(first) - Decimal("0.5")
        pb1 = first
        trace.add("RC", rc, rule="8.10", note="RC = ПБ1 - 0.5 (guaranteed PB, appendix 1)")
    trace.add("ПБ1", pb1, rule="8.12")
    pR = F.pr_of(t.form, N, rc)
    trace.add("pR", pR, rule="8.11")
    figures.update(RC=rc, RCM=rcm, PB1=pb1, pR=pR)
    return rc, pR, pb1, guaranteed


def _rc_n0(
    t: Tournament,
    N: int,
    ranks: dict[str, Decimal | None],
    listed: dict[str, bool],
    trace: Trace,
) -> Decimal:
    """8.10: N0 for RC.

    RULES.md bridge_fsbr **Decision** (N0): "с разрядом 0 и выше" means q <= 0 (a lower rk
    is better) in local and all-Russian events; every listed participant in European and
    World championships; ``(0.9 - 0.15 RKS) N`` in other foreign events.
    """
    if t.N0 is not None:
        return Decimal(trace.add("N0", t.N0, rule="8.10", note="given"))
    if t.status in (STATUS_EW, STATUS_MAIN_EW):
        return Decimal(trace.add("N0", N, rule="8.10", note="European/World championship: N"))
    if t.scope == FOREIGN:
        if t.country_category is None:
            raise RuleError(
                "a foreign event needs the host's category (country_category) for N0",
                rule="seed 003 8.10, appendix 2",
            )
        n0 = (Decimal("0.9") - Decimal("0.15") * t.country_category) * N
        return Decimal(
            trace.add("N0", n0, rule="8.10", note=f"(0.9 - 0.15 RKS) N, RKS={t.country_category}")
        )
    values = [ranks[e] for e, ok in listed.items() if ok]
    if any(v is None for v in values):
        raise RuleError(
            "N0 needs the listed participants' ranks, or N0 given", rule="seed 003 8.10"
        )
    strong = sum(1 for v in values if v is not None and v <= 0)
    return Decimal(trace.add("N0", strong, rule="8.10", note="participants with q <= 0 (Decision)"))


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


# --- a won match (7.6) ---------------------------------------------------------------------


def _compute_match(t: Tournament) -> TournamentResult:
    """7.6: ``MB = 50 q1(opponent) kd (VP/5 - 2)`` for the winner; 5.3: 16 boards played."""
    if t.part_of_tournament:
        raise RuleError("no MB for a match within a qualified tournament", rule="seed 003 7.6")
    if len(t.entries) != 2:
        raise InputError("a match has exactly two entries", field="entries")
    a, b = sorted(t.entries, key=lambda e: e.place)
    if a.imps is None or b.imps is None:
        raise InputError("a match needs both teams' imps", line=a.line or None, field="imps")
    warnings: list[str] = []
    trace = Trace()
    d = t.actual_length
    trace.add("d", d, rule="7.6", note="boards of the match")
    imps_a, imps_b = a.imps, b.imps
    if imps_a < imps_b:
        a, b, imps_a, imps_b = b, a, imps_b, imps_a
    margin = imps_a - imps_b
    trace.add("IMP", margin, rule="7.6", note=f"{a.entry} {imps_a} : {imps_b} {b.entry}")
    vp = trace.add("VP", F.victory_points(margin, d), rule="RULES.md Decision VP (WBF 2013)")
    et = Trace()
    q_opp: Decimal
    if t.kq is not None:
        q1 = trace.add("q1", t.kq, rule="7.6", note="given")
        q_opp = ZERO
    else:
        counted = _qualified_players(t, b, warnings) or list(b.players)
        q_opp = participant_rank(t, counted, trace)
        trace.add("q(opponent)", q_opp, rule="6.1")
        q1 = trace.add("q1", F.q1_of(q_opp), rule="7.5")
    awards: list[Award] = []
    value = ZERO
    if d < MB_MIN_BOARDS:
        warnings.append(f"no MB: {d} boards < 16 (7.2, 5.3)")
    elif margin == 0:
        warnings.append("a drawn match has no winner: no MB")
    else:
        value = F.match_mb(q1, d, vp, trace)
        trace.add("MB", value, rule="7.4")
        for p in a.players:
            boards = p.boards if p.boards is not None else _entry_boards(t, a)
            if boards < MB_MIN_BOARDS:
                continue
            tr = Trace()
            tr.add("tournament", t.id)
            tr.add("face_to_face", t.face_to_face, rule="2.2 note 3")
            tr.add("championship", False, rule="8.1")
            tr.extend(trace)
            awards.append(Award(p.player, "MB", value, tr))
    results = (
        EntryResult(a.entry, 1, 1, None, True, value, "match", ZERO, ZERO, 0, et),
        EntryResult(
            b.entry,
            2,
            2,
            q_opp if t.kq is None else None,
            True,
            ZERO,
            "none",
            ZERO,
            ZERO,
            0,
            Trace(),
        ),
    )
    figures = {"VP": vp, "q1": q1, "IMP": margin, "face_to_face": t.face_to_face}
    return TournamentResult(t, figures, trace, results, tuple(awards), tuple(warnings))
