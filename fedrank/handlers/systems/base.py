"""What a system adapter gives the handlers: a prepared submission and a computed list.

A submission is prepared completely (parsed, validated, every player found, every award
computed with the state the database holds at the tournament's start) before anything is
written; the director sees its preview and only a confirmation writes it, in one transaction
(:meth:`fedrank.storage.repos.ledger.LedgerRepo.write_prepared`).

Every adapter subclasses :class:`SystemAdapter`. The two required members are abstract; the
optional ones are here with the default a system without the capability has, and the
``supports_*`` flags say which an adapter overrides, so handlers never probe with ``getattr``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from datetime import date
from typing import TYPE_CHECKING, Any, ClassVar, Final

from fedrank.charts.layout import Level
from fedrank.engines import mahjong_rmf as rmf
from fedrank.storage.models import Discipline, Player, Tournament, TournamentVersion
from fedrank.storage.records import ComputedList, NewEntry, NewGame, Prepared, PreviewLine
from fedrank.storage.repos import Repos

if TYPE_CHECKING:
    from fedrank.handlers.systems.facts import Fact
    from fedrank.handlers.systems.players import Names

WITHDRAWN: Final = "withdrawn"
"""The key of a withdrawal's params: a version without results (``/withdraw``)."""


def is_withdrawn(params: Mapping[str, Any]) -> bool:
    """Whether a version's params are a withdrawal's (the tournament is out of the lists)."""
    return bool(params.get(WITHDRAWN))


def withdrawal(tournament: Tournament, version: TournamentVersion) -> Prepared:
    """The version that takes a stored tournament out of the lists: no entries, no games, no
    awards, no titles. The versions before it stay in the ledger (append-only) but no longer
    count, like any superseded version's; the replays it causes are the adapter's."""
    return Prepared(
        code=tournament.code,
        name=tournament.name,
        held_on=version.held_on,
        params={WITHDRAWN: True, "withdrawn_version": version.version},
        entries=[],
        games=[],
        awards=[],
        reason=f"withdrawn (version {version.version} no longer counts)",
    )


class Unsupported(Exception):  # noqa: N818 - a capability, not an error condition of input
    """The system has no such capability (``/whatif`` on Go, reported games on bridge)."""

    def __init__(self, system: str, capability: str) -> None:
        super().__init__(f"{system} has no {capability}")
        self.system = system
        self.capability = capability


class DisciplineRefusedError(Exception):
    """A discipline this system cannot compute or list: ``key`` is the i18n message that says
    why (with ``params``), ``rule`` the rulebook's section that decides it."""

    def __init__(self, key: str, rule: str, **params: str) -> None:
        super().__init__(f"{key} ({rule})")
        self.key = key
        self.rule = rule
        self.params = params


