"""Darkleaf Gambit part 2: the Ferrymen and Erde, clause by clause, and their
interactions with the other clans.

| clause of the rule text (or adaptation note) | test |
|---|---|
| Ferrymen: no intent declared, Flow follows the journey | test_ferrymen_roll_without_declaring |
| Flow: landing ahead of an adjacent rival pushes it on | test_flow_landing_ahead |
| Flow: a rival adjacent but not ahead is not pushed | test_flow_landing_ahead |
| trait: end on a rival's territory; pushed any direction | test_flow_landing_upon |
| Flow only if nothing blocks; no next best placement | test_blocked_flow_does_not_happen |
| Flow off the edge vanquishes | test_flow_off_the_edge |
| invulnerable units Flowed, never off the edge | test_invulnerable_rook_and_flow |
| Iron Plating vs Flow: aura off, back where Flow started | test_iron_plating_against_flow_ahead |
| ... or a neighbouring edge territory the Ferrymen choose | test_iron_plating_against_flow_upon |
| ... next best when those edge territories are taken | test_iron_plating_return_next_best |
| pawns and sages never journey backward | test_no_backward_for_pawns_and_sages |
| Range to Seat crossing; aura at once (Barbaric: 2) | test_crossing_and_barbaric |
| sages cross too; Ripple Effect taken at the crossing | test_sage_crossing_with_ripple_effect |
| Ripple Effect: two rival units in a line | test_ripple_effect |
| Ripple Effect when landing upon: the chosen direction | test_ripple_effect_landing_upon |
| (adapted) Ripple vs Iron Plating at the edge | test_ripple_effect_against_iron_plating |
| ending on the Range does not Flow a unit on the Seat | test_no_flow_across_the_seam |
| a crossing unit gains one of each aura at most | test_crossing_auras_once_each |
| Unrelenting Tide: slide to obstacle/edge, held next turn | test_unrelenting_tide |
| Unrelenting Tide: the held royal is not relocated (Leap) | test_unrelenting_tide_no_relocate |
| Master the Current: two pawns, same direction (both move) | test_master_the_current |
| Flow never onto a rival's Reclaimed territory | test_master_the_current |
| Eddy: swap a Ferrymen pawn with a rival pawn | test_eddy |
| Big Wave: all adjacent rivals away, auras not counted | test_big_wave |
| Calm Waters: -1; a 1 is a zero journey that Flows, diag. | test_calm_waters_zero_journey |
| Calm Waters: the zero journey counts for Big Wave | test_big_wave_after_a_zero_journey |
| path: first push-off to the Seat with a chip, then a win | test_royal_pushed_off_twice |
| Erde trait: a journey split between 2 units | test_split_journey |
| (adapted) an exact split only when the rest can be used | test_split_journey_needs_a_second_part |
| a third unit only with Metamorphic | test_split_journey_no_third_unit |
| Metamorphic: after a 3+, 3 units | test_metamorphic |
| Reclaimed: rivals pass through, never end there | test_reclaimed_closed_to_rivals |
| Erde units starting on Reclaimed go any direction | test_reclaimed_any_direction |
| Reclaim: pawn on a centre territory, 6+, mark, relocate | test_reclaim |
| One With the Land: Reclaim needs 5 | test_reclaim |
| Reclaim's move: next best around a surrounded king | test_reclaim_next_to_a_surrounded_king |
| Banish: rival units on the centre into the Woods | test_banish |
| That Which Cannot Be Destroyed: pawn next to the rook | test_that_which_cannot_be_destroyed |
| ... next best placement around a surrounded rook | test_that_which_cannot_be_destroyed_next_best |
| Sink: vanquish a rival unit (not an invulnerable one) | test_sink |
| Thick Skin: only royal-path clans vanquish the Erde king | test_thick_skin |
| Thick Skin: Ferrymen (royal path) push the king off | test_thick_skin |
| the sage-and-rook wall of invulnerability | test_sage_rook_wall |
| Erde path: 4 Reclaimed, then the king onto one | test_erde_path |
| Reclaimed vs Destroy: vanquished, the Murg do not move in | test_destroy_on_reclaimed_no_move_in |
| Reclaimed vs the sage's Ambush (not a valid destination) | test_ambush_not_onto_reclaimed |
| Reclaimed vs Tremor (rivals not, Erde units may) | test_tremor_and_reclaimed |
| next best placement skips Reclaimed land | test_next_best_placement_skips_reclaimed |
| every pairing with these clans: conformance checks | test_conformance_pairings |
"""

from __future__ import annotations

from typing import Any

import pytest

from pygame_engine.core.rng import Rng
from pygame_engine.core.savefile import load, save
from pygame_engine.games.darkleaf_gambit import GAME
from pygame_engine.games.darkleaf_gambit import data as D
from pygame_engine.games.darkleaf_gambit.actions import (
    Cancel,
    Choose,
    Declare,
    InvokeWill,
    Journey,
    Pick,
    Proceed,
    Slot,
    Spend,
)
from pygame_engine.games.darkleaf_gambit.clans import CLANS
from pygame_engine.games.darkleaf_gambit.ferrymen import Push
from pygame_engine.games.darkleaf_gambit.rules import DarkleafState, Unit
from tests.games import test_darkleaf_gambit
from tests.games.test_darkleaf_gambit import Loaded, put, rolled, sq
from tests.test_conformance import _views, checked_playout

F, R = 0, 1  # the first seat plays the clan under test, the second its rival


def cleared(clan1: str, clan2: str, **options: Any) -> DarkleafState:
    return test_darkleaf_gambit.cleared(clan1=clan1, clan2=clan2, **options)


def ferry(rival: str = "murg") -> DarkleafState:
    state = cleared("ferrymen", rival)
    put(state, F, "king", "a1")
    return state


