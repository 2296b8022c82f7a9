"""Ley Lines (piecepack, 3-4 players): the state, its legal actions and transitions.

Phases: ``cairns`` (each seat in turn lays one face-down coin, six rounds),
``tors`` (each seat lays its pawn, in the reverse order), ``ley`` (lay a
domino or pass, starting with the first cairn player), ``over``.

The board is a list of spaces (``data.SPACES``) with parallel lists:
``kind`` (empty, domino half, cairn, tor), ``value`` (a half's pips) and
``owner`` (a cairn's or tor's seat, a half's domino id). Cairn coin values
are kept apart in ``coin`` because they are hidden from the other seats.

Energy flow, as designed where the text is silent (see the rules page):

- a cairn counts 0 and a tor 7; pieces connect orthogonally, whichever
  domino they belong to; cairns and tors end a path, nothing flows through
  them;
- from a cairn the energy steps to a neighbour whose value is at least the
  current one, always the largest such neighbour (a tor, being 7, first);
- it never re-enters a space it has already passed through;
- a tie between equal largest neighbours: the energy follows the tied branch
  that reaches a tor with the shortest path; if several are equally short,
  the first in compass order (north, east, south, west); if none reaches a
  tor, the energy runs on down the first tied branch in compass order (and
  the first again at any later tie) until no neighbour is high enough, and
  dies out there ("into the middle of nowhere"), scoring nothing;
- the path's length is the number of domino halves it crosses;
- after a segment is laid, every cairn whose energy reaches a tor scores on
  that same board, then each attenuates along its path (a domino is on the
  path when one of its halves is), the cairns leave, and the board is
  checked again in case the removals opened another line.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ...core.events import Event
from ...core.game import Action, Standing, State
from ...core.rng import Rng
from ...core.view_types import standing_views
from . import data, scoring
from .actions import (
    _SIDES_CACHE,
    CAIRN,
    CAIRNS_EACH,
    EMPTY,
    HALF,
    IN_PLAY,
    NEIGHBOURS,
    TOR,
    TOR_ZONE,
    LaySegment,
    Pass,
    PlaceCairn,
    PlaceTor,
    Side,
    domino_name,
)
from .data import COIN_NAMES, DOMINOES, SPACES, SUITS, space_name
from .scoring import Flow
from .view_types import FlowView, LastMove, LeyLinesView, PieceView

if TYPE_CHECKING:
    from .game import LeyLines


# -- the state -----------------------------------------------------------------


class LeyLinesState(State):
    game: LeyLines

    def __init__(self, game: LeyLines, num_players: int, seed: int,
                 options: dict[str, Any]) -> None:
        super().__init__(game, num_players, seed, options)
        #: The printed rule: a placed cairn is not shown even to its owner (bots
        #: still remember their own, as a careful player would).
        self.hide_own_cairns = options.get("hide_own_cairns") == "on"
        n = num_players
        size = len(SPACES)
        self.in_play = IN_PLAY[n]
        self.nbrs = NEIGHBOURS[n]
        self.kind = [EMPTY] * size
        self.value = [0] * size
        self.owner = [-1] * size
        self.coin = [-1] * size  # a cairn's hidden coin value
        self.coins: list[list[int]] = [list(data.COIN_VALUES) for _ in range(n)]
        self.tors: list[int | None] = [None] * n
        self.hands: list[list[int]] = [[] for _ in range(n)]
        #: Domino id -> (space of its low half, space of its high half).
        self.segments: dict[int, tuple[int, int]] = {}
        self.discard: list[int] = []  # segments removed by attenuation
        self.set_aside: list[int] = list(data.SIX_DOMINOES) if n == 3 else []
        self.undealt = len(DOMINOES) - len(self.set_aside)  # until the deal
        #: Scored cairns, discarded: (owner, value).
        self.scored_cairns: list[tuple[int, int]] = []
        self.points: list[list[int]] = [[0, 0, 0] for _ in range(n)]
        self.first = self.rng.randrange(n)
        self.phase = "cairns"
        self.turn = 0  # actions taken in the current phase
        self.passes = 0  # consecutive passes
        #: The flows scored in the last round of turns, each with its ``turn``
        #: (for the view's drawing: every seat's scoring since your last turn).
        self.last_flows: list[FlowView] = []
        #: The latest action, for the view to mark: its seat, kind and the spaces it filled.
        self.last_move: LastMove | None = None
        #: ``reach_sets`` of the board whose ``board_key`` comes first (shared by clones).
        self._reach: tuple[bytes, set[int], set[int]] | None = None
        self.log.append(Event("first", f"{self.game.seat_name(self.first)} wins the roll and "
                                       "lays the first cairn.", data={"seat": self.first},
                              reveal=True))

    # -- whose turn ------------------------------------------------------------

    def current(self) -> int:
        """The seat to act (meaningless once the game is over)."""
        n = self.num_players
        if self.phase == "tors":  # the last cairn player first, then to the right
            return (self.first + n - 1 - self.turn) % n
        return (self.first + self.turn) % n

    def active_players(self) -> list[int]:
        return [] if self.phase == "over" else [self.current()]

    def is_over(self) -> bool:
        return self.phase == "over"

    # -- legal actions -----------------------------------------------------------

    def legal_actions(self, player: int) -> list[Action]:
        if self.phase == "over" or player != self.current():
            return []
        if self.phase == "cairns":
            spaces = self.cairn_spaces()
            return [PlaceCairn(v, s) for v in sorted(set(self.coins[player])) for s in spaces]
        if self.phase == "tors":
            return [PlaceTor(s) for s in self.tor_spaces()]
        actions: list[Action] = list(self.segment_placements(player))
        actions.append(Pass())
        return actions

    def is_legal(self, player: int, action: Action) -> bool:
        """``action in legal_actions(player)``, without listing every segment:
        the search asks this of a few moves at a time in positions offering
        hundreds."""
        if self.phase != "ley" or player != self.current():
            return super().is_legal(player, action)
        if isinstance(action, Pass):
            return True
        if not isinstance(action, LaySegment) or action.domino not in self.hands[player]:
            return False
        a, b = action.low, action.high
        if not 0 <= a < len(SPACES) or b not in self.nbrs[a]:
            return False
        if self.kind[a] != EMPTY or self.kind[b] != EMPTY:
            return False
        lo, hi = DOMINOES[action.domino]
        if lo == hi and a > b:  # a double's placement is listed once, its spaces in map order
            return False
        return self.placement_ok(a, lo, b, hi)

    def cairn_spaces(self) -> list[int]:
        """Empty spaces with no cairn orthogonally next to them (any empty space
        if none is left: a designed fallback the text does not need in practice)."""
        kind = self.kind
        empty = [s for s in self.in_play if kind[s] == EMPTY]
        near = self._near_cairns()
        return [s for s in empty if s not in near] or empty

    def _near_cairns(self) -> set[int]:
        """Spaces orthogonally next to a cairn."""
        kind, nbrs = self.kind, self.nbrs
        near: set[int] = set()
        for s in self.in_play:
            if kind[s] == CAIRN:
                near.update(nbrs[s])
        return near

    def tor_spaces(self) -> list[int]:
        """Empty spaces not next to a cairn and with ``TOR_GAP`` spaces to every tor.

        If none exists, the tor gap is dropped first, then the cairn rule (a
        designed fallback so that a tor can always be placed).
        """
        kind = self.kind
        empty = [s for s in self.in_play if kind[s] == EMPTY]
        near = self._near_cairns()
        no_cairn = [s for s in empty if s not in near]
        crowded: set[int] = set()
        for t in self.tors:
            if t is not None:
                crowded.update(TOR_ZONE[t])
        spaced = [s for s in no_cairn if s not in crowded]
        return spaced or no_cairn or empty

    def board_key(self) -> bytes:
        """The board's contents as bytes, for caches."""
        return bytes((self.num_players, *self.kind, *self.value))

    def reach_sets(self) -> tuple[set[int], set[int]]:
        """(halves with a non-decreasing path to a tor, halves with a
        non-increasing path to a cairn) on the current board. Do not modify them:
        they are cached, and kept up to date as segments are laid."""
        key = self.board_key()
        if self._reach is not None and self._reach[0] == key:
            return self._reach[1], self._reach[2]
        to_tor, to_cairn = self.full_reach()
        self._reach = (key, to_tor, to_cairn)
        return to_tor, to_cairn

    def full_reach(self) -> tuple[set[int], set[int]]:
        """``reach_sets`` worked out from scratch."""
        kind = self.kind
        return (self.rising_to([s for s in self.in_play if kind[s] == TOR]),
                self._walk_back([(s, data.CAIRN_FLOW) for s in self.in_play
                                 if kind[s] == CAIRN], towards_tor=False))

    def rising_to(self, tors: list[int]) -> set[int]:
        """The halves with a non-decreasing path to one of ``tors``."""
        return self._walk_back([(t, data.TOR_FLOW) for t in tors], towards_tor=True)

    def _walk_back(self, starts: list[tuple[int, int]], towards_tor: bool) -> set[int]:
        """The halves reached from ``starts`` (space, value) against the flow:
        back from a tor each step down or level, back from a cairn each step
        up or level."""
        kind, value, nbrs = self.kind, self.value, self.nbrs
        reached: set[int] = set()
        todo = list(starts)
        while todo:
            s, sv = todo.pop()
            for t in nbrs[s]:
                if (kind[t] == HALF and t not in reached
                        and (value[t] <= sv if towards_tor else value[t] >= sv)):
                    reached.add(t)
                    todo.append((t, value[t]))
        return reached

    def _side(self, a: int, partner: int, to_tor: set[int], to_cairn: set[int]) -> Side:
        """What touches space ``a`` apart from ``partner``: (a tor, a cairn, the
        largest half with a path to a tor, the smallest half with a path to a
        cairn); -1 and 99 stand for none."""
        kind, value = self.kind, self.value
        tor = cairn = False
        up, down = -1, 99
        for t in self.nbrs[a]:
            k = kind[t]
            if t == partner or k == EMPTY:
                continue
            if k == TOR:
                tor = True
            elif k == CAIRN:
                cairn = True
            else:
                v = value[t]
                if t in to_tor and v > up:
                    up = v
                if t in to_cairn and v < down:
                    down = v
        return tor, cairn, up, down

    @staticmethod
    def _half_ok(va: int, vb: int, mine: Side, other: Side) -> bool:
        """The placement rule for one half (value ``va``; its partner ``vb``).

        Directly: a tor or cairn next to it, a rising-or-level neighbour on a
        path to a tor, or a falling-or-level one on a path to a cairn. Or
        through the partner, when the step to it keeps the same direction.
        """
        if mine[0] or mine[1] or va <= mine[2] or va >= mine[3]:
            return True
        if vb >= va and (other[0] or vb <= other[2]):
            return True
        return vb <= va and (other[1] or vb >= other[3])

    def placement_ok(self, low: int, vlow: int, high: int, vhigh: int,
                     reach: tuple[set[int], set[int]] | None = None) -> bool:
        """True if each half of the new segment has a legal energy path."""
        to_tor, to_cairn = reach or self.reach_sets()
        a = self._side(low, high, to_tor, to_cairn)
        b = self._side(high, low, to_tor, to_cairn)
        return self._half_ok(vlow, vhigh, a, b) and self._half_ok(vhigh, vlow, b, a)

    def open_pairs(self) -> list[tuple[int, int]]:
        """Pairs of adjacent empty spaces with at least one touching a piece."""
        kind, nbrs = self.kind, self.nbrs
        pairs = set()
        for s in self.in_play:
            if kind[s] != EMPTY or all(kind[t] == EMPTY for t in nbrs[s]):
                continue
            for t in nbrs[s]:
                if kind[t] == EMPTY:
                    pairs.add((s, t) if s < t else (t, s))
        return sorted(pairs)

    def _pair_sides(self) -> list[tuple[int, int, Side, Side]]:
        """Every open pair with what touches each of its spaces (cached by board,
        since bots ask again and again about the same board with other hands)."""
        key = self.board_key()
        sides = _SIDES_CACHE.get(key)
        if sides is None:
            to_tor, to_cairn = self.reach_sets()
            sides = [(a, b, self._side(a, b, to_tor, to_cairn),
                      self._side(b, a, to_tor, to_cairn)) for a, b in self.open_pairs()]
            if len(_SIDES_CACHE) >= 256:
                _SIDES_CACHE.clear()
            _SIDES_CACHE[key] = sides
        return sides

    def segment_placements(self, player: int) -> list[LaySegment]:
        """Every legal way to lay one of ``player``'s dominoes, in a stable order."""
        hand = self.hands[player]
        if not hand:
            return []
        ok = self._half_ok
        sides = self._pair_sides()
        out = []
        for d in hand:
            lo, hi = DOMINOES[d]
            for a, b, sa, sb in sides:
                if ok(lo, hi, sa, sb) and ok(hi, lo, sb, sa):
                    out.append(LaySegment(d, a, b))
                if lo != hi and ok(lo, hi, sb, sa) and ok(hi, lo, sa, sb):
                    out.append(LaySegment(d, b, a))
        return out

    def explain_illegal(self, player: int, action: Action) -> str:
        who = self.game.seat_name(player)
        if self.phase == "cairns":
            if isinstance(action, PlaceCairn):
                if action.value not in self.coins[player]:
                    return f"{who} has no unplaced coin of that value."
                if action.space not in self.in_play or self.kind[action.space] != EMPTY:
                    return "A cairn must go on an empty space of the map."
                return "A cairn may not sit orthogonally next to another cairn."
            return "Everyone lays their six cairns first."
        if self.phase == "tors":
            if isinstance(action, PlaceTor):
                if action.space not in self.in_play or self.kind[action.space] != EMPTY:
                    return "A tor must go on an empty space of the map."
                return ("A tor may not sit orthogonally next to a cairn, and needs at least "
                        "two spaces between it and every other tor.")
            return "Each seat now lays its tor."
        if isinstance(action, LaySegment):
            if action.domino not in self.hands[player]:
                return f"{who} does not hold that domino."
            a, b = action.low, action.high
            if (a not in self.in_play or b not in self.in_play
                    or b not in self.nbrs[a]):
                return "A segment covers two orthogonally adjacent spaces of the map."
            if self.kind[a] != EMPTY or self.kind[b] != EMPTY:
                return "Both spaces under a segment must be empty."
            lo, hi = DOMINOES[action.domino]
            if lo == hi and LaySegment(action.domino, b, a) in self.segment_placements(player):
                # A double reads the same both ways, so each placement is listed once.
                return (f"The {lo}|{hi} is a double, the same either way round: this "
                        f"placement is offered once, as {space_name(b)} then "
                        f"{space_name(a)}.")
            return ("Each half of a new segment needs a legal energy path to a tor or a "
                    "cairn: rising (or level) towards a tor, falling (or level) towards a "
                    "cairn.")
        return "Lay a ley segment or pass."

    # -- transitions -------------------------------------------------------------

    def _apply(self, player: int, action: Action) -> list[Event]:
        if isinstance(action, PlaceCairn):
            return self._place_cairn(player, action)
        if isinstance(action, PlaceTor):
            return self._place_tor(player, action)
        if isinstance(action, LaySegment):
            return self._lay(player, action)
        return self._pass(player)

    def _place_cairn(self, player: int, action: PlaceCairn) -> list[Event]:
        s = action.space
        self.kind[s], self.owner[s], self.coin[s] = CAIRN, player, action.value
        self.coins[player].remove(action.value)
        self.last_move = {"seat": player, "kind": "cairn", "spaces": [s]}
        who = self.game.seat_name(player)
        events = [Event("cairn", f"{who} lays a face-down cairn on {space_name(s)}.",
                        data={"seat": player, "space": s})]
        if not self.hide_own_cairns:  # else not even the log may remind its owner
            events.append(Event("cairn-value", f"Your cairn on {space_name(s)} is the "
                                               f"{COIN_NAMES[action.value]}.",
                                data={"seat": player}, visible_to=(player,)))
        self.turn += 1
        if self.turn == CAIRNS_EACH * self.num_players:
            self.phase, self.turn = "tors", 0
            events.append(Event("phase", "All cairns are down; tors go next, in reverse order."))
        return events

    def _place_tor(self, player: int, action: PlaceTor) -> list[Event]:
        s = action.space
        self.kind[s], self.owner[s] = TOR, player
        self.tors[player] = s
        self.last_move = {"seat": player, "kind": "tor", "spaces": [s]}
        events = [Event("tor", f"{self.game.seat_name(player)} raises a tor on {space_name(s)}.",
                        data={"seat": player, "space": s})]
        self.turn += 1
        if self.turn == self.num_players:
            events += self._deal()
        return events

    def _deal(self) -> list[Event]:
        stock = [d for d in range(len(DOMINOES)) if d not in self.set_aside]
        self.rng.shuffle(stock)
        each = len(stock) // self.num_players
        for p in range(self.num_players):
            self.hands[p] = sorted(stock[p * each:(p + 1) * each])
        self.phase, self.turn, self.undealt = "ley", 0, 0
        events = [Event("deal", f"The ley segments are dealt: {each} each.", reveal=True)]
        for p in range(self.num_players):
            held = ", ".join(domino_name(d) for d in self.hands[p])
            events.append(Event("hand", f"Your segments: {held}.", data={"seat": p},
                                visible_to=(p,)))
        # Only a fallback tor can touch a cairn; such a line is complete already.
        events += self.score_cairns()
        if not any(k == CAIRN for k in self.kind):
            events += scoring.finish(self, "The last cairn has been scored")
        return events

    def _pass(self, player: int) -> list[Event]:
        self.last_move = {"seat": player, "kind": "pass", "spaces": []}
        self.passes += 1
        self._forget_flows()
        events = [Event("pass", f"{self.game.seat_name(player)} passes.",
                        data={"seat": player})]
        self.turn += 1
        if self.passes == self.num_players:
            events += scoring.finish(self, "Every player passed in turn")
        return events

    def _forget_flows(self) -> None:
        """Keep the flows of the other seats' turns since this seat's last one."""
        self.last_flows = [f for f in self.last_flows
                           if f["turn"] > self.turn - self.num_players]

    def _lay(self, player: int, action: LaySegment) -> list[Event]:
        d, a, b = action.domino, action.low, action.high
        lo, hi = DOMINOES[d]
        self._put(d, a, lo, b, hi)
        self.hands[player].remove(d)
        self.passes = 0
        self.last_move = {"seat": player, "kind": "segment", "spaces": [a, b], "domino": d}
        events = [Event("segment", f"{self.game.seat_name(player)} lays {lo}|{hi}: {lo} on "
                                   f"{space_name(a)}, {hi} on {space_name(b)}.",
                        data={"seat": player, "domino": d, "low": a, "high": b})]
        self._forget_flows()
        events += self.score_cairns((a, b))
        self.turn += 1
        if not any(k == CAIRN for k in self.kind):
            events += scoring.finish(self, "The last cairn has been scored")
        return events

    def _put(self, d: int, a: int, va: int, b: int, vb: int, track: bool = True) -> None:
        """Lay domino ``d``; ``track`` keeps the cached ``reach_sets`` up to date."""
        cached = self._reach
        fresh = track and cached is not None and cached[0] == self.board_key()
        for s, v in ((a, va), (b, vb)):
            self.kind[s], self.value[s], self.owner[s] = HALF, v, d
        self.segments[d] = (a, b)
        if fresh:
            assert cached is not None
            # New pieces never break a path, so the sets only grow: from the
            # new halves that join, walk back over the halves that now join too.
            to_tor, to_cairn = set(cached[1]), set(cached[2])
            self._grow(to_tor, (a, b), TOR, rising=True)
            self._grow(to_cairn, (a, b), CAIRN, rising=False)
            self._reach = (self.board_key(), to_tor, to_cairn)

    def _grow(self, members: set[int], new: tuple[int, int], goal: int, rising: bool) -> None:
        kind, value, nbrs = self.kind, self.value, self.nbrs
        for x in new:
            if x in members:
                continue
            vx = value[x]
            if not any(kind[t] == goal or (t in members and (
                    value[t] >= vx if rising else value[t] <= vx)) for t in nbrs[x]):
                continue
            members.add(x)
            stack = [x]
            while stack:
                here = stack.pop()
                level = value[here]
                for t in nbrs[here]:
                    if kind[t] == HALF and t not in members and (
                            value[t] <= level if rising else value[t] >= level):
                        members.add(t)
                        stack.append(t)

    def _lift(self, d: int) -> None:
        for s in self.segments.pop(d):
            self.kind[s], self.value[s], self.owner[s] = EMPTY, 0, -1

    # -- energy flow and scoring, kept in scoring.py -----------------------------

    def flow(self, cairn: int) -> Flow:
        return scoring.flow(self, cairn)

    def _dead_end(self, cairn: int) -> list[int]:
        return scoring.dead_end(self, cairn)

    def scoring_flows(self, near: tuple[int, ...] | None = None) -> list[Flow]:
        return scoring.scoring_flows(self, near)

    def feeders(self, halves: Iterable[int]) -> set[int]:
        return scoring.feeders(self, halves)

    def score_cairns(self, near: tuple[int, ...] | None = None) -> list[Event]:
        return scoring.score_cairns(self, near)

    def flow_points(self, f: Flow) -> tuple[int, int]:
        return scoring.flow_points(self, f)

    def fading(self, cairn: int, path: list[int]) -> list[int]:
        return scoring.fading(self, cairn, path)

    # -- results -----------------------------------------------------------------------

    def score_breakdown(self) -> list[dict[str, float]]:
        return scoring.score_breakdown(self)

    def scores(self) -> list[float]:
        return scoring.scores(self)

    def standings(self) -> list[Standing]:
        # The text names no tie-breaker: equal scores share the place.
        return scoring.standings(self)

    def conservation(self) -> dict[str, int]:
        held = sum(len(h) for h in self.hands)
        on_board = sum(k == CAIRN for k in self.kind)
        return {
            "dominoes": self.undealt + held + len(self.segments) + len(self.discard)
            + len(self.set_aside),
            "coins": sum(len(c) for c in self.coins) + on_board + len(self.scored_cairns),
        }

    # -- information -------------------------------------------------------------------

    def view(self, player: int | None) -> LeyLinesView:
        over = self.is_over()
        board: list[PieceView | None] = []
        for s in range(len(SPACES)):
            k = self.kind[s]
            if k == EMPTY:
                board.append(None)
            elif k == HALF:
                d = self.owner[s]
                a, b = self.segments[d]
                board.append({"kind": "half", "value": self.value[s], "domino": d,
                              "partner": b if s == a else a})
            elif k == TOR:
                board.append({"kind": "tor", "seat": self.owner[s]})
            else:
                mine = over or (self.owner[s] == player and not self.hide_own_cairns)
                board.append({"kind": "cairn", "seat": self.owner[s],
                              "value": self.coin[s] if mine else None})
        v: LeyLinesView = {
            **self.base_view(player),
            "phase": self.phase, "first": self.first, "suits": list(SUITS[:self.num_players]),
            "spaces": list(SPACES),
            "in_play": list(self.in_play), "board": board, "tors": list(self.tors),
            "hands": [list(h) if p == player else None for p, h in enumerate(self.hands)],
            "hand_sizes": [len(h) for h in self.hands],
            "coins": [sorted(c) if p == player else None for p, c in enumerate(self.coins)],
            "coins_left": [len(c) for c in self.coins],
            "dominoes": [list(d) for d in DOMINOES],
            "discard": list(self.discard), "set_aside": list(self.set_aside),
            "scored_cairns": [list(c) for c in self.scored_cairns],
            "passes": self.passes, "last_flows": [f.copy() for f in self.last_flows],
            "last_move": self.last_move,
            "scores": self.scores(), "breakdown": self.score_breakdown(),
        }
        if over:
            v["standings"] = standing_views(self.standings())
        return v

    def determinize(self, player: int, rng: Rng) -> LeyLinesState:
        copy = self.unrecorded_clone()
        # Each other seat's unscored coins: which face-down cairn holds which value.
        kind, owner = copy.kind, copy.owner
        cairns = [s for s in self.in_play if kind[s] == CAIRN]
        for p in range(self.num_players):
            if p == player:
                continue
            spots = [s for s in cairns if owner[s] == p]
            values = copy.coins[p] + [copy.coin[s] for s in spots]
            rng.shuffle(values)
            for s, v in zip(spots, values, strict=False):
                copy.coin[s] = v
            copy.coins[p] = sorted(values[len(spots):])
        # The other hands: the unseen dominoes dealt again, each hand keeping its size.
        others = [p for p in range(self.num_players) if p != player]
        pool = [d for p in others for d in copy.hands[p]]
        rng.shuffle(pool)
        for p in others:
            k = len(copy.hands[p])
            copy.hands[p], pool = sorted(pool[:k]), pool[k:]
        copy.rng = rng.fork()
        return copy

    def clone(self) -> LeyLinesState:
        copy = self.shallow_copy()
        for name in ("kind", "value", "owner", "coin", "tors", "discard", "set_aside",
                     "scored_cairns", "last_flows"):
            setattr(copy, name, list(getattr(self, name)))
        copy.coins = [list(c) for c in self.coins]
        copy.hands = [list(h) for h in self.hands]
        copy.points = [list(p) for p in self.points]
        copy.segments = dict(self.segments)
        return copy
