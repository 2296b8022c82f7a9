"""Darkleaf Gambit components and the designed parts, as plain data.

The rule text lost its pictures: the clan guides (starting diagrams, unit
guides, bones), the clan boards (bone slots), the clan starting order table
and the Haggedorn's Will card. Everything here that the text does not state
is designed for this adaptation and listed in ``docs/darkleaf-gambit-design.md``.

Squares are numbered ``rank * 8 + file`` (``0`` is a1, ``63`` is h8). The
first seat's Seat is rank 1, the second seat's Seat is rank 8. Starting
positions are written from the owner's side (``"d1"`` is on the owner's
Seat) and mirrored by rank for the second seat.

Slot specs: ``"3"`` only that value; ``"2-5"`` either of the two values (the
text's dash means "either", not a span); ``"E"`` even; ``"O"`` odd; ``"*"``
any value (used by "sum between" rows, whose ``sum`` gives the inclusive
bounds).

>>> square_name(0), square_name(63), square_id("e4")
('a1', 'h8', 28)
>>> slot_accepts("2-5", 5), slot_accepts("2-5", 3), slot_accepts("E", 4), slot_accepts("O", 4)
(True, False, True, False)
"""

from __future__ import annotations

from typing import Any

FILES = "abcdefgh"
SIZE = 8
SQUARES = SIZE * SIZE

#: Unit types, in the order the views list them. A sage is a bishop.
UNIT_TYPES = ("pawn", "knight", "sage", "rook", "king", "queen")
ROYALS = ("king", "queen")
#: Letters the page may print on pieces (never colour alone).
UNIT_LETTERS = {"pawn": "P", "knight": "N", "sage": "S", "rook": "R", "king": "K", "queen": "Q"}
#: Unit maximums: a standard chess set. Rooks and royals are capped at the
#: clan's starting number instead (see ``Clan.maximum``).
STANDARD_SET = {"pawn": 8, "knight": 2, "sage": 2, "rook": 2, "king": 1, "queen": 1}

#: Fate chips: each clan brings one set of 6 chips per chip-using skill; one
#: chip of each set sits in the set's round slot on the clan board and 5 are
#: for play.
CHIPS_PER_SET = 6
CHIPS_IN_PLAY = 5
#: Relic tokens in the box; each player starts with one on the Will slot.
RELIC_TOKENS = 20

#: (adapted) The game ends in a draw when this many rounds have been played
#: without a winner: the text has no limit, every game here must end.
ROUND_LIMIT = 50

#: (designed) Clan starting order: the clan nearer the front moves first.
#: The slow builders start, the quick killers answer. A mirror match: the
#: first seat starts.
START_ORDER = ("erde", "hexen", "wibo", "murg", "ferrymen", "huldra")

#: The lobby's note on each clan choice: its path to victory in a line, and
#: the text's hint on difficulty (Huldra and The Murg the simplest to learn,
#: Hexen the most complex).
CLAN_NOTES = {
    "huldra": "Hunt the rival royal three times from a distance. Among the simplest: "
              "a good first game.",
    "murg": "Close in and Destroy the rival royal with a 6. Among the simplest: "
            "a good first game.",
    "ferrymen": "Every journey ends in a push: drive the rival royal off the board's edge "
                "twice. More involved.",
    "erde": "Claim the four centre territories, then walk the king onto one. More involved.",
    "wibo": "Turn rival units into Wibo pawns and gather six of them on your Seat. "
            "More involved.",
    "hexen": "Name two rival units before the first roll and let your Hexes take both. "
             "The most complex clan.",
    "random": "The seeded dice choose one of the six clans.",
}


def square_name(sq: int) -> str:
    return f"{FILES[sq % SIZE]}{sq // SIZE + 1}"


def square_id(name: str) -> int:
    return (int(name[1]) - 1) * SIZE + FILES.index(name[0])


def slot_accepts(spec: str, value: int) -> bool:
    """Whether a bone showing ``value`` may fill a slot with this spec."""
    if spec == "*":
        return True
    if spec == "E":
        return value % 2 == 0
    if spec == "O":
        return value % 2 == 1
    return value in (int(v) for v in spec.split("-"))


