"""Groves: resolving a pending reward step (gains, trades, buys, draws) and the solo powers.

Functions of ``GrovesState`` (the state calls them while it resolves pending steps)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.events import Event
from ...core.game import Action
from . import data, placing, rounds
from .actions import (
    Attach,
    Buy,
    Collect,
    Decline,
    Portal,
    Summon,
    a_spirit,
    bundle_words,
    count_words,
    declined,
    seat_name,
    spirits_words,
)
from .data import GROVES, ROW_COSTS, SPIRITS, bundle

if TYPE_CHECKING:
    from .state import GrovesState, Player


def resolve(state: GrovesState, player: int, step: tuple[Any, ...], action: Action | None
             ) -> list[Event]:
    """Resolve the pending ``step`` of ``player`` with ``action`` (None: a step
    that needs no decision)."""
    pl = state.players[player]
    who = seat_name(player)
    seat = {"seat": player}
    kind = step[0]
    if isinstance(action, Decline):
        return [Event("decline", f"{who} {declined(step)}.", data=seat)]
    option = action.option if isinstance(action, Collect) else ""
    if kind == "gain":
        return gain_event(state, player, bundle(step[1]))
    if kind == "element":
        if step[1] > 1:
            state.pending.insert(0, ("element", step[1] - 1))
        return gain_event(state, player, {option: 1})
    if kind == "either":
        return gain_event(state, player, bundle(option))
    if kind == "trade":
        pay(state, pl, bundle(step[1]))
        return gain_event(state, player, bundle(step[2]), f"trades {bundle_words(step[1])}")
    if kind == "spirit":
        to_wraith = option.startswith("wraith-bag:")
        spirit = option.split(":")[-1]
        state.supply[spirit] -= 1
        if step[1] > 1:
            state.pending.insert(0, ("spirit", step[1] - 1, to_wraith))
        if to_wraith:
            state.wraith_bag[spirit] += 1
            if spirit == "white":
                return [Event("spirit", f"{who} adds a white spirit to the wraith bag.",
                              data=seat)]
            # A second spirit of the colour goes on the Tree's base as the
            # reminder; it stays there (the spirit it marks never leaves
            # the wraith bag), and counts in ``conservation`` via ``marks``.
            state.supply[spirit] -= 1
            state.marks.append(spirit)
            return [Event("spirit", f"{who} adds {a_spirit(spirit)} to the wraith bag and "
                                    f"sets another on the Tree's base as a reminder.",
                          data=seat)]
        pl.bag[spirit] += 1
        return [Event("spirit", f"{who} adds {a_spirit(spirit)} to their bag.", data=seat)]
    return _resolve_more(state, player, step, action, option)


def _resolve_more(state: GrovesState, player: int, step: tuple[Any, ...], action: Action | None,
                  option: str) -> list[Event]:
    """``resolve`` for the steps after the gains: white, cull and draw, the
    grove bought and attached, the portal aimed, the card kept, and the solo
    powers."""
    pl = state.players[player]
    who = seat_name(player)
    seat = {"seat": player}
    kind = step[0]
    if kind == "white":
        state.supply["white"] -= 1
        pl.bag["white"] += 1
        return [Event("spirit", f"{who} adds a white spirit to their bag.", data=seat)]
    if kind == "cull":
        spirit = take_random(state, pl.bag)
        state.supply[spirit] += 1
        return [Event("cull", f"{who} discards a random spirit from their bag: "
                              f"{spirits_words([spirit])}.",
                      data=seat, reveal=True)]
    if kind == "draw":
        got = [take_random(state, pl.bag) for _ in range(min(step[1], sum(pl.bag.values())))]
        for s in got:
            pl.hand[s] += 1
        more = "1 more spirit" if len(got) == 1 else f"{len(got)} more spirits"
        return [Event("draw", f"{who} draws {more} from their bag: {spirits_words(got)}.",
                      data=seat, reveal=True)]
    if kind == "buy":
        assert isinstance(action, Buy)
        return buy(state, player, action.slot)
    if kind == "attach":
        assert isinstance(action, Attach)
        pl.realm[(action.q, action.r)] = step[1]
        return [Event("attach", f"{who} attaches {GROVES[step[1]].name} to their realm"
                                f"{state._beside(player, (action.q, action.r))}.",
                      data={"seat": player, "cell": [action.q, action.r]})]
    if kind == "portal":
        assert isinstance(action, Portal)
        return placing.build_portal(state, player, action.target)
    if kind == "summon":
        assert isinstance(action, Summon)
        other = step[2] if action.card == step[1] else step[1]
        pl.hidden.append(action.card)
        state.deck.insert(0, other)
        state.deck_bottom.insert(0, player)
        return [Event("summon", f"{who} keeps one summoning card face down and puts the "
                                f"other under the deck.", data=seat)]
    return resolve_solo(state, player, step, option)


def gain_event(state: GrovesState, player: int, want: dict[str, int], verb: str = ""
               ) -> list[Event]:
    got = gain(state, state.players[player], want)
    text = bundle_words(got) if any(got.values()) else "nothing (the supply is empty)"
    lead = f"{seat_name(player)} {verb} and " if verb else f"{seat_name(player)} "
    return [Event("gain", f"{lead}gains {text}.", data={"seat": player, "got": got})]


def gain(state: GrovesState, pl: Player, want: dict[str, int]) -> dict[str, int]:
    """Take a bundle from the supply, as much of it as the supply holds."""
    got = {}
    for what, k in want.items():
        k = min(k, state._supply_of(what))
        got[what] = k
        _from_supply(state, pl, what, k)
    return got


def pay(state: GrovesState, pl: Player, cost: dict[str, int], to: Player | None = None) -> None:
    """Return a bundle to the supply (crystals to ``to`` when given)."""
    for what, k in cost.items():
        if what == "crystal" and to is not None:
            pl.crystals -= k
            to.crystals += k
        else:
            _from_supply(state, pl, what, -k)


def _from_supply(state: GrovesState, pl: Player, what: str, k: int) -> None:
    """Move ``k`` crystals, dominion or elements of ``what`` from the supply to
    ``pl`` (back to the supply when ``k`` is negative)."""
    if what == "crystal":
        state.crystal_supply -= k
        pl.crystals += k
    elif what == "dominion":
        state.dominion_supply -= k
        pl.dominion += k
    else:
        state.element_supply[what] -= k
        pl.elements[what] += k


def take_random(state: GrovesState, bag: dict[str, int]) -> str:
    """Draw one spirit blind from a bag (which must not be empty)."""
    i = state.rng.randrange(sum(bag.values()))
    for s in SPIRITS:
        if i < bag[s]:
            bag[s] -= 1
            return s
        i -= bag[s]
    raise AssertionError("empty bag")


def buy(state: GrovesState, player: int, slot: int) -> list[Event]:
    pl = state.players[player]
    gid = state.row[slot]
    assert gid is not None
    grove = GROVES[gid]
    pay(state, pl, bundle(grove.cost))
    price = ROW_COSTS[slot]
    crown = None if player == state.crown else state.players[state.crown]
    pay(state, pl, {"crystal": price}, to=crown)
    state.row[slot] = None
    state.row_bought[slot] = True
    state.pending.insert(0, ("attach", gid))
    paid = "to the supply" if crown is None else f"to {seat_name(state.crown)}"
    return [Event("buy", f"{seat_name(player)} buys {grove.name} for "
                         f"{bundle_words(grove.cost)} and "
                         f"{count_words(price, 'crystal')} (paid {paid}).",
                  data={"seat": player, "grove": gid, "slot": slot})]


def resolve_solo(state: GrovesState, player: int, step: tuple[Any, ...], option: str
                 ) -> list[Event]:
    """``resolve`` for the solo steps: the wraith bag's draw and the powers it gives."""
    pl = state.players[player]
    kind = step[0]
    drawn = state.wraith_drawn
    if kind == "wraith-draw":
        return _wraith_draw(state)
    if kind == "repel":
        drawn["wraith"] -= 1
        state.wraith_bag["wraith"] += 1
        return [Event("repel", "A drawn wraith is repelled back into the wraith bag.",
                      data={"seat": player})]
    if kind == "hollows":
        events: list[Event] = []
        while drawn["wraith"]:
            if state.hollows >= data.HOLLOWS_SPACES:
                state.lost = "a wraith found no free space in the Hollows of the Lost"
                state.phase = "over"
                state.pending = []
                return events + [Event("over", f"The game is lost: {state.lost}.")]
            drawn["wraith"] -= 1
            state.hollows += 1
            events.append(Event("hollows", f"A wraith gathers in the Hollows of the Lost "
                                           f"({state.hollows} of {data.HOLLOWS_SPACES})."))
        return events
    if kind == "spawn":
        state.supply["white"] -= 1
        state.wraith_bag["white"] += 1
        return [Event("spawn", "A white spirit joins the wraith bag.", data={"seat": player})]
    if kind == "recall":
        pay(state, pl, {"crystal": 2})
        state.hollows -= 1
        state.wraith_bag["wraith"] += 1
        return [Event("recall", "Two crystals recall the newest wraith to the wraith bag.",
                      data={"seat": player})]
    if kind == "banish":
        a, b = option.split("+")
        pay(state, pl, {a: 1, b: 1} if a != b else {a: 2})
        state.hollows -= 1
        state.banished += 1
        paid = f"Two {a}" if a == b else f"{a.capitalize()} and {b}"
        return [Event("banish", f"{paid} banish the newest wraith from the game.",
                      data={"seat": player})]
    if kind == "wraith-return":
        for s in SPIRITS:
            state.wraith_bag[s] += drawn[s]
            drawn[s] = 0
        if state.wraith_supply:
            state.wraith_supply -= 1
            state.wraith_bag["wraith"] += 1
            return [Event("wraith-return", "Another wraith joins the wraith bag.")]
        return []
    if kind == "end-round":
        return rounds.end_round(state)
    raise AssertionError(f"unknown step {kind}")


def _wraith_draw(state: GrovesState) -> list[Event]:
    """Draw from the wraith bag; queue the powers the colours drawn give."""
    drawn = state.wraith_drawn
    got = [take_random(state, state.wraith_bag)
           for _ in range(min(3, sum(state.wraith_bag.values())))]
    for s in got:
        drawn[s] += 1
    steps: list[tuple[Any, ...]] = []
    if drawn["blue"] and drawn["wraith"]:
        steps.append(("repel",))
    steps.append(("hollows",))
    for colour, power in (("orange", "spawn"), ("yellow", "recall"),
                          ("green", "banish")):
        if drawn[colour]:
            steps.append((power,))
    steps += [("wraith-return",), ("end-round",)]
    state.pending = steps + state.pending
    return [Event("wraith-draw", f"The wraith bag gives {spirits_words(got)}.",
                  reveal=True)]
