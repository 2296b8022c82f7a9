"""Hexen: a d8 direction bone, Hexes cast after a journey, and two Divine Quarry to vanquish.

Before the first roll the Hexen player names two Divine Quarry among the
rival's non-royal units in the farthest two ranks that are vulnerable and
cannot become invulnerable (``setup_questions``). A Hexen journey reads the
bone as a direction (1 straight ahead, then clockwise; Celestial Compass
adds the two directions beside it) and goes as far as the player wishes
along it. After the journey (or without one, for a sage) the unit that
journeyed may Hex by spending relic tokens, also the ones just earned that
turn (``after_acquire``): Poison Garden marks the territory beneath it
(3 rounds, then rival units on and around it are vanquished), Witch's
Ladder marks a non-Quarry rival on a diagonal at any distance (2 rounds,
then that unit; it may then restart on an adjacent unit, never the Hexen
queen). Counters come off in Hexen Upkeep in the order the Hexen player
chooses. Haggedorn Hoc Vult relocates any unit; Waxing Moon takes a
counter off every Hex.

Hexes live in ``clan_state[p]``: ``gardens`` {square: counters},
``ladders`` {unit id: counters}, each a fate chip off the board's supply.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ....core.events import Event
from ....core.game import Action
from ..actions import Choose, DarkleafAction, Pick
from ..board import DIAGONAL, RAYS, Choice, Unit, around, distance
from ..clan import Clan
from ..data import SIZE, square_name
from ..heuristics import MATERIAL, Threat, worth

if TYPE_CHECKING:
    from ..state import DarkleafState
    from ..view_types import ProgressView, TerritoryMarkView, UnitMarkView

# -- the clan's data --------------------------------------------------------------
#
# Hexen journeys read the bone as a direction (``HEXEN_DIRECTIONS``), so the
# unit guide's ``max`` is None throughout: a unit goes as far as it wishes.

HEXEN: dict[str, Any] = {
    "key": "hexen",
    "name": "Hexen",
    "deed": "Hex",
    "path": "Vanquish both Divine Quarry",
    #: (designed) Place in the clan starting order (1 moves first).
    "order": 2,
    "note": "Name two rival units before the first roll and let your Hexes take both. "
            "The most complex clan.",
    "quarry": 2,
    "quarry_ranks": 2,  # the rival's units in the farthest two ranks
    # Six eight-sided bones: one face per compass direction.
    "bones": (8, 8, 8, 8, 8, 8),
    "start": (("rook", "a1"), ("knight", "b1"), ("sage", "c1"), ("queen", "d1"),
              ("sage", "f1"), ("knight", "g1"), ("rook", "h1"),
              ("pawn", "c2"), ("pawn", "d2"), ("pawn", "e2"), ("pawn", "f2")),
    "units": {
        "pawn": {"journey": "adjacent", "upto": True, "max": None, "backward": True,
                 "deed": "hex"},
        "knight": {"journey": "adjacent", "upto": True, "max": None, "backward": True,
                   "deed": "hex"},
        # Sages may Hex without journeying first.
        "sage": {"journey": "adjacent", "upto": True, "max": None, "backward": True,
                 "deed": "hex", "hex_still": True},
        "rook": {"journey": "adjacent", "upto": True, "max": None, "backward": True,
                 "deed": "hex", "invulnerable": True},
        "queen": {"journey": "adjacent", "upto": True, "max": None, "backward": True,
                  "deed": "hex"},
    },
    "garden_rounds": 3,
    "ladder_rounds": 2,
    # (designed) One set of fate chips for both Hexes (it was two): a chip on a
    # territory is a Poison Garden, one on a unit a Witch's Ladder.
    "chip_sets": ("hexes",),
    "chip_uses": {"poison_garden": "hexes", "witchs_ladder": "hexes"},
    "skills": (
        # One bone a Hex (each was even + odd): the Hexen are the only clan whose
        # deed needs a relic token, so two-bone rows gave one Hex every other turn;
        # measured, docs/darkleaf-gambit-design.md (tuning record item 11).
        {"key": "poison_garden", "name": "Poison Garden", "type": "relic",
         "slots": ("E",), "relics": 2, "when": "hex"},
        # One token held at a time (was two): a second Ladder in reserve let the
        # Hexen strike twice in a turn; tuning record item 30.
        {"key": "witchs_ladder", "name": "Witch's Ladder", "type": "relic",
         "slots": ("O",), "relics": 1, "when": "hex"},
        # Two bones (was 8 + 8 + 1): the one way to bring a fleeing Quarry to a Hex.
        {"key": "hoc_vult", "name": "Haggedorn Hoc Vult", "type": "miracle",
         "slots": ("7-8", "1-2")},
        # One bone, half the faces (was 3-4 + 5-6): a Hex waits two or three rounds
        # and its target walks away; tuning record item 15.
        {"key": "waxing_moon", "name": "Waxing Moon", "type": "miracle",
         "slots": ("3-4-5-6",)},
        {"key": "compass", "name": "Celestial Compass", "type": "law",
         "slots": ("*", "*", "*"), "sum": (19, 24)},
    ),
}

#: Hexen direction bone: face -> (file, rank) step from the first seat's side,
#: clockwise from straight ahead (the second seat's are turned half round).
HEXEN_DIRECTIONS = {1: (0, 1), 2: (1, 1), 3: (1, 0), 4: (1, -1), 5: (0, -1), 6: (-1, -1),
                    7: (-1, 0), 8: (-1, 1)}


class CastGarden(DarkleafAction, kind="garden", words="Poison Garden on {frm}"):
    """Spend a Poison Garden token: mark the territory beneath the unit on ``frm``."""

    frm: int


class CastLadder(DarkleafAction, kind="ladder", words="Witch's Ladder from {frm} on {target}"):
    """Spend a Witch's Ladder token: from the unit on ``frm``, mark the rival on ``target``."""

    frm: int
    target: int