# -- clans ------------------------------------------------------------------------
#
# Unit guide entries:
#   journey:  "neighboring" | "diagonal" | "adjacent" | "none"
#   upto:     True when the journey may be shorter than the roll (the text's icon)
#   max:      the longest journey whatever the roll (None: no cap)
#   backward: whether the unit may journey toward its own Seat
#   deed:     the directions (or kind) of the unit's deed; "none" if it has none
#   need:     the lowest roll for the deed, where the deed is a roll against a number
#   invulnerable: True for units that can never be vanquished

HULDRA: dict[str, Any] = {
    "key": "huldra",
    "name": "Huldra",
    "deed": "Hunt",
    "path": "Land three Hunts on the rival royal",
    "hunts_to_win": 3,
    # Six four-sided bones: a lone hunter's lucky shot at an exact distance
    # hits one time in four (the text's 25 %).
    "bones": (4, 4, 4, 4, 4, 4),
    "start": (("rook", "a1"), ("knight", "b1"), ("sage", "c1"), ("queen", "d1"),
              ("sage", "f1"), ("knight", "g1"),
              ("pawn", "b2"), ("pawn", "c2"), ("pawn", "d2"), ("pawn", "e2"),
              ("pawn", "f2"), ("pawn", "g2")),
    "units": {
        "pawn": {"journey": "neighboring", "upto": False, "max": None, "backward": False,
                 "deed": "neighboring"},
        "knight": {"journey": "adjacent", "upto": False, "max": None, "backward": True,
                   "deed": "diagonal"},
        "sage": {"journey": "diagonal", "upto": True, "max": None, "backward": True,
                 "deed": "diagonal"},
        "rook": {"journey": "neighboring", "upto": True, "max": None, "backward": True,
                 "deed": "none", "invulnerable": True},
        "queen": {"journey": "adjacent", "upto": True, "max": 2, "backward": True,
                  "deed": "adjacent"},
    },
    "chip_sets": ("long_bow", "pivot", "hunt"),
    "skills": (
        {"key": "long_bow", "name": "Long Bow", "type": "aura", "target": "pawn",
         "slots": ("E", "O")},
        {"key": "pivot", "name": "Pivot", "type": "aura", "target": "sage",
         "slots": ("1-2", "3-4")},
        {"key": "renewal", "name": "Renewal", "type": "miracle", "slots": ("1", "4")},
        {"key": "tweak", "name": "Tweak", "type": "relic", "slots": ("2", "O"), "relics": 2},
        {"key": "adapt", "name": "Adapt", "type": "law", "slots": ("*", "*", "*", "*"),
         "sum": (11, 13)},
    ),
}

MURG: dict[str, Any] = {
    "key": "murg",
    "name": "The Murg",
    "deed": "Destroy",
    "path": "Destroy the rival royal (it takes a 6)",
    # Six ordinary six-sided bones: the royal kill needs the 6.
    "bones": (6, 6, 6, 6, 6, 6),
    "destroy_need": 3,
    "royal_need": 6,
    "royal_need_law": 5,
    "start": (("rook", "a1"), ("knight", "b1"), ("sage", "c1"), ("king", "e1"),
              ("sage", "f1"), ("knight", "g1"), ("rook", "h1"),
              ("pawn", "b2"), ("pawn", "c2"), ("pawn", "d2"), ("pawn", "e2"),
              ("pawn", "f2"), ("pawn", "g2")),
    "units": {
        # A roll above 3 is cut to 3: the Murg close in over several turns.
        "pawn": {"journey": "neighboring", "upto": False, "max": 3, "backward": False,
                 "deed": "adjacent", "need": 3},
        # The knight's Destroy reaches a knight's leap away and needs 4+.
        "knight": {"journey": "neighboring", "upto": True, "max": 3, "backward": True,
                   "deed": "leap", "need": 4},
        # The sage's deed is Ambush: a journey that ends on a vulnerable rival.
        "sage": {"journey": "diagonal", "upto": False, "max": None, "backward": True,
                 "deed": "ambush"},
        "rook": {"journey": "neighboring", "upto": True, "max": None, "backward": True,
                 "deed": "none", "invulnerable": True},
        # The king Destroys only a rival that another Murg unit also stands next to.
        "king": {"journey": "adjacent", "upto": True, "max": 2, "backward": True,
                 "deed": "pincer", "need": 3},
    },
    "chip_sets": ("iron_plating", "assassin"),
    "skills": (
        {"key": "iron_plating", "name": "Iron Plating", "type": "aura", "target": "pawn",
         "slots": ("1-2", "3-4"), "protect": True},
        {"key": "predictive_model", "name": "Predictive Model", "type": "relic",
         "slots": ("E", "O"), "relics": 2},
        {"key": "em_loop", "name": "Electromagnetic Loop", "type": "relic",
         "slots": ("*", "*", "*"), "sum": (15, 18), "relics": 1},
        {"key": "assassin", "name": "Assassin", "type": "aura", "target": "sage",
         "slots": ("6", "4-5")},
        {"key": "singularity", "name": "Technological Singularity", "type": "law",
         "slots": ("*", "*", "*"), "sum": (3, 5)},
    ),
}

