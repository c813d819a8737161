"""One cog per feature: players, account links, directors' results, game reports,
qualification, Othello rounds, federation management, role sync; and generic commands for what
the dispatcher registers beyond them (:mod:`.generic`)."""

from fedrank.bot.discord.cogs.admin import Admin
from fedrank.bot.discord.cogs.base import FeatureCog
from fedrank.bot.discord.cogs.directors import Directors
from fedrank.bot.discord.cogs.links import Links
from fedrank.bot.discord.cogs.othello import Othello
from fedrank.bot.discord.cogs.players import Players
from fedrank.bot.discord.cogs.qualification import Qualification
from fedrank.bot.discord.cogs.reports import Reports
from fedrank.bot.discord.cogs.roles import Roles
from fedrank.bot.discord.cogs.tournaments import Tournaments

ALL: tuple[type[FeatureCog], ...] = (
    Players,
    Links,
    Directors,
    Reports,
    Qualification,
    Othello,
    Admin,
    Roles,
    Tournaments,
)

__all__ = [
    "ALL",
    "Admin",
    "Directors",
    "FeatureCog",
    "Links",
    "Othello",
    "Players",
    "Qualification",
    "Reports",
    "Roles",
    "Tournaments",
]
