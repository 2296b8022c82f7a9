"""Bot strength: win shares between bot levels over seeded games.

A match deals each seeded game once per seat and plays it with the levels
rotated round the table, so every level sits at every seat of every deal
(the luck of a deal and of a seat cancels out of the comparison instead of
adding to its noise). Two figures for the first level listed:

- its *win share*: a game's win is split among tied winners (in a solo game,
  the share of games won against the game itself);
- its *pairwise* rate: against each other seat, 1 when it ranks above it,
  1/2 when level, averaged. In two-player games the two are the same; with
  more players "hard beats normal" means the pairwise rate.

Two processes play at once (the machines have two cores).

    python -m benchmarks.bot_strength ley-of-the-land hard normal --games 40
    python -m benchmarks.bot_strength groves normal --games 200      # solo
    python -m benchmarks.bot_strength ley-lines hard normal normal normal \
        --games 24 --page-time 0.67    # with the page's time caps
    python -m benchmarks.bot_strength darkleaf-gambit normal normal --seats \
        --option clan1=murg --option clan2=huldra --games 200   # per-seat balance

A level is easy, normal, hard or random, or ``ismctsN`` (an ISMCTS of N
iterations with the level-free settings, for runs where "normal" does not
fit the time). ``--option key=value`` sets a game option (an integer value
is passed as one). ``--seats`` keeps each level at its seat and reports
every seat's win share instead (self-play balance, e.g. asymmetric clans).
"""

from __future__ import annotations

import argparse
import re
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from pygame_engine import GAMES
from pygame_engine.ai import make_bot
from pygame_engine.ai.bots import Bot, Ismcts
from pygame_engine.core.game import State
from pygame_engine.core.rng import Rng
from web.session import BOT_MS, BOT_STEP

from .common import play_to_end, win_shares


def bot_for(level: str, max_ms: float | None = None) -> Bot:
    """``make_bot``'s levels, plus ``ismctsN``: an ISMCTS of N iterations, and
    ``ismctsNdM``: the same with its playouts cut at M actions (12 otherwise).

    >>> bot = bot_for("ismcts50d36")
    >>> bot.iterations, bot.rollout_depth
    (50, 36)
    >>> bot_for("ismcts50d")
    Traceback (most recent call last):
    ...
    ValueError: Unknown bot level 'ismcts50d'; choose one of easy, normal, hard.
    """
    if search := re.fullmatch(r"ismcts([0-9]+)(?:d([0-9]+))?", level):
        iterations, depth = search.groups()
        return Ismcts(iterations=int(iterations), max_ms=max_ms,
                      rollout_depth=int(depth) if depth else Ismcts.ROLLOUT_DEPTH)
    return make_bot(level, max_ms)


def play(game_id: str, levels: tuple[str, ...], deal: int, turn: int,
         page_time: float | None = None, options: dict[str, Any] | None = None
         ) -> tuple[float, float]:
    """The game seeded ``deal``, with ``levels[i]`` at seat ``(i + turn) % n``
    (the bots' own randomness differs from turn to turn).

    With ``page_time``, each bot stops after the time the page gives its
    level (``web.session.BOT_MS``) times ``page_time``, and thinks in the
    page's small slices: the page's bots, on this machine, instead of the
    level's full iteration budget (results then depend on the machine).

    Returns the first level's win share and pairwise rate in this game."""
    n = len(levels)
    seats = {(i + turn) % n: level for i, level in enumerate(levels)}
    bots = {seat: bot_for(level, None if page_time is None
                          else BOT_MS.get(f"ai:{level}", 0.0) * page_time)
            for seat, level in seats.items()}
    work = 64 if page_time is None else BOT_STEP
    state = play_to_end(GAMES[game_id].new_game(n, deal, options), bots,
                        Rng(deal * n + turn), work)
    me = turn % n  # where levels[0] sat
    share = win_shares(state)[me]
    if n == 1:
        return share, share
    rank = {s.seat: s.rank for s in state.standings()}
    pairs = [1.0 if rank[me] < rank[q] else 0.5 if rank[me] == rank[q] else 0.0
             for q in range(n) if q != me]
    return share, sum(pairs) / len(pairs)


@dataclass(frozen=True)
class Match:
    """The first level's mean win share and pairwise rate over a match, with
    a 90 % interval for the pairwise rate (``deal_interval``)."""

    share: float
    pairwise: float
    interval: tuple[float, float]


