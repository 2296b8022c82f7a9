"""Leylines' table: the pieces and the bookkeeping every rule uses.

``Player`` holds a seat's gold, standee, dice and slots, cubes and cards;
``Auction`` an auction in progress. ``Table`` sets up a game (setup steps
A-M of the rule text) and keeps the small moves shared by the rules: gold
to and from the supply, cubes from the bag, decks that refill from their
discards, and the carry limit. The forest's distances are computed once
from ``data.PATHS``.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from typing import Any

from ...core.events import Event
from ...core.game import Game, State
from . import data
from .data import (
    ALL_CONTRACTS,
    ALL_FRIENDS,
    COLOURS,
    FRIEND_NAMES,
    ITEMS,
    NIGHT_CARDS,
    SPACES,
)
from .payment import aid_options, can_pay, counts_of

NUM_SPACES = len(SPACES)
COLOUR_INDEX = {c: i for i, c in enumerate(COLOURS)}


def _neighbours() -> list[list[int]]:
    out: list[list[int]] = [[] for _ in SPACES]
    for a, b in data.PATHS:
        out[a].append(b)
        out[b].append(a)
    return [sorted(n) for n in out]


def steps_from(links: Sequence[Sequence[int]], start: int) -> list[int]:
    """Steps from ``start`` to every space along ``links`` (space -> the spaces a
    path joins it to); -1 where none leads.

    >>> steps_from([[1], [0, 2], [1], []], 0)
    [0, 1, 2, -1]
    """
    dist = [-1] * len(links)
    dist[start] = 0
    queue = deque([start])
    while queue:
        u = queue.popleft()
        for v in links[u]:
            if dist[v] < 0:
                dist[v] = dist[u] + 1
                queue.append(v)
    return dist


NEIGHBOURS = _neighbours()
#: Steps between any two spaces (moves may pass through any space).
DIST = [steps_from(NEIGHBOURS, start) for start in range(NUM_SPACES)]
#: Each Contract's cubes as six counts.
NEED = [counts_of(c.cubes) for c in ALL_CONTRACTS]
ITEM_NEED = {item: counts_of(cost) for item, cost in data.ITEM_COST.items()}
ACCOUNTANT_INDEX = [COLOUR_INDEX[c] for c in data.ACCOUNTANT_COLOUR]


def seat_name(seat: int) -> str:
    return Game.seat_names[seat]


def multi_bonus(completed: int) -> int:
    """Extra gold for completing ``completed`` Contracts in one Market visit.

    >>> [multi_bonus(k) for k in range(5)]
    [0, 0, 4, 9, 9]
    """
    for least, gold in data.MULTI_BONUS:
        if completed >= least:
            return gold
    return 0


# -- players and auctions -----------------------------------------------------------


class Player:
    """One seat's pieces: gold, standee, dice and slots, cubes, cards."""

    __slots__ = ("gold", "pos", "dice", "owned_dice", "moves", "quick", "placed", "cubes",
                 "items", "contracts", "completed", "friends")

    def __init__(self) -> None:
        self.gold = 0
        self.pos = -1  # the standee's space (-1 before it is placed)
        self.dice: list[int] = []  # rolled dice not yet used, sorted
        self.owned_dice = data.DICE_PER_PLAYER
        self.moves = 0  # Movement slots filled this Day
        self.quick = 0  # Quickness slots filled this Day
        #: The dice placed this Day, in order: ("move" or "quick", value).
        self.placed: list[tuple[str, int]] = []
        self.cubes = [0] * 6
        self.items: dict[str, bool] = {}  # item -> flipped (used this round)
        self.contracts: list[int] = []  # incomplete, face up
        self.completed: list[int] = []  # face down
        self.friends: list[int] = []

    def copy(self) -> Player:
        c = Player.__new__(Player)
        c.gold, c.pos, c.owned_dice, c.moves, c.quick = (
            self.gold, self.pos, self.owned_dice, self.moves, self.quick)
        c.dice, c.cubes, c.placed = list(self.dice), list(self.cubes), list(self.placed)
        c.items = dict(self.items)
        c.contracts, c.completed, c.friends = (
            list(self.contracts), list(self.completed), list(self.friends))
        return c

    def friend_kinds(self) -> list[str]:
        return [ALL_FRIENDS[f].kind for f in self.friends]

    def has_friend(self, kind: str) -> bool:
        return any(ALL_FRIENDS[f].kind == kind for f in self.friends)

    def carry_limit(self) -> int:
        limit = data.RESOURCE_SLOTS + self.friend_kinds().count("critter")
        if "satchel" in self.items:
            limit += data.SATCHEL_SLOTS
        return limit

    def quick_slots(self) -> int:
        return data.QUICKNESS_SLOTS + (data.LANTERN_SLOTS if "lantern" in self.items else 0)

    def ready(self, item: str) -> bool:
        """Owns this once-a-round Item and has not used it this round."""
        return item in self.items and not self.items[item]

    def can_move(self) -> bool:
        return bool(self.dice) and self.moves < data.MOVEMENT_SLOTS


