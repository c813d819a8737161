"""Game reports: a player reports a game (/report), the opponent confirms or disputes it with the
buttons of /reports, directors open and close tournaments for reports and decide disputes; Go
leagues (/league, /closeround), a player's games (/mygames) and proposed result sheets
(/propose, /proposals, /proposalaccept, /proposalreject)."""

from __future__ import annotations

from typing import Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from fedrank.bot.discord.cogs.base import FeatureCog, arg, description, name
from fedrank.bot.discord.cogs.directors import with_results

Rating = Literal["round", "immediate"]


class Reports(FeatureCog):
    @app_commands.command(name=name("report"), description=description("cmd.report"))
    @app_commands.describe(
        tournament=arg("tournament_code"),
        opponent=arg("opponent"),
        result=arg("result"),
        score=arg("score"),
    )
    async def report(
        self,
        interaction: discord.Interaction[Any],
        tournament: str,
        opponent: str,
        result: str,
        score: str | None = None,
    ) -> None:
        await self.slash(interaction, "report", tournament, opponent, result, score)

    @app_commands.command(name=name("reports"), description=description("cmd.reports"))
    async def reports(self, interaction: discord.Interaction[Any]) -> None:
        await self.slash(interaction, "reports")

    @app_commands.command(name=name("gameok"), description=description("cmd.gameok"))
    @app_commands.describe(report=arg("report"))
    async def gameok(self, interaction: discord.Interaction[Any], report: int) -> None:
        await self.slash(interaction, "gameok", str(report))

    @app_commands.command(name=name("gamedispute"), description=description("cmd.gamedispute"))
    @app_commands.describe(report=arg("report"))
    async def gamedispute(self, interaction: discord.Interaction[Any], report: int) -> None:
        await self.slash(interaction, "gamedispute", str(report))

    @app_commands.command(name=name("openreports"), description=description("cmd.openreports"))
    @app_commands.describe(
        discipline=arg("discipline"), code=arg("tournament_code"), title=arg("tournament_name")
    )
    async def openreports(
        self,
        interaction: discord.Interaction[Any],
        discipline: str,
        code: str,
        title: str | None = None,
    ) -> None:
        await self.slash(interaction, "openreports", discipline, code, title)

    @app_commands.command(name=name("closereports"), description=description("cmd.closereports"))
    @app_commands.describe(discipline=arg("discipline"), code=arg("tournament_code"))
    async def closereports(
        self, interaction: discord.Interaction[Any], discipline: str, code: str
    ) -> None:
        await self.slash(interaction, "closereports", discipline, code)

    @app_commands.command(name=name("gameapprove"), description=description("cmd.gameapprove"))
    @app_commands.describe(report=arg("report"))
    async def gameapprove(self, interaction: discord.Interaction[Any], report: int) -> None:
        await self.slash(interaction, "gameapprove", str(report))

    @app_commands.command(name=name("gamereject"), description=description("cmd.gamereject"))
    @app_commands.describe(report=arg("report"))
    async def gamereject(self, interaction: discord.Interaction[Any], report: int) -> None:
        await self.slash(interaction, "gamereject", str(report))

    @app_commands.command(name=name("league"), description=description("cmd.league"))
    @app_commands.describe(
        discipline=arg("discipline"),
        code=arg("tournament_code"),
        size=arg("size"),
        time=arg("time"),
        official=arg("official"),
        rating=arg("rating"),
        date=arg("event_date"),
        title=arg("tournament_name"),
    )
    async def league(
        self,
        interaction: discord.Interaction[Any],
        discipline: str,
        code: str,
        size: int = 19,
        time: int = 60,
        official: bool = False,
        rating: Rating = "round",
        date: str | None = None,
        title: str | None = None,
    ) -> None:
        settings = [
            f"size={size}",
            f"time={time}",
            f"official={'yes' if official else 'no'}",
            f"rating={rating}",
            *([f"date={date}"] if date else []),
        ]
        await self.slash(interaction, "league", discipline, code, *settings, title)

    @app_commands.command(name=name("closeround"), description=description("cmd.closeround"))
    @app_commands.describe(discipline=arg("discipline"), code=arg("tournament_code"))
    async def closeround(
        self, interaction: discord.Interaction[Any], discipline: str, code: str
    ) -> None:
        await self.slash(interaction, "closeround", discipline, code)

    @app_commands.command(name=name("mygames"), description=description("cmd.mygames"))
    @app_commands.describe(tournament=arg("tournament_code"), page=arg("page"))
    async def mygames(
        self,
        interaction: discord.Interaction[Any],
        tournament: str | None = None,
        page: int | None = None,
    ) -> None:
        await self.slash(
            interaction, "mygames", tournament, str(page) if page is not None else None
        )

    @app_commands.command(name=name("propose"), description=description("cmd.propose"))
    @app_commands.describe(discipline=arg("discipline"), file=arg("results_file"))
    async def propose(
        self,
        interaction: discord.Interaction[Any],
        discipline: str,
        file: discord.Attachment | None = None,
    ) -> None:
        await with_results(self.core, interaction, "propose", discipline, file)

    @app_commands.command(name=name("proposals"), description=description("cmd.proposals"))
    async def proposals(self, interaction: discord.Interaction[Any]) -> None:
        await self.slash(interaction, "proposals")

    @app_commands.command(
        name=name("proposalaccept"), description=description("cmd.proposalaccept")
    )
    @app_commands.describe(proposal=arg("proposal"))
    async def proposalaccept(self, interaction: discord.Interaction[Any], proposal: int) -> None:
        await self.slash(interaction, "proposalaccept", str(proposal))

    @app_commands.command(
        name=name("proposalreject"), description=description("cmd.proposalreject")
    )
    @app_commands.describe(proposal=arg("proposal"), reason=arg("reason"))
    async def proposalreject(
        self, interaction: discord.Interaction[Any], proposal: int, reason: str | None = None
    ) -> None:
        await self.slash(interaction, "proposalreject", str(proposal), reason)

    @commands.command(name="report")
    async def report_text(self, ctx: commands.Context[Any], *, args: str = "") -> None:
        await self.text(ctx, "report", args)

    @commands.command(name="reports")
    async def reports_text(self, ctx: commands.Context[Any], *, args: str = "") -> None:
        await self.text(ctx, "reports", args)

    @commands.command(name="gameok")
    async def gameok_text(self, ctx: commands.Context[Any], *, args: str = "") -> None:
        await self.text(ctx, "gameok", args)

    @commands.command(name="gamedispute")
    async def gamedispute_text(self, ctx: commands.Context[Any], *, args: str = "") -> None:
        await self.text(ctx, "gamedispute", args)

    @commands.command(name="openreports")
    async def openreports_text(self, ctx: commands.Context[Any], *, args: str = "") -> None:
        await self.text(ctx, "openreports", args)

    @commands.command(name="closereports")
    async def closereports_text(self, ctx: commands.Context[Any], *, args: str = "") -> None:
        await self.text(ctx, "closereports", args)

    @commands.command(name="gameapprove")
    async def gameapprove_text(self, ctx: commands.Context[Any], *, args: str = "") -> None:
        await self.text(ctx, "gameapprove", args)

    @commands.command(name="gamereject")
    async def gamereject_text(self, ctx: commands.Context[Any], *, args: str = "") -> None:
        await self.text(ctx, "gamereject", args)

    @commands.command(name="league")
    async def league_text(self, ctx: commands.Context[Any], *, args: str = "") -> None:
        await self.text(ctx, "league", args)

    @commands.command(name="closeround")
    async def closeround_text(self, ctx: commands.Context[Any], *, args: str = "") -> None:
        await self.text(ctx, "closeround", args)

    @commands.command(name="mygames")
    async def mygames_text(self, ctx: commands.Context[Any], *, args: str = "") -> None:
        await self.text(ctx, "mygames", args)

    @commands.command(name="propose")
    async def propose_text(self, ctx: commands.Context[Any], *, args: str = "") -> None:
        await self.text(ctx, "propose", args)

    @commands.command(name="proposals")
    async def proposals_text(self, ctx: commands.Context[Any], *, args: str = "") -> None:
        await self.text(ctx, "proposals", args)

    @commands.command(name="proposalaccept")
    async def proposalaccept_text(self, ctx: commands.Context[Any], *, args: str = "") -> None:
        await self.text(ctx, "proposalaccept", args)

    @commands.command(name="proposalreject")
    async def proposalreject_text(self, ctx: commands.Context[Any], *, args: str = "") -> None:
        await self.text(ctx, "proposalreject", args)
