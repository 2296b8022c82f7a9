"""The Ferrymen: every journey ends in a Flow that pushes a rival unit, and the
royal pushed off Haggedorn's edge twice wins.

Flow (the deed, automatic at the end of each journey of a unit able to
Flow, one rival unit at a time):

- landing *ahead of* an adjacent rival (it stands on the next territory in
  the journey's direction) pushes it one territory on in that direction;
- landing *upon* a rival (the trait lets Flow units end there) pushes it one
  territory in a direction the Ferrymen choose;
- a zero journey (Calm Waters turns a roll of 1 into 0) pushes one adjacent
  rival, diagonals included, *away* (along the bearing from the Ferrymen
  unit to it).

A push happens only onto an empty territory open to the pushed unit (never
a Reclaimed one of a rival clan): no next best placement. Off the edge is a
vanquish, so an invulnerable unit is not pushed off; an aura of protection
(Iron Plating) is removed instead and the unit goes back to the territory
the Flow started from, or a neighbouring edge territory the Ferrymen choose
when that one is taken. A rival royal pushed off the first time is placed
on the Ferrymen's Seat (the text's "The Seat" is the acting player's) with
a fate chip; the second time it is vanquished and the Ferrymen win.

Pawns and sages going forward from the Range carry on onto the Seat (the
Range and Seat adjoined), and on crossing gain Barbaric (a push may go two
territories) or Ripple Effect (a push may move two rival units in a line),
one of each at most; they do not Flow across that seam.

Skills: Unrelenting Tide (relic: the rival royal slides in a chosen
direction until blocked or at the edge, and may not journey or relocate in
its next turn: ``state.held``), Master the Current (two pawns pushed the
same way), Eddy (swap a Ferrymen pawn with a rival pawn), Big Wave (every
rival next to the unit that just journeyed pushed away, auras not
counted), Calm Waters (law: journeys one shorter; ``journey_roll``).

Every forced move respects ``state.move_limit`` (the Wibo's Deep Roots).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ....core.events import Event
from ....core.game import Action
from ..actions import Choose, Journey, Pick
from ..board import ALL_DIRECTIONS, Choice, Unit, distance, step
from ..clan import Clan
from ..data import SIZE, square_name
from ..heuristics import MATERIAL
from .ferrymen_flow import (
    DIRECTION_NAMES,
    NAMED_DIRECTIONS,
    Direction,
    Push,
    apply_push,
    flow_options,
    offs,
    push_end,
    push_options,
    return_squares,
    shove,
)

if TYPE_CHECKING:
    from ..state import DarkleafState
    from ..view_types import ProgressView

# -- the clan's data --------------------------------------------------------------
#
# Extra unit guide entries: ``flow`` marks the units able to Flow (they may
# also end a journey on a rival); ``cross`` marks the units whose forward
# journey goes on from the Range to the Seat (the text: pawns and sages);
# ``forward_only`` marks the units that journey only forward ("only forward,
# ever forward": no sideways journey either; see the design record).

FERRYMEN: dict[str, Any] = {
    "key": "ferrymen",
    "name": "Ferrymen",
    "deed": "Flow",
    "path": "Flow the rival royal off Haggedorn's edge twice",
    #: (designed) Place in the clan starting order (1 moves first).
    "order": 5,
    "note": "Every journey ends in a push: drive the rival royal off the board's edge "
            "twice. More involved.",
    "pushes_to_win": 2,
    # Six ordinary six-sided bones: Calm Waters' "a roll of 1" is a d6 face.
    "bones": (6, 6, 6, 6, 6, 6),
    "start": (("rook", "a1"), ("knight", "b1"), ("sage", "c1"), ("king", "e1"),
              ("sage", "f1"), ("knight", "g1"), ("rook", "h1"),
              ("pawn", "b2"), ("pawn", "c2"), ("pawn", "d2"), ("pawn", "e2"),
              ("pawn", "f2"), ("pawn", "g2")),
    "units": {
        # Rules 13: every Flow unit journeys the roll exactly (all were "up
        # to"), so a landing upon a royal on an edge comes when the bone says
        # so, not whenever it is in reach (search self-play, 110 games over
        # the clan's pairings: 67.0 % -> 49.5 %). A roll above a cap journeys
        # the cap.
        # Straight forward only, at most 3 (tuned in greedy self-play).
        "pawn": {"journey": "neighboring", "upto": False, "max": 3, "backward": False,
                 "forward_only": True, "deed": "flow", "flow": True, "cross": True},
        # At most 3, not 2 (tuned in greedy self-play).
        "knight": {"journey": "adjacent", "upto": False, "max": 3, "backward": True,
                   "deed": "flow", "flow": True},
        "sage": {"journey": "diagonal", "upto": False, "max": None, "backward": False,
                 "forward_only": True, "deed": "flow", "flow": True, "cross": True},
        "rook": {"journey": "neighboring", "upto": False, "max": None, "backward": True,
                 "deed": "flow", "flow": True, "invulnerable": True},
        # The royal does not Flow (the trait speaks of "units able to perform Flow").
        "king": {"journey": "adjacent", "upto": True, "max": 1, "backward": True,
                 "deed": "none", "flow": False},
    },
    # Trait auras earned crossing from the Range to the Seat (no slots).
    "auras": {
        "barbaric": {"key": "barbaric", "name": "Barbaric", "type": "aura"},
        "ripple": {"key": "ripple", "name": "Ripple Effect", "type": "aura"},
    },
    # (designed) One set of fate chips (it was three: Barbaric, Ripple Effect,
    # "flowed"), so the six clans fit the box's 36: it marks both crossing
    # auras (told apart by a unit's two tags) and the rival royal that fell
    # once ("flowed"); one chip stays back for that until it is used.
    "chip_sets": ("marks",),
    "chip_uses": {"barbaric": "marks", "ripple": "marks", "flowed": "marks"},
    "skills": (
        {"key": "unrelenting_tide", "name": "Unrelenting Tide", "type": "relic",
         "slots": ("6", "5-6"), "relics": 1},
        {"key": "master_current", "name": "Master the Current", "type": "miracle",
         "slots": ("1-2", "3-4")},
        {"key": "eddy", "name": "Eddy", "type": "miracle", "slots": ("E", "O")},
        {"key": "big_wave", "name": "Big Wave", "type": "miracle", "slots": ("4", "O")},
        {"key": "calm_waters", "name": "Calm Waters", "type": "law",
         "slots": ("*", "*", "*"), "sum": (3, 6)},
    ),
}


class Ferrymen(Clan):
    """Ferrymen: journey and deed are one (Flow); two royal push-offs win."""

    data = FERRYMEN
    actions = (Push,)
    royal_path = True
    #: Beyond the core's count, a turn may ask: Unrelenting Tide's direction
    #: (1); after the journey, the crossing aura, the Flow and a placement
    #: (3); an acquired miracle's questions: Big Wave pushes at most 8 units,
    #: each at most one placement, plus the royal's (9), more than Master the
    #: Current (3 + 2) or Eddy (2).
    extra_turn_actions: ClassVar[int] = 13

    # -- helpers -------------------------------------------------------------------------
    def flows(self, u: Unit) -> bool:
        return bool(self.guide(u).get("flow"))

    def offs(self, state: DarkleafState, p: int) -> int:
        """How many times ``p`` has Flowed a rival royal off the edge."""
        return offs(state, p)

    def journey_roll(self, state: DarkleafState, p: int, roll: int) -> int:
        return max(0, roll - 1) if "calm_waters" in state.laws[p] else roll

    def upkeep(self, state: DarkleafState, p: int) -> list[Event]:
        state.clan_state[p].pop("journeyed", None)  # Big Wave's unit is this turn's
        return []

    def rolls_first(self, state: DarkleafState) -> bool:
        return True  # no intent to declare: Flow follows every journey

    # -- journeys ------------------------------------------------------------------------
    def paths(self, state: DarkleafState, u: Unit, roll: int | None
              ) -> dict[int, tuple[Direction | None, bool]]:
        """Where ``u`` may journey: destination -> (direction, crossed from Range
        to Seat); a zero journey (own square) has no direction."""
        p = u.owner
        guide = self.guide(u)
        raw = state.roll if roll is None else roll
        out: dict[int, tuple[Direction | None, bool]] = {}
        if self.journey_roll(state, p, raw) == 0 and self.flows(u):
            out[u.sq] = (None, False)
        lengths = set(state.journey_reach(p, u, raw)) - {0}
        if not lengths:
            return out
        longest = max(lengths)
        fwd = state.forward(p)
        range_rank, seat_rank = state.seat_rank(1 - p), state.seat_rank(p)
        for d in self.journey_directions(state, u):
            if d[1] == -fwd and not guide["backward"]:
                continue
            at, crossed = u.sq, False
            for k in range(1, longest + 1):
                t = step(at, d[0], d[1])
                if t < 0 and guide.get("cross") and d[1] == fwd and at // SIZE == range_rank:
                    f = at % SIZE + d[0]  # the Range and the Seat adjoined
                    if 0 <= f < SIZE:
                        t, crossed = seat_rank * SIZE + f, True
                if t < 0 or t == u.sq:
                    break
                if k in lengths and t not in out and self._may_end(state, u, t):
                    out[t] = (d, crossed)
                if state.board[t] >= 0:
                    break
                at = t
        return out

    def destinations(self, state: DarkleafState, u: Unit, roll: int | None) -> list[int]:
        return sorted(self.paths(state, u, roll))

    def journey_directions(self, state: DarkleafState, u: Unit) -> tuple[tuple[int, int], ...]:
        """Pawns and sages: "only forward, ever forward" (never sideways or back)."""
        dirs = super().journey_directions(state, u)
        if self.guide(u).get("forward_only"):
            fwd = state.forward(u.owner)
            return tuple(d for d in dirs if d[1] == fwd)
        return dirs

    def _may_end(self, state: DarkleafState, u: Unit, t: int) -> bool:
        x = state.unit_at(t)
        if x is None:
            return state.open_for(u, t)
        if x.owner == u.owner or not self.flows(u) or state.closed(t, u):
            return False
        frm = u.sq  # the Ferrymen unit has left its territory when the Flow starts
        state.board[frm] = -1
        try:
            return bool(push_options(state, u, x, t, None, lifted=True))
        finally:
            state.board[frm] = u.uid

    # -- the journey ---------------------------------------------------------------------
    def journey(self, state: DarkleafState, u: Unit, to: int) -> list[Event]:
        p = u.owner
        name = state.game.seat_name(p)
        way, crossed = self.paths(state, u, None).get(to, (None, False))
        state.clan_state[p]["journeyed"] = u.uid
        frm = u.sq
        if to == frm:
            events = [state.event(p, "journey", f"{name}'s {u.kind} on {square_name(frm)} "
                                  "makes a zero journey (Calm Waters).", frm=frm, to=to)]
            return events + self._ask_flow(state, u, "zero")
        x = state.unit_at(to)
        if x is not None:  # landing upon a rival: it is lifted until its push is chosen
            state.board[to] = -1
            x.sq = -1
        state.move(u, to)
        events = [state.event(p, "journey", f"{name}'s {u.kind} journeys from "
                              f"{square_name(frm)} to {square_name(to)}"
                              + (" (from the Range onto the Seat)" if crossed else "") + ".",
                              frm=frm, to=to)]
        if crossed and self.crossing_auras(state, u):
            state.pending.append(Choice(p, "crossing", num=u.uid))
        if x is not None:
            state.clan_state[p]["lifted"] = x.uid
            return events + self._ask_flow(state, u, f"upon:{x.uid}")
        if way is not None and self.flows(u):
            return events + self._ask_flow(state, u, f"ahead:{way[0]},{way[1]}")
        return events

    def crossing_auras(self, state: DarkleafState, u: Unit) -> list[str]:
        # The crossing auras share their set with the fallen royal's mark: one
        # chip stays back for that mark until the rival royal has fallen once.
        p = u.owner
        keep = 1 if self.offs(state, p) == 0 else 0
        return [k for k in ("barbaric", "ripple")
                if k not in u.auras and state.chips[p].get(self.chip_set(k), 0) > keep]

    def _ask_flow(self, state: DarkleafState, u: Unit, mode: str) -> list[Event]:
        """Queue the Flow; carry it out at once when there is one way and nothing before it."""
        c = Choice(u.owner, "flow", mode, u.uid)
        options = flow_options(state, c)
        if not state.pending and len(options) == 1:
            return self._resolve_flow(state, c, options[0])
        if options or state.pending:
            state.pending.append(c)
        return []

    def _resolve_flow(self, state: DarkleafState, c: Choice, action: Action) -> list[Event]:
        assert isinstance(action, Push)
        lifted = None
        if c.arg.startswith("upon:"):
            lifted = state.units[int(c.arg.split(":")[1])]
            state.clan_state[c.player].pop("lifted", None)
        return apply_push(state, c.player, action, lifted)

    # -- skills ----------------------------------------------------------------------------
    def rival_royal(self, state: DarkleafState, p: int) -> Unit | None:
        royals = state.royals(1 - p)
        return royals[0] if royals else None

    def tide_directions(self, state: DarkleafState, p: int) -> list[str]:
        royal = self.rival_royal(state, p)
        if royal is None:
            return []
        return [DIRECTION_NAMES[d] for d in ALL_DIRECTIONS
                if self.tide_end(state, royal, d) != royal.sq]

    def tide_end(self, state: DarkleafState, royal: Unit, d: Direction) -> int:
        """Where Unrelenting Tide leaves the royal sliding along ``d``: the last
        territory before a unit or the edge it may end on (Reclaimed land of a
        rival is passed through), within its move limit."""
        limit = state.move_limit(royal)
        end, k = royal.sq, 1
        while (t := step(royal.sq, d[0], d[1], k)) >= 0 and state.board[t] < 0:
            if limit is not None and k > limit:
                break
            if not state.closed(t, royal):
                end = t
            k += 1
        return end

    def can_spend(self, state: DarkleafState, p: int, key: str) -> bool:
        return key != "unrelenting_tide" or bool(self.tide_directions(state, p))

    def spend(self, state: DarkleafState, p: int, key: str) -> list[Event]:
        state.pending.append(Choice(p, "tide"))
        return []

    def miracle_applies(self, state: DarkleafState, p: int, key: str) -> bool:
        if key == "master_current":
            return sum(1 for u in state.units if u.sq >= 0 and u.kind == "pawn") >= 2
        if key == "eddy":
            return bool(self._eddy_own(state, p))
        if key == "big_wave":
            uid = state.clan_state[p].get("journeyed")
            return uid is not None and state.units[uid].sq >= 0
        return True

    def _eddy_own(self, state: DarkleafState, p: int) -> list[int]:
        rivals = [u for u in state.on_board(1 - p) if u.kind == "pawn"]
        return [u.sq for u in state.on_board(p) if u.kind == "pawn"
                and any(self._eddy_ok(state, u, r) for r in rivals)]

    @staticmethod
    def _eddy_ok(state: DarkleafState, own: Unit, rival: Unit) -> bool:
        limit = state.move_limit(rival)
        return (not state.closed(rival.sq, own) and not state.closed(own.sq, rival)
                and (limit is None or distance(own.sq, rival.sq) <= limit))

    def miracle(self, state: DarkleafState, p: int, key: str) -> list[Event]:
        if key == "master_current":
            state.pending.append(Choice(p, "current_first"))
        elif key == "eddy":
            state.pending.append(Choice(p, "eddy_own"))
        elif key == "big_wave":
            return self.big_wave(state, p)
        return []

    def big_wave(self, state: DarkleafState, p: int) -> list[Event]:
        """Every rival adjacent to the unit that journeyed, pushed one territory away."""
        u = state.units[state.clan_state[p]["journeyed"]]
        name = state.game.seat_name(p)
        events = [state.event(p, "big_wave", f"{name}'s Big Wave breaks around the {u.kind} "
                              f"on {square_name(u.sq)}.", square=u.sq)]
        if state.last_move is not None:
            state.last_move.setdefault("flow", [])
        for d in ALL_DIRECTIONS:
            x = state.unit_at(step(u.sq, d[0], d[1]))
            if x is not None and x.owner != p:
                events += shove(state, p, x, x.sq, d, 1, lifted=False)
        return events

    def law(self, state: DarkleafState, p: int, key: str) -> list[Event]:
        return []

    # -- questions -----------------------------------------------------------------------------
    def _pawn_squares(self, state: DarkleafState) -> list[int]:
        return sorted(u.sq for u in state.units if u.sq >= 0 and u.kind == "pawn")

    def choice_options(self, state: DarkleafState, c: Choice) -> list[Action]:
        p = c.player
        if c.kind == "flow":
            return flow_options(state, c)
        if c.kind == "crossing":
            u = state.units[c.num]
            return [Choose(k) for k in self.crossing_auras(state, u)] if u.sq >= 0 else []
        if c.kind == "royal_place":
            return [Pick(s) for s in state.placements(state.seat_squares(p),
                                                      state.units[c.num])]
        if c.kind == "plated_return":
            x = state.units[c.num]
            return [Pick(s) for s in return_squares(state, int(c.arg), x)]
        if c.kind == "tide":
            return [Choose(d) for d in self.tide_directions(state, p)]
        if c.kind == "current_first":
            return [Pick(s) for s in self._pawn_squares(state)]
        if c.kind == "current_second":
            return [Pick(s) for s in self._pawn_squares(state) if s != c.num]
        if c.kind == "current_dir":
            a, b = (int(v) for v in c.arg.split(","))
            return [Choose(DIRECTION_NAMES[d]) for d in ALL_DIRECTIONS
                    if any(push_end(state, p, x, x.sq, d, 1) is not None
                           for x in (state.unit_at(a), state.unit_at(b)) if x is not None)]
        if c.kind == "eddy_own":
            return [Pick(s) for s in self._eddy_own(state, p)]
        if c.kind == "eddy_rival":
            own = state.units[c.num]
            return [Pick(r.sq) for r in state.on_board(1 - p)
                    if r.kind == "pawn" and self._eddy_ok(state, own, r)]
        return []

    def resolve_choice(self, state: DarkleafState, c: Choice, action: Action) -> list[Event]:
        p = c.player
        name = state.game.seat_name(p)
        if c.kind == "flow":
            return self._resolve_flow(state, c, action)
        if c.kind == "crossing":
            assert isinstance(action, Choose)
            return state.add_aura(state.units[c.num], action.option)
        if c.kind in ("royal_place", "plated_return"):
            assert isinstance(action, Pick)
            x = state.units[c.num]
            state.move(x, action.square)
            return [state.event(p, "place", f"{name} places the rival {x.kind} on "
                                f"{square_name(action.square)}.", square=action.square)]
        if c.kind == "tide":
            assert isinstance(action, Choose)
            return self._tide(state, p, NAMED_DIRECTIONS[action.option])
        if c.kind == "current_first":
            assert isinstance(action, Pick)
            state.pending.insert(0, Choice(p, "current_second", num=action.square))
            return []
        if c.kind == "current_second":
            assert isinstance(action, Pick)
            state.pending.insert(0, Choice(p, "current_dir", arg=f"{c.num},{action.square}"))
            return []
        if c.kind == "current_dir":
            assert isinstance(action, Choose)
            d = NAMED_DIRECTIONS[action.option]
            pawns = [y for s in c.arg.split(",") if (y := state.unit_at(int(s))) is not None]
            # The one further along the direction goes first, so the other may follow.
            pawns.sort(key=lambda y: -(y.sq % SIZE * d[0] + y.sq // SIZE * d[1]))
            state.last_move = {"flow": []}
            events = [state.event(p, "current", f"{name} Masters the Current: two pawns "
                                  f"flow {action.option}.")]
            for y in pawns:
                events += shove(state, p, y, y.sq, d, 1, lifted=False)
            return events
        if c.kind == "eddy_own":
            assert isinstance(action, Pick)
            own = state.unit_at(action.square)
            assert own is not None
            state.pending.insert(0, Choice(p, "eddy_rival", num=own.uid))
            return []
        if c.kind == "eddy_rival":
            assert isinstance(action, Pick)
            own, rival = state.units[c.num], state.unit_at(action.square)
            assert rival is not None
            a, b = own.sq, rival.sq
            state.board[a], state.board[b] = rival.uid, own.uid
            own.sq, rival.sq = b, a
            state.last_move = {"frm": a, "to": b}
            return [state.event(p, "eddy", f"{name}'s Eddy swaps the pawns on {square_name(a)} "
                                f"and {square_name(b)}.", frm=a, to=b)]
        return []

    def _tide(self, state: DarkleafState, p: int, d: Direction) -> list[Event]:
        """Unrelenting Tide: the rival royal slides along ``d`` and is held next turn."""
        royal = self.rival_royal(state, p)
        assert royal is not None
        frm = royal.sq
        end = self.tide_end(state, royal, d)
        state.move(royal, end)
        state.held[royal.uid] = state.turns + 1
        state.last_move = {"frm": frm, "to": end}
        return [state.event(p, "tide", f"{state.game.seat_name(p)}'s Unrelenting Tide slides "
                            f"the rival {royal.kind} from {square_name(frm)} to "
                            f"{square_name(end)}: it may not journey or relocate next turn.",
                            frm=frm, to=end)]

    def prompt(self, state: DarkleafState, c: Choice) -> str:
        if c.kind == "flow":
            if c.arg.startswith("upon:"):
                x = state.units[int(c.arg.split(":")[1])]
                return f"choose where the Flow pushes the rival {x.kind} you landed upon"
            return "choose the Flow"
        return {"crossing": "choose the aura the unit gains crossing to the Seat: Barbaric "
                            "or Ripple Effect",
                "royal_place": "choose where on your Seat the rival royal is placed",
                "plated_return": "choose the edge territory the shielded unit returns to",
                "tide": "choose the direction Unrelenting Tide slides the rival royal",
                "current_first": "choose the first pawn to Flow (Master the Current)",
                "current_second": "choose the second pawn to Flow",
                "current_dir": "choose the direction both pawns Flow",
                "eddy_own": "choose your pawn to swap (Eddy)",
                "eddy_rival": "choose the rival pawn to swap with"}.get(c.kind, c.kind)

    # -- the path ---------------------------------------------------------------------------
    def chips_elsewhere(self, state: DarkleafState, p: int) -> int:
        return 0

    def won(self, state: DarkleafState, p: int) -> bool:
        return self.offs(state, p) >= self.data["pushes_to_win"]

    def progress(self, state: DarkleafState, p: int) -> ProgressView:
        done, need = min(self.offs(state, p), self.data["pushes_to_win"]), \
            self.data["pushes_to_win"]
        return {"text": f"Rival royal off the edge {done} of {need}", "done": done,
                "needed": need}

    def bot_value(self, state: DarkleafState, p: int) -> float:
        return _ferry_path(state, p)

    def bot_goals(self, state: DarkleafState, p: int) -> list[int]:
        return _ferry_goals(state, p)

    def bot_score(self, state: DarkleafState, p: int, a: Action, goals: list[int]
                  ) -> float | None:
        return _ferry_score(state, p, a)


# -- the bots' knowledge of the clan (asked by ``heuristics.py``) --------------------
#
# The weights stay small: the evaluation turns the difference into a chance
# through a logistic of temperature 7, and a lead of 30 points would make
# every move look alike. Each royal Flowed off the edge is half the win; a
# rival royal on an edge with Ferrymen units near it is close to the next;
# Barbaric and Ripple Effect add push. Their journeys head for the squares
# from which a landing pushes the royal off (behind it, away from the edge,
# or upon it).

FLOWED_OFF = 8.0  # a rival royal Flowed off the edge once
ROYAL_ON_EDGE = 2.5  # the rival royal on an edge, per Ferrymen unit within 2
FERRY_NEAR = 0.35  # per territory between the nearest Flow unit and the rival royal
EDGE_PRESS = 0.8  # per territory the rival royal stands nearer an edge than the middle


def _on_edge(sq: int) -> bool:
    return sq % 8 in (0, 7) or sq // 8 in (0, 7)


def _ferry_path(state: DarkleafState, p: int) -> float:
    clan = state.clans[p]
    assert isinstance(clan, Ferrymen)
    value = FLOWED_OFF * clan.offs(state, p)
    flows = [u for u in state.on_board(p) if clan.flows(u)]
    value += sum(0.8 * len(u.auras) for u in flows)
    lifted = state.clan_state[p].get("lifted")
    if lifted is not None and state.units[lifted].royal:  # landed upon, its push to choose
        value += FLOWED_OFF / 2
    for r in state.royals(1 - p):
        if not flows:
            break
        near = min(distance(u.sq, r.sq) for u in flows)
        value -= FERRY_NEAR * near
        edge = min(r.sq % 8, 7 - r.sq % 8, r.sq // 8, 7 - r.sq // 8)
        value += EDGE_PRESS * (3 - edge)  # a royal shoved toward an edge
        if edge == 0:
            value += ROYAL_ON_EDGE * sum(1 for u in flows if distance(u.sq, r.sq) <= 2)
    return value


def _ferry_goals(state: DarkleafState, p: int) -> list[int]:
    """Where a landing pushes a rival royal off the edge: upon it, or behind it."""
    out = []
    for r in state.royals(1 - p):
        out.append(r.sq)
        for df, dr in ((0, 1), (0, -1), (1, 0), (-1, 0)):
            if step(r.sq, df, dr) < 0 and (b := step(r.sq, -df, -dr)) >= 0:
                out.append(b)
    return out


def _ferry_score(state: DarkleafState, p: int, a: Action) -> float | None:
    clan = state.clans[p]
    assert isinstance(clan, Ferrymen)
    if isinstance(a, Push):
        x = state.unit_at(a.target)
        if x is None and state.pending and state.pending[0].arg.startswith("upon:"):
            x = state.units[int(state.pending[0].arg.split(":")[1])]
        end = step(a.target, a.df, a.dr, a.dist)
        if x is None:
            return 0.5
        if end < 0:
            return 60.0 if x.royal else 6.0 + MATERIAL.get(x.kind, 1.0)
        return 2.0 + (2.0 if x.royal and _on_edge(end) else 0.0) + (
            1.0 if _on_edge(end) else 0.0)
    if isinstance(a, Journey):
        mover = state.unit_at(a.frm)
        if mover is None:
            return 0.0
        if mover.royal:
            return -2.0
        royals = [r.sq for r in state.royals(1 - p)]
        if a.frm == a.to:  # a zero journey: a push away
            return 2.0 + (30.0 if any(distance(a.frm, r) == 1 and _on_edge(r) for r in royals)
                          else 0.0)
        way, _ = clan.paths(state, mover, None).get(a.to, (None, False))
        score = 0.0
        x = state.unit_at(a.to)
        if x is not None:  # landing upon
            score += 40.0 if x.royal and _on_edge(a.to) else 4.0 + MATERIAL.get(x.kind, 1.0)
        elif way is not None and (ahead := step(a.to, way[0], way[1])) >= 0:
            y = state.unit_at(ahead)
            if y is not None and y.owner != p:
                off = step(ahead, way[0], way[1]) < 0
                score += (40.0 if y.royal else 5.0) if off else 1.5
        goals = _ferry_goals(state, p)
        if goals:
            before = min(distance(a.frm, g) for g in goals)
            after = min(distance(a.to, g) for g in goals)
            score += 0.8 * (before - after)
        return score
    if isinstance(a, Choose) and state.pending:
        kind = state.pending[0].kind
        if kind == "crossing":
            return 1.0 if a.option == "barbaric" else 0.8
        if kind == "tide":
            royal = clan.rival_royal(state, p)
            if royal is None:
                return 0.0
            end = clan.tide_end(state, royal, NAMED_DIRECTIONS[a.option])
            return (3.0 if _on_edge(end) else 0.0) + sum(
                1.0 for u in state.on_board(p) if distance(u.sq, end) <= 2)
    if isinstance(a, Pick) and state.pending and state.pending[0].kind == "royal_place":
        return sum(1.0 for u in state.on_board(p) if clan.flows(u)
                   and distance(u.sq, a.square) <= 2)
    return None
