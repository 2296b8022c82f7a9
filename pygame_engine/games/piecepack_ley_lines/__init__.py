"""Ley Lines (piecepack, 3-4 players): hidden cairns, dominoes, energy flowing to tors."""

from .rules import LeyLines, LeyLinesState

GAME = LeyLines()

__all__ = ["GAME", "LeyLines", "LeyLinesState"]
