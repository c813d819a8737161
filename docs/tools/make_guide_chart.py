"""Regenerate the players' guide's /history chart (``docs/guide/img/history-UFGO-0025.png``).

``PYTHONPATH=. .venv/bin/python docs/tools/make_guide_chart.py [PLAYER_ID] [LANGUAGE]``: loads
the demo into a temporary SQLite database (as ``fedrank demo`` does), takes the player's rows in
his discipline's lists and draws them exactly as /history does (``players.history_chart``).
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from pathlib import Path

from fedrank.demo import load_demo
from fedrank.handlers.context import Services
from fedrank.handlers.questions.players import history_chart
from fedrank.handlers.systems import all_systems
from fedrank.storage.database import Database

OUT = Path(__file__).resolve().parents[1] / "guide" / "img"


async def draw(player_id: str, language: str, folder: Path) -> list[Path]:
    db = Database(f"sqlite+aiosqlite:///{folder / 'demo.db'}")
    try:
        await db.migrate()
        services = Services(db=db, systems=all_systems())
        await load_demo(db, services.systems)
        written = []
        async with db.read() as repos:
            player = (await repos.players.by_exact_id(None, player_id))[0]
            for discipline in await repos.federations.disciplines(player.federation_id):
                rows = await repos.lists.player_rows(player.id, discipline.id)
                if rows:
                    chart = history_chart(services, language, player, discipline, rows)
                    path = OUT / f"history-{player_id}.png"
                    path.write_bytes(chart.content)
                    written.append(path)
        return written
    finally:
        await db.close()


def main() -> None:
    player_id = sys.argv[1] if len(sys.argv) > 1 else "UFGO-0025"
    language = sys.argv[2] if len(sys.argv) > 2 else "en"
    with tempfile.TemporaryDirectory() as folder:
        for path in asyncio.run(draw(player_id, language, Path(folder))):
            sys.stdout.write(f"{path} ({path.stat().st_size} bytes)\n")


if __name__ == "__main__":
    main()
