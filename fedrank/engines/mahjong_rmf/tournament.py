"""One tournament's figures per player: CHUT, NR, CHS, KT and its four components, NR*KT
(seed 000_b2439bb06382b403, Appendix 1 "Основные определения" and "Коэффициент турнира (КТ)";
RULES.md mahjong_rmf "Per tournament, per player").

- ``NR = 1000 * (CHUT - place) / (CHUT - 1)``; RULES.md Decision "shared places": players
  sharing places get the mean of the places they share (two players at 3 share 3 and 4 -> 3.5).
- ``KT = KT_CHS + KT_CHUT + KT_EU + KT_W`` with ``KT_CHS = 0.1 * CHS``, KT_CHUT from the table
  (Decision "between rows", see :mod:`.tables`), ``KT_EU`` = the mean EU of all players at the
  start in thousands, rounded down to a multiple of 0.05 (Decision "KT_EU scale"), ``KT_W`` = 1
  for a European/World championship or an event declared equal to one.

Exactness: every KT component is a whole number of hundredths, so ``NR * KT`` is the ratio of
two integers ``5 * (2*CHUT - 2*place) * KT*100 / (CHUT - 1)``. The engine keeps that ratio and
divides last (one correctly rounded division at 28 significant digits): a product that is
mathematically a whole level is exactly that level, and norms are decided on the exact ratio.

Engine decisions where RULES.md is silent: CHUT defaults to the number of ranked players (and
the result carries a warning); a place beyond CHUT, a CHS below 1 or a negative KT (possible
only for 1-session, 12-16 player events) are refused with a RuleError, since the seed's norms
and NR are defined from 0 up.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from decimal import ROUND_HALF_UP, Context, Decimal
from enum import StrEnum
from fractions import Fraction
from itertools import islice, pairwise
from operator import add, attrgetter, gt
from typing import NamedTuple

from fedrank.engines.kernel import Award, InputError, RuleError, Trace
from fedrank.engines.mahjong_rmf.levels import Level, norm_index
from fedrank.engines.mahjong_rmf.tables import LEVEL_VALUES, RULE_KT_CHUT, chut_row

RULE_NR = "seed 000 Appendix 1 'Норморейтинг (НР)'; RULES.md mahjong_rmf Decision 'shared places'"
RULE_CHUT = "seed 000 Appendix 1 'Число участников турнира (ЧУТ)'"
RULE_CHS = "seed 000 Appendix 1 'Число сессий (ЧС)'"
RULE_KT = "seed 000 Appendix 1 'Коэффициент турнира (КТ)'"
RULE_KT_EU = "seed 000 Appendix 1 'КТ_ЭУ'; RULES.md mahjong_rmf Decision 'KT_EU scale'"
RULE_KT_W = "seed 000 Appendix 1 'КТ_W'"

#: Every figure the rulebook leaves unrounded is one exact ratio divided at this precision.
CONTEXT = Context(prec=28, rounding=ROUND_HALF_UP)


def ratio(numerator: int, denominator: int) -> Decimal:
    """``numerator / denominator`` as one correctly rounded Decimal (28 significant digits)."""
    return CONTEXT.divide(Decimal(numerator), Decimal(denominator))


def fraction_decimal(value: Fraction) -> Decimal:
    return ratio(value.numerator, value.denominator)


def hundredths(value: int) -> Decimal:
    return Decimal(value).scaleb(-2)


class Discipline(StrEnum):
    """The federation's two disciplines, each with its own list and its own levels."""

    MCR = "mcr"  # sports mahjong (Mahjong Competition Rules)
    SICHUAN = "sichuan"

    @property
    def long_name(self) -> str:
        return "sports mahjong (MCR)" if self is Discipline.MCR else "Sichuan mahjong"


@dataclass(frozen=True, slots=True)
class Entry:
    """A ranked player of a tournament; players sharing places carry the same ``place`` (the
    first of the places they share: 1, 2, 3, 3, 5). ``line`` is the source line, if any."""

    player: str
    place: int
    line: int | None = field(default=None, compare=False)


