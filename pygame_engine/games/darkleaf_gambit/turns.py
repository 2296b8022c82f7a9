"""Darkleaf Gambit's round flow: who starts, the handicap rolls at setup, a
turn's start (its counters tick, its Upkeep), the Upkeep's actions, the
turn's end (another turn for Electromagnetic Loop, else the rival's), the
win and the round limit's draw, and carrying on once no question waits.

Functions of the state (``state.DarkleafState`` binds them as its methods).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.events import Event
from ...core.game import Action
from . import data
from .actions import InvokeWill, Proceed, Spend, Withdraw
from .bones import roll_bone

if TYPE_CHECKING:
    from .state import DarkleafState

#: The action that ends the Upkeep (actions are immutable values, made once).
PROCEED = Proceed()


def starting_player(state: DarkleafState) -> int:
    ranks = [c.data.get("order", len(state.game.clans) + 1) for c in state.clans]
    return 1 if ranks[1] < ranks[0] else 0


def start_turn(state: DarkleafState, p: int) -> list[Event]:
    events: list[Event] = []
    state.turns += 1
    if state.turns > 2 * data.ROUND_LIMIT:
        return finish(state, None, f"{data.ROUND_LIMIT} rounds have passed without a winner: "
                                  "Haggedorn's light goes out and the duel is drawn")
    state.current = p
    state.phase = "upkeep"
    state.intent = None
    state.roll_first = state.clans[p].rolls_first(state)
    state.used_turn = []
    # Counters of this player's Will outcomes tick down.
    for c in list(state.counters):
        if c[2] == p:
            c[1] -= 1
            if c[1] <= 0:
                state.counters.remove(c)
                events.append(state.event(p, "counter", f"{state.game.seat_name(p)}'s "
                                                       f"{c[0]} ends."))
    events += state.clans[p].upkeep(state, p)
    skip_idle_upkeep(state)
    return events


def skip_idle_upkeep(state: DarkleafState) -> None:
    if state.phase == "upkeep" and not state.pending and upkeep_actions(state,
            state.current) == [PROCEED]:
        after_upkeep(state)


def after_upkeep(state: DarkleafState) -> None:
    state.phase = "roll" if state.roll_first else "declare"


def end_turn(state: DarkleafState) -> list[Event]:
    p = state.current
    state.rolled = -1
    events = check_win(state)
    if state.phase == "over":
        return events
    if state.extra_turns:
        state.extra_turns -= 1
        return events + [state.event(p, "loop", f"{state.game.seat_name(p)} takes another "
                                              "turn (Electromagnetic Loop).")] + \
            start_turn(state, p)
    return events + start_turn(state, 1 - p)


def check_win(state: DarkleafState) -> list[Event]:
    for p in (state.current, 1 - state.current):
        if state.clans[p].won(state, p):
            clan = state.clans[p]
            return finish(state, p, f"{state.game.seat_name(p)} wins for {clan.name}: "
                                   f"{clan.progress(state, p)['text']}")
    return []


def finish(state: DarkleafState, winner: int | None, why: str) -> list[Event]:
    state.phase = "over"
    state.pending = []
    state.winner = winner
    state.draw = winner is None
    return [Event("over", f"{why}. The game is over.", data={"winner": winner},
                  reveal=True)]


def next_setup_roll(state: DarkleafState) -> list[Event]:
    p, left = state.setup[0]
    state.setup[0] = (p, left - 1)
    if left - 1 == 0:
        state.setup.pop(0)
    state.current = p
    state.phase = "slot"
    bone = state.pool(p)[0]
    roll_bone(state, bone)
    return [Event("handicap", f"{state.game.seat_name(p)} rolls a handicap bone: "
                              f"{state.roll}.", data={"seat": p, "value": state.roll},
                  reveal=True)]


def upkeep_actions(state: DarkleafState, p: int) -> list[Action]:
    # The Upkeep's steps go in order: counters (at its start), relic tokens,
    # then the Will; once the Will is called, no relic step comes back.
    out: list[Action] = [] if "will" in state.used_turn else [
        Spend(k) for k in state.clans[p].spendable(state, p, "upkeep")]
    if state.will_tokens[p] and "will" not in state.used_turn:  # one call a turn
        out.append(InvokeWill())
    for i, skill in enumerate(state.clans[p].skills):
        if any(b >= 0 for b in state.rows[p][i]) and not state.applies(p, i):
            out.append(Withdraw(skill["key"]))
    out.append(PROCEED)
    return out


def drain(state: DarkleafState) -> list[Event]:
    """Drop questions with no possible answer (the outcome cannot be executed)
    and carry on once none is left."""
    events: list[Event] = []
    while state.pending and state.phase != "over":
        if state.choice_options(state.pending[0]):
            return events
        state.pending.pop(0)
    if state.phase == "over":
        return events
    events += check_win(state)
    if state.phase == "over":
        return events
    if state.phase == "setup":  # the clans' setup questions are answered
        if state.setup:
            return events + next_setup_roll(state)
        return events + start_turn(state, state.first)
    if state.phase == "acquire":
        if state.setup:
            return events + next_setup_roll(state)
        if state.turns == 0:
            return events + start_turn(state, state.first)
        return events + end_turn(state)
    if state.phase == "upkeep":
        skip_idle_upkeep(state)
    return events