def match(game_id: str, levels: tuple[str, ...], games: int, seed: int = 0,
          workers: int = 2, page_time: float | None = None,
          options: dict[str, Any] | None = None) -> Match:
    """``games`` games: deals ``seed``, ``seed + 1``... each played once per
    seat in turn (so ``games`` is best a multiple of the number of seats).
    ``page_time``: see ``play``."""
    n = len(levels)
    with ProcessPoolExecutor(workers) as pool:
        results = list(pool.map(play, [game_id] * games, [levels] * games,
                                [seed + g // n for g in range(games)],
                                [g % n for g in range(games)], [page_time] * games,
                                [options] * games))
    pairwise = [r[1] for r in results]
    return Match(sum(r[0] for r in results) / games, sum(pairwise) / games,
                 deal_interval(pairwise, n))


def deal_interval(values: list[float], per_deal: int, level: float = 0.9,
                  draws: int = 10_000) -> tuple[float, float]:
    """A bootstrap interval for the mean of ``values``, which come
    ``per_deal`` to a deal: whole deals are resampled, since the games of
    one deal share its luck and are not independent of each other.

    >>> deal_interval([1.0, 0.0] * 6, per_deal=2)
    (0.5, 0.5)
    >>> low, high = deal_interval([1.0, 1.0, 0.0, 0.0, 1.0, 0.5], per_deal=2)
    >>> low < 7 / 12 < high
    True
    """
    totals = [sum(values[i:i + per_deal]) for i in range(0, len(values), per_deal)]
    rng = Rng(1)
    means = sorted(sum(rng.choice(totals) for _ in totals) / len(values)
                   for _ in range(draws))
    tail = round(draws * (1 - level) / 2)
    return means[tail], means[-1 - tail]


def _seat_shares(game_id: str, players: int, level: str, seed: int) -> list[float]:
    bots = [make_bot(level) for _ in range(players)]
    state = GAMES[game_id].new_game(players, seed)
    return win_shares(play_to_end(state, dict(enumerate(bots)), Rng(seed)))


def seat_balance(game_id: str, players: int, games: int, level: str = "easy",
                 workers: int = 2) -> list[float]:
    """Self-play at one level: each seat's share of the wins (a fair design
    gives every seat about 1 / players)."""
    with ProcessPoolExecutor(workers) as pool:
        results = list(pool.map(_seat_shares, [game_id] * games, [players] * games,
                                [level] * games, range(games)))
    return [sum(r[p] for r in results) / games for p in range(players)]


def played(game_id: str, levels: tuple[str, ...], deal: int,
           options: dict[str, Any] | None) -> State:
    """The game seeded ``deal`` with ``levels[i]`` at seat ``i``, played to its end."""
    n = len(levels)
    bots = {seat: bot_for(level) for seat, level in enumerate(levels)}
    state = GAMES[game_id].new_game(n, deal, options)
    return play_to_end(state, bots, Rng(deal * n))


def _seated(game_id: str, levels: tuple[str, ...], deal: int,
            options: dict[str, Any] | None) -> list[float]:
    """The game seeded ``deal`` with ``levels[i]`` at seat ``i``: each seat's win share."""
    return win_shares(played(game_id, levels, deal, options))


@dataclass(frozen=True)
class Seats:
    """Per seat: the mean win share and a 90 % interval; and the share of
    games no seat won alone (draws)."""

    shares: list[float]
    intervals: list[tuple[float, float]]
    draws: float


def seats(game_id: str, levels: tuple[str, ...], games: int, seed: int = 0,
          workers: int = 2, options: dict[str, Any] | None = None) -> Seats:
    """``games`` games (deals ``seed``...), each level kept at its own seat."""
    n = len(levels)
    with ProcessPoolExecutor(workers) as pool:
        results = list(pool.map(_seated, [game_id] * games, [levels] * games,
                                range(seed, seed + games), [options] * games))
    columns = [[r[p] for r in results] for p in range(n)]
    return Seats([sum(c) / games for c in columns],
                 [deal_interval(c, 1) for c in columns],
                 sum(1 for r in results if max(r) < 1) / games)


def parse_options(pairs: list[str]) -> dict[str, Any]:
    """``["clan1=murg", "handicap1=2"]`` -> ``{"clan1": "murg", "handicap1": 2}``.

    >>> parse_options(["clan1=murg", "handicap2=3"])
    {'clan1': 'murg', 'handicap2': 3}
    """
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep:
            raise ValueError(f"An option is key=value, not {pair!r}.")
        options[key] = int(value) if value.lstrip("-").isdigit() else value
    return options


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=sorted(GAMES))
    parser.add_argument("levels", nargs="+", help="one level per seat, e.g. hard normal")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--page-time", type=float, metavar="FACTOR",
                        help="stop each bot after the page's time for its level times "
                             "FACTOR (Pyodide runs Ley Lines about 1.5 times slower than "
                             "CPython: 0.67 stands for the page)")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a game option, e.g. clan1=murg (repeat for more)")
    parser.add_argument("--seats", action="store_true",
                        help="keep each level at its seat; report every seat's win share")
    args = parser.parse_args()
    options = parse_options(args.option) or None
    if args.seats:
        s = seats(args.game, tuple(args.levels), args.games, args.seed, options=options)
        for p, (share, (low, high)) in enumerate(zip(s.shares, s.intervals, strict=True)):
            print(f"seat {p + 1} ({args.levels[p]}): win share {share:.1%} "
                  f"(90 % interval {low:.1%}-{high:.1%})")
        print(f"draws {s.draws:.1%} over {args.games} games (a draw counts half to each "
              f"seat's share), options {options}")
        return
    m = match(args.game, tuple(args.levels), args.games, args.seed, page_time=args.page_time,
              options=options)
    low, high = m.interval
    print(f"{args.levels[0]}: win share {m.share:.1%}, pairwise {m.pairwise:.1%} "
          f"(90 % interval {low:.0%}-{high:.0%}, deals resampled) over {args.games} games")


if __name__ == "__main__":
    main()
