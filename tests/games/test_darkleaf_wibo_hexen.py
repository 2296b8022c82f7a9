"""Darkleaf Gambit part 2: Wildero Wibo and Hexen, clause by clause, and their match-ups.

| clause of the compendium (or adaptation note) | test |
|---|---|
| (designed) Wibo data: start, six d6, no fate chips | test_wibo_setup |
| Wibo: nothing to declare, the turn starts with a roll | test_wibo_setup |
| running start: Morph only right after the unit's journey | test_morph_only_after_a_journey |
| Morph: a neighbouring rival, 3 or higher, becomes a pawn | test_morph_needs_three_and_converts |
| only the final roll is slotted; earlier bones back to pool | test_only_the_last_roll_is_slotted |
| failed Morph roll may still be slotted | test_only_the_last_roll_is_slotted |
| up to three rolls: journey, Morph, retreat | test_retreat_toward_the_seat_only |
| retreat: diagonal allowed, toward the Seat; no lateral | test_retreat_toward_the_seat_only |
| trait: Morph of a royal sends the new pawn to the Seat | test_morph_of_a_royal_goes_to_the_seat |
| ... next best placement when the Seat is full | test_morph_of_a_royal_when_the_seat_is_full |
| Hasty Retreat: knight and pawn retreat together | test_hasty_retreat |
| ... the pawn's next best placement around a surrounded knight | test_hasty_retreat_next_best |
| invulnerable rook; Biotic Refuge (diagonal pawns) | test_rook_and_biotic_refuge |
| Deep Roots: 1 territory whatever the roll, or a swap | test_deep_roots_journey |
| Deep Roots: a rival's skill moves the queen 1 at most | test_deep_roots_against_hoc_vult |
| Mass Morph: one roll converts two; not with Starter Seed | test_mass_morph |
| Starter Seed: spend after journey, no roll needed | test_starter_seed |
| Hallucinogenic Spores: relocate a pawn anywhere | test_spores |
| Rival Regrowth: rival pawn by the rook, held one turn | test_rival_regrowth |
| ... next best placement around a surrounded rook | test_rival_regrowth_next_best |
| Scatter: remove a rival unit's aura | test_scatter |
| The Endless: pawns in the Seat invulnerable, never moved | test_endless_stasis |
| pawn stasis at the end of Roll & Execute (last Morph) | test_endless_stasis_starts_after_phase3 |
| The Endless vs Poison Garden: non-pawns still vanquished | test_endless_against_poison_garden |
| gaining invulnerability dispels a Witch's Ladder | test_endless_dispels_witchs_ladder |
| Wibo path: END a turn with 6 pawns in the Seat | test_wibo_path |
| (designed) Morph needs a pawn left in the graveyard | test_morph_needs_a_pawn_to_become |
| Iron Plating vs Morph: aura removed, unit unaffected | test_iron_plating_against_morph |
| (designed) Hexen data: six d8 bones | test_hexen_setup_and_quarry |
| Divine Quarry: 2 before the first roll, farthest 2 ranks | test_hexen_setup_and_quarry |
| Quarry: no royal, invulnerable or may-become-invulnerable | test_quarry_against_wibo |
| d8 direction bone: 1 forward, clockwise, both seats | test_direction_bone |
| journey as far as wished in the direction, until blocked | test_direction_bone |
| Celestial Compass: +1 or -1 direction | test_celestial_compass |
| hidden intent: no declaration | test_direction_bone |
| Hex only after a journey, from the unit that journeyed | test_hex_after_journey |
| sages Hex without journeying | test_hex_after_journey |
| several Hexes after one journey, a relic each | test_several_hexes_after_one_journey |
| relics spendable the turn they are earned | test_relic_spent_the_turn_it_is_earned |
| Poison Garden: 3 counters, Hexen Upkeep, on and adjacent | test_poison_garden |
| Witch's Ladder: diagonal, any distance, through units | test_witchs_ladder_cast |
| Witch's Ladder: never cast on a Quarry | test_witchs_ladder_cast |
| Ladder: 2 rounds, restart on adjacent (Quarry/own) | test_witchs_ladder_resolves_restarts |
| Ladder vs Iron Plating: aura off, transfer or end | test_witchs_ladder_against_iron_plating |
| Ladder vs invulnerable: no vanquish, no restart | test_witchs_ladder_against_invulnerable |
| untimely demise: the Ladder leaves with its host | test_witchs_ladder_untimely_demise |
| counters removed in Hexen Upkeep in the Hexen's order | test_hex_order_is_hexens_choice |
| Haggedorn Hoc Vult: relocate any unit anywhere | test_hoc_vult |
| Waxing Moon: every Hex counter down 1, resolve at 0 | test_waxing_moon |
| Hexen path: both Quarry vanquished | test_hexen_path |
| conformance checks, every pairing with Wibo or Hexen | test_conformance_pairings |
| stubborn play ends within max_actions (three rolls, Hexes) | test_stubborn_play_ends |
| bots: Wibo and Hexen evaluations follow their paths | test_heuristics_follow_the_new_paths |
"""

from __future__ import annotations

from typing import Any

import pytest

from pygame_engine.core.rng import Rng
from pygame_engine.games.darkleaf_gambit import GAME
from pygame_engine.games.darkleaf_gambit.actions import (
    Cancel,
    Choose,
    Journey,
    Keep,
    Pick,
    Proceed,
    Roll,
    Slot,
    Spend,
)
from pygame_engine.games.darkleaf_gambit.clans import CLANS
from pygame_engine.games.darkleaf_gambit.heuristics import side_value
from pygame_engine.games.darkleaf_gambit.hexen import (
    CastGarden,
    CastLadder,
    HexDone,
    Hexen,
    direction,
)
from pygame_engine.games.darkleaf_gambit.rules import DarkleafState, Unit
from pygame_engine.games.darkleaf_gambit.wibo import Morph, SeedMorph, Stop
from tests.games.test_darkleaf_gambit import Loaded, put, sq
from tests.games.test_darkleaf_gambit_view import check_position
from tests.test_conformance import POLICIES, checked_playout
from web.views.darkleaf_gambit import render_board

W, X = 0, 1  # the first seat plays the clan under test, the second its rival


def fresh(clan1: str, clan2: str, seed: int = 1, **options: Any) -> DarkleafState:
    """A new game with every unit in the graveyard and no question waiting."""
    state = GAME.new_game(2, seed, {"clan1": clan1, "clan2": clan2, **options})
    assert isinstance(state, DarkleafState)
    for u in state.units:
        u.sq = -1
    state.board = [-1] * 64
    state.pending = []
    return state


