"""The typed shape of Groves' ``view``: what the web view reads."""

from typing import NotRequired, TypedDict

from ...core.view_types import BaseView, StandingView

#: The latest move that put something on the table: ``seat``, ``kind`` and
#: the action's fields by name (``owner``, ``q``, ``r`` of a placing ...).
LastMove = dict[str, int | str]


class GroveView(TypedDict):
    """A grove with its words (reward and bonus described)."""

    id: str
    name: str
    colour: str | None  #: None for a colourless starting grove
    cost: dict[str, int]  #: element -> amount; empty for starting groves
    dominion: int
    primary: str
    bonus: str | None


class RealmGroveView(GroveView):
    """A grove in a realm: its cell and the spirit on it."""

    q: int
    r: int
    occupant: str | None


class TreeSpiritView(TypedDict):
    area: str
    spirit: str
    seat: int


class RealmCardView(TypedDict):
    id: str
    kind: str  #: "trophy" or "lightning"
    measure: str
    goal: int
    dominion: int
    text: str
    holder: int | None  #: the seat that took a lightning card


class PendingView(TypedDict):
    """The step the current seat is resolving."""

    kind: str
    args: list[str | int]  #: the step's arguments (the summoning cards only to their chooser)
    text: str


class SoloView(TypedDict):
    """Solo play's Hollows of the Lost."""

    hollows: int
    spaces: int
    target: int
    wraith_bag: dict[str, int]
    wraith_supply: int
    banished: int
    marks: list[str]
    drawn: dict[str, int]
    won: bool | None  #: None until the game is over
    lost: str | None


class PlayerView(TypedDict):
    bag: dict[str, int]
    bag_size: int
    hand: dict[str, int]
    elements: dict[str, int]
    crystals: int
    dominion: int
    resource: str | None
    has_base: bool
    portals: list[int]
    realm: list[RealmGroveView]
    hidden: int
    my_cards: list[str] | None  #: the seat's own face-down cards only
    revealed: list[str]
    realm_cards: list[str]
    score: float


class GrovesView(BaseView):
    phase: str
    round: int
    crown: int
    current: int
    final_round: bool
    solo: SoloView | None
    row: list[GroveView | None]
    row_costs: list[int]
    row_bought: list[bool]
    stack: int
    removed: int
    supply: dict[str, int]
    element_supply: dict[str, int]
    crystal_supply: int
    dominion_supply: int
    portal_bases: int
    portal_mirrors: int
    tree: list[TreeSpiritView]
    tree_areas: list[str]
    deck: int
    deck_bottom: list[int]
    realm_cards: list[RealmCardView]
    pending: PendingView | None
    players: list[PlayerView]
    sent: list[tuple[int, str, str]]  #: (seat, spirit, where) of each spirit sent, in order
    last_move: LastMove | None
    scores: NotRequired[list[float]]
    breakdown: NotRequired[list[dict[str, float]]]
    standings: NotRequired[list[StandingView]]
