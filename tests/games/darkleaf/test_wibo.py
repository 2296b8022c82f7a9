"""Darkleaf Gambit: Wildero Wibo, clause by clause, against the other clans, and
the conformance checks of every pairing with the Wibo or Hexen.

| clause of the rule text (or adaptation note) | test |
|---|---|
| (adapted) a proven bound on length; stubborn play | test_stubborn_play_ends |
| every pairing with these clans: conformance checks | test_conformance_pairings |
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
| (designed) exact rolls; pawn, knight straight | test_knight_and_sage_journey_the_roll_exactly |
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
| conformance checks, every pairing with Wibo or Hexen | test_conformance_pairings |
| stubborn play ends within max_actions (three rolls, Hexes) | test_stubborn_play_ends |
"""

from __future__ import annotations

import json

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
    Slot,
    Spend,
)
from pygame_engine.games.darkleaf_gambit.clans import CLAN_DATA, CLANS
from pygame_engine.games.darkleaf_gambit.clans.hexen import (
    Hexen,
)
from pygame_engine.games.darkleaf_gambit.clans.wibo import MORPH_SWING, Morph, SeedMorph, Stop
from pygame_engine.games.darkleaf_gambit.data import square_name
from pygame_engine.games.darkleaf_gambit.heuristics import side_value
from pygame_engine.games.darkleaf_gambit.state import DarkleafState
from tests.games.darkleaf.helpers import (
    W,
    X,
    fresh,
    picks,
    put,
    roll_next,
    sq,
    turn,
)
from tests.games.darkleaf.test_view import check_position
from tests.test_conformance import POLICIES, checked_playout
from web.views import choice
from web.views.darkleaf_gambit import render_board


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


def test_a_view_leaves_the_wibo_state_as_it_was(monkeypatch: pytest.MonkeyPatch) -> None:
    """A view only reads: with no Wibo pawn on the board (a start tried in round
    38) the first view used to create the clan's turn state, so a clone's view
    differed from the original's."""
    monkeypatch.setitem(CLAN_DATA["wibo"], "start", (("sage", "c1"), ("queen", "d1"),
                                                     ("rook", "e1"), ("knight", "f1")))
    state = GAME.new_game(2, 1, {"clan1": "erde", "clan2": "wibo"})
    first = json.dumps(state.view(None), sort_keys=True)
    assert json.dumps(state.view(None), sort_keys=True) == first


def test_morph_only_after_a_journey() -> None:
    state = fresh("wibo", "murg")
    put(state, W, "sage", "d4")
    put(state, X, "pawn", "d5")  # next to the Wibo sage from the start of the turn
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
    put(state, W, "pawn", "d3")
    put(state, X, "knight", "d6")
    turn(state, W, 5)
    first = state.rolled
    state.apply(W, Journey(sq("d3"), sq("d5")))  # 2: a pawn's longest
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


def journeys(state: DarkleafState, frm: str, roll: int) -> list[str]:
    """Where the Wibo unit on ``frm`` may journey with ``roll`` (the Wibo's turn)."""
    turn(state, W, roll)
    return sorted(square_name(a.to) for a in state.legal_actions(W)
                  if isinstance(a, Journey) and a.frm == sq(frm))


def test_knight_and_sage_journey_the_roll_exactly() -> None:
    """Rules 11: the Wibo's knight (at most 3) and sage journey exactly the
    roll, so a Morpher stands beside a rival only when the bone says so;
    rules 12: the pawns too (at most 2); rules 14: the pawn and the knight
    journey straight only, never diagonally."""
    state = fresh("wibo", "murg")
    put(state, W, "knight", "d4")
    put(state, W, "sage", "h1")
    put(state, W, "pawn", "a8")
    assert journeys(state, "d4", 2) == ["b4", "d2", "d6", "f4"]
    assert journeys(state, "d4", 5) == ["a4", "d1", "d7", "g4"]  # 3 at most
    assert journeys(state, "h1", 3) == ["e4"]
    assert journeys(state, "a8", 2) == ["a6", "c8"]
    assert journeys(state, "a8", 1) == ["a7", "b8"]


