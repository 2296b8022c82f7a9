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

from collections.abc import Callable
from typing import Any

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
#: Per space, its kind (looked up at every step of a playout).
KINDS: list[str] = [space.kind for space in SPACES]
#: Each Item's cost as six cube counts.
ITEM_COUNTS: dict[str, list[int]] = {item: counts_of(cost)
                                     for item, cost in data.ITEM_COST.items()}


def missing(state: LeylinesState, p: int) -> list[int]:
    """Per colour, cubes the seat's incomplete Contracts still lack."""
    pl = state.players[p]
    contracts = pl.contracts
    if not contracts:
        return [0] * 6
    need = [sum(col) for col in zip(*(NEED[c] for c in contracts), strict=True)]
    return [n - k if n > k else 0 for n, k in zip(need, pl.cubes, strict=True)]


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
        self._affordable: bool | None = None
        self._worth: dict[int, float] = {}

    def space_value(self, space: int) -> float:
        """How good it is to stop on ``space`` now."""
        known = self._spaces.get(space)
        if known is not None:
            return known
        kind = KINDS[space]
        value = 0.0
        if kind == "market":
            value = self._market_value(space)
            if value <= 0:
                self._spaces[space] = 0.0  # may not be entered
                return 0.0
        cubes = self.s.space_cubes[space]
        if any(cubes):
            wanted = 0
            for k, n in zip(cubes, self.need, strict=True):
                wanted += k if k < n else n
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
        if self._affordable is None:
            pl, supply = self.pl, self.s.item_supply
            self._affordable = any(
                supply[item] and item not in pl.items
                and all(have >= k for have, k in zip(pl.cubes, cost, strict=True))
                for item, cost in ITEM_COUNTS.items())
        return self._affordable

    def best_within(self, reach: int) -> float:
        """The best ``space_value`` 1 to ``reach`` steps away (distances are
        valued outwards, as far as asked, once per position)."""
        if self._by_distance is None:
            self._by_distance = [0.0]
        best = self._by_distance
        rings = RINGS[self.pl.pos]
        value = self.space_value
        while len(best) <= reach and len(best) < len(rings):
            top = best[-1]
            for sp in rings[len(best)]:
                v = value(sp)
                if v > top:
                    top = v
            best.append(top)
        return best[min(reach, len(best) - 1)] if reach >= 1 else 0.0

    def worth(self, cid: int) -> float:
        """``contract_worth`` for this seat, once per Contract and position."""
        known = self._worth.get(cid)
        if known is None:
            known = self._worth[cid] = contract_worth(self.s, self.p, cid)
        return known

    def value(self, a: Action) -> float:
        rule = _RULES.get(type(a))
        return 0.0 if rule is None else rule(self, a)  # Keep, Done, EndTurn, Pass: 0

    def _move(self, a: Move) -> float:
        return self.best_within(a.die) - 0.15 * a.die

    def _go(self, a: Go) -> float:
        return self.space_value(a.space)

    def _boost(self, a: Boost) -> float:
        reach = self.s.reach
        return self.best_within(reach + a.die) - self.best_within(reach) - 2.0

    def _complete(self, a: Complete) -> float:
        return 20.0 + ALL_CONTRACTS[a.contract].gold - (2.0 if a.aid else 0.0)

    def _pick(self, a: Pick) -> float:
        return 2.0 if self.need[COLOUR_INDEX[a.colour]] else 0.4

    def _skip(self, a: Skip) -> float:
        return 0.2

    def _discard(self, a: Discard) -> float:
        i = COLOUR_INDEX[a.colour]
        cubes = self.pl.cubes
        return -2.0 * min(cubes[i], self.need[i] + 1) / max(1, cubes[i])

    def _quick(self, a: Quick) -> float:
        pl = self.pl
        here = self.s.space_cubes[pl.pos]
        room = pl.carry_limit() - sum(pl.cubes)
        wanted = sum(min(here[i], self.need[i]) for i in range(6))
        return min(room, wanted) * 1.2 + 0.2 * min(room, sum(here)) - 1.5 - 0.05 * a.die

    def _buy(self, a: Buy) -> float:
        pl = self.pl
        spent = counts_of(a.pay)
        cost = sum(spent[i] * (1.5 if self.need[i] == 0 and pl.cubes[i] else 2.5)
                   for i in range(6))
        bands = data.ITEM_GOLD[len(pl.items) + 1] - data.ITEM_GOLD[len(pl.items)]
        return bands + ITEM_WORTH[a.item] * min(1.0, time_left(self.s) / 2) + 2.0 - cost / 2 - (
            1.5 if "exchange" in a.aid else 0.0)

    def _use(self, a: Use) -> float:
        return self._use_value(a.card)

    def _from(self, a: From) -> float:
        cubes = self.s.space_cubes[a.space]
        return sum(min(cubes[i], self.need[i]) for i in range(6)) + 0.1 * sum(cubes)

    def _sell(self, a: Sell) -> float:
        return 0.8 if not self.need[COLOUR_INDEX[a.colour]] else -1.0

    def _offer(self, a: Offer) -> float:
        return self.worth(a.contract)

    def _clear(self, a: Clear) -> float:
        return 1.5 - max(self.worth(c) for c in self.s.row) / 3

    def _bid(self, a: Bid) -> float:
        auction = self.s.auction
        assert auction is not None
        return 0.6 * self.worth(auction.contract) - a.amount - 0.5

    def _match(self, a: Match) -> float:
        auction = self.s.auction
        assert auction is not None
        return self.worth(auction.contract) - auction.high - 1.0

    def _befriend(self, a: Befriend) -> float:
        s = self.s
        kind = data.ALL_FRIENDS[a.friend].kind
        worth = FRIEND_WORTH[kind] or len(self.pl.completed) * data.APPRAISER_GOLD
        return worth + s.friend_gold.get(a.friend, 0) - (1.0 if len(s.display) > 1 else 0.0)

    def _start(self, a: Start) -> float:
        market = self.s.market_at.get(a.space)
        return max((self.worth(c) for c in self.pl.contracts
                    if ALL_CONTRACTS[c].market == market), default=0.0)

    def _reroll(self, a: Reroll) -> float:
        return -2.0 + 0.3 * sum(6 - int(ch) for ch in a.dice) / 2

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
            return max((self.worth(c) for c in s.row), default=0.0) - 3.0
        return -1.0


#: ``_Judge.value``'s rule for each kind of action (kinds not listed are worth 0).
_RULES: dict[type, Callable[[_Judge, Any], float]] = {
    Move: _Judge._move, Go: _Judge._go, Boost: _Judge._boost, Complete: _Judge._complete,
    Pick: _Judge._pick, Skip: _Judge._skip, Discard: _Judge._discard, Quick: _Judge._quick,
    Buy: _Judge._buy, Use: _Judge._use, From: _Judge._from, Sell: _Judge._sell,
    Offer: _Judge._offer, Clear: _Judge._clear, Bid: _Judge._bid, Match: _Judge._match,
    Befriend: _Judge._befriend, Start: _Judge._start, Reroll: _Judge._reroll}
