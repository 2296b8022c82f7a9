"""Groves, rule by rule.

| clause of the rule text (or adaptation note)       | test                                        |
|----------------------------------------------------|---------------------------------------------|
| components: 93 spirits, 28+16 groves, 16+12 cards  | test_component_counts                       |
| fixed totals, 1-4 players: spirits by colour,      | test_starting_totals_by_player_count        |
|   60 elements, crystal/dominion 16x1+4x5+4x10     |                                             |
| draw stack 17/22/25 groves by players (solo 28)    | test_stack_size_by_player_count             |
| 4 groves face up in the row, 3 realm cards shown   | test_central_setup                          |
| crystals 1/2/3/4 by seat (solo 3), 2 per element   | test_starting_crystals_and_elements         |
| resource grove chosen counter-clockwise            | test_resource_grove_choice_order            |
| bag: 8 white + 1 of the resource grove's colour    | test_starting_bag                           |
| a round starts with three blind draws              | test_round_draws_three                      |
| a short bag gives what it has                      | test_short_bag_draws_what_it_can            |
| an empty bag: two white spirits from the supply    | test_empty_bag_draws_two_whites             |
| placing from the crown holder clockwise to the end | test_turn_order_from_crown                  |
| every round, the crown holder places first         | test_crown_holder_opens_every_round         |
| one spirit per grove per round                     | test_grove_holds_one_spirit                 |
| the Tree of Idyll takes any number of spirits      | test_tree_areas_unlimited                   |
| wraiths never visit the Tree                       | test_wraith_never_on_tree                   |
| crown holder's first spirit not on the groves area | test_crown_first_spirit_not_on_groves_area  |
| only your own realm until a portal opens another   | test_only_own_realm_without_portal          |
| primary, then bonus for a matching colour only     | test_matching_colour_collects_bonus         |
| white spirits never match                          | test_white_never_collects_bonus             |
| wraiths are wild                                   | test_wraith_collects_both_rewards           |
| partial rewards when the supply is short           | test_partial_reward_when_supply_short       |
| rewards may be declined                            | test_reward_may_be_declined                 |
| rewards: choice, either, trade, spirit, white      | test_reward_vocabulary                      |
| extra draws join the round; random discard         | test_draw_and_cull_rewards                  |
| portal: base first, then mirror                    | test_portal_needs_base_then_mirror          |
| completed portal: a wraith to your bag, 1 dominion | test_portal_gives_wraith_and_point          |
| ... with no wraith left in the supply: none taken  | test_portal_with_no_wraith_left             |
| (adapted) no portal base left: the log says so     | test_portal_area_with_no_base_left          |
| portals only towards a left or right neighbour     | test_portal_targets_are_neighbours          |
| portals are one-way                                | test_portal_is_one_way                      |
| spirits sent through a portal join their bag       | test_spirits_sent_through_portal_join_bag   |
| wraiths stay on their grove between rounds         | test_wraith_stays_after_round               |
| (adapted) a wraith with no free grove goes back    | test_stranded_wraith_returns_to_bag         |
| a drawn wraith must be placed: other spirits may   | test_drawn_wraith_cannot_be_dodged          |
|   not take the last groves it can reach            |                                             |
| white displaces a wraith: no reward, wraith to you | test_white_displaces_wraith_without_reward  |
| only white spirits displace                        | test_only_white_displaces                   |
| buying: elements to supply, crystals to crown      | test_buy_pays_crown                         |
| the crown holder pays the supply                   | test_crown_holder_pays_supply               |
| both elements and crystals are needed              | test_cannot_buy_without_elements            |
| a new grove shares an edge with the realm          | test_attach_must_share_edge                 |
| bought groves replaced only at the round's end     | test_bought_slot_empty_until_round_end      |
| summoning: draw two, keep one, one to the bottom   | test_summon_keeps_one_other_to_bottom       |
| (adapted) seeing summoning cards ends undo         | test_summoning_draw_is_an_undo_barrier      |
| several summoning cards revealed from one draw     | test_several_cards_revealed_from_one_draw   |
| summoning cards score on the initial draw only     | test_summoning_card_scores_on_initial_draw  |
| extra draws never reveal a summoning card          | test_extra_draw_does_not_reveal             |
| pair / three different / three same (no white)     | test_summoning_card_kinds                   |
| trophy at the end, nobody on a tie                 | test_trophy_tie_gives_nobody                |
| spirit trophy: bag + realm, not spirits sent away  | test_spirit_trophy_counts_bag_and_realm     |
|   or put on the Tree                               |                                             |
| lightning to the first to reach it                 | test_lightning_goes_to_first                |
| lightning: a spirit sent in counts for its owner   | test_lightning_for_a_sent_spirit            |
| realm bonuses count purchased groves only          | test_realm_bonus_purchased_only             |
| round end: realm spirits to owner, Tree to supply  | test_end_of_round_pickup                    |
| unbought 1-crystal grove leaves; shift; refill     | test_row_shifts_and_drops_unbought_first    |
| the crown passes clockwise                         | test_crown_passes_clockwise                 |
| last grove out of the stack: one final round       | test_final_round_after_stack_empties        |
| scoring items, 1 per 5 elements and crystals       | test_scoring_items                          |
| ties: most groves, then most elements and crystals | test_tie_breakers                           |
| solo setup: 3 crystals, no wraith cards, bag       | test_solo_setup                             |
| solo: only two Tree areas                          | test_solo_tree_has_two_areas                |
| solo: wraith bag draw fills the Hollows, +1 wraith | test_solo_wraiths_fill_hollows              |
| solo: no wraith left in the supply: none added     | test_solo_no_wraith_left_to_add             |
| solo: adding to the wraith bag and its limits      | test_solo_add_to_wraith_bag_limits          |
| solo: a colour's reminder spirit from the supply,  | test_solo_reminder_from_supply              |
|   kept on the Tree's base for the game             |                                             |
| (adapted) solo: one left of a colour: not to the   | test_solo_last_of_a_colour                  |
|   wraith bag (no reminder for it)                  |                                             |
| solo: spirits conserved with reminders             | test_solo_reminder_conservation             |
| solo: recall / spawn / banish / repel              | test_solo_recall, _spawn, _banish, _repel   |
| solo: lose when a wraith finds no space            | test_solo_loss_when_no_space                |
| solo: lose when the Hollows are full at the end    | test_solo_loss_when_hollows_full_at_end     |
| solo: win above the lowest exposed value (14 + k)  | test_solo_win_needs_more_than_exposed_value |
| solo: a loss has no winner; the end screen says so | test_solo_end_screen_names_the_loss         |
| solo: the bot plays a solo game to its end         | test_bot_plays_solo_to_the_end              |
| solo: the two leftmost groves leave each round     | test_solo_row_drops_two_leftmost            |
| (adapted) every game ends within max_actions, an   | test_every_game_ends_within_its_bound       |
|   active seat always has an action                 |                                             |
| hidden: others' cards and the deck resampled       | test_determinize_resamples_hidden_cards     |
| hidden: views show only counts of others' cards    | test_view_hides_others_summoning_cards      |
| hidden: bag order unknown (future draws resampled) | test_determinize_changes_future_draws       |
| hidden: a card you put under the deck stays known  | test_determinize_keeps_own_bottom_card      |
| (adapted) events about a seat carry that seat      | test_seat_events_carry_the_seat             |
| illegal actions explained, state unchanged         | test_illegal_action_changes_nothing         |
| (adapted) every designed grove on the rules page   | test_rules_page_lists_components            |

Words (no rule): test_log_and_labels_read_as_players_words,
test_action_label_names_the_grove, test_event_words_for_counts,
test_grove_names_never_clash_with_seat_names.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable

import pytest

from pygame_engine import GAMES, IllegalAction, undo_refusal
from pygame_engine.core.game import Action
from pygame_engine.core.rng import Rng
from pygame_engine.games.groves import data
from pygame_engine.games.groves.actions import (
    Attach,
    Buy,
    ChooseGrove,
    Collect,
    Decline,
    Place,
    Portal,
    Strand,
    Summon,
    Visit,
)
from pygame_engine.games.groves.game import decisions, extra_draws
from pygame_engine.games.groves.state import GrovesState

GAME = GAMES["groves"]


def started(n: int = 2, seed: int = 1, colours: tuple[str, ...] = ("yellow", "orange", "green",
                                                                    "blue")) -> GrovesState:
    """A game after setup, in round 1, with each seat's chosen colour by seat."""
    s = GAME.new_game(n, seed)
    assert isinstance(s, GrovesState)
    for p in list(s.setup_order):
        s.apply(p, ChooseGrove(colours[p]))
    return s