@dataclass(frozen=True, slots=True)
class Tournament:
    """An accredited tournament. ``chut`` defaults to the number of ranked players; ``kt_w``
    marks a European/World championship or an event declared equal to one."""

    id: str
    date: date
    discipline: Discipline
    chs: int
    entries: tuple[Entry, ...]
    chut: int | None = None
    kt_w: bool = False
    name: str = ""

    def to_json(self) -> dict[str, object]:
        return {
            "id": self.id,
            "name": self.name,
            "date": self.date.isoformat(),
            "discipline": self.discipline.value,
            "CHS": self.chs,
            "CHUT": self.chut,
            "championship": self.kt_w,
            "players": len(self.entries),
        }


@dataclass(frozen=True, slots=True)
class Core:
    """The exact figures of a tournament (integers): KT parts in hundredths and, entry by entry,
    ``place2`` (twice the mean place); ``NR*KT = n / (CHUT-1)`` with ``n = 5 * (2*CHUT -
    place2) * KT*100`` (:meth:`ns`)."""

    chut: int
    chut_defaulted: bool
    kt_chs100: int
    kt_chut100: int
    kt_eu100: int
    kt_w100: int
    eu_sum: int
    ranked: tuple[Entry, ...]
    place2: tuple[int, ...]

    @property
    def kt100(self) -> int:
        return self.kt_chs100 + self.kt_chut100 + self.kt_eu100 + self.kt_w100

    @property
    def d(self) -> int:
        return self.chut - 1

    def ns(self) -> list[int]:
        """``n`` entry by entry: ``NR*KT = n / d``."""
        k, top = 5 * self.kt100, 2 * self.chut
        return [k * (top - q) for q in self.place2]

    @property
    def entries(self) -> tuple[tuple[Entry, int, int, int], ...]:
        """Entry by entry: the entry, ``place2``, the number of players sharing its place and
        ``n``."""
        return tuple(
            (e, q, q - 2 * e.place + 1, n)
            for e, q, n in zip(self.ranked, self.place2, self.ns(), strict=True)
        )


def _err_line(entries: Sequence[Entry]) -> int | None:
    for e in entries:
        if e.line is not None:
            return e.line
    return None


_PLAYER = attrgetter("player")
_PLACE = attrgetter("place")
_LEVEL_SET = frozenset(LEVEL_VALUES)


def _refuse_entries(entries: Sequence[Entry]) -> None:
    """The first entry ranked twice or placed below 1, refused (entry order)."""
    seen: set[str] = set()
    for e in entries:
        if e.player in seen:
            raise InputError(f"player '{e.player}' is ranked twice", line=e.line, field="player")
        seen.add(e.player)
        if e.place < 1:
            raise InputError(f"place must be 1 or more, got {e.place}", line=e.line, field="place")


def _refuse_levels(entries: Sequence[Entry], eu_at_start: Mapping[str, int]) -> None:
    """The first entry with no level at the start, or not a level value, refused."""
    for e in entries:
        try:
            eu = eu_at_start[e.player]
        except KeyError:
            raise InputError(
                f"no evolution level at the start for '{e.player}'", line=e.line, field="level"
            ) from None
        if eu not in _LEVEL_SET:
            raise InputError(f"{eu} is not a level value", line=e.line, field="level")


class Shape(NamedTuple):
    """What a tournament's figures take from the tournament alone (validated once): CHUT,
    whether it was defaulted, KT_CHUT*100, KT_CHS*100 + KT_W*100, and ``place2`` entry by
    entry. Only KT_EU needs the levels at the start."""

    chut: int
    chut_defaulted: bool
    kt_chut100: int
    kt_chs_w100: int
    place2: tuple[int, ...]


def _refuse_overlap(entries: Sequence[Entry], start: list[int], sizes: Counter[int]) -> None:
    """The first place lying inside the places shared before it, refused."""
    for a, b in pairwise(start):
        if a + sizes[a] > b:
            bad = next(e for e in entries if e.place == b)
            raise InputError(
                f"place {b} lies inside places {a}-{a + sizes[a] - 1} shared by {sizes[a]} players",
                line=bad.line,
                field="place",
            )


