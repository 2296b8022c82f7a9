"""The typed shape of Ley Lines' ``view``: what the web view reads."""

from typing import Literal, NotRequired, TypedDict

from ...core.view_types import BaseView, StandingView


class HalfView(TypedDict):
    """One half of a laid domino (segment)."""

    kind: Literal["half"]
    value: int  #: its pips
    domino: int
    partner: int  #: the space of the other half


class TorView(TypedDict):
    kind: Literal["tor"]
    seat: int


class CairnView(TypedDict):
    kind: Literal["cairn"]
    seat: int
    value: int | None  #: its coin; None while face down to this seat


#: What lies on a space.
PieceView = HalfView | TorView | CairnView


class FlowView(TypedDict):
    """A cairn's energy scored at a tor (kept for a round, for the board)."""

    turn: int
    cairn: int
    seat: int
    value: int
    tor: int
    receiver: int
    path: list[int]
    points: int


class LastMove(TypedDict):
    seat: int
    kind: str
    spaces: list[int]  #: the spaces the move filled
    domino: NotRequired[int]


class LeyLinesView(BaseView):
    phase: str
    first: int
    suits: list[str]
    spaces: list[tuple[int, int, str]]  #: (column, row, land) of every space
    in_play: list[int]
    board: list[PieceView | None]
    tors: list[int | None]
    hands: list[list[int] | None]  #: the seat's own hand only
    hand_sizes: list[int]
    coins: list[list[int] | None]  #: the seat's own coins only
    coins_left: list[int]
    dominoes: list[list[int]]  #: (low, high) pips of every domino
    discard: list[int]
    set_aside: list[int]
    scored_cairns: list[list[int]]  #: (seat, value) of every cairn scored
    passes: int
    last_flows: list[FlowView]
    last_move: LastMove | None
    scores: list[float]
    breakdown: list[dict[str, float]]
    standings: NotRequired[list[StandingView]]
