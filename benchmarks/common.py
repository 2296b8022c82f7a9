"""Helpers the benchmarks share: random playouts, timed bot moves, timing
statistics, bot games played to the end, and ``call``, which runs a benchmark
function natively or under Pyodide in node.

The functions a benchmark runs under Pyodide are plain functions of this
package that take and return JSON values; ``call`` runs one here or, with a
built site, by its module path in the vendored Pyodide
(``engine_pyodide.call_function``), so both runs execute the same code.
This module imports only the standard library and the engine, so it loads
under Pyodide too.
"""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Callable, Collection, Mapping
from pathlib import Path
from typing import Any

from pygame_engine import GAMES
from pygame_engine.ai import choose_all
from pygame_engine.ai.bots import Bot, choose
from pygame_engine.core.game import State
from pygame_engine.core.rng import Rng


def call(function: Callable[..., Any], *args: Any, dist: Path | None = None) -> Any:
    """``function(*args)``: here, or with ``dist`` (a built site) under Pyodide in
    node. The result passes through JSON either way, so the two compare alike."""
    if dist is None:
        return json.loads(json.dumps(function(*args)))
    from .engine_pyodide import call_function

    return call_function(dist, function.__module__, function.__name__, list(args))


def playouts(game_id: str, players: int, seconds: float,
             options: dict[str, Any] | None = None, seed: int | None = None
             ) -> dict[str, float]:
    """Random full games for ``seconds``: games dealt with seeds 0, 1, 2...,
    actions drawn from ``Rng(seed)`` (default: ``Rng(players)``)."""
    game = GAMES[game_id]
    rng, games, actions = Rng(players if seed is None else seed), 0, 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_game(players, games, options)
        while not state.is_over():
            p = state.active_players()[0]
            state.apply_unchecked(p, rng.choice(state.legal_actions(p)))
            actions += 1
        games += 1
    elapsed = time.perf_counter() - start
    return {"games_per_s": games / elapsed, "actions_per_s": actions / elapsed, "games": games}


def timed_moves(state: State, bots: Mapping[int, Bot], rng: Rng, timed: Collection[int],
                keep_going: Callable[[list[float]], bool], ask_forced: bool = True
                ) -> list[float]:
    """Play ``state`` on, one active seat at a time, while it is not over and
    ``keep_going(times)``; the milliseconds each seat in ``timed`` took for
    each decision with more than one legal action. With ``ask_forced`` false
    a seat with a single legal action takes it without asking its bot (which
    draws on ``rng``)."""
    times: list[float] = []
    while not state.is_over() and keep_going(times):
        p = state.active_players()[0]
        legal = state.legal_actions(p)
        if len(legal) == 1 and not ask_forced:
            state.apply(p, legal[0])
            continue
        start = time.perf_counter()
        action = choose(bots[p], state, p, rng)
        if p in timed and len(legal) > 1:
            times.append((time.perf_counter() - start) * 1000)
        state.apply(p, action)
    return times


def timing_stats(ms: list[float]) -> dict[str, float]:
    """Count, mean, median, 90th and 95th percentile and maximum of some times
    (a percentile is the value at that fraction of the sorted list)."""
    ordered = sorted(ms)

    def at(q: float) -> float:
        return ordered[int(q * (len(ordered) - 1))]

    return {"n": len(ordered), "mean": statistics.fmean(ordered),
            "median": statistics.median(ordered), "p90": at(0.9), "p95": at(0.95),
            "max": ordered[-1]}


def play_to_end(state: State, bots: Mapping[int, Bot], rng: Rng, work: int = 64) -> State:
    """Let ``bots`` (seat -> bot) play ``state`` to its end (``choose_all``)."""
    while not state.is_over():
        for p, action in choose_all(bots, state, rng, work):
            state.apply(p, action)
    return state


def win_shares(state: State) -> list[float]:
    """Each seat's share of the win of a finished game (tied winners split it)."""
    winners = state.winners()
    return [1 / len(winners) if p in winners else 0.0 for p in range(state.num_players)]