def give(s: GrovesState, p: int, *spirits: str) -> None:
    """Set seat ``p``'s drawn spirits (the previous ones go back to its bag)."""
    pl = s.players[p]
    for k, v in pl.hand.items():
        pl.bag[k] += v
        pl.hand[k] = 0
    for sp in spirits:
        pl.hand[sp] += 1
        if pl.bag[sp]:
            pl.bag[sp] -= 1
        else:
            s.supply[sp] -= 1


def only(s: GrovesState, p: int, *spirits: str) -> None:
    """Seat ``p`` is to act holding ``spirits``; every other seat holds nothing."""
    for q in range(s.num_players):
        give(s, q)
    give(s, p, *spirits)
    s.current = p


def add_grove(s: GrovesState, p: int, gid: str, cell: tuple[int, int]) -> None:
    s.players[p].realm[cell] = gid


RESOURCE = data.START_CELLS["resource"]
CRYSTAL = data.START_CELLS["crystal"]
SPIRIT = data.START_CELLS["spirit"]


# -- components and setup ---------------------------------------------------------


def test_component_counts() -> None:
    assert sum(data.SPIRIT_COUNTS.values()) == 93
    assert data.SPIRIT_COUNTS == {"white": 32, "yellow": 12, "orange": 12, "green": 12,
                                  "blue": 12, "wraith": 13}
    assert len(data.GROVES) == 28
    assert Counter(g.colour for g in data.GROVES.values()) == {c: 7 for c in data.COLOURS}
    assert data.STARTING_GROVE_COUNT == 16
    assert set(data.STARTING_GROVE_BOX) - {"reference"} == set(data.STARTING_GROVES)
    assert len(data.SUMMONING_CARDS) == 16 and len(data.WRAITH_CARDS) == 4
    kinds = Counter(c.kind for c in data.REALM_CARDS.values())
    assert len(data.REALM_CARDS) == 12 and kinds == {"trophy": 6, "lightning": 6}
    assert data.TOKENS == {1: 16, 5: 4, 10: 4} and data.TOKEN_VALUE == 76
    assert data.ELEMENT_SUPPLY == 20 and data.PORTALS == 8


@pytest.mark.parametrize(("n", "size"), [(1, 28), (2, 17), (3, 22), (4, 25)])
def test_stack_size_by_player_count(n: int, size: int) -> None:
    s = GAME.new_game(n, 3)
    assert isinstance(s, GrovesState)
    assert len(s.stack) + 4 == size
    assert len(s.box) == 28 - size


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_starting_totals_by_player_count(n: int) -> None:
    s = GAME.new_game(n, 7)
    assert isinstance(s, GrovesState)
    tokens = 16 * 1 + 4 * 5 + 4 * 10
    expected = {"spirits:white": 32, "spirits:yellow": 12, "spirits:orange": 12,
                "spirits:green": 12, "spirits:blue": 12, "spirits:wraith": 13,
                "element:earth": 20, "element:light": 20, "element:water": 20,
                "crystals": tokens, "dominion": tokens}
    for state in (s, started(n, 7)):  # before and after the resource groves are chosen
        totals = state.conservation()
        assert {k: totals[k] for k in expected} == expected
        assert sum(v for k, v in totals.items() if k.startswith("spirits:")) == 93
        assert sum(v for k, v in totals.items() if k.startswith("element:")) == 60


def test_central_setup() -> None:
    s = GAME.new_game(3, 4)
    assert isinstance(s, GrovesState)
    assert all(g is not None for g in s.row) and len(s.row) == 4
    assert len(s.realm_shown) == 3
    assert len(s.deck) == 16
    assert s.view(None)["row_costs"] == [1, 2, 3, 4]


def test_starting_crystals_and_elements() -> None:
    s = GAME.new_game(4, 1)
    assert isinstance(s, GrovesState)
    assert [pl.crystals for pl in s.players] == [1, 2, 3, 4]
    assert all(pl.elements == {"earth": 2, "light": 2, "water": 2} for pl in s.players)
    assert s.crown == 0
    solo = GAME.new_game(1, 1)
    assert isinstance(solo, GrovesState)
    assert solo.players[0].crystals == 3


def test_resource_grove_choice_order() -> None:
    s = GAME.new_game(4, 1)
    assert isinstance(s, GrovesState)
    order = []
    while s.phase == "setup":
        p = s.active_players()[0]
        order.append(p)
        s.apply(p, s.legal_actions(p)[0])
    # The start player's right is the previous seat: 3, 2, 1, then the start player.
    assert order == [3, 2, 1, 0]
    assert len({pl.resource for pl in s.players}) == 4


def test_starting_bag() -> None:
    s = GAME.new_game(2, 1)
    assert isinstance(s, GrovesState)
    s.apply(1, ChooseGrove("blue"))
    assert ChooseGrove("blue") not in s.legal_actions(0)
    s.apply(0, ChooseGrove("green"))
    pl = s.players[1]
    total = Counter({k: v for k, v in pl.bag.items() if v}) + Counter(
        {k: v for k, v in pl.hand.items() if v})
    assert total == {"white": 8, "blue": 1}
    assert pl.realm[RESOURCE] == "rg-blue"


# -- the round ------------------------------------------------------------------------


def test_round_draws_three() -> None:
    s = started()
    assert s.round == 1
    assert all(sum(pl.hand.values()) == 3 for pl in s.players)
    assert all(sum(pl.bag.values()) == 6 for pl in s.players)


def test_short_bag_draws_what_it_can() -> None:
    s = started()
    pl = s.players[1]
    for p in range(2):
        give(s, p)
    pl.bag = {k: 0 for k in pl.bag}
    pl.bag["white"] = 2
    s._end_round()
    assert sum(pl.hand.values()) == 2 and sum(pl.bag.values()) == 0


def test_empty_bag_draws_two_whites() -> None:
    s = started()
    for p in range(2):
        give(s, p)
    pl = s.players[1]
    s.supply["white"] += pl.bag["white"]
    pl.bag = {k: 0 for k in pl.bag}
    before = s.supply["white"]
    s._end_round()
    assert pl.hand["white"] == 2 and sum(pl.hand.values()) == 2
    assert s.supply["white"] == before - 2


def test_turn_order_from_crown() -> None:
    s = started(3)
    for p in range(3):
        give(s, p, "white", "white")
    give(s, 2, "white")
    s.current = s.crown = 1
    seen = []
    while s.round == 1:
        p = s.active_players()[0]
        seen.append(p)
        s.apply(p, Visit("white", "bonus") if not s.pending else s.legal_actions(p)[0])
        while s.pending and s.round == 1:
            q = s.active_players()[0]
            s.apply(q, s.legal_actions(q)[0])
    assert seen == [1, 2, 0, 1, 0]  # seat 2 had one spirit only: skipped once done


def test_crown_holder_opens_every_round() -> None:
    for n in (2, 3, 4):
        s = GAME.new_game(n, 5)
        assert isinstance(s, GrovesState)
        rng, opened = Rng(n), {}
        while not s.is_over():
            p = s.active_players()[0]
            if s.phase == "place" and s.round not in opened and not s.pending:
                opened[s.round] = (p, s.crown)
            s.apply(p, rng.choice(s.legal_actions(p)))
        assert len(opened) > 3
        assert all(p == crown for p, crown in opened.values()), opened


def test_grove_holds_one_spirit() -> None:
    s = started()
    only(s, 0, "white", "white")
    s.apply(0, Place("white", 0, *CRYSTAL))
    assert Place("white", 0, *CRYSTAL) not in s.legal_actions(0)
    with pytest.raises(IllegalAction, match="already has a spirit"):
        s.apply(0, Place("white", 0, *CRYSTAL))


def test_tree_areas_unlimited() -> None:
    s = started()
    only(s, 0, "white", "white", "white", "white")
    s.crown = 1
    for _ in range(3):
        s.apply(0, Visit("white", "portal"))
        while s.pending:
            s.apply(0, s.legal_actions(0)[0])
    assert [a for a, _, _ in s.tree] == ["portal"] * 3


def test_wraith_never_on_tree() -> None:
    s = started()
    only(s, 0, "wraith")
    assert all(not isinstance(a, Visit) for a in s.legal_actions(0))
    assert Place("wraith", 0, *CRYSTAL) in s.legal_actions(0)
    with pytest.raises(IllegalAction, match="Wraiths"):
        s.apply(0, Visit("wraith", "bonus"))


def test_crown_first_spirit_not_on_groves_area() -> None:
    s = started()
    only(s, 0, "white", "white")
    assert s.crown == 0
    assert Visit("white", "groves") not in s.legal_actions(0)
    assert Visit("white", "bonus") in s.legal_actions(0)
    s.apply(0, Place("white", 0, *CRYSTAL))
    assert Visit("white", "groves") in s.legal_actions(0)
    only(s, 1, "white")
    assert Visit("white", "groves") in s.legal_actions(1)


