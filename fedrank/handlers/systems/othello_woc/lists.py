"""The Othello list of a date: the current standing of the latest tournament held by then.

Positions are the IFRL places (shared as II.3.3 declares players equal) once the first two
days are over, else the standings' ranks (points, BQ, discs, lot: a total order); ``rating``
is the tournament points and ``title`` the player's current title.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any

from fedrank.engines.othello_woc import BYE, Document, parse_document
from fedrank.handlers.systems.othello_woc.history import latest
from fedrank.handlers.wording.common import fmt
from fedrank.storage.models import Discipline
from fedrank.storage.records import ComputedList, NewListRow
from fedrank.storage.repos import Repos


def points(value: Decimal | str | int) -> str:
    """A score in Othello points: "1 pt", "0.5 pts", "2 pts" (one point is singular)."""
    amount = Decimal(str(value))
    return f"{fmt(amount)} {'pt' if amount == 1 else 'pts'}"


def next_text(fid: str, params: dict[str, Any], row: dict[str, Any], leader: Decimal) -> str:
    """What the player still has ahead of him, as one readable string."""
    played, total = params["rounds_played"], params["rounds_total"]
    if params.get("entered_as") == "standings":
        return f"final standings as published, place {row['rank']}"
    if row.get("withdrawn"):
        return f"withdrew (II.7); {points(row['points'])} after round {played} of {total}"
    pairing = params.get("next_round")
    if pairing is not None:
        gap = leader - Decimal(row["points"])
        standing = "leads" if gap == 0 else f"{points(gap)} behind the leader"
        where = f"round {pairing['round']}: not paired"
        for pair in pairing["pairs"]:
            if fid in (pair["black"], pair["white"]):
                colour = "black" if fid == pair["black"] else "white"
                opponent = pair["white"] if colour == "black" else pair["black"]
                where = f"round {pairing['round']}: table {pair['table']}, {colour} v {opponent}"
        if fid in pairing["byes"]:
            where = f"round {pairing['round']}: bye"
        return f"after round {played} of {total}: {standing}; {where}"
    ifrl = {e["player"]: e for e in params.get("ifrl", [])}
    place = ifrl.get(fid, {}).get("place", row["rank"])
    if fid in params.get("qualified", []):
        return f"IFRL {place}: semi-final (seed 004 III)"
    pending = [
        p
        for p in params.get("playoffs", [])
        if p["winner"] is None and fid in (p["higher"], p["lower"])
    ]
    if pending:
        p = pending[0]
        other = p["lower"] if fid == p["higher"] else p["higher"]
        return f"play-off v {other} for places {p['places'][0]}/{p['places'][1]} (II.3.2)"
    final = "" if params.get("ifrl_final") else " (provisional)"
    return f"IFRL {place}{final}: first two days over"


def counted(doc: Document, fid: str) -> list[dict[str, Any]]:
    """The player's games round by round (what /history shows)."""
    out: list[dict[str, Any]] = []
    for r in doc.tournament.rounds:
        for g in r.games:
            if g.has(fid):
                out.append(
                    {
                        "round": r.number,
                        "colour": "B" if g.black == fid else "W",
                        "opponent": g.opponent(fid),
                        "score": f"{g.discs(fid)}-{g.discs(g.opponent(fid))}",
                        "points": fmt(g.points(fid)),
                    }
                )
        if fid in r.byes:
            out.append(
                {"round": r.number, "colour": "", "opponent": BYE, "score": "", "points": ""}
            )
        if fid in r.unplayed:
            out.append(
                {
                    "round": r.number,
                    "colour": "",
                    "opponent": "unplayed",
                    "score": "",
                    "points": "0",
                }
            )
    return out


async def compute_list(repos: Repos, discipline: Discipline, list_date: date) -> ComputedList:
    """The current standing of the latest tournament held on or before ``list_date``."""
    found = await latest(repos, discipline, list_date)
    if found is None:
        return ComputedList([], data={"tournament": None})
    tournament, version = found
    params = version.params
    # A finished tournament entered as its published table has no games to show.
    published = params.get("entered_as") == "standings"
    doc = None if published else parse_document(str(params["document"]))
    ifrl = {e["player"]: e for e in params.get("ifrl", [])}
    leader = max((Decimal(r["points"]) for r in params["standings"]), default=Decimal(0))
    rows: list[NewListRow] = []
    for row in params["standings"]:
        fid = row["player"]
        position = int(ifrl[fid]["place"]) if fid in ifrl else int(row["rank"])
        title = await repos.ledger.current_title(row["player_id"], discipline.id, list_date)
        data = dict(row)
        data.update(
            tournament=tournament.code,
            next=next_text(fid, params, row, leader),
            counted=[] if doc is None else counted(doc, fid),
        )
        rows.append(
            NewListRow(
                int(row["player_id"]),
                position,
                Decimal(row["points"]),
                None if title is None else title.title,
                data,
            )
        )
    rows.sort(key=lambda r: (r.position, -r.rating))
    return ComputedList(
        rows,
        data={
            "tournament": tournament.code,
            "name": tournament.name,
            "held_on": version.held_on.isoformat(),
            "version": version.version,
            "rounds_played": params["rounds_played"],
            "rounds_total": params["rounds_total"],
            "order": "IFRL"
            if ifrl
            else "standings as published"
            if params.get("entered_as") == "standings"
            else "standings (points, BQ, discs, lot)",
        },
    )
