"""Leylines: the game (players, options, heuristics) and the proven bound on its length."""

from __future__ import annotations

from typing import Any

from ...core.game import Game, Option
from . import data
from .actions import ACTION_TYPES
from .data import ALL_CONTRACTS
from .state import LeylinesState


class LeylinesGame(Game):
    id = "leylines"
    title = "Leylines"
    rules_version = 1
    min_players = 2
    max_players = 6
    options = (
        Option("convert", "Converting Resources (2 of a colour as 1 of another)", "off",
               ("off", "on"), ("Off", "On")),
        Option("accountants", "Starting Accountants", "off", ("off", "on"), ("Off", "On")),
    )
    action_types = ACTION_TYPES

    def heuristics(self) -> object:
        from .heuristics import Heuristics
        return Heuristics()

    def _new_game(self, num_players: int, seed: int, options: dict[str, Any]
                  ) -> LeylinesState:
        return LeylinesState(self, num_players, seed, options)

    def max_actions(self, num_players: int, options: dict[str, Any]) -> int:
        """A proven bound on any game's length. A seat gets a turn only while it
        can use a die, and every turn uses one, except a turn whose last usable
        die was made useless by its own Companion (once a round) or by moving
        away with a Forest Friend; a seat has at most 6 dice a round, so there
        are at most ``T = 4 * (6 + 1) * n + 48`` turns. Besides discards,
        auctions and friends a turn takes at most 14 actions (move, 3 boosts,
        go, the free cube, 3 Quickness collections, 2 Items, Done, end). Every
        auction gives away one of the 42 Contracts, so there are at most 42
        auctions of at most ``n + 5`` actions, and at most 42 + 6 Forest
        Friends are ever gained, each played in at most 16 actions; Companion
        and Tablet act at most once a round for 6 actions. At most 60
        Contracts are completed. A discard gives back a cube just gained:
        picks (``T + 3 * 48 + 8n``), deliveries (4 x 48) and Quickness
        collections (at most 12n, each of at most 96 cubes).

        >>> LeylinesGame().max_actions(6, {})
        12000
        """
        n = num_players
        friends = len(data.CONTRACTS) + len(data.ACCOUNTANT_COLOUR)
        turns = data.ROUNDS * (6 + 1) * n + friends
        base = n + 4 * n + 14 * turns + len(ALL_CONTRACTS) + 16 * friends + 6 * 4 * n
        base += len(data.CONTRACTS) * (n + 5)
        picks = turns + data.PATHFINDER_CUBES * friends + 2 * 4 * n
        discards = picks + data.DELIVERY_CUBES * friends + 96 * 3 * 4 * n
        return base + discards
