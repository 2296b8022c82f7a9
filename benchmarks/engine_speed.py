"""Engine speed: full random games per second for every game, natively and under Pyodide.

The same function (``rows``) runs in this CPython and in the vendored
Pyodide under node (``common.call``), so the two figures are comparable;
node is a pessimistic stand-in for the browser.

    python -m benchmarks.engine_speed [--seconds 5] [--no-pyodide]
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from pygame_engine import GAMES

from .common import call, playouts

ROOT = Path(__file__).resolve().parents[1]


def rows(seconds: float) -> list[dict[str, Any]]:
    """Random full games of every registered game, ``seconds`` per game shared
    among its player counts: one row per game and player count."""
    out: list[dict[str, Any]] = []
    for gid, game in sorted(GAMES.items()):
        counts = game.max_players - game.min_players + 1
        for players in range(game.min_players, game.max_players + 1):
            out.append({"game": gid, "players": players,
                        **playouts(gid, players, seconds / counts)})
    return out


def native(seconds: float) -> list[dict[str, Any]]:
    return list(call(rows, seconds))


def pyodide(seconds: float, dist: Path = ROOT / "dist") -> list[dict[str, Any]]:
    return list(call(rows, seconds, dist=dist))


def table(seconds: float, with_pyodide: bool) -> list[dict[str, object]]:
    rows: list[dict[str, object]] = []
    here = native(seconds)
    there = pyodide(seconds) if with_pyodide else [{} for _ in here]
    for a, b in zip(here, there, strict=True):
        rows.append({"game": a["game"], "players": a["players"],
                     "native games/s": round(a["games_per_s"], 1),
                     "pyodide games/s": round(b["games_per_s"], 1) if b else "-",
                     "slowdown": round(a["games_per_s"] / b["games_per_s"], 2) if b else "-"})
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=4.0, help="per game")
    parser.add_argument("--no-pyodide", action="store_true")
    args = parser.parse_args()
    for row in table(args.seconds, not args.no_pyodide):
        print(row)


if __name__ == "__main__":
    main()
