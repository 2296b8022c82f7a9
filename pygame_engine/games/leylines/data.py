"""Leylines components, as plain data.

The rule text counts its components but shows none of their faces, nor the
board. Everything designed here is listed, with the reasons, in
``docs/leylines-design.md``; every number the text gives is kept: 96 cubes
(16 of each of 6 colours), 6 Market Tokens, 4 Hubs, a round track of 4, 42
Contracts and 18 Starting Contracts (6 Morning, 6 Afternoon, 6 Evening),
36 Items (6 types x 6), 28 Forest Friends, 30 Night Cards, 36 dice (5 per
player and a reserve of one per player for the Harp), 133 coins (48 x 1,
40 x 3, 24 x 5, 21 x 10), 10 starting gold, 6 Resource slots, 2 Quickness
slots, 3 cubes on each lettered space and 1 on each Hub at setup.

Cubes are written as one letter per cube in a fixed colour order
(``"RRB"``: two red, one blue); see ``cubes``.

>>> len(SPACES), len(LETTERS), len(HUBS), len(MARKET_SPACES)
(48, 18, 4, 6)
>>> len(CONTRACTS), len(STARTING), sum(FRIEND_COUNTS.values()), len(NIGHT_CARDS)
(42, 18, 28, 30)
>>> sum(v * k for v, k in COINS.items())
498
>>> cubes("RRB")
{'red': 2, 'blue': 1}
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

# -- resources and markets ---------------------------------------------------

#: The six resource colours, in the order every list and code uses.
COLOURS = ("red", "orange", "yellow", "green", "blue", "purple")
#: One-letter codes of the colours (for cube strings such as ``"RRB"``).
CODES = {"R": "red", "O": "orange", "Y": "yellow", "G": "green", "B": "blue", "P": "purple"}
LETTER_OF = {colour: code for code, colour in CODES.items()}
CUBES_PER_COLOUR = 16

#: The six markets (one Market Token each) and the colour each trades in most.
MARKETS = ("alchemy", "apothecary", "bakery", "weaver", "forge", "jeweller")
MARKET_NAMES = {"alchemy": "Alchemy Market", "apothecary": "Apothecary", "bakery": "Bakery",
                "weaver": "Weaver's Stall", "forge": "Forge", "jeweller": "Jeweller"}
MARKET_COLOUR = {"alchemy": "purple", "apothecary": "green", "bakery": "yellow",
                 "weaver": "blue", "forge": "red", "jeweller": "orange"}


@cache
def cubes(code: str) -> dict[str, int]:
    """A cube string as colour -> count, in colour order (shared: do not modify)."""
    out: dict[str, int] = {}
    for colour in COLOURS:
        k = code.count(LETTER_OF[colour])
        if k:
            out[colour] = k
    return out


def code_of(counts: dict[str, int]) -> str:
    """The cube string of colour counts (the inverse of ``cubes``).

    >>> code_of({"blue": 1, "red": 2})
    'RRB'
    """
    return "".join(LETTER_OF[c] * counts.get(c, 0) for c in COLOURS)


# -- the forest board ----------------------------------------------------------


class Space(NamedTuple):
    """One circle space of the forest: ``kind`` is plain, letter, hub or market;
    ``x``, ``y`` place it on a 940 x 700 drawing."""

    id: int
    kind: str
    letter: str
    region: int
    x: int
    y: int


#: The forest's six regions (the Night Cards show a region's background).
REGIONS = ("Pinewood", "Mossbank", "Fernhollow", "Mistmere", "Brackenfold", "Thornwick")
BOARD_SIZE = (940, 700)

SPACES: tuple[Space, ...] = (
    Space(0, 'letter', 'A', 0, 75, 82),
    Space(1, 'market', '', 0, 192, 70),
    Space(2, 'plain', '', 0, 298, 66),
    Space(3, 'letter', 'B', 0, 410, 52),
    Space(4, 'letter', 'C', 1, 518, 68),
    Space(5, 'plain', '', 1, 617, 66),
    Space(6, 'market', '', 1, 712, 70),
    Space(7, 'letter', 'D', 1, 841, 73),
    Space(8, 'letter', 'E', 0, 61, 181),
    Space(9, 'plain', '', 0, 163, 176),
    Space(10, 'hub', '', 0, 288, 163),
    Space(11, 'plain', '', 0, 391, 163),
    Space(12, 'plain', '', 1, 521, 191),
    Space(13, 'hub', '', 1, 620, 176),
    Space(14, 'plain', '', 1, 731, 185),
    Space(15, 'letter', 'F', 1, 838, 188),
    Space(16, 'market', '', 2, 57, 294),
    Space(17, 'letter', 'G', 2, 193, 299),
    Space(18, 'plain', '', 2, 305, 283),
    Space(19, 'plain', '', 2, 418, 290),
    Space(20, 'letter', 'H', 3, 494, 290),
    Space(21, 'plain', '', 3, 607, 272),
    Space(22, 'letter', 'I', 3, 745, 295),
    Space(23, 'plain', '', 3, 837, 303),
    Space(24, 'letter', 'J', 2, 61, 401),
    Space(25, 'plain', '', 2, 181, 402),
    Space(26, 'plain', '', 2, 301, 411),
    Space(27, 'letter', 'K', 2, 386, 392),
    Space(28, 'plain', '', 3, 522, 382),
    Space(29, 'plain', '', 3, 630, 413),
    Space(30, 'letter', 'L', 3, 712, 412),
    Space(31, 'market', '', 3, 829, 411),
    Space(32, 'letter', 'M', 4, 57, 523),
    Space(33, 'plain', '', 4, 163, 501),
    Space(34, 'hub', '', 4, 286, 517),
    Space(35, 'plain', '', 4, 405, 494),
    Space(36, 'plain', '', 5, 526, 494),
    Space(37, 'hub', '', 5, 627, 512),
    Space(38, 'plain', '', 5, 742, 524),
    Space(39, 'letter', 'N', 5, 826, 506),
    Space(40, 'letter', 'O', 4, 72, 608),
    Space(41, 'market', '', 4, 167, 636),
    Space(42, 'plain', '', 4, 279, 617),
    Space(43, 'letter', 'P', 4, 382, 627),
    Space(44, 'letter', 'Q', 5, 494, 609),
    Space(45, 'plain', '', 5, 605, 627),
    Space(46, 'market', '', 5, 721, 618),
    Space(47, 'letter', 'R', 5, 837, 613),
)
PATHS: tuple[tuple[int, int], ...] = (
    (0, 1), (0, 8), (1, 2), (1, 9), (2, 10), (3, 4), (3, 11), (3, 12), (4, 5), (4, 12), (5, 6),
    (5, 13), (6, 7), (6, 14), (7, 15), (8, 9), (8, 16), (9, 10), (9, 17), (10, 11), (11, 12),
    (12, 20), (13, 14), (13, 21), (14, 15), (14, 22), (15, 23), (16, 17), (16, 24), (17, 18),
    (17, 24), (17, 25), (18, 19), (18, 26), (19, 20), (19, 27), (20, 21), (21, 22), (21, 29),
    (22, 23), (22, 30), (23, 31), (24, 25), (24, 32), (25, 26), (25, 33), (26, 34), (27, 28),
    (27, 34), (27, 35), (28, 29), (28, 36), (29, 30), (30, 31), (31, 39), (32, 33), (32, 40),
    (33, 34), (34, 35), (34, 42), (35, 36), (35, 43), (36, 44), (37, 38), (37, 45), (38, 39),
    (38, 46), (38, 47), (39, 47), (40, 41), (41, 42), (43, 44), (45, 46), (46, 47),
)


LETTERS: dict[str, int] = {s.letter: s.id for s in SPACES if s.kind == "letter"}
HUBS: tuple[int, ...] = tuple(s.id for s in SPACES if s.kind == "hub")
#: The spaces the six Market Tokens are shuffled onto at setup.
MARKET_SPACES: tuple[int, ...] = tuple(s.id for s in SPACES if s.kind == "market")
SETUP_LETTER_CUBES = 3
SETUP_HUB_CUBES = 1
ROUNDS = 4

# -- contracts -----------------------------------------------------------------


class Contract(NamedTuple):
    """A Contract: deliver ``cubes`` at a ``market`` for ``gold``. ``period`` is
    morning, afternoon or evening for the 18 Starting Contracts, else empty."""

    id: int
    name: str
    market: str
    cubes: str
    gold: int
    period: str


ALL_CONTRACTS: tuple[Contract, ...] = (
    Contract(0, 'Alchemist', 'alchemy', 'OP', 4, ''),
    Contract(1, 'Moonwater Tincture', 'alchemy', 'BPP', 6, ''),
    Contract(2, 'Glowcap Elixir', 'alchemy', 'RPP', 6, ''),
    Contract(3, 'Stardust Phial', 'alchemy', 'GPP', 6, ''),
    Contract(4, 'Philter of Mists', 'alchemy', 'OYPP', 10, ''),
    Contract(5, 'Quicksilver Brew', 'alchemy', 'YBPP', 10, ''),
    Contract(6, 'Wisp Lantern Oil', 'alchemy', 'RGPPP', 13, ''),
    Contract(7, 'Herbalist', 'apothecary', 'GP', 4, ''),
    Contract(8, 'Mossbalm', 'apothecary', 'GGP', 6, ''),
    Contract(9, 'Fernroot Tonic', 'apothecary', 'OGG', 6, ''),
    Contract(10, 'Willowbark Tea', 'apothecary', 'YGG', 6, ''),
    Contract(11, 'Nettle Poultice', 'apothecary', 'RGGP', 10, ''),
    Contract(12, 'Thistle Salve', 'apothecary', 'GGBB', 9, ''),
    Contract(13, 'Sage Bundle', 'apothecary', 'RYGGG', 13, ''),
    Contract(14, 'Honey Cakes', 'bakery', 'YG', 4, ''),
    Contract(15, 'Acorn Bread', 'bakery', 'YYP', 6, ''),
    Contract(16, 'Berry Tart', 'bakery', 'YYG', 6, ''),
    Contract(17, 'Hazelnut Loaf', 'bakery', 'OYY', 6, ''),
    Contract(18, 'Solstice Pie', 'bakery', 'YYGB', 10, ''),
    Contract(19, 'Mushroom Pasty', 'bakery', 'OYYP', 10, ''),
    Contract(20, 'Sweetroot Buns', 'bakery', 'RRYYY', 12, ''),
    Contract(21, 'Spider Silk', 'weaver', 'YB', 4, ''),
    Contract(22, 'Moth Cloak', 'weaver', 'OBB', 6, ''),
    Contract(23, 'Reed Basket', 'weaver', 'GBB', 6, ''),
    Contract(24, 'Dewdrop Veil', 'weaver', 'BBP', 6, ''),
    Contract(25, 'Thistledown Quilt', 'weaver', 'YGBB', 10, ''),
    Contract(26, 'Mistweave Scarf', 'weaver', 'OBBP', 10, ''),
    Contract(27, 'Rope of Vines', 'weaver', 'RYBBB', 13, ''),
    Contract(28, 'Iron Kettle', 'forge', 'RB', 4, ''),
    Contract(29, 'Copper Bell', 'forge', 'RRB', 6, ''),
    Contract(30, 'Horseshoe', 'forge', 'RRY', 6, ''),
    Contract(31, 'Ember Knife', 'forge', 'RRG', 6, ''),
    Contract(32, 'Lantern Frame', 'forge', 'RROP', 10, ''),
    Contract(33, 'Iron Hinges', 'forge', 'RRBP', 10, ''),
    Contract(34, 'Forge Tongs', 'forge', 'RRROB', 13, ''),
    Contract(35, 'Amber Brooch', 'jeweller', 'RO', 4, ''),
    Contract(36, 'Sunstone Ring', 'jeweller', 'OOG', 6, ''),
    Contract(37, 'Topaz Circlet', 'jeweller', 'OOY', 6, ''),
    Contract(38, 'Gilded Acorn', 'jeweller', 'ROO', 6, ''),
    Contract(39, 'Firefly Pendant', 'jeweller', 'ROOG', 10, ''),
    Contract(40, 'Marigold Beads', 'jeweller', 'OOYB', 10, ''),
    Contract(41, 'Copper Bangle', 'jeweller', 'OOOBP', 13, ''),
    Contract(42, 'Dawn Draught', 'alchemy', 'RP', 4, 'morning'),
    Contract(43, 'Dawn Posy', 'apothecary', 'RG', 4, 'morning'),
    Contract(44, 'Morning Rolls', 'bakery', 'OY', 4, 'morning'),
    Contract(45, 'Dawn Ribbon', 'weaver', 'OB', 4, 'morning'),
    Contract(46, "Tinker's Nails", 'forge', 'RG', 4, 'morning'),
    Contract(47, 'Dawn Earrings', 'jeweller', 'OY', 4, 'morning'),
    Contract(48, 'Dusk Salts', 'alchemy', 'OPP', 6, 'afternoon'),
    Contract(49, 'Noon Remedy', 'apothecary', 'GGB', 6, 'afternoon'),
    Contract(50, 'Picnic Basket', 'bakery', 'OYY', 6, 'afternoon'),
    Contract(51, 'Sun Shawl', 'weaver', 'RBB', 6, 'afternoon'),
    Contract(52, 'Anvil Charm', 'forge', 'RRG', 6, 'afternoon'),
    Contract(53, 'Noon Locket', 'jeweller', 'OOY', 6, 'afternoon'),
    Contract(54, 'Midnight Essence', 'alchemy', 'RBPP', 10, 'evening'),
    Contract(55, 'Evening Cordial', 'apothecary', 'RGGB', 10, 'evening'),
    Contract(56, 'Harvest Feast', 'bakery', 'RYYP', 10, 'evening'),
    Contract(57, 'Night Tapestry', 'weaver', 'RYBB', 10, 'evening'),
    Contract(58, 'Hearth Grate', 'forge', 'RRGB', 10, 'evening'),
    Contract(59, 'Dusk Tiara', 'jeweller', 'ROOB', 10, 'evening'),
)
CONTRACTS: tuple[int, ...] = tuple(c.id for c in ALL_CONTRACTS if not c.period)
STARTING: tuple[int, ...] = tuple(c.id for c in ALL_CONTRACTS if c.period)
PERIODS = ("morning", "afternoon", "evening")
CONTRACT_ROW = 4

# -- items -----------------------------------------------------------------------

ITEMS = ("lantern", "harp", "companion", "tablet", "potion", "satchel")
ITEM_COPIES = 6
#: What each Item costs, in cubes (paid to the bag).
ITEM_COST = {"lantern": "RY", "harp": "ROY", "companion": "B", "tablet": "PP",
             "potion": "GP", "satchel": "OG"}
ITEM_TEXT = {
    "lantern": "one more Quickness slot",
    "harp": "one more die, taken from the reserve and rolled at once",
    "companion": "once a round: take 2 cubes from any one space",
    "tablet": "once a round: start an auction away from a Hub",
    "potion": "once a round: pay one cube as another colour",
    "satchel": "four more Resource slots",
}
#: Items flipped face down when used (ready again at Night).
ONCE_A_ROUND = ("companion", "tablet", "potion")
#: End-game gold by how many Items a player has: 1-2, 3-4, 5, 6.
ITEM_GOLD = {0: 0, 1: 3, 2: 3, 3: 7, 4: 7, 5: 12, 6: 18}
ITEMS_PER_PURCHASE = 2
LANTERN_SLOTS = 1
SATCHEL_SLOTS = 4

# -- forest friends --------------------------------------------------------------

FRIENDS = ("negotiator", "exchange", "critter", "secret-route", "appraiser", "delivery",
           "shadow-market", "pathfinder", "accountant")
FRIEND_NAMES = {"negotiator": "Negotiator", "exchange": "Exchange", "critter": "Helpful Critter",
                "secret-route": "Secret Route", "appraiser": "Appraiser",
                "delivery": "Special Delivery", "shadow-market": "Shadow Market",
                "pathfinder": "Pathfinder", "accountant": "Accountant"}
FRIEND_COUNTS = {"negotiator": 3, "exchange": 3, "critter": 3, "secret-route": 3,
                 "appraiser": 2, "delivery": 3, "shadow-market": 2, "pathfinder": 3,
                 "accountant": 6}
#: Friends that stay face up in the player's area (never discarded).
ONGOING_FRIENDS = ("critter", "accountant")
FRIEND_TEXT = {
    "negotiator": "discard at a Market: +2 gold per Contract completed this turn",
    "exchange": "discard to pay up to 3 cubes as other colours this turn",
    "critter": "ongoing: one more Resource slot",
    "secret-route": "discard in your turn: move to any space",
    "appraiser": "at once: +1 gold per Contract you have completed",
    "delivery": "discard in your turn: draw 4 cubes from the bag",
    "shadow-market": "discard in your turn: sell up to 6 cubes for 1 gold each",
    "pathfinder": "discard in your turn: a free move of up to 4, taking up to 3 cubes there",
    "accountant": "ongoing: +2 gold per completed Contract needing its colour",
}
NEGOTIATOR_GOLD = 2
EXCHANGE_CUBES = 3
APPRAISER_GOLD = 1
DELIVERY_CUBES = 4
SHADOW_MARKET_CUBES = 6
PATHFINDER_REACH = 4
PATHFINDER_CUBES = 3
ACCOUNTANT_GOLD = 2
#: The Accountants, one per player colour (seat), and the resource colour each rewards.
ACCOUNTANT_COLOUR = ("green", "orange", "purple", "blue", "yellow", "red")
FRIEND_DISPLAY = 2


class Friend(NamedTuple):
    id: int
    kind: str
    #: The seat whose colour an Accountant shows (-1 for other friends).
    seat: int


def _friends() -> tuple[Friend, ...]:
    out: list[Friend] = []
    for kind in FRIENDS:
        for k in range(FRIEND_COUNTS[kind]):
            out.append(Friend(len(out), kind, k if kind == "accountant" else -1))
    return tuple(out)


ALL_FRIENDS: tuple[Friend, ...] = _friends()

# -- night cards -------------------------------------------------------------------

#: The 30 Night Cards: the letter(s) each shows; six show two. Every letter
#: appears on exactly two cards.
NIGHT_CARDS: tuple[str, ...] = (
    "A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "M", "N", "O", "P", "Q", "R",
    "G", "I", "L", "O", "Q", "R",
    "AH", "BJ", "CM", "DP", "EN", "FK",
)
NIGHT_REVEAL_CUBES = 3
NIGHT_EXTRA_CUBES = 2
NIGHT_EMPTY_LETTER_CUBES = 1
NIGHT_HUB_CUBES = 1

# -- players -------------------------------------------------------------------------

STARTING_GOLD = 10
DICE_PER_PLAYER = 5
TOTAL_DICE = 36
MOVEMENT_SLOTS = 4
QUICKNESS_SLOTS = 2
RESOURCE_SLOTS = 6
REROLL_COST = 1
CLEAR_COST = 1
COMPENSATION_FEE = 1
#: Extra gold for completing several Contracts in one Market visit, as
#: (at least this many, extra gold), largest first: 3 or more +9, exactly 2 +4.
MULTI_BONUS = ((3, 9), (2, 4))
#: End scoring: one gold per cube that an incomplete Contract could use, then
#: the other cubes at three to one.
LEFTOVER_RATE = 3

#: Coins by value -> how many (133 coins, 498 gold). Gold is counted by value;
#: the supply never runs short in play (see the design notes).
COINS = {1: 48, 3: 40, 5: 24, 10: 21}
GOLD_TOTAL = sum(v * k for v, k in COINS.items())
