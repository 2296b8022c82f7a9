"""Groves components, as plain data.

The rule text names its components and gives their counts but shows none of
their faces. Everything designed here (grove costs and rewards, the starting
groves, the summoning and realm bonus cards, the solo track) is listed under
"Adaptation notes" on the game's rules page. Counts the text gives are kept
exactly: 93 spirits, 28 groves, 16 starting groves, 16 summoning and 12 realm
bonus cards, 20 of each element, 8 portals, crystal and dominion tokens of
16 x 1, 4 x 5 and 4 x 10 (76 of value each).

Rewards are small tuples (the text's reward vocabulary):

- ``("gain", "1L+1C")``: take the bundle (E earth, L light, W water,
  C crystal, D dominion);
- ``("element", n)``: n elements of your choice, one at a time;
- ``("either", "2C", "1E+1W")``: one bundle or the other;
- ``("trade", "2L", "3D")``: discard the first bundle to take the second;
- ``("spirit", n)``: add n spirits of your choice (not wraiths) to your bag;
- ``("white", 1)``: add a white spirit to your bag;
- ``("cull", 1)``: discard one random spirit from your bag to the supply;
- ``("draw", n)``: draw n extra spirits from your bag to place this round.

>>> bundle("2E+1D")
{'earth': 2, 'dominion': 1}
>>> len(GROVES), len(SUMMONING_CARDS), len(REALM_CARDS)
(28, 16, 12)
"""

from __future__ import annotations

from functools import cache
from typing import Any, NamedTuple

COLOURS = ("yellow", "orange", "green", "blue")
#: Every kind of spirit, white first and wraiths (black) last.
SPIRITS = ("white", *COLOURS, "wraith")
SPIRIT_COUNTS = {"white": 32, "yellow": 12, "orange": 12, "green": 12, "blue": 12,
                 "wraith": 13}
ELEMENTS = ("earth", "light", "water")
ELEMENT_SUPPLY = 20
#: Token denominations -> how many tokens: 76 of value for crystals and for dominion.
TOKENS = {1: 16, 5: 4, 10: 4}
TOKEN_VALUE = sum(v * k for v, k in TOKENS.items())
PORTALS = 8

RESOURCE_CODES = {"E": "earth", "L": "light", "W": "water", "C": "crystal", "D": "dominion"}


@cache
def bundle(text: str) -> dict[str, int]:
    """A bundle like ``"2E+1D"`` as resource -> amount (shared: do not modify it)."""
    out: dict[str, int] = {}
    for part in text.split("+"):
        out[RESOURCE_CODES[part[-1]]] = out.get(RESOURCE_CODES[part[-1]], 0) + int(part[:-1] or 1)
    return out


# -- setup ---------------------------------------------------------------------

#: Groves in the draw stack by player count (1 = solo uses all 28).
STACK_SIZE = {1: 28, 2: 17, 3: 22, 4: 25}
#: Crystal cost of the row's slots, left to right.
ROW_COSTS = (1, 2, 3, 4)
#: Crystals by seat: the start player takes 1, the next 2, and so on; solo takes 3.
STARTING_CRYSTALS = (1, 2, 3, 4)
SOLO_CRYSTALS = 3
STARTING_ELEMENTS = 2
STARTING_WHITES = 8

# -- groves --------------------------------------------------------------------

Reward = tuple[Any, ...]


class Grove(NamedTuple):
    id: str
    name: str
    colour: str | None  # None: a colourless starting grove (no bonus reward)
    cost: str  # element bundle, "" for starting groves
    dominion: int
    primary: Reward
    bonus: Reward | None


