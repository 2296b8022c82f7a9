"""The clans: a base ``Clan`` with a small set of hooks, one subclass per clan.

The python-chess variant pattern: the core (``rules.py``) asks the clan of the
acting player what its units may do and how its deed, skills and path to
victory work; a clan overrides only what differs. Component numbers (units,
bones, slots) are plain data in ``data.py``. A new clan is a subclass plus
a data literal plus a line in ``CLANS``; the core is not touched.

Hooks, by phase: ``rolls_first``, ``upkeep``, ``spendable``/``spend``
(relics); ``deed_declarations``, ``roll_first_deeds``, ``resolve_declared``,
``resolve`` (deeds and clan actions); ``journey_directions``,
``may_journey``, ``may_end_journey``, ``extra_destinations``, ``journey``;
``aura_targets``, ``attach_aura``, ``miracle_applies``, ``miracle``, ``law``
(skills); ``choice_options``, ``resolve_choice``, ``prompt`` (questions);
``vulnerable``, ``after_loss`` (defence); ``won``, ``progress`` (the path).

Hooks added with part 2 (Ferrymen, Erde), each defaulting to part 1's
behaviour:

- ``aura_info(key)``: the name and data of an aura, also for trait auras
  that are no skill on the board (Ferrymen's Barbaric, Ripple Effect, listed
  in the data's ``"auras"``); ``protect`` marks an aura of protection.
- ``journey_roll(state, p, roll)``: the distance a journey roll gives
  (Ferrymen's Calm Waters: one less; 0 is a zero journey).
- Forced moves (Flow, Unrelenting Tide, Master the Current, Big Wave)
  respect ``state.move_limit(u)`` (the Wibo's Deep Roots).
- ``untargetable(state, u, by)``: whether clan ``by`` may not aim a
  vanquishing action at ``u`` at all (Erde's Thick Skin: the Erde king,
  unless ``state.clans[by].royal_path``). ``vulnerable`` says False for
  such a unit too, so ``state.vanquishable(u, by)`` covers it; Morph, Hexes
  and Witch's Ladder (its casting and its transfer) skip such units.
- ``territory_marks(state, p)``: the clan's fate chips and counters on
  territories for the view (``{"square", "kind", "label", "letter"}``;
  Erde's Reclaimed territories).

Core helpers for the same: ``state.closed(sq, u)`` (a clan closes ``sq``
to ``u``: Reclaimed territory), ``state.placements(targets, unit)`` (next
best placement skips territories closed to ``unit``), ``state.stuck(u)`` (a unit
held by Unrelenting Tide may not journey or relocate this turn; a clan that
relocates its own units must check it), ``state.last_move`` (what the view
marks: ``frm``, ``to`` and a clan's extras, such as Ferrymen's ``flow``).

Hooks added with part 2 (Wildero Wibo, Hexen), each a no-op by default:

- ``witness_loss(state, u)``: every clan hears of any vanquish (a Witch's
  Ladder leaves with its host; a Divine Quarry counts as fallen).
- ``may_become_invulnerable(state, u)``: the unit may become invulnerable
  later (a Wibo pawn, an Erde sage), so it cannot be a Divine Quarry.
- ``became_invulnerable(state, u)``: asked of every clan when a unit has
  just become invulnerable (The Endless): curses on it end.
- ``move_limit(state, u)``: how far anything but ``u``'s own journey may
  move it (Deep Roots 1; stasis and Rival Regrowth 0); asked of both clans,
  ``state.move_limit`` takes the least.
- ``holds(state, u)``: the unit, of either clan, may not be used this turn
  (Rival Regrowth, stasis); ``state.usable(u)``, and the core drops execute
  and declare actions whose ``frm``/``unit`` is such a unit.
- ``after_acquire(state, p, key)``: after power is acquired (Hexen may spend
  a relic the turn they earn it).
- ``unit_marks(state, p)``: the clan's marks on units for the view
  (``{"unit", "kind", "letter", "label"}``: Quarry, Witch's Ladder, held).
- ``extra_turn_actions`` / ``setup_actions`` (class numbers): what a turn
  of this clan, and its setup questions, add to ``max_actions``' bound.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ...core.events import Event
from ...core.game import Action
from .actions import Declare, Leap, Pick, PickBone, Pivot, sided
from .actions import Hunt as HuntAction
from .board import (
    DIAGONAL,
    DIRECTIONS,
    KNIGHT_LEAPS,
    ORTHOGONAL,
    RAYS,
    Choice,
    Unit,
    around,
    distance,
    step,
)
from .data import HULDRA, MURG, STANDARD_SET, square_name

if TYPE_CHECKING:
    from .rules import DarkleafState


class Clan:
    """A clan's data and the default behaviour of every hook."""

    data: ClassVar[dict[str, Any]]
    #: Action types only this clan uses (added to the game's action types).
    actions: ClassVar[tuple[type[Action], ...]] = ()
    #: The most actions this clan's turn may add to the core's count (extra
    #: rolls, questions), and its setup questions: ``max_actions`` adds the
    #: largest over all clans.
    extra_turn_actions: ClassVar[int] = 0
    setup_actions: ClassVar[int] = 0
    #: Whether this clan's path to victory is to strike down the rival royal
    #: (Erde's Thick Skin yields only to such clans).
    royal_path: ClassVar[bool] = False

    def __init__(self) -> None:
        self.key: str = self.data["key"]
        self.name: str = self.data["name"]
        self.skills: tuple[dict[str, Any], ...] = self.data["skills"]
        self._index = {s["key"]: i for i, s in enumerate(self.skills)}

    # -- data ------------------------------------------------------------------------
    def skill(self, key: str) -> dict[str, Any]:
        return self.skills[self._index[key]]

    def aura_info(self, key: str) -> dict[str, Any]:
        """An aura's data: a skill's, or a trait aura's from the data's ``"auras"``."""
        if key in self._index:
            return self.skill(key)
        info: dict[str, Any] = self.data.get("auras", {})[key]
        return info

    def index(self, key: str) -> int:
        return self._index[key]

    def guide(self, u: Unit) -> dict[str, Any]:
        guide: dict[str, Any] = self.data["units"][u.kind]
        return guide

    def maximum(self, kind: str) -> int:
        """Unit maximums: a standard set; rooks and royals no more than at the start."""
        if kind in ("rook", "king", "queen"):
            return sum(1 for k, _ in self.data["start"] if k == kind)
        return STANDARD_SET[kind]

    # -- turn --------------------------------------------------------------------------
    def rolls_first(self, state: DarkleafState) -> bool:
        return False

    def upkeep(self, state: DarkleafState, p: int) -> list[Event]:
        return []

    def spendable(self, state: DarkleafState, p: int, when: str) -> list[str]:
        """Relic skills with a token that may be spent now (``when``: "upkeep" or "roll")."""
        return [s["key"] for i, s in enumerate(self.skills)
                if s["type"] == "relic" and state.relics[p][i] and s.get("when", "upkeep") == when
                and self.can_spend(state, p, s["key"])]

    def can_spend(self, state: DarkleafState, p: int, key: str) -> bool:
        return True

    def spend(self, state: DarkleafState, p: int, key: str) -> list[Event]:
        return []

    def setup_questions(self, state: DarkleafState, p: int) -> list[Choice]:
        """Questions this clan answers before the first roll (Hexen's Divine Quarry)."""
        return []

    def execute_actions(self, state: DarkleafState, p: int) -> list[Action]:
        """What may be done with the roll (Roll & Execute)."""
        return state.standard_execute_actions(p)

    def after_execute(self, state: DarkleafState, p: int) -> list[Event]:
        """Called at the end of Roll & Execute (before slotting)."""
        return []

    # -- journeys ------------------------------------------------------------------------
    def destinations(self, state: DarkleafState, u: Unit, roll: int | None) -> list[int]:
        """Where ``u`` may journey with ``roll`` (default: the core's straight lines)."""
        return state.straight_destinations(u, roll)
    def journey_directions(self, state: DarkleafState, u: Unit) -> tuple[tuple[int, int], ...]:
        return DIRECTIONS[self.guide(u)["journey"]]

    def may_journey(self, state: DarkleafState, u: Unit) -> bool:
        return True

    def journey_roll(self, state: DarkleafState, p: int, roll: int) -> int:
        """The journey distance a roll gives (Ferrymen's Calm Waters lowers it)."""
        return roll

    def may_end_journey(self, state: DarkleafState, u: Unit, to: int) -> bool:
        return state.open_for(u, to)

    def blocks(self, state: DarkleafState, sq: int, u: Unit) -> bool:
        """Whether this clan closes territory ``sq`` to unit ``u`` (Erde's Reclaimed land)."""
        return False

    def extra_destinations(self, state: DarkleafState, u: Unit) -> list[int]:
        return []

    def journey(self, state: DarkleafState, u: Unit, to: int) -> list[Event]:
        frm = u.sq
        state.move(u, to)
        return [state.event(u.owner, "journey", f"{state.game.seat_name(u.owner)}'s {u.kind} "
                            f"journeys from {square_name(frm)} to {square_name(to)}.",
                            frm=frm, to=to)]

    # -- deeds ---------------------------------------------------------------------------
    def deed_declarations(self, state: DarkleafState, p: int) -> list[Action]:
        return []

    def roll_first_deeds(self, state: DarkleafState, p: int) -> list[Action]:
        return []

    def resolve_declared(self, state: DarkleafState, p: int, intent: Declare) -> list[Event]:
        return []

    def resolve(self, state: DarkleafState, p: int, action: Action) -> list[Event]:
        raise AssertionError(f"{self.name} has no action {action!r}")

    # -- skills --------------------------------------------------------------------------
    def aura_targets(self, state: DarkleafState, p: int, key: str) -> list[int]:
        """Squares whose unit (or territory) may take the aura ``key``: by default
        the clan's units of the skill's ``target`` type without that aura yet."""
        kind = self.skill(key).get("target")
        return [u.sq for u in state.on_board(p) if u.kind == kind and key not in u.auras]

    def attach_aura(self, state: DarkleafState, p: int, key: str, sq: int) -> list[Event]:
        """Put the aura's fate chip on the unit on ``sq`` (a territory aura overrides this)."""
        u = state.unit_at(sq)
        assert u is not None
        return state.add_aura(u, key)

    def miracle_applies(self, state: DarkleafState, p: int, key: str) -> bool:
        return True

    def miracle(self, state: DarkleafState, p: int, key: str) -> list[Event]:
        return []

    def law(self, state: DarkleafState, p: int, key: str) -> list[Event]:
        return []

    def after_acquire(self, state: DarkleafState, p: int, key: str) -> list[Event]:
        """Called after power ``key`` is acquired (Hexen spend relics at once)."""
        return []

    # -- questions ---------------------------------------------------------------------------
    def choice_options(self, state: DarkleafState, c: Choice) -> list[Action]:
        return []

    def resolve_choice(self, state: DarkleafState, c: Choice, action: Action) -> list[Event]:
        return []

    def prompt(self, state: DarkleafState, c: Choice) -> str:
        return c.kind

    # -- defence and victory -------------------------------------------------------------------
    def vulnerable(self, state: DarkleafState, u: Unit, by: int | None) -> bool:
        """Whether this clan's unit ``u`` can be vanquished (by player ``by``)."""
        if self.untargetable(state, u, by):
            return False
        return not self.guide(u).get("invulnerable", False)

    def after_loss(self, state: DarkleafState, u: Unit) -> None:
        """Called when one of this clan's units is vanquished."""

    def witness_loss(self, state: DarkleafState, u: Unit) -> None:
        """Called for every clan when any unit is vanquished (after ``after_loss``):
        a clan's marks on that unit leave with it (Hexen's Witch's Ladder)."""

    def may_become_invulnerable(self, state: DarkleafState, u: Unit) -> bool:
        """Whether this clan's unit ``u`` could become invulnerable later in the
        game (such units cannot be chosen as Hexen's Divine Quarry)."""
        return False

    def became_invulnerable(self, state: DarkleafState, u: Unit) -> list[Event]:
        """Called for every clan when unit ``u`` has just become invulnerable
        (a Wibo pawn reaching the Seat under The Endless): curses on it end."""
        return []

    def move_limit(self, state: DarkleafState, u: Unit) -> int | None:
        """How far an effect other than ``u``'s own journey (a rival skill, the
        Will, a relocation) may move unit ``u``, as this clan rules it: None for
        no limit, 0 for not at all (the Wibo queen's Deep Roots: 1; a Wibo pawn
        in stasis: 0). Asked of both clans; ``state.move_limit`` takes the least."""
        return None

    def holds(self, state: DarkleafState, u: Unit) -> bool:
        """Whether this clan's effect keeps unit ``u`` (of either clan) from being
        used this turn (Rival Regrowth's pawn). Asked of both clans."""
        return False

    def untargetable(self, state: DarkleafState, u: Unit, by: int | None) -> bool:
        """Whether player ``by``'s clan may not aim a vanquishing action at ``u``
        (Erde's Thick Skin); such a unit is not ``vulnerable`` to ``by`` either."""
        return False

    def territory_marks(self, state: DarkleafState, p: int) -> list[dict[str, Any]]:
        """This clan's chips and counters on territories, for the view."""
        return []

    def unit_marks(self, state: DarkleafState, p: int) -> list[dict[str, Any]]:
        """This clan's marks on units for the view (Hexen's Quarry and Witch's Ladder,
        Rival Regrowth's held pawn): ``{"unit", "kind", "letter", "label"}``."""
        return []

    def chips_elsewhere(self, state: DarkleafState, p: int) -> int:
        """This clan's fate chips neither in supply, on slots nor on units
        (marks on territories), for the conservation check."""
        return 0

    def won(self, state: DarkleafState, p: int) -> bool:
        return False

    def progress(self, state: DarkleafState, p: int) -> dict[str, Any]:
        return {"text": self.data["path"], "done": 0, "needed": 1}


