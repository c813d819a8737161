"""``/submit`` through the dispatcher on mutated files of every system (and, now and then, a
hostile workbook): the answer is a preview or a clear refusal, never "something went wrong";
a refusal writes no row, a preview only its pending submission. ``bench/fuzz.py`` runs the
same cases by the ten thousand."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fedrank.handlers.context import Services
from fedrank.handlers.systems import all_systems
from fedrank.storage.database import Database
from tests import fuzzcases
from tests.helpers import Clock


@dataclass
class World:
    loop: asyncio.AbstractEventLoop
    services: Services
    bases: list[tuple[str, str, str]]


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[World]:
    """Every system's federation, players and director "boss" on one SQLite database, with
    its own event loop (hypothesis calls the test synchronously)."""
    loop = asyncio.new_event_loop()
    path: Path = tmp_path_factory.mktemp("fuzz") / "fuzz.db"
    db = Database(f"sqlite+aiosqlite:///{path}")
    loop.run_until_complete(db.migrate())
    loop.run_until_complete(fuzzcases.seed_submit_world(db))
    try:
        yield World(
            loop, Services(db=db, systems=all_systems(), clock=Clock()), fuzzcases.submit_bases()
        )
    finally:
        loop.run_until_complete(db.close())
        loop.close()


@pytest.mark.slow
@settings(
    max_examples=80,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(rng=st.randoms(use_true_random=False))
def test_submit_answers_a_preview_or_a_refusal_and_writes_nothing_refused(
    world: World, rng: random.Random
) -> None:
    outcome = world.loop.run_until_complete(
        fuzzcases.submit_case(world.services, rng, world.bases, workbooks=0.05)
    )
    assert outcome in ("preview", "refused")


def test_each_base_file_previews_as_it_is(world: World) -> None:
    """The mutations start from files the seeded world accepts (so they reach past the
    parser into players, history and computation)."""

    class Unmutated(random.Random):
        def random(self) -> float:
            return 0.99  # no workbook, not mutated, pasted

    for base in world.bases:
        outcome = world.loop.run_until_complete(
            fuzzcases.submit_case(world.services, Unmutated(0), [base], workbooks=0.0)
        )
        assert outcome == "preview", base[0]
