"""Ley of the Land: state, legal actions and transitions.

A round is a simultaneous secret bid (every seat active at once), then an
action phase in bid order, highest first, ties broken clockwise from the
tiebreaker marker. Each seat takes one action: Acquire a market tile (open to
all), or one of the exclusive Frolick, Sow, Reap and Invest.

A seat with nothing else it may do passes (the text says each player *may*
act). A round in which nobody acquires a tile discards the market's oldest
tile and deals a new one, so the stock always runs down and every game ends
(``LeyOfTheLand.max_actions``).

Board geometry (see ``data``): a space holds a tile; a tile has four
triangles, indexed ``space * 4 + side``. Sections are the connected
same-colour triangles; a section is complete when none of its triangles
faces an empty space. A complete section can never change again, so its
cubes are kept per section, keyed by its smallest triangle (its *anchor*).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.events import Event
from ...core.game import Action, Standing, State, rank_by
from ...core.rng import Rng
from ...core.view_types import standing_views
from . import data
from .actions import EXCLUSIVE, Acquire, Bid, Frolick, Invest, Pass, Reap, Sow, _count
from .board import NEIGHBOUR, SPACES, Section, find_sections, rotated, space_name
from .data import CENTRE, GREEN, MARKET_SLOTS, TILES, YELLOW
from .view_types import LastMove, LeyOfTheLandView, PlayerView

if TYPE_CHECKING:
    from .game import LeyOfTheLand




# -- the state -----------------------------------------------------------------


class LeyOfTheLandState(State):
    game: LeyOfTheLand

    def __init__(self, game: LeyOfTheLand, num_players: int, seed: int,
                 options: dict[str, Any]) -> None:
        super().__init__(game, num_players, seed, options)
        n = num_players
        self.money = [data.STARTING_MONEY] * n
        self.faerie = [0] * n  # unused Faerie cubes in each player's supply
        self.wheat = [0] * n
        self.boards: list[list[tuple[int, int] | None]] = [[None] * SPACES for _ in range(n)]
        #: Complete sections per player by anchor (they never change again).
        self.complete: list[dict[int, Section]] = [{} for _ in range(n)]
        self.stock = list(range(len(TILES)))
        self.rng.shuffle(self.stock)
        self.market: list[int | None] = [self.stock.pop() for _ in range(MARKET_SLOTS)]
        #: When each market tile was dealt (tiles dealt so far), to find the oldest.
        self.dealt_at: list[int] = list(range(MARKET_SLOTS))
        self.dealt = MARKET_SLOTS
        #: Market tiles discarded after a round in which nobody acquired one.
        self.discard: list[int] = []
        self.acquired_this_round = False
        #: Who holds the tiebreaker marker: drawn by lot, so no seat is favoured.
        self.marker = self.rng.randrange(n)
        self.log.append(Event("marker", f"{game.seat_name(self.marker)} draws the tiebreaker "
                                        "marker.", data={"seat": self.marker}, reveal=True))
        self.round = 1
        self.phase = "bid"
        self.bids: list[int | None] = [None] * n
        self.revealed: list[int] | None = None
        self.order: list[int] = []
        self.turn = 0
        self.taken: list[str] = []
        self.end_triggered = False
        #: What the latest action (not a bid) did, for the view to mark: its seat and
        #: kind, the space of an acquired tile, the sections whose cubes changed.
        self.last_move: LastMove | None = None

    # -- protocol --------------------------------------------------------------

    def active_players(self) -> list[int]:
        if self.phase == "bid":
            return [p for p in range(self.num_players) if self.bids[p] is None]
        if self.phase == "act":
            return [self.order[self.turn]]
        return []

    def is_over(self) -> bool:
        return self.phase == "over"

    def legal_actions(self, player: int) -> list[Action]:
        if player not in self.active_players():
            return []
        if self.phase == "bid":
            return [Bid(a) for a in range(self.money[player] + 1)]
        actions: list[Action] = self.acquisitions(player)
        if "frolick" not in self.taken:
            actions.append(Frolick())
        if "sow" not in self.taken:
            actions.append(Sow())
        if "reap" not in self.taken:
            actions += [Reap(a) for a, s in sorted(self.complete[player].items())
                        if s.colour == YELLOW and s.cubes]
        if "invest" not in self.taken:
            actions.append(Invest())
        return actions or [Pass()]

    def acquisitions(self, player: int) -> list[Action]:
        """Every (market slot, space, rotation) where a tile may be placed."""
        board = self.boards[player]
        if board[CENTRE] is None:
            spaces = [CENTRE]
        else:
            spaces = [s for s in range(SPACES) if board[s] is None
                      and any(t is not None and board[t] is not None for t in NEIGHBOUR[s])]
        out: list[Action] = []
        for slot, tile in enumerate(self.market):
            if tile is None:
                continue
            seen_edges = set()
            for rotation in range(4):
                edges = rotated(TILES[tile][1], rotation)
                if edges in seen_edges:  # a symmetric tile: one rotation is enough
                    continue
                seen_edges.add(edges)
                out += [Acquire(slot, s, rotation) for s in spaces
                        if self.fits(board, s, edges)]
        return out

    @staticmethod
    def fits(board: list[tuple[int, int] | None], space: int, edges: str) -> bool:
        """True if every edge facing a placed tile matches that tile's colour."""
        for side in range(4):
            across = NEIGHBOUR[space][side]
            placed = board[across] if across is not None else None
            if placed is not None and rotated(TILES[placed[0]][1], placed[1])[(side + 2) % 4] \
                    != edges[side]:
                return False
        return True

    def explain_illegal(self, player: int, action: Action) -> str:
        who = self.game.seat_name(player)
        if self.phase == "bid":
            if isinstance(action, Bid):
                return (f"{who} has {self.money[player]} money: a bid must be between 0 and "
                        f"{self.money[player]}.")
            return "Everyone bids first; actions come after the bids are revealed."
        if isinstance(action, Bid):
            return "The bids are already in for this round."
        if action.kind in self.taken:
            return f"{action.kind.capitalize()} has already been taken this round."
        if isinstance(action, Acquire):
            if not 0 <= action.slot < MARKET_SLOTS or self.market[action.slot] is None:
                return "There is no tile in that market slot."
            if self.boards[player][CENTRE] is None and action.space != CENTRE:
                return "Your first tile goes in the centre space of your board."
            return ("That tile cannot go there: the space must be empty, next to one of your "
                    "tiles, and every edge must match the colour of the tile it touches.")
        if isinstance(action, Reap):
            return "Reap needs one of your complete yellow sections holding a Wheat cube."
        return super().explain_illegal(player, action)

    def _apply(self, player: int, action: Action) -> list[Event]:
        if isinstance(action, Bid):
            return self._bid(player, action.amount)
        events = getattr(self, "_do_" + action.kind)(player, action)
        if action.kind in EXCLUSIVE:
            self.taken.append(action.kind)
        self.turn += 1
        if self.turn == len(self.order):
            events += self._end_round()
        return events

    # -- bidding -----------------------------------------------------------------

    def _bid(self, player: int, amount: int) -> list[Event]:
        self.bids[player] = amount
        who = self.game.seat_name(player)
        # The bidder reads the amount, every other seat only that a bid is in: one
        # entry each (a spectator reads the bids when they are revealed).
        others = tuple(p for p in range(self.num_players) if p != player)
        events = [Event("bid", f"{who} bids {amount} (secret).", visible_to=(player,),
                        data={"seat": player}),
                  Event("bid-placed", f"{who} has placed a secret bid.", visible_to=others,
                        data={"seat": player})]
        if any(b is None for b in self.bids):
            return events
        bids: list[int] = [b for b in self.bids if b is not None]
        for p, b in enumerate(bids):
            self.money[p] -= b
        # Clockwise from the marker holder breaks ties: earlier in that circle goes first.
        circle = [(self.marker + i) % self.num_players for i in range(self.num_players)]
        self.order = sorted(circle, key=lambda p: -bids[p])
        self.revealed, self.bids = bids, [None] * self.num_players
        self.phase, self.turn, self.taken = "act", 0, []
        text = ", ".join(f"{self.game.seat_name(p)} {bids[p]}" for p in range(len(bids)))
        order = ", ".join(self.game.seat_name(p) for p in self.order)
        events.append(Event("reveal", f"Bids revealed: {text}. Order: {order}.",
                            data={"bids": bids, "order": self.order}, reveal=True))
        return events

    # -- actions -----------------------------------------------------------------

    def _do_pass(self, player: int, action: Action) -> list[Event]:
        self.last_move = {"seat": player, "kind": "pass"}
        return [Event("pass", f"{self.game.seat_name(player)} has nothing to do and passes.",
                      data={"seat": player})]

    def _deal_to(self, slot: int) -> list[Event]:
        """Refill a market slot from the stock; the stock running out ends the game."""
        self.market[slot] = self.stock.pop() if self.stock else None
        events = []
        if self.market[slot] is not None:
            self.dealt_at[slot], self.dealt = self.dealt, self.dealt + 1
            events.append(Event("refill", "A new tile is dealt to the market.", reveal=True))
        if not self.stock and not self.end_triggered:
            self.end_triggered = True
            events.append(Event("end", "The tile stock has run out: this is the last round."))
        return events

    def _do_acquire(self, player: int, action: Acquire) -> list[Event]:
        tile = self.market[action.slot]
        assert tile is not None
        self.acquired_this_round = True
        board = self.boards[player]
        board[action.space] = (tile, action.rotation)
        self.last_move = {"seat": player, "kind": "acquire", "space": action.space, "tile": tile}
        who = self.game.seat_name(player)
        kind = TILES[tile][0]
        events = [Event("acquire", f"{who} takes a {kind} tile and places it on "
                                   f"{space_name(action.space)}.",
                        data={"seat": player, "tile": tile, "space": action.space})]
        events += self._deal_to(action.slot)
        if all(s is not None for s in board):
            if not self.end_triggered:
                events.append(Event("end", f"{who}'s board is full: this is the last round."))
            self.end_triggered = True
        mine = self.complete[player]
        cube_land = {"Faerie": "green", "Wheat": "yellow"}
        for section in find_sections(board):
            if section.complete and section.anchor not in mine and any(
                    t // 4 == action.space for t in section.triangles):
                mine[section.anchor] = section
                gain = section.diamonds
                if section.colour == GREEN:
                    self.faerie[player] += gain
                    cube = "Faerie"
                else:
                    self.wheat[player] += gain
                    cube = "Wheat"
                if gain:  # a section closed by the board's edge alone holds no diamond
                    events.append(Event(
                        "complete", f"{who} completes a {cube_land[cube]} section of "
                                    f"{_count(section.diamonds, 'diamond')} and gains "
                                    f"{_count(gain, cube + ' cube')}.",
                        data={"seat": player, "anchor": section.anchor}))
        return events

    def _place_cubes(self, player: int, colour: str) -> list[int]:
        """Place one cube of ``colour`` from the player's supply on each complete
        section of that colour with room; return the anchors of those sections."""
        placed = []
        for section in self.complete[player].values():
            supply = self.faerie if colour == GREEN else self.wheat
            if section.colour == colour and section.cubes < section.diamonds and supply[player]:
                supply[player] -= 1
                section.cubes += 1
                placed.append(section.anchor)
        return placed

    def _do_frolick(self, player: int, action: Action) -> list[Event]:
        anchors = self._place_cubes(player, GREEN)
        placed = len(anchors)
        self.money[player] += placed
        self.last_move = {"seat": player, "kind": "frolick", "anchors": anchors}
        who = self.game.seat_name(player)
        why = ("has no Faerie cube to place" if not self.faerie[player] else
               "no complete green section has room for a Faerie cube")
        text = (f"{who} frolicks: {_count(placed, 'Faerie cube')} placed, {placed} money "
                "gained." if placed else f"{who} frolicks, but {why}: nothing gained.")
        return [Event("frolick", text, data={"seat": player})]

    def _do_sow(self, player: int, action: Action) -> list[Event]:
        anchors = self._place_cubes(player, YELLOW)
        self.last_move = {"seat": player, "kind": "sow", "anchors": anchors}
        who = self.game.seat_name(player)
        why = ("has no Wheat cube to sow" if not self.wheat[player] else
               "no complete yellow section has room for a Wheat cube")
        text = (f"{who} sows {_count(len(anchors), 'Wheat cube')}." if anchors else
                f"{who} sows, but {why}: nothing sown.")
        return [Event("sow", text, data={"seat": player})]

    def _do_reap(self, player: int, action: Reap) -> list[Event]:
        self.complete[player][action.section].cubes -= 1
        self.money[player] += data.REAP_MONEY
        self.last_move = {"seat": player, "kind": "reap", "anchors": [action.section]}
        return [Event("reap", f"{self.game.seat_name(player)} reaps a Wheat cube for "
                              f"{data.REAP_MONEY} money.", data={"seat": player})]

    def _do_invest(self, player: int, action: Action) -> list[Event]:
        who = self.game.seat_name(player)
        assert self.revealed is not None
        self.last_move = {"seat": player, "kind": "invest"}
        if self.turn == len(self.order) - 1:
            gain = 2 * self.revealed[player]
            self.money[player] += gain
            text = (f"{who} invests last and doubles the bid: +{gain} money." if gain else
                    f"{who} invests last, but bid nothing: no money gained.")
            return [Event("invest", text, data={"seat": player})]
        spent = "the bid stays spent" if self.revealed[player] else "nothing gained"
        return [Event("invest", f"{who} invests, but is not last: {spent}.",
                      data={"seat": player})]

    def _end_round(self) -> list[Event]:
        events = []
        if not self.acquired_this_round and not self.end_triggered:
            # The oldest tile makes way for a new one (an empty slot, if any, is
            # simply filled), so the stock runs down even when nobody acquires.
            slot = min(range(MARKET_SLOTS), key=lambda s: (self.market[s] is not None,
                                                           self.dealt_at[s]))
            tile = self.market[slot]
            if tile is not None:
                self.discard.append(tile)
                events.append(Event("discard", "Nobody acquired a tile this round: the "
                                               f"market's oldest tile (slot {slot + 1}) is "
                                               "discarded.", data={"slot": slot, "tile": tile}))
            events += self._deal_to(slot)
        self.acquired_this_round = False
        if self.end_triggered:
            self.phase = "over"
            ranking = ", ".join(f"{self.game.seat_name(s.seat)} {s.score:g}"
                                for s in self.standings())
            return events + [Event("over", f"The game is over. Final scores: {ranking}.")]
        self.marker = (self.marker + 1) % self.num_players
        self.round += 1
        self.phase = "bid"
        return events + [Event("round", f"Round {self.round} begins; "
                                        f"{self.game.seat_name(self.marker)} holds the "
                                        "tiebreaker.")]

    # -- scoring -------------------------------------------------------------------

    def largest_section(self, player: int) -> int:
        """Triangles in the player's largest continuous section (complete or not)."""
        return max((len(s.triangles) for s in find_sections(self.boards[player])), default=0)

    def cubes(self, player: int) -> tuple[int, int]:
        """(Faerie, Wheat) cubes the player possesses: in supply and on sections."""
        placed = {GREEN: 0, YELLOW: 0}
        for s in self.complete[player].values():
            placed[s.colour] += s.cubes
        return self.faerie[player] + placed[GREEN], self.wheat[player] + placed[YELLOW]

    def score_breakdown(self) -> list[dict[str, float]]:
        largest = [self.largest_section(p) for p in range(self.num_players)]
        best = max(largest)
        holders = [p for p in range(self.num_players) if best and largest[p] == best]
        out = []
        for p in range(self.num_players):
            faerie, wheat = self.cubes(p)
            bonus = data.LARGEST_SECTION_BONUS / len(holders) if p in holders else 0
            out.append({"Money": self.money[p], "Faerie cubes": faerie, "Wheat cubes": wheat,
                        "Largest section": bonus})
        return out

    def scores(self) -> list[float]:
        return [sum(b.values()) for b in self.score_breakdown()]

    def standings(self) -> list[Standing]:
        scores = self.scores()
        keys = [(scores[p], self.largest_section(p), self.faerie[p], self.wheat[p],
                 self.money[p]) for p in range(self.num_players)]
        return rank_by(keys, ["largest section", "unused Faerie cubes", "unused Wheat cubes",
                              "money"])

    def conservation(self) -> dict[str, int]:
        on_boards = sum(s is not None for b in self.boards for s in b)
        return {"land tiles": len(self.stock) + sum(t is not None for t in self.market)
                + on_boards + len(self.discard)}

    # -- information -----------------------------------------------------------------

    def view(self, player: int | None) -> LeyOfTheLandView:
        v: LeyOfTheLandView = {
            **self.base_view(player),
            "phase": self.phase, "round": self.round, "marker": self.marker,
            "order": self.order if self.phase != "bid" else [],
            "acting": self.order[self.turn] if self.phase == "act" else None,
            "taken": list(self.taken), "revealed": self.revealed, "stock": len(self.stock),
            "discarded": len(self.discard),
            "last_round": self.end_triggered,
            "market": [None if t is None else {"id": t, "kind": TILES[t][0],
                                               "edges": TILES[t][1]}
                       for t in self.market],
            # During bidding a seat sees its own bid; of the others only whether they bid.
            "bids": [b if p == player else None for p, b in enumerate(self.bids)],
            "has_bid": [b is not None for b in self.bids],
            "players": [self._player_view(p) for p in range(self.num_players)],
            "last_move": self.last_move,
            # The score as it stands now (the final count applied to the present).
            "scores": self.scores(), "breakdown": self.score_breakdown(),
        }
        if self.is_over():
            v["standings"] = standing_views(self.standings())
        return v

    def _player_view(self, p: int) -> PlayerView:
        sections = find_sections(self.boards[p])
        faerie, wheat = self.cubes(p)
        return {
            "money": self.money[p], "faerie": self.faerie[p], "wheat": self.wheat[p],
            "faerie_total": faerie, "wheat_total": wheat,
            "largest": max((len(s.triangles) for s in sections), default=0),
            "board": [None if t is None else {"id": t[0], "kind": TILES[t[0]][0],
                                              "edges": rotated(TILES[t[0]][1], t[1])}
                      for t in self.boards[p]],
            "sections": [{"anchor": s.anchor, "colour": s.colour, "triangles": s.triangles,
                          "diamonds": s.diamonds, "complete": s.complete,
                          "cubes": self.complete[p][s.anchor].cubes if s.complete
                          and s.anchor in self.complete[p] else 0}
                         for s in sections],
        }

    def determinize(self, player: int, rng: Rng) -> LeyOfTheLandState:
        copy = self.unrecorded_clone()
        rng.shuffle(copy.stock)  # the stock's order is hidden from everyone
        for p, b in enumerate(copy.bids):
            if p != player and b is not None:  # an unrevealed bid of another seat
                copy.bids[p] = rng.randint(0, min(copy.money[p], data.GUESSED_BID))
        copy.rng = rng.fork()
        return copy

    def clone(self) -> LeyOfTheLandState:
        copy = self.shallow_copy()
        for name in ("money", "faerie", "wheat", "stock", "market", "bids", "order", "taken",
                     "dealt_at", "discard"):
            setattr(copy, name, list(getattr(self, name)))
        copy.boards = [list(b) for b in self.boards]
        copy.complete = [{a: Section(s.colour, s.triangles, s.diamonds, s.complete, s.cubes)
                          for a, s in c.items()} for c in self.complete]
        return copy
