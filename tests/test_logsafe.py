"""No secret in any log: tokens, the webhook secret and database passwords are masked in every
record and traceback, whichever logger and handler they pass through."""

from __future__ import annotations

import io
import logging
import sys
from collections.abc import Iterator
from pathlib import Path

import aiohttp
import pytest
from yarl import URL

from fedrank import logsafe
from fedrank.bootstrap import bootstrap
from fedrank.config import Settings

TELEGRAM = "7012345678:AAHf3kq-Zx9VbN2mP0qRsT4uVwXyZ012345"
DISCORD = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GaBcDe.abcdefghijklmnopqrstuvwxyz0123456789AB"
WEBHOOK = "hook-secret-42"
DB_PASSWORD = "s3cr3t-pw"
REDIS_PASSWORD = "r3dis-pw"


def _settings(tmp_path: Path) -> Settings:
    return Settings(
        _env_file=None,  # type: ignore[call-arg]
        telegram_token=TELEGRAM,  # type: ignore[arg-type]
        discord_token=DISCORD,  # type: ignore[arg-type]
        webhook_secret=WEBHOOK,  # type: ignore[arg-type]
        database_url=f"postgresql+asyncpg://fedrank:{DB_PASSWORD}@db.example:5432/fedrank",
        redis_url=f"redis://:{REDIS_PASSWORD}@cache.example:6379/0",
    )


SECRETS = (TELEGRAM, DISCORD, WEBHOOK, DB_PASSWORD, REDIS_PASSWORD)


@pytest.fixture
def installed(tmp_path: Path) -> Iterator[logsafe.SecretFilter]:
    try:
        yield logsafe.install_for(_settings(tmp_path))
    finally:
        logsafe.uninstall()


def _leaks(text: str) -> list[str]:
    return [s for s in SECRETS if s in text or s.split(":")[-1] in text]


def test_the_secrets_of_the_settings(tmp_path: Path) -> None:
    assert sorted(logsafe.settings_secrets(_settings(tmp_path))) == sorted(SECRETS)
    bare = Settings(_env_file=None)  # type: ignore[call-arg]
    assert logsafe.settings_secrets(bare) == []


def test_what_is_masked() -> None:
    secrets = logsafe.SecretFilter([WEBHOOK, "abc"])
    cases = {
        f"GET https://api.telegram.org/file/bot{TELEGRAM}/documents/x.csv": (
            "GET https://api.telegram.org/file/bot***/documents/x.csv"
        ),
        "token 123:short in /bot123:short/getMe": "token 123:short in /bot***/getMe",
        f"bad token {TELEGRAM}": "bad token ***",
        f"Authorization: Bot {DISCORD}": "Authorization: Bot ***",
        "postgresql+asyncpg://fedrank:pw@db:5432/x": "postgresql+asyncpg://fedrank:***@db:5432/x",
        "redis://:pw@cache:6379/0": "redis://:***@cache:6379/0",
        f"secret={WEBHOOK}&again=hook%2Dsecret-42": "secret=***&again=hook%2Dsecret-42",
        "http://host:8080/path and abc": "http://host:8080/path and abc",  # short: not masked
    }
    for raw, masked in cases.items():
        assert secrets.redact(raw) == masked, raw


def test_every_record_and_traceback_is_masked_whatever_its_handler(
    installed: logsafe.SecretFilter, caplog: pytest.LogCaptureFixture
) -> None:
    # A handler of aiogram's or discord.py's own, added after the installation.
    stream = io.StringIO()
    own = logging.StreamHandler(stream)
    own.setFormatter(logging.Formatter("%(name)s %(message)s"))
    logger = logging.getLogger("discord.client")
    logger.addHandler(own)
    url = URL(f"http://127.0.0.1/file/bot{TELEGRAM}/documents/f.csv")
    try:
        with caplog.at_level(logging.DEBUG):
            logging.getLogger("aiogram.event").error("update failed: %s (webhook %s)", url, WEBHOOK)
            try:
                raise aiohttp.ClientResponseError(
                    aiohttp.RequestInfo(url, "GET", {}, url),  # type: ignore[arg-type]
                    (),
                    status=500,
                    message=f"failed with {DB_PASSWORD}",
                )
            except aiohttp.ClientError:
                logger.exception("download failed (Bot %s)", DISCORD, stack_info=True)
    finally:
        logger.removeHandler(own)
    assert len(caplog.records) == 2
    for record in caplog.records:
        assert record.exc_info is None  # the exception is kept only as masked text
        text = logging.Formatter().format(record)
        assert _leaks(text) == [], text
    assert "bot***/documents" in caplog.records[1].exc_text
    assert "ClientResponseError" in caplog.records[1].exc_text
    assert _leaks(stream.getvalue()) == []
    assert "discord.client download failed (Bot ***)" in stream.getvalue()


def test_a_traceback_that_ends_the_process_is_masked(
    installed: logsafe.SecretFilter, capsys: pytest.CaptureFixture[str]
) -> None:
    try:
        raise RuntimeError(f"cannot connect to postgresql://fedrank:{DB_PASSWORD}@db/x")
    except RuntimeError:
        sys.excepthook(*sys.exc_info())  # type: ignore[arg-type]
    err = capsys.readouterr().err
    assert "RuntimeError: cannot connect to postgresql://fedrank:***@db/x" in err
    assert _leaks(err) == []


def test_the_composition_root_installs_it(tmp_path: Path) -> None:
    try:
        bootstrap(_settings(tmp_path))
        record = logging.getLogger("fedrank.test").makeRecord(
            "fedrank.test", logging.INFO, __file__, 1, "token %s", (TELEGRAM,), None
        )
        assert record.getMessage() == "token ***"
        # A second root with other settings replaces the secrets, it does not stack filters.
        bootstrap(Settings(_env_file=None, webhook_secret="other-secret"))  # type: ignore[call-arg, arg-type]
        record = logging.getLogger("fedrank.test").makeRecord(
            "fedrank.test", logging.INFO, __file__, 1, "%s", ("other-secret",), None
        )
        assert record.getMessage() == "***"
    finally:
        logsafe.uninstall()
