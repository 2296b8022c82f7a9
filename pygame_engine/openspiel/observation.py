"""Fixed-size numeric observations: each game's ``view(seat)`` as a vector.

OpenSpiel's observation tensor (and PettingZoo's observation through
Shimmy) is a flat ``float32`` vector of one size per game, whatever the
player count. It is read from ``view(seat)`` alone, the same dict the
page draws for that seat, so it holds only what the seat may see; the leak
test (``tests/research``) compares it on resampled states too.

Each game's ``SPECS`` entry lists fields; a field is a path into the view
and a way to turn what it finds into numbers:

- a path is dot-separated keys and list indices, where ``*`` walks a
  per-seat list padded to the game's most players, and ``#k`` the first
  ``k`` items of a list, padded (a missing seat or item gives zeros, so the
  size never changes);
- ``num``: the value itself (a flag is 0/1, nothing is 0); ``known``: 1 if
  there is a value (a hidden bid is ``null`` in the view); ``one``: one-hot
  over the field's choices, plus a last slot for a value outside them
  (nothing: all zeros); ``many``: multi-hot over the choices of a list's
  items; ``counts``: a dict's numbers in the choices' order; ``len``: a list's
  length; ``chars``:
  one-hot over the choices per character of a string of fixed length.

Shapes (``shape(game_id)``; ``tests/research`` checks these figures):
Ley of the Land 5,240; Ley Lines 4,531; Groves 4,622; Leylines 3,601;
Darkleaf Gambit 3,396. ``layout(game_id)`` names each field's slice.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..games import GAMES
from ..games.darkleaf_gambit import data as darkleaf
from ..games.groves import data as groves
from ..games.ley_of_the_land import data as ley_land
from ..games.leylines import data as leylines

MISSING = object()


@dataclass(frozen=True)
class Field:
    """One entry of a game's spec (see the module docstring)."""

    path: str
    kind: str = "num"
    choices: tuple[Any, ...] = ()
    length: int = 0  # ``chars``: the string's length

    @property
    def width(self) -> int:
        """Numbers per value found."""
        if self.kind in ("num", "known", "len"):
            return 1
        if self.kind == "one":
            return len(self.choices) + 1
        if self.kind == "chars":
            return len(self.choices) * self.length
        return len(self.choices)  # many, counts

    def encode(self, value: Any, out: np.ndarray[Any, Any]) -> None:
        """Write ``value``'s numbers into ``out`` (zeros, of length ``width``)."""
        if value is MISSING or value is None and self.kind != "known":
            return
        if self.kind == "num":
            out[0] = float(value)
        elif self.kind == "known":
            out[0] = 1.0 if value is not None else 0.0
        elif self.kind == "len":
            out[0] = float(len(value))
        elif self.kind == "one":
            out[_index(self.choices, value)] = 1.0
        elif self.kind == "many":
            for item in value:
                if item in self.choices:
                    out[self.choices.index(item)] = 1.0
        elif self.kind == "counts":
            out[:] = [float(value.get(c, 0)) for c in self.choices]
        elif self.kind == "chars":
            for i, ch in enumerate(str(value)[:self.length]):
                if ch in self.choices:
                    out[i * len(self.choices) + self.choices.index(ch)] = 1.0
        else:
            raise ValueError(f"no field kind {self.kind!r}")


def _index(choices: tuple[Any, ...], value: Any) -> int:
    return choices.index(value) if value in choices else len(choices)


def leaves(value: Any, steps: Sequence[str], seats: int) -> list[Any]:
    """What ``steps`` reach in ``value``: a fixed number of leaves, ``MISSING``
    where a seat, an item or a key is absent."""
    if not steps:
        return [value]
    step, rest = steps[0], steps[1:]
    if step == "*" or step.startswith("#"):
        n = seats if step == "*" else int(step[1:])
        items = value if isinstance(value, list) else []
        return [leaf for i in range(n)
                for leaf in leaves(items[i] if i < len(items) else MISSING, rest, seats)]
    if isinstance(value, dict):
        found = value.get(step, MISSING)
    elif isinstance(value, list) and step.isdigit() and int(step) < len(value):
        found = value[int(step)]
    else:
        found = MISSING
    return leaves(found, rest, seats)


