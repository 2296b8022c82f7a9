"""Page load benchmark: the product page against a bare Pyodide page.

    python benchmarks/page_load.py [--runs 5] [--dist dist] [--build]

In one run of headless Debian Chromium (Playwright), alternating, ``runs``
times each:

- cold start: a fresh browser profile (empty disk cache, no service worker),
- warm start: a second navigation in that same profile (HTTP cache and, for
  the product page, the service worker's cache),

of three pages, each timed from navigation start (``performance.now()`` in
the page, recorded by a MutationObserver installed before any page script):

- ``product``: ``index.html?game=ley-of-the-land&seats=ai,ai&seed=1`` until
  ``document.body.dataset.engine == "ready"`` (engine imported, glue started),
- ``bare``: ``bench/bare.html`` (vendored Pyodide + the same engine wheel,
  ``unpackArchive``, ``import pygame_engine``) until the same attribute,
- ``lobby``: ``index.html`` until ``document.body.dataset.status == "lobby"``
  ("lobby usable"); the first contentful paint is reported beside it.

Both engine pages also mark ``runtime-ready``: in the bare page once
Pyodide is up and the wheel fetched, before any of its Python runs; in the
product once PyScript's worker has Pyodide up, micropip's install of the
engine wheel done and the web package unpacked, as the worker's own script
starts (index.html). That splits a start into the runtime's own start (the
same work in both pages, plus PyScript's and micropip's share in the
product, and where almost all of the load-to-load noise lies) and what
follows it: our imports and the first answer in the product, one import in
the bare page.

While a page boots, the main thread is watched: every long task (over 50 ms,
``PerformanceObserver``) until the engine is ready, and a probe every 100 ms
that times how long a change event on a lobby select waits for the main
thread (a zero-delay timer queued, then the event dispatched when it runs):
the ``longest task`` and the ``select p95`` columns. The product runs Python
in a PyScript worker, so both stay small (its main thread evaluates
PyScript's ``core.js``, after the first paint); the bare page runs Python on
the main thread, for contrast.

First-visit bytes are counted by the benchmark's own HTTP server: every byte
it sent (headers and bodies) during the cold visit, including the service
worker's precache requests, counted once the worker is activated and the
network has been quiet for a moment. Requests the browser answered from its
HTTP cache cost nothing, as on a real network. The server sends no
compression, so these are uncompressed bytes.

Each cold start gets a new persistent profile (a temporary user data dir),
not ``browser.new_context()``: those contexts are off the record, with an
in-memory HTTP cache that does not keep the 9.6 MB wasm, so the service
worker's precache downloads it a second time (23.4 MB instead of 13.8 MB on
the first visit); a first-time visitor with a normal profile does not.
"""

from __future__ import annotations

import argparse
import contextlib
import random
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import build  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]
TIMEOUT_MS = 120_000


@dataclass(frozen=True)
class Target:
    name: str
    path: str
    ready: str  # a JS expression that becomes true when the page is ready
    mark: str  # the key of window.__loadMarks holding the ready time
    has_service_worker: bool


TARGETS = (
    Target(
        "product",
        "index.html?game=ley-of-the-land&seats=ai,ai&seed=1",
        "window.__loadMarks.engine !== undefined",
        "engine",
        True,
    ),
    Target(
        "bare",
        "bench/bare.html",
        "window.__loadMarks.engine !== undefined",
        "engine",
        False,
    ),
    Target(
        "lobby",
        "index.html",
        "window.__loadMarks.lobby !== undefined",
        "lobby",
        True,
    ),
)

# Runs before any script of the page: notes when body's data-engine becomes
# "ready" and data-status becomes "lobby", in ms since navigation start; the
# long tasks until then, and how long a lobby select's change waits.
MARKS_SCRIPT = """
(() => {
  const marks = (window.__loadMarks = {longTasks: [], selectWaits: []});
  if ("PerformanceObserver" in window) {
    new PerformanceObserver((list) => {
      for (const task of list.getEntries()) {
        if (marks.engine === undefined) marks.longTasks.push(task.duration);
      }
    }).observe({type: "longtask", buffered: true});
  }
  const probe = setInterval(() => {
    if (marks.engine !== undefined) return clearInterval(probe);
    const queued = performance.now();
    setTimeout(() => {
      const select = document.querySelector("form.new-game select[name=players]");
      if (select) select.dispatchEvent(new Event("change"));
      marks.selectWaits.push(performance.now() - queued);
    }, 0);
  }, 100);
  const check = () => {
    const body = document.body;
    if (!body) return;
    const now = performance.now();
    if (marks.engine === undefined && body.dataset.engine === "ready") marks.engine = now;
    if (marks.lobby === undefined && body.dataset.status === "lobby") marks.lobby = now;
  };
  new MutationObserver(check).observe(document, {
    subtree: true, childList: true, attributes: true,
    attributeFilter: ["data-engine", "data-status"],
  });
  document.addEventListener("DOMContentLoaded", check);
})();
"""

# The time of a named performance entry ("first-contentful-paint", or the
# "runtime-ready" mark both engine pages set), null if there is none.
ENTRY_TIME_SCRIPT = """
(name) => {
  const entry = performance.getEntriesByName(name)[0];
  return entry ? entry.startTime : null;
}
"""

