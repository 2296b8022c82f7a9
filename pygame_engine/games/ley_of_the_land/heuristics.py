"""Ley of the Land bot knowledge: a position evaluation and a playout policy.

The evaluation estimates each seat's final score: points already held
(money and cubes), a share of the largest-section bonus, and the promise of
open sections (diamonds not yet cashed), room for cubes and wheat to reap.
"""

from __future__ import annotations

from ...core.game import Action, State
from ...core.rng import Rng
from . import data
from .actions import Acquire, Bid, Frolick, Invest, Reap, Sow
from .board import find_sections
from .data import GREEN, YELLOW
from .state import LeyOfTheLandState


class Heuristics:
    scale = 6.0

    def evaluate(self, state: State) -> list[float]:
        assert isinstance(state, LeyOfTheLandState)
        n = state.num_players
        largest = []
        values = []
        for p in range(n):
            faerie, wheat = state.cubes(p)
            value = float(state.money[p] + faerie + wheat)
            size = 0
            for s in find_sections(state.boards[p]):
                size = max(size, len(s.triangles))
                if not s.complete:
                    value += 0.45 * s.diamonds
            for s in state.complete[p].values():
                room = s.diamonds - s.cubes
                if s.colour == GREEN:
                    value += 0.5 * min(room, state.faerie[p])
                else:
                    value += 0.6 * s.cubes + 0.3 * min(room, state.wheat[p])
            largest.append(size)
            values.append(value)
        best = max(largest)
        holders = [p for p in range(n) if best and largest[p] == best]
        weight = 1.0 if state.is_over() or state.end_triggered else 0.6
        for p in holders:
            values[p] += weight * data.LARGEST_SECTION_BONUS / len(holders)
        return values

    def rollout_action(self, state: State, player: int, rng: Rng) -> Action:
        assert isinstance(state, LeyOfTheLandState)
        if state.phase == "bid":
            return Bid(rng.randint(0, min(state.money[player], data.GUESSED_BID)))
        useful: list[Action] = []
        taken = state.taken
        sections = state.complete[player].values()
        if "frolick" not in taken and state.faerie[player] and any(
                s.colour == GREEN and s.cubes < s.diamonds for s in sections):
            useful.append(Frolick())
        if "sow" not in taken and state.wheat[player] and any(
                s.colour == YELLOW and s.cubes < s.diamonds for s in sections):
            useful.append(Sow())
        if "reap" not in taken:
            useful += [Reap(a) for a, s in state.complete[player].items()
                       if s.colour == YELLOW and s.cubes]
        if "invest" not in taken and state.turn == len(state.order) - 1 and state.revealed and \
                state.revealed[player] > 1:
            useful.append(Invest())
        if useful and rng.random() < 0.5:
            return rng.choice(useful)
        acquisitions = state.acquisitions(player)
        if acquisitions:
            return rng.choice(acquisitions)
        return rng.choice(useful or state.legal_actions(player))


__all__ = ["Heuristics", "Acquire"]
