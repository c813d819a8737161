"""``/whatif <tournament> <place> [player]``: what a place in a stored tournament would change.

The caller's own player unless another is named (ID or part of a name). The simulation is the
adapter's optional ``whatif(repos, discipline, tournament, player_id, place)`` (see
:mod:`fedrank.handlers.systems.base`); a system without it answers that it cannot simulate
places (go_ufgo rates games, not places; othello_woc is a tournament engine). The request runs
in a read-only unit, so nothing an adapter does can be written.
"""

from __future__ import annotations

from fedrank.engines.kernel import EngineError, RuleError
from fedrank.handlers import codes
from fedrank.handlers.access import one_tournament, stored_discipline, subject_player
from fedrank.handlers.context import RequestContext, Services
from fedrank.handlers.errors import UserError
from fedrank.handlers.systems import NoAdapterError
from fedrank.handlers.wording.common import is_number, player_label
from fedrank.handlers.wording.i18n import t
from fedrank.handlers.wording.phrases import localize, rule_text
from fedrank.handlers.wording.reply import Reply, bold
from fedrank.handlers.wording.words import refusal_text, say
from fedrank.storage.records import PreviewLine

MAX_PLACE = 10_000
USAGE = "/whatif <tournament> <place> [player]"


def _refusal(ctx: RequestContext, exc: EngineError) -> str:
    """An engine's refusal in the asker's language (its message and rule, as phrases)."""
    if isinstance(exc, RuleError):
        where = f"line {exc.line}: " if exc.line is not None else ""
        message = localize(ctx.language, where + exc.message)
        return f"{message} ({rule_text(ctx.language, localize(ctx.language, exc.rule))})"
    return localize(ctx.language, str(exc))


async def whatif(services: Services, ctx: RequestContext, args: str) -> Reply:
    words = args.split()
    async with services.db.read() as repos:
        # The tournament's code or name (words, maybe with numbers), the place, the player.
        count = await codes.leading_name(
            repos, words, ends=lambda n: n < len(words) and is_number(words[n])
        )
        if count >= len(words) or not is_number(words[count]):
            raise UserError(t(ctx.language, "error.usage", usage=USAGE))
        place = int(words[count])
        if not 1 <= place <= MAX_PLACE:
            raise UserError(t(ctx.language, "error.usage", usage=USAGE))
        parts = [" ".join(words[:count]), words[count], " ".join(words[count + 1 :])]
        tournament = await one_tournament(
            repos, ctx, parts[0], unknown="whatif.no_tournament", choose="whatif.choose", limit=8
        )
        discipline = await stored_discipline(repos, tournament.discipline_id, ctx.language)
        player = await subject_player(
            repos,
            ctx,
            parts[2],
            unlinked="whatif.unlinked",
            federations=[discipline.federation_id],
        )
        if player.federation_id != discipline.federation_id:
            raise UserError(
                t(
                    ctx.language,
                    "whatif.other_federation",
                    player=player_label(player),
                    tournament=tournament.code,
                )
            )
        try:
            system_adapter = services.systems.adapter(discipline.system)
        except NoAdapterError:
            system_adapter = None
        if system_adapter is None or not system_adapter.supports_whatif:
            system = localize(ctx.language, discipline.system)
            raise UserError(t(ctx.language, "whatif.unsupported", system=system))
        try:
            lines: list[PreviewLine] = await system_adapter.whatif(
                repos, discipline, tournament, player.id, place
            )
        except EngineError as exc:
            error = refusal_text(ctx.language, exc, _refusal(ctx, exc))
            raise UserError(t(ctx.language, "whatif.refused", error=error)) from None
        # Read before the read-only unit ends (its rollback expires the rows).
        title = t(
            ctx.language,
            "whatif.title",
            player=player_label(player),
            place=place,
            tournament=tournament.name,
        )
    reply = Reply().line(bold(title))
    reply.table(
        tuple(t(ctx.language, "whatif.headers").split("|")),
        [tuple(say(ctx.language, v) for v in (x.label, x.before, x.after, x.note)) for x in lines],
    )
    return reply.line(t(ctx.language, "whatif.nothing_written"))
