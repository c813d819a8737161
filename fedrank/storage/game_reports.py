"""Kept only so the branches being merged still import: the game-report queries now live in
:mod:`fedrank.storage.repos.game_reports` (reached as ``repos.game_reports``). The importers are
to be rewritten and this shim deleted."""

from fedrank.storage.repos.game_reports import IN_FLIGHT, GameReportRepo

__all__ = ["IN_FLIGHT", "GameReportRepo"]
