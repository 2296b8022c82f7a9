"""Groves: realm measures, trophies, scores and standings (solo: against the Hollows)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.game import Standing, rank_by
from . import data
from .actions import SOLO_LOSS_RANK
from .data import COLOURS, GROVES, REALM_CARDS, SUMMONING_CARDS

if TYPE_CHECKING:
    from .state import GrovesState


def measure(state: GrovesState, player: int, what: str) -> int:
    pl = state.players[player]
    if what.startswith("spirits:"):
        return pl.owned(what.split(":")[1])
    if what == "spirits-each":
        return min(pl.owned(c) for c in COLOURS)
    if what == "spirits-one":
        return max(pl.owned(c) for c in COLOURS)
    bought = pl.purchased()
    if what == "groves":
        return len(bought)
    if what == "groves-colours":
        return len({GROVES[g].colour for g in bought})
    if what == "groves-one-colour":
        return max((sum(1 for g in bought if GROVES[g].colour == c) for c in COLOURS),
                   default=0)
    if what == "grove-dominion":
        return sum(GROVES[g].dominion for g in bought)
    raise ValueError(what)


def reaches(state: GrovesState, player: int, what: str, goal: int) -> bool:
    """``measure(player, what) >= goal``, quicker for the per-colour minimum."""
    if what == "spirits-each":
        pl = state.players[player]
        return all(pl.owned(c) >= goal for c in COLOURS)
    if what == "spirits-one":
        pl = state.players[player]
        return any(pl.owned(c) >= goal for c in COLOURS)
    return measure(state, player, what) >= goal


def trophies(state: GrovesState) -> dict[str, int | None]:
    """Each trophy card shown and its winner (None: a tie or nobody)."""
    out: dict[str, int | None] = {}
    for card in state.realm_shown:
        c = REALM_CARDS[card]
        if c.kind != "trophy":
            continue
        values = [measure(state, p, c.measure) for p in range(state.num_players)]
        if state.solo:
            out[card] = 0 if values[0] >= c.goal else None
        else:
            best = max(values)
            out[card] = values.index(best) if values.count(best) == 1 else None
    return out


def score_breakdown(state: GrovesState) -> list[dict[str, float]]:
    trophies = state.trophies() if state.is_over() else {}
    out: list[dict[str, float]] = []
    for p, pl in enumerate(state.players):
        realm = sum(REALM_CARDS[c].dominion for c in pl.realm_cards)
        realm += sum(REALM_CARDS[c].dominion for c, w in trophies.items() if w == p)
        leftovers = sum(pl.elements.values()) + pl.crystals
        out.append({
            "Dominion tokens": pl.dominion,
            "Groves": sum(GROVES[g].dominion for g in pl.purchased()),
            "Realm bonuses": realm,
            "Summoning bonuses": sum(SUMMONING_CARDS[c].dominion for c in pl.revealed),
            "Portals": len(pl.portals),
            "Elements and crystals": leftovers // data.LEFTOVER_RATE,
        })
    return out


def scores(state: GrovesState) -> list[float]:
    return [float(sum(b.values())) for b in score_breakdown(state)]


def solo_target(state: GrovesState) -> int:
    """The lowest exposed value of the Hollows of the Lost."""
    return data.HOLLOWS_BASE + state.hollows


def solo_won(state: GrovesState) -> bool:
    return (state.is_over() and state.lost is None
            and state.hollows < data.HOLLOWS_SPACES and scores(state)[0] > solo_target(state))


def standings(state: GrovesState) -> list[Standing]:
    scores = state.scores()
    if state.solo:
        # A solo win is rank 1. On a loss the Hollows of the Lost, which
        # have no seat, come first: ``winners()`` is empty and the view's
        # "solo" entry says why.
        rank = 1 if solo_won(state) else SOLO_LOSS_RANK
        return [Standing(0, rank, scores[0])]
    keys = [(scores[p], len(pl.realm), sum(pl.elements.values()) + pl.crystals)
            for p, pl in enumerate(state.players)]
    return rank_by(keys, ["groves in the realm", "elements and crystals"])
