"""Leylines, rule by rule (the rule text is ``shared/rules/leylines.md``).

| clause of the rule text (or adaptation note) | test                                             |
|----------------------------------------------|--------------------------------------------------|
| components: 96 cubes, 42 + 18 contracts, 36  | test_component_counts                            |
|   items, 28 friends (Accountants one per     |                                                  |
|   colour), 30 night cards, 133 coins, 36     |                                                  |
|   dice                                       |                                                  |
| (adapted) the forest: 4 hubs, 6 markets, 18  | test_board_graph                                 |
|   letters, connected, regions, a die of 1-6  |                                                  |
|   matters                                    |                                                  |
| setup A-B: market tokens shuffled onto       | test_setup_market_tokens_shuffled                |
|   market spaces                              |                                                  |
| setup C: as many of each Item as players     | test_setup_items_as_many_as_players              |
| setup D-F: 4 contracts face up, 2 friends,   | test_setup_row_display_night_deck                |
|   night deck                                 |                                                  |
| setup G: 3 cubes per letter, 1 per hub, rest | test_setup_cubes_on_letters_and_hubs             |
|   in the bag                                 |                                                  |
| setup H-M: 10 gold, 5 dice, a starting       | test_setup_players_and_dice_reserve              |
|   contract of each period, dice reserve =    |                                                  |
|   players, first player, round 1             |                                                  |
| first round: start on a market of a starting | test_first_round_starts_on_a_contract_market     |
|   contract                                   |                                                  |
| day: roll every die                          | test_day_rolls_every_die                         |
| day: once, 1 gold to re-roll any dice        | test_reroll_once_for_one_gold,                   |
|                                              | test_reroll_needs_gold                           |
| turns clockwise from the first player        | test_turns_go_clockwise_from_first_player        |
| a die in a Movement slot, mandatory when     | test_movement_is_mandatory_when_possible         |
|   possible                                   |                                                  |
| (adapted) a start collection leaves a die    | test_start_collection_keeps_a_die_to_move        |
|   for the move                               |                                                  |
| move up to the die over any circle spaces    | test_move_up_to_the_die_over_any_spaces          |
| one free cube where the move ends, none on   | test_free_cube_where_the_move_ends               |
|   the way                                    |                                                  |
| carry 6; discard the excess onto the current | test_carry_limit_discards_on_current_space       |
|   space                                      |                                                  |
| quickness: add a die to the move             | test_quickness_adds_a_die_to_the_move            |
| quickness: all cubes at start and/or end,    | test_quickness_collects_all_at_start_and_at_end  |
|   separate uses                              |                                                  |
| two quickness slots                          | test_quickness_slots_are_limited                 |
| quickness: never from spaces passed through  | test_quickness_never_collects_on_the_way         |
| hub: cubes first, up to 2 items (cubes to    | test_hub_cubes_then_items_then_auction           |
|   the bag), then the mandatory auction       |                                                  |
| one item of each type; the supply is limited | test_one_item_of_each_type_and_supply_limits     |
| an item is usable at once, even for the      | test_item_usable_at_once                         |
|   second purchase                            |                                                  |
| auction: 1 gold clears the row, cleared to   | test_clear_the_row_for_one_gold_to_the_bottom    |
|   the bottom                                 |                                                  |
| one round of bids from the left; raise by 1; | test_single_bidding_round_from_the_left          |
|   the active seat does not bid               |                                                  |
| match: the active seat pays and takes; row   | test_active_seat_matches_and_pays                |
|   refilled                                   |                                                  |
| pass: the high bidder pays and takes         | test_high_bidder_pays_when_active_passes         |
| (adapted) no bid: the active seat takes it   | test_no_bid_active_seat_takes_it_free            |
|   for nothing                                |                                                  |
| two players: a second bid after a match      | test_two_player_second_bid,                      |
|                                              | test_two_player_second_bid_declined              |
| compensation: 1 gold on the friend not       | test_compensation_one_gold_on_the_other_friend   |
|   chosen                                     |                                                  |
| compensation: gold lying on the chosen card  | test_compensation_takes_gold_on_the_card         |
|   comes along                                |                                                  |
| compensation needs 1 gold to place           | test_compensation_needs_a_gold_to_place          |
| friends: refill, reshuffle discards, or run  | test_friend_deck_reshuffles_then_runs_out        |
|   out                                        |                                                  |
| the contract deck runs out: gaps stay, no    | test_contract_deck_runs_out                      |
|   contract left means no auction             |                                                  |
| (adapted) gold runs out: owed on paper (the  | test_gold_supply_runs_dry_and_is_owed_on_paper   |
|   supply goes below zero)                    |                                                  |
| markets: enter only to complete a contract   | test_market_entry_only_to_complete_a_contract    |
|   there                                      |                                                  |
| complete: cubes to the bag, gold, face down, | test_complete_pays_gold_and_reveals_night_card   |
|   a night card per contract                  |                                                  |
| two at once +4; three or more +9             | test_two_contracts_at_once_four_more_gold,       |
|                                              | test_three_contracts_at_once_nine_more_gold      |
| a cube pays one contract; not all need       | test_each_cube_pays_one_contract_only            |
|   completing                                 |                                                  |
| end of day: 1 gold per die that cannot be    | test_unusable_dice_pay_a_gold_each               |
|   used                                       |                                                  |
| night 1: 3 cubes per letter of each revealed | test_night_revealed_cards_three_cubes_per_letter |
|   card                                       |                                                  |
| night 2: round-number more cards, 2 cubes    | test_night_extra_cards_by_round_two_cubes_each   |
|   each letter                                |                                                  |
| night 3-4: empty letters 1 cube, every hub 1 | test_night_empty_letters_and_hubs_get_a_cube     |
|   cube                                       |                                                  |
| night 5-7: items ready, first player passes, | test_night_items_first_player_round              |
|   round on                                   |                                                  |
| a bag that runs out: as many as possible, in | test_night_when_the_bag_runs_out                 |
|   order                                      |                                                  |
| four rounds, then the end                    | test_four_rounds_then_the_end                    |
| end scoring A (cubes for incomplete          | test_end_scoring_contract_cubes_leftovers_items  |
|   contracts), B (3 to 1), C (items)          |                                                  |
| item gold for 1-2 / 3-4 / 5 / 6 items        | test_item_gold_bands                             |
| ties: completed contracts, leftover          | test_tie_breakers                                |
|   resources, shared                          |                                                  |
| variant: converting resources 2 to 1         | test_variant_converting_two_for_one              |
| variant: starting accountants                | test_variant_starting_accountants                |
| variants are game options                    | test_options_are_game_options                    |
| friend: Negotiator                           | test_friend_negotiator_two_gold_per_contract     |
| friend: Exchange                             | test_friend_exchange_three_cubes_as_any_colour   |
| friend: Exchange lasts the turn (3 cubes)    | test_friend_exchange_lasts_the_turn              |
| friend: Helpful Critter                      | test_friend_helpful_critter_one_more_slot        |
| friend: Secret Route                         | test_friend_secret_route_anywhere_even_a_market  |
| friend: Secret Route not into an idle Market | test_friend_secret_route_no_idle_market          |
| friend: Appraiser                            | test_friend_appraiser_pays_per_completed         |
| friend: Special Delivery                     | test_friend_special_delivery_four_cubes          |
| friend: Shadow Market                        | test_friend_shadow_market_sells_up_to_six        |
| friend: Pathfinder                           | test_friend_pathfinder_free_move                 |
| friend: Accountants                          | test_friend_accountant_gold_for_its_colour       |
| item: Lantern                                | test_item_lantern_one_more_quickness_slot        |
| item: Harp                                   | test_item_harp_one_more_die_rolled_at_once       |
| item: Companion                              | test_item_companion_two_cubes_from_anywhere      |
| friends and items at a Hub or Market         | test_resource_friends_at_a_hub_return_there      |
| item: Tablet                                 | test_item_tablet_auction_away_from_a_hub         |
| item: Potion                                 | test_item_potion_one_cube_as_another             |
| item: once a round (flipped, ready at Night) | test_item_potion_flipped_until_night             |
| item: Satchel                                | test_item_satchel_four_more_slots                |
| hidden: decks and bag resampled, views       | test_determinize_resamples_decks_and_draws       |
|   unchanged                                  |                                                  |
| hidden: cleared contracts stay known at the  | test_determinize_keeps_cleared_at_bottom         |
|   bottom                                     |                                                  |
| (adapted) undo never crosses chance/reveals  | test_chance_and_reveals_are_undo_barriers        |
| view: everything public, no deck order       | test_view_is_public_without_deck_order           |
| illegal actions refused, state unchanged     | test_illegal_action_changes_nothing              |
| every game ends within max_actions           | test_every_game_ends_within_its_bound            |
| (bots) the playout policy is legal and beats | test_heuristics_play_legal_moves_and_beat_random |
|   random play                                |                                                  |
| the conformance suite's checks on random     | test_conformance_random_playouts                 |
|   playouts                                   | test_conformance_heuristic_playouts              |
| actions round-trip through JSON with labels  | test_actions_round_trip_through_json             |
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from pygame_engine.core.errors import IllegalAction
from pygame_engine.core.game import Action
from pygame_engine.core.rng import Rng
from pygame_engine.core.savefile import load, save
from pygame_engine.games.leylines import GAME, data
from pygame_engine.games.leylines.actions import (
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
)
from pygame_engine.games.leylines.heuristics import Heuristics
from pygame_engine.games.leylines.payment import code, counts_of
from pygame_engine.games.leylines.state import DIST, NEIGHBOURS, LeylinesState
from tests.test_conformance import _check_step, _views

PLAYOUTS = 3


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_conformance_random_playouts(players: int) -> None:
    """The conformance suite's checks (tests/test_conformance.py) on random games
    of every size and both variants (the game is not registered yet)."""
    for k in range(PLAYOUTS):
        seed = 1000 * players + k
        options = {"convert": ("off", "on")[k % 2], "accountants": ("off", "on")[(k // 2) % 2]}
        rng = Rng(seed)
        state = GAME.new_game(players, seed, options)
        totals = state.conservation()
        steps = 0
        while not state.is_over():
            if steps % 7 == 0:
                _check_step(state, rng)
            p = rng.choice(state.active_players())
            state.apply(p, rng.choice(state.legal_actions(p)))
            assert state.conservation() == totals, f"components changed after step {steps}"
            steps += 1
            assert steps <= GAME.max_actions(players, options)
        assert state.active_players() == []
        assert all(state.legal_actions(p) == [] for p in range(players))
        assert state.winners()
        assert [sum(b.values()) for b in state.score_breakdown()] == pytest.approx(
            state.scores())
        again = load(save(state), {"leylines": GAME})
        assert _views(again) == _views(state)
        assert [e.text for e in again.log] == [e.text for e in state.log]
        json.dumps(state.view(None))
        names = [GAME.seat_name(i) for i in range(players)]
        for event in state.log:  # the page's log marks an event with its seat
            words = event.text.split()
            if (words[:1] and words[0] in names and len(words) > 1
                    and words[1][:1].islower() and event.kind != "over"):
                assert event.data.get("seat") == names.index(words[0]), event.text


def test_conformance_heuristic_playouts() -> None:
    """The same checks on games played by the bots' playout policy, which
    reaches Markets, Items, Forest Friends and full carry limits far more often."""
    h = Heuristics()
    for players in (2, 5):
        seed = 77 + players
        rng = Rng(seed)
        state = GAME.new_game(players, seed, {"convert": "on"})
        assert isinstance(state, LeylinesState)
        totals = state.conservation()
        steps = 0
        while not state.is_over():
            if steps % 5 == 0:
                _check_step(state, rng)
            p = state.active_players()[0]
            state.apply(p, h.rollout_action(state, p, rng))
            assert state.conservation() == totals
            steps += 1
        assert sum(len(pl.completed) for pl in state.players) > 0
        again = load(save(state), {"leylines": GAME})
        assert _views(again) == _views(state)


def test_actions_round_trip_through_json() -> None:
    state = GAME.new_game(6, 5)
    rng = Rng(5)
    for _ in range(200):
        p = state.active_players()[0]
        for action in state.legal_actions(p):
            assert GAME.action_from_json(json.loads(json.dumps(action.to_json()))) == action
            assert action.label
        state.apply(p, rng.choice(state.legal_actions(p)))


def day(n: int = 3, seed: int = 1, **options: str) -> LeylinesState:
    """A game in the first Day: every standee placed, every seat kept its dice."""
    s = GAME.new_game(n, seed, options)
    assert isinstance(s, LeylinesState)
    while s.phase == "place":
        s.apply(s.current, s.legal_actions(s.current)[0])
    while s.phase == "reroll":
        s.apply(s.current, Keep())
    return s


def take_from_bag(s: LeylinesState, code: str) -> list[int]:
    want = counts_of(code)
    for c in range(6):
        if s.bag[c] < want[c]:  # borrow from the board when the bag is short
            for space in s.space_cubes:
                while space[c] and s.bag[c] < want[c]:
                    space[c] -= 1
                    s.bag[c] += 1
        s.bag[c] -= want[c]
    return want


def clear_cubes(s: LeylinesState, p: int) -> None:
    pl = s.players[p]
    for c in range(6):
        s.bag[c] += pl.cubes[c]
        pl.cubes[c] = 0


def give(s: LeylinesState, p: int, code: str) -> None:
    """Seat ``p`` holds exactly the cubes ``code`` (taken from the bag)."""
    clear_cubes(s, p)
    want = take_from_bag(s, code)
    s.players[p].cubes = want


def put(s: LeylinesState, space: int, code: str) -> None:
    """The space holds exactly ``code`` (the old cubes back to the bag)."""
    for c in range(6):
        s.bag[c] += s.space_cubes[space][c]
        s.space_cubes[space][c] = 0
    s.space_cubes[space] = take_from_bag(s, code)


def turn(s: LeylinesState, p: int, pos: int, dice: list[int], cubes: str = "") -> None:
    """Make it seat ``p``'s turn at ``pos`` with these dice and cubes."""
    s.current = p
    s._reset_turn()
    pl = s.players[p]
    pl.pos = pos
    pl.dice = sorted(dice)
    give(s, p, cubes)


