"""The Ferrymen's Flow: the ``Push`` action and how a push goes.

A push moves a rival unit along a direction onto empty territory open to it,
one territory (two with Barbaric; with Ripple Effect, the unit behind it
too); off the edge it is a vanquish, a shielded unit comes back beside its
territory, and a rival royal's first fall puts it on the Ferrymen's Seat.
``clans/ferrymen.py`` (the clan) asks these when a journey ends in a Flow
and for its skills' pushes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....core.events import Event
from ....core.game import Action
from ..actions import DarkleafAction
from ..board import ALL_DIRECTIONS, DIRECTIONS, Choice, Unit, around, step
from ..data import SIZE, square_name

if TYPE_CHECKING:
    from ..state import DarkleafState

Direction = tuple[int, int]

#: Compass words for the eight directions (north is toward rank 8).
DIRECTION_NAMES: dict[Direction, str] = {
    (0, 1): "north", (1, 1): "north-east", (1, 0): "east", (1, -1): "south-east",
    (0, -1): "south", (-1, -1): "south-west", (-1, 0): "west", (-1, 1): "north-west"}
NAMED_DIRECTIONS = {v: k for k, v in DIRECTION_NAMES.items()}


def _sq(sq: int) -> str:
    return square_name(sq) if 0 <= sq < 64 else f"square {sq}"


class Push(DarkleafAction, kind="push"):
    """A Flow: push the rival unit on ``target`` ``dist`` territories along
    (``df``, ``dr``); ``ripple`` 1 also pushes the rival unit behind it."""

    target: int
    df: int
    dr: int
    dist: int
    ripple: int

    @property
    def label(self) -> str:
        where = DIRECTION_NAMES.get((self.df, self.dr), f"({self.df}, {self.dr})")
        to = step(self.target, self.df, self.dr, self.dist) if 0 <= self.target < 64 else -1
        words = f"Flow {_sq(self.target)} {where}"
        if self.dist == 2:
            words += " two territories (Barbaric)"
        if self.ripple:
            words += " with the unit behind it (Ripple Effect)"
        return words + (f" to {_sq(to)}" if to >= 0 and not self.ripple
                        else " off the edge" if to < 0 and not self.ripple else "")


def offs(state: DarkleafState, p: int) -> int:
    """How many times ``p`` has Flowed a rival royal off the edge."""
    done: int = state.clan_state[p].get("offs", 0)
    return done


def push_end(state: DarkleafState, p: int, x: Unit, frm: int, d: Direction,
              n: int) -> int | None:
    """Where pushing ``x`` (standing on ``frm``) ``n`` territories along ``d``
    leaves it: a territory, -1 off the edge, None when the push cannot happen."""
    limit = state.move_limit(x)
    if limit is not None and n > limit:
        return None
    for i in range(1, n + 1):
        t = step(frm, d[0], d[1], i)
        if t < 0:
            return -1 if may_fall(state, p, x, frm) else None
        if state.board[t] >= 0:
            return None
        if i == n and state.closed(t, x):
            return None
    return step(frm, d[0], d[1], n)

def may_fall(state: DarkleafState, p: int, x: Unit, frm: int) -> bool:
    """Off the edge is a vanquish: only a unit ``p`` could vanquish goes off."""
    was = x.sq
    x.sq = frm
    try:
        return state.vanquishable(x, p)
    finally:
        x.sq = was

def push_options(state: DarkleafState, u: Unit, x: Unit, frm: int,
                 d: Direction | None, lifted: bool = False, away: bool = False
                 ) -> list[Push]:
    """The Flows of ``x`` (on ``frm``) the Ferrymen unit ``u`` may make: along
    ``d`` (landing ahead, or away), else any direction (landing upon)."""
    p = u.owner
    dirs = (d,) if d is not None else ALL_DIRECTIONS
    dists = (1, 2) if "barbaric" in u.auras else (1,)
    out: list[Push] = []
    for e in dirs:
        for n in dists:
            if push_end(state, p, x, frm, e, n) is not None:
                out.append(Push(frm, e[0], e[1], n, 0))
        if "ripple" in u.auras:
            y = state.unit_at(step(frm, e[0], e[1]))
            if (y is not None and y.owner != p and y is not x
                    and (rear := push_end(state, p, y, y.sq, e, 1)) is not None
                    and not state.closed(y.sq, x)
                    and (state.move_limit(x) is None or state.move_limit(x) != 0)
                    and not (lifted and rear < 0 and plated(state, y))):
                # A plated unit pushed off the edge loses its aura and stays, so
                # the front push is blocked: a lifted unit would have nowhere to go.
                out.append(Push(frm, e[0], e[1], 1, 1))
    return out

def plated(state: DarkleafState, y: Unit) -> bool:
    """Whether ``y`` wears an aura of protection (Iron Plating)."""
    clan = state.clans[y.owner]
    return any(clan.aura_info(k).get("protect") for k in y.auras)

def flow_options(state: DarkleafState, c: Choice) -> list[Action]:
    """The pushes a waiting Flow question offers (``arg``: its mode)."""
    p = c.player
    u = state.units[c.num]
    if u.sq < 0:
        return []
    mode, _, rest = c.arg.partition(":")
    if mode == "upon":
        lifted = state.units[int(rest)]
        return list(push_options(state, u, lifted, u.sq, None, lifted=True))
    if mode == "ahead":
        df, dr = (int(v) for v in rest.split(","))
        ahead = state.unit_at(step(u.sq, df, dr))
        if ahead is None or ahead.owner == p:
            return []
        return list(push_options(state, u, ahead, ahead.sq, (df, dr)))
    out: list[Action] = []  # a zero journey: any adjacent rival, pushed away
    for df, dr in ALL_DIRECTIONS:
        x = state.unit_at(step(u.sq, df, dr))
        if x is not None and x.owner != p:
            out += push_options(state, u, x, x.sq, (df, dr))
    return out

def apply_push(state: DarkleafState, p: int, push: Push, lifted: Unit | None = None
               ) -> list[Event]:
    """Carry out a Flow; ``lifted``: the rival a Ferrymen unit landed upon
    (off the board while its push is chosen)."""
    d = (push.df, push.dr)
    events: list[Event] = []
    x = lifted if lifted is not None else state.unit_at(push.target)
    assert x is not None
    if push.ripple:
        behind = step(push.target, d[0], d[1])
        y = state.unit_at(behind)
        assert y is not None
        events += shove(state, p, y, y.sq, d, 1, lifted=False)
        events += shove(state, p, x, push.target, d, 1, lifted=lifted is not None)
        return events
    return shove(state, p, x, push.target, d, push.dist, lifted=lifted is not None)

def shove(state: DarkleafState, p: int, x: Unit, frm: int, d: Direction, n: int,
           lifted: bool) -> list[Event]:
    end = push_end(state, p, x, frm, d, n)
    name = state.game.seat_name(p)
    flow = state.last_move.setdefault("flow", []) if state.last_move is not None else None
    if end is None:  # blocked after all (a Ripple's rear unit kept its place)
        # push_options offers a lifted unit only pushes that can happen.
        assert not lifted, "a landed-upon unit must be pushed somewhere"
        return []
    if end >= 0:
        if lifted:
            x.sq = -1
        state.move(x, end)
        if flow is not None:
            flow.append([frm, end])
        return [state.event(p, "flow", f"{name} Flows the rival {x.kind} from "
                            f"{square_name(frm)} to {square_name(end)}.", frm=frm, to=end)]
    if flow is not None:
        flow.append([frm, -1])
    return off_edge(state, p, x, frm, lifted)

def off_edge(state: DarkleafState, p: int, x: Unit, frm: int, lifted: bool
             ) -> list[Event]:
    """``x`` is pushed off Haggedorn's edge from ``frm``."""
    name = state.game.seat_name(p)
    if lifted:  # put it back on its territory for the strike's bookkeeping
        keep = state.board[frm]
        state.board[frm] = x.uid
        x.sq = frm
    else:
        keep = -1
    events = [state.event(p, "flow", f"{name} Flows the {x.kind} on {square_name(frm)} "
                          "off Haggedorn's edge.", square=frm)]
    if x.royal and x.owner != p:
        st = state.clan_state[p]
        st["offs"] = offs(state, p) + 1
        if st["offs"] >= state.clans[p].data["pushes_to_win"]:
            events += state.vanquish(x, p, "Flowed off the edge twice")
        else:  # the first time: onto the Ferrymen's Seat, marked with a chip
            state.board[frm] = -1
            x.sq = -1
            if state.chips[p].get(state.clans[p].chip_set("flowed"), 0) > 0:
                x.marks["flowed"] = x.marks.get("flowed", 0) + 1
                state.chips[p][state.clans[p].chip_set("flowed")] -= 1
            state.pending.insert(0, Choice(p, "royal_place", num=x.uid))
        if keep >= 0:
            state.board[frm] = keep
        return events
    result, more = state.strike(x, p, "Flowed off the edge")
    events += more
    if result == "shielded" and keep >= 0:  # its territory is taken: beside it, on the edge
        state.board[frm] = -1
        x.sq = -1
        state.pending.insert(0, Choice(p, "plated_return", arg=str(frm), num=x.uid))
    if keep >= 0:
        state.board[frm] = keep
    return events

def return_squares(state: DarkleafState, frm: int, x: Unit) -> list[int]:
    """A shielded unit's return: the empty edge territories neighbouring
    ``frm`` (the next best placement from there if none is empty)."""
    def edge(s: int) -> bool:
        return s % SIZE in (0, SIZE - 1) or s // SIZE in (0, SIZE - 1)
    near = [s for s in around(frm, DIRECTIONS["neighboring"]) if edge(s)]
    empty = [s for s in near if state.open_for(x, s)]
    return empty or state.placements(near or [frm], x)
