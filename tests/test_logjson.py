"""``FEDRANK_LOG_FORMAT=json``: one JSON object per line, secrets masked as in text logs, the
allowed ``extra=`` fields carried as fields."""

from __future__ import annotations

import io
import json
import logging
from collections.abc import Iterator
from dataclasses import replace

import pytest

from fedrank import logsafe
from fedrank.config import Settings
from fedrank.handlers import commands as commands_module
from fedrank.handlers.context import RequestContext, Services
from fedrank.handlers.dispatch import dispatch
from fedrank.handlers.wording.reply import Reply
from fedrank.logjson import MAX_FIELD, JsonFormatter
from tests.helpers import user

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


def test_the_allowed_extra_fields_are_fields_of_the_line_and_no_others(
    logged: tuple[logging.Logger, io.StringIO],
) -> None:
    logger, stream = logged
    logger.warning(
        "list published",
        extra={
            "platform": "telegram",
            "command": "top",
            "discipline": "ufgo",
            "chat_kind": "group",
            "token": TOKEN,
            "text": "/rating Иванов",
            "display_name": "Иван Иванов",
        },
    )
    logger.warning("a long one", extra={"discipline": "x" * 500, "outcome": 3})
    first, second = (json.loads(line) for line in stream.getvalue().splitlines())
    assert first == {
        "time": first["time"],
        "level": "WARNING",
        "logger": "fedrank.test_logjson",
        "message": "list published",
        "platform": "telegram",
        "command": "top",
        "discipline": "ufgo",
        "chat_kind": "group",
    }
    assert TOKEN not in stream.getvalue() and "Иван" not in stream.getvalue()
    assert second["discipline"] == "x" * MAX_FIELD and second["outcome"] == 3
    assert "platform" not in second  # a field the call did not give is not written


async def test_a_failed_update_logs_its_platform_command_and_chat_kind_not_its_text(
    services: Services, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    async def broken(services: Services, ctx: RequestContext, args: str) -> Reply:
        raise RuntimeError("boom")

    monkeypatch.setitem(commands_module.COMMANDS, "boom", commands_module.Command("boom", broken))
    group = replace(user("u-1", name="Secret Name"), is_private=False, chat_id="-100")
    with caplog.at_level(logging.ERROR, logger="fedrank.handlers.dispatch"):
        await dispatch(services, group, "/boom private words")
    (record,) = [r for r in caplog.records if r.name == "fedrank.handlers.dispatch"]
    line = JsonFormatter().format(record)
    found = json.loads(line)
    assert (found["platform"], found["command"], found["chat_kind"]) == (
        "console",
        "boom",
        "group",
    )
    assert "private words" not in line and "Secret Name" not in line