def test_only_own_realm_without_portal() -> None:
    s = started()
    only(s, 0, "white")
    assert {a.owner for a in s.legal_actions(0) if isinstance(a, Place)} == {0}
    s.players[0].portals.append(1)
    assert {a.owner for a in s.legal_actions(0) if isinstance(a, Place)} == {0, 1}


# -- rewards ------------------------------------------------------------------------


def test_matching_colour_collects_bonus() -> None:
    s = started()  # seat 0 holds the yellow resource grove: 1 light, bonus 1 light + 1 crystal
    only(s, 0, "yellow", "white")
    pl = s.players[0]
    light, crystals = pl.elements["light"], pl.crystals
    events = s.apply(0, Place("yellow", 0, *RESOURCE))
    gains = [e.data["got"] for e in events if e.kind == "gain"]
    assert gains == [{"light": 1}, {"light": 1, "crystal": 1}]  # primary first, then bonus
    assert pl.elements["light"] == light + 2 and pl.crystals == crystals + 1


def test_white_never_collects_bonus() -> None:
    s = started()
    only(s, 0, "white", "green")
    pl = s.players[0]
    light, crystals = pl.elements["light"], pl.crystals
    s.apply(0, Place("white", 0, *RESOURCE))
    assert pl.elements["light"] == light + 1 and pl.crystals == crystals
    # A coloured spirit of another colour is no better.
    s2 = started()
    only(s2, 0, "green")
    s2.apply(0, Place("green", 0, *RESOURCE))
    assert s2.players[0].crystals == 1


def test_wraith_collects_both_rewards() -> None:
    s = started()
    only(s, 0, "wraith", "white")
    pl = s.players[0]
    light, crystals = pl.elements["light"], pl.crystals
    s.apply(0, Place("wraith", 0, *RESOURCE))
    assert pl.elements["light"] == light + 2 and pl.crystals == crystals + 1


def test_partial_reward_when_supply_short() -> None:
    s = started()
    only(s, 0, "white", "white")
    pl = s.players[0]
    s.crystal_supply, pl.crystals = 1, pl.crystals + s.crystal_supply - 1
    before = pl.crystals
    s.apply(0, Place("white", 0, *CRYSTAL))  # the grove gives 2 crystals
    assert pl.crystals == before + 1 and s.crystal_supply == 0


def test_reward_may_be_declined() -> None:
    s = started()
    only(s, 0, "white", "white")
    s.apply(0, Place("white", 0, *SPIRIT))  # add a spirit of your choice
    assert s.pending and Decline() in s.legal_actions(0)
    assert Collect("wraith") not in s.legal_actions(0)  # wraiths only come from portals
    assert Collect("yellow") in s.legal_actions(0)
    bag = dict(s.players[0].bag)
    s.apply(0, Decline())
    assert s.players[0].bag == bag and not s.pending
    # Declining the primary reward still leaves the bonus.
    add_grove(s, 0, "y2", (1, 1))  # an element of your choice; bonus: draw a spirit
    only(s, 0, "yellow", "white")
    s.apply(0, Place("yellow", 0, 1, 1))
    assert s.pending[0] == ("element", 1)
    s.apply(0, Decline())
    assert s.pending == [("draw", 1)] and Collect("draw") in s.legal_actions(0)


def test_reward_vocabulary() -> None:
    s = started()
    only(s, 0, "white", "white", "white", "white", "white")
    s.crown = 1
    pl = s.players[0]
    # "either" (Amber Canopy: 2 crystals or earth + water) and "trade" (Gilded Hollow).
    add_grove(s, 0, "y5", (1, 1))
    add_grove(s, 0, "y4", (2, 0))
    add_grove(s, 0, "o2", (-1, 1))
    s.apply(0, Place("white", 0, 1, 1))
    assert set(s.legal_actions(0)) == {Collect("2C"), Collect("1E+1W"), Decline()}
    assert Collect("1E+1W").label == "Take 1 earth + 1 water"
    s.apply(0, Collect("1E+1W"))
    assert pl.elements["earth"] == 3 and pl.elements["water"] == 3
    s.apply(0, Place("white", 0, 2, 0))
    assert Collect("trade") in s.legal_actions(0)
    dom = pl.dominion
    s.apply(0, Collect("trade"))
    assert pl.elements["light"] == 0 and pl.dominion == dom + 3
    s.apply(0, Place("white", 0, -1, 1))  # add a white spirit
    whites = pl.bag["white"]
    s.apply(0, Collect("white"))
    assert pl.bag["white"] == whites + 1
    s.apply(0, Place("white", 0, *SPIRIT))  # a spirit of your choice
    s.apply(0, Collect("blue"))
    assert pl.bag["blue"] == 1
    # A trade you cannot pay is not offered.
    s2 = started()
    only(s2, 0, "white")
    add_grove(s2, 0, "y4", (1, 1))
    s2.players[0].elements["light"] = 1
    s2.apply(0, Place("white", 0, 1, 1))
    assert not s2.pending


def test_draw_and_cull_rewards() -> None:
    s = started()
    only(s, 0, "white", "white")
    s.crown = 1
    pl = s.players[0]
    add_grove(s, 0, "y7", (1, 1))  # Lantern Thicket: draw two extra spirits
    s.apply(0, Place("white", 0, 1, 1))
    bag = sum(pl.bag.values())
    s.apply(0, Collect("draw"))
    assert sum(pl.hand.values()) == 3 and sum(pl.bag.values()) == bag - 2
    add_grove(s, 0, "o7", (2, 0))  # Maple Crown: discard a random spirit
    spirit = next(k for k, v in pl.hand.items() if v)
    s.apply(0, Place(spirit, 0, 2, 0))
    supply = sum(s.supply.values())
    bag = sum(pl.bag.values())
    s.apply(0, Collect("cull"))
    assert sum(pl.bag.values()) == bag - 1 and sum(s.supply.values()) == supply + 1


# -- portals and wraiths ------------------------------------------------------------


def test_portal_needs_base_then_mirror() -> None:
    s = started()
    only(s, 0, "white", "white")
    pl = s.players[0]
    s.apply(0, Visit("white", "portal"))
    assert pl.has_base and not pl.portals and s.bases == 7
    assert pl.bag["wraith"] == 0
    assert s.score_breakdown()[0]["Portals"] == 0
    s.apply(0, Visit("white", "portal"))
    assert pl.portals == [1] and not pl.has_base and s.mirrors == 7


def test_portal_gives_wraith_and_point() -> None:
    s = started()
    only(s, 0, "white", "white")
    s.players[0].has_base, s.bases = True, 7
    wraiths = s.supply["wraith"]
    s.apply(0, Visit("white", "portal"))
    assert s.players[0].bag["wraith"] == 1 and s.supply["wraith"] == wraiths - 1
    assert s.score_breakdown()[0]["Portals"] == 1


def test_portal_with_no_wraith_left() -> None:
    s = started()
    s.players[1].bag["wraith"] += s.supply["wraith"]  # every wraith is elsewhere
    s.supply["wraith"] = 0
    only(s, 0, "white", "white")
    s.players[0].has_base, s.bases = True, 7
    events = s.apply(0, Visit("white", "portal"))
    assert s.players[0].portals == [1]  # the portal still opens
    assert s.players[0].bag["wraith"] == 0 and s.supply["wraith"] == 0
    assert s.score_breakdown()[0]["Portals"] == 1
    built = [e.text for e in events if e.kind == "portal"]
    assert built == ["Moss opens a portal to Amber's realm."]


def test_portal_area_with_no_base_left() -> None:
    s = started()
    only(s, 0, "white", "white")
    s.bases = 0
    events = s.apply(0, Visit("white", "portal"))
    texts = [e.text for e in events if e.kind == "portal"]
    assert texts == ["Moss finds no portal base left to take."]
    assert not s.players[0].has_base
    # With a base left but every neighbour already reached, the log says that instead.
    s.bases = 1
    s.players[0].portals.append(1)
    events = s.apply(0, Visit("white", "portal"))
    assert [e.text for e in events if e.kind == "portal"] == [
        "Moss has no neighbour left to open a portal to."]
    assert s.bases == 1


def test_portal_targets_are_neighbours() -> None:
    s = started(4)
    assert s.portal_targets(0) == [1, 3]  # never the seat opposite
    only(s, 0, "white", "white")
    s.apply(0, Visit("white", "portal"))
    s.apply(0, Visit("white", "portal"))
    assert set(s.legal_actions(0)) == {Portal(1), Portal(3)}
    s.apply(0, Portal(3))
    assert s.players[0].portals == [3] and s.portal_targets(0) == [1]
    two = started(2)
    assert two.portal_targets(0) == [1]