#: The four kinds of starting grove; each player gets a quick-reference grove
#: (no reward, not a place to visit), a double-crystal grove, a
#: spirit-generating grove and one resource-generating grove.
STARTING_GROVES: dict[str, Grove] = {g.id: g for g in (
    Grove("crystal", "Crystal Spring", None, "", 0, ("gain", "2C"), None),
    Grove("spirit", "Spirit Well", None, "", 0, ("spirit", 1), None),
    Grove("rg-yellow", "Sunlit Glade", "yellow", "", 0, ("gain", "1L"), ("gain", "1L+1C")),
    Grove("rg-orange", "Ember Thicket", "orange", "", 0, ("element", 1), ("gain", "1C+1D")),
    Grove("rg-green", "Verdant Dell", "green", "", 0, ("gain", "1E"), ("gain", "1E+1C")),
    Grove("rg-blue", "Dewdrop Pool", "blue", "", 0, ("gain", "1W"), ("gain", "1W+1C")),
)}
#: Starting grove hexes in the box: 4 quick-reference + 4 double-crystal +
#: 4 spirit-generating + 4 resource-generating (one per colour) = 16. The
#: quick-reference grove is a rules summary that sits in the realm; no spirit
#: visits it, so it is not modelled on the map.
STARTING_GROVE_BOX = {"reference": 4, "crystal": 4, "spirit": 4, "rg-yellow": 1,
                      "rg-orange": 1, "rg-green": 1, "rg-blue": 1}
STARTING_GROVE_COUNT = sum(STARTING_GROVE_BOX.values())
#: Where the three starting groves sit in every realm (axial hex coordinates).
START_CELLS = {"crystal": (0, 0), "spirit": (1, 0), "resource": (0, 1)}


def _colour_set(c: str, el: str, names: tuple[str, ...]) -> tuple[Grove, ...]:
    """The seven groves of one element-leaning colour (yellow, green, blue)."""
    x = el  # the colour's own element code
    o1, o2 = {"L": ("E", "W"), "E": ("W", "L"), "W": ("L", "E")}[el]
    p = c[0]
    return (
        Grove(f"{p}1", names[0], c, f"1{x}", 1, ("gain", f"1{x}"), ("gain", "1C+1D")),
        Grove(f"{p}2", names[1], c, f"1{x}+1{o1}", 1, ("element", 1), ("draw", 1)),
        Grove(f"{p}3", names[2], c, f"2{x}", 2, ("gain", "1C"), ("spirit", 1)),
        Grove(f"{p}4", names[3], c, f"2{x}+1{o2}", 2, ("trade", f"2{x}", "3D"),
              ("gain", f"2{x}")),
        Grove(f"{p}5", names[4], c, "1E+1L+1W", 3, ("either", "2C", f"1{o1}+1{o2}"),
              ("cull", 1)),
        Grove(f"{p}6", names[5], c, f"3{x}+1{o1}", 4, ("gain", "1D"), ("gain", "2D")),
        Grove(f"{p}7", names[6], c, f"2{x}+2{o2}", 3, ("draw", 2), ("gain", f"1{x}+1D")),
    )


#: The 28 grove hexes of the draw stack: 7 of each colour.
GROVES: dict[str, Grove] = {g.id: g for g in (
    *_colour_set("yellow", "L", ("Glimmer Meadow", "Honeylight Dell", "Starfall Clearing",
                                 "Gilded Hollow", "Golden Canopy", "Sunspire Grove",
                                 "Lantern Thicket")),
    *_colour_set("green", "E", ("Bracken Hollow", "Lichen Bank", "Root Circle", "Bramble Gate",
                                "Willow Rest", "Elder Oak", "Clover Terrace")),
    *_colour_set("blue", "W", ("Dew Pool", "Reed Shallows", "Misty Ford", "Silver Brook",
                               "Rain Garden", "Moonlit Lake", "Tide Hollow")),
    Grove("o1", "Ember Nook", "orange", "1E", 1, ("gain", "1C"), ("element", 1)),
    Grove("o2", "Foxfire Glen", "orange", "1L+1W", 1, ("white", 1), ("gain", "2C")),
    Grove("o3", "Cinder Ring", "orange", "1E+1L", 2, ("trade", "1C", "1D"), ("spirit", 1)),
    Grove("o4", "Russet Hollow", "orange", "2E+1W", 2, ("element", 1), ("draw", 1)),
    Grove("o5", "Autumn Stair", "orange", "1E+1L+1W", 3, ("gain", "1C"), ("spirit", 2)),
    Grove("o6", "Hearthwood", "orange", "2E+2L", 4, ("gain", "1D"), ("trade", "2C", "3D")),
    Grove("o7", "Maple Crown", "orange", "1E+1L+2W", 3, ("cull", 1), ("gain", "2C+1D")),
)}
ALL_GROVES: dict[str, Grove] = {**STARTING_GROVES, **GROVES}