#: Every clan's data, by key (part 2 adds the other four here).
CLAN_DATA: dict[str, dict[str, Any]] = {"huldra": HULDRA, "murg": MURG}

# -- Haggedorn's Will ------------------------------------------------------------------
#
# Each outcome is done by both players, the rival (of the player who called on
# the Will) first. ``effects`` are steps the engine knows (see ``will.py``);
# ``rounds`` makes an outcome last that many rounds (a counter, ticking down in
# the caller's Upkeep); ``marked`` makes it last for the rest of the game.

BLESSINGS: tuple[dict[str, Any], ...] = (
    {"roll": 1, "name": "Kindled Pawn", "effects": ("rekindle_pawn",),
     "text": "Each player rekindles a pawn onto their Seat."},
    {"roll": 2, "name": "Kindled Champion", "effects": ("rekindle_champion",),
     "text": "Each player rekindles a knight or sage onto their Seat."},
    {"roll": 3, "name": "Relic Gift", "effects": ("gain_relic",),
     "text": "Each player gains a relic token on one of their relic skills."},
    {"roll": 4, "name": "Unravelling", "effects": ("unslot_rival",),
     "text": "Each player takes one bone off the rival's clan board (back to its pool)."},
    {"roll": 5, "name": "Homeward Path", "effects": ("relocate_home",),
     "text": "Each player relocates one of their non-royal units onto their Seat."},
    {"roll": 6, "name": "Sheltering Boughs", "effects": (), "rounds": 2,
     "text": "For 2 rounds no royal can be vanquished or Hunted."},
    {"roll": 7, "name": "Sanctuary", "effects": (), "rounds": 2,
     "text": "For 2 rounds no unit on its own Seat can be vanquished."},
    {"roll": 8, "name": "Fleet Foot", "effects": (), "marked": True,
     "text": "For the rest of the game a journey may go one territory farther than the roll."},
    {"roll": 9, "name": "Rootstock", "effects": ("rekindle_by_royal",),
     "text": "Each player rekindles a pawn next to their royal."},
    {"roll": 10, "name": "Will Restored", "effects": ("gain_will",),
     "text": "Each player without a Will token gains one."},
    {"roll": 11, "name": "Twin Kindling", "effects": ("rekindle_pawn", "rekindle_pawn"),
     "text": "Each player rekindles two pawns onto their Seat."},
    {"roll": 12, "name": "Full Bloom", "effects": ("rekindle_any", "gain_relic"),
     "text": "Each player rekindles any non-royal unit onto their Seat and gains a relic token."},
)

CURSES: tuple[dict[str, Any], ...] = (
    {"roll": 1, "name": "Tremor", "effects": ("tremor_back",),
     "text": "Every unit is pushed one territory toward its own Seat, where nothing blocks it."},
    {"roll": 2, "name": "Rockslide", "effects": ("vanquish_own_pawn",),
     "text": "Each player vanquishes one of their own pawns."},
    {"roll": 3, "name": "Blight", "effects": ("vanquish_own",),
     "text": "Each player vanquishes one of their own vulnerable, non-royal units."},
    {"roll": 4, "name": "Scattered Bones", "effects": ("unslot_own",),
     "text": "Each player takes one bone off their own clan board (back to the pool)."},
    {"roll": 5, "name": "Lost Relic", "effects": ("lose_relic",),
     "text": "Each player loses one relic token (not a law's)."},
    {"roll": 6, "name": "Mire", "effects": (), "rounds": 2,
     "text": "For 2 rounds every journey is cut to at most one territory."},
    {"roll": 7, "name": "Aura Drain", "effects": ("drop_aura",),
     "text": "Each player removes one aura from their own units."},
    {"roll": 8, "name": "Heavy Tread", "effects": (), "marked": True,
     "text": "For the rest of the game every journey is cut to at most three territories."},
    {"roll": 9, "name": "Nightfall", "effects": (), "rounds": 1,
     "text": "For 1 round no unit can be vanquished."},
    {"roll": 10, "name": "Great Tremor", "effects": ("tremor_forward",),
     "text": "Every unit is pushed one territory toward its own Range, where nothing blocks it."},
    {"roll": 11, "name": "Sinkhole", "effects": ("vanquish_rival_pawn",),
     "text": "Each player vanquishes one of the rival's pawns."},
    {"roll": 12, "name": "Darkleaf Stirs", "effects": ("tremor_back", "lose_relic"),
     "text": "A Tremor, then each player loses one relic token."},
)

