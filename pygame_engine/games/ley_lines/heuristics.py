"""Ley Lines bot knowledge: a position evaluation and a playout policy.

The evaluation is each seat's points plus the promise of every cairn on the
board towards every tor: its value plus the path
points it would bring, weighted by the chance of completing the line. That
chance falls with the distance still to bridge (from where the cairn's
energy dies out now) and with the level the energy has reached (a high
level leaves few dominoes that can carry it on). A cairn's weights over the
tors are shared out, since it scores only once.

Before the tors are down, a seat's tor is imagined at the centre of its own
cairns, so cairn placement learns the "ring around your tor" shape.
"""

from __future__ import annotations

from ...core.game import Action, State
from ...core.rng import Rng
from . import data
from .data import DOMINOES, SPACES
from .rules import CAIRN, EMPTY, TOR, LaySegment, LeyLinesState, Pass, PlaceCairn, PlaceTor

#: Manhattan distance between every two spaces.
DISTANCE: tuple[tuple[int, ...], ...] = tuple(
    tuple(abs(a[0] - b[0]) + abs(a[1] - b[1]) for b in SPACES) for a in SPACES)


def _nearest_table(num_players: int) -> dict[tuple[int, int], int]:
    in_play = data.spaces_in_play(num_players)
    return {(x, y): min(in_play, key=lambda s: abs(SPACES[s][0] - x) + abs(SPACES[s][1] - y))
            for x in range(data.WIDTH) for y in range(data.HEIGHT)}


#: Per player count, the space in play nearest to each grid point.
NEAREST = {n: _nearest_table(n) for n in (3, 4)}


