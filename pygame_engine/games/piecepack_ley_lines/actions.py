"""Ley Lines (piecepack): the action types, the board's geometry and the words for them."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import ClassVar

from ...core.actions import Worded
from . import data
from .data import COIN_NAMES, DOMINOES, SPACES, space_name

EMPTY, HALF, CAIRN, TOR = 0, 1, 2, 3
CAIRNS_EACH = len(data.COIN_VALUES)
ITEMS = ("Cairn values", "Paths to other suits", "Paths of own suit")


def _neighbours(in_play: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Per space, its orthogonal neighbours in play, in compass order N, E, S, W."""
    where = {(SPACES[s][0], SPACES[s][1]): s for s in in_play}
    out = []
    for s in range(len(SPACES)):
        x, y, _ = SPACES[s]
        out.append(tuple(where[p] for p in ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y))
                         if p in where) if s in where.values() else ())
    return tuple(out)


IN_PLAY = {n: data.spaces_in_play(n) for n in (3, 4)}
NEIGHBOURS = {n: _neighbours(IN_PLAY[n]) for n in (3, 4)}


def chebyshev(a: int, b: int) -> int:
    """King-move distance between two spaces on the grid."""
    return max(abs(SPACES[a][0] - SPACES[b][0]), abs(SPACES[a][1] - SPACES[b][1]))


#: Per space, the spaces too close for another tor (``TOR_GAP`` or fewer spaces between).
TOR_ZONE: tuple[frozenset[int], ...] = tuple(
    frozenset(t for t in range(len(SPACES)) if chebyshev(s, t) <= data.TOR_GAP)
    for s in range(len(SPACES)))


#: What touches one space of a pair: (a tor, a cairn, the largest half with a
#: path to a tor, the smallest half with a path to a cairn).
Side = tuple[bool, bool, int, int]
_SIDES_CACHE: dict[bytes, list[tuple[int, int, Side, Side]]] = {}


def _spaces(count: int) -> str:
    return f"{count} space" if count == 1 else f"{count} spaces"


def _points(count: int) -> str:
    return f"{count} point" if count == 1 else f"{count} points"


def domino_name(domino: int) -> str:
    low, high = DOMINOES[domino]
    return f"{low}|{high}"


# -- actions -------------------------------------------------------------------


class LeyLinesAction(Worded):
    """Ley Lines' labels name spaces and coins in words."""

    spell: ClassVar[Mapping[str, Callable[[int], str]]] = {
        "space": space_name, "value": COIN_NAMES.__getitem__}


class PlaceCairn(LeyLinesAction, kind="cairn", words="Cairn ({value}) on {space}"):
    """Lay the coin of ``value`` face down on ``space``."""

    secret: ClassVar[bool] = True
    value: int
    space: int

    @property
    def public_label(self) -> str:
        return f"Cairn on {space_name(self.space)}"


class PlaceTor(LeyLinesAction, kind="tor", words="Tor on {space}"):
    space: int


class LaySegment(LeyLinesAction, kind="segment"):
    """Lay ``domino`` with its low half on space ``low`` and its high half on ``high``."""

    domino: int
    low: int
    high: int

    @property
    def label(self) -> str:
        a, b = DOMINOES[self.domino]
        return f"Lay {a}|{b}: {a} on {space_name(self.low)}, {b} on {space_name(self.high)}"


class Pass(LeyLinesAction, kind="pass", words="Pass"):
    pass
