"""The registry of games: game id -> ``Game``, each package imported on first use.

Importing a game's rules costs time under Pyodide (every module is compiled
on import), and the page needs only the game being played, so ``GAMES`` knows
the ids up front and imports a package when its game is first asked for.
A game package exposes ``GAME``; register it in ``PACKAGES``.

>>> "ley-of-the-land" in GAMES, "chess" in GAMES
(True, False)
>>> GAMES["ley-of-the-land"].title
'Ley of the Land'
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping

from ..core.game import Game

#: Game id -> package in ``pygame_engine.games``, in lobby order.
PACKAGES: dict[str, str] = {
    "ley-of-the-land": "ley_of_the_land",
    "ley-lines": "piecepack_ley_lines",
    "groves": "groves",
    "leylines": "leylines",
    "darkleaf-gambit": "darkleaf_gambit",
}


class Registry(Mapping[str, Game]):
    def __init__(self, packages: dict[str, str]) -> None:
        self._packages = packages
        self._loaded: dict[str, Game] = {}

    def __getitem__(self, game_id: str) -> Game:
        if game_id not in self._loaded:
            if game_id not in self._packages:
                raise KeyError(game_id)
            module = importlib.import_module(f"{__name__}.{self._packages[game_id]}")
            self._loaded[game_id] = module.GAME
        return self._loaded[game_id]

    def __contains__(self, game_id: object) -> bool:
        return game_id in self._packages

    def __iter__(self) -> Iterator[str]:
        return iter(self._packages)

    def __len__(self) -> int:
        return len(self._packages)


GAMES = Registry(PACKAGES)
