"""Darkleaf Gambit bot knowledge: a position evaluation and a playout policy.

The evaluation gives each side points for what brings it nearer its path to
victory, then turns the difference into a chance of winning:

- material: the units still on the board (royals and invulnerable rooks
  count nothing: they cannot be taken);
- progress on the path: Huldra's Hunts landed (each a third of the win) and
  the distinct distances at which Huldra units stalk the rival royal along
  a clear Hunt line (each is one face of the bone that would land a Hunt);
  The Murg's units able to Destroy the royal now (each a 1-in-6 chance a
  turn, better under Technological Singularity), how close the nearest
  attacker stands, and an Assassin sage;
- power: relic tokens, laws, bones slotted (progress toward skills).

The playout policy takes a Hunt or Destroy on the royal when it can, any
other Hunt or Destroy next, a journey toward the rival royal otherwise,
slots a bone where it completes a row (else anywhere), gives an aura to
the unit nearest the rival royal, and leaves the Will to the search.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from ...core.game import Action, State
from ...core.rng import Rng
from .actions import (
    Cancel,
    Declare,
    Hunt,
    InvokeWill,
    Journey,
    Keep,
    Leap,
    Pick,
    Pivot,
    Proceed,
    Slot,
    Spend,
)
from .board import RAYS, Unit, around, distance, step
from .clans import Huldra, Murg
from .rules import DarkleafState

#: Worth of a unit on the board (royals and rooks cannot be taken).
MATERIAL = {"pawn": 1.0, "knight": 2.5, "sage": 2.5, "rook": 0.0, "king": 0.0, "queen": 0.0}
HUNT = 8.0  # a Hunt landed: a third of the way
STALK = 3.0  # a distinct distance from which a Hunt could land next roll (1 in 4)
ATTACKER = 3.5  # a Murg unit that can Destroy the royal now
CLOSING = 0.35  # per territory between the nearest Murg attacker and the royal
#: Journeys a playout weighs at most (picked at random), for speed.
JOURNEY_SAMPLE = 10
#: Points per unit of the difference that make one side "clearly ahead".
TEMPERATURE = 7.0


def _stalks(state: DarkleafState, p: int, clan: Huldra) -> int:
    """Distinct Hunt distances (up to the largest bone) at which ``p``'s units see a rival royal."""
    faces = max(f for b, f in enumerate(state.bone_faces) if state.bone_owner[b] == p)
    seen: set[int] = set()
    royals = {u.sq for u in state.royals(1 - p)}
    if not royals:
        return 0
    for u in state.on_board(p):
        for (df, dr), k in clan.hunt_lines(state, u, 1):
            if k != 1:
                continue
            reach = faces + (1 if "long_bow" in u.auras else 0)
            for n in range(1, reach + 1):
                t = step(u.sq, df, dr, n)
                if t < 0:
                    break
                if state.board[t] >= 0:
                    if t in royals:
                        seen.add(n)
                    break
    return len(seen)


def _murg_threat(state: DarkleafState, p: int, clan: Murg) -> float:
    royals = state.royals(1 - p)
    if not royals:
        return 0.0
    value = 0.0
    need = clan.royal_need(state, p)
    faces = 7 - need  # the faces that kill: 1 for a 6, 2 for a 5
    nearest = 8
    for u in state.on_board(p):
        if clan.guide(u)["deed"] in ("adjacent", "leap", "pincer"):
            reach = set(clan.reach(state, u))
            for r in royals:
                if r.sq in reach:
                    value += ATTACKER * faces
                nearest = min(nearest, distance(u.sq, r.sq))
        if u.kind == "sage" and "assassin" in u.auras:
            value += 6.0
    return value - CLOSING * nearest


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


def _huldra_path(state: DarkleafState, p: int) -> float:
    clan = state.clans[p]
    assert isinstance(clan, Huldra)
    return HUNT * clan.hunts(state, p) + STALK * _stalks(state, p, clan)


def _murg_path(state: DarkleafState, p: int) -> float:
    clan = state.clans[p]
    assert isinstance(clan, Murg)
    return _murg_threat(state, p, clan)


def _rival_royals(state: DarkleafState, p: int) -> list[int]:
    return [r.sq for r in state.royals(1 - p)]


#: Each clan's progress on its path to victory, in evaluation points, by clan
#: key (a clan not listed counts material and power only).
PATH_VALUE: dict[str, Callable[[DarkleafState, int], float]] = {
    "huldra": _huldra_path,
    "murg": _murg_path,
}

#: The squares a clan's playout journeys head for, by clan key (default: the
#: rival royals).
GOALS: dict[str, Callable[[DarkleafState, int], list[int]]] = {}