def market_space(s: LeylinesState, market: str) -> int:
    return next(sp for sp, m in s.market_at.items() if m == market)


def set_contracts(s: LeylinesState, p: int, contracts: list[int]) -> None:
    """Seat ``p`` holds exactly these Contracts (taken from wherever they lie; the
    seat's old ones go back to the deck or the box)."""
    pl = s.players[p]
    spare = [c for c in pl.contracts if c not in contracts]
    pl.contracts = []
    for c in contracts:
        for pile in (s.contract_deck, s.row, s.start_box, *(q.contracts for q in s.players)):
            if c in pile:
                pile.remove(c)
                break
    for c in spare:
        (s.start_box if data.ALL_CONTRACTS[c].period else s.contract_deck).append(c)
    while len(s.row) < data.CONTRACT_ROW:
        s.row.append(s.contract_deck.pop())
    s.segments = [len(s.contract_deck)]
    pl.contracts = list(contracts)


def holds(s: LeylinesState, p: int) -> str:
    return code(s.players[p].cubes)


def acts(s: LeylinesState, p: int | None = None) -> list[Action]:
    return s.legal_actions(s.active_players()[0] if p is None else p)


def do(s: LeylinesState, *actions: Action) -> None:
    for a in actions:
        s.apply(s.active_players()[0], a)


