"""``fedrank players export``: the registry in the columns an import reads, so it imports back
unchanged (each player's latest membership; each ``<system>.<field>`` the players hold)."""

from __future__ import annotations

import asyncio
from datetime import date
from typing import Any

from fedrank.handlers.federation.registry.fileformat import (
    BASE_COLUMNS,
    Row,
    cell_of_value,
    write_csv,
    write_xlsx,
)
from fedrank.handlers.federation.registry.importing import (
    federation_checkers,
    federation_named,
    read_registry,
)
from fedrank.handlers.federation.registry.plan import FACTS, Existing
from fedrank.handlers.systems import SystemRegistry
from fedrank.storage.repos import Repos

FORMATS = ("csv", "xlsx")


def _cell(value: Any) -> str:
    if value is None:
        return ""
    return value.isoformat() if isinstance(value, date) else str(value)


def registry_table(registry: list[Row], sections: set[str]) -> tuple[list[str], list[list[str]]]:
    """The header and rows of the registry (pure: runs in a worker thread)."""
    players = [Existing.of(row) for row in registry]
    data_columns = sorted(
        {
            f"{section}.{key}"
            for p in players
            for section, values in p.data.items()
            if section in sections and isinstance(values, dict)
            for key in values
        }
    )
    columns = [*BASE_COLUMNS, *data_columns]
    rows = []
    for player in sorted(players, key=lambda p: p.federation_player_id):
        latest = max(player.memberships.items(), default=None)
        cells = {column: _cell(player.facts.get(attribute)) for column, attribute in FACTS.items()}
        cells["id"] = player.federation_player_id
        cells["member_from"] = _cell(latest[0]) if latest else ""
        cells["member_to"] = _cell(latest[1][1]) if latest else ""
        for column in data_columns:
            section, _, key = column.partition(".")
            cells[column] = cell_of_value((player.data.get(section) or {}).get(key))
        rows.append([cells[c] for c in columns])
    return columns, rows


async def export_registry(
    repos: Repos, systems: SystemRegistry, federation_code: str, fmt: str = "csv"
) -> bytes:
    """The federation's registry as a CSV (cells inert) or XLSX file."""
    if fmt not in FORMATS:
        raise ValueError(f"format must be one of {', '.join(FORMATS)}, not '{fmt}'")
    federation = await federation_named(repos, federation_code)
    sections = set(await federation_checkers(repos, systems, federation.id))
    existing, _ = await read_registry(repos, federation.id)
    columns, rows = await asyncio.to_thread(registry_table, list(existing.values()), sections)
    writer = write_csv if fmt == "csv" else write_xlsx
    return await asyncio.to_thread(writer, columns, rows)
