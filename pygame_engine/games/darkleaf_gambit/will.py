"""Haggedorn's Will: the d12 outcomes (``data.BLESSINGS`` / ``data.CURSES``) carried out.

Calling on the Will spends the player's Will token (it goes back to the
common supply) and rolls the d12 from the state's seeded generator. Both
players then carry out the outcome, the rival first: steps that need no
choice happen at once, steps that need one wait as questions (``Choice``)
answered by the player concerned, the rival's first. A step that cannot be
carried out for a player (no pawn to rekindle, no bone to remove) does
nothing for that player. Outcomes with ``rounds`` become counters that tick
in the caller's Upkeep; ``marked`` outcomes last the rest of the game, marked
with a relic token on the Will card.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.events import Event
from ...core.game import Action
from .actions import Choose, Pick, PickBone
from .board import Choice, Unit, around, step
from .data import WILL_TABLES, square_name

if TYPE_CHECKING:
    from .state import DarkleafState

#: The question kinds this module asks and answers.
CHOICES = frozenset({"will_type", "will_place", "will_relic", "will_lose_relic", "will_unslot",
                     "will_home", "will_home_to", "will_vanquish", "will_aura"})

#: Effect step -> the question it asks (kind, arg, num); tremors and tokens ask none.
_ASK = {
    "rekindle_pawn": ("will_place", "pawn", 0),
    "rekindle_by_royal": ("will_place", "pawn", 1),
    "rekindle_champion": ("will_type", "champion", 0),
    "rekindle_any": ("will_type", "any", 0),
    "gain_relic": ("will_relic", "", -1),
    "lose_relic": ("will_lose_relic", "", -1),
    "unslot_rival": ("will_unslot", "rival", -1),
    "unslot_own": ("will_unslot", "own", -1),
    "relocate_home": ("will_home", "", -1),
    "vanquish_own_pawn": ("will_vanquish", "own_pawn", -1),
    "vanquish_own": ("will_vanquish", "own", -1),
    "vanquish_rival_pawn": ("will_vanquish", "rival_pawn", -1),
    "drop_aura": ("will_aura", "", -1),
}


def invoke(state: DarkleafState, p: int) -> list[Event]:
    """Spend ``p``'s Will token, roll the d12 and set the outcome going."""
    state.will_tokens[p] -= 1
    state.used_turn.append("will")
    state.relic_pool += 1
    roll = state.rng.randint(1, 12)
    outcome = WILL_TABLES[state.will_table][roll - 1]
    name = outcome["name"]
    state.last_will = {"seat": p, "roll": roll, "name": name, "text": outcome["text"]}
    events = [Event("will", f"{state.game.seat_name(p)} calls on Haggedorn's Will and rolls "
                            f"{roll}: {name}. {outcome['text']}",
                    data={"seat": p, "roll": roll, "outcome": name}, reveal=True)]
    if "rounds" in outcome:
        state.counters = [c for c in state.counters if c[0] != name]
        state.counters.append([name, outcome["rounds"], p])
    if outcome.get("marked") and name not in state.marked:
        state.marked.append(name)
        if state.relic_pool:
            state.relic_pool -= 1
            state.mark_tokens += 1
    for who in (1 - p, p):  # the rival resolves first
        for effect in outcome["effects"]:
            events += _effect(state, who, effect)
    return events


def _effect(state: DarkleafState, p: int, effect: str) -> list[Event]:
    if effect in ("tremor_back", "tremor_forward"):
        return tremor(state, p, forward=effect == "tremor_forward")
    if effect == "gain_will":
        if not state.will_tokens[p] and state.relic_pool:
            state.will_tokens[p] = 1
            state.relic_pool -= 1
            return [state.event(p, "will", f"{state.game.seat_name(p)} regains a Will token.")]
        return []
    kind, arg, num = _ASK[effect]
    state.pending.append(Choice(p, kind, arg, num))
    return []


