"""``FEDRANK_LOG_FORMAT=json``: one JSON object per log line, for a log collector.

The secrets are masked before any formatter sees a record (:mod:`fedrank.logsafe` masks the
records themselves, their tracebacks included), so this formatter only arranges the fields.
A call's ``extra=`` fields become fields of the line too, but only those named in
:data:`FIELDS`: codes a collector groups by (platform, command, discipline, chat kind), never
what a user or a library may have put on a record (tokens, message texts, names).
"""

from __future__ import annotations

import json
import logging
from datetime import UTC, datetime

#: The ``extra=`` fields a line carries, each a short code: where an update came from
#: (``platform``, ``chat_kind``: private or group), what it asked (``command``, one of the
#: registered names or "other"), and what it concerned (``discipline``, ``system`` codes).
FIELDS = ("platform", "command", "discipline", "chat_kind", "system", "outcome")
#: A field's value longer than this is cut: the fields are codes, not texts.
MAX_FIELD = 64


class JsonFormatter(logging.Formatter):
    """``{"time", "level", "logger", "message"}``, the allowed ``extra=`` fields the record
    has, and ``"exception"`` and ``"stack"`` when the record has them; never more than one
    line."""

    def format(self, record: logging.LogRecord) -> str:
        found: dict[str, str | int | float | bool] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        for name in FIELDS:
            value = record.__dict__.get(name)
            if value is None:
                continue
            if isinstance(value, bool | int | float):
                found[name] = value
            else:
                found[name] = str(value)[:MAX_FIELD]
        if record.exc_info and not record.exc_text:
            record.exc_text = self.formatException(record.exc_info)
        if record.exc_text:
            found["exception"] = record.exc_text
        if record.stack_info:
            found["stack"] = self.formatStack(record.stack_info)
        return json.dumps(found, ensure_ascii=False)