def test_portal_is_one_way() -> None:
    s = started()
    s.players[0].portals.append(1)
    assert s.can_visit(0) == [0, 1]
    assert s.can_visit(1) == [1]


def test_spirits_sent_through_portal_join_bag() -> None:
    s = started()
    s.players[0].portals.append(1)
    only(s, 0, "yellow")
    before = s.players[1].owned("yellow")
    s.apply(0, Place("yellow", 1, *CRYSTAL))  # the last spirit: the round ends
    assert s.players[0].crystals == 3  # the visitor collects the reward
    assert s.round == 2
    assert s.players[1].owned("yellow") == before + 1
    assert s.players[0].owned("yellow") == 0


def test_wraith_stays_after_round() -> None:
    s = started()
    s.players[0].portals.append(1)
    only(s, 0, "wraith")
    s.apply(0, Place("wraith", 1, *CRYSTAL))
    assert s.round == 2
    assert s.players[1].occupants == {CRYSTAL: "wraith"}
    only(s, 1, "yellow")
    assert Place("yellow", 1, *CRYSTAL) not in s.legal_actions(1)


def test_stranded_wraith_returns_to_bag() -> None:
    s = started()
    pl = s.players[0]
    for cell in pl.realm:
        pl.occupants[cell] = "white"
    only(s, 0, "wraith")
    assert s.legal_actions(0) == [Strand()]
    s.apply(0, Strand())
    assert pl.hand["wraith"] == 0


def test_drawn_wraith_cannot_be_dodged() -> None:
    # Seat 0's resource grove holds a wraith from an earlier round; two free
    # groves are left. With a yellow, an orange and a wraith drawn, the yellow
    # may take one, but the orange may not take the last: the wraith needs it.
    s = started()
    pl = s.players[0]
    pl.occupants[RESOURCE] = "wraith"
    s.supply["wraith"] -= 1
    only(s, 0, "yellow", "orange", "wraith")
    assert Place("yellow", 0, *CRYSTAL) in s.legal_actions(0)
    s.apply(0, Place("yellow", 0, *CRYSTAL))
    legal = s.legal_actions(0)
    assert Place("orange", 0, *SPIRIT) not in legal
    assert Place("wraith", 0, *SPIRIT) in legal
    assert Visit("orange", "bonus") in legal and Strand() not in legal
    with pytest.raises(IllegalAction, match="must stay free for your drawn wraith"):
        s.apply(0, Place("orange", 0, *SPIRIT))
    s.apply(0, Visit("orange", "bonus"))
    s.apply(0, s.legal_actions(0)[0])  # keep a summoning card
    assert s.legal_actions(0) == [Place("wraith", 0, *SPIRIT)]
    s.apply(0, Place("wraith", 0, *SPIRIT))
    s.apply(0, Decline())  # the spirit grove's reward
    assert pl.occupants.get(SPIRIT) == "wraith"
    # A white may still displace a wraith: the displaced wraith goes into the
    # bag, not the hand, so the one drawn still needs the last free grove.
    s2 = started()
    pl2 = s2.players[0]
    pl2.occupants[RESOURCE] = "wraith"
    s2.supply["wraith"] -= 1
    only(s2, 0, "white", "white", "wraith")
    s2.apply(0, Place("white", 0, *CRYSTAL))
    assert Place("white", 0, *SPIRIT) not in s2.legal_actions(0)
    s2.apply(0, Place("white", 0, *RESOURCE))  # displaces the old wraith
    assert pl2.bag["wraith"] == 1 and pl2.hand["wraith"] == 1
    assert s2.legal_actions(0) == [Place("wraith", 0, *SPIRIT)]
    # Groves reached through a portal count too: with them, the orange is free to go.
    s3 = started()
    s3.players[0].occupants[RESOURCE] = "wraith"
    s3.supply["wraith"] -= 1
    s3.players[0].portals.append(1)
    only(s3, 0, "orange", "wraith")
    s3.players[0].occupants[CRYSTAL] = "white"
    s3.supply["white"] -= 1
    assert Place("orange", 0, *SPIRIT) in s3.legal_actions(0)


def test_white_displaces_wraith_without_reward() -> None:
    s = started()
    s.players[1].portals.append(0)
    s.players[0].occupants[CRYSTAL] = "wraith"
    s.supply["wraith"] -= 1
    only(s, 1, "white")
    crystals = s.players[1].crystals
    s.apply(1, Place("white", 0, *CRYSTAL))
    assert s.players[1].crystals == crystals  # no reward
    assert s.players[1].bag["wraith"] == 1  # the displacer keeps the wraith
    assert s.players[0].bag["white"] >= 1  # the white goes to the realm's owner
    assert s.players[0].occupants == {}


def test_only_white_displaces() -> None:
    s = started()
    s.players[0].occupants[CRYSTAL] = "wraith"
    only(s, 0, "yellow", "white")
    legal = s.legal_actions(0)
    assert Place("yellow", 0, *CRYSTAL) not in legal
    assert Place("white", 0, *CRYSTAL) in legal
    with pytest.raises(IllegalAction, match="Only a white"):
        s.apply(0, Place("yellow", 0, *CRYSTAL))


# -- buying groves -------------------------------------------------------------------


def _cheap_row(s: GrovesState) -> None:
    s.row = ["y1", "g1", "b1", "o1"]  # 1 light, 1 earth, 1 water, 1 earth


def test_buy_pays_crown() -> None:
    s = started()
    _cheap_row(s)
    only(s, 1, "white")
    s.players[1].crystals = 5
    crown = s.players[0].crystals
    s.apply(1, Visit("white", "groves"))
    assert Buy(2) in s.legal_actions(1)
    s.apply(1, Buy(2))
    assert s.players[1].crystals == 2 and s.players[0].crystals == crown + 3
    assert s.players[1].elements["water"] == 1 and s.element_supply["water"] == 17
    assert s.legal_actions(1)[0] == Attach(*s.players[1].frontier()[0])


def test_crown_holder_pays_supply() -> None:
    s = started()
    _cheap_row(s)
    only(s, 0, "white", "white")
    s.players[0].crystals = 4
    s.apply(0, Place("white", 0, *SPIRIT))
    s.apply(0, Decline())
    supply = s.crystal_supply
    s.apply(0, Visit("white", "groves"))
    s.apply(0, Buy(1))
    assert s.crystal_supply == supply + 2 and s.players[0].crystals == 2 + 0


def test_cannot_buy_without_elements() -> None:
    s = started()
    s.row = ["y6", "g6", "b6", "o6"]  # all cost four elements
    only(s, 1, "white", "white")
    s.players[1].crystals = 10
    s.players[1].elements = {"earth": 1, "light": 1, "water": 1}
    s.apply(1, Visit("white", "groves"))
    assert not s.pending  # nothing affordable: the step lapses
    s2 = started()
    _cheap_row(s2)
    only(s2, 1, "white")
    s2.players[1].crystals = 0
    assert not any(s2.can_buy(1, i) for i in range(4))


def test_attach_must_share_edge() -> None:
    s = started()
    _cheap_row(s)
    only(s, 1, "white")
    s.apply(1, Visit("white", "groves"))
    s.apply(1, Buy(0))
    cells = {(a.q, a.r) for a in s.legal_actions(1) if isinstance(a, Attach)}
    realm = set(s.players[1].realm)
    steps = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
    assert cells and all(any((q + dq, r + dr) in realm for dq, dr in steps) for q, r in cells)
    assert (5, 5) not in cells
    with pytest.raises(IllegalAction):
        s.apply(1, Attach(5, 5))
    s.apply(1, Attach(*sorted(cells)[0]))
    assert "y1" in s.players[1].purchased()


def test_bought_slot_empty_until_round_end() -> None:
    s = started()
    _cheap_row(s)
    only(s, 1, "white")
    s.apply(1, Visit("white", "groves"))
    s.apply(1, Buy(0))
    s.apply(1, s.legal_actions(1)[0])
    assert s.round == 2
    assert s.row[:3] == ["g1", "b1", "o1"] and s.row[3] is not None


# -- summoning bonus cards ---------------------------------------------------------------


def test_summon_keeps_one_other_to_bottom() -> None:
    s = started()
    only(s, 0, "white")
    top2 = s.deck[-2:]
    s.apply(0, Visit("white", "bonus"))
    assert set(s.legal_actions(0)) == {Summon(top2[0]), Summon(top2[1])}
    s.apply(0, Summon(top2[1]))
    assert s.players[0].hidden == [top2[1]]
    assert s.deck[0] == top2[0] and len(s.deck) == 15