def picks(state: DarkleafState, p: int) -> list[int]:
    """The squares offered to ``p`` as answers (Pick actions)."""
    return [a.square for a in state.legal_actions(p) if isinstance(a, Pick)]


def turn(state: DarkleafState, p: int, value: int) -> None:
    """``p`` has just rolled ``value`` (Roll & Execute), nothing waiting."""
    state.current, state.phase, state.intent, state.pending = p, "execute", None, []
    state.turns = max(state.turns, 1)
    s = state.clan_state[p]
    if "step" in s:
        s.update(step="", mover=-1, second=-1, new=[], knight=-1)
    if "journeyed" in s:
        s["journeyed"] = -1
    state.rolled = state.pool(p)[0]
    state.roll = state.bone_value[state.rolled] = value


def roll_next(state: DarkleafState, p: int, value: int) -> None:
    """Roll another bone (the Wibo's second or third roll) showing ``value``."""
    state.rng = Loaded([value])
    roll = next(a for a in state.legal_actions(p) if isinstance(a, Roll))
    state.apply(p, roll)


# -- Wildero Wibo ---------------------------------------------------------------------------


def test_wibo_setup() -> None:
    state = GAME.new_game(2, 1, {"clan1": "wibo", "clan2": "murg"})
    assert isinstance(state, DarkleafState)
    kinds = sorted((u.kind, u.sq) for u in state.on_board(W))
    assert kinds == sorted([("sage", sq("c1")), ("queen", sq("d1")), ("rook", sq("e1")),
                            ("knight", sq("f1")), ("pawn", sq("d2")), ("pawn", sq("f2"))])
    assert len(state.graveyard(W, "pawn")) == 6
    assert state.chips[W] == {} and set(state.bone_faces[:6]) == {6}
    assert state.first == W  # the Wibo come before The Murg in the starting order
    state.apply(W, Proceed())
    assert state.phase == "roll"  # no Declare Intent: a Morph only follows a journey


def test_morph_only_after_a_journey() -> None:
    state = fresh("wibo", "murg")
    put(state, W, "pawn", "d4")
    put(state, X, "pawn", "d5")  # next to the Wibo pawn from the start of the turn
    turn(state, W, 1)
    assert not any(isinstance(a, (Morph, SeedMorph)) for a in state.legal_actions(W))
    state.apply(W, Journey(sq("d4"), sq("c5")))  # around: d5 now neighbours it again
    assert state.phase == "execute"
    assert [a.target for a in state.legal_actions(W) if isinstance(a, Morph)] == [sq("d5")]
    state2 = fresh("wibo", "murg")
    put(state2, W, "pawn", "d4")
    put(state2, X, "pawn", "e6")
    turn(state2, W, 1)
    state2.apply(W, Journey(sq("d4"), sq("d5")))  # e6 is diagonal: no Morph
    assert state2.phase == "slot"


def test_morph_needs_three_and_converts() -> None:
    for value, converted in ((2, False), (3, True)):
        state = fresh("wibo", "murg")
        put(state, W, "pawn", "d4")
        victim = put(state, X, "knight", "d6")
        turn(state, W, 1)
        state.apply(W, Journey(sq("d4"), sq("d5")))
        state.apply(W, Morph(sq("d5"), sq("d6"), -1))
        assert state.phase == "roll"
        roll_next(state, W, value)
        mine = state.unit_at(sq("d6"))
        if converted:
            assert victim.sq == -1 and mine is not None and mine.owner == W
            assert mine.kind == "pawn"
        else:
            assert mine is victim and state.phase == "slot"


def test_only_the_last_roll_is_slotted() -> None:
    state = fresh("wibo", "murg")
    put(state, W, "pawn", "d4")
    put(state, X, "knight", "d6")
    turn(state, W, 5)
    first = state.rolled
    state.apply(W, Journey(sq("d4"), sq("d5")))
    state.apply(W, Morph(sq("d5"), sq("d6"), -1))
    assert first in state.pool(W)  # the journey's bone is back in the pool
    roll_next(state, W, 1)  # a failed Morph
    assert state.rolled != -1 and state.roll == 1 and state.phase == "slot"
    slots = state.legal_actions(W)
    assert Slot("endless", 0) in slots  # the failed roll may still be slotted
    assert Slot("spores", 0) not in slots  # the journey's 5 is not the slotted bone
    state.apply(W, Slot("endless", 0))
    slotted = state.rows[W][CLANS["wibo"].index("endless")][0]
    assert slotted >= 0 and state.bone_value[slotted] == 1  # the Morph's roll, not the 5


def test_retreat_toward_the_seat_only() -> None:
    state = fresh("wibo", "murg")
    put(state, W, "pawn", "d4")
    put(state, X, "pawn", "e5")
    turn(state, W, 1)
    state.apply(W, Journey(sq("d4"), sq("d5")))
    state.apply(W, Morph(sq("d5"), sq("e5"), -1))
    roll_next(state, W, 4)
    new = state.unit_at(sq("e5"))
    assert new is not None and new.owner == W
    assert state.phase == "execute" and Stop() in state.legal_actions(W)
    roll_next(state, W, 2)  # the third roll
    dests = sorted(a.to for a in state.legal_actions(W) if isinstance(a, Journey))
    assert all(a.frm == sq("e5") for a in state.legal_actions(W) if isinstance(a, Journey))
    # Straight back or diagonally back, up to 2; never sideways nor forward.
    assert dests == sorted(sq(n) for n in ("e4", "e3", "f4", "g3", "d4", "c3"))
    state.apply(W, Journey(sq("e5"), sq("e3")))
    assert state.phase == "slot" and state.roll == 2 and new.sq == sq("e3")


def test_morph_of_a_royal_goes_to_the_seat() -> None:
    state = fresh("wibo", "murg")
    put(state, W, "knight", "e5")
    king = put(state, X, "king", "e7")
    turn(state, W, 1)
    state.apply(W, Journey(sq("e5"), sq("e6")))
    state.apply(W, Morph(sq("e6"), sq("e7"), -1))
    roll_next(state, W, 6)
    assert king.sq == -1 and state.unit_at(sq("e7")) is None
    assert state.pending and state.pending[0].kind == "morph_seat"
    seat = picks(state, W)
    assert seat and all(state.in_seat(W, t) for t in seat)
    state.apply(W, Pick(sq("a1")))
    pawn = state.unit_at(sq("a1"))
    assert pawn is not None and pawn.kind == "pawn" and pawn.owner == W


