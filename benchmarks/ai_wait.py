"""How long a person waits for the AIs in the page, game by game.

In headless Chromium, one person plays each game against AIs at the
"normal" speed (the page's default): at each of their decisions the
benchmark clicks one of the legal targets on screen at random (a seeded
choice; a selection such as a coin or a unit first, when the board offers
nothing else), and the page records the time from that click to the next
time the person has a decision on screen (``window.decisionWaits``, kept by
``web/static/boot.js``), with the number of AI moves shown in between. The
waits with at least one AI move in them are the ones reported.

Each game stops after ``--decisions`` decisions or ``--seconds`` seconds,
whichever comes first, so a run is bounded. A second table says where each
AI move's time went (``COSTS``).

With ``--whole``, each game is played to its end instead (within
``--seconds``), and the table gives a whole game's length: the person's
decisions, the AI moves, the time spent waiting for them, and the minutes a
game takes at ``PERSON_S`` seconds of the person's own per decision (the
lobby's figures, ``web.lobby.PLAYED``).

    python -m benchmarks.ai_wait [--games leylines-4p,darkleaf-hard] [--decisions 20]
    python -m benchmarks.ai_wait --whole --games ley-of-the-land,groves --seconds 500
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from pathlib import Path
from typing import Any

import build
from web.lobby import PERSON_S

from .page_load import CHROMIUM, CHROMIUM_ARGS

ROOT = Path(__file__).resolve().parents[1]

#: name -> the page's query (the person sits in seat 0).
GAMES: dict[str, str] = {
    "ley-of-the-land": "?game=ley-of-the-land&seats=human,ai:normal&seed=5",
    "ley-lines": "?game=ley-lines&seats=human,ai:normal,ai:normal&seed=5",
    "groves": "?game=groves&seats=human,ai:normal&seed=5",
    "leylines-2p": "?game=leylines&seats=human,ai:normal&seed=5",
    "leylines-4p": "?game=leylines&seats=human,ai:normal,ai:normal,ai:normal&seed=5",
    "darkleaf": "?game=darkleaf-gambit&seats=human,ai:normal&seed=7",
    "ley-of-the-land-hard": "?game=ley-of-the-land&seats=human,ai:hard&seed=5",
    "ley-lines-hard": "?game=ley-lines&seats=human,ai:hard,ai:hard&seed=5",
    "groves-hard": "?game=groves&seats=human,ai:hard&seed=5",
    "leylines-2p-hard": "?game=leylines&seats=human,ai:hard&seed=5",
    "leylines-4p-hard": "?game=leylines&seats=human,ai:hard,ai:hard,ai:hard&seed=5",
    "darkleaf-hard": "?game=darkleaf-gambit&seats=human,ai:hard&seed=7",
}

# The person's choices on screen: legal moves, else selections on the board
# (a coin, a unit) that bring the moves up; never the page's own tools.
# Counted, or the ``index``-th of them clicked.
CHOICES = """
(index) => {
  const usable = (el) => !el.closest("[hidden]") && !el.hasAttribute("disabled")
    && el.getAttribute("aria-disabled") !== "true";
  const tool = /^(step|undo|pause|replay|again|export|link)=/;
  let kind = "move";
  let all = [...document.querySelectorAll("#board [data-action], #actions [data-action]")]
    .filter(usable);
  if (!all.length) {
    kind = "pick";
    all = [...document.querySelectorAll("#board [data-ui], #actions [data-ui]")]
      .filter((el) => usable(el) && !tool.test(el.dataset.ui));
  }
  if (index !== null) all[index].dispatchEvent(new MouseEvent("click", {bubbles: true}));
  return {kind, count: all.length};
}
"""

# The person has a decision on screen and nothing is on its way from the worker.
READY = """
() => document.body.dataset.status === "over"
  || (document.body.dataset.acting !== undefined
      && document.querySelector("#board [data-action], #actions [data-action], #board [data-ui]")
      !== null)
"""


def play(page: Any, url: str, decisions: int, seconds: float, rng: random.Random
         ) -> tuple[list[dict[str, float]], list[dict[str, float]]]:
    """Play the person's seat by random clicks; the page's waits (ms, AI moves)
    and where each AI move's time went (``COSTS``, ms)."""
    page.goto(url)
    page.wait_for_function("document.body.dataset.status === 'playing'", timeout=90_000)
    end = time.monotonic() + seconds
    made = 0
    while made < decisions and time.monotonic() < end:
        page.wait_for_function(READY, timeout=60_000, polling=20)
        if page.evaluate("document.body.dataset.status") == "over":
            break
        seen = page.evaluate("window.decisionWaits.length")
        choice = page.evaluate(CHOICES, None)
        if not choice["count"]:
            raise RuntimeError(f"no choice on screen at {page.url}")
        page.evaluate(CHOICES, rng.randrange(choice["count"]))
        if choice["kind"] == "move":
            made += 1
            page.wait_for_function(
                f"window.decisionWaits.length > {seen} || document.body.dataset.status === 'over'",
                timeout=60_000, polling=20)
        else:
            page.wait_for_timeout(100)  # the selection's answer
    waits: list[dict[str, float]] = page.evaluate("window.decisionWaits")
    # (A page older than the costs has only each move's round trip.)
    costs: list[dict[str, float]] = page.evaluate(
        "window.aiMoveCosts ?? window.botMoveMs.map((ms) => ({request: ms}))")
    return waits, costs


