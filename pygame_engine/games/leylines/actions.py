"""Leylines actions: the small choices a turn is made of.

Each action is a frozen dataclass of ints and strs with a human label. A
turn reads: choose a die for the Movement slot (``Move``), perhaps add dice
through Quickness (``Boost``), choose where to stop (``Go``), take the free
cube (``Pick`` or ``Skip``), then the space's business: Items and the
auction at a Hub, Contracts at a Market. Forest Friends and Items are played
with ``Use``. ``Skip`` and ``Done`` close a step; ``Pass`` declines a bid,
a match or a Forest Friend.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from ...core.actions import Worded
from ...core.game import Action
from .data import ALL_CONTRACTS, ALL_FRIENDS, CODES, FRIEND_NAMES, ITEMS, MARKET_NAMES, SPACES


def space_name(space: int) -> str:
    """``"space 12"``, ``"letter C"``, ``"the hub at 10"``, ``"market space 1"``.

    >>> space_name(0), space_name(10)
    ('space A', 'Hub 10')
    """
    if not 0 <= space < len(SPACES):
        return f"space {space}"
    s = SPACES[space]
    if s.kind == "letter":
        return f"space {s.letter}"
    if s.kind == "hub":
        return f"Hub {space}"
    if s.kind == "market":
        return f"Market space {space}"
    return f"space {space}"


def cube_words(text: str) -> str:
    """``"RRB"`` -> ``"2 red + 1 blue"``.

    >>> cube_words("RRB")
    '2 red + 1 blue'
    """
    out: list[str] = []
    for letter, colour in CODES.items():
        k = text.count(letter)
        if k:
            out.append(f"{k} {colour}")
    return " + ".join(out) or "nothing"


def a_cube(colour: str) -> str:
    """``"a red cube"``, ``"an orange cube"``.

    >>> a_cube("orange")
    'an orange cube'
    """
    return f"{'an' if colour[:1] in 'aeiou' else 'a'} {colour} cube"


def contract_name(cid: int) -> str:
    if 0 <= cid < len(ALL_CONTRACTS):
        c = ALL_CONTRACTS[cid]
        return f"{c.name} ({MARKET_NAMES[c.market]}, {c.gold} gold)"
    return f"contract {cid}"


def _with_aid(aid: str) -> str:
    """How a payment was helped, for a label (empty when it was not).

    >>> _with_aid("potion+exchange"), _with_aid("")
    (' with the potion and exchange', '')
    """
    return f" with the {aid.replace('+', ' and ')}" if aid else ""


def _item_name(item: str) -> str:
    return item.capitalize() if item in ITEMS else item


class LeylinesAction(Worded):
    """Leylines' labels name spaces, cubes, Contracts and payments in words."""

    spell: ClassVar[Mapping[str, Callable[[Any], str]]] = {
        "space": space_name, "colour": a_cube, "contract": contract_name, "dice": ", ".join,
        "item": _item_name, "pay": cube_words, "aid": _with_aid}


class Start(LeylinesAction, kind="start", words="Start at {space}"):
    """First round: place the standee on a Market space."""

    space: int


class Reroll(LeylinesAction, kind="reroll", words="Pay 1 gold to re-roll {dice}"):
    """Pay 1 gold to re-roll the dice showing these values (e.g. ``"136"``)."""

    dice: str


class Keep(LeylinesAction, kind="keep", words="Keep these dice"):
    pass


class Move(LeylinesAction, kind="move", words="Move with the {die}"):
    """Put a die of this value in a Movement slot."""

    die: int


class Boost(LeylinesAction, kind="boost", words="Add the {die} to the move (Quickness)"):
    """Put a die in a Quickness slot to add its value to this move."""

    die: int


class Go(LeylinesAction, kind="go", words="Go to {space}"):
    """End a move (or a Secret Route or Pathfinder trip) on this space."""

    space: int


class Quick(LeylinesAction, kind="quick",
            words="Take all the cubes here with the {die} (Quickness)"):
    """Put a die in a Quickness slot to take every cube on this space."""

    die: int


class Pick(LeylinesAction, kind="pick", words="Take {colour}"):
    """Take one cube of this colour."""

    colour: str


class Discard(LeylinesAction, kind="discard", words="Drop {colour} here"):
    """Over the carry limit: put a cube of this colour on your space."""

    colour: str


class Sell(LeylinesAction, kind="sell", words="Sell {colour} for 1 gold"):
    """Shadow Market: sell a cube of this colour for 1 gold."""

    colour: str


class Skip(LeylinesAction, kind="skip", words="Take no more cubes"):
    """Take no (more) cubes here."""


class Done(LeylinesAction, kind="done", words="Done here"):
    """Finish at this Hub or Market, or stop selling."""


class EndTurn(LeylinesAction, kind="end", words="End the turn"):
    pass


class Buy(LeylinesAction, kind="buy", words="Buy the {item} for {pay}{aid}"):
    """At a Hub: buy an Item, paying ``pay`` (cubes) with ``aid`` (see ``payment``)."""

    item: str
    pay: str
    aid: str


class Complete(LeylinesAction, kind="complete", words="Complete {contract} for {pay}{aid}"):
    """At a Market: complete a Contract, paying ``pay`` with ``aid``."""

    contract: int
    pay: str
    aid: str


class Use(LeylinesAction, kind="use"):
    """Play a Forest Friend (discarded) or a once-a-round Item (flipped)."""

    card: str

    @property
    def label(self) -> str:
        name = FRIEND_NAMES.get(self.card) or self.card.capitalize()
        return f"Use the {name}"


class From(LeylinesAction, kind="from", words="Companion: take cubes from {space}"):
    """Companion: take cubes from this space."""

    space: int


class Clear(LeylinesAction, kind="clear", words="Pay 1 gold to clear the Contracts"):
    """Pay 1 gold to clear the four Contracts and deal four new ones."""


class Offer(LeylinesAction, kind="offer", words="Auction {contract}"):
    """Put this face-up Contract up for auction."""

    contract: int


class Bid(LeylinesAction, kind="bid", words="Bid {amount} gold"):
    amount: int


class Match(LeylinesAction, kind="match", words="Match the high bid"):
    pass


class Pass(LeylinesAction, kind="pass", words="Pass"):
    pass


class Befriend(LeylinesAction, kind="befriend"):
    """Compensation: take this Forest Friend from the display."""

    friend: int

    @property
    def label(self) -> str:
        if 0 <= self.friend < len(ALL_FRIENDS):
            return f"Take the {FRIEND_NAMES[ALL_FRIENDS[self.friend].kind]}"
        return f"Take forest friend {self.friend}"


ACTION_TYPES: tuple[type[Action], ...] = (
    Start, Reroll, Keep, Move, Boost, Go, Quick, Pick, Discard, Sell, Skip, Done, EndTurn,
    Buy, Complete, Use, From, Clear, Offer, Bid, Match, Pass, Befriend)
