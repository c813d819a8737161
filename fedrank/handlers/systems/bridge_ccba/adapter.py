"""The CCBA masterpoint system (``bridge_ccba``) as the handlers see it: one adapter object
wiring the import, the lists and ``/whatif`` to the use cases."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date

from fedrank.engines.bridge_ccba.tables import COLOURS, LEVELS
from fedrank.handlers.systems.base import SystemAdapter
from fedrank.handlers.systems.bridge_ccba import playerdata
from fedrank.handlers.systems.bridge_ccba.importing import SYSTEM_ID
from fedrank.handlers.systems.bridge_ccba.lists import compute_list as list_on
from fedrank.handlers.systems.bridge_ccba.prepare import prepare as prepare_file
from fedrank.handlers.systems.bridge_ccba.prepare import withdraw as withdraw_event
from fedrank.handlers.systems.bridge_ccba.whatif import whatif as place_simulated
from fedrank.handlers.systems.facts import Fact, defaults_of
from fedrank.handlers.systems.players import Names
from fedrank.storage.models import Discipline, Player, Tournament, TournamentVersion
from fedrank.storage.records import ComputedList, Prepared, PreviewLine
from fedrank.storage.repos import Repos


class BridgeCcbaAdapter(SystemAdapter):
    """The CCBA adapter: import an event file, compute the masterpoint list, ``/whatif``."""

    system = SYSTEM_ID
    results_are_places = True
    #: Seed 001 sets no list calendar; the one yearly figure it publishes is the annual base
    #: coefficient, from holdings at the end of each calendar year, at the year's start
    #: (§1.3.5): a list a year, on 1 January.
    default_calendar = "yearly"
    supports_whatif = True
    #: ``.ccba`` lines are whitespace-separated tokens (``entry P01 place=1``, ``player ID
    #: mp=12``); ``key = value`` lines read the same from one cell or three. A workbook's cells
    #: are joined by a space and the text read as a ``.ccba`` file.
    sheet_separator = " "
    sheet_extension = ".ccba"
    #: The masterpoints a member held by colour before fedrank, with their date: ``/playerdata``
    #: and the registry's ``bridge_ccba.opening``.
    player_data_keys = playerdata.PLAYER_DATA_KEYS

    def check_player_data(self, player: Player) -> None:
        playerdata.check_player_data(player)

    #: The event's grade (seed 001 §1.3.3 L and §2.5 colour): a discipline of one kind of event
    #: (a club's monthly pairs) may hold defaults; a file without them is asked.
    facts = (
        Fact("level", "seed 001 §1.3.3", LEVELS),
        Fact("colour", "seed 001 §2.5", COLOURS),
    )

    async def prepare(
        self,
        repos: Repos,
        discipline: Discipline,
        text: str,
        filename: str,
        names: Names | None = None,
    ) -> Prepared:
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
        """:meth:`prepare` with the submission's level and colour over the file's, and the
        discipline's defaults where both are silent."""
        given = (dict(facts), defaults_of(self.facts, discipline))
        return await prepare_file(repos, discipline, text, filename, names, given)

    async def withdraw(
        self,
        repos: Repos,
        discipline: Discipline,
        tournament: Tournament,
        version: TournamentVersion,
    ) -> Prepared:
        return await withdraw_event(repos, discipline, tournament, version)

    async def compute_list(
        self, repos: Repos, discipline: Discipline, list_date: date
    ) -> ComputedList:
        return await list_on(repos, discipline, list_date)

    async def whatif(
        self,
        repos: Repos,
        discipline: Discipline,
        tournament: Tournament,
        player_id: int,
        place: int,
    ) -> list[PreviewLine]:
        return await place_simulated(repos, discipline, tournament, player_id, place)


ADAPTER = BridgeCcbaAdapter()