def test_summoning_card_scores_on_initial_draw() -> None:
    s = started()
    pl = s.players[0]
    pl.hidden = ["yellow-yellow"]
    for p in range(2):
        give(s, p)
    pl.bag = {k: 0 for k in pl.bag}
    pl.bag["yellow"] = 3
    s._end_round()
    assert pl.revealed == ["yellow-yellow"] and pl.hidden == []
    assert s.score_breakdown()[0]["Summoning bonuses"] == 1


def test_extra_draw_does_not_reveal() -> None:
    s = started()
    pl = s.players[0]
    pl.hidden = ["yellow-yellow"]
    only(s, 0, "white")
    add_grove(s, 0, "y7", (1, 1))
    pl.bag = {k: 0 for k in pl.bag}
    pl.bag["yellow"] = 2
    s.apply(0, Place("white", 0, 1, 1))
    s.apply(0, Collect("draw"))
    assert pl.hand["yellow"] == 2 and pl.hidden == ["yellow-yellow"]


def test_summoning_draw_is_an_undo_barrier() -> None:
    s = started()
    only(s, 0, "white", "white", "white")
    s.apply(0, Place("white", 0, *CRYSTAL))
    assert undo_refusal(s, 0) is None  # nothing hidden was seen
    s.apply(0, Visit("white", "bonus"))  # the seat now sees the top two cards
    assert s.pending[0][0] == "summon"
    assert undo_refusal(s, 0) is not None
    # The last card of the deck, taken at once, is seen too.
    s.apply(0, s.legal_actions(0)[0])  # keep one of the two
    s.summon_box += s.deck[:-1]  # leave a single card in the deck
    del s.deck[:-1]
    s.deck_bottom = []
    s.apply(0, Visit("white", "bonus"))
    assert len(s.players[0].hidden) == 2 and not s.deck
    assert undo_refusal(s, 0) is not None


def test_several_cards_revealed_from_one_draw() -> None:
    s = started()
    for p in range(2):
        give(s, p)
    pl = s.players[0]
    pl.hidden = ["yellow-blue", "green-blue", "three-different", "orange-orange"]
    for c in pl.hidden:
        s.deck.remove(c)
    for k, v in pl.bag.items():  # the bag holds exactly a yellow, a green and a blue
        s.supply[k] += v
        pl.bag[k] = 0
    for c in ("yellow", "green", "blue"):
        s.supply[c] -= 1
        pl.bag[c] = 1
    events = s._end_round()
    assert sorted(e.data["card"] for e in events if e.kind == "reveal") == [
        "green-blue", "three-different", "yellow-blue"]
    assert pl.hidden == ["orange-orange"]
    assert sorted(pl.revealed) == ["green-blue", "three-different", "yellow-blue"]
    assert s.score_breakdown()[0]["Summoning bonuses"] == 3


def test_summoning_card_kinds() -> None:
    met = GrovesState.summoning_met
    assert met("green-blue", ["blue", "green", "white"])
    assert not met("green-green", ["green", "white", "white"])
    assert met("wraith-orange", ["orange", "wraith", "white"])
    assert met("three-different", ["yellow", "green", "blue"])
    assert not met("three-different", ["yellow", "green", "white"])
    assert not met("three-different", ["yellow", "green"])
    assert met("three-same", ["blue", "blue", "blue"])
    assert not met("three-same", ["white", "white", "white"])
    assert data.SUMMONING_CARDS["three-same"].dominion == 3


# -- realm bonuses ---------------------------------------------------------------------


def _over(s: GrovesState) -> None:
    s.phase = "over"


def test_trophy_tie_gives_nobody() -> None:
    s = started()
    s.realm_shown = ["most-groves", "most-green", "three-alike"]
    add_grove(s, 0, "y1", (1, 1))
    add_grove(s, 1, "g1", (1, 1))
    _over(s)
    assert s.trophies()["most-groves"] is None
    add_grove(s, 1, "g2", (2, 0))
    assert s.trophies()["most-groves"] == 1
    assert s.score_breakdown()[1]["Realm bonuses"] >= 3


def test_spirit_trophy_counts_bag_and_realm() -> None:
    # Final round. Seat 0 has 1 green in its bag and draws 3 more: one goes on
    # its own grove (counts), one through its portal into seat 1's realm
    # (counts for seat 1), one to the Tree (back to the supply). Seat 1 has 2
    # greens in its bag. Most green: seat 1 with 3 against 2.
    s = started()
    s.realm_shown = ["most-green", "most-groves", "three-alike"]
    s.final_round = True
    s.players[0].portals.append(1)
    only(s, 0, "green", "green", "green")
    _stock(s, 0, "green", 1)
    _stock(s, 1, "green", 2)
    s.apply(0, Place("green", 0, *CRYSTAL))
    s.apply(0, Place("green", 1, *CRYSTAL))
    s.apply(0, Visit("green", "bonus"))
    s.apply(0, s.legal_actions(0)[0])  # keep a summoning card: the game ends
    assert s.is_over()
    assert s.measure(0, "spirits:green") == 2 and s.measure(1, "spirits:green") == 3
    assert s.trophies()["most-green"] == 1
    assert s.score_breakdown()[1]["Realm bonuses"] == data.REALM_CARDS["most-green"].dominion
    assert s.score_breakdown()[0]["Realm bonuses"] == 0


def test_lightning_goes_to_first() -> None:
    s = started()
    s.realm_shown = ["five-groves", "most-green", "most-blue"]
    for i, gid in enumerate(["y1", "y2", "y3", "g1"]):
        add_grove(s, 0, gid, (2 + i, 0))
        add_grove(s, 1, "b" + gid[1], (2 + i, 0))
    s.row = ["g2", "b5", "o1", "o2"]
    only(s, 1, "white")
    s.players[1].elements = {"earth": 5, "light": 5, "water": 5}
    s.players[1].crystals = 5
    s.apply(1, Visit("white", "groves"))
    s.apply(1, Buy(0))
    s.apply(1, s.legal_actions(1)[0])
    assert s.claimed == {"five-groves": 1}
    assert s.players[1].realm_cards == ["five-groves"]
    add_grove(s, 0, "o3", (9, 9))
    assert s._check_lightning(0) == [] and s.claimed == {"five-groves": 1}

def _stock(s: GrovesState, p: int, spirit: str, k: int) -> None:
    """Move ``k`` spirits of a kind from the supply into seat ``p``'s bag."""
    s.supply[spirit] -= k
    s.players[p].bag[spirit] += k


def test_lightning_for_a_sent_spirit() -> None:
    # Seat 0 sends a green spirit through its portal: seat 1 now owns 6 green
    # spirits and takes "six of one" at once, before seat 0 later reaches 6 blue.
    s = started()
    s.realm_shown = ["six-of-one", "most-groves", "most-green"]
    s.players[0].portals.append(1)
    _stock(s, 1, "green", 5)
    _stock(s, 0, "blue", 5)
    only(s, 0, "green", "white", "white")
    s.apply(0, Place("green", 1, *CRYSTAL))
    assert s.claimed == {"six-of-one": 1}
    s.apply(0, Place("white", 0, *SPIRIT))
    s.apply(0, Collect("blue"))
    assert s.players[0].owned("blue") == 6
    assert s.claimed == {"six-of-one": 1} and s.players[0].realm_cards == []



def test_realm_bonus_purchased_only() -> None:
    s = started()
    assert s.measure(0, "groves") == 0  # starting groves do not count
    assert s.measure(0, "groves-one-colour") == 0
    add_grove(s, 0, "y1", (1, 1))
    assert s.measure(0, "groves") == 1 and s.measure(0, "groves-colours") == 1


# -- end of round and end of game ---------------------------------------------------------


def test_end_of_round_pickup() -> None:
    s = started()
    s.players[0].portals.append(1)
    only(s, 0, "yellow", "white")
    s.crown = 1
    s.apply(0, Place("yellow", 1, *CRYSTAL))
    s.apply(0, Visit("white", "bonus"))
    s.apply(0, s.legal_actions(0)[0])
    assert s.round == 2
    assert s.tree == [] and s.players[1].occupants == {}
    assert s.players[1].owned("yellow") == 1
    assert s.conservation()["spirits:white"] == 32


def test_row_shifts_and_drops_unbought_first() -> None:
    s = started()
    s.row = ["y1", "g1", "b1", "o1"]
    top = s.stack[-1]
    for p in range(2):
        give(s, p)
    s._end_round()
    assert s.removed == ["y1"]
    assert s.row == ["g1", "b1", "o1", top]


def test_crown_passes_clockwise() -> None:
    s = started(3)
    assert s.crown == 0
    for p in range(3):
        give(s, p)
    s._end_round()
    assert s.crown == 1 and s.current == 1
    for p in range(3):
        give(s, p)
    s._end_round()
    s._end_round()
    assert s.crown == 0


