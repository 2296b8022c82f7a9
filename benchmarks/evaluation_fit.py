"""Evaluation fit: how well a game's bot evaluation foretells how games end.

Games are played out by the game's own playout policy (fast, so hundreds of
games take seconds); at about every third move after the first phase the
position is kept, and at the end each kept position's prediction is set
against the final scores. Two predictors are compared:

- *scored*: the points scored so far (``State.scores``);
- *evaluation*: the heuristics' ``evaluate`` (points plus what is pending).

For each, the share of positions whose predicted leader is among the final
winners, and the mean squared error per seat against the final score. An
evaluation that names the winner less often than the points scored alone
is worse than none in a search.

Settings given with ``--set`` change the evaluation only, not the policy
that plays the games out.

    python -m benchmarks.evaluation_fit ley-lines --players 4 --games 300
    python -m benchmarks.evaluation_fit ley-lines --set reach_low=0.7 --set reach_high=0.35
"""

from __future__ import annotations

import argparse
import ast
import copy
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from pygame_engine import GAMES
from pygame_engine.ai.heuristics import heuristics_for
from pygame_engine.core.rng import Rng

#: Per kept position: the points so far, the evaluation, the final scores.
Sample = tuple[list[float], list[float], list[float]]


def positions(game_id: str, players: int, seed: int,
              settings: dict[str, object] | None = None) -> list[Sample]:
    """One game played out by the playout policy, seeded ``seed``; the
    evaluation is the heuristics' with ``settings`` (attribute overrides)."""
    state = GAMES[game_id].new_game(players, seed)
    policy = heuristics_for(state)
    judge = copy.copy(policy)
    for name, value in (settings or {}).items():
        if not hasattr(judge, name):
            raise ValueError(f"The heuristics of {game_id} have no setting {name!r}")
        setattr(judge, name, value)
    rng = Rng(seed)
    first = getattr(state, "phase", None)
    kept = []
    while not state.is_over():
        p = state.active_players()[0]
        state.apply(p, policy.rollout_action(state, p, rng))
        if getattr(state, "phase", None) != first and rng.random() < 0.3:
            kept.append((list(state.scores()), judge.evaluate(state)))
    final = list(state.scores())
    return [(scored, evaluated, final) for scored, evaluated in kept]


@dataclass(frozen=True)
class Fit:
    """How often a predictor names a final winner, and its squared error."""

    winner: float
    error: float


def fit(samples: list[Sample], which: int) -> Fit:
    """The fit of predictor ``which`` (0: points so far, 1: evaluation).

    >>> fit([([1.0, 0.0], [0.0, 2.0], [3.0, 1.0])], 0)
    Fit(winner=1.0, error=2.5)
    >>> fit([([1.0, 0.0], [0.0, 2.0], [3.0, 1.0])], 1)
    Fit(winner=0.0, error=5.0)
    """
    hits, error, seats = 0, 0.0, 0
    for sample in samples:
        predicted, final = sample[which], sample[2]
        leader = max(range(len(final)), key=lambda p: predicted[p])
        hits += final[leader] == max(final)
        error += sum((f - v) ** 2 for f, v in zip(final, predicted, strict=True))
        seats += len(final)
    return Fit(hits / len(samples), error / seats)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=sorted(GAMES))
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=5000)
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                        help="override a heuristics setting (a Python literal)")
    args = parser.parse_args()
    settings = {k: ast.literal_eval(v) for k, v in (s.split("=", 1) for s in args.set)}
    seeds = range(args.seed, args.seed + args.games)
    with ProcessPoolExecutor(2) as pool:
        samples = [s for game in pool.map(positions, [args.game] * args.games,
                                          [args.players] * args.games, seeds,
                                          [settings] * args.games) for s in game]
    for which, name in ((0, "points scored"), (1, "evaluation")):
        f = fit(samples, which)
        print(f"{name:>13}: names a winner {f.winner:.1%}, squared error {f.error:.1f} "
              f"({len(samples)} positions)")


if __name__ == "__main__":
    main()
