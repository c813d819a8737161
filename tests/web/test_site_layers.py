"""web/ renders what handlers assemble: it reaches the database only through handlers (the
arrow of docs/architecture.md, checked by the same reader of imports as tests/test_layers.py)."""

from __future__ import annotations

from tests.test_layers import _violations


def test_web_never_imports_storage_scheduler_or_bot() -> None:
    forbidden = ("fedrank.storage", "fedrank.scheduler", "fedrank.bot", "fedrank.cli")
    assert _violations("web", None, forbidden) == []
