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

from dataclasses import dataclass
from typing import ClassVar

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


@dataclass(frozen=True)
class Start(Action):
    """First round: place the standee on a Market space."""

    kind: ClassVar[str] = "start"
    space: int

    @property
    def label(self) -> str:
        return f"Start at {space_name(self.space)}"


@dataclass(frozen=True)
class Reroll(Action):
    """Pay 1 gold to re-roll the dice showing these values (e.g. ``"136"``)."""

    kind: ClassVar[str] = "reroll"
    dice: str

    @property
    def label(self) -> str:
        return f"Pay 1 gold to re-roll {', '.join(self.dice)}"


@dataclass(frozen=True)
class Keep(Action):
    kind: ClassVar[str] = "keep"

    @property
    def label(self) -> str:
        return "Keep these dice"


@dataclass(frozen=True)
class Move(Action):
    """Put a die of this value in a Movement slot."""

    kind: ClassVar[str] = "move"
    die: int

    @property
    def label(self) -> str:
        return f"Move with the {self.die}"


@dataclass(frozen=True)
class Boost(Action):
    """Put a die in a Quickness slot to add its value to this move."""

    kind: ClassVar[str] = "boost"
    die: int

    @property
    def label(self) -> str:
        return f"Add the {self.die} to the move (Quickness)"


@dataclass(frozen=True)
class Go(Action):
    """End a move (or a Secret Route or Pathfinder trip) on this space."""

    kind: ClassVar[str] = "go"
    space: int

    @property
    def label(self) -> str:
        return f"Go to {space_name(self.space)}"


@dataclass(frozen=True)
class Quick(Action):
    """Put a die in a Quickness slot to take every cube on this space."""

    kind: ClassVar[str] = "quick"
    die: int

    @property
    def label(self) -> str:
        return f"Take all the cubes here with the {self.die} (Quickness)"


@dataclass(frozen=True)
class Pick(Action):
    """Take one cube of this colour."""

    kind: ClassVar[str] = "pick"
    colour: str

    @property
    def label(self) -> str:
        return f"Take {a_cube(self.colour)}"


@dataclass(frozen=True)
class Discard(Action):
    """Over the carry limit: put a cube of this colour on your space."""

    kind: ClassVar[str] = "discard"
    colour: str

    @property
    def label(self) -> str:
        return f"Drop {a_cube(self.colour)} here"


@dataclass(frozen=True)
class Sell(Action):
    """Shadow Market: sell a cube of this colour for 1 gold."""

    kind: ClassVar[str] = "sell"
    colour: str

    @property
    def label(self) -> str:
        return f"Sell {a_cube(self.colour)} for 1 gold"


@dataclass(frozen=True)
class Skip(Action):
    """Take no (more) cubes here."""

    kind: ClassVar[str] = "skip"

    @property
    def label(self) -> str:
        return "Take no more cubes"


@dataclass(frozen=True)
class Done(Action):
    """Finish at this Hub or Market, or stop selling."""

    kind: ClassVar[str] = "done"

    @property
    def label(self) -> str:
        return "Done here"


@dataclass(frozen=True)
class EndTurn(Action):
    kind: ClassVar[str] = "end"

    @property
    def label(self) -> str:
        return "End the turn"


@dataclass(frozen=True)
class Buy(Action):
    """At a Hub: buy an Item, paying ``pay`` (cubes) with ``aid`` (see ``payment``)."""

    kind: ClassVar[str] = "buy"
    item: str
    pay: str
    aid: str

    @property
    def label(self) -> str:
        name = self.item.capitalize() if self.item in ITEMS else self.item
        return f"Buy the {name} for {cube_words(self.pay)}{_with_aid(self.aid)}"


def _with_aid(aid: str) -> str:
    """How a payment was helped, for a label (empty when it was not).

    >>> _with_aid("potion+exchange"), _with_aid("")
    (' with the potion and exchange', '')
    """
    return f" with the {aid.replace('+', ' and ')}" if aid else ""


@dataclass(frozen=True)
class Complete(Action):
    """At a Market: complete a Contract, paying ``pay`` with ``aid``."""

    kind: ClassVar[str] = "complete"
    contract: int
    pay: str
    aid: str

    @property
    def label(self) -> str:
        return (f"Complete {contract_name(self.contract)} for {cube_words(self.pay)}"
                f"{_with_aid(self.aid)}")


@dataclass(frozen=True)
class Use(Action):
    """Play a Forest Friend (discarded) or a once-a-round Item (flipped)."""

    kind: ClassVar[str] = "use"
    card: str

    @property
    def label(self) -> str:
        name = FRIEND_NAMES.get(self.card) or self.card.capitalize()
        return f"Use the {name}"


@dataclass(frozen=True)
class From(Action):
    """Companion: take cubes from this space."""

    kind: ClassVar[str] = "from"
    space: int

    @property
    def label(self) -> str:
        return f"Companion: take cubes from {space_name(self.space)}"


@dataclass(frozen=True)
class Clear(Action):
    """Pay 1 gold to clear the four Contracts and deal four new ones."""

    kind: ClassVar[str] = "clear"

    @property
    def label(self) -> str:
        return "Pay 1 gold to clear the Contracts"


@dataclass(frozen=True)
class Offer(Action):
    """Put this face-up Contract up for auction."""

    kind: ClassVar[str] = "offer"
    contract: int

    @property
    def label(self) -> str:
        return f"Auction {contract_name(self.contract)}"


@dataclass(frozen=True)
class Bid(Action):
    kind: ClassVar[str] = "bid"
    amount: int

    @property
    def label(self) -> str:
        return f"Bid {self.amount} gold"


@dataclass(frozen=True)
class Match(Action):
    kind: ClassVar[str] = "match"

    @property
    def label(self) -> str:
        return "Match the high bid"


@dataclass(frozen=True)
class Pass(Action):
    kind: ClassVar[str] = "pass"

    @property
    def label(self) -> str:
        return "Pass"


@dataclass(frozen=True)
class Befriend(Action):
    """Compensation: take this Forest Friend from the display."""

    kind: ClassVar[str] = "befriend"
    friend: int

    @property
    def label(self) -> str:
        if 0 <= self.friend < len(ALL_FRIENDS):
            return f"Take the {FRIEND_NAMES[ALL_FRIENDS[self.friend].kind]}"
        return f"Take forest friend {self.friend}"


ACTION_TYPES: tuple[type[Action], ...] = (
    Start, Reroll, Keep, Move, Boost, Go, Quick, Pick, Discard, Sell, Skip, Done, EndTurn,
    Buy, Complete, Use, From, Clear, Offer, Bid, Match, Pass, Befriend)
