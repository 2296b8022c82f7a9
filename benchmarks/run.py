"""All benchmarks, one table: page load, first-visit bytes, responsiveness,
engine speed (native and Pyodide under node), seat balance and bot strength.

    python -m benchmarks.run [--quick] [--games N] [--runs N] [--only page|engine|seats|bots]

Needs a built ``dist/`` (``python build.py``), Debian's chromium, node, and the
test requirements. Timings on shared machines are noisy: read the ratios,
which are measured in one run.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from pygame_engine import GAMES

from . import bot_strength, engine_speed, page_interaction, page_load

ROOT = Path(__file__).resolve().parents[1]

#: Bot matches per game: (label, levels seated; the player count is len(levels)).
MATCHES: dict[str, list[tuple[str, tuple[str, ...]]]] = {
    "ley-of-the-land": [("hard vs normal", ("hard", "normal")),
                        ("normal vs random", ("normal", "random")),
                        ("easy vs random", ("easy", "random"))],
    "ley-lines": [("hard vs normal", ("hard", "normal", "normal")),
                  ("hard vs normal", ("hard", "normal", "normal", "normal")),
                  ("normal vs random", ("normal", "random", "random")),
                  ("normal vs random", ("normal", "random", "random", "random"))],
    "leylines": [("normal vs random", ("normal", "random")),
                 ("normal vs random", ("normal",) + ("random",) * 3),
                 ("normal vs random", ("normal",) + ("random",) * 5),
                 ("hard vs normal", ("hard", "normal"))],
    "groves": [("hard vs normal", ("hard", "normal")),
               ("normal vs random", ("normal", "random")),
               ("easy vs random", ("easy", "random")),
               ("normal solo vs the Hollows", ("normal",))],
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="page loads of each kind")
    parser.add_argument("--games", type=int, default=40, help="games per bot match")
    parser.add_argument("--solo-games", type=int, default=200, help="games per solo match")
    parser.add_argument("--seconds", type=float, default=4.0, help="engine speed, per game")
    parser.add_argument("--quick", action="store_true", help="runs=2, games=6, seconds=1")
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    parser.add_argument("--only", choices=("page", "engine", "seats", "bots"), action="append",
                        help="run only these sections (repeatable)")
    args = parser.parse_args()
    sections = set(args.only or ("page", "engine", "seats", "bots"))
    if args.quick:
        args.runs, args.games, args.solo_games, args.seconds = 2, 6, 6, 1.0

    if "page" in sections:
        print("## Page load (medians, ms; product / bare Pyodide in the same run)\n")
        print(page_load.summary(page_load.measure(args.dist, args.runs)))
        print("\n## Responsiveness in the page\n")
        for key, value in page_interaction.measure(args.dist).items():
            print(f"- {key}: {value}")
    if "engine" in sections:
        print("\n## Engine speed: random full games per second\n")
        print("| game | players | native | pyodide (node) | slowdown |\n|---|---|---|---|---|")
        for row in engine_speed.table(args.seconds, with_pyodide=True):
            print(f"| {row['game']} | {row['players']} | {row['native games/s']} | "
                  f"{row['pyodide games/s']} | {row['slowdown']} |")
    if "seats" in sections:
        print(f"\n## Seat balance: easy bots in self-play, {args.games} games, win share by "
              f"seat\n")
        seats = max(game.max_players for game in GAMES.values())  # 6: Leylines
        print("| game | players | " + " | ".join(f"seat {k + 1}" for k in range(seats))
              + " |\n" + "|---" * (seats + 2) + "|")
        for game_id, game in sorted(GAMES.items()):
            for n in range(max(2, game.min_players), game.max_players + 1):
                shares = bot_strength.seat_balance(game_id, n, args.games)
                cells = [f"{s:.0%}" for s in shares] + ["-"] * (seats - n)
                print(f"| {game_id} | {n} | {' | '.join(cells)} |", flush=True)
    if "bots" in sections:
        print("\n## Bot strength over seeded games, seats rotated\n")
        print("| game | players | match | win share | pairwise (90 % interval) |\n"
              "|---|---|---|---|---|")
        for game_id, matches in MATCHES.items():
            for label, levels in matches:
                games = args.solo_games if len(levels) == 1 else args.games
                m = bot_strength.match(game_id, levels, games)
                low, high = m.interval
                print(f"| {game_id} | {len(levels)} | {label} ({games} games) | {m.share:.0%} "
                      f"| {m.pairwise:.0%} ({low:.0%}-{high:.0%}) |", flush=True)


if __name__ == "__main__":
    main()
