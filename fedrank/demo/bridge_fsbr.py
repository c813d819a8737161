"""The bridge_fsbr demo history (moved here from the system adapter)."""

from __future__ import annotations

import random
from datetime import date
from typing import Any

from fedrank.handlers.systems.base import SystemAdapter
from fedrank.storage.models import Discipline
from fedrank.storage.repositories import Repos


async def load(
    repos: Repos, adapter: SystemAdapter, discipline: Discipline, rng: random.Random, today: date
) -> None:
    """Generate and store the demo history of one bridge_fsbr discipline."""
    system_adapter: Any = adapter
    await system_adapter.load_demo(repos, discipline, rng, today)
