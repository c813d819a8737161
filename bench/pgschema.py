"""A throwaway PostgreSQL schema for a bench run: created before, dropped after, so a bench on
``--database-url`` leaves the server as it found it."""

from __future__ import annotations

import random


async def postgres_schema(url: str, prefix: str, drop: str | None = None) -> str:
    """A fresh schema named ``<prefix>_<random>`` on the server of ``url`` (or drop ``drop``)."""
    import asyncpg  # type: ignore[import-untyped]
    from sqlalchemy.engine import make_url

    dsn = make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)
    conn = await asyncpg.connect(dsn)
    try:
        if drop is not None:
            await conn.execute(f'DROP SCHEMA "{drop}" CASCADE')
            return drop
        schema = f"{prefix}_{random.randrange(1 << 32):08x}"
        await conn.execute(f'CREATE SCHEMA "{schema}"')
        return schema
    finally:
        await conn.close()
