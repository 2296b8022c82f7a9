"""Leylines (2-6 players): dice placement, movement over a forest, mandatory
auctions, contracts, items and Forest Friends."""

from .game import LeylinesGame
from .state import LeylinesState

GAME = LeylinesGame()

__all__ = ["GAME", "LeylinesGame", "LeylinesState"]