def test_final_round_after_stack_empties() -> None:
    s = started()
    s.stack = s.stack[-1:]
    for p in range(2):
        give(s, p)
    s._end_round()
    assert s.final_round and not s.stack and not s.is_over()
    for p in range(2):
        give(s, p)
    s._end_round()
    assert s.is_over()


def test_scoring_items() -> None:
    s = started()
    pl = s.players[0]
    pl.dominion = 4
    add_grove(s, 0, "y6", (1, 1))  # worth 4
    pl.revealed = ["three-same"]
    pl.portals = [1]
    pl.elements = {"earth": 3, "light": 3, "water": 3}
    pl.crystals = 2  # 11 -> 2 points
    s.realm_shown = ["three-alike", "four-colours", "five-groves"]
    b = s.score_breakdown()[0]
    assert b == {"Dominion tokens": 4, "Groves": 4, "Realm bonuses": 0, "Summoning bonuses": 3,
                 "Portals": 1, "Elements and crystals": 2}
    assert s.scores()[0] == 14


def test_tie_breakers() -> None:
    s = started(3)
    for pl in s.players:
        pl.elements = {"earth": 0, "light": 0, "water": 0}
        pl.crystals = 0
        pl.dominion = 5
    s.realm_shown = ["three-alike", "four-colours", "five-groves"]
    s.players[0].crystals = 4
    s.players[1].crystals = 3
    s.players[2].dominion = 4
    add_grove(s, 2, "o1", (1, 1))  # 1 point and one more grove
    _over(s)
    st = s.standings()
    assert [x.seat for x in st] == [2, 0, 1]
    assert st[1].tiebreak == "groves in the realm"
    assert st[2].tiebreak == "elements and crystals"


# -- solo ---------------------------------------------------------------------------------


def solo(seed: int = 1) -> GrovesState:
    s = GAME.new_game(1, seed)
    assert isinstance(s, GrovesState)
    s.apply(0, ChooseGrove("green"))
    return s


def test_solo_setup() -> None:
    s = GAME.new_game(1, 2)
    assert isinstance(s, GrovesState)
    assert s.players[0].crystals == 3
    assert len(s.stack) + 4 == 28
    assert not set(s.deck) & set(data.WRAITH_CARDS) and len(s.deck) == 12
    assert s.wraith_bag["white"] == 8 and s.wraith_bag["wraith"] == 1
    assert s.wraith_supply == 12
    assert s.solo_target() == 14


def test_solo_tree_has_two_areas() -> None:
    s = solo()
    only(s, 0, "white", "white")
    s.apply(0, Place("white", 0, *CRYSTAL))
    areas = {a.area for a in s.legal_actions(0) if isinstance(a, Visit)}
    assert areas == {"groves", "bonus"}


def _solo_draw(s: GrovesState, *spirits: str) -> None:
    """Make the wraith bag hold exactly ``spirits`` (the rest to the supply)."""
    for k, v in s.wraith_bag.items():
        if k == "wraith":
            s.wraith_supply += v
        else:
            s.supply[k] += v
        s.wraith_bag[k] = 0
    for sp in spirits:
        s.wraith_bag[sp] += 1
        if sp == "wraith":
            s.wraith_supply -= 1
        else:
            s.supply[sp] -= 1


def _finish_turn(s: GrovesState) -> None:
    only(s, 0, "white")
    s.apply(0, Place("white", 0, *CRYSTAL))


def test_solo_wraiths_fill_hollows() -> None:
    s = solo()
    _solo_draw(s, "wraith", "wraith", "white")
    supply = s.wraith_supply
    _finish_turn(s)
    assert s.hollows == 2 and s.solo_target() == 16
    assert s.wraith_bag == {**{k: 0 for k in s.wraith_bag}, "white": 1, "wraith": 1}
    assert s.wraith_supply == supply - 1 and s.round == 2


def test_solo_no_wraith_left_to_add() -> None:
    s = solo()
    _solo_draw(s, "white")
    s.banished += s.wraith_supply  # the wraith supply is used up
    s.wraith_supply = 0
    _finish_turn(s)
    assert s.round == 2 and s.hollows == 0
    assert s.wraith_bag == {**{k: 0 for k in s.wraith_bag}, "white": 1}
    assert not [e for e in s.log if e.kind == "wraith-return"]
    assert s.conservation()["spirits:wraith"] == 13


def test_solo_add_to_wraith_bag_limits() -> None:
    s = solo()
    only(s, 0, "white", "white")
    add_grove(s, 0, "o5", (1, 1))  # bonus: add two spirits of your choice
    s.apply(0, Place("white", 0, *SPIRIT))
    assert Collect("wraith-bag:yellow") in s.legal_actions(0)
    s.apply(0, Collect("wraith-bag:yellow"))
    assert s.wraith_bag["yellow"] == 1 and s.marks == ["yellow"]
    only(s, 0, "orange")
    s.apply(0, Place("orange", 0, 1, 1))  # 1 crystal, then (orange) two spirits
    assert s.pending == [("spirit", 2)]
    legal = s.legal_actions(0)
    assert Collect("wraith-bag:yellow") not in legal  # one of each colour only
    assert Collect("wraith-bag:white") in legal  # white: no limit
    s.apply(0, Collect("wraith-bag:white"))
    # Of two spirits, at most one goes to the wraith bag.
    assert not any(isinstance(a, Collect) and a.option.startswith("wraith-bag")
                   for a in s.legal_actions(0))


def _spirit_totals(s: GrovesState) -> dict[str, int]:
    return {k: v for k, v in s.conservation().items() if k.startswith("spirits:")}


def test_solo_reminder_from_supply() -> None:
    s = solo()
    totals = _spirit_totals(s)
    assert totals == {f"spirits:{k}": v for k, v in data.SPIRIT_COUNTS.items()}
    supply = s.supply["yellow"]
    only(s, 0, "white", "white")
    s.apply(0, Place("white", 0, *SPIRIT))
    s.apply(0, Collect("wraith-bag:yellow"))
    # One yellow into the wraith bag, a second onto the Tree's base as the reminder.
    assert s.wraith_bag["yellow"] == 1 and s.marks == ["yellow"]
    assert s.supply["yellow"] == supply - 2
    assert _spirit_totals(s) == totals
    shown = s.view(0)["solo"]
    assert shown is not None and shown["marks"] == ["yellow"]
    assert "reminder" in s.log[-1].text
    # The reminder stays on the base when the round's spirits are gathered up,
    # and (like the yellow in the wraith bag) for the rest of the game.
    _solo_draw(s, "white")
    s.wraith_bag["yellow"] = 1
    s.supply["yellow"] -= 1
    _finish_turn(s)
    assert s.round == 2 and s.marks == ["yellow"] and s.supply["yellow"] == supply - 2
    assert _spirit_totals(s) == totals


def test_solo_last_of_a_colour() -> None:
    s = solo()
    only(s, 0, "white", "white")
    # All but one orange spirit are in the seat's bag: one left in the supply.
    s.players[0].bag["orange"] += s.supply["orange"] - 1
    s.supply["orange"] = 1
    s.apply(0, Place("white", 0, *SPIRIT))
    legal = s.legal_actions(0)
    assert Collect("orange") in legal  # it can still go to the seat's own bag
    assert Collect("wraith-bag:orange") not in legal  # no second one for the reminder
    assert Collect("wraith-bag:yellow") in legal
    s.players[0].bag["orange"] -= 1  # a second one back in the supply
    s.supply["orange"] = 2
    assert Collect("wraith-bag:orange") in s.legal_actions(0)
    s.apply(0, Collect("wraith-bag:orange"))
    assert s.supply["orange"] == 0 and s.marks == ["orange"]
    assert _spirit_totals(s)["spirits:orange"] == data.SPIRIT_COUNTS["orange"]


def test_solo_reminder_conservation() -> None:
    rng = Rng(5)
    added = 0
    for seed in range(12):
        s = GAME.new_game(1, seed)
        assert isinstance(s, GrovesState)
        totals = _spirit_totals(s)
        while not s.is_over():
            legal = s.legal_actions(0)
            to_bag = [a for a in legal if isinstance(a, Collect)
                      and a.option.startswith("wraith-bag:") and a.option != "wraith-bag:white"]
            s.apply(0, to_bag[0] if to_bag else rng.choice(legal))
            assert _spirit_totals(s) == totals
            assert len(s.marks) == len(set(s.marks))
            assert all(s.wraith_bag[c] + s.wraith_drawn[c] == 1 for c in s.marks)
        added += len(s.marks)
    assert added >= 12


def test_solo_recall() -> None:
    s = solo()
    s.hollows = 3
    s.wraith_supply -= 3
    _solo_draw(s, "yellow", "white", "white")
    s.players[0].crystals = 4
    _finish_turn(s)
    assert s.pending[0] == ("recall",)
    s.apply(0, Collect("recall"))
    # 4 + 2 from the crystal grove - 2 for the recall; the wraith is back in the bag
    # (with the one added from the wraith supply at the end of the round).
    assert s.hollows == 2 and s.players[0].crystals == 4
    assert s.wraith_bag["wraith"] == 2


