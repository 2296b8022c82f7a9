"""Darkleaf Gambit: The Murg, clause by clause.

| clause of the rule text (or adaptation note) | test |
|---|---|
| Murg Destroy: adjacent, 3+, moves in | test_destroy_adjacent_three_plus |
| Murg path: royal needs a 6 | test_destroy_royal_needs_six |
| Murg knight: Destroy 4+, moves in (reading: never stays) | test_knight_destroy_four_plus |
| (designed) Murg king Destroys only in a pincer | test_king_pincer |
| capacity to Destroy: pawns, knights, king (pincer) | test_only_pawns_knights_and_king_destroy |
| Iron Plating: aura removed instead of the pawn | test_iron_plating |
| Iron Plating: against any one vanquishing (the Will) | test_iron_plating_against_the_will |
| Predictive Model: spent before declaring; roll first | test_predictive_model |
| Electromagnetic Loop: two turns in a row | test_em_loop |
| Ambush: vulnerable targets on valid destinations | test_ambush_targets |
| Assassin: royal from any distance, no 6 needed | test_assassin_kills_royal_any_roll |
| Assassin trait: sacrifice a pawn for a sage, once | test_assassin_sacrifice_once |
| Assassin's slots (designed): 5 or 6, then 4 or 5 | test_assassin_row_takes_a_five_first |
"""

from __future__ import annotations

import pytest

from pygame_engine.games.darkleaf_gambit import data as D
from pygame_engine.games.darkleaf_gambit.actions import (
    Cancel,
    Declare,
    InvokeWill,
    Journey,
    Keep,
    Pick,
    Proceed,
    Roll,
    Slot,
    Spend,
)
from pygame_engine.games.darkleaf_gambit.clans import CLANS
from pygame_engine.games.darkleaf_gambit.clans.huldra import Hunt
from pygame_engine.games.darkleaf_gambit.clans.murg import ROYAL_LOSS
from pygame_engine.games.darkleaf_gambit.heuristics import EXPOSED, side_value
from tests.games.darkleaf.helpers import (
    H,
    Loaded,
    M,
    cleared,
    murg_board,
    murg_declares,
    new,
    put,
    rolled,
    slotting,
    sq,
)


def test_destroy_adjacent_three_plus() -> None:
    state = murg_board()
    pawn = put(state, M, "pawn", "d5")
    victim = put(state, H, "pawn", "e4")
    murg_declares(state, "d5", "e4", 2)
    assert victim.sq == sq("e4") and pawn.sq == sq("d5")
    state.apply(M, Keep())
    murg_declares(state, "d5", "e4", 3)
    assert victim.sq == -1 and pawn.sq == sq("e4")  # moves into the territory
    state2 = murg_board()
    put(state2, M, "pawn", "d5")
    put(state2, H, "pawn", "d3")
    state2.current, state2.phase = M, "declare"
    assert Declare("destroy", sq("d5"), sq("d3")) not in state2.legal_actions(M)  # not adjacent


def test_destroy_royal_needs_six() -> None:
    state = cleared()
    put(state, H, "rook", "b1")
    queen = put(state, H, "queen", "d4")
    put(state, M, "pawn", "d5")
    put(state, M, "king", "h8")
    murg_declares(state, "d5", "d4", 5)
    assert queen.sq == sq("d4") and not state.is_over()
    state.apply(M, Keep())
    murg_declares(state, "d5", "d4", 6)
    assert queen.sq == -1 and state.is_over() and state.winners() == [M]


def test_knight_destroy_four_plus() -> None:
    state = murg_board()
    knight = put(state, M, "knight", "d5")
    victim = put(state, H, "pawn", "e3")  # a knight's leap away
    state.current, state.phase = M, "declare"
    put(state, H, "pawn", "d4")
    assert Declare("destroy", sq("d5"), sq("d4")) not in state.legal_actions(M)
    murg_declares(state, "d5", "e3", 3)
    assert victim.sq == sq("e3")  # 3 is not enough for a knight
    state.apply(M, Keep())
    murg_declares(state, "d5", "e3", 4)
    assert victim.sq == -1
    # (reading) the knight moves into the vanquished unit's territory: no staying
    assert knight.sq == sq("e3") and state.board[sq("d5")] == -1
    assert not state.pending and not any(isinstance(a, Pick) for a in state.legal_actions(M))


def test_king_pincer() -> None:
    state = murg_board()
    king = next(u for u in state.units if u.kind == "king")
    state.move(king, sq("d5"))
    put(state, H, "pawn", "d4")
    state.current, state.phase = M, "declare"
    assert Declare("destroy", sq("d5"), sq("d4")) not in state.legal_actions(M)
    put(state, M, "rook", "c3")  # another Murg unit next to the target
    assert Declare("destroy", sq("d5"), sq("d4")) in state.legal_actions(M)


