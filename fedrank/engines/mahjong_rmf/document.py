"""``fedrank calc mahjong_rmf FILE``: one tournament sheet (see :mod:`.parsing`) to JSON-ready
awards with traces (seed 000_b2439bb06382b403, Appendix 1; RULES.md mahjong_rmf).

Each player gets an ``NRKT`` award (``NR * KT``) with its trace, and a standing that shows the
norm met and the level after this tournament's norm (Decision "norm above 2000"). The one-year
check of dan levels needs the list dates and the date each level was confirmed, which a single
sheet does not carry, so it is not applied here (a warning says so when dan players take part).
"""

from __future__ import annotations

from typing import Any

from fedrank.engines.kernel import RuleError, to_jsonable
from fedrank.engines.mahjong_rmf.levels import START, apply_norm
from fedrank.engines.mahjong_rmf.parsing import parse_sheet
from fedrank.engines.mahjong_rmf.tables import RULE_KT_CHUT
from fedrank.engines.mahjong_rmf.tournament import compute_tournament

SYSTEM_ID = "mahjong_rmf"


def calc_document(text: str, *, filename: str = "") -> dict[str, Any]:
    """Parse one tournament sheet and compute its awards; JSON-ready."""
    sheet = parse_sheet(text, filename=filename)
    t = sheet.tournament
    # No registry here: an empty level cell is 12 kyu (Decision "levels brought in").
    unlevelled = [e.player for e in t.entries if e.player not in sheet.levels]
    levels = {e.player: sheet.levels.get(e.player, START) for e in t.entries}
    try:
        result = compute_tournament(t, {p: lv.eu for p, lv in levels.items()})
    except RuleError as exc:
        if exc.rule == RULE_KT_CHUT and "chut" in sheet.header_lines:
            raise RuleError(exc.message, rule=exc.rule, line=sheet.header_lines["chut"]) from exc
        raise
    standings = []
    for r in result.results:
        before = levels[r.player]
        outcome = apply_norm(before, r.norm, t.date)
        standings.append(
            {
                "place": r.place,
                "place_mean": r.place_mean,
                "player": r.player,
                "NR": r.nr,
                "NRKT": r.nrkt,
                "norm": r.norm_label,
                "level_before": before.label,
                "level_after": outcome.after.label,
                "level_outcome": outcome.kind,
            }
        )
    warnings = list(result.warnings)
    if unlevelled:
        warnings.append(
            f"no level given for {', '.join(unlevelled)}: 12 kyu (0) is used, as for a player "
            "never rated (RULES.md mahjong_rmf Decision 'levels brought in')"
        )
    if any(lv.is_dan for lv in sheet.levels.values()):
        warnings.append(
            "level_after applies this tournament's norm only; the one-year check of dan levels "
            "runs on list dates (RULES.md mahjong_rmf Decision 'one-year confirmation')"
        )
    tournament = {
        **t.to_json(),
        "CHUT": result.chut,
        "CHUT_row": result.chut_row,
        "KT_CHS": result.kt_chs,
        "KT_CHUT": result.kt_chut,
        "EU_mean": result.eu_mean,
        "KT_EU": result.kt_eu,
        "KT_W": result.kt_w,
        "KT": result.kt,
        "trace": result.trace,
    }
    out: dict[str, Any] = to_jsonable(
        {
            "system": SYSTEM_ID,
            "tournament": tournament,
            "awards": [r.award() for r in result.results],
            "standings": standings,
            "warnings": warnings,
        }
    )
    return out
