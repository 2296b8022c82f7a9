"""Darkleaf Gambit's state: the core rules every clan shares (board, units, bones, turns).

The turn's phases are the text's five: ``upkeep`` (counters tick at its
start; spend relics, call on the Will, take back bones, then ``Proceed``),
``declare`` (skipped by clans that roll first), ``roll`` (choose a bone),
``execute`` (carry the roll out; a declared deed resolves on the roll
itself), ``slot`` (slot the bone or keep it), then Acquire Power at once.
Questions raised on the way (where to rekindle, which unit gets an aura, a
Will outcome's choice) wait in ``pending``; while one waits, its player is
the one to act, so the rival answers a Will outcome first.

This module holds the state's record, its geometry, the effects every clan
shares (vanquish, rekindle, auras), the legal actions and the transitions.
Its bigger parts are functions of the state in modules beside it, bound
here as its methods: the round flow and the Upkeep in ``turns.py``, the
bones (pool, roll, slotting, Acquire Power) in ``bones.py``, the standard
journey in ``journeys.py``, strikes, vanquishes and auras in
``effects.py``, what a seat sees in ``view.py``. The game
(options, length bound) is ``game.py``.

Clan differences live in ``clans/`` (one module per clan, each a subclass
of ``clan.Clan`` with its data); the game is handed that registry and the
state never imports it. Haggedorn's Will is in ``will.py``; squares, lines
and the unit record in ``board.py``; the actions in ``actions.py``; the
numbers every clan shares in ``data.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.events import Event
from ...core.game import Action, Standing, State, rank_by
from ...core.rng import Rng
from . import bones, data, effects, journeys, turns, will
from .actions import (
    Cancel,
    Declare,
    InvokeWill,
    Journey,
    Keep,
    Pick,
    Proceed,
    Roll,
    Slot,
    Spend,
    Withdraw,
    sided,
)
from .board import Choice, Unit, around
from .clan import Clan
from .data import SIZE, square_name
from .view import state_view
from .view_types import ProgressView, RollView, WillRollView

if TYPE_CHECKING:
    from .game import DarkleafGambit

#: The actions without a value, made once (actions are immutable values).
DECLARE_JOURNEY, KEEP = Declare("journey", -1, -1), Keep()


def _overriding(clans: list[Clan], hook: str) -> tuple[Clan, ...]:
    """The clans that override ``hook`` (``Clan.overrides``)."""
    return tuple(c for c in clans if c.overrides(hook))


#: ``_free_actions``' mark for an action without a ``frm`` field.
_NO_SQUARE = object()


def _json_copy(value: Any) -> Any:
    """A deep copy of a JSON value (lists, dicts and scalars)."""
    if isinstance(value, list):
        return [_json_copy(v) for v in value]
    if isinstance(value, dict):
        return {k: _json_copy(v) for k, v in value.items()}
    return value


class DarkleafState(State):
    game: DarkleafGambit

    def __init__(self, game: DarkleafGambit, num_players: int, seed: int,
                 options: dict[str, Any]) -> None:
        super().__init__(game, num_players, seed, options)
        self.clan_keys = keys = self._pick_clans(game.clans, options)
        self.clans: list[Clan] = [game.clans[k] for k in keys]
        # Hooks asked on the hot path are asked only of the clans that override them.
        self._blockers = _overriding(self.clans, "blocks")
        self._limiters = _overriding(self.clans, "move_limit")
        self._holders = _overriding(self.clans, "holds")
        #: Per player: whether the clan ends journeys as the base class does (open_for).
        self._plain_end = [not _overriding([c], "may_end_journey") for c in self.clans]
        self.will_table = options["will"]
        self.board = [-1] * 64
        self.units: list[Unit] = []
        for p in (0, 1):
            self._muster(p)
        #: Per player, the slice of ``units`` that is theirs (units are made at
        #: setup only, the first seat's first).
        self._spans = tuple((min(u.uid for u in self.units if u.owner == p),
                             max(u.uid for u in self.units if u.owner == p) + 1) for p in (0, 1))
        #: Per player, the indices in ``units`` of the royals (graveyard included).
        self.royal_index = tuple(tuple(u.uid for u in self.units[a:b] if u.royal)
                                 for a, b in self._spans)
        self._lay_out_boards()
        #: Will outcomes under way: [name, rounds left, caller]; marked ones by name.
        self.counters: list[list[Any]] = []
        self.marked: list[str] = []
        self.mark_tokens = 0
        self.last_will: WillRollView | None = None
        #: Per player, clan flags (a once-per-game trait used, ...).
        self.flags: list[list[str]] = [[], []]
        #: Per player, whatever else a clan keeps (JSON values; lists and dicts are
        #: copied one level deep by ``clone``, so keep them flat).
        self.clan_state: list[dict[str, Any]] = [c.initial_state() for c in self.clans]
        #: Rival royals each player has vanquished.
        self.royals_slain = [0, 0]
        #: Units held by Unrelenting Tide: uid -> the turn (``turns``) they may not
        #: journey or relocate in.
        self.held: dict[int, int] = {}
        #: The last move, for the view: ``frm``, ``to`` and a clan's extras.
        self.last_move: dict[str, Any] | None = None
        self.pending: list[Choice] = []
        self.rolled = -1  # the bone rolled this turn and not yet slotted or kept
        self.roll = 0
        self.last_roll: RollView | None = None
        self.intent: Declare | None = None
        self.roll_first = False
        self.extra_turns = 0
        self.used_turn: list[str] = []  # relics spent this turn
        self.winner: int | None = None
        self.draw = False
        self.turns = 0
        self.phase = "setup"
        self._open_game(options)
        #: ``is_legal``'s memo of this position's legal actions: (player, actions);
        #: cleared by every action (a search asks it once per child in its tree).
        self._legal_memo: tuple[int, frozenset[Action]] | None = None

    def _pick_clans(self, clans: dict[str, Clan], options: dict[str, Any]) -> list[str]:
        """Both seats' clan keys, a "random" one drawn from the registry."""
        keys = []
        for name in ("clan1", "clan2"):
            key = options[name]
            if key == "random":
                key = self.rng.choice(sorted(clans))
            keys.append(key)
        return keys

    def _lay_out_boards(self) -> None:
        """The bones, the clan boards' rows, relics and laws, the Will tokens and the chips."""
        # Bones: global ids; each knows its faces, its owner and its last face up.
        self.bone_faces: list[int] = []
        self.bone_owner: list[int] = []
        for p in (0, 1):
            for faces in self.clans[p].data["bones"]:
                self.bone_faces.append(faces)
                self.bone_owner.append(p)
        self.bone_value = [0] * len(self.bone_faces)
        #: Per player, per skill row, per slot: the bone slotted there or -1.
        self.rows: list[list[list[int]]] = [
            [[-1] * len(s["slots"]) for s in self.clans[p].skills] for p in (0, 1)]
        #: Per player, per skill row: relic tokens held there.
        self.relics = [[0] * len(self.clans[p].skills) for p in (0, 1)]
        self.laws: list[list[str]] = [[], []]
        self.will_tokens = [1, 1]
        self.relic_pool = data.RELIC_TOKENS - 2
        self.chips: list[dict[str, int]] = [
            dict.fromkeys(self.clans[p].data["chip_sets"], data.CHIPS_IN_PLAY) for p in (0, 1)]

    def _open_game(self, options: dict[str, Any]) -> None:
        """Who goes first, the handicap rolls to come, the clans' setup questions."""
        self.first = self.starting_player()
        self.current = self.first
        #: Handicap bones still to roll at setup: (player, count).
        self.setup = [(p, options[f"handicap{p + 1}"]) for p in (self.first, 1 - self.first)
                      if options[f"handicap{p + 1}"]]
        seat_name = self.game.seat_name
        names = [f"{seat_name(p)} plays {self.clans[p].name}" for p in (0, 1)]
        self.log.append(Event("setup", f"Clans: {names[0]}, {names[1]}; "
                                       f"{seat_name(self.first)} goes first (clan "
                                       "starting order).",
                              data={"clans": self.clan_keys, "first": self.first},
                              reveal=True))
        for p in (self.first, 1 - self.first):
            self.pending += self.clans[p].setup_questions(self, p)
        self.log.extend(self._drain())

    def _muster(self, p: int) -> None:
        """Place the clan's starting units and fill the graveyard up to its maximums."""
        clan = self.clans[p]
        placed: dict[str, int] = {}
        for kind, name in clan.data["start"]:
            sq = self.own_square(p, data.square_id(name))
            u = Unit(len(self.units), p, kind, sq)
            self.units.append(u)
            self.board[sq] = u.uid
            placed[kind] = placed.get(kind, 0) + 1
        for kind in ("pawn", "knight", "sage"):
            for _ in range(clan.maximum(kind) - placed.get(kind, 0)):
                self.units.append(Unit(len(self.units), p, kind, -1))

    # -- geometry --------------------------------------------------------------------

    @staticmethod
    def own_square(p: int, sq: int) -> int:
        """A square written from player ``p``'s side, on the board: the second
        seat sits across the board, so its squares are turned half round."""
        return sq if p == 0 else SIZE * SIZE - 1 - sq

    @staticmethod
    def forward(p: int) -> int:
        """The rank step toward ``p``'s Range."""
        return 1 if p == 0 else -1

    @staticmethod
    def seat_rank(p: int) -> int:
        return 0 if p == 0 else SIZE - 1

    def in_seat(self, p: int, sq: int) -> bool:
        return sq // SIZE == self.seat_rank(p)

    def unit_at(self, sq: int) -> Unit | None:
        uid = self.board[sq] if 0 <= sq < 64 else -1
        return self.units[uid] if uid >= 0 else None

    def on_board(self, p: int) -> list[Unit]:
        a, b = self._spans[p]
        return [u for u in self.units[a:b] if u.sq >= 0]

    def graveyard(self, p: int, kind: str) -> list[Unit]:
        a, b = self._spans[p]
        return [u for u in self.units[a:b] if u.sq < 0 and u.kind == kind]

    def royals(self, p: int) -> list[Unit]:
        return [u for u in self.on_board(p) if u.royal]

    def placements(self, targets: list[int], unit: Unit | None = None) -> list[int]:
        """Next best territory placement: the empty ``targets``, else the empty
        squares adjacent to them, and so on outward (the mover chooses among them).
        With ``unit``, only squares open to that unit count (Reclaimed land)."""
        ring = set(targets)
        seen = set(ring)
        while ring:
            empty = sorted(s for s in ring if self.board[s] < 0
                           and (unit is None or self.open_for(unit, s)))
            if empty:
                return empty
            nxt = {t for s in ring for t in around(s)} - seen
            seen |= nxt
            ring = nxt
        return []

    def open_for(self, u: Unit, sq: int) -> bool:
        """Whether ``u`` may end a move on ``sq``: empty, and no clan closes it to ``u``."""
        if self.board[sq] >= 0:
            return False
        # Loops, not any() over a generator, on the hot path: a generator costs
        # several times more under Pyodide (docs/benchmarks.md, issue 27).
        for c in self._blockers:  # noqa: SIM110
            if c.blocks(self, sq, u):
                return False
        return True

    def closed(self, sq: int, u: Unit) -> bool:
        """Whether a clan closes ``sq`` to ``u`` (Erde's Reclaimed territory), occupied or not."""
        for c in self._blockers:  # noqa: SIM110
            if c.blocks(self, sq, u):
                return True
        return False

    def stuck(self, u: Unit) -> bool:
        """Whether ``u`` may not journey or relocate this turn (Unrelenting Tide)."""
        return self.held.get(u.uid) == self.turns

    def move_limit(self, u: Unit) -> int | None:
        """How far anything but ``u``'s own journey may move it (None: no limit)."""
        limit = None
        for c in self._limiters:
            x = c.move_limit(self, u)
            if x is not None and (limit is None or x < limit):
                limit = x
        return limit

    def free_to_journey(self, u: Unit) -> bool:
        """Whether ``u`` may journey this turn: its clan lets it, no clan's effect
        holds it (``usable``) and Unrelenting Tide does not (``stuck``)."""
        return self.clans[u.owner].may_journey(self, u) and self.usable(u) and not self.stuck(u)

    def usable(self, u: Unit) -> bool:
        """Whether ``u`` may be used this turn (no clan's effect holds it)."""
        for c in self._holders:  # noqa: SIM110
            if c.holds(self, u):
                return False
        return True

    def _free_actions(self, acts: list[Action]) -> list[Action]:
        """``acts`` without those whose unit (its ``frm`` or ``unit`` square) is
        not usable, each square asked once (a unit's journeys share it)."""
        free: dict[int, bool] = {}
        out = []
        for a in acts:
            sq: Any  # a square, or whatever an action's frm/unit field holds
            if type(a) is Journey:  # most of them: no getattr
                sq = a.frm
            else:
                sq = getattr(a, "frm", _NO_SQUARE)
                if sq is _NO_SQUARE:
                    sq = getattr(a, "unit", -1)
                if not isinstance(sq, int) or sq < 0:
                    out.append(a)
                    continue
            ok = free.get(sq)
            if ok is None:
                u = self.unit_at(sq)
                ok = free[sq] = u is None or self.usable(u)
            if ok:
                out.append(a)
        return out

    def seat_squares(self, p: int) -> list[int]:
        r = self.seat_rank(p)
        return list(range(r * SIZE, r * SIZE + SIZE))

    # -- effects shared by every clan (strikes, vanquishes, auras: effects.py) -----------

    def has_counter(self, name: str) -> bool:
        for c in self.counters:  # noqa: SIM110
            if c[0] == name:
                return True
        return False

    def vanquishable(self, u: Unit, by: int | None = None) -> bool:
        """Whether ``u`` can be vanquished now (``by``: the player trying, None for the Will)."""
        if self.counters:  # the Will's protections (most positions have none)
            if self.has_counter("Nightfall"):
                return False
            if self.has_counter("Sheltering Boughs") and u.royal:
                return False
            if self.has_counter("Sanctuary") and self.in_seat(u.owner, u.sq):
                return False
        return self.clans[u.owner].vulnerable(self, u, by)

    def move(self, u: Unit, to: int) -> None:
        if u.sq >= 0:
            self.board[u.sq] = -1
        self.board[to] = u.uid
        u.sq = to

    strike = effects.strike
    vanquish = effects.vanquish
    rekindle = effects.rekindle
    add_aura = effects.add_aura
    remove_aura = effects.remove_aura

    def event(self, p: int, kind: str, text: str, **info: Any) -> Event:
        return Event(kind, text, data={"seat": p, **info})

    # -- whose turn (turns.py) ------------------------------------------------------------

    starting_player = turns.starting_player
    _start_turn = turns.start_turn
    _skip_idle_upkeep = turns.skip_idle_upkeep
    _after_upkeep = turns.after_upkeep
    _end_turn = turns.end_turn
    _check_win = turns.check_win
    _finish = turns.finish
    _next_setup_roll = turns.next_setup_roll
    upkeep_actions = turns.upkeep_actions
    _drain = turns.drain

    def active_players(self) -> list[int]:
        if self.phase == "over":
            return []
        if self.pending:
            return [self.pending[0].player]
        return [self.current]

    def is_over(self) -> bool:
        return self.phase == "over"

    # -- bones and slotting (bones.py) ----------------------------------------------------

    pool = bones.pool
    slotted = bones.slotted
    largest_face = bones.largest_face
    _roll_bone = bones.roll_bone
    reroll = bones.reroll
    slot_options = bones.slot_options
    can_complete = bones.can_complete
    applies = bones.applies
    _acquire = bones.acquire

    # -- journeys (journeys.py) -------------------------------------------------------------

    journey_reach = journeys.journey_reach
    journey_destinations = journeys.journey_destinations
    straight_destinations = journeys.straight_destinations
    standard_execute_actions = journeys.standard_execute_actions

    # -- legal actions ----------------------------------------------------------------------

    def rolls(self, p: int) -> list[Action]:
        """One Roll for each kind of bone in ``p``'s pool (two bones with the
        same faces are the same choice), the first of each kind."""
        seen: set[int] = set()
        out: list[Action] = []
        for b in self.pool(p):
            if self.bone_faces[b] not in seen:
                seen.add(self.bone_faces[b])
                out.append(Roll(b))
        return out

    def legal_actions(self, player: int) -> list[Action]:
        if self.phase == "over" or player not in self.active_players():
            return []
        if self.pending:
            return self.choice_options(self.pending[0])
        p = player
        clan = self.clans[p]
        if self.phase == "upkeep":
            return self.upkeep_actions(p)
        if self.phase == "declare":
            deeds = clan.deed_declarations(self, p)
            return [DECLARE_JOURNEY, *(self._free_actions(deeds) if self._holders else deeds)]
        if self.phase == "roll":
            return self.rolls(p)
        if self.phase == "execute":
            acts = clan.execute_actions(self, p)
            return self._free_actions(acts) if self._holders else acts
        if self.phase == "slot":
            return [*self.slot_options(p, self.rolled, setup=bool(self.turns == 0)), KEEP]
        return []

    def is_legal(self, player: int, action: Action) -> bool:
        """``action in legal_actions(player)``; a journey is checked alone (the hot
        path), anything else against the position's legal actions, listed once."""
        if (isinstance(action, Journey) and self.phase == "execute" and not self.pending
                and player == self.current
                and (self.intent is None or self.intent.intent == "journey")):
            clan = self.clans[player]
            if type(clan).execute_actions is Clan.execute_actions:
                u = self.unit_at(action.frm)
                return (u is not None and u.owner == player and self.free_to_journey(u)
                        and action.to in self.journey_destinations(u))
        memo = self._legal_memo
        if memo is None or memo[0] != player:
            memo = self._legal_memo = (player, frozenset(self.legal_actions(player)))
        return action in memo[1]

    def explain_illegal(self, player: int, action: Action) -> str:
        """Why ``action`` is refused, in the terms of the phase.

        >>> from pygame_engine.games.darkleaf_gambit import GAME
        >>> state = GAME.new_game(2, 1)
        >>> state.explain_illegal(1, Journey(52, 36))
        'Journey e7 to e5 comes after the roll; now it is Upkeep.'
        """
        if self.pending:
            return f"{action.label} does not answer the question now: {self.prompt()}."
        phase = {"upkeep": "Upkeep", "declare": "Declare Intent", "roll": "time to roll",
                 "execute": "Roll & Execute", "slot": "Slot Bones"}.get(self.phase, self.phase)
        if isinstance(action, Journey) and self.phase == "execute":
            u = self.unit_at(action.frm)
            if u is None or u.owner != player:
                return f"You have no unit on {square_name(action.frm)}."
            if 0 <= action.to < 64:
                return (f"With a {self.roll} your {u.kind} on {square_name(action.frm)} cannot "
                        f"journey to {square_name(action.to)}.")
        if isinstance(action, Slot) and self.phase == "slot":
            return f"A {self.roll} cannot go into that slot now ({action.label})."
        if isinstance(action, (Journey, Cancel)) and self.phase != "execute":
            return f"{action.label} comes after the roll; now it is {phase}."
        return f"{action.label} is not possible now: it is {phase}."

    # -- choices --------------------------------------------------------------------------------

    def choice_options(self, c: Choice) -> list[Action]:
        if c.kind == "aura":
            return [Pick(s) for s in self.clans[c.player].aura_targets(self, c.player, c.arg)]
        if c.kind in will.CHOICES:
            return will.options(self, c)
        return self.clans[c.player].choice_options(self, c)

    def prompt(self) -> str:
        if not self.pending:
            return ""
        c = self.pending[0]
        if c.kind == "aura":
            return f"choose the unit that gains {self.clans[c.player].skill(c.arg)['name']}"
        if c.kind in will.CHOICES:
            return will.prompt(self, c)
        return self.clans[c.player].prompt(self, c)

    def _answer(self, action: Action) -> list[Event]:
        c = self.pending.pop(0)
        if c.kind == "aura":
            assert isinstance(action, Pick)
            events = self.clans[c.player].attach_aura(self, c.player, c.arg, action.square)
        else:
            if c.kind in will.CHOICES:
                events = will.resolve(self, c, action)
            else:
                events = self.clans[c.player].resolve_choice(self, c, action)
        if not events and action.label.startswith("Choose "):
            # A step of a longer answer (a bone, then a square): said, so that
            # every move has its line in the log.
            what = action.label.removeprefix("Choose ")
            events = [self.event(c.player, "choice", f"{self.game.seat_name(c.player)} "
                                                     f"chooses {what[:1].lower()}{what[1:]}.")]
        return events

    # -- transitions -----------------------------------------------------------------------------

    def _apply(self, player: int, action: Action) -> list[Event]:
        self._legal_memo = None
        p = player
        name = self.game.seat_name(p)
        clan = self.clans[p]
        if self.pending:
            events = self._answer(action)
            return events + self._drain()
        events = []
        was = self.phase
        if isinstance(action, Proceed):
            events.append(self.event(p, "proceed", f"{name} ends Upkeep."))
            self._after_upkeep()
        elif isinstance(action, InvokeWill):
            events += will.invoke(self, p)
        elif isinstance(action, Spend):
            events += self._spend(p, action.skill)
        elif isinstance(action, Withdraw):
            i = clan.index(action.skill)
            self.rows[p][i] = [-1] * len(self.rows[p][i])
            events.append(self.event(p, "withdraw", f"{name} takes the bones back from "
                                                    f"{clan.skill(action.skill)['name']}."))
        elif isinstance(action, Declare) and self.phase == "declare":
            self.intent = action
            self.phase = "roll"
            events.append(self.event(p, "declare", action.said(name)))
        elif isinstance(action, Roll):
            events += self._roll(p, action.bone)
        elif isinstance(action, Journey):
            u = self.unit_at(action.frm)
            assert u is not None
            self.phase = "slot"
            self.last_move = {"frm": action.frm, "to": action.to}
            events += clan.journey(self, u, action.to)
        elif isinstance(action, Cancel):
            self.phase = "slot"
            events.append(self.event(p, "cancel", f"{name} lets the roll pass."))
        elif isinstance(action, Slot):
            events += self._slot(p, action)
        elif isinstance(action, Keep):
            events.append(self.event(p, "keep", f"{name} returns the bone to the pool."))
            self.rolled = -1
            self.phase = "acquire"
        else:
            self.phase = "slot" if self.phase == "execute" else self.phase
            events += clan.resolve(self, p, action)
        if was in ("roll", "execute") and self.phase == "slot":
            events += clan.after_execute(self, p)
        return events + self._drain()

    def _spend(self, p: int, key: str) -> list[Event]:
        """A relic token of skill ``key`` spent (back to the pool), and its effect."""
        clan = self.clans[p]
        self.used_turn.append(key)
        i = clan.index(key)
        self.relics[p][i] -= 1
        self.relic_pool += 1
        spent = clan.skill(key)["name"]
        events = [self.event(p, "spend", f"{self.game.seat_name(p)} spends {spent}.", skill=key)]
        return events + clan.spend(self, p, key)

    def _roll(self, p: int, bone: int) -> list[Event]:
        """The bone rolled; a declared deed resolves on it, else the roll is carried out."""
        self._roll_bone(bone)
        faces = self.bone_faces[bone]
        events = [Event("roll", f"{self.game.seat_name(p)} rolls {self.roll} ({sided(faces)} "
                                "bone).", data={"seat": p, "value": self.roll}, reveal=True)]
        if self.intent is not None and self.intent.intent != "journey":
            self.phase = "slot"
            events += self.clans[p].resolve_declared(self, p, self.intent)
        else:
            self.phase = "execute"
        return events

    def _slot(self, p: int, action: Slot) -> list[Event]:
        """The rolled bone slotted; a completed row acquires its power."""
        clan = self.clans[p]
        i = clan.index(action.skill)
        self.rows[p][i][action.slot] = self.rolled
        self.rolled = -1
        events = [self.event(p, "slot", f"{self.game.seat_name(p)} slots a {self.roll} into "
                                        f"{clan.skills[i]['name']}.", skill=action.skill)]
        self.phase = "acquire"
        if all(b >= 0 for b in self.rows[p][i]):
            events += self._acquire(p, i)
        return events

    # -- results ----------------------------------------------------------------------------

    def scores(self) -> list[float]:
        if self.draw:
            return [0.5, 0.5]
        if self.winner is None:
            return [0.0, 0.0]
        return [1.0 if p == self.winner else 0.0 for p in (0, 1)]

    def score_breakdown(self) -> list[dict[str, float]]:
        s = self.scores()
        return [{"Path to victory" if not self.draw else "Draw (round limit)": s[p]}
                for p in (0, 1)]

    def standings(self) -> list[Standing]:
        return rank_by([(s,) for s in self.scores()], [])

    def conservation(self) -> dict[str, int]:
        out = {"relic tokens": self.relic_pool + sum(map(sum, self.relics))
               + sum(len(x) for x in self.laws) + sum(self.will_tokens) + self.mark_tokens}
        for p in (0, 1):
            out[f"units {p}"] = sum(1 for u in self.units if u.owner == p)
            out[f"bones {p}"] = sum(1 for o in self.bone_owner if o == p)
            on = sum(len(u.auras) for u in self.units if u.owner == p) + sum(
                sum(u.marks.values()) for u in self.units if u.owner != p)
            out[f"fate chips {p}"] = (sum(self.chips[p].values()) + on + len(self.chips[p])
                                      + self.clans[p].chips_elsewhere(self, p))
        out["units on squares"] = sum(1 for u in self.units if u.sq >= 0) - sum(
            1 for b in self.board if b >= 0)
        return out

    # -- information -----------------------------------------------------------------------------

    def progress(self, p: int) -> ProgressView:
        return self.clans[p].progress(self, p)

    view = state_view

    def determinize(self, player: int, rng: Rng) -> DarkleafState:
        """The only hidden thing is the future of the dice: reseed them."""
        return self._copy(rng.fork(), recording=False)

    def clone(self) -> DarkleafState:
        return self._copy(self.rng.clone(), recording=self.recording)

    def _copy(self, rng: Rng, recording: bool) -> DarkleafState:
        """A copy with ``rng``; without ``recording``, no history or log (a bot's
        copy: nothing is copied only to be dropped)."""
        c = DarkleafState.__new__(DarkleafState)
        c.__dict__.update(self.__dict__)
        c.rng = rng
        c.recording = recording
        if recording:
            c.history, c.barriers, c.log = list(self.history), list(self.barriers), list(self.log)
        else:
            c.history, c.barriers, c.log = [], [], []
        c.board = list(self.board)
        c.units = [u.copy() for u in self.units]
        c.bone_owner = list(self.bone_owner)
        c.bone_value = list(self.bone_value)
        c.rows = [[list(r) for r in rows] for rows in self.rows]
        c.relics = [list(r) for r in self.relics]
        c.laws = [list(x) for x in self.laws]
        c.will_tokens = list(self.will_tokens)
        c.chips = [dict(x) for x in self.chips]
        c.counters = [list(x) for x in self.counters]
        c.marked = list(self.marked)
        c.flags = [list(x) for x in self.flags]
        c.clan_state = [{k: (list(v) if isinstance(v, list) else dict(v) if isinstance(v, dict)
                             else v) for k, v in x.items()} for x in self.clan_state]
        c.royals_slain = list(self.royals_slain)
        c.held = dict(self.held)
        c.last_move = _json_copy(self.last_move) if self.last_move else None
        c.pending = list(self.pending)
        c.used_turn = list(self.used_turn)
        c.setup = list(self.setup)
        return c


__all__ = ["Choice", "DarkleafState", "Unit"]
