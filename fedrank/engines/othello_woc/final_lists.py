"""The final ranking lists of the first two days: IFRL with play-offs, TFRL, WFRL, YFRL.

Seed 004 (``004_460858c73f2f8122.txt``) II.3 (IFRL: provisional list, play-offs 4/5, 3/6,
2/7, 1/8 on equal points, the final list), II.4 (TFRL), II.5 (WFRL), II.7 (a withdrawn
player keeps his score but cannot reach the semi-finals), Appendix B.3 (YFRL) and RULES.md
othello_woc "Final lists".

Engine decisions where the seed is silent:

- **D5** the play-off places 1-8 and the semi-final places are counted among the players who
  did not withdraw (II.7: a withdrawn player cannot reach the semi-finals); withdrawn players
  keep their place by points among the rest.
- **D6** TFRL: "games between members of its team" counts each game between two members of
  the team once (extra players are not members); the team's best (then second) player is
  compared by IFRL place, then by discs (II.4 "followed by disc count"); a team without a
  second player loses that step.
- **D7** Appendix B.1: a country's designated additional young player counts for the team
  unless its regular team already has three players (one for a nation with a contact person).
- **D8** a women's semi-final or a youth final that the field cannot fill (fewer than four
  women, fewer than two young players) is refused: the seed does not say what happens.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from fedrank.engines.kernel import RuleError, Trace, to_jsonable
from fedrank.engines.othello_woc.brightwell import Standing, tidy
from fedrank.engines.othello_woc.model import Game, Tournament

PLAYOFF_PLACES = ((4, 5), (3, 6), (2, 7), (1, 8))
"""II.3.2: the places of the provisional list that play off on equal points."""


@dataclass(frozen=True, slots=True)
class Playoff:
    """A play-off game of II.3.2; ``higher`` has colour choice or draw-win (IV.9)."""

    places: tuple[int, int]
    higher: str
    lower: str
    game: Game | None = None

    @property
    def winner(self) -> str | None:
        return None if self.game is None else self.game.winner

    @property
    def loser(self) -> str | None:
        w = self.winner
        return None if w is None else (self.lower if w == self.higher else self.higher)

    def to_json(self) -> Any:
        return to_jsonable(self._json_fields())

    def _json_fields(self) -> dict[str, object]:
        return {
            "places": list(self.places),
            "higher": self.higher,
            "lower": self.lower,
            "colour_choice": self.higher,
            "game": None if self.game is None else _game_json(self.game),
            "winner": self.winner,
        }


@dataclass(frozen=True, slots=True)
class ListEntry:
    """One line of a final list: ``place`` is shared by players declared equal."""

    place: int
    player: str
    points: Decimal
    BQ: Decimal
    discs: int
    note: str = ""

    def to_json(self) -> Any:
        return to_jsonable(self._json_fields())

    def _json_fields(self) -> dict[str, object]:
        out: dict[str, object] = {
            "place": self.place,
            "player": self.player,
            "points": self.points,
            "BQ": self.BQ,
            "discs": self.discs,
        }
        if self.note:
            out["note"] = self.note
        return out


@dataclass(frozen=True, slots=True)
class FinalList:
    """IFRL, WFRL or YFRL. ``final`` is False while play-offs (or finals) are pending;
    ``qualified`` are the players of the next stage in order (semi-finalists, finalists)."""

    name: str
    entries: tuple[ListEntry, ...]
    qualified: tuple[str, ...]
    final: bool
    playoffs: tuple[Playoff, ...] = ()
    trace: Trace = field(default_factory=Trace)

    def place_of(self, player: str) -> int:
        for e in self.entries:
            if e.player == player:
                return e.place
        raise KeyError(player)

    def to_json(self) -> Any:
        return to_jsonable(self._json_fields())

    def _json_fields(self) -> dict[str, object]:
        return {
            "name": self.name,
            "final": self.final,
            "qualified": list(self.qualified),
            "playoffs": list(self.playoffs),
            "entries": list(self.entries),
            "trace": self.trace,
        }


def _game_json(g: Game) -> dict[str, object]:
    out: dict[str, object] = {
        "black": g.black,
        "white": g.white,
        "score": f"{g.black_discs}-{g.white_discs}",
    }
    if g.note:
        out["note"] = g.note
    if g.winner is not None:
        out["winner"] = g.winner
    return out


def _entry(s: Standing, place: int, note: str = "") -> ListEntry:
    return ListEntry(place, s.player, s.points, s.BQ, s.discs, note)


def _equal_places(rest: Sequence[Standing], first_place: int) -> list[ListEntry]:
    """Players outside the qualified places with equal points are declared equal."""
    out = []
    for s in rest:
        better = sum(1 for o in rest if o.points > s.points)
        note = "withdrawn" if s.withdrawn else ""
        out.append(_entry(s, first_place + better, note))
    return out


def playoffs_needed(provisional: Sequence[Standing]) -> list[Playoff]:
    """II.3.2: the play-offs on equal points between places 4/5, 3/6, 2/7 and 1/8 (D5)."""
    eligible = [s for s in provisional if not s.withdrawn]
    out = []
    for hi, lo in PLAYOFF_PLACES:
        if lo <= len(eligible) and eligible[hi - 1].points == eligible[lo - 1].points:
            out.append(Playoff((hi, lo), eligible[hi - 1].player, eligible[lo - 1].player))
    return out


def ifrl(
    provisional: Sequence[Standing], playoff_games: Mapping[frozenset[str], Game] | None = None
) -> FinalList:
    """II.3: the Individual Final Ranking List from the provisional list and the play-offs.

    The four semi-finalists take places 1-4 in their provisional order, every play-off loser
    is fifth, and the others with equal points are declared equal.
    """
    eligible = [s for s in provisional if not s.withdrawn]
    if len(eligible) < 4:
        raise RuleError("the semi-finals need four players", rule="seed 004 III.2")
    games = playoff_games or {}
    trace = Trace()
    playoffs = []
    for po in playoffs_needed(provisional):
        game = games.get(frozenset((po.higher, po.lower)))
        if game is not None and game.winner is None:
            raise RuleError(
                f"the drawn play-off {po.higher}-{po.lower} needs the colour chooser",
                rule="seed 004 IV.9",
            )
        playoffs.append(Playoff(po.places, po.higher, po.lower, game))
        trace.add(
            f"playoff_{po.places[0]}_{po.places[1]}",
            f"{po.higher} v {po.lower}",
            rule="seed 004 II.3.2",
            note="equal points; the higher has colour choice or draw-win (IV.9)",
        )
    extra = set(games) - {frozenset((p.higher, p.lower)) for p in playoffs}
    if extra:
        pair = sorted(next(iter(extra)))
        raise RuleError(f"{pair[0]} and {pair[1]} have no play-off to play", rule="seed 004 II.3.2")
    pending = [p for p in playoffs if p.game is None]
    by_id = {s.player: s for s in provisional}
    if pending:
        waiting = tuple(
            _entry(s, s.rank, "play-off pending" if _in(s.player, pending) else "")
            for s in provisional
        )
        settled = [s.player for s in eligible[:4] if not _in(s.player, playoffs)]
        return FinalList("IFRL", waiting, tuple(settled), False, tuple(playoffs), trace)
    in_playoff = {p.higher for p in playoffs} | {p.lower for p in playoffs}
    winners = {p.winner for p in playoffs}
    losers = [by_id[p.loser] for p in playoffs if p.loser is not None]
    qualified = [
        s
        for s in eligible
        if (s.rank <= eligible[3].rank and s.player not in in_playoff) or s.player in winners
    ]
    qualified.sort(key=lambda s: s.rank)
    trace.add("semi_finalists", [s.player for s in qualified], rule="seed 004 II.3.3")
    top = {s.player for s in qualified}
    loser_ids = {s.player for s in losers}
    rest = [s for s in provisional if s.player not in top]
    entries = [_entry(s, i + 1, "semi-finalist") for i, s in enumerate(qualified)]
    for e in _equal_places(rest, 5):
        if e.player in loser_ids:
            e = ListEntry(5, e.player, e.points, e.BQ, e.discs, "play-off loser")
        entries.append(e)
    entries.sort(key=lambda e: (e.place, by_id[e.player].rank))
    return FinalList(
        "IFRL", tuple(entries), tuple(s.player for s in qualified), True, tuple(playoffs), trace
    )


def _in(player: str, playoffs: Sequence[Playoff]) -> bool:
    return any(player in (p.higher, p.lower) for p in playoffs)


def group_list(
    name: str,
    provisional: Sequence[Standing],
    members: set[str],
    qualify: int,
    ahead: Sequence[str] = (),
) -> FinalList:
    """WFRL (II.5, ``qualify`` = 4) or YFRL (Appendix B.3, ``qualify`` = 2).

    ``ahead`` are the group's players in the WOC semi-finals, in their order of finish (II.5.2,
    B.4): they lead the list and no group semi-final or final is played. Otherwise the first
    ``qualify`` players in provisional order qualify and the rest with equal points are equal.
    """
    rows = [s for s in provisional if s.player in members]
    trace = Trace()
    if ahead:
        lead = [next(s for s in rows if s.player == pid) for pid in ahead]
        rest = [s for s in rows if s.player not in set(ahead)]
        entries = [_entry(s, i + 1, "in the WOC semi-finals") for i, s in enumerate(lead)]
        entries.extend(_equal_places(rest, len(lead) + 1))
        trace.add("ranked_by_woc_finals", list(ahead), rule="seed 004 II.5.2 / B.4")
        return FinalList(name, tuple(entries), (), True, (), trace)
    eligible = [s for s in rows if not s.withdrawn]
    if len(eligible) < qualify:
        raise RuleError(
            f"{name}: {len(eligible)} eligible player(s), the final stage needs {qualify}",
            rule="seed 004 III.5 / B.4 / engine decision D8",
        )
    top = eligible[:qualify]
    top_ids = {s.player for s in top}
    rest = [s for s in rows if s.player not in top_ids]
    entries = [_entry(s, i + 1, "qualified") for i, s in enumerate(top)]
    entries.extend(_equal_places(rest, qualify + 1))
    trace.add("qualified", [s.player for s in top], rule="seed 004 II.5.2 / B.3.3")
    return FinalList(name, tuple(entries), tuple(s.player for s in top), True, (), trace)


def wfrl(t: Tournament, provisional: Sequence[Standing], ahead: Sequence[str] = ()) -> FinalList:
    """II.5: the Women's Final Ranking List."""
    women = {p.id for p in t.players if p.is_woman}
    return group_list("WFRL", provisional, women, 4, ahead)


