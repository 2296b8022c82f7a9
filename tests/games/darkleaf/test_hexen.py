"""Darkleaf Gambit: Hexen, clause by clause, and against the other clans.

| clause of the rule text (or adaptation note) | test |
|---|---|
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
| (designed) the Ladder row holds one token, the Garden's two | test_a_ladder_row_holds_one_token |
| Poison Garden: 3 counters, Hexen Upkeep, on and adjacent | test_poison_garden |
| Witch's Ladder: diagonal, any distance, through units | test_witchs_ladder_cast |
| Witch's Ladder: never cast on a Quarry | test_witchs_ladder_cast |
| Ladder: 2 rounds, restart on adjacent (Quarry/own) | test_witchs_ladder_resolves_restarts |
| (designed) no restart on the Hexen queen | test_a_ladder_never_climbs_onto_the_hexen_queen |
| Ladder vs Iron Plating: aura off, transfer or end | test_witchs_ladder_against_iron_plating |
| Ladder vs invulnerable: no vanquish, no restart | test_witchs_ladder_against_invulnerable |
| untimely demise: the Ladder leaves with its host | test_witchs_ladder_untimely_demise |
| counters removed in Hexen Upkeep in the Hexen's order | test_hex_order_is_hexens_choice |
| Haggedorn Hoc Vult: relocate any unit anywhere | test_hoc_vult |
| Waxing Moon: every Hex counter down 1, resolve at 0 | test_waxing_moon |
| (designed) Waxing Moon: one bone, 3 to 6 | test_waxing_moon_takes_one_bone_of_3_to_6 |
| Hexen path: both Quarry vanquished | test_hexen_path |
| a Murg pawn is an ill-advised Quarry (the bots shun it) | test_bots_shun_murg_pawns_as_quarry |
"""

from __future__ import annotations

from pygame_engine.core.rng import Rng
from pygame_engine.games.darkleaf_gambit import GAME
from pygame_engine.games.darkleaf_gambit.actions import (
    Cancel,
    Choose,
    Journey,
    Pick,
    Proceed,
    Slot,
)
from pygame_engine.games.darkleaf_gambit.board import distance
from pygame_engine.games.darkleaf_gambit.clans import CLANS
from pygame_engine.games.darkleaf_gambit.clans.hexen import (
    CastGarden,
    CastLadder,
    HexDone,
    direction,
)
from pygame_engine.games.darkleaf_gambit.heuristics import Heuristics, side_value
from pygame_engine.games.darkleaf_gambit.state import DarkleafState, Unit
from tests.games.darkleaf.helpers import (
    W,
    X,
    fresh,
    picks,
    put,
    slotting,
    sq,
    turn,
)
from web.views import choice
from web.views.darkleaf_gambit import render_board


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
    assert state.chips[W][state.clans[W].chip_set("poison_garden")] == 4 and state.relics[W][0] == 0
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
    turn(state, W, 2)  # forward-right
    state.apply(W, Journey(sq("d2"), sq("f4")))
    assert not state.pending  # no token yet
    state.apply(W, Slot("poison_garden", 0))
    assert state.relics[W][i] == 1 and state.pending[0].kind == "hex"
    assert CastGarden(sq("f4")) in state.legal_actions(W)
    state.apply(W, CastGarden(sq("f4")))
    assert state.relics[W][i] == 0


def test_one_bone_earns_a_hex() -> None:
    """(designed) Each Hex's row is one bone: an even roll earns a Poison Garden
    token, an odd one a Witch's Ladder token; neither takes the other parity."""
    hexen = CLANS["hexen"]
    garden, ladder = hexen.index("poison_garden"), hexen.index("witchs_ladder")
    for value, fits, other in ((4, "poison_garden", "witchs_ladder"),
                               (7, "witchs_ladder", "poison_garden")):
        state = fresh("hexen", "murg")
        put(state, W, "pawn", "d2")
        turn(state, W, value)
        state.apply(W, Cancel())  # no journey: the bone may still be slotted
        legal = state.legal_actions(W)
        assert Slot(fits, 0) in legal and Slot(other, 0) not in legal
        state.apply(W, Slot(fits, 0))
        assert state.relics[W][hexen.index(fits)] == 1
        assert state.rows[W][garden] == [-1] and state.rows[W][ladder] == [-1]