def contract_for(market: str, size: int | None = None) -> int:
    return next(c.id for c in data.ALL_CONTRACTS
                if c.market == market and not c.period and (size is None or len(c.cubes) == size))


def friend_of(kind: str, seat: int = -1) -> int:
    return next(f.id for f in data.ALL_FRIENDS if f.kind == kind
                and (seat < 0 or f.seat == seat))


def take_friend(s: LeylinesState, fid: int) -> None:
    """Take Forest Friend ``fid`` out of the deck, display or discards."""
    for pile in (s.friend_deck, s.display, s.friend_discard):
        if fid in pile:
            pile.remove(fid)
            if pile is s.display:
                s.display.append(s.friend_deck.pop())
            return


def hand_friend(s: LeylinesState, p: int, kind: str, seat: int = -1) -> int:
    """Seat ``p`` gains a Forest Friend of this kind; returns its id."""
    fid = next(f.id for f in data.ALL_FRIENDS if f.kind == kind and (seat < 0 or f.seat == seat)
               and not any(f.id in q.friends for q in s.players))
    take_friend(s, fid)
    s.players[p].friends.append(fid)
    return fid


def show_friend(s: LeylinesState, fid: int) -> None:
    """Forest Friend ``fid`` lies first in the display."""
    take_friend(s, fid)
    s.friend_deck.append(s.display.pop(0))
    s.display.insert(0, fid)


def other_colour(cubes: str) -> str:
    return next(letter for letter in data.CODES if letter not in cubes)


def hand_item(s: LeylinesState, p: int, item: str) -> None:
    s.item_supply[item] -= 1
    s.players[p].items[item] = False


# -- components ------------------------------------------------------------------------


def test_component_counts() -> None:
    assert len(data.COLOURS) == 6 and data.CUBES_PER_COLOUR == 16
    assert len(data.CONTRACTS) == 42 and len(data.STARTING) == 18
    assert Counter(data.ALL_CONTRACTS[c].period for c in data.STARTING) == {
        "morning": 6, "afternoon": 6, "evening": 6}
    assert len(data.ITEMS) == 6 and data.ITEM_COPIES == 6
    assert len(data.ALL_FRIENDS) == 28
    assert [f.seat for f in data.ALL_FRIENDS if f.kind == "accountant"] == list(range(6))
    assert len(data.NIGHT_CARDS) == 30
    assert 0 < sum(len(c) == 2 for c in data.NIGHT_CARDS) < 30
    assert Counter("".join(data.NIGHT_CARDS)) == {letter: 2 for letter in data.LETTERS}
    assert data.COINS == {1: 48, 3: 40, 5: 24, 10: 21} and sum(data.COINS.values()) == 133
    assert data.TOTAL_DICE == 36 and data.ROUNDS == 4
    for c in data.ALL_CONTRACTS:
        assert c.market in data.MARKETS and set(c.cubes) <= set(data.CODES) and c.gold > 0


def test_board_graph() -> None:
    kinds = Counter(s.kind for s in data.SPACES)
    assert kinds["hub"] == 4 and kinds["market"] == 6 and kinds["letter"] == 18
    assert all(d >= 0 for row in DIST for d in row), "the forest is connected"
    assert max(max(row) for row in DIST) > 6, "a die of 1-6 matters"
    for s in data.SPACES:  # a move of one step is always possible
        assert any(data.SPACES[t].kind != "market" for t in NEIGHBOURS[s.id])
        assert 0 < s.x < data.BOARD_SIZE[0] and 0 < s.y < data.BOARD_SIZE[1]
    assert {data.SPACES[sp].region for sp in data.LETTERS.values()} == set(range(6))


# -- setup -----------------------------------------------------------------------------


def started(seed: int, n: int = 2) -> LeylinesState:
    s = GAME.new_game(n, seed)
    assert isinstance(s, LeylinesState)
    return s


def test_setup_market_tokens_shuffled() -> None:
    layouts = {tuple(started(seed).market_at.values()) for seed in range(8)}
    assert len(layouts) > 1
    s = GAME.new_game(2, 1)
    assert isinstance(s, LeylinesState)
    assert set(s.market_at) == set(data.MARKET_SPACES)
    assert sorted(s.market_at.values()) == sorted(data.MARKETS)


@pytest.mark.parametrize("n", [2, 4, 6])
def test_setup_items_as_many_as_players(n: int) -> None:
    s = GAME.new_game(n, 3)
    assert isinstance(s, LeylinesState)
    assert s.item_supply == {item: n for item in data.ITEMS}


def test_setup_row_display_night_deck() -> None:
    s = GAME.new_game(3, 3)
    assert isinstance(s, LeylinesState)
    assert len(s.row) == 4 and len(s.contract_deck) == 38
    assert all(not data.ALL_CONTRACTS[c].period for c in s.row)
    assert len(s.display) == 2 and len(s.friend_deck) == 26
    assert len(s.night_deck) == 30 and not s.night_revealed


def test_setup_cubes_on_letters_and_hubs() -> None:
    s = GAME.new_game(3, 3)
    assert isinstance(s, LeylinesState)
    for sp in data.SPACES:
        want = {"letter": 3, "hub": 1}.get(sp.kind, 0)
        assert sum(s.space_cubes[sp.id]) == want
    assert sum(s.bag) == 96 - 18 * 3 - 4


@pytest.mark.parametrize("n", [2, 6])
def test_setup_players_and_dice_reserve(n: int) -> None:
    s = GAME.new_game(n, 5)
    assert isinstance(s, LeylinesState)
    for pl in s.players:
        assert pl.gold == 10 and pl.owned_dice == 5 and len(pl.dice) == 5
        assert sorted(data.ALL_CONTRACTS[c].period for c in pl.contracts) == [
            "afternoon", "evening", "morning"]
    assert s.dice_reserve == n
    assert len(s.start_box) == 18 - 3 * n
    assert s.first == 0 and s.round == 1


def test_first_round_starts_on_a_contract_market() -> None:
    s = GAME.new_game(3, 2)
    assert isinstance(s, LeylinesState)
    assert s.phase == "place" and s.active_players() == [0]
    for p in range(3):
        markets = {data.ALL_CONTRACTS[c].market for c in s.players[p].contracts}
        legal = acts(s)
        assert {s.market_at[a.space] for a in legal if isinstance(a, Start)} == markets
        do(s, legal[-1])
    assert s.phase == "reroll"


# -- the Day ---------------------------------------------------------------------------


def test_day_rolls_every_die() -> None:
    s = GAME.new_game(4, 9)
    assert isinstance(s, LeylinesState)
    assert all(len(pl.dice) == 5 and all(1 <= d <= 6 for d in pl.dice) for pl in s.players)


def test_reroll_once_for_one_gold() -> None:
    s = GAME.new_game(2, 9)
    assert isinstance(s, LeylinesState)
    do(s, acts(s)[0])
    do(s, acts(s)[0])
    assert s.phase == "reroll"
    dice = list(s.players[0].dice)
    choice = Reroll(str(dice[0]) + str(dice[1]))
    assert choice in acts(s)
    do(s, choice)
    pl = s.players[0]
    assert pl.gold == 9 and len(pl.dice) == 5
    assert s.current == 1, "one re-roll only: play moves on"


