"""Darkleaf Gambit's engine speed (issue 27): random playouts natively and under
Pyodide, a search game, the page's "normal" move, and fingerprints of seeded
games that a speed-up must leave unchanged.

    python -m benchmarks.darkleaf_speed random [--games 2] [--dist dist]
    python -m benchmarks.darkleaf_speed search [--iterations 50] [--games 2]
    python -m benchmarks.darkleaf_speed normal [--decisions 60] [--dist dist]
    python -m benchmarks.darkleaf_speed fingerprint [--write FILE | --check FILE]
    python -m benchmarks.darkleaf_speed ops [--reps 20000] [--dist dist]
    python -m benchmarks.darkleaf_speed profile random|search [--top 40] [--dist dist]

Times are CPU seconds of the process (the machine is shared: wall time there
says more about the neighbours than about the engine); under Pyodide, the
node process's CPU time. ``--dist`` runs the same functions, from this file's
own source, in the vendored Pyodide under node (``engine_pyodide``), with the
engine imported from this file's source tree too (``pyodide_tree``), not
from the wheel. ``ops`` times single operations of the search (a clone, a
determinization, the legal actions, a playout step, a few builtins) side by
side; ``profile`` lists the functions by own time.
``random`` plays every ordered pairing of the six clans ``--games`` times
with a seeded random policy; ``normal`` times "normal" decisions (250
ISMCTS iterations, no time cap, more than one legal action) in games of
"normal" against random over the pairings, the page's 800 ms being the
budget; ``fingerprint`` plays seeded random games (handicaps, both Will
tables) and ISMCTS games and prints a hash of each game's actions and its
scores, so that before and after a change can be compared.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from pathlib import Path
from typing import Any

from pygame_engine import GAMES
from pygame_engine.ai.bots import Ismcts, RandomBot, choose, make_bot
from pygame_engine.core.game import Action, State
from pygame_engine.core.rng import Rng

GAME = "darkleaf-gambit"


def cpu_seconds() -> float:
    """This process's CPU time (node's own under Pyodide, where ``process_time`` is wall time)."""
    if sys.platform == "emscripten":
        import js  # type: ignore[import-not-found]

        usage = js.process.cpuUsage()
        return float(usage.user + usage.system) / 1e6
    return time.process_time()


def clans() -> list[str]:
    return [str(c) for c in GAMES[GAME].options[0].choices if c != "random"]


def pairings() -> list[tuple[str, str]]:
    return [(a, b) for a in clans() for b in clans()]


def random_game(c1: str, c2: str, seed: int, options: dict[str, Any] | None = None) -> State:
    """A game of ``c1`` against ``c2`` played by a random policy seeded ``seed``."""
    state = GAMES[GAME].new_game(2, seed, {"clan1": c1, "clan2": c2, **(options or {})})
    rng = Rng(seed)
    while not state.is_over():
        p = state.active_players()[0]
        state.apply_unchecked(p, rng.choice(state.legal_actions(p)))
    return state


def random_speed(games: int) -> dict[str, Any]:
    """Random games of every ordered pairing: actions and CPU seconds, overall and per clan pair."""
    rows: dict[str, list[float]] = {}
    start = cpu_seconds()
    for i, (c1, c2) in enumerate(pairings()):
        t = cpu_seconds()
        actions = sum(len(random_game(c1, c2, 10 * i + k).history) for k in range(games))
        rows[f"{c1}-{c2}"] = [actions, cpu_seconds() - t]
    cpu = cpu_seconds() - start
    actions = sum(int(r[0]) for r in rows.values())
    return {"games": games * len(rows), "actions": actions, "cpu_s": cpu,
            "games_per_s": games * len(rows) / cpu, "actions_per_s": actions / cpu,
            "pairings": rows}


def search_game(c1: str, c2: str, seed: int, iterations: int) -> State:
    """A game of ``c1`` against ``c2`` with an ISMCTS of ``iterations`` at both seats."""
    state = GAMES[GAME].new_game(2, seed, {"clan1": c1, "clan2": c2})
    bot, rng = Ismcts(iterations=iterations), Rng(seed)
    while not state.is_over():
        p = state.active_players()[0]
        state.apply(p, choose(bot, state, p, rng))
    return state


def search_speed(iterations: int, games: int) -> list[dict[str, Any]]:
    """``games`` search games over spread-out pairings (mirror matches left out)."""
    pairs = [(a, b) for a, b in pairings() if a != b]
    out = []
    for k in range(games):
        c1, c2 = pairs[(7 * k) % len(pairs)]
        t = cpu_seconds()
        state = search_game(c1, c2, k, iterations)
        out.append({"clans": f"{c1}-{c2}", "seed": k, "actions": len(state.history),
                    "cpu_s": round(cpu_seconds() - t, 2)})
    return out


def normal_decisions(decisions: int) -> dict[str, Any]:
    """CPU time of "normal" decisions (250 iterations, no cap) with more than one
    legal action, in "normal"-against-random games cycling through the pairings."""
    times: list[float] = []
    deal = 0
    while len(times) < decisions:
        c1, c2 = pairings()[(7 * deal) % 36]
        state = GAMES[GAME].new_game(2, 1000 + deal, {"clan1": c1, "clan2": c2})
        seat, rng = deal % 2, Rng(deal)
        bot, rival = make_bot("normal"), RandomBot()
        while not state.is_over() and len(times) < decisions:
            p = state.active_players()[0]
            if p == seat and len(state.legal_actions(p)) > 1:
                t = cpu_seconds()
                action = choose(bot, state, p, rng)
                times.append(cpu_seconds() - t)
            else:
                action = choose(bot if p == seat else rival, state, p, rng)
            state.apply(p, action)
        deal += 1
    times.sort()
    return {"decisions": len(times), "games": deal,
            "mean_ms": 1000 * sum(times) / len(times),
            "median_ms": 1000 * times[len(times) // 2],
            "p90_ms": 1000 * times[int(len(times) * 0.9)], "max_ms": 1000 * times[-1]}


def fingerprint(state: State) -> list[Any]:
    """A game's length, a hash of its actions and its scores."""
    actions = json.dumps([[p, a.to_json()] for p, a in state.history])
    return [len(state.history), hashlib.sha256(actions.encode()).hexdigest()[:16],
            state.scores()]