def test_a_ladder_row_holds_one_token() -> None:
    """(designed, rules 17) The Witch's Ladder row holds one relic token (was
    two): while one waits, an odd bone does not go there; the Poison Garden
    row still holds two."""
    hexen = CLANS["hexen"]
    garden, ladder = hexen.index("poison_garden"), hexen.index("witchs_ladder")
    for held, fits in ((0, True), (1, False)):
        state = fresh("hexen", "murg")
        state.relics[W][ladder] = held
        slotting(state, W, 7)
        assert (Slot("witchs_ladder", 0) in state.legal_actions(W)) == fits, held
    state = fresh("hexen", "murg")
    state.relics[W][garden] = 1
    slotting(state, W, 4)
    assert Slot("poison_garden", 0) in state.legal_actions(W)


def test_poison_garden() -> None:
    state = fresh("hexen", "murg")
    put(state, W, "sage", "a1")
    mine = put(state, W, "pawn", "d5")
    on = put(state, X, "pawn", "d4")
    beside = put(state, X, "knight", "e5")
    far = put(state, X, "pawn", "d2")
    rook = put(state, X, "rook", "c3")
    state.clan_state[W]["gardens"][str(sq("d4"))] = 3
    state.chips[W][state.clans[W].chip_set("poison_garden")] -= 1
    for left in (2, 1):
        state.pending = []
        state._start_turn(W)
        assert state.clan_state[W]["gardens"] == {str(sq("d4")): left}
    state.pending = []
    state._start_turn(W)
    assert on.sq == -1 and beside.sq == -1 and far.sq == sq("d2") and rook.sq == sq("c3")
    assert mine.sq == sq("d5")  # the Hexen's own units are spared
    assert state.clan_state[W]["gardens"] == {}
    assert state.chips[W][state.clans[W].chip_set("poison_garden")] == 5


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
    state.chips[W][state.clans[W].chip_set("witchs_ladder")] -= 1


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


def test_a_ladder_never_climbs_onto_the_hexen_queen() -> None:
    # A designed reading (docs/darkleaf-gambit-design.md): the text lets the
    # Ladder climb onto "a Hexen unit", but a queen felled by her own curse
    # would leave a rival whose path strikes the royal no way to win.
    state = fresh("hexen", "ferrymen")
    queen = put(state, W, "queen", "c5")
    own = put(state, W, "pawn", "c4")
    host = put(state, X, "pawn", "d5")
    king = put(state, X, "king", "e6")  # the Ladder may climb onto a rival royal
    ladder_on(state, host)
    state._start_turn(W)
    assert host.sq == -1
    assert state.pending and state.pending[0].kind == "ladder_restart"
    assert sorted(picks(state, W)) == sorted([sq("c4"), sq("e6")])
    assert queen.sq == sq("c5") and own.sq == sq("c4") and king.sq == sq("e6")
    # With the queen the only unit beside the host, the Ladder simply ends.
    state = fresh("hexen", "ferrymen")
    put(state, W, "queen", "c5")
    host = put(state, X, "pawn", "d5")
    ladder_on(state, host)
    state._start_turn(W)
    assert host.sq == -1
    assert not any(c.kind == "ladder_restart" for c in state.pending)
    assert state.clan_state[W]["ladders"] == {}


