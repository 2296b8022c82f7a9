"""Leylines: state, legal actions and transitions.

Four rounds, each a Day and a Night. At dawn every seat rolls its dice (and
in the first round places its standee on a Market of one of its Starting
Contracts); each seat may then pay 1 gold once to re-roll some of them.
Turns go clockwise from the first player. A turn is a sequence of small
choices, named by ``step``:

- ``turn``: the turn's menu: put a die in a Movement slot (mandatory while a
  slot and a die are free), collect every cube here with a Quickness die,
  play a Forest Friend or a once-a-round Item, or end the turn;
- ``move``: add Quickness dice to the move, then choose where to stop
  (any space within reach; a Market only to complete a Contract there);
- ``pick``: the free cube where the move ended;
- ``hub``: Items (up to two), then the mandatory auction;
- ``market``: complete Contracts (two at once +4 gold, three or more +9);
- ``discard``: over the carry limit, drop cubes on the current space;
- the Forest Friends' and Items' own steps (``route``, ``path``, ``path-pick``,
  ``companion``, ``companion-pick``, ``sell``).

An auction (``Auction``) runs over several seats: the active seat may clear
the row, offers a Contract, the others bid once each from its left, the
active seat matches or passes (with two players the other seat may bid a
second time), and the seat that did not get the Contract may take a Forest
Friend. The Day ends when no seat can use a die; the Night refills the forest.

Hidden information: the order of the Contract, Forest Friend and Night
decks, the Starting Contracts left in the box, and the bag's next draws
(the bag is a count per colour; every draw comes from the state's rng).
"""

from __future__ import annotations

from collections import deque
from itertools import product
from typing import Any

from ...core.events import Event
from ...core.game import Action, Game, Option, Standing, State, rank_by
from ...core.rng import Rng
from . import data
from .actions import (
    ACTION_TYPES,
    Befriend,
    Bid,
    Boost,
    Buy,
    Clear,
    Complete,
    Discard,
    Done,
    EndTurn,
    From,
    Go,
    Keep,
    Match,
    Move,
    Offer,
    Pass,
    Pick,
    Quick,
    Reroll,
    Sell,
    Skip,
    Start,
    Use,
    contract_name,
    cube_words,
    space_name,
)
from .data import (
    ALL_CONTRACTS,
    ALL_FRIENDS,
    COLOURS,
    FRIEND_NAMES,
    ITEMS,
    MARKET_NAMES,
    NIGHT_CARDS,
    SPACES,
)
from .payment import aid_options, can_pay, code, counts_of, payments

NUM_SPACES = len(SPACES)
COLOUR_INDEX = {c: i for i, c in enumerate(COLOURS)}


def _neighbours() -> list[list[int]]:
    out: list[list[int]] = [[] for _ in SPACES]
    for a, b in data.PATHS:
        out[a].append(b)
        out[b].append(a)
    return [sorted(n) for n in out]


def _distances() -> list[list[int]]:
    out = []
    for start in range(NUM_SPACES):
        dist = [-1] * NUM_SPACES
        dist[start] = 0
        queue = deque([start])
        while queue:
            u = queue.popleft()
            for v in NEIGHBOURS[u]:
                if dist[v] < 0:
                    dist[v] = dist[u] + 1
                    queue.append(v)
        out.append(dist)
    return out


NEIGHBOURS = _neighbours()
#: Steps between any two spaces (moves may pass through any space).
DIST = _distances()
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

    __slots__ = ("gold", "pos", "dice", "owned_dice", "moves", "quick", "cubes", "items",
                 "contracts", "completed", "friends")

    def __init__(self) -> None:
        self.gold = 0
        self.pos = -1  # the standee's space (-1 before it is placed)
        self.dice: list[int] = []  # rolled dice not yet used, sorted
        self.owned_dice = data.DICE_PER_PLAYER
        self.moves = 0  # Movement slots filled this Day
        self.quick = 0  # Quickness slots filled this Day
        self.cubes = [0] * 6
        self.items: dict[str, bool] = {}  # item -> flipped (used this round)
        self.contracts: list[int] = []  # incomplete, face up
        self.completed: list[int] = []  # face down
        self.friends: list[int] = []

    def copy(self) -> Player:
        c = Player.__new__(Player)
        c.gold, c.pos, c.owned_dice, c.moves, c.quick = (
            self.gold, self.pos, self.owned_dice, self.moves, self.quick)
        c.dice, c.cubes = list(self.dice), list(self.cubes)
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


