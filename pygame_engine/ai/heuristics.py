"""The per-game knowledge bots use: an evaluation and a rollout policy.

A game registers its class implementing ``Heuristics`` by returning an
instance from ``Game.heuristics`` (each game's own ``heuristics`` module);
bots fall back to ``Neutral`` (current scores, random rollouts) for a game
that returns None. A game with a solo mode may also give
its class ``solo_opponent(state) -> float``: the score the lone seat must
beat, standing in for the best other seat when rewards are computed, and
``search``, the game's own ISMCTS settings per UI level (``{"hard":
{"screen": 64}}``: see ``Ismcts.for_game``), among them ``knowledge``,
changes to these heuristics for that level alone (``Ismcts.heuristics``).
A game whose turn is several decisions may set ``prior_own_steps``: a
search root action's prior (``one_ply_value``) plays that many more of the
seat's own steps with the rollout policy before the rivals answer.
"""

from __future__ import annotations

from typing import Protocol, cast

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
    """The game's heuristics (``Game.heuristics``), or ``Neutral`` if it has none."""
    gid = state.game.id
    if gid not in _cache:
        registered = state.game.heuristics()
        _cache[gid] = Neutral() if registered is None else cast(Heuristics, registered)
    return _cache[gid]
