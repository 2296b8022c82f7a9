"""Darkleaf Gambit's bones: a player's pool, the roll, where a rolled bone may
be slotted, and Acquire Power when a row is complete.

Functions of the state (``state.DarkleafState`` binds them as its methods).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.events import Event
from . import data
from .actions import Slot
from .board import Choice

if TYPE_CHECKING:
    from .state import DarkleafState


def pool(state: DarkleafState, p: int) -> list[int]:
    """The bones in ``p``'s pool (not slotted, not just rolled)."""
    slotted = {b for row in state.rows[p] for b in row}
    return [b for b, o in enumerate(state.bone_owner)
            if o == p and b not in slotted and b != state.rolled]


def largest_face(state: DarkleafState, p: int) -> int:
    """The faces of ``p``'s largest bone (slotted or not)."""
    return max(f for b, f in enumerate(state.bone_faces) if state.bone_owner[b] == p)


def slotted(state: DarkleafState, p: int) -> list[int]:
    return [b for row in state.rows[p] for b in row if b >= 0]


def roll_bone(state: DarkleafState, bone: int) -> None:
    state.rolled = bone
    state.roll = state.rng.randint(1, state.bone_faces[bone])
    state.bone_value[bone] = state.roll
    state.last_roll = {"seat": state.bone_owner[bone], "bone": bone,
                      "faces": state.bone_faces[bone], "value": state.roll}


def reroll(state: DarkleafState) -> int:
    roll_bone(state, state.rolled)
    return state.roll


def slot_options(state: DarkleafState, p: int, bone: int, setup: bool = False) -> list[Slot]:
    """Every numerically valid slot for ``bone`` (one per distinct spec in a row)."""
    clan = state.clans[p]
    value = state.bone_value[bone]
    reserve: bool | None = None  # both asked only when a slot needs them
    max_face = 0
    out: list[Slot] = []
    for i, skill in enumerate(clan.skills):
        if skill["type"] == "law" and skill["key"] in state.laws[p]:
            continue
        fits: bool | None = None  # asked once, and only if a slot takes the value
        row = state.rows[p][i]
        seen: set[str] = set()
        empty = [j for j, b in enumerate(row) if b < 0]
        for j in empty:
            spec = skill["slots"][j]
            if spec in seen or not data.slot_accepts(spec, value):
                continue
            if fits is None:
                fits = applies(state, p, i)
            if not fits:  # no bone into a skill that cannot apply now
                break
            seen.add(spec)
            completes = len(empty) == 1
            total = sum(state.bone_value[b] for b in row if b >= 0) + value
            if "sum" in skill:
                lo, hi = skill["sum"]
                if not max_face:
                    max_face = largest_face(state, p)
                left = len(empty) - 1
                if total + left > hi or total + left * max_face < lo:
                    continue
            if completes:
                if not can_complete(state, p, i, setup):
                    continue
            else:
                if reserve is None:
                    reserve = len(pool(state, p)) > 0
                if not reserve:
                    continue  # one bone always stays in reserve
            out.append(Slot(skill["key"], j))
    return out


def can_complete(state: DarkleafState, p: int, i: int, setup: bool = False) -> bool:
    """Whether the row ``i`` may be completed now (power it can acquire)."""
    skill = state.clans[p].skills[i]
    kind = skill["type"]
    if kind == "relic":
        return state.relics[p][i] < skill.get("relics", 1) and state.relic_pool > 0
    if kind == "law":
        return skill["key"] not in state.laws[p] and state.relic_pool > 0
    if kind == "aura":
        return state.chips[p].get(state.clans[p].chip_set(skill["key"]), 0) > 0 and bool(
            state.clans[p].aura_targets(state, p, skill["key"]))
    return not setup and state.clans[p].miracle_applies(state, p, skill["key"])


def applies(state: DarkleafState, p: int, i: int) -> bool:
    """Whether the skill of row ``i`` still applies (else its bones may come back)."""
    skill = state.clans[p].skills[i]
    if skill["type"] == "aura":
        return bool(state.clans[p].aura_targets(state, p, skill["key"]))
    if skill["type"] == "miracle":
        return state.clans[p].miracle_applies(state, p, skill["key"])
    return True


def acquire(state: DarkleafState, p: int, i: int) -> list[Event]:
    """Acquire Power for the completed row ``i``: bones back, then the skill."""
    clan = state.clans[p]
    skill = clan.skills[i]
    state.rows[p][i] = [-1] * len(skill["slots"])
    name = state.game.seat_name(p)
    events = [state.event(p, "acquire", f"{name} acquires {skill['name']} "
                                       f"({skill['type']}).", skill=skill["key"])]
    kind = skill["type"]
    if kind == "relic":
        state.relics[p][i] += 1
        state.relic_pool -= 1
    elif kind == "law":
        state.laws[p].append(skill["key"])
        state.relic_pool -= 1
        events += clan.law(state, p, skill["key"])
    elif kind == "aura":
        state.pending.append(Choice(p, "aura", skill["key"]))
    else:
        events += clan.miracle(state, p, skill["key"])
    return events + clan.after_acquire(state, p, skill["key"])
