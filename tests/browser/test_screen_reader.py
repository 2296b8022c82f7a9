"""A player who cannot see the board, in real Chromium: the screen-reader
player of ``benchmarks/screen_reader.py`` (Tab, arrows and Enter only; names
from the accessibility tree; the polite live region) plays the first
decisions of each game, then a link to a late position of it (many moves in)
to the end screen, whose result must be said.

One page serves every game (switched in place, as the page's own links do),
so Python starts once. The whole games are ``python -m
benchmarks.screen_reader`` (too long here)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from benchmarks.screen_reader import BOOT_MS, GAMES, LISTEN, goto_in_page, late_link, play

FIRST_DECISIONS = 3


@pytest.fixture(scope="module")
def reader(browser: Any, site_url: str) -> Iterator[tuple[Any, list[str]]]:
    """One page for the module, at the lobby with Python up, listening; and
    the console errors and uncaught errors it logs."""
    context = browser.new_context(base_url=site_url, viewport={"width": 1280, "height": 800})
    page = context.new_page()
    errors: list[str] = []
    def on_console(message: Any) -> None:
        if message.type == "error":
            errors.append(message.text)

    page.on("console", on_console)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto("index.html")
    page.wait_for_function("document.body.dataset.engine === 'ready'", timeout=BOOT_MS)
    page.evaluate(LISTEN)
    yield page, errors
    context.close()


@pytest.mark.parametrize("name", list(GAMES))
def test_a_screen_reader_player_plays_each_game_and_hears_its_end(
        reader: tuple[Any, list[str]], name: str) -> None:
    page, errors = reader
    query = GAMES[name]
    goto_in_page(page, query)
    first = play(page, name, query, decisions=FIRST_DECISIONS, opened=True)
    assert first.failure is None, first.failure
    assert first.decisions == FIRST_DECISIONS
    assert first.moves >= 1, "a move was said"
    late = late_link(query)
    goto_in_page(page, late)
    end = play(page, name, late, decisions=8, opened=True)
    assert end.failure is None, end.failure
    assert end.ended, f"the game did not end: {end.heard[-3:]}"
    assert not errors, errors
