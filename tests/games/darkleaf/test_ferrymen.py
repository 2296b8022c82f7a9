"""Darkleaf Gambit: the Ferrymen, clause by clause, and their interactions with
the other clans.

| clause of the rule text (or adaptation note) | test |
|---|---|
| (adapted) a proven bound on length; stubborn play | test_stubborn_play_ends |
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
| (reading) only forward: no sideways pawn journey | test_only_forward_ever_forward |
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
| (reading) Deep Roots vs first push-off | test_deep_roots_against_the_first_push_off |
| stubborn play ends within max_actions (three rolls, Hexes) | test_stubborn_play_ends |
"""

from __future__ import annotations

from typing import Any

import pytest

from pygame_engine.games.darkleaf_gambit import GAME
from pygame_engine.games.darkleaf_gambit.actions import (
    Choose,
    Journey,
    Pick,
    Proceed,
    Spend,
)
from pygame_engine.games.darkleaf_gambit.clans import CLANS
from pygame_engine.games.darkleaf_gambit.clans.ferrymen import Push
from pygame_engine.games.darkleaf_gambit.state import DarkleafState, Unit
from tests.games.darkleaf.helpers import (
    F,
    R,
    acquire,
    at,
    pair,
    play_out_within_bound,
    put,
    rolled,
    sq,
)


def ferry(rival: str = "murg") -> DarkleafState:
    state = pair("ferrymen", rival)
    put(state, F, "king", "a1")
    return state


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
    state.chips[F][state.clans[F].chip_set(aura)] -= 1
    return pawn


def plated(state: DarkleafState, name: str) -> Unit:
    pawn = put(state, R, "pawn", name)
    pawn.auras.append("iron_plating")
    state.chips[R][state.clans[R].chip_set("iron_plating")] -= 1
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
    put(state, F, "rook", "d8")  # a rook: pawns never journey sideways
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
    assert set(state.journey_destinations(pawn, 1)) == {sq("d5")}  # (reading) not sideways
    assert set(state.journey_destinations(sage, 1)) == {sq("e5"), sq("g5")}
    assert sq("b3") in state.journey_destinations(knight, 1)  # knights may go back


def test_flow_units_journey_the_roll_exactly() -> None:
    """(rules 13, designed) Every Ferrymen Flow unit journeys the roll exactly,
    a roll above its cap (pawn and knight: 3) the cap; the king one territory."""
    state = ferry()
    rook = put(state, F, "rook", "a4")
    sage = put(state, F, "sage", "c1")
    knight = put(state, F, "knight", "e4")
    pawn = put(state, F, "pawn", "h2")
    put(state, R, "king", "h8")
    assert set(state.journey_destinations(rook, 3)) == {sq("a7"), sq("d4")}  # not a5, a6
    assert set(state.journey_destinations(sage, 2)) == {sq("a3"), sq("e3")}  # not b2, d2
    assert sq("e7") in state.journey_destinations(knight, 5)  # capped at 3
    assert not {sq("e5"), sq("e6")} & set(state.journey_destinations(knight, 5))
    assert state.journey_destinations(pawn, 6) == [sq("h5")]
    rolled(state, F, 3)
    landing = Journey(sq("a4"), sq("a6"))  # short of the roll: no longer a journey
    assert landing not in state.legal_actions(F)
    assert "cannot" in state.explain_illegal(F, landing)


def test_only_forward_ever_forward() -> None:
    """(reading) "only forward, ever forward": a pawn never journeys sideways, in
    either seat, whatever the roll; knights and rooks still may."""
    state = pair("ferrymen", "ferrymen")
    put(state, F, "king", "a1")
    pawn = put(state, F, "pawn", "d4")
    rook = put(state, F, "rook", "a4")
    rival = put(state, R, "pawn", "e6")  # a Ferrymen pawn of the second seat
    put(state, R, "king", "h8")
    for roll in (1, 2, 3):
        assert {t % 8 for t in state.journey_destinations(pawn, roll)} == {pawn.sq % 8}
    assert sq("b4") in state.journey_destinations(rook, 1)
    assert set(state.journey_destinations(rival, 2)) == {sq("e4")}  # seat 2: down, exactly 2


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
    assert set(state.journey_destinations(sage, 2)) == {sq("b1"), sq("f1")}
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
        state.chips[F][state.clans[F].chip_set(aura)] -= 1
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
    from pygame_engine.games.darkleaf_gambit.clans.huldra import Leap

    state = pair("ferrymen", "huldra")
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
    state = pair("ferrymen", "erde")
    put(state, F, "king", "a1")
    put(state, R, "king", "h8")
    own = put(state, F, "pawn", "d4")
    rival = put(state, R, "pawn", "e4")
    state.clan_state[R]["reclaimed"] = [sq("d5")]  # Erde's: closed to Ferrymen units
    state.chips[R][state.clans[R].chip_set("reclaimed")] -= 1
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
    assert state.journey_destinations(pawn, 3) == [sq("d6")]  # a 3 journeys 2 (forward)
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


def test_deep_roots_against_the_first_push_off() -> None:
    """(reading) Deep Roots and the first push-off: the shove over the edge is the
    one territory Deep Roots allows; the Wibo queen is then placed anywhere on the
    Ferrymen's Seat, however far from where she fell."""
    state = pair("ferrymen", "wibo")
    put(state, F, "king", "a1")
    put(state, F, "pawn", "e6")
    queen = put(state, R, "queen", "e8")
    put(state, R, "pawn", "h5")
    rolled(state, F, 1)
    state.apply(F, Journey(sq("e6"), sq("e7")))
    assert queen.sq == -1 and state.pending[0].kind == "royal_place"
    assert {a.square for a in state.legal_actions(F)} == {  # type: ignore[attr-defined]
        sq(n) for n in ("b1", "c1", "d1", "e1", "f1", "g1", "h1")}
    state.apply(F, Pick(sq("h1")))
    assert queen.sq == sq("h1") and queen.marks == {"flowed": 1} and not state.is_over()


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


@pytest.mark.parametrize("policy", ["first", "last", "first-or-last"])
@pytest.mark.parametrize(("clan1", "clan2"), [
    ("ferrymen", "erde"), ("erde", "ferrymen"), ("ferrymen", "ferrymen"), ("erde", "erde"),
    ("erde", "murg"), ("huldra", "ferrymen")])
def test_stubborn_play_ends(clan1: str, clan2: str, policy: str) -> None:
    """Always the first (or last) legal action: the game still ends within
    ``max_actions`` and no active seat is ever left without an action."""
    from tests.test_conformance import POLICIES

    play_out_within_bound(POLICIES[policy], 9, clan1=clan1, clan2=clan2, will="curses")


def test_unrelenting_tide_against_deep_roots() -> None:
    """The Wibo queen slides one territory at most (Deep Roots via ``state.move_limit``)."""
    state = pair("ferrymen", "wibo")
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

    from tests.games.darkleaf.test_view import check_position, choices, reachable
    from web.views.darkleaf_gambit import render_board

    state = ferry()
    put(state, F, "rook", "g7")  # a rook: pawns never journey sideways
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
