"""Groves: the action types, and the words that describe actions, rewards and cards."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from ...core.actions import Worded
from ...core.game import Action, Game
from . import data
from .data import ELEMENTS, ROW_COSTS, SPIRITS, SUMMONING_CARDS, bundle

Cell = tuple[int, int]
HEX_STEPS: tuple[Cell, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
#: Pure gains resolve at once: taking elements, crystals or dominion never hurts.
AUTO_STEPS = ("gain", "wraith-draw", "hollows", "wraith-return", "end-round")
#: Steps that the seat may decline (all rewards and powers; not the follow-ups
#: of a choice already made: attaching a grove, aiming a portal, keeping a card).
DECLINABLE = ("element", "either", "trade", "spirit", "white", "cull", "draw", "buy", "repel",
              "spawn", "recall", "banish")
SOLO_LOSS_RANK = 2  # the Hollows of the Lost take rank 1; see ``standings``
#: What each area of the Tree of Idyll lets a spirit sent there do.
AREA_WORDS = {"groves": "buy a grove", "bonus": "take a summoning card",
              "portal": "build a portal"}
STEP_TEXT = {"buy": "choose a grove to buy", "attach": "attach the new grove to the realm",
             "portal": "choose the neighbour the portal opens to",
             "summon": "keep one of two summoning cards",
             "repel": "repel a drawn wraith (blue power)?",
             "spawn": "add a white spirit to the wraith bag (orange power)?",
             "recall": "pay 2 crystals to recall the newest wraith (yellow power)?",
             "banish": "pay 2 elements to banish the newest wraith (green power)?"}


#: The solo power each wraith-bag colour gives.
POWER_COLOUR = {"repel": "blue", "spawn": "orange", "recall": "yellow", "banish": "green"}


def step_words(step: tuple[Any, ...]) -> str:
    """A pending step in words.

    >>> step_words(("buy",)), step_words(("element", 2))
    ('choose a grove to buy', '2 elements of your choice')
    """
    return STEP_TEXT.get(step[0]) or describe(step)


def declined(step: tuple[Any, ...]) -> str:
    """What a seat does by declining a step, after its name.

    >>> declined(("buy",)), declined(("gain", "1C")), declined(("recall",))
    ('buys no grove', 'declines the reward (1 crystal)', 'does not use the yellow power')
    >>> declined(("spirit", 1))
    'declines the reward (add 1 spirit of their choice to their bag)'
    """
    if step[0] == "buy":
        return "buys no grove"
    if step[0] in POWER_COLOUR:
        return f"does not use the {POWER_COLOUR[step[0]]} power"
    return f"declines the reward ({describe(step, 'their')})"


def seat_name(seat: int) -> str:
    return Game.seat_names[seat]


def ordinal(n: int) -> str:
    return {1: "first", 2: "second", 3: "third", 4: "fourth"}.get(n, f"{n}th")


def a_spirit(spirit: str) -> str:
    """``"a yellow spirit"``, ``"an orange spirit"``, ``"a wraith"``."""
    if spirit == "wraith":
        return "a wraith"
    return f"{'an' if spirit[0] in 'aeiou' else 'a'} {spirit} spirit"


def count_words(n: int, noun: str) -> str:
    """``n`` things in words: crystals and spirits count, elements and dominion do not.

    >>> count_words(1, "crystal"), count_words(2, "crystal"), count_words(2, "earth")
    ('1 crystal', '2 crystals', '2 earth')
    >>> count_words(1, "wraith"), count_words(3, "white spirit"), count_words(0, "spirit")
    ('a wraith', '3 white spirits', 'no spirit')
    """
    if noun in ("wraith", "spirit") or noun.endswith(" spirit"):
        if n == 0:
            return f"no {noun}"
        if n == 1:
            return a_spirit(noun[:-7]) if noun.endswith(" spirit") else f"a {noun}"
        return f"{n} {noun}s"
    if noun in ("crystal", "element"):
        return f"{n} {noun}" if n == 1 else f"{n} {noun}s"
    return f"{n} {noun}"


def spirits_words(spirits: list[str]) -> str:
    """Spirits drawn or placed, grouped by kind.

    >>> spirits_words(["white", "yellow", "white"])
    '2 white spirits and a yellow spirit'
    >>> spirits_words(["wraith", "white"]), spirits_words([])
    ('a white spirit and a wraith', 'no spirit')
    """
    parts = [count_words(spirits.count(s), "wraith" if s == "wraith" else f"{s} spirit")
             for s in SPIRITS if s in spirits]
    if not parts:
        return "no spirit"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def describe(reward: data.Reward, whose: str = "your") -> str:
    """A reward in words, to the seat it is offered to (or, with ``whose``
    ``"their"``, about that seat).

    >>> describe(("trade", "2L", "3D"))
    'discard 2 light for 3 dominion'
    >>> describe(("element", 1)), describe(("spirit", 2)), describe(("gain", "2C"))
    ('1 element of your choice', 'add 2 spirits of your choice to your bag', '2 crystals')
    >>> describe(("draw", 1), "their")
    'draw 1 extra spirit from their bag'
    """
    kind = reward[0]
    if kind == "gain":
        return bundle_words(reward[1])
    if kind == "element":
        return f"{count_words(reward[1], 'element')} of {whose} choice"
    if kind == "either":
        return f"{bundle_words(reward[1])} or {bundle_words(reward[2])}"
    if kind == "trade":
        return f"discard {bundle_words(reward[1])} for {bundle_words(reward[2])}"
    if kind == "spirit":
        what = "1 spirit" if reward[1] == 1 else f"{reward[1]} spirits"
        return f"add {what} of {whose} choice to {whose} bag"
    if kind == "white":
        return f"add a white spirit to {whose} bag"
    if kind == "cull":
        return f"discard a random spirit from {whose} bag"
    if kind == "draw":
        what = "1 extra spirit" if reward[1] == 1 else f"{reward[1]} extra spirits"
        return f"draw {what} from {whose} bag"
    return kind


def bundle_words(text: str | dict[str, int]) -> str:
    """A bundle (``"1E+2C"`` or resource -> amount) in words, leaving out zeros.

    >>> bundle_words("1E+2C"), bundle_words({"crystal": 1, "light": 0})
    ('1 earth + 2 crystals', '1 crystal')
    """
    items = bundle(text).items() if isinstance(text, str) else text.items()
    return " + ".join(count_words(n, what) for what, n in items if n) or "nothing"


def card_words(card: str) -> str:
    """What a summoning card asks of a round's first draw, in words.

    >>> card_words("yellow-blue"), card_words("green-green"), card_words("wraith-blue")
    ('a yellow and a blue spirit', 'two green spirits', 'a wraith and a blue spirit')
    >>> card_words("three-same")
    'three spirits of one colour'
    """
    c = SUMMONING_CARDS[card]
    if c.kind == "three-different":
        return "three spirits of different colours"
    if c.kind == "three-same":
        return "three spirits of one colour"
    a, b = c.spirits
    if a == b:
        return f"two {a} spirits"
    if a == "wraith":
        return f"a wraith and {a_spirit(b)}"
    return f"{a_spirit(a)[:-7]} and {a_spirit(b)}"


def _counts() -> dict[str, int]:
    return {s: 0 for s in SPIRITS}


# -- actions -------------------------------------------------------------------


def _price(slot: int) -> str:
    """Where a grove stands in the row and what it costs."""
    return f"{ordinal(slot + 1)} slot of the row ({count_words(ROW_COSTS[slot], 'crystal')})"


class GrovesAction(Worded):
    """Groves' labels name spirits, seats, Tree areas and row slots in words."""

    spell: ClassVar[Mapping[str, Callable[[Any], str]]] = {
        "spirit": a_spirit, "owner": seat_name, "target": seat_name,
        "area": AREA_WORDS.__getitem__, "slot": _price}