def side_value(state: DarkleafState, p: int) -> float:
    clan = state.clans[p]
    value = sum(MATERIAL.get(u.kind, 1.0) for u in state.on_board(p))
    value += 0.6 * sum(state.relics[p]) + 2.0 * len(state.laws[p]) + 0.2 * len(state.slotted(p))
    path = PATH_VALUE.get(clan.key)
    if path is not None:
        value += path(state, p)
    return value


def goals(state: DarkleafState, p: int) -> list[int]:
    """Where ``p``'s journeys head in a playout."""
    return GOALS.get(state.clans[p].key, _rival_royals)(state, p)


class Heuristics:
    """Evaluation and playout policy for the generic bots (``pygame_engine.ai``)."""

    scale = 0.25

    def evaluate(self, state: State) -> list[float]:
        assert isinstance(state, DarkleafState)
        if state.is_over():
            return state.scores()
        diff = side_value(state, 0) - side_value(state, 1)
        first = 1 / (1 + math.exp(-diff / TEMPERATURE))
        return [first, 1 - first]

    def rollout_action(self, state: State, player: int, rng: Rng) -> Action:
        assert isinstance(state, DarkleafState)
        legal = state.legal_actions(player)
        if len(legal) == 1:
            return legal[0]
        if state.pending:
            royals = goals(state, player)
            if state.pending[0].kind == "aura" and royals:  # the unit nearest the royal
                return min(legal, key=lambda a: (
                    min(distance(a.square, r) for r in royals) if isinstance(a, Pick) else 9,
                    rng.random()))
            return rng.choice(legal)
        best, best_score = legal[0], -math.inf
        royals = goals(state, player)
        journeys = [a for a in legal if isinstance(a, Journey)]
        if len(journeys) > JOURNEY_SAMPLE:  # weigh a sample of the journeys, every other move
            keep = set(journeys[rng.randrange(len(journeys))] for _ in range(JOURNEY_SAMPLE))
            legal = [a for a in legal if not isinstance(a, Journey) or a in keep]
        for a in legal:
            s = self._score(state, player, a, royals) + rng.random()
            if s > best_score:
                best, best_score = a, s
        return best

    def _score(self, state: DarkleafState, p: int, a: Action, royals: list[int]) -> float:
        """A playout's liking for ``a`` (``royals``: the squares ``p`` heads for,
        by default the rival royals')."""
        if isinstance(a, Proceed):
            return 1.0
        if isinstance(a, InvokeWill):
            return 0.2
        if isinstance(a, Spend):
            return 3.0
        if isinstance(a, (Hunt, Pivot)):
            target = state.unit_at(a.target)
            if target is None:
                return 0.0
            return 50.0 if target.royal else 5.0 + MATERIAL.get(target.kind, 1.0)
        if isinstance(a, Declare):
            if a.intent == "journey":
                return 1.0
            return self._destroy_score(state, p, a)
        if isinstance(a, Journey):
            return self._journey_score(state, p, a, royals)
        if isinstance(a, Leap):  # home to the rook when a rival stands next to her
            threatened = any(
                (x := state.unit_at(t)) is not None and x.owner != p
                for r in state.royals(p) for t in around(r.sq))
            return 5.0 if threatened else -0.5
        if isinstance(a, Cancel):
            return 0.3
        if isinstance(a, Slot):
            i = state.clans[p].index(a.skill)
            left = sum(1 for b in state.rows[p][i] if b < 0)
            return 4.0 if left == 1 else 2.0
        if isinstance(a, Keep):
            return 0.5
        return 0.0

    @staticmethod
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

    @staticmethod
    def _journey_score(state: DarkleafState, p: int, a: Journey, royals: list[int]) -> float:
        target = state.unit_at(a.to)
        score = 0.0
        if target is not None:  # an Ambush
            score += 40.0 if target.royal else 5.0 + MATERIAL.get(target.kind, 1.0)
        if royals:
            before = min(distance(a.frm, r) for r in royals)
            after = min(distance(a.to, r) for r in royals)
            mover = state.unit_at(a.frm)
            if mover is not None and mover.royal:
                return score - 2.0  # royals keep home
            clan = state.clans[p]
            if isinstance(clan, Huldra) and mover is not None:
                score += 0.6 * (min(before, 4) - min(after, 4)) if after >= 2 else -0.5
                if _sights(state, clan, mover, a.frm, a.to, royals):
                    score += 3.0  # a clear Hunt line to the royal from there
            else:
                score += 0.8 * (before - after)
        return score

