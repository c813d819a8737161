"""``FEDRANK_LOG_FORMAT=json``: one JSON object per line, secrets masked as in text logs."""

from __future__ import annotations

import io
import json
import logging
from collections.abc import Iterator

import pytest

from fedrank import logsafe
from fedrank.config import Settings
from fedrank.logjson import JsonFormatter

TOKEN = "987654321:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw"


@pytest.fixture
def logged() -> Iterator[tuple[logging.Logger, io.StringIO]]:
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(JsonFormatter())
    logger = logging.getLogger("fedrank.test_logjson")
    logger.addHandler(handler)
    logger.propagate = False
    settings = Settings(_env_file=None, telegram_token=TOKEN)  # type: ignore[call-arg]
    logsafe.install_for(settings)
    try:
        yield logger, stream
    finally:
        logsafe.uninstall()
        logger.removeHandler(handler)


def test_a_record_is_one_json_line_with_the_secret_masked(
    logged: tuple[logging.Logger, io.StringIO],
) -> None:
    logger, stream = logged
    logger.warning("fetching %s failed\nsecond line", f"https://api.telegram.org/bot{TOKEN}/getMe")
    (line,) = stream.getvalue().splitlines()
    record = json.loads(line)
    assert record["level"] == "WARNING"
    assert record["logger"] == "fedrank.test_logjson"
    assert record["message"] == "fetching https://api.telegram.org/bot***/getMe failed\nsecond line"
    assert record["time"].endswith("+00:00")
    assert TOKEN not in line


def test_a_traceback_stays_in_the_one_line_masked(
    logged: tuple[logging.Logger, io.StringIO],
) -> None:
    logger, stream = logged
    try:
        raise RuntimeError(f"token {TOKEN} refused")
    except RuntimeError:
        logger.exception("the bot failed")
    (line,) = stream.getvalue().splitlines()
    record = json.loads(line)
    assert record["message"] == "the bot failed"
    assert "RuntimeError: token *** refused" in record["exception"]
    assert TOKEN not in line
