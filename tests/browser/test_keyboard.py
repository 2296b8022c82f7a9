"""Keyboard and screen-reader play in real Chromium: the arrow keys move a
roving focus over every board's targets and Enter plays; after a selection
focus goes to the next thing to choose, never to a button that throws the
turn away; Escape drops a selection; one polite live region says each move;
a mouse click leaves no focus ring."""

from __future__ import annotations

from typing import Any

import pytest

from .test_experience import BOOT_MS, open_game

TARGETS = "#board [data-action], #board [data-ui]"

# The focused element: where it is on the board, and what it is.
FOCUSED = """
() => {
  const el = document.activeElement;
  const box = el.getBoundingClientRect();
  return {x: box.left + box.width / 2, y: box.top + box.height / 2,
          onBoard: Boolean(el.closest("#board")),
          target: el.matches("#board [data-action], #board [data-ui]"),
          action: el.getAttribute("data-action"), ui: el.getAttribute("data-ui"),
          index: [...document.querySelectorAll("#board [data-action], #board [data-ui]")]
            .indexOf(el),
          label: el.getAttribute("aria-label") ?? el.textContent.trim(),
          ring: el.matches(":focus-visible")};
}
"""

# Every non-empty text the live region is given, from now on.
LISTEN = """
() => {
  window.said = [];
  new MutationObserver(() => {
    const text = document.getElementById("announce").textContent;
    if (text) window.said.push(text);
  }).observe(document.getElementById("announce"),
             {childList: true, characterData: true, subtree: true});
}
"""


def wait_for_targets(page: Any, bar_clicks: int = 12) -> None:
    """Until the board offers at least two targets to the person, pressing the
    bar's first action (a bid, a trait, End Upkeep, Roll...) when it offers none."""
    for _ in range(bar_clicks):
        page.wait_for_function("document.body.dataset.acting === '0'", timeout=BOOT_MS)
        if page.evaluate(f"document.querySelectorAll('{TARGETS}').length") >= 2:
            return
        moves = page.evaluate("window.decisionWaits.length")
        page.locator("#actions [data-action]").first.click()
        page.wait_for_function(f"window.decisionWaits.length > {moves}", timeout=BOOT_MS)
    raise AssertionError("the board never offered two targets")


def focus_first_target(page: Any) -> dict[str, Any]:
    """Tab into the board: exactly one of its targets is in the Tab order."""
    assert page.locator(f"#board [tabindex='0']:is({TARGETS})").count() == 1
    page.locator(f"#board [tabindex='0']:is({TARGETS})").focus()
    page.keyboard.press("Shift")  # a key: the page now treats the person as a keyboard user
    here: dict[str, Any] = page.evaluate(FOCUSED)
    assert here["target"]
    return here


@pytest.mark.parametrize("query", [
    "?game=ley-of-the-land&seats=human,ai:easy&seed=3",
    "?game=ley-lines&seats=human,ai:easy,ai:easy&seed=3",
    "?game=groves&seats=human,ai:easy&seed=4",
    "?game=leylines&seats=human,ai:easy&seed=3",
    "?game=darkleaf-gambit&seats=human,ai:easy&seed=7",
])
def test_arrow_keys_move_between_board_targets_and_enter_plays(page: Any, query: str) -> None:
    open_game(page, query)
    wait_for_targets(page)
    here = focus_first_target(page)
    seen = {here["index"]}
    for key in ("ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp", "End", "Home"):
        page.keyboard.press(key)
        now = page.evaluate(FOCUSED)
        assert now["target"], f"{key} left the board's targets"
        assert now["ring"], "keyboard focus shows its ring"
        seen.add(now["index"])
    assert len(seen) >= 2, "the arrows moved the focus"
    page.keyboard.press("End")
    last = page.evaluate(FOCUSED)
    page.keyboard.press("Home")
    first = page.evaluate(FOCUSED)
    assert (first["y"], first["x"]) <= (last["y"], last["x"])  # reading order
    # Enter chooses: a move, or a selection that brings up the moves.
    hash_before = page.evaluate("location.hash")
    for _ in range(3):
        if page.evaluate(FOCUSED)["action"] is not None:
            break
        page.keyboard.press("Enter")
        page.wait_for_function("document.activeElement.matches('[data-action]')", timeout=10_000)
    page.keyboard.press("Enter")
    page.wait_for_function(f"location.hash !== {hash_before!r}", timeout=20_000)


#: Groves after the AI's first choice: the person's choice of a grove makes the
#: pieces of their realm glide to new places, two targets past each other.
GROVES_AFTER_THE_AI = ("?game=groves&seats=human,ai:easy&seed=5"
                       "#e=0.3.0&r=1&m=eNqLjjbUiVYqLkksKlHSUUrKKU1Vio2NBQBPdAcQ")


def walk_the_board(page: Any) -> list[str]:
    """Home, then Right until the focus stays: each target reached, in order."""
    page.keyboard.press("Home")
    reached: list[str] = []
    for _ in range(100):
        here = page.evaluate(FOCUSED)
        key = here["action"] if here["action"] is not None else f"ui {here['ui']}"
        if reached and reached[-1] == key:
            break
        reached.append(key)
        page.keyboard.press("ArrowRight")
    return reached


