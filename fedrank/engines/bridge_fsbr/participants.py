"""Which players count and the participant's rank q (seed 003 4.7, 5.2-5.3, 6.1-6.3).

Kept apart from the awards because every award reads it: the qualification list decides who
is in N and kq, 5.2 who receives the participant's points, 6 the q that kq is made of.
"""

from __future__ import annotations

from decimal import Decimal

from fedrank.engines.kernel import InputError, Trace

from .model import ZERO, Entry, PlayerEntry, Tournament
from .tables import (
    FOREIGN,
    INDIVIDUAL,
    LIST_MIN_SHARE,
    MATCH,
    MB_MIN_BOARDS,
    PLAYER_MIN_SHARE,
    STATUS_EW,
    STATUS_MAIN_EW,
    country_category,
    is_russian,
    same_country,
)


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


def entry_boards(t: Tournament, e: Entry) -> int:
    return e.boards if e.boards is not None else t.actual_length


def _player_boards(t: Tournament, e: Entry, p: PlayerEntry) -> int | None:
    if p.boards is not None:
        return p.boards
    if t.form == INDIVIDUAL:
        return entry_boards(t, e)
    return None


def qualified_players(t: Tournament, e: Entry, warnings: list[str]) -> list[PlayerEntry]:
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
        if player_qualifies(t.form, boards, entry_boards(t, e), ew_share):
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


def on_qualification_list(t: Tournament, e: Entry) -> bool:
    """4.7: stages up to the critical one make >= 40 % of the length, or carried EBL/WBF MP."""
    if e.critical_mp:
        return True
    critical = e.critical if e.critical is not None else t.length
    return critical >= LIST_MIN_SHARE * t.length
