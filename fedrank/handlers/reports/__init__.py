"""Players report their games; a game counts once the opponent (and maybe a director) agree.

The flow (issue 8, "Players reporting games"):

1. A director opens a tournament for reports: ``/openreports <discipline> <code> [name…]``
   creates it (an empty version 1 dated today) when it is not stored yet and sets
   ``Tournament.open_for_reports``; ``/closereports <discipline> <code>`` closes it.
2. A linked player reports: ``/report <tournament> <opponent> <win|loss|draw> [40-24]``
   (Go: ``<B+R|W+3.5|B+T|jigo|win|loss> [black|white]``, :mod:`.league`), the result and score
   seen from the reporter's side; the opponent is named by his ID in any form, EGD PIN or
   name (:func:`.league.find_opponent`). Refused, with nothing written, unless
   the tournament is open and belongs to the player's own federation, the opponent is another
   player of that federation, and no report of the same pair is still waiting in it.
3. The opponent sees it in ``/reports`` with Confirm / Dispute buttons (``/gameok <id>``,
   ``/gamedispute <id>``), and the same message is queued in the outbox for each of his linked
   accounts (``report:<id>:ask:…``; the directors get ``report:<id>:decide:…`` with Approve /
   Reject when a report waits for them, the players a line when it is counted or rejected).
4. Confirmed, it counts at once, unless ``Federation.reports_need_approval``: then it waits
   for a director's ``/gameapprove <id>`` (or ``/gamereject <id>``). A disputed report goes to
   the directors' ``/reports`` list, where they approve or reject it.
5. Counting writes the game into a new version of the tournament through
   ``repos.ledger.record_tournament``, keeping the previous version's entries, games and awards
   (so the ledger never loses a line), and adding an entry (no place) for a newcomer.

The package: :mod:`.commands` (the chat commands), :mod:`.notices` (what the other side is
told, through the outbox), :mod:`.ledger` (the write of a counted game and the audit lines),
:mod:`.parts` (a report with its tournament and players, read once).

States of :class:`~fedrank.storage.models.GameReport`: ``reported`` (waiting for the
opponent), ``confirmed`` (the opponent agreed, a director must approve), ``disputed`` (the
opponent disagreed, a director decides), ``approved`` (counted: written as a game; where no
approval is required the opponent's confirmation is the approval) and ``rejected``. Every step
is in the audit log (``reports.opened``/``closed``, ``report.created``/``confirmed``/
``disputed``/``approved``/``rejected``/``counted``).

Decisions where the issue is open:

- **Rounds.** A report names no round (the issue's ``/report`` has none and the stored report
  has no round column). "Never twice the same round pair" is kept in two ways: a pair has at
  most one report waiting at a time (whichever of the two reported it), and a counted game is
  put in the first round after every stored game of either player, so neither player ever has
  two games in one round and a pair never meets twice in a round. A pair may meet again in a
  later round (a double round robin); the opponent's confirmation guards against a double
  report of one game.
- **Closing** stops new reports only: reports already made can still be confirmed, disputed,
  approved or rejected, so a game played before the close is not lost.
- **Rating the games.** An adapter that can rate games from players' reports may define
  ``rate_games(repos, discipline, tournament, entries, games) -> Prepared``: given the
  tournament and the entries and games its next version will hold, it returns the whole
  prepared version (awards, titles, replays), which is then written like a confirmed
  submission (``repos.ledger.write_prepared``). No adapter has it yet (Go rates a tournament
  from its stored params, Othello is a tournament engine), so a counted game is stored as a
  game of a version without new awards (``/openreports`` says so), and the director's next
  submission or publication rates it.
- **Go club leagues** (issue 22) are rated: ``/league`` opens a Go tournament whose settings
  (board, time, official) are kept in its version's params, and its counted games are rated
  by :mod:`.league` round by round (``/closeround``) or at once, the whole tournament so far
  each time, so the league's last version equals the same games submitted as one file.
  ``/mygames`` (:mod:`.mine`) lists a player's own reports and their states.
- **Othello rounds** (issue 22): in a WOC tournament with a published pairing, an agreed game
  fills the round sheet (:mod:`.sheet`) instead of a version; ``/round`` with nothing pasted
  enters the sheet.
"""

from __future__ import annotations

from fedrank.handlers.reports.commands import (
    MAX_NAME,
    RESULTS,
    closereports,
    gameapprove,
    gamedispute,
    gameok,
    gamereject,
    openreports,
    report,
    reports,
)
from fedrank.handlers.reports.league import close_round, open_league
from fedrank.handlers.reports.ledger import can_rate, count_game, next_round
from fedrank.handlers.reports.mine import mygames
from fedrank.handlers.reports.parts import ReportParts, parts_of

__all__ = [
    "MAX_NAME",
    "RESULTS",
    "ReportParts",
    "can_rate",
    "close_round",
    "closereports",
    "count_game",
    "gameapprove",
    "gamedispute",
    "gameok",
    "gamereject",
    "mygames",
    "next_round",
    "open_league",
    "openreports",
    "parts_of",
    "report",
    "reports",
]