def shape(t: Tournament) -> Shape:
    """Validate a tournament's entries, CHS and CHUT and compute what does not depend on the
    levels (:func:`core` and the replay, which knows every level is a level value)."""
    entries = t.entries
    if not entries:
        raise InputError(f"tournament {t.id} has no ranked players", field="players")
    if t.chs < 1:
        raise RuleError(f"CHS must be at least 1, got {t.chs}", rule=RULE_CHS)
    players = list(map(_PLAYER, entries))
    places = list(map(_PLACE, entries))
    if len(set(players)) != len(players) or min(places) < 1:
        _refuse_entries(entries)
    chut = t.chut if t.chut is not None else len(entries)
    row = chut_row(chut)  # RuleError below 12
    sizes = Counter(places)
    start = sorted(sizes)
    if len(start) < len(places):  # shared places: only a shared place can overlap the next
        # the place after each shared run must not lie inside it (compared in C, place by
        # place: one Python step per entry is what a replay of ten years pays for)
        ends = list(map(add, start, map(sizes.__getitem__, start)))
        if any(map(gt, ends, islice(start, 1, None))):
            _refuse_overlap(entries, start, sizes)
        place2 = tuple([2 * p + sizes[p] - 1 for p in places])
    else:
        place2 = tuple([2 * p for p in places])
    last = start[-1] + sizes[start[-1]] - 1
    if last > chut:
        bad = next(e for e in entries if e.place == start[-1])
        raise RuleError(
            f"place {last} is beyond CHUT {chut}: NR would be negative",
            rule=RULE_CHUT,
            line=bad.line,
        )
    kt_chs_w100 = 10 * t.chs + (100 if t.kt_w else 0)
    return Shape(chut, t.chut is None, row.kt100, kt_chs_w100, place2)


