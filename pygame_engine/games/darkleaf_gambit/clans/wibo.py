"""Wildero Wibo: journey, then Morph a neighbouring rival into a Wibo pawn, then retreat.

A Wibo turn rolls up to three bones, each only after the one before: a
journey (the clan declares nothing: Morph only ever follows a journey); a
Morph roll by the unit that just journeyed against a neighbouring rival
(3+; the sage's Mass Morph names a second one); after a successful Morph a
retreat roll that carries a new pawn toward the Seat (the knight's Hasty
Retreat carries the knight, the pawn resumes next to it). Only the last
bone rolled is slotted: the earlier ones go back to the pool. The turn's
steps live in ``clan_state[p]["step"]``: "" (journey), "morph", "retreat"
(roll offered), "retreating" (the retreat's destinations).

A Morph vanquishes the rival unit (an aura of protection is lost instead)
and rekindles a Wibo pawn from the graveyard on its territory (next best
placement where the territory is closed to it); a royal's Morph sends the
pawn to the Seat. Traits and skills: the invulnerable rook, Biotic Refuge,
Deep Roots, Hallucinogenic Spores, Rival Regrowth, Starter Seed, Scatter and
The Endless (pawns in the Seat at the end of Roll & Execute go into stasis:
invulnerable, never moved nor used). Path: end a turn with 6 Wibo pawns in
the Seat.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ....core.events import Event
from ....core.game import Action
from ..actions import Choose, DarkleafAction, Declare, Journey, Pick, Roll, _sq
from ..board import DIAGONAL, DIRECTIONS, ORTHOGONAL, RAYS, Choice, Unit, around, distance
from ..clan import Clan
from ..data import square_name
from ..heuristics import MATERIAL, Threat, worth

if TYPE_CHECKING:
    from ..state import DarkleafState
    from ..view_types import ProgressView, UnitMarkView

# -- the clan's data --------------------------------------------------------------
#
# Extra unit guide entries: ``morph`` the directions of the unit's Morph
# ("neighboring" as the deed says; "none" for the rook); ``mass`` marks the
# sage, whose one Morph roll may convert a second neighbouring rival.

WIBO: dict[str, Any] = {
    "key": "wibo",
    "name": "Wildero Wibo",
    "deed": "Morph",
    "path": "End a turn with 6 Wibo pawns in the Seat",
    #: (designed) Place in the clan starting order (1 moves first).
    "order": 3,
    "note": "Turn rival units into Wibo pawns and gather six of them on your Seat. "
            "More involved.",
    "pawns_to_win": 6,
    "morph_need": 3,
    # Six six-sided bones: Morph's 3+ is two chances in three.
    "bones": (6, 6, 6, 6, 6, 6),
    # A handful of units: the pawns to come are the rival's, Morphed. The two
    # pawns start diagonal to the rook, inside Biotic Refuge.
    "start": (("sage", "c1"), ("queen", "d1"), ("rook", "e1"), ("knight", "f1"),
              ("pawn", "d2"), ("pawn", "f2")),
    "units": {
        # Rules 12: a pawn journeys the exact roll too (at most 2; was "up to"),
        # but one rank from the Seat it may always step straight back onto it
        # ("home_step": its exact journey would run off the board). Rules 14:
        # the pawn and the knight journey straight only ("neighboring"; were
        # "adjacent", diagonals too): fewer squares beside a rival per roll.
        "pawn": {"journey": "neighboring", "upto": False, "max": 2, "backward": True,
                 "deed": "morph", "morph": "neighboring", "home_step": True},
        # Hasty Retreat: after its Morph the knight retreats with the new pawn.
        # The knight and the sage journey the roll exactly (rules 11; were "up to"):
        # the Morphers reach a rival only when the bone says so.
        "knight": {"journey": "neighboring", "upto": False, "max": 3, "backward": True,
                   "deed": "morph", "morph": "neighboring"},
        # Mass Morph: one Morph roll converts a second neighbouring rival.
        "sage": {"journey": "diagonal", "upto": False, "max": None, "backward": True,
                 "deed": "morph", "morph": "neighboring", "mass": True},
        # Invulnerable; Biotic Refuge shields the Wibo pawns diagonal to it.
        "rook": {"journey": "neighboring", "upto": True, "max": None, "backward": True,
                 "deed": "none", "morph": "none", "invulnerable": True},
        # Deep Roots: one territory whatever the roll, or a swap with a Wibo pawn.
        "queen": {"journey": "adjacent", "upto": True, "max": 1, "backward": True,
                  "deed": "morph", "morph": "neighboring"},
    },
    # A retreat goes toward the Seat (straight or diagonal), up to the roll.
    "retreat_max": None,
    # The text: the Wibo need no fate chips.
    "chip_sets": (),
    "skills": (
        {"key": "spores", "name": "Hallucinogenic Spores", "type": "miracle",
         "slots": ("5-6", "5-6")},
        {"key": "regrowth", "name": "Rival Regrowth", "type": "miracle",
         "slots": ("1-2", "3-4")},
        {"key": "starter_seed", "name": "Starter Seed", "type": "relic",
         "slots": ("E", "O"), "relics": 2, "when": "morph"},
        {"key": "scatter", "name": "Scatter", "type": "miracle", "slots": ("O", "O")},
        {"key": "endless", "name": "The Endless", "type": "law",
         "slots": ("*", "*", "*"), "sum": (3, 6)},
    ),
}


class Morph(DarkleafAction, kind="morph"):
    """The unit on ``frm``, which just journeyed, rolls to Morph the rival on
    ``target`` (and, by a sage's Mass Morph, the one on ``second``; -1: none)."""

    frm: int
    target: int
    second: int

    @property
    def label(self) -> str:
        also = f" and {_sq(self.second)}" if self.second >= 0 else ""
        return f"Morph from {_sq(self.frm)}: {_sq(self.target)}{also} (roll 3+)"


class SeedMorph(DarkleafAction, kind="seed",
                words="Starter Seed: Morph {target} from {frm} (no roll)"):
    """Spend Starter Seed: the unit on ``frm`` Morphs the rival on ``target`` without a roll."""

    frm: int
    target: int


class Stop(DarkleafAction, kind="stop", words="Roll no more (slot the last bone)"):
    """End Roll & Execute: the last bone rolled goes on to be slotted."""


class Wibo(Clan):
    """Wildero Wibo: Morph rivals into pawns and bring six of them home to the Seat."""

    data = WIBO
    actions = (Morph, SeedMorph, Stop)
    # Morph or Starter Seed (1), its roll (1), up to two pawns placed (2), the
    # retreat roll (1) and journey (1), two pawns placed next to a retreating
    # knight (2), Stop (1); Spores' second question (1, the core counts 2).
    extra_turn_actions: ClassVar[int] = 10

    # -- setup and turn ------------------------------------------------------------------
    def initial_state(self) -> dict[str, Any]:
        return {"step": "", "mover": -1, "second": -1, "new": [], "knight": -1, "stasis": [],
                "held": {}}

    def rolls_first(self, state: DarkleafState) -> bool:
        return True  # nothing to declare: Morph only ever follows a journey

    def upkeep(self, state: DarkleafState, p: int) -> list[Event]:
        s = state.clan_state[p]
        s.update(step="", mover=-1, second=-1, new=[], knight=-1)
        s["held"] = {k: v for k, v in s["held"].items() if v >= state.turns}
        return []

    def spendable(self, state: DarkleafState, p: int, when: str) -> list[str]:
        return []  # Starter Seed is spent through SeedMorph, after a journey

    def execute_actions(self, state: DarkleafState, p: int) -> list[Action]:
        s = state.clan_state[p]
        step = s["step"]
        if step == "morph":
            mover = state.units[s["mover"]]
            return [*self.morphs(state, mover), Stop()]
        if step == "retreat":
            return [*state.rolls(p), Stop()]
        if step == "retreating":
            out: list[Action] = []
            for u in self.retreaters(state, p):
                out += [Journey(u.sq, t) for t in self.retreat_squares(state, u, state.roll)]
            return [*out, Stop()]
        return state.standard_execute_actions(p)

    def after_execute(self, state: DarkleafState, p: int) -> list[Event]:
        """The end of Roll & Execute: under The Endless, pawns in the Seat go into stasis."""
        s = state.clan_state[p]
        s.update(step="", mover=-1, second=-1, new=[], knight=-1)
        return self.settle(state, p)

    def settle(self, state: DarkleafState, p: int) -> list[Event]:
        if "endless" not in state.laws[p]:
            return []
        s = state.clan_state[p]
        events: list[Event] = []
        for u in state.on_board(p):
            if u.kind == "pawn" and state.in_seat(p, u.sq) and u.uid not in s["stasis"]:
                s["stasis"].append(u.uid)
                events.append(state.event(p, "stasis", f"{state.game.seat_name(p)}'s pawn on "
                                          f"{square_name(u.sq)} sinks into the moss (The "
                                          "Endless).", square=u.sq))
                for c in state.clans:
                    events += c.became_invulnerable(state, u)
        return events

    def in_stasis(self, state: DarkleafState, u: Unit) -> bool:
        return (state.clan_keys[u.owner] == self.key and u.sq >= 0
                and u.uid in state.clan_state[u.owner]["stasis"])

    # -- journeys -----------------------------------------------------------------------
    def may_journey(self, state: DarkleafState, u: Unit) -> bool:
        return not self.in_stasis(state, u)

    def extra_destinations(self, state: DarkleafState, u: Unit) -> list[int]:
        """Deep Roots: the queen may instead swap places with an adjacent Wibo
        pawn. A pawn one rank from the Seat may step onto it whatever the roll."""
        if u.kind == "pawn":
            if not self.guide(u).get("home_step"):
                return []
            back = RAYS[u.sq][(0, -state.forward(u.owner))]  # straight toward the Seat
            return [back[0]] if (back and state.in_seat(u.owner, back[0])
                                 and state.open_for(u, back[0])) else []
        if u.kind != "queen":
            return []
        return [t for t in around(u.sq) if (x := state.unit_at(t)) is not None
                and x.owner == u.owner and x.kind == "pawn" and not self.in_stasis(state, x)
                and state.usable(x)]

    def journey(self, state: DarkleafState, u: Unit, to: int) -> list[Event]:
        p = u.owner
        s = state.clan_state[p]
        name = state.game.seat_name(p)
        if s["step"] == "retreating":
            return self.retreat(state, u, to)
        frm = u.sq
        other = state.unit_at(to)
        if other is not None and other.owner == p:  # Deep Roots' swap
            state.board[frm], state.board[to] = other.uid, u.uid
            u.sq, other.sq = to, frm
            events = [state.event(p, "journey", f"{name}'s queen swaps places with the pawn on "
                                  f"{square_name(to)} (Deep Roots).", frm=frm, to=to)]
        else:
            events = super().journey(state, u, to)
        if self.morphs(state, u):
            s.update(step="morph", mover=u.uid)
            state.phase = "execute"
        return events

    # -- Morph ----------------------------------------------------------------------------
    def morph_targets(self, state: DarkleafState, u: Unit) -> list[int]:
        p = u.owner
        dirs = DIRECTIONS[self.guide(u).get("morph", "none")]
        free = self.free_pawns(state, p)
        out = []
        for t in around(u.sq, dirs):
            x = state.unit_at(t)
            if x is not None and x.owner != p and free and state.vanquishable(x, p):
                out.append(t)
        return out

    def free_pawns(self, state: DarkleafState, p: int) -> int:
        """Wibo pawns the graveyard can still give (a Morph converts into one)."""
        on = sum(1 for u in state.on_board(p) if u.kind == "pawn")
        return min(len(state.graveyard(p, "pawn")), self.maximum("pawn") - on)

    def morphs(self, state: DarkleafState, u: Unit) -> list[Action]:
        if not state.usable(u) or self.in_stasis(state, u):
            return []
        p = u.owner
        targets = self.morph_targets(state, u)
        out: list[Action] = [Morph(u.sq, t, -1) for t in targets]
        if self.guide(u).get("mass") and self.free_pawns(state, p) >= 2:
            out += [Morph(u.sq, a, b) for a in targets for b in targets if a < b]
        if state.relics[p][self.index("starter_seed")]:
            out += [SeedMorph(u.sq, t) for t in targets]
        return out

    def resolve(self, state: DarkleafState, p: int, action: Action) -> list[Event]:
        s = state.clan_state[p]
        name = state.game.seat_name(p)
        if isinstance(action, Stop):
            state.phase = "slot"
            return [state.event(p, "stop", f"{name} rolls no more.")]
        if isinstance(action, Morph):
            # Only the last roll is slotted: the journey's bone goes back to the pool.
            state.rolled = -1
            s["second"] = action.second
            state.intent = Declare("morph", action.frm, action.target)
            state.phase = "roll"
            return [state.event(p, "declare", f"{name} rolls again to Morph ({action.label}).")]
        if isinstance(action, SeedMorph):
            i = self.index("starter_seed")
            state.relics[p][i] -= 1
            state.relic_pool += 1
            state.used_turn.append("starter_seed")
            u = state.unit_at(action.frm)
            assert u is not None
            events = [state.event(p, "spend", f"{name} spends Starter Seed: no roll needed.",
                                  skill="starter_seed")]
            events += self.convert(state, u, [action.target])
            return events + self.offer_retreat(state, p)
        return super().resolve(state, p, action)

    def resolve_declared(self, state: DarkleafState, p: int, intent: Declare) -> list[Event]:
        s = state.clan_state[p]
        name = state.game.seat_name(p)
        if intent.intent == "retreat":
            s["step"] = "retreating"
            state.phase = "execute"
            return []
        u = state.unit_at(intent.unit)
        assert u is not None
        targets = [intent.target] + ([s["second"]] if s["second"] >= 0 else [])
        need: int = self.data["morph_need"]
        if state.roll < need:
            return [state.event(p, "fail", f"{name}'s {u.kind} fails to Morph ({state.roll}, "
                                f"needed {need}).")]
        events = self.convert(state, u, targets)
        return events + self.offer_retreat(state, p)

    def convert(self, state: DarkleafState, u: Unit, targets: list[int]) -> list[Event]:
        """A successful Morph by ``u`` on each target: vanquish it, rekindle a Wibo pawn."""
        p = u.owner
        s = state.clan_state[p]
        s["knight"] = u.uid if u.kind == "knight" else -1
        events: list[Event] = []
        name = state.game.seat_name(p)
        for t in targets:
            x = state.unit_at(t)
            if x is None or x.owner == p:
                continue
            royal = x.royal
            events.append(state.event(p, "morph", f"{name}'s {u.kind} Morphs the {x.kind} on "
                                      f"{square_name(t)}.", square=t))
            result, more = state.strike(x, p, "Morph")
            events += more
            if result != "vanquished" or not self.free_pawns(state, p):
                continue
            pawn = state.graveyard(p, "pawn")[0]
            if royal:  # the clan trait: straight to the Seat
                state.pending.append(Choice(p, "morph_seat"))
            elif state.open_for(pawn, t):
                events += state.rekindle(pawn, t)
                s["new"].append(pawn.uid)
            else:  # next best placement (a Reclaimed territory)
                state.pending.append(Choice(p, "morph_place", arg=str(t)))
        return events

    # -- retreat --------------------------------------------------------------------------
    def retreaters(self, state: DarkleafState, p: int) -> list[Unit]:
        """Units a retreat roll may carry: the knight (Hasty Retreat) or the new pawns."""
        s = state.clan_state[p]
        if s["knight"] >= 0:
            k = state.units[s["knight"]]
            return [k] if k.sq >= 0 else []
        return [state.units[i] for i in s["new"] if state.units[i].sq >= 0]

    def retreat_squares(self, state: DarkleafState, u: Unit, roll: int) -> list[int]:
        """Toward the Seat only (straight back or diagonally back), up to the roll."""
        back = -state.forward(u.owner)
        reach = roll + (1 if "Fleet Foot" in state.marked else 0)
        cap = self.data["retreat_max"] or 99
        if state.has_counter("Mire"):
            cap = min(cap, 1)
        if "Heavy Tread" in state.marked:
            cap = min(cap, 3)
        out = []
        for d in ((-1, back), (0, back), (1, back)):
            for t in RAYS[u.sq][d][:min(reach, cap)]:
                if state.board[t] >= 0:
                    break  # no leap-frog
                if state.open_for(u, t):
                    out.append(t)
        return sorted(out)

    def offer_retreat(self, state: DarkleafState, p: int) -> list[Event]:
        s = state.clan_state[p]
        if any(self.retreat_squares(state, u, 1) for u in self.retreaters(state, p)) or (
                s["knight"] < 0 and any(c.kind == "morph_place" for c in state.pending)):
            s["step"] = "retreat"
            state.intent = Declare("retreat", -1, -1)
            state.phase = "execute"
        return []

    def retreat(self, state: DarkleafState, u: Unit, to: int) -> list[Event]:
        p = u.owner
        s = state.clan_state[p]
        frm = u.sq
        state.move(u, to)
        name = state.game.seat_name(p)
        events = [state.event(p, "retreat", f"{name}'s {u.kind} retreats from "
                              f"{square_name(frm)} to {square_name(to)}.", frm=frm, to=to)]
        if u.kind == "knight" and s["knight"] == u.uid:  # Hasty Retreat: the pawns follow
            for i in s["new"]:
                state.pending.append(Choice(p, "hasty", arg=str(u.uid), num=i))
        return events

    # -- skills ---------------------------------------------------------------------------
    def miracle_applies(self, state: DarkleafState, p: int, key: str) -> bool:
        if key == "spores":
            return bool(self.spore_pawns(state))
        if key == "regrowth":
            return bool(self.regrowth_squares(state, p))
        if key == "scatter":
            return any(x.auras for x in state.on_board(1 - p))
        return True

    def miracle(self, state: DarkleafState, p: int, key: str) -> list[Event]:
        state.pending.append(Choice(p, key))
        return []

    def law(self, state: DarkleafState, p: int, key: str) -> list[Event]:
        return self.settle(state, p)  # The Endless: pawns already in the Seat

    def spore_pawns(self, state: DarkleafState) -> list[int]:
        """Pawns Hallucinogenic Spores may relocate (any clan's, if free to move)."""
        return [u.sq for u in state.units if u.sq >= 0 and u.kind == "pawn"
                and state.move_limit(u) != 0 and not state.stuck(u)
                and any(state.open_for(u, t) for t in range(64))]

    def regrowth_squares(self, state: DarkleafState, p: int) -> list[int]:
        rival = 1 - p
        on = sum(1 for u in state.on_board(rival) if u.kind == "pawn")
        graves = state.graveyard(rival, "pawn")
        rooks = [u for u in state.on_board(p) if u.kind == "rook"]
        if not graves or on >= state.clans[rival].maximum("pawn") or not rooks:
            return []
        return state.placements([t for r in rooks for t in around(r.sq)], graves[0])

    def choice_options(self, state: DarkleafState, c: Choice) -> list[Action]:
        p = c.player
        if c.kind == "spores":
            return [Pick(t) for t in self.spore_pawns(state)]
        if c.kind == "spores_to":
            u = state.units[c.num]
            limit = state.move_limit(u)
            return [Pick(t) for t in range(64) if state.open_for(u, t)
                    and (limit is None or distance(t, u.sq) <= limit)]
        if c.kind == "regrowth":
            return [Pick(t) for t in self.regrowth_squares(state, p)]
        if c.kind == "scatter":
            return [Choose(f"{square_name(x.sq)}:{a}") for x in state.on_board(1 - p)
                    for a in x.auras]
        if c.kind in ("morph_seat", "morph_place"):
            if not self.free_pawns(state, p):
                return []
            pawn = state.graveyard(p, "pawn")[0]
            where = state.seat_squares(p) if c.kind == "morph_seat" else [int(c.arg)]
            return [Pick(t) for t in state.placements(where, pawn)]
        if c.kind == "hasty":
            pawn, knight = state.units[c.num], state.units[int(c.arg)]
            if pawn.sq < 0 or knight.sq < 0:
                return []
            return [Pick(t) for t in state.placements(around(knight.sq, ORTHOGONAL), pawn)]
        return []

    def resolve_choice(self, state: DarkleafState, c: Choice, action: Action) -> list[Event]:
        p = c.player
        name = state.game.seat_name(p)
        s = state.clan_state[p]
        if c.kind == "scatter":
            assert isinstance(action, Choose)
            where, aura = action.option.split(":")
            x = next(u for u in state.on_board(1 - p) if square_name(u.sq) == where)
            state.remove_aura(x, aura)
            return [state.event(p, "scatter", f"{name} Scatters an aura off the rival's "
                                f"{x.kind} on {where}.", square=x.sq)]
        assert isinstance(action, Pick)
        t = action.square
        if c.kind == "spores":
            state.pending.insert(0, Choice(p, "spores_to", num=state.board[t]))
            return []
        if c.kind == "spores_to":
            u = state.units[c.num]
            frm = u.sq
            state.move(u, t)
            return [state.event(p, "relocate", f"{name} relocates the {u.kind} on "
                                f"{square_name(frm)} to {square_name(t)} (Hallucinogenic "
                                "Spores).", frm=frm, to=t)]
        if c.kind == "regrowth":
            pawn = state.graveyard(1 - p, "pawn")[0]
            s["held"][str(pawn.uid)] = state.turns + 1
            return state.rekindle(pawn, t) + [state.event(
                p, "regrowth", f"{name} regrows a rival pawn on {square_name(t)}: it cannot be "
                "used or moved next turn (Rival Regrowth).", square=t)]
        if c.kind in ("morph_seat", "morph_place"):
            pawn = state.graveyard(p, "pawn")[0]
            if c.kind == "morph_place":
                s["new"].append(pawn.uid)
            return state.rekindle(pawn, t)
        if c.kind == "hasty":
            u = state.units[c.num]
            frm = u.sq
            state.move(u, t)
            return [state.event(p, "retreat", f"{name}'s new pawn follows the knight from "
                                f"{square_name(frm)} to {square_name(t)} (Hasty Retreat).",
                                frm=frm, to=t)]
        return []

    def prompt(self, state: DarkleafState, c: Choice) -> str:
        return {"spores": "choose the pawn Hallucinogenic Spores relocates",
                "spores_to": "choose where the pawn goes",
                "regrowth": "choose where the rival's pawn regrows, next to your rook",
                "scatter": "choose the rival aura to Scatter",
                "morph_seat": "choose where in your Seat the new pawn takes root",
                "morph_place": "choose where the new pawn takes root",
                "hasty": "choose where the new pawn resumes play, next to the knight",
                }.get(c.kind, c.kind)

    # -- defence ---------------------------------------------------------------------------
    def vulnerable(self, state: DarkleafState, u: Unit, by: int | None) -> bool:
        if not super().vulnerable(state, u, by):
            return False
        if u.kind != "pawn":
            return True
        if self.in_stasis(state, u):
            return False
        # Biotic Refuge: a pawn diagonal to a Wibo rook.
        return not any((x := state.unit_at(t)) is not None and x.owner == u.owner
                       and x.kind == "rook" for t in around(u.sq, DIAGONAL))

    def may_become_invulnerable(self, state: DarkleafState, u: Unit) -> bool:
        return u.kind in ("pawn", "rook")

    def move_limit(self, state: DarkleafState, u: Unit) -> int | None:
        if state.clan_keys[u.owner] == self.key:
            if self.in_stasis(state, u):
                return 0
            if u.kind == "queen":
                return 1  # Deep Roots
        if self.held(state, u):
            return 0
        return None

    def held(self, state: DarkleafState, u: Unit) -> bool:
        for p in (0, 1):
            if state.clan_keys[p] == self.key and p != u.owner:
                held = state.clan_state[p]["held"]
                until = held.get(str(u.uid)) if held else None  # mostly empty: no str()
                if until is not None and state.turns <= until:
                    return True
        return False

    def holds(self, state: DarkleafState, u: Unit) -> bool:
        return self.held(state, u) or self.in_stasis(state, u)

    def unit_marks(self, state: DarkleafState, p: int) -> list[UnitMarkView]:
        s = state.clan_state[p]
        out: list[UnitMarkView] = [
            {"unit": int(k), "kind": "regrowth", "seat": p, "letter": "RR",
             "label": "Rival Regrowth: cannot be used or moved this turn"}
            for k, until in s["held"].items() if state.turns <= until
            and state.units[int(k)].sq >= 0]
        out += [{"unit": uid, "kind": "stasis", "seat": p, "letter": "E",
                 "label": "The Endless: in stasis, invulnerable, never moved nor used"}
                for uid in s["stasis"] if state.units[uid].sq >= 0]
        return out

    # -- path --------------------------------------------------------------------------------
    def seated(self, state: DarkleafState, p: int) -> int:
        return sum(1 for u in state.on_board(p) if u.kind == "pawn" and state.in_seat(p, u.sq))

    def won(self, state: DarkleafState, p: int) -> bool:
        # "End your turn with": only checked as the Wibo player's turn ends.
        return (state.turns > 0 and state.current == p and state.phase == "acquire"
                and not state.pending and self.seated(state, p) >= self.data["pawns_to_win"])

    def progress(self, state: DarkleafState, p: int) -> ProgressView:
        done, need = self.seated(state, p), self.data["pawns_to_win"]
        return {"text": f"Wibo pawns in the Seat {done} of {need}", "done": min(done, need),
                "needed": need}

    def bot_value(self, state: DarkleafState, p: int) -> float:
        return _wibo_path(state, p)

    def bot_goals(self, state: DarkleafState, p: int) -> list[int]:
        return _wibo_goals(state, p)

    def bot_score(self, state: DarkleafState, p: int, a: Action, goals: list[int]
                  ) -> float | None:
        return _wibo_score(state, p, a, goals)

    def bot_threats(self, state: DarkleafState, p: int) -> Threat | None:
        return _wibo_threats(state, p)


# -- the bots' knowledge of the clan (asked by ``heuristics.py``) --------------------
#
# The Wibo: every Wibo pawn is a step toward the win and one more unit able
# to Morph, so the pawns are the army first: with few pawns on the board a
# pawn in the Seat is worth only a little more than one abroad (greedy play
# that rushed the first two pawns home, then lost the knight and the sage,
# sat out fifty rounds with the queen alone). The pull home grows with the
# pawns' count; from the sixth pawn on they all head home. A Wibo unit
# standing next to a rival it could Morph is a 2-in-3 chance of one more
# pawn. The Endless's stasis keeps a seated pawn safe but takes it out of
# the army (the same greedy play slotted the law with two pawns seated and
# lost its last Morphers).

PAWN = 3.0  # a Wibo pawn on the board
FREE = 1.0  # a Wibo pawn not in The Endless's stasis: it can still go out and Morph
#: A pawn in the Seat, and the cost per rank between a pawn and the Seat, go
#: from the first figure (no pawn) to the second (six pawns) with the square
#: of the pawns' count: the pull home grows with the last pawns.
SEATED, SEATED_HOME = 0.5, 4.0
HOMEWARD, HOMEWARD_HOME = 0.15, 1.0
MORPH_READY = 1.5  # a Wibo unit next to a rival it could Morph
SEAT_BLOCKED = 1.0  # a Wibo unit other than a pawn taking a square of the Seat


def _wibo_homeward(state: DarkleafState, p: int) -> float:
    """How near the Wibo on ``p`` are to the six pawns the path asks for: 0 with
    none, 1 with six or more; squared, so the pull home grows with the last pawns."""
    clan = state.clans[p]
    assert isinstance(clan, Wibo)
    pawns = sum(1 for u in state.on_board(p) if u.kind == "pawn")
    return min(1.0, pawns / clan.data["pawns_to_win"]) ** 2


def _wibo_path(state: DarkleafState, p: int) -> float:
    clan = state.clans[p]
    assert isinstance(clan, Wibo)
    seat = state.seat_rank(p)
    home = _wibo_homeward(state, p)
    seated = SEATED + (SEATED_HOME - SEATED) * home
    homeward = HOMEWARD + (HOMEWARD_HOME - HOMEWARD) * home
    value = 0.0
    for u in state.on_board(p):
        if u.kind == "pawn":
            ranks = abs(u.sq // 8 - seat)
            value += PAWN + (seated if ranks == 0 else -homeward * ranks)
            if not clan.in_stasis(state, u):
                value += FREE
        elif u.sq // 8 == seat and (not u.royal or home == 1.0):
            value -= SEAT_BLOCKED  # the six pawns need the room (the queen only at the end)
        if u.kind != "rook" and clan.morph_targets(state, u):
            value += MORPH_READY
    return value


#: A Morph's chance: a 3 or higher on a six-sided bone.
MORPH_CHANCE = 4 / 6
#: A Morph's swing: the unit lost and a Wibo pawn gained (``PAWN + FREE``).
MORPH_SWING = PAWN + FREE


def _wibo_landings(state: DarkleafState, p: int, morphers: list[Unit], faces: int
                   ) -> dict[tuple[tuple[int, int], ...], dict[int, int]]:
    """Where next Wibo turn's journey roll (a ``faces``-sided bone) may carry
    a Morpher (a Morph follows a journey, never stands in for one), as the
    board stands: per Morph reach (the directions), per territory, the faces
    that land one there (bit ``1 << face``)."""
    clan = state.clans[p]
    out: dict[tuple[tuple[int, int], ...], dict[int, int]] = {}
    for w in morphers:
        landings = out.setdefault(DIRECTIONS[clan.guide(w)["morph"]], {})
        # The faces that carry ``w`` as far: a capped unit goes alike on many.
        lengths: dict[tuple[int, ...], int] = {}
        for roll in range(1, faces + 1):
            key = tuple(state.journey_reach(p, w, roll))
            lengths[key] = lengths.get(key, 0) | 1 << roll
        for bits in lengths.values():
            roll = (bits & -bits).bit_length() - 1  # the least of those faces
            for to in state.journey_destinations(w, roll):
                landings[to] = landings.get(to, 0) | bits
    return out


def _wibo_threats(state: DarkleafState, p: int) -> Threat | None:
    """A Morph of a rival unit next Wibo turn: the share of the roll's faces
    that land a Morpher beside its territory (``_wibo_landings``) times the
    Morph's chance, times the unit and the Wibo pawn it becomes."""
    clan = state.clans[p]
    assert isinstance(clan, Wibo)
    if not clan.free_pawns(state, p):
        return None
    morphers = [w for w in state.on_board(p) if clan.guide(w)["morph"] != "none"
                and not clan.in_stasis(state, w)]
    if not morphers:
        return None
    faces = state.largest_face(p)
    landings: dict[tuple[tuple[int, int], ...], dict[int, int]] | None = None
    chances: dict[int, float] = {}  # a playout asks the same territories again and again

    def harm(u: Unit, sq: int) -> float:
        nonlocal landings
        if not state.vanquishable(u, p):
            return 0.0
        chance = chances.get(sq)
        if chance is None:
            if landings is None:  # worked out at the first unit it can strike
                landings = _wibo_landings(state, p, morphers, faces)
            bits = 0
            for dirs, on in landings.items():
                for t in around(sq, dirs):
                    bits |= on.get(t, 0)
            chance = chances[sq] = bits.bit_count() / faces
        return MORPH_CHANCE * chance * (worth(u) + MORPH_SWING) if chance else 0.0
    return harm


def _wibo_goals(state: DarkleafState, p: int) -> list[int]:
    """Rival units a Wibo unit could Morph (royals first: their pawn goes home)."""
    rivals = [u for u in state.on_board(1 - p) if state.vanquishable(u, p)]
    royals = [u.sq for u in rivals if u.royal]
    return royals + [u.sq for u in rivals if not u.royal]


def _wibo_score(state: DarkleafState, p: int, a: Action, goals: list[int]) -> float | None:
    """A playout's liking for ``a`` (``goals``: ``_wibo_goals`` of this state,
    worked out once per decision by the caller)."""
    clan = state.clans[p]
    assert isinstance(clan, Wibo)
    seat = state.seat_rank(p)
    if isinstance(a, (Morph, SeedMorph)):
        targets = [a.target] + ([a.second] if isinstance(a, Morph) and a.second >= 0 else [])
        worth = 0.0
        for t in targets:
            x = state.unit_at(t)
            worth += 0.0 if x is None else 9.0 if x.royal else 5.0 + MATERIAL.get(x.kind, 1.0)
        return worth + (2.0 if isinstance(a, SeedMorph) else 0.0)
    if isinstance(a, Stop):
        return 0.4
    if isinstance(a, Pick) and state.pending:
        kind = state.pending[0].kind
        if kind == "spores":  # fetch one of our own pawns from far away
            x = state.unit_at(a.square)
            return 1.0 + abs(a.square // 8 - seat) if x is not None and x.owner == p else 0.0
        if kind == "spores_to":
            x = state.units[state.pending[0].num]
            if x.owner != p:  # a rival pawn: next to one of ours, ready to be Morphed
                return 2.0 if any((y := state.unit_at(t)) is not None and y.owner == p
                                  for t in around(a.square)) else 0.0
        return 3.0 - 0.5 * abs(a.square // 8 - seat)  # placements: nearer the Seat
    step_ = state.clan_state[p].get("step", "")
    if isinstance(a, Roll) and step_ == "retreat":
        return 3.0
    if isinstance(a, Journey):
        mover = state.unit_at(a.frm)
        if mover is None:
            return 0.0
        home = _wibo_homeward(state, p) == 1.0
        if step_ == "retreating" or (mover.kind == "pawn" and home):
            gain = abs(a.frm // 8 - seat) - abs(a.to // 8 - seat)
            return 1.2 * gain + (3.0 if a.to // 8 == seat else 0.0)
        leave = 2.0 if a.frm // 8 == seat and a.to // 8 != seat else 0.0
        if a.to // 8 == seat and a.frm // 8 != seat:
            leave = -2.0  # keep the Seat free for the pawns
        if mover.kind == "pawn":
            leave = 0.0  # a pawn may come and go while the army is short
        if mover.kind == "queen":  # she keeps home until the last pawns need her square
            return (leave if home else min(leave, 0.0)) - 1.0
        if not goals:
            return 0.0
        before = min(distance(a.frm, g) for g in goals)
        after = min(distance(a.to, g) for g in goals)
        near = any(distance(a.to, g) == 1 and (a.to % 8 == g % 8 or a.to // 8 == g // 8)
                   for g in goals)
        return 0.8 * (before - after) + (3.0 if near else 0.0) + leave
    return None