WILL_TABLES: dict[str, tuple[dict[str, Any], ...]] = {"blessings": BLESSINGS, "curses": CURSES}

#: Handicap choices: how many bones a player rolls and slots at setup.
HANDICAPS = (0, 2, 3, 4, 5)

# -- Wildero Wibo (part 2) -------------------------------------------------------------
#
# Extra unit guide entries: ``morph`` the directions of the unit's Morph
# ("neighboring" as the deed says; "none" for the rook); ``mass`` marks the
# sage, whose one Morph roll may convert a second neighbouring rival.

WIBO: dict[str, Any] = {
    "key": "wibo",
    "name": "Wildero Wibo",
    "deed": "Morph",
    "path": "End a turn with 6 Wibo pawns in the Seat",
    "pawns_to_win": 6,
    "morph_need": 3,
    # Six six-sided bones: Morph's 3+ is two chances in three.
    "bones": (6, 6, 6, 6, 6, 6),
    # A handful of units: the pawns to come are the rival's, Morphed. The two
    # pawns start diagonal to the rook, inside Biotic Refuge.
    "start": (("sage", "c1"), ("queen", "d1"), ("rook", "e1"), ("knight", "f1"),
              ("pawn", "d2"), ("pawn", "f2")),
    "units": {
        "pawn": {"journey": "adjacent", "upto": True, "max": 2, "backward": True,
                 "deed": "morph", "morph": "neighboring"},
        # Hasty Retreat: after its Morph the knight retreats with the new pawn.
        "knight": {"journey": "adjacent", "upto": True, "max": 3, "backward": True,
                   "deed": "morph", "morph": "neighboring"},
        # Mass Morph: one Morph roll converts a second neighbouring rival.
        "sage": {"journey": "diagonal", "upto": True, "max": None, "backward": True,
                 "deed": "morph", "morph": "neighboring", "mass": True},
        # Invulnerable; Biotic Refuge shields the Wibo pawns diagonal to it.
        "rook": {"journey": "neighboring", "upto": True, "max": None, "backward": True,
                 "deed": "none", "morph": "none", "invulnerable": True},
        # Deep Roots: one territory whatever the roll, or a swap with a Wibo pawn.
        "queen": {"journey": "adjacent", "upto": True, "max": 1, "backward": True,
                  "deed": "morph", "morph": "neighboring"},
    },
    # A retreat goes toward the Seat (straight or diagonal), up to the roll.
    "retreat_max": None,
    # The text: the Wibo need no fate chips.
    "chip_sets": (),
    "skills": (
        {"key": "spores", "name": "Hallucinogenic Spores", "type": "miracle",
         "slots": ("5-6", "5-6")},
        {"key": "regrowth", "name": "Rival Regrowth", "type": "miracle",
         "slots": ("1-2", "3-4")},
        {"key": "starter_seed", "name": "Starter Seed", "type": "relic",
         "slots": ("E", "O"), "relics": 2, "when": "morph"},
        {"key": "scatter", "name": "Scatter", "type": "miracle", "slots": ("O", "O")},
        {"key": "endless", "name": "The Endless", "type": "law",
         "slots": ("*", "*", "*"), "sum": (3, 6)},
    ),
}

CLAN_DATA["wibo"] = WIBO

# -- Hexen (part 2) ----------------------------------------------------------------------
#
# Hexen journeys read the bone as a direction (``HEXEN_DIRECTIONS``), so the
# unit guide's ``max`` is None throughout: a unit goes as far as it wishes.