def fingerprints(search_games: int = 6, iterations: int = 8) -> dict[str, list[Any]]:
    """Seeded games whose actions must not change with a speed-up: random games
    over every ordered pairing (handicaps 0, 2 and 4 at the first seat, both Will
    tables) and ``search_games`` ISMCTS games of ``iterations``."""
    out: dict[str, list[Any]] = {}
    for i, (c1, c2) in enumerate(pairings()):
        for k in range(3):
            seed = 10 * i + k
            options = {"handicap1": 2 * k, "will": ("blessings", "curses")[k % 2]}
            out[f"random {c1}-{c2} {seed}"] = fingerprint(random_game(c1, c2, seed, options))
    pairs = [(a, b) for a, b in pairings() if a != b]
    for k in range(search_games):
        c1, c2 = pairs[(7 * k) % len(pairs)]
        out[f"ismcts{iterations} {c1}-{c2} {k}"] = fingerprint(search_game(c1, c2, k, iterations))
    return out


def profile(command: str, top: int = 40) -> list[list[Any]]:
    """The ``top`` functions by own time in ``command``: "random" (one random
    game of every ordered pairing) or "search" (the first 40 actions of a
    50-iteration search game, Wildero Wibo - Erde deal 2); each row
    [function, calls, own seconds, share of the total]."""
    import cProfile
    import pstats

    # CPU time natively; under Pyodide the default clock (a call into node per event costs)
    profiler = cProfile.Profile(time.process_time) if sys.platform != "emscripten" \
        else cProfile.Profile()
    profiler.enable()
    if command == "random":
        for i, (c1, c2) in enumerate(pairings()):
            random_game(c1, c2, 10 * i)
    else:
        state = GAMES[GAME].new_game(2, 2, {"clan1": "wibo", "clan2": "erde"})
        bot, rng = Ismcts(iterations=50), Rng(2)
        while not state.is_over() and len(state.history) < 40:
            p = state.active_players()[0]
            state.apply(p, choose(bot, state, p, rng))
    profiler.disable()
    # (file, line, function) -> (primitive calls, calls, own time, cumulative, callers)
    stats: dict[Any, Any] = pstats.Stats(profiler).stats  # type: ignore[attr-defined]
    total = sum(row[2] for row in stats.values())
    rows = sorted(stats.items(), key=lambda kv: -kv[1][2])[:top]
    return [[f"{Path(f).name}:{line}({name})", calls, round(own, 4), round(own / total, 4)]
            for (f, line, name), (_, calls, own, _, _) in rows]