class SystemAdapter(ABC):
    """Joins one engine to the database. Subclasses set :attr:`system` and the flags they earn."""

    system: ClassVar[str]
    #: How a workbook row's cells are joined into a line of this system's text format
    #: (CSV-quoted); None: results cannot come from a spreadsheet.
    sheet_separator: ClassVar[str | None] = ","
    #: The file name extension handed to :meth:`prepare` with a workbook's text.
    sheet_extension: ClassVar[str] = ".txt"
    supports_whatif: ClassVar[bool] = False
    supports_reported_games: ClassVar[bool] = False
    supports_qualification: ClassVar[bool] = False
    #: The system's results are places (a ranking), not games: players cannot report games.
    results_are_places: ClassVar[bool] = False
    #: The keys of ``player.data[<system id>]`` this system reads (``/playerdata`` refuses any
    #: other key, so a typo is never kept silently).
    player_data_keys: ClassVar[tuple[str, ...]] = ()
    #: The calendar of the system's own lists (a new discipline's default): ``monthly``,
    #: ``quarterly``, ``yearly`` or ``on_demand``.
    default_calendar: ClassVar[str] = "monthly"
    #: The tournament facts the rulebook needs that a file may lack (:mod:`.facts`): given by a
    #: submission's ``KEY=VALUE``, the file, or the discipline's default.
    facts: ClassVar[tuple[Fact, ...]] = ()
    #: The defaults a new discipline of this system starts with (RULES.md decisions).
    default_facts: ClassVar[Mapping[str, str]] = {}

    def check_discipline(self, discipline: Discipline) -> None:
        """Refuse (:class:`DisciplineRefusedError`) a discipline this system cannot compute and
        list, before it is stored. The default accepts: the system has one kind of list."""
        return None

    def named_disciplines(self, text: str, disciplines: Sequence[Discipline]) -> list[Discipline]:
        """Those of this system's ``disciplines`` that the file ``text`` names itself (RMF's
        ``discipline: mcr``), so a caller that lets the file choose tries only them; all of
        them when it names none of them. The default: the system has one kind of list."""
        return list(disciplines)

    @abstractmethod
    async def prepare(
        self,
        repos: Repos,
        discipline: Discipline,
        text: str,
        filename: str,
        names: Names | None = None,
    ) -> Prepared:
        """Parse and compute a submitted file; raise InputError/RuleError, write nothing.

        Its players are found by :func:`fedrank.handlers.systems.players.find_players` with the
        director's ``names`` (his choices for unknown or ambiguous names, and the new players
        they register, which the preview computes as transient players)."""

    async def prepare_given(
        self,
        repos: Repos,
        discipline: Discipline,
        text: str,
        filename: str,
        names: Names | None = None,
        *,
        facts: Mapping[str, str],
    ) -> Prepared:
        """:meth:`prepare` with the submission's tournament facts (``KEY=VALUE``, checked
        against :attr:`facts`); a system that declares none has nothing to take from them."""
        return await self.prepare(repos, discipline, text, filename, names)

    @abstractmethod
    async def compute_list(
        self, repos: Repos, discipline: Discipline, list_date: date
    ) -> ComputedList:
        """The discipline's list on ``list_date`` from the stored history."""

    async def withdraw(
        self,
        repos: Repos,
        discipline: Discipline,
        tournament: Tournament,
        version: TournamentVersion,
    ) -> Prepared:
        """The version that withdraws the stored ``tournament`` (its current ``version``) and
        the replays of the later tournaments it changes; writes nothing.

        The default suits a system where no tournament starts from another's figures (Othello;
        FSBR, whose rk at a start comes from the publications only): nothing to replay."""
        return withdrawal(tournament, version)

    async def whatif(
        self,
        repos: Repos,
        discipline: Discipline,
        tournament: Tournament,
        player_id: int,
        place: int,
    ) -> list[PreviewLine]:
        """What finishing ``place`` in the stored ``tournament`` would change for the player
        (``before`` as stored, ``after`` with that place); writes nothing."""
        raise Unsupported(self.system, "whatif")

    async def rate_games(
        self,
        repos: Repos,
        discipline: Discipline,
        tournament: Tournament,
        entries: list[NewEntry],
        games: list[NewGame],
    ) -> Prepared:
        """The next version of a tournament whose games players report, rated."""
        raise Unsupported(self.system, "reported games")

    async def qualification_list(
        self, repos: Repos, discipline: Discipline, on: date
    ) -> rmf.RatingList:
        """The list a qualification window freezes on its qualification date (RMF section 3)."""
        raise Unsupported(self.system, "qualification")

    def check_player_data(self, player: Player) -> None:
        """Validate the player facts this rulebook reads (``/playerdata``); raise InputError.

        The default accepts: the system reads no player data."""
        return None

    def players_named_in_data(self, player: Player) -> dict[str, list[str]]:
        """The federation IDs the player's data names, by its ``<system>.<key>`` (UFGO's two
        recommending members): ``/playerdata`` and the registry refuse an ID not registered.

        The default names none."""
        return {}

    def rating_levels(self, language: str) -> list[Level]:
        """The title thresholds on the list's figure that /history's chart draws, named in
        ``language``: only where the rulebook gives a title by the figure alone.

        The default has none: RMF levels follow tournament norms and FSBR's rank coefficient
        its norms of points, not the list's figure; CCBA and Othello lists carry no titles."""
        return []
