"""Official game scores: empty squares to the winner, 32-32 draws, time default and refusal.

Seed 004 (``004_460858c73f2f8122.txt``) IV.6 (time default), IV.8 (scoring) and IV.9
(colour choice or draw-win); RULES.md othello_woc "Score". A board has 64 squares, so an
official score always adds up to 64.
"""

from __future__ import annotations

from enum import Enum

from fedrank.engines.kernel import InputError, RuleError
from fedrank.engines.othello_woc.model import Game

SQUARES = 64
DRAW_DISCS = 32
"""IV.8: a draw is always scored 32-32."""

TIME_DEFAULT_MIN = 33
"""IV.6: after a flag falls the non-offending player is guaranteed at least 33-31."""


class Ending(Enum):
    """How a game ended, as the director reports it."""

    PLAYED = "played"
    """Both players finished in time (IV.8)."""
    TIME = "time"
    """The offender's flag fell once and the game was played out (IV.6)."""
    TIME_TWICE = "time2"
    """The offender's flag fell a second time (IV.6): 64-0."""
    TIME_BOTH = "time-both"
    """The offender's flag fell, then the other's after his two extra minutes (IV.6): 31-33."""
    REFUSED = "refused"
    """The offender could not or would not finish (IV.8): 64-0."""


def board_score(black: int, white: int, *, line: int | None = None) -> tuple[int, int]:
    """IV.8: count the discs and give the empty squares to the winner; a draw is 32-32.

    Worked example: a game ends 30-26 with 8 empty squares, black wins 38-26.
    """
    for name, value in (("black discs", black), ("white discs", white)):
        if value < 0 or value > SQUARES:
            raise InputError(f"{value} is not a disc count 0-64", line=line, field=name)
    if black + white > SQUARES:
        raise InputError(
            f"{black}+{white} discs is more than the 64 squares", line=line, field="score"
        )
    if black == white:
        return DRAW_DISCS, DRAW_DISCS
    if black > white:
        return SQUARES - white, white
    return black, SQUARES - black


def official_score(
    black: str,
    white: str,
    black_discs: int | None,
    white_discs: int | None,
    *,
    ending: Ending = Ending.PLAYED,
    offender: str | None = None,
    line: int | None = None,
) -> Game:
    """The official :class:`Game` from the discs on the board and how the game ended.

    IV.6: after a time default the game is played out for the true score, but the
    non-offender wins at least 33-31 (so a board loss or draw becomes 33-31 for him);
    a second flag fall of the offender is 64-0; if the non-offender's own flag then falls
    the offender still loses, 31-33. IV.8: a refusal is 64-0.
    """
    if ending is Ending.PLAYED:
        if offender is not None:
            raise InputError("a played-out game has no offender", line=line, field="offender")
        if black_discs is None or white_discs is None:
            raise InputError("the score is missing", line=line, field="score")
        b, w = board_score(black_discs, white_discs, line=line)
        return Game(black, white, b, w)
    if offender not in (black, white):
        raise InputError(
            f"the offender must be {black} or {white}, not {offender}", line=line, field="offender"
        )
    assert offender is not None
    winner_is_black = offender == white
    if ending is Ending.TIME:
        if black_discs is None or white_discs is None:
            raise RuleError(
                "after a time default the game is played out; its final discs are needed",
                rule="seed 004 IV.6",
                line=line,
            )
        b, w = board_score(black_discs, white_discs, line=line)
        win, lose = (b, w) if winner_is_black else (w, b)
        if win <= lose:
            win, lose = TIME_DEFAULT_MIN, SQUARES - TIME_DEFAULT_MIN
        note = f"IV.6 time default by {offender}"
    elif ending is Ending.TIME_BOTH:
        win, lose = TIME_DEFAULT_MIN, SQUARES - TIME_DEFAULT_MIN
        note = f"IV.6 time default by {offender}, then the opponent's flag fell: 33-31"
    elif ending is Ending.TIME_TWICE:
        win, lose = SQUARES, 0
        note = f"IV.6 second time default by {offender}: 64-0"
    else:
        win, lose = SQUARES, 0
        note = f"IV.8 {offender} did not finish the game: 64-0"
    if winner_is_black:
        return Game(black, white, win, lose, note)
    return Game(black, white, lose, win, note)


def decide_draw(game: Game, colour_chooser: str | None, *, line: int | None = None) -> Game:
    """IV.9: in a game with colour choice or draw-win, a draw goes to the player who did not
    choose his colour. ``colour_chooser`` is the player who chose the colours."""
    if colour_chooser is not None and not game.has(colour_chooser):
        raise InputError(f"{colour_chooser} does not play in this game", line=line, field="colour")
    if game.black_discs != game.white_discs:
        return game
    if colour_chooser is None:
        raise RuleError(
            "a drawn game with colour choice or draw-win needs the player who chose colour",
            rule="seed 004 IV.9",
            line=line,
        )
    return Game(
        game.black,
        game.white,
        game.black_discs,
        game.white_discs,
        (game.note + "; " if game.note else "")
        + f"IV.9 draw-win to {game.opponent(colour_chooser)}",
        game.opponent(colour_chooser),
    )
