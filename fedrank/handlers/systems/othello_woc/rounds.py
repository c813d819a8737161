"""The round flow: one round's results (``/round``) appended to the stored tournament.

Each confirmed version publishes the pairing of the next round (``params["next_round"]``, what
``/pairing`` shows); the results entered for that round are appended to the stored document
under ``round N seed=S`` with the seed recorded with the pairing, and games that differ from
the published pairing are warned about. After the last round the same path takes the play-off
and day-three games.
"""

from __future__ import annotations

from fedrank.engines.kernel import InputError, RuleError
from fedrank.engines.othello_woc import parse_document, parse_round_text, results
from fedrank.engines.othello_woc.pairing import total_rounds
from fedrank.engines.othello_woc.submission import pasted_round
from fedrank.handlers.access import current_version
from fedrank.handlers.systems.othello_woc.importing import Source, build, shift
from fedrank.storage.models import Discipline, Tournament
from fedrank.storage.records import Prepared
from fedrank.storage.repos import Repos


async def prepare_round(
    repos: Repos, discipline: Discipline, stored: Tournament, text: str
) -> Prepared:
    """The stored tournament plus one round's results (or the stage games after the last
    round) as its next version. Errors name the line of ``text`` (1 = its first line)."""
    version = await current_version(repos, stored)
    params = version.params
    if params.get("entered_as") == "standings":
        raise InputError(
            f"{stored.name} was entered as its published standings: it is finished, and a "
            "correction is the table submitted again",
            line=None,
            field="round",
        )
    document = str(params["document"])
    t = parse_document(document).tournament
    total = total_rounds(t)
    number = len(t.rounds) + 1
    ids = {fid.upper(): fid for fid in params["players"]}
    warnings: list[str] = []
    if number <= total:
        lines = pasted_round(text, number, ids)
        entered = parse_round_text("\n".join(lines), number, t)
        pairing = params.get("next_round") or {}
        seed = pairing.get("seed")
        published = {(p["black"], p["white"]) for p in pairing.get("pairs", [])}
        for g in entered.games:
            if (g.black, g.white) not in published:
                warnings.append(
                    f"{g.black} v {g.white} (black v white) is not in the published "
                    f"pairing of round {number}"
                )
        for pid in entered.byes:
            if pid not in pairing.get("byes", []):
                warnings.append(f"{pid}: bye, not in the published pairing of round {number}")
        header = f"round {number}" + (f" seed={seed}" if seed is not None else "")
    else:
        lines = pasted_round(text, None, ids)
        header = f"# after round {total}: play-offs and day three"
    head = document.rstrip("\n") + "\n\n" + header + "\n"
    offset = head.count("\n")
    combined = head + "\n".join(lines) + "\n"
    try:
        doc = parse_document(combined)
        res = results(doc.tournament, doc.stage_games)
    except (InputError, RuleError) as exc:
        raise shift(exc, offset) from None
    players = await repos.players.by_federation_ids(discipline.federation_id, list(ids.values()))
    source = Source(
        stored.code,
        version.held_on,
        combined,
        {fid: players[fid.upper()] for fid in ids.values()},
        warnings,
    )
    reason = f"round {number} entered" if number <= total else "play-offs / day three entered"
    return build(source, doc, res, params, [], reason)
