"""The UFGO rating (go_ufgo) in fedrank: import, running IK, replays, quarterly lists.

The adapter (:mod:`.adapter`) wires :mod:`.events`, :mod:`.importing`, :mod:`.history`,
:mod:`.prepare` and :mod:`.lists`; docs/engines/go_ufgo.md describes the rules and what is stored.
"""

from fedrank.handlers.systems.go_ufgo.adapter import ADAPTER, GoUfgoAdapter

__all__ = ["ADAPTER", "GoUfgoAdapter"]