# Resolves once the page's service worker is activated; "none" if the page
# registered none within a few seconds.
SERVICE_WORKER_SCRIPT = """
async () => {
  if (!("serviceWorker" in navigator)) return "none";
  let registration;
  for (let i = 0; i < 50 && !registration; i++) {
    registration = await navigator.serviceWorker.getRegistration();
    if (!registration) await new Promise((r) => setTimeout(r, 100));
  }
  if (!registration) return "none";
  const worker = (await navigator.serviceWorker.ready).active;
  if (worker.state !== "activated")
    await new Promise((r) => worker.addEventListener("statechange", () =>
      worker.state === "activated" && r()));
  return worker.state;
}
"""


class ByteCounter:
    """Bytes and responses the server sent, thread-safe."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.bytes = 0
        self.responses = 0

    def add(self, count: int, response: bool = False) -> None:
        with self._lock:
            self.bytes += count
            self.responses += int(response)

    def reset(self) -> None:
        with self._lock:
            self.bytes = self.responses = 0

    def wait_quiet(self, quiet_s: float = 0.75, limit_s: float = 30.0) -> None:
        """Return once nothing was sent for ``quiet_s`` seconds."""
        deadline = time.monotonic() + limit_s
        last = (-1, -1)
        while time.monotonic() < deadline:
            now = (self.bytes, self.responses)
            if now == last:
                return
            last = now
            time.sleep(quiet_s)


def counting_handler(counter: ByteCounter) -> type[build.SiteHandler]:
    class CountingHandler(build.SiteHandler):
        def flush_headers(self) -> None:
            buffered = getattr(self, "_headers_buffer", [])
            counter.add(sum(len(line) for line in buffered), response=bool(buffered))
            super().flush_headers()

        def copyfile(self, source: IO[bytes], outputfile: IO[bytes]) -> None:  # type: ignore[override]
            data = source.read()
            outputfile.write(data)
            counter.add(len(data))

    return CountingHandler


def visit(page: Any, url: str, target: Target) -> dict[str, Any]:
    """Navigate and wait until ready; return the ready time and the FCP."""
    page.goto(url, wait_until="commit", timeout=TIMEOUT_MS)
    try:
        page.wait_for_function(target.ready, timeout=TIMEOUT_MS, polling=50)
    except Exception as error:
        body = page.evaluate("document.body ? document.body.dataset : {}")
        raise RuntimeError(f"{url} never became ready (body data: {body})") from error
    settle(page)
    waits = sorted(page.evaluate("window.__loadMarks.selectWaits"))
    return {
        "ms": page.evaluate(f"window.__loadMarks.{target.mark}"),
        "fcp_ms": page.evaluate(ENTRY_TIME_SCRIPT, "first-contentful-paint"),
        "runtime_ms": page.evaluate(ENTRY_TIME_SCRIPT, "runtime-ready"),
        "longest_task_ms": max(page.evaluate("window.__loadMarks.longTasks"), default=0),
        "select_p95_ms": waits[int(0.95 * (len(waits) - 1))] if waits else None,
    }


def settle(page: Any, limit_ms: int = 30_000) -> None:
    """Let a page that boots the engine finish (the lobby may load it after it
    is usable): a busy main thread would delay the next navigation."""
    with contextlib.suppress(Exception):
        page.wait_for_function("window.__loadMarks.engine !== undefined", timeout=limit_ms)


def measure_target(
    playwright: Any, base: str, target: Target, counter: ByteCounter, run: int
) -> list[dict[str, Any]]:
    """One cold and one warm start of ``target`` in a fresh browser profile."""
    profile = tempfile.TemporaryDirectory(prefix="page-load-profile-")
    context = playwright.chromium.launch_persistent_context(
        profile.name, executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
    )
    context.add_init_script(MARKS_SCRIPT)
    errors: list[str] = []
    page = context.pages[0] if context.pages else context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    url = base + target.path
    try:
        counter.reset()
        cold = visit(page, url, target)
        worker = page.evaluate(SERVICE_WORKER_SCRIPT) if target.has_service_worker else "none"
        counter.wait_quiet()
        cold |= {"bytes": counter.bytes, "requests": counter.responses, "service_worker": worker}
        warm = visit(page, url, target)
    finally:
        context.close()
        profile.cleanup()
    rows = [{"mode": "cold", **cold}, {"mode": "warm", **warm}]
    for row in rows:
        row |= {"page": target.name, "run": run, "page_errors": len(errors)}
        if target.mark == "engine" and row["runtime_ms"] is not None:
            row["after_runtime_ms"] = row["ms"] - row["runtime_ms"]
    return rows


def measure(dist_dir: Path, runs: int = 5) -> list[dict[str, Any]]:
    """Rows of {page, mode, run, ms, fcp_ms, runtime_ms, [after_runtime_ms, bytes,
    requests, service_worker]}."""
    from playwright.sync_api import sync_playwright

    if not (dist_dir / "index.html").is_file():
        raise SystemExit(f"{dist_dir}/index.html is missing: run `python build.py` first")
    counter = ByteCounter()
    server, base = build.serve_in_thread(dist_dir, handler=counting_handler(counter))
    rows: list[dict[str, Any]] = []
    try:
        with sync_playwright() as playwright:
            for run in range(runs):
                order = TARGETS if run % 2 == 0 else TARGETS[::-1]
                for target in order:
                    rows += measure_target(playwright, base, target, counter, run)
    finally:
        server.shutdown()
        server.server_close()
    return rows


def values_of(rows: list[dict[str, Any]], page: str, mode: str, key: str) -> list[Any]:
    return [
        r[key] for r in rows if r["page"] == page and r["mode"] == mode and r.get(key) is not None
    ]


def median_of(rows: list[dict[str, Any]], page: str, mode: str, key: str) -> float:
    values = values_of(rows, page, mode, key)
    return statistics.median(values) if values else float("nan")


def ratio_interval(rows: list[dict[str, Any]], mode: str, resamples: int = 2000
                   ) -> tuple[float, float]:
    """A 90 % bootstrap interval for the product/bare ratio of median ``mode``
    start times: single loads here vary by a second, so a ratio of two
    medians of a few loads moves by +-0.1 or more from run to run."""
    product, bare = values_of(rows, "product", mode, "ms"), values_of(rows, "bare", mode, "ms")
    if not product or not bare:
        return float("nan"), float("nan")
    rng = random.Random(0)
    ratios = sorted(
        statistics.median(rng.choices(product, k=len(product)))
        / statistics.median(rng.choices(bare, k=len(bare)))
        for _ in range(resamples)
    )
    return ratios[int(0.05 * resamples)], ratios[int(0.95 * resamples) - 1]


def summary(rows: list[dict[str, Any]]) -> str:
    """A plain-text table of medians, the ratios and the first-visit bytes."""
    med: Callable[[str, str, str], float] = lambda p, m, k: median_of(rows, p, m, k)  # noqa: E731
    runs = len({r["run"] for r in rows})
    lines = [
        f"page load, median of {runs} runs (ms from navigation start)",
        f"{'page':<8} {'cold':>8} {'warm':>8} {'cold FCP':>9} "
        f"{'first-visit bytes':>18} {'requests':>9} {'longest task cold/warm (max)':>29} "
        f"{'select p95 cold/warm (max)':>27}",
    ]
    for target in TARGETS:
        n = target.name
        def most(key: str, mode: str, n: str = n) -> float:
            return max(values_of(rows, n, mode, key), default=float("nan"))

        lines.append(
            f"{n:<8} {med(n, 'cold', 'ms'):>8.0f} {med(n, 'warm', 'ms'):>8.0f} "
            f"{med(n, 'cold', 'fcp_ms'):>9.0f} {med(n, 'cold', 'bytes'):>18,.0f} "
            f"{med(n, 'cold', 'requests'):>9.0f} "
            f"{most('longest_task_ms', 'cold'):>19.0f} / {most('longest_task_ms', 'warm'):<7.0f} "
            f"{most('select_p95_ms', 'cold'):>17.0f} / {most('select_p95_ms', 'warm'):<7.0f}"
        )
    for mode in ("cold", "warm"):
        ratio = med("product", mode, "ms") / med("bare", mode, "ms")
        low, high = ratio_interval(rows, mode)
        lines.append(f"{mode} start ratio product/bare: {ratio:.2f} "
                     f"(90% bootstrap interval {low:.2f}-{high:.2f})")
    # Single loads of either page vary by a second, mostly in the runtime's
    # own start, which is the same work in both; what the product adds after
    # it is measured within each load and varies far less.
    for mode in ("cold", "warm"):
        after_product = med("product", mode, "after_runtime_ms")
        after_bare = med("bare", mode, "after_runtime_ms")
        extra = after_product - after_bare
        lines.append(
            f"{mode}: runtime up (archives unpacked) product "
            f"{med('product', mode, 'runtime_ms'):.0f} / bare "
            f"{med('bare', mode, 'runtime_ms'):.0f} ms; from there to engine ready "
            f"product {after_product:.0f} / bare {after_bare:.0f} ms: the product's extra "
            f"{extra:.0f} ms is {extra / med('bare', mode, 'ms'):.1%} of the bare start")
    extra = med("product", "cold", "bytes") - med("bare", "cold", "bytes")
    lines.append(f"first-visit bytes product - bare: {extra:,.0f} (target <= 1,000,000)")
    lines.append("lobby: ms until body data-status == 'lobby'; FCP beside it")
    workers = {
        r.get("service_worker") for r in rows if r["page"] == "product" and r["mode"] == "cold"
    }
    errors = sum(r["page_errors"] for r in rows)
    lines.append(f"product service worker after first visit: {sorted(map(str, workers))}")
    lines.append(f"uncaught page errors in all runs: {errors}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--dist", type=Path, default=build.DIST)
    parser.add_argument("--build", action="store_true", help="run build.py first")
    args = parser.parse_args(argv)
    if args.build:
        build.build(args.dist)
    print(summary(measure(args.dist, args.runs)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
