"""Saves that outlive updates and storage faults (issue 29), in real Chromium.

- A link and a save made by release 0.2.0 (its own kept engine and web
  package, run natively) open, continue with one more move, and a finished
  one keeps its final scores; a link from a release no longer kept is shown
  as a replay, saying so.
- localStorage full (every write throws) or disabled (reading it throws):
  the game goes on, the player is told once, Save file still works.
- Two tabs of one saved game: the second plays a copy and says so; neither
  loses a move.
- A new build deployed while a game is open: the game goes on in the same
  page, and the page says a new version is ready.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

import build
from tests.browser.release_games import record

BOOT_MS = 60_000
SAVE_PREFIX = "woodland-games:save:"
GAME = "?game=ley-of-the-land&seats=human,ai:easy&seed=4"

QUOTA_SCRIPT = """
Storage.prototype.setItem = function () {
  throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
};
"""
NO_STORAGE_SCRIPT = """
Object.defineProperty(window, "localStorage", {
  configurable: true,
  get() { throw new DOMException("Access is denied for this document.", "SecurityError"); },
});
"""


def wait_status(page: Any, *statuses: str, timeout: int = BOOT_MS) -> None:
    page.wait_for_function(f"{json.dumps(statuses)}.includes(document.body.dataset.status)",
                           timeout=timeout)


def saved(page: Any) -> dict[str, Any]:
    """Every saved game's entry in this page's storage, by key."""
    return dict(page.evaluate(
        f"""Object.fromEntries(Object.keys(localStorage)
              .filter((k) => k.startsWith({json.dumps(SAVE_PREFIX)}))
              .map((k) => [k, JSON.parse(localStorage.getItem(k))]))"""))


def moves_in_log(page: Any) -> int:
    return int(page.locator("#log li").count())


def human_moves(page: Any, count: int) -> None:
    """The person makes ``count`` moves, each their first legal one (the easy
    AI answers between)."""
    for _ in range(count):
        button = page.locator("#actions [data-action], #board [data-action]").first
        button.wait_for(timeout=20_000)
        before = moves_in_log(page)
        button.click()
        page.wait_for_function(f"document.querySelectorAll('#log li').length > {before}",
                               timeout=20_000)


def test_a_link_and_a_save_made_by_release_0_2_0_open_and_go_on(
        page: Any, tmp_path: Path) -> None:
    made = record("0.2.0", "ley-of-the-land", "human,ai:easy", 5, 6)
    assert all("releases/0.2.0/" in path for path in made["ran"])
    assert made["save"]["engine_version"] == "0.2.0" and "rules_version" not in made["save"]
    page.goto("index.html" + made["url"])
    wait_status(page, "playing")
    assert page.locator("#alert").is_hidden()
    human_moves(page, 1)  # one more move, as 0.2.0 would have allowed
    (entry,) = saved(page).values()
    assert entry["moves"] >= 7 and entry["save"]["actions"][:6] == made["save"]["actions"]

    file = tmp_path / "made-by-0.2.0.json"
    file.write_text(json.dumps(made["save"]))
    page.goto("index.html")
    page.wait_for_function("document.body.dataset.engine === 'ready'", timeout=BOOT_MS)
    page.set_input_files("#import-file", str(file))
    wait_status(page, "playing", timeout=10_000)
    assert page.locator("#alert").is_hidden()

    over = record("0.2.0", "ley-of-the-land", "ai:easy,ai:easy", 6, 10_000)
    assert over["over"]
    page.goto("index.html" + over["url"])
    wait_status(page, "over")
    scores = json.loads(page.locator("#final-scores").get_attribute("data-scores"))
    assert scores == over["scores"]


def test_a_game_whose_rules_changed_since_opens_in_its_release_engine(page: Any) -> None:
    """Darkleaf Gambit's rules changed after 0.2.0 (rules version 1 -> 2): a
    0.2.0 link opens in a second PyScript worker where micropip installed the
    kept 0.2.0 wheel, so the game goes on under the rules it was made with."""
    made = record("0.2.0", "darkleaf-gambit", "human,ai:easy", 3, 4)
    page.goto("index.html" + made["url"])
    wait_status(page, "playing")
    assert page.locator("#alert").is_hidden()
    page.wait_for_function(
        "document.querySelector('script[type=\"py\"][name=\"engine-0.2.0\"]')?.xworker")
    human_moves(page, 1)
    (entry,) = saved(page).values()
    assert entry["save"]["engine_version"] == "0.2.0"  # written by the kept engine
    assert entry["save"]["actions"][:4] == made["save"]["actions"]


def test_a_link_from_a_release_no_longer_kept_is_a_replay_that_says_so(page: Any) -> None:
    made = record("0.2.0", "ley-of-the-land", "human,ai:easy", 5, 6)
    page.goto("index.html" + made["url"].replace("#e=0.2.0", "#e=0.1.0"))
    wait_status(page, "replay")
    alert = page.get_by_role("alert")
    expect(alert).to_contain_text("release 0.1.0")
    expect(alert).to_contain_text("no longer keeps")
    assert page.locator(".replay").get_attribute("data-total") == "6"
    page.get_by_role("button", name="Leave the replay").click()
    wait_status(page, "lobby")  # never into a game of other rules


def test_storage_that_refuses_writes_loses_no_move(new_page: Any) -> None:
    page = new_page()
    page.add_init_script(QUOTA_SCRIPT)
    page.goto("index.html" + GAME)
    wait_status(page, "playing")
    human_moves(page, 3)
    notes = page.locator("#notices .notice", has_text="would not keep this game")
    expect(notes).to_have_count(1)  # told once, not at every move
    assert page.url.count("m=") == 1  # the moves live on in the URL
    with page.expect_download() as download:
        notes.get_by_role("button", name="Save file").click()
    text = Path(download.value.path()).read_text()
    assert len(json.loads(text)["actions"]) >= 6


def test_storage_that_is_disabled_loses_no_move(new_page: Any) -> None:
    page = new_page()
    page.add_init_script(NO_STORAGE_SCRIPT)
    page.goto("index.html")
    expect(page.locator("#saved-list")).to_contain_text("does not let the page keep games")
    page.goto("index.html" + GAME)
    wait_status(page, "playing")
    human_moves(page, 2)
    expect(page.locator("#notices .notice", has_text="would not keep this game")).to_have_count(1)
    assert moves_in_log(page) >= 4


def test_two_tabs_of_one_saved_game_never_overwrite_each_other(page: Any) -> None:
    page.goto("index.html" + GAME)
    wait_status(page, "playing")
    human_moves(page, 1)
    (key,) = saved(page)
    page.wait_for_function("location.hash.includes('s=')")
    second = page.context.new_page()
    second.goto(page.url)
    wait_status(second, "playing")
    expect(second.locator("#notices .notice")).to_contain_text("already open in another tab")
    expect(page.locator("#notices .notice")).to_have_count(0)
    human_moves(second, 1)
    human_moves(page, 1)
    entries = saved(page)
    assert len(entries) == 2 and key in entries
    copy = next(e for k, e in entries.items() if k != key)
    first_moves = entries[key]["save"]["actions"]
    copy_moves = copy["save"]["actions"]
    assert first_moves[:2] == copy_moves[:2]  # the same game until the two tabs parted
    assert len(first_moves) >= 4 and len(copy_moves) >= 4
    # Each tab's entry holds exactly that tab's game.
    assert page.evaluate("location.hash").count(key.removeprefix(SAVE_PREFIX)) == 1
    assert key.removeprefix(SAVE_PREFIX) not in second.evaluate("location.hash")


def test_a_deploy_while_a_game_is_open_does_not_cut_it_short(
        dist_dir: Path, tmp_path: Path, new_page: Any) -> None:
    site = tmp_path / "site"
    shutil.copytree(dist_dir, site)
    sw = site / "sw.js"
    server, url = build.serve_in_thread(site)
    try:
        page = new_page(base_url=url)
        page.goto("index.html" + GAME)
        wait_status(page, "playing")
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=BOOT_MS)
        human_moves(page, 1)
        page.evaluate("window.sameDocument = true")
        sw.write_text(sw.read_text() + "\n// the next deploy\n")
        page.evaluate("window.woodlandUpdates.registration.update()")
        notice = page.locator("#notices .notice", has_text="A new version is ready")
        notice.wait_for(timeout=30_000)
        assert "it will be used for new games" in notice.inner_text()
        human_moves(page, 1)
        assert page.evaluate("window.sameDocument") is True  # not reloaded under the player
        assert page.evaluate("document.body.dataset.status") == "playing"
        (entry,) = saved(page).values()
        assert entry["moves"] >= 4
        # The new version waits for the game, and comes in at the lobby.
        assert page.evaluate("window.woodlandUpdates.registration.waiting !== null")
        page.locator(".game-links a", has_text="Lobby").click()
        page.wait_for_function("window.sameDocument === undefined", timeout=BOOT_MS)
        wait_status(page, "lobby")
        page.wait_for_function(
            "navigator.serviceWorker.getRegistration().then((r) => !r.waiting)")
        expect(page.locator("#saved-list li", has_text="Ley of the Land")).to_have_count(1)
    finally:
        server.shutdown()
        server.server_close()
