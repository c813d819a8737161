"""CCBA masterpoints (``bridge_ccba``) joined to the database: one module per job.

:mod:`.importing` (the event file to entries, award lines and a preview; pure),
:mod:`.history` (holdings from the ledger, memberships, stored events and their replay),
:mod:`.prepare` (a submission), :mod:`.lists` (the masterpoint list, the annual base),
:mod:`.whatif` and :mod:`.adapter` (``ADAPTER``). What is stored and why is in
docs/engines/bridge_ccba.md, "The adapter".
"""

from __future__ import annotations

from fedrank.handlers.systems.bridge_ccba.adapter import ADAPTER, BridgeCcbaAdapter
from fedrank.handlers.systems.bridge_ccba.importing import EventFile, fmt, read_event_file

__all__ = ["ADAPTER", "BridgeCcbaAdapter", "EventFile", "fmt", "read_event_file"]
