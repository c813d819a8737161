"""Ukrainian Go Federation rating (go_ufgo) — placeholder re-exports while building."""

from fedrank.engines.go_ufgo.rating import Game, PlayerStart, Tournament, rate_tournament
from fedrank.engines.go_ufgo.replay import PlayerState, RatingState, replay

__all__ = [
    "Game",
    "PlayerStart",
    "PlayerState",
    "RatingState",
    "Tournament",
    "rate_tournament",
    "replay",
]
