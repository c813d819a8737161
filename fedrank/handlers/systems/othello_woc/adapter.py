"""The Othello adapter: what the handlers call for a World Othello Championship discipline."""

from __future__ import annotations

from datetime import date

from fedrank.handlers.systems.base import SystemAdapter
from fedrank.handlers.systems.othello_woc import lists, prepare, rounds
from fedrank.handlers.systems.othello_woc.importing import SYSTEM
from fedrank.handlers.systems.players import Names
from fedrank.storage.models import Discipline, Tournament
from fedrank.storage.records import ComputedList, Prepared
from fedrank.storage.repos import Repos


class OthelloWocAdapter(SystemAdapter):
    """A tournament file or one round as a tournament version; the list of its standing."""

    system = SYSTEM
    #: Seed 004: a championship's final lists, published when it ends (on demand).
    default_calendar = "on_demand"
    #: The format is whitespace-separated tokens (``BLACK WHITE 40-24``): a workbook's cells
    #: are joined by a space; ``player:`` lines keep their ``|`` inside one cell.
    sheet_separator = " "

    async def prepare(
        self,
        repos: Repos,
        discipline: Discipline,
        text: str,
        filename: str,
        names: Names | None = None,
    ) -> Prepared:
        """A tournament file (the field and the rounds so far) as a new tournament version."""
        del filename  # one format; the content decides
        return await prepare.prepare(repos, discipline, text, names)

    async def prepare_round(
        self, repos: Repos, discipline: Discipline, stored: Tournament, text: str
    ) -> Prepared:
        """``/round``: :func:`.rounds.prepare_round`."""
        return await rounds.prepare_round(repos, discipline, stored, text)

    async def compute_list(
        self, repos: Repos, discipline: Discipline, list_date: date
    ) -> ComputedList:
        return await lists.compute_list(repos, discipline, list_date)


ADAPTER = OthelloWocAdapter()
