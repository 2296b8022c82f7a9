"""Ley of the Land: the action types, the board's geometry and its sections (areas of one
terrain, found for scoring and the views)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...core.game import Action
from .data import BOARD_SIZE, TILES

N = BOARD_SIZE
SPACES = N * N
EXCLUSIVE = ("frolick", "sow", "reap", "invest")
_STEP = ((-1, 0), (0, 1), (1, 0), (0, -1))  # row/column step of each side


def _neighbour(space: int, side: int) -> int | None:
    """The space across ``side`` of ``space``, or None at the board's edge."""
    r, c = divmod(space, N)
    dr, dc = _STEP[side]
    r, c = r + dr, c + dc
    return r * N + c if 0 <= r < N and 0 <= c < N else None


NEIGHBOUR: tuple[tuple[int | None, ...], ...] = tuple(
    tuple(_neighbour(s, side) for side in range(4)) for s in range(SPACES))


def rotated(edges: str, rotation: int) -> str:
    """Edge colours after turning a tile ``rotation`` quarter turns clockwise.

    >>> rotated("GGYY", 1)
    'YGGY'
    """
    k = rotation % 4
    return edges[-k:] + edges[:-k] if k else edges


def space_name(space: int) -> str:
    r, c = divmod(space, N)
    return f"{'ABCDE'[r]}{c + 1}"


def _count(n: int, thing: str) -> str:
    """``n`` and ``thing``, plural unless there is exactly one.

    >>> _count(1, "Faerie cube"), _count(0, "Wheat cube")
    ('1 Faerie cube', '0 Wheat cubes')
    """
    return f"{n} {thing}" if n == 1 else f"{n} {thing}s"


# -- actions -------------------------------------------------------------------


@dataclass(frozen=True)
class Bid(Action):
    kind: ClassVar[str] = "bid"
    secret: ClassVar[bool] = True
    amount: int

    @property
    def label(self) -> str:
        return f"Bid {self.amount}"

    @property
    def public_label(self) -> str:
        return "A sealed bid"


@dataclass(frozen=True)
class Acquire(Action):
    kind: ClassVar[str] = "acquire"
    slot: int
    space: int
    rotation: int

    @property
    def label(self) -> str:
        turn = f", turned {self.rotation * 90}°" if self.rotation else ""
        return f"Acquire market tile {self.slot + 1} onto {space_name(self.space)}{turn}"


@dataclass(frozen=True)
class Frolick(Action):
    kind: ClassVar[str] = "frolick"


@dataclass(frozen=True)
class Sow(Action):
    kind: ClassVar[str] = "sow"


@dataclass(frozen=True)
class Reap(Action):
    kind: ClassVar[str] = "reap"
    section: int

    @property
    def label(self) -> str:
        return f"Reap the section at {space_name(self.section // 4)}"


@dataclass(frozen=True)
class Invest(Action):
    kind: ClassVar[str] = "invest"


@dataclass(frozen=True)
class Pass(Action):
    """Do nothing: offered only to a seat with no other legal action."""

    kind: ClassVar[str] = "pass"


# -- sections ------------------------------------------------------------------


@dataclass
class Section:
    """A connected same-colour piece of land on one player's board."""

    colour: str
    triangles: list[int]
    diamonds: int
    complete: bool
    cubes: int = 0

    @property
    def anchor(self) -> int:
        return self.triangles[0]


def find_sections(board: list[tuple[int, int] | None]) -> list[Section]:
    """Every section of a board, complete or not, ordered by anchor."""
    colour = {}
    for space, placed in enumerate(board):
        if placed is not None:
            edges = rotated(TILES[placed[0]][1], placed[1])
            for side in range(4):
                colour[space * 4 + side] = edges[side]
    seen: set[int] = set()
    out = []
    for start in sorted(colour):
        if start in seen:
            continue
        col = colour[start]
        stack, members, diamonds, complete = [start], [], 0, True
        seen.add(start)
        while stack:
            t = stack.pop()
            members.append(t)
            space, side = divmod(t, 4)
            links = [space * 4 + (side + 1) % 4, space * 4 + (side + 3) % 4]
            across = NEIGHBOUR[space][side]
            if across is not None:
                if board[across] is None:
                    complete = False
                else:
                    diamonds += 1  # counted from both sides, halved below
                    links.append(across * 4 + (side + 2) % 4)
            for u in links:
                if u not in seen and colour.get(u) == col:
                    seen.add(u)
                    stack.append(u)
        members.sort()
        out.append(Section(col, members, diamonds // 2, complete))
    return out
