"""World Othello Championship tournament engine (system id ``othello_woc``).

Implements seed 004 (``004_460858c73f2f8122.txt``), sections II-IV and Appendices A and B,
as restated in RULES.md "othello_woc": the field and its game system, round robin tables and
Swiss pairings (:mod:`.pairing`), official scores (:mod:`.scores`), points and the Mixed
Brightwell System (:mod:`.brightwell`), the IFRL/TFRL/WFRL/YFRL (:mod:`.final_lists`), the
matches of day three (:mod:`.matches`), and the text formats (:mod:`.parsing`, and
:mod:`.submission` for a federation's submission and a pasted round).
"""

from __future__ import annotations

from typing import Any

from fedrank.engines.othello_woc.brightwell import Standing, draw_lots, standings
from fedrank.engines.othello_woc.document import Results, calc, results, results_json
from fedrank.engines.othello_woc.final_lists import (
    FinalList,
    ListEntry,
    Playoff,
    TeamEntry,
    ifrl,
    playoffs_needed,
    team_members,
    tfrl,
    wfrl,
    yfrl,
)
from fedrank.engines.othello_woc.matches import (
    FinalStage,
    MatchResult,
    best_of_three,
    final_stage,
    one_game,
)
from fedrank.engines.othello_woc.model import (
    BYE,
    C_WOC,
    Game,
    Player,
    Round,
    System,
    Tournament,
    system_for_field,
)
from fedrank.engines.othello_woc.pairing import (
    Pair,
    Pairing,
    berger_round,
    first_swiss_round,
    next_pairing,
    round_robin_pairing,
    round_seed,
    swiss_pairing,
    total_rounds,
)
from fedrank.engines.othello_woc.parsing import (
    Document,
    StageGame,
    parse_document,
    parse_game,
    parse_round,
    parse_round_text,
)
from fedrank.engines.othello_woc.published import is_published, parse_published
from fedrank.engines.othello_woc.scores import Ending, board_score, decide_draw, official_score


def calc_document(text: str, *, filename: str = "") -> dict[str, Any]:
    """``fedrank calc othello_woc FILE``: standings with BQ traces and the next pairing, or
    the final lists and day three once all rounds are in (JSON-ready); a finished
    tournament's published table (:mod:`.published`) checked and given back as standings."""
    if is_published(text):
        table = parse_published(text)
        return {
            "system": "othello_woc",
            "entered_as": "standings",
            "tournament": {
                "name": table.name,
                "rounds_played": table.rounds,
                "rounds_total": table.rounds,
            },
            "standings": [s.to_json() for s in table.standings],
            "warnings": [],
        }
    return calc(text, filename=filename)


__all__ = [
    "BYE",
    "C_WOC",
    "Document",
    "Ending",
    "FinalList",
    "FinalStage",
    "Game",
    "ListEntry",
    "MatchResult",
    "Pair",
    "Pairing",
    "Player",
    "Playoff",
    "Results",
    "Round",
    "StageGame",
    "Standing",
    "System",
    "TeamEntry",
    "Tournament",
    "berger_round",
    "best_of_three",
    "board_score",
    "calc_document",
    "decide_draw",
    "draw_lots",
    "final_stage",
    "first_swiss_round",
    "ifrl",
    "next_pairing",
    "official_score",
    "one_game",
    "parse_document",
    "parse_game",
    "parse_round",
    "parse_round_text",
    "playoffs_needed",
    "results",
    "results_json",
    "round_robin_pairing",
    "round_seed",
    "standings",
    "swiss_pairing",
    "system_for_field",
    "team_members",
    "tfrl",
    "total_rounds",
    "wfrl",
    "yfrl",
]
