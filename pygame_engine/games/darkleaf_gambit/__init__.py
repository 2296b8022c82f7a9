"""Darkleaf Gambit (2 players): an asymmetric duel of bones on a chessboard, six clans.

The core (``rules.py``, ``will.py``, ``board.py``, ``actions.py``,
``data.py``) knows no clan by name; each clan is one module of ``clans/``,
whose ``CLANS`` is the registry handed to the game here.
"""

from .clans import CLANS
from .heuristics import Heuristics
from .rules import DarkleafGambit, DarkleafState

GAME = DarkleafGambit(CLANS, Heuristics)

__all__ = ["GAME", "DarkleafGambit", "DarkleafState"]