def kt_eu100_of(eu_sum: int, players: int) -> int:
    """KT_EU * 100: the mean EU in thousands rounded down to a multiple of 0.05."""
    return 5 * (eu_sum // (50 * players))


def refuse_negative_kt(t: Tournament, kt100: int) -> None:
    if kt100 < 0:
        raise RuleError(
            f"KT = {hundredths(kt100)} is negative: the rules define norms and NR*KT from 0 up "
            "and do not settle a negative KT",
            rule=RULE_KT,
            line=_err_line(t.entries),
        )


def core(t: Tournament, eu_at_start: Mapping[str, int]) -> Core:
    """Validate a tournament and compute its exact figures from each player's EU at the start."""
    entries = t.entries
    s = shape(t)
    players = list(map(_PLAYER, entries))
    try:
        eus = list(map(eu_at_start.__getitem__, players))
    except KeyError:
        eus = []
    if len(eus) != len(players) or not _LEVEL_SET.issuperset(eus):
        _refuse_levels(entries, eu_at_start)
    eu_sum = sum(eus)
    kt_eu100 = kt_eu100_of(eu_sum, len(entries))
    kt_chs100 = 10 * t.chs
    kt_w100 = 100 if t.kt_w else 0
    refuse_negative_kt(t, kt_chs100 + s.kt_chut100 + kt_eu100 + kt_w100)
    return Core(
        s.chut,
        s.chut_defaulted,
        kt_chs100,
        s.kt_chut100,
        kt_eu100,
        kt_w100,
        eu_sum,
        entries,
        s.place2,
    )


@dataclass(frozen=True, slots=True)
class PlayerResult:
    """One player's figures in one tournament; ``trace`` names every coefficient."""

    player: str
    place: int
    shared: int
    place_mean: Decimal
    nr: Decimal
    nrkt: Decimal
    norm: int | None
    eu_at_start: int
    trace: Trace

    @property
    def norm_label(self) -> str | None:
        return None if self.norm is None else Level(self.norm).label

    def award(self) -> Award:
        """The ledger line: kind ``NRKT``, amount ``NR * KT``."""
        return Award(self.player, "NRKT", self.nrkt, self.trace)


@dataclass(frozen=True, slots=True)
class TournamentResult:
    tournament: Tournament
    chut: int
    chut_defaulted: bool
    chut_row: str
    kt_chs: Decimal
    kt_chut: Decimal
    eu_mean: Decimal
    kt_eu: Decimal
    kt_w: Decimal
    kt: Decimal
    trace: Trace
    results: tuple[PlayerResult, ...]
    warnings: tuple[str, ...] = ()

    def result(self, player: str) -> PlayerResult:
        for r in self.results:
            if r.player == player:
                return r
        raise KeyError(player)


def kt_trace(t: Tournament, c: Core) -> Trace:
    """The tournament-level steps: CHUT, CHS and the four KT components."""
    tr = Trace()
    row = chut_row(c.chut)
    tr.add(
        "CHUT",
        c.chut,
        rule=RULE_CHUT,
        note="defaulted to the number of ranked players" if c.chut_defaulted else "",
    )
    tr.add("CHS", t.chs, rule=RULE_CHS)
    tr.add("KT_CHS", hundredths(c.kt_chs100), rule=RULE_KT, note=f"0.1 * CHS = 0.1 * {t.chs}")
    tr.add("KT_CHUT", hundredths(c.kt_chut100), rule=RULE_KT_CHUT, note=f"row {row.label}")
    n = len(c.entries)
    tr.add("EU_mean", ratio(c.eu_sum, n), rule=RULE_KT_EU, note=f"{c.eu_sum} / {n} players")
    tr.add(
        "KT_EU",
        hundredths(c.kt_eu100),
        rule=RULE_KT_EU,
        note="EU_mean / 1000 rounded down to a multiple of 0.05",
    )
    tr.add("KT_W", hundredths(c.kt_w100), rule=RULE_KT_W)
    tr.add("KT", hundredths(c.kt100), rule=RULE_KT, note="KT_CHS + KT_CHUT + KT_EU + KT_W")
    return tr


def player_trace(base: Trace, c: Core, entry: Entry, place2: int, shared: int, n: int) -> Trace:
    tr = Trace(list(base.steps))
    tr.add("place", entry.place, rule=RULE_NR)
    if shared > 1:
        tr.add(
            "place_mean",
            ratio(place2, 2),
            rule=RULE_NR,
            note=f"places {entry.place}-{entry.place + shared - 1} shared by {shared} players",
        )
    nr = ratio(500 * (2 * c.chut - place2), c.d)
    where = "place_mean" if shared > 1 else "place"
    tr.add("NR", nr, rule=RULE_NR, note=f"1000 * (CHUT - {where}) / (CHUT - 1)")
    tr.add("NRKT", ratio(n, c.d), rule=RULE_KT, note="NR * KT")
    norm = norm_index(n, c.d)
    tr.add(
        "norm",
        None if norm is None else Level(norm).label,
        rule="seed 000 Appendix 1 'Эволюционный уровень (ЭУ)'",
        note="the highest level value reached by NR * KT",
    )
    return tr


def build_result(t: Tournament, c: Core, eu_at_start: Mapping[str, int]) -> TournamentResult:
    base = kt_trace(t, c)
    results = []
    for e, place2, shared, n in c.entries:
        tr = player_trace(base, c, e, place2, shared, n)
        results.append(
            PlayerResult(
                player=e.player,
                place=e.place,
                shared=shared,
                place_mean=ratio(place2, 2),
                nr=tr.get("NR"),
                nrkt=tr.get("NRKT"),
                norm=norm_index(n, c.d),
                eu_at_start=eu_at_start[e.player],
                trace=tr,
            )
        )
    warnings = []
    if c.chut_defaulted:
        warnings.append(
            f"CHUT not given: the number of ranked players ({c.chut}) is used "
            "(RULES.md mahjong_rmf, CHUT)"
        )
    elif len(c.entries) < c.chut:
        # CHUT counts substitutes too, so fewer ranked players is possible, but a table cut
        # short (4 lines for CHUT 16) would rate everyone on a field that is not there.
        warnings.append(
            f"the table ranks {len(c.entries)} players but CHUT is {c.chut}: "
            f"{c.chut - len(c.entries)} of the players counted have no line; check the table "
            "is complete (RULES.md mahjong_rmf, CHUT)"
        )
    return TournamentResult(
        tournament=t,
        chut=c.chut,
        chut_defaulted=c.chut_defaulted,
        chut_row=chut_row(c.chut).label,
        kt_chs=hundredths(c.kt_chs100),
        kt_chut=hundredths(c.kt_chut100),
        eu_mean=ratio(c.eu_sum, len(c.entries)),
        kt_eu=hundredths(c.kt_eu100),
        kt_w=hundredths(c.kt_w100),
        kt=hundredths(c.kt100),
        trace=base,
        results=tuple(results),
        warnings=tuple(warnings),
    )


def compute_tournament(t: Tournament, eu_at_start: Mapping[str, int]) -> TournamentResult:
    """API (a): one tournament's NR, KT and NR*KT per player, with traces, from each player's
    numeric evolution level (EU) at the tournament's start."""
    return build_result(t, core(t, eu_at_start), eu_at_start)
