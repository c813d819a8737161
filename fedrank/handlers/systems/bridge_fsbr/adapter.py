"""The FSBR adapter: the :class:`SystemAdapter` members wired to this package's modules."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import ClassVar

from fedrank.handlers.systems.base import SystemAdapter
from fedrank.handlers.systems.bridge_fsbr import lists, playerdata, prepare, whatif
from fedrank.handlers.systems.bridge_fsbr.ledger import SYSTEM_ID
from fedrank.handlers.systems.facts import Fact
from fedrank.handlers.systems.players import Names
from fedrank.storage.models import Discipline, Player, Tournament
from fedrank.storage.records import ComputedList, Prepared, PreviewLine
from fedrank.storage.repos import Repos


class BridgeFsbrAdapter(SystemAdapter):
    """Import a ``.fsbr`` report, compute the monthly list, simulate a place."""

    system = SYSTEM_ID
    results_are_places = True
    #: Seed 003: rank coefficients are re-assigned on the first of every month.
    default_calendar = "monthly"
    supports_whatif = True
    #: ``[entries]``/``[players]``/session rows are ``|``-separated columns, so a workbook's
    #: cells are joined by `` | ``; header lines (``key = value``) and section names are
    #: written in one cell each.
    sheet_separator = " | "
    sheet_extension = ".fsbr"
    #: The section of ``player.data`` this system reads (set by ``/playerdata``).
    data_key: ClassVar[str] = playerdata.DATA_KEY
    player_data_keys: ClassVar[tuple[str, ...]] = (
        "ebl_points",
        "titles",
        "initial_rk",
        "rk_history",
        "points",
    )

    def check_player_data(self, player: Player) -> None:
        """Refuse player data this system could not read (raises InputError)."""
        playerdata.check_player_data(player)

    #: 7.5 kq and 8.10 N0 of one tournament, as published (a report's ``kq =``/``N0 =`` header
    #: lines, or the submission's ``kq=``/``N0=``); computed from the participants where neither
    #: gives them, so never asked and never a discipline's default.
    facts = (
        Fact("kq", "seed 003 7.5", (), positive=True, per_tournament=True),
        Fact("N0", "seed 003 8.10", (), positive=True, per_tournament=True),
    )

    async def prepare(
        self,
        repos: Repos,
        discipline: Discipline,
        text: str,
        filename: str,
        names: Names | None = None,
    ) -> Prepared:
        """Parse a report, find its players, take their rk from the titles, compute."""
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
        """:meth:`prepare` with the submission's kq and N0 over the report's header."""
        del filename  # one format, whatever the name (as ``fedrank calc``)
        return await prepare.prepare(repos, discipline, text, names, facts)

    async def whatif(
        self,
        repos: Repos,
        discipline: Discipline,
        tournament: Tournament,
        player_id: int,
        place: int,
    ) -> list[PreviewLine]:
        """What finishing ``place`` in a stored tournament would change for the player."""
        return await whatif.whatif(repos, discipline, tournament, player_id, place)

    async def compute_list(
        self, repos: Repos, discipline: Discipline, list_date: date
    ) -> ComputedList:
        """Every player's standing on ``list_date``, ordered by R."""
        return await lists.compute_list(repos, discipline, list_date)


ADAPTER = BridgeFsbrAdapter()
