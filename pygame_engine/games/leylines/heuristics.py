"""Leylines bot knowledge: a position evaluation and a playout policy.

The evaluation estimates each seat's final gold: the score as it stands
(gold, cubes an incomplete Contract could use, other cubes at three to one,
Item gold) plus what is likely still to come: each incomplete Contract's
gain over the cubes it already counts, weighed by how many of its cubes the
seat holds and how much time is left, the dice still to play, and the
Forest Friends in hand.

The playout policy values every legal action with a cheap rule of thumb
and takes the best (ties broken at random): routes toward a Market where a
Contract can be completed, or toward cubes the seat's Contracts need, or a
Hub when an Item is affordable; free cubes of needed colours; Items whose
cost the Contracts do not need; bids up to a share of what a Contract is
worth to the bidder; and Forest Friends with gold lying on them.
"""

from __future__ import annotations

from ...core.game import Action, State
from ...core.rng import Rng
from . import data
from .actions import (
    Befriend,
    Bid,
    Boost,
    Buy,
    Clear,
    Complete,
    Discard,
    From,
    Go,
    Match,
    Move,
    Offer,
    Pass,
    Pick,
    Quick,
    Reroll,
    Sell,
    Skip,
    Start,
    Use,
)
from .data import ALL_CONTRACTS, SPACES
from .payment import counts_of
from .state import DIST, LeylinesState
from .table import COLOUR_INDEX, NEED, multi_bonus

#: Extra worth of an Item beyond its end-game gold (what its effect brings).
ITEM_WORTH = {"harp": 3.0, "satchel": 1.5, "lantern": 1.5, "companion": 1.0, "tablet": 0.5,
              "potion": 1.0}
#: Worth of holding a Forest Friend (before it is played).
FRIEND_WORTH = {"negotiator": 2.5, "exchange": 2.0, "critter": 1.0, "secret-route": 2.0,
                "appraiser": 0.0, "delivery": 2.0, "shadow-market": 2.0, "pathfinder": 2.0,
                "accountant": 2.0}
#: Per space, the spaces at each distance from it (``RINGS[a][d]``).
RINGS: list[list[list[int]]] = [
    [[b for b in range(len(SPACES)) if DIST[a][b] == d] for d in range(max(DIST[a]) + 1)]
    for a in range(len(SPACES))]
#: Rough gold a die still to play this round brings.
DIE_WORTH = 1.2


def missing(state: LeylinesState, p: int) -> list[int]:
    """Per colour, cubes the seat's incomplete Contracts still lack."""
    pl = state.players[p]
    need = [0] * 6
    for c in pl.contracts:
        for i, k in enumerate(NEED[c]):
            need[i] += k
    return [max(0, need[i] - pl.cubes[i]) for i in range(6)]


def time_left(state: LeylinesState) -> float:
    """Rounds of play left, counting the current one by its share of unused dice."""
    dice = sum(len(pl.dice) for pl in state.players)
    total = sum(pl.owned_dice for pl in state.players) or 1
    return (data.ROUNDS - state.round) + dice / total


def prospect(state: LeylinesState, p: int, cid: int, left: float) -> float:
    """Gold an incomplete Contract is still expected to add to seat ``p``'s score.

    Completed (chance ``P``) it pays its gold and spends its cubes; left
    incomplete its cubes count one gold each at the end, which the score
    already holds: ``P * (gold - cubes held)``. ``P`` grows with the share of
    its cubes held and shrinks as time runs out.
    """
    pl = state.players[p]
    need = NEED[cid]
    held = sum(min(pl.cubes[i], need[i]) for i in range(6))
    share = held / sum(need)
    chance = min(1.0, left / 1.5) * (0.15 + 0.6 * share * share)
    return chance * (ALL_CONTRACTS[cid].gold - held)


def in_hand(state: LeylinesState, p: int) -> float:
    """At a Market: the Contracts that can be completed here (greedily, by
    gold) are as good as done: their gold and the bonus, less what
    ``prospect`` already counted for them and the cubes they spend."""
    pl = state.players[p]
    market = state.market_at.get(pl.pos)
    cubes = list(pl.cubes)
    left = time_left(state)
    gain, done = 0.0, state.visit
    for c in sorted(pl.contracts, key=lambda c: -ALL_CONTRACTS[c].gold):
        need = NEED[c]
        if ALL_CONTRACTS[c].market == market and all(cubes[i] >= need[i] for i in range(6)):
            gain += (ALL_CONTRACTS[c].gold - sum(need)) - prospect(state, p, c, left)
            cubes = [cubes[i] - need[i] for i in range(6)]
            done += 1
    return gain + multi_bonus(done) - multi_bonus(state.visit)