def tremor(state: DarkleafState, p: int, forward: bool) -> list[Event]:
    """Push each of ``p``'s units one territory toward its Seat (or Range) where
    the territory is open; the units nearest that edge move first."""
    dr = state.forward(p) * (1 if forward else -1)
    units = sorted(state.on_board(p), key=lambda u: -(u.sq // 8) * dr)
    moved = 0
    for u in units:
        t = step(u.sq, 0, dr)
        if t >= 0 and state.open_for(u, t) and state.move_limit(u) != 0:
            state.move(u, t)
            moved += 1
    return [state.event(p, "tremor", f"{state.game.seat_name(p)}'s units shake: {moved} "
                                     "pushed by the Tremor.")]


def _types(state: DarkleafState, c: Choice) -> list[str]:
    kinds = ("knight", "sage") if c.arg == "champion" else ("pawn", "knight", "sage", "rook")
    clan = state.clans[c.player]
    out = []
    for k in kinds:
        on = sum(1 for u in state.on_board(c.player) if u.kind == k)
        if state.graveyard(c.player, k) and on < clan.maximum(k):
            out.append(k)
    return out


def _place_targets(state: DarkleafState, p: int, near_royal: bool,
                   u: Unit | None = None) -> list[int]:
    if near_royal and state.royals(p):
        return state.placements([t for r in state.royals(p) for t in around(r.sq)], u)
    return state.placements(state.seat_squares(p), u)


def _relic_rows(state: DarkleafState, p: int, gain: bool) -> list[str]:
    out = []
    for i, s in enumerate(state.clans[p].skills):
        if s["type"] != "relic":
            continue
        if (gain and state.relics[p][i] < s.get("relics", 1) and state.relic_pool) or (
                not gain and state.relics[p][i]):
            out.append(s["key"])
    return out


def _victims(state: DarkleafState, c: Choice) -> list[Unit]:
    p = c.player
    owner = 1 - p if c.arg == "rival_pawn" else p
    out = []
    for u in state.on_board(owner):
        if u.royal or (c.arg != "own" and u.kind != "pawn"):
            continue
        if state.vanquishable(u, p if owner != p else None):
            out.append(u)
    return out


def options(state: DarkleafState, c: Choice) -> list[Action]:
    p = c.player
    if c.kind == "will_type":
        return [Choose(k) for k in _types(state, c)]
    if c.kind == "will_place":
        kind = c.arg
        on = sum(1 for u in state.on_board(p) if u.kind == kind)
        if not state.graveyard(p, kind) or on >= state.clans[p].maximum(kind):
            return []
        return [Pick(s) for s in _place_targets(state, p, c.num == 1,
                                                state.graveyard(p, kind)[0])]
    if c.kind == "will_relic":
        return [Choose(k) for k in _relic_rows(state, p, gain=True)]
    if c.kind == "will_lose_relic":
        return [Choose(k) for k in _relic_rows(state, p, gain=False)]
    if c.kind == "will_unslot":
        whose = 1 - p if c.arg == "rival" else p
        return [PickBone(b) for b in sorted(state.slotted(whose))]
    if c.kind == "will_home":
        return [Pick(u.sq) for u in state.on_board(p)
                if not u.royal and not state.in_seat(p, u.sq) and state.move_limit(u) != 0
                and not state.stuck(u)]
    if c.kind == "will_home_to":
        return [Pick(s) for s in state.placements(state.seat_squares(p), state.units[c.num])]
    if c.kind == "will_vanquish":
        return [Pick(u.sq) for u in _victims(state, c)]
    if c.kind == "will_aura":
        return [Choose(f"{square_name(u.sq)}:{a}") for u in state.on_board(p) for a in u.auras]
    return []


def prompt(state: DarkleafState, c: Choice) -> str:
    return {
        "will_type": "choose the kind of unit to rekindle",
        "will_place": f"choose where to rekindle the {c.arg}",
        "will_relic": "choose the relic skill that gains a token",
        "will_lose_relic": "choose the relic skill that loses a token",
        "will_unslot": "choose the bone to take off the " + (
            "rival's" if c.arg == "rival" else "your") + " clan board",
        "will_home": "choose the unit to relocate onto your Seat",
        "will_home_to": "choose where on your Seat",
        "will_vanquish": "choose the unit to vanquish",
        "will_aura": "choose the aura to remove",
    }[c.kind]


def resolve(state: DarkleafState, c: Choice, action: Action) -> list[Event]:
    p = c.player
    name = state.game.seat_name(p)
    if c.kind == "will_type":
        assert isinstance(action, Choose)
        state.pending.insert(0, Choice(p, "will_place", action.option, c.num))
        return []
    if c.kind == "will_place":
        assert isinstance(action, Pick)
        return state.rekindle(state.graveyard(p, c.arg)[0], action.square)
    if c.kind in ("will_relic", "will_lose_relic"):
        assert isinstance(action, Choose)
        i = state.clans[p].index(action.option)
        gain = c.kind == "will_relic"
        state.relics[p][i] += 1 if gain else -1
        state.relic_pool += -1 if gain else 1
        word = "gains" if gain else "loses"
        skill = state.clans[p].skill(action.option)["name"]
        return [state.event(p, "relic", f"{name} {word} a {skill} relic token.")]
    if c.kind == "will_unslot":
        assert isinstance(action, PickBone)
        whose = 1 - p if c.arg == "rival" else p
        for row in state.rows[whose]:
            for j, b in enumerate(row):
                if b == action.bone:
                    row[j] = -1
        return [state.event(p, "unslot", f"{name} takes a {state.bone_value[action.bone]} off "
                                         f"{state.game.seat_name(whose)}'s clan board.")]
    if c.kind == "will_home":
        assert isinstance(action, Pick)
        u = state.unit_at(action.square)
        assert u is not None
        state.pending.insert(0, Choice(p, "will_home_to", num=u.uid))
        return []
    if c.kind == "will_home_to":
        assert isinstance(action, Pick)
        u = state.units[c.num]
        frm = u.sq
        state.move(u, action.square)
        return [state.event(p, "relocate", f"{name} relocates a {u.kind} from "
                                           f"{square_name(frm)} to {square_name(action.square)}.")]
    if c.kind == "will_vanquish":
        assert isinstance(action, Pick)
        u = state.unit_at(action.square)
        assert u is not None
        return state.strike(u, p if u.owner != p else None, "Haggedorn's Will")[1]
    assert isinstance(action, Choose)
    where, aura = action.option.split(":")
    u = state.unit_at(next(s for s in range(64) if square_name(s) == where))
    assert u is not None
    state.remove_aura(u, aura)
    return [state.event(p, "aura", f"{name}'s {u.kind} on {where} loses an aura to the Will.")]
