"""Links between the published website and the chats.

- Into the site from messages: an announcement links its list's page, /rating the player's
  page (a Telegram Web App button, a link button in Discord). The address (FEDRANK_SITE_URL)
  is the operator's setting, given once by the composition root (:func:`set_site_url`);
  without it messages carry no link.
- Into the chats from the site: each profile links to the Telegram bot with a ``/start``
  payload that answers the player's rating (:func:`bot_link`, made with aiogram's deep-link
  helper from FEDRANK_TELEGRAM_BOT_USERNAME, or the bot's own username where the bot runs), and
  to the Discord server's invite (FEDRANK_DISCORD_INVITE_URL) when one is set
  (:func:`set_chat_links`).
"""

from __future__ import annotations

import re
from datetime import date

from fedrank.handlers.site import paths

_site_url: list[str] = []
_bot_username: list[str] = []
_discord_invite: list[str] = []

#: What a /start payload of a profile link decodes to: ``p:<federation>:<player ID>``.
PLAYER_PAYLOAD = re.compile(r"p:([A-Z][A-Z0-9_-]{0,31}):([^:\s]{1,64}):?")


def set_site_url(url: str | None) -> None:
    """The site's public address (``https://ratings.example.org/``), or None for no links."""
    _site_url[:] = [url.rstrip("/") + "/"] if url else []


def set_chat_links(bot_username: str | None, discord_invite: str | None) -> None:
    """The Telegram bot's username and the Discord invite the profiles link to (None: none).
    A username given is kept over one learnt later from the bot (:func:`learn_bot_username`)."""
    _bot_username[:] = [bot_username.lstrip("@")] if bot_username else []
    _discord_invite[:] = [discord_invite] if discord_invite else []


def learn_bot_username(username: str | None) -> None:
    """The bot's username from getMe, where the bot runs and none was configured."""
    if username and not _bot_username:
        _bot_username[:] = [username]


def list_url(federation: str, discipline: str, day: date) -> str | None:
    """The public address of a list's page (None when no site address is set)."""
    if not _site_url:
        return None
    return _site_url[0] + paths.list_page(federation, discipline, day)


def site_url() -> str | None:
    """The site's public address ending in ``/`` (None when not set)."""
    return _site_url[0] if _site_url else None


def player_url(federation: str, fpid: str, language: str, home: str) -> str | None:
    """The public address of a player's page in ``language`` (``home``: the federation's
    language, whose copy is at the plain path); None when no site address is set."""
    if not _site_url:
        return None
    return _site_url[0] + paths.in_language(paths.player(federation, fpid), language, home)


def start_payload(federation: str, fpid: str) -> str | None:
    """The ``/start`` payload that asks for a player's rating (base64url, as aiogram encodes
    it), or None when it would not fit Telegram's 64 characters."""
    from aiogram.utils.deep_linking import create_deep_link
    from aiogram.utils.payload import encode_payload

    from fedrank.handlers.accounts.linking import is_code_payload

    plain = f"p:{federation}:{fpid}"
    encoded = encode_payload(plain)
    if is_code_payload(encoded):  # never read as a link code by /start
        encoded = encode_payload(plain + ":")
    try:
        create_deep_link("x", "start", encoded)  # aiogram's own checks of a payload
    except ValueError:
        return None
    return encoded


def bot_link(federation: str, fpid: str) -> str | None:
    """``https://t.me/<bot>?start=<payload>`` for a player's rating (None without a bot)."""
    if not _bot_username:
        return None
    from aiogram.utils.deep_linking import create_deep_link

    payload = start_payload(federation, fpid)
    if payload is None:
        return None
    return create_deep_link(_bot_username[0], "start", payload)


def discord_invite() -> str | None:
    """The Discord server's invite, when the operator set one."""
    return _discord_invite[0] if _discord_invite else None


def player_of_payload(payload: str) -> tuple[str, str] | None:
    """(federation code, player ID) a profile link's ``/start`` payload names, or None."""
    from aiogram.utils.payload import decode_payload

    try:
        plain = decode_payload(payload.strip())
    except (ValueError, UnicodeDecodeError):
        return None
    found = PLAYER_PAYLOAD.fullmatch(plain)
    return (found.group(1), found.group(2)) if found else None
