"""Leylines Forest Friends and Items: what each does, and when.

Friends played from the turn's menu are discarded (Secret Route, Pathfinder,
Special Delivery, Shadow Market; the Negotiator at a Market; the Exchange as
help in a payment); the Appraiser pays out the moment it is taken; the
Helpful Critter and the Accountants stay. Items bought at a Hub act at once:
Lantern and Satchel add slots, the Harp a die rolled on the spot; Companion,
Tablet and Potion are flipped when used and ready again at Night.
"""

from __future__ import annotations

from ...core.events import Event
from ...core.game import Action
from . import data
from .actions import (
    Buy,
    Use,
    cube_words,
)
from .auction import AuctionRules
from .data import (
    FRIEND_NAMES,
    ITEMS,
)
from .payment import code, payments
from .table import ITEM_NEED, seat_name


class FriendRules(AuctionRules):
    """Playing Forest Friends and Items, and buying Items."""

    def free_uses(self, p: int) -> list[Action]:
        """Forest Friends and Items playable now: all of them from the turn's
        menu; those that only move cubes or gold also at a Hub or Market."""
        pl = self.players[p]
        kinds = set(pl.friend_kinds())
        out: list[Action] = []
        menu = self.step == "turn"
        if menu:
            for kind in ("secret-route", "pathfinder"):
                if kind in kinds:
                    out.append(Use(kind))
        if "delivery" in kinds and any(self.bag):
            out.append(Use("delivery"))
        if "shadow-market" in kinds and any(pl.cubes):
            out.append(Use("shadow-market"))
        if pl.ready("companion") and any(any(c) for c in self.space_cubes):
            out.append(Use("companion"))
        if menu and pl.ready("tablet") and self.row:
            out.append(Use("tablet"))
        return out

    def item_buys(self, p: int) -> list[Action]:
        pl = self.players[p]
        out: list[Action] = []
        potion, exchange = self.potion_ok(pl), self.exchange_cap(pl)
        for item in ITEMS:
            if self.item_supply[item] and item not in pl.items:
                for pay, aid in payments(ITEM_NEED[item], pl.cubes, potion, exchange, False):
                    out.append(Buy(item, pay, aid))
        return out

    def _buy(self, p: int, a: Buy) -> list[Event]:
        pl = self.players[p]
        self._spend(pl, a.pay, a.aid, ITEM_NEED[a.item])
        self.item_supply[a.item] -= 1
        pl.items[a.item] = False
        self.bought += 1
        self.quick_ok = False
        events = [self._ev("buy", f"{seat_name(p)} buys the {a.item.capitalize()} for "
                           f"{cube_words(a.pay)}.", p)]
        if a.item == "harp":
            self.dice_reserve -= 1
            pl.owned_dice += 1
            value = self.rng.randint(1, 6)
            pl.dice = sorted([*pl.dice, value])
            events.append(self._ev("harp", f"{seat_name(p)} rolls the Harp's die: {value}.", p,
                                   reveal=True))
        return events

    def _use(self, p: int, card: str) -> list[Event]:
        pl = self.players[p]
        name = seat_name(p)
        if card in ITEMS:
            pl.items[card] = True
            if card == "tablet":
                events = [self._ev("tablet", f"{name} uses the Tablet to start an auction.", p)]
                return events + self._start_auction(p)
            self.back, self.step = self.step, "companion"
            return [self._ev("companion", f"{name} sends out the Companion.", p)]
        self._discard_friend(pl, card)
        events = [self._ev("friend", f"{name} plays the {FRIEND_NAMES[card]}.", p)]
        if card == "negotiator":
            self.negotiator = True
            bonus = data.NEGOTIATOR_GOLD * self.turn_done
            if bonus:
                self._gain(pl, bonus)
                events.append(self._ev("negotiator", f"{name} gains {bonus} gold.", p))
        elif card == "secret-route":
            self.step = "route"
        elif card == "pathfinder":
            self.step = "path"
        elif card == "delivery":
            got = [0] * 6
            for _ in range(data.DELIVERY_CUBES):
                c = self._draw_cube()
                if c is None:
                    break
                got[c] += 1
                pl.cubes[c] += 1
            events.append(self._ev("delivery", f"{name} draws {cube_words(code(got))} from "
                                   "the bag.", p, reveal=True))
            self._then(pl, self.step)
        elif card == "shadow-market":
            self.back, self.step, self.picks_left = self.step, "sell", data.SHADOW_MARKET_CUBES
        return events

