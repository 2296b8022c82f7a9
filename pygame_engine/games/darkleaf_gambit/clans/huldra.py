"""Huldra: roll first, then journey, Hunt at the exact distance, or Leap.

Huldra roll before they say what the roll is for (the clan trait), so they
skip Declare Intent: the roll's actions are their journeys, their Hunts
(``Hunt``: a rival unit exactly the roll away along a clear line in the
unit's Hunt directions), a Pivot sage's journey-then-Hunt (``Pivot``) and
the queen's Leap to her rook (``Leap``). A Hunt on the rival royal puts a
fate chip of the "hunt" set on it; three win. Skills: Long Bow (a pawn
Hunts at the roll or one more, also diagonally), Pivot, Renewal (a bone off
the rival's board), Tweak (reroll), Adapt (a law: swap a bone with the
rival for the rest of the game).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ....core.events import Event
from ....core.game import Action
from ..actions import DarkleafAction, Journey, PickBone, sided
from ..board import DIAGONAL, DIRECTIONS, ORTHOGONAL, RAYS, Choice, Unit, around, distance
from ..clan import Clan
from ..data import square_name
from ..heuristics import MATERIAL, net

if TYPE_CHECKING:
    from ..state import DarkleafState
    from ..view_types import ProgressView

# -- the clan's data --------------------------------------------------------------

HULDRA: dict[str, Any] = {
    "key": "huldra",
    "name": "Huldra",
    "deed": "Hunt",
    "path": "Land three Hunts on the rival royal",
    #: (designed) Place in the clan starting order (1 moves first).
    "order": 6,
    "note": "Hunt the rival royal three times from a distance. Among the simplest: "
            "a good first game.",
    "hunts_to_win": 3,
    # Six four-sided bones: a lone hunter's lucky shot at an exact distance
    # hits one time in four (the text's 25 %).
    "bones": (4, 4, 4, 4, 4, 4),
    "start": (("rook", "a1"), ("knight", "b1"), ("sage", "c1"), ("queen", "d1"),
              ("sage", "f1"), ("knight", "g1"),
              ("pawn", "a2"), ("pawn", "b2"), ("pawn", "c2"), ("pawn", "d2"),
              ("pawn", "e2"), ("pawn", "f2"), ("pawn", "g2"), ("pawn", "h2")),
    "units": {
        "pawn": {"journey": "neighboring", "upto": False, "max": None, "backward": False,
                 "deed": "neighboring"},
        # Rules 15: the knight Hunts along all eight lines (was the diagonals only).
        "knight": {"journey": "adjacent", "upto": False, "max": None, "backward": True,
                   "deed": "adjacent"},
        "sage": {"journey": "diagonal", "upto": True, "max": None, "backward": True,
                 "deed": "diagonal"},
        "rook": {"journey": "neighboring", "upto": True, "max": None, "backward": True,
                 "deed": "none", "invulnerable": True},
        "queen": {"journey": "adjacent", "upto": True, "max": 2, "backward": True,
                  "deed": "adjacent"},
    },
    # (designed) Two sets of fate chips (it was three): the Hunt marks on the
    # rival royal, and one set for both auras (Long Bow sits on pawns, Pivot
    # on sages, so one colour tells them apart).
    "chip_sets": ("hunt", "auras"),
    "chip_uses": {"long_bow": "auras", "pivot": "auras"},
    "skills": (
        {"key": "long_bow", "name": "Long Bow", "type": "aura", "target": "pawn",
         "slots": ("E", "O")},
        {"key": "pivot", "name": "Pivot", "type": "aura", "target": "sage",
         "slots": ("1-2", "3-4")},
        {"key": "renewal", "name": "Renewal", "type": "miracle", "slots": ("1", "4")},
        {"key": "tweak", "name": "Tweak", "type": "relic", "slots": ("2", "O"), "relics": 2},
        {"key": "adapt", "name": "Adapt", "type": "law", "slots": ("*", "*", "*", "*"),
         "sum": (11, 13)},
    ),
}


# -- the clan's actions ------------------------------------------------------------


class Hunt(DarkleafAction, kind="hunt", words="Hunt from {frm} at {target}"):
    frm: int
    target: int


class Pivot(DarkleafAction, kind="pivot", words="Pivot {frm} to {mid}, Hunt at {target}"):
    """A sage with Pivot journeys to ``mid`` and Hunts ``target`` with the rest of the roll."""

    frm: int
    mid: int
    target: int


class Leap(DarkleafAction, kind="leap", words="Leap to {to}"):
    to: int


# -- the clan ---------------------------------------------------------------------


#: (direction, distance) pairs of a Hunt.
HuntLines = tuple[tuple[tuple[int, int], int], ...]


class Huldra(Clan):
    """Huldra: roll first, then journey, Hunt at the exact distance, or Leap."""

    data = HULDRA
    actions = (Hunt, Pivot, Leap)
    royal_path = True

    def __init__(self) -> None:
        super().__init__()
        #: hunt_lines by (the guide's deed directions, roll, Long Bow): asked
        #: for every unit at every roll.
        self._lines: dict[tuple[str, int, bool], HuntLines] = {}

    def rolls_first(self, state: DarkleafState) -> bool:
        return True  # clan trait

    def spendable(self, state: DarkleafState, p: int, when: str) -> list[str]:
        i = self.index("tweak")
        return ["tweak"] if when == "roll" and state.relics[p][i] else []

    def spend(self, state: DarkleafState, p: int, key: str) -> list[Event]:
        value = state.reroll()  # Tweak: reroll the bone
        return [Event("reroll", f"{state.game.seat_name(p)} rerolls with Tweak: {value}.",
                      data={"seat": p, "value": value}, reveal=True)]

    def hunt_lines(self, state: DarkleafState, u: Unit, roll: int) -> HuntLines:
        """(direction, distance) pairs a Hunt by ``u`` may use with ``roll``."""
        bow, deed = "long_bow" in u.auras, self.guide(u)["deed"]
        lines = self._lines.get((deed, roll, bow))
        if lines is None:
            dirs = DIRECTIONS.get(deed, ())
            lengths = [roll]
            if bow:  # may use the roll or the roll + 1, and diagonals
                dirs = tuple(dict.fromkeys(dirs + DIAGONAL))
                lengths = [roll, roll + 1]
            lines = self._lines[(deed, roll, bow)] = tuple(
                (d, k) for d in dirs for k in lengths)
        return lines

    def hunt_targets(self, state: DarkleafState, u: Unit, roll: int, at: int | None = None
                     ) -> list[int]:
        """Rival units a Hunt from ``at`` (default: where ``u`` stands) may strike."""
        rays = RAYS[u.sq if at is None else at]
        board = state.board
        out = []
        for d, k in self.hunt_lines(state, u, roll):
            ray = rays[d]
            # The first unit on the line, if it stands exactly ``k`` away.
            if len(ray) < k or board[ray[k - 1]] < 0:
                continue
            for t in ray[:k - 1]:  # a loop, not any(): generators are slow under Pyodide
                if board[t] >= 0:
                    break
            else:
                target = state.units[board[ray[k - 1]]]
                if target.owner != u.owner and self.huntable(state, target, u.owner):
                    out.append(ray[k - 1])
        out.sort()  # no square twice: one per (direction, distance)
        return out

    @staticmethod
    def huntable(state: DarkleafState, target: Unit, by: int) -> bool:
        if target.royal:
            return not state.has_counter("Sheltering Boughs")
        return state.vanquishable(target, by)

    def roll_first_deeds(self, state: DarkleafState, p: int) -> list[Action]:
        roll = state.roll
        out: list[Action] = []
        mine = state.on_board(p)
        for u in mine:
            out += [Hunt(u.sq, t) for t in self.hunt_targets(state, u, roll)]
        for u in mine:
            if "pivot" in u.auras:
                out += self.pivots(state, u, roll)
        for u in mine:
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
        if isinstance(action, Hunt):
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
            state.chips[p][self.chip_set("hunt")] -= 1
            return [state.event(p, "hunt", f"{name}'s {u.kind} Hunts the rival {target.kind} on "
                                f"{square_name(sq)}: Hunt {self.hunts(state, p)} of "
                                f"{self.data['hunts_to_win']}.", square=sq)]
        events = [state.event(p, "hunt", f"{name}'s {u.kind} Hunts the {target.kind} on "
                              f"{square_name(sq)}.", square=sq)]
        return events + state.strike(target, p, "Hunt")[1]

    def hunts(self, state: DarkleafState, p: int) -> int:
        # Hunt marks go on rival royals only (``hunt``) and leave with a vanquished one.
        units = state.units
        n = 0  # a loop, not sum() of a generator: asked after every action
        for i in state.royal_index[1 - p]:
            n += units[i].marks.get("hunt", 0)
        return n

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

    def progress(self, state: DarkleafState, p: int) -> ProgressView:
        done, need = self.hunts(state, p), self.data["hunts_to_win"]
        return {"text": f"Hunts {done} of {need}", "done": done, "needed": need}

    def bot_value(self, state: DarkleafState, p: int) -> float:
        return _huldra_path(state, p)

    def bot_escapes(self, state: DarkleafState, royal: Unit) -> list[int]:
        return self.leap_squares(state, royal) if royal.kind == "queen" else []

    def bot_score(self, state: DarkleafState, p: int, a: Action, goals: list[int]
                  ) -> float | None:
        if isinstance(a, (Hunt, Pivot)):
            target = state.unit_at(a.target)
            if target is None:
                return 0.0
            return 50.0 if target.royal else 5.0 + MATERIAL.get(target.kind, 1.0)
        if isinstance(a, Leap):  # home to the rook when a rival stands next to her
            threatened = any(
                (x := state.unit_at(t)) is not None and x.owner != p
                for r in state.royals(p) for t in around(r.sq))
            return 5.0 if threatened else -0.5
        return None

    def bot_approach(self, state: DarkleafState, p: int, mover: Unit, a: Journey,
                     before: int, after: int, goals: list[int]) -> float:
        score = 0.6 * (min(before, 4) - min(after, 4)) if after >= 2 else -0.5
        if _sights(state, self, mover, a.frm, a.to, goals):
            score += 3.0  # a clear Hunt line to the royal from there
        return score


# -- the bots' knowledge of the clan (asked by ``heuristics.py``) --------------------
#
# A Hunt landed is a third of the win; each distinct distance at which a
# Huldra unit sees the rival royal along a clear Hunt line is one face of
# the bone that would land the next. A playout takes a Hunt on the royal
# when it can, any other Hunt next; journeys close in to Hunt range and
# favour the squares with a clear line to the royal; the queen Leaps home
# when a rival stands next to her.

HUNT = 8.0  # a Hunt landed: a third of the way
STALK = 3.0  # a distinct distance from which a Hunt could land next roll (1 in 4)
#: Per face of the bone that would land a Hunt next turn wherever the royal
#: goes (its journeys and staying put; the fewest such faces): a royal that
#: steps out of every line each turn is caught only in a net.
NET = 2.0


def _stalks(state: DarkleafState, p: int, clan: Huldra) -> int:
    """Distinct Hunt distances (up to the largest bone) at which ``p``'s units see a rival royal."""
    faces = state.largest_face(p)
    seen: set[int] = set()
    royals = {u.sq for u in state.royals(1 - p)}
    if not royals:
        return 0
    board = state.board
    for u in state.on_board(p):
        reach = faces + (1 if "long_bow" in u.auras else 0)
        rays = RAYS[u.sq]
        for d, k in clan.hunt_lines(state, u, 1):
            if k != 1:
                continue
            for n, t in enumerate(rays[d][:reach], 1):
                if board[t] >= 0:
                    if t in royals:
                        seen.add(n)
                    break
    return len(seen)


