"""A build runs the cyclic collector less often and gives the process its threshold back."""

from __future__ import annotations

import gc

import pytest

from fedrank.web import site_build


def test_the_threshold_is_raised_while_building_and_restored_after() -> None:
    before = gc.get_threshold()
    with site_build._collecting_seldom():
        assert gc.get_threshold()[0] == max(before[0], site_build.BUILDING_THRESHOLD)
        assert gc.get_threshold()[1:] == before[1:]
    assert gc.get_threshold() == before


def test_builds_that_overlap_restore_the_threshold_when_the_last_ends() -> None:
    before = gc.get_threshold()
    first, second = site_build._collecting_seldom(), site_build._collecting_seldom()
    first.__enter__()
    second.__enter__()
    first.__exit__(None, None, None)  # the first ends while the second still runs
    assert gc.get_threshold()[0] == max(before[0], site_build.BUILDING_THRESHOLD)
    second.__exit__(None, None, None)
    assert gc.get_threshold() == before


def test_a_failed_build_restores_the_threshold() -> None:
    before = gc.get_threshold()
    with pytest.raises(RuntimeError), site_build._collecting_seldom():
        raise RuntimeError
    assert gc.get_threshold() == before