def test_only_pawns_knights_and_king_destroy() -> None:
    state = murg_board()
    king = next(u for u in state.units if u.kind == "king")
    for kind, name in (("pawn", "d5"), ("sage", "f5"), ("rook", "b5")):
        put(state, M, kind, name)
    for name in ("e4", "g4", "a4", "c4"):
        put(state, H, "pawn", name)
    state.move(king, sq("c3"))
    state.current, state.phase = M, "declare"
    units = {a.unit for a in state.legal_actions(M)
             if isinstance(a, Declare) and a.intent == "destroy"}
    assert sq("d5") in units and sq("f5") not in units and sq("b5") not in units
    assert sq("c3") in units  # the king, with the pawn on d5 also next to c4


def test_iron_plating() -> None:
    state = murg_board()
    pawn = put(state, M, "pawn", "d5")
    pawn.auras.append("iron_plating")
    state.chips[M][state.clans[M].chip_set("iron_plating")] -= 1
    put(state, H, "pawn", "d3")
    rolled(state, H, 2)
    state.apply(H, Hunt(sq("d3"), sq("d5")))
    assert pawn.sq == sq("d5") and pawn.auras == []  # the aura goes instead
    assert state.chips[M][state.clans[M].chip_set("iron_plating")] == D.CHIPS_IN_PLAY
    state.apply(H, Keep())
    rolled(state, H, 2)
    state.apply(H, Hunt(sq("d3"), sq("d5")))
    assert pawn.sq == -1


def test_iron_plating_against_the_will() -> None:
    """Iron Plating shields a pawn from any single vanquishing action, the
    Will's included (Rockslide: each player loses one of their own pawns)."""
    state = murg_board()
    state.will_table = "curses"
    pawn = put(state, M, "pawn", "d5")
    pawn.auras.append("iron_plating")
    state.chips[M][state.clans[M].chip_set("iron_plating")] -= 1
    mine = put(state, H, "pawn", "d2")
    state.current, state.phase = M, "upkeep"
    state.rng = Loaded([2])  # Rockslide
    state.apply(M, InvokeWill())
    while state.pending:
        p = state.active_players()[0]
        picks = [a for a in state.legal_actions(p) if isinstance(a, Pick)]
        state.apply(p, picks[0])
    assert mine.sq == -1  # Huldra's pawn falls
    assert pawn.sq == sq("d5") and pawn.auras == []  # the plating goes instead


def test_predictive_model() -> None:
    state = new()
    i = CLANS["murg"].index("predictive_model")
    state.relics[M][i] = 1
    assert Spend("predictive_model") in state.legal_actions(M)  # in Upkeep, before declaring
    state.apply(M, Spend("predictive_model"))
    state.apply(M, Proceed())
    assert state.phase == "roll"  # roll first
    state.apply(M, state.legal_actions(M)[0])
    assert state.phase == "execute"
    assert any(isinstance(a, Journey) for a in state.legal_actions(M))


def test_em_loop() -> None:
    state = new()
    state.relics[M][CLANS["murg"].index("em_loop")] = 1
    late = state.clone()
    late.apply(M, Proceed())
    assert Spend("em_loop") not in late.legal_actions(M)  # only before declaring
    state.apply(M, Spend("em_loop"))
    state.apply(M, Proceed())
    state.apply(M, Declare("journey", -1, -1))
    state.apply(M, Roll(state.pool(M)[0]))
    state.apply(M, Cancel())
    state.apply(M, Keep())
    assert state.active_players() == [M] and state.phase == "upkeep"  # a second turn
    state.apply(M, Proceed())
    state.apply(M, Declare("journey", -1, -1))
    state.apply(M, Roll(state.pool(M)[0]))
    state.apply(M, Cancel())
    state.apply(M, Keep())
    assert state.active_players() == [H]


def test_ambush_targets() -> None:
    state = murg_board()
    sage = put(state, M, "sage", "f6")
    put(state, H, "pawn", "d4")
    rook = next(u for u in state.units if u.owner == H and u.kind == "rook")
    state.move(rook, sq("h4"))
    assert sq("d4") in state.journey_destinations(sage, 2)  # a vulnerable pawn, exact
    assert sq("d4") not in state.journey_destinations(sage, 1)
    assert sq("h4") not in state.journey_destinations(sage, 2)  # an invulnerable rook
    queen = next(u for u in state.units if u.owner == H and u.kind == "queen")
    state.move(queen, sq("e5"))
    assert sq("e5") not in state.journey_destinations(sage, 1)  # no royal without Assassin
    state.current, state.phase, state.intent = M, "execute", Declare("journey", -1, -1)
    state.rolled = state.pool(M)[0]
    state.roll = 2
    state.move(queen, sq("a1"))
    state.apply(M, Journey(sq("f6"), sq("d4")))
    assert sage.sq == sq("d4") and state.graveyard(H, "pawn")


