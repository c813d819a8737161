"""No secret in any log: one filter masks the bot tokens, the webhook secret and database
passwords in every log record and every traceback.

A secret reaches a log in ways no call site controls: aiohttp puts the URL it fetched in its
errors (Telegram's file URLs hold the bot token: ``…/file/bot<TOKEN>/…``), a driver puts the
connection URL in its, and aiogram and discord.py log the exceptions of their handlers with
tracebacks. So the masking is done once, on the records themselves:

- :class:`SecretFilter` replaces every configured secret (as written and URL-encoded), every
  Telegram token in a ``/bot<token>`` path and every password in a ``scheme://user:password@``
  URL with ``***``, in the message, its arguments, the formatted traceback and the stack;
- :func:`install` puts the one filter on every handler there is (the root's, aiogram's,
  discord.py's, …) and on every record made from then on (the log record factory), so a handler
  added later (discord.py's own, a test's) gets masked records too; and on ``sys.excepthook``,
  for a traceback that ends the process.

The settings are read by the composition root; :func:`install` is called by it
(:func:`fedrank.bootstrap.bootstrap`) and by the CLI's logging set-up.
"""

from __future__ import annotations

import logging
import re
import sys
import traceback
from collections.abc import Callable, Iterable
from types import TracebackType
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

if TYPE_CHECKING:
    from fedrank.config import Settings

MASK = "***"
#: Shorter values are not masked word for word (they would garble every log); the patterns
#: below still mask them where they stand in a URL.
MIN_SECRET = 4

# A Telegram bot token in a Bot API path: /bot<digits>:<secret>/…
_BOT_PATH = re.compile(r"(?<=/bot)\d+:[A-Za-z0-9_-]+")
# A Telegram bot token anywhere: <bot id>:<35 characters>.
_BOT_TOKEN = re.compile(r"\b\d{5,}:[A-Za-z0-9_-]{30,}")
# The password of a URL: scheme://user:password@host
_URL_PASSWORD = re.compile(r"(?P<head>[A-Za-z][A-Za-z0-9+.-]*://[^:/@\s]*:)[^@/\s]+(?=@)")
# A Discord bot token: three base64url parts joined by dots.
_DISCORD_TOKEN = re.compile(r"\b[A-Za-z0-9_-]{23,28}\.[A-Za-z0-9_-]{6,7}\.[A-Za-z0-9_-]{27,}")


def settings_secrets(settings: Settings) -> list[str]:
    """The secrets of the settings: both tokens, the webhook secret, the database's and
    Redis's passwords."""
    found = [
        secret.get_secret_value()
        for secret in (settings.telegram_token, settings.discord_token, settings.webhook_secret)
        if secret is not None
    ]
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    for url in (settings.database_url, settings.redis_url):
        if not url:
            continue
        try:
            password = make_url(url).password
        except (ArgumentError, ValueError):
            continue
        if password:
            found.append(str(password))
    return found


class SecretFilter(logging.Filter):
    """Masks secrets in each record it sees (and lets every record through)."""

    def __init__(self, secrets: Iterable[str] = ()) -> None:
        super().__init__()
        values: set[str] = set()
        for secret in secrets:
            if len(secret) >= MIN_SECRET:
                values |= {secret, quote(secret, safe=""), quote(secret)}
        # Longest first: a secret that contains another is masked whole.
        self._secrets = sorted(values, key=len, reverse=True)

    def redact(self, text: str) -> str:
        for secret in self._secrets:
            if secret in text:
                text = text.replace(secret, MASK)
        text = _BOT_PATH.sub(MASK, text)
        text = _BOT_TOKEN.sub(MASK, text)
        text = _DISCORD_TOKEN.sub(MASK, text)
        return _URL_PASSWORD.sub(lambda m: m["head"] + MASK, text)

    def filter(self, record: logging.LogRecord) -> bool:
        mask(record, self)
        return True


_FORMATTER = logging.Formatter()


def mask(record: logging.LogRecord, secrets: SecretFilter) -> None:
    """Mask ``record`` in place: its message (with its arguments put in), its traceback (kept
    only as text, so no handler can format the exception again from the original) and its
    stack."""
    try:
        message = record.getMessage()
    except Exception:  # a bad format string: what logging would print, masked
        message = f"{record.msg!s} {record.args!r}"
    record.msg = secrets.redact(message)
    record.args = None
    if record.exc_info and record.exc_info[0] is not None:
        record.exc_text = record.exc_text or _FORMATTER.formatException(record.exc_info)
        record.exc_info = None
    if record.exc_text:
        record.exc_text = secrets.redact(record.exc_text)
    if record.stack_info:
        record.stack_info = secrets.redact(record.stack_info)


ExceptHook = Callable[[type[BaseException], BaseException, TracebackType | None], Any]

_current: SecretFilter | None = None
_base_factory: Callable[..., logging.LogRecord] | None = None
_base_excepthook: ExceptHook | None = None


def _masked_record(*args: Any, **kwargs: Any) -> logging.LogRecord:
    assert _base_factory is not None
    record = _base_factory(*args, **kwargs)
    if _current is not None:
        mask(record, _current)
    return record


def _masked_excepthook(
    kind: type[BaseException], value: BaseException, tb: TracebackType | None
) -> None:
    text = "".join(traceback.format_exception(kind, value, tb))
    sys.stderr.write(_current.redact(text) if _current is not None else text)


def _loggers() -> list[logging.Logger]:
    manager = logging.Logger.manager
    found = [logging.getLogger()]
    found += [lg for lg in list(manager.loggerDict.values()) if isinstance(lg, logging.Logger)]
    return found


def install(secrets: Iterable[str]) -> SecretFilter:
    """Mask ``secrets`` (and the patterns above) everywhere from now on; a second call replaces
    the first one's filter (the secrets of the settings in use)."""
    global _current, _base_factory, _base_excepthook
    old, _current = _current, SecretFilter(secrets)
    for logger in _loggers():
        for handler in logger.handlers:
            if old is not None:
                handler.removeFilter(old)
            handler.addFilter(_current)
    if _base_factory is None:
        _base_factory = logging.getLogRecordFactory()
        logging.setLogRecordFactory(_masked_record)
    if sys.excepthook is not _masked_excepthook:  # also when another hook replaced ours since
        _base_excepthook = sys.excepthook
        sys.excepthook = _masked_excepthook
    return _current


def install_for(settings: Settings) -> SecretFilter:
    """:func:`install` with the secrets of ``settings``."""
    return install(settings_secrets(settings))


def uninstall() -> None:
    """Undo :func:`install` (for tests that must leave logging as they found it)."""
    global _current, _base_factory, _base_excepthook
    if _current is not None:
        for logger in _loggers():
            for handler in logger.handlers:
                handler.removeFilter(_current)
    _current = None
    if _base_factory is not None:
        logging.setLogRecordFactory(_base_factory)
        _base_factory = None
    if _base_excepthook is not None:
        sys.excepthook = _base_excepthook
        _base_excepthook = None
