"""The bridge between one engine and the database: one module per system id.

Each module ``fedrank.handlers.systems.<system_id>`` defines ``ADAPTER``, an object with the
methods of :class:`~fedrank.handlers.systems.base.SystemAdapter`. Handlers find it by the
discipline's system through :func:`adapter`.
"""

from __future__ import annotations

import importlib

from fedrank.handlers.systems.base import SystemAdapter


class NoAdapterError(LookupError):
    """The engine of this system is not wired to the database yet."""


def adapter(system_id: str) -> SystemAdapter:
    try:
        module = importlib.import_module(f"fedrank.handlers.systems.{system_id}")
    except ModuleNotFoundError as exc:
        if exc.name == f"fedrank.handlers.systems.{system_id}":
            raise NoAdapterError(system_id) from exc
        raise
    found: SystemAdapter = module.ADAPTER
    return found


def has_adapter(system_id: str) -> bool:
    try:
        adapter(system_id)
    except NoAdapterError:
        return False
    return True
