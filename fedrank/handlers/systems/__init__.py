"""The bridge between each engine and the database: one adapter per system id.

:class:`SystemRegistry` is the one place that says which systems fedrank can run; the
composition root builds it once and hands it to every use case through ``Services.systems``
(tests hand it fakes). Its ids are the engines' (:data:`fedrank.engines.registry.SYSTEMS`).
"""

from __future__ import annotations

from fedrank.handlers.systems.registry import NoAdapterError, SystemRegistry


def all_systems() -> SystemRegistry:
    """Every system fedrank runs (imported here, once, by the composition root)."""
    from fedrank.handlers.systems.bridge_ccba import ADAPTER as BRIDGE_CCBA
    from fedrank.handlers.systems.bridge_fsbr import ADAPTER as BRIDGE_FSBR
    from fedrank.handlers.systems.go_ufgo import ADAPTER as GO_UFGO
    from fedrank.handlers.systems.mahjong_rmf import ADAPTER as MAHJONG_RMF
    from fedrank.handlers.systems.othello_woc import ADAPTER as OTHELLO_WOC

    return SystemRegistry([MAHJONG_RMF, BRIDGE_CCBA, GO_UFGO, BRIDGE_FSBR, OTHELLO_WOC])


__all__ = ["NoAdapterError", "SystemRegistry", "all_systems"]
