"""Ley of the Land, rule by rule.

| clause of the rule text (or adaptation note)      | test                                   |
|---------------------------------------------------|----------------------------------------|
| setup: 10 money, 5 market tiles, shuffled stock   | test_setup                             |
| bids are simultaneous                             | test_everyone_bids_at_once             |
| a bid is 0..your money, never more                | test_bid_limits                        |
| bids are secret until all are in                  | test_bids_hidden_until_revealed        |
| a bid's amount is not named to other seats        | test_bid_public_label_hides_amount     |
| bids are paid to the supply when revealed         | test_bids_are_paid                     |
| the high bidder acts first, then downwards        | test_order_by_bid                      |
| ties clockwise from the tiebreaker holder         | test_ties_clockwise_from_marker        |
| (adapted) the marker moves clockwise each round   | test_marker_moves_clockwise            |
| (adapted) the first holder is drawn by lot        | test_first_marker_holder_is_drawn_by_lot |
| non-acquire actions are exclusive in a round      | test_exclusive_actions                 |
| acquiring is open to every player                 | test_acquire_not_exclusive             |
| first tile in the centre space                    | test_first_tile_in_centre              |
| later tiles connect to a placed tile              | test_tiles_must_connect                |
| like-coloured edges, or the board's edge          | test_edges_must_match test_rim_is_free |
| Faerie cubes per green diamond on completion      | test_green_completion_reward           |
| an open section earns nothing yet                 | test_open_section_earns_nothing        |
| Wheat per yellow diamond, excess triangles not    | test_yellow_completion_ignores_excess  |
| completion cubes = diamonds, whatever the tiles   | test_special_tiles_change_no_number    |
| Frolick: cube per complete green section, +1 each | test_frolick                           |
| Sow: a Wheat cube per complete yellow section     | test_sow                               |
| Reap: a Wheat cube off one section, +3 money      | test_reap                              |
| capacity: cubes <= diamonds                       | test_capacity                          |
| Invest: last doubles the bid, others get nothing  | test_invest_last test_invest_not_last  |
| (adapted) market refilled at once                 | test_market_refills                    |
| end: stock runs out, finish the round             | test_end_when_stock_runs_out           |
| end: a full board, finish the round               | test_end_when_board_full               |
| (adapted) no acquisition: oldest tile discarded   | test_round_without_acquisition_discards |
| ... so a game of endless Frolick and Sow ends     | test_endless_frolick_and_sow_ends      |
| each player *may* act: a pass when nothing else   | test_pass_only_when_nothing_else       |
| ... the four-player dead end of the last actor    | test_last_actor_always_has_an_action   |
| (engine) no game is longer than max_actions       | tests/test_conformance.py              |
| score: money + cubes + 12 for largest section     | test_scoring                           |
| the 12 points are shared evenly on a tie          | test_bonus_shared                      |
| ties: largest, Faerie, Wheat, money, shared       | test_tie_breakers                      |
| illegal actions leave the state unchanged         | test_illegal_action_changes_nothing    |
| (bots) a sealed bid is guessed low, never known   | test_determinize_guesses_sealed_bids   |
"""

from __future__ import annotations

import json

import pytest

from pygame_engine import GAMES, IllegalAction
from pygame_engine.games.ley_of_the_land import data
from pygame_engine.games.ley_of_the_land.actions import (
    Acquire,
    Bid,
    Frolick,
    Invest,
    Pass,
    Reap,
    Sow,
)
from pygame_engine.games.ley_of_the_land.board import NEIGHBOUR, Section, find_sections, rotated
from pygame_engine.games.ley_of_the_land.data import CENTRE
from pygame_engine.games.ley_of_the_land.state import LeyOfTheLandState

GAME = GAMES["ley-of-the-land"]


def new(players: int = 2, seed: int = 1) -> LeyOfTheLandState:
    state = GAME.new_game(players, seed)
    assert isinstance(state, LeyOfTheLandState)
    return state


def tile_id(edges: str, kind: str = data.BASIC) -> tuple[int, int]:
    """A (tile id, rotation) whose rotated edges are ``edges``."""
    for tid, (k, base) in enumerate(data.TILES):
        for rotation in range(4):
            if k == kind and rotated(base, rotation) == edges:
                return tid, rotation
    raise AssertionError(f"no {kind} tile with edges {edges}")


