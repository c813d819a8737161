"""The bridge between each engine and the database: one adapter per system id.

:class:`SystemRegistry` is the one place that says which systems fedrank can run; the
composition root builds it once and hands it to every use case through ``Services.systems``
(tests hand it fakes). Its ids are the engines' (:data:`fedrank.engines.registry.SYSTEMS`).
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


def all_systems() -> SystemRegistry:
    """Every system fedrank runs (imported here, once, by the composition root)."""
    from fedrank.handlers.systems.bridge_ccba import ADAPTER as BRIDGE_CCBA
    from fedrank.handlers.systems.bridge_fsbr import ADAPTER as BRIDGE_FSBR
    from fedrank.handlers.systems.go_ufgo import ADAPTER as GO_UFGO
    from fedrank.handlers.systems.mahjong_rmf import ADAPTER as MAHJONG_RMF
    from fedrank.handlers.systems.othello_woc import ADAPTER as OTHELLO_WOC

    return SystemRegistry([MAHJONG_RMF, BRIDGE_CCBA, GO_UFGO, BRIDGE_FSBR, OTHELLO_WOC])