def yfrl(t: Tournament, provisional: Sequence[Standing], ahead: Sequence[str] = ()) -> FinalList:
    """Appendix B.3: the Young players Final Ranking List (no play-off)."""
    young = {p.id for p in t.players if p.is_young}
    return group_list("YFRL", provisional, young, 2, ahead)


# --------------------------------------------------------------------------- TFRL


@dataclass(frozen=True, slots=True)
class TeamEntry:
    """One team of the TFRL (II.4)."""

    place: int
    country: str
    points: Decimal
    counted: tuple[str, ...]
    internal_games: int
    trace: Trace

    def to_json(self) -> Any:
        return to_jsonable(self._json_fields())

    def _json_fields(self) -> dict[str, object]:
        return {
            "place": self.place,
            "country": self.country,
            "points": self.points,
            "counted": list(self.counted),
            "internal_games": self.internal_games,
            "trace": self.trace,
        }


TEAM_SCORES = 3
"""II.4: only the three best scores of a team of four count."""


def team_members(t: Tournament) -> dict[str, list[str]]:
    """Country -> its team: extra players never count (II.2); decision D7 for youth extras."""
    regular: dict[str, list[str]] = {}
    youth_extra: dict[str, list[str]] = {}
    for p in t.players:
        if p.extra:
            continue
        (youth_extra if p.youth_extra else regular).setdefault(p.country, []).append(p.id)
    teams = {c: list(ids) for c, ids in regular.items()}
    for country, ids in youth_extra.items():
        full = 1 if country in t.contact_nations else 3
        if len(regular.get(country, [])) < full:
            teams.setdefault(country, []).extend(ids)
    return teams