def put(state: LeyOfTheLandState, player: int, space: int, edges: str,
        kind: str = data.BASIC) -> None:
    state.boards[player][space] = tile_id(edges, kind)


def bid_all(state: LeyOfTheLandState, *bids: int) -> None:
    for p, amount in enumerate(bids):
        state.apply(p, Bid(amount))


def to_act(state: LeyOfTheLandState, player: int, bids: tuple[int, ...] | None = None) -> None:
    """Bid so that ``player`` acts first (it bids 1, the others 0)."""
    bid_all(state, *(bids or tuple(1 if p == player else 0 for p in range(state.num_players))))
    assert state.active_players() == [player]


def market_with(state: LeyOfTheLandState, slot: int, edges: str,
                kind: str = data.BASIC) -> int:
    """Put a tile with base edges ``edges`` in a market slot; return its id."""
    tid = next(t for t, (k, e) in enumerate(data.TILES) if k == kind and e == edges)
    state.market[slot] = tid
    return tid


def test_setup() -> None:
    s = new(3)
    assert s.money == [10, 10, 10]
    assert all(t is not None for t in s.market) and len(s.market) == 5
    assert len(s.stock) == len(data.TILES) - 5
    assert sorted(s.stock + [t for t in s.market if t is not None]) == list(range(len(data.TILES)))
    assert new(3, seed=2).stock != s.stock


def test_everyone_bids_at_once() -> None:
    s = new(3)
    assert s.active_players() == [0, 1, 2]
    s.apply(1, Bid(2))
    assert s.active_players() == [0, 2]


def test_bid_limits() -> None:
    s = new()
    assert s.legal_actions(0) == [Bid(a) for a in range(11)]
    with pytest.raises(IllegalAction, match="between 0 and 10"):
        s.apply(0, Bid(11))


def test_bids_hidden_until_revealed() -> None:
    s = new()
    s.apply(0, Bid(7))
    assert s.view(1)["bids"] == [None, None] and s.view(1)["has_bid"] == [True, False]
    assert s.view(0)["bids"] == [7, None]
    assert "7" not in json.dumps([e.text for e in s.log_for(1)])
    s.apply(1, Bid(2))
    assert s.view(1)["revealed"] == [7, 2]


def test_bids_are_paid() -> None:
    s = new()
    bid_all(s, 4, 6)
    assert s.money == [6, 4]


def test_order_by_bid() -> None:
    s = new(4)
    bid_all(s, 1, 5, 3, 0)
    assert s.order == [1, 2, 0, 3]


def test_ties_clockwise_from_marker() -> None:
    s = new(4)
    s.marker = 2
    bid_all(s, 3, 3, 3, 3)
    assert s.order == [2, 3, 0, 1]


def test_marker_moves_clockwise() -> None:
    s = new(3)
    first = s.marker
    bid_all(s, 0, 0, 0)
    assert s.order[0] == first  # equal bids: the holder acts first
    for p in list(s.order):
        s.apply(p, Invest() if "invest" not in s.taken else s.legal_actions(p)[0])
    assert s.phase == "bid" and s.marker == (first + 1) % 3 and s.round == 2


def test_first_marker_holder_is_drawn_by_lot() -> None:
    holders = {new(4, seed).marker for seed in range(40)}
    assert holders == {0, 1, 2, 3}
    s = new(4, 7)
    assert s.log[0].kind == "marker" and s.log[0].data["seat"] == s.marker
    assert s.log[0].text.startswith(GAME.seat_name(s.marker))


def test_exclusive_actions() -> None:
    s = new(3)
    bid_all(s, 2, 1, 0)
    s.apply(0, Frolick())
    assert Frolick() not in s.legal_actions(1)
    with pytest.raises(IllegalAction, match="already been taken"):
        s.apply(1, Frolick())
    s.apply(1, Sow())
    assert Sow() not in s.legal_actions(2) and Invest() in s.legal_actions(2)
    s.apply(2, Invest())
    bid_all(s, 0, 0, 0)
    assert Frolick() in s.legal_actions(s.order[0])  # open again next round


