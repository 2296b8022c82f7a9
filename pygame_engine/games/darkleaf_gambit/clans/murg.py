"""The Murg: declare, then Destroy an adjacent rival with 3+ and move in.

Pawns Destroy an adjacent rival, knights one a knight's leap away (4+), the
king only a rival another Murg unit also stands next to (the pincer); each
moves into the vanquished unit's territory; the rival royal takes a 6 (5 under
Technological Singularity). A sage's journey that ends on a vulnerable
rival is an Ambush; with Assassin it strikes the royal from any distance
along a clear diagonal. Skills: Iron Plating (an aura of protection on a
pawn), Predictive Model (roll first, then declare), Electromagnetic Loop
(two turns in a row), Assassin, Technological Singularity (law).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ....core.events import Event
from ....core.game import Action
from ..actions import Declare
from ..board import DIAGONAL, KNIGHT_LEAPS, Unit, around, distance, step
from ..clan import Clan
from ..data import square_name
from ..heuristics import MATERIAL, Threat, net, worth

if TYPE_CHECKING:
    from ..state import DarkleafState
    from ..view_types import ProgressView

# -- the clan's data --------------------------------------------------------------

MURG: dict[str, Any] = {
    "key": "murg",
    "name": "The Murg",
    "deed": "Destroy",
    "path": "Destroy the rival royal (it takes a 6)",
    #: (designed) Place in the clan starting order (1 moves first).
    "order": 4,
    "note": "Close in and Destroy the rival royal with a 6. Among the simplest: "
            "a good first game.",
    # Six ordinary six-sided bones: the royal kill needs the 6.
    "bones": (6, 6, 6, 6, 6, 6),
    "destroy_need": 3,
    "royal_need": 6,
    "royal_need_law": 5,
    "start": (("rook", "a1"), ("knight", "b1"), ("sage", "c1"), ("king", "e1"),
              ("sage", "f1"), ("knight", "g1"), ("rook", "h1"),
              ("pawn", "b2"), ("pawn", "c2"), ("pawn", "d2"), ("pawn", "e2"),
              ("pawn", "f2"), ("pawn", "g2")),
    "units": {
        # A roll above 3 is cut to 3: the Murg close in over several turns.
        "pawn": {"journey": "neighboring", "upto": False, "max": 3, "backward": False,
                 "deed": "adjacent", "need": 3},
        # The knight's Destroy reaches a knight's leap away and needs 4+.
        "knight": {"journey": "neighboring", "upto": True, "max": 3, "backward": True,
                   "deed": "leap", "need": 4},
        # The sage's deed is Ambush: a journey that ends on a vulnerable rival.
        "sage": {"journey": "diagonal", "upto": False, "max": None, "backward": True,
                 "deed": "ambush"},
        "rook": {"journey": "neighboring", "upto": True, "max": None, "backward": True,
                 "deed": "none", "invulnerable": True},
        # The king Destroys only a rival that another Murg unit also stands next to.
        "king": {"journey": "adjacent", "upto": True, "max": 2, "backward": True,
                 "deed": "pincer", "need": 3},
    },
    # (designed) One set of fate chips for both auras (it was two): Iron
    # Plating sits on pawns, Assassin on sages.
    "chip_sets": ("auras",),
    "chip_uses": {"iron_plating": "auras", "assassin": "auras"},
    "skills": (
        {"key": "iron_plating", "name": "Iron Plating", "type": "aura", "target": "pawn",
         "slots": ("1-2", "3-4"), "protect": True},
        {"key": "predictive_model", "name": "Predictive Model", "type": "relic",
         "slots": ("E", "O"), "relics": 2},
        {"key": "em_loop", "name": "Electromagnetic Loop", "type": "relic",
         "slots": ("*", "*", "*"), "sum": (15, 18), "relics": 1},
        # Rules 16: a 5 or a 6, then a 4 or a 5 (was a 6, then a 4 or a 5).
        {"key": "assassin", "name": "Assassin", "type": "aura", "target": "sage",
         "slots": ("5-6", "4-5")},
        {"key": "singularity", "name": "Technological Singularity", "type": "law",
         "slots": ("*", "*", "*"), "sum": (3, 5)},
    ),
}


# -- the clan ---------------------------------------------------------------------


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
            # Every Destroyer moves in, the knight too (the text's "moves into",
            # with no "may": see the design record's reading of the cut line).
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

    def won(self, state: DarkleafState, p: int) -> bool:
        return state.royals_slain[p] > 0

    def progress(self, state: DarkleafState, p: int) -> ProgressView:
        done = min(1, state.royals_slain[p])
        need = self.royal_need(state, p)
        return {"text": f"Rival royal destroyed {done} of 1 (needs a {need})", "done": done,
                "needed": 1}

    def bot_value(self, state: DarkleafState, p: int) -> float:
        return _murg_path(state, p)

    def bot_score(self, state: DarkleafState, p: int, a: Action, goals: list[int]
                  ) -> float | None:
        if isinstance(a, Declare) and a.intent != "journey":
            return _destroy_score(state, p, a)
        return None

    def bot_threats(self, state: DarkleafState, p: int) -> Threat | None:
        return _murg_threats(state, p)


# -- the bots' knowledge of the clan (asked by ``heuristics.py``) --------------------
#
# Each Murg unit able to Destroy the rival royal now is a 1-in-6 chance a
# turn (better under Technological Singularity); the nearest attacker's
# distance and an Assassin sage count too. A playout declares a Destroy by
# its odds (known, after Predictive Model's roll).

ATTACKER = 3.5  # a Murg unit that can Destroy the royal now
#: What a Destroy of the royal costs its owner (the game) to the bots.
ROYAL_LOSS = 20.0
CLOSING = 0.35  # per territory between the nearest Murg attacker and the royal
#: Per Murg attacker that would still reach the royal wherever it goes (its
#: journeys and staying put; the fewest such attackers), times the faces
#: that kill it (as ``ATTACKER``): a royal that steps out of reach each turn
#: is caught only in a net.
NET = 2.0


def _murg_threat(state: DarkleafState, p: int, clan: Murg) -> float:
    royals = state.royals(1 - p)
    if not royals:
        return 0.0
    value = 0.0
    need = clan.royal_need(state, p)
    faces = 7 - need  # the faces that kill: 1 for a 6, 2 for a 5
    nearest = 8
    attackers: list[set[int]] = []
    for u in state.on_board(p):
        # The royal stays home: a king walked out to strike only offers itself
        # to the rival (traced in easy self-play, where it did just that).
        if u.royal:
            continue
        if clan.guide(u)["deed"] in ("adjacent", "leap", "pincer"):
            reach = set(clan.reach(state, u))
            attackers.append(reach)
            for r in royals:
                if r.sq in reach:
                    value += ATTACKER * faces
                nearest = min(nearest, distance(u.sq, r.sq))
        if u.kind == "sage" and "assassin" in u.auras:
            value += 6.0
    return value - CLOSING * nearest + NET * faces * _net(state, attackers, royals)


def _net(state: DarkleafState, attackers: list[set[int]], royals: list[Unit]) -> int:
    """The Murg attackers (their reach) that would reach the rival royal next
    turn wherever it goes: the fewest over its square and its journeys with
    any roll."""
    return net(state, royals, lambda _, sq: sum(1 for reach in attackers if sq in reach))


def _murg_threats(state: DarkleafState, p: int) -> Threat | None:
    """A Destroy of a rival unit on a territory next Murg turn: a Murg pawn or
    knight (the king's pincer aside) whose deed reaches it now, the odds of
    its roll times the unit (the game, for the royal)."""
    clan = state.clans[p]
    assert isinstance(clan, Murg)
    strikers = [(set(clan.reach(state, u)), u) for u in state.on_board(p)
                if clan.guide(u)["deed"] in ("adjacent", "leap")]
    if not strikers:
        return None

    def harm(u: Unit, sq: int) -> float:
        faces = max((7 - clan.need(state, w, u) for reach, w in strikers if sq in reach),
                    default=0)
        if not faces or not state.vanquishable(u, p):
            return 0.0
        return faces / 6 * (ROYAL_LOSS if u.royal else worth(u))
    return harm


def _murg_path(state: DarkleafState, p: int) -> float:
    clan = state.clans[p]
    assert isinstance(clan, Murg)
    return _murg_threat(state, p, clan)


def _destroy_score(state: DarkleafState, p: int, a: Declare) -> float:
    clan = state.clans[p]
    u, target = state.unit_at(a.unit), state.unit_at(a.target)
    if u is None or target is None or not isinstance(clan, Murg):
        return 0.0
    need = clan.need(state, u, target)
    if state.phase == "execute":  # rolled first: the outcome is known
        return (40.0 if target.royal else 6.0) if state.roll >= need else -1.0
    odds = (7 - need) / 6
    return odds * (30.0 if target.royal else 4.0 + MATERIAL.get(target.kind, 1.0))
