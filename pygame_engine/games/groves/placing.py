"""Groves: a spirit placed on a grove or the Tree of Idyll, a grove chosen at setup, portals.

Functions of ``GrovesState`` (the state calls them from ``_apply``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.events import Event
from . import data, rounds
from .actions import AREA_WORDS, Place, Visit, a_spirit, seat_name
from .data import ALL_GROVES

if TYPE_CHECKING:
    from .state import GrovesState


def choose_grove(state: GrovesState, player: int, colour: str) -> list[Event]:
    pl = state.players[player]
    pl.resource = colour
    pl.realm[data.START_CELLS["resource"]] = "rg-" + colour
    pl.bag[colour] += 1
    state.supply[colour] -= 1
    name = data.STARTING_GROVES["rg-" + colour].name
    events = [Event("start", f"{seat_name(player)} takes {name}, the {colour} "
                             f"resource grove, and adds {a_spirit(colour)} to their bag.",
                    data={"seat": player})]
    i = state.setup_order.index(player)
    if i + 1 < len(state.setup_order):
        state.current = state.setup_order[i + 1]
    else:
        events += rounds.start_round(state)
    return events


def place(state: GrovesState, player: int, a: Place) -> list[Event]:
    pl = state.players[player]
    pl.hand[a.spirit] -= 1
    state.placed[player] += 1
    owner = state.players[a.owner]
    cell = (a.q, a.r)
    gid = owner.realm[cell]
    grove = ALL_GROVES[gid]
    whose = "their" if a.owner == player else f"{seat_name(a.owner)}'s"
    who, where = seat_name(player), f"{grove.name} in {whose} realm"
    if owner.occupants.get(cell) == "wraith":
        owner.occupants[cell] = a.spirit
        state.sent.append((player, a.spirit, f"{a.owner},{a.q},{a.r}"))
        pl.bag["wraith"] += 1
        return [Event("displace", f"{who} displaces the wraith on {where} with a white spirit "
                                  f"and puts the wraith in their bag.",
                      data={"seat": player, "owner": a.owner, "cell": list(cell)})]
    owner.occupants[cell] = a.spirit
    state.sent.append((player, a.spirit, f"{a.owner},{a.q},{a.r}"))
    state.pending = [grove.primary]
    if grove.bonus is not None and a.spirit in (grove.colour, "wraith"):
        state.pending.append(grove.bonus)
    return [Event("place", f"{who} places {a_spirit(a.spirit)} on {where}.",
                  data={"seat": player, "owner": a.owner, "cell": list(cell),
                        "spirit": a.spirit})]


def visit(state: GrovesState, player: int, a: Visit) -> list[Event]:
    pl = state.players[player]
    pl.hand[a.spirit] -= 1
    state.placed[player] += 1
    state.tree.append((a.area, a.spirit, player))
    state.sent.append((player, a.spirit, "tree:" + a.area))
    who = seat_name(player)
    events = [Event("visit", f"{who} sends {a_spirit(a.spirit)} to the Tree of Idyll "
                             f"to {AREA_WORDS[a.area]}.",
                    data={"seat": player, "area": a.area, "spirit": a.spirit})]
    if a.area == "groves":
        state.pending = [("buy",)]
    elif a.area == "bonus":
        cards = [state.deck.pop() for _ in range(min(2, len(state.deck)))]
        del state.deck_bottom[len(state.deck):]  # cards put under the deck, now drawn
        seat = {"seat": player}
        if len(cards) == 2:
            state.pending = [("summon", *cards)]
            # The seat now sees two hidden cards: no undo past this point.
            events.append(Event("summon", f"{who} looks at the top two summoning cards.",
                                data=seat, reveal=True))
        elif cards:
            pl.hidden.append(cards[0])
            events.append(Event("summon", f"{who} takes the last summoning card.",
                                data=seat, reveal=True))
        else:
            events.append(Event("summon", "The summoning deck is empty.", data=seat))
    elif a.area == "portal":
        events += portal_piece(state, player)
    return events


def portal_piece(state: GrovesState, player: int) -> list[Event]:
    pl = state.players[player]
    who = seat_name(player)
    targets = state.portal_targets(player)
    seat = {"seat": player}
    if not pl.has_base:
        if not targets:
            return [Event("portal", f"{who} has no neighbour left to open a portal to.",
                          data=seat)]
        if not state.bases:
            return [Event("portal", f"{who} finds no portal base left to take.", data=seat)]
        state.bases -= 1
        pl.has_base = True
        return [Event("portal", f"{who} takes a portal base.", data=seat)]
    if not state.mirrors or not targets:
        return [Event("portal", f"{who} finds no portal mirror to take.", data=seat)]
    state.mirrors -= 1
    if len(targets) == 1:
        return build_portal(state, player, targets[0])
    state.pending = [("portal",)]
    return [Event("portal", f"{who} takes a portal mirror.", data=seat)]


def build_portal(state: GrovesState, player: int, target: int) -> list[Event]:
    pl = state.players[player]
    pl.has_base = False
    pl.portals.append(target)
    text = f"{seat_name(player)} opens a portal to {seat_name(target)}'s realm"
    if state.supply["wraith"]:
        state.supply["wraith"] -= 1
        pl.bag["wraith"] += 1
        text += " and adds a wraith to their bag"
    return [Event("portal", text + ".", data={"seat": player, "target": target})]