def at(state: DarkleafState, name: str) -> Unit | None:
    return state.unit_at(sq(name))


def acquire(state: DarkleafState, p: int, key: str) -> None:
    """Fill ``key``'s row but its last slot, then slot a bone there (Acquire Power)."""
    clan = state.clans[p]
    i = clan.index(key)
    specs = clan.skill(key)["slots"]
    values = [1 if s == "*" else 2 if s == "E" else 1 if s == "O" else int(s.split("-")[0])
              for s in specs]
    pool = state.pool(p)
    state.rows[p][i] = [pool[j] for j in range(len(specs) - 1)] + [-1]
    for b, v in zip(pool, values[:-1], strict=False):
        state.bone_value[b] = v
    state.current, state.phase, state.intent, state.pending = p, "slot", None, []
    state.rolled = pool[len(specs) - 1]
    state.roll = state.bone_value[state.rolled] = values[-1]
    state.apply(p, Slot(key, len(specs) - 1))


# -- Ferrymen ------------------------------------------------------------------------------


def test_ferrymen_roll_without_declaring() -> None:
    state = GAME.new_game(2, 3, {"clan1": "ferrymen", "clan2": "murg"})
    assert isinstance(state, DarkleafState)
    p = state.current
    if state.phase == "upkeep":
        state.apply(p, Proceed())
    if state.clan_keys[p] == "ferrymen":
        assert state.phase == "roll"  # straight to the roll: no Declare
    assert CLANS["ferrymen"].rolls_first(state) and not CLANS["murg"].rolls_first(state)


def test_flow_landing_ahead() -> None:
    state = ferry()
    put(state, F, "pawn", "e2")
    ahead = put(state, R, "pawn", "e5")
    beside = put(state, R, "pawn", "d5")
    put(state, R, "king", "h8")
    rolled(state, F, 2)
    state.apply(F, Journey(sq("e2"), sq("e4")))
    assert ahead.sq == sq("e6") and beside.sq == sq("d5")
    assert state.last_move == {"frm": sq("e2"), "to": sq("e4"),
                               "flow": [[sq("e5"), sq("e6")]]}


def test_flow_landing_upon() -> None:
    state = ferry()
    put(state, F, "pawn", "e2")
    victim = put(state, R, "pawn", "e4")
    put(state, R, "king", "h8")
    rolled(state, F, 2)
    assert Journey(sq("e2"), sq("e4")) in state.legal_actions(F)
    state.apply(F, Journey(sq("e2"), sq("e4")))
    options = state.legal_actions(F)
    assert state.pending[0].kind == "flow" and len(options) == 8  # any direction
    state.apply(F, Push(sq("e4"), 1, 0, 1, 0))  # east
    assert victim.sq == sq("f4") and at(state, "e4") is not None
    assert at(state, "e4").owner == F  # type: ignore[union-attr]


def test_blocked_flow_does_not_happen() -> None:
    state = ferry()
    put(state, F, "pawn", "e2")
    ahead = put(state, R, "pawn", "e5")
    put(state, R, "pawn", "e6")  # blocks the push: nothing moves, nothing placed elsewhere
    put(state, R, "king", "h8")
    rolled(state, F, 2)
    state.apply(F, Journey(sq("e2"), sq("e4")))
    assert ahead.sq == sq("e5") and state.phase == "slot" and not state.pending


def test_flow_off_the_edge() -> None:
    state = ferry()
    put(state, F, "pawn", "e5")
    victim = put(state, R, "pawn", "e8")
    put(state, R, "king", "h8")
    rolled(state, F, 2)
    state.apply(F, Journey(sq("e5"), sq("e7")))
    assert victim.sq == -1  # vanquished into the graveyard


def test_invulnerable_rook_and_flow() -> None:
    state = ferry()
    put(state, F, "pawn", "e5")
    rook = put(state, R, "rook", "e8")
    put(state, F, "pawn", "c3")
    rook2 = put(state, R, "rook", "c6")
    put(state, R, "king", "h8")
    rolled(state, F, 2)
    state.apply(F, Journey(sq("e5"), sq("e7")))
    assert rook.sq == sq("e8")  # not off the edge
    rolled(state, F, 2)
    state.apply(F, Journey(sq("c3"), sq("c5")))
    assert rook2.sq == sq("c7")  # but Flowed on the board
    king = state.royals(R)[0]
    state.move(king, sq("g8"))
    state.counters.append(["Sheltering Boughs", 2, R])  # no royal can be vanquished
    put(state, F, "pawn", "g6")
    rolled(state, F, 1)
    state.apply(F, Journey(sq("g6"), sq("g7")))
    assert king.sq == sq("g8") and CLANS["ferrymen"].progress(state, F)["done"] == 0


def aura_pawn(state: DarkleafState, name: str, aura: str) -> Unit:
    """A Ferrymen pawn on ``name`` wearing a trait aura, its fate chip taken from the set."""
    pawn = put(state, F, "pawn", name)
    pawn.auras.append(aura)
    state.chips[F][aura] -= 1
    return pawn


def plated(state: DarkleafState, name: str) -> Unit:
    pawn = put(state, R, "pawn", name)
    pawn.auras.append("iron_plating")
    state.chips[R]["iron_plating"] -= 1
    return pawn


def test_iron_plating_against_flow_ahead() -> None:
    state = ferry()
    put(state, F, "pawn", "e5")
    pawn = plated(state, "e8")
    put(state, R, "king", "h8")
    rolled(state, F, 2)
    state.apply(F, Journey(sq("e5"), sq("e7")))
    assert pawn.sq == sq("e8") and pawn.auras == []  # back where the Flow started