def test_acquire_not_exclusive() -> None:
    s = new()
    bid_all(s, 1, 0)
    s.apply(0, [a for a in s.legal_actions(0) if isinstance(a, Acquire)][0])
    assert any(isinstance(a, Acquire) for a in s.legal_actions(1))


def test_first_tile_in_centre() -> None:
    s = new()
    to_act(s, 0)
    acquisitions = [a for a in s.legal_actions(0) if isinstance(a, Acquire)]
    assert acquisitions and {a.space for a in acquisitions} == {CENTRE}
    with pytest.raises(IllegalAction, match="centre"):
        s.apply(0, Acquire(0, 0, 0))


def test_tiles_must_connect() -> None:
    s = new()
    put(s, 0, CENTRE, "GGGG")
    market_with(s, 0, "GGGG")
    to_act(s, 0)
    spaces = {a.space for a in s.legal_actions(0) if isinstance(a, Acquire) and a.slot == 0}
    assert spaces == {CENTRE - 5, CENTRE + 1, CENTRE + 5, CENTRE - 1}
    with pytest.raises(IllegalAction):
        s.apply(0, Acquire(0, 0, 0))


def test_edges_must_match() -> None:
    s = new()
    put(s, 0, CENTRE, "GGGG")
    market_with(s, 0, "YYYY")
    to_act(s, 0)
    assert not [a for a in s.legal_actions(0) if isinstance(a, Acquire) and a.slot == 0]
    market_with(s, 0, "GYYY")  # one green edge: only turned so it faces the centre tile
    east = CENTRE + 1
    legal = {(a.space, rotated("GYYY", a.rotation)) for a in s.legal_actions(0)
             if isinstance(a, Acquire) and a.slot == 0}
    assert (east, "YYYG") in legal and (east, "GYYY") not in legal


def test_rim_is_free() -> None:
    s = new()
    put(s, 0, CENTRE, "YYYY")
    put(s, 0, 1, "GGGG")  # A2, on the top row: its north edge faces the rim
    market_with(s, 0, "YYYY")
    to_act(s, 0)
    legal = {a.space for a in s.legal_actions(0) if isinstance(a, Acquire) and a.slot == 0}
    assert 7 in legal  # B3 touches only the yellow centre tile
    assert 0 not in legal and 2 not in legal  # A1 and A3 touch the green A2
    market_with(s, 0, "GGGG")
    legal = {a.space for a in s.legal_actions(0) if isinstance(a, Acquire) and a.slot == 0}
    assert {0, 2} <= legal  # any colour may face the rim


def rotation_for(s: LeyOfTheLandState, slot: int, edges: str) -> int:
    """The rotation that makes the market tile in ``slot`` show ``edges``."""
    tid = s.market[slot]
    assert tid is not None
    for r in range(4):
        if rotated(data.TILES[tid][1], r) == edges:
            return r
    raise AssertionError(f"tile {data.TILES[tid]} cannot show {edges}")


def test_green_completion_reward() -> None:
    s = new()
    put(s, 0, CENTRE, "YYYY")
    put(s, 0, 0, "GGYG")  # A1: green north, east and west; east faces the empty A2
    market_with(s, 0, "GGYY")
    to_act(s, 0)
    s.apply(0, Acquire(0, 1, rotation_for(s, 0, "GYYG")))  # A2 closes the green section
    assert s.faerie[0] == 1 and s.wheat[0] == 0
    assert [e.kind for e in s.log].count("complete") == 1


def test_yellow_completion_ignores_excess() -> None:
    s = new()
    put(s, 0, CENTRE, "GGGG")
    put(s, 0, 0, "YYGY")
    market_with(s, 0, "GGYY")
    to_act(s, 0)
    s.apply(0, Acquire(0, 1, rotation_for(s, 0, "YGGY")))
    yellow = next(x for x in find_sections(s.boards[0]) if x.colour == "Y")
    assert yellow.complete and len(yellow.triangles) == 5 and yellow.diamonds == 1
    assert s.wheat[0] == 1  # three rim triangles are excess and earn nothing


def test_open_section_earns_nothing() -> None:
    s = new()
    put(s, 0, CENTRE, "GGGG")
    put(s, 0, 0, "YYYY")
    market_with(s, 0, "YYYY")
    to_act(s, 0)
    s.apply(0, Acquire(0, 1, 0))
    yellow = [x for x in find_sections(s.boards[0]) if x.colour == "Y"]
    assert len(yellow) == 1 and not yellow[0].complete and yellow[0].diamonds == 1
    assert s.wheat[0] == 0


