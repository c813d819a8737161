"""``/h2h [discipline] <player> <player>``: two players' games against each other.

Only systems that store games pairwise have them (:data:`PAIRWISE`: Go and Othello); a
place-based system's tournaments record places, never who beat whom, so the request is refused
saying so. The players are found as a results file's are (:mod:`.systems.players`: federation
ID, EGD PIN, or name in any case and word order); names with spaces are split where both halves
name a player, or at an explicit ``;``, ``,`` or ``vs``. Only current versions count.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from fedrank.engines.kernel import InputError
from fedrank.handlers.access import known_discipline
from fedrank.handlers.context import RequestContext, Services
from fedrank.handlers.errors import UserError
from fedrank.handlers.site.identity import discipline_name
from fedrank.handlers.systems.players import (
    AMBIGUOUS,
    UnresolvedNamesError,
    Wanted,
    find_players,
)
from fedrank.handlers.wording.common import player_label
from fedrank.handlers.wording.i18n import t
from fedrank.handlers.wording.i18n.plural import counted
from fedrank.handlers.wording.reply import Reply, bold
from fedrank.handlers.wording.words import usage_text
from fedrank.storage.models import Discipline, Federation, Player
from fedrank.storage.repos import Repos
from fedrank.storage.repos.tournaments import Meeting

#: The systems whose tournaments store each game with its two players.
PAIRWISE: Final = frozenset({"go_ufgo", "othello_woc"})
USAGE: Final = "/h2h [discipline] <player> <player>"
#: The meetings listed under the summary (the newest).
SHOWN: Final = 10
#: What may stand between two names, strongest first ("Bondarenko, Olena; UFGO-0002").
_SEPARATORS: Final = tuple(
    re.compile(p, re.IGNORECASE) for p in (r"\s*;\s*", r"\s+vs\.?\s+", r"\s*,\s*", r"\s+[-—–]\s+")
)


def _splits(text: str) -> list[tuple[str, str]]:
    """The ways ``text`` names two players: at its separator, else at every space."""
    for separator in _SEPARATORS:
        parts = [p for p in separator.split(text.strip(), maxsplit=1) if p.strip()]
        if len(parts) == 2:
            return [(parts[0].strip(), parts[1].strip())]
    words = text.split()
    return [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]


def _wanted(text: str, line: int) -> Wanted:
    digits = text.isascii() and text.isdigit()
    return Wanted(line, f"player {line}", name=text, pin=text if digits else None)


async def _pairs(
    repos: Repos,
    federation: Federation,
    splits: Sequence[tuple[str, str]],
    ambiguous: dict[str, list[str]],
) -> list[tuple[Player, Player]]:
    """Each two players of ``federation`` a split of the request names (nothing guessed);
    the names that are several players go to ``ambiguous`` (name -> their labels)."""
    out: list[tuple[Player, Player]] = []
    for first, second in splits:
        try:
            found = await find_players(
                repos, federation, [_wanted(first, 1), _wanted(second, 2)], None
            )
        except UnresolvedNamesError as exc:
            for u in exc.unresolved:
                if u.kind == AMBIGUOUS:
                    ambiguous[u.wanted.written] = [c.label() for c in u.candidates]
            continue
        except InputError:  # one player named twice
            continue
        pair = (found[0], found[1])
        if all(p.id != pair[0].id or q.id != pair[1].id for p, q in out):
            out.append(pair)
    return out


async def _find(
    repos: Repos, ctx: RequestContext, text: str, discipline: Discipline | None
) -> tuple[Federation, Player, Player]:
    splits = _splits(text)
    if not splits:
        raise UserError(t(ctx.language, "error.usage", usage=USAGE))
    federations = list(await repos.federations.all())
    if discipline is not None:
        federations = [f for f in federations if f.id == discipline.federation_id]
    systems = {
        f.id: {d.system for d in await repos.federations.disciplines(f.id)} for f in federations
    }
    # Federations with games first: a place-based one is tried only to say why it cannot answer.
    federations.sort(key=lambda f: not systems[f.id] & PAIRWISE)
    found: list[tuple[Federation, Player, Player]] = []
    ambiguous: dict[str, list[str]] = {}
    for federation in federations:
        if found and not systems[federation.id] & PAIRWISE:
            break
        pairs = await _pairs(repos, federation, splits, ambiguous)
        found += [(federation, a, b) for a, b in pairs]
    if not found:
        lines = [
            t(ctx.language, "h2h.not_found", query=text, usage=usage_text(ctx.language, USAGE))
        ]
        lines += [
            t(ctx.language, "h2h.several", name=name, players=", ".join(labels))
            for name, labels in ambiguous.items()
        ]
        raise UserError("\n".join(lines))
    if len(found) > 1:
        named = "; ".join(f"{player_label(a)} — {player_label(b)}" for _, a, b in found[:8])
        raise UserError(t(ctx.language, "h2h.ambiguous", query=text, pairs=named))
    return found[0]


def _result(ctx: RequestContext, meeting: Meeting, first: Player, second: Player) -> str:
    """A game's result from the first player's side, with its score if the system keeps one."""
    game = meeting.game
    swapped = game.player1_id != first.id
    if game.result == "draw":
        text = t(ctx.language, "h2h.drawn")
    elif (game.result == "win1") != swapped:
        text = t(ctx.language, "h2h.won", player=first.name)
    else:
        text = t(ctx.language, "h2h.won", player=second.name)
    if game.score1 is not None and game.score2 is not None:
        mine, theirs = (game.score2, game.score1) if swapped else (game.score1, game.score2)
        text += f" {mine}–{theirs}"
    return text


async def h2h(services: Services, ctx: RequestContext, args: str) -> Reply:
    words = args.split()
    if len(words) < 2:
        raise UserError(t(ctx.language, "error.usage", usage=USAGE))
    async with services.db.read() as repos:
        discipline = None
        if len(words) > 2 and await repos.federations.discipline_by_code(words[0]) is not None:
            discipline = await known_discipline(repos, ctx, words.pop(0))
            if discipline.system not in PAIRWISE:
                raise UserError(
                    t(
                        ctx.language,
                        "h2h.place_based",
                        discipline=discipline_name(discipline, ctx.language),
                        system=discipline.system,
                    )
                )
        federation, first, second = await _find(repos, ctx, " ".join(words), discipline)
        disciplines = [
            d
            for d in await repos.federations.disciplines(federation.id)
            if d.system in PAIRWISE and (discipline is None or d.id == discipline.id)
        ]
        if not disciplines:
            systems = ", ".join(
                sorted({d.system for d in await repos.federations.disciplines(federation.id)})
            )
            raise UserError(
                t(ctx.language, "h2h.place_based", discipline=federation.code, system=systems)
            )
        games = await repos.tournaments.meetings(first.id, second.id, [d.id for d in disciplines])
        meetings = [m for m in games if m.game.result not in ("bye", "unplayed")]
        # Read before the read-only unit ends (its rollback expires the rows).
        return _reply(ctx, first, second, disciplines, meetings)


def _reply(
    ctx: RequestContext,
    first: Player,
    second: Player,
    disciplines: Sequence[Discipline],
    meetings: Sequence[Meeting],
) -> Reply:
    lang = ctx.language
    reply = Reply().line(
        bold(f"{player_label(first)} — {player_label(second)}"),
        f" ({', '.join(discipline_name(d, lang) for d in disciplines)})",
    )
    if not meetings:
        return reply.line(t(lang, "h2h.never"))
    wins = {first.id: 0, second.id: 0}
    draws = 0
    for m in meetings:
        if m.game.result == "draw":
            draws += 1
        else:
            winner = m.game.player1_id if m.game.result == "win1" else m.game.player2_id
            if winner in wins:
                wins[winner] += 1
    reply.line(counted(lang, "h2h.games", len(meetings)))
    for player in (first, second):
        won = counted(lang, "h2h.win", wins[player.id])
        reply.line(t(lang, "h2h.wins", player=player.name, wins=won))
    if draws or any(d.system == "go_ufgo" for d in disciplines):
        key = "h2h.jigo" if all(d.system == "go_ufgo" for d in disciplines) else "h2h.draws"
        reply.line(t(lang, key, count=draws))
    last = meetings[-1]
    reply.line(
        t(
            lang,
            "h2h.last",
            date=last.tournament.held_on.isoformat(),
            tournament=last.tournament.name,
            code=last.tournament.code,
            result=_result(ctx, last, first, second),
        )
    )
    newest = list(reversed(meetings))[:SHOWN]
    reply.table(
        tuple(t(lang, "h2h.headers").split("|")),
        [
            (
                m.tournament.held_on.isoformat(),
                f"{m.tournament.name} ({m.tournament.code})",
                str(m.game.round_no),
                _result(ctx, m, first, second),
            )
            for m in newest
        ],
    )
    if len(meetings) > SHOWN:
        reply.line(t(lang, "submit.more", count=len(meetings) - SHOWN))
    return reply