def operations(reps: int = 20000) -> dict[str, float]:
    """CPU microseconds per call of the operations a search repeats, on positions
    of a seeded random Wildero Wibo - Erde game: to compare native and
    Pyodide operation by operation (``ops --dist``)."""
    import random as stdlib_random

    state = GAMES[GAME].new_game(2, 3, {"clan1": "wibo", "clan2": "erde"})
    rng = Rng(3)
    for _ in range(60):
        p = state.active_players()[0]
        state.apply_unchecked(p, rng.choice(state.legal_actions(p)))
    p = state.active_players()[0]
    legal = state.legal_actions(p)
    h: Any = GAMES[GAME].heuristics()
    blockers = [object(), object()]
    table = {"pawn": 1.0, "knight": 2.5, "sage": 2.5}
    unit = state.units[0]  # type: ignore[attr-defined]
    rand = stdlib_random.Random(5)
    cases: dict[str, Any] = {
        "any(generator)": lambda: any(b is None for b in blockers),
        "for loop": lambda: _first_none(blockers),
        "min(a, b)": lambda: min(3, 5),
        "a if a < b else b": lambda: 3 if 3 < 5 else 5,
        "sorted(set)": lambda: sorted({5, 3, 9, 1}),
        "frozenset(legal)": lambda: frozenset(legal),
        "hash(action)": lambda: hash(legal[-1]),
        "dict.get": lambda: table.get("knight", 1.0),
        "dict[key]": lambda: table["knight"],
        "isinstance": lambda: isinstance(legal[-1], Action),
        "getattr(default)": lambda: getattr(legal[-1], "nothing", -1),
        "Unit.copy": unit.copy,
        "sum(generator)": lambda: sum(table.get(k, 1.0) for k in ("pawn", "knight", "rook")),
        "on_board": lambda: state.on_board(0),  # type: ignore[attr-defined]
        "Random(seed)": lambda: stdlib_random.Random(12345),
        "Random()": stdlib_random.Random,
        "getstate": rand.getstate,
        "setstate": lambda: rand.setstate(rand.getstate()),
        "Rng.fork": rng.fork,
        "Rng.clone": rng.clone,
        "json copy": lambda: json.loads(json.dumps({"frm": 1, "to": 2, "flow": [[1, 2]]})),
        "clone": state.clone,
        "determinize": lambda: state.determinize(p, rng),
        "legal_actions": lambda: state.legal_actions(p),
        "rollout_action": lambda: h.rollout_action(state, p, rng),
        "evaluate": lambda: h.evaluate(state),
    }
    out = {}
    for name, fn in cases.items():
        n = reps if name not in ("clone", "determinize", "legal_actions", "rollout_action",
                                 "evaluate") else reps // 20
        t = cpu_seconds()
        for _ in range(n):
            fn()
        out[name] = round(1e6 * (cpu_seconds() - t) / n, 3)
    return out


def _first_none(items: list[object]) -> bool:
    for b in items:  # noqa: SIM110 (what ``operations`` compares with any())
        if b is None:
            return True
    return False


