"""The declarative base every table of fedrank derives from, and what their constraints share.

Apart from :mod:`.models` so that :mod:`.delivery`'s tables and the domain's can both use it
without importing each other.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from sqlalchemy import JSON, MetaData
from sqlalchemy.orm import DeclarativeBase

from fedrank.storage.types import ExactDecimal

NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

#: The chat platforms an account, a subscription or an outbox row belongs to.
PLATFORMS = ("telegram", "discord", "console")


def _in(column: str, values: tuple[str, ...]) -> str:
    quoted = ", ".join(f"'{v}'" for v in values)
    return f"{column} IN ({quoted})"


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)
    type_annotation_map = {  # noqa: RUF012 (SQLAlchemy reads it as a class attribute)
        dict[str, Any]: JSON,
        list[Any]: JSON,
        Decimal: ExactDecimal,
    }
