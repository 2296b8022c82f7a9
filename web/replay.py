"""The replay viewer: a recorded game stepped forward and back, seen from the
spectator's seat or, once the game is over, from any one seat's.

An unfinished game replays from the spectator's seat only, so that a replay
cannot be used to peek at another player's secrets in a game still going on.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .session import Setup, ending_words, log_entries, replayed
from .views import game_view_module
from .views import page as page_views
from .views.markup import esc


@dataclass
class Replay:
    setup: Setup
    moves: list[list[Any]]
    position: int = 0
    viewer: int | None = None
    #: Playing by itself, one move per ``REPLAY_PACES[pace]`` ms.
    playing: bool = False
    pace: str = "normal"

    def __post_init__(self) -> None:
        self.finished = replayed(self.setup, self.moves).is_over()
        if not self.finished:
            self.viewer = None

    def go(self, position: int) -> None:
        self.position = max(0, min(len(self.moves), position))

    def toggle_play(self) -> None:
        """Play (from the start if at the end) or pause."""
        if not self.playing and self.position >= len(self.moves):
            self.position = 0
        self.playing = not self.playing and bool(self.moves)

    def tick_on(self) -> None:
        """One move on while playing; stops at the end."""
        if self.playing:
            self.go(self.position + 1)
            self.playing = self.position < len(self.moves)

    def tick(self) -> int:
        """Ms until the next move while playing, else 0."""
        return page_views.REPLAY_PACES[self.pace] if self.playing else 0

    def view_as(self, viewer: int | None) -> None:
        """Choose whose view to show (seats only once the game is over)."""
        self.viewer = viewer if self.finished else None

    def regions(self) -> dict[str, str]:
        state = replayed(self.setup, self.moves[:self.position])
        game = state.game
        view = state.view(self.viewer)
        last = ""
        if self.position:
            seat, action = self.moves[self.position - 1]
            done = game.action_from_json(action)
            # A secret move (a bid, a face-down coin) is named only to its own
            # seat; the log tells the others what was revealed, and when.
            label = state.action_label(seat, done) if self.viewer == seat \
                or not done.secret else done.public_label
            last = f"{game.seat_name(seat)}: {label}"
        names = [game.seat_name(i) for i in range(state.num_players)]
        whose = "the spectator" if self.viewer is None else names[self.viewer]
        return {
            "status": esc(f"Replay, seen by {whose}"),
            "board": game_view_module(game.id).render_board(view, [], {}),
            "actions": page_views.replay_controls(self.position, len(self.moves), self.viewer,
                                                  names if self.finished else [], last,
                                                  self.playing, self.pace),
            "log": page_views.log_panel(log_entries(state, self.viewer), view["names"]),
            "overlay": page_views.end_screen(view, self.setup.option_words(),
                                             ending_words(game_view_module(game.id), view))
            if state.is_over() else "",
            "tools": "",
            "undo": "",
            "recent": "",
        }
