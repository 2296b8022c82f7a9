"""Erde: Reclaim the four centre territories, then bring the king onto one.

- Split journeys: a journey roll may be shared by two units (three after
  Metamorphic, spent on a roll of 3 or more). Each part is the distance a
  unit covers. A part that is a whole journey for its unit (an exact unit
  using the rest of the roll, an "up to" or capped unit within it) may end
  the journey; a shorter exact part is a split and is offered only when
  another unit can then use the rest, which it must.
- Reclaimed territories (fate chips of the "reclaimed" set) are closed to
  rival units: they pass through but never end there, by journey, push,
  Tremor, rekindle or relocation (``blocks``, so ``state.open_for``,
  ``state.closed`` and ``state.placements(..., unit)`` all see it). An Erde
  unit starting its journey on one may go in any of the eight directions.
- Reclaim (the deed, declared on a pawn standing on a centre territory not
  yet Reclaimed): 6+ (5+ under One With the Land) marks the territory and
  relocates the pawn next to the Erde king (next best placement).
- Thick Skin (``untargetable``): only a clan whose path is to strike down
  the royal (``Clan.royal_path``) can vanquish the Erde king; Morph, Hexes
  and Witch's Ladder must skip it (``state.vanquishable(king, by)`` is False
  for them).
- The wall: an Erde sage side by side in its rank with an Erde rook, or
  with a sage that is, is invulnerable.
- Skills: Banish (relic: each rival unit on a centre territory relocated
  into the Woods, Erde choosing where), That Which Cannot Be Destroyed (a
  pawn rekindled next to an Erde rook), Metamorphic (relic, after a 3+:
  three units), Sink (vanquish a rival unit), One With the Land (law).
- The path: the king may not end a journey on a centre territory until all
  four are Reclaimed; its journey onto one then wins. In a mirror match
  (designed: the text has none) the two Erde's Reclaims count together, and
  a king walks in only onto its own seat's, with at least two of the four
  its own (``all_reclaimed``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ....core.events import Event
from ....core.game import Action
from ..actions import Cancel, Declare, Journey, Pick, Slot, Spend
from ..board import ALL_DIRECTIONS, RAYS, Choice, Unit, around, distance
from ..clan import Clan
from ..data import SIZE, square_id, square_name
from ..heuristics import MATERIAL

if TYPE_CHECKING:
    from ..state import DarkleafState
    from ..view_types import ProgressView, TerritoryMarkView

# -- the clan's data --------------------------------------------------------------
#
# Extra entries: ``centre`` the four territories to Reclaim (board names);
# the sage's ``wall``: a sage side by side in a rank with an Erde rook, or
# with a sage that is, is invulnerable.

ERDE: dict[str, Any] = {
    "key": "erde",
    "name": "Erde",
    "deed": "Reclaim",
    "path": "Reclaim the 4 centre territories, then journey the king onto one",
    #: (designed) Place in the clan starting order (1 moves first).
    "order": 1,
    "note": "Claim the four centre territories, then walk the king onto one. More involved.",
    # Six ten-sided bones: Reclaim asks "6 or higher", so the bones go past 6;
    # ten sides (rules 9; were eight) make it an even chance, 5 in 10, and
    # give the split journey longer rolls to share (the design notes, item 16).
    "bones": (10, 10, 10, 10, 10, 10),
    "reclaim_need": 6,
    "reclaim_need_law": 5,
    "centre": ("d4", "e4", "d5", "e5"),
    # (designed, rules 18) In a mirror match, how many of the four a seat must
    # have Reclaimed itself before its king may walk in (``Erde.all_reclaimed``).
    "mirror_share": 2,
    "split": 2,  # units a journey roll may be split between
    "split_metamorphic": 3,
    "metamorphic_roll": 3,
    "start": (("rook", "a1"), ("knight", "b1"), ("sage", "c1"), ("king", "e1"),
              ("sage", "f1"), ("knight", "g1"), ("rook", "h1"),
              ("pawn", "a2"), ("pawn", "b2"), ("pawn", "c2"), ("pawn", "d2"),
              ("pawn", "e2"), ("pawn", "f2"), ("pawn", "g2"), ("pawn", "h2")),
    "units": {
        # "Backward movement is not possible for most units": all but rook and king.
        "pawn": {"journey": "neighboring", "upto": False, "max": None, "backward": False,
                 "deed": "reclaim"},
        "knight": {"journey": "adjacent", "upto": False, "max": None, "backward": False,
                   "deed": "none"},
        "sage": {"journey": "diagonal", "upto": True, "max": None, "backward": False,
                 "deed": "none", "wall": True},
        "rook": {"journey": "neighboring", "upto": True, "max": None, "backward": True,
                 "deed": "none", "invulnerable": True},
        # Thick Skin: only a clan whose path is to strike down the royal can vanquish it.
        "king": {"journey": "adjacent", "upto": True, "max": 2, "backward": True,
                 "deed": "none", "thick_skin": True},
    },
    # "reclaimed": the chips marking Reclaimed territories.
    "chip_sets": ("reclaimed",),
    "skills": (
        {"key": "banish", "name": "Banish", "type": "relic", "slots": ("7-8", "1-2"),
         "relics": 1},
        {"key": "undying", "name": "That Which Cannot Be Destroyed", "type": "miracle",
         "slots": ("E", "O")},
        {"key": "metamorphic", "name": "Metamorphic", "type": "relic", "slots": ("O", "O"),
         "relics": 2, "when": "roll"},
        # An even and an odd bone (rules 7; was 8, 7, 1-2): Sink is Erde's one
        # answer to a unit coming for its pawns (the design notes, item 14).
        {"key": "sink", "name": "Sink", "type": "miracle", "slots": ("E", "O")},
        {"key": "one_with_land", "name": "One With the Land", "type": "law",
         "slots": ("*", "*", "*"), "sum": (6, 9)},
    ),
}


CENTRE = tuple(square_id(n) for n in ERDE["centre"])


class Erde(Clan):
    """Erde: split journeys, Reclaim with 6+, Reclaimed land closed to rivals."""

    data = ERDE
    #: Beyond the core's count: two more parts of a split journey and the
    #: End of a journey (3); a Reclaim's relocation (1); Banish relocates at
    #: most the 4 units on the centre (4); Sink's or That Which Cannot Be
    #: Destroyed's choice (1).
    extra_turn_actions: ClassVar[int] = 9

    # -- Reclaimed land ------------------------------------------------------------------
    @staticmethod
    def reclaimed(state: DarkleafState, p: int) -> list[int]:
        out: list[int] = state.clan_state[p].get("reclaimed", [])
        return out

    def blocks(self, state: DarkleafState, sq: int, u: Unit) -> bool:
        q = 1 - u.owner  # only the rival's Reclaimed land is closed to ``u``
        return state.clans[q] is self and sq in state.clan_state[q].get("reclaimed", ())

    def territory_marks(self, state: DarkleafState, p: int) -> list[TerritoryMarkView]:
        who = state.game.seat_name(p)
        return [{"square": sq, "kind": "reclaimed", "seat": p, "letter": "R",
                 "label": f"Reclaimed by {who} (Erde): closed to rival units"}
                for sq in self.reclaimed(state, p)]

    def chips_elsewhere(self, state: DarkleafState, p: int) -> int:
        return len(self.reclaimed(state, p))

    # -- defence ----------------------------------------------------------------------------
    def untargetable(self, state: DarkleafState, u: Unit, by: int | None) -> bool:
        """Thick Skin: only clans whose path strikes down the royal may vanquish the king."""
        return (bool(self.guide(u).get("thick_skin")) and by is not None and by != u.owner
                and not state.clans[by].royal_path)

    def in_wall(self, state: DarkleafState, u: Unit) -> bool:
        """A sage side by side in its rank with an Erde rook, directly or through sages."""
        if not self.guide(u).get("wall") or u.sq < 0:
            return False
        for df in (1, -1):
            for t in RAYS[u.sq][(df, 0)]:
                x = state.unit_at(t)
                if x is None or x.owner != u.owner:
                    break
                if x.kind == "rook":
                    return True
                if not self.guide(x).get("wall"):
                    break
        return False

    def vulnerable(self, state: DarkleafState, u: Unit, by: int | None) -> bool:
        return super().vulnerable(state, u, by) and not self.in_wall(state, u)

    def may_become_invulnerable(self, state: DarkleafState, u: Unit) -> bool:
        """A sage may join the wall (so it is never chosen as Hexen's Divine Quarry)."""
        return bool(self.guide(u).get("wall"))

    # -- journeys ----------------------------------------------------------------------------
    def moves(self, state: DarkleafState, u: Unit, longest: int) -> list[tuple[int, int]]:
        """(territory, distance) pairs ``u`` could journey to, up to ``longest``:
        straight lines, no leap-frog, no backward unless the unit may or starts
        on Reclaimed land (then any direction)."""
        p = u.owner
        guide = self.guide(u)
        free = u.sq in self.reclaimed(state, p)
        dirs = ALL_DIRECTIONS if free else self.journey_directions(state, u)
        fwd = state.forward(p)
        board = state.board
        waits = u.kind == "king" and not self.all_reclaimed(state, p)  # may_end_journey
        out = []
        for d in dirs:
            if d[1] == -fwd and not guide["backward"] and not free:
                continue
            for k, t in enumerate(RAYS[u.sq][d][:longest], 1):
                if board[t] >= 0:
                    break  # no journey ends on a unit, nor leaps over it
                if not (waits and t in CENTRE) and state.open_for(u, t):
                    out.append((t, k))
        return out

    def may_end_journey(self, state: DarkleafState, u: Unit, to: int) -> bool:
        if u.kind == "king" and to in CENTRE and not self.all_reclaimed(state, u.owner):
            return False  # the king waits until all four are Reclaimed
        return state.open_for(u, to)

    def all_reclaimed(self, state: DarkleafState, p: int) -> bool:
        """All four centre territories Reclaimed: the king may walk in. In a
        mirror match the rival Erde's Reclaimed territories count too (our
        reading: see ``centre_reclaimed``), and the king walks in only if its
        own seat Reclaimed at least ``mirror_share`` of them. Without that
        share, at three of four whichever seat Reclaimed the last would let
        the rival king walk in first, so neither did, and games stood still
        until the round limit."""
        done = self.centre_reclaimed(state, p)
        if not all(sq in done for sq in CENTRE):
            return False
        if isinstance(state.clans[1 - p], Erde):
            return len(self.reclaimed(state, p)) >= self.data["mirror_share"]
        return True

    def shut_out(self, state: DarkleafState, p: int) -> bool:
        """In a mirror match: whether ``p`` can no longer come to hold
        ``mirror_share`` of the centre (the rival Erde holds too much of it;
        a Reclaim is never undone), so its king will never walk in."""
        if not isinstance(state.clans[1 - p], Erde):
            return False
        done = self.centre_reclaimed(state, p)
        still_open = sum(1 for sq in CENTRE if sq not in done)
        return len(self.reclaimed(state, p)) + still_open < self.data["mirror_share"]

    def centre_reclaimed(self, state: DarkleafState, p: int) -> set[int]:
        """The centre territories Reclaimed by Erde: ``p``'s own and, in a mirror
        match (designed: the text has none), the rival Erde's. A territory one
        Erde Reclaimed is closed to the other, so counting only one's own
        would shut both paths as soon as each held one."""
        done = set(self.reclaimed(state, p))
        if isinstance(state.clans[1 - p], Erde):
            done.update(self.reclaimed(state, 1 - p))
        return done

    def destinations(self, state: DarkleafState, u: Unit, roll: int | None) -> list[int]:
        reach = set(state.journey_reach(u.owner, u, roll))
        return sorted({t for t, k in self.moves(state, u, max(reach, default=0)) if k in reach})

    def _split(self, state: DarkleafState, p: int) -> dict[str, Any]:
        st = state.clan_state[p]
        if st.get("split_turn") != state.turns:
            parts = self.data["split"]
            if "metamorphic" in state.used_turn:
                parts = self.data["split_metamorphic"]
            return {"left": state.roll, "parts": parts, "moved": [], "must": False,
                    "started": False}
        return {"left": st["split_left"], "parts": st["split_parts"],
                "moved": list(st["split_moved"]), "must": st["split_must"], "started": True}

    def _candidates(self, state: DarkleafState, p: int, left: int, moved: list[int],
                    reaches: dict[str, list[set[int]]]) -> dict[int, list[tuple[int, int]]]:
        out: dict[int, list[tuple[int, int]]] = {}
        for u in state.on_board(p):
            if u.uid in moved or not state.free_to_journey(u):  # a held unit takes no part
                continue
            out[u.uid] = self.moves(state, u, max(reaches[u.kind][left], default=0))
        return out

    @staticmethod
    def _reaches(state: DarkleafState, p: int, left: int) -> dict[str, list[set[int]]]:
        """Per unit type, the distances a journey of each roll 0..``left`` may cover."""
        out: dict[str, list[set[int]]] = {}
        for u in state.on_board(p):
            if u.kind not in out:
                out[u.kind] = [set()] + [set(state.journey_reach(p, u, n))
                                         for n in range(1, left + 1)]
        return out

    @staticmethod
    def _wholes(state: DarkleafState, cands: dict[int, list[tuple[int, int]]], left: int,
                reaches: dict[str, list[set[int]]]) -> dict[int, set[int]]:
        """Per unit, the rolls up to ``left`` for which it has a whole journey."""
        out: dict[int, set[int]] = {}
        for uid, ms in cands.items():
            dists = {k for _, k in ms}
            by_roll = reaches[state.units[uid].kind]
            out[uid] = {n for n in range(1, left + 1) if dists & by_roll[n]}
        return out

    def part_moves(self, state: DarkleafState, p: int) -> tuple[list[Action], bool]:
        """The journeys a part may make now, and whether the journey may end here."""
        sp = self._split(state, p)
        left, parts, moved = sp["left"], sp["parts"], sp["moved"]
        if left <= 0 or parts <= 0:
            return [], True
        reaches = self._reaches(state, p, left)
        cands = self._candidates(state, p, left, moved, reaches)
        wholes = self._wholes(state, cands, left, reaches)
        acts: list[Journey] = []
        for uid, ms in cands.items():
            u = state.units[uid]
            reach = reaches[u.kind][left]
            for t, k in ms:
                if k in reach or (k < left and parts >= 2 and self._feasible(
                        cands, wholes, left - k, parts - 1, {uid})):
                    acts.append(Journey(u.sq, t))
        ordered: list[Action] = [*sorted(set(acts), key=lambda a: (a.frm, a.to))]
        return ordered, not sp["must"]

    @staticmethod
    def _feasible(cands: dict[int, list[tuple[int, int]]], wholes: dict[int, set[int]],
                  left: int, parts: int, used: set[int]) -> bool:
        """Whether ``left`` can still be used by up to ``parts`` other units
        (judged on the board before this part: a close approximation; should
        it fail, the journey may end, so no seat is ever stranded)."""
        if any(left in w for uid, w in wholes.items() if uid not in used):
            return True
        if parts < 2:
            return False
        return any(k < left and any(left - k in w for v, w in wholes.items()
                                    if v not in used and v != uid)
                   for uid, ms in cands.items() if uid not in used for _, k in ms)

    def execute_actions(self, state: DarkleafState, p: int) -> list[Action]:
        if state.intent is not None and state.intent.intent != "journey":
            return [Cancel()]
        sp = self._split(state, p)
        acts: list[Action] = []
        if not sp["started"]:
            acts += [Spend(k) for k in self.spendable(state, p, "roll")]
        moves, may_end = self.part_moves(state, p)
        acts += moves
        if may_end or not moves:
            acts.append(Cancel())
        return acts

    def can_spend(self, state: DarkleafState, p: int, key: str) -> bool:
        if key == "metamorphic":
            return (state.phase == "execute" and state.roll >= self.data["metamorphic_roll"]
                    and "metamorphic" not in state.used_turn
                    and state.clan_state[p].get("split_turn") != state.turns
                    and (state.intent is None or state.intent.intent == "journey"))
        if key == "banish":
            return bool(self._banished(state, p))
        return True

    def journey(self, state: DarkleafState, u: Unit, to: int) -> list[Event]:
        p = u.owner
        sp = self._split(state, p)
        k = distance(u.sq, to)
        reach = set(state.journey_reach(p, u, sp["left"]))
        whole = k in reach
        events = super().journey(state, u, to)
        st = state.clan_state[p]
        st["split_turn"] = state.turns
        st["split_left"] = max(0, sp["left"] - k)
        st["split_parts"] = sp["parts"] - 1
        st["split_moved"] = sp["moved"] + [u.uid]
        st["split_must"] = not whole
        if u.kind == "king" and to in CENTRE and self.all_reclaimed(state, p):
            st["home"] = True
        if st["split_left"] > 0 and st["split_parts"] > 0:
            moves, _ = self.part_moves(state, p)
            if moves:
                state.phase = "execute"  # the rest of the roll goes to another unit
        return events

    # -- the deed -----------------------------------------------------------------------------
    def reclaim_need(self, state: DarkleafState, p: int) -> int:
        need: int = self.data["reclaim_need_law" if "one_with_land" in state.laws[p]
                              else "reclaim_need"]
        return need

    def deed_declarations(self, state: DarkleafState, p: int) -> list[Action]:
        done = self.reclaimed(state, p)
        return [Declare("reclaim", u.sq, u.sq) for u in state.on_board(p)
                if u.kind == "pawn" and u.sq in CENTRE and u.sq not in done]

    def resolve_declared(self, state: DarkleafState, p: int, intent: Declare) -> list[Event]:
        u = state.unit_at(intent.unit)
        name = state.game.seat_name(p)
        sq = intent.unit
        need = self.reclaim_need(state, p)
        if u is None or u.owner != p or u.kind != "pawn":
            return [state.event(p, "fail", f"{name}'s Reclaim finds no pawn.")]
        if state.roll < need:
            return [state.event(p, "fail", f"{name}'s pawn fails to Reclaim {square_name(sq)} "
                                f"({state.roll}, needed {need}).", square=sq)]
        state.clan_state[p]["reclaimed"] = [*self.reclaimed(state, p), sq]
        state.chips[p][self.chip_set("reclaimed")] -= 1
        events = [state.event(p, "reclaim", f"{name} Reclaims {square_name(sq)} "
                              f"({len(self.centre_reclaimed(state, p))} of 4).", square=sq)]
        if state.royals(p):
            state.pending.append(Choice(p, "reclaim_move", num=u.uid))
        return events

    # -- skills -----------------------------------------------------------------------------
    def _banished(self, state: DarkleafState, p: int) -> list[Unit]:
        """The rival units on the centre, in the order read from ``p``'s side
        (so both seats are asked the same questions in the same order)."""
        return [x for sq in sorted(CENTRE, key=lambda s: state.own_square(p, s))
                if (x := state.unit_at(sq)) is not None and x.owner != p]

    def spend(self, state: DarkleafState, p: int, key: str) -> list[Event]:
        if key == "banish":
            for x in self._banished(state, p):
                state.pending.append(Choice(p, "banish", num=x.uid))
        return []

    def _woods_for(self, state: DarkleafState, x: Unit) -> list[int]:
        limit = state.move_limit(x)
        return [s for s in range(SIZE, SIZE * (SIZE - 1)) if state.open_for(x, s)
                and (limit is None or distance(s, x.sq) <= limit)]

    def _pawn_back(self, state: DarkleafState, p: int) -> Unit | None:
        on = sum(1 for u in state.on_board(p) if u.kind == "pawn")
        grave = state.graveyard(p, "pawn")
        return grave[0] if grave and on < self.maximum("pawn") else None

    def miracle_applies(self, state: DarkleafState, p: int, key: str) -> bool:
        if key == "undying":
            return self._pawn_back(state, p) is not None and any(
                u.kind == "rook" for u in state.on_board(p))
        if key == "sink":
            return any(state.vanquishable(x, p) for x in state.on_board(1 - p))
        return True

    def miracle(self, state: DarkleafState, p: int, key: str) -> list[Event]:
        state.pending.append(Choice(p, key))
        return []

    def choice_options(self, state: DarkleafState, c: Choice) -> list[Action]:
        p = c.player
        if c.kind == "reclaim_move":
            u = state.units[c.num]
            kings = state.royals(p)
            if u.sq < 0 or not kings:
                return []
            return [Pick(s) for s in state.placements(
                [t for k in kings for t in around(k.sq)], u)]
        if c.kind == "banish":
            x = state.units[c.num]
            return [Pick(s) for s in self._woods_for(state, x)] if x.sq in CENTRE else []
        if c.kind == "undying":
            pawn = self._pawn_back(state, p)
            rooks = [r for r in state.on_board(p) if r.kind == "rook"]
            if pawn is None or not rooks:
                return []
            return [Pick(s) for s in state.placements(
                [t for r in rooks for t in around(r.sq)], pawn)]
        if c.kind == "sink":
            return [Pick(x.sq) for x in state.on_board(1 - p) if state.vanquishable(x, p)]
        return []

    def resolve_choice(self, state: DarkleafState, c: Choice, action: Action) -> list[Event]:
        assert isinstance(action, Pick)
        p = c.player
        name = state.game.seat_name(p)
        if c.kind in ("reclaim_move", "banish"):
            x = state.units[c.num]
            frm = x.sq
            state.move(x, action.square)
            what = "pawn" if c.kind == "reclaim_move" else f"rival {x.kind}"
            return [state.event(p, "relocate", f"{name} relocates the {what} from "
                                f"{square_name(frm)} to {square_name(action.square)}"
                                + (" (Banish)." if c.kind == "banish" else "."),
                                frm=frm, to=action.square)]
        if c.kind == "undying":
            pawn = self._pawn_back(state, p)
            assert pawn is not None
            return state.rekindle(pawn, action.square)
        target = state.unit_at(action.square)
        assert target is not None
        return [state.event(p, "sink", f"{name}'s Sink opens the ground under the "
                            f"{target.kind} on {square_name(action.square)}.",
                            square=action.square)] + state.strike(target, p, "Sink")[1]

    def prompt(self, state: DarkleafState, c: Choice) -> str:
        return {"reclaim_move": "choose where the pawn goes, next to your king",
                "banish": "choose where in the Woods the rival unit goes (Banish)",
                "undying": "choose where the pawn is rekindled, next to your rook",
                "sink": "choose the rival unit to vanquish (Sink)"}.get(c.kind, c.kind)

    # -- the path ----------------------------------------------------------------------------
    def won(self, state: DarkleafState, p: int) -> bool:
        return bool(state.clan_state[p].get("home"))

    def progress(self, state: DarkleafState, p: int) -> ProgressView:
        mine = sum(1 for sq in CENTRE if sq in self.reclaimed(state, p))
        n = len(self.centre_reclaimed(state, p))
        home = self.won(state, p)
        tail = "the king home" if home else "then the king onto one"
        if self.shut_out(state, p):
            tail = (f"the king may not walk in ({self.data['mirror_share']} of the four "
                    "must be yours)")
        shared = f" ({mine} yours)" if n != mine else ""
        return {"text": f"Reclaimed {n} of 4{shared}, {tail}", "done": n + (1 if home else 0),
                "needed": 5}

    def bot_value(self, state: DarkleafState, p: int) -> float:
        return _erde_path(state, p)

    def bot_goals(self, state: DarkleafState, p: int) -> list[int]:
        return _erde_goals(state, p)

    def bot_score(self, state: DarkleafState, p: int, a: Action, goals: list[int]
                  ) -> float | None:
        return _erde_score(state, p, a)


# -- the bots' knowledge of the clan (asked by ``heuristics.py``) --------------------
#
# The weights stay small (see the Ferrymen's note): each Reclaimed centre
# territory is a fifth of the win, a pawn on a centre territory still to
# Reclaim is nearly one; pawns head for the centre, and once all four are
# Reclaimed the king does. Only a pawn Reclaims: the other units keep off the
# centre territories still to Reclaim.

RECLAIMED = 5.0  # an Erde centre territory Reclaimed
ON_CENTRE = 2.5  # an Erde pawn on a centre territory still to Reclaim
CENTRE_NEAR = 0.5  # per territory between a centre territory to Reclaim and the nearest pawn
KING_NEAR = 1.0  # per territory between the Erde king and the centre, all four Reclaimed
KING_WAITS = 0.3  # the same before that
SQUATTER = 2.0  # a rival unit on a centre territory Erde still has to Reclaim
IN_THE_WAY = 1.5  # an Erde unit other than a pawn there: only a pawn Reclaims
NO_PAWN = 4.0  # no pawn left that can still come to a centre territory to Reclaim
OVERSHOOT = 4.0  # a pawn's journey past every centre territory still to Reclaim


def _can_reach(state: DarkleafState, p: int, sq: int, c: int) -> bool:
    """Whether ``p``'s pawn on ``sq`` may still come to centre territory ``c``:
    Erde pawns never step back, so a pawn past the centre's rank is spent for
    Reclaims (unless it stands on Reclaimed land, from which it may go any way)."""
    ahead = (c // SIZE - sq // SIZE) * state.forward(p)
    return ahead >= 0 or sq in Erde.reclaimed(state, p)


def _erde_path(state: DarkleafState, p: int) -> float:
    clan = state.clans[p]
    assert isinstance(clan, Erde)
    value = RECLAIMED * len(clan.reclaimed(state, p))
    done = clan.centre_reclaimed(state, p)
    pawns = [u for u in state.on_board(p) if u.kind == "pawn"]
    for c in CENTRE:
        if c in done:
            continue
        x = state.unit_at(c)
        if x is not None and x.owner != p:
            value -= SQUATTER  # Banish or Sink must clear it first
        elif x is not None and x.kind != "pawn":
            value -= IN_THE_WAY
        if any(u.sq == c for u in pawns):
            value += ON_CENTRE
            continue
        ways = [distance(u.sq, c) for u in pawns if _can_reach(state, p, u.sq, c)]
        value -= CENTRE_NEAR * min(ways) if ways else NO_PAWN
    # The king near the centre: Reclaiming pawns come back next to it, and it
    # walks in at the end.
    near = KING_NEAR if clan.all_reclaimed(state, p) else KING_WAITS
    for k in state.royals(p):
        value -= near * min(distance(k.sq, c) for c in CENTRE)
    return value


def _erde_goals(state: DarkleafState, p: int) -> list[int]:
    clan = state.clans[p]
    assert isinstance(clan, Erde)
    done = clan.centre_reclaimed(state, p)
    return [c for c in CENTRE if c not in done] or list(CENTRE)


def _erde_score(state: DarkleafState, p: int, a: Action) -> float | None:
    clan = state.clans[p]
    assert isinstance(clan, Erde)
    done = clan.centre_reclaimed(state, p)
    todo = [c for c in CENTRE if c not in done]
    if isinstance(a, Declare):
        if a.intent == "reclaim":
            faces = state.largest_face(p)  # the chance that the Reclaim roll succeeds
            return 14.0 * (faces + 1 - clan.reclaim_need(state, p)) / faces
        return None
    if isinstance(a, Journey):
        mover = state.unit_at(a.frm)
        if mover is None:
            return 0.0
        if mover.kind == "king":
            closer = (min(distance(a.frm, c) for c in CENTRE)
                      - min(distance(a.to, c) for c in CENTRE))
            if clan.all_reclaimed(state, p):
                return 100.0 if a.to in CENTRE else 1.5 * closer
            return 0.5 * closer
        if mover.kind != "pawn" or not todo:
            if todo and a.frm in todo:
                return 2.0  # out of a pawn's way
            return -2.0 if a.to in todo else 0.1
        if a.frm in todo:
            return -3.0  # a pawn on a centre territory stays to Reclaim it
        if not any(_can_reach(state, p, a.to, c) for c in todo):
            return -OVERSHOOT  # past every centre territory still to Reclaim: spent
        before = min(distance(a.frm, c) for c in todo)
        after = min(distance(a.to, c) for c in todo)
        return (8.0 if a.to in todo else 0.0) + 1.0 * (before - after)
    if isinstance(a, Spend):
        return 6.0
    if isinstance(a, Cancel):
        return 0.2
    if isinstance(a, Slot):  # toward Banish and Sink while rivals sit on the centre
        squat = any((x := state.unit_at(c)) is not None and x.owner != p for c in todo)
        return 3.0 if squat and a.skill in ("banish", "sink") else None
    if isinstance(a, Pick) and state.pending:
        kind = state.pending[0].kind
        goals = todo or list(CENTRE)
        near = min(distance(a.square, c) for c in goals)
        if kind in ("reclaim_move", "undying"):
            return -near
        if kind == "banish":
            return near
        if kind == "sink":
            x = state.unit_at(a.square)
            return 0.0 if x is None else MATERIAL.get(x.kind, 1.0) + (3.0 if near <= 1 else 0.0)
    return None
