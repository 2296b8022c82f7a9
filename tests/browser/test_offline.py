"""The site works offline after one visit, and never asks another origin."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import build

GAME = "index.html?game=ley-of-the-land&seats=ai,ai&seed=1"
BOOT_MS = 60_000

SERVICE_WORKER_CONTROLS = """
async () => {
  const registration = await navigator.serviceWorker.ready;
  const worker = registration.active;
  if (worker.state !== "activated")
    await new Promise((r) => worker.addEventListener("statechange", () =>
      worker.state === "activated" && r()));
  return navigator.serviceWorker.controller !== null;
}
"""


def wait_for_lobby_and_engine(page: Any) -> None:
    page.wait_for_function("document.body.dataset.status === 'lobby'", timeout=BOOT_MS)
    page.wait_for_function("document.body.dataset.engine === 'ready'", timeout=BOOT_MS)


def wait_for_service_worker(page: Any) -> None:
    assert page.evaluate(SERVICE_WORKER_CONTROLS)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=BOOT_MS)


def test_offline_after_first_visit(new_page: Callable[..., Any], dist_dir: Path) -> None:
    # A server of its own, so that the test can stop it.
    server, base = build.serve_in_thread(dist_dir)
    page = new_page(base)
    page.goto("index.html")
    wait_for_lobby_and_engine(page)
    wait_for_service_worker(page)

    server.shutdown()
    server.server_close()
    page.context.set_offline(True)

    page.reload()
    wait_for_lobby_and_engine(page)
    assert page.locator("form.new-game").count() > 0

    # A game link (with a query string) opens offline in a new tab as well.
    game = page.context.new_page()
    game.goto(GAME)
    game.wait_for_function("document.body.dataset.engine === 'ready'", timeout=BOOT_MS)
    game.wait_for_function("['playing', 'over'].includes(document.body.dataset.status)",
                           timeout=BOOT_MS)
    assert game.locator("#board").inner_html() != ""


@pytest.mark.fresh_context  # a first visit
def test_first_visit_stays_on_origin(page: Any, page_log: Any) -> None:
    page.goto("index.html")
    wait_for_lobby_and_engine(page)
    wait_for_service_worker(page)  # the precache requests are done by now
    page.goto(GAME)
    page.wait_for_function("document.body.dataset.engine === 'ready'", timeout=BOOT_MS)
    assert page_log.requests, "no request was recorded"
    assert any("pyodide.asm.wasm" in url for url in page_log.requests)
    assert page_log.off_origin_requests() == []
