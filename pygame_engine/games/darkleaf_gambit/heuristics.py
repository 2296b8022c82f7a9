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
    Roll,
    Slot,
    Spend,
)
from .board import RAYS, Unit, around, distance, step
from .clans import Huldra, Murg
from .hexen import CastGarden, CastLadder, HexDone
from .rules import DarkleafState
from .wibo import Morph, SeedMorph, Stop, Wibo

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
        # The royal stays home: a king walked out to strike only offers itself
        # to the rival (traced in easy self-play, where it did just that).
        if u.royal:
            continue
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

#: A clan's own playout liking for an action (its deeds, its questions), by
#: clan key; None leaves the action to the common scoring below.
ACTION_SCORE: dict[str, Callable[[DarkleafState, int, Action], float | None]] = {}


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
        own = ACTION_SCORE.get(state.clans[player].key)
        if state.pending and own is not None:
            scored = [(own(state, player, a), a) for a in legal]
            if any(x is not None for x, _ in scored):
                return max(scored, key=lambda xa: (xa[0] if xa[0] is not None else 0.0)
                           + rng.random())[1]
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
        own = ACTION_SCORE.get(state.clans[p].key)
        if own is not None and (liking := own(state, p, a)) is not None:
            return liking
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



# -- Wildero Wibo and Hexen (part 2) ------------------------------------------------------
#
# The Wibo: every Wibo pawn is a step toward the win and one more unit able
# to Morph, so the pawns are the army first: with few pawns on the board a
# pawn in the Seat is worth only a little more than one abroad (greedy play
# that rushed the first two pawns home, then lost the knight and the sage,
# sat out fifty rounds with the queen alone). The pull home grows with the
# pawns' count; from the sixth pawn on they all head home. A Wibo unit
# standing next to a rival it could Morph is a 2-in-3 chance of one more
# pawn. The Endless's stasis keeps a seated pawn safe but takes it out of
# the army (the same greedy play slotted the law with two pawns seated and
# lost its last Morphers).
# Hexen: each fallen Quarry is half the win; a Poison Garden or a Witch's
# Ladder that would take a Quarry (or a unit next to one, for the Ladder to
# climb) is worth more the nearer it is to resolving; Hexen units near the
# Quarry come next.

PAWN = 3.0  # a Wibo pawn on the board
FREE = 1.0  # a Wibo pawn not in The Endless's stasis: it can still go out and Morph
#: A pawn in the Seat, and the cost per rank between a pawn and the Seat, go
#: from the first figure (no pawn) to the second (six pawns) with the square
#: of the pawns' count: the pull home grows with the last pawns.
SEATED, SEATED_HOME = 0.5, 4.0
HOMEWARD, HOMEWARD_HOME = 0.15, 1.0
MORPH_READY = 1.5  # a Wibo unit next to a rival it could Morph
SEAT_BLOCKED = 1.0  # a Wibo unit other than a pawn taking a square of the Seat
QUARRY_FALLEN = 14.0
QUARRY_HEXED = 5.0  # a Hex that would take a Quarry, at its last counter
QUARRY_NEAR = 0.3  # per territory between the nearest Hexen unit and a Quarry


def _wibo_homeward(state: DarkleafState, p: int) -> float:
    """How near the Wibo on ``p`` are to the six pawns the path asks for: 0 with
    none, 1 with six or more; squared, so the pull home grows with the last pawns."""
    clan = state.clans[p]
    assert isinstance(clan, Wibo)
    pawns = sum(1 for u in state.on_board(p) if u.kind == "pawn")
    return min(1.0, pawns / clan.data["pawns_to_win"]) ** 2