#: Where an AI move's time goes, in ms (``window.aiMoveCosts``, kept by
#: ``web/static/boot.js`` from the worker's ``Screen.costs`` and its own clocks):
#: in the worker, ``think`` (the search), ``regions`` (the views' markup), ``store``
#: (the saved-games entry) and ``url``; ``transfer``, the rest of the request's
#: round trip (JSON both ways, the messages); ``held``, from the answer to its
#: showing (what is left of the pace's pause, or a busy main thread); then on the
#: main thread ``render`` (the DOM update), ``save`` (localStorage), ``apply``
#: (all of showing it) and ``frame`` (from showing it to the next frame).
COSTS = ("think", "regions", "store", "url", "transfer", "held", "render", "save", "apply",
         "frame")


#: The key each cost is computed from (``transfer`` from the request's).
_COST_KEYS = {"transfer": "request", "save": "store_js"}


def _cost(move: dict[str, float], name: str) -> float:
    if name == "transfer":
        return move["request"] - sum(move.get(k, 0.0)
                                     for k in ("think", "regions", "store", "url"))
    if name == "save":
        return move.get("store_js", 0.0)
    return move.get(name, 0.0)


def _row(name: str, waits: list[dict[str, float]], costs: list[dict[str, float]]) -> str:
    with_ai = sorted(w["ms"] / 1000 for w in waits if w["ai"] > 0)
    if not with_ai:
        return f"| {name} | 0 | - | - | - | - | - | - |"
    moves = statistics.mean(w["ai"] for w in waits if w["ai"] > 0)
    p90 = with_ai[int(0.9 * (len(with_ai) - 1))]
    requests = [m["request"] for m in costs]
    # Every wait, those with no AI move in them too (the person acts again):
    # what a game's length adds up (``web.lobby.PLAYED``).
    every = statistics.mean(w["ms"] / 1000 for w in waits)
    return (f"| {name} | {len(with_ai)} | {statistics.median(with_ai):.2f} | {p90:.2f} | "
            f"{with_ai[-1]:.2f} | {moves:.1f} | {statistics.median(requests):.0f} | "
            f"{every:.2f} ({len(waits)}) |")


def cost_row(name: str, costs: list[dict[str, float]]) -> str:
    """The median ms of each of ``COSTS`` over a game's AI moves (and their mean)."""
    shown = [m for m in costs if "request" in m]
    if not shown:
        return f"| {name} | 0 | - |" + " - |" * len(COSTS)
    # (What a page older than the costs did not measure is "-".)
    cells = [f"{statistics.median(_cost(m, c) for m in shown):.0f} "
             f"({statistics.mean(_cost(m, c) for m in shown):.0f})"
             if any(_COST_KEYS.get(c, c) in m for m in shown) else "-" for c in COSTS]
    # The think budget as spent: the moves that had a choice to think about.
    thought = [m["think"] for m in shown if m.get("think", 0.0) >= 1.0]
    spent = f"{statistics.median(thought):.0f}" if thought else "-"
    return f"| {name} | {len(shown)} | {spent} | " + " | ".join(cells) + " |"


def whole_row(name: str, waits: list[dict[str, float]], over: bool) -> str:
    """A whole game's length: the person's decisions, the AI moves, the time
    waited for them, and the minutes at ``PERSON_S`` a decision."""
    waited = sum(w["ms"] for w in waits) / 1000
    moves = sum(w["ai"] for w in waits)
    minutes = (len(waits) * PERSON_S + waited) / 60
    return (f"| {name} | {len(waits)} | {moves:.0f} | {waited:.0f} | "
            f"{'yes' if over else 'no (time limit)'} | {minutes:.1f} |")


def measure(dist_dir: Path, names: list[str], decisions: int, seconds: float,
            seed: int = 1, whole: bool = False) -> list[str]:
    """The table's rows (markdown), one per game."""
    from playwright.sync_api import sync_playwright

    server, url = build.serve_in_thread(dist_dir)
    rows = (["| game | decisions | AI moves | AI wait s | to the end | minutes |",
             "|---|---|---|---|---|---|"] if whole else
            ["| game | waits | median s | p90 s | worst s | AI moves per wait "
             "| AI move ms (median) | mean s of every wait (n) |",
             "|---|---|---|---|---|---|---|---|"])
    costs: list[str] = []
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True,
                                         args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            for name in names:
                waits, moves = play(page, f"{url}index.html{GAMES[name]}", decisions,
                                    seconds, random.Random(seed))
                if whole:
                    over = page.evaluate("document.body.dataset.status") == "over"
                    rows.append(whole_row(name, waits, over))
                    print(rows[-1], flush=True)
                    continue
                rows.append(_row(name, waits, moves))
                costs.append(cost_row(name, moves))
                print(rows[-1], costs[-1], sep="\n", flush=True)
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    if whole:
        return rows
    return rows + ["", "Each AI move, median (mean) ms:", "",
                   "| game | moves | think when thinking | " + " | ".join(COSTS) + " |",
                   "|---|---|---|" + "---|" * len(COSTS), *costs]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(GAMES),
                        help=f"comma-separated, from: {', '.join(GAMES)}")
    parser.add_argument("--decisions", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=75.0)
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    parser.add_argument("--whole", action="store_true",
                        help="play each game to its end (within --seconds): its length")
    args = parser.parse_args()
    names = [n for n in args.games.split(",") if n]
    decisions = 10**6 if args.whole else args.decisions
    for row in measure(args.dist, names, decisions, args.seconds, whole=args.whole):
        print(row)


if __name__ == "__main__":
    main()
