"""The go_ufgo list of a date from the ledger's IK lines, and what each row tells the player.

A list of date D counts the tournaments dated before D (the engine's replay decision). On a
quarterly date the engine's ``publish_list`` gives, keeps or lowers 4-7 dan and those changes
are the list's titles; any other date (an on-demand list) shows held dans unchanged. Ties in IK
share a position (the rulebook does not rank them; fedrank Decision: 1, 2, 2, 4). Only members
on the list date are listed (§1.1, :func:`not_members`).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field
from datetime import date, timedelta
from decimal import Decimal
from typing import Any, Final

from fedrank.engines.go_ufgo import (
    ListPlayer,
    current_rank,
    is_publication_date,
    next_publication,
    next_title,
    publish_list,
)
from fedrank.handlers.systems.go_ufgo.events import KIND, SEED, SYSTEM
from fedrank.handlers.systems.go_ufgo.history import History, held_dan
from fedrank.handlers.systems.go_ufgo.importing import signed
from fedrank.handlers.wording.common import fmt
from fedrank.handlers.wording.words import joined, rule, say, title
from fedrank.storage.models import Discipline
from fedrank.storage.records import ComputedList, NewListRow, NewTitle, Phrase
from fedrank.storage.repos import Repos

COUNTED_SHOWN: Final = 10
"""How many of a player's latest tournaments a list row lists under ``counted``."""


@dataclass(slots=True)
class _Line:
    """A player's IK lines up to a list date: the running IK and each tournament's change."""

    ik: Decimal = Decimal(0)
    versions: set[int] = field(default_factory=set)
    counted: list[dict[str, str]] = field(default_factory=list)


async def compute_list(repos: Repos, discipline: Discipline, list_date: date) -> ComputedList:
    """The list of ``list_date`` from the IK lines of tournaments dated before it."""
    lines: dict[int, _Line] = {}
    for award in await repos.ledger.discipline_awards(discipline.id):
        if award.kind != KIND or award.awarded_on >= list_date:
            continue
        line = lines.setdefault(award.player_id, _Line())
        line.ik += award.amount
        line.versions.add(award.version_id)
        steps = award.trace or []
        if len(steps) > 2 and steps[0].get("name") == "tournament":
            line.counted.append(
                {
                    "date": award.awarded_on.isoformat(),
                    "tournament": str(steps[0].get("value", "")),
                    "change": signed(award.amount),
                    "IK": fmt(line.ik),
                }
            )
    history = History(repos, discipline, None)
    day_before = list_date - timedelta(days=1)
    players: list[ListPlayer] = []
    births: dict[int, date | None] = {}
    outside = await not_members(repos, lines, list_date)
    for pid in lines:
        if pid in outside:
            continue
        player = await history.player(pid)
        births[pid] = player.birth_date
        held = held_dan(await history.titles(pid), day_before)
        players.append(ListPlayer(str(pid), lines[pid].ik, held, player.birth_date))
    publication = is_publication_date(list_date)
    if publication:
        entries = [
            (int(e.player), e.ik, e.rank_after, e.held_dan_after, e.action, e.trace.to_json())
            for e in publish_list(list_date, players).entries
        ]
    else:
        entries = [
            (int(p.player), p.ik, current_rank(p.ik, p.held_dan), p.held_dan, "none", [])
            for p in players
        ]
    entries.sort(key=lambda e: (-e[1], e[0]))
    rows: list[NewListRow] = []
    titles: list[NewTitle] = []
    actions: dict[str, list[str]] = {}
    position = 0
    previous: Decimal | None = None
    for index, (pid, ik, rank, held, action, trace) in enumerate(entries, start=1):
        if ik != previous:
            position, previous = index, ik
        line = lines[pid]
        data: dict[str, Any] = {
            "next": say("en", following := next_phrase(ik, held, births[pid], list_date)),
            "next_phrase": following,
            "IK": format(ik, "f"),
            "rank": rank.label,
            "held_dan": held,
            "action": action,
            "tournaments": len(line.versions),
        }
        if line.counted:
            data["last"] = line.counted[-1]
            data["counted"] = line.counted[-COUNTED_SHOWN:][::-1]
        if action not in ("none", "kept"):
            data["trace"] = trace
            fid = (await history.player(pid)).federation_player_id
            actions.setdefault(action, []).append(fid)
        if action in ("assigned", "lowered"):
            titles.append(
                NewTitle(
                    pid,
                    rank.label,
                    list_date,
                    value=ik,
                    reason=f"quarterly list of {list_date.isoformat()}: {action} "
                    f"({SEED} §2.5-§2.7)",
                )
            )
        rows.append(NewListRow(pid, position, ik, rank.label, data))
    return ComputedList(
        rows=rows,
        titles=titles,
        data={
            "system": SYSTEM,
            "publication": publication,
            "counts_tournaments_before": list_date.isoformat(),
            "changes": actions,
        },
    )


async def not_members(repos: Repos, players: Collection[int], on: date) -> set[int]:
    """The players the registry records as not members on ``on``: seed 002 §1.1 gives an IK to
    each member of the UFGO and §1.5-§1.6 list the members, so they are not listed (their IK
    lines still count, as an opponent's do). A player with no membership recorded is listed:
    fedrank Decision, the registry does not know him as a non-member (players registered from
    a results file, federations that keep no membership dates)."""
    periods = await repos.players.membership_periods(players)
    return {
        pid
        for pid, spans in periods.items()
        if not any(start <= on and (end is None or end >= on) for start, end in spans)
    }


def next_phrase(ik: Decimal, held: int | None, birth: date | None, on: date) -> dict[str, Any]:
    """What the player still needs for his next rank, as a phrase for the reader's language
    (:func:`fedrank.handlers.wording.words.say`; in English, the row's ``next``)."""
    nt = next_title(ik, held)
    parts: list[Phrase | str] = []
    if nt.next_rank is None:
        parts.append(Phrase("go.next.highest", {"rank": title(nt.rank.label)}))
    else:
        more = (
            Phrase("go.next.more", {"n": fmt(nt.points_needed)})
            if nt.points_needed
            else Phrase("go.next.reached")
        )
        values = {"rank": title(nt.next_rank.label), "ik": str(nt.ik_needed), "more": more}
        if nt.at_publication:
            values["date"] = next_publication(on).isoformat()
            parts.append(Phrase("go.next.at_list", values))
        else:
            parts.append(Phrase("go.next.at_ik", values))
    if nt.keep_above is not None:
        held_rank = title(nt.rank.label)
        if birth is not None and age(birth, on) > 60:
            parts.append(
                Phrase("go.next.never_lowered", {"rank": held_rank, "rule": rule(f"{SEED} §2.7")})
            )
        else:
            parts.append(Phrase("go.next.lowered", {"rank": held_rank, "ik": str(nt.keep_above)}))
    return joined("frame.sep.then", parts)


def age(birth: date, on: date) -> int:
    """Completed years on ``on``."""
    years = on.year - birth.year
    return years - 1 if (on.month, on.day) < (birth.month, birth.day) else years