def _wibo_path(state: DarkleafState, p: int) -> float:
    clan = state.clans[p]
    assert isinstance(clan, Wibo)
    seat = state.seat_rank(p)
    home = _wibo_homeward(state, p)
    seated = SEATED + (SEATED_HOME - SEATED) * home
    homeward = HOMEWARD + (HOMEWARD_HOME - HOMEWARD) * home
    value = 0.0
    for u in state.on_board(p):
        if u.kind == "pawn":
            ranks = abs(u.sq // 8 - seat)
            value += PAWN + (seated if ranks == 0 else -homeward * ranks)
            if not clan.in_stasis(state, u):
                value += FREE
        elif u.sq // 8 == seat and (not u.royal or home == 1.0):
            value -= SEAT_BLOCKED  # the six pawns need the room (the queen only at the end)
        if u.kind != "rook" and clan.morph_targets(state, u):
            value += MORPH_READY
    return value


def _wibo_goals(state: DarkleafState, p: int) -> list[int]:
    """Rival units a Wibo unit could Morph (royals first: their pawn goes home)."""
    rivals = [u for u in state.on_board(1 - p) if state.vanquishable(u, p)]
    royals = [u.sq for u in rivals if u.royal]
    return royals + [u.sq for u in rivals if not u.royal]


def _wibo_score(state: DarkleafState, p: int, a: Action) -> float | None:
    clan = state.clans[p]
    assert isinstance(clan, Wibo)
    seat = state.seat_rank(p)
    if isinstance(a, (Morph, SeedMorph)):
        targets = [a.target] + ([a.second] if isinstance(a, Morph) and a.second >= 0 else [])
        worth = 0.0
        for t in targets:
            x = state.unit_at(t)
            worth += 0.0 if x is None else 9.0 if x.royal else 5.0 + MATERIAL.get(x.kind, 1.0)
        return worth + (2.0 if isinstance(a, SeedMorph) else 0.0)
    if isinstance(a, Stop):
        return 0.4
    if isinstance(a, Pick) and state.pending:
        kind = state.pending[0].kind
        if kind == "spores":  # fetch one of our own pawns from far away
            x = state.unit_at(a.square)
            return 1.0 + abs(a.square // 8 - seat) if x is not None and x.owner == p else 0.0
        if kind == "spores_to":
            x = state.units[state.pending[0].num]
            if x.owner != p:  # a rival pawn: next to one of ours, ready to be Morphed
                return 2.0 if any((y := state.unit_at(t)) is not None and y.owner == p
                                  for t in around(a.square)) else 0.0
        return 3.0 - 0.5 * abs(a.square // 8 - seat)  # placements: nearer the Seat
    step_ = state.clan_state[p].get("step", "")
    if isinstance(a, Roll) and step_ == "retreat":
        return 3.0
    if isinstance(a, Journey):
        mover = state.unit_at(a.frm)
        if mover is None:
            return 0.0
        home = _wibo_homeward(state, p) == 1.0
        if step_ == "retreating" or (mover.kind == "pawn" and home):
            gain = abs(a.frm // 8 - seat) - abs(a.to // 8 - seat)
            return 1.2 * gain + (3.0 if a.to // 8 == seat else 0.0)
        leave = 2.0 if a.frm // 8 == seat and a.to // 8 != seat else 0.0
        if a.to // 8 == seat and a.frm // 8 != seat:
            leave = -2.0  # keep the Seat free for the pawns
        if mover.kind == "pawn":
            leave = 0.0  # a pawn may come and go while the army is short
        if mover.kind == "queen":  # she keeps home until the last pawns need her square
            return (leave if home else min(leave, 0.0)) - 1.0
        goals = _wibo_goals(state, p)
        if not goals:
            return 0.0
        before = min(distance(a.frm, g) for g in goals)
        after = min(distance(a.to, g) for g in goals)
        near = any(distance(a.to, g) == 1 and (a.to % 8 == g % 8 or a.to // 8 == g // 8)
                   for g in goals)
        return 0.8 * (before - after) + (3.0 if near else 0.0) + leave
    return None


def _hexen_quarry(state: DarkleafState, p: int) -> list[Unit]:
    s = state.clan_state[p]
    return [state.units[i] for i in s.get("quarry", []) if state.units[i].sq >= 0
            and i not in s.get("fallen", [])]


def _hexen_path(state: DarkleafState, p: int) -> float:
    s = state.clan_state[p]
    value = QUARRY_FALLEN * len(s.get("fallen", []))
    quarry = _hexen_quarry(state, p)
    gardens = {int(k): n for k, n in s.get("gardens", {}).items()}
    ladders = {int(k): n for k, n in s.get("ladders", {}).items()}
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
    return value


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
    if state.pending and state.pending[0].kind == "quarry" and isinstance(a, Pick):
        x = state.unit_at(a.square)  # the ones nearest the Hexen come first
        return -distance(a.square, state.seat_rank(p) * 8 + 3) if x else 0.0
    return None


PATH_VALUE["wibo"] = _wibo_path
PATH_VALUE["hexen"] = _hexen_path
GOALS["wibo"] = _wibo_goals
GOALS["hexen"] = _hexen_goals
ACTION_SCORE["wibo"] = _wibo_score
ACTION_SCORE["hexen"] = _hexen_score


# -- Ferrymen and Erde (part 2) -------------------------------------------------------------
#
# The weights stay small: the evaluation turns the difference into a chance
# through a logistic of temperature 7, and a lead of 30 points would make
# every move look alike. Ferrymen: each royal Flowed off the edge is half the
# win; a rival royal on
# an edge with Ferrymen units near it is close to the next; Barbaric and
# Ripple Effect add push. Their journeys head for the squares from which a
# landing pushes the royal off (behind it, away from the edge, or upon it).
# Erde: each Reclaimed centre territory is a fifth of the win, a pawn on a
# centre territory still to Reclaim is nearly one; pawns head for the
# centre, and once all four are Reclaimed the king does.

from .actions import Choose  # noqa: E402  (part 2's own block)
from .erde import CENTRE, Erde  # noqa: E402
from .ferrymen import NAMED_DIRECTIONS, Ferrymen, Push  # noqa: E402

FLOWED_OFF = 8.0  # a rival royal Flowed off the edge once
ROYAL_ON_EDGE = 2.5  # the rival royal on an edge, per Ferrymen unit within 2
FERRY_NEAR = 0.35  # per territory between the nearest Flow unit and the rival royal
EDGE_PRESS = 0.8  # per territory the rival royal stands nearer an edge than the middle
RECLAIMED = 5.0  # an Erde centre territory Reclaimed
ON_CENTRE = 2.5  # an Erde pawn on a centre territory still to Reclaim
CENTRE_NEAR = 0.5  # per territory between a centre territory to Reclaim and the nearest pawn
KING_NEAR = 1.0  # per territory between the Erde king and the centre, all four Reclaimed
KING_WAITS = 0.3  # the same before that
SQUATTER = 2.0  # a rival unit on a centre territory Erde still has to Reclaim


def _on_edge(sq: int) -> bool:
    return sq % 8 in (0, 7) or sq // 8 in (0, 7)


def _ferry_path(state: DarkleafState, p: int) -> float:
    clan = state.clans[p]
    assert isinstance(clan, Ferrymen)
    value = FLOWED_OFF * clan.offs(state, p)
    flows = [u for u in state.on_board(p) if clan.flows(u)]
    value += sum(0.8 * len(u.auras) for u in flows)
    lifted = state.clan_state[p].get("lifted")
    if lifted is not None and state.units[lifted].royal:  # landed upon, its push to choose
        value += FLOWED_OFF / 2
    for r in state.royals(1 - p):
        if not flows:
            break
        near = min(distance(u.sq, r.sq) for u in flows)
        value -= FERRY_NEAR * near
        edge = min(r.sq % 8, 7 - r.sq % 8, r.sq // 8, 7 - r.sq // 8)
        value += EDGE_PRESS * (3 - edge)  # a royal shoved toward an edge
        if edge == 0:
            value += ROYAL_ON_EDGE * sum(1 for u in flows if distance(u.sq, r.sq) <= 2)
    return value


def _ferry_goals(state: DarkleafState, p: int) -> list[int]:
    """Where a landing pushes a rival royal off the edge: upon it, or behind it."""
    out = []
    for r in state.royals(1 - p):
        out.append(r.sq)
        for df, dr in ((0, 1), (0, -1), (1, 0), (-1, 0)):
            if step(r.sq, df, dr) < 0 and (b := step(r.sq, -df, -dr)) >= 0:
                out.append(b)
    return out


def _ferry_score(state: DarkleafState, p: int, a: Action) -> float | None:
    clan = state.clans[p]
    assert isinstance(clan, Ferrymen)
    if isinstance(a, Push):
        x = state.unit_at(a.target)
        if x is None and state.pending and state.pending[0].arg.startswith("upon:"):
            x = state.units[int(state.pending[0].arg.split(":")[1])]
        end = step(a.target, a.df, a.dr, a.dist)
        if x is None:
            return 0.5
        if end < 0:
            return 60.0 if x.royal else 6.0 + MATERIAL.get(x.kind, 1.0)
        return 2.0 + (2.0 if x.royal and _on_edge(end) else 0.0) + (
            1.0 if _on_edge(end) else 0.0)
    if isinstance(a, Journey):
        mover = state.unit_at(a.frm)
        if mover is None:
            return 0.0
        if mover.royal:
            return -2.0
        royals = [r.sq for r in state.royals(1 - p)]
        if a.frm == a.to:  # a zero journey: a push away
            return 2.0 + (30.0 if any(distance(a.frm, r) == 1 and _on_edge(r) for r in royals)
                          else 0.0)
        way, _ = clan.paths(state, mover, None).get(a.to, (None, False))
        score = 0.0
        x = state.unit_at(a.to)
        if x is not None:  # landing upon
            score += 40.0 if x.royal and _on_edge(a.to) else 4.0 + MATERIAL.get(x.kind, 1.0)
        elif way is not None and (ahead := step(a.to, way[0], way[1])) >= 0:
            y = state.unit_at(ahead)
            if y is not None and y.owner != p:
                off = step(ahead, way[0], way[1]) < 0
                score += (40.0 if y.royal else 5.0) if off else 1.5
        goals = _ferry_goals(state, p)
        if goals:
            before = min(distance(a.frm, g) for g in goals)
            after = min(distance(a.to, g) for g in goals)
            score += 0.8 * (before - after)
        return score
    if isinstance(a, Choose) and state.pending:
        kind = state.pending[0].kind
        if kind == "crossing":
            return 1.0 if a.option == "barbaric" else 0.8
        if kind == "tide":
            royal = clan.rival_royal(state, p)
            if royal is None:
                return 0.0
            end = clan.tide_end(state, royal, NAMED_DIRECTIONS[a.option])
            return (3.0 if _on_edge(end) else 0.0) + sum(
                1.0 for u in state.on_board(p) if distance(u.sq, end) <= 2)
    if isinstance(a, Pick) and state.pending and state.pending[0].kind == "royal_place":
        return sum(1.0 for u in state.on_board(p) if clan.flows(u)
                   and distance(u.sq, a.square) <= 2)
    return None


def _erde_path(state: DarkleafState, p: int) -> float:
    clan = state.clans[p]
    assert isinstance(clan, Erde)
    done = clan.reclaimed(state, p)
    value = RECLAIMED * len(done)
    pawns = [u for u in state.on_board(p) if u.kind == "pawn"]
    for c in CENTRE:
        if c in done:
            continue
        x = state.unit_at(c)
        if x is not None and x.owner != p:
            value -= SQUATTER  # Banish or Sink must clear it first
        if any(u.sq == c for u in pawns):
            value += ON_CENTRE
        elif pawns:
            value -= CENTRE_NEAR * min(distance(u.sq, c) for u in pawns)
    # The king near the centre: Reclaiming pawns come back next to it, and it
    # walks in at the end.
    near = KING_NEAR if clan.all_reclaimed(state, p) else KING_WAITS
    for k in state.royals(p):
        value -= near * min(distance(k.sq, c) for c in CENTRE)
    return value


def _erde_goals(state: DarkleafState, p: int) -> list[int]:
    clan = state.clans[p]
    assert isinstance(clan, Erde)
    done = clan.reclaimed(state, p)
    return [c for c in CENTRE if c not in done] or list(CENTRE)


def _erde_score(state: DarkleafState, p: int, a: Action) -> float | None:
    clan = state.clans[p]
    assert isinstance(clan, Erde)
    done = clan.reclaimed(state, p)
    todo = [c for c in CENTRE if c not in done]
    if isinstance(a, Declare):
        if a.intent == "reclaim":
            return 14.0 * (9 - clan.reclaim_need(state, p)) / 8
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
            return 0.1
        if a.frm in todo:
            return -3.0  # a pawn on a centre territory stays to Reclaim it
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


PATH_VALUE["ferrymen"] = _ferry_path
PATH_VALUE["erde"] = _erde_path
GOALS["ferrymen"] = _ferry_goals
GOALS["erde"] = _erde_goals
ACTION_SCORE["ferrymen"] = _ferry_score
ACTION_SCORE["erde"] = _erde_score
