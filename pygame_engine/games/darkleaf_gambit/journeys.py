"""Darkleaf Gambit's journeys: how far a roll carries a unit, the standard
straight-line journey every clan starts from, and Roll & Execute's actions.

Functions of the state (``state.DarkleafState`` binds them as its methods).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.game import Action
from .actions import JOURNEYS, Cancel, Spend
from .board import RAYS, Unit

if TYPE_CHECKING:
    from .state import DarkleafState

#: Letting the roll pass (made once: actions are immutable values).
CANCEL = Cancel()


def journey_reach(state: DarkleafState, p: int, u: Unit, roll: int | None = None) -> list[int]:
    """The distances a journey of ``u`` may cover with ``roll``: consecutive, shortest first."""
    clan = state.clans[p]
    guide = clan.guide(u)
    r = clan.journey_roll(state, p, state.roll if roll is None else roll)
    fleet = "Fleet Foot" in state.marked  # a journey of the roll or one more
    cap = guide.get("max") or 99
    if cap > 1 and state.counters and state.has_counter("Mire"):
        cap = 1
    if cap > 3 and "Heavy Tread" in state.marked:
        cap = 3
    # (comparisons, not min/max: calls into C cost several times more under Pyodide)
    if guide["upto"]:
        top = r + 1 if fleet else r
        return list(range(1, (top if top < cap else cap) + 1))
    short = r if r < cap else cap
    if fleet and r < cap:
        return [short, r + 1]
    return [short]


def journey_destinations(state: DarkleafState, u: Unit, roll: int | None = None) -> list[int]:
    """Where ``u`` may journey with the roll (its clan decides: ``Clan.destinations``)."""
    return state.clans[u.owner].destinations(state, u, roll)


def straight_destinations(state: DarkleafState, u: Unit, roll: int | None = None) -> list[int]:
    """The standard journey: straight lines in the guide's directions, exact
    (or "up to") distance, no leap-frog, nobody backward who may not go
    backward. Clans may add destinations (an Ambush)."""
    p = u.owner
    clan = state.clans[p]
    lengths = journey_reach(state, p, u, roll)
    # The distances are consecutive (``journey_reach``): a square on a line is
    # a destination from the shortest on, up to the longest.
    first, longest = lengths[0] - 1, lengths[-1]
    back = 2 if clan.guide(u)["backward"] else -state.forward(p)  # 2: no direction
    board = state.board
    rays = RAYS[u.sq]
    plain = state._plain_end[p]
    blockers = state._blockers  # none: an empty square is open (open_for, asked less)
    out: list[int] = []
    for d in clan.journey_directions(state, u):
        if d[1] == back:
            continue
        ray = rays[d]
        n = len(ray)
        for i in range(longest if longest < n else n):
            t = ray[i]
            if board[t] >= 0:
                if not plain and i >= first and clan.may_end_journey(state, u, t):
                    out.append(t)
                break  # no leap-frog beyond the first unit on the line
            if i >= first and (
                    (not blockers or state.open_for(u, t)) if plain
                    else clan.may_end_journey(state, u, t)):
                out.append(t)
    extra = clan.extra_destinations(state, u)
    if extra:
        return sorted(set(out).union(extra))
    out.sort()  # no square twice: each lies on one line from the unit
    return out


def standard_execute_actions(state: DarkleafState, p: int) -> list[Action]:
    """Carrying out a roll: relics spendable now, the journeys (if the intent
    is a journey or not declared yet), a roll-first clan's deeds, Cancel."""
    clan = state.clans[p]
    acts: list[Action] = [Spend(k) for k in clan.spendable(state, p, "roll")]
    if state.intent is None or state.intent.intent == "journey":
        for u in state.on_board(p):
            if state.free_to_journey(u):
                made = JOURNEYS[u.sq]
                acts += [made[t] for t in journey_destinations(state, u)]
    if state.intent is None:
        acts += clan.roll_first_deeds(state, p)
    acts.append(CANCEL)
    return acts