# -- summoning bonus cards -----------------------------------------------------


class SummoningCard(NamedTuple):
    id: str
    #: "pair": draw both pictured spirits; "three-different" / "three-same":
    #: three non-white spirits, all different / all the same.
    kind: str
    spirits: tuple[str, ...]
    dominion: int


def _pairs() -> tuple[SummoningCard, ...]:
    out = []
    for i, a in enumerate(COLOURS):
        for b in COLOURS[i:]:
            out.append(SummoningCard(f"{a}-{b}", "pair", (a, b), 1))
    return tuple(out)


#: 16 cards: 10 colour pairs (6 mixed, 4 doubles), 4 with a wraith, three
#: different (1 point) and three the same (3 points).
SUMMONING_CARDS: dict[str, SummoningCard] = {c.id: c for c in (
    *_pairs(),
    *(SummoningCard(f"wraith-{c}", "pair", ("wraith", c), 1) for c in COLOURS),
    SummoningCard("three-different", "three-different", (), 1),
    SummoningCard("three-same", "three-same", (), 3),
)}
WRAITH_CARDS = tuple(c for c, card in SUMMONING_CARDS.items() if "wraith" in card.spirits)

# -- realm bonus cards ---------------------------------------------------------


class RealmCard(NamedTuple):
    id: str
    #: "trophy": scored at the end by the single leader (a tie gives it to
    #: nobody); "lightning": taken at once by the first to reach ``goal``.
    kind: str
    #: What is counted: "spirits:<colour>", "groves-one-colour", "groves",
    #: "groves-colours", "spirits-each", "grove-dominion".
    measure: str
    goal: int  # lightning: the target; trophy: the solo target
    dominion: int
    text: str


REALM_CARDS: dict[str, RealmCard] = {c.id: c for c in (
    *(RealmCard(f"most-{c}", "trophy", f"spirits:{c}", 5, 3,
                f"Most {c} spirits (bag and realm)") for c in COLOURS),
    RealmCard("most-one-colour", "trophy", "groves-one-colour", 3, 3,
              "Most purchased groves of a single colour"),
    RealmCard("most-groves", "trophy", "groves", 6, 3, "Most purchased groves"),
    RealmCard("three-alike", "lightning", "groves-one-colour", 3, 2,
              "First with 3 purchased groves of one colour"),
    RealmCard("four-colours", "lightning", "groves-colours", 4, 2,
              "First with purchased groves of all four colours"),
    RealmCard("five-groves", "lightning", "groves", 5, 2, "First with 5 purchased groves"),
    RealmCard("two-of-each", "lightning", "spirits-each", 2, 2,
              "First to own 2 spirits of each colour"),
    RealmCard("six-of-one", "lightning", "spirits-one", 6, 2,
              "First to own 6 spirits of one colour"),
    RealmCard("grand-realm", "lightning", "grove-dominion", 8, 2,
              "First with purchased groves worth 8 dominion"),
)}
REALM_CARDS_SHOWN = 3

# -- the Tree of Idyll and the solo track --------------------------------------

#: The three areas of the Tree of Idyll; solo play uses only the first two.
TREE_AREAS = ("groves", "bonus", "portal")
SOLO_TREE_AREAS = ("groves", "bonus")
#: Wraith spaces in the Hollows of the Lost; the lowest exposed value is
#: HOLLOWS_BASE plus the wraiths there.
HOLLOWS_SPACES = 9
HOLLOWS_BASE = 14
WRAITH_BAG_WHITES = 8
#: Dominion points for every this many elements and crystals left at the end.
LEFTOVER_RATE = 5
