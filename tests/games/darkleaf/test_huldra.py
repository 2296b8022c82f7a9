"""Darkleaf Gambit: Huldra, clause by clause.

| clause of the rule text (or adaptation note) | test |
|---|---|
| next best: next to a surrounded rook (Leap) | test_leap_next_to_a_surrounded_rook |
| Huldra trait: roll first, then journey/Hunt/Leap | test_huldra_rolls_before_declaring |
| Hunt: exact distance, clear line, unit's angles | test_hunt_exact_distance_and_line |
| Hunt angles (designed): the knight on all eight lines | test_knight_hunts_on_all_eight_lines |
| Hunt: a lone hunter's lucky shot is 25 % | test_lucky_shot_is_one_in_four |
| Huldra path: 3 Hunts on the royal, a chip each | test_three_hunts_on_royal_win |
| Long Bow: pawn Hunts at roll or roll+1, diagonally | test_long_bow |
| Pivot: sage journeys part, Hunts with the rest | test_pivot |
| Pivot: the Hunt's direction may differ from journey | test_pivot_hunt_may_turn |
| Leap: queen to a square neighbouring the rook | test_leap |
| Adapt: swap a bone; it slots by number, not shape | test_adapt_swaps_and_slots_by_number |
"""

from __future__ import annotations

import pytest

from pygame_engine.core.rng import Rng
from pygame_engine.games.darkleaf_gambit.actions import (
    Cancel,
    Declare,
    Keep,
    PickBone,
    Proceed,
    Roll,
    Slot,
)
from pygame_engine.games.darkleaf_gambit.clans import CLAN_DATA, CLANS
from pygame_engine.games.darkleaf_gambit.clans.huldra import Hunt, Leap, Pivot
from pygame_engine.games.darkleaf_gambit.state import Unit
from tests.games.darkleaf.helpers import (
    H,
    M,
    cleared,
    new,
    put,
    rolled,
    slotting,
    sq,
)


def test_huldra_rolls_before_declaring() -> None:
    state = new()
    state.apply(M, Proceed())
    state.apply(M, Declare("journey", -1, -1))
    state.apply(M, Roll(state.pool(M)[0]))
    state.apply(M, Cancel())
    state.apply(M, Keep())
    state.apply(H, Proceed())
    assert state.phase == "roll"  # no Declare step for Huldra
    state.apply(H, state.legal_actions(H)[0])
    kinds = {type(a).__name__ for a in state.legal_actions(H)}
    assert {"Journey", "Cancel", "Leap"} <= kinds


def test_hunt_exact_distance_and_line() -> None:
    state = cleared()
    put(state, H, "pawn", "d2")
    put(state, M, "pawn", "d5")
    put(state, M, "pawn", "f4")
    rolled(state, H, 3)
    assert Hunt(sq("d2"), sq("d5")) in state.legal_actions(H)
    rolled(state, H, 2)
    assert Hunt(sq("d2"), sq("d5")) not in state.legal_actions(H)  # exact distance only
    assert Hunt(sq("d2"), sq("f4")) not in state.legal_actions(H)  # pawns: not diagonal
    put(state, H, "pawn", "d4")
    rolled(state, H, 3)
    assert Hunt(sq("d2"), sq("d5")) not in state.legal_actions(H)  # line blocked


def test_knight_hunts_on_all_eight_lines() -> None:
    """Designed, rules 15: a knight Hunts straight as well as diagonally (was
    diagonally only); a square off every line stays out of reach."""
    state = cleared()
    put(state, H, "knight", "d4")
    for name in ("d6", "f6", "b4", "e6"):
        put(state, M, "pawn", name)
    rolled(state, H, 2)
    hunts = {a for a in state.legal_actions(H) if isinstance(a, Hunt)}
    assert hunts == {Hunt(sq("d4"), sq(t)) for t in ("d6", "f6", "b4")}


def test_lucky_shot_is_one_in_four() -> None:
    assert set(CLAN_DATA["huldra"]["bones"]) == {4}  # a d4: exactly one face fits a distance
    hits = 0
    for seed in range(400):
        state = cleared()
        put(state, H, "pawn", "d2")
        put(state, M, "king", "d4")
        state.rng = Rng(seed)
        state.current, state.phase = H, "roll"
        state.apply(H, Roll(state.pool(H)[0]))
        hits += Hunt(sq("d2"), sq("d4")) in state.legal_actions(H)
    assert 70 <= hits <= 130  # about 100 of 400