def test_the_evaluation_sees_a_ladder_under_way() -> None:
    """Bots: a Witch's Ladder's host is as good as lost, whoever owns it, so a
    Ladder restarted on a Hexen unit with no Quarry beside it scores below
    letting it end, and one on a rival unit above (the search used to see no
    difference and sometimes restarted on its own knight)."""
    state = fresh("hexen", "murg")
    own = put(state, W, "knight", "h2")
    rival = put(state, X, "pawn", "d5")
    quarry = put(state, X, "knight", "a7")
    state.clan_state[W]["quarry"] = [quarry.uid]
    none = side_value(state, W)
    ladder_on(state, own, 2)
    on_own = side_value(state, W)
    state.clan_state[W]["ladders"] = {}
    ladder_on(state, rival, 2)
    on_rival = side_value(state, W)
    assert on_own < none < on_rival


def test_playouts_relocate_the_quarry_into_a_garden() -> None:
    """Bots: Haggedorn Hoc Vult in a playout takes the Quarry (not another
    unit) and drops it in the reach of the Garden nearest to blooming."""
    state = fresh("hexen", "murg")
    quarry = put(state, X, "knight", "a7")
    put(state, X, "pawn", "h7")
    put(state, W, "sage", "b2")
    state.clan_state[W]["quarry"] = [quarry.uid]
    state.clan_state[W]["gardens"] = {str(sq("d4")): 3, str(sq("f5")): 1}
    state.current, state.phase = W, "acquire"
    CLANS["hexen"].miracle(state, W, "hoc_vult")
    rng = Rng(3)
    for _ in range(5):  # the random tie-breaks never win over the liking
        assert Heuristics().rollout_action(state, W, rng) == Pick(sq("a7"))
    state.apply(W, Pick(sq("a7")))
    for _ in range(5):
        to = Heuristics().rollout_action(state, W, rng)
        assert isinstance(to, Pick) and distance(to.square, sq("f5")) <= 1


def test_playouts_step_out_of_a_garden() -> None:
    """Bots: a rival unit in a Poison Garden's reach is as good as lost if it
    stays; the evaluation counts it, the more the nearer the bloom, and a
    playout's journey out of the reach is liked better than one within it."""
    state = fresh("murg", "hexen")
    put(state, W, "king", "a1")
    knight = put(state, W, "knight", "d4")
    put(state, X, "queen", "h8")
    clear = side_value(state, W)
    state.clan_state[X]["gardens"] = {str(sq("e5")): 3}
    slow = side_value(state, W)
    state.clan_state[X]["gardens"] = {str(sq("e5")): 1}
    assert side_value(state, W) < slow < clear
    harm = state.clans[X].bot_threats(state, X)
    assert harm is not None
    assert harm(knight, sq("d4")) > 0 and harm(knight, sq("b4")) == 0
    out = Heuristics._journey_score(state, W, Journey(sq("d4"), sq("b4")), [sq("h8")], harm)
    stay = Heuristics._journey_score(state, W, Journey(sq("d4"), sq("f4")), [sq("h8")], harm)
    assert out > stay  # f4 is nearer the queen, but inside the Garden's reach


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
    assert state.clan_state[W]["ladders"] == {}
    assert state.chips[W][state.clans[W].chip_set("witchs_ladder")] == 5


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
    assert state.clan_state[W]["ladders"] == {}
    assert state.chips[W][state.clans[W].chip_set("witchs_ladder")] == 5
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
    state.chips[W][state.clans[W].chip_set("poison_garden")] -= 1
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
    state.chips[W][state.clans[W].chip_set("poison_garden")] -= 1
    assert CLANS["hexen"].miracle_applies(state, W, "waxing_moon")
    state.current, state.phase, state.turns = W, "acquire", 3
    CLANS["hexen"].miracle(state, W, "waxing_moon")
    state.apply(W, Choose("garden:a4"))
    assert host.sq == -1 and other.sq == sq("a5")
    assert state.clan_state[W]["gardens"] == {str(sq("a4")): 2}


