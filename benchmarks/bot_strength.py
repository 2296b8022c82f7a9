"""Bot strength: win shares between bot levels over seeded games.

A match seats bot levels around the table, rotating the seats game by game
so no level keeps the first seat; a game's win is split among tied winners.
Two processes play at once (the machines have two cores).

    python -m benchmarks.bot_strength ley-of-the-land hard normal --games 40
"""

from __future__ import annotations

import argparse
from concurrent.futures import ProcessPoolExecutor

from pygame_engine import GAMES
from pygame_engine.ai import choose, make_bot
from pygame_engine.core.rng import Rng


def play(game_id: str, levels: tuple[str, ...], seed: int) -> dict[str, float]:
    """One game; ``levels[i]`` sits at seat ``(i + seed) % n``. Returns win share by level."""
    n = len(levels)
    seats = {(i + seed) % n: level for i, level in enumerate(levels)}
    bots = {seat: make_bot(level) for seat, level in seats.items()}
    state = GAMES[game_id].new_game(n, seed)
    rng = Rng(seed)
    while not state.is_over():
        p = state.active_players()[0]
        state.apply(p, choose(bots[p], state, p, rng))
    winners = state.winners()
    share: dict[str, float] = dict.fromkeys(levels, 0.0)
    for w in winners:
        share[seats[w]] += 1 / len(winners)
    return share


def match(game_id: str, levels: tuple[str, ...], games: int, seed: int = 0,
          workers: int = 2) -> dict[str, float]:
    """Each level's share of the wins over ``games`` seeded games (sums to 1)."""
    total: dict[str, float] = dict.fromkeys(levels, 0.0)
    with ProcessPoolExecutor(workers) as pool:
        futures = [pool.submit(play, game_id, levels, seed + k) for k in range(games)]
        for f in futures:
            for level, share in f.result().items():
                total[level] += share / games
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=sorted(GAMES))
    parser.add_argument("levels", nargs="+", help="one level per seat, e.g. hard normal")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    shares = match(args.game, tuple(args.levels), args.games, args.seed)
    print({level: round(share, 3) for level, share in shares.items()})


if __name__ == "__main__":
    main()