def test_the_arrow_keys_go_along_the_targets_as_they_land_while_pieces_glide(
        page: Any) -> None:
    """Keys pressed while the pieces a move shifted still glide go along the
    targets in the order they land in. (Read where they were drawn mid-glide,
    two targets not yet past each other were walked in their old order, and
    the walk skipped one: a flaky screen-reader run in Groves.)"""
    open_game(page, GROVES_AFTER_THE_AI)
    page.wait_for_function("document.body.dataset.acting === '0'", timeout=BOOT_MS)
    moves = page.evaluate("window.decisionWaits.length")
    page.locator("#board [data-action][aria-label*='(yellow)']").first.click()
    page.wait_for_function(f"window.decisionWaits.length > {moves}", timeout=BOOT_MS)
    # Every piece held where its motion starts.
    held = page.evaluate("document.getAnimations().map((a) => { a.pause(); a.currentTime = 0; })")
    assert held, "nothing glides after this move"
    focus_first_target(page)
    gliding = walk_the_board(page)
    page.evaluate("document.getAnimations().forEach((a) => a.finish())")
    landed = walk_the_board(page)
    offered = page.evaluate(f"""[...document.querySelectorAll('{TARGETS}')].map((el) =>
        el.hasAttribute('data-action') ? el.dataset.action : `ui ${{el.dataset.ui}}`)""")
    assert sorted(landed) == sorted(set(offered))
    assert gliding == landed


def test_enter_on_a_darkleaf_unit_leads_to_its_squares_not_to_cancel(page: Any) -> None:
    open_game(page, "?game=darkleaf-gambit&seats=human,ai:easy&seed=7")
    for _ in range(12):  # the will, a trait, the roll: then a unit to choose
        page.wait_for_function("document.body.dataset.acting === '0'", timeout=BOOT_MS)
        if page.locator("#board [data-ui^='from=']").count():
            break
        moves = page.evaluate("window.decisionWaits.length")
        page.locator("#actions [data-action], #board [data-action]").first.click()
        page.wait_for_function(f"window.decisionWaits.length > {moves}", timeout=BOOT_MS)
    page.locator(f"#board [tabindex='0']:is({TARGETS})").focus()
    page.keyboard.press("Shift")
    while not (page.evaluate(FOCUSED)["ui"] or "").startswith("from="):
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")  # the unit is chosen
    page.wait_for_selector("#board g[data-ui^='from='][aria-pressed='true']", timeout=10_000)
    page.wait_for_function("document.activeElement !== document.body", timeout=5_000)
    now = page.evaluate(FOCUSED)
    assert now["onBoard"] and now["action"] is not None, now  # one of its squares
    assert "Cancel" not in now["label"]
    page.keyboard.press("Escape")  # drops the choice of unit
    page.wait_for_selector("#board g[data-ui^='from='][aria-pressed='true']", state="detached",
                           timeout=10_000)
    page.wait_for_function("document.activeElement.matches('#board [data-ui^=\"from=\"]')",
                           timeout=5_000)
    page.keyboard.press("Enter")
    page.wait_for_selector("#board g[data-ui^='from='][aria-pressed='true']", timeout=10_000)
    page.wait_for_function("document.activeElement.matches('#board [data-action]')",
                           timeout=5_000)
    before = page.locator("#log li.seat-0").count()
    page.keyboard.press("Enter")  # the second Enter moves the unit, it does not cancel
    page.wait_for_function(f"document.querySelectorAll('#log li.seat-0').length > {before}",
                           timeout=10_000)
    assert "Cancel" not in page.locator("#log li.seat-0").last.inner_text()


def test_the_live_region_says_each_move_once(page: Any) -> None:
    open_game(page, "?game=ley-lines&seats=human,ai:easy,ai:easy&seed=3")
    page.wait_for_function("document.body.dataset.acting === '0'", timeout=BOOT_MS)
    assert page.locator("[aria-live='polite']:not([hidden])").evaluate_all(
        "els => els.filter(el => el.closest('#game')).map(el => el.id)") == ["announce"]
    page.evaluate(LISTEN)
    ai_before = page.evaluate("window.botMoveMs.length")
    page.locator("#board [data-action]").first.click()  # a face-down cairn
    page.wait_for_function("window.botMoveMs.length >= " + str(ai_before + 2), timeout=30_000)
    page.wait_for_function("document.body.dataset.acting === '0'", timeout=30_000)
    said = page.evaluate("window.said")
    ai_moves = page.evaluate("window.botMoveMs.length") - ai_before
    assert len(said) == 1 + ai_moves, said  # one message per move, the AIs' included
    assert all("cairn" in text for text in said), said  # each carries the move's words
    assert said[-1].endswith(page.locator("#status").inner_text())  # then the prompt


def test_a_mouse_click_leaves_no_focus_ring(page: Any) -> None:
    open_game(page, "?game=groves&seats=human,ai:easy&seed=4")
    page.wait_for_function("document.body.dataset.acting === '0'", timeout=BOOT_MS)
    waits = page.evaluate("window.decisionWaits.length")
    page.locator("#board g[data-action]").first.click()  # a grove, with the mouse
    page.wait_for_function(f"window.decisionWaits.length > {waits}", timeout=BOOT_MS)
    assert page.evaluate("document.querySelector('#game :focus-visible')") is None
    # The page moved no focus onto the next choice: that is for keyboard players.
    assert page.evaluate("document.activeElement === document.body")
    # A focused target on a drawn board never draws a box around itself.
    page.locator("#board g[data-action]").first.focus()
    assert page.evaluate("""() => {
      const el = document.activeElement;
      return el.matches('#board svg [tabindex]') && getComputedStyle(el).outlineStyle;
    }""") == "none"
