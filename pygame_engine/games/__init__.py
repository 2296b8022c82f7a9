"""The registry of games: game id -> ``Game``, each package imported on first use.

Importing a game's rules costs time under Pyodide (every module is compiled
on import), and the page needs only the game being played, so ``GAMES`` knows
the ids up front and imports a package when its game is first asked for.
A game package exposes ``GAME``; register it in ``GAME_IDS`` and ``_import``.

>>> "ley-of-the-land" in GAMES, "chess" in GAMES
(True, False)
>>> GAMES["ley-of-the-land"].title
'Ley of the Land'
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from ..core.game import Game

#: The game ids, in lobby order.
GAME_IDS: tuple[str, ...] = ("ley-of-the-land", "ley-lines", "groves", "leylines",
                             "darkleaf-gambit")


def _import(game_id: str) -> Game:
    """The game of an id, its package imported here (one explicit import per game)."""
    match game_id:
        case "ley-of-the-land":
            from . import ley_of_the_land
            return ley_of_the_land.GAME
        case "ley-lines":
            from . import piecepack_ley_lines
            return piecepack_ley_lines.GAME
        case "groves":
            from . import groves
            return groves.GAME
        case "leylines":
            from . import leylines
            return leylines.GAME
        case "darkleaf-gambit":
            from . import darkleaf_gambit
            return darkleaf_gambit.GAME
    raise KeyError(game_id)


class Registry(Mapping[str, Game]):
    def __init__(self, game_ids: tuple[str, ...]) -> None:
        self._ids = dict.fromkeys(game_ids)
        self._loaded: dict[str, Game] = {}

    def __getitem__(self, game_id: str) -> Game:
        if game_id not in self._loaded:
            if game_id not in self._ids:
                raise KeyError(game_id)
            self._loaded[game_id] = _import(game_id)
        return self._loaded[game_id]

    def __contains__(self, game_id: object) -> bool:
        return game_id in self._ids

    def __iter__(self) -> Iterator[str]:
        return iter(self._ids)

    def __len__(self) -> int:
        return len(self._ids)


GAMES = Registry(GAME_IDS)
