"""The base ``Clan``: the hooks the core asks a clan, each with its default.

The python-chess variant pattern: the core (``state.py``) asks the clan of the
acting player what its units may do and how its deed, skills and path to
victory work; a clan overrides only what differs. Each clan is one module,
``clans/<clan>.py``: its data as a plain literal (unit guide, bones,
skills and slots, fate chip sets), its subclass with its hooks, its own
actions and the bots' knowledge of it; ``clans/__init__.py`` is the one
registry (``CLANS``). A new clan is one such module and one line there; the
core is not touched, and it never imports the clans (the game is handed the
registry: ``DarkleafGambit(CLANS, Heuristics)``).

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
- ``chip_set(use)``: the fate chip set that marks an aura or a mark (the
  data's ``chip_uses`` let powers share a set; the six clans' sets fit the
  box's 36 chips).

The bots' knowledge of a clan (``heuristics.py`` asks it; defaults: no
path value, journeys head for the rival royals, no liking of its own):

- ``bot_value(state, p)``: the clan's progress on its path, in evaluation
  points;
- ``bot_goals(state, p)``: the squares its playout journeys head for;
- ``bot_score(state, p, action, goals)``: a playout's liking for one of its
  actions or answers, or None to leave it to the common scoring;
- ``bot_approach(state, p, mover, journey, before, after, goals)``: what a
  journey bringing ``mover`` from ``before`` to ``after`` territories of
  the nearest goal is worth (default: 0.8 a territory);
- ``bot_threats(state, p)``: what a rival unit on a territory may cost its
  owner in this clan's next turn (default: None, no harm in sight);
- ``bot_escapes(state, royal)``: territories other than its journeys this
  clan's royal may reach next turn (default: none; the Huldra queen's Leap).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from ...core.events import Event
from ...core.game import Action
from .actions import Declare, Journey
from .board import DIRECTIONS, Choice, Unit
from .data import STANDARD_SET, square_name

if TYPE_CHECKING:
    from .state import DarkleafState
    from .view_types import ProgressView, TerritoryMarkView, UnitMarkView


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

    def chip_set(self, use: str) -> str:
        """The fate chip set (one colour: six chips, one on the clan board's round
        slot, five in play) that marks ``use``, an aura or a mark: the data's
        ``chip_uses`` let several uses share one set, told apart by where the
        chip sits; a use not listed is a set of its own."""
        uses: dict[str, str] = self.data.get("chip_uses", {})
        return uses.get(use, use)

    def guide(self, u: Unit) -> dict[str, Any]:
        guide: dict[str, Any] = self.data["units"][u.kind]
        return guide

    def overrides(self, hook: str) -> bool:
        """Whether this clan changes ``hook`` from the default of the clans' base
        class (the first class below ``object``), which changes nothing: the
        state skips the hooks no clan in play overrides."""
        return getattr(type(self), hook) is not getattr(type(self).__mro__[-2], hook)

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

    def initial_state(self) -> dict[str, Any]:
        """What the clan keeps in ``state.clan_state[p]`` from the first action on
        (a fresh dict each call): the state opens with it, so a view or a bot only
        ever reads the keys and never creates them."""
        return {}

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

    def territory_marks(self, state: DarkleafState, p: int) -> list[TerritoryMarkView]:
        """This clan's chips and counters on territories, for the view."""
        return []

    def unit_marks(self, state: DarkleafState, p: int) -> list[UnitMarkView]:
        """This clan's marks on units for the view (Hexen's Quarry and Witch's Ladder,
        Rival Regrowth's held pawn): ``{"unit", "kind", "letter", "label"}``."""
        return []

    def chips_elsewhere(self, state: DarkleafState, p: int) -> int:
        """This clan's fate chips neither in supply, on slots nor on units
        (marks on territories), for the conservation check."""
        return 0

    def won(self, state: DarkleafState, p: int) -> bool:
        return False

    def progress(self, state: DarkleafState, p: int) -> ProgressView:
        return {"text": self.data["path"], "done": 0, "needed": 1}

    # -- the bots' knowledge (asked by ``heuristics.py``) -------------------------------------
    def bot_value(self, state: DarkleafState, p: int) -> float:
        """The clan's progress on its path to victory, in evaluation points."""
        return 0.0

    def bot_goals(self, state: DarkleafState, p: int) -> list[int]:
        """Where ``p``'s journeys head in a playout (default: the rival royals)."""
        return [r.sq for r in state.royals(1 - p)]

    def bot_score(self, state: DarkleafState, p: int, a: Action, goals: list[int]
                  ) -> float | None:
        """A playout's liking for ``a``; None leaves it to the common scoring."""
        return None

    def bot_threats(self, state: DarkleafState, p: int
                    ) -> Callable[[Unit, int], float] | None:
        """What a rival unit standing on a territory is likely to cost its owner
        in ``p``'s next turn (``p`` a seat of this clan), in evaluation points:
        the chance of a strike times the loss, as a function of (unit,
        territory) for one position. By default nothing the bots need told:
        the search sees the strike when it comes (None: no harm in sight)."""
        return None

    def bot_escapes(self, state: DarkleafState, royal: Unit) -> list[int]:
        """Territories other than its journeys that this clan's ``royal`` may
        reach in its next turn (the Huldra queen's Leap)."""
        return []

    def bot_approach(self, state: DarkleafState, p: int, mover: Unit, a: Journey,
                     before: int, after: int, goals: list[int]) -> float:
        """What a journey bringing ``mover`` from ``before`` to ``after``
        territories of its nearest goal is worth to a playout."""
        return 0.8 * (before - after)