def contract_worth(state: LeylinesState, p: int, cid: int) -> float:
    """What a Contract is worth to seat ``p``: its gold times a completion chance."""
    pl = state.players[p]
    need = NEED[cid]
    size = sum(need)
    held = sum(min(pl.cubes[i], need[i]) for i in range(6))
    chance = min(1.0, (0.25 + 0.75 * held / size) * min(1.0, 0.35 + 0.45 * time_left(state)))
    return ALL_CONTRACTS[cid].gold * chance


class Heuristics:
    scale = 8.0

    def evaluate(self, state: State) -> list[float]:
        assert isinstance(state, LeylinesState)
        scores = state.scores()
        if state.is_over():
            return scores
        left = time_left(state)
        out = []
        for p, pl in enumerate(state.players):
            value = scores[p]
            value += sum(prospect(state, p, c, left) for c in pl.contracts)
            if state.auction is None and state.current == p and state.step == "market":
                value += in_hand(state, p)
            value += DIE_WORTH * len(pl.dice) + 0.9 * (data.ROUNDS - state.round) * pl.owned_dice
            value += sum(FRIEND_WORTH[data.ALL_FRIENDS[f].kind] for f in pl.friends) * min(
                1.0, left)
            out.append(value)
        return out

    def rollout_action(self, state: State, player: int, rng: Rng) -> Action:
        assert isinstance(state, LeylinesState)
        legal = state.legal_actions(player)
        if len(legal) == 1:
            return legal[0]
        judge = _Judge(state, player)
        best, best_value = legal[0], float("-inf")
        for a in legal:
            value = judge.value(a) + rng.random() * 0.2
            if value > best_value:
                best, best_value = a, value
        return best


