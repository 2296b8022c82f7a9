"""Ley of the Land's board: its geometry (spaces, sides, neighbours, names), tile
rotation, and the sections a board's tiles form (areas of one terrain, found for
scoring and the views)."""

from __future__ import annotations

from dataclasses import dataclass

from .data import BOARD_SIZE, TILES

N = BOARD_SIZE
SPACES = N * N
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
