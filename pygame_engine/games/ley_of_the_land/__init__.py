"""Ley of the Land (2-4 players): secret bids, tile laying, section scoring."""

from .rules import LeyOfTheLand, LeyOfTheLandState

GAME = LeyOfTheLand()

__all__ = ["GAME", "LeyOfTheLand", "LeyOfTheLandState"]