class Heuristics:
    """Evaluation and playout policy for the generic bots (``pygame_engine.ai``)."""

    scale = 8.0
    #: Per-space chance of extending a line at level 0 and at level 6.
    reach_low = 0.88
    reach_high = 0.55
    #: Legal placements a playout compares before laying one.
    rollout_width = 3
    #: Count only the tor owner's own halves as able to finish a line.
    own_halves = False

    def tor_spots(self, state: LeyLinesState) -> list[int]:
        """Each seat's tor, or where it is imagined before it is placed."""
        out = []
        for p in range(state.num_players):
            t = state.tors[p]
            if t is None:
                own = [s for s in state.in_play if state.kind[s] == CAIRN and state.owner[s] == p]
                if not own:
                    out.append(-1)
                    continue
                x = round(sum(SPACES[s][0] for s in own) / len(own))
                y = round(sum(SPACES[s][1] for s in own) / len(own))
                t = NEAREST[state.num_players][x, y]
            out.append(t)
        return out

    def chance(self, steps: int, level: int, halves_left: int) -> float:
        """Estimated chance that ``steps`` more halves complete a line at ``level``."""
        if steps > halves_left:
            return 0.0
        q = self.reach_low + (self.reach_high - self.reach_low) * level / 6
        return float(q ** max(steps, 0))

    def evaluate(self, state: State) -> list[float]:
        assert isinstance(state, LeyLinesState)
        n = state.num_players
        values = [float(sum(p)) for p in state.points]
        if state.is_over():
            return values
        tors = self.tor_spots(state)
        if state.phase != "ley":
            halves = [99] * n
        elif self.own_halves:
            halves = [2 * len(h) for h in state.hands]
        else:
            halves = [2 * sum(len(h) for h in state.hands)] * n
        kind, owner, coin, value = state.kind, state.owner, state.coin, state.value
        for c in state.in_play:
            if kind[c] != CAIRN:
                continue
            path = state._dead_end(c) if state.phase == "ley" else []
            end = path[-1] if path else c
            level = value[end] if path else 0
            # Energy stuck with no empty space beside its end can only be freed
            # by a new, larger half further back (or by attenuation).
            stuck = 1.0 if any(kind[t] == EMPTY for t in state.nbrs[end]) else 0.25
            shares = []
            far = DISTANCE[end]
            for p in range(n):
                t = tors[p]
                if t < 0:
                    shares.append((0.0, 0.0))
                    continue
                d = far[t]
                w = stuck * self.chance(d - 1, level, halves[p])
                per = data.POINTS_SAME_SUIT if owner[c] == p else data.POINTS_OTHER_SUIT
                shares.append((w, coin[c] + per * (len(path) + d - 1)))
            total = sum(w for w, _ in shares)
            norm = max(1.0, total)
            for p, (w, pts) in enumerate(shares):
                values[p] += w / norm * pts
        return values

    # -- playouts -----------------------------------------------------------------------

    def rollout_action(self, state: State, player: int, rng: Rng) -> Action:
        assert isinstance(state, LeyLinesState)
        if state.phase == "cairns":
            return self._cairn(state, player, rng)
        if state.phase == "tors":
            spaces = state.tor_spaces()
            return self.best_tor(state, player, [rng.choice(spaces) for _ in range(8)])
        return self._segment(state, player, rng)

    def _cairn(self, state: LeyLinesState, player: int, rng: Rng) -> Action:
        spaces = state.cairn_spaces()
        own = [s for s in state.in_play if state.kind[s] == CAIRN and state.owner[s] == player]
        value = rng.choice(state.coins[player])
        if not own:
            return PlaceCairn(value, rng.choice(spaces))
        x = sum(SPACES[s][0] for s in own) / len(own)
        y = sum(SPACES[s][1] for s in own) / len(own)
        picks = [rng.choice(spaces) for _ in range(6)]
        best = min(picks, key=lambda s: abs(abs(SPACES[s][0] - x) + abs(SPACES[s][1] - y) - 4))
        return PlaceCairn(value, best)

    def best_tor(self, state: LeyLinesState, player: int,
                 spaces: list[int] | None = None) -> Action:
        """The tor space (of ``spaces``, by default all legal ones) with the most
        promise over every cairn on the board."""
        cairns = [(c, state.coin[c], state.owner[c]) for c in state.in_play
                  if state.kind[c] == CAIRN]
        others = [t for t in state.tors if t is not None]
        best, best_value = -1, -1.0
        for s in spaces or state.tor_spaces():
            total = 0.0
            for c, v, p in cairns:
                far = DISTANCE[c]
                d = far[s]
                w = self.chance(d - 1, 0, 99)
                if others:  # a rival tor nearer to the cairn takes it more often
                    rival = min(far[t] for t in others)
                    if rival < d:
                        w *= 0.4
                per = data.POINTS_SAME_SUIT if p == player else data.POINTS_OTHER_SUIT
                total += w * (v + per * (d - 1))
            if total > best_value:
                best, best_value = s, total
        return PlaceTor(best)

    def _segment(self, state: LeyLinesState, player: int, rng: Rng) -> Action:
        """A few random legal placements; the one scoring best for ``player`` now."""
        hand = state.hands[player]
        if not hand:
            return Pass()
        kind, nbrs = state.kind, state.nbrs
        pieces = [s for s in state.in_play if kind[s] != EMPTY]
        reach = state.reach_sets()
        found: list[LaySegment] = []
        to_tor = reach[0]
        for _ in range(3 * self.rollout_width):
            s = rng.choice(pieces)
            empties = [t for t in nbrs[s] if kind[t] == EMPTY]
            if not empties:
                continue
            a = rng.choice(empties)
            further = [t for t in nbrs[a] if kind[t] == EMPTY]
            if not further:
                continue
            b = rng.choice(further)
            d = rng.choice(hand)
            lo, hi = DOMINOES[d]
            if lo == hi:  # a double's placement is listed once, its spaces in map order
                a, b = min(a, b), max(a, b)
            elif rng.random() < 0.5:
                a, b = b, a
            if state.placement_ok(a, lo, b, hi, reach):
                found.append(LaySegment(d, a, b))
                if len(found) == self.rollout_width:
                    break
        if not found:
            return Pass()
        # Only a segment with a rising path to some tor can complete a line now.
        best, best_gain = found[0], -1e9
        for move in found:
            lo, hi = DOMINOES[move.domino]
            g = self.gain(state, player, move) if self._climbs(
                state, move.low, lo, move.high, to_tor) or self._climbs(
                state, move.high, hi, move.low, to_tor) else 0.0
            if g > best_gain:
                best, best_gain = move, g
        return best

    @staticmethod
    def _climbs(state: LeyLinesState, at: int, value: int, partner: int, to_tor: set[int]
                ) -> bool:
        """True if a half of ``value`` on ``at`` touches a tor or a rising path to one."""
        kind, values = state.kind, state.value
        for t in state.nbrs[at]:
            if t != partner and (kind[t] == TOR or (t in to_tor and values[t] >= value)):
                return True
        return False

    def gain(self, state: LeyLinesState, player: int, move: LaySegment) -> float:
        """Points ``move`` would score at once: for ``player``, less half of what it gives away."""
        lo, hi = DOMINOES[move.domino]
        state._put(move.domino, move.low, lo, move.high, hi, track=False)
        try:
            flows = state.scoring_flows((move.low, move.high))
        finally:
            state._lift(move.domino)
        total = 0.0
        for f in flows:
            assert f.tor is not None
            receiver = state.owner[f.tor]
            same = receiver == state.owner[f.cairn]
            pts = state.coin[f.cairn] + (data.POINTS_SAME_SUIT if same else
                                         data.POINTS_OTHER_SUIT) * len(f.path)
            total += pts if receiver == player else -0.5 * pts
        return total


__all__ = ["Heuristics"]