def test_reroll_needs_gold() -> None:
    s = GAME.new_game(2, 9)
    assert isinstance(s, LeylinesState)
    do(s, acts(s)[0])
    do(s, acts(s)[0])
    s._pay(s.players[0], 10)
    assert acts(s) == [Keep()]


def test_turns_go_clockwise_from_first_player() -> None:
    s = day(4, 3)
    seen = [s.current]
    while len(seen) < 6:
        a = acts(s)
        do(s, next((x for x in a if isinstance(x, EndTurn | Go | Skip | Done | Pass | Discard)),
                   a[-1] if isinstance(a[0], Clear) else a[0]))
        if s.current != seen[-1]:
            seen.append(s.current)
    assert seen == [0, 1, 2, 3, 0, 1]


def test_movement_is_mandatory_when_possible() -> None:
    s = day()
    turn(s, 0, 9, [3, 5])
    put(s, 9, "RR")
    a = acts(s)
    assert EndTurn() not in a and Move(3) in a and Move(5) in a
    assert Quick(3) in a, "a Quickness collection here first is allowed"
    s.players[0].moves = data.MOVEMENT_SLOTS  # no free Movement slot: no move
    a = acts(s)
    assert not any(isinstance(x, Move) for x in a) and Quick(3) in a
    assert EndTurn() not in a, "a usable die must be used"


def test_start_collection_keeps_a_die_to_move() -> None:
    s = day()
    turn(s, 0, 9, [4])
    put(s, 9, "RR")
    assert not any(isinstance(x, Quick) for x in acts(s))


def test_move_up_to_the_die_over_any_spaces() -> None:
    s = day()
    turn(s, 0, 9, [2, 6])
    do(s, Move(2))
    goes = {a.space for a in acts(s) if isinstance(a, Go)}
    markets_ok = {sp for sp in data.MARKET_SPACES if s.can_complete_at(0, sp)}
    want = {sp for sp in range(48) if 1 <= DIST[9][sp] <= 2
            and (data.SPACES[sp].kind != "market" or sp in markets_ok)}
    assert goes == want and 9 not in goes


def test_free_cube_where_the_move_ends() -> None:
    s = day()
    turn(s, 0, 2, [2])
    put(s, 10, "GG")
    put(s, 11, "BBB")
    do(s, Move(2), Go(11))
    assert s.step == "pick" and set(acts(s)) == {Pick("blue"), Skip()}
    do(s, Pick("blue"))
    assert holds(s, 0) == "B" and s.space_cubes[10] == counts_of("GG")


def test_carry_limit_discards_on_current_space() -> None:
    s = day()
    turn(s, 0, 2, [1, 1], "RRRYYY")
    put(s, 10, "B")
    put(s, 2, "")
    do(s, Move(1), Go(10), Pick("blue"))
    assert s.step == "discard"
    do(s, Discard("red"))
    assert holds(s, 0) == "RRYYYB" and s.space_cubes[10][0] == 1
    assert s.step == "hub"


def test_quickness_adds_a_die_to_the_move() -> None:
    s = day()
    turn(s, 0, 0, [5, 3, 1])
    do(s, Move(5), Boost(3))
    assert s.reach == 8 and s.players[0].quick == 1
    goes = {a.space for a in acts(s) if isinstance(a, Go)}
    assert any(DIST[0][g] == 8 for g in goes)


def test_quickness_collects_all_at_start_and_at_end() -> None:
    s = day()
    turn(s, 0, 24, [1, 2, 3, 4])
    put(s, 24, "RRO")
    put(s, 25, "GGB")
    do(s, Quick(1))
    assert holds(s, 0) == "RRO" and not any(s.space_cubes[24])
    assert not any(isinstance(a, Quick) for a in acts(s)), "one collection per space"
    do(s, Move(2), Go(25), Pick("green"))
    do(s, Quick(3))
    assert holds(s, 0) == "RROGGB" and s.players[0].quick == 2
    assert EndTurn() in acts(s)


def test_quickness_never_collects_on_the_way() -> None:
    """A move passes over spaces without stopping: Quickness after it collects at
    the end space only, and what lies on the spaces passed stays there."""
    s = day()
    start = 24
    end = next(b for b in range(len(data.SPACES)) if DIST[start][b] == 2
               and data.SPACES[b].kind not in ("market", "hub"))
    passed = [b for b in NEIGHBOURS[start] if end in NEIGHBOURS[b]]
    turn(s, 0, start, [2, 3])
    for b in passed:
        put(s, b, "YY")
    put(s, end, "GR")
    do(s, Move(2), Go(end), Pick("green"), Quick(3))
    assert all(code(s.space_cubes[b]) == "YY" for b in passed)
    assert sorted(holds(s, 0)) == ["G", "R"]
    assert not any(isinstance(a, Quick) for a in acts(s))


def test_quickness_slots_are_limited() -> None:
    s = day()
    turn(s, 0, 24, [1, 2, 3, 4])
    s.players[0].quick = 2
    put(s, 24, "RR")
    assert not any(isinstance(a, Quick) for a in acts(s))
    do(s, Move(1))
    assert not any(isinstance(a, Boost) for a in acts(s))


# -- hubs: items -------------------------------------------------------------------------


def test_hub_cubes_then_items_then_auction() -> None:
    s = day()
    turn(s, 0, 2, [1, 2], "PPB")
    put(s, 10, "Y")
    do(s, Move(1), Go(10))
    assert s.step == "pick", "the Hub's cube comes first"
    do(s, Pick("yellow"))
    assert s.step == "hub"
    a = acts(s)
    assert Buy("tablet", "PP", "") in a and Buy("companion", "B", "") in a
    do(s, Buy("tablet", "PP", ""), Buy("companion", "B", ""))
    assert not any(isinstance(x, Buy) for x in acts(s)), "at most two Items a visit"
    assert s.players[0].items == {"tablet": False, "companion": False}
    assert holds(s, 0) == "Y" and s.bag[5] >= 2
    do(s, Done())
    assert s.auction is not None and s.active_players() == [0]
    assert all(isinstance(x, (Offer, Clear)) for x in acts(s))


def test_one_item_of_each_type_and_supply_limits() -> None:
    s = day(2)
    turn(s, 0, 10, [1], "BBB")
    s.step = "hub"
    do(s, Buy("companion", "B", ""))
    assert not any(isinstance(x, Buy) and x.item == "companion" for x in acts(s))
    s.item_supply["companion"] = 0
    turn(s, 1, 10, [1], "B")
    s.step = "hub"
    assert not any(isinstance(x, Buy) for x in acts(s))


def test_item_usable_at_once() -> None:
    s = day()
    turn(s, 0, 10, [1], "GPR")
    s.step = "hub"
    do(s, Buy("potion", "GP", ""))
    assert Buy("companion", "R", "potion") in acts(s)
    do(s, Buy("companion", "R", "potion"))
    assert s.players[0].items == {"potion": True, "companion": False}


# -- auctions ----------------------------------------------------------------------------


def auction(n: int = 3, seed: int = 4, active: int = 0) -> LeylinesState:
    s = day(n, seed)
    turn(s, active, 10, [1])
    s.step = "hub"
    do(s, Done())
    return s


def test_clear_the_row_for_one_gold_to_the_bottom() -> None:
    s = auction()
    old = list(s.row)
    do(s, Clear())
    assert s.players[0].gold == 9 and len(s.row) == 4
    assert sorted(s.contract_deck[:4]) == sorted(old) and s.segments[0] == 4
    assert Clear() not in acts(s)


