"""Leylines Forest Friends and Items: what each does, and when.

Friends played from the turn's menu are discarded (Secret Route, Pathfinder,
Special Delivery, Shadow Market; the Negotiator at a Market; the Exchange as
help in a payment); the Appraiser pays out the moment it is taken; the
Helpful Critter and the Accountants stay. Items bought at a Hub act at once:
Lantern and Satchel add slots, the Harp a die rolled on the spot; Companion,
Tablet and Potion are flipped when used and ready again at Night.

Functions of ``LeylinesState`` (``state.py``), which calls them from its turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.events import Event
from ...core.game import Action
from . import auction, data
from .actions import Buy, Use, cube_words
from .data import FRIEND_NAMES, ITEMS
from .payment import code, payments
from .table import ITEM_NEED, seat_name

if TYPE_CHECKING:
    from .state import LeylinesState


def free_uses(state: LeylinesState, p: int) -> list[Action]:
    """Forest Friends and Items playable now: all of them from the turn's
    menu; those that only move cubes or gold also at a Hub or Market."""
    pl = state.players[p]
    kinds = set(pl.friend_kinds())
    out: list[Action] = []
    menu = state.step == "turn"
    if menu:
        for kind in ("secret-route", "pathfinder"):
            if kind in kinds:
                out.append(Use(kind))
    if "delivery" in kinds and any(state.bag):
        out.append(Use("delivery"))
    if "shadow-market" in kinds and any(pl.cubes):
        out.append(Use("shadow-market"))
    if pl.ready("companion") and any(any(c) for c in state.space_cubes):
        out.append(Use("companion"))
    if menu and pl.ready("tablet") and state.row:
        out.append(Use("tablet"))
    return out


def item_buys(state: LeylinesState, p: int) -> list[Action]:
    pl = state.players[p]
    out: list[Action] = []
    potion, exchange = state.potion_ok(pl), state.exchange_cap(pl)
    for item in ITEMS:
        if state.item_supply[item] and item not in pl.items:
            for pay, aid in payments(ITEM_NEED[item], pl.cubes, potion, exchange, False):
                out.append(Buy(item, pay, aid))
    return out


def buy(state: LeylinesState, p: int, a: Buy) -> list[Event]:
    pl = state.players[p]
    state._spend(pl, a.pay, a.aid, ITEM_NEED[a.item])
    state.item_supply[a.item] -= 1
    pl.items[a.item] = False
    state.bought += 1
    state.quick_ok = False
    events = [state._ev("buy", f"{seat_name(p)} buys the {a.item.capitalize()} for "
                       f"{cube_words(a.pay)}.", p)]
    if a.item == "harp":
        state.dice_reserve -= 1
        pl.owned_dice += 1
        value = state.rng.randint(1, 6)
        pl.dice = sorted([*pl.dice, value])
        events.append(state._ev("harp", f"{seat_name(p)} rolls the Harp's die: {value}.", p,
                               reveal=True))
    return events


def use(state: LeylinesState, p: int, card: str) -> list[Event]:
    pl = state.players[p]
    name = seat_name(p)
    if card in ITEMS:
        pl.items[card] = True
        if card == "tablet":
            events = [state._ev("tablet", f"{name} uses the Tablet to start an auction.", p)]
            return events + auction.start_auction(state, p)
        state.back, state.step = state.step, "companion"
        return [state._ev("companion", f"{name} sends out the Companion.", p)]
    state._discard_friend(pl, card)
    events = [state._ev("friend", f"{name} plays the {FRIEND_NAMES[card]}.", p)]
    if card == "negotiator":
        state.negotiator = True
        bonus = data.NEGOTIATOR_GOLD * state.turn_done
        if bonus:
            state._gain(pl, bonus)
            events.append(state._ev("negotiator", f"{name} gains {bonus} gold.", p))
    elif card == "secret-route":
        state.step = "route"
    elif card == "pathfinder":
        state.step = "path"
    elif card == "delivery":
        got = [0] * 6
        for _ in range(data.DELIVERY_CUBES):
            c = state._draw_cube()
            if c is None:
                break
            got[c] += 1
            pl.cubes[c] += 1
        events.append(state._ev("delivery", f"{name} draws {cube_words(code(got))} from "
                               "the bag.", p, reveal=True))
        state._then(pl, state.step)
    elif card == "shadow-market":
        state.back, state.step, state.picks_left = state.step, "sell", data.SHADOW_MARKET_CUBES
    return events