def test_three_hunts_on_royal_win() -> None:
    state = cleared()
    put(state, H, "knight", "b3")
    put(state, H, "queen", "a1")
    king = put(state, M, "king", "d5")
    for n in (1, 2, 3):
        rolled(state, H, 2)
        state.apply(H, Hunt(sq("b3"), sq("d5")))
        assert king.marks == {"hunt": n} and king.sq == sq("d5")  # the royal is marked, not killed
        assert CLANS["huldra"].progress(state, H)["text"] == f"Hunts {n} of 3"
        if n < 3:
            state.apply(H, Keep())
    assert state.is_over() and state.winners() == [H] and state.scores() == [1.0, 0.0]


def test_long_bow() -> None:
    state = cleared()
    pawn = put(state, H, "pawn", "d2")
    put(state, M, "pawn", "d5")
    put(state, M, "pawn", "f4")
    rolled(state, H, 2)
    assert Hunt(sq("d2"), sq("d5")) not in state.legal_actions(H)
    pawn.auras.append("long_bow")
    assert Hunt(sq("d2"), sq("d5")) in state.legal_actions(H)  # roll + 1
    assert Hunt(sq("d2"), sq("f4")) in state.legal_actions(H)  # diagonal, the roll itself


def test_pivot() -> None:
    state = cleared()
    sage = put(state, H, "sage", "c1")
    put(state, M, "pawn", "f6")
    rolled(state, H, 4)
    put(state, M, "pawn", "g5")  # d2 is 1 from c1; g5 is 3 beyond d2 (e3, f4 empty)
    assert not any(isinstance(a, Pivot) for a in state.legal_actions(H))
    sage.auras.append("pivot")
    assert Pivot(sq("c1"), sq("d2"), sq("f6")) not in state.legal_actions(H)  # off the line
    assert Pivot(sq("c1"), sq("d2"), sq("g5")) in state.legal_actions(H)
    state.apply(H, Pivot(sq("c1"), sq("d2"), sq("g5")))
    assert sage.sq == sq("d2") and state.unit_at(sq("g5")) is None


def test_leap() -> None:
    state = cleared()
    put(state, H, "rook", "a1")
    queen = put(state, H, "queen", "f6")
    for value in (1, 4):  # any roll value
        rolled(state, H, value)
        assert {a.to for a in state.legal_actions(H) if isinstance(a, Leap)} == {sq("a2"),
                                                                                sq("b1")}
    state.apply(H, Leap(sq("b1")))
    assert queen.sq == sq("b1")
    rolled(state, H, 2)
    assert not any(isinstance(a, Leap) for a in state.legal_actions(H))  # next to the rook


def test_leap_next_to_a_surrounded_rook() -> None:
    """Placement next to a surrounded rook goes next to the occupied territories
    around it (the text's own example of next best territory placement)."""
    state = cleared()
    put(state, H, "rook", "a1")
    put(state, H, "pawn", "a2")
    put(state, M, "pawn", "b1")
    queen = put(state, H, "queen", "f6")
    rolled(state, H, 3)
    leaps = {a.to for a in state.legal_actions(H) if isinstance(a, Leap)}
    assert leaps == {sq(n) for n in ("a3", "b2", "b3", "c1", "c2")}
    state.apply(H, Leap(sq("c2")))
    assert queen.sq == sq("c2")


def test_pivot_hunt_may_turn() -> None:
    """Pivot: the Hunt's direction may differ from the journey's."""
    state = cleared()
    sage = put(state, H, "sage", "c1")
    sage.auras.append("pivot")
    victim = put(state, M, "pawn", "b4")  # from d2: north-west, 2 away (c3 empty)
    put(state, M, "king", "h8")
    put(state, H, "queen", "a1")
    rolled(state, H, 3)
    assert Pivot(sq("c1"), sq("d2"), sq("b4")) in state.legal_actions(H)
    state.apply(H, Pivot(sq("c1"), sq("d2"), sq("b4")))
    assert sage.sq == sq("d2") and victim.sq == -1


