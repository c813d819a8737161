"""The FSBR classification (bridge_fsbr) wired to the database: one module per job.

:mod:`.importing` (the report to awards, entries and a preview; pure), :mod:`.history` (rk at
a tournament's start, the previous list's states), :mod:`.prepare` (a submission and the
replays of a correction), :mod:`.lists` (the monthly list by R), :mod:`.whatif`,
:mod:`.playerdata` (the facts ``/playerdata`` sets), :mod:`.ledger` (stored lines as the
engine's rows) and :mod:`.adapter`. What is stored and why: docs/engines/bridge_fsbr.md.
"""

from __future__ import annotations

from fedrank.handlers.systems.bridge_fsbr.adapter import ADAPTER, BridgeFsbrAdapter
from fedrank.handlers.systems.bridge_fsbr.importing import Report, read_report
from fedrank.handlers.systems.bridge_fsbr.ledger import SYSTEM_ID
from fedrank.handlers.systems.bridge_fsbr.playerdata import DATA_KEY, FsbrPlayerData, player_data

__all__ = [
    "ADAPTER",
    "DATA_KEY",
    "SYSTEM_ID",
    "BridgeFsbrAdapter",
    "FsbrPlayerData",
    "Report",
    "player_data",
    "read_report",
]