def test_single_bidding_round_from_the_left() -> None:
    s = auction(4, active=1)
    do(s, Offer(s.row[0]))
    assert s.active_players() == [2]
    assert Bid(1) in acts(s) and Bid(10) in acts(s) and Bid(11) not in acts(s)
    do(s, Bid(2))
    assert s.active_players() == [3] and Bid(2) not in acts(s) and Bid(3) in acts(s)
    do(s, Pass())
    assert s.active_players() == [0]
    do(s, Bid(3))
    assert s.active_players() == [1], "back to the active seat, who does not bid"
    assert set(acts(s)) == {Match(), Pass()}


def test_active_seat_matches_and_pays() -> None:
    s = auction()
    c = s.row[1]
    do(s, Offer(c), Bid(3), Pass(), Match())
    assert c in s.players[0].contracts and s.players[0].gold == 7
    assert s.players[1].gold == 10 and len(s.row) == 4 and c not in s.row
    assert s.auction is not None and s.active_players() == [1], "the bidder may befriend"


def test_high_bidder_pays_when_active_passes() -> None:
    s = auction()
    c = s.row[0]
    do(s, Offer(c), Bid(2), Bid(4), Pass())
    assert c in s.players[2].contracts and s.players[2].gold == 6
    assert s.players[0].gold == 10 and s.active_players() == [0]


def test_no_bid_active_seat_takes_it_free() -> None:
    s = auction()
    c = s.row[0]
    do(s, Offer(c), Pass(), Pass())
    assert c in s.players[0].contracts and s.players[0].gold == 10
    assert s.auction is None and s.step == "turn"


def test_two_player_second_bid() -> None:
    s = auction(2)
    c = s.row[0]
    do(s, Offer(c), Bid(2), Match())
    assert s.active_players() == [1] and Bid(3) in acts(s) and Bid(2) not in acts(s)
    do(s, Bid(4))
    assert s.active_players() == [0] and set(acts(s)) == {Match(), Pass()}
    do(s, Match())
    assert c in s.players[0].contracts and s.players[0].gold == 6
    assert s.active_players() == [1], "no third bid: compensation next"


def test_two_player_second_bid_declined() -> None:
    s = auction(2)
    c = s.row[0]
    do(s, Offer(c), Bid(2), Match(), Pass())
    assert c in s.players[0].contracts and s.players[0].gold == 8


def test_compensation_one_gold_on_the_other_friend() -> None:
    s = auction()
    do(s, Offer(s.row[0]), Bid(2), Pass(), Pass())
    left, right = s.display
    assert s.active_players() == [0]
    do(s, Befriend(left))
    assert left in s.players[0].friends or data.ALL_FRIENDS[left].kind == "appraiser"
    assert s.friend_gold == {right: 1} and s.players[0].gold == 9
    assert len(s.display) == 2 and right in s.display and s.auction is None


def test_compensation_takes_gold_on_the_card() -> None:
    s = auction()
    do(s, Offer(s.row[0]), Bid(2), Pass(), Pass())
    left, right = s.display
    s.friend_gold[right] = 2
    s.gold_supply -= 2
    do(s, Befriend(right))
    assert s.players[0].gold == 10 - 1 + 2 and s.friend_gold == {left: 1}


def test_compensation_needs_a_gold_to_place() -> None:
    s = auction()
    do(s, Offer(s.row[0]), Bid(2), Pass(), Pass())
    s._pay(s.players[0], 10)
    assert acts(s) == [Pass()]


def test_friend_deck_reshuffles_then_runs_out() -> None:
    s = auction()
    do(s, Offer(s.row[0]), Bid(2), Pass(), Pass())
    s.friend_discard += s.friend_deck
    s.friend_deck = []
    do(s, Befriend(s.display[0]))
    assert len(s.display) == 2 and not s.friend_discard, "the discards became the deck"
    s = auction()
    do(s, Offer(s.row[0]), Bid(2), Pass(), Pass())
    s.players[1].friends += s.friend_deck + s.friend_discard
    s.friend_deck, s.friend_discard = [], []
    do(s, Befriend(next(f for f in s.display if data.ALL_FRIENDS[f].kind != "appraiser")))
    assert len(s.display) == 1, "no friends left: the card is not replaced"


def test_contract_deck_runs_out() -> None:
    """An empty deck leaves the row's gap open; clearing still works with what is
    left; with no Contract anywhere a Hub visit has no auction."""
    s = auction()
    s.players[2].contracts += s.contract_deck
    s.contract_deck, s.segments = [], []
    c = s.row[0]
    do(s, Offer(c), Pass(), Pass())
    assert c in s.players[0].contracts and len(s.row) == 3 and c not in s.row
    s = auction()
    s.players[2].contracts += s.contract_deck + s.row[:2]
    s.row = s.row[2:]
    s.contract_deck, s.segments = [], []
    kept = sorted(s.row)
    do(s, Clear())
    assert sorted(s.row) == kept and not s.contract_deck, "the cleared two come back"
    assert set(acts(s)) == {Offer(c) for c in kept}
    s = day()
    s.players[2].contracts += s.contract_deck + s.row
    s.contract_deck, s.segments, s.row = [], [], []
    turn(s, 0, 10, [1])
    s.step = "hub"
    totals = s.conservation()
    do(s, Done())
    assert s.auction is None and s.step == "turn" and s.conservation() == totals
    assert "No Contracts are left" in s.log[-1].text


def test_gold_supply_runs_dry_and_is_owed_on_paper() -> None:
    """Gold is paid in full even when the supply's 498 gold has run out: the
    supply goes below zero (owed on paper) and gold is still conserved."""
    c = contract_for("bakery", 3)
    con = data.ALL_CONTRACTS[c]
    s, space = at_market("bakery", con.cubes, (c,))
    totals = s.conservation()
    moved = s.gold_supply - 2  # all but 2 gold of the supply to seat 2's purse
    s.gold_supply -= moved
    s.players[2].gold += moved
    do(s, Move(1), Go(space), Complete(c, con.cubes, ""), Done())
    assert s.players[0].gold == 10 + con.gold and s.gold_supply == 2 - con.gold < 0
    assert s.conservation() == totals
    assert s.view(None)["gold_supply"] == 2 - con.gold


# -- markets -----------------------------------------------------------------------------


def at_market(market: str = "bakery", cubes: str = "", contracts: tuple[int, ...] = (),
              n: int = 3, seed: int = 6, **options: str) -> tuple[LeylinesState, int]:
    s = day(n, seed, **options)
    space = market_space(s, market)
    start = next(t for t in NEIGHBOURS[space] if data.SPACES[t].kind != "market")
    turn(s, 0, start, [1, 1], cubes)
    put(s, space, "")
    set_contracts(s, 0, list(contracts))
    return s, space


def test_market_entry_only_to_complete_a_contract() -> None:
    c = contract_for("bakery", 2)
    need = data.ALL_CONTRACTS[c].cubes
    s, space = at_market("bakery", need[:-1], (c,))
    do(s, Move(1))
    assert Go(space) not in acts(s)
    s, space = at_market("bakery", need, (c,))
    do(s, Move(1))
    assert Go(space) in acts(s)


