"""Darkleaf Gambit's board: squares, directions, lines of sight, units and questions.

Pure geometry and small records shared by the rules, the clans and the Will:
``step`` and the precomputed ``RAYS`` (the squares along each direction from
each square), ``around`` (adjacent or neighbouring squares), ``distance``,
the ``Unit`` record and the ``Choice`` (a question waiting for a player).
"""

from __future__ import annotations

from dataclasses import dataclass

from .data import ROYALS, SIZE

ORTHOGONAL = ((0, 1), (0, -1), (1, 0), (-1, 0))
DIAGONAL = ((1, 1), (1, -1), (-1, 1), (-1, -1))
ALL_DIRECTIONS = ORTHOGONAL + DIAGONAL
KNIGHT_LEAPS = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))
DIRECTIONS = {"neighboring": ORTHOGONAL, "diagonal": DIAGONAL, "adjacent": ALL_DIRECTIONS,
              "none": ()}


def step(sq: int, df: int, dr: int, k: int = 1) -> int:
    """The square ``k`` steps from ``sq`` by (file, rank) ``(df, dr)``, or -1 off the board.

    >>> from pygame_engine.games.darkleaf_gambit.data import square_id, square_name
    >>> square_name(step(square_id("e2"), 0, 1, 2)), step(0, -1, 0)
    ('e4', -1)
    """
    f, r = sq % SIZE + df * k, sq // SIZE + dr * k
    return r * SIZE + f if 0 <= f < SIZE and 0 <= r < SIZE else -1


def _ray(sq: int, df: int, dr: int) -> tuple[int, ...]:
    out = []
    k = 1
    while (t := step(sq, df, dr, k)) >= 0:
        out.append(t)
        k += 1
    return tuple(out)


#: Per square, per direction (file, rank step): the squares along it, nearest first.
RAYS: tuple[dict[tuple[int, int], tuple[int, ...]], ...] = tuple(
    {d: _ray(sq, *d) for d in ALL_DIRECTIONS} for sq in range(SIZE * SIZE))


_AROUND: dict[tuple[int, tuple[tuple[int, int], ...]], list[int]] = {}


def around(sq: int, dirs: tuple[tuple[int, int], ...] = ALL_DIRECTIONS) -> list[int]:
    """The squares one step from ``sq`` in ``dirs`` (a shared list: do not change it).

    >>> from pygame_engine.games.darkleaf_gambit.data import square_name
    >>> [square_name(t) for t in around(0)]
    ['a2', 'b1', 'b2']
    """
    key = (sq, dirs)
    out = _AROUND.get(key)
    if out is None:
        out = _AROUND[key] = [t for df, dr in dirs if (t := step(sq, df, dr)) >= 0]
    return out


def distance(a: int, b: int) -> int:
    """King-move distance.

    >>> distance(0, 63), distance(9, 0)
    (7, 1)
    """
    if 0 <= a < 64 and 0 <= b < 64:
        return _DISTANCE[a * 64 + b]
    return max(abs(a % SIZE - b % SIZE), abs(a // SIZE - b // SIZE))


#: King-move distances, square by square (a table: ``max`` and ``abs`` are
#: calls into C, and those cost several times more under Pyodide).
_DISTANCE = tuple(max(abs(a % SIZE - b % SIZE), abs(a // SIZE - b // SIZE))
                  for a in range(SIZE * SIZE) for b in range(SIZE * SIZE))


class Unit:
    """A chess piece of one clan; ``sq`` is -1 in the graveyard."""

    __slots__ = ("uid", "owner", "kind", "sq", "auras", "marks", "royal")

    def __init__(self, uid: int, owner: int, kind: str, sq: int) -> None:
        self.uid, self.owner, self.kind, self.sq = uid, owner, kind, sq
        #: A king or queen (a unit's kind never changes).
        self.royal = kind in ROYALS
        #: Aura skill keys, each a fate chip of the owner's (one of each type at most).
        self.auras: list[str] = []
        #: Fate chips the rival put on this unit, by chip set (Huldra's Hunt marks).
        self.marks: dict[str, int] = {}

    def copy(self) -> Unit:
        u = Unit(self.uid, self.owner, self.kind, self.sq)
        u.auras = list(self.auras)
        u.marks = dict(self.marks)
        return u


@dataclass(frozen=True)
class Choice:
    """A question waiting for ``player``: ``kind`` says which, ``arg``/``num`` what about."""

    player: int
    kind: str
    arg: str = ""
    num: int = -1
