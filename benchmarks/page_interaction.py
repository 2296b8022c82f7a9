"""Responsiveness in the page: clicks, AI moves, screen switches, and the
main thread while a "hard" AI thinks.

In headless Chromium, with the engine ready:

- ``click to frame ms``: playing the human seat of Ley of the Land against
  a "normal" AI, from a scripted click to the first animation frame after
  the worker's answer is in the page (the round trip to the worker, the
  rules, the markup and the DOM update);
- ``normal AI move ms``: each "normal" AI move as the page waits for it
  (``window.botMoveMs``: request to answer, the whole budget in the worker),
  in that game and in the first moves of a Ley Lines game between "normal"
  AIs (its first ley moves have hundreds of choices);
- ``switch ms``: lobby -> game -> rules -> back to the game -> lobby, each
  from the click to the screen's status in the page (no reload: the History
  API and the same worker);
- while two "hard" AIs play: ``main-thread wait ms``, how long a zero-delay
  timer waits (what a click on any control waits before its handler runs),
  sampled every 50 ms; and ``control round trip ms``, a click on Pause until
  the worker's answer shows it pressed.

    python -m benchmarks.page_interaction [--rounds 6]
"""

from __future__ import annotations

import argparse
import statistics
from pathlib import Path

import build

from .page_load import CHROMIUM, CHROMIUM_ARGS

ROOT = Path(__file__).resolve().parents[1]

# Click, then wait for the page to change and the next frame to be painted.
CLICK_TO_FRAME = """
async (selector) => {
  const element = document.querySelector(selector);
  const changed = new Promise((resolve) => {
    const watch = new MutationObserver(() => { watch.disconnect(); resolve(); });
    watch.observe(document.getElementById("game"), {subtree: true, childList: true});
  });
  const start = performance.now();
  element.dispatchEvent(new MouseEvent("click", {bubbles: true}));
  await changed;
  await new Promise((resolve) => requestAnimationFrame(resolve));
  return performance.now() - start;
}
"""

# Click something, then time until body's data-status is the given one.
SWITCH = """
async ([selector, status]) => {
  const start = performance.now();
  document.querySelector(selector).click();
  while (document.body.dataset.status !== status) {
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  return performance.now() - start;
}
"""

MAIN_THREAD_WAITS = """
async (samples) => {
  const out = [];
  for (let i = 0; i < samples; i++) {
    const start = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 0));
    out.push(performance.now() - start);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return out;
}
"""

PAUSE_ROUND_TRIP = """
async () => {
  const button = () => document.querySelector('[data-ui="pause=toggle"]');
  const before = button().getAttribute("aria-pressed");
  const start = performance.now();
  button().click();
  while (button().getAttribute("aria-pressed") === before) {
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  return performance.now() - start;
}
"""


def _stats(values: list[float]) -> str:
    if not values:
        return "none"
    ordered = sorted(values)
    p95 = ordered[int(0.95 * (len(ordered) - 1))]
    return (f"median {statistics.median(ordered):.1f}, p95 {p95:.1f}, max {ordered[-1]:.1f} "
            f"(n={len(ordered)})")


def measure(dist_dir: Path, rounds: int = 6, seed: int = 11) -> dict[str, str]:
    from playwright.sync_api import sync_playwright

    server, url = build.serve_in_thread(dist_dir)
    frame_ms: list[float] = []
    switch_ms: dict[str, list[float]] = {}
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
                    frame_ms.append(page.evaluate(CLICK_TO_FRAME, selector))
                if page.evaluate("document.body.dataset.status") == "over":
                    break
            bot_ms = page.evaluate("Array.from(window.botMoveMs)")

            for _ in range(3):  # the screens, switched in place
                for name, selector, status in (
                        ("game -> rules", "#rules-link", "rules"),
                        ("rules -> game", "#rules-back", "playing"),
                        ("game -> lobby", ".game-links a[href='./']", "lobby"),
                        ("lobby -> game", "#card-ley-of-the-land button[type=submit]",
                         "playing")):
                    switch_ms.setdefault(name, []).append(
                        page.evaluate(SWITCH, [selector, status]))

            page.goto(f"{url}index.html?game=ley-lines&seats=ai:normal,ai:normal,ai:normal"
                      f"&seed={seed}")
            page.wait_for_function("window.botMoveMs && window.botMoveMs.length >= 30",
                                   timeout=600_000)
            ley_ms = page.evaluate("Array.from(window.botMoveMs)")

            page.goto(f"{url}index.html?game=ley-lines&seats=ai:hard,ai:hard,ai:hard"
                      f"&seed={seed}")
            waits: list[float] = []
            trips: list[float] = []
            for _ in range(6):
                page.wait_for_function("document.body.dataset.thinking === 'true'",
                                       timeout=90_000)
                waits += page.evaluate(MAIN_THREAD_WAITS, 20)
                trips.append(page.evaluate(PAUSE_ROUND_TRIP))
                trips.append(page.evaluate(PAUSE_ROUND_TRIP))  # and play on
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    out = {"click to frame ms": _stats(frame_ms),
           "normal AI move ms, Ley of the Land": _stats(bot_ms),
           "normal AI move ms, Ley Lines (first 30)": _stats(ley_ms)}
    out |= {f"switch ms, {name}": _stats(values) for name, values in switch_ms.items()}
    out["hard AI thinking: main-thread wait ms"] = _stats(waits)
    out["hard AI thinking: control round trip ms"] = _stats(trips)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    args = parser.parse_args()
    for key, value in measure(args.dist, args.rounds).items():
        print(f"{key}: {value}")


if __name__ == "__main__":
    main()
