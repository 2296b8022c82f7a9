"""Darkleaf Gambit: the core rules every clan shares (board, units, bones, turns).

The turn's phases are the text's five: ``upkeep`` (counters tick at its
start; spend relics, call on the Will, take back bones, then ``Proceed``),
``declare`` (skipped by clans that roll first), ``roll`` (choose a bone),
``execute`` (carry the roll out; a declared deed resolves on the roll
itself), ``slot`` (slot the bone or keep it), then Acquire Power at once.
Questions raised on the way (where to rekindle, which unit gets an aura, a
Will outcome's choice) wait in ``pending``; while one waits, its player is
the one to act, so the rival answers a Will outcome first.

Clan differences live in ``clans/`` (one module per clan, each a subclass
of ``clan.Clan`` with its data); the game is handed that registry and the
state never imports it. Haggedorn's Will is in ``will.py``; squares, lines
and the unit record in ``board.py``; the actions in ``actions.py``; the
numbers every clan shares in ``data.py``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, ClassVar

from ...core.events import Event
from ...core.game import Action, Game, Option, Standing, State, rank_by
from ...core.rng import Rng
from ...core.view_types import standing_views
from . import data, will
from .actions import (
    CORE_ACTIONS,
    JOURNEYS,
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
from .board import RAYS, Choice, Unit, around, step
from .clan import Clan
from .data import SIZE, square_name
from .view_types import (
    ClanBoardView,
    DarkleafView,
    ProgressView,
    RollView,
    SkillView,
    UnitView,
    WillRollView,
)

#: The actions without a value, made once (actions are immutable values).
DECLARE_JOURNEY, PROCEED, CANCEL, KEEP = Declare("journey", -1, -1), Proceed(), Cancel(), Keep()


def _overriding(clans: list[Clan], hook: str) -> tuple[Clan, ...]:
    """The clans whose class overrides ``hook`` of the clans' base class (the
    first class below ``object``), whose default answer changes nothing."""
    return tuple(c for c in clans
                 if getattr(type(c), hook) is not getattr(type(c).__mro__[-2], hook))


class DarkleafState(State):
    game: DarkleafGambit

    def __init__(self, game: DarkleafGambit, num_players: int, seed: int,
                 options: dict[str, Any]) -> None:
        super().__init__(game, num_players, seed, options)
        clans = game.clans
        keys = []
        for name in ("clan1", "clan2"):
            key = options[name]
            if key == "random":
                key = self.rng.choice(sorted(clans))
            keys.append(key)
        self.clan_keys = keys
        self.clans: list[Clan] = [clans[k] for k in keys]
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
        #: Will outcomes under way: [name, rounds left, caller]; marked ones by name.
        self.counters: list[list[Any]] = []
        self.marked: list[str] = []
        self.mark_tokens = 0
        self.last_will: WillRollView | None = None
        #: Per player, clan flags (a once-per-game trait used, ...).
        self.flags: list[list[str]] = [[], []]
        #: Per player, whatever else a clan keeps (JSON values; lists and dicts are
        #: copied one level deep by ``clone``, so keep them flat).
        self.clan_state: list[dict[str, Any]] = [{}, {}]
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
        self.first = self.starting_player()
        self.current = self.first
        #: Handicap bones still to roll at setup: (player, count).
        self.setup = [(p, options[f"handicap{p + 1}"]) for p in (self.first, 1 - self.first)
                      if options[f"handicap{p + 1}"]]
        names = [f"{game.seat_name(p)} plays {self.clans[p].name}" for p in (0, 1)]
        self.log.append(Event("setup", f"Clans: {names[0]}, {names[1]}; "
                                       f"{game.seat_name(self.first)} goes first (clan "
                                       "starting order).",
                              data={"clans": keys, "first": self.first}, reveal=True))
        for p in (self.first, 1 - self.first):
            self.pending += self.clans[p].setup_questions(self, p)
        self.log.extend(self._drain())
        #: ``is_legal``'s memo of this position's legal actions: (player, actions);
        #: cleared by every action (a search asks it once per child in its tree).
        self._legal_memo: tuple[int, frozenset[Action]] | None = None

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
        """A square written from player ``p``'s side, on the board (rank mirrored for seat 2)."""
        return sq if p == 0 else (SIZE - 1 - sq // SIZE) * SIZE + sq % SIZE

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
        return [u for u in self.units if u.owner == p and u.sq >= 0]

    def graveyard(self, p: int, kind: str) -> list[Unit]:
        return [u for u in self.units if u.owner == p and u.sq < 0 and u.kind == kind]

    def royals(self, p: int) -> list[Unit]:
        return [u for u in self.on_board(p) if u.royal]

    def clear_line(self, a: int, df: int, dr: int, k: int) -> bool:
        """No unit between ``a`` and the square ``k`` steps away (both ends excluded)."""
        return all(self.board[step(a, df, dr, i)] < 0 for i in range(1, k))

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
        return self.board[sq] < 0 and not (
            self._blockers and any(c.blocks(self, sq, u) for c in self._blockers))

    def closed(self, sq: int, u: Unit) -> bool:
        """Whether a clan closes ``sq`` to ``u`` (Erde's Reclaimed territory), occupied or not."""
        return bool(self._blockers) and any(c.blocks(self, sq, u) for c in self._blockers)

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

    def usable(self, u: Unit) -> bool:
        """Whether ``u`` may be used this turn (no clan's effect holds it)."""
        return not self._holders or not any(c.holds(self, u) for c in self._holders)

    def _free_actions(self, acts: list[Action]) -> list[Action]:
        """``acts`` without those whose unit (its ``frm`` or ``unit`` square) is
        not usable, each square asked once (a unit's journeys share it)."""
        free: dict[int, bool] = {}
        out = []
        for a in acts:
            sq = getattr(a, "frm", getattr(a, "unit", -1))
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

    # -- effects shared by every clan ----------------------------------------------------

    def has_counter(self, name: str) -> bool:
        return bool(self.counters) and any(c[0] == name for c in self.counters)

    def vanquishable(self, u: Unit, by: int | None = None) -> bool:
        """Whether ``u`` can be vanquished now (``by``: the player trying, None for the Will)."""
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

    def strike(self, u: Unit, by: int | None, cause: str) -> tuple[str, list[Event]]:
        """A vanquishing action on ``u``: "vanquished", "shielded" (an aura of
        protection is removed instead) or "immune"."""
        if not self.vanquishable(u, by):
            return "immune", []
        clan = self.clans[u.owner]
        for key in u.auras:
            if clan.aura_info(key).get("protect"):
                self.remove_aura(u, key)
                return "shielded", [self.event(
                    u.owner, "shield", f"{self.game.seat_name(u.owner)}'s {u.kind} on "
                    f"{square_name(u.sq)} loses {clan.aura_info(key)['name']} instead of "
                    "falling.")]
        return "vanquished", self.vanquish(u, by, cause)

    def vanquish(self, u: Unit, by: int | None, cause: str) -> list[Event]:
        where = u.sq
        self.board[where] = -1
        u.sq = -1
        for key in list(u.auras):
            self.remove_aura(u, key)
        for use, count in u.marks.items():  # the rival's chips go back to it
            self.chips[1 - u.owner][self.clans[1 - u.owner].chip_set(use)] += count
        u.marks = {}
        if u.royal and by is not None and by != u.owner:
            self.royals_slain[by] += 1
        self.clans[u.owner].after_loss(self, u)
        for c in self.clans:
            c.witness_loss(self, u)
        return [self.event(u.owner, "vanquish", f"{self.game.seat_name(u.owner)}'s {u.kind} on "
                           f"{square_name(where)} is vanquished ({cause}).",
                           square=where, unit=u.kind)]

    def rekindle(self, u: Unit, sq: int) -> list[Event]:
        self.move(u, sq)
        return [self.event(u.owner, "rekindle", f"{self.game.seat_name(u.owner)} rekindles a "
                           f"{u.kind} on {square_name(sq)}.", square=sq, unit=u.kind)]

    def add_aura(self, u: Unit, key: str) -> list[Event]:
        self.chips[u.owner][self.clans[u.owner].chip_set(key)] -= 1
        u.auras.append(key)
        name = self.clans[u.owner].aura_info(key)["name"]
        return [self.event(u.owner, "aura", f"{self.game.seat_name(u.owner)}'s {u.kind} on "
                           f"{square_name(u.sq)} gains {name}.", square=u.sq, aura=key)]

    def remove_aura(self, u: Unit, key: str) -> None:
        u.auras.remove(key)
        self.chips[u.owner][self.clans[u.owner].chip_set(key)] += 1

    def event(self, p: int, kind: str, text: str, **info: Any) -> Event:
        return Event(kind, text, data={"seat": p, **info})

    # -- whose turn ---------------------------------------------------------------------

    def starting_player(self) -> int:
        ranks = [c.data.get("order", len(self.game.clans) + 1) for c in self.clans]
        return 1 if ranks[1] < ranks[0] else 0

    def active_players(self) -> list[int]:
        if self.phase == "over":
            return []
        if self.pending:
            return [self.pending[0].player]
        return [self.current]

    def is_over(self) -> bool:
        return self.phase == "over"

    def _start_turn(self, p: int) -> list[Event]:
        events: list[Event] = []
        self.turns += 1
        if self.turns > 2 * data.ROUND_LIMIT:
            return self._finish(None, f"{data.ROUND_LIMIT} rounds have passed without a winner: "
                                      "Haggedorn's light goes out and the duel is drawn")
        self.current = p
        self.phase = "upkeep"
        self.intent = None
        self.roll_first = self.clans[p].rolls_first(self)
        self.used_turn = []
        # Counters of this player's Will outcomes tick down.
        for c in list(self.counters):
            if c[2] == p:
                c[1] -= 1
                if c[1] <= 0:
                    self.counters.remove(c)
                    events.append(self.event(p, "counter", f"{self.game.seat_name(p)}'s "
                                                           f"{c[0]} ends."))
        events += self.clans[p].upkeep(self, p)
        self._skip_idle_upkeep()
        return events

    def _skip_idle_upkeep(self) -> None:
        if self.phase == "upkeep" and not self.pending and self.upkeep_actions(
                self.current) == [PROCEED]:
            self._after_upkeep()

    def _after_upkeep(self) -> None:
        self.phase = "roll" if self.roll_first else "declare"

    def _end_turn(self) -> list[Event]:
        p = self.current
        self.rolled = -1
        events = self._check_win()
        if self.phase == "over":
            return events
        if self.extra_turns:
            self.extra_turns -= 1
            return events + [self.event(p, "loop", f"{self.game.seat_name(p)} takes another "
                                                  "turn (Electromagnetic Loop).")] + \
                self._start_turn(p)
        return events + self._start_turn(1 - p)

    def _check_win(self) -> list[Event]:
        for p in (self.current, 1 - self.current):
            if self.clans[p].won(self, p):
                clan = self.clans[p]
                return self._finish(p, f"{self.game.seat_name(p)} wins for {clan.name}: "
                                       f"{clan.progress(self, p)['text']}")
        return []

    def _finish(self, winner: int | None, why: str) -> list[Event]:
        self.phase = "over"
        self.pending = []
        self.winner = winner
        self.draw = winner is None
        return [Event("over", f"{why}. The game is over.", data={"winner": winner},
                      reveal=True)]

    # -- setup (handicap) ------------------------------------------------------------------

    def _next_setup_roll(self) -> list[Event]:
        p, left = self.setup[0]
        self.setup[0] = (p, left - 1)
        if left - 1 == 0:
            self.setup.pop(0)
        self.current = p
        self.phase = "slot"
        bone = self.pool(p)[0]
        self._roll_bone(bone)
        return [Event("handicap", f"{self.game.seat_name(p)} rolls a handicap bone: "
                                  f"{self.roll}.", data={"seat": p, "value": self.roll},
                      reveal=True)]

    # -- bones -------------------------------------------------------------------------------

    def pool(self, p: int) -> list[int]:
        """The bones in ``p``'s pool (not slotted, not just rolled)."""
        slotted = {b for row in self.rows[p] for b in row}
        return [b for b, o in enumerate(self.bone_owner)
                if o == p and b not in slotted and b != self.rolled]

    def slotted(self, p: int) -> list[int]:
        return [b for row in self.rows[p] for b in row if b >= 0]

    def _roll_bone(self, bone: int) -> None:
        self.rolled = bone
        self.roll = self.rng.randint(1, self.bone_faces[bone])
        self.bone_value[bone] = self.roll
        self.last_roll = {"seat": self.bone_owner[bone], "bone": bone,
                          "faces": self.bone_faces[bone], "value": self.roll}

    def reroll(self) -> int:
        self._roll_bone(self.rolled)
        return self.roll

    def journey_reach(self, p: int, u: Unit, roll: int | None = None) -> list[int]:
        """The distances a journey of ``u`` may cover with ``roll``."""
        guide = self.clans[p].guide(u)
        r = self.clans[p].journey_roll(self, p, self.roll if roll is None else roll)
        lengths = {r, r + 1} if "Fleet Foot" in self.marked else {r}
        cap = guide.get("max") or 99
        if self.has_counter("Mire"):
            cap = min(cap, 1)
        if "Heavy Tread" in self.marked:
            cap = min(cap, 3)
        if guide["upto"]:
            return list(range(1, min(max(lengths), cap) + 1))
        return sorted({min(n, cap) for n in lengths})

    def journey_destinations(self, u: Unit, roll: int | None = None) -> list[int]:
        """Where ``u`` may journey with the roll (its clan decides: ``Clan.destinations``)."""
        return self.clans[u.owner].destinations(self, u, roll)

    def straight_destinations(self, u: Unit, roll: int | None = None) -> list[int]:
        """The standard journey: straight lines in the guide's directions, exact
        (or "up to") distance, no leap-frog, nobody backward who may not go
        backward. Clans may add destinations (an Ambush)."""
        p = u.owner
        clan = self.clans[p]
        guide = clan.guide(u)
        out: set[int] = set()
        fwd = self.forward(p)
        lengths = self.journey_reach(p, u, roll)
        board = self.board
        rays = RAYS[u.sq]
        wanted = set(lengths)
        longest = max(lengths)
        plain = self._plain_end[p]
        for d in clan.journey_directions(self, u):
            if d[1] == -fwd and not guide["backward"]:
                continue
            ray = rays[d]
            for i in range(min(longest, len(ray))):
                t = ray[i]
                if board[t] >= 0:
                    if not plain and i + 1 in wanted and clan.may_end_journey(self, u, t):
                        out.add(t)
                    break  # no leap-frog beyond the first unit on the line
                if i + 1 in wanted and (self.open_for(u, t) if plain
                                        else clan.may_end_journey(self, u, t)):
                    out.add(t)
        out.update(clan.extra_destinations(self, u))
        return sorted(out)

    # -- slotting ------------------------------------------------------------------------------

    def slot_options(self, p: int, bone: int, setup: bool = False) -> list[Slot]:
        """Every numerically valid slot for ``bone`` (one per distinct spec in a row)."""
        clan = self.clans[p]
        value = self.bone_value[bone]
        reserve = len(self.pool(p)) > 0
        max_face = max(f for b, f in enumerate(self.bone_faces) if self.bone_owner[b] == p)
        out: list[Slot] = []
        for i, skill in enumerate(clan.skills):
            if skill["type"] == "law" and skill["key"] in self.laws[p]:
                continue
            applies: bool | None = None  # asked once, and only if a slot takes the value
            row = self.rows[p][i]
            seen: set[str] = set()
            empty = [j for j, b in enumerate(row) if b < 0]
            for j in empty:
                spec = skill["slots"][j]
                if spec in seen or not data.slot_accepts(spec, value):
                    continue
                if applies is None:
                    applies = self.applies(p, i)
                if not applies:  # no bone into a skill that cannot apply now
                    break
                seen.add(spec)
                completes = len(empty) == 1
                total = sum(self.bone_value[b] for b in row if b >= 0) + value
                if "sum" in skill:
                    lo, hi = skill["sum"]
                    left = len(empty) - 1
                    if total + left > hi or total + left * max_face < lo:
                        continue
                if completes:
                    if not self.can_complete(p, i, setup):
                        continue
                elif not reserve:
                    continue  # one bone always stays in reserve
                out.append(Slot(skill["key"], j))
        return out

    def can_complete(self, p: int, i: int, setup: bool = False) -> bool:
        """Whether the row ``i`` may be completed now (power it can acquire)."""
        skill = self.clans[p].skills[i]
        kind = skill["type"]
        if kind == "relic":
            return self.relics[p][i] < skill.get("relics", 1) and self.relic_pool > 0
        if kind == "law":
            return skill["key"] not in self.laws[p] and self.relic_pool > 0
        if kind == "aura":
            return self.chips[p].get(self.clans[p].chip_set(skill["key"]), 0) > 0 and bool(
                self.clans[p].aura_targets(self, p, skill["key"]))
        return not setup and self.clans[p].miracle_applies(self, p, skill["key"])

    def applies(self, p: int, i: int) -> bool:
        """Whether the skill of row ``i`` still applies (else its bones may come back)."""
        skill = self.clans[p].skills[i]
        if skill["type"] == "aura":
            return bool(self.clans[p].aura_targets(self, p, skill["key"]))
        if skill["type"] == "miracle":
            return self.clans[p].miracle_applies(self, p, skill["key"])
        return True

    def _acquire(self, p: int, i: int) -> list[Event]:
        """Acquire Power for the completed row ``i``: bones back, then the skill."""
        clan = self.clans[p]
        skill = clan.skills[i]
        self.rows[p][i] = [-1] * len(skill["slots"])
        name = self.game.seat_name(p)
        events = [self.event(p, "acquire", f"{name} acquires {skill['name']} "
                                           f"({skill['type']}).", skill=skill["key"])]
        kind = skill["type"]
        if kind == "relic":
            self.relics[p][i] += 1
            self.relic_pool -= 1
        elif kind == "law":
            self.laws[p].append(skill["key"])
            self.relic_pool -= 1
            events += clan.law(self, p, skill["key"])
        elif kind == "aura":
            self.pending.append(Choice(p, "aura", skill["key"]))
        else:
            events += clan.miracle(self, p, skill["key"])
        return events + clan.after_acquire(self, p, skill["key"])

    # -- legal actions ----------------------------------------------------------------------

    def standard_execute_actions(self, p: int) -> list[Action]:
        """Carrying out a roll: relics spendable now, the journeys (if the intent
        is a journey or not declared yet), a roll-first clan's deeds, Cancel."""
        clan = self.clans[p]
        acts: list[Action] = [Spend(k) for k in clan.spendable(self, p, "roll")]
        if self.intent is None or self.intent.intent == "journey":
            for u in self.on_board(p):
                if clan.may_journey(self, u) and not self.stuck(u):
                    made = JOURNEYS[u.sq]
                    acts += [made[t] for t in self.journey_destinations(u)]
        if self.intent is None:
            acts += clan.roll_first_deeds(self, p)
        acts.append(CANCEL)
        return acts

    def upkeep_actions(self, p: int) -> list[Action]:
        # The Upkeep's steps go in order: counters (at its start), relic tokens,
        # then the Will; once the Will is called, no relic step comes back.
        out: list[Action] = [] if "will" in self.used_turn else [
            Spend(k) for k in self.clans[p].spendable(self, p, "upkeep")]
        if self.will_tokens[p] and "will" not in self.used_turn:  # one call a turn
            out.append(InvokeWill())
        for i, skill in enumerate(self.clans[p].skills):
            if any(b >= 0 for b in self.rows[p][i]) and not self.applies(p, i):
                out.append(Withdraw(skill["key"]))
        out.append(PROCEED)
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
            seen: set[int] = set()
            out: list[Action] = []
            for b in self.pool(p):
                if self.bone_faces[b] not in seen:
                    seen.add(self.bone_faces[b])
                    out.append(Roll(b))
            return out
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
                return (u is not None and u.owner == player and clan.may_journey(self, u)
                        and self.usable(u) and not self.stuck(u)
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

    def _drain(self) -> list[Event]:
        """Drop questions with no possible answer (the outcome cannot be executed)
        and carry on once none is left."""
        events: list[Event] = []
        while self.pending and self.phase != "over":
            if self.choice_options(self.pending[0]):
                return events
            self.pending.pop(0)
        if self.phase == "over":
            return events
        events += self._check_win()
        if self.phase == "over":
            return events
        if self.phase == "setup":  # the clans' setup questions are answered
            if self.setup:
                return events + self._next_setup_roll()
            return events + self._start_turn(self.first)
        if self.phase == "acquire":
            if self.setup:
                return events + self._next_setup_roll()
            if self.turns == 0:
                return events + self._start_turn(self.first)
            return events + self._end_turn()
        if self.phase == "upkeep":
            self._skip_idle_upkeep()
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
            self.used_turn.append(action.skill)
            i = clan.index(action.skill)
            self.relics[p][i] -= 1
            self.relic_pool += 1
            spent = clan.skill(action.skill)["name"]
            events.append(self.event(p, "spend", f"{name} spends {spent}.", skill=action.skill))
            events += clan.spend(self, p, action.skill)
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
            self._roll_bone(action.bone)
            faces = self.bone_faces[action.bone]
            events.append(Event("roll", f"{name} rolls {self.roll} ({sided(faces)} bone).",
                                data={"seat": p, "value": self.roll}, reveal=True))
            if self.intent is not None and self.intent.intent != "journey":
                self.phase = "slot"
                events += clan.resolve_declared(self, p, self.intent)
            else:
                self.phase = "execute"
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
            i = clan.index(action.skill)
            self.rows[p][i][action.slot] = self.rolled
            self.rolled = -1
            events.append(self.event(p, "slot", f"{name} slots a {self.roll} into "
                                                f"{clan.skills[i]['name']}.", skill=action.skill))
            self.phase = "acquire"
            if all(b >= 0 for b in self.rows[p][i]):
                events += self._acquire(p, i)
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

    def view(self, player: int | None) -> DarkleafView:
        units: list[UnitView] = [
            {"id": u.uid, "seat": u.owner, "clan": self.clan_keys[u.owner], "type": u.kind,
             "letter": data.UNIT_LETTERS[u.kind], "square": u.sq,
             "name": square_name(u.sq) if u.sq >= 0 else None,
             "royal": u.royal, "auras": list(u.auras), "marks": dict(u.marks),
             "invulnerable": u.sq >= 0 and not self.vanquishable(u)}
            for u in self.units]
        boards: list[ClanBoardView] = []
        for p in (0, 1):
            clan = self.clans[p]
            skills: list[SkillView] = []
            for i, s in enumerate(clan.skills):
                skills.append({
                    "key": s["key"], "name": s["name"], "type": s["type"],
                    "slots": list(s["slots"]), "sum": list(s["sum"]) if "sum" in s else None,
                    "bones": [None if b < 0 else {"bone": b, "value": self.bone_value[b],
                                                  "faces": self.bone_faces[b]}
                              for b in self.rows[p][i]],
                    "relics": self.relics[p][i], "relic_slots": s.get("relics", 0),
                    "active": s["key"] in self.laws[p]})
            boards.append({
                "clan": self.clan_keys[p], "name": clan.name, "path": clan.data["path"],
                "progress": self.progress(p), "skills": skills,
                "pool": [{"bone": b, "faces": self.bone_faces[b]} for b in self.pool(p)],
                "bones": [{"bone": b, "faces": self.bone_faces[b], "value": self.bone_value[b]}
                          for b, o in enumerate(self.bone_owner) if o == p],
                "will_token": self.will_tokens[p], "chips": dict(self.chips[p]),
                "laws": list(self.laws[p]), "flags": list(self.flags[p]),
                "state": json.loads(json.dumps(self.clan_state[p]))})
        v: DarkleafView = {
            **self.base_view(player),
            "phase": self.phase, "current": self.current, "first": self.first,
            "turn": self.turns, "round": (self.turns + 1) // 2, "round_limit": data.ROUND_LIMIT,
            "board": list(self.board), "squares": [square_name(s) for s in range(64)],
            "units": units,
            "graveyard": [u.uid for u in self.units if u.sq < 0],
            "clans": boards, "relic_pool": self.relic_pool,
            "intent": self.intent.to_json() if self.intent else None,
            "roll": self.roll if self.rolled >= 0 else None, "last_roll": self.last_roll,
            "territory_marks": [m for p in (0, 1)
                                for m in self.clans[p].territory_marks(self, p)],
            "unit_marks": [m for p in (0, 1) for m in self.clans[p].unit_marks(self, p)],
            "last_move": json.loads(json.dumps(self.last_move)) if self.last_move else None,
            "held": [self.units[uid].sq for uid, turn in self.held.items()
                     if turn >= self.turns and self.units[uid].sq >= 0],
            "will": {"table": self.will_table, "counters": [list(c) for c in self.counters],
                     "marked": list(self.marked), "last": self.last_will},
            "pending": {"seat": self.pending[0].player, "kind": self.pending[0].kind,
                        "prompt": self.prompt()} if self.pending else None,
            "winner": self.winner, "draw": self.draw, "scores": self.scores()}
        if self.is_over():
            v["breakdown"] = self.score_breakdown()
            v["standings"] = standing_views(self.standings())
        return v

    def determinize(self, player: int, rng: Rng) -> DarkleafState:
        """The only hidden thing is the future of the dice: reseed them."""
        copy = self.clone()
        copy.recording = False
        copy.history, copy.barriers, copy.log = [], [], []
        copy.rng = rng.fork()
        return copy

    def clone(self) -> DarkleafState:
        c = DarkleafState.__new__(DarkleafState)
        c.__dict__.update(self.__dict__)
        c.rng = self.rng.clone()
        c.history, c.barriers, c.log = list(self.history), list(self.barriers), list(self.log)
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
        c.last_move = json.loads(json.dumps(self.last_move)) if self.last_move else None
        c.pending = list(self.pending)
        c.used_turn = list(self.used_turn)
        c.setup = list(self.setup)
        return c


class DarkleafGambit(Game):
    id = "darkleaf-gambit"
    title = "Darkleaf Gambit"
    rules_version = 2
    min_players = 2
    max_players = 2
    seat_names = ("Moss", "Amber")
    action_types: ClassVar[tuple[type[Action], ...]] = CORE_ACTIONS

    def __init__(self, clans: dict[str, Clan], make_heuristics: Callable[[], object]) -> None:
        """``clans``: the clan registry (``clans.CLANS``), by option value;
        ``make_heuristics``: the bots' knowledge (``heuristics.Heuristics``)."""
        self.clans = clans
        self.make_heuristics = make_heuristics
        choices = (*clans, "random")
        clan_names = tuple(clans[c].data["name"] for c in clans) + ("Random",)
        notes = tuple(clans[c].data["note"] for c in clans) + (data.RANDOM_NOTE,)
        handicaps = tuple("None" if n == 0 else f"{n} bones" for n in data.HANDICAPS)
        type(self).options = (
            Option("clan1", "First seat's clan", "huldra", choices, clan_names, notes),
            Option("clan2", "Second seat's clan", "murg", choices, clan_names, notes),
            Option("will", "Haggedorn's Will", "blessings", ("blessings", "curses"),
                   ("Blessings", "Curses")),
            Option("handicap1", "First seat's handicap bones", 0, data.HANDICAPS, handicaps),
            Option("handicap2", "Second seat's handicap bones", 0, data.HANDICAPS, handicaps),
        )
        extra = [a for c in clans.values() for a in c.actions if a not in CORE_ACTIONS]
        type(self).action_types = CORE_ACTIONS + tuple(dict.fromkeys(extra))

    def heuristics(self) -> object:
        return self.make_heuristics()

    def resolve_options(self, given: dict[str, Any]) -> dict[str, Any]:
        """The options with defaults filled in; handicap bones go to one player only
        (the text: "one player may" roll and slot them), so both is refused."""
        options = super().resolve_options(given)
        if options["handicap1"] and options["handicap2"]:
            raise ValueError("Handicap bones are for one player only: give them to the "
                             "first seat or to the second, not to both.")
        return options

    def _new_game(self, num_players: int, seed: int, options: dict[str, Any]
                  ) -> DarkleafState:
        return DarkleafState(self, num_players, seed, options)

    def max_actions(self, num_players: int, options: dict[str, Any]) -> int:
        """At most ``2 * ROUND_LIMIT`` turns are played (Electromagnetic Loop's
        extra turns count too), then the game is drawn. In one turn:

        - Upkeep: one call on the Will (one a turn), whose outcome has at most
          2 steps per player, each at most 2 questions (8); a Withdraw empties
          a row, so at most one per skill; relic spends need a token each:
          at most the 20 in the box, plus the one a Relic Gift may add; Proceed.
        - Declare, Roll, one way to carry the roll out, Slot or Keep (4), and
          Tweak's spends, counted with the Upkeep's.
        - Acquiring: at most 2 questions (Adapt), and a knight's move-in (1).
        - Whatever a clan's own turn adds beyond these (the Wibo's second and
          third rolls, Hexen's Hexes and counters): each clan's
          ``extra_turn_actions`` bounds it (the largest counts, whichever
          clans play), its docstring says why.

        Setup: each handicap bone is one Slot or Keep and at most 2 questions;
        each seat's clan answers at most ``setup_actions`` questions.

        >>> from pygame_engine.games.darkleaf_gambit import GAME
        >>> GAME.max_actions(2, {"handicap1": 5, "handicap2": 5}) >= 4330
        True
        """
        skills = max(len(c.skills) for c in self.clans.values())
        extra = max(c.extra_turn_actions for c in self.clans.values())
        per_turn = (1 + 8 + skills + data.RELIC_TOKENS + 1 + 1) + 4 + 3 + extra
        setup = 3 * (options.get("handicap1", 0) + options.get("handicap2", 0))
        setup += 2 * max(c.setup_actions for c in self.clans.values())
        return 2 * data.ROUND_LIMIT * per_turn + setup


__all__ = ["Choice", "DarkleafGambit", "DarkleafState", "Unit"]