def test_iron_plating_against_flow_upon() -> None:
    state = ferry()
    put(state, F, "pawn", "d8")
    pawn = plated(state, "e8")
    put(state, R, "king", "h8")
    put(state, R, "pawn", "e7")
    rolled(state, F, 1)
    state.apply(F, Journey(sq("d8"), sq("e8")))  # sideways along the Range, onto the pawn
    state.apply(F, Push(sq("e8"), 0, 1, 1, 0))  # north, off the edge
    assert pawn.auras == [] and state.pending[0].kind == "plated_return"
    # Its territory is taken by the Ferrymen pawn: a neighbouring edge territory instead.
    assert set(state.legal_actions(F)) == {Pick(sq("d8")), Pick(sq("f8"))}
    state.apply(F, Pick(sq("f8")))
    assert pawn.sq == sq("f8") and at(state, "e8").owner == F  # type: ignore[union-attr]


def test_iron_plating_return_next_best() -> None:
    state = ferry()
    put(state, F, "pawn", "e6")
    pawn = plated(state, "e8")
    put(state, R, "king", "f8")
    put(state, R, "pawn", "d8")
    rolled(state, F, 2)
    state.apply(F, Journey(sq("e6"), sq("e8")))  # upon the plated pawn
    state.apply(F, Push(sq("e8"), 0, 1, 1, 0))  # north, off the edge
    assert pawn.auras == [] and state.pending[0].kind == "plated_return"
    # Both edge territories beside e8 are taken: the next best from them (e7 passed over).
    assert set(state.legal_actions(F)) == {
        Pick(sq(n)) for n in ("c7", "c8", "d7", "e7", "f7", "g7", "g8")}
    state.apply(F, Pick(sq("c8")))
    assert pawn.sq == sq("c8")


def test_no_backward_for_pawns_and_sages() -> None:
    state = ferry()
    pawn = put(state, F, "pawn", "d4")
    sage = put(state, F, "sage", "f4")
    knight = put(state, F, "knight", "b4")
    put(state, R, "king", "h8")
    assert set(state.journey_destinations(pawn, 1)) == {sq("d5"), sq("c4"), sq("e4")}
    assert set(state.journey_destinations(sage, 1)) == {sq("e5"), sq("g5")}
    assert sq("b3") in state.journey_destinations(knight, 1)  # knights may go back


def test_crossing_and_barbaric() -> None:
    state = ferry()
    pawn = put(state, F, "pawn", "e7")
    rival = put(state, R, "pawn", "e3")
    put(state, R, "king", "h8")
    rolled(state, F, 3)  # e8 (the Range), then the Seat: e1, e2
    assert Journey(sq("e7"), sq("e2")) in state.legal_actions(F)
    state.apply(F, Journey(sq("e7"), sq("e2")))
    assert pawn.sq == sq("e2") and state.pending[0].kind == "crossing"
    assert set(state.legal_actions(F)) == {Choose("barbaric"), Choose("ripple")}
    state.apply(F, Choose("barbaric"))
    assert "barbaric" in pawn.auras  # at once: it powers this journey's Flow
    assert set(state.legal_actions(F)) == {Push(sq("e3"), 0, 1, 1, 0), Push(sq("e3"), 0, 1, 2, 0)}
    state.apply(F, Push(sq("e3"), 0, 1, 2, 0))
    assert rival.sq == sq("e5")


def test_sage_crossing_with_ripple_effect() -> None:
    state = ferry()
    sage = put(state, F, "sage", "d7")
    front, rear = put(state, R, "pawn", "g2"), put(state, R, "pawn", "h3")
    put(state, R, "king", "h8")
    # Diagonally on from the Range onto the Seat, one file further, the seam as one step.
    assert set(state.journey_destinations(sage, 2)) == {sq(n) for n in ("c8", "e8", "b1", "f1")}
    rolled(state, F, 2)
    state.apply(F, Journey(sq("d7"), sq("f1")))
    assert sage.sq == sq("f1") and state.pending[0].kind == "crossing"
    assert front.sq == sq("g2")  # no Flow yet: the aura comes first
    state.apply(F, Choose("ripple"))
    # The line g2-h3 blocks a plain push north-east; Ripple Effect, taken now, moves both.
    assert state.legal_actions(F) == [Push(sq("g2"), 1, 1, 1, 1)]
    state.apply(F, Push(sq("g2"), 1, 1, 1, 1))
    assert "ripple" in sage.auras and rear.sq == -1 and front.sq == sq("h3")


def test_crossing_auras_once_each() -> None:
    state = ferry()
    pawn = put(state, F, "pawn", "e7")
    put(state, R, "king", "h8")
    for aura in ("barbaric", "ripple"):
        pawn.auras.append(aura)
        state.chips[F][aura] -= 1
    rolled(state, F, 2)
    state.apply(F, Journey(sq("e7"), sq("e1")))
    assert not state.pending and pawn.auras == ["barbaric", "ripple"]


def test_ripple_effect() -> None:
    state = ferry()
    pawn = put(state, F, "pawn", "e2")
    first = put(state, R, "pawn", "e4")
    second = put(state, R, "pawn", "e5")
    put(state, R, "king", "h8")
    rolled(state, F, 1)
    state.apply(F, Journey(sq("e2"), sq("e3")))
    assert first.sq == sq("e4")  # without Ripple Effect the line blocks the push
    pawn.auras.append("ripple")
    state.move(pawn, sq("e2"))
    rolled(state, F, 1)
    state.apply(F, Journey(sq("e2"), sq("e3")))
    assert (first.sq, second.sq) == (sq("e5"), sq("e6"))


def test_ripple_effect_landing_upon() -> None:
    state = ferry()
    pawn = aura_pawn(state, "d6", "ripple")
    front = put(state, R, "pawn", "d7")
    rear = put(state, R, "pawn", "d8")
    put(state, R, "king", "h8")
    rolled(state, F, 1)
    state.apply(F, Journey(sq("d6"), sq("d7")))
    # Any direction for the unit landed upon; north, the unit behind it goes too.
    assert Push(sq("d7"), 0, 1, 1, 1) in state.legal_actions(F)
    state.apply(F, Push(sq("d7"), 0, 1, 1, 1))
    assert rear.sq == -1 and front.sq == sq("d8") and pawn.sq == sq("d7")


