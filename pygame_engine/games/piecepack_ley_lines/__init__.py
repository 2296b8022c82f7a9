"""Ley Lines (piecepack, 3-4 players): hidden cairns, dominoes, energy flowing to tors."""

from .game import LeyLines
from .state import LeyLinesState

GAME = LeyLines()

__all__ = ["GAME", "LeyLines", "LeyLinesState"]
