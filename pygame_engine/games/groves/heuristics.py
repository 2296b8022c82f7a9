"""Groves bot knowledge: a position evaluation and a playout policy.

The evaluation estimates each seat's final dominion: points already held,
plus what resources, groves, a coloured bag and face-down summoning cards
are likely to turn into over the rounds left, plus a share of the trophies
the seat currently leads. The playout policy places each spirit where its
reward is worth most (a matching colour collects the bonus), buys the
richest grove it can afford and takes rewards that help.
"""

from __future__ import annotations

from typing import Any

from ...core.game import Action, State
from ...core.rng import Rng
from . import data
from .actions import Buy, Collect, Decline, Place, Visit
from .data import ALL_GROVES, COLOURS, GROVES, REALM_CARDS, ROW_COSTS, bundle
from .state import GrovesState

#: Rough worth in dominion of one unit of each resource while groves can still be bought.
WORTH = {"earth": 0.45, "light": 0.45, "water": 0.45, "crystal": 0.35, "dominion": 1.0}


def rounds_left(state: GrovesState) -> float:
    """About how many rounds remain after this one."""
    if state.final_round:
        return 0.0
    per_round = 2.5 if state.solo else 1.0 + 0.3 * state.num_players
    return 1.0 + len(state.stack) / per_round


def reward_value(state: GrovesState, player: int, reward: data.Reward) -> float:
    """What collecting a reward is worth to ``player`` now (dominion units)."""
    kind = reward[0]
    pl = state.players[player]
    if kind == "gain":
        return sum(WORTH[w] * k for w, k in bundle(reward[1]).items())
    if kind == "element":
        return 0.45 * reward[1]
    if kind == "either":
        return max(reward_value(state, player, ("gain", reward[1])),
                   reward_value(state, player, ("gain", reward[2])))
    if kind == "trade":
        cost = bundle(reward[1])
        if not GrovesState._holds(pl, cost):
            return 0.0
        late = 1.0 if rounds_left(state) < 2 else 0.7
        return sum(WORTH[w] * k for w, k in bundle(reward[2]).items()) - late * sum(
            WORTH[w] * k for w, k in cost.items())
    left = rounds_left(state)
    if kind == "spirit":
        return min(0.8, 0.15 * left) * reward[1]
    if kind == "white":
        return 0.05
    if kind == "cull":
        whites = pl.bag["white"] / max(1, sum(pl.bag.values()))
        return 0.35 * whites * min(1.0, left / 3)
    if kind == "draw":
        return 0.5 * reward[1] if any(pl.bag.values()) else 0.0
    return 0.0