def test_complete_pays_gold_and_reveals_night_card() -> None:
    c = contract_for("bakery", 3)
    con = data.ALL_CONTRACTS[c]
    s, space = at_market("bakery", con.cubes + "P", (c,))
    bag = sum(s.bag)
    do(s, Move(1), Go(space))
    assert s.step == "market"
    assert Done() not in acts(s), "a Market visit completes at least one Contract"
    do(s, Complete(c, con.cubes, ""))
    pl = s.players[0]
    assert pl.gold == 10 + con.gold and c in pl.completed and c not in pl.contracts
    assert holds(s, 0) == "P" and sum(s.bag) == bag + len(con.cubes)
    assert len(s.night_revealed) == 1
    do(s, Done())
    assert pl.gold == 10 + con.gold and s.step == "turn"


def test_two_contracts_at_once_four_more_gold() -> None:
    a, b = [c.id for c in data.ALL_CONTRACTS if c.market == "forge" and not c.period][:2]
    ca, cb = data.ALL_CONTRACTS[a], data.ALL_CONTRACTS[b]
    s, space = at_market("forge", ca.cubes + cb.cubes, (a, b))
    do(s, Move(1), Go(space), Complete(a, ca.cubes, ""), Complete(b, cb.cubes, ""), Done())
    assert s.players[0].gold == 10 + ca.gold + cb.gold + 4
    assert len(s.night_revealed) == 2


def test_three_contracts_at_once_nine_more_gold() -> None:
    ids = [c.id for c in data.ALL_CONTRACTS if c.market == "apothecary"][:3]
    cs = [data.ALL_CONTRACTS[i] for i in ids]
    s, space = at_market("apothecary", "", tuple(ids))
    hand_item(s, 0, "satchel")
    give(s, 0, code([sum(x) for x in zip(*(counts_of(c.cubes) for c in cs), strict=True)]))
    do(s, Move(1), Go(space))
    for c in cs:
        do(s, Complete(c.id, c.cubes, ""))
    do(s, Done())
    assert s.players[0].gold == 10 + sum(c.gold for c in cs) + 9


def test_each_cube_pays_one_contract_only() -> None:
    a, b = [c.id for c in data.ALL_CONTRACTS if c.market == "weaver" and not c.period][1:3]
    ca = data.ALL_CONTRACTS[a]
    s, space = at_market("weaver", ca.cubes, (a, b))
    do(s, Move(1), Go(space), Complete(a, ca.cubes, ""))
    assert not any(isinstance(x, Complete) for x in acts(s))
    assert Done() in acts(s), "the other Contract may stay incomplete"


# -- the end of the Day and the Night -----------------------------------------------------


def test_unusable_dice_pay_a_gold_each() -> None:
    s = day(2)
    p0 = s.players[0]
    p0.moves, p0.dice = data.MOVEMENT_SLOTS, [3, 4]
    put(s, p0.pos, "")
    gold = p0.gold
    turn(s, 1, 2, [2])
    s.players[1].moves = data.MOVEMENT_SLOTS - 1
    put(s, 9, "")
    do(s, Move(2), Go(9), EndTurn())
    assert s.round == 2 and p0.gold == gold + 2 and s.unused_gold == [2, 0]


def night(s: LeylinesState) -> None:
    """End the current Day at once."""
    for pl in s.players:
        pl.dice = []
    s._end_day()


def test_night_revealed_cards_three_cubes_per_letter() -> None:
    s = day(3)
    s.night_deck.remove(next(i for i, c in enumerate(data.NIGHT_CARDS) if c == "AH"))
    s.night_revealed = [next(i for i, c in enumerate(data.NIGHT_CARDS) if c == "AH")]
    for sp in data.LETTERS.values():
        put(s, sp, "")
    s.night_deck = [i for i in s.night_deck if "A" not in data.NIGHT_CARDS[i]
                    and "H" not in data.NIGHT_CARDS[i]]
    s.night_discard = [i for i in range(30) if i not in s.night_deck and i not in s.night_revealed]
    night(s)
    assert sum(s.space_cubes[data.LETTERS["A"]]) == 3
    assert sum(s.space_cubes[data.LETTERS["H"]]) == 3
    assert not s.night_revealed


def test_night_extra_cards_by_round_two_cubes_each() -> None:
    s = day(3)
    s.round = 2
    for sp in data.LETTERS.values():
        put(s, sp, "")
    drawn = "".join(data.NIGHT_CARDS[i] for i in s.night_deck[-2:])
    night(s)
    for letter, sp in data.LETTERS.items():
        assert sum(s.space_cubes[sp]) == (2 * drawn.count(letter) or 1), letter
    assert s.round == 3


def test_night_empty_letters_and_hubs_get_a_cube() -> None:
    s = day(3)
    for sp in data.LETTERS.values():
        put(s, sp, "")
    for sp in data.HUBS:
        put(s, sp, "B")
    card = data.NIGHT_CARDS[s.night_deck[-1]]  # round 1: one more card
    night(s)
    for letter, sp in data.LETTERS.items():
        assert sum(s.space_cubes[sp]) == (2 if letter in card else 1)
    assert all(sum(s.space_cubes[sp]) == 2 for sp in data.HUBS)


def test_night_items_first_player_round() -> None:
    s = day(3)
    hand_item(s, 1, "tablet")
    s.players[1].items["tablet"] = True
    night(s)
    assert s.players[1].items["tablet"] is False
    assert s.first == 1 and s.round == 2 and s.phase == "reroll" and s.current == 1
    assert all(len(pl.dice) == 5 for pl in s.players)


def test_night_when_the_bag_runs_out() -> None:
    s = day(3)
    for sp in (*data.LETTERS.values(), *data.HUBS):
        put(s, sp, "")
    put(s, 2, code([b - (2 if c == 0 else 0) for c, b in enumerate(s.bag)]))
    s.night_revealed = [s.night_deck.pop()]
    totals = s.conservation()
    night(s)
    assert sum(s.bag) == 0 and s.conservation() == totals
    assert sum(sum(s.space_cubes[sp]) for sp in (*data.LETTERS.values(), *data.HUBS)) == 2
    assert not s.night_revealed and len(s.night_discard) == 2


def test_four_rounds_then_the_end() -> None:
    s = day(2)
    for _ in range(3):
        night(s)
        while s.phase == "reroll":
            do(s, Keep())
    assert s.round == 4
    night(s)
    assert s.is_over() and s.active_players() == []


# -- end scoring -------------------------------------------------------------------------


def test_end_scoring_contract_cubes_leftovers_items() -> None:
    s = day(2)
    set_contracts(s, 0, [contract_for("forge", 3)])  # RRP
    give(s, 0, "RRRPBBBYY")
    hand_item(s, 0, "lantern")
    hand_item(s, 0, "harp")
    hand_item(s, 0, "potion")
    b = s.score_breakdown()[0]
    assert b["cubes for contracts"] == 3  # R, R, P
    assert b["other cubes (3 to 1)"] == 2  # 6 left
    assert b["items"] == 7  # 3-4 Items


@pytest.mark.parametrize(("count", "gold"), [(0, 0), (1, 3), (2, 3), (3, 7), (4, 7), (5, 12),
                                             (6, 18)])
def test_item_gold_bands(count: int, gold: int) -> None:
    s = day(2)
    for item in data.ITEMS[:count]:
        hand_item(s, 0, item)
    assert s.score_breakdown()[0]["items"] == gold


def test_tie_breakers() -> None:
    s = day(3)
    for pl in s.players:
        pl.contracts = []
    s.players[0].completed, s.players[1].completed = [0], [1, 2]
    s.players[0].gold = s.players[1].gold = s.players[2].gold = 12
    give(s, 2, "RR")
    give(s, 0, "")
    give(s, 1, "")
    s.players[2].completed = [3, 4]
    st = {x.seat: x for x in s.standings()}
    assert st[2].rank == 1 and st[1].rank == 2 and st[1].tiebreak == "leftover resources"
    assert st[0].rank == 3 and st[0].tiebreak == "completed contracts"
    s.players[2].cubes = [0] * 6
    s.bag[0] += 2
    assert {x.seat for x in s.standings() if x.rank == 1} == {1, 2}, "still tied: shared"