class Auction:
    """A Contract auction in progress; ``stage`` says who acts and how."""

    __slots__ = ("active", "stage", "contract", "cleared", "order", "turn", "high", "bidder",
                 "second", "friend_seat")

    def __init__(self, active: int) -> None:
        self.active = active
        self.stage = "offer"  # offer, bid, match, rebid, friend
        self.contract = -1
        self.cleared = False
        self.order: list[int] = []  # bidders, from the active seat's left
        self.turn = 0  # index in ``order`` of the seat to bid
        self.high = 0
        self.bidder = -1
        self.second = False  # two players: the second bid has been made
        self.friend_seat = -1

    def copy(self) -> Auction:
        c = Auction.__new__(Auction)
        for name in Auction.__slots__:
            setattr(c, name, getattr(self, name))
        c.order = list(self.order)
        return c

    def actor(self) -> int:
        if self.stage == "bid":
            return self.order[self.turn]
        if self.stage == "rebid":
            return self.bidder
        if self.stage == "friend":
            return self.friend_seat
        return self.active


# -- the state -------------------------------------------------------------------------




class Table(State):
    """A Leylines position's pieces; the rules (``rules.LeylinesState``) build on it."""

    def __init__(self, game: Game, num_players: int, seed: int,
                 options: dict[str, Any]) -> None:
        super().__init__(game, num_players, seed, options)
        n = num_players
        rng = self.rng
        self.convert = options.get("convert") == "on"
        self.start_accountants = options.get("accountants") == "on"
        # A-B: the board, and the Market Tokens shuffled onto the Market spaces.
        tokens = list(data.MARKETS)
        rng.shuffle(tokens)
        self.market_at: dict[int, str] = dict(zip(data.MARKET_SPACES, tokens, strict=True))
        # C: as many of each Item as players; the rest back in the box.
        self.item_supply = {item: n for item in ITEMS}
        self.item_box = (data.ITEM_COPIES - n) * len(ITEMS)
        # D: the Contract deck (top at the end) and a row of four. ``segments``
        # are the deck's parts from the bottom up, each in an unknown order
        # (cleared rows go to the bottom as a part of their own).
        deck = list(data.CONTRACTS)
        rng.shuffle(deck)
        self.contract_deck = deck
        self.segments = [len(deck)]
        self.row: list[int] = [self._draw_contract() for _ in range(data.CONTRACT_ROW)]
        # J (and the Starting Accountants variant): the players.
        self.players = [Player() for _ in range(n)]
        friends = [f.id for f in ALL_FRIENDS]
        if self.start_accountants:
            for p, pl in enumerate(self.players):
                mine = next(f.id for f in ALL_FRIENDS if f.kind == "accountant" and f.seat == p)
                pl.friends.append(mine)
                friends.remove(mine)
        self._set_out_decks_and_cubes(friends)
        # H, J: gold (counted by value; see ``data.COINS``).
        self.gold_supply = data.GOLD_TOTAL
        for pl in self.players:
            self._gain(pl, data.STARTING_GOLD)
        # K: one Starting Contract of each period per player; the rest to the box.
        self.start_box: list[int] = []
        for period in data.PERIODS:
            pile = [c for c in data.STARTING if ALL_CONTRACTS[c].period == period]
            rng.shuffle(pile)
            for pl in self.players:
                pl.contracts.append(pile.pop())
            self.start_box += pile
        # L: the Harp's reserve of dice; the rest of the 36 back in the box.
        self.dice_reserve = n
        self.dice_box = data.TOTAL_DICE - n * data.DICE_PER_PLAYER - n
        # M, I: the first player and the round track.
        self.first = 0
        self.round = 1
        self.phase = "place"
        self.current = 0
        self.auction: Auction | None = None
        #: The last standee to land (placed or moved there): (seat, space); the view's last move.
        self.landed: tuple[int, int] | None = None
        self._reset_turn()
        self.unused_gold = [0] * n  # gold from unusable dice (shown on the end screen)
        self._roll_all()
        self.current = self.first

    def _set_out_decks_and_cubes(self, friends: list[int]) -> None:
        """Setup steps E to G, in the rules' order (the random draws follow it)."""
        rng = self.rng
        # E: the Forest Friend deck and a display of two.
        rng.shuffle(friends)
        self.friend_deck = friends
        self.friend_discard: list[int] = []
        self.friend_gold: dict[int, int] = {}  # gold lying on displayed friends
        self.display: list[int] = []
        for _ in range(data.FRIEND_DISPLAY):
            self._refill_display()
        # F: the Night deck.
        night = list(range(len(NIGHT_CARDS)))
        rng.shuffle(night)
        self.night_deck = night
        self.night_revealed: list[int] = []
        self.night_discard: list[int] = []
        # G: cubes from the bag onto the letters and the Hubs.
        self.bag = [data.CUBES_PER_COLOUR] * 6
        self.space_cubes = [[0] * 6 for _ in SPACES]
        for space in data.LETTERS.values():
            self._place_from_bag(space, data.SETUP_LETTER_CUBES)
        for space in data.HUBS:
            self._place_from_bag(space, data.SETUP_HUB_CUBES)

    def _reset_turn(self) -> None:
        self.step = "turn"
        self.resume = "turn"  # where a ``discard`` step goes back to
        self.back = "turn"  # where the Companion and the Shadow Market go back to
        self.moved = False
        self.quick_ok = True  # a Quickness collection is allowed on this space now
        self.reach = 0
        self.die_used = False
        self.bought = 0
        self.visit = 0  # Contracts completed in this Market visit
        self.turn_done = 0  # Contracts completed this turn
        self.negotiator = False
        self.exchange_left = 0
        self.picks_left = 0
        self.source = -1  # the space cubes are picked from

    def seat_order(self) -> list[int]:
        n = self.num_players
        return [(self.first + k) % n for k in range(n)]

    def _ev(self, kind: str, text: str, seat: int | None = None, reveal: bool = False,
            **extra: Any) -> Event:
        info: dict[str, Any] = dict(extra)
        if seat is not None:
            info["seat"] = seat
        return Event(kind, text, data=info, reveal=reveal)

    def _gain(self, pl: Player, gold: int) -> None:
        # The coins are plenty (498 gold); should they run out, the supply goes
        # below zero and the difference is owed on paper (see the design notes).
        pl.gold += gold
        self.gold_supply -= gold

    def _pay(self, pl: Player, gold: int) -> None:
        pl.gold -= gold
        self.gold_supply += gold

    def _draw_contract(self) -> int:
        card = self.contract_deck.pop()
        self.segments[-1] -= 1
        while self.segments and self.segments[-1] == 0:
            self.segments.pop()
        return card

    def _draw_card(self, deck: list[int], discard: list[int]) -> int | None:
        """The top card of ``deck``, its discard pile shuffled into it first when it
        is empty; None when both are."""
        if not deck and discard:
            deck.extend(discard)
            discard.clear()
            self.rng.shuffle(deck)
        return deck.pop() if deck else None

    def _refill_display(self) -> Event | None:
        card = self._draw_card(self.friend_deck, self.friend_discard)
        if card is None:
            return None
        self.display.append(card)
        return self._ev("friend", f"{FRIEND_NAMES[ALL_FRIENDS[card].kind]} joins the display.",
                        reveal=True)

    def _draw_cube(self) -> int | None:
        total = sum(self.bag)
        if total == 0:
            return None
        k = self.rng.randrange(total)
        for c in range(6):
            if k < self.bag[c]:
                self.bag[c] -= 1
                return c
            k -= self.bag[c]
        raise AssertionError("unreachable")

    def _place_from_bag(self, space: int, count: int) -> int:
        placed = 0
        for _ in range(count):
            c = self._draw_cube()
            if c is None:
                break
            self.space_cubes[space][c] += 1
            placed += 1
        return placed

    def _roll_all(self) -> None:
        for pl in self.players:
            pl.dice = sorted(self.rng.randint(1, 6) for _ in range(pl.owned_dice))
            pl.moves = pl.quick = 0
            pl.placed = []

    def _reveal_night(self) -> Event | None:
        card = self._draw_card(self.night_deck, self.night_discard)
        if card is None:
            return None
        self.night_revealed.append(card)
        return self._ev("night", f"Night Card {NIGHT_CARDS[card]} is revealed.", reveal=True,
                        card=card)

    def potion_ok(self, pl: Player) -> bool:
        return pl.ready("potion")

    def exchange_cap(self, pl: Player) -> int:
        """Cubes the Exchange can still pay as other colours this turn: what is
        left of one played earlier this turn, plus 3 if another is in hand."""
        return self.exchange_left + (data.EXCHANGE_CUBES if pl.has_friend("exchange") else 0)

    def can_complete_at(self, p: int, space: int) -> bool:
        """Whether ``p`` could complete at least one Contract at this space."""
        market = self.market_at.get(space)
        if market is None:
            return False
        pl = self.players[p]
        potion, exchange = self.potion_ok(pl), self.exchange_cap(pl)
        return any(ALL_CONTRACTS[c].market == market
                   and can_pay(NEED[c], pl.cubes, potion, exchange, self.convert)
                   for c in pl.contracts)

    def usable(self, p: int) -> bool:
        """Whether seat ``p`` could still use a die this Day."""
        pl = self.players[p]
        if not pl.dice:
            return False
        if pl.moves < data.MOVEMENT_SLOTS:
            return True
        return pl.quick < pl.quick_slots() and any(self.space_cubes[pl.pos])

    def _may_stop(self, p: int, space: int) -> bool:
        return SPACES[space].kind != "market" or self.can_complete_at(p, space)

    def destinations(self, p: int, reach: int) -> list[int]:
        """Spaces 1..``reach`` steps away where ``p`` may stop."""
        dist = DIST[self.players[p].pos]
        return [s for s in range(NUM_SPACES) if 1 <= dist[s] <= reach and self._may_stop(p, s)]

    def _over_limit(self, pl: Player) -> bool:
        return sum(pl.cubes) > pl.carry_limit()

    def _then(self, pl: Player, step: str) -> None:
        """Go to ``step``, first through ``discard`` while over the carry limit."""
        if self._over_limit(pl):
            self.step, self.resume = "discard", step
        else:
            self._enter(step)

    def _enter(self, step: str) -> None:
        if step == "arrive":
            kind = SPACES[self.players[self.current].pos].kind
            if kind == "hub":
                self.step, self.bought = "hub", 0
            elif kind == "market":
                self.step, self.visit = "market", 0
            else:
                self.step = "turn"
        else:
            self.step = step

    def _take_die(self, pl: Player, value: int, slot: str) -> None:
        pl.dice.remove(value)
        pl.placed.append((slot, value))
        self.die_used = True

    def _discard_friend(self, pl: Player, kind: str) -> None:
        card = next(f for f in pl.friends if ALL_FRIENDS[f].kind == kind)
        pl.friends.remove(card)
        self.friend_discard.append(card)

    def _spend(self, pl: Player, pay: str, aid: str, need: list[int]) -> None:
        """Pay cubes to the bag, using the help ``aid`` names."""
        spent = counts_of(pay)
        options = aid_options(need, spent, self.potion_ok(pl), self.exchange_cap(pl),
                              "convert" in aid)
        _, potion, exchange = next(o for o in options if o[0] == aid)
        if potion:
            pl.items["potion"] = True
        if exchange:
            if exchange > self.exchange_left:
                card = next(f for f in pl.friends if ALL_FRIENDS[f].kind == "exchange")
                pl.friends.remove(card)
                self.friend_discard.append(card)
                self.exchange_left += data.EXCHANGE_CUBES
            self.exchange_left -= exchange
        for c in range(6):
            pl.cubes[c] -= spent[c]
            self.bag[c] += spent[c]

