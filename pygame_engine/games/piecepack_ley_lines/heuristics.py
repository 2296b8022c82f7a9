"""Ley Lines bot knowledge: a position evaluation and a playout policy.

The evaluation is each seat's points plus the promise of every pending line
(a cairn on the board and the path its energy flows along now) towards every
tor: the cairn's value plus the path points it would bring, weighted by the
chance of completing the line. A cairn's weights over the tors are shared
out, since it scores only once. Before the tors are down, a seat's tor is
imagined at the centre of its own cairns, so cairn placement learns the
"ring around your tor" shape.

A line's promise, and what a segment is worth in a playout, weigh the three
things the rule text's advice is about:

- distance: the chance of completing a line falls with the steps still to
  bridge from where its energy dies out now, and with the level it has
  reached (a high level leaves few dominoes that can carry it on);
- attenuation: a scored cairn wipes out the segments on its path whose
  values are both at most its own, which breaks other lines through them.
  So a pending line crossing segments that another cairn's scoring would
  fade counts that part of its length only in part, and a segment that
  scores is worth less by the pending lines its attenuation breaks (the
  scorer's own included);
- blocking: a line whose end has no empty space leading towards a tor must
  go round (or is stuck, with no empty space at all), and a segment that
  diverts, short-cuts or walls off a pending line is worth what the seats
  expecting that line lose: the leading rival's losses count the most.

Cairn values are chosen, not drawn: low values far out, where lines are
long and shared (they fade little when they score), high values close in.
"""

from __future__ import annotations

from ...core.game import Action, State
from ...core.rng import Rng
from . import data
from .actions import CAIRN, EMPTY, TOR, LaySegment, Pass, PlaceCairn, PlaceTor
from .data import DOMINOES, SPACES
from .state import LeyLinesState

