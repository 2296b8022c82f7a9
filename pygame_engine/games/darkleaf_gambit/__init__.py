"""Darkleaf Gambit (2 players): an asymmetric duel of bones on a chessboard, six clans.

The core (``game.py``, the state in ``state.py`` with its ``turns``,
``bones``, ``journeys`` and ``view``, ``will.py``, ``board.py``,
``actions.py``, ``data.py``) knows no clan by name; each clan is one module of ``clans/``,
whose ``CLANS`` is the registry handed to the game here.
"""

from .clans import CLANS
from .game import DarkleafGambit
from .heuristics import Heuristics
from .state import DarkleafState

GAME = DarkleafGambit(CLANS, Heuristics)

__all__ = ["GAME", "DarkleafGambit", "DarkleafState"]
