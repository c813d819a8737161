"""The RMF mahjong engine wired to the database and chat (system id ``mahjong_rmf``).

How the rulebook meets the ledger (levels replayed, corrections, titles, list rows) is in
docs/engines/mahjong_rmf.md, "The adapter". Modules: :mod:`.importing` (sheet and replay to
ledger lines, no database), :mod:`.history` (the stored history), :mod:`.prepare`,
:mod:`.lists`, :mod:`.whatif` and :mod:`.adapter`.
"""

from fedrank.handlers.systems.mahjong_rmf.adapter import ADAPTER, MahjongRmfAdapter
from fedrank.handlers.systems.mahjong_rmf.history import StoredTournament, stored_history
from fedrank.handlers.systems.mahjong_rmf.importing import (
    KIND,
    SYSTEM_ID,
    ImportSheet,
    engine_discipline,
    parse_import,
    tournament_params,
)
from fedrank.handlers.systems.mahjong_rmf.lists import next_text
from fedrank.handlers.systems.mahjong_rmf.whatif import whatif_entries, whatif_lines

__all__ = [
    "ADAPTER",
    "KIND",
    "SYSTEM_ID",
    "ImportSheet",
    "MahjongRmfAdapter",
    "StoredTournament",
    "engine_discipline",
    "next_text",
    "parse_import",
    "stored_history",
    "tournament_params",
    "whatif_entries",
    "whatif_lines",
]