def _sights(state: DarkleafState, clan: Huldra, u: Unit, frm: int, at: int,
            royals: list[int]) -> bool:
    """Whether ``u``, moved from ``frm`` to ``at``, would see a rival royal along
    one of its Hunt lines within a bone's reach."""
    board = state.board
    reach = 4 + (1 if "long_bow" in u.auras else 0)
    for (d, k) in clan.hunt_lines(state, u, 1):
        if k != 1:
            continue
        for i, t in enumerate(RAYS[at][d]):
            if i >= reach:
                break
            if t in royals:
                return True
            if board[t] >= 0 and t != frm:
                break
    return False


def _landing_faces(state: DarkleafState, p: int, clan: Huldra, sq: int, gone: int,
                   faces: int) -> int:
    """How many faces of a ``faces``-sided bone would let a Huldra unit of
    ``p`` Hunt a royal standing on ``sq`` (``gone``: the square it left,
    empty by then): a unit first on a line from ``sq`` at distance k lands
    it with a k, and with Long Bow with a k - 1 too."""
    board, units = state.board, state.units
    rolls = 0  # a bit per face
    for d, ray in RAYS[sq].items():
        for i, t in enumerate(ray):
            if i > faces:  # beyond the longest Hunt (a Long Bow's roll + 1)
                break
            if t == gone or board[t] < 0:
                continue
            u = units[board[t]]
            if u.owner == p:
                back = (-d[0], -d[1])
                bow = "long_bow" in u.auras
                if any(line == back for line, _ in clan.hunt_lines(state, u, 1)):
                    if i + 1 <= faces:
                        rolls |= 1 << (i + 1)
                    if bow and i >= 1:
                        rolls |= 1 << i
            break
    return bin(rolls).count("1")


def _net(state: DarkleafState, p: int, clan: Huldra) -> int:
    """The faces that would land a Hunt next turn on the rival royal wherever
    it goes: the fewest over its square and its journeys with any roll."""
    faces = state.largest_face(p)
    return net(state, state.royals(1 - p),
               lambda r, sq: _landing_faces(state, p, clan, sq, r.sq, faces))


def _huldra_path(state: DarkleafState, p: int) -> float:
    clan = state.clans[p]
    assert isinstance(clan, Huldra)
    return (HUNT * clan.hunts(state, p) + STALK * _stalks(state, p, clan)
            + NET * _net(state, p, clan))
