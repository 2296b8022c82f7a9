"""Ley of the Land: the game (players, actions, heuristics) and the proven bound on its length."""

from __future__ import annotations

from typing import Any

from ...core.game import Game
from .actions import Acquire, Bid, Frolick, Invest, Pass, Reap, Sow
from .data import MARKET_SLOTS, TILES
from .state import LeyOfTheLandState


class LeyOfTheLand(Game):
    id = "ley-of-the-land"
    title = "Ley of the Land"
    rules_version = 1
    min_players = 2
    max_players = 4
    action_types = (Bid, Acquire, Frolick, Sow, Reap, Invest, Pass)

    def heuristics(self) -> object:
        from .heuristics import Heuristics
        return Heuristics()

    def _new_game(self, num_players: int, seed: int, options: dict[str, Any]
                  ) -> LeyOfTheLandState:
        return LeyOfTheLandState(self, num_players, seed, options)

    def max_actions(self, num_players: int, options: dict[str, Any]) -> int:
        """A round is one bid and one action (perhaps a pass) per seat. Every
        round takes at least one tile from the stock (an acquired tile's slot
        is refilled; a round without an acquisition deals a replacement for the
        discarded tile), and the round in which the stock runs out is the last:
        at most ``len(stock)`` rounds.

        >>> LeyOfTheLand().max_actions(4, {})
        280
        """
        return (len(TILES) - MARKET_SLOTS) * 2 * num_players
