"""The typed shape of Ley of the Land's ``view``: what the web view reads."""

from typing import NotRequired, TypedDict

from ...core.view_types import BaseView, StandingView


class TileView(TypedDict):
    """A land tile in the market or on a board (edges as turned there)."""

    id: int
    kind: str
    edges: str


class SectionView(TypedDict):
    """A connected same-colour piece of a player's land."""

    anchor: int
    colour: str
    triangles: list[int]
    diamonds: int
    complete: bool
    cubes: int


class PlayerView(TypedDict):
    money: int
    faerie: int
    wheat: int
    faerie_total: int
    wheat_total: int
    largest: int
    board: list[TileView | None]
    sections: list[SectionView]


class LastMove(TypedDict):
    """The latest move, as the board marks it."""

    seat: int
    kind: str
    space: NotRequired[int]  #: where an acquired tile went
    tile: NotRequired[int]
    anchors: NotRequired[list[int]]  #: the sections that took cubes


class LeyOfTheLandView(BaseView):
    phase: str
    round: int
    marker: int
    order: list[int]
    acting: int | None
    taken: list[str]
    revealed: list[int] | None
    stock: int
    discarded: int
    last_round: bool
    market: list[TileView | None]
    bids: list[int | None]  #: a seat's own bid; None for the others
    has_bid: list[bool]
    players: list[PlayerView]
    last_move: LastMove | None
    scores: list[float]
    breakdown: list[dict[str, float]]
    standings: NotRequired[list[StandingView]]
