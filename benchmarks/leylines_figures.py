"""Leylines' figures for docs/benchmarks.md that the shared benchmarks do not take.

- ``speed``: random full games per second at 2, 4 and 6 players, natively
  and under Pyodide in node (the same function in both, as
  ``benchmarks.engine_speed``);
- ``moves``: a "normal" bot's thinking time per move over the first moves of
  seeded games between "normal" bots, natively and under Pyodide in node;
  with a fixed iteration budget the bots make the same moves in both, so
  the ratio is the slowdown of the bot's own work;
- ``gold``: the lowest the gold supply falls over self-play games (does the
  498 gold of coins ever run short?);
- ``page``: a six-AI game in the built page, headless Chromium, from the
  page's load to the end screen, with each AI move as the page waited for it
  (``window.botMoveMs``: the page caps a "normal" move at ``BOT_MS``).

    python -m benchmarks.leylines_figures speed [--seconds 6]
    python -m benchmarks.leylines_figures moves [--moves 40]
    python -m benchmarks.leylines_figures gold [--games 100] [--level easy]
    python -m benchmarks.leylines_figures page [--level normal] [--seed 5]

``speed``, ``moves`` and ``page`` need a built site (``python build.py``; ``--dist``
to use a copy of it).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from pygame_engine import GAMES
from pygame_engine.ai import make_bot
from pygame_engine.core.rng import Rng

from .common import call, playouts, timed_moves, timing_stats

ROOT = Path(__file__).resolve().parents[1]

#: The built site the Pyodide and page figures use (``--dist``).
DIST = ROOT / "dist"


def speed_rows(seconds: float) -> list[dict[str, Any]]:
    """Random full games per second for ``seconds`` at 2, 4 and 6 players."""
    return [{"players": players,
             "games_per_s": playouts("leylines", players, seconds)["games_per_s"]}
            for players in (2, 4, 6)]


def move_rows(count: int) -> list[dict[str, Any]]:
    """A "normal" bot's milliseconds per decision (one with more than one
    legal action) over the first ``count`` of seeded self-play games."""
    rows: list[dict[str, Any]] = []
    for players in (2, 4, 6):
        state = GAMES["leylines"].new_game(players, 5)
        bot = make_bot("normal")
        ms = timed_moves(state, dict.fromkeys(range(players), bot), Rng(5), range(players),
                         lambda ms: len(ms) < count, ask_forced=False)
        rows.append({"players": players, "ms": ms})
    return rows


def _both(function: Callable[[Any], list[dict[str, Any]]], arg: Any
          ) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """``function(arg)``'s rows natively and under Pyodide in node, paired."""
    return list(zip(call(function, arg), call(function, arg, dist=DIST), strict=True))


def speed(seconds: float) -> None:
    print("| players | native games/s | Pyodide (node) games/s | slowdown |\n|---|---|---|---|")
    for a, b in _both(speed_rows, seconds):
        na, nb = float(a["games_per_s"]), float(b["games_per_s"])
        print(f"| {a['players']} | {na:.1f} | {nb:.1f} | {na / nb:.2f} |")


def _stats(ms: list[float]) -> str:
    s = timing_stats(ms)
    return f"median {s['median']:.0f}, p95 {s['p95']:.0f}, max {s['max']:.0f} (n={s['n']})"


def moves(count: int) -> None:
    print("| players | native ms per move | Pyodide (node) ms per move | slowdown (sum) |\n"
          "|---|---|---|---|")
    for a, b in _both(move_rows, count):
        ma, mb = list(map(float, a["ms"])), list(map(float, b["ms"]))
        print(f"| {a['players']} | {_stats(ma)} | {_stats(mb)} | {sum(mb) / sum(ma):.2f} |")


def _lowest_supply(args: tuple[int, int, str]) -> tuple[int, int]:
    from pygame_engine.ai import choose_all
    from pygame_engine.games.leylines.state import LeylinesState

    players, seed, level = args
    state = GAMES["leylines"].new_game(players, seed)
    assert isinstance(state, LeylinesState)
    bots = {p: make_bot(level) for p in range(players)}
    rng, low = Rng(seed), state.gold_supply
    while not state.is_over():
        for p, action in choose_all(bots, state, rng):
            state.apply(p, action)
        low = min(low, state.gold_supply)
    return low, max(pl.gold for pl in state.players)


def gold(games: int, level: str) -> None:
    for players in (2, 6):
        with ProcessPoolExecutor(2) as pool:
            lows = list(pool.map(_lowest_supply, [(players, g, level) for g in range(games)]))
        low = min(lo for lo, _ in lows)
        print(f"{players} players, {games} {level} games: lowest gold supply {low} of 498 "
              f"(median {statistics.median(lo for lo, _ in lows):.0f}); richest purse "
              f"{max(hi for _, hi in lows)}")


def page(level: str, seed: int) -> None:
    from playwright.sync_api import sync_playwright

    import build

    from .page_load import CHROMIUM, CHROMIUM_ARGS

    server, url = build.serve_in_thread(DIST)
    seats = ",".join([f"ai:{level}"] * 6)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True,
                                         args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            start = time.perf_counter()
            page.goto(f"{url}index.html?game=leylines&seats={seats}&seed={seed}")
            page.wait_for_function("document.body.dataset.status === 'over'",
                                   timeout=1_800_000, polling=1000)
            took = time.perf_counter() - start
            bot_ms = page.evaluate("Array.from(window.botMoveMs)")
            scores = page.get_attribute("#final-scores", "data-scores")
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    print(f"six {level} AIs, seed {seed}: load to end screen {took:.0f} s; scores {scores}; "
          f"AI moves as the page waited (ms): {_stats(bot_ms)}; "
          f"over 800 ms: {sum(1 for m in bot_ms if m > 800)}")


def main() -> None:
    global DIST
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("speed", "moves", "gold", "page"))
    parser.add_argument("--seconds", type=float, default=6.0, help="speed: per player count")
    parser.add_argument("--moves", type=int, default=40, help="moves: per player count")
    parser.add_argument("--games", type=int, default=100, help="gold: per player count")
    parser.add_argument("--level", default=None, help="gold: easy; page: normal")
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--dist", type=Path, default=ROOT / "dist",
                        help="a built site (a copy keeps others' builds out of a long run)")
    args = parser.parse_args()
    DIST = args.dist
    if args.what == "speed":
        speed(args.seconds)
    elif args.what == "moves":
        moves(args.moves)
    elif args.what == "gold":
        gold(args.games, args.level or "easy")
    else:
        page(args.level or "normal", args.seed)


if __name__ == "__main__":
    main()