# -- variants ----------------------------------------------------------------------------


def test_variant_converting_two_for_one() -> None:
    c = contract_for("bakery", 2)
    need = data.ALL_CONTRACTS[c].cubes
    pay = code(counts_of(need[0] + other_colour(need) * 2))
    s, space = at_market("bakery", pay, (c,), convert="on")
    do(s, Move(1), Go(space))
    assert Complete(c, pay, "convert") in acts(s)
    s2, space2 = at_market("bakery", pay, (c,))
    do(s2, Move(1))
    assert Go(space2) not in acts(s2), "without the variant two cubes never make one"


def test_variant_starting_accountants() -> None:
    s = GAME.new_game(4, 3, {"accountants": "on"})
    assert isinstance(s, LeylinesState)
    for p, pl in enumerate(s.players):
        assert [(data.ALL_FRIENDS[f].kind, data.ALL_FRIENDS[f].seat) for f in pl.friends] == [
            ("accountant", p)]
    assert len(s.friend_deck) + len(s.display) == 24


def test_options_are_game_options() -> None:
    assert {o.name: (o.default, o.choices) for o in GAME.options} == {
        "convert": ("off", ("off", "on")), "accountants": ("off", ("off", "on"))}
    with pytest.raises(ValueError):
        GAME.new_game(2, 1, {"convert": "maybe"})


# -- forest friends ----------------------------------------------------------------------


def test_friend_negotiator_two_gold_per_contract() -> None:
    a, b = [c.id for c in data.ALL_CONTRACTS if c.market == "forge" and not c.period][:2]
    ca, cb = data.ALL_CONTRACTS[a], data.ALL_CONTRACTS[b]
    s, space = at_market("forge", ca.cubes + cb.cubes, (a, b))
    hand_friend(s, 0, "negotiator")
    do(s, Move(1), Go(space), Complete(a, ca.cubes, ""), Use("negotiator"),
       Complete(b, cb.cubes, ""), Done())
    assert s.players[0].gold == 10 + ca.gold + cb.gold + 4 + 2 * 2
    assert not s.players[0].friends


def test_friend_exchange_three_cubes_as_any_colour() -> None:
    c = contract_for("forge", 4)
    need = data.ALL_CONTRACTS[c].cubes
    pay = code(counts_of(need[0] + other_colour(need) * 3))
    s, space = at_market("forge", pay, (c,))
    hand_friend(s, 0, "exchange")
    do(s, Move(1), Go(space))
    assert Complete(c, pay, "exchange") in acts(s)
    do(s, Complete(c, pay, "exchange"))
    assert c in s.players[0].completed and not s.players[0].friends


def test_friend_helpful_critter_one_more_slot() -> None:
    s = day()
    hand_friend(s, 0, "critter")
    turn(s, 0, 2, [1], "RRRYYY")
    put(s, 10, "B")
    do(s, Move(1), Go(10), Pick("blue"))
    assert s.step == "hub" and sum(s.players[0].cubes) == 7


def test_friend_secret_route_anywhere_even_a_market() -> None:
    c = contract_for("jeweller", 2)
    s = day()
    turn(s, 0, 24, [3], data.ALL_CONTRACTS[c].cubes)
    set_contracts(s, 0, [c])
    hand_friend(s, 0, "secret-route")
    do(s, Use("secret-route"))
    goes = {a.space for a in acts(s) if isinstance(a, Go)}
    assert market_space(s, "jeweller") in goes and 47 in goes
    do(s, Go(market_space(s, "jeweller")))
    assert s.step == "market" and not s.moved, "the regular move is still to come"


def test_friend_appraiser_pays_per_completed() -> None:
    s = auction()
    s.players[0].completed = [s.contract_deck.pop(), s.contract_deck.pop()]
    s.segments = [len(s.contract_deck)]
    app = friend_of("appraiser")
    show_friend(s, app)
    do(s, Offer(s.row[0]), Bid(2), Pass(), Pass(), Befriend(app))
    assert s.players[0].gold == 10 - 1 + 2 and app in s.friend_discard
    assert app not in s.players[0].friends


def test_friend_special_delivery_four_cubes() -> None:
    s = day()
    turn(s, 0, 2, [1], "RR")
    hand_friend(s, 0, "delivery")
    bag = sum(s.bag)
    do(s, Use("delivery"))
    assert sum(s.players[0].cubes) == 6 and sum(s.bag) == bag - 4
    assert s.step == "turn"


def test_friend_shadow_market_sells_up_to_six() -> None:
    s = day()
    hand_item(s, 0, "satchel")
    turn(s, 0, 2, [1], "RRRYYYB")
    hand_friend(s, 0, "shadow-market")
    do(s, Use("shadow-market"))
    for _ in range(6):
        do(s, Sell("red") if s.players[0].cubes[0] else Sell("yellow"))
    assert s.players[0].gold == 16 and holds(s, 0) == "B" and s.step == "turn"


def test_friend_pathfinder_free_move() -> None:
    s = day()
    turn(s, 0, 0, [2, 3])
    hand_friend(s, 0, "pathfinder")
    put(s, 17, "RRRRY")
    do(s, Use("pathfinder"))
    goes = {a.space for a in acts(s) if isinstance(a, Go)}
    assert all(1 <= DIST[0][g] <= 4 for g in goes) and 17 in goes
    do(s, Go(17), Pick("red"), Pick("red"), Pick("red"))
    assert holds(s, 0) == "RRR" and s.step == "turn" and not s.moved
    assert Quick(2) in acts(s), "a Quickness slot may collect the rest"
    do(s, Quick(2))
    assert holds(s, 0) == "RRRRY"


def test_friend_accountant_gold_for_its_colour() -> None:
    c = contract_for("bakery", 2)
    need = data.ALL_CONTRACTS[c].cubes
    s, space = at_market("bakery", need, (c,))
    seat = next(k for k, colour in enumerate(data.ACCOUNTANT_COLOUR)
                if data.LETTER_OF[colour] in need)
    hand_friend(s, 0, "accountant", seat)
    hand_friend(s, 0, "accountant", next(k for k, colour in enumerate(data.ACCOUNTANT_COLOUR)
                                         if data.LETTER_OF[colour] not in need))
    do(s, Move(1), Go(space), Complete(c, need, ""))
    assert s.players[0].gold == 10 + data.ALL_CONTRACTS[c].gold + 2


# -- items -------------------------------------------------------------------------------


def test_item_lantern_one_more_quickness_slot() -> None:
    s = day()
    turn(s, 0, 24, [1, 2, 3, 4])
    s.players[0].quick = 2
    put(s, 24, "RR")
    hand_item(s, 0, "lantern")
    assert Quick(1) in acts(s)


def test_item_harp_one_more_die_rolled_at_once() -> None:
    s = day(3)
    turn(s, 0, 10, [1], "ROY")
    s.step = "hub"
    do(s, Buy("harp", "ROY", ""))
    pl = s.players[0]
    assert len(pl.dice) == 2 and pl.owned_dice == 6 and s.dice_reserve == 2
    night(s)
    assert len(s.players[0].dice) == 6


