"""The registry of games: each game package exposes ``GAME``; register it here."""

from __future__ import annotations

from ..core.game import Game
from . import ley_of_the_land

GAMES: dict[str, Game] = {g.id: g for g in (ley_of_the_land.GAME,)}
