"""Ukrainian Go Federation rating (go_ufgo): the individual coefficient IK and kyu/dan ranks.

Implements seed 002 (``002_0aa5cc437c33643f.txt``, "Рейтинг-система Украинской федерации го")
§1-§5 as restated in RULES.md "go_ufgo":

* :mod:`~fedrank.engines.go_ufgo.tables` — tables 1-5 as data;
* :mod:`~fedrank.engines.go_ufgo.model` — games, tournaments, starts and results;
* :mod:`~fedrank.engines.go_ufgo.formula` — one pass over the rounds: formula (1), K3 and its
  cap (§4.3), section 5 for players below 100, boards (§4.8), rounding (§4.9), time control (§1.7);
* :mod:`~fedrank.engines.go_ufgo.anomaly` — the anomaly rule after a pass (§4.4-§4.7, §5.4);
* :mod:`~fedrank.engines.go_ufgo.rating` — one tournament: the passes until settled, with a
  trace per player and round;
* :mod:`~fedrank.engines.go_ufgo.ranks` — ranks (§2), quarterly lists with 4-7 dan, the
  151-point lowering and the over-60 rule, "what is needed for the next rank";
* :mod:`~fedrank.engines.go_ufgo.history` — a federation's whole history, tournament by tournament;
* :mod:`~fedrank.engines.go_ufgo.fast` — the replay's trace-free path, equal to the reference,
  and :mod:`~fedrank.engines.go_ufgo.packed`, its common case (section 4, one integer a player);
* :mod:`~fedrank.engines.go_ufgo.parsing` (CSV and JSON), :mod:`~fedrank.engines.go_ufgo.hfile`
  (EGF h-files), :mod:`~fedrank.engines.go_ufgo.opengotha` (OpenGotha's XML),
  :mod:`~fedrank.engines.go_ufgo.documents` (which one a file is);
* :mod:`~fedrank.engines.go_ufgo.submission` — the same files as an import reads them: each
  line's federation ID and place, the tournament's code.

``calc_document`` is what ``fedrank calc go_ufgo FILE`` prints.
"""

from __future__ import annotations

from typing import Any

from fedrank.engines.go_ufgo.documents import parse_document
from fedrank.engines.go_ufgo.hfile import parse_h_file
from fedrank.engines.go_ufgo.history import (
    PlayerState,
    RatingState,
    ReplayResult,
    Snapshot,
    replay,
)
from fedrank.engines.go_ufgo.opengotha import parse_opengotha
from fedrank.engines.go_ufgo.parsing import (
    FACTS,
    Given,
    ParsedPlayer,
    ParsedTournament,
    parse_csv,
    parse_json,
)
from fedrank.engines.go_ufgo.ranks import (
    DAN_NORMS,
    HeldDanChange,
    ListEntry,
    ListPlayer,
    NextTitle,
    Rank,
    RatingList,
    current_rank,
    floating_rank,
    is_publication_date,
    next_publication,
    next_title,
    publication_step,
    publish_list,
)
from fedrank.engines.go_ufgo.rating import (
    Game,
    PassCheck,
    PlayerResult,
    PlayerStart,
    Tournament,
    TournamentResult,
    rate_tournament,
)
from fedrank.engines.go_ufgo.submission import (
    Submission,
    SubmittedPlayer,
    parse_submission,
    tournament_code,
)
from fedrank.engines.kernel import to_jsonable

SYSTEM_ID = "go_ufgo"

__all__ = [
    "DAN_NORMS",
    "FACTS",
    "SYSTEM_ID",
    "Game",
    "Given",
    "HeldDanChange",
    "ListEntry",
    "ListPlayer",
    "NextTitle",
    "ParsedPlayer",
    "ParsedTournament",
    "PassCheck",
    "PlayerResult",
    "PlayerStart",
    "PlayerState",
    "Rank",
    "RatingList",
    "RatingState",
    "ReplayResult",
    "Snapshot",
    "Submission",
    "SubmittedPlayer",
    "Tournament",
    "TournamentResult",
    "calc_document",
    "calc_parsed",
    "current_rank",
    "floating_rank",
    "is_publication_date",
    "next_publication",
    "next_title",
    "parse_csv",
    "parse_document",
    "parse_h_file",
    "parse_json",
    "parse_opengotha",
    "parse_submission",
    "publication_step",
    "publish_list",
    "rate_tournament",
    "replay",
    "tournament_code",
]


def calc_parsed(parsed: ParsedTournament) -> dict[str, Any]:
    """Rate a parsed file from the starting IKs it carries; JSON-ready, with every trace."""
    result = rate_tournament(parsed.tournament, parsed.starts())
    lines = {p.name: p.line for p in parsed.players}
    standings = []
    for p in sorted(result.players, key=lambda r: (-r.ik_after, r.player)):
        row = p.to_json()
        row["line"] = lines.get(p.player)
        standings.append(row)
    out: dict[str, Any] = to_jsonable(
        {
            "system": SYSTEM_ID,
            "format": parsed.format,
            "tournament": parsed.tournament.to_json(),
            "passes": result.passes,
            "anomalies": result.anomalies,
            "standings": standings,
            "warnings": [*parsed.warnings, *result.warnings],
        }
    )
    return out


def calc_document(text: str, *, filename: str = "") -> dict[str, Any]:
    """Parse one tournament file (h-file, CSV or JSON) and rate it: ``fedrank calc go_ufgo``."""
    return calc_parsed(parse_document(text, filename=filename))
