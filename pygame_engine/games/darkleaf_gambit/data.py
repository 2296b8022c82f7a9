"""Darkleaf Gambit components and the designed parts, as plain data.

The rule text lost its pictures: the clan guides (starting diagrams, unit
guides, bones), the clan boards (bone slots), the clan starting order table
and the Haggedorn's Will card. This module holds what every clan shares (the
board, the box's counts, the Will card); each clan's own data is a literal
in its ``clans/<clan>.py``. Everything that the text does not state is
designed for this adaptation and listed in ``docs/darkleaf-gambit-design.md``.

Squares are numbered ``rank * 8 + file`` (``0`` is a1, ``63`` is h8). The
first seat's Seat is rank 1, the second seat's Seat is rank 8. Starting
positions are written from the owner's side (``"d1"`` is on the owner's
Seat); the second seat, across the board, sets the same picture out from
its side, so its squares are the first seat's turned half round (a king
written on e1 stands on d8), as its Hexen bone's left and right are.

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

#: Fate chips: the box holds 36, in sets of 6 (one colour each); one chip of
#: a set sits in its round slot on the clan board and 5 are for play. The
#: box serves three duels at once, six clans, so the six clans' sets together
#: fit in it (the Wibo use none). Each clan's data lists its sets
#: (``chip_sets``) and which of its auras and marks share one (``chip_uses``).
FATE_CHIPS = 36
CHIPS_PER_SET = 6
CHIPS_IN_PLAY = 5
#: Bones in the box: six per clan.
BONES_PER_CLAN = 6
#: Relic tokens in the box; each player starts with one on the Will slot.
RELIC_TOKENS = 20

#: (adapted) The game ends in a draw when this many rounds have been played
#: without a winner: the text has no limit, every game here must end.
ROUND_LIMIT = 50

#: The lobby's note on the "random" clan choice (each clan's own note is its
#: data's ``"note"``).
RANDOM_NOTE = "The seeded dice choose one of the six clans."


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


# -- the clans' data (each in its ``clans/<clan>.py``) -------------------------------
#
# Unit guide entries:
#   journey:  "neighboring" | "diagonal" | "adjacent" | "none"
#   upto:     True when the journey may be shorter than the roll (the text's icon)
#   max:      the longest journey whatever the roll (None: no cap)
#   home_step: (Wibo pawns) one rank from the Seat, a step straight back onto it
#             whatever the roll (an exact journey would run off the board)
#   backward: whether the unit may journey toward its own Seat
#   deed:     the directions (or kind) of the unit's deed; "none" if it has none
#   need:     the lowest roll for the deed, where the deed is a roll against a number
#   invulnerable: True for units that can never be vanquished
#
# Each clan's data also gives ``order``, its place in the (designed) clan
# starting order (the clan nearer the front moves first; a mirror match: the
# first seat starts), and ``note``, the lobby's line on it.

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
