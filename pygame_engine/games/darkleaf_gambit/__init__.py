"""Darkleaf Gambit (2 players): an asymmetric duel of bones on a chessboard, six clans.

Part 1 plays Huldra and The Murg; the core (``rules.py``) is built for all six.
"""

from .rules import DarkleafGambit, DarkleafState

GAME = DarkleafGambit()

__all__ = ["GAME", "DarkleafGambit", "DarkleafState"]