def test_item_companion_two_cubes_from_anywhere() -> None:
    s = day()
    turn(s, 0, 2, [1], "RRRRR")
    put(s, 2, "")
    put(s, 47, "GGB")
    hand_item(s, 0, "companion")
    do(s, Use("companion"), From(47), Pick("green"), Pick("blue"))
    assert s.step == "discard", "over the limit"
    do(s, Discard("red"))
    assert s.space_cubes[2] == counts_of("R") and s.space_cubes[47] == counts_of("G")
    assert s.players[0].items["companion"] is True and Use("companion") not in acts(s)


def test_resource_friends_at_a_hub_return_there() -> None:
    s = day()
    turn(s, 0, 10, [1], "RR")
    s.step = "hub"
    hand_friend(s, 0, "shadow-market")
    hand_friend(s, 0, "secret-route")
    hand_item(s, 0, "companion")
    a = acts(s)
    assert Use("shadow-market") in a and Use("companion") in a
    assert Use("secret-route") not in a, "moving away is for the turn's menu"
    do(s, Use("shadow-market"), Sell("red"), Done())
    assert s.step == "hub" and s.players[0].gold == 11
    put(s, 47, "Y")
    do(s, Use("companion"), From(47), Pick("yellow"))
    assert s.step == "hub" and holds(s, 0) == "RY"


def test_item_tablet_auction_away_from_a_hub() -> None:
    s = day()
    turn(s, 0, 24, [1])
    hand_item(s, 0, "tablet")
    do(s, Use("tablet"))
    assert s.auction is not None and not any(isinstance(a, Buy) for a in acts(s))
    do(s, Offer(s.row[0]), Pass(), Pass())
    assert s.auction is None and s.step == "turn" and Use("tablet") not in acts(s)


def test_item_potion_one_cube_as_another() -> None:
    c = contract_for("bakery", 2)
    need = data.ALL_CONTRACTS[c].cubes
    pay = code(counts_of(need[0] + other_colour(need)))
    s, space = at_market("bakery", pay, (c,))
    hand_item(s, 0, "potion")
    do(s, Move(1), Go(space), Complete(c, pay, "potion"))
    assert s.players[0].items["potion"] is True


def test_item_potion_flipped_until_night() -> None:
    a, b = [c.id for c in data.ALL_CONTRACTS if c.market == "bakery" and len(c.cubes) == 3][:2]
    na, nb = data.ALL_CONTRACTS[a].cubes, data.ALL_CONTRACTS[b].cubes
    pay_a = code(counts_of(na[:-1] + other_colour(na + nb)))
    pay_b = code(counts_of(nb[:-1] + other_colour(na + nb)))
    s, space = at_market("bakery", pay_a + pay_b, (a, b))
    hand_item(s, 0, "potion")
    do(s, Move(1), Go(space), Complete(a, pay_a, "potion"))
    assert not any(isinstance(x, Complete) for x in acts(s)), "the Potion is flipped"
    night(s)
    assert s.players[0].items["potion"] is False


def test_friend_exchange_lasts_the_turn() -> None:
    a, b = [c.id for c in data.ALL_CONTRACTS if c.market == "forge" and len(c.cubes) == 3][:2]
    na, nb = data.ALL_CONTRACTS[a].cubes, data.ALL_CONTRACTS[b].cubes
    x = other_colour(na + nb)
    pay_a = code(counts_of(na[:1] + x * 2))
    pay_b = code(counts_of(nb[:2] + x))
    s, space = at_market("forge", pay_a + pay_b, (a, b))
    hand_friend(s, 0, "exchange")
    do(s, Move(1), Go(space), Complete(a, pay_a, "exchange"))
    assert s.exchange_left == 1 and not s.players[0].friends
    do(s, Complete(b, pay_b, "exchange"))
    assert s.exchange_left == 0 and len(s.players[0].completed) == 2


def test_friend_secret_route_no_idle_market() -> None:
    s = day()
    turn(s, 0, 24, [3])
    set_contracts(s, 0, [])
    hand_friend(s, 0, "secret-route")
    do(s, Use("secret-route"))
    goes = {a.space for a in acts(s) if isinstance(a, Go)}
    assert not goes & set(data.MARKET_SPACES) and len(goes) == 48 - 6 - 1


def test_item_satchel_four_more_slots() -> None:
    s = day()
    hand_item(s, 0, "satchel")
    assert s.players[0].carry_limit() == 10


# -- hidden information and the protocol ---------------------------------------------------


def test_determinize_resamples_decks_and_draws() -> None:
    s = day(3)
    orders = set()
    for k in range(5):
        d = s.determinize(0, Rng(k))
        assert isinstance(d, LeylinesState)
        assert sorted(d.contract_deck) == sorted(s.contract_deck)
        assert sorted(d.friend_deck) == sorted(s.friend_deck)
        orders.add((tuple(d.contract_deck), tuple(d.night_deck), d.rng.randint(1, 10**9)))
        assert json.dumps(d.view(0), sort_keys=True) == json.dumps(s.view(0), sort_keys=True)
    assert len(orders) == 5


def test_determinize_keeps_cleared_at_bottom() -> None:
    s = auction()
    do(s, Clear())
    bottom = sorted(s.contract_deck[:4])
    d = s.determinize(1, Rng(3))
    assert isinstance(d, LeylinesState)
    assert sorted(d.contract_deck[:4]) == bottom


def test_chance_and_reveals_are_undo_barriers() -> None:
    s = GAME.new_game(2, 9)
    assert isinstance(s, LeylinesState)
    do(s, acts(s)[0])
    do(s, acts(s)[0])
    assert s.barriers == [False, False], "placing a standee reveals nothing"
    do(s, Reroll(str(s.players[0].dice[0])))
    assert s.barriers[-1], "a re-roll is chance"
    do(s, Keep())
    do(s, Move(s.players[0].dice[0]))
    assert not s.barriers[-1]


def test_view_is_public_without_deck_order() -> None:
    s = day(3)
    v = s.view(None)
    text = json.dumps(v)
    assert v["contract_deck"] == 38 and len(v["spaces"]) == 48 and len(v["contract_row"]) == 4
    assert "contract_deck_order" not in text
    assert {"dice", "cubes", "items", "contracts", "friends", "gold"} <= set(v["players"][0])


def test_illegal_action_changes_nothing() -> None:
    s = day()
    before = json.dumps(s.view(None), sort_keys=True)
    with pytest.raises(IllegalAction, match="die"):
        s.apply(0, Move(7))
    with pytest.raises(IllegalAction):
        s.apply(1, Move(s.players[1].dice[0]))
    assert json.dumps(s.view(None), sort_keys=True) == before


def test_every_game_ends_within_its_bound() -> None:
    for n in (2, 6):
        s = GAME.new_game(n, 11)
        rng = Rng(11)
        while not s.is_over():
            p = s.active_players()[0]
            a = s.legal_actions(p)
            assert a
            s.apply(p, rng.choice(a))
        assert s.moves <= GAME.max_actions(n, {})





# -- bot knowledge -----------------------------------------------------------------------


def test_heuristics_play_legal_moves_and_beat_random() -> None:
    h = Heuristics()
    won = 0.0
    for g in range(4):
        s = GAME.new_game(2, 300 + g)
        assert isinstance(s, LeylinesState)
        rng = Rng(g)
        while not s.is_over():
            p = s.active_players()[0]
            a = h.rollout_action(s, p, rng) if p == g % 2 else rng.choice(s.legal_actions(p))
            assert s.is_legal(p, a)
            s.apply(p, a)
            assert len(h.evaluate(s)) == 2
        won += 1 / len(s.winners()) if g % 2 in s.winners() else 0
    assert won >= 3
