"""The chat commands: each use case under its name, with what a transport needs to know of it.

Every transport offers exactly these commands (the dispatcher finds them here, Telegram lists
them with setMyCommands, Discord declares a slash and a text command for each). The flags say
how a transport should treat a command without knowing the use case: ``slow`` ones are
acknowledged at once (Discord's 3-second deadline), ``private`` ones answer only the asker,
``takes_file`` ones read the file sent with them, ``embedded`` ones are shown as one card when
they fit. ``/help`` lives here because it lists this registry.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from fedrank.handlers import notify, qualification, reports
from fedrank.handlers.access import caller
from fedrank.handlers.accounts import grants, linking
from fedrank.handlers.accounts import start as accounts
from fedrank.handlers.context import RequestContext, Services
from fedrank.handlers.errors import UserError
from fedrank.handlers.federation import admin, identity, playerdata
from fedrank.handlers.federation.registry import card, edit
from fedrank.handlers.publication import publish as publication
from fedrank.handlers.publication import subscriptions
from fedrank.handlers.questions import h2h, players, ratings, whatif
from fedrank.handlers.results import othello, proposals, tournaments, withdraw
from fedrank.handlers.results import submission as results
from fedrank.handlers.wording import helptext
from fedrank.handlers.wording.i18n import t
from fedrank.handlers.wording.reply import Reply, bold, code

Handler = Callable[[Services, RequestContext, str], Awaitable[Reply]]


@dataclass(frozen=True, slots=True)
class Command:
    name: str
    handler: Handler
    # "all": listed for everyone; "director": listed for directors (still checked per federation).
    audience: str = "all"
    # Parses files, writes tournaments, computes lists or draws charts: acknowledge at once.
    slow: bool = False
    # Its answers are private (a deferral must be ephemeral from the start).
    private: bool = False
    # Reads the file sent with it (other commands ignore attachments).
    takes_file: bool = False
    # Its answer is shown as one embed when it fits (/rating and the lists).
    embedded: bool = False


COMMANDS: dict[str, Command] = {}


def register(
    name: str,
    handler: Handler,
    audience: str = "all",
    *,
    slow: bool = False,
    private: bool = False,
    takes_file: bool = False,
    embedded: bool = False,
) -> None:
    """Add a use case; every transport offers what is registered here."""
    COMMANDS[name] = Command(name, handler, audience, slow, private, takes_file, embedded)


async def help_(services: Services, ctx: RequestContext, args: str) -> Reply:
    """``/help``: the commands the caller may use, by group (player; director and admin with the
    federations he holds the role in), each with its syntax. ``/help <command>``: its syntax,
    what it does, who may use it and an example."""
    name = helptext.normalize_name(args)
    if name:
        return _command_help(ctx.language, name)
    async with services.db.transaction() as repos:
        account = await caller(repos, services, ctx)
        held: dict[str, list[str]] = {helptext.DIRECTOR: [], helptext.ADMIN: []}
        for federation_id, role in (await repos.accounts.roles(account.id)).items():
            federation = await repos.federations.get(federation_id)
            if federation is None:
                continue
            for group in helptext.visible_groups(role)[1:]:
                held[group].append(federation.code)
    lang = ctx.language
    reply = Reply().line(bold(t(lang, "help.title"))).line(bold(t(lang, "help.group.player")))
    _list_group(reply, lang, helptext.PLAYER)
    for group in (helptext.DIRECTOR, helptext.ADMIN):
        if held[group]:
            codes = ", ".join(sorted(held[group]))
            reply.line(bold(t(lang, f"help.group.{group}", federations=codes)))
            _list_group(reply, lang, group)
    return reply.line(t(lang, "help.more"))


def _list_group(reply: Reply, lang: str, group: str) -> None:
    for entry in helptext.by_group(COMMANDS, group):
        reply.line(code(entry.syntax(lang)), " — ", entry.description(lang))


def _label(lang: str, key: str) -> str:
    """A label before a value: "Syntax: ", but "格式：" (a full-width colon has its space)."""
    label = t(lang, key)
    return label if label.endswith("：") else f"{label} "


def _command_help(lang: str, name: str) -> Reply:
    entry = helptext.all_entries(COMMANDS).get(name)
    if entry is None:
        close = helptext.close_matches(name, list(COMMANDS))
        lines = [t(lang, "help.unknown", command=name[:32])]
        if close:
            lines.append(t(lang, "help.close", commands=", ".join(f"/{c}" for c in close)))
        lines.append(t(lang, "help.all"))
        raise UserError("\n".join(lines))
    return (
        Reply()
        .line(bold(f"/{entry.command}"), " — ", entry.description(lang))
        .line(_label(lang, "help.syntax"), code(entry.syntax(lang)))
        .line(_label(lang, "help.example"), code(entry.example(lang)))
        .line(t(lang, f"help.who.{entry.group}"))
    )


register("start", accounts.start)
register("help", help_)
register("link", linking.link)
register("rating", ratings.rating, embedded=True)
register("top", ratings.top, embedded=True)
register("why", players.why, slow=True)
register("history", players.history, slow=True, embedded=True)
register("tournaments", tournaments.tournaments)
register("results", tournaments.results)
register("h2h", h2h.h2h)
register("subscribe", subscriptions.subscribe)
register("unsubscribe", subscriptions.unsubscribe)
register("lang", accounts.lang)
register("links", linking.links, "director", private=True)
register("approve", linking.approve, "director")
register("reject", linking.reject, "director")
register("linkcode", linking.linkcode, "director", private=True)
register("grant", grants.grant, "director")
register("submit", results.submit, "director", slow=True, takes_file=True)
register("confirm", results.confirm, "director", slow=True)
register("names", results.names_answer, "director", slow=True)
register("facts", results.facts_answer, "director", slow=True)
register("cancel", results.cancel, "director", slow=True)
register("withdraw", withdraw.withdraw, "director", slow=True)
register("publish", publication.publish, "director", slow=True)
register("pairing", othello.pairing)
register("standings", othello.standings)
register("round", othello.round_, "director", slow=True, takes_file=True)
register("roundstatus", othello.roundstatus)
register("report", reports.report)
register("reports", reports.reports)
register("gameok", reports.gameok)
register("gamedispute", reports.gamedispute)
register("openreports", reports.openreports, "director")
register("closereports", reports.closereports, "director")
register("gameapprove", reports.gameapprove, "director")
register("gamereject", reports.gamereject, "director")
register("league", reports.open_league, "director")
register("closeround", reports.close_round, "director", slow=True)
register("mygames", reports.mygames, private=True)
register("propose", proposals.propose, slow=True, takes_file=True)
register("proposals", proposals.proposals, "director", slow=True, private=True)
register("proposalaccept", proposals.proposalaccept, "director", slow=True)
register("proposalreject", proposals.proposalreject, "director")
register("disciplines", admin.disciplines)
register("discipline", admin.discipline, "director")
register("identity", identity.identity_command, "director")
register("roles", admin.roles, "director")
register("unlink", admin.unlink, "director")
register("qualify", qualification.qualify, "director")
register("qualification", qualification.show, "director")
register("qconfirm", qualification.qconfirm)
register("qdecline", qualification.qdecline)
register("qualifications", qualification.qualifications)
register("qrecord", qualification.qrecord, "director")
register("qrestore", qualification.qrestore, "director")
register("notify", notify.notify)
register("whatif", whatif.whatif, slow=True)
register("playerdata", playerdata.playerdata, "director")
register("player", card.player)
register("playeradd", edit.playeradd, "director")
register("playeredit", edit.playeredit, "director")
