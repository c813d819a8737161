"""A director's go_ufgo file made ready for confirmation: parsed, players found, rated.

The file is read by the engine (:func:`~fedrank.engines.go_ufgo.parse_submission`), its players
are found by ID, EGD PIN or name here (:mod:`fedrank.handlers.systems.players`), and it
is rated from the stored history at its place in it
(:mod:`.history`), re-rating the later tournaments a correction or an earlier date affects.
Nothing is written: the director confirms the preview first.
"""

from __future__ import annotations

import asyncio
from functools import partial

from fedrank.engines.go_ufgo import Given, Submission, parse_submission, tournament_code
from fedrank.engines.sniff import refined
from fedrank.handlers.access import stored_federation
from fedrank.handlers.codes import assign_code
from fedrank.handlers.systems.base import withdrawal
from fedrank.handlers.systems.go_ufgo.events import LAST, Key, Seat
from fedrank.handlers.systems.go_ufgo.history import (
    History,
    key,
    replay,
    replay_later,
    stored_events,
    tournaments,
)
from fedrank.handlers.systems.go_ufgo.importing import (
    seats_of,
    submitted_event,
    wanted_of,
)
from fedrank.handlers.systems.players import Names, find_players
from fedrank.storage.models import Discipline, Federation, Player, Tournament, TournamentVersion
from fedrank.storage.records import Prepared
from fedrank.storage.repos import Repos

PASTED = "pasted.txt"
"""The name a pasted table comes with: its format is recognised by its content."""


async def prepare(
    repos: Repos,
    discipline: Discipline,
    text: str,
    filename: str,
    names: Names | None = None,
    given: Given | None = None,
) -> Prepared:
    """Parse, find every player, rate from the stored history; write nothing. ``given``: the
    tournament facts from the submission and the discipline's defaults.

    Corrections (same code) and tournaments dated before stored ones re-rate the later
    tournaments (``replays``).
    """
    federation = await stored_federation(repos, discipline.federation_id)
    submission = await asyncio.to_thread(  # off the event loop
        partial(
            refined,
            "go_ufgo",
            parse_submission,
            text,
            filename="" if filename == PASTED else filename,
            federation_code=federation.code,
            given=given,
        )
    )
    players, seats = await _resolve(repos, federation, submission, names)
    code = tournament_code(submission.parsed)
    if not any(k.lower() == "code" for k in submission.parsed.tags):
        # No code in the file: a short one (a correction keeps the stored tournament's).
        parsed = submission.parsed.tournament
        code = await assign_code(
            repos, discipline.id, discipline.code, parsed.on, parsed.name, legacy=code
        )
    stored = await repos.ledger.tournament(discipline.id, code)
    key_new: Key = (submission.parsed.tournament.on, stored.id if stored else LAST)
    start_key = min(key_new, key(stored)) if stored else key_new
    later = [
        s
        for s in await tournaments(repos, discipline)
        if (stored is None or s.id != stored.id) and key(s) > start_key
    ]
    ev = submitted_event(submission, code, key_new, players, seats)
    fast = stored is None and not later
    history = History(repos, discipline, None if fast else start_key)
    history.remember(list(players.values()))
    reason = ""
    if stored is not None:
        current = await repos.ledger.current_version(stored.id)
        reason = f"correction of version {current.version}" if current else "correction"
    return await replay(
        ev,
        await stored_events(repos, later),
        history,
        corrected=stored is not None,
        reason=reason,
    )


async def withdraw(
    repos: Repos, discipline: Discipline, tournament: Tournament, version: TournamentVersion
) -> Prepared:
    """The version without results that withdraws ``tournament``, with the later tournaments
    re-rated from the history without it (those whose start changes)."""
    main = withdrawal(tournament, version)
    later = [s for s in await tournaments(repos, discipline) if key(s) > key(tournament)]
    _, main.replays = await replay_later(
        await stored_events(repos, later),
        History(repos, discipline, key(tournament)),
        reason=f"replayed after withdrawal of {tournament.code}",
    )
    return main


async def _resolve(
    repos: Repos, federation: Federation, submission: Submission, names: Names | None
) -> tuple[dict[str, Player], dict[str, Seat]]:
    """Each file name -> the federation's player (by ID, PIN or name); errors name the line."""
    found = await find_players(repos, federation, wanted_of(submission), names)
    return seats_of(submission, found)
