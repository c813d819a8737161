"""/playerdata: the player facts a rulebook needs that no tournament gives.

FSBR counts EBL/WBF points and titles, an earlier classification and points earned before
fedrank (``bridge_fsbr`` section of ``player.data``); the standings a federation brings from its
previous system are the same keys as the registry's columns (RMF levels, a UFGO §3.2 starting IK
with its recommenders, CCBA opening masterpoints: docs/guide/operators.md, "Moving from another
system"). A director of the player's federation sets them; each system whose
adapter has ``check_player_data`` refuses values it could not read, so bad data never reaches
a computation. Every change is in the audit log with the value before and after.
"""

from __future__ import annotations

import json
from typing import Any

from fedrank.handlers.access import caller, director_of, player_by_exact_id
from fedrank.handlers.context import RequestContext, Services
from fedrank.handlers.errors import UserError
from fedrank.handlers.systems import NoAdapterError
from fedrank.handlers.wording.common import player_label
from fedrank.handlers.wording.i18n import t
from fedrank.handlers.wording.reply import Reply, bold, code
from fedrank.storage.repos import Repos

USAGE = "/playerdata <ID> [section.key <JSON value | ->]"


async def _valid_keys(services: Services, repos: Repos, federation_id: int) -> list[str]:
    """``section.key`` of every fact the federation's systems read, in a stable order."""
    keys: list[str] = []
    for discipline in await repos.federations.disciplines(federation_id):
        try:
            adapter = services.systems.adapter(discipline.system)
        except NoAdapterError:
            continue
        keys += [f"{adapter.system}.{k}" for k in adapter.player_data_keys]
    return sorted(set(keys))


async def playerdata(services: Services, ctx: RequestContext, args: str) -> Reply:
    parts = args.split(maxsplit=2)
    if not parts or len(parts) == 2:
        raise UserError(t(ctx.language, "error.usage", usage=USAGE))
    async with services.db.transaction() as repos:
        account = await caller(repos, services, ctx)
        player = await player_by_exact_id(repos, ctx, parts[0])
        federation = await director_of(repos, ctx, account, player.federation_id)
        if len(parts) == 1:
            shown = json.dumps(player.data or {}, ensure_ascii=False, indent=1, sort_keys=True)
            return Reply(private=True).line(bold(player_label(player))).line(code(shown))
        section, _, key = parts[1].partition(".")
        if not section or not key:
            raise UserError(t(ctx.language, "error.usage", usage=USAGE))
        if parts[2].strip() == "-":
            value: Any = None
        else:
            try:
                value = json.loads(parts[2])
            except json.JSONDecodeError as exc:
                raise UserError(t(ctx.language, "playerdata.bad_json", error=exc.msg)) from None
        data = json.loads(json.dumps(player.data or {}))
        before = (data.get(section) or {}).get(key)
        valid = await _valid_keys(services, repos, federation.id)
        # a key nobody reads is refused; removing one that is stored (an old typo) is not
        if parts[1] not in valid and not (value is None and before is not None):
            raise UserError(
                t(
                    ctx.language,
                    "figures.playerdata_unknown_key",
                    key=parts[1],
                    valid=", ".join(valid) or "—",
                )
            )
        if value is None:
            (data.get(section) or {}).pop(key, None)
        else:
            data.setdefault(section, {})[key] = value
        player.data = data
        for discipline in await repos.federations.disciplines(federation.id):
            try:
                system_adapter = services.systems.adapter(discipline.system)
            except NoAdapterError:
                continue
            try:
                system_adapter.check_player_data(player)
            except Exception as exc:
                raise UserError(t(ctx.language, "submit.refused", error=str(exc))) from None
            for column, named in system_adapter.players_named_in_data(player).items():
                for fpid in named:  # a recommending member (UFGO §3.2) must be registered
                    if await repos.players.by_federation_id(federation.id, fpid) is None:
                        error = f"field '{column}': '{fpid}' is no player of {federation.code}"
                        raise UserError(t(ctx.language, "submit.refused", error=error))
        await repos.audit.log(
            "player.data_changed",
            at=services.now(),
            account_id=account.id,
            federation_id=federation.id,
            subject=player.federation_player_id,
            details={"key": parts[1], "before": before, "after": value},
        )
        return Reply.text(
            t(ctx.language, "playerdata.saved", player=player_label(player), key=parts[1])
        )
