"""Responsiveness in the page: click to re-rendered view, and bot thinking time.

Plays the human seat of ``index.html?game=ley-of-the-land&seats=human,ai:normal``
in headless Chromium for a few rounds and reports:

- ``handler ms``: the Python click handler (apply the action, render, write
  the DOM), as the glue records it in ``window.lastRenderMs``;
- ``click to frame ms``: from a scripted click to the next animation frame,
  measured in the page (includes the handler and the DOM update);
- ``bot move ms``: each "normal" bot decision, thinking slices included, from
  ``window.botMoveMs``;
- ``bot slice ms``: how long each slice of bot thinking holds the main thread
  (``window.botSliceMs``), over the Ley of the Land game and the first
  moves of a Ley Lines game between "normal" bots (its first ley moves have
  hundreds of choices).

    python -m benchmarks.page_interaction [--rounds 6]
"""

from __future__ import annotations

import argparse
import statistics
from pathlib import Path
from typing import Any

import build

from .page_load import CHROMIUM, CHROMIUM_ARGS

ROOT = Path(__file__).resolve().parents[1]

CLICK_TO_FRAME = """
async (selector) => {
  const element = document.querySelector(selector);
  const start = performance.now();
  element.dispatchEvent(new MouseEvent("click", {bubbles: true}));
  await new Promise((resolve) => requestAnimationFrame(resolve));
  return [performance.now() - start, window.lastRenderMs];
}
"""


def measure(dist_dir: Path, rounds: int = 6, seed: int = 11) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    server, url = build.serve_in_thread(dist_dir)
    frame_ms: list[float] = []
    handler_ms: list[float] = []
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True,
                                         args=CHROMIUM_ARGS)
            page = browser.new_page()
            page.goto(f"{url}index.html?game=ley-of-the-land&seats=human,ai:normal&seed={seed}")
            page.wait_for_function("document.body.dataset.status === 'playing'", timeout=90_000)
            for _ in range(rounds):
                page.wait_for_selector("#actions button[data-action]", timeout=60_000)
                if page.locator("button[data-ui^='slot=']").count():
                    steps = ["button[data-ui^='slot=']", "rect.space.target[data-action]"]
                else:
                    steps = ["#actions button[data-action]"]
                for selector in steps:
                    page.wait_for_selector(selector, timeout=10_000)
                    frame, handler = page.evaluate(CLICK_TO_FRAME, selector)
                    frame_ms.append(frame)
                    handler_ms.append(handler)
                if page.evaluate("document.body.dataset.status") == "over":
                    break
            bot_ms = page.evaluate("Array.from(window.botMoveMs)")
            slice_ms = page.evaluate("Array.from(window.botSliceMs)")
            page.goto(f"{url}index.html?game=ley-lines&seats=ai:normal,ai:normal,ai:normal"
                      f"&seed={seed}")
            page.wait_for_function("window.botMoveMs && window.botMoveMs.length >= 30",
                                   timeout=600_000)
            ley_ms = page.evaluate("Array.from(window.botMoveMs)")
            slice_ms += page.evaluate("Array.from(window.botSliceMs)")
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    return {
        "clicks": len(frame_ms),
        "handler ms (median/max)": (round(statistics.median(handler_ms), 1),
                                    round(max(handler_ms), 1)),
        "click to frame ms (median/max)": (round(statistics.median(frame_ms), 1),
                                           round(max(frame_ms), 1)),
        "normal bot moves": len(bot_ms),
        "bot move ms (median/max)": (round(statistics.median(bot_ms)), round(max(bot_ms))),
        "ley-lines normal bot move ms (median/max)": (round(statistics.median(ley_ms)),
                                                      round(max(ley_ms))),
        "bot slice ms (median/max)": (round(statistics.median(slice_ms), 1),
                                      round(max(slice_ms), 1)),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    args = parser.parse_args()
    for key, value in measure(args.dist, args.rounds).items():
        print(f"{key}: {value}")


if __name__ == "__main__":
    main()
