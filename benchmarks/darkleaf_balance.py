"""Darkleaf Gambit's clan balance: self-play over every ordered pairing of clans.

For each ordered pairing (first seat's clan, second seat's clan), mirror
matches included, ``--games`` seeded deals are played with one bot level in
both seats, the Will's table alternating Blessings / Curses from deal to
deal. A draw (the round limit) counts half to each side. The output is two
Markdown tables for docs/benchmarks.md:

- the 6x6 table: the first seat's clan's score against the second's, with a
  90 % interval (Wilson, on games: the deals of one pairing are independent);
- each clan's overall score over every game it played, mirror matches left
  out (a mirror always scores one half for the clan), with a 90 % interval.

    python -m benchmarks.darkleaf_balance --games 60 --level easy
"""

from __future__ import annotations

import argparse
import math
import time
from concurrent.futures import ProcessPoolExecutor

from pygame_engine.games.darkleaf_gambit.clans import CLANS

from .bot_strength import _seated

Z90 = 1.6449


def wilson(score: float, n: int, z: float = Z90) -> tuple[float, float]:
    """A Wilson interval for a rate ``score`` over ``n`` trials.

    >>> low, high = wilson(0.5, 60)
    >>> round(low, 3), round(high, 3)
    (0.396, 0.604)
    """
    if n == 0:
        return 0.0, 1.0
    centre = (score + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(score * (1 - score) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def _game(args: tuple[str, str, str, int]) -> tuple[str, str, float]:
    first, second, level, deal = args
    options = {"clan1": first, "clan2": second,
               "will": "blessings" if deal % 2 == 0 else "curses"}
    shares = _seated("darkleaf-gambit", (level, level), deal, options)
    return first, second, shares[0]


def balance(games: int, level: str, seed: int = 0, workers: int = 2
            ) -> dict[tuple[str, str], list[float]]:
    """Per ordered pairing, the first seat's score (1, 1/2 or 0) in each game."""
    clans = sorted(CLANS)
    jobs = [(a, b, level, seed + g) for a in clans for b in clans for g in range(games)]
    results: dict[tuple[str, str], list[float]] = {(a, b): [] for a in clans for b in clans}
    with ProcessPoolExecutor(workers) as pool:
        for a, b, score in pool.map(_game, jobs, chunksize=4):
            results[a, b].append(score)
    return results


def tables(results: dict[tuple[str, str], list[float]]) -> str:
    """The 6x6 table and the per-clan table, in Markdown."""
    clans = sorted({a for a, _ in results})
    name = {k: CLANS[k].name for k in clans}
    lines = ["| first seat \\ second seat | " + " | ".join(name[c] for c in clans) + " |",
             "|---" * (len(clans) + 1) + "|"]
    for a in clans:
        cells = []
        for b in clans:
            scores = results[a, b]
            rate = sum(scores) / len(scores)
            low, high = wilson(rate, len(scores))
            cells.append(f"{rate:.0%} ({low:.0%}-{high:.0%})")
        lines.append(f"| {name[a]} | " + " | ".join(cells) + " |")
    lines += ["", "| clan | games | as first seat | as second seat | overall (90 % interval) |",
              "|---|---|---|---|---|"]
    for c in clans:
        first = [s for (a, b), v in results.items() if a == c and b != c for s in v]
        second = [1 - s for (a, b), v in results.items() if b == c and a != c for s in v]
        both = first + second
        rate = sum(both) / len(both)
        low, high = wilson(rate, len(both))
        lines.append(f"| {name[c]} | {len(both)} | {sum(first) / len(first):.0%} | "
                     f"{sum(second) / len(second):.0%} | {rate:.0%} ({low:.0%}-{high:.0%}) |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60, help="games per ordered pairing")
    parser.add_argument("--level", default="easy")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    start = time.monotonic()
    results = balance(args.games, args.level, args.seed)
    print(tables(results))
    print(f"\n{args.games} games per pairing at {args.level}, deals {args.seed}-"
          f"{args.seed + args.games - 1}, in {time.monotonic() - start:.0f} s")


if __name__ == "__main__":
    main()
