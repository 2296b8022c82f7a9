"""The replay viewer: a recorded game stepped forward and back, seen from the
spectator's seat or, once the game is over, from any one seat's.

An unfinished game replays from the spectator's seat only, so that a replay
cannot be used to peek at another player's secrets in a game still going on.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from . import screens
from .session import replayed
from .urls import Setup
from .views import page as page_views


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

    def state(self) -> Any:
        """The game at the replay's position."""
        return replayed(self.setup, self.moves[:self.position])

    def regions(self) -> dict[str, str]:
        """The markup of each region of the game screen (``web.screens``)."""
        return screens.replay_regions(self)
