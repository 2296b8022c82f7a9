"""Ley Lines (piecepack): the game (players, options, heuristics) and the bound on its length."""

from __future__ import annotations

from typing import Any

from ...core.game import Game, Option
from . import data
from .actions import CAIRNS_EACH, LaySegment, Pass, PlaceCairn, PlaceTor
from .data import DOMINOES, SUITS
from .state import LeyLinesState


class LeyLines(Game):
    id = "ley-lines"
    title = "Ley Lines"
    rules_version = 1
    min_players = 3
    max_players = 4
    action_types = (PlaceCairn, PlaceTor, LaySegment, Pass)
    seat_names = SUITS

    options = (Option("hide_own_cairns", "Hide my own cairns once placed", "off",
                      ("off", "on"), ("No (shown to me)", "Yes (the printed rule)")),)

    def heuristics(self) -> object:
        from .heuristics import Heuristics
        return Heuristics()

    def _new_game(self, num_players: int, seed: int, options: dict[str, Any]) -> LeyLinesState:
        return LeyLinesState(self, num_players, seed, options)

    def max_actions(self, num_players: int, options: dict[str, Any]) -> int:
        """Cairns and tors take one action each. In the ley phase every action
        lays a segment or passes; a laid segment never returns to a hand, so at
        most ``D`` (the dominoes dealt) are laid; a lay resets the passes and
        ``n`` passes in a row end the game, so at most ``n - 1`` passes follow
        each lay and ``n`` come last: ``D + (n - 1) * D + n`` in all.

        >>> GAME = LeyLines(); GAME.max_actions(4, {}), GAME.max_actions(3, {})
        (144, 87)
        """
        n = num_players
        dealt = len(DOMINOES) - (len(data.SIX_DOMINOES) if n == 3 else 0)
        return CAIRNS_EACH * n + n + n * dealt + n