# -- Huldra ------------------------------------------------------------------------------


class Huldra(Clan):
    """Huldra: roll first, then journey, Hunt at the exact distance, or Leap."""

    data = HULDRA
    actions = (HuntAction, Pivot, Leap)
    royal_path = True

    def rolls_first(self, state: DarkleafState) -> bool:
        return True  # clan trait

    def spendable(self, state: DarkleafState, p: int, when: str) -> list[str]:
        i = self.index("tweak")
        return ["tweak"] if when == "roll" and state.relics[p][i] else []

    def spend(self, state: DarkleafState, p: int, key: str) -> list[Event]:
        value = state.reroll()  # Tweak: reroll the bone
        return [Event("reroll", f"{state.game.seat_name(p)} rerolls with Tweak: {value}.",
                      data={"seat": p, "value": value}, reveal=True)]

    def hunt_lines(self, state: DarkleafState, u: Unit, roll: int
                   ) -> list[tuple[tuple[int, int], int]]:
        """(direction, distance) pairs a Hunt by ``u`` may use with ``roll``."""
        guide = self.guide(u)
        dirs = DIRECTIONS.get(guide["deed"], ())
        lengths = [roll]
        if "long_bow" in u.auras:  # may use the roll or the roll + 1, and diagonals
            dirs = tuple(dict.fromkeys(dirs + DIAGONAL))
            lengths = [roll, roll + 1]
        return [(d, k) for d in dirs for k in lengths]

    def hunt_targets(self, state: DarkleafState, u: Unit, roll: int, at: int | None = None
                     ) -> list[int]:
        """Rival units a Hunt from ``at`` (default: where ``u`` stands) may strike."""
        sq = u.sq if at is None else at
        out = []
        board = state.board
        for d, k in self.hunt_lines(state, u, roll):
            ray = RAYS[sq][d]
            # The first unit on the line, if it stands exactly ``k`` away.
            first = next((i + 1 for i, t in enumerate(ray) if board[t] >= 0), 0)
            if first != k:
                continue
            target = state.units[board[ray[k - 1]]]
            if target.owner != u.owner and self.huntable(state, target, u.owner):
                out.append(ray[k - 1])
        return sorted(set(out))

    @staticmethod
    def huntable(state: DarkleafState, target: Unit, by: int) -> bool:
        if target.royal:
            return not state.has_counter("Sheltering Boughs")
        return state.vanquishable(target, by)

    def roll_first_deeds(self, state: DarkleafState, p: int) -> list[Action]:
        roll = state.roll
        out: list[Action] = []
        for u in state.on_board(p):
            out += [HuntAction(u.sq, t) for t in self.hunt_targets(state, u, roll)]
        for u in state.on_board(p):
            if "pivot" in u.auras:
                out += self.pivots(state, u, roll)
        for u in state.on_board(p):
            if u.kind == "queen":
                out += [Leap(t) for t in self.leap_squares(state, u)]
        return out

    def pivots(self, state: DarkleafState, u: Unit, roll: int) -> list[Action]:
        """Pivot: journey part of the roll, Hunt with the rest (any Hunt direction)."""
        out: list[Action] = []
        for k in range(1, roll):
            for mid in state.journey_destinations(u, k):
                if distance(mid, u.sq) != k:
                    continue
                frm = u.sq
                state.board[frm] = -1  # the sage has left its square
                try:
                    targets = self.hunt_targets(state, u, roll - k, at=mid)
                finally:
                    state.board[frm] = u.uid
                out += [Pivot(frm, mid, t) for t in targets]
        return out

    def leap_squares(self, state: DarkleafState, queen: Unit) -> list[int]:
        rooks = [r for r in state.on_board(queen.owner) if r.kind == "rook"]
        if not rooks or any(distance(r.sq, queen.sq) == 1 for r in rooks) or state.stuck(queen):
            return []
        return state.placements([t for r in rooks for t in around(r.sq, ORTHOGONAL)], queen)

    def resolve(self, state: DarkleafState, p: int, action: Action) -> list[Event]:
        if isinstance(action, HuntAction):
            u = state.unit_at(action.frm)
            assert u is not None
            state.last_move = {"frm": action.frm, "struck": action.target}
            return self.hunt(state, u, action.target)
        if isinstance(action, Pivot):
            u = state.unit_at(action.frm)
            assert u is not None
            state.last_move = {"frm": action.frm, "to": action.mid, "struck": action.target}
            events = self.journey(state, u, action.mid)
            return events + self.hunt(state, u, action.target)
        if isinstance(action, Leap):
            queen = next(u for u in state.on_board(p) if u.kind == "queen")
            frm = queen.sq
            state.last_move = {"frm": frm, "to": action.to}
            state.move(queen, action.to)
            return [state.event(p, "leap", f"{state.game.seat_name(p)}'s queen Leaps from "
                                f"{square_name(frm)} to {square_name(action.to)}.",
                                frm=frm, to=action.to)]
        return super().resolve(state, p, action)

    def hunt(self, state: DarkleafState, u: Unit, sq: int) -> list[Event]:
        target = state.unit_at(sq)
        assert target is not None
        p = u.owner
        name = state.game.seat_name(p)
        if target.royal:
            target.marks["hunt"] = target.marks.get("hunt", 0) + 1
            state.chips[p]["hunt"] -= 1
            return [state.event(p, "hunt", f"{name}'s {u.kind} Hunts the rival {target.kind} on "
                                f"{square_name(sq)}: Hunt {self.hunts(state, p)} of "
                                f"{self.data['hunts_to_win']}.", square=sq)]
        events = [state.event(p, "hunt", f"{name}'s {u.kind} Hunts the {target.kind} on "
                              f"{square_name(sq)}.", square=sq)]
        return events + state.strike(target, p, "Hunt")[1]

    def hunts(self, state: DarkleafState, p: int) -> int:
        return sum(u.marks.get("hunt", 0) for u in state.units if u.owner != p)

    def miracle_applies(self, state: DarkleafState, p: int, key: str) -> bool:
        if key == "renewal":
            return bool(state.slotted(1 - p))
        return True

    def miracle(self, state: DarkleafState, p: int, key: str) -> list[Event]:
        if key == "renewal":
            state.pending.append(Choice(p, "renewal"))
        return []

    def law(self, state: DarkleafState, p: int, key: str) -> list[Event]:
        if key == "adapt":
            state.pending.append(Choice(p, "adapt"))
        return []

    def choice_options(self, state: DarkleafState, c: Choice) -> list[Action]:
        p = c.player
        if c.kind == "renewal":
            return [PickBone(b) for b in sorted(state.slotted(1 - p))]
        if c.kind == "adapt":  # own bone first, then the rival's
            return [PickBone(b) for b in state.pool(p)]
        if c.kind == "adapt_rival":
            return [PickBone(b) for b in state.pool(1 - p)]
        return []

    def resolve_choice(self, state: DarkleafState, c: Choice, action: Action) -> list[Event]:
        assert isinstance(action, PickBone)
        p, b = c.player, action.bone
        name = state.game.seat_name(p)
        if c.kind == "renewal":
            for row in state.rows[1 - p]:
                for j, x in enumerate(row):
                    if x == b:
                        row[j] = -1
            return [state.event(p, "renewal", f"{name} takes a {state.bone_value[b]} off the "
                                "rival's clan board (Renewal).", bone=b)]
        if c.kind == "adapt":
            state.pending.insert(0, Choice(p, "adapt_rival", num=b))
            return []
        mine = c.num
        state.bone_owner[mine], state.bone_owner[b] = 1 - p, p
        return [state.event(p, "adapt", f"{name} swaps {sided(state.bone_faces[mine])} bone "
                            f"for the rival's {state.bone_faces[b]}-sided bone (Adapt).")]

    def prompt(self, state: DarkleafState, c: Choice) -> str:
        return {"renewal": "choose a bone to take off the rival's clan board",
                "adapt": "choose one of your bones to give away",
                "adapt_rival": "choose the rival's bone to take"}.get(c.kind, c.kind)

    def won(self, state: DarkleafState, p: int) -> bool:
        return self.hunts(state, p) >= self.data["hunts_to_win"]

    def progress(self, state: DarkleafState, p: int) -> dict[str, Any]:
        done, need = self.hunts(state, p), self.data["hunts_to_win"]
        return {"text": f"Hunts {done} of {need}", "done": done, "needed": need}


