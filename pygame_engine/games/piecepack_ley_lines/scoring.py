"""Ley Lines (piecepack): energy flowing from cairns to tors, cairns scored and faded, results.

Functions of ``LeyLinesState``; the state keeps the methods the heuristics, views and tests call."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...core.events import Event
from ...core.game import Standing, rank_by
from . import data
from .actions import CAIRN, EMPTY, HALF, ITEMS, TOR, _points, _spaces, domino_name
from .data import COIN_NAMES, DOMINOES, SUITS, space_name

if TYPE_CHECKING:
    from .state import LeyLinesState


@dataclass
class Flow:
    """Where one cairn's energy goes: the halves crossed, and the tor reached (or None)."""

    cairn: int
    path: list[int]
    tor: int | None


def flow(state: LeyLinesState, cairn: int) -> Flow:
    """Follow the energy from ``cairn`` (the rules are in the docstring of ``state``)."""
    path = walk(state, cairn, data.CAIRN_FLOW, {cairn})
    if path is None:
        return Flow(cairn, dead_end(state, cairn), None)
    return Flow(cairn, path[:-1], path[-1])


def walk(state: LeyLinesState, at: int, level: int, seen: set[int]) -> list[int] | None:
    """The spaces the energy crosses from ``at`` up to a tor (the tor last), or None."""
    kind, value, nbrs = state.kind, state.value, state.nbrs
    path: list[int] = []
    while True:
        best, tied = -1, []
        for t in nbrs[at]:
            k = kind[t]
            if t in seen:
                continue
            if k == TOR:
                return [*path, t]
            if k == HALF and value[t] >= level:
                if value[t] > best:
                    best, tied = value[t], [t]
                elif value[t] == best:
                    tied.append(t)
        if not tied:
            return None
        if len(tied) > 1:
            options = []
            for t in tied:
                rest = walk(state, t, best, seen | {t})
                if rest is not None:
                    options.append([t, *rest])
            if not options:
                return None
            return path + min(options, key=len)  # min keeps the first of equals
        at, level = tied[0], best
        seen.add(at)
        path.append(at)


def dead_end(state: LeyLinesState, cairn: int) -> list[int]:
    """The spaces a dying flow crosses before it dies out.

    At a tie it takes the first tied branch in compass order: no branch
    reaches a tor (else ``_walk`` would have found it), so none is better,
    and a fixed choice keeps the dead end well defined for the bots, which
    read a pending line's end and level from it.
    """
    kind, value, nbrs = state.kind, state.value, state.nbrs
    at, level = cairn, data.CAIRN_FLOW
    path: list[int] = []
    seen = {cairn}
    while True:
        nxt, best = -1, -1
        for t in nbrs[at]:
            if kind[t] == HALF and value[t] >= level and value[t] > best and t not in seen:
                nxt, best = t, value[t]
        if nxt < 0:
            return path
        at, level = nxt, best
        seen.add(at)
        path.append(at)


def scoring_flows(state: LeyLinesState, near: tuple[int, ...] | None = None) -> list[Flow]:
    """The flows of every cairn whose energy reaches a tor now, by space.

    With ``near`` (the spaces of a new segment), only the cairns whose
    energy could climb into it are looked at: a flow that does not cross
    the new segment is the flow it was before, which reached no tor.
    """
    kind, nbrs = state.kind, state.nbrs
    cairns = [s for s in state.in_play if kind[s] == CAIRN] if near is None else sorted(
        feeders(state, near))
    out = []
    for s in cairns:
        if any(kind[t] == HALF or kind[t] == TOR for t in nbrs[s]):
            f = flow(state, s)
            if f.tor is not None:
                out.append(f)
    return out


def feeders(state: LeyLinesState, halves: Iterable[int]) -> set[int]:
    """The cairns whose energy could climb into one of ``halves``: the ones
    found walking downhill from them. No other cairn's flow can pass there."""
    kind, value, nbrs = state.kind, state.value, state.nbrs
    found, stack, cairns = set(halves), list(halves), set()
    while stack:
        here = stack.pop()
        level = value[here]
        for t in nbrs[here]:
            if t not in found:
                if kind[t] == HALF and value[t] <= level:
                    found.add(t)
                    stack.append(t)
                elif kind[t] == CAIRN:
                    cairns.add(t)
    return cairns


