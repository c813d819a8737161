"""An Othello round filled from players' reports (issue 22): the round sheet.

A WOC tournament stored from a file publishes the pairing of its next round
(``params["next_round"]``). Once a director opens it for reports, each player reports the
game of that round with its discs (``/report <tournament> <opponent> win 40-24``); when the
opponent confirms (or a director approves a disputed one), the game is in the round's sheet:
the report is counted, and no version is written. ``/roundstatus <tournament>`` shows every
table of the pairing with its result or what is missing; ``/round <tournament>`` with nothing
pasted enters the sheet as the director's text would be (:func:`round_text`), so the round,
its standings and the next pairing are exactly those of ``/round`` with the same results.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from fedrank.engines.othello_woc import parse_document
from fedrank.handlers.errors import UserError
from fedrank.handlers.wording.i18n import t
from fedrank.storage.models import GameReport, Tournament
from fedrank.storage.repos import Repos

#: Report states that hold a place of the sheet (a second report of the pair is refused).
_HOLDING = ("reported", "confirmed", "disputed", "approved")


def pairing_of(params: Mapping[str, Any]) -> dict[str, Any] | None:
    """The published pairing of the next round, None unless the version is an Othello
    tournament with rounds still to play."""
    if "rounds_played" not in params:
        return None
    pairing = params.get("next_round")
    return dict(pairing) if isinstance(pairing, Mapping) else None


def fills_sheet(params: Mapping[str, Any]) -> bool:
    """Whether a counted game goes into a round sheet rather than a new version."""
    return pairing_of(params) is not None


def table_of(pairing: Mapping[str, Any], a: str, b: str) -> dict[str, Any] | None:
    """The pairing's table where ``a`` and ``b`` (federation IDs) meet, in either colour."""
    for pair in pairing.get("pairs", []):
        if {pair["black"], pair["white"]} == {a, b}:
            return dict(pair)
    return None


def _fids(params: Mapping[str, Any]) -> dict[int, str]:
    return {int(pid): fid for fid, pid in params.get("players", {}).items()}


def _at_table(
    pairing: Mapping[str, Any], params: Mapping[str, Any], reports: Sequence[GameReport]
) -> dict[int, GameReport]:
    """Each table's report of this round (the latest that holds it)."""
    fids = _fids(params)
    played = _played(params)
    out: dict[int, GameReport] = {}
    for row in reports:
        if row.state not in _HOLDING:
            continue
        a, b = fids.get(row.reporter_id), fids.get(row.opponent_id)
        if a is None or b is None or frozenset((a, b)) in played:
            continue  # a game of an earlier round, already stored
        pair = table_of(pairing, a, b)
        if pair is not None:
            out[int(pair["table"])] = row
    return out


def _played(params: Mapping[str, Any]) -> set[frozenset[str]]:
    """The pairs that met in the stored rounds (their reports are of earlier rounds)."""
    document = parse_document(str(params.get("document", "")))
    return {frozenset((g.black, g.white)) for r in document.tournament.rounds for g in r.games}


def _discs(pair: Mapping[str, Any], row: GameReport, fids: Mapping[int, str]) -> str:
    """The game as the round text writes it: ``black white black-discs-white-discs``."""
    reporter_black = fids[row.reporter_id] == pair["black"]
    black, white = (row.score1, row.score2) if reporter_black else (row.score2, row.score1)
    return f"{pair['black']} {pair['white']} {black}-{white}"


async def held_in_sheet(
    repos: Repos, tournament: Tournament, params: Mapping[str, Any], a: str, b: str
) -> GameReport | None:
    """The report that already holds the table of ``a`` and ``b`` this round, if any."""
    pairing = pairing_of(params)
    if pairing is None:
        return None
    pair = table_of(pairing, a, b)
    if pair is None:
        return None
    tables = _at_table(pairing, params, await repos.game_reports.of_tournament(tournament.id))
    return tables.get(int(pair["table"]))


async def status(
    repos: Repos, tournament: Tournament, params: Mapping[str, Any], language: str
) -> tuple[list[tuple[str, str, str, str]], int]:
    """Each table of the round (table, black, white, result or state) and how many are in."""
    pairing = pairing_of(params)
    assert pairing is not None
    fids = _fids(params)
    tables = _at_table(pairing, params, await repos.game_reports.of_tournament(tournament.id))
    rows = []
    done = 0
    for pair in pairing["pairs"]:
        row = tables.get(int(pair["table"]))
        if row is not None and row.state == "approved":
            done += 1
            state = _discs(pair, row, fids).split()[-1]
        elif row is not None:
            state = t(language, f"sheet.state_{row.state}", report=row.id)
        else:
            state = t(language, "sheet.missing")
        rows.append((str(pair["table"]), pair["black"], pair["white"], state))
    return rows, done


async def round_text(
    repos: Repos, tournament: Tournament, params: Mapping[str, Any], language: str
) -> str:
    """The round as a director would paste it, from the sheet; refused while a table is
    missing (every missing table named), or when the sheet is empty."""
    pairing = pairing_of(params)
    number = int(params["rounds_played"]) + 1
    if pairing is None:
        raise UserError(t(language, "othello.round_empty", round=number))
    fids = _fids(params)
    tables = _at_table(pairing, params, await repos.game_reports.of_tournament(tournament.id))
    agreed = {n: row for n, row in tables.items() if row.state == "approved"}
    if not agreed:
        raise UserError(t(language, "othello.round_empty", round=number))
    missing = [str(p["table"]) for p in pairing["pairs"] if int(p["table"]) not in agreed]
    if missing:
        raise UserError(t(language, "sheet.incomplete", round=number, tables=", ".join(missing)))
    lines = [_discs(p, agreed[int(p["table"])], fids) for p in pairing["pairs"]]
    lines += [f"{fid} BYE" for fid in pairing.get("byes", [])]
    return "\n".join(lines)