def test_waxing_moon_takes_one_bone_of_3_to_6() -> None:
    def with_a_garden() -> DarkleafState:  # a Hex in play: the Moon has work to do
        state = fresh("hexen", "murg")
        state.clan_state[W]["gardens"][str(sq("a4"))] = 3
        state.chips[W][state.clans[W].chip_set("poison_garden")] -= 1
        state.turns = 3  # no miracle in the setup turn
        return state

    for value in range(1, 9):
        state = with_a_garden()
        slotting(state, W, value)
        assert (Slot("waxing_moon", 0) in state.legal_actions(W)) == (3 <= value <= 6)
        assert Slot("waxing_moon", 1) not in state.legal_actions(W)
    state = with_a_garden()
    slotting(state, W, 4)
    state.apply(W, Slot("waxing_moon", 0))  # the one bone fills the row: the Moon waxes
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


def test_bots_shun_murg_pawns_as_quarry() -> None:
    """Bots: the compendium calls a Murg pawn an ill-advised Quarry (Iron
    Plating may shield it again and again). A playout names the knights and
    sages first, though the pawns stand nearer, and the evaluation counts a
    shieldable Quarry below another at the same distance (the bots used to
    name the nearest: a Murg pawn in 17 of 20 games, docs/benchmarks.md
    round 53)."""
    state = GAME.new_game(2, 1, {"clan1": "hexen", "clan2": "murg"})
    assert isinstance(state, DarkleafState)
    rng = Rng(5)
    for _ in range(2):
        first = Heuristics().rollout_action(state, W, rng)
        assert isinstance(first, Pick) and state.units[state.board[first.square]].kind in (
            "knight", "sage")
        state.apply(W, first)
    state = fresh("hexen", "murg")
    put(state, W, "knight", "d4")
    pawn = put(state, X, "pawn", "d6")
    knight = put(state, X, "knight", "f4")  # as far from the Hexen knight
    state.clan_state[W]["quarry"] = [pawn.uid]
    on_pawn = side_value(state, W)
    state.clan_state[W]["quarry"] = [knight.uid]
    assert side_value(state, W) > on_pawn


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
    state.chips[W][state.clans[W].chip_set("poison_garden")] -= 1
    state.pending = []
    state._start_turn(W)
    assert king.sq == sq("d4")  # the Poison Garden does not take him either


def test_quarry_against_erde() -> None:
    state = GAME.new_game(2, 1, {"clan1": "erde", "clan2": "hexen"})
    assert isinstance(state, DarkleafState)
    kinds = {state.units[state.board[t]].kind for t in picks(state, X)}
    assert "king" not in kinds and "rook" not in kinds
    assert "sage" not in kinds  # an Erde sage may join the wall of invulnerability


def test_view_marks_hexes_quarry_and_d8() -> None:
    state = fresh("hexen", "wibo")
    quarry = put(state, X, "knight", "e7")
    laddered = put(state, X, "sage", "b5")
    put(state, X, "queen", "d8")
    put(state, W, "sage", "c1")
    state.clan_state[W]["quarry"] = [quarry.uid]
    ladder_on(state, laddered, 2)
    state.clan_state[W]["gardens"][str(sq("e6"))] = 3
    state.chips[W][state.clans[W].chip_set("poison_garden")] -= 1
    turn(state, W, 2)
    state.last_roll = {"seat": W, "bone": state.rolled, "faces": 8, "value": 2}
    view = state.view(W)
    legal = [choice(i, a, a.label)
             for i, a in enumerate(state.legal_actions(W))]
    markup = render_board(view, legal, {})
    assert 'points="16,1 31,16 16,31 1,16"' in markup  # the d8: a diamond
    assert "rolled 2: ahead and right" in markup  # the direction it points
    assert "dg-badge-quarry" in markup and ">Q</text>" in markup
    assert "dg-badge-witchs_ladder" in markup and ">L2</text>" in markup
    assert "dg-mark-poison_garden" in markup and "3 rounds left" in markup
    assert "Quarry vanquished 0 of 2" in markup and "Wibo pawns in the Seat 0 of 6" in markup
