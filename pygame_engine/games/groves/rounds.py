"""Groves: the start and end of a round, realm bonus cards taken, the end of the game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.events import Event
from . import data, rewards, scoring
from .actions import card_words, seat_name, spirits_words
from .data import GROVES, REALM_CARDS, ROW_COSTS, SUMMONING_CARDS

if TYPE_CHECKING:
    from .state import GrovesState


def start_round(state: GrovesState) -> list[Event]:
    state.round += 1
    state.placed = [0] * state.num_players
    state.sent = []
    state.row_bought = [False] * len(state.row)
    state.phase = "place"
    events = [Event("round", f"Round {state.round} begins; {seat_name(state.crown)} holds the "
                             f"crown" + (" (final round)." if state.final_round else "."),
                    data={"seat": state.crown})]
    for p, pl in enumerate(state.players):
        empty = not any(pl.bag.values())
        if not empty:
            got = [rewards.take_random(state, pl.bag) for _ in range(min(3, sum(pl.bag.values())))]
        else:
            got = ["white"] * min(2, state.supply["white"])
            state.supply["white"] -= len(got)
        for s in got:
            pl.hand[s] += 1
        drew = (f"draws {spirits_words(got)}" if not empty else
                f"has an empty bag and takes {spirits_words(got)} from the supply"
                if got else "has an empty bag and finds no white spirit in the supply")
        events.append(Event("draw", f"{seat_name(p)} {drew}.",
                            data={"seat": p, "spirits": got}, reveal=True))
        for card in list(pl.hidden):
            if summoning_met(card, got):
                pl.hidden.remove(card)
                pl.revealed.append(card)
                events.append(Event("reveal", f"{seat_name(p)} reveals the summoning card "
                                              f"for {card_words(card)} "
                                              f"(+{SUMMONING_CARDS[card].dominion} dominion).",
                                    data={"seat": p, "card": card}, reveal=True))
    state.current = state.crown
    if not any(state.players[state.crown].hand.values()):
        nxt = state._next_seat()
        if nxt is not None:
            state.current = nxt
    return events


def summoning_met(card: str, drawn: list[str]) -> bool:
    """True if an initial bag draw satisfies a summoning card.

    >>> summoning_met("yellow-blue", ["blue", "white", "yellow"])
    True
    >>> summoning_met("three-different", ["blue", "white", "yellow"])
    False
    """
    c = SUMMONING_CARDS[card]
    if c.kind == "pair":
        rest = list(drawn)
        for s in c.spirits:
            if s not in rest:
                return False
            rest.remove(s)
        return True
    if len(drawn) != 3 or "white" in drawn:
        return False
    return len(set(drawn)) == (3 if c.kind == "three-different" else 1)


def end_round(state: GrovesState) -> list[Event]:
    events: list[Event] = []
    for pl in state.players:
        for cell, spirit in list(pl.occupants.items()):
            if spirit != "wraith":  # wraiths stay where they are
                pl.bag[spirit] += 1
                del pl.occupants[cell]
    for _, spirit, _ in state.tree:
        state.supply[spirit] += 1
    state.tree = []
    if state.solo:
        for slot in (0, 1):
            gid = state.row[slot]
            if gid is not None:
                state.removed.append(gid)
                state.row[slot] = None
                events.append(Event("row", f"{GROVES[gid].name} leaves the game from the "
                                           f"{ROW_COSTS[slot]}-crystal slot."))
    elif state.row[0] is not None and not state.row_bought[0]:
        state.removed.append(state.row[0])
        events.append(Event("row", f"{GROVES[state.row[0]].name} was not bought and leaves "
                                   f"the game."))
        state.row[0] = None
    row = [g for g in state.row if g is not None]
    signalled = False
    while len(row) < len(ROW_COSTS) and state.stack:
        row.append(state.stack.pop())
        signalled = not state.stack
    state.row = row + [None] * (len(ROW_COSTS) - len(row))
    events += check_lightning(state, state.crown)
    if state.final_round:
        return events + game_over(state)
    if signalled:
        state.final_round = True
        events.append(Event("final", "The last grove of the stack is out: the next round "
                                     "is the final round."))
    state.crown = (state.crown + 1) % state.num_players
    events.append(Event("refill", "The row of new groves is refilled.", reveal=True))
    return events + start_round(state)


def game_over(state: GrovesState) -> list[Event]:
    state.phase = "over"
    state.pending = []
    state.current = -1
    if state.solo and state.lost is None and state.hollows >= data.HOLLOWS_SPACES:
        state.lost = "the Hollows of the Lost are full at the end"
    if state.solo:
        target = scoring.solo_target(state)
        won = scoring.solo_won(state)
        text = (f"The game is over: {scoring.scores(state)[0]:g} dominion against the Hollows' "
                f"{target}. " + ("Idyllon is saved!" if won else
                                 f"The wraiths win ({state.lost or 'not enough dominion'})."))
    else:
        text = "The game is over. Final scores: " + ", ".join(
            f"{seat_name(s.seat)} {s.score:g}" for s in scoring.standings(state)) + "."
    return [Event("over", text)]


def check_lightning(state: GrovesState, first: int, spirits: bool = True, groves: bool = True
                     ) -> list[Event]:
    events: list[Event] = []
    open_cards = [REALM_CARDS[c] for c in state.realm_shown
                  if c not in state.claimed and REALM_CARDS[c].kind == "lightning"
                  and (spirits if REALM_CARDS[c].measure.startswith("spirits") else groves)]
    if state.phase == "setup" or not open_cards:
        return events
    n = state.num_players
    for c in open_cards:
        card = c.id
        for k in range(n):
            p = (first + k) % n
            if scoring.reaches(state, p, c.measure, c.goal):
                state.claimed[card] = p
                state.players[p].realm_cards.append(card)
                events.append(Event("lightning", f"{seat_name(p)} takes the realm bonus "
                                                 f"card '{c.text}' (+{c.dominion} dominion).",
                                    data={"seat": p, "card": card}))
                break
    return events
