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

from functools import cache
from itertools import product
from typing import TYPE_CHECKING

from ...core.events import Event
from ...core.game import Action, Standing, rank_by
from ...core.rng import Rng
from ...core.view_types import standing_views
from . import auction, data, friends
from .actions import (
    Bid,
    Boost,
    Buy,
    Complete,
    Discard,
    Done,
    EndTurn,
    From,
    Go,
    Keep,
    Move,
    Pick,
    Quick,
    Reroll,
    Sell,
    Skip,
    Start,
    Use,
    a_cube,
    cube_words,
    space_name,
)
from .data import ALL_CONTRACTS, ALL_FRIENDS, COLOURS, MARKET_NAMES, NIGHT_CARDS, SPACES
from .payment import code, payments
from .table import (
    ACCOUNTANT_INDEX,
    COLOUR_INDEX,
    DIST,
    NEED,
    NEIGHBOURS,
    NUM_SPACES,
    Auction,
    Player,
    Table,
    multi_bonus,
    seat_name,
)
from .view_types import Catalogue, ContractView, LeylinesView, PlayerView

if TYPE_CHECKING:
    from .game import LeylinesGame


@cache
def _reroll_choices(dice: tuple[int, ...]) -> tuple[str, ...]:
    values = sorted(set(dice))
    out = []
    for counts in product(*(range(dice.count(v) + 1) for v in values)):
        text = "".join(str(v) * k for v, k in zip(values, counts, strict=True))
        if text:
            out.append(text)
    return tuple(sorted(out))


def _is_subset(text: str, dice: list[int]) -> bool:
    """Whether ``text`` names some of ``dice`` as ``reroll_choices`` writes them."""
    return bool(text) and text in _reroll_choices(tuple(dice))


def catalogue() -> Catalogue:
    """Static texts and numbers for the page (names, costs, effects, bands)."""
    return {
        "colours": list(COLOURS),
        "markets": {m: {"name": MARKET_NAMES[m], "colour": data.MARKET_COLOUR[m]}
                    for m in data.MARKETS},
        "regions": list(data.REGIONS),
        "board_size": list(data.BOARD_SIZE),
        "items": {i: {"cost": dict(data.cubes(data.ITEM_COST[i])), "text": data.ITEM_TEXT[i],
                      "once_a_round": i in data.ONCE_A_ROUND} for i in data.ITEMS},
        "item_gold": {str(k): v for k, v in data.ITEM_GOLD.items()},
        "friends": {k: {"name": data.FRIEND_NAMES[k], "text": data.FRIEND_TEXT[k],
                        "ongoing": k in data.ONGOING_FRIENDS} for k in data.FRIENDS},
        "accountant_colours": list(data.ACCOUNTANT_COLOUR),
        "slots": {"movement": data.MOVEMENT_SLOTS, "quickness": data.QUICKNESS_SLOTS,
                  "resources": data.RESOURCE_SLOTS},
    }


__all__ = ["DIST", "NEIGHBOURS", "Auction", "LeylinesState", "Player"]


