"""Every choice a board offers has a name of its own for a screen reader.

On random positions of each game (seat 0 to act), the board drawn by the
game's view offers its targets (``data-action``: a move; ``data-ui``: a
selection); each must have an accessible name (``aria-label``), and two
targets that do different things must never share one: a player who hears
"Spirit Well" twice cannot tell which realm it is in. Each selection the
board offers is made once too, and the board it brings up checked the same
way. The browser player of ``benchmarks/screen_reader.py`` checks the same
in the page, on fewer positions.
"""

from __future__ import annotations

import random
from html.parser import HTMLParser

import pytest

from pygame_engine import GAMES
from web.views import choice, game_view_module

CASES = [("ley-of-the-land", 2), ("ley-lines", 3), ("groves", 2), ("groves", 1),
         ("leylines", 2), ("darkleaf-gambit", 2)]


class Targets(HTMLParser):
    """Each target's key ("action 3", "ui spirit=white") and accessible name
    (its aria-label; a <button>'s own words when it has none)."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[str, str]] = []
        self.button: list[str] | None = None  # the words of a button being read

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        key = (f"action {a['data-action']}" if a.get("data-action") is not None
               else f"ui {a['data-ui']}" if a.get("data-ui") is not None else None)
        if key is None:
            return
        if tag == "button" and not a.get("aria-label"):
            self.found.append((key, ""))
            self.button = []
        else:
            self.found.append((key, a.get("aria-label") or ""))

    def handle_data(self, data: str) -> None:
        if self.button is not None:
            self.button.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "button" and self.button is not None:
            key, _ = self.found[-1]
            self.found[-1] = (key, " ".join("".join(self.button).split()))
            self.button = None


def targets(markup: str) -> list[tuple[str, str]]:
    parser = Targets()
    parser.feed(markup)
    return parser.found


def unnamed_or_shared(found: list[tuple[str, str]]) -> list[str]:
    """What a screen reader could not tell apart: a target with no name, or
    one name used by targets that do different things."""
    problems = [f"{key} has no name" for key, name in found if not name.strip()]
    keys_of: dict[str, set[str]] = {}
    for key, name in found:
        keys_of.setdefault(name, set()).add(key)
    problems += [f"{sorted(keys)} share the name {name!r}" for name, keys in keys_of.items()
                 if name and len(keys) > 1]
    return problems


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_every_board_target_has_a_name_of_its_own(game_id: str, players: int) -> None:
    module = game_view_module(game_id)
    rng = random.Random(7)
    checked = 0
    for seed in range(2):
        state = GAMES[game_id].new_game(players, seed)
        while not state.is_over() and checked < 80 * (seed + 1):  # bounded: long games
            seat = state.active_players()[0]
            actions = state.legal_actions(seat)
            if seat == 0:
                legal = [choice(i, a, state.action_label(0, a)) for i, a in enumerate(actions)]
                view = state.view(0)
                board = module.render_board(view, legal, {})
                found = targets(board)
                problems = unnamed_or_shared(found)
                # A selection's board (one of them, at random).
                selections = sorted({key[3:] for key, _ in found if key.startswith("ui ")})
                if selections:
                    key, _, value = rng.choice(selections).partition("=")
                    problems += unnamed_or_shared(
                        targets(module.render_board(view, legal, {key: value})))
                assert not problems, (f"{game_id} seed {seed}, move {len(state.history)}: "
                                      f"{problems[:3]}")
                checked += 1
            state.apply(seat, rng.choice(actions))
    assert checked > 10
