"""The page in real Chromium: lobby, a full AI game, human moves, hot-seat, bad links."""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import expect

from benchmarks.page_load import MARKS_SCRIPT

BOOT_MS = 60_000
AI_GAME_MS = 240_000


def wait_status(page: Any, status: str, timeout: int = BOOT_MS) -> None:
    page.wait_for_function(f"document.body.dataset.status === {json.dumps(status)}",
                           timeout=timeout)


@pytest.mark.fresh_context  # routed: a service worker would answer instead
def test_lobby_is_usable_without_python(page: Any) -> None:
    # No runtime at all (PyScript never starts the worker): the lobby is plain markup and boot.js.
    page.route("**/pyscript/core.js", lambda route: route.fulfill(content_type="text/javascript",
                                                                  body=""))
    page.goto("index.html")
    wait_status(page, "lobby", timeout=5_000)
    assert page.locator("form.new-game").count() >= 1
    card = page.locator("#card-ley-of-the-land")
    card.locator("select[name=players]").select_option("3")
    assert card.locator("label[data-seat='2']").is_visible()
    assert not card.locator("label[data-seat='3']").is_visible()
    card.get_by_role("button", name="Start").click()
    wait_status(page, "loading", timeout=5_000)  # the game is queued until Python is ready
    # (and so is its URL, which the worker makes: web/urls.py)
    assert "as soon as Python is ready" in page.locator("#boot-progress").inner_text()


@pytest.mark.console_errors_expected(r"404")
@pytest.mark.fresh_context  # routed, as above
def test_a_runtime_that_cannot_load_is_reported(page: Any) -> None:
    page.route("**/py/web-*.zip", lambda route: route.fulfill(status=404, body="gone"))
    page.goto("index.html?game=ley-of-the-land&seats=human,ai&seed=1")
    page.wait_for_function("document.body.dataset.engine === 'error'", timeout=BOOT_MS)
    alert = page.get_by_role("alert")
    assert alert.is_visible()
    assert "could not be loaded" in alert.inner_text() and "404" in alert.inner_text()
    assert page.locator("#boot-progress").inner_text() == "Python did not start."


def test_lobby_comes_before_python(page: Any) -> None:
    page.add_init_script(MARKS_SCRIPT)  # notes when the lobby and the engine become ready
    page.goto("index.html")
    page.wait_for_function("document.body.dataset.engine === 'ready'", timeout=BOOT_MS)
    marks = page.evaluate("window.__loadMarks")
    assert marks["lobby"] < marks["engine"]
    assert page.evaluate("document.body.dataset.status") == "lobby"


@pytest.mark.fresh_context  # a first visit: nothing cached yet
def test_the_worker_fetches_the_runtime_and_archives_once(page: Any) -> None:
    """Python starts in PyScript's worker only: one runtime, each archive and
    PyScript's core fetched once (by the page: the service worker's precache,
    registered once the engine is ready, fetches them again)."""
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.goto("index.html")
    page.wait_for_function("document.body.dataset.engine === 'ready'", timeout=BOOT_MS)
    fetched = [url.split("?")[0].split("/")[-1] for url in requests]
    assert fetched.count("pyodide.asm.wasm") == 1 and fetched.count("python_stdlib.zip") == 1
    assert sum(name.startswith("pygame_engine-") for name in fetched) == 1
    assert sum(name.startswith("web-") and name.endswith(".zip") for name in fetched) == 1
    assert fetched.count("core.js") == 1 and "pyscript.json" in fetched  # PyScript's core, config


def test_ai_game_reaches_the_end(page: Any) -> None:
    # One bare "ai" (read as normal) and two easy AIs: the alias, at a third of the thinking.
    page.goto("index.html?game=ley-of-the-land&seats=ai,ai:easy,ai:easy&seed=7")
    wait_status(page, "over", timeout=AI_GAME_MS)
    scores = json.loads(page.get_attribute("#final-scores", "data-scores") or "null")
    assert isinstance(scores, list) and len(scores) == 3
    assert all(isinstance(s, int | float) for s in scores)
    assert page.locator("#final-scores table.breakdown tbody tr").count() == 3
    assert page.locator("#log li").count() > 20


def test_lobby_start_button_opens_the_game(page: Any) -> None:
    page.goto("index.html")
    page.wait_for_function("document.body.dataset.engine === 'ready'", timeout=BOOT_MS)
    card = page.locator("#card-ley-of-the-land")
    card.locator("input[name=seed]").fill("12")
    card.locator("button[type=submit]").click()
    wait_status(page, "playing")
    assert "game=ley-of-the-land" in page.url and "seed=12" in page.url
    assert page.locator("#game-title").inner_text() == "Ley of the Land"


def test_human_bids_and_places_a_tile_by_clicking(page: Any) -> None:
    page.goto("index.html?game=ley-of-the-land&seats=human,ai:easy&seed=3")
    wait_status(page, "playing")
    bid = page.get_by_role("button", name="Bid 2", exact=True)
    bid.wait_for(timeout=BOOT_MS)
    bid.click()
    # After the AI's action (or before it, if the human bid higher) the human acquires.
    page.locator("button[data-ui^='slot=']").first.wait_for(timeout=BOOT_MS)
    page.locator("button[data-ui^='slot=']").first.click()
    target = page.locator("rect.space.target[data-action]").first
    target.wait_for(timeout=10_000)
    target.click()
    page.wait_for_function(
        "[...document.querySelectorAll('[aria-label^=\"C3: \"]')].length >= 1", timeout=10_000)
    expect(page.locator("#log li", has_text="Moss takes")).to_have_count(1)


def test_keyboard_alone_can_bid(page: Any) -> None:
    page.goto("index.html?game=ley-of-the-land&seats=human,ai:easy&seed=5")
    wait_status(page, "playing")
    page.locator("#actions button[data-action]").first.wait_for(timeout=BOOT_MS)
    page.get_by_role("button", name="Bid 1", exact=True).focus()
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelector('#log').innerText.includes('Moss bids 1')",
                           timeout=10_000)


def test_hot_seat_hides_the_other_bid(page: Any) -> None:
    page.goto("index.html?game=ley-of-the-land&seats=human,human&seed=2")
    wait_status(page, "playing")
    page.get_by_role("button", name="I am Moss: show my view").click()
    page.get_by_role("button", name="Bid 6", exact=True).click()
    handoff = page.get_by_role("button", name="I am Amber: show my view")
    handoff.wait_for(timeout=5_000)
    assert page.locator("#board").inner_text() == ""  # the table is hidden
    handoff.click()
    expect(page.locator("#game")).to_contain_text("has bid")
    text = page.locator("#game").inner_text()
    assert "Moss bids 6" not in text and "your bid" not in text.lower()
    assert "has bid" in text


def test_bad_link_shows_a_message(page: Any) -> None:
    page.goto("index.html?game=chess&seats=human,ai&seed=1")
    page.wait_for_function("document.body.dataset.engine === 'ready'", timeout=BOOT_MS)
    wait_status(page, "lobby")
    alert = page.get_by_role("alert")
    assert "There is no game 'chess' here" in alert.inner_text()
    assert page.locator("form.new-game").first.is_visible()
    page.goto("index.html?game=ley-of-the-land&seats=human,ai&seed=x1")
    page.wait_for_function("document.body.dataset.engine === 'ready'", timeout=BOOT_MS)
    assert "whole number" in page.get_by_role("alert").inner_text()
