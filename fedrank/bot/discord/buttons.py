"""Buttons (Confirm / Cancel / Approve / Decline …) whose ``custom_id`` is their whole state.

A button's ``custom_id`` is ``fr:<owner>:<action>``: the user whose decision it is and the
command line pressing it runs (``/confirm ab12``). Being a :class:`discord.ui.DynamicItem`,
it is recognised from its ``custom_id`` alone, so buttons keep working after a restart, with no
view kept in memory. The action goes through the dispatcher like a typed command, under the
identity of whoever pressed it, so a forged ``custom_id`` can do nothing the presser could not
type; the owner only decides how the answer is shown (:meth:`Presser.press`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, Protocol

import discord

from fedrank.bot.discord.render import BUTTON_LABEL_LIMIT, CUSTOM_ID_LIMIT, custom_id
from fedrank.handlers.reply import Button

_SUCCESS = {"confirm", "approve", "accept", "gameok", "gameapprove", "qconfirm"}
_DANGER = {"cancel", "reject", "decline", "gamedispute", "gamereject", "qdecline"}
# Discord's message layout: five buttons a row, five rows.
ROW_WIDTH = 5
MAX_ROWS = 5


def command_of(action: str) -> str:
    return action.lstrip("/").split(maxsplit=1)[0].split("@", 1)[0].lower() if action else ""


def style_of(action: str) -> discord.ButtonStyle:
    name = command_of(action)
    if name in _SUCCESS:
        return discord.ButtonStyle.success
    if name in _DANGER:
        return discord.ButtonStyle.danger
    return discord.ButtonStyle.secondary


def components(buttons: Sequence[Button], owner: int | str) -> list[dict[str, Any]]:
    """The buttons as raw message components, for a sender that speaks Discord's REST API
    itself (the outbox): pressing them is handled here like any :class:`ActionButton`."""
    rows: list[dict[str, Any]] = []
    for start in range(0, min(len(buttons), ROW_WIDTH * MAX_ROWS), ROW_WIDTH):
        row = [
            {
                "type": 2,  # button
                "style": style_of(b.action).value,
                "label": b.label[:BUTTON_LABEL_LIMIT],
                "custom_id": custom_id(owner, b.action),
            }
            for b in buttons[start : start + ROW_WIDTH]
            if len(custom_id(owner, b.action)) <= CUSTOM_ID_LIMIT
        ]
        if row:
            rows.append({"type": 1, "components": row})  # action row
    return rows


class Presser(Protocol):
    """What answers a button press (the transport core)."""

    async def press(
        self, interaction: discord.Interaction[Any], owner: int, action: str, label: str
    ) -> None: ...


class ActionButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=re.compile(r"fr:(?P<owner>[0-9]+):(?P<action>/.+)"),
):
    def __init__(self, owner: int, label: str, action: str) -> None:
        super().__init__(
            discord.ui.Button(
                label=label, style=style_of(action), custom_id=custom_id(owner, action)
            )
        )
        self.owner = owner
        self.action = action
        self.label = label

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> ActionButton:
        label = getattr(item, "label", None) or match["action"]
        return cls(int(match["owner"]), label, match["action"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        presser: Presser | None = getattr(interaction.client, "fedrank", None)
        if presser is not None:
            await presser.press(interaction, self.owner, self.action, self.label)
