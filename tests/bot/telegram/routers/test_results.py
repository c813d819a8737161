"""A director's file the file host fails to give: he is told, and the bot token is logged nowhere.

On main the download caught only ``TelegramAPIError``: the file host's HTTP error
(``aiohttp.ClientResponseError``, whose text is the file's URL ``…/file/bot<TOKEN>/…``) went
out of the handler, aiogram logged it with its traceback, and the director got no answer.
"""

from __future__ import annotations

import logging

import pytest

from fedrank.handlers.context import Services
from tests.bot.telegram.conftest import make_telegram_role
from tests.bot.telegram.fake_api import TOKEN, FakeTelegram
from tests.factories import seed_federation

DIRECTOR = 100


def _logged(caplog: pytest.LogCaptureFixture) -> str:
    """Everything the records hold: messages, arguments, tracebacks (formatted) and stacks."""
    formatter = logging.Formatter()
    parts = []
    for record in caplog.records:
        parts.append(formatter.format(record))
        parts.append(repr(record.args))
        if record.exc_info:
            parts.append(formatter.formatException(record.exc_info))
    return "\n".join(parts)


@pytest.mark.parametrize("status", [500, 404])
async def test_a_failed_download_is_answered_and_the_token_is_not_logged(
    telegram: FakeTelegram, services: Services, caplog: pytest.LogCaptureFixture, status: int
) -> None:
    await seed_federation(services.db)
    await make_telegram_role(services.db, DIRECTOR)
    director = telegram.user(DIRECTOR, "Olga")
    telegram.file_status = status
    with caplog.at_level(logging.DEBUG):
        await telegram.send(
            director, document=("kazan.csv", b"kazan;Kazan;2026-11-15\n"), caption="/submit rmf-mcr"
        )
        (answer,) = await telegram.replies(DIRECTOR)
    assert answer.text == "I could not download the file; please send it again."
    assert telegram.calls_of("getFile"), "the file was asked for"
    assert "download of" in caplog.text  # the failure is logged, by its kind
    assert TOKEN not in _logged(caplog)
    assert TOKEN.split(":")[1] not in _logged(caplog)

    telegram.file_status = None  # sent again, it arrives
    await telegram.send(director, "/start")
    (hello,) = await telegram.replies(DIRECTOR, after=1)
    assert hello.text.startswith("Hello, Olga")