def test_solo_spawn() -> None:
    s = solo()
    _solo_draw(s, "orange", "white")
    _finish_turn(s)
    assert s.pending[0] == ("spawn",)
    s.apply(0, Collect("spawn"))
    assert s.wraith_bag["white"] == 2 and s.wraith_bag["orange"] == 1


def test_solo_banish() -> None:
    s = solo()
    s.hollows = 2
    s.wraith_supply -= 2
    _solo_draw(s, "green")
    _finish_turn(s)
    assert Collect("earth+water") in s.legal_actions(0)
    s.apply(0, Collect("earth+water"))
    assert s.hollows == 1 and s.banished == 1
    assert s.conservation()["spirits:wraith"] == 13


def test_solo_repel() -> None:
    s = solo()
    _solo_draw(s, "blue", "wraith", "wraith")
    _finish_turn(s)
    assert s.pending[0] == ("repel",)
    s.apply(0, Collect("repel"))
    assert s.hollows == 1


def test_solo_loss_when_no_space() -> None:
    s = solo()
    s.hollows = data.HOLLOWS_SPACES
    s.wraith_supply -= data.HOLLOWS_SPACES
    _solo_draw(s, "wraith")
    _finish_turn(s)
    assert s.is_over() and not s.solo_won() and s.lost is not None
    assert s.winners() == [] and s.standings()[0].rank == 2


def test_solo_loss_when_hollows_full_at_end() -> None:
    s = solo()
    s.hollows = data.HOLLOWS_SPACES
    s.wraith_supply -= data.HOLLOWS_SPACES
    s.final_round = True
    s.players[0].dominion = 60
    s.dominion_supply -= 60
    _solo_draw(s, "white")
    _finish_turn(s)
    assert s.is_over() and not s.solo_won()


def test_solo_win_needs_more_than_exposed_value() -> None:
    s = solo()
    s.hollows = 3
    s.wraith_supply -= 3
    s.final_round = True
    s.players[0].elements = {"earth": 0, "light": 0, "water": 0}
    s.players[0].crystals = 0
    s.players[0].dominion = 17
    _solo_draw(s, "white")
    _finish_turn(s)  # the crystal grove gives 2 crystals: no leftover point
    assert s.is_over() and s.scores() == [17.0] and s.solo_target() == 17
    assert not s.solo_won() and s.winners() == []
    s2 = solo()
    s2.hollows = 3
    s2.wraith_supply -= 3
    s2.final_round = True
    s2.players[0].dominion = 18
    _solo_draw(s2, "white")
    _finish_turn(s2)
    assert s2.solo_won() and s2.standings()[0].rank == 1 and s2.winners() == [0]


def test_solo_end_screen_names_the_loss() -> None:
    from web.views import groves as groves_views
    from web.views import page as page_views
    s = solo()
    s.hollows = data.HOLLOWS_SPACES
    s.wraith_supply -= data.HOLLOWS_SPACES
    _solo_draw(s, "wraith")
    _finish_turn(s)
    view = s.view(0)
    markup = page_views.end_screen(view, title=groves_views.end_title(view))
    assert "loses: a wraith found no free space in the Hollows" in markup
    assert "wins" not in markup


def test_bot_plays_solo_to_the_end() -> None:
    from pygame_engine.ai.bots import Ismcts, choose
    state = GAME.new_game(1, 3)
    assert isinstance(state, GrovesState)
    bot, rng = Ismcts(iterations=40), Rng(3)
    while not state.is_over():
        state.apply(0, choose(bot, state, 0, rng))
    assert state.solo_won() == (state.winners() == [0])


def test_solo_row_drops_two_leftmost() -> None:
    s = solo()
    s.row = ["y1", "g1", "b1", "o1"]
    _solo_draw(s, "white")
    top = s.stack[-2:]
    _finish_turn(s)
    assert s.removed == ["y1", "g1"]
    gone = [e.text for e in s.log if e.kind == "row"]
    assert gone == [f"{data.GROVES[g].name} leaves the game from the {k}-crystal slot."
                    for g, k in (("y1", 1), ("g1", 2))]
    assert s.row == ["b1", "o1", top[1], top[0]]


# -- length ------------------------------------------------------------------------


def _lengthening(s: GrovesState, legal: list[Action], rng: Rng) -> Action:
    """An adversary that plays for length: extra draws, every decision taken,
    groves with the most choices, buying only what adds draws or choices."""

    def weight(g: data.Grove, spirit: str) -> int:
        bonus = g.bonus if spirit in (g.colour, "wraith") else None
        return (decisions(g.primary) + decisions(bonus)
                + 3 * (extra_draws(g.primary) + extra_draws(bonus)))

    def score(a: Action) -> float:
        if isinstance(a, Place):
            owner = s.players[a.owner]
            if owner.occupants.get((a.q, a.r)) == "wraith":
                return 0.5
            return 1 + weight(data.ALL_GROVES[owner.realm[(a.q, a.r)]], a.spirit)
        if isinstance(a, Visit):
            if a.area == "groves":
                return 2.5 if any(s.can_buy(s.current, i) for i in range(len(s.row))) else 0.8
            return 1.9 if a.area == "bonus" else 1.5
        if isinstance(a, Collect):
            return {"draw": 10, "cull": -0.5, **dict.fromkeys(data.COLOURS, 2)}.get(a.option, 1)
        if isinstance(a, Buy):
            gid = s.row[a.slot]
            assert gid is not None
            value = weight(data.GROVES[gid], "wraith")
            return value if a.slot == 0 or value >= 3 else -2
        return -1 if isinstance(a, Decline) else 0

    best = max(score(a) for a in legal)
    return rng.choice([a for a in legal if score(a) == best])


LENGTH_POLICIES: dict[str, Callable[[GrovesState, list[Action], Rng], Action]] = {
    "random": lambda s, legal, rng: rng.choice(legal),
    "first": lambda s, legal, rng: legal[0],
    "last": lambda s, legal, rng: legal[-1],
    "decline": lambda s, legal, rng: next((a for a in legal if isinstance(a, Decline)),
                                          rng.choice(legal)),
    "lengthening": _lengthening,
}


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_every_game_ends_within_its_bound(n: int) -> None:
    """Whatever the seats do, a game ends within ``max_actions`` (proved in its
    docstring), and a seat that must act always has a legal action."""
    most = GAME.max_actions(n, {})
    longest: dict[str, int] = {}
    for name, policy in LENGTH_POLICIES.items():
        for seed in range(8 if name in ("random", "lengthening") else 2):
            s = GAME.new_game(n, seed)
            assert isinstance(s, GrovesState)
            rng = Rng(seed)
            while not s.is_over():
                active = s.active_players()
                assert len(active) == 1
                legal = s.legal_actions(active[0])
                assert legal, f"seat {active[0]} must act but has nothing to do"
                s.apply(active[0], policy(s, legal, rng))
                assert s.moves <= most
            longest[name] = max(longest.get(name, 0), s.moves)
    # The bound is not far above what an adversary reaches (2.2-2.8 times the
    # longest of 30 lengthening games with 2-4 seats, 4 times in solo).
    assert most < 5 * max(longest.values()), longest


# -- hidden information ---------------------------------------------------------------


def test_determinize_resamples_hidden_cards() -> None:
    s = started()
    s.players[0].hidden = [s.deck.pop()]
    s.players[1].hidden = [s.deck.pop()]
    mine = list(s.players[0].hidden)
    seen_other, seen_deck = set(), set()
    for i in range(30):
        d = s.determinize(0, Rng(i))
        assert d.players[0].hidden == mine
        seen_other.add(d.players[1].hidden[0])
        seen_deck.add(tuple(d.deck))
        assert sorted(d.deck + d.players[1].hidden) == sorted(s.deck + s.players[1].hidden)
    assert len(seen_other) > 1 and len(seen_deck) > 1


def test_view_hides_others_summoning_cards() -> None:
    s = started()
    s.players[1].hidden = [s.deck.pop()]
    v = s.view(0)
    assert v["players"][1]["hidden"] == 1 and v["players"][1]["my_cards"] is None
    assert s.view(1)["players"][1]["my_cards"] == s.players[1].hidden
    assert s.players[1].hidden[0] not in json.dumps(v)
    assert "deck" in v and isinstance(v["deck"], int)