def test_ripple_effect_against_iron_plating() -> None:
    # Landing upon: a plated unit behind, at the edge, would lose its aura and stay,
    # leaving the lifted unit nowhere to go, so that Ripple push is not offered.
    state = ferry()
    aura_pawn(state, "d6", "ripple")
    front = put(state, R, "pawn", "d7")
    rear = plated(state, "d8")
    put(state, R, "king", "h8")
    rolled(state, F, 1)
    state.apply(F, Journey(sq("d6"), sq("d7")))
    legal = state.legal_actions(F)
    assert Push(sq("d7"), 0, 1, 1, 1) not in legal and Push(sq("d7"), 0, -1, 1, 0) in legal
    state.apply(F, Push(sq("d7"), 0, -1, 1, 0))  # back south instead
    assert front.sq == sq("d6") and rear.sq == sq("d8") and rear.auras == ["iron_plating"]
    # When that push was the only one, the landing itself is not possible: a rook
    # (never off the edge) on g1, hemmed in by Ferrymen units, the plated pawn on h1.
    state = ferry()
    aura_pawn(state, "g8", "ripple")
    put(state, R, "rook", "g1")
    rear = plated(state, "h1")
    put(state, R, "king", "h8")
    for name in ("f1", "f2", "g2", "h2"):
        put(state, F, "pawn", name)
    rolled(state, F, 1)  # from the Range onto the Seat: g8 to g1
    assert Journey(sq("g8"), sq("g1")) not in state.legal_actions(F)
    rear.auras.clear()  # unplated, it goes off the edge and the rook takes h1
    assert Journey(sq("g8"), sq("g1")) in state.legal_actions(F)
    # Landing ahead, the same push strips the aura; the front unit's push is blocked.
    state = ferry()
    aura_pawn(state, "e5", "ripple")
    front = put(state, R, "pawn", "e7")
    rear = plated(state, "e8")
    put(state, R, "king", "h8")
    rolled(state, F, 1)
    state.apply(F, Journey(sq("e5"), sq("e6")))
    assert (front.sq, rear.sq, rear.auras) == (sq("e7"), sq("e8"), [])


def test_no_flow_across_the_seam() -> None:
    state = ferry()
    put(state, F, "pawn", "e6")
    rival = put(state, R, "pawn", "e1")
    put(state, R, "king", "h8")
    rolled(state, F, 2)
    state.apply(F, Journey(sq("e6"), sq("e8")))  # ends on the Range
    assert rival.sq == sq("e1")


def test_unrelenting_tide() -> None:
    state = ferry()
    king = put(state, R, "king", "e5")
    pawn = put(state, R, "pawn", "h6")
    put(state, F, "pawn", "b5")
    i = CLANS["ferrymen"].index("unrelenting_tide")
    state.relics[F][i] = 1
    state.relic_pool -= 1
    state.current, state.phase, state.pending = F, "upkeep", []
    state.apply(F, Spend("unrelenting_tide"))
    assert Choose("west") in state.legal_actions(F)
    state.apply(F, Choose("west"))
    assert king.sq == sq("c5")  # slides until the Ferrymen pawn on b5 stops it
    assert not any(isinstance(a, Journey) and a.frm == king.sq
                   for a in _rival_turn(state, 2))
    assert any(isinstance(a, Journey) and a.frm == pawn.sq for a in _rival_turn(state, 2))


def test_unrelenting_tide_no_relocate() -> None:
    from pygame_engine.games.darkleaf_gambit.actions import Leap

    state = cleared("ferrymen", "huldra")
    put(state, F, "king", "a1")
    put(state, F, "pawn", "b5")
    put(state, R, "rook", "h8")
    queen = put(state, R, "queen", "e5")
    i = CLANS["ferrymen"].index("unrelenting_tide")
    state.relics[F][i] = 1
    state.relic_pool -= 1
    state.current, state.phase, state.pending = F, "upkeep", []
    state.apply(F, Spend("unrelenting_tide"))
    state.apply(F, Choose("west"))
    assert queen.sq == sq("c5")
    # Huldra's next turn: no Leap beside the rook (a relocation), whatever the roll.
    assert not any(isinstance(a, Leap) for a in _rival_turn(state, 3))
    state.turns += 1  # the turn after: the queen may Leap again
    assert {a.to for a in _rival_turn(state, 3) if isinstance(a, Leap)} == {sq("g8"), sq("h7")}


def _rival_turn(state: DarkleafState, roll: int) -> list[Any]:
    twin = state.clone()
    twin.turns += 1  # the rival's next turn
    rolled(twin, R, roll)
    return twin.legal_actions(R)


def test_master_the_current() -> None:
    state = cleared("ferrymen", "erde")
    put(state, F, "king", "a1")
    put(state, R, "king", "h8")
    own = put(state, F, "pawn", "d4")
    rival = put(state, R, "pawn", "e4")
    state.clan_state[R]["reclaimed"] = [sq("d5")]  # Erde's: closed to Ferrymen units
    state.chips[R]["reclaimed"] -= 1
    acquire(state, F, "master_current")
    state.apply(F, Pick(sq("d4")))
    state.apply(F, Pick(sq("e4")))
    state.apply(F, Choose("north"))
    assert own.sq == sq("d4") and rival.sq == sq("e5")
    # Both move when both may: two pawns in a line, the one ahead first.
    state = ferry()
    put(state, R, "king", "h8")
    back, front = put(state, R, "pawn", "c4"), put(state, F, "pawn", "c5")
    acquire(state, F, "master_current")
    state.apply(F, Pick(sq("c4")))
    state.apply(F, Pick(sq("c5")))
    state.apply(F, Choose("north"))
    assert (back.sq, front.sq) == (sq("c5"), sq("c6"))
    assert state.last_move == {"flow": [[sq("c5"), sq("c6")], [sq("c4"), sq("c5")]]}


