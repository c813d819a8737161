"""The tournament as data: the field (II.2), the rounds played and their official games.

Seed 004 (``004_460858c73f2f8122.txt``), I.2 (teams), II.2 (game system, extra players),
II.7 (withdrawals and the BYE), IV.6/IV.8 (official scores, see :mod:`.scores`). Everything
here is a frozen dataclass so a tournament state can be handed around and cached safely.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from enum import Enum

from fedrank.engines.kernel import RuleError

BYE = "BYE"
"""The dummy player of II.7 that stands in for a withdrawn player (and an odd field)."""

WOF_COUNTRY = "WOF"
"""II.2: an extra player named by the chief director is registered in the "WOF country"."""

C_WOC = 6
"""Appendix A.2: the constant C of the Mixed Brightwell System for the WOC."""

SWISS_ROUNDS = 13
"""II.2: a Swiss first two days are seven rounds on day one and six on day two."""


class System(Enum):
    """II.2: the game system of the first two days, chosen by the size of the field."""

    DOUBLE_ROUND_ROBIN = "double-round-robin"
    SINGLE_ROUND_ROBIN = "single-round-robin"
    MODIFIED_SWISS = "modified-swiss"
    SWISS = "swiss"

    @property
    def is_swiss(self) -> bool:
        return self in (System.MODIFIED_SWISS, System.SWISS)


def system_for_field(size: int) -> System:
    """II.2 a-d: up to 8 double round robin, 9-14 single, 15-24 modified Swiss, else Swiss."""
    if size < 2:
        raise RuleError(f"a field of {size} player(s) cannot play", rule="seed 004 II.2")
    if size <= 8:
        return System.DOUBLE_ROUND_ROBIN
    if size <= 14:
        return System.SINGLE_ROUND_ROBIN
    if size <= 24:
        return System.MODIFIED_SWISS
    return System.SWISS


@dataclass(frozen=True, slots=True)
class Player:
    """One entry of the field.

    ``group_a``: played a semi-final in one of the last ten WOCs (II.6.1).
    ``extra``: the host's or WOF's extra player of II.2 (never counts for the team).
    ``youth``: a young player in the sense of Appendix B (listed in the YFRL).
    ``youth_extra``: the country's designated additional young player of Appendix B.1.
    """

    id: str
    name: str
    country: str
    gender: str
    group_a: bool = False
    youth: bool = False
    extra: bool = False
    youth_extra: bool = False

    @property
    def is_woman(self) -> bool:
        return self.gender == "F"

    @property
    def is_young(self) -> bool:
        return self.youth or self.youth_extra


@dataclass(frozen=True, slots=True)
class Game:
    """One game with its official score (IV.8): discs of black and of white, 64 in all.

    ``note`` says which rule fixed the score when it was not simply played out
    (IV.6 time default, IV.8 refusal); ``draw_winner`` is set when a drawn game was
    decided by the draw-win of IV.9 (play-offs and one-game finals only).
    """

    black: str
    white: str
    black_discs: int
    white_discs: int
    note: str = ""
    draw_winner: str | None = None

    def has(self, player: str) -> bool:
        return player in (self.black, self.white)

    def opponent(self, player: str) -> str:
        return self.white if player == self.black else self.black

    def discs(self, player: str) -> int:
        return self.black_discs if player == self.black else self.white_discs

    def colour(self, player: str) -> str:
        return "B" if player == self.black else "W"

    def points(self, player: str) -> Decimal:
        """One point a win, half a draw (II.3.1)."""
        own, other = self.discs(player), self.discs(self.opponent(player))
        if own > other:
            return Decimal(1)
        if own < other:
            return Decimal(0)
        return Decimal("0.5")

    @property
    def winner(self) -> str | None:
        """The winner on the board, or the draw-winner of IV.9; None for a plain draw."""
        if self.black_discs > self.white_discs:
            return self.black
        if self.white_discs > self.black_discs:
            return self.white
        return self.draw_winner


@dataclass(frozen=True, slots=True)
class Round:
    """One round of the first two days as played.

    ``byes`` were paired against BYE (II.7); ``unplayed`` had no game in the round
    (Appendix A.3 a/c); ``withdrawn`` withdrew after this round (II.7); ``seed`` is the
    seed the pairing of this round was drawn with, when it involved a draw.
    """

    number: int
    games: tuple[Game, ...]
    byes: tuple[str, ...] = ()
    unplayed: tuple[str, ...] = ()
    withdrawn: tuple[str, ...] = ()
    seed: int | None = None

    def players(self) -> set[str]:
        out = set(self.byes) | set(self.unplayed)
        for g in self.games:
            out.add(g.black)
            out.add(g.white)
        return out


@dataclass(frozen=True, slots=True)
class Tournament:
    """The state of a tournament: the field, the system and the rounds so far.

    ``bye_points`` is what a bye scores; the seed does not say (see RULES.md othello_woc and
    the engine's decision D1), so it is an input and a bye without it is refused.
    ``contact_nations`` are the nations with a contact person (I.2.1, Appendix B.1).
    """

    name: str
    players: tuple[Player, ...]
    rounds: tuple[Round, ...] = ()
    seed: int = 0
    system: System | None = None
    bye_points: Decimal | None = None
    C: int = C_WOC
    contact_nations: frozenset[str] = field(default_factory=frozenset)

    @property
    def chosen_system(self) -> System:
        return self.system if self.system is not None else system_for_field(len(self.players))

    def player_map(self) -> Mapping[str, Player]:
        return {p.id: p for p in self.players}

    def withdrawal_round(self) -> dict[str, int]:
        """Player id -> the last round he took part in before withdrawing (II.7)."""
        out: dict[str, int] = {}
        for r in self.rounds:
            for pid in r.withdrawn:
                out[pid] = r.number
        return out

    def active_players(self) -> list[Player]:
        """Players still in the tournament, in field order."""
        gone = self.withdrawal_round()
        return [p for p in self.players if p.id not in gone]
