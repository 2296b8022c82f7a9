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

from .bot_strength import _seated, deal_interval, play

GAME = "darkleaf-gambit"
ORDERS = (("huldra", "murg"), ("murg", "huldra"))

#: Random games for SECONDS per clan order, then "normal" decisions with more
#: than one legal action (no time cap) in normal-vs-random games for
#: BOT_SECONDS; prints one JSON line. Runs natively and under Pyodide alike.
SPEED = """
import json, time
from pygame_engine import GAMES
from pygame_engine.ai import make_bot
from pygame_engine.ai.bots import choose
from pygame_engine.core.rng import Rng

SECONDS, BOT_SECONDS = {seconds}, {bot_seconds}
g = GAMES["darkleaf-gambit"]
out = {{}}
for c1, c2 in (("huldra", "murg"), ("murg", "huldra")):
    rng, games, actions = Rng(1), 0, 0
    start = time.perf_counter()
    while time.perf_counter() - start < SECONDS:
        st = g.new_game(2, games, {{"clan1": c1, "clan2": c2}})
        while not st.is_over():
            p = st.active_players()[0]
            st.apply_unchecked(p, rng.choice(st.legal_actions(p)))
            actions += 1
        games += 1
    el = time.perf_counter() - start
    out[f"random {{c1}}-{{c2}}"] = {{"games_per_s": games / el, "actions_per_s": actions / el,
                                   "games": games}}
times = []
start = time.perf_counter()
deal = 0
while time.perf_counter() - start < BOT_SECONDS:
    for c1, c2 in (("huldra", "murg"), ("murg", "huldra")):
        st = g.new_game(2, 100 + deal, {{"clan1": c1, "clan2": c2}})
        bot, rnd, rng = make_bot("normal"), make_bot("random"), Rng(deal)
        seat = deal % 2
        while not st.is_over() and time.perf_counter() - start < BOT_SECONDS:
            p = st.active_players()[0]
            if p == seat:
                n = len(st.legal_actions(p))
                t = time.perf_counter()
                a = choose(bot, st, p, rng)
                if n > 1:
                    times.append(time.perf_counter() - t)
            else:
                a = choose(rnd, st, p, rng)
            st.apply(p, a)
        deal += 1
times.sort()
if times:
    out["normal"] = {{"decisions": len(times), "mean_ms": 1000 * sum(times) / len(times),
                     "median_ms": 1000 * times[len(times) // 2],
                     "p90_ms": 1000 * times[int(len(times) * 0.9)],
                     "max_ms": 1000 * times[-1]}}
print(json.dumps(out))
"""


def speed(seconds: float, bot_seconds: float, dist: Path | None) -> str:
    """The ``SPEED`` snippet's JSON line, natively or (with ``dist``) under Pyodide in node."""
    code = SPEED.format(seconds=seconds, bot_seconds=bot_seconds)
    if dist is not None:
        from .engine_pyodide import run_snippet

        return run_snippet(dist, code).strip().splitlines()[-1]
    out: dict[str, str] = {}
    exec(code, {"print": lambda text: out.update(line=text)})
    return out["line"]


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