#: A pending line per cairn on the board: the halves its energy crosses now.
Lines = dict[int, list[int]]

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
    #: The search's settings for the "hard" level (``pygame_engine.ai.Ismcts``):
    #: a turn offers hundreds of segments, so it screens them by their
    #: immediate worth and samples the best 64 three times each for its priors,
    #: then searches the best 24 of those; and its playouts also weigh three
    #: placements aimed at finishing a line (``aimed_width``), which makes
    #: every seat in them quicker to score and so foresees the replies better.
    search = {"hard": {"screen": 64, "prior_samples": 3, "width": 24,
                       "knowledge": {"aimed_width": 3}}}
    #: Per-space chance of extending a line at level 0 and at level 6.
    reach_low = 0.88
    reach_high = 0.55
    #: Legal placements a playout compares before laying one: drawn at random
    #: anywhere on the board, and aimed at carrying a pending line on into the
    #: mover's tor (``_aimed``; none unless a level's ``knowledge`` asks).
    rollout_width = 3
    aimed_width = 0
    #: Count only the tor owner's own halves as able to finish a line.
    own_halves = False
    #: Weight of a line whose end has no empty space beside it.
    stuck = 0.25
    #: Extra steps a line must take when no empty space at its end leads towards the tor.
    detour = 2
    #: Share of a pending line's halves still counted while another cairn's
    #: scoring would fade the segments under them.
    attenuation_risk = 0.5
    #: What a rival's points are worth against one's own: half, or in full for
    #: the leading rival (the rule text's advice is to cut the leader's lines).
    rival_weight = 0.5
    leader_weight = 1.0
    #: Distances from the imagined tor at which a cairn gets the highest and the
    #: lowest coin left, and the distance of the ring of cairns around it.
    cairn_near = 2
    cairn_far = 6
    cairn_ring = 4

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

    def halves_left(self, state: LeyLinesState) -> list[int]:
        """Per seat, the halves still to be laid that could finish a line for it."""
        n = state.num_players
        if state.phase != "ley":
            return [99] * n
        if self.own_halves:
            return [2 * len(h) for h in state.hands]
        return [2 * sum(len(h) for h in state.hands)] * n

    @staticmethod
    def pending_lines(state: LeyLinesState) -> Lines:
        """Every cairn on the board with the path its energy takes now (none
        reaches a tor: such a line is scored at once)."""
        ley = state.phase == "ley"
        return {c: state._dead_end(c) if ley else [] for c in state.in_play
                if state.kind[c] == CAIRN}

    @staticmethod
    def halves_at_risk(state: LeyLinesState, lines: Lines) -> dict[int, int]:
        """Per pending line, its halves on segments that another cairn's
        scoring would fade (attenuation, worked out by the rules' own
        ``fading``): the line loses them if that cairn scores first."""
        threatened: dict[int, set[int]] = {}  # segment -> cairns whose scoring fades it
        for c, path in lines.items():
            for d in state.fading(c, path):
                threatened.setdefault(d, set()).add(c)
        if not threatened:
            return {}
        owner = state.owner
        risks = {}
        for c, path in lines.items():
            n = sum(1 for s in path if any(x != c for x in threatened.get(owner[s], ())))
            if n:
                risks[c] = n
        return risks

    def line_promise(self, state: LeyLinesState, cairn: int, path: list[int], tors: list[int],
                     halves: list[int], at_risk: int = 0) -> list[float]:
        """Per seat, what the pending line from ``cairn`` along ``path`` promises.

        Distance: the chance falls with the steps from the line's end to the
        seat's tor. Blocking: with no empty space beside the end only a larger
        half further back (or attenuation) can free the line; with empty
        spaces but none nearer the tor it has to go round. Attenuation:
        ``at_risk`` halves of the path may fade before the line is finished.
        """
        kind = state.kind
        end = path[-1] if path else cairn
        q = self.reach_low + (self.reach_high - self.reach_low) * (
            state.value[end] if path else 0) / 6
        # The ways out of the end: the sides with an empty space.
        x, y, _ = SPACES[end]
        west = east = north = south = False
        for r in state.nbrs[end]:
            if kind[r] == EMPTY:
                rx, ry, _ = SPACES[r]
                west, east = west or rx < x, east or rx > x
                north, south = north or ry < y, south or ry > y
        room = west or east or north or south
        weight = 1.0 if room else self.stuck
        banked = len(path) - self.attenuation_risk * at_risk
        coin, owner = state.coin[cairn], state.owner[cairn]
        far = DISTANCE[end]
        weights = [0.0] * len(tors)
        points = [0.0] * len(tors)
        for p, t in enumerate(tors):
            if t < 0:
                continue
            d = far[t]
            steps = d - 1
            if room and d > 1:
                tx, ty, _ = SPACES[t]
                if not (tx < x and west or tx > x and east or ty < y and north
                        or ty > y and south):
                    steps += self.detour  # no way out towards this tor: go round
            if steps <= halves[p]:
                weights[p] = weight * q ** steps
                per = data.POINTS_SAME_SUIT if owner == p else data.POINTS_OTHER_SUIT
                points[p] = coin + per * (banked + d - 1)
        total = sum(weights)
        if total > 1.0:  # it scores only once: share the chances out
            return [w / total * pts for w, pts in zip(weights, points, strict=True)]
        return [w * pts for w, pts in zip(weights, points, strict=True)]

    def evaluate(self, state: State) -> list[float]:
        """Each seat's points plus its share of every pending line's promise."""
        assert isinstance(state, LeyLinesState)
        values = [float(sum(p)) for p in state.points]
        if state.is_over():
            return values
        tors, halves = self.tor_spots(state), self.halves_left(state)
        lines = self.pending_lines(state)
        risks = self.halves_at_risk(state, lines)
        for c, path in lines.items():
            promise = self.line_promise(state, c, path, tors, halves, risks.get(c, 0))
            for p, v in enumerate(promise):
                values[p] += v
        return values

    def seat_weights(self, state: LeyLinesState, player: int) -> list[float]:
        """How much each seat's gains matter to ``player``: its own in full, a
        rival's against it; the leading rival's (by the points everyone can
        see) count in full, the others' at half."""
        scores = [sum(p) for p in state.points]
        top = max((scores[q] for q in range(state.num_players) if q != player), default=0)
        return [1.0 if q == player else
                -(self.leader_weight if top > 0 and scores[q] == top else self.rival_weight)
                for q in range(state.num_players)]

    # -- playouts -----------------------------------------------------------------------

    def rollout_action(self, state: State, player: int, rng: Rng) -> Action:
        assert isinstance(state, LeyLinesState)
        if state.phase == "cairns":
            return self._cairn(state, player, rng)
        if state.phase == "tors":
            spaces = state.tor_spaces()
            return self.best_tor(state, player, [rng.choice(spaces) for _ in range(8)])
        return self._segment(state, player, rng)

    def cairn_value(self, coins: list[int], distance: float) -> int:
        """The coin to lay ``distance`` steps from where the tor will be.

        The rule text's advice is to keep attenuation in mind: a far cairn's
        line is long and likely shared with other lines, and a low value
        fades little of it when it scores; a near cairn's line is short, so a
        high value costs little there, and it is the surer score.
        """
        ordered = sorted(set(coins))
        span = self.cairn_far - self.cairn_near
        out = min(max((distance - self.cairn_near) / span, 0.0), 1.0)
        return ordered[round((1 - out) * (len(ordered) - 1))]

    def _cairn(self, state: LeyLinesState, player: int, rng: Rng) -> Action:
        """A space in a ring around the seat's other cairns (where its tor is
        imagined), with the coin that suits the distance."""
        spaces = state.cairn_spaces()
        own = [s for s in state.in_play if state.kind[s] == CAIRN and state.owner[s] == player]
        if not own:  # no ring yet, no distance to judge: a middle coin
            middle = (self.cairn_near + self.cairn_far) / 2
            return PlaceCairn(self.cairn_value(state.coins[player], middle), rng.choice(spaces))
        x = sum(SPACES[s][0] for s in own) / len(own)
        y = sum(SPACES[s][1] for s in own) / len(own)

        def distance(s: int) -> float:
            return abs(SPACES[s][0] - x) + abs(SPACES[s][1] - y)

        picks = [rng.choice(spaces) for _ in range(6)]
        best = min(picks, key=lambda s: abs(distance(s) - self.cairn_ring))
        return PlaceCairn(self.cairn_value(state.coins[player], distance(best)), best)

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
        """A few random legal placements; the one worth most to ``player`` now."""
        hand = state.hands[player]
        if not hand:
            return Pass()
        kind, nbrs = state.kind, state.nbrs
        pieces = [s for s in state.in_play if kind[s] != EMPTY]
        reach = state.reach_sets()
        found: list[LaySegment] = []
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
        if self.aimed_width:
            found += self._aimed(state, player, hand, reach, rng)
        if not found:
            return Pass()
        return self.best_segment(state, player, found, reach)

    def _aimed(self, state: LeyLinesState, player: int, hand: list[int],
               reach: tuple[set[int], set[int]], rng: Rng) -> list[LaySegment]:
        """Up to ``aimed_width`` legal placements that may finish a line into
        ``player``'s tor: the new segment carries a pending line on from where
        its energy dies out now (a half at least as high beside the line's
        end) up to that tor, or to a half with a rising path to it. A random
        placement rarely does: on three-player boards where the player to
        move could score, three random placements held a scoring one 20 % of
        the time."""
        kind, value, nbrs = state.kind, state.value, state.nbrs
        mine = state.tors[player]
        if mine is None:
            return []
        to_mine = state.rising_to([mine])

        def top(at: int, partner: int) -> int:
            """The highest value a half on ``at`` may have and still rise to the tor (-1: none)."""
            best = -1
            for t in nbrs[at]:
                if t == mine:
                    return data.TOR_FLOW
                if t != partner and t in to_mine and value[t] > best:
                    best = value[t]
            return best

        found = set()
        for c, path in self.pending_lines(state).items():
            end = path[-1] if path else c
            level = value[end] if path else 0
            for x in nbrs[end]:
                if kind[x] != EMPTY:
                    continue
                for y in nbrs[x]:
                    if kind[y] != EMPTY:
                        continue
                    top_x, top_y = top(x, y), top(y, x)
                    for d in hand:
                        lo, hi = DOMINOES[d]
                        for vx, vy in ((lo, hi), (hi, lo)):
                            if vx >= level and (vx <= top_x or vx <= vy <= top_y):
                                found.add(LaySegment(d, min(x, y), max(x, y)) if lo == hi
                                          else LaySegment(d, x, y) if vx == lo
                                          else LaySegment(d, y, x))
        bridges = sorted(found, key=lambda m: (m.domino, m.low, m.high))
        if len(bridges) > self.aimed_width:
            bridges = [rng.choice(bridges) for _ in range(self.aimed_width)]
        return [m for m in bridges if state.placement_ok(m.low, DOMINOES[m.domino][0], m.high,
                                                          DOMINOES[m.domino][1], reach)]

    def best_segment(self, state: LeyLinesState, player: int, moves: list[LaySegment],
                     reach: tuple[set[int], set[int]] | None = None) -> LaySegment:
        """The move of ``moves`` with the highest ``gain`` (the first of equals);
        ``reach`` is ``state.reach_sets()``, if the caller has it at hand."""
        kind, nbrs = state.kind, state.nbrs
        reach = reach or state.reach_sets()
        to_cairn = reach[1]  # the halves a cairn's energy can climb to
        outlook: Outlook | None = None
        best, best_gain = moves[0], -1e9
        for move in moves:
            # Nothing beside the move that a cairn's energy reaches: it scores
            # nothing and changes no line, so it is worth nothing at once.
            if any(kind[t] == CAIRN or t in to_cairn
                   for s in (move.low, move.high) for t in nbrs[s]):
                outlook = outlook or Outlook(self, state, player, reach)
                g = self.gain(state, player, move, outlook)
            else:
                g = 0.0
            if g > best_gain:
                best, best_gain = move, g
        return best

    def gain(self, state: LeyLinesState, player: int, move: LaySegment,
             outlook: Outlook | None = None) -> float:
        """What ``move`` is worth to ``player`` at once, each seat's share
        weighted by ``seat_weights``: the points it scores, plus ``blocking``
        and ``attenuation``, the change to the pending lines it does not score.
        ``outlook`` (of this board, for ``player``) may be shared between moves.
        """
        points, blocking, attenuation = self.gain_terms(state, player, move, outlook)
        return points + blocking + attenuation

    def gain_terms(self, state: LeyLinesState, player: int, move: LaySegment,
                   outlook: Outlook | None = None) -> tuple[float, float, float]:
        """``gain``'s three terms, each weighted by ``seat_weights``:

        - points: what the move scores at once, for whom;
        - blocking: how the lines passing or ending beside the new segment
          change: diverted, short-cut, extended or walled off;
        - attenuation: how the lines elsewhere that run over segments the
          scoring fades change (the scorer's own lines too).

        The board is changed in place and put back: the new segment, then the
        fading worked out by the rules' ``fading`` and the scored cairns
        taken off. A second scoring the fading might open is not followed.
        """
        o = outlook or Outlook(self, state, player)
        low, high = move.low, move.high
        near = o.lines_beside((low, high))
        lo, hi = DOMINOES[move.domino]
        # Only a segment with a rising path to some tor can complete a line now.
        climbs = self._climbs(state, low, lo, high, o.to_tor) or self._climbs(
            state, high, hi, low, o.to_tor)
        if not near and not climbs:
            return 0.0, 0.0, 0.0
        points = 0.0
        faded: set[int] = set()  # segments a scoring would fade
        after: dict[int, float] = {}  # weighted promise of the changed lines, after the move
        state._put(move.domino, low, lo, high, hi, track=False)
        try:
            flows = state.scoring_flows((low, high)) if climbs else []
            if not flows:
                for c in near:
                    path = state._dead_end(c)
                    end = path[-1] if path else c
                    if path != o.line(c) or low in state.nbrs[end] or high in state.nbrs[end]:
                        after[c] = o.weighted(state, c, path)
            else:
                for f in flows:
                    receiver, pts = state.flow_points(f)
                    points += o.weights[receiver] * pts
                faded.update(d for f in flows for d in state.fading(f.cairn, f.path))
        finally:
            state._lift(move.domino)
        broken: set[int] = set()
        if flows:
            scored = {f.cairn for f in flows}
            owner = state.owner
            broken = {c for c, path in o.all_lines().items() if c not in near
                      and c not in scored and any(owner[s] in faded for s in path)}
            state._put(move.domino, low, lo, high, hi, track=False)
            try:
                after = self._after_scoring(state, o, faded, scored, (near | broken) - scored)
            finally:
                state._lift(move.domino)
        blocking = sum((v - o.value(c) for c, v in after.items() if c not in broken), 0.0)
        attenuation = sum((v - o.value(c) for c, v in after.items() if c in broken), 0.0)
        return points, blocking, attenuation

    @staticmethod
    def _after_scoring(state: LeyLinesState, o: Outlook, faded: set[int], scored: set[int],
                       cairns: set[int]) -> dict[int, float]:
        """The weighted promise of the lines of ``cairns`` once the ``faded``
        segments and the ``scored`` cairns have left the board (put back after)."""
        kind, value = state.kind, state.value
        saved = [(d, a, value[a], b, value[b]) for d in faded for a, b in (state.segments[d],)]
        for d in faded:
            state._lift(d)
        for c in scored:
            kind[c] = EMPTY
        try:
            return {c: o.weighted(state, c, state._dead_end(c)) for c in cairns}
        finally:
            for c in scored:
                kind[c] = CAIRN
            for d, a, va, b, vb in saved:
                state._put(d, a, va, b, vb, track=False)

    @staticmethod
    def _climbs(state: LeyLinesState, at: int, value: int, partner: int, to_tor: set[int]
                ) -> bool:
        """True if a half of ``value`` on ``at`` touches a tor or a rising path to one."""
        kind, values = state.kind, state.value
        for t in state.nbrs[at]:
            if t != partner and (kind[t] == TOR or (t in to_tor and values[t] >= value)):
                return True
        return False