class LeylinesState(State):
    game: LeylinesGame

    def __init__(self, game: LeylinesGame, num_players: int, seed: int,
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
        self._reset_turn()
        self.unused_gold = [0] * n  # gold from unusable dice (shown on the end screen)
        self._roll_all()
        self.current = self.first

    # -- small helpers ---------------------------------------------------------------

    def _reset_turn(self) -> None:
        self.step = "turn"
        self.resume = "turn"  # where a ``discard`` step goes back to
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

    def _refill_display(self) -> Event | None:
        if not self.friend_deck and self.friend_discard:
            self.friend_deck = self.friend_discard
            self.friend_discard = []
            self.rng.shuffle(self.friend_deck)
        if not self.friend_deck:
            return None
        card = self.friend_deck.pop()
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

    def _reveal_night(self) -> Event | None:
        if not self.night_deck and self.night_discard:
            self.night_deck = self.night_discard
            self.night_discard = []
            self.rng.shuffle(self.night_deck)
        if not self.night_deck:
            return None
        card = self.night_deck.pop()
        self.night_revealed.append(card)
        return self._ev("night", f"Night Card {NIGHT_CARDS[card]} is revealed.", reveal=True,
                        card=card)

    def potion_ok(self, pl: Player) -> bool:
        return pl.ready("potion")

    def exchange_cap(self, pl: Player) -> int:
        if self.exchange_left:
            return self.exchange_left
        return data.EXCHANGE_CUBES if pl.has_friend("exchange") else 0

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

    # -- protocol: who acts, what is legal -------------------------------------------

    def active_players(self) -> list[int]:
        if self.phase == "over":
            return []
        if self.auction is not None:
            return [self.auction.actor()]
        return [self.current]

    def is_over(self) -> bool:
        return self.phase == "over"

    def legal_actions(self, player: int) -> list[Action]:
        if self.phase == "over" or player not in self.active_players():
            return []
        pl = self.players[player]
        if self.phase == "place":
            markets = sorted({ALL_CONTRACTS[c].market for c in pl.contracts})
            spaces = sorted(s for s, m in self.market_at.items() if m in markets)
            return [Start(s) for s in spaces]
        if self.phase == "reroll":
            out: list[Action] = [Keep()]
            if pl.gold >= data.REROLL_COST:
                out += [Reroll(d) for d in self.reroll_choices(pl.dice)]
            return out
        if self.auction is not None:
            return self.auction_actions(self.auction)
        return self.turn_actions(player)

    @staticmethod
    def reroll_choices(dice: list[int]) -> list[str]:
        """The distinct non-empty sets of dice to re-roll, as digit strings.

        >>> LeylinesState.reroll_choices([2, 2, 5])
        ['2', '22', '225', '25', '5']
        """
        values = sorted(set(dice))
        out = []
        for counts in product(*(range(dice.count(v) + 1) for v in values)):
            text = "".join(str(v) * k for v, k in zip(values, counts, strict=True))
            if text:
                out.append(text)
        return sorted(out)

    def _quick_dice(self, pl: Player) -> list[int]:
        """Dice values that may go in a Quickness slot to collect here now."""
        if not self.quick_ok or pl.quick >= pl.quick_slots() or not any(
                self.space_cubes[pl.pos]):
            return []
        if not self.moved and pl.can_move() and len(pl.dice) < 2:
            return []  # the mandatory move needs the last die
        return sorted(set(pl.dice))

    def turn_actions(self, p: int) -> list[Action]:
        pl = self.players[p]
        step = self.step
        here = self.space_cubes[pl.pos]
        out: list[Action] = []
        if step == "turn":
            must_move = not self.moved and pl.can_move()
            if must_move:
                out += [Move(v) for v in sorted(set(pl.dice))]
            out += [Quick(v) for v in self._quick_dice(pl)]
            out += self.free_uses(p)
            if not must_move and (self.die_used or not self._quick_dice(pl)):
                out.append(EndTurn())
            return out
        if step == "move":
            if pl.quick < pl.quick_slots():
                out += [Boost(v) for v in sorted(set(pl.dice))]
            return out + [Go(s) for s in self.destinations(p, self.reach)]
        if step == "route":
            return [Go(s) for s in range(NUM_SPACES)
                    if s != pl.pos and self._may_stop(p, s)]
        if step == "path":
            return [Go(s) for s in self.destinations(p, data.PATHFINDER_REACH)]
        if step in ("pick", "path-pick"):
            return [*(Pick(c) for i, c in enumerate(COLOURS) if here[i]), Skip()]
        if step == "companion":
            return [From(s) for s in range(NUM_SPACES) if any(self.space_cubes[s])]
        if step == "companion-pick":
            src = self.space_cubes[self.source]
            return [*(Pick(c) for i, c in enumerate(COLOURS) if src[i]), Skip()]
        if step == "discard":
            return [Discard(c) for i, c in enumerate(COLOURS) if pl.cubes[i]]
        if step == "sell":
            return [*(Sell(c) for i, c in enumerate(COLOURS) if pl.cubes[i]), Done()]
        if step == "hub":
            if not self.bought:
                out += [Quick(v) for v in self._quick_dice(pl)]
            if self.bought < data.ITEMS_PER_PURCHASE:
                out += self.item_buys(p)
            return [*out, Done()]
        if step == "market":
            out += [Quick(v) for v in self._quick_dice(pl)]
            out += self.completions(p)
            if pl.has_friend("negotiator") and not self.negotiator:
                out.append(Use("negotiator"))
            if self.visit or not any(isinstance(a, Complete) for a in out):
                out.append(Done())
            return out
        raise AssertionError(f"unknown step {step}")

    def _may_stop(self, p: int, space: int) -> bool:
        return SPACES[space].kind != "market" or self.can_complete_at(p, space)

    def destinations(self, p: int, reach: int) -> list[int]:
        """Spaces 1..``reach`` steps away where ``p`` may stop."""
        dist = DIST[self.players[p].pos]
        return [s for s in range(NUM_SPACES) if 1 <= dist[s] <= reach and self._may_stop(p, s)]

    def free_uses(self, p: int) -> list[Action]:
        """Forest Friends and Items playable from the turn's menu."""
        pl = self.players[p]
        kinds = set(pl.friend_kinds())
        out: list[Action] = []
        for kind in ("secret-route", "pathfinder"):
            if kind in kinds:
                out.append(Use(kind))
        if "delivery" in kinds and any(self.bag):
            out.append(Use("delivery"))
        if "shadow-market" in kinds and any(pl.cubes):
            out.append(Use("shadow-market"))
        if pl.ready("companion") and any(any(c) for c in self.space_cubes):
            out.append(Use("companion"))
        if pl.ready("tablet") and self.row:
            out.append(Use("tablet"))
        return out

    def item_buys(self, p: int) -> list[Action]:
        pl = self.players[p]
        out: list[Action] = []
        potion, exchange = self.potion_ok(pl), self.exchange_cap(pl)
        for item in ITEMS:
            if self.item_supply[item] and item not in pl.items:
                for pay, aid in payments(ITEM_NEED[item], pl.cubes, potion, exchange, False):
                    out.append(Buy(item, pay, aid))
        return out

    def completions(self, p: int) -> list[Action]:
        pl = self.players[p]
        market = self.market_at.get(pl.pos)
        potion, exchange = self.potion_ok(pl), self.exchange_cap(pl)
        out: list[Action] = []
        for c in pl.contracts:
            if ALL_CONTRACTS[c].market == market:
                for pay, aid in payments(NEED[c], pl.cubes, potion, exchange, self.convert):
                    out.append(Complete(c, pay, aid))
        return out

    def auction_actions(self, a: Auction) -> list[Action]:
        seat = a.actor()
        pl = self.players[seat]
        if a.stage == "offer":
            out: list[Action] = []
            if not a.cleared and pl.gold >= data.CLEAR_COST:
                out.append(Clear())
            return out + [Offer(c) for c in self.row]
        if a.stage in ("bid", "rebid"):
            low = max(a.high + 1, 1)
            return [*(Bid(v) for v in range(low, pl.gold + 1)), Pass()]
        if a.stage == "match":
            return ([Match()] if pl.gold >= a.high else []) + [Pass()]
        if a.stage == "friend":
            if len(self.display) > 1 and pl.gold < data.COMPENSATION_FEE:
                return [Pass()]
            return [*(Befriend(f) for f in self.display), Pass()]
        raise AssertionError(a.stage)

    def explain_illegal(self, player: int, action: Action) -> str:
        if self.phase == "place":
            return "Start on a Market named by one of your Starting Contracts."
        if self.phase == "reroll":
            return "Keep your dice, or pay 1 gold to re-roll dice you rolled."
        if self.auction is not None:
            a = self.auction
            if isinstance(action, Bid):
                return f"A bid must be above {a.high} and at most your gold."
            return {"offer": "Choose a face-up Contract to auction (or clear the row).",
                    "match": "Match the high bid (if you have the gold) or pass.",
                    "friend": "Take a displayed Forest Friend (1 gold on the other) or pass.",
                    }.get(a.stage, "Bid or pass.")
        pl = self.players[player]
        if isinstance(action, Go) and self.step in ("move", "path", "route"):
            if 0 <= action.space < NUM_SPACES and SPACES[action.space].kind == "market":
                return "You may enter a Market only to complete a Contract there."
            return f"{space_name(action.space)} is out of reach."
        if isinstance(action, (Move, Boost, Quick)) and action.die not in pl.dice:
            return f"You have no unused die showing {action.die}."
        if isinstance(action, EndTurn) and self.step == "turn":
            return "You must use a die this turn (a move when a Movement slot is free)."
        if isinstance(action, (Buy, Complete)):
            return "You cannot pay that (or it is not on offer here)."
        return f"{action.label} is not possible now ({self.step})."

    # -- transitions ---------------------------------------------------------------------

    def _apply(self, player: int, action: Action) -> list[Event]:
        if self.phase == "place":
            assert isinstance(action, Start)
            return self._start(player, action.space)
        if self.phase == "reroll":
            return self._reroll(player, action)
        if self.auction is not None:
            return self._auction_step(player, self.auction, action)
        return self._turn_step(player, action)

    def _start(self, p: int, space: int) -> list[Event]:
        self.players[p].pos = space
        events = [self._ev("start", f"{seat_name(p)} starts at the "
                           f"{MARKET_NAMES[self.market_at[space]]}.", p)]
        order = self.seat_order()
        i = order.index(p)
        if i + 1 < len(order):
            self.current = order[i + 1]
        else:
            self.phase, self.current = "reroll", self.first
        return events

    def _reroll(self, p: int, action: Action) -> list[Event]:
        pl = self.players[p]
        if isinstance(action, Reroll):
            self._pay(pl, data.REROLL_COST)
            for ch in action.dice:
                pl.dice.remove(int(ch))
            new = [self.rng.randint(1, 6) for _ in action.dice]
            pl.dice = sorted(pl.dice + new)
            events = [self._ev("reroll", f"{seat_name(p)} pays 1 gold to re-roll "
                               f"{', '.join(action.dice)} and gets "
                               f"{', '.join(map(str, new))}.", p, reveal=True)]
        else:
            events = [self._ev("keep", f"{seat_name(p)} keeps {pl.dice}.", p)]
        order = self.seat_order()
        i = order.index(p)
        if i + 1 < len(order):
            self.current = order[i + 1]
        else:
            self.phase = "day"
            self.current = self.first
            self._reset_turn()
            events.append(self._ev("day", f"Day {self.round} begins."))
        return events

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

    def _take_die(self, pl: Player, value: int) -> None:
        pl.dice.remove(value)
        self.die_used = True

    def _collect_all(self, p: int) -> Event:
        pl = self.players[p]
        here = self.space_cubes[pl.pos]
        got = code(here)
        for c in range(6):
            pl.cubes[c] += here[c]
            here[c] = 0
        return self._ev("quick", f"{seat_name(p)} takes every cube here: {cube_words(got)}.", p)

    def _turn_step(self, p: int, action: Action) -> list[Event]:
        pl = self.players[p]
        name = seat_name(p)
        step = self.step
        if isinstance(action, Move):
            self._take_die(pl, action.die)
            pl.moves += 1
            self.reach = action.die
            self.step, self.quick_ok = "move", False
            return [self._ev("move", f"{name} moves with the {action.die}.", p)]
        if isinstance(action, Boost):
            self._take_die(pl, action.die)
            pl.quick += 1
            self.reach += action.die
            return [self._ev("boost", f"{name} adds the {action.die} (Quickness): reach "
                             f"{self.reach}.", p)]
        if isinstance(action, Go):
            return self._go(p, action.space)
        if isinstance(action, Quick):
            self._take_die(pl, action.die)
            pl.quick += 1
            self.quick_ok = False
            event = self._collect_all(p)
            self._then(pl, step)
            return [event]
        if isinstance(action, Pick):
            return self._pick(p, action.colour)
        if isinstance(action, Skip):
            self.picks_left = 0
            self._then(pl, "turn" if step == "companion-pick" else "arrive")
            return []
        if isinstance(action, Discard):
            c = COLOUR_INDEX[action.colour]
            pl.cubes[c] -= 1
            self.space_cubes[pl.pos][c] += 1
            if not self._over_limit(pl):
                self._enter(self.resume)
            return [self._ev("discard", f"{name} drops a {action.colour} cube.", p)]
        if isinstance(action, Sell):
            c = COLOUR_INDEX[action.colour]
            pl.cubes[c] -= 1
            self.bag[c] += 1
            self._gain(pl, 1)
            self.picks_left -= 1
            if self.picks_left == 0 or not any(pl.cubes):
                self.step = "turn"
            return [self._ev("sell", f"{name} sells a {action.colour} cube for 1 gold.", p)]
        if isinstance(action, Done):
            return self._done(p)
        if isinstance(action, EndTurn):
            return self._end_turn(p)
        if isinstance(action, Buy):
            return self._buy(p, action)
        if isinstance(action, Complete):
            return self._complete(p, action)
        if isinstance(action, Use):
            return self._use(p, action.card)
        if isinstance(action, From):
            self.source, self.picks_left, self.step = action.space, 2, "companion-pick"
            return [self._ev("companion", f"{name}'s Companion fetches cubes from "
                             f"{space_name(action.space)}.", p)]
        raise AssertionError(action)

    def _go(self, p: int, space: int) -> list[Event]:
        pl = self.players[p]
        step = self.step
        pl.pos = space
        events = [self._ev("go", f"{seat_name(p)} goes to {space_name(space)}.", p,
                           space=space)]
        has_cubes = any(self.space_cubes[space])
        if step == "move":
            self.moved, self.quick_ok, self.reach = True, True, 0
            if has_cubes:
                self.step, self.picks_left, self.source = "pick", 1, space
            else:
                self._enter("arrive")
        elif step == "path":
            self.quick_ok = True
            if has_cubes:
                self.step, self.picks_left = "path-pick", data.PATHFINDER_CUBES
                self.source = space
            else:
                self._enter("arrive")
        else:  # a Secret Route: no cube, no Quickness where it lands
            self.quick_ok = False
            self._enter("arrive")
        return events

    def _pick(self, p: int, colour: str) -> list[Event]:
        pl = self.players[p]
        c = COLOUR_INDEX[colour]
        self.space_cubes[self.source][c] -= 1
        pl.cubes[c] += 1
        self.picks_left -= 1
        events = [self._ev("pick", f"{seat_name(p)} takes a {colour} cube.", p)]
        if self.picks_left <= 0 or not any(self.space_cubes[self.source]):
            self.picks_left = 0
            self._then(pl, "turn" if self.step == "companion-pick" else "arrive")
        return events

    def _done(self, p: int) -> list[Event]:
        pl = self.players[p]
        if self.step == "sell":
            self.step = "turn"
            return []
        if self.step == "hub":
            self.quick_ok = False
            return self._start_auction(p)
        # the end of a Market visit
        bonus = multi_bonus(self.visit)
        events = []
        if bonus:
            self._gain(pl, bonus)
            events.append(self._ev("bonus", f"{seat_name(p)} completed {self.visit} Contracts "
                                   f"at once: {bonus} gold more.", p))
        self.visit = 0
        self.step = "turn"
        return events

    def _buy(self, p: int, a: Buy) -> list[Event]:
        pl = self.players[p]
        self._spend(pl, a.pay, a.aid, ITEM_NEED[a.item])
        self.item_supply[a.item] -= 1
        pl.items[a.item] = False
        self.bought += 1
        self.quick_ok = False
        events = [self._ev("buy", f"{seat_name(p)} buys the {a.item.capitalize()} for "
                           f"{cube_words(a.pay)}.", p)]
        if a.item == "harp":
            self.dice_reserve -= 1
            pl.owned_dice += 1
            value = self.rng.randint(1, 6)
            pl.dice = sorted([*pl.dice, value])
            events.append(self._ev("harp", f"{seat_name(p)} rolls the Harp's die: {value}.", p,
                                   reveal=True))
        return events

    def _spend(self, pl: Player, pay: str, aid: str, need: list[int]) -> None:
        """Pay cubes to the bag, using the help ``aid`` names."""
        spent = counts_of(pay)
        options = aid_options(need, spent, self.potion_ok(pl), self.exchange_cap(pl),
                              "convert" in aid)
        _, potion, exchange = next(o for o in options if o[0] == aid)
        if potion:
            pl.items["potion"] = True
        if exchange:
            if not self.exchange_left:
                card = next(f for f in pl.friends if ALL_FRIENDS[f].kind == "exchange")
                pl.friends.remove(card)
                self.friend_discard.append(card)
                self.exchange_left = data.EXCHANGE_CUBES
            self.exchange_left -= exchange
        for c in range(6):
            pl.cubes[c] -= spent[c]
            self.bag[c] += spent[c]

    def _complete(self, p: int, a: Complete) -> list[Event]:
        pl = self.players[p]
        contract = ALL_CONTRACTS[a.contract]
        self._spend(pl, a.pay, a.aid, NEED[a.contract])
        pl.contracts.remove(a.contract)
        pl.completed.append(a.contract)
        gold = contract.gold
        need = NEED[a.contract]
        for f in pl.friends:
            friend = ALL_FRIENDS[f]
            if friend.kind == "accountant" and need[ACCOUNTANT_INDEX[friend.seat]]:
                gold += data.ACCOUNTANT_GOLD
        if self.negotiator:
            gold += data.NEGOTIATOR_GOLD
        self._gain(pl, gold)
        self.visit += 1
        self.turn_done += 1
        events = [self._ev("complete", f"{seat_name(p)} completes {contract.name} for "
                           f"{gold} gold.", p, contract=a.contract)]
        night = self._reveal_night()
        if night:
            events.append(night)
        return events

    def _discard_friend(self, pl: Player, kind: str) -> None:
        card = next(f for f in pl.friends if ALL_FRIENDS[f].kind == kind)
        pl.friends.remove(card)
        self.friend_discard.append(card)

    def _use(self, p: int, card: str) -> list[Event]:
        pl = self.players[p]
        name = seat_name(p)
        if card in ITEMS:
            pl.items[card] = True
            if card == "tablet":
                events = [self._ev("tablet", f"{name} uses the Tablet to start an auction.", p)]
                return events + self._start_auction(p)
            self.step = "companion"
            return [self._ev("companion", f"{name} sends out the Companion.", p)]
        self._discard_friend(pl, card)
        events = [self._ev("friend", f"{name} plays the {FRIEND_NAMES[card]}.", p)]
        if card == "negotiator":
            self.negotiator = True
            bonus = data.NEGOTIATOR_GOLD * self.turn_done
            if bonus:
                self._gain(pl, bonus)
                events.append(self._ev("negotiator", f"{name} gains {bonus} gold.", p))
        elif card == "secret-route":
            self.step = "route"
        elif card == "pathfinder":
            self.step = "path"
        elif card == "delivery":
            got = [0] * 6
            for _ in range(data.DELIVERY_CUBES):
                c = self._draw_cube()
                if c is None:
                    break
                got[c] += 1
                pl.cubes[c] += 1
            events.append(self._ev("delivery", f"{name} draws {cube_words(code(got))} from "
                                   "the bag.", p, reveal=True))
            self._then(pl, "turn")
        elif card == "shadow-market":
            self.step, self.picks_left = "sell", data.SHADOW_MARKET_CUBES
        return events

    def _end_turn(self, p: int) -> list[Event]:
        events = [self._ev("end", f"{seat_name(p)} ends the turn.", p)]
        n = self.num_players
        for k in range(1, n + 1):
            seat = (p + k) % n
            if self.usable(seat):
                self.current = seat
                self._reset_turn()
                return events
        return events + self._end_day()

    # -- auctions --------------------------------------------------------------------

    def _start_auction(self, p: int) -> list[Event]:
        self.step = "turn"
        if not self.row:
            return [self._ev("auction", "No Contracts are left: there is no auction.")]
        self.auction = Auction(p)
        return []

    def _auction_step(self, seat: int, a: Auction, action: Action) -> list[Event]:
        pl = self.players[seat]
        name = seat_name(seat)
        if isinstance(action, Clear):
            self._pay(pl, data.CLEAR_COST)
            a.cleared = True
            cleared = list(self.row)
            self.rng.shuffle(cleared)
            self.contract_deck[:0] = cleared
            self.segments.insert(0, len(cleared))
            self.row = [self._draw_contract()
                        for _ in range(min(data.CONTRACT_ROW, len(self.contract_deck)))]
            return [self._ev("clear", f"{name} pays 1 gold to clear the Contracts.", seat,
                             reveal=True)]
        if isinstance(action, Offer):
            a.contract, a.stage = action.contract, "bid"
            n = self.num_players
            a.order = [(a.active + k) % n for k in range(1, n)]
            return [self._ev("offer", f"{name} auctions {contract_name(action.contract)}.",
                             seat)]
        if isinstance(action, Bid):
            a.high, a.bidder = action.amount, seat
            events = [self._ev("bid", f"{name} bids {action.amount}.", seat)]
            if a.stage == "rebid":
                a.second, a.stage = True, "match"
                return events
            return events + self._next_bidder(a)
        if isinstance(action, Pass):
            if a.stage == "bid":
                return [self._ev("pass", f"{name} passes.", seat)] + self._next_bidder(a)
            if a.stage == "rebid":
                return self._award(a, a.active, a.bidder)
            if a.stage == "match":
                return [self._ev("pass", f"{name} does not match.", seat),
                        *self._award(a, a.bidder, a.active)]
            # declines compensation
            self._end_auction()
            return [self._ev("pass", f"{name} takes no Forest Friend.", seat)]
        if isinstance(action, Match):
            events = [self._ev("match", f"{name} matches {a.high}.", seat)]
            if self.num_players == 2 and not a.second:
                a.stage = "rebid"
                return events
            return events + self._award(a, a.active, a.bidder)
        if isinstance(action, Befriend):
            return self._befriend(seat, action.friend)
        raise AssertionError(action)

    def _next_bidder(self, a: Auction) -> list[Event]:
        a.turn += 1
        if a.turn < len(a.order):
            return []
        if a.bidder < 0:
            return self._award(a, a.active, -1)
        a.stage = "match"
        return []

    def _award(self, a: Auction, winner: int, loser: int) -> list[Event]:
        pl = self.players[winner]
        price = a.high if loser >= 0 else 0
        self._pay(pl, price)
        i = self.row.index(a.contract)
        pl.contracts.append(a.contract)
        events = [self._ev("award", f"{seat_name(winner)} takes "
                           f"{contract_name(a.contract)} for {price} gold.", winner)]
        if self.contract_deck:
            self.row[i] = self._draw_contract()
            events.append(self._ev("deal", f"{contract_name(self.row[i])} is dealt.",
                                   reveal=True))
        else:
            del self.row[i]
        if loser >= 0 and self.display:
            a.stage, a.friend_seat = "friend", loser
        else:
            self._end_auction()
        return events

    def _befriend(self, seat: int, card: int) -> list[Event]:
        pl = self.players[seat]
        events = []
        if len(self.display) > 1:
            other = next(f for f in self.display if f != card)
            self._pay(pl, data.COMPENSATION_FEE)
            self.gold_supply -= data.COMPENSATION_FEE
            self.friend_gold[other] = self.friend_gold.get(other, 0) + data.COMPENSATION_FEE
        self.display.remove(card)
        lying = self.friend_gold.pop(card, 0)
        pl.gold += lying
        kind = ALL_FRIENDS[card].kind
        extra = f" and the {lying} gold on it" if lying else ""
        events.append(self._ev("befriend", f"{seat_name(seat)} takes the {FRIEND_NAMES[kind]}"
                               f"{extra}.", seat))
        if kind == "appraiser":
            gold = data.APPRAISER_GOLD * len(pl.completed)
            self._gain(pl, gold)
            self.friend_discard.append(card)
            events.append(self._ev("appraiser", f"{seat_name(seat)}'s Appraiser pays {gold} "
                                   "gold.", seat))
        else:
            pl.friends.append(card)
        refill = self._refill_display()
        if refill:
            events.append(refill)
        self._end_auction()
        return events

    def _end_auction(self) -> None:
        self.auction = None
        self.step = "turn"

    # -- the end of a Day, the Night, the end of the game --------------------------------

    def _end_day(self) -> list[Event]:
        events = []
        for p, pl in enumerate(self.players):
            if pl.dice:
                self._gain(pl, len(pl.dice))
                self.unused_gold[p] += len(pl.dice)
                events.append(self._ev("unused", f"{seat_name(p)} gains {len(pl.dice)} gold "
                                       "for dice that could not be used.", p))
                pl.dice = []
        if self.round >= data.ROUNDS:
            self.phase = "over"
            events.append(self._ev("over", "The Solstice ends: "
                                   + ", ".join(f"{seat_name(p)} {s:g}"
                                               for p, s in enumerate(self.scores())) + "."))
            return events
        return events + self._night()

    def _night(self) -> list[Event]:
        events = [self._ev("night", f"Night {self.round} falls.")]
        # 1. Revealed Night Cards: 3 cubes on each letter shown, then discard.
        for card in self.night_revealed:
            for letter in NIGHT_CARDS[card]:
                self._place_from_bag(data.LETTERS[letter], data.NIGHT_REVEAL_CUBES)
        self.night_discard += self.night_revealed
        self.night_revealed = []
        # 2. As many more cards as the round's number: 2 cubes on each letter.
        drawn = []
        for _ in range(self.round):
            if not self.night_deck and self.night_discard:
                self.night_deck = self.night_discard
                self.night_discard = []
                self.rng.shuffle(self.night_deck)
            if not self.night_deck:
                break
            card = self.night_deck.pop()
            drawn.append(NIGHT_CARDS[card])
            for letter in NIGHT_CARDS[card]:
                self._place_from_bag(data.LETTERS[letter], data.NIGHT_EXTRA_CUBES)
            self.night_discard.append(card)
        if drawn:
            events.append(self._ev("night", f"Night Cards drawn: {', '.join(drawn)}.",
                                   reveal=True))
        # 3. One cube on every empty letter; 4. one on every Hub.
        for space in sorted(data.LETTERS.values()):
            if not any(self.space_cubes[space]):
                self._place_from_bag(space, data.NIGHT_EMPTY_LETTER_CUBES)
        for space in data.HUBS:
            self._place_from_bag(space, data.NIGHT_HUB_CUBES)
        if not any(self.bag):
            events.append(self._ev("bag", "The bag is empty."))
        # 5. Items ready again; 6. the first player passes clockwise; 7. next round.
        for pl in self.players:
            for item in pl.items:
                pl.items[item] = False
        self.first = (self.first + 1) % self.num_players
        self.round += 1
        self._roll_all()
        self.phase, self.current = "reroll", self.first
        self._reset_turn()
        events.append(self._ev("dawn", f"Round {self.round}: {seat_name(self.first)} is the "
                               "first player; everyone rolls.", self.first, reveal=True))
        return events

    # -- scoring ---------------------------------------------------------------------

    def contract_cubes(self, p: int) -> int:
        """End scoring A: cubes that the seat's incomplete Contracts could use."""
        pl = self.players[p]
        need = [0] * 6
        for c in pl.contracts:
            for i in range(6):
                need[i] += NEED[c][i]
        return sum(min(pl.cubes[i], need[i]) for i in range(6))

    def score_breakdown(self) -> list[dict[str, float]]:
        out = []
        for p, pl in enumerate(self.players):
            assigned = self.contract_cubes(p)
            out.append({
                "gold": float(pl.gold),
                "cubes for contracts": float(assigned),
                "other cubes (3 to 1)": float((sum(pl.cubes) - assigned) // data.LEFTOVER_RATE),
                "items": float(data.ITEM_GOLD[len(pl.items)]),
            })
        return out

    def scores(self) -> list[float]:
        return [sum(b.values()) for b in self.score_breakdown()]

    def standings(self) -> list[Standing]:
        scores = self.scores()
        keys = [(scores[p], len(pl.completed), sum(pl.cubes))
                for p, pl in enumerate(self.players)]
        return rank_by(keys, ["completed contracts", "leftover resources"])

    def conservation(self) -> dict[str, int]:
        pls = self.players
        return {
            "cubes": sum(self.bag) + sum(map(sum, self.space_cubes))
            + sum(sum(pl.cubes) for pl in pls),
            "gold": self.gold_supply + sum(pl.gold for pl in pls) + sum(self.friend_gold.values()),
            "contracts": len(self.contract_deck) + len(self.row) + sum(
                1 for pl in pls for c in pl.contracts + pl.completed
                if not ALL_CONTRACTS[c].period),
            "starting contracts": len(self.start_box) + sum(
                1 for pl in pls for c in pl.contracts + pl.completed if ALL_CONTRACTS[c].period),
            "items": sum(self.item_supply.values()) + self.item_box
            + sum(len(pl.items) for pl in pls),
            "forest friends": len(self.friend_deck) + len(self.display)
            + len(self.friend_discard) + sum(len(pl.friends) for pl in pls),
            "night cards": len(self.night_deck) + len(self.night_revealed)
            + len(self.night_discard),
            "dice": self.dice_reserve + self.dice_box + sum(pl.owned_dice for pl in pls),
        }

    # -- information -----------------------------------------------------------------

    @staticmethod
    def contract_view(cid: int) -> dict[str, Any]:
        c = ALL_CONTRACTS[cid]
        return {"id": cid, "name": c.name, "market": c.market, "cubes": data.cubes(c.cubes),
                "code": c.cubes, "gold": c.gold, "period": c.period or None}

    def _cube_map(self, counts: list[int]) -> dict[str, int]:
        return {COLOURS[i]: k for i, k in enumerate(counts) if k}

    def view(self, player: int | None) -> dict[str, Any]:
        v = self.base_view(player)
        a = self.auction
        v.update(
            phase=self.phase, round=self.round, rounds=data.ROUNDS, first=self.first,
            current=self.current, step=None if self.phase != "day" or a else self.step,
            options={"convert": self.convert, "accountants": self.start_accountants},
            spaces=[{"id": s.id, "kind": s.kind, "letter": s.letter or None,
                     "region": data.REGIONS[s.region], "x": s.x, "y": s.y,
                     "market": self.market_at.get(s.id),
                     "cubes": self._cube_map(self.space_cubes[s.id])} for s in SPACES],
            paths=[list(e) for e in data.PATHS],
            bag=sum(self.bag), bag_colours=self._cube_map(self.bag),
            contract_row=[self.contract_view(c) for c in self.row],
            contract_deck=len(self.contract_deck),
            friends=[{"id": f, "kind": ALL_FRIENDS[f].kind,
                      "gold": self.friend_gold.get(f, 0)} for f in self.display],
            friend_deck=len(self.friend_deck), friend_discard=list(self.friend_discard),
            night_revealed=[{"id": c, "letters": NIGHT_CARDS[c]} for c in self.night_revealed],
            night_deck=len(self.night_deck), night_discard=len(self.night_discard),
            item_supply=dict(self.item_supply), dice_reserve=self.dice_reserve,
            gold_supply=self.gold_supply,
            turn=None if self.phase != "day" or a else {
                "moved": self.moved, "reach": self.reach, "quick_ok": self.quick_ok,
                "bought": self.bought, "visit": self.visit, "completed": self.turn_done,
                "negotiator": self.negotiator, "exchange_left": self.exchange_left,
                "picks_left": self.picks_left, "source": self.source,
                "reachable": (self.destinations(self.current, self.reach)
                              if self.step == "move" else []),
            },
            auction=None if a is None else {
                "active": a.active, "stage": a.stage, "actor": a.actor(),
                "contract": None if a.contract < 0 else self.contract_view(a.contract),
                "cleared": a.cleared, "high": a.high,
                "bidder": None if a.bidder < 0 else a.bidder, "order": list(a.order),
                "second": a.second},
            players=[self._player_view(p) for p in range(self.num_players)],
        )
        if self.is_over():
            v["scores"] = self.scores()
            v["breakdown"] = self.score_breakdown()
            v["standings"] = [s.__dict__ for s in self.standings()]
        return v

    def _player_view(self, p: int) -> dict[str, Any]:
        pl = self.players[p]
        return {
            "gold": pl.gold, "pos": pl.pos, "dice": list(pl.dice), "owned_dice": pl.owned_dice,
            "moves": pl.moves, "movement_slots": data.MOVEMENT_SLOTS,
            "quick": pl.quick, "quick_slots": pl.quick_slots(),
            "cubes": self._cube_map(pl.cubes), "carry_limit": pl.carry_limit(),
            "items": [{"item": i, "flipped": f} for i, f in pl.items.items()],
            "contracts": [self.contract_view(c) for c in pl.contracts],
            "completed": [self.contract_view(c) for c in pl.completed],
            "friends": [{"id": f, "kind": ALL_FRIENDS[f].kind,
                         "colour": (data.ACCOUNTANT_COLOUR[ALL_FRIENDS[f].seat]
                                    if ALL_FRIENDS[f].kind == "accountant" else None)}
                        for f in pl.friends],
            "unused_gold": self.unused_gold[p],
            "score": sum(self.score_breakdown()[p].values()),
        }

    def determinize(self, player: int, rng: Rng) -> LeylinesState:
        copy = self.clone()
        copy.recording = False
        copy.history, copy.barriers, copy.log = [], [], []
        # Each part of the Contract deck keeps its cards; their order is unknown.
        start = 0
        for size in copy.segments:
            part = copy.contract_deck[start:start + size]
            rng.shuffle(part)
            copy.contract_deck[start:start + size] = part
            start += size
        for deck in (copy.friend_deck, copy.night_deck, copy.start_box):
            rng.shuffle(deck)
        copy.rng = rng.fork()  # the bag's draws and future dice
        return copy

    def clone(self) -> LeylinesState:
        c = LeylinesState.__new__(LeylinesState)
        c.__dict__.update(self.__dict__)
        c.rng = self.rng.clone()
        c.history, c.barriers, c.log = list(self.history), list(self.barriers), list(self.log)
        c.players = [pl.copy() for pl in self.players]
        c.auction = None if self.auction is None else self.auction.copy()
        c.space_cubes = [list(s) for s in self.space_cubes]
        for name in ("contract_deck", "segments", "row", "friend_deck", "friend_discard",
                     "display", "night_deck", "night_revealed", "night_discard", "bag",
                     "start_box", "unused_gold"):
            setattr(c, name, list(getattr(self, name)))
        c.item_supply = dict(self.item_supply)
        c.friend_gold = dict(self.friend_gold)
        return c


class LeylinesGame(Game):
    id = "leylines"
    title = "Leylines"
    min_players = 2
    max_players = 6
    options = (
        Option("convert", "Converting Resources (2 of a colour as 1 of another)", "off",
               ("off", "on")),
        Option("accountants", "Starting Accountants", "off", ("off", "on")),
    )
    action_types = ACTION_TYPES

    def _new_game(self, num_players: int, seed: int, options: dict[str, Any]
                  ) -> LeylinesState:
        return LeylinesState(self, num_players, seed, options)

    def max_actions(self, num_players: int, options: dict[str, Any]) -> int:
        """A proven bound on any game's length. Each turn uses a die, and a seat
        has at most 6 dice a round, so there are at most ``T = 24n`` turns;
        besides discards and auctions a turn takes at most 14 actions (move,
        3 boosts, go, the free cube, 3 Quickness collections, 2 Items, Done,
        end). Every auction gives away one of the 42 Contracts, so there are
        at most 42 auctions of at most ``n + 5`` actions, and at most 42 + 6
        Forest Friends are ever gained, each played in at most 16 actions;
        Companion and Tablet act at most once a round for 6 actions. At most
        60 Contracts are completed. A discard gives back a cube just gained:
        picks (``T + 3 * 48 + 8n``), deliveries (4 x 48) and Quickness
        collections (at most 12n, each of at most 96 cubes).

        >>> LeylinesGame().max_actions(6, {})
        10920
        """
        n = num_players
        turns = 4 * 6 * n
        friends = len(data.CONTRACTS) + len(data.ACCOUNTANT_COLOUR)
        base = n + 4 * n + 14 * turns + len(ALL_CONTRACTS) + 16 * friends + 6 * 4 * n
        base += len(data.CONTRACTS) * (n + 5)
        picks = turns + data.PATHFINDER_CUBES * friends + 2 * 4 * n
        discards = picks + data.DELIVERY_CUBES * friends + 96 * 3 * 4 * n
        return base + discards
