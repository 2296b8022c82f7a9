"""The per-game knowledge bots use: an evaluation and a rollout policy.

A game package may provide a module ``heuristics`` with a class implementing
``Heuristics``; bots fall back to ``Neutral`` (current scores, random
rollouts) for games that have none. A game with a solo mode may also give
its class ``solo_opponent(state) -> float``: the score the lone seat must
beat, standing in for the best other seat when rewards are computed, and
``search``, the game's own ISMCTS settings per UI level (``{"hard":
{"screen": 64}}``: see ``Ismcts.for_game``), among them ``knowledge``,
changes to these heuristics for that level alone (``Ismcts.heuristics``).
"""

from __future__ import annotations

import importlib
from typing import Protocol

from ..core.game import Action, State
from ..core.rng import Rng


class Heuristics(Protocol):
    def evaluate(self, state: State) -> list[float]:
        """Estimated final score of every seat (same units as ``State.scores``)."""
        ...

    def rollout_action(self, state: State, player: int, rng: Rng) -> Action:
        """A quick, reasonable action for ``player`` in a playout."""
        ...

    #: Score difference that counts as "clearly ahead" when turning scores into rewards.
    scale: float


class Neutral:
    scale = 10.0

    def evaluate(self, state: State) -> list[float]:
        return list(state.scores())

    def rollout_action(self, state: State, player: int, rng: Rng) -> Action:
        return rng.choice(state.legal_actions(player))


_cache: dict[str, Heuristics] = {}


def heuristics_for(state: State) -> Heuristics:
    """The game's heuristics (module ``games.<pkg>.heuristics``, class ``Heuristics``)."""
    gid = state.game.id
    if gid not in _cache:
        package = type(state).__module__.rsplit(".", 1)[0]
        try:
            module = importlib.import_module(package + ".heuristics")
            _cache[gid] = module.Heuristics()
        except ModuleNotFoundError:
            _cache[gid] = Neutral()
    return _cache[gid]
