"""PyScript runs the engine: it starts the named worker, micropip installs the
engine wheel the config names, and nothing of ours or PyScript's reaches the
console as an error or a warning on any screen."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

BOOT_MS = 60_000

# The worker's own report, asked through PyScript's worker like every request.
RUNTIME = """
async () => {
  const script = document.querySelector('script[type="py"][worker][name="engine"]');
  const worker = await script.xworker.ready;
  return JSON.parse(await worker.sync.call("runtime", "[]")).result;
}
"""


def wait_status(page: Any, status: str, timeout: int = BOOT_MS) -> None:
    page.wait_for_function(f"document.body.dataset.status === {json.dumps(status)}",
                           timeout=timeout)


def built_engine_wheel(dist_dir: Path) -> tuple[str, str]:
    """(file name, version) of the engine wheel the built config names."""
    config = json.loads((dist_dir / "pyscript.json").read_text())
    wheels = [p for p in config["packages"] if Path(p).name.startswith("pygame_engine-")]
    assert len(wheels) == 1, config["packages"]
    name = Path(wheels[0]).name
    return name, name.split("-")[1]


def normalized(names: dict[str, Any]) -> dict[str, Any]:
    return {name.replace("_", "-").lower(): value for name, value in names.items()}


@pytest.mark.fresh_context  # micropip installs from this site, then from its lock
def test_pyscript_starts_the_worker_and_micropip_installs_the_engine_wheel(
        page: Any, page_log: Any, dist_dir: Path) -> None:
    page.goto("index.html")
    page.wait_for_function("document.body.dataset.engine === 'ready'", timeout=BOOT_MS)
    report = page.evaluate(RUNTIME)
    assert report is not None, "the worker could not report"

    assert report["pyscript_worker"] is True  # PyScript's worker module is what runs us
    wheel, version = built_engine_wheel(dist_dir)
    listed = normalized(report["micropip_list"] or {})
    assert listed.get("pygame-engine") == version, f"micropip.list(): {listed}"
    engine = normalized(report["installed"])["pygame-engine"]
    assert engine["installer"] == "micropip"  # not Pyodide's loader, not an unpacked archive
    assert engine["source"].endswith(wheel)  # the wheel of this build, from this site
    micropip = normalized(report["installed"])["micropip"]
    assert micropip["installer"] == "pyodide.loadPackage"  # the vendored one, from the lock

    fetched = [url.split("?")[0] for url in page_log.requests]
    assert any(url.endswith("/pyscript/core.js") for url in fetched)
    assert not any(url.endswith(".mjs") and "/web/" in url for url in fetched)  # no own worker

    # The next visit: PyScript installs the same wheel from micropip's lock.
    page.reload()
    page.wait_for_function("document.body.dataset.engine === 'ready'", timeout=BOOT_MS)
    engine = normalized(page.evaluate(RUNTIME)["installed"])["pygame-engine"]
    assert engine["version"] == version and engine["source"].endswith(wheel)


@pytest.mark.fresh_context  # a cold boot: the service worker installs during it
def test_no_console_error_or_warning_on_any_screen(page: Any, page_log: Any) -> None:
    """A cold boot, a game against an AI, its rules, and the lobby again."""
    page.goto("index.html")
    wait_status(page, "lobby")
    page.wait_for_function("document.body.dataset.engine === 'ready'", timeout=BOOT_MS)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=BOOT_MS)

    card = page.locator("#card-ley-of-the-land")
    card.locator("select[name=players]").select_option("2")
    card.locator("input[name=seed]").fill("5")
    card.locator("button[type=submit]").click()
    wait_status(page, "playing")
    page.get_by_role("button", name="Bid 10", exact=True).click()
    page.get_by_role("button", name="Invest", exact=True).wait_for(timeout=BOOT_MS)  # AI bid

    page.locator("#rules-link").click()
    wait_status(page, "rules")
    page.locator("#rules-back").click()
    wait_status(page, "playing")
    page.get_by_role("link", name="Lobby").click()
    wait_status(page, "lobby")
    page.wait_for_timeout(500)  # anything logged late still counts

    assert page_log.requests, "no request was recorded"
    assert page_log.console_errors == []
    assert page_log.console_warnings == []
    assert page_log.page_errors == []
