"""The Discord face of fedrank (discord.py 2), a thin layer over the transport-neutral handlers.

``run_transport(settings, services, *, webhook)`` is what ``fedrank run`` starts. Inside: one
cog per feature (:mod:`.cogs`) whose slash and text commands hand every command line to
:func:`fedrank.handlers.dispatch.dispatch` (:mod:`.core`); buttons that survive restarts
(:mod:`.buttons`); the markdown renderer that escapes every user text (:mod:`.render`); the
senders, with no mention ever allowed and closed DMs remembered (:mod:`.delivery`); the
token's request budget (:mod:`fedrank.bot.limits`); role sync (:mod:`.rolesync`); localized
command names (:mod:`.translator`). See docs/discord.md.
"""

import warnings

# discord.py imports audioop for voice, which fedrank does not use; Python 3.11 warns about it.
with warnings.catch_warnings():
    warnings.filterwarnings("ignore", "'audioop' is deprecated", DeprecationWarning)
    import discord  # noqa: F401

from fedrank.bot.discord.app import FedrankBot, make_bot, make_intents, run_transport
from fedrank.bot.discord.render import Rendered, render
from fedrank.config import DiscordSettings

__all__ = [
    "DiscordSettings",
    "FedrankBot",
    "Rendered",
    "make_bot",
    "make_intents",
    "render",
    "run_transport",
]