HEXEN: dict[str, Any] = {
    "key": "hexen",
    "name": "Hexen",
    "deed": "Hex",
    "path": "Vanquish both Divine Quarry",
    "quarry": 2,
    "quarry_ranks": 2,  # the rival's units in the farthest two ranks
    # Six eight-sided bones: one face per compass direction.
    "bones": (8, 8, 8, 8, 8, 8),
    "start": (("rook", "a1"), ("knight", "b1"), ("sage", "c1"), ("queen", "d1"),
              ("sage", "f1"), ("knight", "g1"), ("rook", "h1"),
              ("pawn", "c2"), ("pawn", "d2"), ("pawn", "e2"), ("pawn", "f2")),
    "units": {
        "pawn": {"journey": "adjacent", "upto": True, "max": None, "backward": True,
                 "deed": "hex"},
        "knight": {"journey": "adjacent", "upto": True, "max": None, "backward": True,
                   "deed": "hex"},
        # Sages may Hex without journeying first.
        "sage": {"journey": "adjacent", "upto": True, "max": None, "backward": True,
                 "deed": "hex", "hex_still": True},
        "rook": {"journey": "adjacent", "upto": True, "max": None, "backward": True,
                 "deed": "hex", "invulnerable": True},
        "queen": {"journey": "adjacent", "upto": True, "max": None, "backward": True,
                  "deed": "hex"},
    },
    "garden_rounds": 3,
    "ladder_rounds": 2,
    "chip_sets": ("poison_garden", "witchs_ladder"),
    "skills": (
        {"key": "poison_garden", "name": "Poison Garden", "type": "relic",
         "slots": ("E", "O"), "relics": 2, "when": "hex"},
        {"key": "witchs_ladder", "name": "Witch's Ladder", "type": "relic",
         "slots": ("1-8", "2-7"), "relics": 2, "when": "hex"},
        {"key": "hoc_vult", "name": "Haggedorn Hoc Vult", "type": "miracle",
         "slots": ("8", "8", "1")},
        {"key": "waxing_moon", "name": "Waxing Moon", "type": "miracle",
         "slots": ("3-4", "5-6")},
        {"key": "compass", "name": "Celestial Compass", "type": "law",
         "slots": ("*", "*", "*"), "sum": (19, 24)},
    ),
}

#: Hexen direction bone: face -> (file, rank) step from the first seat's side,
#: clockwise from straight ahead (the second seat's are turned half round).
HEXEN_DIRECTIONS = {1: (0, 1), 2: (1, 1), 3: (1, 0), 4: (1, -1), 5: (0, -1), 6: (-1, -1),
                    7: (-1, 0), 8: (-1, 1)}

CLAN_DATA["hexen"] = HEXEN

# -- Ferrymen (part 2) -----------------------------------------------------------------
#
# Extra unit guide entries: ``flow`` marks the units able to Flow (they may
# also end a journey on a rival); ``cross`` marks the units whose forward
# journey goes on from the Range to the Seat (the text: pawns and sages).

FERRYMEN: dict[str, Any] = {
    "key": "ferrymen",
    "name": "Ferrymen",
    "deed": "Flow",
    "path": "Flow the rival royal off Haggedorn's edge twice",
    "pushes_to_win": 2,
    # Six ordinary six-sided bones: Calm Waters' "a roll of 1" is a d6 face.
    "bones": (6, 6, 6, 6, 6, 6),
    "start": (("rook", "a1"), ("knight", "b1"), ("sage", "c1"), ("king", "e1"),
              ("sage", "f1"), ("knight", "g1"), ("rook", "h1"),
              ("pawn", "b2"), ("pawn", "c2"), ("pawn", "d2"), ("pawn", "e2"),
              ("pawn", "f2"), ("pawn", "g2")),
    "units": {
        # Forward and sideways, never backward; up to the roll, at most 3 (tuned:
        # exact journeys, 31 % overall in greedy self-play; up to, 37 %).
        "pawn": {"journey": "neighboring", "upto": True, "max": 3, "backward": False,
                 "deed": "flow", "flow": True, "cross": True},
        # Tuned: at most 3, not 2 (greedy self-play: 32 % -> 34 %).
        "knight": {"journey": "adjacent", "upto": True, "max": 3, "backward": True,
                   "deed": "flow", "flow": True},
        "sage": {"journey": "diagonal", "upto": True, "max": None, "backward": False,
                 "deed": "flow", "flow": True, "cross": True},
        "rook": {"journey": "neighboring", "upto": True, "max": None, "backward": True,
                 "deed": "flow", "flow": True, "invulnerable": True},
        # The royal does not Flow (the trait speaks of "units able to perform Flow").
        "king": {"journey": "adjacent", "upto": True, "max": 1, "backward": True,
                 "deed": "none", "flow": False},
    },
    # Trait auras earned crossing from the Range to the Seat (no slots).
    "auras": {
        "barbaric": {"key": "barbaric", "name": "Barbaric", "type": "aura"},
        "ripple": {"key": "ripple", "name": "Ripple Effect", "type": "aura"},
    },
    # "flowed": the chip on a rival royal pushed off once.
    "chip_sets": ("barbaric", "ripple", "flowed"),
    "skills": (
        {"key": "unrelenting_tide", "name": "Unrelenting Tide", "type": "relic",
         "slots": ("6", "5-6"), "relics": 1},
        {"key": "master_current", "name": "Master the Current", "type": "miracle",
         "slots": ("1-2", "3-4")},
        {"key": "eddy", "name": "Eddy", "type": "miracle", "slots": ("E", "O")},
        {"key": "big_wave", "name": "Big Wave", "type": "miracle", "slots": ("4", "O")},
        {"key": "calm_waters", "name": "Calm Waters", "type": "law",
         "slots": ("*", "*", "*"), "sum": (3, 6)},
    ),
}

