"""Darkleaf Gambit: Erde, clause by clause, Reclaimed land against the other clans,
and the conformance checks of every pairing with the Ferrymen or Erde.

| clause of the rule text (or adaptation note) | test |
|---|---|
| Erde trait: a journey split between 2 units | test_split_journey |
| ... no part left to a unit Rival Regrowth holds | test_split_journey_never_counts_a_held_unit |
| (adapted) an exact split only when the rest can be used | test_split_journey_needs_a_second_part |
| a third unit only with Metamorphic | test_split_journey_no_third_unit |
| Metamorphic: after a 3+, 3 units | test_metamorphic |
| Reclaimed: rivals pass through, never end there | test_reclaimed_closed_to_rivals |
| Erde units starting on Reclaimed go any direction | test_reclaimed_any_direction |
| Reclaim: pawn on a centre territory, 6+, mark, relocate | test_reclaim |
| (designed) six ten-sided bones: Reclaim 5 in 10 | test_erde_rolls_ten_sided_bones |
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
| Erde mirror (designed): both Erde's Reclaims count | test_erde_mirror |
| Erde mirror (rules 18): a king needs two of its own | test_erde_mirror_needs_two_of_ones_own |
| Reclaimed vs Destroy: vanquished, the Murg do not move in | test_destroy_on_reclaimed_no_move_in |
| Reclaimed vs the sage's Ambush (not a valid destination) | test_ambush_not_onto_reclaimed |
| Reclaimed vs Tremor (rivals not, Erde units may) | test_tremor_and_reclaimed |
| next best placement skips Reclaimed land | test_next_best_placement_skips_reclaimed |
| (bots) an Erde pawn past the centre is spent | test_bots_count_a_pawn_past_the_centre_spent |
| every pairing with these clans: conformance checks | test_conformance_pairings |
| conformance checks, every pairing with Wibo or Hexen | test_conformance_pairings |
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
    Declare,
    InvokeWill,
    Journey,
    Pick,
    Spend,
)
from pygame_engine.games.darkleaf_gambit.clans import CLANS, Erde
from pygame_engine.games.darkleaf_gambit.state import DarkleafState
from tests.games.darkleaf.helpers import (
    F,
    Loaded,
    R,
    acquire,
    at,
    pair,
    put,
    rolled,
    sq,
)
from tests.test_conformance import _views, checked_playout


def erde(rival: str = "murg", **options: Any) -> DarkleafState:
    state = pair("erde", rival, **options)
    put(state, F, "king", "e1")
    royal = next(k for k, _ in state.clans[R].data["start"] if k in D.ROYALS)
    put(state, R, royal, "h8")
    return state


def reclaim(state: DarkleafState, p: int, *names: str) -> None:
    state.clan_state[p]["reclaimed"] = [*state.clan_state[p].get("reclaimed", []),
                                        *(sq(n) for n in names)]
    state.chips[p][state.clans[p].chip_set("reclaimed")] -= len(names)


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
    state = pair("erde", "murg")
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
    assert state.chips[F][state.clans[F].chip_set("reclaimed")] == D.CHIPS_IN_PLAY - 1
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


def test_erde_rolls_ten_sided_bones() -> None:
    state = GAME.new_game(2, 1, {"clan1": "erde", "clan2": "murg"})
    assert isinstance(state, DarkleafState)
    erde_bones = [f for b, f in enumerate(state.bone_faces) if state.bone_owner[b] == 0]
    assert erde_bones == [10] * 6
    clan = state.clans[0]
    assert isinstance(clan, Erde)
    need = clan.reclaim_need(state, 0)
    assert sum(1 for face in range(1, 11) if face >= need) == 5  # an even chance


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


def test_banish_asks_in_the_erde_players_own_order() -> None:
    """Banish asks about the rival units on the centre in the order read from
    the Erde player's side (rules version 6), so the second seat's Erde is
    asked the first seat's questions turned half round: for the first seat
    d4 before e4, for the second e5 (its d4) before d5 (its e4)."""
    order = []
    for p, names in ((F, ("d4", "e4")), (R, ("d5", "e5"))):
        state = pair("erde", "murg") if p == F else pair("murg", "erde")
        units = {put(state, 1 - p, "pawn", n).uid: n for n in names}
        state.relics[p][CLANS["erde"].index("banish")] = 1
        state.relic_pool -= 1
        state.current, state.phase, state.pending = p, "upkeep", []
        state.apply(p, Spend("banish"))
        order.append([units[c.num] for c in state.pending])
    assert order == [["d4", "e4"], ["e5", "d5"]]


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
    state = pair("ferrymen", "erde")
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


def test_erde_mirror() -> None:
    """Erde against Erde (designed: the text has no mirror match): a territory
    one Erde Reclaimed is closed to the other, so the centre counts as all
    Reclaimed when the two together hold the four; each king may then walk
    onto one of its own."""
    state = pair("erde", "erde")
    put(state, F, "king", "d3")
    put(state, R, "king", "e6")
    reclaim(state, F, "d4", "e4")
    reclaim(state, R, "e5")
    king, rival_king = state.royals(F)[0], state.royals(R)[0]
    assert sq("d4") not in state.journey_destinations(king, 1)  # three of four: not yet
    assert state.clans[F].progress(state, F)["done"] == 3
    reclaim(state, R, "d5")
    assert sq("d4") in state.journey_destinations(king, 1)
    assert sq("e5") in state.journey_destinations(rival_king, 1)
    assert sq("e5") not in state.journey_destinations(king, 2)  # the rival's stays closed
    assert state.clans[F].progress(state, F)["text"].startswith("Reclaimed 4 of 4 (2 yours)")
    assert state.current == F  # a mirror: the first seat starts
    rolled(state, F, 1)
    state.apply(F, Journey(sq("d3"), sq("d4")))
    assert state.is_over() and state.winner == F


def test_erde_mirror_needs_two_of_ones_own() -> None:
    """In the mirror a king walks in only if its own seat Reclaimed two or more
    of the four (designed, rules 18): at three to one only the three's king
    may. So at two to one the seat holding two gains by Reclaiming the last,
    where before neither seat would (the rival king stood ready to walk in
    first)."""
    state = pair("erde", "erde")
    put(state, F, "king", "d3")
    put(state, R, "king", "e6")
    reclaim(state, F, "d4", "e4", "d5")
    reclaim(state, R, "e5")
    king, rival_king = state.royals(F)[0], state.royals(R)[0]
    assert sq("d4") in state.journey_destinations(king, 1)
    assert sq("e5") not in state.journey_destinations(rival_king, 1)  # one of its own: not enough
    clan = state.clans[R]
    assert isinstance(clan, Erde)
    assert not clan.all_reclaimed(state, R) and clan.all_reclaimed(state, F)
    assert clan.progress(state, R)["text"] == (  # a Reclaim is never undone: shut out
        "Reclaimed 4 of 4 (1 yours), the king may not walk in (2 of the four must be yours)")
    assert clan.progress(state, F)["text"] == "Reclaimed 4 of 4 (3 yours), then the king onto one"


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


MINE = ("ferrymen", "erde")


PAIRINGS = [(a, b) for a in sorted(CLANS) for b in sorted(CLANS) if a in MINE or b in MINE]


def test_the_bots_keep_the_centre_free_for_pawns() -> None:
    """Bots: only a pawn Reclaims, so an Erde knight standing on a centre
    territory still to Reclaim counts against Erde in the evaluation, and a
    playout likes its journey off it and dislikes one onto it; on a territory
    already Reclaimed it may stand."""
    from pygame_engine.games.darkleaf_gambit.clans.erde import IN_THE_WAY, _erde_path, _erde_score

    state = erde()
    put(state, F, "pawn", "a2")
    knight = put(state, F, "knight", "b4")
    away = _erde_path(state, F)
    state.move(knight, sq("d4"))
    assert _erde_path(state, F) == pytest.approx(away - IN_THE_WAY)
    off = _erde_score(state, F, Journey(sq("d4"), sq("c4")))
    state.move(knight, sq("c4"))
    onto = _erde_score(state, F, Journey(sq("c4"), sq("d4")))
    elsewhere = _erde_score(state, F, Journey(sq("c4"), sq("c5")))
    assert off is not None and onto is not None and elsewhere is not None
    assert onto < elsewhere < off
    reclaim(state, F, "d4")
    before = _erde_path(state, F)
    state.move(knight, sq("d4"))
    assert _erde_path(state, F) == pytest.approx(before)


def test_bots_count_a_pawn_past_the_centre_spent() -> None:
    """Bots: Erde pawns never step back, so a pawn past the centre's ranks can
    no longer Reclaim there. The evaluation counts it as no pawn at all for
    those territories, and a playout dislikes a pawn's journey past every
    centre territory still to Reclaim (traced draws had pawns overshoot on
    exact rolls); one standing on Reclaimed land may still come back."""
    from pygame_engine.games.darkleaf_gambit.clans.erde import NO_PAWN, _erde_path, _erde_score

    state = erde()
    bare = _erde_path(state, F)
    pawn = put(state, F, "pawn", "d3")
    assert _erde_path(state, F) > bare
    past = _erde_score(state, F, Journey(sq("d3"), sq("d6")))
    onto = _erde_score(state, F, Journey(sq("d3"), sq("d4")))
    short = _erde_score(state, F, Journey(sq("d3"), sq("c3")))
    assert past is not None and onto is not None and short is not None
    assert past < min(0.0, short) and short < onto
    state.move(pawn, sq("d6"))
    assert _erde_path(state, F) == pytest.approx(bare)
    state.move(pawn, sq("d5"))  # d5 and e5 are its to Reclaim, d4 and e4 no more
    assert _erde_path(state, F) > bare + 2 * NO_PAWN
    reclaim(state, F, "e6")  # not a centre territory, but Reclaimed land all the same
    state.move(pawn, sq("e6"))
    assert _erde_path(state, F) > bare


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


def test_view_marks_reclaimed_flow_and_held() -> None:
    from web.views.darkleaf_gambit import render_board

    state = pair("ferrymen", "erde")
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


def test_split_journey_never_counts_a_held_unit() -> None:
    """A pawn the Wibo's Rival Regrowth holds cannot take the second part, so a
    first part that would leave the rest to it is not offered: Erde is never
    left mid-journey with nothing to do (seen in a search bot's playout)."""
    state = pair("erde", "wibo")
    put(state, F, "king", "h8")  # boxed in: it cannot take any part
    for kind, n in (("rook", "g8"), ("knight", "g7"), ("sage", "h7"), ("queen", "a8")):
        put(state, R, kind, n)
    put(state, F, "pawn", "a2")
    held = put(state, F, "pawn", "h2")
    rolled(state, F, 5)
    state.clan_state[R]["held"] = {str(held.uid): state.turns}
    assert not state.usable(held)
    firsts = {a.to for a in state.legal_actions(F) if isinstance(a, Journey)}
    assert firsts == {sq("a7"), sq("f2")}  # the whole roll (north or east): none for it
    for to in firsts:
        trial = state.clone()
        trial.apply(F, Journey(sq("a2"), to))
        assert trial.phase != "execute" or trial.legal_actions(F)
