"""Ley of the Land components, as plain data.

The rule text names the components but shows none of them; everything here
was designed for this adaptation and is listed under "Adaptation notes" on
the game's rules page.

Geometry: a land tile is a square cut by its two diagonals into four
triangles, one per edge (north, east, south, west). Each triangle is green
(faerie land) or yellow (wheat land). Two tiles side by side put two
triangles base to base across the shared edge: that pair is a *diamond*.
Tiles may only touch along edges of the same colour, so every diamond is one
colour. Two triangles of the same colour that meet inside a tile (north and
east, say) belong to the same section of land; opposite triangles touch only
at the centre point and do not.
"""

from __future__ import annotations

GREEN = "G"
YELLOW = "Y"

#: Sides of a tile, in clockwise order.
SIDES = ("north", "east", "south", "west")

#: The player board is BOARD_SIZE x BOARD_SIZE spaces; the first tile goes in the centre.
BOARD_SIZE = 5
CENTRE = (BOARD_SIZE // 2) * BOARD_SIZE + BOARD_SIZE // 2

MARKET_SLOTS = 5
STARTING_MONEY = 10
LARGEST_SECTION_BONUS = 12
#: What one Reap earns.
REAP_MONEY = 3
#: Bots' guess at a sealed bid they cannot see: up to this much (a bid is
#: rarely high; guessing it could be anything up to the bidder's whole purse
#: made a seat that bid after another overbid, and lose, in self-play).
GUESSED_BID = 3

BASIC = "basic"
FAERIE_RING = "faerie ring"
CROP_CIRCLE = "crop circle"

#: The tile mix: (kind, edge colours north-east-south-west, how many).
#: A faerie ring yields one extra Faerie cube when a green section through it
#: is completed; a crop circle one extra Wheat cube for a yellow section.
TILE_MIX: tuple[tuple[str, str, int], ...] = (
    (BASIC, "GGGG", 3),
    (BASIC, "YYYY", 3),
    (BASIC, "GGGY", 5),
    (BASIC, "GYYY", 5),
    (BASIC, "GGYY", 8),
    (BASIC, "GYGY", 6),
    (FAERIE_RING, "GGGG", 1),
    (FAERIE_RING, "GGGY", 2),
    (FAERIE_RING, "GGYY", 2),
    (CROP_CIRCLE, "YYYY", 1),
    (CROP_CIRCLE, "GYYY", 2),
    (CROP_CIRCLE, "GGYY", 2),
)

#: Every tile by id: (kind, edges). Ids are positions in this tuple.
TILES: tuple[tuple[str, str], ...] = tuple(
    (kind, edges) for kind, edges, count in TILE_MIX for _ in range(count))

#: The bonus colour of each special kind.
BONUS_COLOUR = {FAERIE_RING: GREEN, CROP_CIRCLE: YELLOW}