class Outlook:
    """What every candidate segment on one board shares, for one seat: worked
    out once per decision, since the playout policy weighs several moves.

    ``line`` gives a cairn's pending line and ``value`` its weighted promise,
    both worked out when first asked for and then kept: so they must be asked
    for while the board is as it was when the outlook was made.
    """

    def __init__(self, h: Heuristics, state: LeyLinesState, player: int,
                 reach: tuple[set[int], set[int]] | None = None) -> None:
        self.h, self.state = h, state
        self.weights = h.seat_weights(state, player)
        self.tors, self.halves = h.tor_spots(state), h.halves_left(state)
        #: The halves with a rising path to a tor, and those a cairn's energy can climb to.
        self.to_tor, self.to_cairn = reach or state.reach_sets()
        self._lines: Lines = {}
        self._values: dict[int, float] = {}

    def line(self, cairn: int) -> list[int]:
        """The path of ``cairn``'s energy on the board this outlook was made for."""
        if cairn not in self._lines:
            self._lines[cairn] = self.state._dead_end(cairn)
        return self._lines[cairn]

    def all_lines(self) -> Lines:
        """Every pending line on the board."""
        state = self.state
        return {c: self.line(c) for c in state.in_play if state.kind[c] == CAIRN}

    def lines_beside(self, spaces: tuple[int, ...]) -> set[int]:
        """The cairns whose line (the cairn or a half of its path) lies next to
        one of ``spaces``: the lines a segment laid there can divert,
        short-cut, extend or wall off. Only a cairn whose energy climbs into
        one of the pieces there can have its line pass them."""
        state = self.state
        kind, nbrs, to_cairn = state.kind, state.nbrs, self.to_cairn
        around = {t for s in spaces for t in nbrs[s]}
        cairns = {t for t in around if kind[t] == CAIRN}
        halves = [t for t in around if t in to_cairn]
        if halves:
            cairns |= state.feeders(halves)
        return {c for c in cairns if not around.isdisjoint(self.line(c)) or c in around}

    def weighted(self, state: LeyLinesState, cairn: int, path: list[int]) -> float:
        """The line's promise on ``state``, summed over the seats by their weights."""
        promise = self.h.line_promise(state, cairn, path, self.tors, self.halves)
        return sum(w * v for w, v in zip(self.weights, promise, strict=True))

    def value(self, cairn: int) -> float:
        """``weighted`` for a line as it is on the board this outlook was made for."""
        if cairn not in self._values:
            self._values[cairn] = self.weighted(self.state, cairn, self.line(cairn))
        return self._values[cairn]


__all__ = ["Heuristics"]
