"""Leylines Contract auctions, and the Forest Friend given as compensation.

A Hub visit (or the Tablet) starts an auction: the active seat may pay 1
gold to clear the row (the cleared cards go to the bottom of the deck, a
part of their own whose order is unknown), offers a Contract, and every
other seat from its left bids once (more than the high bid, at most its
gold) or passes. The active seat then matches (and pays) or passes (the
high bidder pays). With two players the bidder may bid once more after a
match. Nobody bidding gives the Contract to the active seat for nothing.
The seat that did not get the Contract may take one of the two displayed
Forest Friends, putting 1 gold on the other.
"""

from __future__ import annotations

from ...core.events import Event
from ...core.game import Action
from . import data
from .actions import (
    Befriend,
    Bid,
    Clear,
    Match,
    Offer,
    Pass,
    contract_name,
)
from .data import (
    ALL_FRIENDS,
    FRIEND_NAMES,
)
from .table import Auction, Table, seat_name


class AuctionRules(Table):
    """The auction's legal actions and transitions."""

    def auction_actions(self, a: Auction) -> list[Action]:
        seat = a.actor()
        pl = self.players[seat]
        if a.stage == "offer":
            out: list[Action] = []
            if not a.cleared and pl.gold >= data.CLEAR_COST:
                out.append(Clear())
            return out + [Offer(c) for c in self.row]
        if a.stage in ("bid", "rebid"):
            low = max(a.high + 1, 1)
            return [*(Bid(v) for v in range(low, pl.gold + 1)), Pass()]
        if a.stage == "match":
            return ([Match()] if pl.gold >= a.high else []) + [Pass()]
        if a.stage == "friend":
            if len(self.display) > 1 and pl.gold < data.COMPENSATION_FEE:
                return [Pass()]
            return [*(Befriend(f) for f in self.display), Pass()]
        raise AssertionError(a.stage)

    def _start_auction(self, p: int) -> list[Event]:
        self.step = "turn"
        if not self.row:
            return [self._ev("auction", "No Contracts are left: there is no auction.")]
        self.auction = Auction(p)
        return []

    def _auction_step(self, seat: int, a: Auction, action: Action) -> list[Event]:
        pl = self.players[seat]
        name = seat_name(seat)
        if isinstance(action, Clear):
            self._pay(pl, data.CLEAR_COST)
            a.cleared = True
            cleared = list(self.row)
            self.rng.shuffle(cleared)
            self.contract_deck[:0] = cleared
            self.segments.insert(0, len(cleared))
            self.row = [self._draw_contract()
                        for _ in range(min(data.CONTRACT_ROW, len(self.contract_deck)))]
            return [self._ev("clear", f"{name} pays 1 gold to clear the Contracts.", seat,
                             reveal=True)]
        if isinstance(action, Offer):
            a.contract, a.stage = action.contract, "bid"
            n = self.num_players
            a.order = [(a.active + k) % n for k in range(1, n)]
            return [self._ev("offer", f"{name} auctions {contract_name(action.contract)}.",
                             seat)]
        if isinstance(action, Bid):
            a.high, a.bidder = action.amount, seat
            events = [self._ev("bid", f"{name} bids {action.amount}.", seat)]
            if a.stage == "rebid":
                a.second, a.stage = True, "match"
                return events
            return events + self._next_bidder(a)
        if isinstance(action, Pass):
            if a.stage == "bid":
                return [self._ev("pass", f"{name} passes.", seat)] + self._next_bidder(a)
            if a.stage == "rebid":
                return self._award(a, a.active, a.bidder)
            if a.stage == "match":
                return [self._ev("pass", f"{name} does not match.", seat),
                        *self._award(a, a.bidder, a.active)]
            # declines compensation
            self._end_auction()
            return [self._ev("pass", f"{name} takes no Forest Friend.", seat)]
        if isinstance(action, Match):
            events = [self._ev("match", f"{name} matches {a.high}.", seat)]
            if self.num_players == 2 and not a.second:
                a.stage = "rebid"
                return events
            return events + self._award(a, a.active, a.bidder)
        if isinstance(action, Befriend):
            return self._befriend(seat, action.friend)
        raise AssertionError(action)

    def _next_bidder(self, a: Auction) -> list[Event]:
        a.turn += 1
        if a.turn < len(a.order):
            return []
        if a.bidder < 0:
            return self._award(a, a.active, -1)
        a.stage = "match"
        return []

    def _award(self, a: Auction, winner: int, loser: int) -> list[Event]:
        pl = self.players[winner]
        price = a.high if loser >= 0 else 0
        self._pay(pl, price)
        i = self.row.index(a.contract)
        pl.contracts.append(a.contract)
        events = [self._ev("award", f"{seat_name(winner)} takes "
                           f"{contract_name(a.contract)} for {price} gold.", winner)]
        if self.contract_deck:
            self.row[i] = self._draw_contract()
            events.append(self._ev("deal", f"New Contract dealt: {contract_name(self.row[i])}.",
                                   reveal=True))
        else:
            del self.row[i]
        if loser >= 0 and self.display:
            a.stage, a.friend_seat = "friend", loser
        else:
            self._end_auction()
        return events

    def _befriend(self, seat: int, card: int) -> list[Event]:
        pl = self.players[seat]
        events = []
        if len(self.display) > 1:
            other = next(f for f in self.display if f != card)
            self._pay(pl, data.COMPENSATION_FEE)
            self.gold_supply -= data.COMPENSATION_FEE
            self.friend_gold[other] = self.friend_gold.get(other, 0) + data.COMPENSATION_FEE
        self.display.remove(card)
        lying = self.friend_gold.pop(card, 0)
        pl.gold += lying
        kind = ALL_FRIENDS[card].kind
        extra = f" and the {lying} gold on it" if lying else ""
        events.append(self._ev("befriend", f"{seat_name(seat)} takes the {FRIEND_NAMES[kind]}"
                               f"{extra}.", seat))
        if kind == "appraiser":
            gold = data.APPRAISER_GOLD * len(pl.completed)
            self._gain(pl, gold)
            self.friend_discard.append(card)
            events.append(self._ev("appraiser", f"{seat_name(seat)}'s Appraiser pays {gold} "
                                   "gold.", seat))
        else:
            pl.friends.append(card)
        refill = self._refill_display()
        if refill:
            events.append(refill)
        self._end_auction()
        return events

    def _end_auction(self) -> None:
        self.auction = None
        self.step = "turn"

