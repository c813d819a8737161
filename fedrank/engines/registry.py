"""The systems of RULES.md by id, and the one call the CLI and handlers use to run them.

Each engine package exposes ``calc_document(text, *, filename) -> dict`` (JSON-ready: the
awards with their traces) and raises :class:`~fedrank.engines.kernel.InputError` or
:class:`~fedrank.engines.kernel.RuleError` on input it refuses. Packages are imported lazily
so one engine's absence or cost never touches another.
"""

from __future__ import annotations

import importlib
from typing import Any

from fedrank.engines.kernel import EngineError, to_jsonable
from fedrank.engines.sniff import refined

# The one list of system ids: the storage schema (``SYSTEM_IDS``) and the handlers' system
# registry follow it, in this order.
SYSTEMS: dict[str, str] = {
    "mahjong_rmf": "Russian Mahjong Federation rating and qualification",
    "bridge_ccba": "Chinese Contract Bridge Association masterpoints",
    "go_ufgo": "Ukrainian Go Federation rating (IK, kyu/dan)",
    "bridge_fsbr": "Russian Bridge Federation classification",
    "othello_woc": "World Othello Championship tournament rules",
}


class UnknownSystemError(EngineError):
    """A system id that RULES.md does not define, or whose engine is not installed."""


def _module(system_id: str) -> Any:
    if system_id not in SYSTEMS:
        known = ", ".join(sorted(SYSTEMS))
        raise UnknownSystemError(f"unknown system '{system_id}'; known systems: {known}")
    try:
        return importlib.import_module(f"fedrank.engines.{system_id}")
    except ModuleNotFoundError as exc:
        if exc.name == f"fedrank.engines.{system_id}":
            raise UnknownSystemError(f"the engine '{system_id}' is not available") from exc
        raise


def available_systems() -> list[str]:
    """System ids whose engine package is installed."""
    out = []
    for system_id in SYSTEMS:
        try:
            _module(system_id)
        except UnknownSystemError:
            continue
        out.append(system_id)
    return out


def calc_document(system_id: str, text: str, *, filename: str = "") -> dict[str, Any]:
    """Run one engine on one tournament file; the result is JSON-ready."""
    module = _module(system_id)
    result = refined(system_id, module.calc_document, text, filename=filename)
    out: dict[str, Any] = to_jsonable(result)
    return out