class Heuristics:
    scale = 4.0

    def evaluate(self, state: State) -> list[float]:
        assert isinstance(state, GrovesState)
        left = rounds_left(state)
        over = state.is_over()
        trophies = state.trophies()
        breakdown = state.score_breakdown()
        out = []
        for p, pl in enumerate(state.players):
            value = sum(breakdown[p].values())
            if over:
                value += sum(REALM_CARDS[c].dominion for c, w in trophies.items() if w == p)
                out.append(value)
                continue
            stock = sum(pl.elements.values()) + pl.crystals
            growth = min(1.0, left / 2)
            value += growth * (0.3 * sum(pl.elements.values()) + 0.2 * pl.crystals)
            value += (stock % data.LEFTOVER_RATE) * 0.1
            bag = sum(pl.bag.values()) + sum(pl.hand.values())
            coloured = sum(pl.owned(c) for c in COLOURS)
            colours_in_realm = {ALL_GROVES[g].colour for g in pl.realm.values()}
            matching = sum(pl.owned(c) for c in COLOURS if c in colours_in_realm)
            value += min(left, 6) * (0.25 * matching + 0.08 * coloured) / max(3, bag) * 3
            value += min(left, 6) * 0.12 * len(pl.purchased())
            value += 0.35 * len(pl.hidden) * min(1.0, left / 3)
            value += 0.4 * pl.has_base
            blocked = sum(1 for s in pl.occupants.values() if s == "wraith")
            value -= 0.25 * blocked * min(left, 4)
            value += 0.6 * sum(REALM_CARDS[c].dominion for c, w in trophies.items() if w == p)
            if p == state.current:
                value += self._pending_value(state, p)
            out.append(value)
        return out

    def _pending_value(self, state: GrovesState, player: int) -> float:
        """What the rewards still to be chosen are likely worth to ``player``."""
        value = 0.0
        for step in state.pending:
            kind = step[0]
            if kind == "buy":
                value += max((GROVES[g].dominion + 0.5 for i, g in enumerate(state.row)
                              if g is not None and state.can_buy(player, i)), default=0.0)
            elif kind == "summon":
                value += 0.35 * min(1.0, rounds_left(state) / 3)
            elif kind == "attach":  # the grove is paid for but not yet in the realm
                value += GROVES[step[1]].dominion + 0.12 * min(rounds_left(state), 6)
            elif kind == "portal":
                value += 1.0
            elif kind in ("element", "either", "trade", "spirit", "white", "cull", "draw"):
                value += 0.8 * reward_value(state, player, step)
        return value

    def solo_opponent(self, state: State) -> float:
        """Solo: the score the seat must beat, as the Hollows are likely to end.

        The wraith bag's share of wraiths gives the wraiths expected per round;
        a Hollows likely to fill (a loss whatever the score) adds a penalty.
        """
        assert isinstance(state, GrovesState)
        if state.is_over():
            return state.solo_target() + (100.0 if not state.solo_won() and state.lost else 0.0)
        bag = state.wraith_bag
        size = max(1, sum(bag.values()))
        left = rounds_left(state) + 1
        per_round = 3 * (bag["wraith"] + 0.5 * left) / (size + 0.5 * left)
        projected = state.hollows + per_round * left
        spaces = data.HOLLOWS_SPACES
        return (data.HOLLOWS_BASE + min(projected, spaces)
                + 6.0 * max(0.0, projected - spaces + 1.5))

    # -- playouts --------------------------------------------------------------------

    def rollout_action(self, state: State, player: int, rng: Rng) -> Action:
        assert isinstance(state, GrovesState)
        legal = state.legal_actions(player)
        if len(legal) == 1:
            return legal[0]
        if rng.random() < 0.1:
            return rng.choice(legal)
        cache: dict[tuple[int, int, int] | str, tuple[float, float, str | None] | float] = {}
        best, best_value = legal[0], -1e9
        for action in legal:
            v = self.action_value(state, player, action, cache)
            if v > best_value:
                best, best_value = action, v
        return best

    def action_value(self, state: GrovesState, player: int, action: Action,
                     cache: dict[Any, Any] | None = None) -> float:
        """A quick estimate of an action's worth, for playouts and move ordering."""
        pl = state.players[player]
        if cache is None:
            cache = {}
        if isinstance(action, Place):
            return self._place_value(state, player, action, cache)
        if isinstance(action, Visit):
            key = action.area
            if key not in cache:
                cache[key] = self._visit_value(state, player, action.area)
            return cache[key] - (0.2 if action.spirit != "white" else 0.0)
        if isinstance(action, Buy):
            gid = state.row[action.slot]
            assert gid is not None
            g = GROVES[gid]
            return 2.0 + g.dominion - 0.3 * ROW_COSTS[action.slot] + (
                0.5 if g.colour is not None and pl.owned(g.colour) else 0.0)
        if isinstance(action, Decline):
            step = state.pending[0] if state.pending else ("",)
            return 0.2 if step[0] in ("white", "cull") else 0.0
        if isinstance(action, Collect):
            return self._collect_value(state, player, action.option)
        return 0.5

    def _collect_value(self, state: GrovesState, player: int, option: str) -> float:
        pl = state.players[player]
        step = state.pending[0] if state.pending else ("",)
        if step[0] == "element":
            return 1.0 - 0.1 * pl.elements[option]
        if step[0] == "either":
            return reward_value(state, player, ("gain", option))
        if step[0] == "spirit":
            if option.startswith("wraith-bag:"):
                return 0.9 if state.hollows >= 4 else 0.3
            if option == "white":
                return 0.05
            colours = {ALL_GROVES[g].colour for g in pl.realm.values()}
            return 0.6 + (0.4 if option in colours else 0.0) + 0.01 * pl.owned(option)
        if step[0] == "trade":
            return reward_value(state, player, step)
        if step[0] in ("white", "cull"):
            return reward_value(state, player, step)
        return 1.0

    def _place_value(self, state: GrovesState, player: int, a: Place,
                     cache: dict[Any, Any]) -> float:
        owner = state.players[a.owner]
        cell = (a.q, a.r)
        mine = a.owner == player
        if owner.occupants.get(cell) == "wraith":
            return 0.9 if mine else 0.1
        key = (a.owner, a.q, a.r)
        if key not in cache:
            grove = ALL_GROVES[owner.realm[cell]]
            bonus = -1.0 if grove.bonus is None else reward_value(state, player, grove.bonus)
            cache[key] = (reward_value(state, player, grove.primary), bonus, grove.colour)
        primary, bonus, colour = cache[key]
        if a.spirit == "wraith":
            # A wraith blocks the grove for rounds: better in an opponent's realm.
            return primary + max(0.0, bonus) + (0.8 if not mine else -0.6)
        v = primary
        if bonus >= 0:
            if a.spirit == colour:
                v += bonus + 0.2
            elif a.spirit != "white":
                v -= 0.35  # a coloured spirit wasted where it matches nothing
        if not mine:
            v += 0.1 if a.spirit == "white" else -0.4  # it joins their bag
        return v

    def _visit_value(self, state: GrovesState, player: int, area: str) -> float:
        pl = state.players[player]
        v = 0.0
        if area == "groves":
            best = max((GROVES[g].dominion - 0.2 * ROW_COSTS[i] for i, g in enumerate(state.row)
                        if g is not None and state.can_buy(player, i)), default=None)
            return v + (-1.0 if best is None else 1.6 + best)
        if area == "bonus":
            left = rounds_left(state)
            return v + (0.2 + 0.12 * min(left, 5) if state.deck else -1.0)
        if area == "portal":
            if not state.portal_targets(player) or rounds_left(state) < 3:
                return v - 1.0
            return v + (1.2 if pl.has_base else 0.5)
        return v
