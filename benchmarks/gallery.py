"""Screenshots of every game's table, to review it at a glance.

For each registered game, at 1280x800 and on a 360x740 phone, four fixed
positions: the start (the person's first decision), a person's turn
mid-game, the end screen, and the replay half-way through. The positions
come from seeded random playouts opened as links (``#e=...&m=...``), the
person in seat 1 against AI seats, always at a moment when only the person
may act, so no AI moves before the picture is taken and every run shows the
same tables. The lobby is shot too.

Serves the built ``dist/`` on a local port, as the browser tests do (build
it first with ``python build.py``), and drives Debian's Chromium:

    python -m benchmarks.gallery [--out gallery/] [--games groves,leylines] [--full-page]

Writes ``<out>/<game>-<position>-<width>.png`` (``gallery/`` is git-ignored).
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Any

import build
from pygame_engine import GAMES
from pygame_engine.core.rng import Rng
from web.links import hash_for

from .page_load import CHROMIUM, CHROMIUM_ARGS

ROOT = Path(__file__).resolve().parents[1]
SIZES = ((1280, 800), (360, 740))
BOOT_MS = 90_000
#: The seed of every game and of the playouts that reach its positions.
SEED = 7


def players(game_id: str) -> int:
    """Three seats where a game allows it (more to see), else its minimum."""
    game = GAMES[game_id]
    return max(game.min_players, min(3, game.max_players)) if game_id != "darkleaf-gambit" \
        else 2


def positions(game_id: str) -> dict[str, list[list[Any]]]:
    """The moves to each position: ``start`` and ``mid`` end when seat 0 alone
    is to act (the others' simultaneous moves are made first), ``end`` at the
    end of the playout."""
    game = GAMES[game_id]
    n = players(game_id)
    state = game.new_game(n, SEED, {})
    rng = Rng(SEED)
    moves: list[list[Any]] = []
    human_turns: list[int] = []
    while not state.is_over():
        active = state.active_players()
        if active == [0]:
            human_turns.append(len(moves))
        seat = next((p for p in active if p != 0), active[0])
        action = rng.choice(state.legal_actions(seat))
        moves.append([seat, action.to_json()])
        state.apply(seat, action)
    if not human_turns:
        raise ValueError(f"{game_id}: seat 0 never acts alone in this playout")
    middle = next((t for t in human_turns if t >= len(moves) // 2), human_turns[-1])
    return {"start": moves[:human_turns[0]], "mid": moves[:middle], "end": moves}


def query(game_id: str) -> str:
    seats = ["human"] + ["ai:easy"] * (players(game_id) - 1)
    return f"index.html?game={game_id}&seats={','.join(seats)}&seed={SEED}"


def shoot(page: Any, path: Path, full_page: bool) -> None:
    page.wait_for_timeout(400)  # the motion (250 ms) and any scroll into view settle
    page.screenshot(path=str(path), full_page=full_page)
    print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path, flush=True)


def open_url(page: Any, url: str, status: str) -> None:
    # A link differing only in its hash opens in place (no reload): the status
    # is reset first, so that the wait is for the new position's screen.
    page.evaluate("document.body.dataset.status = 'switching'; window.scrollTo(0, 0)")
    page.goto(url)
    page.wait_for_function(f"document.body.dataset.status === {status!r}", timeout=BOOT_MS)


def gallery(out: Path, games: list[str], full_page: bool) -> int:
    from playwright.sync_api import sync_playwright

    if not (build.DIST / "index.html").is_file():
        raise SystemExit("dist/ is not built: run `python build.py` first")
    out.mkdir(parents=True, exist_ok=True)
    server, site = build.serve_in_thread(build.DIST)
    count = 0
    started = time.perf_counter()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                                 args=CHROMIUM_ARGS)
            for width, height in SIZES:
                context = browser.new_context(base_url=site,
                                              viewport={"width": width, "height": height})
                page = context.new_page()
                page.goto("index.html")
                page.wait_for_function("document.body.dataset.engine === 'ready'",
                                       timeout=BOOT_MS)
                shoot(page, out / f"lobby-{width}.png", full_page)
                count += 1
                for game_id in games:
                    moves = positions(game_id)
                    for name in ("start", "mid"):
                        open_url(page, query(game_id) + hash_for(moves[name]), "playing")
                        page.wait_for_function(
                            "document.querySelector('#actions [data-action], "
                            "#board [data-action], #board [data-ui]')", timeout=BOOT_MS)
                        shoot(page, out / f"{game_id}-{name}-{width}.png", full_page)
                    open_url(page, query(game_id) + hash_for(moves["end"]), "over")
                    shoot(page, out / f"{game_id}-end-{width}.png", full_page)
                    open_url(page, query(game_id) + hash_for(moves["end"], replay=True),
                             "replay")
                    total = len(moves["end"])
                    page.locator(".replay-slider").fill(str(total // 2))
                    page.wait_for_function(
                        "document.querySelector('#actions .replay')?.dataset.position"
                        f" === '{total // 2}'", timeout=10_000)
                    shoot(page, out / f"{game_id}-replay-{width}.png", full_page)
                    count += 4
                context.close()
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    print(f"{count} screenshots in {out} ({time.perf_counter() - started:.0f} s)")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--out", type=Path, default=ROOT / "gallery",
                        help="the folder to write to (gallery/)")
    parser.add_argument("--games", default=",".join(GAMES),
                        help="comma-separated game ids (all registered games)")
    parser.add_argument("--full-page", action="store_true",
                        help="the whole page, not only the window")
    args = parser.parse_args(argv)
    games = [g for g in args.games.split(",") if g]
    unknown = [g for g in games if g not in GAMES]
    if unknown:
        parser.error(f"unknown game {unknown[0]!r}: the games are {', '.join(GAMES)}")
    return gallery(args.out.resolve(), games, args.full_page)


if __name__ == "__main__":
    raise SystemExit(main())