def test_special_tiles_change_no_number() -> None:
    """A completed section earns one cube per diamond, Faerie Ring or not."""
    s = new()
    put(s, 0, CENTRE, "YYYY")
    put(s, 0, 0, "GGYG", data.FAERIE_RING)
    market_with(s, 0, "GGYY", data.FAERIE_RING)
    to_act(s, 0)
    s.apply(0, Acquire(0, 1, rotation_for(s, 0, "GYYG")))
    assert s.faerie[0] == 1  # one diamond, however many rings


def complete_sections(s: LeyOfTheLandState, player: int) -> None:
    for section in find_sections(s.boards[player]):
        if section.complete:
            s.complete[player][section.anchor] = section


def test_frolick() -> None:
    s = new()
    put(s, 0, 0, "GGYG")
    put(s, 0, 1, "GYYG")
    complete_sections(s, 0)
    s.faerie[0] = 5
    to_act(s, 0)
    money = s.money[0]
    s.apply(0, Frolick())
    assert s.faerie[0] == 4 and s.money[0] == money + 1
    assert sum(x.cubes for x in s.complete[0].values()) == 1


def test_sow() -> None:
    s = new()
    put(s, 0, 0, "YYGY")
    put(s, 0, 1, "YGGY")
    complete_sections(s, 0)
    s.wheat[0] = 3
    to_act(s, 0)
    s.apply(0, Sow())
    yellow = [x for x in s.complete[0].values() if x.colour == "Y"]
    assert [x.cubes for x in yellow] == [1] and s.wheat[0] == 2


def test_reap() -> None:
    s = new()
    put(s, 0, 0, "YYGY")
    put(s, 0, 1, "YGGY")
    complete_sections(s, 0)
    to_act(s, 0)
    assert not any(isinstance(a, Reap) for a in s.legal_actions(0))  # no wheat to reap
    yellow = next(x for x in s.complete[0].values() if x.colour == "Y")
    yellow.cubes = 1
    money = s.money[0]
    s.apply(0, Reap(yellow.anchor))
    assert yellow.cubes == 0 and s.money[0] == money + 3
    assert s.cubes(0) == (0, 0)


def test_capacity() -> None:
    s = new()
    put(s, 0, 0, "GGYG")
    put(s, 0, 1, "GYYG")  # one green diamond: room for one cube
    complete_sections(s, 0)
    s.faerie[0] = 5
    to_act(s, 0)
    s.apply(0, Frolick())
    s.apply(1, s.legal_actions(1)[0])
    to_act(s, 0)
    money = s.money[0]
    s.apply(0, Frolick())
    assert s.faerie[0] == 4 and s.money[0] == money  # full: nothing placed


def test_invest_last() -> None:
    s = new()
    bid_all(s, 5, 3)
    s.apply(0, Frolick())
    s.apply(1, Invest())
    assert s.money[1] == 10 - 3 + 6


def test_invest_not_last() -> None:
    s = new()
    bid_all(s, 5, 3)
    s.apply(0, Invest())
    assert s.money[0] == 5


def test_market_refills() -> None:
    s = new()
    to_act(s, 0)
    top = s.stock[-1]
    action = next(a for a in s.legal_actions(0) if isinstance(a, Acquire))
    s.apply(0, action)
    assert s.market[action.slot] == top
    assert s.barriers[-1]  # a new tile was revealed: undo stops here


def test_end_when_stock_runs_out() -> None:
    s = new()
    s.stock = s.stock[:1]
    to_act(s, 0)
    s.apply(0, next(a for a in s.legal_actions(0) if isinstance(a, Acquire)))
    assert s.end_triggered and not s.is_over()
    s.apply(1, s.legal_actions(1)[0])  # the round is finished first
    assert s.is_over() and s.active_players() == []


def test_end_when_board_full() -> None:
    s = new()
    for space in range(25):
        if space != 24:
            put(s, 0, space, "GGGG")
    market_with(s, 0, "GGGG")
    to_act(s, 0)
    s.apply(0, Acquire(0, 24, 0))
    assert s.end_triggered and not s.is_over()
    s.apply(1, s.legal_actions(1)[-1])
    assert s.is_over()