def test_eddy() -> None:
    state = ferry()
    own = put(state, F, "pawn", "c3")
    rival = put(state, R, "pawn", "f6")
    put(state, R, "king", "h8")
    acquire(state, F, "eddy")
    state.apply(F, Pick(sq("c3")))
    state.apply(F, Pick(sq("f6")))
    assert (own.sq, rival.sq) == (sq("f6"), sq("c3"))


def test_big_wave() -> None:
    state = ferry()
    aura_pawn(state, "e3", "barbaric")
    put(state, R, "king", "h8")
    rolled(state, F, 1)
    state.apply(F, Journey(sq("e3"), sq("e4")))
    a, b, c = put(state, R, "pawn", "d5"), put(state, R, "pawn", "f3"), put(state, R, "pawn", "f4")
    put(state, R, "knight", "g4")  # blocks the push of f4
    acquire(state, F, "big_wave")
    assert (a.sq, b.sq, c.sq) == (sq("c6"), sq("g2"), sq("f4"))  # one territory each


def test_calm_waters_zero_journey() -> None:
    state = ferry()
    state.laws[F].append("calm_waters")
    pawn = put(state, F, "pawn", "d4")
    rival = put(state, R, "pawn", "e5")  # diagonal
    put(state, R, "king", "h8")
    assert state.journey_destinations(pawn, 3) == sorted(  # a 3 journeys up to 2
        [sq("d5"), sq("d6"), sq("c4"), sq("b4"), sq("e4"), sq("f4")])
    rolled(state, F, 1)
    assert Journey(sq("d4"), sq("d4")) in state.legal_actions(F)
    state.apply(F, Journey(sq("d4"), sq("d4")))
    assert pawn.sq == sq("d4") and rival.sq == sq("f6")  # pushed away along the diagonal


def test_big_wave_after_a_zero_journey() -> None:
    state = ferry()
    state.laws[F].append("calm_waters")
    put(state, F, "pawn", "d4")
    first = put(state, R, "pawn", "e5")
    put(state, R, "king", "h8")
    rolled(state, F, 1)
    state.apply(F, Journey(sq("d4"), sq("d4")))  # the zero journey Flows e5 to f6
    a, b = put(state, R, "pawn", "c4"), put(state, R, "pawn", "d5")
    acquire(state, F, "big_wave")  # the zero journey is this turn's journey
    assert (a.sq, b.sq, first.sq) == (sq("b4"), sq("d6"), sq("f6"))


def test_royal_pushed_off_twice() -> None:
    state = ferry()
    put(state, F, "pawn", "e6")
    knight = put(state, F, "knight", "d3")
    king = put(state, R, "king", "e8")
    put(state, R, "pawn", "h5")
    rolled(state, F, 1)
    state.apply(F, Journey(sq("e6"), sq("e7")))
    assert state.pending[0].kind == "royal_place"
    assert {a.square for a in state.legal_actions(F)} == {  # type: ignore[attr-defined]
        sq(n) for n in ("b1", "c1", "d1", "e1", "f1", "g1", "h1")}  # the Ferrymen's Seat
    state.apply(F, Pick(sq("d1")))
    assert king.sq == sq("d1") and king.marks == {"flowed": 1} and not state.is_over()
    assert state.progress(F)["done"] == 1
    rolled(state, F, 1)
    state.apply(F, Journey(knight.sq, sq("d2")))  # ahead of the king, toward the edge
    assert king.sq == -1 and state.is_over() and state.winner == F


# -- Erde ----------------------------------------------------------------------------------


def erde(rival: str = "murg", **options: Any) -> DarkleafState:
    state = cleared("erde", rival, **options)
    put(state, F, "king", "e1")
    royal = next(k for k, _ in state.clans[R].data["start"] if k in D.ROYALS)
    put(state, R, royal, "h8")
    return state


def reclaim(state: DarkleafState, p: int, *names: str) -> None:
    state.clan_state[p]["reclaimed"] = [*state.clan_state[p].get("reclaimed", []),
                                        *(sq(n) for n in names)]
    state.chips[p]["reclaimed"] -= len(names)


def test_split_journey() -> None:
    state = erde()
    a, b = put(state, F, "pawn", "a2"), put(state, F, "pawn", "h2")
    rolled(state, F, 5)
    assert Journey(sq("a2"), sq("a7")) in state.legal_actions(F)  # the whole roll
    state.apply(F, Journey(sq("a2"), sq("a4")))  # 2 of the 5
    assert state.phase == "execute" and Cancel() not in state.legal_actions(F)
    legal = state.legal_actions(F)
    # The other pawn must use exactly the other 3; the "up to" king may take them too.
    assert {a.to for a in legal if isinstance(a, Journey) and a.frm == sq("h2")} == {
        sq("h5"), sq("e2")}  # 3 north or 3 west
    assert {a.frm for a in legal if isinstance(a, Journey)} == {sq("h2"), sq("e1")}
    state.apply(F, Journey(sq("h2"), sq("h5")))
    assert (a.sq, b.sq) == (sq("a4"), sq("h5")) and state.phase == "slot"


