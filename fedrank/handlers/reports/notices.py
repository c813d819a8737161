"""What the other side of a game report is told, through the outbox.

The opponent is asked with Confirm / Dispute buttons (``report:<id>:ask:…``), the directors
get what waits for their decision with Approve / Reject (``report:<id>:decide:…``), and the
players hear the outcome (``disputed``, ``confirmed``, ``rejected``, ``counted``): each in the
account's own language, once per step and account (:mod:`fedrank.handlers.notify`).
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from fedrank.handlers.notify import Build, notify_accounts, player_accounts
from fedrank.handlers.reports.parts import ReportParts, describe
from fedrank.handlers.wording.i18n import t
from fedrank.handlers.wording.reply import Reply, bold
from fedrank.storage.models import Account
from fedrank.storage.repos import Repos

KIND = "game_report"


async def tell(
    repos: Repos,
    accounts: Iterable[Account],
    key: str,
    build: Build,
    now: datetime,
    *,
    skip: Account | None = None,
) -> None:
    """Queue ``build(language)`` for each account, in its language, once per ``key``."""
    await notify_accounts(repos, accounts, key, build, now, kind=KIND, skip=skip)


def ask_opponent(p: ReportParts) -> Build:
    def build(language: str) -> Reply:
        reply = Reply(private=True).line(bold(t(language, "report.notice_ask")))
        reply.line(describe(language, p))
        reply.button(t(language, "report.confirm", report=p.report.id), f"/gameok {p.report.id}")
        reply.button(
            t(language, "report.dispute", report=p.report.id), f"/gamedispute {p.report.id}"
        )
        return reply

    return build


def ask_directors(p: ReportParts) -> Build:
    def build(language: str) -> Reply:
        reply = Reply(private=True).line(bold(t(language, "report.notice_decide")))
        reply.line(describe(language, p))
        reply.button(
            t(language, "report.approve", report=p.report.id), f"/gameapprove {p.report.id}"
        )
        reply.button(t(language, "report.reject", report=p.report.id), f"/gamereject {p.report.id}")
        return reply

    return build


def news(key: str, **values: object) -> Build:
    """A one-line outcome for the players."""
    return lambda language: Reply.text(t(language, key, **values), private=True)


async def directors(repos: Repos, federation_id: int) -> list[Account]:
    holders = await repos.roles.holders(federation_id)
    return [account for account, role in holders if role in ("director", "admin")]


async def players_accounts(repos: Repos, *player_ids: int) -> list[Account]:
    """The players' accounts for a personal notice, each where he chose (``/notify``)."""
    out: list[Account] = []
    for player_id in player_ids:
        out.extend(await player_accounts(repos, player_id))
    return out


async def tell_directors(repos: Repos, p: ReportParts, now: datetime) -> None:
    """A confirmed report waiting for approval, or a disputed one, is sent to the directors."""
    await tell(
        repos,
        await directors(repos, p.federation.id),
        f"report:{p.report.id}:decide",
        ask_directors(p),
        now,
    )


async def tell_players(
    repos: Repos, p: ReportParts, step: str, build: Build, now: datetime, *, skip: Account
) -> None:
    """Both players' accounts hear the outcome (not the one who decided it)."""
    accounts = await players_accounts(repos, p.report.reporter_id, p.report.opponent_id)
    await tell(repos, accounts, f"report:{p.report.id}:{step}", build, now, skip=skip)
