"""Alembic environment: runs on the connection fedrank hands over (see storage.database.migrate)."""

from __future__ import annotations

from alembic import context
from sqlalchemy.engine import Connection

from fedrank.storage.models import Base

target_metadata = Base.metadata


def run_migrations(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=connection.dialect.name == "sqlite",
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError("run migrations through `fedrank init` (fedrank.storage.database.migrate)")
run_migrations(connection)
