"""The typed shape of the keys every game's ``State.view`` shares.

Each game describes its whole view in its own ``view_types.py`` as a
``TypedDict`` extending ``BaseView``; the web views import those types, so
mypy checks what a view reads against what the engine builds.

These modules do without ``from __future__ import annotations``: with it,
``NotRequired`` would be a string that ``TypedDict`` cannot see at runtime
(``tests/test_view_contract.py`` checks real views against these types).
"""

from typing import TypedDict

from .game import Standing


class BaseView(TypedDict):
    """The keys ``State.base_view`` puts first in every view."""

    game: str
    title: str
    seat: int | None  #: the seat this view is for; None for a spectator
    num_players: int
    names: list[str]
    active: list[int]
    over: bool
    moves: int


class StandingView(TypedDict):
    """A ``Standing`` in a view (the end screen's ranking)."""

    seat: int
    rank: int
    score: float
    tiebreak: str | None


def standing_views(standings: list[Standing]) -> list[StandingView]:
    """The standings as view data, in their order."""
    return [{"seat": s.seat, "rank": s.rank, "score": s.score, "tiebreak": s.tiebreak}
            for s in standings]
