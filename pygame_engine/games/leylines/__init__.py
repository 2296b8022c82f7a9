"""Leylines (2-6 players): dice placement, movement over a forest, mandatory
auctions, contracts, items and Forest Friends."""

from .rules import LeylinesGame, LeylinesState

GAME = LeylinesGame()

__all__ = ["GAME", "LeylinesGame", "LeylinesState"]