class HexDone(DarkleafAction, kind="hexdone", words="No more Hexes"):
    """Cast no more Hexes now (or let a Witch's Ladder end instead of restarting)."""


def direction(p: int, face: int) -> tuple[int, int]:
    """The (file, rank) step a bone face points to for player ``p`` (1 = forward).

    >>> direction(0, 1), direction(0, 3), direction(1, 1), direction(1, 3)
    ((0, 1), (1, 0), (0, -1), (-1, 0))
    """
    df, dr = HEXEN_DIRECTIONS[(face - 1) % 8 + 1]
    return (df, dr) if p == 0 else (-df, -dr)


class Hexen(Clan):
    """Hexen: curse the ground and the rival's units until both Divine Quarry fall."""

    data = HEXEN
    actions = (CastGarden, CastLadder, HexDone)
    # Per turn: up to 4 casts (two relic rows of 2 tokens) and 2 HexDone; an
    # Upkeep sweep over at most 10 Hexes (there are 5: one set's 5 chips in
    # play; the count keeps the room of two sets) with as many ordering
    # questions and 5 restarts, and Waxing Moon's sweep as many.
    extra_turn_actions: ClassVar[int] = 4 + 2 + 15 + 15 + 2
    setup_actions: ClassVar[int] = 2  # the two Divine Quarry

    # -- setup: Divine Quarry ---------------------------------------------------------------
    def initial_state(self) -> dict[str, Any]:
        return {"quarry": [], "fallen": [], "gardens": {}, "ladders": {}, "journeyed": -1,
                "tick": []}

    def setup_questions(self, state: DarkleafState, p: int) -> list[Choice]:
        return [Choice(p, "quarry"), Choice(p, "quarry")]

    def quarry_candidates(self, state: DarkleafState, p: int) -> list[int]:
        s = state.clan_state[p]
        rival = 1 - p
        ok = [u for u in state.on_board(rival) if not u.royal and u.uid not in s["quarry"]
              and state.vanquishable(u, p)
              and not state.clans[rival].may_become_invulnerable(state, u)]
        seat = state.seat_rank(p)
        far = [u for u in ok if abs(u.sq // SIZE - seat) >= SIZE - self.data["quarry_ranks"]]
        need = self.data["quarry"] - len(s["quarry"])
        # Too few in the farthest ranks (an unusual rival): any eligible unit will do.
        return sorted(u.sq for u in (far if len(far) >= need else ok))

    # -- turn --------------------------------------------------------------------------------
    def rolls_first(self, state: DarkleafState) -> bool:
        return True  # hidden intent: a Hex only ever follows a journey

    def spendable(self, state: DarkleafState, p: int, when: str) -> list[str]:
        return []  # relics are spent by casting (CastGarden, CastLadder)

    def upkeep(self, state: DarkleafState, p: int) -> list[Event]:
        s = state.clan_state[p]
        s["journeyed"] = -1
        return self.start_sweep(state, p)

    def hexes(self, state: DarkleafState, p: int) -> list[str]:
        s = state.clan_state[p]
        return [f"g{k}" for k in s["gardens"]] + [f"l{k}" for k in s["ladders"]]

    def start_sweep(self, state: DarkleafState, p: int) -> list[Event]:
        """Take a counter off every Hex, in the order the Hexen player chooses."""
        state.clan_state[p]["tick"] = self.hexes(state, p)
        return self.sweep(state, p)

    def sweep(self, state: DarkleafState, p: int) -> list[Event]:
        s = state.clan_state[p]
        s["tick"] = [h for h in s["tick"] if h in self.hexes(state, p)]
        restarting = any(c.kind == "ladder_restart" for c in state.pending)
        if len(s["tick"]) >= 2 or (s["tick"] and restarting):  # the next after the restart
            state.pending.append(Choice(p, "hex_tick"))
            return []
        if s["tick"]:
            hex_id = s["tick"].pop()
            return self.tick(state, p, hex_id) + self.sweep(state, p)
        return []

    def hex_name(self, state: DarkleafState, hex_id: str) -> str:
        if hex_id[0] == "g":
            return f"Poison Garden on {square_name(int(hex_id[1:]))}"
        u = state.units[int(hex_id[1:])]
        return f"Witch's Ladder on the {u.kind} on {square_name(u.sq)}"

    @staticmethod
    def tick_option(state: DarkleafState, hex_id: str) -> str:
        """A Hex as the player names it: "garden:e4", "ladder:e5" (the host's square)."""
        if hex_id[0] == "g":
            return f"garden:{square_name(int(hex_id[1:]))}"
        return f"ladder:{square_name(state.units[int(hex_id[1:])].sq)}"

    def tick(self, state: DarkleafState, p: int, hex_id: str) -> list[Event]:
        s = state.clan_state[p]
        name = state.game.seat_name(p)
        table = s["gardens"] if hex_id[0] == "g" else s["ladders"]
        key = hex_id[1:]
        what = self.hex_name(state, hex_id)
        table[key] -= 1
        if table[key] > 0:
            return [state.event(p, "counter", f"{name}'s {what}: {table[key]} to go.")]
        del table[key]
        chip = "poison_garden" if hex_id[0] == "g" else "witchs_ladder"
        state.chips[p][self.chip_set(chip)] += 1
        if hex_id[0] == "g":
            return self.bloom(state, p, int(key))
        return self.climb(state, p, state.units[int(key)])

    def bloom(self, state: DarkleafState, p: int, sq: int) -> list[Event]:
        """Poison Garden resolves: rival units on the territory and around it are vanquished."""
        events = [state.event(p, "garden", f"{state.game.seat_name(p)}'s Poison Garden on "
                              f"{square_name(sq)} blooms.", square=sq)]
        for t in [sq, *around(sq)]:
            x = state.unit_at(t)
            if x is not None and x.owner != p:
                events += state.strike(x, p, "Poison Garden")[1]
        return events

    def climb(self, state: DarkleafState, p: int, u: Unit) -> list[Event]:
        """Witch's Ladder resolves on ``u``: vanquished (then it may restart next to
        where ``u`` stood), its aura of protection lost (then it must move on or end),
        or nothing at all if ``u`` is invulnerable now."""
        name = state.game.seat_name(p)
        if u.sq < 0:
            return []
        sq = u.sq
        if not state.vanquishable(u, p):
            return [state.event(p, "ladder", f"{name}'s Witch's Ladder on the {u.kind} on "
                                f"{square_name(sq)} is dispelled: the unit is invulnerable.",
                                square=sq)]
        result, events = state.strike(u, p, "Witch's Ladder")
        restart = Choice(p, "ladder_restart", arg=str(sq), num=u.uid)
        if result in ("vanquished", "shielded") and self.restart_targets(state, p, restart):
            state.pending.insert(0, restart)
        return events

    # -- journeys ---------------------------------------------------------------------------
    def faces(self, state: DarkleafState, p: int, roll: int) -> list[int]:
        if "compass" in state.laws[p]:
            return [roll, roll % 8 + 1, (roll - 2) % 8 + 1]  # +1 and -1, round the compass
        return [roll]

    def destinations(self, state: DarkleafState, u: Unit, roll: int | None) -> list[int]:
        """Along the rolled direction as far as wished, until a unit or the edge."""
        r = state.roll if roll is None else roll
        cap = 99
        if state.has_counter("Mire"):
            cap = 1
        if "Heavy Tread" in state.marked:
            cap = min(cap, 3)
        out: set[int] = set()
        for face in self.faces(state, u.owner, r):
            for t in RAYS[u.sq][direction(u.owner, face)][:cap]:
                if state.board[t] >= 0:
                    break
                if self.may_end_journey(state, u, t):
                    out.add(t)
        return sorted(out)

    def journey(self, state: DarkleafState, u: Unit, to: int) -> list[Event]:
        state.clan_state[u.owner]["journeyed"] = u.uid
        return super().journey(state, u, to)

    def after_execute(self, state: DarkleafState, p: int) -> list[Event]:
        if self.casts(state, p):
            state.pending.append(Choice(p, "hex"))
        return []

    def after_acquire(self, state: DarkleafState, p: int, key: str) -> list[Event]:
        # Clan trait: a relic may be spent the turn it is earned.
        if (state.turns > 0 and key in ("poison_garden", "witchs_ladder")
                and self.casts(state, p)):
            state.pending.append(Choice(p, "hex"))
        return []

    # -- Hexes --------------------------------------------------------------------------------
    def casters(self, state: DarkleafState, p: int) -> list[Unit]:
        """The unit that journeyed this turn, and every sage (they Hex without a journey)."""
        s = state.clan_state[p]
        out = [u for u in state.on_board(p) if u.uid == s["journeyed"]
               or self.guide(u).get("hex_still")]
        return [u for u in out if state.usable(u)]

    def ladder_targets(self, state: DarkleafState, u: Unit) -> list[int]:
        """Non-Quarry rivals on ``u``'s diagonals, at any distance, through any unit."""
        p = u.owner
        s = state.clan_state[p]
        out = []
        for d in DIAGONAL:
            for t in RAYS[u.sq][d]:
                x = state.unit_at(t)
                if (x is not None and x.owner != p and x.uid not in s["quarry"]
                        and str(x.uid) not in s["ladders"] and state.vanquishable(x, p)):
                    out.append(t)
        return sorted(out)

    def casts(self, state: DarkleafState, p: int) -> list[Action]:
        s = state.clan_state[p]
        garden = (state.relics[p][self.index("poison_garden")] > 0
                  and state.chips[p][self.chip_set("poison_garden")] > 0)
        ladder = (state.relics[p][self.index("witchs_ladder")] > 0
                  and state.chips[p][self.chip_set("witchs_ladder")] > 0)
        out: list[Action] = []
        for u in self.casters(state, p):
            if garden and str(u.sq) not in s["gardens"]:
                out.append(CastGarden(u.sq))
            if ladder:
                out += [CastLadder(u.sq, t) for t in self.ladder_targets(state, u)]
        return out

    def cast(self, state: DarkleafState, p: int, action: Action) -> list[Event]:
        s = state.clan_state[p]
        name = state.game.seat_name(p)
        key = "poison_garden" if isinstance(action, CastGarden) else "witchs_ladder"
        state.relics[p][self.index(key)] -= 1
        state.relic_pool += 1
        state.chips[p][self.chip_set(key)] -= 1
        if isinstance(action, CastGarden):
            s["gardens"][str(action.frm)] = self.data["garden_rounds"]
            text = (f"{name} Hexes the territory {square_name(action.frm)}: Poison Garden "
                    f"({self.data['garden_rounds']} rounds).")
            square = action.frm
        else:
            assert isinstance(action, CastLadder)
            x = state.unit_at(action.target)
            assert x is not None
            s["ladders"][str(x.uid)] = self.data["ladder_rounds"]
            text = (f"{name} casts Witch's Ladder on the {x.kind} on "
                    f"{square_name(action.target)} ({self.data['ladder_rounds']} rounds).")
            square = action.target
        return [state.event(p, "hex", text, square=square, skill=key)]

    def restart_targets(self, state: DarkleafState, p: int, c: Choice) -> list[int]:
        """Where a Ladder vanquished off its host may climb: any unit next to
        where the host stood that it could vanquish, but never the Hexen's own
        queen (a designed reading: the text leaves it open, and a queen felled
        by its own curse would leave a rival whose path strikes the royal with
        no way to win; see docs/darkleaf-gambit-design.md)."""
        s = state.clan_state[p]
        if state.chips[p][self.chip_set("witchs_ladder")] <= 0:
            return []
        sq = int(c.arg)
        return [t for t in around(sq) if (x := state.unit_at(t)) is not None
                and x.uid != c.num and str(x.uid) not in s["ladders"]
                and not (x.royal and x.owner == p) and state.vanquishable(x, p)]

    # -- skills -----------------------------------------------------------------------------
    def miracle_applies(self, state: DarkleafState, p: int, key: str) -> bool:
        if key == "waxing_moon":
            return bool(self.hexes(state, p))
        if key == "hoc_vult":
            return any(u.sq >= 0 and state.move_limit(u) != 0 and not state.stuck(u)
                       and self.can_relocate(state, u) for u in state.units)
        return True

    def miracle(self, state: DarkleafState, p: int, key: str) -> list[Event]:
        if key == "waxing_moon":
            return [state.event(p, "waxing", f"{state.game.seat_name(p)} calls the Waxing "
                                "Moon: every Hex loses a counter.")] + self.start_sweep(state, p)
        state.pending.append(Choice(p, "hoc_vult"))
        return []

    def movable(self, state: DarkleafState) -> list[int]:
        return [u.sq for u in state.units if u.sq >= 0 and state.move_limit(u) != 0
                and not state.stuck(u) and self.can_relocate(state, u)]

    def can_relocate(self, state: DarkleafState, u: Unit) -> bool:
        """Whether ``relocations`` has a square (stops at the first: asked on every Upkeep)."""
        limit = state.move_limit(u)
        return any(state.open_for(u, t) and (limit is None or distance(t, u.sq) <= limit)
                   for t in range(64))

    def relocations(self, state: DarkleafState, u: Unit) -> list[int]:
        limit = state.move_limit(u)
        return [t for t in range(64) if state.open_for(u, t)
                and (limit is None or distance(t, u.sq) <= limit)]

    # -- questions ---------------------------------------------------------------------------
    def choice_options(self, state: DarkleafState, c: Choice) -> list[Action]:
        p = c.player
        if c.kind == "quarry":
            return [Pick(t) for t in self.quarry_candidates(state, p)]
        if c.kind == "hex":
            casts = self.casts(state, p)
            return [*casts, HexDone()] if casts else []
        if c.kind == "hex_tick":
            return [Choose(self.tick_option(state, h)) for h in state.clan_state[p]["tick"]]
        if c.kind == "ladder_restart":
            targets = self.restart_targets(state, p, c)
            return [*(Pick(t) for t in targets), HexDone()] if targets else []
        if c.kind == "hoc_vult":
            return [Pick(t) for t in self.movable(state)]
        if c.kind == "hoc_vult_to":
            return [Pick(t) for t in self.relocations(state, state.units[c.num])]
        return []

    def resolve_choice(self, state: DarkleafState, c: Choice, action: Action) -> list[Event]:
        p = c.player
        s = state.clan_state[p]
        name = state.game.seat_name(p)
        if c.kind == "hex":
            if isinstance(action, HexDone):
                return []
            events = self.cast(state, p, action)
            if self.casts(state, p):
                state.pending.insert(0, Choice(p, "hex"))
            return events
        if c.kind == "hex_tick":
            assert isinstance(action, Choose)
            hex_id = next(h for h in s["tick"] if self.tick_option(state, h) == action.option)
            s["tick"].remove(hex_id)
            return self.tick(state, p, hex_id) + self.sweep(state, p)
        if c.kind == "ladder_restart":
            if isinstance(action, HexDone):
                return [state.event(p, "ladder", f"{name}'s Witch's Ladder ends.")]
            assert isinstance(action, Pick)
            x = state.unit_at(action.square)
            assert x is not None
            state.chips[p][self.chip_set("witchs_ladder")] -= 1
            s["ladders"][str(x.uid)] = self.data["ladder_rounds"]
            return [state.event(p, "ladder", f"{name}'s Witch's Ladder climbs onto the {x.kind} "
                                f"on {square_name(x.sq)}.", square=x.sq)]
        assert isinstance(action, Pick)
        if c.kind == "quarry":
            x = state.unit_at(action.square)
            assert x is not None
            s["quarry"].append(x.uid)
            return [state.event(p, "quarry", f"{name} names the {x.kind} on "
                                f"{square_name(x.sq)} Divine Quarry.", square=x.sq)]
        if c.kind == "hoc_vult":
            state.pending.insert(0, Choice(p, "hoc_vult_to", num=state.board[action.square]))
            return []
        if c.kind == "hoc_vult_to":
            u = state.units[c.num]
            frm = u.sq
            state.move(u, action.square)
            return [state.event(p, "relocate", f"{name} relocates the {u.kind} on "
                                f"{square_name(frm)} to {square_name(action.square)} "
                                "(Haggedorn Hoc Vult).", frm=frm, to=action.square)]
        return []

    def prompt(self, state: DarkleafState, c: Choice) -> str:
        if c.kind == "ladder_restart":
            return (f"Witch's Ladder left {square_name(int(c.arg))}: choose an adjacent unit it "
                    "climbs onto, or let it end")
        return {"quarry": "choose a rival unit as Divine Quarry",
                "hex": "cast a Hex from the unit that journeyed (or a sage), or stop",
                "hex_tick": "choose the Hex whose counter comes off next",
                "hoc_vult": "choose the unit Haggedorn Hoc Vult relocates",
                "hoc_vult_to": "choose where it goes"}.get(c.kind, c.kind)

    # -- marks and losses -----------------------------------------------------------------------
    def witness_loss(self, state: DarkleafState, u: Unit) -> None:
        for p in (0, 1):
            if state.clan_keys[p] != self.key:
                continue
            s = state.clan_state[p]
            if s["ladders"].pop(str(u.uid), None) is not None:  # leaves with its host
                state.chips[p][self.chip_set("witchs_ladder")] += 1
            if u.uid in s["quarry"] and u.uid not in s["fallen"]:
                s["fallen"].append(u.uid)

    def became_invulnerable(self, state: DarkleafState, u: Unit) -> list[Event]:
        events: list[Event] = []
        for p in (0, 1):
            if state.clan_keys[p] == self.key and state.clan_state[p]["ladders"].pop(
                    str(u.uid), None) is not None:
                state.chips[p][self.chip_set("witchs_ladder")] += 1
                events.append(state.event(p, "ladder", f"The Witch's Ladder on the {u.kind} on "
                                          f"{square_name(u.sq)} is dispelled.", square=u.sq))
        return events

    def chips_elsewhere(self, state: DarkleafState, p: int) -> int:
        s = state.clan_state[p]
        return len(s["gardens"]) + len(s["ladders"])

    def territory_marks(self, state: DarkleafState, p: int) -> list[TerritoryMarkView]:
        who = state.game.seat_name(p)
        return [{"square": int(k), "kind": "poison_garden", "seat": p, "letter": "PG",
                 "rounds": n, "label": f"Poison Garden of {who} (Hexen): {n} "
                 f"round{'s' if n != 1 else ''} left, then rival units on it and around it "
                 "are vanquished"} for k, n in state.clan_state[p]["gardens"].items()]

    def unit_marks(self, state: DarkleafState, p: int) -> list[UnitMarkView]:
        s = state.clan_state[p]
        out: list[UnitMarkView] = [
            {"unit": uid, "kind": "quarry", "seat": p, "letter": "Q",
             "label": "Divine Quarry of Hexen"} for uid in s["quarry"]
            if uid not in s["fallen"] and state.units[uid].sq >= 0]
        out += [{"unit": int(k), "kind": "witchs_ladder", "seat": p, "letter": f"L{n}",
                 "label": f"Witch's Ladder: {n} round{'s' if n != 1 else ''} left"}
                for k, n in s["ladders"].items()]
        return out

    # -- path ------------------------------------------------------------------------------------
    def won(self, state: DarkleafState, p: int) -> bool:
        s = state.clan_state[p]
        return len(s["fallen"]) >= self.data["quarry"]

    def progress(self, state: DarkleafState, p: int) -> ProgressView:
        s = state.clan_state[p]
        done, need = len(s["fallen"]), self.data["quarry"]
        return {"text": f"Quarry vanquished {done} of {need}", "done": done, "needed": need}

    def bot_value(self, state: DarkleafState, p: int) -> float:
        return _hexen_path(state, p)

    def bot_goals(self, state: DarkleafState, p: int) -> list[int]:
        return _hexen_goals(state, p)

    def bot_score(self, state: DarkleafState, p: int, a: Action, goals: list[int]
                  ) -> float | None:
        return _hexen_score(state, p, a)

    def bot_threats(self, state: DarkleafState, p: int) -> Threat | None:
        return _hexen_threats(state, p)


# -- the bots' knowledge of the clan (asked by ``heuristics.py``) --------------------
#
# Hexen: each fallen Quarry is half the win; a Poison Garden or a Witch's
# Ladder that would take a Quarry (or a unit next to one, for the Ladder to
# climb) is worth more the nearer it is to resolving; Hexen units near the
# Quarry come next. Any Hex under way counts too: a Ladder's host is as good
# as lost (whoever owns it), the rival units in a Garden's reach a little.

QUARRY_FALLEN = 14.0
QUARRY_HEXED = 5.0  # a Hex that would take a Quarry, at its last counter
QUARRY_NEAR = 0.3  # per territory between the nearest Hexen unit and a Quarry
#: A Quarry its owner may shield again and again with an aura of protection
#: (The Murg's Iron Plating on a pawn) may take two vanquishes or more: the
#: compendium calls naming one ill-advised.
QUARRY_SHIELDED = 3.0
#: A Witch's Ladder is a vanquish already under way: its host cannot walk out
#: of it, so the unit is (nearly) as good as lost, the Hexen's own included
#: (a Ladder restarted on a Hexen unit with no Quarry beside it only costs).
LADDER_TAKES = 0.8
#: A rival unit in a Poison Garden's reach may still leave it.
GARDEN_TAKES = 0.3


def _hexen_quarry(state: DarkleafState, p: int) -> list[Unit]:
    s = state.clan_state[p]
    return [state.units[i] for i in s["quarry"] if state.units[i].sq >= 0
            and i not in s["fallen"]]


def _shieldable(state: DarkleafState, u: Unit) -> bool:
    """Whether ``u``'s clan has an aura of protection for units of its kind
    (a skill's ``target``, as ``Clan.aura_targets`` reads it)."""
    return any(k["type"] == "aura" and k.get("protect") and k.get("target") == u.kind
               for k in state.clans[u.owner].data["skills"])


def _hexen_path(state: DarkleafState, p: int) -> float:
    s = state.clan_state[p]
    value = QUARRY_FALLEN * len(s["fallen"])
    quarry = _hexen_quarry(state, p)
    value -= QUARRY_SHIELDED * sum(1 for q in quarry if _shieldable(state, q))
    gardens = {int(k): n for k, n in s["gardens"].items()}
    ladders = {int(k): n for k, n in s["ladders"].items()}
    mine = state.on_board(p)
    for q in quarry:
        for g, n in gardens.items():
            if distance(g, q.sq) <= 1:
                value += QUARRY_HEXED / n
        for uid, n in ladders.items():
            host = state.units[uid]
            if uid == q.uid:
                value += QUARRY_HEXED / n
            elif host.sq >= 0 and distance(host.sq, q.sq) == 1:
                value += 0.5 * QUARRY_HEXED / n
        if mine:
            value -= QUARRY_NEAR * min(distance(u.sq, q.sq) for u in mine)
    for uid in ladders:
        host = state.units[uid]
        if host.sq >= 0:
            worth = LADDER_TAKES * MATERIAL.get(host.kind, 1.0)
            value += -worth if host.owner == p else worth
    for g, n in gardens.items():
        for t in [g, *around(g)]:
            x = state.unit_at(t)
            if x is not None and x.owner != p:
                value += GARDEN_TAKES * MATERIAL.get(x.kind, 1.0) / n
    return value


def _gardens(state: DarkleafState, p: int) -> dict[int, int]:
    """The Hexen's Poison Gardens: territory, counters left."""
    return {int(g): n for g, n in state.clan_state[p]["gardens"].items()}


def _hexen_threats(state: DarkleafState, p: int) -> Threat | None:
    """A rival unit in a Poison Garden's reach is lost if it stays until the
    Garden blooms: its worth, the more the fewer the counters left."""
    gardens = _gardens(state, p)
    if not gardens:
        return None

    def harm(u: Unit, sq: int) -> float:
        near = [1.0 / n for g, n in gardens.items() if distance(g, sq) <= 1]
        return max(near) * worth(u) if near and state.vanquishable(u, p) else 0.0
    return harm


def _hexen_goals(state: DarkleafState, p: int) -> list[int]:
    quarry = _hexen_quarry(state, p)
    return [q.sq for q in quarry] or [u.sq for u in state.on_board(1 - p)]


def _hexen_score(state: DarkleafState, p: int, a: Action) -> float | None:
    quarry = {q.sq for q in _hexen_quarry(state, p)}
    if isinstance(a, CastGarden):
        worth = 0.0
        for t in [a.frm, *around(a.frm)]:
            x = state.unit_at(t)
            if x is not None and x.owner != p and state.vanquishable(x, p):
                worth += 6.0 if t in quarry else 1.0 + MATERIAL.get(x.kind, 1.0)
        return 1.0 + worth
    if isinstance(a, CastLadder):
        near = any(distance(a.target, q) == 1 for q in quarry)
        x = state.unit_at(a.target)
        return 2.0 + (4.0 if near else 0.0) + (MATERIAL.get(x.kind, 1.0) if x else 0.0)
    if isinstance(a, HexDone):
        return 0.8
    if state.pending and state.pending[0].kind == "ladder_restart" and isinstance(a, Pick):
        x = state.unit_at(a.square)
        if x is None:
            return 0.0
        if a.square in quarry:
            return 10.0
        if x.owner == p:
            return -5.0
        return 3.0 + (3.0 if any(distance(a.square, q) == 1 for q in quarry) else 0.0)
    if state.pending and state.pending[0].kind in ("hoc_vult", "hoc_vult_to") \
            and isinstance(a, Pick):
        return _hoc_vult_score(state, p, state.pending[0], a.square, quarry)
    if state.pending and state.pending[0].kind == "quarry" and isinstance(a, Pick):
        x = state.unit_at(a.square)  # the ones nearest the Hexen come first, unshielded
        if x is None:
            return 0.0
        return -distance(a.square, state.own_square(p, 3)) \
            - (QUARRY_SHIELDED if _shieldable(state, x) else 0.0)  # d1, its side
    return None


def _hoc_vult_score(state: DarkleafState, p: int, c: Choice, sq: int, quarry: set[int]
                    ) -> float:
    """Haggedorn Hoc Vult in a playout: a Quarry into the reach of the Garden
    nearest to blooming; with no Garden, a Hexen sage (it Hexes without a
    journey) beside a Quarry."""
    gardens = _gardens(state, p)
    if c.kind == "hoc_vult":  # which unit
        x = state.unit_at(sq)
        if x is None:
            return 0.0
        if sq in quarry and gardens:
            return 10.0
        return 4.0 if x.owner == p and x.kind == "sage" and quarry and not gardens else 0.0
    u = state.units[c.num]  # where to
    if u.sq in quarry:
        return max((10.0 / n for g, n in gardens.items() if distance(g, sq) <= 1), default=0.0)
    if u.owner == p and quarry:
        return 5.0 - min(distance(sq, q) for q in quarry)
    return 0.0
