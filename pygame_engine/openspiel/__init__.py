"""Our five games as OpenSpiel games, and through Shimmy as PettingZoo ones.

An optional extra for researchers (``pip install .[research]``: open-spiel,
pettingzoo, shimmy); the browser's wheel never imports it. Importing this
package registers every game with pyspiel under ``woodland_<id>`` (dashes
as underscores), with the player count and the game's options as game
parameters, plus ``woodland_ley_of_the_land_turns`` (the sealed bids made
one after another, for sequential algorithms)::

    import pyspiel
    import pygame_engine.openspiel  # registers the games
    game = pyspiel.load_game("woodland_ley_lines", {"players": 4})

``resampler`` is OpenSpiel's ISMCTS resampler callback built on our
``determinize`` (a bot that cannot see what its seat cannot see);
``engine_state`` gives the ``pygame_engine`` state inside a pyspiel one.
See ``adapter.py`` for the modelling choices, ``encoding.py`` for the
action ids, ``chance.py`` and ``CHANCE`` for the chance nodes.
"""

from __future__ import annotations

import random
from typing import Any

import pyspiel

from ..core.game import State as EngineState
from ..core.rng import Rng
from ..games import GAMES
from .adapter import WoodlandGame, WoodlandState, game_type, short_name
from .encoding import TABLES, WAIT, Codec

#: Our games with a simultaneous step (sealed bids).
SIMULTANEOUS = ("ley-of-the-land",)

#: Per game, its chance as OpenSpiel sees it (see ``chance.py``): the draws
#: that are explicit chance nodes, and those sampled from the engine's seeded
#: generator (the deal, inside ``new_game``, always is).
CHANCE: dict[str, str] = {
    "ley-of-the-land": "no chance node: the stock's shuffle and the first marker "
                       "are drawn in the deal (sampled by the seed); nothing is drawn later",
    "ley-lines": "no chance node: the first player is drawn in the deal, and the ley "
                 "segments' shuffle when they are dealt is sampled",
    "groves": "explicit: every spirit drawn blind from a bag (one node per spirit, "
              "the outcome its place among the bag's known counts); sampled: the deal's "
              "shuffles",
    "leylines": "explicit: every die rolled (each day's roll, re-rolls, the Harp's die) "
                "and every cube drawn from the bag (by its place among the bag's known "
                "counts); sampled: the deal and the reshuffles of the friend and night decks",
    "darkleaf-gambit": "explicit: every bone rolled and the Will's d12; sampled: "
                       "clans drawn at random in the deal",
}

#: OpenSpiel name -> our game id, for every registered game.
NAMES: dict[str, str] = {}


def _register() -> None:
    registered = set(pyspiel.registered_names())
    for game_id, game in GAMES.items():
        variants = [False, True] if game_id in SIMULTANEOUS else [False]
        for turns in variants:
            gtype = game_type(game, game_id in SIMULTANEOUS, turns)
            cls = type(f"Woodland_{game_id}_{int(turns)}", (WoodlandGame,), {
                "engine_game": game, "simultaneous": game_id in SIMULTANEOUS and not turns,
                "game_type": gtype})
            NAMES[gtype.short_name] = game_id
            if gtype.short_name not in registered:
                pyspiel.register_game(gtype, cls)


_register()


def load_game(game_id: str, turns: bool = False, **params: Any) -> WoodlandGame:
    """``pyspiel.load_game`` by our game id, e.g. ``load_game("groves", players=1)``;
    ``turns`` picks the turn-based variant of a game with sealed bids."""
    name = short_name(game_id, turns and game_id in SIMULTANEOUS)
    game: WoodlandGame = pyspiel.load_game(name, params)
    return game


def engine_state(state: pyspiel.State) -> EngineState:
    """The ``pygame_engine`` state inside a pyspiel state of ours."""
    if not isinstance(state, WoodlandState):
        raise TypeError(f"not a Woodland Games state: {state!r}")
    return state.inner


def resampler(rng: random.Random | None = None) -> Any:
    """An ISMCTS resampler (``ISMCTSBot.set_resampler``): the state as ``player``
    may imagine it, drawn by our ``determinize`` from ``rng``."""
    source = rng or random.Random()

    def resample(state: WoodlandState, player: int) -> WoodlandState:
        return state.resample(player, Rng(source.randrange(2**62)))

    return resample


__all__ = ["CHANCE", "NAMES", "SIMULTANEOUS", "TABLES", "WAIT", "Codec", "WoodlandGame",
           "WoodlandState", "engine_state", "load_game", "resampler"]