def test_split_journey_needs_a_second_part() -> None:
    state = cleared("erde", "murg")
    put(state, F, "king", "d8")  # boxed in by rivals: it cannot take any part
    for n in ("c8", "e8", "c7", "d7", "e7", "b2", "g2"):
        put(state, R, "pawn", n)
    put(state, R, "king", "a8")
    put(state, F, "pawn", "a2")  # north only: 1 to 5
    put(state, R, "knight", "h5")
    put(state, F, "pawn", "h2")  # north only, 1 or 2
    rolled(state, F, 5)
    firsts = {a.to for a in state.legal_actions(F) if isinstance(a, Journey) and a.frm == sq("a2")}
    assert firsts == {sq("a5"), sq("a6"), sq("a7")}  # 3, 4 (then h2 goes 2, 1) or all 5


def test_split_journey_no_third_unit() -> None:
    state = erde()
    a, b, c = (put(state, F, "pawn", n) for n in ("a2", "b2", "c2"))
    rolled(state, F, 6)
    state.apply(F, Journey(sq("a2"), sq("a3")))  # 1 of the 6
    legal = state.legal_actions(F)
    # Without Metamorphic the second unit must take all 5 left: no room for a third.
    assert Journey(sq("b2"), sq("b7")) in legal and Journey(sq("b2"), sq("b4")) not in legal
    assert Journey(sq("c2"), sq("c7")) in legal and Journey(sq("c2"), sq("c3")) not in legal
    state.apply(F, Journey(sq("b2"), sq("b7")))
    assert (a.sq, b.sq, c.sq) == (sq("a3"), sq("b7"), sq("c2")) and state.phase == "slot"


def test_metamorphic() -> None:
    state = erde()
    for n in ("a2", "b2", "c2"):
        put(state, F, "pawn", n)
    i = CLANS["erde"].index("metamorphic")
    state.relics[F][i] = 1
    state.relic_pool -= 1
    rolled(state, F, 2)
    assert Spend("metamorphic") not in state.legal_actions(F)  # needs a 3 or more
    rolled(state, F, 6)
    state.apply(F, Spend("metamorphic"))
    state.apply(F, Journey(sq("a2"), sq("a3")))
    state.apply(F, Journey(sq("b2"), sq("b4")))
    assert state.phase == "execute"
    state.apply(F, Journey(sq("c2"), sq("c5")))
    assert state.phase == "slot"


def test_reclaimed_closed_to_rivals() -> None:
    state = erde()
    reclaim(state, F, "d4")
    pawn = put(state, R, "pawn", "d6")  # Murg pawns go 3 at most, toward rank 1
    dests = state.journey_destinations(pawn, 3)
    assert sq("d3") in dests  # through the Reclaimed d4
    assert sq("d4") not in state.journey_destinations(pawn, 2)  # but never ending there


def test_reclaimed_any_direction() -> None:
    state = erde()
    reclaim(state, F, "d4")
    pawn = put(state, F, "pawn", "d4")
    other = put(state, F, "pawn", "b4")
    assert set(state.journey_destinations(pawn, 1)) == {sq(n) for n in (
        "c3", "d3", "e3", "c4", "e4", "c5", "d5", "e5")}
    assert sq("b3") not in state.journey_destinations(other, 1)


def test_reclaim() -> None:
    state = erde()
    pawn = put(state, F, "pawn", "d4")
    state.current, state.phase, state.pending = F, "declare", []
    assert Declare("reclaim", sq("d4"), sq("d4")) in state.legal_actions(F)
    state.apply(F, Declare("reclaim", sq("d4"), sq("d4")))
    state.rng = Loaded([5])
    state.apply(F, state.legal_actions(F)[0])  # roll: a 5 fails
    assert state.clan_state[F].get("reclaimed", []) == []
    state.current, state.phase, state.pending, state.intent = F, "declare", [], None
    state.laws[F].append("one_with_land")
    state.apply(F, Declare("reclaim", sq("d4"), sq("d4")))
    state.rng = Loaded([5])
    state.apply(F, state.legal_actions(F)[0])  # under One With the Land, a 5 will do
    assert state.clan_state[F]["reclaimed"] == [sq("d4")]
    assert state.chips[F]["reclaimed"] == D.CHIPS_IN_PLAY - 1
    assert state.pending[0].kind == "reclaim_move"
    assert Pick(sq("d2")) in state.legal_actions(F)  # next to the king on e1
    state.apply(F, Pick(sq("d2")))
    assert pawn.sq == sq("d2")
    assert state.view(None)["territory_marks"][0]["square"] == sq("d4")
    # Without the law, a plain 6 is enough.
    state = erde()
    put(state, F, "pawn", "e5")
    state.current, state.phase, state.pending = F, "declare", []
    state.apply(F, Declare("reclaim", sq("e5"), sq("e5")))
    state.rng = Loaded([6])
    state.apply(F, state.legal_actions(F)[0])
    assert state.clan_state[F].get("reclaimed", []) == [sq("e5")]
    assert state.pending[0].kind == "reclaim_move"


def test_reclaim_next_to_a_surrounded_king() -> None:
    state = erde()  # the Erde king on e1
    pawn = put(state, F, "pawn", "d4")
    for name in ("d1", "f1", "f2"):
        put(state, F, "pawn", name)
    for name in ("d2", "e2"):
        put(state, R, "pawn", name)
    state.current, state.phase, state.pending = F, "declare", []
    state.apply(F, Declare("reclaim", sq("d4"), sq("d4")))
    state.rng = Loaded([6])
    state.apply(F, state.legal_actions(F)[0])
    # Every territory next to the king is taken: next best, the ring beyond them.
    assert set(state.legal_actions(F)) == {
        Pick(sq(n)) for n in ("c1", "c2", "c3", "d3", "e3", "f3", "g1", "g2", "g3")}
    state.apply(F, Pick(sq("c3")))
    assert pawn.sq == sq("c3")


