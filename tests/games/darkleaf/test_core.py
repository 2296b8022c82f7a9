"""Darkleaf Gambit: the core every clan shares (setup, the turn, slotting, acquiring
power, Haggedorn's Will, handicaps, the end, the protocol), rule by rule.

The game is registered in ``GAMES`` (tests/test_conformance.py plays every
ordered clan pairing); this file also runs the conformance suite's step checks
on a few option sets of its own, Will and handicaps included
(``test_conformance_playouts``).

| clause of the rule text (or adaptation note) | test |
|---|---|
| 2 players; options clan1, clan2, will, handicap1/2 | test_options_and_defaults |
| "random" clan resolved by the seeded generator | test_random_clan_uses_the_seed |
| Seat = nearest rank, Range = farthest, Woods between | test_seat_and_range_per_player |
| setup: guide positions; unused units to graveyard | test_setup_positions_and_graveyard |
| unit maximums: a standard set; rooks/royals at start | test_unit_maximums |
| (designed) clan starting order, all six clans | test_starting_order |
| the five phases in order (Upkeep ... Acquire Power) | test_murg_turn_runs_through_the_phases |
| prohibited cohabitation | test_no_journey_onto_an_occupied_square |
| exactitude: a too-high roll blocked by unit or edge | test_exact_journey_blocked |
| "up to" icon: any distance up to the roll | test_up_to_journey |
| straight lines in the unit's directions; no backward | test_straight_lines_and_no_backward |
| leap-frog prohibition | test_no_leap_frog |
| a journey with no destination may be cancelled | test_cancel_is_always_offered |
| next best territory placement, chosen by the mover | test_next_best_placement |
| next best placement: a full Seat, one rank above | test_rekindle_next_best_when_seat_is_full |
| invulnerability (rooks) | test_rooks_are_invulnerable |
| invulnerable units still moved by other abilities | test_invulnerable_units_are_still_moved |
| vanquish: to the graveyard | test_vanquished_units_go_to_graveyard |
| rekindle: back from the graveyard (to the Seat) | test_will_rival_resolves_first |
| slotting: single value, dash = either, E and O | test_slot_specs |
| "sum between" is inclusive, all slots filled | test_sum_between_inclusive |
| only the last of successive rolls is slotted (Tweak) | test_tweak_rerolls_and_last_is_slotted |
| failed rolls may still be slotted | test_failed_roll_still_slotted |
| player's choice: return the bone instead | test_keep_returns_bone_to_pool |
| relic token overload | test_relic_overload |
| one bone always in reserve | test_one_bone_in_reserve |
| (adapted) no bone into a skill that cannot apply | test_tweak_rerolls_and_last_is_slotted |
| returning bones from a skill that no longer applies | test_withdraw_inapplicable_skill |
| acquire: completed row's bones return; relic token | test_relic_acquired_and_bones_return |
| aura: a fate chip on a unit, one of each type | test_aura_once_per_type |
| acquire: law lasts the rest of the game | test_law_singularity_lowers_royal_need |
| miracle at once (Renewal); rival's relics untouched | test_renewal_removes_rival_bone |
| Will: one token, any Upkeep, d12, table by option | test_will_token_used_once |
| Will: rival resolves first | test_will_rival_resolves_first |
| Will: cannot be executed -> nothing for that player | test_will_unexecutable_does_nothing |
| Will: counters last rounds, tick in Upkeep, end at 0 | test_will_counter_ticks_and_ends |
| Will: marked outcome lasts the rest of the game | test_will_marked_outcome_lasts |
| Will: Tremor pushes units | test_will_tremor_pushes |
| Will: vanquish outcome (Blight) | test_will_curse_vanquishes |
| Will: each of the 24 outcomes does what it says | test_will_outcome |
| Will tables: 12 Blessings, 12 Curses, all executable | test_will_tables_complete |
| handicap: pre-roll and slot 2-5; no miracle at setup | test_handicap_setup |
| (reading) handicap bones for one player only | test_handicap_for_one_player_only |
| Upkeep in order: counters, relics, then the Will | test_upkeep_order_no_relic_after_the_will |
| (adapted) round limit: a draw | test_round_limit_draw |
| hidden: future rolls; determinize reseeds | test_determinize_reseeds_future_rolls |
| a bot's choice does not depend on the hidden future | test_bot_choice_ignores_rng_future |
| view: board, units, boards, bones, Will, progress | test_view_shows_everything_public |
| view: last move (from, to, struck) for the marks | test_last_move_hunt_leap_destroy |
| illegal actions raise and change nothing | test_illegal_action_changes_nothing |
| conservation: units, relic tokens, chips, bones | test_conformance_playouts |
| conformance suite checks on random playouts | test_conformance_playouts |
| (adapted) a proven bound on length; stubborn play | test_stubborn_play_ends |
| (adapted) one call on the Will per turn | test_one_will_call_per_turn |
| bots: evaluation and playouts follow the paths | test_heuristics_follow_the_paths |
| (engine) part 2 adds clans without core changes | test_a_new_clan_needs_no_core_change |
| a random bot plays a whole game | test_random_bot_plays_a_game |
| stubborn play ends within max_actions (three rolls, Hexes) | test_stubborn_play_ends |
| bots: Wibo and Hexen evaluations follow their paths | test_heuristics_follow_the_new_paths |
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from pygame_engine import Action, IllegalAction
from pygame_engine.ai.bots import Ismcts, RandomBot, choose, make_bot
from pygame_engine.core.rng import Rng
from pygame_engine.core.savefile import load, save
from pygame_engine.games.darkleaf_gambit import GAME
from pygame_engine.games.darkleaf_gambit import data as D
from pygame_engine.games.darkleaf_gambit.actions import (
    Cancel,
    Declare,
    InvokeWill,
    Journey,
    Keep,
    Pick,
    PickBone,
    Proceed,
    Roll,
    Slot,
    Spend,
    Withdraw,
)
from pygame_engine.games.darkleaf_gambit.clans import CLAN_DATA, CLANS, Huldra, Murg
from pygame_engine.games.darkleaf_gambit.clans.huldra import Hunt, Leap
from pygame_engine.games.darkleaf_gambit.game import DarkleafGambit
from pygame_engine.games.darkleaf_gambit.heuristics import Heuristics, side_value
from pygame_engine.games.darkleaf_gambit.state import DarkleafState
from tests.games.darkleaf.helpers import (
    H,
    Loaded,
    M,
    W,
    X,
    cleared,
    fresh,
    murg_board,
    murg_declares,
    new,
    play_out_within_bound,
    put,
    rolled,
    slotting,
    sq,
)
from tests.test_conformance import POLICIES, _views, checked_playout


def test_options_and_defaults() -> None:
    opts = {o.name: o for o in GAME.options}
    assert set(opts) == {"clan1", "clan2", "will", "handicap1", "handicap2"}
    assert opts["clan1"].default == "huldra" and opts["clan2"].default == "murg"
    assert set(opts["clan1"].choices) == {*CLANS, "random"}
    assert opts["will"].choices == ("blessings", "curses")
    assert opts["handicap1"].choices == (0, 2, 3, 4, 5) and opts["handicap2"].default == 0
    assert (GAME.min_players, GAME.max_players) == (2, 2)
    with pytest.raises(ValueError):
        GAME.new_game(3, 1)
    with pytest.raises(ValueError):
        GAME.new_game(2, 1, {"clan1": "stonewalkers"})  # no such clan


def test_random_clan_uses_the_seed() -> None:
    seen = set()
    for seed in range(12):
        a = new(seed, clan1="random", clan2="random")
        b = new(seed, clan1="random", clan2="random")
        assert a.clan_keys == b.clan_keys
        seen.add(tuple(a.clan_keys))
    assert len(seen) > 1


def test_seat_and_range_per_player() -> None:
    state = new()
    assert state.in_seat(0, sq("c1")) and state.in_seat(1, sq("c8"))
    assert not state.in_seat(0, sq("c8"))  # the first seat's Range is the second's Seat
    assert state.forward(0) == 1 and state.forward(1) == -1


def test_setup_positions_and_graveyard() -> None:
    state = new()
    for p, clan in ((0, CLAN_DATA["huldra"]), (1, CLAN_DATA["murg"])):
        for kind, name in clan["start"]:
            u = state.unit_at(state.own_square(p, sq(name)))
            assert u is not None and u.kind == kind and u.owner == p
    # The second seat sets its diagram out from across the board: turned half
    # round, the Murg king written on e1 stands on d8 (rules version 6).
    king = state.unit_at(sq("d8"))
    assert king is not None and king.kind == "king"
    graves = Counter(u.kind for u in state.units if u.owner == M and u.sq < 0)
    assert graves == {"pawn": 2}  # The Murg: 6 of 8 pawns, both knights and sages start
    # Huldra set out all eight pawns (rules version 10): nothing waits in the graveyard.
    assert not [u for u in state.units if u.owner == H and u.sq < 0]


def test_unit_maximums() -> None:
    huldra, murg = CLANS["huldra"], CLANS["murg"]
    assert huldra.maximum("pawn") == 8 and huldra.maximum("sage") == 2
    assert huldra.maximum("rook") == 1 and murg.maximum("rook") == 2
    assert huldra.maximum("queen") == 1 and huldra.maximum("king") == 0
    state = new()
    assert sum(1 for u in state.units if u.owner == H) == 14
    assert sum(1 for u in state.units if u.owner == M) == 15


def test_starting_order() -> None:
    orders = sorted(c["order"] for c in CLAN_DATA.values())
    assert orders == [1, 2, 3, 4, 5, 6]  # a place each in the clan starting order
    assert new().first == M  # The Murg come before Huldra in the order
    assert new(clan1="murg", clan2="huldra").first == 0
    assert new(clan1="huldra", clan2="huldra").first == 0  # a mirror: the first seat


def test_murg_turn_runs_through_the_phases() -> None:
    state = new()
    state.rng = Loaded([2])
    assert state.active_players() == [M] and state.phase == "upkeep"
    assert state.legal_actions(M) == [InvokeWill(), Proceed()]
    state.apply(M, Proceed())
    assert state.phase == "declare" and Declare("journey", -1, -1) in state.legal_actions(M)
    state.apply(M, Declare("journey", -1, -1))
    assert state.phase == "roll" and state.legal_actions(M) == [Roll(6)]
    state.apply(M, Roll(6))
    assert state.phase == "execute" and state.roll == 2
    state.apply(M, Journey(sq("e7"), sq("e5")))
    assert state.phase == "slot" and Keep() in state.legal_actions(M)
    state.apply(M, Keep())
    assert state.active_players() == [H] and state.phase == "upkeep"


def test_no_journey_onto_an_occupied_square() -> None:
    state = cleared()
    pawn = put(state, M, "pawn", "e5")
    put(state, M, "pawn", "e3")
    put(state, H, "pawn", "d5")
    assert sq("e3") not in state.journey_destinations(pawn, 2)
    assert sq("d5") not in state.journey_destinations(pawn, 1)
    assert sq("f5") in state.journey_destinations(pawn, 1)


def test_exact_journey_blocked() -> None:
    state = cleared()
    pawn = put(state, H, "pawn", "g6")  # neighbouring lines, exact, never backward
    assert state.journey_destinations(pawn, 2) == [sq("e6"), sq("g8")]
    assert state.journey_destinations(pawn, 3) == [sq("d6")]  # the edge stops g9 and j6
    put(state, M, "pawn", "e6")
    assert state.journey_destinations(pawn, 3) == []  # no shorter journey for an exact unit
    murg = put(state, M, "pawn", "b5")  # (designed) a Murg pawn's roll is cut to 3
    assert state.journey_destinations(murg, 5) == [sq("b2"), sq("e5")]


def test_up_to_journey() -> None:
    state = cleared()
    rook = put(state, M, "rook", "a1")
    assert set(state.journey_destinations(rook, 3)) == {sq("a2"), sq("a3"), sq("a4"),
                                                        sq("b1"), sq("c1"), sq("d1")}


def test_straight_lines_and_no_backward() -> None:
    state = cleared()
    pawn = put(state, H, "pawn", "d4")  # Huldra pawns: neighbouring, never backward
    dests = state.journey_destinations(pawn, 1)
    assert set(dests) == {sq("d5"), sq("c4"), sq("e4")}
    sage = put(state, H, "sage", "f4")  # sages: diagonal only
    assert set(state.journey_destinations(sage, 1)) == {sq("e5"), sq("g5"), sq("e3"),
                                                        sq("g3")}


def test_no_leap_frog() -> None:
    state = cleared()
    rook = put(state, M, "rook", "a1")
    put(state, H, "pawn", "a3")
    assert sq("a4") not in state.journey_destinations(rook, 3)
    assert sq("a2") in state.journey_destinations(rook, 3)


def test_cancel_is_always_offered() -> None:
    state = cleared()
    put(state, H, "queen", "a1")
    put(state, H, "rook", "b1")
    put(state, M, "king", "h8")
    rolled(state, H, 4)
    assert Cancel() in state.legal_actions(H)
    state.apply(H, Cancel())
    assert state.phase == "slot"


def test_next_best_placement() -> None:
    state = cleared()
    put(state, H, "rook", "a1")
    queen = put(state, H, "queen", "h8")
    for name in ("a2", "b1"):  # both squares neighbouring the rook are taken
        put(state, M, "pawn", name)
    huldra = CLANS["huldra"]
    assert isinstance(huldra, Huldra)
    # The next ring out from the two taken squares, any of them (the mover chooses).
    assert huldra.leap_squares(state, queen) == sorted(
        sq(n) for n in ("a3", "b2", "b3", "c1", "c2"))
    rolled(state, H, 1)
    state.apply(H, Leap(sq("b2")))
    assert queen.sq == sq("b2")


def _huldra_pawn_lost(state: DarkleafState) -> None:
    """Huldra start with all eight pawns: one falls, so a Will has one to rekindle."""
    state.vanquish(next(u for u in state.on_board(H)
                        if u.kind == "pawn" and not state.in_seat(H, u.sq)), M, "a test")


def test_rekindle_next_best_when_seat_is_full() -> None:
    state = new()
    for f in "abcdefgh":  # Huldra's pawns step back to fill their Seat
        if state.board[sq(f + "1")] < 0:
            u = next(u for u in state.units if u.owner == H and u.kind == "pawn" and u.sq >= 8)
            state.move(u, sq(f + "1"))
    _huldra_pawn_lost(state)
    state.rng = Loaded([1])  # Kindled Pawn: each player rekindles a pawn onto their Seat
    state.apply(M, InvokeWill())
    options = state.legal_actions(H)
    assert options and all(isinstance(a, Pick) and a.square // 8 == 1 for a in options)


def test_rooks_are_invulnerable() -> None:
    state = cleared()
    rook = put(state, M, "rook", "d5")
    put(state, H, "pawn", "d3")
    assert not state.vanquishable(rook, H)
    rolled(state, H, 2)
    assert Hunt(sq("d3"), sq("d5")) not in state.legal_actions(H)
    state2 = cleared()
    put(state2, H, "rook", "d4")
    put(state2, M, "pawn", "d5")
    state2.current, state2.phase = M, "declare"
    assert Declare("destroy", sq("d5"), sq("d4")) not in state2.legal_actions(M)


def test_vanquished_units_go_to_graveyard() -> None:
    state = cleared()
    put(state, H, "pawn", "d3")
    victim = put(state, M, "pawn", "d5")
    rolled(state, H, 2)
    state.apply(H, Hunt(sq("d3"), sq("d5")))
    assert victim.sq == -1 and state.board[sq("d5")] == -1
    assert victim in state.graveyard(M, "pawn")


def test_slot_specs() -> None:
    state = new()
    slotting(state, H, 3)  # Long Bow E/O, Pivot 1-2/3-4, Renewal 1/4, Tweak 2/O
    got = {(a.skill, a.slot) for a in state.legal_actions(H) if isinstance(a, Slot)}
    assert ("long_bow", 1) in got and ("long_bow", 0) not in got  # odd, not even
    assert ("pivot", 1) in got and ("pivot", 0) not in got  # "3-4" takes a 3
    assert not any(k == "renewal" for k, _ in got)  # only a 1 or a 4
    assert ("tweak", 1) in got and ("tweak", 0) not in got
    slotting(state, H, 2)
    got = {(a.skill, a.slot) for a in state.legal_actions(H) if isinstance(a, Slot)}
    assert ("pivot", 0) in got and ("pivot", 1) not in got  # "1-2" takes either value


def test_sum_between_inclusive() -> None:
    state = new()
    b = state.pool(H)
    i = CLANS["huldra"].index("adapt")  # four slots, sum between 11 and 13
    state.rows[H][i] = [b[0], b[1], b[2], -1]
    for x, v in zip(b[:3], (4, 4, 1), strict=True):
        state.bone_value[x] = v
    slotting(state, H, 2)  # 4 + 4 + 1 + 2 = 11: the low bound counts
    assert Slot("adapt", 3) in state.legal_actions(H)
    slotting(state, H, 1)  # 10: below
    assert Slot("adapt", 3) not in state.legal_actions(H)
    state.bone_value[b[2]] = 4
    slotting(state, H, 1)  # 13: the high bound counts
    assert Slot("adapt", 3) in state.legal_actions(H)
    slotting(state, H, 2)  # 14: above
    assert Slot("adapt", 3) not in state.legal_actions(H)


def test_tweak_rerolls_and_last_is_slotted() -> None:
    state = cleared()
    put(state, H, "queen", "d1")
    put(state, H, "rook", "a1")
    state.relics[H][CLANS["huldra"].index("tweak")] = 1
    rolled(state, H, 1)
    state.rng = Loaded([4])
    assert Spend("tweak") in state.legal_actions(H)
    state.apply(H, Spend("tweak"))
    assert state.roll == 4 and state.bone_value[state.rolled] == 4
    state.apply(H, Cancel())
    bone = state.rolled
    assert Slot("pivot", 1) not in state.legal_actions(H)  # no sage: Pivot cannot apply
    state.apply(H, Slot("adapt", 0))
    assert bone in state.slotted(H) and state.bone_value[bone] == 4


def test_failed_roll_still_slotted() -> None:
    state = cleared()
    put(state, M, "pawn", "d5")
    put(state, H, "pawn", "d4")
    put(state, H, "queen", "a1")
    put(state, M, "king", "h8")
    state.current, state.phase = M, "declare"
    state.apply(M, Declare("destroy", sq("d5"), sq("d4")))
    state.rng = Loaded([1])
    state.apply(M, Roll(state.pool(M)[0]))
    assert state.unit_at(sq("d4")) is not None  # the Destroy failed
    assert Slot("singularity", 0) in state.legal_actions(M)  # the 1 still slots
    state.apply(M, Slot("singularity", 0))
    assert len(state.slotted(M)) == 1


def test_keep_returns_bone_to_pool() -> None:
    state = new()
    slotting(state, H, 3)
    before = len(state.pool(H))
    state.apply(H, Keep())
    assert len(state.pool(H)) == before + 1 and not state.slotted(H)


def test_relic_overload() -> None:
    state = new()
    i = CLANS["huldra"].index("tweak")
    state.relics[H][i] = 2  # both relic slots full
    slotting(state, H, 2)
    assert Slot("tweak", 0) in state.legal_actions(H)  # a bone that does not power it
    state.rows[H][i][1] = state.pool(H)[1]
    state.bone_value[state.rows[H][i][1]] = 3
    slotting(state, H, 2)
    assert Slot("tweak", 0) not in state.legal_actions(H)  # it would complete the row


def test_one_bone_in_reserve() -> None:
    state = new()
    pool = state.pool(H)
    # Fill rows with five bones so that the rolled one is the last outside a slot.
    c = CLANS["huldra"]
    state.rows[H][c.index("adapt")] = [pool[0], pool[1], pool[2], -1]
    state.rows[H][c.index("tweak")] = [pool[3], -1]
    for b in pool[:4]:
        state.bone_value[b] = 2
    state.rows[H][c.index("renewal")] = [pool[4], -1]
    state.bone_value[pool[4]] = 1
    slotting(state, H, 3)
    assert state.pool(H) == []
    legal = state.legal_actions(H)
    assert Slot("long_bow", 1) not in legal  # would not complete a row: not allowed
    assert Slot("tweak", 1) in legal  # completes Tweak: the bones come back
    state2 = state.clone()
    state2.apply(H, Slot("tweak", 1))
    assert len(state2.pool(H)) == 2


def test_withdraw_inapplicable_skill() -> None:
    state = cleared()
    put(state, H, "queen", "d1")
    put(state, M, "king", "e8")
    i = CLANS["huldra"].index("long_bow")
    b = state.pool(H)[0]
    state.rows[H][i][0] = b
    state.current, state.phase = H, "upkeep"
    assert Withdraw("long_bow") in state.legal_actions(H)  # no pawn left for Long Bow
    state.apply(H, Withdraw("long_bow"))
    assert b in state.pool(H)
    state2 = new()
    state2.rows[H][i][0] = state2.pool(H)[0]
    state2.current, state2.phase = H, "upkeep"
    assert Withdraw("long_bow") not in state2.legal_actions(H)  # pawns remain


def test_relic_acquired_and_bones_return() -> None:
    state = new()
    i = CLANS["huldra"].index("tweak")
    b = state.pool(H)[0]
    state.rows[H][i][0] = b
    state.bone_value[b] = 2
    pool_tokens = state.relic_pool
    slotting(state, H, 3)
    state.apply(H, Slot("tweak", 1))
    assert state.relics[H][i] == 1 and state.relic_pool == pool_tokens - 1
    assert state.rows[H][i] == [-1, -1] and len(state.pool(H)) == 6


def test_aura_once_per_type() -> None:
    state = new()
    i = CLANS["huldra"].index("long_bow")
    b = state.pool(H)[0]
    state.rows[H][i][0] = b
    state.bone_value[b] = 2
    slotting(state, H, 1)
    state.apply(H, Slot("long_bow", 1))
    assert state.active_players() == [H] and state.pending[0].kind == "aura"
    state.apply(H, Pick(sq("d2")))
    pawn = state.unit_at(sq("d2"))
    assert pawn is not None and pawn.auras == ["long_bow"]
    assert state.chips[H][state.clans[H].chip_set("long_bow")] == D.CHIPS_IN_PLAY - 1
    assert sq("d2") not in CLANS["huldra"].aura_targets(state, H, "long_bow")


def test_law_singularity_lowers_royal_need() -> None:
    state = new(clan1="murg", clan2="huldra")
    murg = CLANS["murg"]
    assert isinstance(murg, Murg)
    king = next(u for u in state.units if u.owner == 0 and u.kind == "king")
    queen = next(u for u in state.units if u.owner == 1 and u.kind == "queen")
    assert murg.need(state, king, queen) == 6
    i = murg.index("singularity")
    bones = state.pool(0)
    state.rows[0][i] = [bones[0], bones[1], -1]
    state.bone_value[bones[0]] = state.bone_value[bones[1]] = 1
    slotting(state, 0, 2)
    state.apply(0, Slot("singularity", 2))
    assert "singularity" in state.laws[0] and murg.need(state, king, queen) == 5
    slotting(state, 0, 1)
    assert not any(isinstance(a, Slot) and a.skill == "singularity"
                   for a in state.legal_actions(0))  # a law is acquired once


def test_renewal_removes_rival_bone() -> None:
    state = new()
    i = CLANS["huldra"].index("renewal")
    b = state.pool(H)[0]
    state.rows[H][i][0] = b
    state.bone_value[b] = 1
    rb = state.pool(M)[0]
    state.rows[M][CLANS["murg"].index("predictive_model")][0] = rb
    state.relics[M][CLANS["murg"].index("em_loop")] = 1
    slotting(state, H, 4)
    state.apply(H, Slot("renewal", 1))
    assert state.legal_actions(H) == [PickBone(rb)]
    state.apply(H, PickBone(rb))
    assert rb in state.pool(M) and state.relics[M][CLANS["murg"].index("em_loop")] == 1


def test_will_token_used_once() -> None:
    state = new()
    state.rng = Loaded([8])  # Fleet Foot: nothing to choose
    state.apply(M, InvokeWill())
    assert state.will_tokens[M] == 0 and "Fleet Foot" in state.marked
    assert InvokeWill() not in state.legal_actions(M)
    assert state.phase == "declare"  # nothing else to do in Upkeep: on to declaring
    cursed = new(will="curses")
    cursed.rng = Loaded([8])
    cursed.apply(M, InvokeWill())
    assert "Heavy Tread" in cursed.marked


def test_one_will_call_per_turn() -> None:
    state = new()
    state.rng = Loaded([10])  # Will Restored: the caller regains a token at once
    state.apply(M, InvokeWill())
    assert state.will_tokens[M] == 1
    assert InvokeWill() not in state.legal_actions(M)  # but not for this Upkeep
    murg_turn: list[Action] = [Declare("journey", -1, -1), Roll(6), Cancel(), Keep()]
    for action in murg_turn:
        state.apply(M, action)
    huldra_turn: list[Action] = [Proceed(), Roll(0), Cancel(), Keep()]
    for action in huldra_turn:
        state.apply(H, action)
    assert InvokeWill() in state.legal_actions(M)  # a later Upkeep


def test_will_rival_resolves_first() -> None:
    state = new()
    _huldra_pawn_lost(state)
    state.rng = Loaded([1])  # Kindled Pawn
    state.apply(M, InvokeWill())
    assert state.active_players() == [H]  # the rival places first
    first = state.legal_actions(H)[0]
    assert isinstance(first, Pick) and state.in_seat(H, first.square)
    state.apply(H, first)
    assert state.active_players() == [M]
    state.apply(M, state.legal_actions(M)[0])
    assert state.active_players() == [M] and state.phase == "declare"  # Upkeep done


def test_will_unexecutable_does_nothing() -> None:
    state = new()
    assert state.graveyard(H, "pawn") == []  # Huldra set out all eight pawns
    state.rng = Loaded([1])  # Kindled Pawn
    state.apply(M, InvokeWill())
    assert state.active_players() == [M]  # only the Murg rekindle
    state.apply(M, state.legal_actions(M)[0])
    assert sum(1 for u in state.on_board(M) if u.kind == "pawn") == 7


def test_will_counter_ticks_and_ends() -> None:
    state = new()
    state.rng = Loaded([6])  # Sheltering Boughs, 2 rounds
    state.apply(M, InvokeWill())
    king = next(u for u in state.units if u.kind == "king")
    assert not state.vanquishable(king, H) and state.counters == [["Sheltering Boughs", 2, M]]
    for _ in range(2):  # Murg turn ends, Huldra turn, Murg upkeep ticks
        while state.current == M and not state.is_over():
            state.apply(M, Declare("journey", -1, -1) if state.phase == "declare"
                        else state.legal_actions(M)[-1])
        while state.current == H:
            state.apply(H, state.legal_actions(H)[-1])
    assert state.counters == []


def test_will_marked_outcome_lasts() -> None:
    state = cleared(will="curses")
    pawn = put(state, M, "rook", "a8")
    state.marked.append("Heavy Tread")
    assert max(state.journey_reach(M, pawn, 6)) == 3
    state2 = cleared()
    sage = put(state2, H, "sage", "c1")
    state2.marked.append("Fleet Foot")
    assert sq("f4") in state2.journey_destinations(sage, 2)


def test_will_tremor_pushes() -> None:
    state = cleared(will="curses")
    a = put(state, H, "pawn", "d4")
    b = put(state, H, "pawn", "d3")
    c = put(state, M, "pawn", "e5")
    put(state, M, "king", "e6")
    put(state, H, "queen", "a1")
    state.current, state.phase = M, "upkeep"
    state.rng = Loaded([1])
    state.apply(M, InvokeWill())
    assert (a.sq, b.sq) == (sq("d3"), sq("d2"))  # both pushed toward Huldra's Seat
    assert c.sq == sq("e6")  # the king behind it moved first, to e7, making room
    assert state.unit_at(sq("a1")) is not None  # the queen on the Seat's edge stays


def test_invulnerable_units_are_still_moved() -> None:
    """Invulnerability stops vanquishing only: a Tremor pushes a rook like any unit."""
    state = cleared(will="curses")
    rook = put(state, H, "rook", "d4")
    put(state, H, "queen", "a1")
    put(state, M, "king", "e6")
    assert not state.vanquishable(rook)
    state.current, state.phase = M, "upkeep"
    state.rng = Loaded([1])  # Tremor
    state.apply(M, InvokeWill())
    assert rook.sq == sq("d3")


def test_will_curse_vanquishes() -> None:
    state = new(will="curses")
    state.rng = Loaded([3])  # Blight
    state.apply(M, InvokeWill())
    assert state.active_players() == [H]
    choices = state.legal_actions(H)
    assert all(isinstance(a, Pick) for a in choices)
    assert Pick(sq("d1")) not in choices and Pick(sq("a1")) not in choices  # royal, rook
    state.apply(H, Pick(sq("b2")))
    assert state.unit_at(sq("b2")) is None


def test_will_tables_complete() -> None:
    for table in (D.BLESSINGS, D.CURSES):
        assert [o["roll"] for o in table] == list(range(1, 13))
        assert sum(1 for o in table if "rounds" in o) >= 1
        assert sum(1 for o in table if o.get("marked")) >= 1
    names = {e for o in D.BLESSINGS + D.CURSES for e in o["effects"]}
    assert {"tremor_back", "vanquish_own", "rekindle_pawn"} <= names
    for will in ("blessings", "curses"):
        for roll in range(1, 13):
            state = new(will=will)
            state.rng = Loaded([roll])
            state.apply(M, InvokeWill())
            rng = Rng(roll)
            while state.pending:
                p = state.active_players()[0]
                state.apply(p, rng.choice(state.legal_actions(p)))
            assert state.last_will is not None and state.last_will["roll"] == roll


def _snapshot(state: DarkleafState) -> list[dict[str, Any]]:
    out = []
    for p in (0, 1):
        mine = state.on_board(p)
        out.append({
            "pawns": sum(1 for u in mine if u.kind == "pawn"), "units": len(mine),
            "relics": sum(state.relics[p]), "slotted": len(state.slotted(p)),
            "auras": sum(len(u.auras) for u in mine), "token": state.will_tokens[p],
            "home": sum(1 for u in mine if not u.royal and state.in_seat(p, u.sq)),
            "squares": {u.sq for u in mine},
            "near_royal": sum(1 for u in mine for r in state.royals(p)
                              if u is not r and max(abs(u.sq % 8 - r.sq % 8),
                                                    abs(u.sq // 8 - r.sq // 8)) == 1)})
    return out


def _both(before: list[dict[str, Any]], after: list[dict[str, Any]], key: str,
          delta: int) -> bool:
    return all(after[p][key] - before[p][key] == delta for p in (0, 1))


def _moved(before: list[dict[str, Any]], after: list[dict[str, Any]]) -> bool:
    return all(before[p]["squares"] != after[p]["squares"] for p in (0, 1))


WILL_CHECKS: dict[tuple[str, int], Any] = {
    ("blessings", 1): lambda s, b, a: _both(b, a, "pawns", 1) and _both(b, a, "home", 1),
    ("blessings", 2): lambda s, b, a: _both(b, a, "units", 1) and _both(b, a, "home", 1),
    ("blessings", 3): lambda s, b, a: _both(b, a, "relics", 1),
    ("blessings", 4): lambda s, b, a: _both(b, a, "slotted", -1),
    ("blessings", 5): lambda s, b, a: _both(b, a, "home", 1) and _both(b, a, "units", 0),
    ("blessings", 6): lambda s, b, a: not any(s.vanquishable(r) for p in (0, 1)
                                              for r in s.royals(p)),
    ("blessings", 7): lambda s, b, a: not any(s.vanquishable(u) for p in (0, 1)
                                              for u in s.on_board(p) if s.in_seat(p, u.sq)),
    ("blessings", 8): lambda s, b, a: "Fleet Foot" in s.marked and s.mark_tokens == 1,
    ("blessings", 9): lambda s, b, a: _both(b, a, "near_royal", 1),
    ("blessings", 10): lambda s, b, a: s.will_tokens == [1, 1],
    ("blessings", 11): lambda s, b, a: _both(b, a, "pawns", 2),
    ("blessings", 12): lambda s, b, a: _both(b, a, "units", 1) and _both(b, a, "relics", 1),
    ("curses", 1): lambda s, b, a: _moved(b, a) and _both(b, a, "units", 0),
    ("curses", 2): lambda s, b, a: _both(b, a, "pawns", -1),
    ("curses", 3): lambda s, b, a: _both(b, a, "units", -1),
    ("curses", 4): lambda s, b, a: _both(b, a, "slotted", -1),
    ("curses", 5): lambda s, b, a: _both(b, a, "relics", -1),
    ("curses", 6): lambda s, b, a: s.journey_reach(0, s.on_board(0)[0], 4) == [1],
    ("curses", 7): lambda s, b, a: _both(b, a, "auras", -1),
    ("curses", 8): lambda s, b, a: "Heavy Tread" in s.marked,
    ("curses", 9): lambda s, b, a: not any(s.vanquishable(u) for u in s.units if u.sq >= 0),
    ("curses", 10): lambda s, b, a: _moved(b, a) and _both(b, a, "units", 0),
    ("curses", 11): lambda s, b, a: _both(b, a, "pawns", -1),
    ("curses", 12): lambda s, b, a: _moved(b, a) and _both(b, a, "relics", -1),
}


@pytest.mark.parametrize(("table", "roll"), sorted(WILL_CHECKS))
def test_will_outcome(table: str, roll: int) -> None:
    """Each of the 24 outcomes does what its table line says, for both players."""
    state = new(will=table)
    knight = next(u for u in state.on_board(H) if u.kind == "knight")
    sage = next(u for u in state.on_board(M) if u.kind == "sage")
    state.vanquish(knight, M, "set-up")
    state.vanquish(sage, H, "set-up")
    _huldra_pawn_lost(state)  # as the Murg, two pawns to rekindle
    _huldra_pawn_lost(state)
    for p, relic, aura in ((H, "tweak", "long_bow"), (M, "predictive_model", "iron_plating")):
        clan = CLANS[state.clan_keys[p]]
        state.rows[p][0][0] = state.pool(p)[0]
        state.relics[p][clan.index(relic)] = 1
        state.relic_pool -= 1
        pawns = [u for u in state.on_board(p) if u.kind == "pawn"]
        state.add_aura(pawns[-1], aura)
    before = _snapshot(state)
    state.rng = Loaded([roll])
    state.apply(M, InvokeWill())
    while state.pending:
        p = state.active_players()[0]
        state.apply(p, state.legal_actions(p)[0])
    assert state.last_will is not None and state.last_will["roll"] == roll
    assert WILL_CHECKS[(table, roll)](state, before, _snapshot(state))


def test_handicap_for_one_player_only() -> None:
    """(reading) "one player may" roll and slot handicap bones: never both."""
    assert new(handicap1=2).setup and new(clan1="murg", clan2="huldra", handicap2=5).setup
    with pytest.raises(ValueError, match="one player only"):
        GAME.new_game(2, 1, {"handicap1": 2, "handicap2": 3})


def test_upkeep_order_no_relic_after_the_will() -> None:
    """Upkeep's steps in order: once the Will is called, no relic token is spent
    in that Upkeep (the issue's reproduction: Predictive Model, then the Will)."""
    state = new(clan1="murg", clan2="huldra")
    murg = CLANS["murg"]
    state.relics[0][murg.index("predictive_model")] = 1
    state.relic_pool -= 1
    assert state.phase == "upkeep" and state.current == 0
    assert Spend("predictive_model") in state.legal_actions(0)  # before the Will: yes
    state.rng = Loaded([2])  # d12 = 2: Kindled Champion, nothing to rekindle
    state.apply(0, InvokeWill())
    assert Spend("predictive_model") not in state.legal_actions(0)
    assert state.relics[0][murg.index("predictive_model")] == 1  # the token is kept
    again = new(clan1="murg", clan2="huldra")  # the other way round is the text's order
    again.relics[0][murg.index("predictive_model")] = 1
    again.relic_pool -= 1
    again.apply(0, Spend("predictive_model"))
    assert InvokeWill() in again.legal_actions(0)


def test_handicap_setup() -> None:
    state = new(handicap1=3)
    assert state.phase == "slot" and state.active_players() == [H]
    done = 0
    while state.turns == 0:
        legal = state.legal_actions(H)
        if state.pending:  # an aura or law acquired at setup asks its question
            state.apply(H, legal[0])
            continue
        slots = [a for a in legal if isinstance(a, Slot)]
        state.apply(H, slots[0] if slots else Keep())
        done += 1
    assert done == 3 and state.active_players() == [M]
    # A miracle row may be filled up to its last slot, not completed, at setup.
    state = new(handicap1=2)
    state.rows[M][0][0] = state.pool(M)[0]  # a rival bone for Renewal to remove
    i = CLANS["huldra"].index("renewal")
    b = state.pool(H)[0]
    state.rows[H][i][0] = b
    state.bone_value[b] = 1
    state.roll = state.bone_value[state.rolled] = 4
    assert Slot("renewal", 1) not in state.legal_actions(H)
    state.turns = 1  # the same slot in play proper
    assert Slot("renewal", 1) in state.legal_actions(H)


def test_round_limit_draw() -> None:
    state = new()
    state.turns = 2 * D.ROUND_LIMIT
    state.apply(M, Proceed())
    state.apply(M, Declare("journey", -1, -1))
    state.apply(M, Roll(state.pool(M)[0]))
    state.apply(M, Cancel())
    state.apply(M, Keep())
    assert state.is_over() and state.draw and state.scores() == [0.5, 0.5]
    assert state.winners() == [0, 1]


def test_determinize_reseeds_future_rolls() -> None:
    state = new()
    futures = set()
    for k in range(6):
        det = state.determinize(H, Rng(k))
        assert json.dumps(det.view(H)) == json.dumps(state.view(H))
        futures.add(tuple(det.rng.randint(1, 6) for _ in range(8)))
    assert len(futures) > 1


def test_bot_choice_ignores_rng_future() -> None:
    a = new(5)
    for action in (Proceed(), Declare("journey", -1, -1), Roll(6), Cancel(), Keep()):
        a.apply(M, action)
    a.apply(H, Proceed())
    a.apply(H, Roll(0))  # Huldra to carry out a roll: a real choice
    assert len(a.legal_actions(H)) > 5
    b = a.clone()
    b.rng = Rng(999)  # the same position, another future for the dice
    ra, rb = a.rng.clone(), b.rng.clone()
    assert [ra.randint(1, 6) for _ in range(8)] != [rb.randint(1, 6) for _ in range(8)]
    bot = Ismcts(iterations=40)
    assert choose(bot, a, H, Rng(3)) == choose(bot, b, H, Rng(3))
    assert choose(make_bot("easy"), a, H, Rng(4)) == choose(make_bot("easy"), b, H, Rng(4))


def test_last_move_hunt_leap_destroy() -> None:
    """The view's last_move: where a unit went from and to, and where a Hunt or
    a Destroy struck (the page marks those squares)."""
    state = cleared()
    put(state, H, "rook", "a1")
    put(state, H, "queen", "f6")
    put(state, H, "pawn", "d2")
    put(state, M, "pawn", "d5")
    put(state, M, "king", "h8")
    rolled(state, H, 3)
    state.apply(H, Hunt(sq("d2"), sq("d5")))
    assert state.view(None)["last_move"] == {"frm": sq("d2"), "struck": sq("d5")}
    rolled(state, H, 1)
    state.apply(H, Leap(sq("b1")))
    assert state.view(None)["last_move"] == {"frm": sq("f6"), "to": sq("b1")}
    murg = murg_board()
    put(murg, M, "pawn", "d5")
    put(murg, H, "pawn", "e4")
    murg_declares(murg, "d5", "e4", 2)  # fails: nothing moves, the target is marked
    assert murg.view(None)["last_move"] == {"frm": sq("d5"), "struck": sq("e4")}
    murg.apply(M, Keep())
    murg_declares(murg, "d5", "e4", 5)
    assert murg.view(None)["last_move"] == {"frm": sq("d5"), "struck": sq("e4"),
                                            "to": sq("e4")}


def test_view_shows_everything_public() -> None:
    state = new()
    _huldra_pawn_lost(state)
    state.rng = Loaded([1, 5])
    state.apply(M, InvokeWill())  # Kindled Pawn: Huldra must answer first
    v = state.view(M)
    json.dumps(v)
    pending, last = v["pending"], v["will"]["last"]
    assert pending is not None and pending["seat"] == H and "rekindle" in pending["prompt"]
    assert last is not None and last["name"] == "Kindled Pawn"
    assert v["will"]["table"] == "blessings"
    assert v["clans"][H]["progress"]["text"] == "Hunts 0 of 3"
    assert "needs a 6" in v["clans"][M]["progress"]["text"]
    skill = v["clans"][H]["skills"][3]
    assert skill["name"] == "Tweak" and skill["slots"] == ["2", "O"]
    assert skill["relic_slots"] == 2 and skill["bones"] == [None, None]
    king = next(u for u in v["units"] if u["type"] == "king")
    assert king["clan"] == "murg" and king["letter"] == "K" and king["name"] == "d8"
    assert set(king) >= {"auras", "marks", "invulnerable", "royal", "seat"}
    assert len(v["graveyard"]) == 3 and v["relic_pool"] == 19  # a Huldra pawn, two Murg
    assert v["clans"][M]["will_token"] == 0 and len(v["clans"][M]["pool"]) == 6
    assert v["phase"] == "upkeep" and v["current"] == M and v["active"] == [H]


def test_illegal_action_changes_nothing() -> None:
    state = new()
    before = _views(state)
    with pytest.raises(IllegalAction):
        state.apply(M, Roll(0))
    with pytest.raises(IllegalAction):
        state.apply(H, Proceed())
    with pytest.raises(IllegalAction):
        state.apply(M, Journey(sq("e7"), sq("e1")))
    assert _views(state) == before


@pytest.mark.parametrize("options", [
    {}, {"clan1": "murg", "clan2": "huldra", "will": "curses"},
    {"clan1": "huldra", "clan2": "huldra", "handicap2": 3},
    {"clan1": "murg", "clan2": "murg", "handicap1": 5, "will": "curses"},
    {"clan1": "random", "clan2": "random"},
])
def test_conformance_playouts(options: dict[str, Any]) -> None:
    """The conformance suite's checks, on random playouts with these options."""
    for k in range(2):
        seed = 100 + k
        rng = Rng(seed)
        state = GAME.new_game(2, seed, options)
        checked_playout(state, rng, 11)
        assert state.active_players() == [] and state.winners()
        assert [sum(b.values()) for b in state.score_breakdown()] == pytest.approx(
            state.scores())
        names = [GAME.seat_name(i) for i in (0, 1)]
        for event in state.log:  # the page marks an entry with the seat it names first
            words = event.text.split()
            if words[:1] and words[0] in names and words[1][:1].islower():
                assert event.data.get("seat") == names.index(words[0]) or event.kind == "over"
        again = load(save(state), {GAME.id: GAME})
        assert _views(again) == _views(state)
        assert [e.text for e in again.log] == [e.text for e in state.log]


@pytest.mark.parametrize("policy", sorted(POLICIES))
def test_stubborn_play_ends(policy: str) -> None:
    play_out_within_bound(POLICIES[policy], 7)
    play_out_within_bound(POLICIES[policy], 7, clan1="murg", clan2="huldra", will="curses",
                          handicap1=2)


def test_heuristics_follow_the_paths() -> None:
    h = Heuristics()
    state = cleared()
    put(state, H, "knight", "b3")
    put(state, H, "queen", "a1")
    put(state, H, "rook", "b1")
    put(state, M, "king", "d5")
    put(state, M, "pawn", "h7")
    rolled(state, H, 2)
    assert h.rollout_action(state, H, Rng(1)) == Hunt(sq("b3"), sq("d5"))  # a Hunt landed
    before = h.evaluate(state)[H]
    state.apply(H, Hunt(sq("b3"), sq("d5")))
    assert h.evaluate(state)[H] > before
    murg = murg_board()
    put(murg, M, "pawn", "b3")  # not next to the Huldra queen on a1
    far = h.evaluate(murg)[M]
    queen = next(u for u in murg.units if u.owner == H and u.kind == "queen")
    murg.move(queen, sq("c2"))  # now the pawn on b3 can Destroy her
    assert h.evaluate(murg)[M] > far


def test_a_new_clan_needs_no_core_change(monkeypatch: pytest.MonkeyPatch) -> None:
    """A clan is a subclass with its data literal, plus a registry entry."""

    class Stonewalkers(Murg):
        data = {**{k: v for k, v in CLAN_DATA["murg"].items() if k != "order"},
                "key": "stonewalkers", "name": "Stonewalkers", "bones": (8, 8, 8, 8, 8, 8)}

        def rolls_first(self, state: DarkleafState) -> bool:
            return True

    for name in ("options", "action_types"):  # put back after the test
        monkeypatch.setattr(DarkleafGambit, name, getattr(DarkleafGambit, name))
    game = DarkleafGambit({**CLANS, "stonewalkers": Stonewalkers()}, Heuristics)
    assert "stonewalkers" in game.options[0].choices
    state = game.new_game(2, 4, {"clan1": "stonewalkers"})
    assert isinstance(state, DarkleafState)
    assert state.first == 1  # a clan missing from the starting order moves last
    rng = Rng(4)
    while not state.is_over():
        p = state.active_players()[0]
        state.apply(p, rng.choice(state.legal_actions(p)))
    assert state.winners() and max(state.bone_faces[:6]) == 8


def test_random_bot_plays_a_game() -> None:
    state = new(3)
    bots = [RandomBot(), RandomBot()]
    rng = Rng(3)
    while not state.is_over():
        p = state.active_players()[0]
        state.apply(p, choose(bots[p], state, p, rng))
    assert state.winners()


def test_lobby_notes_every_clan() -> None:
    """Each clan choice (and random) carries a one-line path and the text's difficulty hint."""
    from web.lobby import render_lobby

    clan1 = next(o for o in GAME.options if o.name == "clan1")
    assert set(clan1.choices) == {"huldra", "murg", "ferrymen", "erde", "wibo", "hexen",
                                  "random"}
    notes = {c: clan1.choice_note(c) for c in clan1.choices}
    assert all(notes.values())
    assert "simplest" in notes["huldra"] and "simplest" in notes["murg"]
    assert "most complex" in notes["hexen"]
    assert not any("simplest" in notes[c] or "most complex" in notes[c]
                   for c in ("ferrymen", "erde", "wibo"))
    card = render_lobby().split('id="card-darkleaf-gambit"')[1].split("</article>")[0]
    assert card.count('aria-label="About: ') == 1  # both seats share one list of clans
    for c in clan1.choices:
        assert f"{clan1.choice_label(c)}:</strong>" in card


def test_heuristics_follow_the_new_paths() -> None:
    state = fresh("wibo", "hexen")
    pawn = put(state, W, "pawn", "d4")
    before = side_value(state, W)
    state.move(pawn, sq("d1"))
    assert side_value(state, W) > before  # a pawn home in the Seat
    quarry = put(state, X, "knight", "e7")
    state.clan_state[X]["quarry"] = [quarry.uid]
    before = side_value(state, X)
    state.clan_state[X]["gardens"][str(sq("e6"))] = 1
    assert side_value(state, X) > before  # a Garden about to take the Quarry
    state.vanquish(quarry, None, "test")
    assert side_value(state, X) > before + 10