def test_assassin_kills_royal_any_roll() -> None:
    state = murg_board()
    sage = put(state, M, "sage", "f6")
    queen = next(u for u in state.units if u.owner == H and u.kind == "queen")
    state.move(queen, sq("b2"))
    assert sq("b2") not in state.journey_destinations(sage, 1)
    sage.auras.append("assassin")
    assert sq("b2") in state.journey_destinations(sage, 1)  # any distance, any roll
    state.current, state.phase, state.intent = M, "execute", Declare("journey", -1, -1)
    state.rolled = state.pool(M)[0]
    state.roll = 1
    state.apply(M, Journey(sq("f6"), sq("b2")))
    assert queen.sq == -1 and state.winners() == [M]


def test_assassin_sacrifice_once() -> None:
    state = murg_board()
    pawn = put(state, M, "pawn", "c4")
    murg = CLANS["murg"]
    assert murg.aura_targets(state, M, "assassin") == [sq("c4")]  # no sage on the board
    i = murg.index("assassin")
    b = state.pool(M)
    state.rows[M][i] = [b[0], -1]
    state.bone_value[b[0]] = 6
    slotting(state, M, 4)
    state.apply(M, Slot("assassin", 1))
    state.apply(M, Pick(sq("c4")))
    sage = state.unit_at(sq("c4"))
    assert pawn.sq == -1 and sage is not None and sage.kind == "sage"
    assert sage.auras == ["assassin"] and "assassin_rekindle" in state.flags[M]
    state.vanquish(sage, H, "test")
    put(state, M, "pawn", "c5")
    assert murg.aura_targets(state, M, "assassin") == []  # once per game


def test_assassin_row_takes_a_five_first() -> None:
    """Designed, rules 16: the Assassin row's first slot takes a 5 or a 6
    (was a 6 only), its second a 4 or a 5; a 3 fits neither."""
    state = murg_board()
    put(state, M, "sage", "c3")  # an aura is slotted only with a unit to take it
    for value, fits in ((5, {0, 1}), (6, {0}), (4, {1}), (3, set())):
        slotting(state, M, value)
        assert {a.slot for a in state.legal_actions(M)
                if isinstance(a, Slot) and a.skill == "assassin"} == fits, value


def test_the_evaluation_fears_a_destroy() -> None:
    """Bots: a unit a Murg pawn or knight could Destroy next turn counts
    against its owner, the royal most (its loss is the game), each at the
    odds of the roll it takes."""
    state = cleared()
    put(state, H, "queen", "a1")
    pawn = put(state, H, "pawn", "e4")
    put(state, M, "pawn", "e5")
    harm = state.clans[M].bot_threats(state, M)
    assert harm is not None
    queen = state.royals(H)[0]
    assert harm(pawn, sq("d4")) == pytest.approx(4 / 6 * 1.0)  # beside the pawn: 3+
    assert harm(pawn, sq("c4")) == 0
    assert harm(queen, sq("d4")) == pytest.approx(1 / 6 * ROYAL_LOSS)  # the royal takes a 6
    put(state, M, "knight", "c2")
    state.move(queen, sq("h1"))
    assert side_value(state, H) == pytest.approx(1 - 4 / 6)  # the pawn, less its harm
    state.move(queen, sq("e3"))  # a knight's leap from c2: the likeliest strike now
    assert side_value(state, H) == pytest.approx(1 - 1 / 6 * ROYAL_LOSS - EXPOSED * 4 / 6)


def test_the_evaluation_values_a_net_around_the_royal() -> None:
    """Bots: a Huldra queen on h1 beside her pawns on g1 and g2 may stay or
    walk up to h2 or h3, or Leap beside her rook; the Murg count
    the attackers that would reach her wherever she goes: a pawn on g3 reaches
    h2 and h3 but not h1, a knight on f2 adds h1 and h3."""
    from pygame_engine.games.darkleaf_gambit.clans.murg import (
        ATTACKER,
        NET,
        Murg,
        _murg_threat,
        _net,
    )
    from pygame_engine.games.darkleaf_gambit.heuristics import escapes

    state = cleared()
    queen = put(state, H, "queen", "h1")
    put(state, H, "pawn", "g1")
    put(state, H, "pawn", "g2")
    assert escapes(state, queen) == {sq("h1"), sq("h2"), sq("h3")}
    murg = CLANS["murg"]
    assert isinstance(murg, Murg)

    def net() -> int:
        attackers = [set(murg.reach(state, u)) for u in state.on_board(M)]
        return _net(state, attackers, [queen])
    put(state, M, "pawn", "g3")
    assert net() == 0
    knight = put(state, M, "knight", "f2")
    assert net() == 1
    caught = _murg_threat(state, M, murg)
    state.move(knight, sq("f5"))  # reaches neither h1 nor h2
    assert net() == 0
    # From f2 the knight also reached her own square; the pawn on g3 stays the nearest.
    assert caught - _murg_threat(state, M, murg) == pytest.approx(ATTACKER + NET)
    state.move(knight, sq("f2"))
    put(state, H, "rook", "a1")  # she may Leap beside it, out of the net
    assert escapes(state, queen) == {sq("h1"), sq("h2"), sq("h3"), sq("a2"), sq("b1")}
    assert net() == 0