def test_banish() -> None:
    state = erde()
    a, b = put(state, R, "pawn", "e4"), put(state, R, "knight", "d5")
    i = CLANS["erde"].index("banish")
    state.relics[F][i] = 1
    state.relic_pool -= 1
    state.current, state.phase, state.pending = F, "upkeep", []
    state.apply(F, Spend("banish"))
    options = {x.square for x in state.legal_actions(F)}  # type: ignore[attr-defined]
    assert all(8 <= s < 56 for s in options)  # the Woods
    state.apply(F, Pick(sq("a3")))
    state.apply(F, Pick(sq("h6")))
    assert {a.sq, b.sq} == {sq("a3"), sq("h6")}


def test_that_which_cannot_be_destroyed() -> None:
    state = erde()
    put(state, F, "rook", "a1")
    acquire(state, F, "undying")
    assert {x.square for x in state.legal_actions(F)} == {  # type: ignore[attr-defined]
        sq("a2"), sq("b1"), sq("b2")}
    state.apply(F, Pick(sq("b2")))
    assert at(state, "b2").kind == "pawn"  # type: ignore[union-attr]


def test_that_which_cannot_be_destroyed_next_best() -> None:
    state = erde()
    put(state, F, "rook", "a1")
    put(state, F, "sage", "a2")
    put(state, R, "pawn", "b1")
    put(state, R, "pawn", "b2")
    acquire(state, F, "undying")
    # Every territory next to the rook is taken: next best, around those.
    assert {x.square for x in state.legal_actions(F)} == {  # type: ignore[attr-defined]
        sq(n) for n in ("a3", "b3", "c1", "c2", "c3")}
    state.apply(F, Pick(sq("c2")))
    assert at(state, "c2").kind == "pawn"  # type: ignore[union-attr]


def test_sink() -> None:
    state = erde()
    knight = put(state, R, "knight", "c6")
    put(state, R, "rook", "a8")
    acquire(state, F, "sink")
    assert {x.square for x in state.legal_actions(F)} == {  # type: ignore[attr-defined]
        sq("c6"), sq("h8")}  # any rival unit (the royal too), not the invulnerable rook
    state.apply(F, Pick(sq("c6")))
    assert knight.sq == -1


@pytest.mark.parametrize(("rival", "can"), [
    ("murg", True), ("huldra", True), ("ferrymen", True), ("wibo", False), ("hexen", False)])
def test_thick_skin(rival: str, can: bool) -> None:
    state = erde(rival)
    king = state.royals(F)[0]
    assert state.vanquishable(king, R) == can
    assert state.clans[F].untargetable(state, king, R) == (not can)
    assert state.vanquishable(king, None)  # the Will is no clan


def test_thick_skin_flow_pushes_king_off() -> None:
    state = cleared("ferrymen", "erde")
    put(state, F, "king", "a1")
    put(state, F, "pawn", "e6")
    king = put(state, R, "king", "e8")
    rolled(state, F, 1)
    state.apply(F, Journey(sq("e6"), sq("e7")))
    assert king.sq == -1 and state.pending[0].kind == "royal_place"


def test_sage_rook_wall() -> None:
    state = erde()
    put(state, F, "rook", "a1")
    b, c = put(state, F, "sage", "b1"), put(state, F, "sage", "c1")
    assert not state.vanquishable(b, R) and not state.vanquishable(c, R)
    state.move(c, sq("c2"))  # out of the rank: no longer in the wall
    assert state.vanquishable(c, R) and not state.vanquishable(b, R)
    state.move(b, sq("d1"))  # a gap to the rook
    assert state.vanquishable(b, R)


def test_erde_path() -> None:
    state = erde()
    king = state.royals(F)[0]
    state.move(king, sq("d3"))
    reclaim(state, F, "d4", "e4", "d5")
    assert sq("d4") not in state.journey_destinations(king, 1)  # not before all four
    reclaim(state, F, "e5")
    assert sq("d4") in state.journey_destinations(king, 1)
    rolled(state, F, 1)
    state.apply(F, Journey(sq("d3"), sq("d4")))
    assert state.is_over() and state.winner == F


# -- Reclaimed land against the other clans ---------------------------------------------------


def test_destroy_on_reclaimed_no_move_in() -> None:
    state = erde()
    reclaim(state, F, "d4")
    victim = put(state, F, "pawn", "d4")
    murg = put(state, R, "pawn", "d5")
    state.current, state.phase, state.pending = R, "declare", []
    state.apply(R, Declare("destroy", sq("d5"), sq("d4")))
    state.rng = Loaded([4])
    state.apply(R, state.legal_actions(R)[0])
    assert victim.sq == -1 and murg.sq == sq("d5")


def test_ambush_not_onto_reclaimed() -> None:
    state = erde()
    put(state, F, "pawn", "d4")
    sage = put(state, R, "sage", "b6")
    assert sq("d4") in state.journey_destinations(sage, 2)
    reclaim(state, F, "d4")
    assert sq("d4") not in state.journey_destinations(sage, 2)


def test_tremor_and_reclaimed() -> None:
    state = erde(will="curses")
    reclaim(state, F, "d4", "e4")
    rival = put(state, R, "pawn", "d3")  # its Tremor goes toward rank 8: onto d4
    own = put(state, F, "pawn", "e5")  # Erde's goes toward rank 1: onto e4
    state.current, state.phase, state.pending = R, "upkeep", []
    state.rng = Loaded([1])  # Tremor
    state.apply(R, InvokeWill())
    assert rival.sq == sq("d3") and own.sq == sq("e4")


def test_next_best_placement_skips_reclaimed() -> None:
    state = erde()
    reclaim(state, F, "d4")
    murg = next(u for u in state.units if u.owner == R and u.sq < 0 and u.kind == "pawn")
    erde_pawn = next(u for u in state.units if u.owner == F and u.sq < 0 and u.kind == "pawn")
    assert sq("d4") not in state.placements([sq("d4")], murg)
    assert state.placements([sq("d4")], erde_pawn) == [sq("d4")]


