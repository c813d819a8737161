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
from fedrank.handlers.wording.common import player_label
from fedrank.handlers.wording.i18n import t, tn
from fedrank.handlers.wording.reply import Reply, bold
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


def record_buttons(reply: Reply, row: QualificationRow, fpid: str, language: str) -> Reply:
    """A director's buttons to record the answer a player gave by phone or in person."""
    reply.button(t(language, "qual.button_record_confirm"), f"/qrecord {row.id} {fpid} confirm")
    reply.button(t(language, "qual.button_record_decline"), f"/qrecord {row.id} {fpid} decline")
    return reply


def invitation_to_pass_on(
    row: QualificationRow, discipline: str, player: str, fpid: str, deadline: date, language: str
) -> Reply:
    """The invitation for the directors of a player the bot cannot reach: what to tell him,
    and buttons that record his answer (not the player's own, which answer for the presser)."""
    reply = Reply(private=True).line(
        bold(t(language, "qual.invite_title", event=row.name, date=row.event_date))
    )
    reply.line(
        t(
            language,
            "qual.pass_on_text",
            player=player,
            discipline=discipline,
            deadline=deadline.isoformat(),
            id=row.id,
            fpid=fpid,
        )
    )
    return record_buttons(reply, row, fpid, language)


def reminder_to_pass_on(
    row: QualificationRow, player: str, fpid: str, deadline: date, language: str
) -> Reply:
    """For the directors: a player without a linked account has not answered yet."""
    reply = Reply.text(
        t(
            language,
            "qual.reminder_pass_on",
            player=player,
            event=row.name,
            deadline=deadline.isoformat(),
            id=row.id,
            fpid=fpid,
        ),
        private=True,
    )
    return record_buttons(reply, row, fpid, language)


def expired_for_directors(
    row: QualificationRow, player: str, deadline: date, after: str | None, language: str
) -> Reply:
    """For the directors: a player's deadline passed (3.5) and where his place went (3.6)."""
    text = t(language, "qual.expired_directors", player=player, event=row.name, id=row.id)
    text += " " + t(language, "qual.expired_deadline", deadline=deadline.isoformat())
    passed = (
        t(language, "qual.passed_to", player=after)
        if after is not None
        else t(language, "qual.passed_to_nobody")
    )
    return Reply.text(text, passed, private=True)


def undelivered(
    row: QualificationRow,
    player: str,
    fpid: str,
    platform: str,
    error: str,
    language: str,
) -> Reply:
    """For the directors: a qualification notice to a player could not be delivered."""
    reply = Reply.text(
        t(
            language,
            "qual.undelivered",
            player=player,
            event=row.name,
            id=row.id,
            platform=platform,
            error=error or "—",
        ),
        private=True,
    )
    return record_buttons(reply, row, fpid, language)


def recorded(row: QualificationRow, consent: bool, director: str, language: str) -> Reply:
    """For the player: a director recorded the answer he gave by phone or in person."""
    key = "qual.recorded_confirm" if consent else "qual.recorded_decline"
    return Reply.text(t(language, key, event=row.name, id=row.id, director=director), private=True)


def offer_withdrawn(row: QualificationRow, player: str, language: str) -> Reply:
    """For the next player: the place he was offered went back to the one who declined it."""
    return Reply.text(
        t(language, "qual.offer_withdrawn", event=row.name, id=row.id, player=player),
        private=True,
    )


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
    if exhausted:
        title = tn(
            language,
            "qual.summary_exhausted",
            q.unfilled,
            unfilled=q.unfilled,
            event=row.name,
            id=row.id,
        )
    else:
        title = t(language, "qual.summary_filled", event=row.name, id=row.id)
    reply = Reply(private=True).line(bold(title))
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


def offer_withdrawn_for_directors(
    row: QualificationRow, other: str, player: str, language: str
) -> Reply:
    """For the directors: the withdrawn offer went to a player the bot cannot reach."""
    text = t(
        language,
        "qual.offer_withdrawn_directors",
        event=row.name,
        id=row.id,
        other=other,
        player=player,
    )
    return Reply.text(text, private=True)
