"""Our games as PettingZoo AEC environments, through Shimmy's OpenSpiel wrapper.

    from pygame_engine.openspiel.pettingzoo import env
    e = env("groves", players=3)
    e.reset(seed=42)

Shimmy reloads the game on every ``reset`` and passes ``seed`` only to a
few games it knows; ``WoodlandEnv`` makes ``reset(seed=N)`` deal game N
(the same deal as ``index.html?game=...&seed=N``), and an unseeded reset a
fresh one. The chance nodes are decided by the deal's own seeded generator
(``WoodlandState.seeded_outcome``), so a seeded game's dice and draws are
the page's too. Observations are the observation tensor (the seat's view as a
fixed-size vector, ``observation.py``); ``infos[agent]["action_mask"]`` marks the legal
action ids (``encoding.py``).
"""

from __future__ import annotations

from typing import Any

from shimmy import OpenSpielCompatibilityV0

from . import load_game


class WoodlandEnv(OpenSpielCompatibilityV0):
    """Shimmy's wrapper, with ``reset(seed=N)`` choosing the deal."""

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        super().reset(seed=seed, options=options)
        if seed is None:
            return
        self.game_state = self._env.new_initial_state(seed)
        self._execute_chance_node()
        self._update_action_masks()
        self._update_observations()
        self._choose_next_agent()

    def _execute_chance_node(self) -> None:
        while self.game_state.is_chance_node():
            self.game_length += 1
            self.game_state.apply_action(self.game_state.seeded_outcome())


def env(game_id: str, turns: bool = False, **params: Any) -> WoodlandEnv:
    """A PettingZoo AEC environment of one of our games (``players`` and the
    game's options as keyword arguments)."""
    game = load_game(game_id, turns=turns, **params)
    return WoodlandEnv(env=game, config=dict(params) or None)