class LeylinesState(Table):
    game: LeylinesGame

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
            return auction.auction_actions(self, self.auction)
        return self.turn_actions(player)

    @staticmethod
    def reroll_choices(dice: list[int]) -> list[str]:
        """The distinct non-empty sets of dice to re-roll, as digit strings.

        >>> LeylinesState.reroll_choices([2, 2, 5])
        ['2', '22', '225', '25', '5']
        """
        return list(_reroll_choices(tuple(dice)))

    def is_legal(self, player: int, action: Action) -> bool:
        """``action in legal_actions(player)``, answered without listing them for
        the frequent kinds (bots ask this at every step of their search)."""
        if self.phase != "day" or self.auction is not None or player != self.current:
            if self.phase == "reroll" and player == self.current and isinstance(action, Reroll):
                return (self.players[player].gold >= data.REROLL_COST
                        and _is_subset(action.dice, self.players[player].dice))
            return action in self.legal_actions(player)
        pl = self.players[player]
        step = self.step
        if step == "move":
            if isinstance(action, Go):
                return (0 <= action.space < NUM_SPACES
                        and 1 <= DIST[pl.pos][action.space] <= self.reach
                        and self._may_stop(player, action.space))
            if isinstance(action, Boost):
                return pl.quick < pl.quick_slots() and action.die in pl.dice
            return False
        if step == "turn" and isinstance(action, Move):
            return not self.moved and pl.can_move() and action.die in pl.dice
        return action in self.legal_actions(player)

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
            out += friends.free_uses(self, p)
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
                out += friends.item_buys(self, p)
            return [*out, *friends.free_uses(self, p), Done()]
        if step == "market":
            out += [Quick(v) for v in self._quick_dice(pl)]
            out += self.completions(p)
            if pl.has_friend("negotiator") and not self.negotiator:
                out.append(Use("negotiator"))
            out += friends.free_uses(self, p)
            if self.visit or not any(isinstance(a, Complete) for a in out):
                out.append(Done())
            return out
        raise AssertionError(f"unknown step {step}")

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
            return auction.auction_step(self, player, self.auction, action)
        return self._turn_step(player, action)

    def place_name(self, space: int) -> str:
        """A space as the log names it, a Market by the token lying there:
        ``the Bakery (Market space 7)``."""
        market = self.market_at.get(space)
        if market is None:
            return space_name(space)
        return f"the {MARKET_NAMES[market]} ({space_name(space)})"

    def _start(self, p: int, space: int) -> list[Event]:
        self.players[p].pos = space
        self.landed = (p, space)
        events = [self._ev("start", f"{seat_name(p)} starts at the "
                           f"{MARKET_NAMES[self.market_at[space]]}.", p, space=space)]
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
            events = [self._ev("keep", f"{seat_name(p)} keeps the dice "
                               f"{', '.join(map(str, pl.dice))}.", p)]
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
            self._take_die(pl, action.die, "move")
            pl.moves += 1
            self.reach = action.die
            self.step, self.quick_ok = "move", False
            return [self._ev("move", f"{name} moves with the {action.die}.", p)]
        if isinstance(action, Boost):
            self._take_die(pl, action.die, "quick")
            pl.quick += 1
            self.reach += action.die
            return [self._ev("boost", f"{name} adds the {action.die} (Quickness): reach "
                             f"{self.reach}.", p)]
        if isinstance(action, Go):
            return self._go(p, action.space)
        if isinstance(action, Quick):
            self._take_die(pl, action.die, "quick")
            pl.quick += 1
            self.quick_ok = False
            event = self._collect_all(p)
            self._then(pl, step)
            return [event]
        if isinstance(action, Pick):
            return self._pick(p, action.colour)
        if isinstance(action, Skip):
            self.picks_left = 0
            self._then(pl, self.back if step == "companion-pick" else "arrive")
            return [self._ev("skip", f"{name} takes no more cubes.", p)]
        if isinstance(action, Discard):
            c = COLOUR_INDEX[action.colour]
            pl.cubes[c] -= 1
            self.space_cubes[pl.pos][c] += 1
            if not self._over_limit(pl):
                self._enter(self.resume)
            return [self._ev("discard", f"{name} drops {a_cube(action.colour)}.", p)]
        if isinstance(action, Sell):
            c = COLOUR_INDEX[action.colour]
            pl.cubes[c] -= 1
            self.bag[c] += 1
            self._gain(pl, 1)
            self.picks_left -= 1
            if self.picks_left == 0 or not any(pl.cubes):
                self.step = self.back
            return [self._ev("sell", f"{name} sells {a_cube(action.colour)} for 1 gold.", p)]
        if isinstance(action, Done):
            return self._done(p)
        if isinstance(action, EndTurn):
            return self._end_turn(p)
        if isinstance(action, Buy):
            return friends.buy(self, p, action)
        if isinstance(action, Complete):
            return self._complete(p, action)
        if isinstance(action, Use):
            return friends.use(self, p, action.card)
        if isinstance(action, From):
            self.source, self.picks_left, self.step = action.space, 2, "companion-pick"
            return [self._ev("companion", f"{name}'s Companion fetches cubes from "
                             f"{self.place_name(action.space)}.", p)]
        raise AssertionError(action)

    def _go(self, p: int, space: int) -> list[Event]:
        pl = self.players[p]
        step = self.step
        pl.pos = space
        self.landed = (p, space)
        events = [self._ev("go", f"{seat_name(p)} goes to {self.place_name(space)}.", p,
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
        events = [self._ev("pick", f"{seat_name(p)} takes {a_cube(colour)}.", p)]
        if self.picks_left <= 0 or not any(self.space_cubes[self.source]):
            self.picks_left = 0
            self._then(pl, self.back if self.step == "companion-pick" else "arrive")
        return events

    def _done(self, p: int) -> list[Event]:
        pl = self.players[p]
        if self.step == "sell":
            self.step = self.back
            return [self._ev("done", f"{seat_name(p)} stops selling.", p)]
        if self.step == "hub":
            self.quick_ok = False
            return auction.start_auction(self, p) or [
                self._ev("done", f"{seat_name(p)} is done at the Hub and holds an auction.", p)]
        # the end of a Market visit
        bonus = multi_bonus(self.visit)
        events = []
        if bonus:
            self._gain(pl, bonus)
            events.append(self._ev("bonus", f"{seat_name(p)} completed {self.visit} Contracts "
                                   f"at once: {bonus} gold more.", p))
        else:
            events.append(self._ev("done", f"{seat_name(p)} leaves the Market.", p))
        self.visit = 0
        self.step = "turn"
        return events

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
    def contract_view(cid: int) -> ContractView:
        c = ALL_CONTRACTS[cid]
        return {"id": cid, "name": c.name, "market": c.market, "cubes": dict(data.cubes(c.cubes)),
                "code": c.cubes, "gold": c.gold, "period": c.period or None}

    def _cube_map(self, counts: list[int]) -> dict[str, int]:
        return {COLOURS[i]: k for i, k in enumerate(counts) if k}

    def view(self, player: int | None) -> LeylinesView:
        a = self.auction
        v: LeylinesView = {
            **self.base_view(player),
            "phase": self.phase, "round": self.round, "rounds": data.ROUNDS, "first": self.first,
            "current": self.current, "step": None if self.phase != "day" or a else self.step,
            "options": {"convert": self.convert, "accountants": self.start_accountants},
            "catalogue": catalogue(),
            "spaces": [{"id": s.id, "kind": s.kind, "letter": s.letter or None,
                        "region": data.REGIONS[s.region], "x": s.x, "y": s.y,
                        "market": self.market_at.get(s.id),
                        "cubes": self._cube_map(self.space_cubes[s.id])} for s in SPACES],
            "paths": [list(e) for e in data.PATHS],
            "bag": sum(self.bag), "bag_colours": self._cube_map(self.bag),
            "contract_row": [self.contract_view(c) for c in self.row],
            "contract_deck": len(self.contract_deck),
            "friends": [{"id": f, "kind": ALL_FRIENDS[f].kind,
                         "colour": (data.ACCOUNTANT_COLOUR[ALL_FRIENDS[f].seat]
                                    if ALL_FRIENDS[f].kind == "accountant" else None),
                         "gold": self.friend_gold.get(f, 0)} for f in self.display],
            "friend_deck": len(self.friend_deck), "friend_discard": list(self.friend_discard),
            "night_revealed": [{"id": c, "letters": NIGHT_CARDS[c]}
                               for c in self.night_revealed],
            "night_deck": len(self.night_deck), "night_discard": len(self.night_discard),
            "item_supply": dict(self.item_supply), "dice_reserve": self.dice_reserve,
            "gold_supply": self.gold_supply,
            "turn": None if self.phase != "day" or a else {
                "moved": self.moved, "reach": self.reach, "quick_ok": self.quick_ok,
                "bought": self.bought, "visit": self.visit, "completed": self.turn_done,
                "negotiator": self.negotiator, "exchange_left": self.exchange_left,
                "picks_left": self.picks_left, "source": self.source,
                "reachable": ([a.space for a in self.turn_actions(self.current)
                               if isinstance(a, Go)]
                              if self.step in ("move", "route", "path") else []),
            },
            "auction": None if a is None else {
                "active": a.active, "stage": a.stage, "actor": a.actor(),
                "contract": None if a.contract < 0 else self.contract_view(a.contract),
                "cleared": a.cleared, "high": a.high,
                "bidder": None if a.bidder < 0 else a.bidder, "order": list(a.order),
                "second": a.second},
            "players": [self._player_view(p) for p in range(self.num_players)],
            "last_move": None if self.landed is None else {"seat": self.landed[0],
                                                           "space": self.landed[1]},
        }
        if self.is_over():
            v["scores"] = self.scores()
            v["breakdown"] = self.score_breakdown()
            v["standings"] = standing_views(self.standings())
        return v

    def _player_view(self, p: int) -> PlayerView:
        pl = self.players[p]
        return {
            "gold": pl.gold, "pos": pl.pos, "dice": list(pl.dice), "owned_dice": pl.owned_dice,
            "moves": pl.moves, "movement_slots": data.MOVEMENT_SLOTS,
            "quick": pl.quick, "quick_slots": pl.quick_slots(),
            "move_dice": [v for slot, v in pl.placed if slot == "move"],
            "quick_dice": [v for slot, v in pl.placed if slot == "quick"],
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
        copy = self.unrecorded_clone()
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
        c = self.shallow_copy()
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