def test_determinize_keeps_own_bottom_card() -> None:
    s = started()
    only(s, 0, "white", "white")
    s.apply(0, Place("white", 0, *CRYSTAL))
    s.apply(0, Visit("white", "bonus"))
    pair = s.pending[0][1:]
    s.apply(0, Summon(pair[0]))
    assert s.deck[0] == pair[1] and s.deck_bottom == [0]
    own, others = set(), set()
    for i in range(30):
        d = s.determinize(0, Rng(i))
        own.add(d.deck[0])
        assert sorted(d.deck) == sorted(s.deck)
        others.add(s.determinize(1, Rng(i)).deck[0])
    assert own == {pair[1]}  # seat 0 knows the card it put under the deck
    assert len(others) > 1  # seat 1 does not
    # Once that card is drawn again, it is no longer under the deck.
    s.summon_box += s.deck[2:]
    del s.deck[2:]
    only(s, 1, "white")
    s.apply(1, Visit("white", "bonus"))
    assert s.deck == [] and s.deck_bottom == []
    s.apply(1, s.legal_actions(1)[0])
    assert s.deck_bottom == [1] and len(s.deck) == 1


def test_seat_events_carry_the_seat() -> None:
    s = GAME.new_game(2, 9)
    rng = Rng(9)
    while not s.is_over():
        p = s.active_players()[0]
        s.apply(p, rng.choice(s.legal_actions(p)))
    names = s.game.seat_names[:2]
    checked = 0
    for e in s.log:
        if e.kind == "over":
            continue  # the final scores are about every seat
        text = e.text
        for grove in data.ALL_GROVES.values():  # no grove is named after a seat, but still
            text = text.replace(grove.name, "")
        if any(re.search(rf"\b{name}\b", text) for name in names):
            checked += 1
            assert isinstance(e.data.get("seat"), int), (e.kind, e.text)
            assert names[e.data["seat"]] in text, (e.kind, e.text)
    assert checked > 50


def test_determinize_changes_future_draws() -> None:
    s = started()
    for p in range(2):
        give(s, p)
    outcomes = set()
    for i in range(20):
        d = s.determinize(0, Rng(i))
        d._end_round()
        outcomes.add(tuple(sorted(d.players[0].hand.items())))
    assert len(outcomes) > 1


def test_illegal_action_changes_nothing() -> None:
    s = started()
    only(s, 0, "white")
    before = json.dumps(s.view(None), sort_keys=True)
    with pytest.raises(IllegalAction, match="no drawn yellow"):
        s.apply(0, Place("yellow", 0, *CRYSTAL))
    with pytest.raises(IllegalAction, match="own realm"):
        s.apply(0, Place("white", 1, *CRYSTAL))
    assert json.dumps(s.view(None), sort_keys=True) == before


def test_rules_page_lists_components() -> None:
    from pathlib import Path

    page = (Path(__file__).resolve().parents[2] / "web" / "rules" / "groves.html").read_text()
    assert "<h2>Adaptation notes</h2>" in page
    for grove in data.ALL_GROVES.values():
        assert grove.name in page, grove.name
    for heading in ("Setup", "Round", "Rewards", "Portals", "Buying groves", "Bonuses",
                    "End and scoring", "Solo"):
        assert f"<h2>{heading}</h2>" in page
    assert f"{data.HOLLOWS_SPACES} wraith spaces" in page
    bounds = ", ".join(f"{GAME.max_actions(n, {})} {w}" for n, w in (
        (2, "actions with two players"), (3, "with three"), (4, "with four")))
    assert f"({bounds}, {GAME.max_actions(1, {})} in solo)" in page


# -- words ---------------------------------------------------------------------------

#: What a sentence for players must never contain: "(s)" plurals, one of a
#: counted thing in the plural, zero of anything, a cell's coordinates, an
#: internal step or card id, an empty list.
BAD_WORDS = re.compile(r"\(s\)|\b1 (crystals|spirits|wraiths|elements)\b|\b0 [a-z]"
                       r"|\b([2-9]|\d\d+) (crystal|spirit|wraith|element)\b"
                       r"|\(-?\d+, ?-?\d+\)|\((element|either|trade|spirit|white|cull|draw|buy|"
                       r"repel|spawn|recall|banish|groves|bonus|portal)\)"
                       r"|\b(yellow|orange|green|blue|wraith)-(yellow|orange|green|blue)\b"
                       r"|: \.|, \.")


@pytest.mark.parametrize(("players", "seed"), [(1, 3), (2, 4), (3, 5), (4, 6)])
def test_log_and_labels_read_as_players_words(players: int, seed: int) -> None:
    s = GAME.new_game(players, seed)
    assert isinstance(s, GrovesState)
    rng = Rng(seed)
    labels = set()
    while not s.is_over():
        p = s.active_players()[0]
        legal = s.legal_actions(p)
        for a in legal:
            labels.add(a.label)
            labels.add(s.action_label(p, a))
        s.apply(p, rng.choice(legal))
    kinds = {e.kind for e in s.log}
    assert {"place", "visit", "draw", "round", "over"} <= kinds
    for text in [e.text for e in s.log] + sorted(labels):
        assert not BAD_WORDS.search(text), text


def test_action_label_names_the_grove() -> None:
    s = started()
    only(s, 0, "white")
    place = Place("white", 0, *CRYSTAL)
    assert "(" not in place.label and "Amber" not in place.label
    before = s.action_label(0, place)
    assert before == "Place a white spirit on Crystal Spring in Moss's realm"
    s.apply(0, place)
    assert s.action_label(0, place) == before  # the replay labels the move just made
    s = started()
    s.row = ["y1", "g1", "b1", "o1"]
    s.players[1].crystals = 4
    only(s, 1, "white")
    s.apply(1, Visit("white", "groves"))
    assert s.action_label(1, Buy(0)) == "Buy Glimmer Meadow (1 crystal)"
    s.apply(1, Buy(0))
    assert s.action_label(1, Buy(0)) == "Buy Glimmer Meadow (1 crystal)"
    attach = Attach(-1, 1)  # next to the resource grove and the crystal grove
    said = s.action_label(1, attach)
    assert said == "Attach Glimmer Meadow beside Ember Thicket and Crystal Spring"
    s.apply(1, attach)
    assert s.action_label(1, attach) == said
    assert ("Amber attaches Glimmer Meadow to their realm beside Ember Thicket and Crystal "
            "Spring.") in [e.text for e in s.log]


def test_event_words_for_counts() -> None:
    s = started()
    only(s, 0, "wraith", "wraith")
    for q in range(2):
        for cell in list(s.players[q].realm):
            s.players[q].occupants[cell] = "orange"
    s.apply(0, Strand())
    assert "Moss has no free grove for 2 wraiths and returns them to their bag." in [
        e.text for e in s.log]
    s = started()
    s.row = ["y1", "g1", "b1", "o1"]
    only(s, 1, "white")
    s.apply(1, Visit("white", "groves"))
    s.apply(1, Decline())
    assert "Amber buys no grove." in [e.text for e in s.log]
    assert Decline().label == "Decline"
    assert s.action_label(0, Decline()) == "Decline"  # nothing pending: the plain label
    s.pending = [("gain", "2C")]
    assert s.action_label(0, Decline()) == "Decline the reward (2 crystals)"
    s.pending = [("buy",)]
    assert s.action_label(0, Decline()) == "Buy no grove"
    s.pending = [("recall",)]
    assert s.action_label(0, Decline()) == "Do not use the yellow power"
    draws = [e.text for e in s.log if e.kind == "draw"]
    assert all(re.search(r"draws (a|\d) ", t) for t in draws), draws
    # A short supply gives what it has, and says so without a zero.
    s.crystal_supply = 1
    assert s._gain_event(0, {"crystal": 2, "earth": 1})[0].text == \
        "Moss gains 1 crystal + 1 earth."
    s.crystal_supply = 0
    assert s._gain_event(0, {"crystal": 2})[0].text == "Moss gains nothing (the supply is empty)."
    assert Buy(0).label.endswith("(1 crystal)") and Buy(1).label.endswith("(2 crystals)")
    assert Collect("2C").label == "Take 2 crystals" and Collect("1C").label == "Take 1 crystal"
    assert Collect("earth+earth").label == "Spend 2 earth to banish a wraith"
    assert Summon("yellow-blue").label == \
        "Keep the summoning card for a yellow and a blue spirit (+1 dominion)"
    assert ChooseGrove("green").label == (
        "Start with Verdant Dell, the green resource grove: 1 earth; a green spirit or a wraith "
        "also gets 1 earth + 1 crystal")


def test_grove_names_never_clash_with_seat_names() -> None:
    """A grove named after a seat ("Moss Bank" in Moss's realm) reads as the
    seat's: no word of a grove's name starts with any seat's name."""
    seats = [n.lower() for n in GAME.seat_names]
    for grove in data.ALL_GROVES.values():
        for word in grove.name.lower().split():
            assert not any(word.startswith(n) for n in seats), grove.name
