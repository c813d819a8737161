"""What /help says of each command, and who sees it: the one table the transports' menus reuse.

Each registered command (:mod:`fedrank.handlers.commands`) has an entry here: its group
(player, director or admin: who may use it) and three catalogue keys, its syntax
(``help.syntax.<name>``), what it does (``cmd.<name>``, the text Telegram's menu and Discord's
slash commands show too) and an example (``help.example.<name>``). A test fails when a
registered command has no entry, or an entry lacks one of its texts in any language.

The group of a command follows its audience in the registry (``all`` is the player's group);
the few a director cannot use, because they need a federation's admin, are listed in
:data:`ADMIN_ONLY`.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol

from fedrank.handlers.wording.i18n import t

#: The groups, from the widest audience to the narrowest.
GROUPS = ("player", "director", "admin")
PLAYER, DIRECTOR, ADMIN = GROUPS

#: Commands of directors' audience that only a federation's admin may use.
ADMIN_ONLY = frozenset({"discipline", "identity"})

#: How many close matches an unknown command's answer names at most.
CLOSE_MATCHES = 4


@dataclass(frozen=True, slots=True)
class HelpEntry:
    command: str
    group: str

    @property
    def syntax_key(self) -> str:
        return f"help.syntax.{self.command}"

    @property
    def description_key(self) -> str:
        return f"cmd.{self.command}"

    @property
    def example_key(self) -> str:
        return f"help.example.{self.command}"

    def syntax(self, language: str) -> str:
        return t(language, self.syntax_key)

    def description(self, language: str) -> str:
        """What the command does, in a few words (without the usage some texts end with,
        since /help shows the syntax beside it)."""
        return short_description(t(language, self.description_key))

    def example(self, language: str) -> str:
        return t(language, self.example_key)


def short_description(text: str) -> str:
    """``"your figures, or a player's: /rating [name or ID]"`` -> ``"your figures, or a
    player's"``: the usage some command descriptions end with is cut off."""
    for mark in (": /", "：/"):
        head, found, _ = text.partition(mark)
        if found:
            return head.rstrip()
    return text


def group_of(command: str, audience: str) -> str:
    """The group of a registered command with ``audience`` (``all`` or ``director``)."""
    if audience == "all":
        return PLAYER
    return ADMIN if command in ADMIN_ONLY else DIRECTOR


class Registered(Protocol):
    """What this module reads of a registered command (:class:`~.commands.Command`)."""

    @property
    def audience(self) -> str: ...


def all_entries(commands: Mapping[str, Registered]) -> dict[str, HelpEntry]:
    """``command -> HelpEntry`` of every command of the registry ``commands``, in its order.
    (The registry is handed in: it imports the use cases, this among them.)"""
    return {name: HelpEntry(name, group_of(name, c.audience)) for name, c in commands.items()}


def by_group(commands: Mapping[str, Registered], group: str) -> list[HelpEntry]:
    """The commands of one group, in the registry's order."""
    return [entry for entry in all_entries(commands).values() if entry.group == group]


def visible_groups(top_role: str) -> tuple[str, ...]:
    """The groups a caller whose highest role anywhere is ``top_role`` may use."""
    return GROUPS[: GROUPS.index(top_role) + 1] if top_role in GROUPS else (PLAYER,)


def normalize_name(text: str) -> str:
    """What the user typed after /help, as a command name: ``"/rating@bot"`` -> ``"rating"``."""
    word = text.strip().split(maxsplit=1)[0] if text.strip() else ""
    return word.lstrip("/").split("@", 1)[0].lower()


def close_matches(name: str, names: list[str]) -> list[str]:
    """The registered names closest to ``name`` (a prefix first, then by spelling)."""
    prefixed = [n for n in names if name and (n.startswith(name) or name.startswith(n))]
    similar = difflib.get_close_matches(name, names, n=CLOSE_MATCHES, cutoff=0.75)
    return list(dict.fromkeys([*prefixed, *similar]))[:CLOSE_MATCHES]
