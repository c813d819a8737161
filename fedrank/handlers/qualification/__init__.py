"""Qualification windows for international events (RMF seed 000 section 3), stored and run.

The rules are the engine's (:mod:`fedrank.engines.mahjong_rmf.qualification`): who is in the
quota, who is informed by when, who consents within 15 days, where a refused or expired place
goes. This package stores its state and does what it says is due:

- :mod:`.state`: the engine's state as JSON on the window's row, the event the row describes,
  and the list frozen on the qualification date (the system adapter's ``qualification_list``).
- :mod:`.run`: the scheduler's steps (:func:`advance_all`, :func:`advance_one`): freeze the
  list, invite (3.4: within 7 days), remind :data:`REMIND_DAYS` days before the 15-day
  deadline (3.5), move the silent to the reserve and pass the place down (3.6), tell the
  directors when the quota is filled or the reserve is exhausted.
- :mod:`.messages`: what players and directors are told, in each reader's language.
- :mod:`.commands`: ``/qualify`` (a window whose date has passed asks how to go on).
- :mod:`.answers`: ``/qconfirm``, ``/qdecline`` (asked twice after confirming), ``/qrecord``
  (a director records a player's answer), ``/qrestore`` (a place declined by mistake).
- :mod:`.views`: ``/qualifications`` (every window) and ``/qualification`` (one, in full).
- :mod:`.places`: the place that passed down, and restoring a declined one.

Every step is written to the audit log. All messages go through the outbox
(:mod:`fedrank.handlers.notify`) with keys that name the step
(``qual:<id>:invite:<player>:<offered on>`` …), so a re-run never sends twice.

Decisions (tested in ``tests/handlers/qualification/``):

- A player is *informed* on the day his invitation is enqueued (the outbox delivers it within
  minutes); his 15 days run from that day. A player with no linked account cannot be reached by
  the bot: the directors get the invitation to pass on, and the same day counts.
- Dates are days in the federation's time zone; answers are recorded with their time, and the
  consent deadline is inclusive (an answer on the 15th day counts).
- The list is frozen from the ledger as it stands when the scheduler first runs on or after the
  qualification date, computed for that date; a tie the Presidium did not order (engine
  RuleError 3.1) stops the freeze, the directors are told once, and ``/qualify`` with
  ``tie=`` on a new window is the way out.
"""

from __future__ import annotations

from fedrank.handlers.qualification.answers import qconfirm, qdecline, qrecord, qrestore
from fedrank.handlers.qualification.commands import USAGE, qualify
from fedrank.handlers.qualification.run import (
    REMIND_DAYS,
    QualificationRun,
    advance_all,
    advance_one,
)
from fedrank.handlers.qualification.state import (
    SYSTEM,
    event_of,
    rating_list_on,
    state_from_json,
    state_to_json,
)
from fedrank.handlers.qualification.views import qualifications, show

__all__ = [
    "REMIND_DAYS",
    "SYSTEM",
    "USAGE",
    "QualificationRun",
    "advance_all",
    "advance_one",
    "event_of",
    "qconfirm",
    "qdecline",
    "qrecord",
    "qrestore",
    "qualifications",
    "qualify",
    "rating_list_on",
    "show",
    "state_from_json",
    "state_to_json",
]
