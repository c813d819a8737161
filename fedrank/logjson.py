"""``FEDRANK_LOG_FORMAT=json``: one JSON object per log line, for a log collector.

The secrets are masked before any formatter sees a record (:mod:`fedrank.logsafe` masks the
records themselves, their tracebacks included), so this formatter only arranges the fields.
"""

from __future__ import annotations

import json
import logging
from datetime import UTC, datetime


class JsonFormatter(logging.Formatter):
    """``{"time", "level", "logger", "message"}``, plus ``"exception"`` and ``"stack"`` when
    the record has them; never more than one line."""

    def format(self, record: logging.LogRecord) -> str:
        found: dict[str, str] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        if record.exc_info and not record.exc_text:
            record.exc_text = self.formatException(record.exc_info)
        if record.exc_text:
            found["exception"] = record.exc_text
        if record.stack_info:
            found["stack"] = self.formatStack(record.stack_info)
        return json.dumps(found, ensure_ascii=False)
