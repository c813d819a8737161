"""The go_ufgo system adapter: the UFGO rating (seed 002) joined to the database.

Each job is its own module: :mod:`.events` (a tournament as rated, from a file or a stored
version), :mod:`.importing` (the file's figures, pure), :mod:`.history` (the stored state a
tournament starts from, replays), :mod:`.prepare` (a submission) and :mod:`.lists` (a list of
a date). docs/engines/go_ufgo.md ("In fedrank") says what is stored.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from decimal import Decimal
from typing import ClassVar

from fedrank.charts.layout import Level
from fedrank.engines.go_ufgo import Given
from fedrank.engines.go_ufgo.ranks import Rank
from fedrank.engines.go_ufgo.tables import TABLE1
from fedrank.handlers.systems.base import SystemAdapter
from fedrank.handlers.systems.facts import Fact, defaults_of
from fedrank.handlers.systems.go_ufgo import lists, playerdata
from fedrank.handlers.systems.go_ufgo import prepare as submission
from fedrank.handlers.systems.go_ufgo.events import SEED, SYSTEM
from fedrank.handlers.systems.players import Names
from fedrank.handlers.wording.i18n import t
from fedrank.storage.models import Discipline, Player, Tournament, TournamentVersion
from fedrank.storage.records import ComputedList, Prepared
from fedrank.storage.repos import Repos


class GoUfgoAdapter(SystemAdapter):
    """IK from the ledger's lines, replays on correction, quarterly lists with 4-7 dan."""

    system = SYSTEM
    #: Seed 002 §1.5: the list is published once a quarter (1 January, 1 April, …).
    default_calendar = "quarterly"
    #: A workbook is read as the CSV format (cells quoted where needed; an empty row
    #: separates the tournament, players and games blocks).
    sheet_separator = ","
    sheet_extension = ".csv"
    #: A §3.2 starting IK with its two recommending members, who sent it and when (RULES.md
    #: "Decision (starting IK, section 3.2)"): ``/playerdata`` and the registry's column.
    player_data_keys = playerdata.PLAYER_DATA_KEYS

    def check_player_data(self, player: Player) -> None:
        playerdata.check_player_data(player)

    def players_named_in_data(self, player: Player) -> dict[str, list[str]]:
        """The two members who recommended a §3.2 starting IK."""
        start = playerdata.starting_ik(player)
        if start is None:
            return {}
        return {f"{SYSTEM}.{playerdata.START_KEY}": list(start.recommended_by)}

    #: §4.3 official (K3), §4.8 the board, §1.7 the main time: OpenGotha and EGF files have no
    #: field for the first; CSV and JSON files may leave any out.
    facts = (
        Fact("official", f"{SEED} §4.3", ("yes", "no")),
        Fact("board", f"{SEED} §4.8", ("19", "13", "9")),
        Fact("time_minutes", f"{SEED} §1.7", ("45", "60", "90"), low=1, high=1440),
    )
    #: RULES.md go_ufgo "Decision (official)": a new discipline's tournaments are not official
    #: (stored on the discipline when it is added; its admin may change or clear it).
    default_facts: ClassVar[Mapping[str, str]] = {"official": "no"}

    async def prepare(
        self,
        repos: Repos,
        discipline: Discipline,
        text: str,
        filename: str,
        names: Names | None = None,
    ) -> Prepared:
        """Parse, find every player, rate from the stored history; write nothing."""
        return await self.prepare_given(repos, discipline, text, filename, names, facts={})

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
        """:meth:`prepare` with the submission's facts over the file, and the discipline's
        defaults where both are silent."""
        given = Given(dict(facts), defaults_of(self.facts, discipline))
        return await submission.prepare(repos, discipline, text, filename, names, given)

    async def withdraw(
        self,
        repos: Repos,
        discipline: Discipline,
        tournament: Tournament,
        version: TournamentVersion,
    ) -> Prepared:
        """The withdrawal, and every later tournament re-rated whose IK inputs it changes."""
        return await submission.withdraw(repos, discipline, tournament, version)

    async def compute_list(
        self, repos: Repos, discipline: Discipline, list_date: date
    ) -> ComputedList:
        """The list of ``list_date`` from the IK lines of tournaments dated before it."""
        return await lists.compute_list(repos, discipline, list_date)

    def rating_levels(self, language: str) -> list[Level]:
        """Table 1 (§2.3): the lowest IK of each kyu/dan rank, 29 kyu to 7 dan (4-7 dan at their
        §2.5 norms, the same figures)."""
        levels = []
        for low, grade in TABLE1[1:]:
            rank = Rank(grade)
            key, short = ("chart.dan", "d") if rank.is_dan else ("chart.kyu", "k")
            levels.append(
                Level(Decimal(low), t(language, key, n=rank.number), f"{rank.number}{short}")
            )
        return levels


ADAPTER = GoUfgoAdapter()