def take_exclusive(s: LeyOfTheLandState) -> None:
    """The seats still to act this round take an exclusive action (or pass)."""
    while s.phase == "act":
        p = s.active_players()[0]
        s.apply(p, next(a for a in s.legal_actions(p) if not isinstance(a, Acquire)))


def test_round_without_acquisition_discards() -> None:
    s = new(3)
    market, stock = list(s.market), list(s.stock)
    bid_all(s, 0, 0, 0)
    take_exclusive(s)
    # The five first tiles were dealt in slot order: slot 1's is the oldest.
    assert s.discard == [market[0]] and s.market[0] == stock[-1]
    assert s.market[1:] == market[1:] and len(s.stock) == len(stock) - 1
    assert any(e.kind == "discard" for e in s.log) and s.barriers[-1]
    bid_all(s, 0, 0, 0)
    take_exclusive(s)
    assert s.discard == [market[0], market[1]]  # now slot 2's tile is the oldest
    # A round with an acquisition discards nothing.
    to_act(s, 0, (1, 0, 0))
    s.apply(0, next(a for a in s.legal_actions(0) if isinstance(a, Acquire)))
    take_exclusive(s)
    assert len(s.discard) == 2
    assert s.conservation() == {"land tiles": len(data.TILES)}


def test_endless_frolick_and_sow_ends() -> None:
    """The loop that once never ended: nobody ever acquires."""
    s = new(2, seed=1)
    rounds = 0
    while not s.is_over():
        bid_all(s, 0, 0)
        first, second = s.order
        s.apply(first, Frolick())
        s.apply(second, Sow())
        rounds += 1
    assert rounds == len(data.TILES) - data.MARKET_SLOTS
    assert len(s.history) <= GAME.max_actions(2, {})
    assert not s.stock and len(s.discard) == rounds


def test_pass_only_when_nothing_else() -> None:
    s = new(4)
    bid_all(s, 3, 2, 1, 0)
    s.apply(0, Frolick())
    s.apply(1, Sow())
    s.apply(2, Invest())
    assert Pass() not in s.legal_actions(3)  # it can still acquire
    s.market = [None] * data.MARKET_SLOTS  # no tile to take, and no Wheat cube to reap
    assert s.legal_actions(3) == [Pass()]
    before = (list(s.money), s.round)
    s.apply(3, Pass())
    assert s.phase == "bid" and s.round == before[1] + 1 and s.money == before[0]
    assert s.history[-1] == (3, Pass()) and any(e.kind == "pass" for e in s.log)


def test_last_actor_always_has_an_action() -> None:
    """The dead end found in play: seat 0 always acquires, seats 1-3 bid low and
    take Frolick, Sow or Invest whenever they can."""
    from pygame_engine.core.rng import Rng

    rng = Rng(5)
    for seed in range(1, 6):
        s = new(4, seed=seed)
        while not s.is_over():
            for p in s.active_players():
                legal = s.legal_actions(p)
                assert legal, f"seat {p} has no action (seed {seed}, move {len(s.history)})"
                if s.phase == "bid":
                    s.apply(p, Bid(0) if p == 0 else Bid(min(rng.randint(0, 2), s.money[p])))
                    continue
                acquire = [a for a in legal if isinstance(a, Acquire)]
                exclusive = [a for a in legal if isinstance(a, Frolick | Sow | Invest)]
                if p == 0 and acquire:
                    board = s.boards[0]
                    s.apply(p, max(acquire, key=lambda a: sum(
                        t is not None and board[t] is not None
                        for t in NEIGHBOUR[a.space])))
                else:
                    s.apply(p, (exclusive or legal)[0])
        assert len(s.history) <= GAME.max_actions(4, {})


def finish(s: LeyOfTheLandState) -> None:
    s.phase = "over"


def test_scoring() -> None:
    s = new()
    put(s, 0, CENTRE, "GGGG")  # 4 triangles, one section
    s.money = [7, 9]
    s.faerie = [2, 0]
    s.wheat = [0, 1]
    finish(s)
    breakdown = s.score_breakdown()
    assert breakdown[0] == {"Money": 7, "Faerie cubes": 2, "Wheat cubes": 0,
                            "Largest section": 12}
    assert s.scores() == [21, 10]


