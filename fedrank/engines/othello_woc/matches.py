"""Day three: best-of-three matches, one-game finals, and the order of finish.

Seed 004 (``004_460858c73f2f8122.txt``) II.1, III.1 (best of three: colour choice, colours
swapped in game 2, no game 3 after 2-0, game 3 colour choice to more discs, winner by
points, then discs, then the higher IFRL place), III.2-III.4 (semi-finals 1v4 and 2v3,
third-place game, final), III.5-III.7 (women's semi-finals, third place and final, one game
each), Appendix B.4 (youth final) and IV.9 (colour choice or draw-win in one-game matches).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from fedrank.engines.kernel import RuleError, Trace, to_jsonable
from fedrank.engines.othello_woc.model import Game


@dataclass(frozen=True, slots=True)
class MatchResult:
    """A match between ``higher`` (the better place in the list) and ``lower``.

    ``winner`` is None while games are missing; then ``colour_choice`` names who chooses the
    colour of the next game.
    """

    stage: str
    higher: str
    lower: str
    games: tuple[Game, ...]
    winner: str | None
    colour_choice: str | None
    trace: Trace = field(default_factory=Trace)

    @property
    def loser(self) -> str | None:
        if self.winner is None:
            return None
        return self.lower if self.winner == self.higher else self.higher

    def to_json(self) -> Any:
        return to_jsonable(self._json_fields())

    def _json_fields(self) -> dict[str, object]:
        return {
            "stage": self.stage,
            "higher": self.higher,
            "lower": self.lower,
            "games": [f"{g.black}-{g.white} {g.black_discs}-{g.white_discs}" for g in self.games],
            "winner": self.winner,
            "next_colour_choice": self.colour_choice,
            "trace": self.trace,
        }


def _check_players(stage: str, higher: str, lower: str, game: Game) -> None:
    if {game.black, game.white} != {higher, lower}:
        raise RuleError(
            f"{stage}: a game {game.black}-{game.white} is not between {higher} and {lower}",
            rule="seed 004 III",
        )


def best_of_three(stage: str, higher: str, lower: str, games: Sequence[Game]) -> MatchResult:
    """III.1: the match of a semi-final or the final.

    Worked example: H wins game 1 40-24, L wins game 2 35-29, so discs are 69-59 and H
    chooses the colour of game 3; L wins it 33-31: points 1-2, L wins the match.
    """
    trace = Trace()
    points = {higher: Decimal(0), lower: Decimal(0)}
    discs = {higher: 0, lower: 0}
    if len(games) > 3:
        raise RuleError(f"{stage}: a best-of-three has at most three games", rule="seed 004 III.1")
    for k, g in enumerate(games, start=1):
        _check_players(stage, higher, lower, g)
        if k == 2 and g.black != games[0].white:
            raise RuleError(
                f"{stage}: colours are reversed in the second game", rule="seed 004 III.1"
            )
        if k == 3 and (points[higher] == 2 or points[lower] == 2):
            raise RuleError(f"{stage}: no third game after two wins", rule="seed 004 III.1")
        for pid in (higher, lower):
            points[pid] += g.points(pid)
            discs[pid] += g.discs(pid)
        trace.add(
            f"game{k}",
            f"{g.black}-{g.white} {g.black_discs}-{g.white_discs}",
            rule="seed 004 III.1",
        )
    trace.add("points", dict(points), rule="seed 004 III.1")
    trace.add("discs", dict(discs), rule="seed 004 III.1")
    done = any(v == 2 for v in points.values()) if len(games) == 2 else len(games) == 3
    if not done:
        if len(games) < 2:
            chooser = higher if not games else None
        else:
            chooser = max((higher, lower), key=lambda p: (discs[p], p == higher))
            trace.add(
                "game3_colour_choice",
                chooser,
                rule="seed 004 III.1",
                note="more discs in games 1-2, else the higher place",
            )
        return MatchResult(stage, higher, lower, tuple(games), None, chooser, trace)
    winner = max((higher, lower), key=lambda p: (points[p], discs[p], p == higher))
    trace.add(
        "winner",
        winner,
        rule="seed 004 III.1",
        note="points, then discs of the games, then the higher place",
    )
    return MatchResult(stage, higher, lower, tuple(games), winner, None, trace)


def one_game(stage: str, higher: str, lower: str, game: Game | None) -> MatchResult:
    """A one-game match with colour choice or draw-win for ``higher`` (IV.9, III.3, III.5-7,
    B.4); a drawn game must carry its draw-winner (see :func:`.scores.decide_draw`)."""
    trace = Trace()
    trace.add("colour_choice_or_draw_win", higher, rule="seed 004 IV.9")
    if game is None:
        return MatchResult(stage, higher, lower, (), None, higher, trace)
    _check_players(stage, higher, lower, game)
    if game.winner is None:
        raise RuleError(f"{stage}: a drawn game needs the colour chooser", rule="seed 004 IV.9")
    trace.add("winner", game.winner, rule="seed 004 IV.9")
    return MatchResult(stage, higher, lower, (game,), game.winner, None, trace)


@dataclass(frozen=True, slots=True)
class FinalStage:
    """Semi-finals, third place game and final; ``order`` is the order of finish 1-4 once
    everything is played (champion, runner-up, third, fourth)."""

    name: str
    semis: tuple[MatchResult, ...]
    third: MatchResult | None
    final: MatchResult | None
    order: tuple[str, ...]

    def to_json(self) -> Any:
        return to_jsonable(self._json_fields())

    def _json_fields(self) -> dict[str, object]:
        return {
            "name": self.name,
            "semi_finals": list(self.semis),
            "third_place": self.third,
            "final": self.final,
            "order_of_finish": list(self.order),
        }


def final_stage(
    name: str,
    qualified: Sequence[str],
    semi_games: Sequence[Sequence[Game]],
    third_game: Game | None,
    final_games: Sequence[Game],
    *,
    best_of: int,
) -> FinalStage:
    """III.2-III.7: semi-finals 1v4 and 2v3, then the final and the third-place game.

    ``best_of`` is 3 for the WOC (semi-finals and final; the third place is one game) and 1
    for the women (every game one game). ``qualified`` is in list order.
    """
    if len(qualified) != 4:
        raise RuleError(f"{name}: the semi-finals need four players", rule="seed 004 III.2")
    place = {pid: i for i, pid in enumerate(qualified)}
    semis = []
    for k, (hi, lo) in enumerate(((0, 3), (1, 2))):
        games = semi_games[k] if k < len(semi_games) else ()
        if best_of == 3:
            semis.append(best_of_three(f"semi-final {k + 1}", qualified[hi], qualified[lo], games))
        else:
            if len(games) > 1:
                raise RuleError(f"{name}: the semi-final is one game", rule="seed 004 III.5")
            semis.append(
                one_game(
                    f"semi-final {k + 1}", qualified[hi], qualified[lo], games[0] if games else None
                )
            )
    winners = [m.winner for m in semis]
    losers = [m.loser for m in semis]
    if None in winners:
        if third_game is not None or final_games:
            raise RuleError(
                f"{name}: the final stage before its semi-finals are decided", rule="seed 004 III.2"
            )
        return FinalStage(name, tuple(semis), None, None, ())
    w = sorted((p for p in winners if p is not None), key=place.__getitem__)
    lo_ = sorted((p for p in losers if p is not None), key=place.__getitem__)
    third = one_game("third place", lo_[0], lo_[1], third_game)
    if best_of == 3:
        final = best_of_three("final", w[0], w[1], final_games)
    else:
        if len(final_games) > 1:
            raise RuleError(f"{name}: the final is one game", rule="seed 004 III.7")
        final = one_game("final", w[0], w[1], final_games[0] if final_games else None)
    order: tuple[str, ...] = ()
    if final.winner and third.winner and final.loser and third.loser:
        order = (final.winner, final.loser, third.winner, third.loser)
    return FinalStage(name, tuple(semis), third, final, order)