def test_morph_of_a_royal_when_the_seat_is_full() -> None:
    state = fresh("wibo", "murg")
    put(state, W, "knight", "e5")
    put(state, X, "king", "e7")
    for f in "abcdefgh":  # the Wibo Seat (rank 1) full of Murg pawns
        put(state, X, "pawn", f + "1")
    put(state, W, "sage", "c2")
    turn(state, W, 1)
    state.apply(W, Journey(sq("e5"), sq("e6")))
    state.apply(W, Morph(sq("e6"), sq("e7"), -1))
    roll_next(state, W, 6)
    assert state.pending and state.pending[0].kind == "morph_seat"
    # Next best placement: the empty territories next to the Seat.
    assert sorted(picks(state, W)) == [sq(f + "2") for f in "abdefgh"]
    state.apply(W, Pick(sq("h2")))
    pawn = state.unit_at(sq("h2"))
    assert pawn is not None and pawn.kind == "pawn" and pawn.owner == W


def test_hasty_retreat() -> None:
    state = fresh("wibo", "murg")
    knight = put(state, W, "knight", "d4")
    put(state, X, "sage", "d6")
    turn(state, W, 1)
    state.apply(W, Journey(sq("d4"), sq("d5")))
    state.apply(W, Morph(sq("d5"), sq("d6"), -1))
    roll_next(state, W, 4)
    roll_next(state, W, 3)
    moves = [a for a in state.legal_actions(W) if isinstance(a, Journey)]
    assert moves and all(a.frm == sq("d5") for a in moves)  # the knight carries the retreat
    state.apply(W, Journey(sq("d5"), sq("d2")))
    assert knight.sq == sq("d2") and state.pending and state.pending[0].kind == "hasty"
    squares = sorted(picks(state, W))
    assert squares == sorted(sq(n) for n in ("d1", "d3", "c2", "e2"))  # neighbouring
    state.apply(W, Pick(sq("d3")))
    pawn = state.unit_at(sq("d3"))
    assert pawn is not None and pawn.kind == "pawn" and state.unit_at(sq("d6")) is None


def test_hasty_retreat_next_best() -> None:
    state = fresh("wibo", "murg")
    put(state, W, "knight", "d4")
    put(state, X, "sage", "d6")
    for owner, name in ((W, "a3"), (W, "b2"), (X, "c3"), (X, "b4")):
        put(state, owner, "pawn", name)  # the four territories beside b3
    turn(state, W, 1)
    state.apply(W, Journey(sq("d4"), sq("d5")))
    state.apply(W, Morph(sq("d5"), sq("d6"), -1))
    roll_next(state, W, 4)
    roll_next(state, W, 3)
    state.apply(W, Journey(sq("d5"), sq("b3")))  # diagonally back, toward the Seat
    assert state.pending and state.pending[0].kind == "hasty"
    # Every territory beside the knight is taken: next best, around them.
    assert sorted(picks(state, W)) == sorted(sq(n) for n in (
        "a1", "a2", "a4", "a5", "b1", "b5", "c1", "c2", "c4", "c5", "d2", "d3", "d4"))
    state.apply(W, Pick(sq("c4")))
    pawn = state.unit_at(sq("c4"))
    assert pawn is not None and pawn.kind == "pawn" and state.unit_at(sq("d6")) is None


def test_rook_and_biotic_refuge() -> None:
    state = fresh("wibo", "murg")
    rook = put(state, W, "rook", "d4")
    diag = put(state, W, "pawn", "e5")
    beside = put(state, W, "pawn", "d5")
    assert not state.vanquishable(rook, X)
    assert not state.vanquishable(diag, X)  # Biotic Refuge
    assert state.vanquishable(beside, X)  # neighbouring, not diagonal
    state.move(rook, sq("a1"))
    assert state.vanquishable(diag, X)


