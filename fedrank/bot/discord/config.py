"""The Discord transport's own settings, read from ``FEDRANK_DISCORD_*`` variables.

The token itself is ``FEDRANK_DISCORD_TOKEN`` in :class:`fedrank.config.Settings`; these
settings only shape the bot and all have working defaults, so a token alone is enough.
"""

from __future__ import annotations

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict


class DiscordSettings(BaseSettings):
    model_config = SettingsConfigDict(
        env_prefix="FEDRANK_DISCORD_",
        env_file=".env",
        env_file_encoding="utf-8",
        extra="ignore",
    )

    # The prefix of text commands (``!rating``); empty turns them off, and with them the
    # privileged message content intent.
    prefix: str = "!"
    # Keep linked members' Discord roles in step with their official titles. Needs the
    # privileged server members intent (switched on in the developer portal as well).
    role_sync: bool = False
    # Guilds whose slash commands are registered at once at start-up (global registration
    # can take a while to reach every client); empty means global only.
    guild_ids: list[int] = Field(default_factory=list)
    # Register the slash commands with Discord at start-up.
    sync_commands: bool = True
    # Outgoing REST requests per second. Discord's global limit (50/s) is per bot token and the
    # outbox's sender spends the same budget for broadcasts, so the bot keeps to half of it.
    requests_per_second: float = Field(default=25.0, gt=0, le=50)
    # Per-user throttling: ``throttle_burst`` commands at once, then one every
    # ``throttle_interval`` seconds.
    throttle_burst: int = Field(default=5, ge=1)
    throttle_interval: float = Field(default=1.0, gt=0)
    # How often (seconds) the bot looks for lists published by the scheduler or another bot.
    publication_poll: float = Field(default=60.0, gt=0)
