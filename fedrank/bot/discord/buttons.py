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
from typing import Any, Protocol

import discord

from fedrank.bot.discord.render import custom_id
from fedrank.handlers.wording.reply import Button

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


def item_of(button: Button, owner: int) -> discord.ui.Item[Any]:
    """A rendered button as a component: a link (``url``: a page of the site), else one of
    ours that runs its action."""
    if button.url:
        return discord.ui.Button(label=button.label, style=discord.ButtonStyle.link, url=button.url)
    return ActionButton(owner, button.label, button.action)
