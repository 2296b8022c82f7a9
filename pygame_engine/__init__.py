"""Rules engine and bots for five woodland board games (pure Python, stdlib only).

>>> from pygame_engine import GAMES, save, load
>>> state = GAMES["ley-of-the-land"].new_game(2, seed=1)
>>> state.active_players()
[0, 1]
>>> load(save(state)).view(0) == state.view(0)
True
"""

from __future__ import annotations

from .core import savefile as _savefile
from .core.errors import BadSave, IllegalAction
from .core.game import Action, Game, Standing, State
from .core.savefile import ENGINE_VERSION as __version__
from .core.savefile import undo, undo_refusal
from .games import GAMES


def save(state: State) -> str:
    """The save file text of ``state`` (JSON)."""
    return _savefile.save(state)


def load(text: str) -> State:
    """Replay a save file; raises ``BadSave`` naming what is wrong and where."""
    return _savefile.load(text, GAMES)


__all__ = ["GAMES", "Action", "BadSave", "Game", "IllegalAction", "Standing", "State",
           "__version__", "load", "save", "undo", "undo_refusal"]