def test_bonus_shared() -> None:
    s = new(3)
    for p in range(3):
        put(s, p, CENTRE, "GGGG")
    put(s, 2, CENTRE, "GYGY")  # opposite triangles never join: largest section is 1
    finish(s)
    assert [b["Largest section"] for b in s.score_breakdown()] == [6, 6, 0]


def test_tie_breakers() -> None:
    s = new(2)
    put(s, 0, CENTRE, "GGGG")
    put(s, 1, CENTRE, "GGGG")
    s.money = [5, 5]
    finish(s)
    assert s.winners() == [0, 1]  # equal on everything: shared victory
    s.faerie, s.money = [1, 0], [4, 5]
    assert s.scores() == [11, 11]
    assert s.winners() == [0] and s.standings()[1].tiebreak == "unused Faerie cubes"
    s.faerie, s.wheat, s.money = [0, 0], [0, 1], [5, 4]
    assert s.winners() == [1] and s.standings()[1].tiebreak == "unused Wheat cubes"
    # A placed cube counts as a point but is not unused: money decides.
    s.wheat, s.money = [0, 0], [4, 5]
    s.complete[0][99] = Section("G", [99], 1, True, cubes=1)
    assert s.scores() == [11, 11]
    assert s.winners() == [1] and s.standings()[1].tiebreak == "money"
    # The larger section wins a tie on points.
    del s.complete[0][99]
    put(s, 1, CENTRE + 1, "GGGG")
    s.money = [12, 0]
    assert s.scores() == [12, 12]
    assert s.winners() == [1] and s.standings()[1].tiebreak == "largest section"


def test_illegal_action_changes_nothing() -> None:
    s = new()
    s.apply(0, Bid(3))
    before = json.dumps([s.view(p) for p in (None, 0, 1)])
    for seat, action in ((0, Bid(1)), (1, Bid(99)), (1, Frolick()), (5, Bid(0))):
        with pytest.raises(IllegalAction):
            s.apply(seat, action)
    assert json.dumps([s.view(p) for p in (None, 0, 1)]) == before


def test_bid_public_label_hides_amount() -> None:
    assert Bid(1).label != Bid(4).label
    assert Bid(1).public_label == Bid(4).public_label and Bid(1).secret


def test_determinize_guesses_sealed_bids() -> None:
    """A bot that bids after another guesses the sealed bid as a low one
    (guessing up to the whole purse made later bidders overbid and lose)."""
    from pygame_engine.core.rng import Rng

    s = new(3)
    s.apply(0, Bid(9))
    guesses = {s.determinize(1, Rng(k)).bids[0] for k in range(200)}
    assert guesses == set(range(data.GUESSED_BID + 1))  # 9 itself is never known
    s.money[2] = 1
    s.apply(2, Bid(1))
    assert {s.determinize(1, Rng(k)).bids[2] for k in range(50)} == {0, 1}
    assert s.determinize(0, Rng(1)).bids[0] == 9  # one's own bid is known


# -- the log's words --------------------------------------------------------------


def texts(s: LeyOfTheLandState, reader: int | None = None) -> list[str]:
    return [e.text for e in s.log_for(reader)]


def said(s: LeyOfTheLandState, kind: str) -> str:
    """The latest sentence of that kind."""
    return [e.text for e in s.log if e.kind == kind][-1]


def test_a_secret_bid_is_one_log_entry_for_each_reader() -> None:
    """The bidder reads its amount once; another seat reads that a bid is in,
    once, and never the amount; the spectator reads the bids at the reveal."""
    s = new()
    start = len(s.log)
    s.apply(0, Bid(3))
    assert [e.text for e in s.log[start:] if e.visible(0)] == ["Moss bids 3 (secret)."]
    assert [e.text for e in s.log[start:] if e.visible(1)] == ["Moss has placed a secret bid."]
    assert not [e for e in s.log[start:] if e.visible(None)]
    s.apply(1, Bid(1))
    assert texts(s, None)[-1] == "Bids revealed: Moss 3, Amber 1. Order: Moss, Amber."
    for reader in (0, 1, None):
        assert sum("Amber" in t and "bid" in t and "revealed" not in t
                   for t in texts(s, reader)) <= 1