def test_a_pawn_steps_home_whatever_the_roll() -> None:
    """Rules 12: a Wibo pawn one rank from the Seat may always step straight
    back onto it (its exact journey would run off the board); elsewhere the
    roll stays exact."""
    state = fresh("wibo", "murg")
    put(state, W, "pawn", "d2")
    put(state, W, "pawn", "h3")
    assert journeys(state, "d2", 2) == ["b2", "d1", "d4", "f2"]
    assert journeys(state, "h3", 2) == ["f3", "h1", "h5"]  # two ranks: the roll still
    put(state, X, "pawn", "d1")
    assert journeys(state, "d2", 2) == ["b2", "d4", "f2"]  # home taken


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
    chips = state.chips[X][state.clans[X].chip_set("iron_plating")]
    assert CLANS["wibo"].miracle_applies(state, W, "scatter")
    state.current, state.phase = W, "acquire"
    CLANS["wibo"].miracle(state, W, "scatter")
    state.apply(W, Choose("d5:iron_plating"))
    assert pawn.auras == [] and state.chips[X][state.clans[X].chip_set("iron_plating")] == chips + 1
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
    state.chips[W][state.clans[W].chip_set("poison_garden")] -= 1
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
    state.chips[W][state.clans[W].chip_set("witchs_ladder")] -= 1
    turn(state, X, 1)
    state.apply(X, Journey(sq("d7"), sq("d8")))  # into the Wibo's Seat
    assert state.phase == "slot"
    assert str(pawn.uid) not in s["ladders"]
    assert state.chips[W][state.clans[W].chip_set("witchs_ladder")] == 5


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


def test_view_morph_targets_on_the_board() -> None:
    state = fresh("wibo", "murg")
    put(state, W, "pawn", "d4")
    put(state, X, "pawn", "d6")
    turn(state, W, 1)
    state.apply(W, Journey(sq("d4"), sq("d5")))
    check_position(state)
    legal = [choice(i, a, a.label)
             for i, a in enumerate(state.legal_actions(W))]
    markup = render_board(state.view(W), legal, {})
    morph = next(c["index"] for c in legal if c["kind"] == "morph")
    assert f'data-action="{morph}"' in markup and "dg-strike" in markup


def test_the_evaluation_fears_a_morph_in_reach() -> None:
    """Bots: a rival unit a Wibo Morpher could journey beside next turn counts
    against its owner, by the share of the roll's faces that land one there;
    out of every Morpher's landings, or with no Wibo pawn left in the
    graveyard to become, it does not."""
    state = fresh("erde", "wibo")
    put(state, X, "knight", "b7")  # straight, the roll exactly (at most 3), then Morph
    put(state, W, "king", "a1")
    pawn = put(state, W, "pawn", "h4")  # as far from the centre as a4
    safe = side_value(state, W)
    state.move(pawn, sq("a4"))  # three from b7: the knight may land beside it
    assert side_value(state, W) < safe
    harm = state.clans[X].bot_threats(state, X)
    assert harm is not None
    assert harm(pawn, sq("a4")) > 0 and harm(pawn, sq("h4")) == 0
    # Where the knight can land, not how far it is: e4 is three from b7 too,
    # but no straight journey from b7 ends beside it.
    assert harm(pawn, sq("e4")) == 0
    # b4, beside a4, takes a roll of 3 or more (4 faces of 6), then the Morph's 3+.
    assert harm(pawn, sq("a4")) == pytest.approx(4 / 6 * 4 / 6 * (1.0 + MORPH_SWING))
    free = iter(("a8", "b8", "c8", "e8", "f8", "g8", "h8", "a7"))
    while state.graveyard(X, "pawn"):  # no Wibo pawn left to Morph into
        put(state, X, "pawn", next(free))
    assert state.clans[X].bot_threats(state, X) is None
