"""Darkleaf Gambit's effects every clan shares: a strike (vanquished, or an
aura of protection lost instead), a vanquish and what it gives back, a
rekindle, an aura gained or lost.

Functions of the state (``state.DarkleafState`` binds them as its methods).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.events import Event
from .board import Unit
from .data import square_name

if TYPE_CHECKING:
    from .state import DarkleafState


def strike(state: DarkleafState, u: Unit, by: int | None, cause: str) -> tuple[str, list[Event]]:
    """A vanquishing action on ``u``: "vanquished", "shielded" (an aura of
    protection is removed instead) or "immune"."""
    if not state.vanquishable(u, by):
        return "immune", []
    clan = state.clans[u.owner]
    for key in u.auras:
        if clan.aura_info(key).get("protect"):
            remove_aura(state, u, key)
            return "shielded", [state.event(
                u.owner, "shield", f"{state.game.seat_name(u.owner)}'s {u.kind} on "
                f"{square_name(u.sq)} loses {clan.aura_info(key)['name']} instead of "
                "falling.")]
    return "vanquished", vanquish(state, u, by, cause)


def vanquish(state: DarkleafState, u: Unit, by: int | None, cause: str) -> list[Event]:
    where = u.sq
    state.board[where] = -1
    u.sq = -1
    for key in list(u.auras):
        remove_aura(state, u, key)
    for use, count in u.marks.items():  # the rival's chips go back to it
        state.chips[1 - u.owner][state.clans[1 - u.owner].chip_set(use)] += count
    u.marks = {}
    if u.royal and by is not None and by != u.owner:
        state.royals_slain[by] += 1
    state.clans[u.owner].after_loss(state, u)
    for c in state.clans:
        c.witness_loss(state, u)
    return [state.event(u.owner, "vanquish", f"{state.game.seat_name(u.owner)}'s {u.kind} on "
                       f"{square_name(where)} is vanquished ({cause}).",
                       square=where, unit=u.kind)]


def rekindle(state: DarkleafState, u: Unit, sq: int) -> list[Event]:
    state.move(u, sq)
    return [state.event(u.owner, "rekindle", f"{state.game.seat_name(u.owner)} rekindles a "
                       f"{u.kind} on {square_name(sq)}.", square=sq, unit=u.kind)]


def add_aura(state: DarkleafState, u: Unit, key: str) -> list[Event]:
    state.chips[u.owner][state.clans[u.owner].chip_set(key)] -= 1
    u.auras.append(key)
    name = state.clans[u.owner].aura_info(key)["name"]
    return [state.event(u.owner, "aura", f"{state.game.seat_name(u.owner)}'s {u.kind} on "
                       f"{square_name(u.sq)} gains {name}.", square=u.sq, aura=key)]


def remove_aura(state: DarkleafState, u: Unit, key: str) -> None:
    u.auras.remove(key)
    state.chips[u.owner][state.clans[u.owner].chip_set(key)] += 1
