"""Ley Lines components and the designed map, as plain data.

The rule text asks for a tile layout it never draws, so the map here is
designed for this adaptation (and shown on the rules page under
"Adaptation notes"): Albion is 18 tiles, Eire 6 tiles, and every tile is a
2x2 block of spaces, each space the size of one domino half.

Coordinates are in spaces: ``x`` grows eastwards (columns A-N), ``y``
southwards (rows 1-12). A tile is named by its north-west space. Eire sits
one space lower than Albion's tile rows, so the two islands share exactly
one space edge (Eire's D11 against Albion's E11): the narrow strip that a
single ley segment can cross.

>>> len(ALBION_TILES), len(EIRE_TILES)
(18, 6)
>>> len(SPACES), len(spaces_in_play(3)), len(spaces_in_play(4))
(96, 72, 96)
"""

from __future__ import annotations

#: North-west corner (x, y) of each Albion tile.
ALBION_TILES: tuple[tuple[int, int], ...] = (
    (8, 0), (10, 0),
    (8, 2), (10, 2),
    (6, 4), (8, 4), (10, 4),
    (6, 6), (8, 6), (10, 6), (12, 6),
    (6, 8), (8, 8), (10, 8), (12, 8),
    (4, 10), (6, 10), (8, 10),
)

#: North-west corner (x, y) of each Eire tile: offset by one space from Albion's rows.
EIRE_TILES: tuple[tuple[int, int], ...] = (
    (0, 5), (2, 5),
    (0, 7), (2, 7),
    (0, 9), (2, 9),
)

WIDTH = 14
HEIGHT = 12
COLUMNS = "ABCDEFGHIJKLMN"

ALBION = "Albion"
EIRE = "Eire"


def _tile_spaces(tiles: tuple[tuple[int, int], ...], land: str) -> list[tuple[int, int, str]]:
    return [(x + dx, y + dy, land) for x, y in tiles for dy in (0, 1) for dx in (0, 1)]


#: Every space (x, y, land), ordered north to south then west to east; a
#: space's id is its position here.
SPACES: tuple[tuple[int, int, str], ...] = tuple(sorted(
    _tile_spaces(ALBION_TILES, ALBION) + _tile_spaces(EIRE_TILES, EIRE),
    key=lambda s: (s[1], s[0])))

#: The suits, one per seat, in seat order; a seat's cairns and tor share its suit.
SUITS = ("Suns", "Moons", "Crowns", "Arms")
#: A suit's coins: null (0), ace (1), then 2 to 5.
COIN_VALUES = (0, 1, 2, 3, 4, 5)
COIN_NAMES = ("null", "ace", "2", "3", "4", "5")

#: Flow values of the pieces that are not dominoes.
CAIRN_FLOW = 0
TOR_FLOW = 7

#: Double-six dominoes by id: (low, high).
DOMINOES: tuple[tuple[int, int], ...] = tuple(
    (low, high) for low in range(7) for high in range(low, 7))

#: Dominoes left out of a 3-player game (every one with a six).
SIX_DOMINOES: tuple[int, ...] = tuple(i for i, d in enumerate(DOMINOES) if 6 in d)

#: Points per space of a flowed path: cairn and tor of different suits, of the same suit.
POINTS_OTHER_SUIT = 1
POINTS_SAME_SUIT = 2

#: Tors must have at least this many spaces between them (Chebyshev distance - 1).
TOR_GAP = 2


def spaces_in_play(num_players: int) -> tuple[int, ...]:
    """Ids of the spaces used: Albion alone for 3 players, Albion and Eire for 4."""
    return tuple(i for i, s in enumerate(SPACES) if num_players == 4 or s[2] == ALBION)


def space_name(space: int) -> str:
    """A space's grid name, column letter then row number.

    >>> space_name(0)
    'I1'
    """
    x, y, _ = SPACES[space]
    return f"{COLUMNS[x]}{y + 1}"


def space_id(name: str) -> int:
    """The id of the space called ``name`` (the inverse of ``space_name``).

    >>> space_name(space_id("E11"))
    'E11'
    """
    x, y = COLUMNS.index(name[0].upper()), int(name[1:]) - 1
    for i, (sx, sy, _) in enumerate(SPACES):
        if (sx, sy) == (x, y):
            return i
    raise ValueError(f"There is no space {name!r} on the map.")
