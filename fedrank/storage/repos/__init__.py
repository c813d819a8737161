"""Repositories by aggregate: every query fedrank makes lives here, named for what the handlers
need, and :class:`Repos` reaches them all within one unit of work.

Handlers never build SQL; they call these methods inside ``Database.transaction()`` (or
``Database.read()``). The few hot reads that run on a bare connection (``Database.connection``:
:func:`account_presence`, :func:`discipline_by_code`, :func:`latest_top`,
:func:`rating_cards`) are the same functions the repositories call, so each query has one copy.
Records that cross layers live in :mod:`fedrank.storage.records`.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from fedrank.storage.repos.accounts import (
    AccountRepo,
    account_language,
    account_presence,
    hash_code,
    normal_code,
)
from fedrank.storage.repos.audit import AuditRepo
from fedrank.storage.repos.federations import FederationRepo, discipline_by_code
from fedrank.storage.repos.game_reports import IN_FLIGHT, GameReportRepo
from fedrank.storage.repos.ledger import LedgerRepo
from fedrank.storage.repos.listed import stored_since, totals_as_listed
from fedrank.storage.repos.lists import ListRepo, latest_top, ledger_state, rating_cards
from fedrank.storage.repos.notices import NoticeRepo
from fedrank.storage.repos.outbox import OutboxRepo
from fedrank.storage.repos.players import PlayerRepo
from fedrank.storage.repos.proposals import ProposalRepo
from fedrank.storage.repos.publications import PublicationRepo
from fedrank.storage.repos.qualifications import QualificationRepo
from fedrank.storage.repos.role_rules import RoleRuleRepo
from fedrank.storage.repos.roles import ROLE_RANK, RoleRepo, at_least
from fedrank.storage.repos.site import SiteRepo
from fedrank.storage.repos.submissions import SubmissionRepo
from fedrank.storage.repos.subscriptions import SubscriptionRepo
from fedrank.storage.repos.tournaments import TournamentRepo

__all__ = [
    "IN_FLIGHT",
    "ROLE_RANK",
    "AccountRepo",
    "AuditRepo",
    "FederationRepo",
    "GameReportRepo",
    "LedgerRepo",
    "ListRepo",
    "OutboxRepo",
    "PlayerRepo",
    "ProposalRepo",
    "PublicationRepo",
    "QualificationRepo",
    "Repos",
    "RoleRepo",
    "RoleRuleRepo",
    "SubmissionRepo",
    "SubscriptionRepo",
    "TournamentRepo",
    "account_language",
    "account_presence",
    "at_least",
    "discipline_by_code",
    "hash_code",
    "latest_top",
    "ledger_state",
    "normal_code",
    "rating_cards",
    "stored_since",
    "totals_as_listed",
]


class Repos:
    """The repositories of one unit of work, sharing its session."""

    def __init__(self, session: AsyncSession) -> None:
        self.session = session
        #: Read caches of this unit of work only (rows that never change once written, such as a
        #: stored tournament version), so repeated imports in one transaction (the demo, a replay)
        #: do not read the same history again. Keyed by the reader's own name.
        self.memo: dict[str, Any] = {}
        self.federations = FederationRepo(session)
        self.players = PlayerRepo(session)
        self.accounts = AccountRepo(session)
        self.roles = RoleRepo(session)
        self.ledger = LedgerRepo(session)
        self.tournaments = TournamentRepo(session)
        self.lists = ListRepo(session)
        self.subscriptions = SubscriptionRepo(session)
        self.submissions = SubmissionRepo(session)
        self.audit = AuditRepo(session)
        self.outbox = OutboxRepo(session)
        self.qualifications = QualificationRepo(session)
        self.role_rules = RoleRuleRepo(session)
        self.game_reports = GameReportRepo(session)
        self.publications = PublicationRepo(session)
        self.proposals = ProposalRepo(session)
        self.notices = NoticeRepo(session)
        self.site = SiteRepo(session)  # the website's plain-column reads