def test_one_cube_is_singular_on_completion() -> None:
    s = new()
    put(s, 0, CENTRE, "YYYY")
    put(s, 0, 0, "GGYG")
    market_with(s, 0, "GGYY")
    to_act(s, 0)
    s.apply(0, Acquire(0, 1, rotation_for(s, 0, "GYYG")))
    assert said(s, "complete") == ("Moss completes a green section of 1 diamond and gains "
                                   "1 Faerie cube.")


def test_a_section_without_diamonds_is_not_logged() -> None:
    """A lone triangle closed by the board's edge completes a section worth
    nothing: no sentence about a 0-diamond section or 0 cubes."""
    s = new()
    put(s, 0, CENTRE, "YYYY")
    put(s, 0, 1, "YYYY")
    market_with(s, 0, "GYYY")
    to_act(s, 0)
    s.apply(0, Acquire(0, 0, rotation_for(s, 0, "GYYY")))  # A1: its green north faces the rim
    green = next(x for x in find_sections(s.boards[0]) if x.colour == "G")
    assert green.complete and green.diamonds == 0
    assert not any(e.kind == "complete" for e in s.log)
    assert not any("0-diamond" in t or "0 Faerie" in t for t in texts(s))


def test_frolick_and_sow_words_count_cubes() -> None:
    s = new()
    put(s, 0, 0, "GGYG")
    put(s, 0, 1, "GYYG")
    complete_sections(s, 0)
    s.faerie[0] = 5
    to_act(s, 0)
    s.apply(0, Frolick())
    assert said(s, "frolick") == "Moss frolicks: 1 Faerie cube placed, 1 money gained."
    s.apply(1, Sow())
    assert said(s, "sow") == "Amber sows, but has no Wheat cube to sow: nothing sown."
    s2 = new()
    to_act(s2, 0)
    s2.faerie[0] = 2
    s2.apply(0, Frolick())
    assert said(s2, "frolick") == ("Moss frolicks, but no complete green section has room for "
                                   "a Faerie cube: nothing gained.")


def test_investing_a_zero_bid_last_gains_nothing_in_words() -> None:
    s = new()
    bid_all(s, 5, 0)
    s.apply(0, Frolick())
    s.apply(1, Invest())
    assert said(s, "invest") == "Amber invests last, but bid nothing: no money gained."
    s2 = new()
    bid_all(s2, 0, 0)
    first = s2.active_players()[0]
    s2.apply(first, Invest())
    assert said(s2, "invest") == f"{s2.game.seat_name(first)} invests, but is not last: " \
        "nothing gained."


def test_random_games_log_no_faulty_counts_or_doubles() -> None:
    """Over whole random games, no reader's log says "1 ... cubes", a count of
    zero things gained, or the same sentence twice in a row."""
    import re

    from pygame_engine.core.rng import Rng

    faulty = re.compile(r"\b1 \w+ cubes\b|\b0-diamond|\bgains 0\b|\b0 \w+ cubes placed|"
                        r"\bsows 0\b|\+0 money")
    for seed in range(6):
        s = new(2 + seed % 3, seed)
        rng = Rng(seed)
        while not s.is_over():
            p = rng.choice(s.active_players())
            s.apply(p, rng.choice(s.legal_actions(p)))
        for reader in (None, *range(s.num_players)):
            log = texts(s, reader)
            assert not [t for t in log if faulty.search(t)]
            assert all(a != b for a, b in zip(log, log[1:], strict=False))


def test_view_scores_as_they_stand_and_the_last_move() -> None:
    s = new()
    v = s.view(0)
    assert v["scores"] == [10, 10] and v["last_move"] is None
    put(s, 0, CENTRE, "YYYY")
    market_with(s, 0, "GGYY")
    to_act(s, 0)
    s.apply(0, Acquire(0, 7, 0))
    v = s.view(1)
    placed = v["players"][0]["board"][7]
    assert placed is not None
    assert v["last_move"] == {"seat": 0, "kind": "acquire", "space": 7, "tile": placed["id"]}
    # Moss holds the largest section alone: 12 points on top of money now.
    assert v["scores"] == [9 + 12, 10] == s.scores()
    assert v["breakdown"][0]["Largest section"] == 12