class _Judge:
    """Rule-of-thumb values of one seat's actions in one position."""

    def __init__(self, state: LeylinesState, p: int) -> None:
        self.s = state
        self.p = p
        self.pl = state.players[p]
        self.need = missing(state, p)
        self._spaces: dict[int, float] = {}
        self._by_distance: list[float] | None = None

    def space_value(self, space: int) -> float:
        """How good it is to stop on ``space`` now."""
        if space in self._spaces:
            return self._spaces[space]
        s = self.s
        kind = SPACES[space].kind
        value = 0.0
        if kind == "market":
            value = self._market_value(space)
            if value <= 0:
                self._spaces[space] = 0.0  # may not be entered
                return 0.0
        cubes = s.space_cubes[space]
        if any(cubes):
            wanted = sum(min(cubes[i], self.need[i]) for i in range(6))
            value += 1.5 if wanted else 0.3
            value += 0.4 * max(0, wanted - 1)
        if kind == "hub":
            value += 1.0 + (2.0 if self._affordable_item() else 0.0)
        self._spaces[space] = value
        return value

    def _market_value(self, space: int) -> float:
        """A Market is worth its ready Contracts' gold; one that only help
        (Potion, Exchange, conversion) opens is worth less; others nothing."""
        s, pl = self.s, self.pl
        market = s.market_at[space]
        cubes = pl.cubes
        gold = 0
        mine = False
        for c in pl.contracts:
            contract = ALL_CONTRACTS[c]
            if contract.market == market:
                mine = True
                need = NEED[c]
                if all(cubes[i] >= need[i] for i in range(6)):
                    gold += contract.gold
        if gold:
            return 6.0 + gold
        return 4.0 if mine and s.can_complete_at(self.p, space) else 0.0

    def _affordable_item(self) -> bool:
        pl = self.pl
        return any(self.s.item_supply[item] and item not in pl.items
                   and all(pl.cubes[i] >= k for i, k in enumerate(counts_of(cost)))
                   for item, cost in data.ITEM_COST.items())

    def best_within(self, reach: int) -> float:
        """The best ``space_value`` 1 to ``reach`` steps away (distances are
        valued outwards, as far as asked, once per position)."""
        if self._by_distance is None:
            self._by_distance = [0.0]
        best = self._by_distance
        rings = RINGS[self.pl.pos]
        while len(best) <= reach and len(best) < len(rings):
            ring = max((self.space_value(sp) for sp in rings[len(best)]), default=0.0)
            best.append(max(best[-1], ring))
        return best[min(reach, len(best) - 1)] if reach >= 1 else 0.0

    def value(self, a: Action) -> float:
        s, pl = self.s, self.pl
        if isinstance(a, Move):
            return self.best_within(a.die) - 0.15 * a.die
        if isinstance(a, Go):
            return self.space_value(a.space)
        if isinstance(a, Boost):
            return self.best_within(s.reach + a.die) - self.best_within(s.reach) - 2.0
        if isinstance(a, Complete):
            return 20.0 + ALL_CONTRACTS[a.contract].gold - (2.0 if a.aid else 0.0)
        if isinstance(a, Pick):
            return 2.0 if self.need[COLOUR_INDEX[a.colour]] else 0.4
        if isinstance(a, Skip):
            return 0.2
        if isinstance(a, Discard):
            i = COLOUR_INDEX[a.colour]
            return -2.0 * min(pl.cubes[i], self.need[i] + 1) / max(1, pl.cubes[i])
        if isinstance(a, Quick):
            here = s.space_cubes[pl.pos]
            room = pl.carry_limit() - sum(pl.cubes)
            wanted = sum(min(here[i], self.need[i]) for i in range(6))
            return min(room, wanted) * 1.2 + 0.2 * min(room, sum(here)) - 1.5 - 0.05 * a.die
        if isinstance(a, Buy):
            spent = counts_of(a.pay)
            cost = sum(spent[i] * (1.5 if self.need[i] == 0 and pl.cubes[i] else 2.5)
                       for i in range(6))
            bands = data.ITEM_GOLD[len(pl.items) + 1] - data.ITEM_GOLD[len(pl.items)]
            return bands + ITEM_WORTH[a.item] * min(1.0, time_left(s) / 2) + 2.0 - cost / 2 - (
                1.5 if "exchange" in a.aid else 0.0)
        if isinstance(a, Use):
            return self._use_value(a.card)
        if isinstance(a, From):
            cubes = s.space_cubes[a.space]
            return sum(min(cubes[i], self.need[i]) for i in range(6)) + 0.1 * sum(cubes)
        if isinstance(a, Sell):
            return 0.8 if not self.need[COLOUR_INDEX[a.colour]] else -1.0
        if isinstance(a, Offer):
            return contract_worth(s, self.p, a.contract)
        if isinstance(a, Clear):
            return 1.5 - max(contract_worth(s, self.p, c) for c in s.row) / 3
        if isinstance(a, Bid):
            auction = s.auction
            assert auction is not None
            worth = contract_worth(s, self.p, auction.contract)
            return 0.6 * worth - a.amount - 0.5
        if isinstance(a, Match):
            auction = s.auction
            assert auction is not None
            return contract_worth(s, self.p, auction.contract) - auction.high - 1.0
        if isinstance(a, Befriend):
            kind = data.ALL_FRIENDS[a.friend].kind
            worth = FRIEND_WORTH[kind] or len(pl.completed) * data.APPRAISER_GOLD
            return worth + s.friend_gold.get(a.friend, 0) - (1.0 if len(s.display) > 1 else 0.0)
        if isinstance(a, Start):
            market = s.market_at.get(a.space)
            return max((contract_worth(s, self.p, c) for c in pl.contracts
                        if ALL_CONTRACTS[c].market == market), default=0.0)
        if isinstance(a, Reroll):
            return -2.0 + 0.3 * sum(6 - int(ch) for ch in a.dice) / 2
        if isinstance(a, Pass):
            return 0.0
        return 0.0  # Keep, Done, EndTurn

    def _use_value(self, card: str) -> float:
        s, pl = self.s, self.pl
        if card == "negotiator":
            ready = sum(1 for a in s.completions(self.p) if isinstance(a, Complete))
            return 2.0 * (s.turn_done + min(ready, 2)) - 2.5
        if card in ("secret-route", "pathfinder"):
            reach = 99 if card == "secret-route" else data.PATHFINDER_REACH
            return self.best_within(reach) - 8.0
        if card == "delivery":
            return 1.0 if pl.carry_limit() - sum(pl.cubes) >= data.DELIVERY_CUBES else -1.0
        if card == "shadow-market":
            spare = sum(pl.cubes) - sum(min(pl.cubes[i], self.need[i]) for i in range(6))
            return spare - 2.5
        if card == "companion":
            return 0.5 if sum(self.need) else -0.5
        if card == "tablet":
            return max((contract_worth(s, self.p, c) for c in s.row), default=0.0) - 3.0
        return -1.0
