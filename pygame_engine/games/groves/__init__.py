"""Groves (1-4 players): bag building, worker placement, portals and wraiths;
solo against the Hollows of the Lost."""

from .game import GrovesGame
from .state import GrovesState

GAME = GrovesGame()

__all__ = ["GAME", "GrovesGame", "GrovesState"]