# -- The Murg -----------------------------------------------------------------------------


class Murg(Clan):
    """The Murg: declare, then Destroy an adjacent rival with 3+ and move in."""

    data = MURG
    royal_path = True

    def spendable(self, state: DarkleafState, p: int, when: str) -> list[str]:
        if when != "upkeep":
            return []
        out = []
        for key in ("predictive_model", "em_loop"):
            if state.relics[p][self.index(key)] and key not in state.used_turn:
                out.append(key)
        return out

    def spend(self, state: DarkleafState, p: int, key: str) -> list[Event]:
        if key == "predictive_model":
            state.roll_first = True
        else:
            state.extra_turns += 1
        return []

    def royal_need(self, state: DarkleafState, p: int) -> int:
        law = "singularity" in state.laws[p]
        need: int = self.data["royal_need_law"] if law else self.data["royal_need"]
        return need

    def need(self, state: DarkleafState, u: Unit, target: Unit) -> int:
        base: int = self.guide(u).get("need", self.data["destroy_need"])
        return max(base, self.royal_need(state, u.owner)) if target.royal else base

    def reach(self, state: DarkleafState, u: Unit) -> list[int]:
        deed = self.guide(u)["deed"]
        if deed == "adjacent":
            return list(around(u.sq))
        if deed == "leap":
            return [t for df, dr in KNIGHT_LEAPS if (t := step(u.sq, df, dr)) >= 0]
        if deed == "pincer":
            return [t for t in around(u.sq) if any(
                (a := state.unit_at(x)) is not None and a.owner == u.owner and a is not u
                for x in around(t))]
        return []

    def destroys(self, state: DarkleafState, p: int) -> list[Action]:
        out: list[Action] = []
        for u in state.on_board(p):
            for t in self.reach(state, u):
                target = state.unit_at(t)
                if target is not None and target.owner != p and state.vanquishable(target, p):
                    out.append(Declare("destroy", u.sq, t))
        return out

    def deed_declarations(self, state: DarkleafState, p: int) -> list[Action]:
        return self.destroys(state, p)

    def roll_first_deeds(self, state: DarkleafState, p: int) -> list[Action]:
        return self.destroys(state, p)  # Predictive Model: declare after the roll

    def resolve(self, state: DarkleafState, p: int, action: Action) -> list[Event]:
        assert isinstance(action, Declare)
        return self.resolve_declared(state, p, action)

    def resolve_declared(self, state: DarkleafState, p: int, intent: Declare) -> list[Event]:
        u, target = state.unit_at(intent.unit), state.unit_at(intent.target)
        name = state.game.seat_name(p)
        if u is None or target is None or target.owner == p:
            return [state.event(p, "fail", f"{name}'s Destroy finds no target.")]
        need = self.need(state, u, target)
        state.last_move = {"frm": u.sq, "struck": target.sq}
        if state.roll < need:
            return [state.event(p, "fail", f"{name}'s {u.kind} fails to Destroy the "
                                f"{target.kind} on {square_name(target.sq)} "
                                f"({state.roll}, needed {need}).")]
        sq = target.sq
        result, events = state.strike(target, p, "Destroy")
        if result == "vanquished" and state.open_for(u, sq):
            if u.kind == "knight":
                state.pending.append(Choice(p, "advance", num=u.uid, arg=str(sq)))
            else:
                state.last_move["to"] = sq
                state.move(u, sq)
        return events

    def may_end_journey(self, state: DarkleafState, u: Unit, to: int) -> bool:
        occupant = state.unit_at(to)
        if occupant is None:
            return state.open_for(u, to)
        # Ambush: a sage may end its journey on a vulnerable rival (not a royal),
        # never on a territory closed to it (an Erde unit on Reclaimed land).
        return (u.kind == "sage" and occupant.owner != u.owner and not occupant.royal
                and state.vanquishable(occupant, u.owner) and not state.closed(to, u))

    def extra_destinations(self, state: DarkleafState, u: Unit) -> list[int]:
        """An Assassin sage Ambushes a rival royal on a clear diagonal at any distance."""
        if u.kind != "sage" or "assassin" not in u.auras:
            return []
        out = []
        for df, dr in DIAGONAL:
            k = 1
            while (t := step(u.sq, df, dr, k)) >= 0 and state.board[t] < 0:
                k += 1
            occupant = state.unit_at(t) if t >= 0 else None
            if (occupant is not None and occupant.owner != u.owner and occupant.royal
                    and state.vanquishable(occupant, u.owner) and not state.closed(t, u)):
                out.append(t)
        return out

    def journey(self, state: DarkleafState, u: Unit, to: int) -> list[Event]:
        occupant = state.unit_at(to)
        if occupant is None:
            return super().journey(state, u, to)
        name = state.game.seat_name(u.owner)
        events = [state.event(u.owner, "ambush", f"{name}'s sage Ambushes the {occupant.kind} "
                              f"on {square_name(to)}.", square=to)]
        result, more = state.strike(occupant, u.owner, "Ambush")
        events += more
        if result == "vanquished":
            state.move(u, to)
        return events

    def aura_targets(self, state: DarkleafState, p: int, key: str) -> list[int]:
        out = super().aura_targets(state, p, key)
        if (key == "assassin" and not any(u.kind == "sage" for u in state.on_board(p))
                and "assassin_rekindle" not in state.flags[p] and state.graveyard(p, "sage")):
            # Clan trait: sacrifice a pawn to rekindle a sage with the aura, once a game.
            out = [u.sq for u in state.on_board(p) if u.kind == "pawn"]
        return out

    def attach_aura(self, state: DarkleafState, p: int, key: str, sq: int) -> list[Event]:
        u = state.unit_at(sq)
        assert u is not None
        if key == "assassin" and u.kind == "pawn":
            state.flags[p].append("assassin_rekindle")
            events = state.vanquish(u, None, "sacrificed")
            sage = state.graveyard(p, "sage")[0]
            events += state.rekindle(sage, sq)
            return events + state.add_aura(sage, key)
        return state.add_aura(u, key)

    def choice_options(self, state: DarkleafState, c: Choice) -> list[Action]:
        if c.kind == "advance":
            u = state.units[c.num]
            to = int(c.arg)
            return [Pick(to), Pick(u.sq)] if state.open_for(u, to) else []
        return []

    def resolve_choice(self, state: DarkleafState, c: Choice, action: Action) -> list[Event]:
        assert isinstance(action, Pick)
        u = state.units[c.num]
        if action.square != u.sq:
            if state.last_move is not None:
                state.last_move["to"] = action.square
            state.move(u, action.square)
        return []

    def prompt(self, state: DarkleafState, c: Choice) -> str:
        return "move the knight into the vanquished unit's territory, or stay"

    def won(self, state: DarkleafState, p: int) -> bool:
        return state.royals_slain[p] > 0

    def progress(self, state: DarkleafState, p: int) -> dict[str, Any]:
        done = min(1, state.royals_slain[p])
        need = self.royal_need(state, p)
        return {"text": f"Rival royal destroyed {done} of 1 (needs a {need})", "done": done,
                "needed": 1}


#: Every clan, by option value (part 2 adds Ferrymen, Erde, Wibo and Hexen here).
CLANS: dict[str, Clan] = {c.data["key"]: c for c in (Huldra(), Murg())}

from .wibo import Wibo  # noqa: E402  (the clan modules subclass Clan, defined above)

CLANS["wibo"] = Wibo()

from .hexen import Hexen  # noqa: E402

CLANS["hexen"] = Hexen()

from .ferrymen import Ferrymen  # noqa: E402

CLANS["ferrymen"] = Ferrymen()

from .erde import Erde  # noqa: E402

CLANS["erde"] = Erde()
