"""Darkleaf Gambit's figures for docs/benchmarks.md (issue 17): speed, a
"normal" move's time, matches against random and self-play balance, with
Darkleaf's clan options and each game printed as it ends (a run cut by its
time limit keeps what it played).

    python -m benchmarks.darkleaf_figures speed 6 40            # native
    python -m benchmarks.darkleaf_figures speed 6 40 --dist dist  # Pyodide in node
    python -m benchmarks.darkleaf_figures vs normal random 6 [--page-time 0.45]
    python -m benchmarks.darkleaf_figures self ismcts50 100
    python -m benchmarks.darkleaf_figures summary games.jsonl

``vs`` plays every deal with both clan orders (clan1=huldra/murg and back)
and each level in each seat; ``self`` plays every deal in both clan orders
with the level at both seats. Levels are ``bot_strength.bot_for``'s (easy,
normal, hard, random, ismctsN). ``summary`` reads the printed lines back:
wins per clan and seat, and each clan's share with a 90 % interval.
"""

from __future__ import annotations

import argparse
import json
import time
from multiprocessing import Pool
from pathlib import Path
from typing import Any

from pygame_engine import GAMES
from pygame_engine.ai import make_bot
from pygame_engine.core.rng import Rng

from .bot_strength import _seated, deal_interval, play
from .common import call, playouts, timed_moves, timing_stats

GAME = "darkleaf-gambit"
ORDERS = (("huldra", "murg"), ("murg", "huldra"))

def speed_figures(seconds: float, bot_seconds: float) -> dict[str, Any]:
    """Random games for ``seconds`` per clan order, then "normal" decisions with
    more than one legal action (no time cap) in normal-vs-random games for
    ``bot_seconds``. Runs natively and under Pyodide alike (``common.call``)."""
    out: dict[str, Any] = {}
    for c1, c2 in ORDERS:
        out[f"random {c1}-{c2}"] = playouts(GAME, 2, seconds, {"clan1": c1, "clan2": c2}, seed=1)
    times: list[float] = []
    start = time.perf_counter()

    def in_time(_: list[float]) -> bool:
        return time.perf_counter() - start < bot_seconds

    deal = 0
    while in_time(times):
        for c1, c2 in ORDERS:
            state = GAMES[GAME].new_game(2, 100 + deal, {"clan1": c1, "clan2": c2})
            seat = deal % 2
            bots = {seat: make_bot("normal"), 1 - seat: make_bot("random")}
            times += timed_moves(state, bots, Rng(deal), {seat}, in_time)
            deal += 1
    if times:
        stats = timing_stats(times)
        out["normal"] = {"decisions": stats["n"], "mean_ms": stats["mean"],
                         "median_ms": stats["median"], "p90_ms": stats["p90"],
                         "max_ms": stats["max"]}
    return out


def speed(seconds: float, bot_seconds: float, dist: Path | None) -> str:
    """``speed_figures`` as a JSON line, natively or (with ``dist``) under Pyodide in node."""
    return json.dumps(call(speed_figures, seconds, bot_seconds, dist=dist))


def _vs(job: tuple[str, str, int, int, str, str, float | None]) -> dict[str, Any]:
    a, b, deal, turn, c1, c2, page_time = job
    start = time.perf_counter()
    share, _ = play(GAME, (a, b), deal, turn, page_time, {"clan1": c1, "clan2": c2})
    seat = turn % 2  # where level a sat
    return {"a": a, "b": b, "deal": deal, "a_seat": seat + 1, "a_clan": (c1, c2)[seat],
            "clan1": c1, "share": share, "secs": round(time.perf_counter() - start, 1)}


def _self(job: tuple[str, int, str, str]) -> dict[str, Any]:
    level, deal, c1, c2 = job
    start = time.perf_counter()
    shares = _seated(GAME, (level, level), deal, {"clan1": c1, "clan2": c2})
    return {"level": level, "deal": deal, "clan1": c1, "clan2": c2, "shares": shares,
            "secs": round(time.perf_counter() - start, 1)}


def summary(lines: list[dict[str, Any]]) -> list[str]:
    """Wins per clan and seat (``vs``) and each clan's share with a 90 % interval (``self``)."""
    out = []
    vs = [r for r in lines if "a" in r]
    for clan, seat in ((c, s) for c in ("huldra", "murg") for s in (1, 2)):
        games = [r["share"] for r in vs if (r["a_clan"], r["a_seat"]) == (clan, seat)]
        if games:
            out.append(f"{vs[0]['a']} vs {vs[0]['b']} as {clan}, seat {seat}: "
                       f"{sum(games):g} of {len(games)}")
    selfplay = [r for r in lines if "level" in r]
    for c1, c2 in ORDERS:
        games = [r for r in selfplay if r["clan1"] == c1]
        if not games:
            continue
        parts = []
        for seat, clan in enumerate((c1, c2)):
            shares = [r["shares"][seat] for r in games]
            low, high = deal_interval(shares, 1)
            wins = sum(1 for x in shares if x == 1)
            parts.append(f"{clan} (seat {seat + 1}) {sum(shares) / len(shares):.1%} "
                         f"({low:.1%}-{high:.1%}), {wins} won")
        draws = sum(1 for r in games if max(r["shares"]) < 1)
        out.append(f"{games[0]['level']} clan1={c1}: {len(games)} games: "
                   + "; ".join(parts) + f"; {draws} drawn")
    if selfplay:
        huldra = [r["shares"][0 if r["clan1"] == "huldra" else 1] for r in selfplay]
        low, high = deal_interval(huldra, 1)
        out.append(f"Huldra over both orders: {sum(huldra) / len(huldra):.1%} "
                   f"({low:.1%}-{high:.1%}) of {len(huldra)} games")
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    s = sub.add_parser("speed")
    s.add_argument("seconds", type=float)
    s.add_argument("bot_seconds", type=float)
    s.add_argument("--dist", type=Path, help="a built dist/: run under Pyodide in node")
    v = sub.add_parser("vs")
    v.add_argument("a")
    v.add_argument("b")
    v.add_argument("deals", type=int)
    v.add_argument("--page-time", type=float)
    v.add_argument("--seed", type=int, default=0)
    p = sub.add_parser("self")
    p.add_argument("level")
    p.add_argument("deals", type=int)
    p.add_argument("--seed", type=int, default=0)
    m = sub.add_parser("summary")
    m.add_argument("file", type=Path)
    args = parser.parse_args()
    if args.command == "speed":
        print(speed(args.seconds, args.bot_seconds, args.dist))
    elif args.command == "summary":
        lines = [json.loads(line) for line in args.file.read_text().splitlines()
                 if line.startswith("{")]
        print("\n".join(summary(lines)))
    elif args.command == "vs":
        jobs = [(args.a, args.b, d, t, c1, c2, args.page_time)
                for d in range(args.seed, args.seed + args.deals) for c1, c2 in ORDERS
                for t in (0, 1)]
        with Pool(2) as pool:
            for r in pool.imap(_vs, jobs):
                print(json.dumps(r), flush=True)
    else:
        self_jobs = [(args.level, d, c1, c2) for d in range(args.seed, args.seed + args.deals)
                     for c1, c2 in ORDERS]
        with Pool(2) as pool:
            for r in pool.imap(_self, self_jobs):
                print(json.dumps(r), flush=True)


if __name__ == "__main__":
    main()