def _f(path: str, kind: str = "num", choices: Sequence[Any] = (), length: int = 0) -> Field:
    return Field(path, kind, tuple(choices), length)


SEATS4 = range(4)
SEATS6 = range(6)
LAND_TILES = range(len(ley_land.TILES))
GROVE_IDS = tuple(groves.ALL_GROVES)
SPIRITS = tuple(groves.SPIRITS)
ELEMENTS = tuple(groves.ELEMENTS)
CUBES = tuple(leylines.COLOURS)
DARK_TYPES = tuple(darkleaf.UNIT_TYPES)

#: Per game id, its observation's fields in order (append only: a change
#: renumbers the tensor).
SPECS: dict[str, tuple[Field, ...]] = {
    "ley-of-the-land": (
        _f("seat", "one", SEATS4), _f("num_players", "one", (2, 3, 4)),
        _f("active", "many", SEATS4), _f("phase", "one", ("bid", "act", "over")),
        _f("round"), _f("marker", "one", SEATS4), _f("acting", "one", SEATS4),
        _f("order.#4", "one", SEATS4), _f("revealed.*"), _f("stock"), _f("discarded"),
        _f("last_round"), _f("market.#5.id", "one", LAND_TILES),
        _f("market.#5.edges", "chars", "GY", 4),
        _f("bids.*", "known"), _f("bids.*"), _f("has_bid.*"),
        _f("players.*.money"), _f("players.*.faerie"), _f("players.*.wheat"),
        _f("players.*.faerie_total"), _f("players.*.wheat_total"), _f("players.*.largest"),
        _f("players.*.board.#25.id", "one", LAND_TILES),
        _f("players.*.board.#25.edges", "chars", "GY", 4),
        _f("scores.*"),
    ),
    "ley-lines": (
        _f("seat", "one", SEATS4), _f("num_players", "one", (3, 4)), _f("active", "many", SEATS4),
        _f("phase", "one", ("cairns", "tors", "ley", "over")),
        _f("first", "one", SEATS4), _f("in_play", "many", range(96)),
        _f("board.#96.kind", "one", ("cairn", "tor", "half")),
        _f("board.#96.seat", "one", SEATS4), _f("board.#96.value", "known"),
        _f("board.#96.value"), _f("board.#96.domino", "one", range(28)),
        _f("tors.*", "one", range(96)), _f("hands.*", "many", range(28)),
        _f("hand_sizes.*"), _f("coins.*", "known"), _f("coins_left.*"),
        _f("discard", "many", range(28)), _f("set_aside", "many", range(28)),
        _f("passes"), _f("scores.*"),
    ),
    "groves": (
        _f("seat", "one", SEATS4), _f("num_players", "one", (1, 2, 3, 4)),
        _f("active", "many", SEATS4), _f("phase", "one", ("setup", "place", "over")),
        _f("round"), _f("crown", "one", SEATS4), _f("current", "one", SEATS4),
        _f("final_round"), _f("row.#4.id", "one", GROVE_IDS), _f("row_bought.#4"),
        _f("stack"), _f("removed"), _f("supply", "counts", SPIRITS),
        _f("element_supply", "counts", ELEMENTS), _f("crystal_supply"),
        _f("dominion_supply"), _f("portal_bases"), _f("portal_mirrors"),
        _f("tree.#8.spirit", "one", SPIRITS), _f("tree.#8.seat", "one", SEATS4),
        _f("deck"), _f("players.*.bag", "counts", SPIRITS), _f("players.*.bag_size"),
        _f("players.*.hand", "counts", SPIRITS), _f("players.*.elements", "counts", ELEMENTS),
        _f("players.*.crystals"), _f("players.*.dominion"),
        _f("players.*.resource", "one", SPIRITS), _f("players.*.has_base"),
        _f("players.*.realm.#24.id", "one", GROVE_IDS), _f("players.*.realm.#24.q"),
        _f("players.*.realm.#24.r"), _f("players.*.realm.#24.occupant", "one", SPIRITS),
        _f("players.*.hidden"), _f("players.*.score"),
    ),
    "leylines": (
        _f("seat", "one", SEATS6), _f("num_players", "one", (2, 3, 4, 5, 6)),
        _f("active", "many", SEATS6),
        _f("phase", "one", ("setup", "reroll", "day", "place", "over")),
        _f("step", "one", ("turn", "move", "pick", "discard", "sell", "market", "hub",
                           "path", "route", "companion", "companion-pick")),
        _f("round"), _f("first", "one", SEATS6),
        _f("current", "one", SEATS6), _f(f"spaces.#{len(leylines.SPACES)}.cubes", "counts", CUBES),
        _f("bag"), _f("bag_colours", "counts", CUBES),
        _f("contract_row.#4.id", "one", range(len(leylines.ALL_CONTRACTS))),
        _f("contract_deck"), _f("friends.#4.kind", "one", tuple(leylines.FRIENDS)),
        _f("friend_deck"), _f("night_deck"), _f("night_discard"),
        _f("item_supply", "counts", tuple(leylines.ITEMS)), _f("dice_reserve"),
        _f("auction", "known"),
        _f("players.*.gold"), _f("players.*.pos", "one", range(len(leylines.SPACES))),
        _f("players.*.dice.#8", "one", range(1, 7)), _f("players.*.owned_dice"),
        _f("players.*.moves"), _f("players.*.movement_slots"), _f("players.*.quick"),
        _f("players.*.quick_slots"), _f("players.*.cubes", "counts", CUBES),
        _f("players.*.carry_limit"), _f("players.*.items", "many", tuple(leylines.ITEMS)),
        _f("players.*.contracts.#6.id", "one", range(len(leylines.ALL_CONTRACTS))),
        _f("players.*.completed", "len"), _f("players.*.unused_gold"),
        _f("players.*.score"),
    ),
    "darkleaf-gambit": (
        _f("seat", "one", (0, 1)), _f("active", "many", (0, 1)),
        _f("phase", "one", ("setup", "upkeep", "roll", "declare", "slot", "execute",
                            "acquire", "over")),
        _f("current", "one", (0, 1)), _f("first", "one", (0, 1)), _f("turn"), _f("round"),
        _f("units.#40.seat", "one", (0, 1)), _f("units.#40.type", "one", DARK_TYPES),
        _f("units.#40.square", "one", range(64)), _f("units.#40.royal"),
        _f("units.#40.invulnerable"), _f("graveyard", "many", range(40)),
        _f("clans.*.pool.#8.faces", "one", (4, 6, 8, 10, 12, 20)),
        _f("clans.*.bones.#8.faces", "one", (4, 6, 8, 10, 12, 20)),
        _f("clans.*.bones.#8.value"), _f("clans.*.will_token"),
        _f("clans.*.progress.done"), _f("clans.*.progress.needed"),
        _f("relic_pool"), _f("roll"), _f("winner", "one", (0, 1)), _f("draw"),
        _f("scores.*"),
    ),
}


def _seats(game_id: str) -> int:
    return GAMES[game_id].max_players


@functools.cache
def layout(game_id: str) -> tuple[tuple[str, int, int], ...]:
    """Each field's path with its slice (start, stop) in the vector."""
    seats = _seats(game_id)
    out = []
    start = 0
    for f in SPECS[game_id]:
        size = len(leaves({}, f.path.split("."), seats)) * f.width
        out.append((f.path, start, start + size))
        start += size
    return tuple(out)


def shape(game_id: str) -> tuple[int]:
    """The observation tensor's shape for ``game_id`` (any player count)."""
    return (layout(game_id)[-1][2],)


def encode(game_id: str, view: Mapping[str, Any], out: np.ndarray[Any, Any]) -> None:
    """Fill ``out`` (of ``shape(game_id)``) from one seat's ``view``."""
    out.fill(0.0)
    seats = _seats(game_id)
    for f, (_, start, _stop) in zip(SPECS[game_id], layout(game_id), strict=True):
        at = start
        for leaf in leaves(view, f.path.split("."), seats):
            f.encode(leaf, out[at:at + f.width])
            at += f.width

