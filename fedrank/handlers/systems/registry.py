"""The map of system id -> adapter, apart from the adapters themselves.

The request context holds a :class:`SystemRegistry` as a value; it imports this module, never the
systems' packages (which use the context), so the two stay out of each other's import path.
:func:`fedrank.handlers.systems.all_systems` builds the one the service runs.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping

from fedrank.handlers.systems.base import SystemAdapter


class NoAdapterError(LookupError):
    """The engine of this system is not wired to the database."""


class SystemRegistry(Mapping[str, SystemAdapter]):
    """The adapters by system id."""

    def __init__(self, adapters: Iterable[SystemAdapter]) -> None:
        self._adapters = {a.system: a for a in adapters}

    def __getitem__(self, system_id: str) -> SystemAdapter:
        return self._adapters[system_id]

    def __iter__(self) -> Iterator[str]:
        return iter(self._adapters)

    def __len__(self) -> int:
        return len(self._adapters)

    def adapter(self, system_id: str) -> SystemAdapter:
        """The adapter of ``system_id``; NoAdapterError when fedrank cannot run it."""
        try:
            return self._adapters[system_id]
        except KeyError:
            raise NoAdapterError(system_id) from None
