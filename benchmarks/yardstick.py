"""Our bot levels against an outside yardstick: OpenSpiel's Python ISMCTS.

The games are played through ``pygame_engine.openspiel`` (the turn-based
variant of a game with sealed bids, since OpenSpiel's ISMCTS is sequential
only). OpenSpiel's ``ISMCTSBot`` gets our ``determinize`` as its resampler,
so both sides see only what their seat may see; its evaluator is OpenSpiel's
``RandomRolloutEvaluator`` (one random playout to the end), its time per move
``factor`` times the mean time our level took per move so far in the match
(our level itself thinks with its full iteration budget, or at most ``--ms``,
in the page's slices of one iteration).
A level may also meet another of our levels (``--against normal``).

Each deal is played once per seat, the level under test rotating round the
table, with fresh seeds per deal. The figure is the level's win share (a win
shared by tied winners is split), with its Wilson 90 % interval, and against
ISMCTS in a two-player game the Elo difference from OpenSpiel's ``elo``
module (``compute_ratings_from_matrices``)::

    python -m benchmarks.yardstick ley-of-the-land --level hard --factor 10 --games 20 --ms 100
    python -m benchmarks.yardstick darkleaf-gambit --level hard --against normal --games 10
    python -m benchmarks.yardstick groves --factor 10 --games 100 --ms 50 --seconds 540

Needs the research extra (``pip install .[research]``).
"""

from __future__ import annotations

import argparse
import math
import random
import time
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import elo as ospiel_elo
from open_spiel.python.algorithms import ismcts, mcts

from pygame_engine.ai import choose, make_bot
from pygame_engine.core.rng import Rng
from pygame_engine.openspiel import engine_state, load_game, resampler
from pygame_engine.openspiel.adapter import WoodlandState, codec_for


class TimedIsmcts(ismcts.ISMCTSBot):
    """OpenSpiel's ISMCTS, searching for ``seconds`` per move instead of a
    fixed number of simulations (its ``run_search`` with a clock)."""

    def __init__(self, game: pyspiel.Game, seed: int) -> None:
        rs = np.random.RandomState(seed)
        super().__init__(game, mcts.RandomRolloutEvaluator(1, rs), uct_c=2.0,
                         max_simulations=1, random_state=rs)
        self.set_resampler(resampler(random.Random(seed)))
        self.seconds = 0.1
        self.simulations: list[int] = []

    def run_search(self, state: pyspiel.State) -> list[tuple[int, float]]:
        self.reset()
        legal = state.legal_actions()
        if len(legal) == 1:
            return [(legal[0], 1.0)]
        self._root_node = self.create_new_node(state)
        deadline = time.perf_counter() + self.seconds
        done = 0
        while done < 2 or time.perf_counter() < deadline:  # the first only expands the root
            self.run_simulation(self.sample_root_state(state))
            done += 1
        self.simulations.append(done)
        return list(self.get_final_policy(state, self._root_node))


@dataclass
class Match:
    """One line of the table: ``level`` against ``against``."""

    game_id: str
    level: str
    against: str  # "ismcts" or one of our levels
    factor: float
    players: int
    ms: float | None
    #: The cap of the opposing level of ours (``ms`` when None).
    against_ms: float | None = None
    shares: list[float] = field(default_factory=list)
    our_seconds: list[float] = field(default_factory=list)
    their_sims: list[int] = field(default_factory=list)
    their_seconds: list[float] = field(default_factory=list)

    def play(self, deal: int, seat: int) -> float:
        """Deal ``deal`` with ``level`` at ``seat``; its share of the win."""
        game = load_game(self.game_id, turns=True, players=self.players)
        state: WoodlandState = game.new_initial_state(deal)
        codec = codec_for(self.game_id)
        rng = Rng(deal * 1009 + seat)
        ours = make_bot(self.level, self.ms)
        theirs: dict[int, Any] = {}
        for p in range(self.players):
            if p == seat:
                continue
            if self.against == "ismcts":
                theirs[p] = TimedIsmcts(game, deal * 7919 + p)
            else:
                theirs[p] = make_bot(self.against, self.against_ms or self.ms)
        while not state.is_terminal():
            if state.is_chance_node():  # the deal's own generator decides, as in the page
                state.apply_action(state.seeded_outcome())
                continue
            p = state.current_player()
            inner = engine_state(state)
            legal = inner.legal_actions(p)
            if p != seat and self.against == "ismcts":
                bot = theirs[p]
                mean = sum(self.our_seconds) / len(self.our_seconds) if self.our_seconds \
                    else (self.ms or 100) / 1000
                bot.seconds = self.factor * mean
                started = time.perf_counter()
                action_id = bot.step(state)
                if len(legal) > 1:  # as for ours: forced moves take no thought
                    self.their_seconds.append(time.perf_counter() - started)
                state.apply_action(action_id)
                continue
            started = time.perf_counter()
            action = choose(ours if p == seat else theirs[p], inner, p, rng, work=1)
            if p == seat and len(legal) > 1:
                self.our_seconds.append(time.perf_counter() - started)
            state.apply_action(codec.encode_all(legal)[legal.index(action)])
        for bot in theirs.values():
            self.their_sims.extend(getattr(bot, "simulations", []))
        winners = [s.seat for s in engine_state(state).standings() if s.rank == 1]
        return 1 / len(winners) if seat in winners else 0.0

    def run(self, games: int, first_deal: int, progress: bool = True,
            seconds: float | None = None) -> None:
        """Play up to ``games`` games from deal ``first_deal`` on; with
        ``seconds``, start no game after that much time (a bounded run)."""
        deal = first_deal
        stop = None if seconds is None else time.perf_counter() + seconds
        while self.games < games:
            for seat in range(self.players):
                if self.games >= games or (stop is not None and time.perf_counter() > stop):
                    return
                self.shares.append(self.play(deal, seat))
                if progress:
                    print(f"  {self.games}/{games}: {self.wins:g} won", flush=True)
            deal += 1

    @property
    def wins(self) -> float:
        return sum(self.shares)

    @property
    def games(self) -> int:
        return len(self.shares)