CLAN_DATA["ferrymen"] = FERRYMEN

# -- Erde (part 2) ---------------------------------------------------------------------
#
# Extra entries: ``centre`` the four territories to Reclaim (board names);
# the sage's ``wall``: a sage side by side in a rank with an Erde rook, or
# with a sage that is, is invulnerable.

ERDE: dict[str, Any] = {
    "key": "erde",
    "name": "Erde",
    "deed": "Reclaim",
    "path": "Reclaim the 4 centre territories, then journey the king onto one",
    # Six eight-sided bones: Reclaim asks "6 or higher", so the bones go past 6.
    "bones": (8, 8, 8, 8, 8, 8),
    "reclaim_need": 6,
    "reclaim_need_law": 5,
    "centre": ("d4", "e4", "d5", "e5"),
    "split": 2,  # units a journey roll may be split between
    "split_metamorphic": 3,
    "metamorphic_roll": 3,
    "start": (("rook", "a1"), ("knight", "b1"), ("sage", "c1"), ("king", "e1"),
              ("sage", "f1"), ("knight", "g1"), ("rook", "h1"),
              ("pawn", "a2"), ("pawn", "b2"), ("pawn", "c2"), ("pawn", "d2"),
              ("pawn", "e2"), ("pawn", "f2"), ("pawn", "g2"), ("pawn", "h2")),
    "units": {
        # "Backward movement is not possible for most units": all but rook and king.
        "pawn": {"journey": "neighboring", "upto": False, "max": None, "backward": False,
                 "deed": "reclaim"},
        "knight": {"journey": "adjacent", "upto": False, "max": None, "backward": False,
                   "deed": "none"},
        "sage": {"journey": "diagonal", "upto": True, "max": None, "backward": False,
                 "deed": "none", "wall": True},
        "rook": {"journey": "neighboring", "upto": True, "max": None, "backward": True,
                 "deed": "none", "invulnerable": True},
        # Thick Skin: only a clan whose path is to strike down the royal can vanquish it.
        "king": {"journey": "adjacent", "upto": True, "max": 2, "backward": True,
                 "deed": "none", "thick_skin": True},
    },
    # "reclaimed": the chips marking Reclaimed territories.
    "chip_sets": ("reclaimed",),
    "skills": (
        {"key": "banish", "name": "Banish", "type": "relic", "slots": ("7-8", "1-2"),
         "relics": 1},
        {"key": "undying", "name": "That Which Cannot Be Destroyed", "type": "miracle",
         "slots": ("E", "O")},
        {"key": "metamorphic", "name": "Metamorphic", "type": "relic", "slots": ("O", "O"),
         "relics": 2, "when": "roll"},
        {"key": "sink", "name": "Sink", "type": "miracle", "slots": ("8", "7", "1-2")},
        {"key": "one_with_land", "name": "One With the Land", "type": "law",
         "slots": ("*", "*", "*"), "sum": (6, 9)},
    ),
}

CLAN_DATA["erde"] = ERDE
