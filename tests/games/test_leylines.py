"""Leylines, rule by rule.

RULE TABLE
"""

from __future__ import annotations

import json

import pytest

from pygame_engine.core.rng import Rng
from pygame_engine.core.savefile import load, save
from pygame_engine.games.leylines import GAME
from tests.test_conformance import _check_step, _views

PLAYOUTS = 2


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_conformance_random_playouts(players: int) -> None:
    """The conformance suite's checks (tests/test_conformance.py) on random games."""
    for k in range(PLAYOUTS):
        seed = 1000 * players + k
        options = {"convert": ("off", "on")[k % 2], "accountants": ("off", "on")[(k // 2) % 2]}
        rng = Rng(seed)
        state = GAME.new_game(players, seed, options)
        totals = state.conservation()
        steps = 0
        while not state.is_over():
            if steps % 23 == 0:
                _check_step(state, rng)
            p = rng.choice(state.active_players())
            state.apply(p, rng.choice(state.legal_actions(p)))
            assert state.conservation() == totals, f"components changed after step {steps}"
            steps += 1
            assert steps <= GAME.max_actions(players, options)
        assert state.active_players() == []
        assert all(state.legal_actions(p) == [] for p in range(players))
        assert state.winners()
        assert [sum(b.values()) for b in state.score_breakdown()] == pytest.approx(
            state.scores())
        again = load(save(state), {"leylines": GAME})
        assert _views(again) == _views(state)
        assert [e.text for e in again.log] == [e.text for e in state.log]
        json.dumps(state.view(None))
