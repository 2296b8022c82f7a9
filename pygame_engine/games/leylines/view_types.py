"""The typed shape of Leylines' ``view``: what the web view reads."""

from typing import NotRequired, TypedDict

from ...core.view_types import BaseView, StandingView


class MarketInfo(TypedDict):
    name: str
    colour: str


class ItemInfo(TypedDict):
    cost: dict[str, int]  #: colour -> cubes
    text: str
    once_a_round: bool


class FriendInfo(TypedDict):
    name: str
    text: str
    ongoing: bool


class SlotCounts(TypedDict):
    movement: int
    quickness: int
    resources: int


class Catalogue(TypedDict):
    """Static texts and numbers for the page (names, costs, effects, bands)."""

    colours: list[str]
    markets: dict[str, MarketInfo]
    regions: list[str]
    board_size: list[int]  #: width, height of the forest's drawing
    items: dict[str, ItemInfo]
    item_gold: dict[str, int]  #: items held (as text) -> gold at the end
    friends: dict[str, FriendInfo]
    accountant_colours: list[str]
    slots: SlotCounts


class SpaceView(TypedDict):
    id: int
    kind: str  #: plain, letter, hub or market
    letter: str | None
    region: str
    x: int
    y: int
    market: str | None  #: the Market Token lying there
    cubes: dict[str, int]  #: colour -> count


class ContractView(TypedDict):
    id: int
    name: str
    market: str
    cubes: dict[str, int]
    code: str  #: the cubes as letters
    gold: int
    period: str | None  #: a Starting Contract's period


class FriendView(TypedDict):
    """A Forest Friend held by a player."""

    id: int
    kind: str
    colour: str | None  #: an accountant's colour


class DisplayFriendView(FriendView):
    """A Forest Friend on display, with the gold lying on it."""

    gold: int


class NightCardView(TypedDict):
    id: int
    letters: str


class TurnView(TypedDict):
    """The acting seat's turn so far (during the day, outside auctions)."""

    moved: bool
    reach: int
    quick_ok: bool
    bought: int
    visit: int
    completed: int
    negotiator: bool
    exchange_left: int
    picks_left: int
    source: int
    reachable: list[int]


class AuctionView(TypedDict):
    active: int
    stage: str  #: offer, bid, rebid, match or friend
    actor: int
    contract: ContractView | None
    cleared: bool
    high: int
    bidder: int | None
    order: list[int]
    second: bool


class ItemView(TypedDict):
    item: str
    flipped: bool


class PlayerView(TypedDict):
    gold: int
    pos: int
    dice: list[int]
    owned_dice: int
    moves: int
    movement_slots: int
    quick: int
    quick_slots: int
    move_dice: list[int]
    quick_dice: list[int]
    cubes: dict[str, int]
    carry_limit: int
    items: list[ItemView]
    contracts: list[ContractView]
    completed: list[ContractView]
    friends: list[FriendView]
    unused_gold: int
    score: float


class LastMove(TypedDict):
    seat: int
    space: int  #: where the seat's standee last landed


class Options(TypedDict):
    convert: bool
    accountants: bool


class LeylinesView(BaseView):
    phase: str
    round: int
    rounds: int
    first: int
    current: int
    step: str | None
    options: Options
    catalogue: Catalogue
    spaces: list[SpaceView]
    paths: list[list[int]]
    bag: int
    bag_colours: dict[str, int]
    contract_row: list[ContractView]
    contract_deck: int
    friends: list[DisplayFriendView]
    friend_deck: int
    friend_discard: list[int]
    night_revealed: list[NightCardView]
    night_deck: int
    night_discard: int
    item_supply: dict[str, int]
    dice_reserve: int
    gold_supply: int
    turn: TurnView | None
    auction: AuctionView | None
    players: list[PlayerView]
    last_move: LastMove | None
    scores: NotRequired[list[float]]
    breakdown: NotRequired[list[dict[str, float]]]
    standings: NotRequired[list[StandingView]]
