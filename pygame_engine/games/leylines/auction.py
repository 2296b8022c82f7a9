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

Functions of ``LeylinesState`` (``state.py``), which calls them from its turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.events import Event
from ...core.game import Action
from . import data
from .actions import Befriend, Bid, Clear, Match, Offer, Pass, contract_name
from .data import ALL_FRIENDS, FRIEND_NAMES
from .table import Auction, seat_name

if TYPE_CHECKING:
    from .state import LeylinesState


def auction_actions(state: LeylinesState, a: Auction) -> list[Action]:
    seat = a.actor()
    pl = state.players[seat]
    if a.stage == "offer":
        out: list[Action] = []
        if not a.cleared and pl.gold >= data.CLEAR_COST:
            out.append(Clear())
        return out + [Offer(c) for c in state.row]
    if a.stage in ("bid", "rebid"):
        low = max(a.high + 1, 1)
        return [*(Bid(v) for v in range(low, pl.gold + 1)), Pass()]
    if a.stage == "match":
        return ([Match()] if pl.gold >= a.high else []) + [Pass()]
    if a.stage == "friend":
        if len(state.display) > 1 and pl.gold < data.COMPENSATION_FEE:
            return [Pass()]
        return [*(Befriend(f) for f in state.display), Pass()]
    raise AssertionError(a.stage)


def start_auction(state: LeylinesState, p: int) -> list[Event]:
    state.step = "turn"
    if not state.row:
        return [state._ev("auction", "No Contracts are left: there is no auction.")]
    state.auction = Auction(p)
    return []


def auction_step(state: LeylinesState, seat: int, a: Auction, action: Action) -> list[Event]:
    pl = state.players[seat]
    name = seat_name(seat)
    if isinstance(action, Clear):
        state._pay(pl, data.CLEAR_COST)
        a.cleared = True
        cleared = list(state.row)
        state.rng.shuffle(cleared)
        state.contract_deck[:0] = cleared
        state.segments.insert(0, len(cleared))
        state.row = [state._draw_contract()
                    for _ in range(min(data.CONTRACT_ROW, len(state.contract_deck)))]
        return [state._ev("clear", f"{name} pays 1 gold to clear the Contracts.", seat,
                         reveal=True)]
    if isinstance(action, Offer):
        a.contract, a.stage = action.contract, "bid"
        n = state.num_players
        a.order = [(a.active + k) % n for k in range(1, n)]
        return [state._ev("offer", f"{name} auctions {contract_name(action.contract)}.",
                         seat)]
    if isinstance(action, Bid):
        a.high, a.bidder = action.amount, seat
        events = [state._ev("bid", f"{name} bids {action.amount}.", seat)]
        if a.stage == "rebid":
            a.second, a.stage = True, "match"
            return events
        return events + next_bidder(state, a)
    if isinstance(action, Pass):
        if a.stage == "bid":
            return [state._ev("pass", f"{name} passes.", seat)] + next_bidder(state, a)
        if a.stage == "rebid":
            return award(state, a, a.active, a.bidder)
        if a.stage == "match":
            return [state._ev("pass", f"{name} does not match.", seat),
                    *award(state, a, a.bidder, a.active)]
        # declines compensation
        end_auction(state)
        return [state._ev("pass", f"{name} takes no Forest Friend.", seat)]
    if isinstance(action, Match):
        events = [state._ev("match", f"{name} matches {a.high}.", seat)]
        if state.num_players == 2 and not a.second:
            a.stage = "rebid"
            return events
        return events + award(state, a, a.active, a.bidder)
    if isinstance(action, Befriend):
        return befriend(state, seat, action.friend)
    raise AssertionError(action)


def next_bidder(state: LeylinesState, a: Auction) -> list[Event]:
    a.turn += 1
    if a.turn < len(a.order):
        return []
    if a.bidder < 0:
        return award(state, a, a.active, -1)
    a.stage = "match"
    return []


def award(state: LeylinesState, a: Auction, winner: int, loser: int) -> list[Event]:
    pl = state.players[winner]
    price = a.high if loser >= 0 else 0
    state._pay(pl, price)
    i = state.row.index(a.contract)
    pl.contracts.append(a.contract)
    events = [state._ev("award", f"{seat_name(winner)} takes "
                       f"{contract_name(a.contract)} for {price} gold.", winner)]
    if state.contract_deck:
        state.row[i] = state._draw_contract()
        events.append(state._ev("deal", f"New Contract dealt: {contract_name(state.row[i])}.",
                               reveal=True))
    else:
        del state.row[i]
    if loser >= 0 and state.display:
        a.stage, a.friend_seat = "friend", loser
    else:
        end_auction(state)
    return events


def befriend(state: LeylinesState, seat: int, card: int) -> list[Event]:
    pl = state.players[seat]
    events = []
    if len(state.display) > 1:
        other = next(f for f in state.display if f != card)
        state._pay(pl, data.COMPENSATION_FEE)
        state.gold_supply -= data.COMPENSATION_FEE
        state.friend_gold[other] = state.friend_gold.get(other, 0) + data.COMPENSATION_FEE
    state.display.remove(card)
    lying = state.friend_gold.pop(card, 0)
    pl.gold += lying
    kind = ALL_FRIENDS[card].kind
    extra = f" and the {lying} gold on it" if lying else ""
    events.append(state._ev("befriend", f"{seat_name(seat)} takes the {FRIEND_NAMES[kind]}"
                           f"{extra}.", seat))
    if kind == "appraiser":
        gold = data.APPRAISER_GOLD * len(pl.completed)
        state._gain(pl, gold)
        state.friend_discard.append(card)
        events.append(state._ev("appraiser", f"{seat_name(seat)}'s Appraiser pays {gold} "
                               "gold.", seat))
    else:
        pl.friends.append(card)
    refill = state._refill_display()
    if refill:
        events.append(refill)
    end_auction(state)
    return events


def end_auction(state: LeylinesState) -> None:
    state.auction = None
    state.step = "turn"