def score_cairns(state: LeyLinesState, near: tuple[int, ...] | None = None) -> list[Event]:
    """Score every cairn that flows to a tor, attenuate, discard the cairns;
    repeat while the changed board lets another cairn through."""
    events: list[Event] = []
    while flows := scoring_flows(state, near):
        near = None
        for f in flows:  # all scored on the same board
            events.append(score(state, f))
        for f in flows:
            events += attenuate(state, f)
        for f in flows:
            c = f.cairn
            state.scored_cairns.append((state.owner[c], state.coin[c]))
            state.kind[c], state.owner[c], state.coin[c] = EMPTY, -1, -1
    return events


def flow_points(state: LeyLinesState, f: Flow) -> tuple[int, int]:
    """(the seat whose tor ``f`` reaches, what it scores): the cairn's value
    plus one point a space crossed, two if cairn and tor share a suit.
    Pure, so that bots can weigh a scoring before it happens."""
    assert f.tor is not None
    receiver = state.owner[f.tor]
    same = state.owner[f.cairn] == receiver
    per = data.POINTS_SAME_SUIT if same else data.POINTS_OTHER_SUIT
    return receiver, state.coin[f.cairn] + per * len(f.path)


def score(state: LeyLinesState, f: Flow) -> Event:
    assert f.tor is not None
    c, t = f.cairn, f.tor
    owner, value = state.owner[c], state.coin[c]
    receiver, total = flow_points(state, f)
    same = owner == receiver
    per = data.POINTS_SAME_SUIT if same else data.POINTS_OTHER_SUIT
    state.points[receiver][0] += value
    state.points[receiver][2 if same else 1] += per * len(f.path)
    state.last_flows.append({"turn": state.turn, "cairn": c, "seat": owner, "value": value,
                             "tor": t, "receiver": receiver, "path": list(f.path),
                             "points": total})
    name = state.game.seat_name
    cairn = f"The {SUITS[owner]} cairn on {space_name(c)} (the {COIN_NAMES[value]})"
    crossed = len(f.path)
    if crossed:
        way = f"flows {_spaces(crossed)} to the {SUITS[receiver]} tor"
        why = (f"{value} for the cairn, {per * crossed} for "
               + ("the space" if crossed == 1 else f"{crossed} spaces") + ")")
    else:  # a fallback tor may stand next to a cairn
        way = f"touches the {SUITS[receiver]} tor"
        why = "the cairn's value)"
    scored = f"scores {_points(total)} ({why}" if total else "scores nothing (a null cairn)"
    return Event("score", f"{cairn} {way}: {name(receiver)} {scored}.",
                 data={"seat": receiver, "cairn": c, "tor": t, "path": list(f.path),
                       "points": total},
                 reveal=True)


def fading(state: LeyLinesState, cairn: int, path: list[int]) -> list[int]:
    """The segments attenuation would remove if ``cairn`` scored along
    ``path``: those on it (by either half) with both values at most the
    cairn's. Pure, so that bots can foresee which lines a scoring breaks."""
    limit = state.coin[cairn]
    kind, owner = state.kind, state.owner
    return sorted(d for d in {owner[s] for s in path if kind[s] == HALF}
                  if max(DOMINOES[d]) <= limit)


def attenuate(state: LeyLinesState, f: Flow) -> list[Event]:
    events = []
    for d in fading(state, f.cairn, f.path):
        state._lift(d)
        state.discard.append(d)
        events.append(Event("attenuate", f"Attenuation: the {domino_name(d)} segment "
                                         f"fades from the ley line.", data={"domino": d}))
    return events


def finish(state: LeyLinesState, why: str) -> list[Event]:
    state.phase = "over"
    ranking = ", ".join(f"{state.game.seat_name(s.seat)} {s.score:g}"
                        for s in standings(state))
    return [Event("over", f"{why}: the game is over. Final scores: {ranking}.",
                  reveal=True)]


def score_breakdown(state: LeyLinesState) -> list[dict[str, float]]:
    return [dict(zip(ITEMS, (float(x) for x in pts), strict=True)) for pts in state.points]


def scores(state: LeyLinesState) -> list[float]:
    return [float(sum(pts)) for pts in state.points]


def standings(state: LeyLinesState) -> list[Standing]:
    # The text names no tie-breaker: equal scores share the place.
    return rank_by([(s,) for s in scores(state)], [])
