"""One tournament file in, the JSON the CLI prints out: standings with BQ traces, the next
round's pairing, and once the first two days are over the final lists and day three.

Seed 004 (``004_460858c73f2f8122.txt``) II-IV, Appendices A and B; this module only puts the
pieces of the other modules together in the order the rulebook runs them: rounds (II.2, II.6)
-> provisional list (II.3.1, A) -> play-offs and IFRL (II.3.2-3) -> TFRL (II.4) -> WFRL (II.5)
and YFRL (B.3) -> semi-finals, third place and finals (III, B.4).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from fedrank.engines.kernel import InputError, RuleError, to_jsonable
from fedrank.engines.othello_woc.brightwell import Standing, standings
from fedrank.engines.othello_woc.final_lists import FinalList, TeamEntry, ifrl, tfrl, wfrl, yfrl
from fedrank.engines.othello_woc.matches import FinalStage, MatchResult, final_stage, one_game
from fedrank.engines.othello_woc.model import Game, Tournament
from fedrank.engines.othello_woc.pairing import Pairing, next_pairing, round_seed, total_rounds
from fedrank.engines.othello_woc.parsing import StageGame, parse_document

SYSTEM_ID = "othello_woc"


@dataclass(frozen=True, slots=True)
class Results:
    """Everything the engine computes from a tournament state."""

    tournament: Tournament
    standings: tuple[Standing, ...]
    next_round: Pairing | None
    ifrl: FinalList | None = None
    tfrl: tuple[TeamEntry, ...] = ()
    wfrl: FinalList | None = None
    yfrl: FinalList | None = None
    woc_final: FinalStage | None = None
    women_final: FinalStage | None = None
    youth_final: MatchResult | None = None
    warnings: tuple[str, ...] = field(default_factory=tuple)


def _by_pair(games: Sequence[StageGame]) -> dict[frozenset[str], list[StageGame]]:
    out: dict[frozenset[str], list[StageGame]] = {}
    for sg in games:
        out.setdefault(frozenset((sg.game.black, sg.game.white)), []).append(sg)
    return out


def _semi_games(
    stage: str, qualified: Sequence[str], games: Sequence[StageGame]
) -> list[list[Game]]:
    pairs = [frozenset((qualified[0], qualified[3])), frozenset((qualified[1], qualified[2]))]
    grouped = _by_pair(games)
    for pair, sgs in grouped.items():
        if pair not in pairs:
            raise RuleError(
                f"{stage}: {' v '.join(sorted(pair))} is not a semi-final (1v4, 2v3)",
                rule="seed 004 III.2 / III.5",
                line=sgs[0].line,
            )
    return [[sg.game for sg in grouped.get(p, [])] for p in pairs]


def _single(stage: str, games: Sequence[StageGame]) -> Game | None:
    if len(games) > 1:
        raise InputError(f"{stage} is one game", line=games[1].line, field=stage)
    return games[0].game if games else None


def results(t: Tournament, stage_games: Sequence[StageGame] = ()) -> Results:
    """The pure entry point for handlers: the state of a tournament in, everything out.

    Before the last round: standings and the next round's pairing (its seed is
    ``round_seed(t.seed, round)``, recorded in the pairing). After it: the final lists and
    whatever of day three has been played.
    """
    table = tuple(standings(t))
    total = total_rounds(t)
    warnings: list[str] = []
    if len(t.rounds) < total:
        if stage_games:
            sg = stage_games[0]
            raise InputError(
                f"{sg.stage} games before the {total} rounds are played",
                line=sg.line,
                field=sg.stage,
            )
        pairing = next_pairing(t, round_seed(t.seed, len(t.rounds) + 1))
        return Results(t, table, pairing)
    by_stage: dict[str, list[StageGame]] = {}
    for sg in stage_games:
        by_stage.setdefault(sg.stage, []).append(sg)
    playoff_games: dict[frozenset[str], Game] = {}
    for sg in by_stage.get("playoff", []):
        pair = frozenset((sg.game.black, sg.game.white))
        if pair in playoff_games:
            raise InputError("a play-off is one game", line=sg.line, field="playoff")
        playoff_games[pair] = sg.game
    individual = ifrl(table, playoff_games)
    teams = tuple(tfrl(t, table, individual))
    if not individual.final:
        warnings.append(
            "IFRL is provisional: play-offs "
            + ", ".join(f"{p.higher} v {p.lower}" for p in individual.playoffs if p.game is None)
            + " are pending (II.3.2)"
        )
        if any(k != "playoff" for k in by_stage):
            raise RuleError("day three games before the play-offs", rule="seed 004 II.3.3")
        return Results(t, table, None, individual, teams, warnings=tuple(warnings))
    woc = final_stage(
        "WOC",
        individual.qualified,
        _semi_games("semi", individual.qualified, by_stage.get("semi", [])),
        _single("third", by_stage.get("third", [])),
        [sg.game for sg in by_stage.get("final", [])],
        best_of=3,
    )
    players = t.player_map()
    order = woc.order or individual.qualified
    if not woc.order:
        warnings.append("the WOC final stage is not complete")
    women_ahead = [pid for pid in order if players[pid].is_woman]
    young_ahead = [pid for pid in order if players[pid].is_young]
    women_list: FinalList | None = None
    women_stage: FinalStage | None = None
    try:
        women_list = wfrl(t, table, women_ahead)
        if women_ahead and not woc.order:
            women_list = replace(women_list, final=False)
        if not women_ahead:
            women_stage = final_stage(
                "women",
                women_list.qualified,
                _semi_games("women-semi", women_list.qualified, by_stage.get("women-semi", [])),
                _single("women-third", by_stage.get("women-third", [])),
                [sg.game for sg in by_stage.get("women-final", [])],
                best_of=1,
            )
    except RuleError as exc:
        warnings.append(f"WFRL: {exc}")
    young_list: FinalList | None = None
    young_final: MatchResult | None = None
    try:
        young_list = yfrl(t, table, young_ahead)
        if young_ahead and not woc.order:
            young_list = replace(young_list, final=False)
        if not young_ahead:
            a, b = young_list.qualified
            young_final = one_game(
                "youth final", a, b, _single("youth-final", by_stage.get("youth-final", []))
            )
    except RuleError as exc:
        warnings.append(f"YFRL: {exc}")
    return Results(
        t,
        table,
        None,
        individual,
        teams,
        women_list,
        young_list,
        woc,
        women_stage,
        young_final,
        tuple(warnings),
    )


def results_json(r: Results) -> dict[str, Any]:
    """The JSON of ``fedrank calc othello_woc FILE``."""
    t = r.tournament
    players = t.player_map()
    gone = t.withdrawal_round()
    table = []
    for s in r.standings:
        row = s.to_json()
        row["name"] = players[s.player].name
        row["country"] = players[s.player].country
        table.append(row)
    out: dict[str, Any] = {
        "system": SYSTEM_ID,
        "tournament": {
            "name": t.name,
            "game_system": t.chosen_system.value,
            "players": len(t.players),
            "rounds_played": len(t.rounds),
            "rounds_total": total_rounds(t),
            "C": t.C,
            "seed": t.seed,
            "bye_points": t.bye_points,
            "withdrawn": gone,
            "round_seeds": {r.number: r.seed for r in t.rounds if r.seed is not None},
        },
        "standings": table,
        "next_round": r.next_round,
        "final_lists": None,
        "finals": None,
        "warnings": list(r.warnings),
    }
    if r.ifrl is not None:
        out["final_lists"] = {"IFRL": r.ifrl, "TFRL": list(r.tfrl), "WFRL": r.wfrl, "YFRL": r.yfrl}
        out["finals"] = {"WOC": r.woc_final, "women": r.women_final, "youth": r.youth_final}
    result: dict[str, Any] = to_jsonable(out)
    return result


def calc(text: str, *, filename: str = "") -> dict[str, Any]:
    """Parse one tournament file (the text format of the docs; any extension) and compute."""
    del filename  # one format; the content decides
    doc = parse_document(text)
    return results_json(results(doc.tournament, doc.stage_games))