_TeamKey = tuple[Decimal, int, tuple[int, int], tuple[int, int]]


def tfrl(t: Tournament, provisional: Sequence[Standing], ifrl_list: FinalList) -> list[TeamEntry]:
    """II.4: teams by the sum of their three best scores; ties by the number of games between
    team members, then the best player's IFRL place (then discs), then the second best's."""
    by_id = {s.player: s for s in provisional}
    teams = team_members(t)
    rows: list[tuple[_TeamKey, str, Decimal, list[str], int, Trace]] = []
    for country, members in teams.items():
        member_set = set(members)
        ranked = sorted(members, key=lambda pid: (-by_id[pid].points, by_id[pid].rank))
        counted = ranked[:TEAM_SCORES]
        total = tidy(sum((by_id[pid].points for pid in counted), Decimal(0)))
        internal = sum(
            1 for r in t.rounds for g in r.games if g.black in member_set and g.white in member_set
        )
        best = sorted((ifrl_list.place_of(pid), -by_id[pid].discs) for pid in members)
        worst = (10**9, 0)
        key = (-total, -internal, best[0] if best else worst, best[1] if len(best) > 1 else worst)
        trace = Trace()
        trace.add("members", members, rule="seed 004 II.4 / II.2")
        trace.add("counted", counted, rule="seed 004 II.4 (three best)")
        trace.add("points", total, rule="seed 004 II.4")
        trace.add("internal_games", internal, rule="seed 004 II.4 tie 1 / engine decision D6")
        trace.add(
            "best_player",
            [list(x) for x in best[:2]],
            rule="seed 004 II.4 ties 2-3",
            note="(IFRL place, -discs) of the two best players",
        )
        rows.append((key, country, total, counted, internal, trace))
    rows.sort(key=lambda r: (r[0], r[1]))
    out = []
    for key, country, total, counted, internal, trace in rows:
        place = 1 + sum(1 for other in rows if other[0] < key)
        out.append(TeamEntry(place, country, total, tuple(counted), internal, trace))
    return out
