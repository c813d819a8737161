"""The RMF adapter: what the handlers call for the two mahjong disciplines (sports, Sichuan)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from fedrank.engines import mahjong_rmf as rmf
from fedrank.handlers.systems.base import DisciplineRefusedError, SystemAdapter
from fedrank.handlers.systems.mahjong_rmf import lists, playerdata, prepare, whatif
from fedrank.handlers.systems.mahjong_rmf.importing import (
    RULE_DISCIPLINES,
    SYSTEM_ID,
    kind_or_none,
)
from fedrank.handlers.systems.players import Names
from fedrank.storage.models import Discipline, Player, Tournament, TournamentVersion
from fedrank.storage.records import ComputedList, Prepared, PreviewLine
from fedrank.storage.repos import Repos


class MahjongRmfAdapter(SystemAdapter):
    """Import a sheet, compute a list, simulate a place, freeze a qualification list."""

    system = SYSTEM_ID
    results_are_places = True
    supports_whatif = True
    supports_qualification = True
    #: A workbook row as a sheet line: a tab (the parser's other separator) keeps a header
    #: written as ``date:`` in one cell and its value in the next readable (``date:\t2026-…``).
    sheet_separator = "\t"
    #: Seed 000: lists on the first day of each month (and on demand).
    default_calendar = "monthly"
    #: The levels a federation brings from its previous system (RULES.md "Decision (levels
    #: brought in)"), by discipline: ``/playerdata`` and the registry's ``mahjong_rmf.levels``.
    player_data_keys = playerdata.PLAYER_DATA_KEYS

    def check_player_data(self, player: Player) -> None:
        playerdata.check_player_data(player)

    def check_discipline(self, discipline: Discipline) -> None:
        """The rulebook has two lists, sports mahjong (MCR) and Sichuan mahjong: a discipline
        must say which in its code or name (riichi, say, has no RMF rules to compute)."""
        if kind_or_none(discipline) is None:
            raise DisciplineRefusedError(
                "setup.rmf_kind", RULE_DISCIPLINES, code=discipline.code, name=discipline.name
            )

    def named_disciplines(self, text: str, disciplines: Sequence[Discipline]) -> list[Discipline]:
        """The list of the sheet's ``discipline`` line (all when it names none, or none of
        these: then each refusal names the right list)."""
        named = rmf.named_discipline(text)
        chosen = [d for d in disciplines if named is not None and kind_or_none(d) is named]
        return chosen or list(disciplines)

    async def prepare(
        self,
        repos: Repos,
        discipline: Discipline,
        text: str,
        filename: str,
        names: Names | None = None,
    ) -> Prepared:
        """The tournament code is the sheet's ``id`` or ``<date>-<discipline>-<name>``, never
        the file name: a corrected file sent under another name is the same tournament."""
        del filename
        return await prepare.prepare(repos, discipline, text, names)

    async def withdraw(
        self,
        repos: Repos,
        discipline: Discipline,
        tournament: Tournament,
        version: TournamentVersion,
    ) -> Prepared:
        return await prepare.withdraw(repos, discipline, tournament, version)

    async def compute_list(
        self, repos: Repos, discipline: Discipline, list_date: date
    ) -> ComputedList:
        return await lists.compute_list(repos, discipline, list_date)

    async def qualification_list(
        self, repos: Repos, discipline: Discipline, on: date
    ) -> rmf.RatingList:
        return await lists.qualification_list(repos, discipline, on)

    async def whatif(
        self,
        repos: Repos,
        discipline: Discipline,
        tournament: Tournament,
        player_id: int,
        place: int,
    ) -> list[PreviewLine]:
        return await whatif.whatif(repos, discipline, tournament, player_id, place)


ADAPTER = MahjongRmfAdapter()