def wilson(wins: float, n: int, z: float = 1.645) -> tuple[float, float]:
    """The Wilson score interval (90 % with the default ``z``) of a rate.

    >>> [round(x, 3) for x in wilson(7, 10)]
    [0.442, 0.873]
    """
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def elo_difference(shares: list[float]) -> float:
    """Our level's Elo minus its opponent's in a two-player match, from
    OpenSpiel's ``elo`` module (``shares``: 1 a win, 1/2 a draw, 0 a loss)."""
    wins = sum(1 for s in shares if s == 1)
    draws = sum(1 for s in shares if s == 0.5)
    losses = len(shares) - wins - draws
    ratings = ospiel_elo.compute_ratings_from_matrices(
        np.array([[0, wins], [losses, 0]]), np.array([[0, draws], [draws, 0]]))
    return float(ratings[0] - ratings[1])


def report(m: Match) -> str:
    lo, hi = wilson(m.wins, m.games)
    share = m.wins / m.games if m.games else 0.0
    opponent = f"OpenSpiel ISMCTS at {m.factor:g}x time" if m.against == "ismcts" \
        else f"{m.against} (capped at {m.against_ms or m.ms} ms)"
    ours_ms = 1000 * sum(m.our_seconds) / max(1, len(m.our_seconds))
    line = (f"{m.game_id}, {m.players} players: {m.level} vs {opponent}: "
            f"{m.wins:g}/{m.games} = {share:.0%} (90 % CI {lo:.0%}-{hi:.0%}; "
            f"fair share {1 / m.players:.0%}); {m.level} {ours_ms:.0f} ms/move "
            f"(capped at {m.ms} ms)")
    if m.their_sims:
        sims = sum(m.their_sims) / len(m.their_sims)
        their_ms = 1000 * sum(m.their_seconds) / len(m.their_seconds)
        line += f", ISMCTS {their_ms:.0f} ms/move, {sims:.1f} simulations/move"
    if m.players == 2 and m.games:
        line += f"; Elo difference {elo_difference(m.shares):+.0f}"
    return line


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--level", default="hard")
    parser.add_argument("--against", default="ismcts",
                        help="ismcts (OpenSpiel's) or one of our levels")
    parser.add_argument("--factor", type=float, nargs="+", default=[1.0, 10.0],
                        help="ISMCTS time per move as multiples of our level's")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--players", type=int, default=0, help="default: the fewest")
    parser.add_argument("--ms", type=float, default=None,
                        help="cap on our level's time per move (the page's kind of cap)")
    parser.add_argument("--against-ms", type=float, default=None,
                        help="cap on the opposing level's time per move (default: --ms)")
    parser.add_argument("--deal", type=int, default=None, help="first deal (default: random)")
    parser.add_argument("--seconds", type=float, default=None,
                        help="start no new game after this many seconds per line")
    args = parser.parse_args(argv)
    from pygame_engine import GAMES

    players = args.players or max(2, GAMES[args.game].min_players)
    first = args.deal if args.deal is not None else random.randrange(10**6)
    factors = args.factor if args.against == "ismcts" else [1.0]
    for factor in factors:
        m = Match(args.game, args.level, args.against, factor, players, args.ms,
                  args.against_ms)
        m.run(args.games, first, seconds=args.seconds)
        print(report(m), f"(deals {first}-{first + math.ceil(m.games / players) - 1})",
              flush=True)


if __name__ == "__main__":
    main()
