"""Darkleaf Gambit's drawn games, played on: what a draw at the round limit is made of.

A balance log's drawn games are played again, each with the round limit
raised, to tell slow endings (a side winning, but not within the limit)
from dead positions (neither side can reach its path any more). No bot
reads the round, so a game played with a higher limit is the one the log
holds until its last few rounds, where the search's look-ahead first meets
the old limit; then it goes on.

    python -m benchmarks.darkleaf_draws benchmarks/logs/darkleaf-r50-table.jsonl --games 30

prints how many of the sampled draws end by each of a few rounds, and each
game's result. The sample is drawn at random (``--seed``) from the log's
drawn games played with the clans' data and rules as they are now.
"""

from __future__ import annotations

import argparse
import random
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from pygame_engine.games.darkleaf_gambit import data
from pygame_engine.games.darkleaf_gambit.state import DarkleafState

from .bot_strength import played
from .common import win_shares
from .darkleaf_balance import deal_options, logged

#: The rounds the table reports "ended by" (those up to ``--limit``).
MARKS = (60, 70, 80, 100, 150, 200)


def drawn(log: Path, games: int, seed: int, level: str) -> list[tuple[str, int]]:
    """``games`` of ``log``'s drawn games at ``level`` (pairing, deal), at
    random; only games played with the clans' data and rules as they are now."""
    draws = [(f"{a}-{b}", deal) for (a, b, deal), score in logged([log], level).items()
             if score == 0.5]
    random.Random(seed).shuffle(draws)
    return draws[:games]


def played_on(job: tuple[str, int, str, int]) -> dict[str, Any]:
    """One logged game (pairing, deal, level) played again to ``limit`` rounds."""
    pair, deal, level, limit = job
    data.ROUND_LIMIT = limit  # this worker's games only: the pool's processes play nothing else
    first, second = pair.split("-")
    state = played("darkleaf-gambit", (level, level), deal, deal_options(first, second, deal))
    assert isinstance(state, DarkleafState)
    return {"pair": pair, "deal": deal, "score": win_shares(state)[0],
            "rounds": (state.turns + 1) // 2,
            "progress": [state.clans[p].progress(state, p)["text"] for p in (0, 1)],
            "units": [len(state.on_board(p)) for p in (0, 1)]}


def ended_by(rounds: list[int | None], limit: int) -> str:
    """A Markdown table: of the games (their rounds, None for still drawn),
    how many ended by each mark up to ``limit``.

    >>> print(ended_by([52, 75, None], 100))
    | ended by round | 60 | 70 | 80 | 100 | still drawn at 100 |
    |---|---|---|---|---|---|
    | games of 3 | 1 | 1 | 2 | 2 | 1 |
    """
    marks = [m for m in MARKS if m < limit] + [limit]
    ended = [r for r in rounds if r is not None]
    counts = [sum(1 for r in ended if r <= m) for m in marks] + [len(rounds) - len(ended)]
    head = f"| ended by round | {' | '.join(map(str, marks))} | still drawn at {limit} |"
    row = f"| games of {len(rounds)} | {' | '.join(map(str, counts))} |"
    return "\n".join([head, "|" + "---|" * (len(marks) + 2), row])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("log", type=Path, help="a darkleaf_balance --log file")
    parser.add_argument("--games", type=int, default=30, help="drawn games to play on")
    parser.add_argument("--limit", type=int, default=100, help="the raised round limit")
    parser.add_argument("--seed", type=int, default=51, help="which drawn games")
    parser.add_argument("--level", default="ismcts50", help="the logged games' bot level")
    parser.add_argument("--workers", type=int, default=2, help="processes playing at once")
    args = parser.parse_args()
    jobs = [(pair, deal, args.level, args.limit)
            for pair, deal in drawn(args.log, args.games, args.seed, args.level)]
    start = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        results = list(pool.map(played_on, jobs, chunksize=1))
    for r in results:
        print(f"{r['pair']} deal {r['deal']}: {r['score']} in {r['rounds']} rounds; "
              f"{' / '.join(r['progress'])}; units {r['units'][0]} and {r['units'][1]}")
    print()
    print(ended_by([r["rounds"] if r["score"] != 0.5 else None for r in results], args.limit))
    print(f"\n{len(results)} drawn games played on to {args.limit} rounds "
          f"in {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
