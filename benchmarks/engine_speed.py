"""Engine speed: full random games per second for every game, natively and under Pyodide.

The same snippet (``PLAYOUTS``) runs in this CPython and in the vendored
Pyodide under node (``engine_pyodide.run_snippet``), so the two figures are
comparable; node is a pessimistic stand-in for the browser.

    python -m benchmarks.engine_speed [--seconds 5] [--no-pyodide]
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: Random full games of every registered game for SECONDS each; prints JSON rows.
PLAYOUTS = """
import json, time
from pygame_engine import GAMES
from pygame_engine.core.rng import Rng

SECONDS = {seconds}
rows = []
for gid, game in sorted(GAMES.items()):
    for players in range(game.min_players, game.max_players + 1):
        rng, games, actions = Rng(players), 0, 0
        start = time.perf_counter()
        while time.perf_counter() - start < SECONDS / (game.max_players - game.min_players + 1):
            state = game.new_game(players, games)
            while not state.is_over():
                p = state.active_players()[0]
                state.apply_unchecked(p, rng.choice(state.legal_actions(p)))
                actions += 1
            games += 1
        elapsed = time.perf_counter() - start
        rows.append({{"game": gid, "players": players, "games_per_s": games / elapsed,
                      "actions_per_s": actions / elapsed}})
print(json.dumps(rows))
"""


def native(seconds: float) -> list[dict[str, float]]:
    out: dict[str, object] = {}
    exec(PLAYOUTS.format(seconds=seconds), {"print": lambda text: out.update(rows=text)})
    return json.loads(str(out["rows"]))


def pyodide(seconds: float, dist: Path = ROOT / "dist") -> list[dict[str, float]]:
    from .engine_pyodide import run_snippet

    return json.loads(run_snippet(dist, PLAYOUTS.format(seconds=seconds)).strip().splitlines()[-1])


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
