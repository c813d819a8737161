"""What a qualification window tells people, each message built in the reader's language.

Players get their invitation (3.4) with Confirm / Decline buttons and the 15-day deadline
(3.5), a reminder before it, and word that they moved to the reserve; directors get an
invitation to pass on when the player has no linked account, the summary when the quota is
filled or the reserve is exhausted, and the refusal when the list cannot be frozen. The run
(:mod:`.run`) decides who gets what and when; these only say it.
"""

from __future__ import annotations

from datetime import date

from fedrank.engines.mahjong_rmf.qualification import Qualification
from fedrank.handlers.common import player_label
from fedrank.handlers.i18n import t
from fedrank.handlers.reply import Reply, bold
from fedrank.storage.models import Account
from fedrank.storage.models import Qualification as QualificationRow
from fedrank.storage.repos import Repos


async def player_name(repos: Repos, player: str) -> str:
    """How a player (by his stored id) is named in messages; the id if he is gone."""
    row = await repos.players.get(int(player))
    return player_label(row) if row is not None else player


async def directors(repos: Repos, federation_id: int) -> list[Account]:
    """Who hears about the window: the federation's directors."""
    return list(await repos.qualifications.directors(federation_id))


def _answer_buttons(reply: Reply, row: QualificationRow, language: str) -> Reply:
    reply.button(t(language, "qual.button_confirm"), f"/qconfirm {row.id}")
    reply.button(t(language, "qual.button_decline"), f"/qdecline {row.id}")
    return reply


def invitation(
    row: QualificationRow, discipline: str, player: str, deadline: date, language: str
) -> Reply:
    """The invitation (3.4) with its deadline (3.5) and the buttons to answer."""
    reply = Reply(private=True).line(
        bold(t(language, "qual.invite_title", event=row.name, date=row.event_date))
    )
    reply.line(
        t(
            language,
            "qual.invite_text",
            player=player,
            discipline=discipline,
            deadline=deadline.isoformat(),
            id=row.id,
        )
    )
    return _answer_buttons(reply, row, language)


def invitation_to_pass_on(
    row: QualificationRow, discipline: str, player: str, deadline: date, language: str
) -> Reply:
    """The invitation for the directors of a player the bot cannot reach."""
    reply = invitation(row, discipline, player, deadline, language)
    return reply.line(t(language, "qual.no_account", player=player))


def reminder(row: QualificationRow, deadline: date, language: str) -> Reply:
    reply = Reply.text(
        t(language, "qual.reminder", event=row.name, deadline=deadline.isoformat(), id=row.id),
        private=True,
    )
    return _answer_buttons(reply, row, language)


def moved_to_reserve(row: QualificationRow, language: str) -> Reply:
    """The consent deadline passed without an answer (3.5)."""
    return Reply.text(t(language, "qual.expired", event=row.name, id=row.id), private=True)


def summary(
    row: QualificationRow,
    q: Qualification,
    names: dict[str, str],
    language: str,
    *,
    exhausted: bool,
) -> Reply:
    """For the directors: who holds a place, when the quota is filled or nobody is left."""
    key = "qual.summary_exhausted" if exhausted else "qual.summary_filled"
    reply = Reply(private=True).line(
        bold(t(language, key, event=row.name, id=row.id, unfilled=q.unfilled))
    )
    reply.table(
        (t(language, "qual.col_player"), t(language, "qual.col_state")),
        [
            (names.get(s.player, s.player), t(language, f"qual.state_{s.status.value}"))
            for s in q.holders
        ],
    )
    return reply


def refused(qualification_id: int, error: str, language: str) -> Reply:
    """For the directors: the list cannot be frozen (an unordered tie, 3.1)."""
    return Reply.text(t(language, "qual.refused", id=qualification_id, error=error), private=True)
