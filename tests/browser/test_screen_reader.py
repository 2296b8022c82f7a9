"""A player who cannot see the board, in real Chromium: the screen-reader
player of ``benchmarks/screen_reader.py`` (Tab, arrows and Enter only; names
from the accessibility tree; the polite live region) plays the first
decisions of each game, then, in the same page, a link to a late position of
it (many moves in), to the end screen, whose result must be said.

The whole games are ``python -m benchmarks.screen_reader`` (too long here)."""

from __future__ import annotations

from typing import Any

import pytest

from benchmarks.screen_reader import GAMES, goto_in_page, late_link, open_game, play

FIRST_DECISIONS = 4


@pytest.mark.parametrize("name", list(GAMES))
def test_a_screen_reader_player_plays_each_game_and_hears_its_end(page: Any, name: str
                                                                    ) -> None:
    query = GAMES[name]
    open_game(page, query)
    first = play(page, name, query, decisions=FIRST_DECISIONS, opened=True)
    assert first.failure is None, first.failure
    assert first.decisions == FIRST_DECISIONS
    assert first.moves >= 1, "a move was said"
    late = late_link(query)
    goto_in_page(page, late)
    end = play(page, name, late, decisions=8, opened=True)
    assert end.failure is None, end.failure
    assert end.ended, f"the game did not end: {end.heard[-3:]}"