def test_adapt_swaps_and_slots_by_number() -> None:
    state = new()
    i = CLANS["huldra"].index("adapt")
    pool = state.pool(H)
    state.rows[H][i] = [pool[0], pool[1], pool[2], -1]
    for b, v in zip(pool[:3], (4, 3, 2), strict=True):
        state.bone_value[b] = v
    slotting(state, H, 2)
    state.apply(H, Slot("adapt", 3))
    assert "adapt" in state.laws[H] and state.pending[0].kind == "adapt"
    mine = state.legal_actions(H)[0]
    assert isinstance(mine, PickBone)
    state.apply(H, mine)
    theirs = state.legal_actions(H)[0]
    assert isinstance(theirs, PickBone)
    state.apply(H, theirs)
    assert state.bone_owner[theirs.bone] == H and state.bone_owner[mine.bone] == M
    assert state.bone_faces[theirs.bone] == 6
    # The d6 now slots by number wherever the number fits: a 3 into Long Bow's odd slot.
    state.current, state.phase, state.pending = H, "slot", []
    state.rolled, state.roll = theirs.bone, 3
    state.bone_value[theirs.bone] = 3
    assert Slot("long_bow", 1) in state.legal_actions(H)
    state.bone_value[theirs.bone] = state.roll = 6  # a face no Huldra bone has
    legal = state.legal_actions(H)
    assert Slot("long_bow", 0) in legal  # even: numerically valid
    assert not any(a.skill in ("pivot", "renewal", "tweak") for a in legal
                   if isinstance(a, Slot))


def test_the_evaluation_values_a_net_around_the_royal() -> None:
    """Bots: what counts is how many faces of the bone would land a Hunt
    wherever the rival royal goes next turn, not only where it stands: a
    Murg king on a1, walled in by its pawns on a2 and b2, may stay or walk
    to b1 or c1; a Huldra pawn on e1 sees each at its own distance (one
    face each), one on g1 misses b1 and a1 (beyond a four)."""
    from pygame_engine.games.darkleaf_gambit.clans.huldra import (
        NET,
        STALK,
        Huldra,
        _huldra_path,
        _landing_faces,
        _net,
    )
    from pygame_engine.games.darkleaf_gambit.heuristics import escapes

    state = cleared()
    king = put(state, M, "king", "a1")
    put(state, M, "pawn", "a2")
    put(state, M, "pawn", "b2")
    assert escapes(state, king) == {sq("a1"), sq("b1"), sq("c1")}
    huldra = CLANS["huldra"]
    assert isinstance(huldra, Huldra)
    hunter = put(state, H, "pawn", "e1")
    assert _net(state, H, huldra) == 1
    on_e1 = _huldra_path(state, H)
    state.move(hunter, sq("g1"))
    assert _net(state, H, huldra) == 0
    # From e1 the king's own square is seen at a four too (a stalk) and the net holds.
    assert on_e1 - _huldra_path(state, H) == pytest.approx(STALK + NET)

    def faces(at: str, gone: str | None = None) -> int:
        return _landing_faces(state, H, huldra, sq(at), sq(gone) if gone else -1, 4)
    state.move(hunter, sq("e1"))
    assert [faces("a1"), faces("b1"), faces("c1"), faces("d1")] == [1, 1, 1, 1]
    state.move(hunter, sq("f1"))
    assert faces("a1") == 0  # five away: beyond a four
    hunter.auras.append("long_bow")
    assert faces("a1") == 1 and faces("b1") == 2  # the roll or one less: a 4; a 3 or a 4
    blocker = put(state, M, "pawn", "c1")
    assert faces("a1") == 0 and faces("a1", gone="c1") == 1  # the royal's old square is empty

    def lift(u: Unit) -> None:  # to the graveyard, without its aura
        state.board[u.sq], u.sq = -1, -1
        u.auras.clear()
    lift(blocker)
    lift(hunter)
    pawn = put(state, H, "pawn", "e3")  # a pawn Hunts straight: not along the diagonal to c1
    assert faces("c1") == 0
    put(state, H, "sage", "f4")  # a sage Hunts diagonally, the first unit on the line only
    assert faces("c1") == 0
    lift(pawn)
    assert faces("c1") == 1  # three away: a 3
