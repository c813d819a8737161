"""The World Othello Championship engine wired to the database and chat (``othello_woc``).

A stored version is the state of one tournament played round by round; how that reads the
rating-list contract (entries, games, awards, titles, the list) and the import format are in
docs/engines/othello_woc.md, "The adapter". Modules: :mod:`.importing` (a state as ledger
lines, no database), :mod:`.history`, :mod:`.prepare` (a whole file), :mod:`.rounds` (one
round, ``/round``), :mod:`.lists` and :mod:`.adapter`.
"""

from fedrank.handlers.systems.othello_woc.adapter import ADAPTER, OthelloWocAdapter
from fedrank.handlers.systems.othello_woc.importing import KIND, SYSTEM, TITLES
from fedrank.handlers.systems.othello_woc.rounds import prepare_round

__all__ = ["ADAPTER", "KIND", "SYSTEM", "TITLES", "OthelloWocAdapter", "prepare_round"]