def in_pyodide(dist: Path, call: str) -> Any:
    """``call`` (an expression on this module's functions) evaluated under
    Pyodide in node, with the engine imported from the same source tree as
    this file's (``pyodide_tree``), not from ``dist``'s wheel: native and
    Pyodide run the same code."""
    from .engine_pyodide import run_snippet

    here = Path(__file__).resolve()
    future = "from __future__ import annotations\n"  # must stay first: one, at the top
    code = (future + here.with_name("pyodide_tree.py").read_text().replace(future, "")
            + f"\nmount({str(here.parents[1])!r})\n"
            + here.read_text().replace(future, "") + f"\nprint(json.dumps({call}))\n")
    return json.loads(run_snippet(dist, code).strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    r = sub.add_parser("random")
    r.add_argument("--games", type=int, default=2, help="per ordered pairing")
    r.add_argument("--dist", type=Path, help="a built dist/: also run under Pyodide in node")
    s = sub.add_parser("search")
    s.add_argument("--iterations", type=int, default=50)
    s.add_argument("--games", type=int, default=2)
    n = sub.add_parser("normal")
    n.add_argument("--decisions", type=int, default=60)
    n.add_argument("--dist", type=Path, help="a built dist/: run under Pyodide in node instead")
    pr = sub.add_parser("profile")
    pr.add_argument("what", choices=("random", "search"))
    pr.add_argument("--top", type=int, default=40)
    pr.add_argument("--dist", type=Path, help="a built dist/: also under Pyodide, side by side")
    o = sub.add_parser("ops")
    o.add_argument("--reps", type=int, default=20000)
    o.add_argument("--dist", type=Path, help="a built dist/: also under Pyodide, side by side")
    f = sub.add_parser("fingerprint")
    f.add_argument("--write", type=Path)
    f.add_argument("--check", type=Path)
    args = parser.parse_args()
    if args.command == "random":
        here = random_speed(args.games)
        print(json.dumps({k: v for k, v in here.items() if k != "pairings"}))
        if args.dist:
            there = in_pyodide(args.dist, f"random_speed({args.games})")
            print(json.dumps({k: v for k, v in there.items() if k != "pairings"}))
            print(f"Pyodide / native, CPU time per action: "
                  f"{here['actions_per_s'] / there['actions_per_s']:.2f}")
            for key, (actions, cpu) in here["pairings"].items():
                ratio = there["pairings"][key][1] / cpu
                print(f"  {key:20} {actions:6.0f} actions  native {cpu:6.2f} s  "
                      f"Pyodide {there['pairings'][key][1]:6.2f} s  x{ratio:.2f}")
    elif args.command == "search":
        for row in search_speed(args.iterations, args.games):
            print(json.dumps(row), flush=True)
    elif args.command == "profile":
        lines = profile(args.what, args.top)
        if not args.dist:
            for line in lines:
                print(json.dumps(line))
            return
        far = {r[0]: r for r in in_pyodide(args.dist, f"profile({args.what!r}, 400)")}
        near_total = lines[0][2] / lines[0][3]
        far_total = next(iter(far.values()))[2] / next(iter(far.values()))[3]
        print(f"total own time: native {near_total:.2f} s, Pyodide {far_total:.2f} s, "
              f"x{far_total / near_total:.2f}")
        for name, calls, own, _ in lines:
            t = far.get(name, [name, 0, 0.0, 0.0])
            print(f"  {name:60} {calls:9} native {own:7.3f} s  Pyodide {t[2]:7.3f} s  "
                  f"x{t[2] / own if own else 0:.2f}")
    elif args.command == "ops":
        near = operations(args.reps)
        far = in_pyodide(args.dist, f"operations({args.reps})") if args.dist else {}
        for name, us in near.items():
            print(f"  {name:22} native {us:9.3f} us" + (
                f"  Pyodide {far[name]:9.3f} us  x{far[name] / us:.2f}" if far else ""))
    elif args.command == "normal":
        result = (in_pyodide(args.dist, f"normal_decisions({args.decisions})") if args.dist
                  else normal_decisions(args.decisions))
        print(json.dumps(result))
    else:
        prints = fingerprints()
        if args.write:
            args.write.write_text(json.dumps(prints, indent=1) + "\n")
        if args.check:
            old = json.loads(args.check.read_text())
            changed = [k for k in sorted(set(old) | set(prints)) if old.get(k) != prints.get(k)]
            print(f"{len(prints) - len(changed)} of {len(prints)} games unchanged"
                  + (": changed " + ", ".join(changed) if changed else ""))
            raise SystemExit(1 if changed else 0)
        if not args.write:
            print(json.dumps(prints, indent=1))


if __name__ == "__main__" and sys.platform != "emscripten":  # Pyodide runs the source too
    main()