# -- every pairing ----------------------------------------------------------------------------

MINE = ("ferrymen", "erde")
PAIRINGS = [(a, b) for a in sorted(CLANS) for b in sorted(CLANS) if a in MINE or b in MINE]


@pytest.mark.parametrize(("clan1", "clan2"), PAIRINGS)
def test_conformance_pairings(clan1: str, clan2: str) -> None:
    """The conformance suite's checks on a random playout of each pairing."""
    for will in ("blessings", "curses"):
        seed = len(clan1) * 31 + len(clan2) + (will == "curses")
        rng = Rng(seed)
        state = GAME.new_game(2, seed, {"clan1": clan1, "clan2": clan2, "will": will})
        checked_playout(state, rng, every=13)
        assert state.winners()
        again = load(save(state), {GAME.id: GAME})
        assert _views(again) == _views(state)


# -- the lobby ------------------------------------------------------------------------------


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
    assert card.count('class="option-notes"') == 1  # both seats share one list
    for c in clan1.choices:
        assert f"{clan1.choice_label(c)}:</strong>" in card


# -- the view -------------------------------------------------------------------------------


@pytest.mark.parametrize(("clan1", "clan2", "seed"), [
    ("ferrymen", "erde", 3), ("erde", "ferrymen", 4), ("ferrymen", "murg", 5),
    ("huldra", "erde", 6), ("ferrymen", "wibo", 7), ("hexen", "erde", 8)])
def test_view_playouts(clan1: str, clan2: str, seed: int) -> None:
    """The table contract on random positions of these pairings (the part 1 view
    test's checks: every board action offered, units lettered, text >= 12 units)."""
    import random

    from tests.games.test_darkleaf_gambit_view import check_position

    s = GAME.new_game(2, seed, {"clan1": clan1, "clan2": clan2})
    assert isinstance(s, DarkleafState)
    rng = random.Random(seed)
    for step in range(120):
        check_position(s, others=step % 10 == 0)
        if s.is_over():
            break
        p = s.active_players()[0]
        s.apply(p, rng.choice(s.legal_actions(p)))


def test_view_marks_reclaimed_flow_and_held() -> None:
    from web.views.darkleaf_gambit import render_board

    state = cleared("ferrymen", "erde")
    put(state, F, "king", "a1")
    put(state, F, "pawn", "e5")
    king = put(state, R, "king", "e8")
    put(state, R, "pawn", "c6")
    reclaim(state, R, "d4")
    rolled(state, F, 2)
    state.apply(F, Journey(sq("e5"), sq("e7")))  # the Erde king goes off the edge
    state.apply(F, Pick(sq("d1")))
    markup = render_board(state.view(None), [], {})
    assert "d4: Reclaimed by" in markup and ">R</text>" in markup
    assert "Flowed off Haggedorn&#x27;s edge from e8" in markup and 'class="dg-flow last-move"' in \
        markup
    state.held[king.uid] = state.turns
    assert "held by Unrelenting Tide" in render_board(state.view(None), [], {})


@pytest.mark.parametrize("policy", ["first", "last", "first-or-last"])
@pytest.mark.parametrize(("clan1", "clan2"), [
    ("ferrymen", "erde"), ("erde", "ferrymen"), ("ferrymen", "ferrymen"), ("erde", "erde"),
    ("erde", "murg"), ("huldra", "ferrymen")])
def test_stubborn_play_ends(clan1: str, clan2: str, policy: str) -> None:
    """Always the first (or last) legal action: the game still ends within
    ``max_actions`` and no active seat is ever left without an action."""
    from tests.test_conformance import POLICIES

    pick = POLICIES[policy]
    rng = Rng(9)
    state = GAME.new_game(2, 9, {"clan1": clan1, "clan2": clan2, "will": "curses"})
    most = GAME.max_actions(2, state.options)
    while not state.is_over():
        active = state.active_players()
        assert active and all(state.legal_actions(p) for p in active)
        p = active[0]
        state.apply(p, pick(state.legal_actions(p), rng))
        assert len(state.history) <= most


def test_unrelenting_tide_against_deep_roots() -> None:
    """The Wibo queen slides one territory at most (Deep Roots via ``state.move_limit``)."""
    state = cleared("ferrymen", "wibo")
    put(state, F, "king", "a1")
    queen = put(state, R, "queen", "e5")
    i = CLANS["ferrymen"].index("unrelenting_tide")
    state.relics[F][i] = 1
    state.relic_pool -= 1
    state.current, state.phase, state.pending = F, "upkeep", []
    state.apply(F, Spend("unrelenting_tide"))
    state.apply(F, Choose("west"))
    assert queen.sq == sq("d5")


def test_view_flow_choices_on_the_board() -> None:
    """A Flow question highlights where each push sends the rival (off the edge: its own
    territory), every choice reachable by a click."""
    import re

    from tests.games.test_darkleaf_gambit_view import check_position, choices, reachable
    from web.views.darkleaf_gambit import render_board

    state = ferry()
    put(state, F, "pawn", "g7")
    put(state, R, "pawn", "h7")
    put(state, R, "king", "h8")
    put(state, R, "pawn", "h6")
    rolled(state, F, 1)
    state.apply(F, Journey(sq("g7"), sq("h7")))  # upon the pawn on the corner file
    legal = choices(state, F)
    assert {c["kind"] for c in legal} == {"push"}
    check_position(state)
    view = state.view(F)
    markup = render_board(view, legal, {})
    # The ways off the edge all leave from h7: that territory asks which.
    assert f'data-ui="at={sq("h7")}"' in markup
    assert len(re.findall(r'data-action="(\d+)"', markup)) < len(legal)
    assert reachable(view, legal) == {c["index"] for c in legal}
