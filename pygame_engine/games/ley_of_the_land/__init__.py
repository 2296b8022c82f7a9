"""Ley of the Land (2-4 players): secret bids, tile laying, section scoring."""

from .game import LeyOfTheLand
from .state import LeyOfTheLandState

GAME = LeyOfTheLand()

__all__ = ["GAME", "LeyOfTheLand", "LeyOfTheLandState"]
