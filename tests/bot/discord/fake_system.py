"""The tiny test system of tests/handlers/fake_adapter.py, whose lists also give titles.

Each list gives each player the title the test chose (``titles``), so a publication can change
titles and role sync has something to follow. It is not a rulebook.
"""

from __future__ import annotations

from datetime import date

from fedrank.storage.models import Discipline
from fedrank.storage.records import ComputedList, NewTitle
from fedrank.storage.repos import Repos
from tests.handlers.fake_adapter import FakeAdapter


class FakeSystem(FakeAdapter):
    def __init__(self, titles: dict[str, str] | None = None) -> None:
        # federation player ID -> the title the next list gives
        self.titles = titles or {}

    async def compute_list(
        self, repos: Repos, discipline: Discipline, list_date: date
    ) -> ComputedList:
        computed = await super().compute_list(repos, discipline, list_date)
        for fpid, title in self.titles.items():
            player = await repos.players.by_federation_id(discipline.federation_id, fpid)
            assert player is not None
            computed.titles.append(NewTitle(player.id, title, list_date))
        return computed