def test_deep_roots_journey() -> None:
    state = fresh("wibo", "murg")
    queen = put(state, W, "queen", "d4")
    put(state, W, "pawn", "e5")
    turn(state, W, 6)
    dests = sorted(a.to for a in state.legal_actions(W)
                   if isinstance(a, Journey) and a.frm == sq("d4"))
    # One territory whatever the roll, or a swap with the adjacent Wibo pawn (e5).
    assert dests == sorted(t for t in range(64) if max(abs(t % 8 - 3), abs(t // 8 - 3)) == 1)
    state.apply(W, Journey(sq("d4"), sq("e5")))
    pawn = state.unit_at(sq("d4"))
    assert queen.sq == sq("e5") and pawn is not None and pawn.kind == "pawn"


def test_deep_roots_against_hoc_vult() -> None:
    state = fresh("hexen", "wibo")
    queen = put(state, X, "queen", "d5")
    put(state, W, "sage", "a1")
    state.current, state.phase = W, "acquire"
    state.pending = []
    CLANS["hexen"].miracle(state, W, "hoc_vult")
    state.apply(W, Pick(sq("d5")))
    targets = picks(state, W)
    assert targets and all(max(abs(t % 8 - 3), abs(t // 8 - 4)) == 1 for t in targets)
    state.apply(W, Pick(sq("d6")))
    assert queen.sq == sq("d6")


def test_mass_morph() -> None:
    state = fresh("wibo", "murg")
    put(state, W, "sage", "c3")
    a = put(state, X, "pawn", "d5")
    b = put(state, X, "pawn", "e4")
    turn(state, W, 1)
    state.relics[W][CLANS["wibo"].index("starter_seed")] = 1
    state.apply(W, Journey(sq("c3"), sq("d4")))
    legal = state.legal_actions(W)
    pair = Morph(sq("d4"), min(a.sq, b.sq), max(a.sq, b.sq))
    assert pair in legal and Morph(sq("d4"), a.sq, -1) in legal
    # Starter Seed carries no second target: one SeedMorph per single rival.
    assert sorted(x.target for x in legal if isinstance(x, SeedMorph)) == sorted([a.sq, b.sq])
    state.apply(W, pair)
    roll_next(state, W, 3)
    assert a.sq == -1 and b.sq == -1
    assert {state.unit_at(sq("d5")).owner, state.unit_at(sq("e4")).owner} == {W}  # type: ignore[union-attr]


def test_starter_seed() -> None:
    state = fresh("wibo", "murg")
    put(state, W, "pawn", "d4")
    victim = put(state, X, "sage", "d6")
    turn(state, W, 1)
    i = CLANS["wibo"].index("starter_seed")
    state.relics[W][i] = 1
    pool = state.relic_pool
    assert not any(isinstance(a, SeedMorph) for a in state.legal_actions(W))  # after journey
    state.apply(W, Journey(sq("d4"), sq("d5")))
    journey_bone = state.rolled
    draws = state.rng.draws
    state.apply(W, SeedMorph(sq("d5"), sq("d6")))
    assert victim.sq == -1 and state.rng.draws == draws  # no roll needed
    assert state.relics[W][i] == 0 and state.relic_pool == pool + 1
    assert state.rolled == journey_bone  # the last bone rolled is still the one to slot


def test_spores() -> None:
    state = fresh("wibo", "murg")
    pawn = put(state, W, "pawn", "d4")
    put(state, X, "pawn", "a7")
    state.current, state.phase = W, "acquire"
    CLANS["wibo"].miracle(state, W, "spores")
    assert sorted(picks(state, W)) == [sq("d4"), sq("a7")]
    state.apply(W, Pick(sq("d4")))
    assert len(state.legal_actions(W)) == 62  # any open territory
    state.apply(W, Pick(sq("h1")))
    assert pawn.sq == sq("h1")


def test_rival_regrowth() -> None:
    state = fresh("wibo", "murg")
    put(state, W, "rook", "d4")
    put(state, X, "pawn", "a7")
    state.current, state.phase, state.turns = W, "acquire", 5
    assert CLANS["wibo"].miracle_applies(state, W, "regrowth")
    CLANS["wibo"].miracle(state, W, "regrowth")
    squares = picks(state, W)
    assert sorted(squares) == sorted(t for t in range(64)
                                     if max(abs(t % 8 - 3), abs(t // 8 - 3)) == 1)
    state.apply(W, Pick(sq("d5")))
    grown = state.unit_at(sq("d5"))
    assert grown is not None and grown.owner == X
    # The Wibo's turn has ended: in the rival's next one the pawn is neither used nor moved.
    assert state.current == X and state.turns == 6
    assert not state.usable(grown) and state.move_limit(grown) == 0
    state.phase, state.intent = "execute", None
    state.rolled = state.pool(X)[0]
    state.roll = 1
    assert not any(getattr(a, "frm", -1) == sq("d5") for a in state.legal_actions(X))
    assert any(getattr(a, "frm", -1) == sq("a7") for a in state.legal_actions(X))
    state.turns = 8  # a later turn: free again
    assert state.usable(grown)


def test_rival_regrowth_next_best() -> None:
    state = fresh("wibo", "murg")
    put(state, W, "rook", "d4")
    ring = ("c3", "d3", "e3", "c4", "e4", "c5", "d5", "e5")
    for kind, name in zip(("queen", "sage", "knight", "pawn", "pawn", "pawn", "pawn", "pawn"),
                          ring, strict=True):
        put(state, W, kind, name)
    put(state, X, "pawn", "a7")
    state.current, state.phase, state.turns = W, "acquire", 5
    assert CLANS["wibo"].miracle_applies(state, W, "regrowth")
    CLANS["wibo"].miracle(state, W, "regrowth")
    # The rook is surrounded: next best, the ring two territories out.
    assert sorted(picks(state, W)) == sorted(
        t for t in range(64) if max(abs(t % 8 - 3), abs(t // 8 - 3)) == 2)
    state.apply(W, Pick(sq("f6")))
    grown = state.unit_at(sq("f6"))
    assert grown is not None and grown.owner == X and grown.kind == "pawn"


def test_scatter() -> None:
    state = fresh("wibo", "murg")
    pawn = put(state, X, "pawn", "d5")
    put(state, W, "pawn", "a1")
    state.add_aura(pawn, "iron_plating")
    chips = state.chips[X]["iron_plating"]
    assert CLANS["wibo"].miracle_applies(state, W, "scatter")
    state.current, state.phase = W, "acquire"
    CLANS["wibo"].miracle(state, W, "scatter")
    state.apply(W, Choose("d5:iron_plating"))
    assert pawn.auras == [] and state.chips[X]["iron_plating"] == chips + 1
    assert not CLANS["wibo"].miracle_applies(state, W, "scatter")


def test_endless_stasis() -> None:
    state = fresh("wibo", "murg")
    seated = put(state, W, "pawn", "b1")
    out = put(state, W, "pawn", "b4")
    state.laws[W].append("endless")
    CLANS["wibo"].law(state, W, "endless")
    assert not state.vanquishable(seated, X) and state.vanquishable(out, X)
    assert state.move_limit(seated) == 0 and not state.usable(seated)
    turn(state, W, 1)
    assert not any(getattr(a, "frm", -1) == sq("b1") for a in state.legal_actions(W))
    from pygame_engine.games.darkleaf_gambit import will
    put(state, W, "knight", "c2")
    will.tremor(state, W, forward=True)  # the Will cannot move it either
    assert seated.sq == sq("b1")


def test_endless_stasis_starts_after_phase3() -> None:
    state = fresh("wibo", "murg")
    pawn = put(state, W, "pawn", "c2")
    put(state, X, "sage", "b1")
    state.laws[W].append("endless")
    turn(state, W, 1)
    state.apply(W, Journey(sq("c2"), sq("c1")))
    assert state.vanquishable(pawn, X)  # not yet: Roll & Execute is still on
    state.apply(W, Morph(sq("c1"), sq("b1"), -1))  # its last chance to Morph
    roll_next(state, W, 5)
    assert state.unit_at(sq("b1")).owner == W  # type: ignore[union-attr]
    assert state.phase == "slot"  # nowhere to retreat from the Seat: Roll & Execute ends
    assert not state.vanquishable(pawn, X)  # in stasis from the end of Phase 3


def test_endless_against_poison_garden() -> None:
    state = fresh("hexen", "wibo")
    pawn = put(state, X, "pawn", "d8")  # the Wibo's Seat is rank 8
    knight = put(state, X, "knight", "e8")
    state.laws[X].append("endless")
    CLANS["wibo"].law(state, X, "endless")
    s = state.clan_state[W]
    s["gardens"][str(sq("d7"))] = 1
    state.chips[W]["poison_garden"] -= 1
    state.current = W
    hexen = CLANS["hexen"]
    assert isinstance(hexen, Hexen)
    hexen.start_sweep(state, W)
    assert pawn.sq == sq("d8") and knight.sq == -1


def test_endless_dispels_witchs_ladder() -> None:
    state = fresh("hexen", "wibo")
    pawn = put(state, X, "pawn", "d7")
    state.laws[X].append("endless")
    s = state.clan_state[W]
    s["ladders"][str(pawn.uid)] = 2
    state.chips[W]["witchs_ladder"] -= 1
    turn(state, X, 1)
    state.apply(X, Journey(sq("d7"), sq("d8")))  # into the Wibo's Seat
    assert state.phase == "slot"
    assert str(pawn.uid) not in s["ladders"] and state.chips[W]["witchs_ladder"] == 5


def test_wibo_path() -> None:
    state = fresh("wibo", "murg")
    for f in "abcde":
        put(state, W, "pawn", f"{f}1")
    put(state, W, "pawn", "f2")
    put(state, X, "king", "e8")
    turn(state, W, 1)
    state.apply(W, Journey(sq("f2"), sq("f1")))  # the sixth pawn arrives mid-turn
    assert CLANS["wibo"].progress(state, W)["text"] == "Wibo pawns in the Seat 6 of 6"
    assert state.winner is None and state.phase == "slot"  # not won until the turn ends
    state.apply(W, Keep())
    assert state.winner == W
    # Six pawns brought home during the rival's turn count only when a Wibo turn ends.
    state = fresh("wibo", "murg")
    for f in "abcdef":
        put(state, W, "pawn", f"{f}1")
    put(state, X, "king", "e8")
    turn(state, X, 1)
    state._apply(X, Cancel())
    state._apply(X, Keep())
    assert state.winner is None and state.current == W


def test_morph_needs_a_pawn_to_become() -> None:
    state = fresh("wibo", "murg")
    for f in "abcdefgh":
        put(state, W, "pawn", f"{f}2")
    put(state, W, "knight", "d4")
    put(state, X, "pawn", "d6")
    turn(state, W, 1)
    state.apply(W, Journey(sq("d4"), sq("d5")))
    assert state.phase == "slot"  # all 8 pawns are on the board: nothing to Morph into


def test_iron_plating_against_morph() -> None:
    state = fresh("wibo", "murg")
    put(state, W, "pawn", "d4")
    plated = put(state, X, "pawn", "d6")
    state.add_aura(plated, "iron_plating")
    turn(state, W, 1)
    state.apply(W, Journey(sq("d4"), sq("d5")))
    state.apply(W, Morph(sq("d5"), sq("d6"), -1))
    roll_next(state, W, 6)
    assert plated.sq == sq("d6") and plated.auras == []
    assert len(state.graveyard(W, "pawn")) == 7  # no new Wibo pawn


# -- Hexen -------------------------------------------------------------------------------------


def test_hexen_setup_and_quarry() -> None:
    state = GAME.new_game(2, 1, {"clan1": "hexen", "clan2": "murg"})
    assert isinstance(state, DarkleafState)
    assert set(state.bone_faces[:6]) == {8}
    assert state.phase == "setup" and state.active_players() == [W]
    offered = picks(state, W)
    # Murg pawns, knights, sages on ranks 7-8; not the king (royal), not the rooks.
    murg = {u.sq for u in state.on_board(X) if u.kind in ("pawn", "knight", "sage")}
    assert sorted(offered) == sorted(murg)
    state.apply(W, Pick(sq("b8")))
    assert sq("b8") not in picks(state, W)
    state.apply(W, Pick(sq("e7")))
    state.apply(W, Proceed())
    assert state.phase == "roll" and state.turns == 1  # the Hexen move first, no declaring
    assert CLANS["hexen"].progress(state, W)["text"] == "Quarry vanquished 0 of 2"


def test_quarry_against_wibo() -> None:
    state = GAME.new_game(2, 1, {"clan1": "wibo", "clan2": "hexen"})
    assert isinstance(state, DarkleafState) and state.active_players() == [X]
    kinds = sorted(state.units[state.board[t]].kind for t in picks(state, X))
    assert kinds == ["knight", "sage"]  # not the pawns, the rook or the queen


def test_direction_bone() -> None:
    assert direction(0, 1) == (0, 1) and direction(0, 2) == (1, 1)
    assert direction(0, 5) == (0, -1) and direction(0, 8) == (-1, 1)
    assert direction(1, 1) == (0, -1) and direction(1, 2) == (-1, -1)
    state = fresh("hexen", "murg")
    put(state, W, "pawn", "d2")
    put(state, X, "pawn", "d6")
    turn(state, W, 1)  # straight ahead, as far as wished, stopped by d6
    assert sorted(a.to for a in state.legal_actions(W) if isinstance(a, Journey)) == [
        sq("d3"), sq("d4"), sq("d5")]
    turn(state, W, 3)  # right, to the edge
    assert sorted(a.to for a in state.legal_actions(W) if isinstance(a, Journey)) == [
        sq(f"{f}2") for f in "efgh"]
    state2 = fresh("murg", "hexen")
    put(state2, X, "pawn", "d7")
    turn(state2, X, 2)  # forward-right for the second seat: down the board toward a-file
    assert sorted(a.to for a in state2.legal_actions(X) if isinstance(a, Journey)) == [
        sq("a4"), sq("b5"), sq("c6")]


def test_celestial_compass() -> None:
    state = fresh("hexen", "murg")
    put(state, W, "pawn", "d4")
    turn(state, W, 1)
    before = {a.to for a in state.legal_actions(W) if isinstance(a, Journey)}
    state.laws[W].append("compass")
    after = {a.to for a in state.legal_actions(W) if isinstance(a, Journey)}
    assert before == {sq(f"d{r}") for r in range(5, 9)}
    assert after - before == {sq(n) for n in ("e5", "f6", "g7", "h8", "c5", "b6", "a7")}


def test_hex_after_journey() -> None:
    state = fresh("hexen", "murg")
    put(state, W, "pawn", "d2")
    put(state, W, "knight", "b1")
    put(state, W, "sage", "h1")
    state.relics[W][CLANS["hexen"].index("poison_garden")] = 1
    turn(state, W, 1)
    state.apply(W, Journey(sq("d2"), sq("d4")))
    assert state.pending and state.pending[0].kind == "hex"
    casters = {a.frm for a in state.legal_actions(W) if isinstance(a, CastGarden)}
    assert casters == {sq("d4"), sq("h1")}  # the journeyed pawn and any sage; not the knight
    state.apply(W, CastGarden(sq("d4")))
    assert state.clan_state[W]["gardens"] == {str(sq("d4")): 3}
    assert state.chips[W]["poison_garden"] == 4 and state.relics[W][0] == 0
    # A turn without a journey: only the sage may Hex.
    state.relics[W][0] = 1
    state.pending = []
    turn(state, W, 1)
    state.apply(W, Cancel())
    assert {a.frm for a in state.legal_actions(W) if isinstance(a, CastGarden)} == {sq("h1")}


def test_several_hexes_after_one_journey() -> None:
    state = fresh("hexen", "murg")
    put(state, W, "pawn", "d2")
    put(state, W, "sage", "h1")
    target = put(state, X, "knight", "f6")  # on a diagonal of d4
    hexen = CLANS["hexen"]
    garden, ladder = hexen.index("poison_garden"), hexen.index("witchs_ladder")
    state.relics[W][garden], state.relics[W][ladder] = 2, 1
    turn(state, W, 1)
    state.apply(W, Journey(sq("d2"), sq("d4")))
    state.apply(W, CastGarden(sq("d4")))  # the unit that journeyed
    assert state.pending and state.pending[0].kind == "hex"  # offered again
    assert CastGarden(sq("h1")) in state.legal_actions(W)
    state.apply(W, CastGarden(sq("h1")))  # the sage
    state.apply(W, CastLadder(sq("d4"), sq("f6")))  # the journeyed pawn once more
    assert state.clan_state[W]["gardens"] == {str(sq("d4")): 3, str(sq("h1")): 3}
    assert state.clan_state[W]["ladders"] == {str(target.uid): 2}
    assert state.relics[W][garden] == 0 and state.relics[W][ladder] == 0
    assert not any(c.kind == "hex" for c in state.pending)  # no relic left: no more Hexes


def test_relic_spent_the_turn_it_is_earned() -> None:
    state = fresh("hexen", "murg")
    put(state, W, "pawn", "d2")
    i = CLANS["hexen"].index("poison_garden")
    b = state.pool(W)[0]
    state.rows[W][i][0], state.bone_value[b] = b, 2  # E filled; O to come
    turn(state, W, 1)
    state.apply(W, Journey(sq("d2"), sq("d5")))
    assert not state.pending  # no token yet
    state.apply(W, Slot("poison_garden", 1))
    assert state.relics[W][i] == 1 and state.pending[0].kind == "hex"
    assert CastGarden(sq("d5")) in state.legal_actions(W)
    state.apply(W, CastGarden(sq("d5")))
    assert state.relics[W][i] == 0


def test_poison_garden() -> None:
    state = fresh("hexen", "murg")
    put(state, W, "sage", "a1")
    mine = put(state, W, "pawn", "d5")
    on = put(state, X, "pawn", "d4")
    beside = put(state, X, "knight", "e5")
    far = put(state, X, "pawn", "d2")
    rook = put(state, X, "rook", "c3")
    state.clan_state[W]["gardens"][str(sq("d4"))] = 3
    state.chips[W]["poison_garden"] -= 1
    for left in (2, 1):
        state.pending = []
        state._start_turn(W)
        assert state.clan_state[W]["gardens"] == {str(sq("d4")): left}
    state.pending = []
    state._start_turn(W)
    assert on.sq == -1 and beside.sq == -1 and far.sq == sq("d2") and rook.sq == sq("c3")
    assert mine.sq == sq("d5")  # the Hexen's own units are spared
    assert state.clan_state[W]["gardens"] == {} and state.chips[W]["poison_garden"] == 5


def test_witchs_ladder_cast() -> None:
    state = fresh("hexen", "murg")
    put(state, W, "sage", "a1")
    put(state, X, "pawn", "c3")  # in the way: the curse passes through
    far = put(state, X, "knight", "g7")
    quarry = put(state, X, "sage", "b2")
    put(state, X, "pawn", "a4")  # not on a diagonal
    state.clan_state[W]["quarry"] = [quarry.uid]
    state.relics[W][CLANS["hexen"].index("witchs_ladder")] = 1
    turn(state, W, 1)
    state.apply(W, Cancel())
    targets = sorted(a.target for a in state.legal_actions(W) if isinstance(a, CastLadder))
    assert targets == [sq("c3"), sq("g7")]  # not the Quarry on b2, not a4
    state.apply(W, CastLadder(sq("a1"), sq("g7")))
    assert state.clan_state[W]["ladders"] == {str(far.uid): 2}


def ladder_on(state: DarkleafState, u: Unit, left: int = 1) -> None:
    state.clan_state[W]["ladders"][str(u.uid)] = left
    state.chips[W]["witchs_ladder"] -= 1


def test_witchs_ladder_resolves_restarts() -> None:
    state = fresh("hexen", "murg")
    own = put(state, W, "pawn", "c5")
    host = put(state, X, "pawn", "d5")
    quarry = put(state, X, "knight", "e6")
    state.clan_state[W]["quarry"] = [quarry.uid]
    ladder_on(state, host, 2)
    state._start_turn(W)
    assert host.sq == sq("d5")  # one counter off
    state.pending = []
    state._start_turn(W)
    assert host.sq == -1
    assert state.pending and state.pending[0].kind == "ladder_restart"
    options = state.legal_actions(W)
    assert Pick(sq("e6")) in options and Pick(sq("c5")) in options and HexDone() in options
    state.apply(W, Pick(sq("e6")))  # it may spread to a Quarry
    assert state.clan_state[W]["ladders"] == {str(quarry.uid): 2}
    assert own.sq == sq("c5")


def test_witchs_ladder_against_iron_plating() -> None:
    state = fresh("hexen", "murg")
    plated = put(state, X, "pawn", "d5")
    put(state, X, "pawn", "d6")
    state.add_aura(plated, "iron_plating")
    ladder_on(state, plated)
    state._start_turn(W)
    assert plated.sq == sq("d5") and plated.auras == []
    options = state.legal_actions(W)
    assert Pick(sq("d5")) not in options  # it cannot stay on the unit that lost its aura
    assert Pick(sq("d6")) in options and HexDone() in options
    state.apply(W, HexDone())
    assert state.clan_state[W]["ladders"] == {} and state.chips[W]["witchs_ladder"] == 5


def test_witchs_ladder_against_invulnerable() -> None:
    state = fresh("hexen", "wibo")
    put(state, X, "rook", "c6")
    pawn = put(state, X, "pawn", "d5")  # diagonal to the Wibo rook: Biotic Refuge
    put(state, X, "knight", "d4")
    ladder_on(state, pawn)
    state._start_turn(W)
    assert pawn.sq == sq("d5") and not state.pending  # no vanquish, no restart
    assert state.clan_state[W]["ladders"] == {}


def test_witchs_ladder_untimely_demise() -> None:
    state = fresh("hexen", "murg")
    host = put(state, X, "pawn", "d5")
    ladder_on(state, host, 2)
    state.vanquish(host, None, "Haggedorn's Will")
    assert state.clan_state[W]["ladders"] == {} and state.chips[W]["witchs_ladder"] == 5
    state.rekindle(host, sq("d5"))
    state._start_turn(W)
    state.pending = []
    state._start_turn(W)
    assert host.sq == sq("d5")  # the curse left with the vanquished unit


def test_hex_order_is_hexens_choice() -> None:
    state = fresh("hexen", "murg")
    host = put(state, X, "pawn", "c6")  # outside the Garden's reach
    put(state, X, "pawn", "d5")  # next to the host, inside the Garden's reach
    ladder_on(state, host)
    state.clan_state[W]["gardens"][str(sq("e4"))] = 1
    state.chips[W]["poison_garden"] -= 1
    state._start_turn(W)
    assert state.pending[0].kind == "hex_tick"
    options = sorted(a.option for a in state.legal_actions(W) if isinstance(a, Choose))
    assert options == ["garden:e4", "ladder:c6"]
    # The Ladder first: it resolves and may climb onto d5 before the Garden blooms.
    state.apply(W, Choose("ladder:c6"))
    assert host.sq == -1 and state.pending[0].kind == "ladder_restart"
    state.apply(W, Pick(sq("d5")))
    assert state.legal_actions(W) == [Choose("garden:e4")]  # the Garden's turn comes next
    state.apply(W, Choose("garden:e4"))
    assert state.unit_at(sq("d5")) is None  # then the Garden took d5 as well
    assert state.clan_state[W]["ladders"] == {}  # and the Ladder left with it


def test_hoc_vult() -> None:
    state = fresh("hexen", "murg")
    king = put(state, X, "king", "e8")
    put(state, W, "pawn", "a1")
    state.current, state.phase = W, "acquire"
    assert CLANS["hexen"].miracle_applies(state, W, "hoc_vult")
    CLANS["hexen"].miracle(state, W, "hoc_vult")
    assert sorted(picks(state, W)) == [sq("a1"), sq("e8")]
    state.apply(W, Pick(sq("e8")))
    assert len(state.legal_actions(W)) == 62
    state.apply(W, Pick(sq("d4")))
    assert king.sq == sq("d4")


def test_waxing_moon() -> None:
    state = fresh("hexen", "murg")
    host = put(state, X, "pawn", "d5")
    other = put(state, X, "pawn", "a5")
    ladder_on(state, host, 1)
    state.clan_state[W]["gardens"][str(sq("a4"))] = 3
    state.chips[W]["poison_garden"] -= 1
    assert CLANS["hexen"].miracle_applies(state, W, "waxing_moon")
    state.current, state.phase, state.turns = W, "acquire", 3
    CLANS["hexen"].miracle(state, W, "waxing_moon")
    state.apply(W, Choose("garden:a4"))
    assert host.sq == -1 and other.sq == sq("a5")
    assert state.clan_state[W]["gardens"] == {str(sq("a4")): 2}


def test_hexen_path() -> None:
    state = fresh("hexen", "murg")
    a = put(state, X, "pawn", "d5")
    b = put(state, X, "knight", "g5")
    put(state, X, "king", "e8")
    state.clan_state[W]["quarry"] = [a.uid, b.uid]
    state.strike(a, W, "Poison Garden")
    assert CLANS["hexen"].progress(state, W)["text"] == "Quarry vanquished 1 of 2"
    assert not CLANS["hexen"].won(state, W)
    state.strike(b, None, "Haggedorn's Will")
    assert CLANS["hexen"].won(state, W)


# -- all together ------------------------------------------------------------------------------

PAIRINGS = [(a, b) for a in sorted(CLANS) for b in sorted(CLANS) if {a, b} & {"wibo", "hexen"}]


@pytest.mark.parametrize(("clan1", "clan2"), PAIRINGS)
def test_conformance_pairings(clan1: str, clan2: str) -> None:
    """The conformance suite's step checks on random playouts of each pairing."""
    for k, will in enumerate(("blessings", "curses")):
        seed = 300 + k
        rng = Rng(seed)
        state = GAME.new_game(2, seed, {"clan1": clan1, "clan2": clan2, "will": will,
                                        "handicap2": 3 * k})
        checked_playout(state, rng, every=9)
        assert state.active_players() == []


@pytest.mark.parametrize("policy", sorted(POLICIES))
@pytest.mark.parametrize(("clan1", "clan2"), [("wibo", "hexen"), ("hexen", "wibo")])
def test_stubborn_play_ends(policy: str, clan1: str, clan2: str) -> None:
    pick = POLICIES[policy]
    rng = Rng(7)
    state = GAME.new_game(2, 7, {"clan1": clan1, "clan2": clan2})
    most = GAME.max_actions(2, state.options)
    while not state.is_over():
        p = state.active_players()[0]
        legal = state.legal_actions(p)
        assert legal
        state.apply(p, pick(legal, rng))
        assert len(state.history) <= most


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


# -- against Erde and Ferrymen ------------------------------------------------------------------


def test_thick_skin_against_morph() -> None:
    state = fresh("wibo", "erde")
    put(state, W, "pawn", "d4")
    king = put(state, X, "king", "d6")
    pawn = put(state, X, "pawn", "c5")
    turn(state, W, 1)
    state.apply(W, Journey(sq("d4"), sq("d5")))
    targets = [a.target for a in state.legal_actions(W) if isinstance(a, (Morph, SeedMorph))]
    assert sq("d6") not in targets and sq("c5") in targets  # the king cannot be Morphed
    assert king.sq == sq("d6") and pawn.sq == sq("c5")


def test_thick_skin_against_hexes() -> None:
    state = fresh("hexen", "erde")
    put(state, W, "sage", "a1")
    king = put(state, X, "king", "d4")  # on the sage's diagonal
    pawn = put(state, X, "pawn", "e5")
    state.relics[W][CLANS["hexen"].index("witchs_ladder")] = 1
    turn(state, W, 1)
    state.apply(W, Cancel())
    targets = [a.target for a in state.legal_actions(W) if isinstance(a, CastLadder)]
    assert sq("d4") not in targets and sq("e5") in targets  # never cast on the king
    state.apply(W, CastLadder(sq("a1"), sq("e5")))
    state.pending = []
    state.clan_state[W]["ladders"][str(pawn.uid)] = 1
    state._start_turn(W)
    assert pawn.sq == -1 and not state.pending  # nor transferred to him: nothing else near
    state.clan_state[W]["gardens"][str(sq("d5"))] = 1
    state.chips[W]["poison_garden"] -= 1
    state.pending = []
    state._start_turn(W)
    assert king.sq == sq("d4")  # the Poison Garden does not take him either


def test_reclaimed_territory_against_morph() -> None:
    state = fresh("wibo", "erde")
    put(state, W, "pawn", "d3")
    erde_pawn = put(state, X, "pawn", "d5")
    state.clan_state[X]["reclaimed"] = [sq("d5")]
    turn(state, W, 1)
    state.apply(W, Journey(sq("d3"), sq("d4")))
    state.apply(W, Morph(sq("d4"), sq("d5"), -1))
    roll_next(state, W, 5)
    assert erde_pawn.sq == -1 and state.unit_at(sq("d5")) is None
    assert state.pending and state.pending[0].kind == "morph_place"
    offered = picks(state, W)
    # The next best placement, chosen by the Wibo: around the Reclaimed territory.
    assert offered and sq("d5") not in offered
    assert all(max(abs(t % 8 - 3), abs(t // 8 - 4)) == 1 for t in offered)
    state.apply(W, Pick(sq("c5")))
    new = state.unit_at(sq("c5"))
    assert new is not None and new.owner == W and new.kind == "pawn"


def test_quarry_against_erde() -> None:
    state = GAME.new_game(2, 1, {"clan1": "erde", "clan2": "hexen"})
    assert isinstance(state, DarkleafState)
    kinds = {state.units[state.board[t]].kind for t in picks(state, X)}
    assert "king" not in kinds and "rook" not in kinds
    assert "sage" not in kinds  # an Erde sage may join the wall of invulnerability


def test_deep_roots_against_unrelenting_tide() -> None:
    state = fresh("ferrymen", "wibo")
    queen = put(state, X, "queen", "d5")
    put(state, W, "pawn", "a2")
    i = CLANS["ferrymen"].index("unrelenting_tide")
    state.relics[W][i] = 1
    state.current, state.phase, state.turns = W, "upkeep", 3
    state.apply(W, Spend("unrelenting_tide"))
    assert state.pending[0].kind == "tide"
    state.apply(W, Choose("west"))
    assert queen.sq == sq("c5")  # one territory only, though the row is empty to a5


# -- the view ---------------------------------------------------------------------------------

VIEW_MATCHES = [("wibo", "hexen", "blessings", 3), ("hexen", "wibo", "curses", 4),
                ("wibo", "murg", "curses", 5), ("huldra", "hexen", "blessings", 6),
                ("hexen", "erde", "blessings", 7), ("ferrymen", "wibo", "curses", 8)]


@pytest.mark.parametrize(("c1", "c2", "will", "seed"), VIEW_MATCHES)
def test_view_random_playouts(c1: str, c2: str, will: str, seed: int) -> None:
    """Well-formed markup, every board action reachable, paths and pieces shown, text
    >= 12 units, over playouts that lean toward Morphs, Hexes and slotting."""
    s = GAME.new_game(2, seed, {"clan1": c1, "clan2": c2, "will": will})
    assert isinstance(s, DarkleafState)
    rng = Rng(seed)
    for step in range(160):
        check_position(s, others=step % 10 == 0)
        if s.is_over():
            break
        p = s.active_players()[0]
        acts = s.legal_actions(p)
        strong = [a for a in acts if a.kind in ("morph", "seed", "garden", "ladder", "slot")]
        s.apply(p, rng.choice(strong) if strong and rng.random() < 0.8 else rng.choice(acts))


def test_view_marks_hexes_quarry_and_d8() -> None:
    state = fresh("hexen", "wibo")
    quarry = put(state, X, "knight", "e7")
    laddered = put(state, X, "sage", "b5")
    put(state, X, "queen", "d8")
    put(state, W, "sage", "c1")
    state.clan_state[W]["quarry"] = [quarry.uid]
    ladder_on(state, laddered, 2)
    state.clan_state[W]["gardens"][str(sq("e6"))] = 3
    state.chips[W]["poison_garden"] -= 1
    turn(state, W, 2)
    state.last_roll = {"seat": W, "bone": state.rolled, "faces": 8, "value": 2}
    view = state.view(W)
    legal = [{"index": i, "kind": a.kind, "label": a.label, "json": a.to_json()}
             for i, a in enumerate(state.legal_actions(W))]
    markup = render_board(view, legal, {})
    assert 'points="16,1 31,16 16,31 1,16"' in markup  # the d8: a diamond
    assert "rolled 2: ahead and right" in markup  # the direction it points
    assert "dg-badge-quarry" in markup and ">Q</text>" in markup
    assert "dg-badge-witchs_ladder" in markup and ">L2</text>" in markup
    assert "dg-mark-poison_garden" in markup and "3 rounds left" in markup
    assert "Quarry vanquished 0 of 2" in markup and "Wibo pawns in the Seat 0 of 6" in markup


def test_view_morph_targets_on_the_board() -> None:
    state = fresh("wibo", "murg")
    put(state, W, "pawn", "d4")
    put(state, X, "pawn", "d6")
    turn(state, W, 1)
    state.apply(W, Journey(sq("d4"), sq("d5")))
    check_position(state)
    legal = [{"index": i, "kind": a.kind, "label": a.label, "json": a.to_json()}
             for i, a in enumerate(state.legal_actions(W))]
    markup = render_board(state.view(W), legal, {})
    morph = next(c["index"] for c in legal if c["kind"] == "morph")
    assert f'data-action="{morph}"' in markup and "dg-strike" in markup