class ChooseGrove(GrovesAction, kind="start"):
    """Setup: take a resource-generating grove of this colour."""

    colour: str

    @property
    def label(self) -> str:
        g = data.STARTING_GROVES["rg-" + self.colour]
        assert g.bonus is not None
        return (f"Start with {g.name}, the {self.colour} resource grove: {describe(g.primary)}; "
                f"{a_spirit(self.colour)} or a wraith also gets {describe(g.bonus)}")


# The grove's name needs the position: see ``GrovesState.action_label``.
class Place(GrovesAction, kind="place", words="Place {spirit} on a grove in {owner}'s realm"):
    """Place a spirit on the grove at ``(q, r)`` of ``owner``'s realm."""

    spirit: str
    owner: int
    q: int
    r: int


class Visit(GrovesAction, kind="visit",
            words="Send {spirit} to the Tree of Idyll to {area}"):
    """Place a spirit on an area of the Tree of Idyll."""

    spirit: str
    area: str


class Strand(GrovesAction, kind="strand",
             words="Return the drawn wraiths to your bag (no free grove for them)"):
    """Return wraiths that have nowhere to go to your bag."""


class Collect(GrovesAction, kind="collect"):
    """Take a reward (or use a solo power) in the way ``option`` names: an element,
    a spirit, a bundle code such as ``"2C"`` (one of an either-or reward), ``draw``,
    ``cull``, ``trade``, ``wraith-bag:<spirit>``, a solo power, or two elements to banish."""

    option: str

    @property
    def label(self) -> str:
        o = self.option
        if o.startswith("wraith-bag:"):
            return f"Put {a_spirit(o.split(':')[1])} in the wraith bag"
        if o in SPIRITS:
            return f"Add {a_spirit(o)} to your bag"
        if o in ELEMENTS:
            return f"Take 1 {o}"
        if o[:1].isdigit():
            return f"Take {bundle_words(o)}"
        if "+" in o:
            a, b = o.split("+")
            return f"Spend {'2 ' + a if a == b else a + ' and ' + b} to banish a wraith"
        return {"draw": "Draw the extra spirits", "cull": "Discard a random spirit from your bag",
                "trade": "Make the trade", "repel": "Repel a wraith",
                "spawn": "Add a white spirit to the wraith bag",
                "recall": "Pay 2 crystals to recall a wraith"}.get(o, f"Take {o}")


class Decline(GrovesAction, kind="decline", words="Decline"):
    pass


class Buy(GrovesAction, kind="buy", words="Buy the grove in the {slot}"):
    slot: int


# Where, in words, needs the realm: see ``GrovesState.action_label``.
class Attach(GrovesAction, kind="attach", words="Attach the new grove to your realm"):
    q: int
    r: int


class Portal(GrovesAction, kind="portal", words="Open the portal to {target}'s realm"):
    target: int


class Summon(GrovesAction, kind="summon"):
    secret: ClassVar[bool] = True
    card: str

    @property
    def label(self) -> str:
        card = SUMMONING_CARDS[self.card]
        return f"Keep the summoning card for {card_words(self.card)} (+{card.dominion} dominion)"

    @property
    def public_label(self) -> str:
        return "Keep a summoning card"


ACTION_TYPES: tuple[type[Action], ...] = (ChooseGrove, Place, Visit, Strand, Collect, Decline,
                                           Buy, Attach, Portal, Summon)
