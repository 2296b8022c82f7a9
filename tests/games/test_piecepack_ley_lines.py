"""Ley Lines (piecepack), rule by rule.

| clause of the rule text (or adaptation note)       | test                                        |
|----------------------------------------------------|---------------------------------------------|
| (adapted) Albion 18 tiles, Eire 6, 2x2 spaces each | test_map_tiles_and_spaces                   |
| (adapted) Eire meets Albion at one space edge      | test_eire_joins_albion_at_one_edge          |
| 3 players: Albion only; 4 players: both islands    | test_three_players_use_albion_only          |
| each player: a pawn, coins null, ace, 2-5          | test_setup_coins_and_tor                    |
| a roll decides who lays the first cairn            | test_first_player_is_rolled                 |
| cairns one by one from the first player, leftwards | test_cairns_in_turn_from_first_player       |
| a cairn is face down: only its owner knows it      | test_cairn_value_hidden_from_others         |
| (option) not examined until scored, even by owner  | test_hide_own_cairns_option                 |
| cairns never orthogonally adjacent; diagonal is ok | test_cairns_not_orthogonally_adjacent       |
| tors in reverse order, from the last cairn player  | test_tors_in_reverse_order                  |
| a tor not orthogonally next to a cairn             | test_tor_not_next_to_cairn                  |
| at least two spaces between tors                   | test_tors_two_spaces_apart                  |
| ... both tor rules, reached through play           | test_tor_spaces_through_play                |
| (adapted) fallback when no tor space is left       | test_tor_fallback_when_boxed_in             |
| 3 players: the sixes left out, 7 each              | test_deal_three_players                     |
| 4 players: all 28 dominoes, 7 each                 | test_deal_four_players                      |
| hands are private                                  | test_hands_hidden_from_others               |
| play starts with the first cairn player, leftwards | test_ley_turns_start_with_first_player      |
| lay a segment or pass; an empty hand must pass     | test_pass_only_with_empty_hand              |
| a segment covers two adjacent empty spaces         | test_segment_on_adjacent_empty_spaces       |
| placement: each half has a legal energy path       | test_placement_rejects_segment_without_path |
| (engine) a double is listed once, either way named | test_reversed_double_is_explained           |
| ... via its partner, to anyone's tor or cairn      | test_placement_through_partner_half         |
| flow: cairn 0, tor 7, rising, largest neighbour    | test_flow_follows_largest_neighbour         |
| flow into the middle of nowhere scores nothing     | test_flow_into_the_middle_of_nowhere        |
| (adapted) tie: the shortest branch to a tor        | test_flow_tie_takes_shortest_branch         |
| (adapted) tie of equal length: compass order       | test_flow_tie_equal_length_compass_order    |
| (adapted) tie: a dying branch is passed over       | test_flow_tie_skips_dead_branch             |
| (adapted) tie, no tor: first branch, then dies out | test_flow_tie_no_tor_takes_first_branch |
| (adapted) energy never revisits a space            | test_flow_never_revisits                    |
| score: cairn value + 1 per space (other suit)      | test_score_other_suit                       |
| score: cairn value + 2 per space (same suit)       | test_score_same_suit                        |
| several cairns scored at once, then attenuation    | test_several_cairns_scored_at_once          |
| scored cairns are discarded                        | test_several_cairns_scored_at_once          |
| attenuation: path segments both <= cairn go        | test_attenuation_removes_only_low_segments  |
| (adapted) board checked again after attenuation    | test_cascade_after_attenuation              |
| end: the last cairn is scored                      | test_game_ends_when_last_cairn_scored       |
| end: every player passes in succession             | test_game_ends_when_all_pass                |
| the highest score wins; (adapted) ties share       | test_highest_score_wins                     |
| determinize resamples cairn values and hands       | test_determinize_resamples_hidden_only      |
| a cairn's value is not named to other seats        | test_cairn_public_label_hides_value         |
| dominoes and coins are conserved                   | test_conservation_over_a_game               |
| every complete line is scored at once              | test_no_complete_line_left_unscored         |
| (engine) cached path sets equal a fresh search     | test_reach_cache_matches_full_search        |
| illegal actions leave the state unchanged          | test_illegal_action_changes_nothing         |
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from pygame_engine import GAMES, IllegalAction
from pygame_engine.core.rng import Rng
from pygame_engine.games.piecepack_ley_lines import data
from pygame_engine.games.piecepack_ley_lines.actions import (
    CAIRN,
    EMPTY,
    HALF,
    IN_PLAY,
    NEIGHBOURS,
    TOR,
    LaySegment,
    Pass,
    PlaceCairn,
    PlaceTor,
    chebyshev,
)
from pygame_engine.games.piecepack_ley_lines.data import DOMINOES, SPACES, space_id, space_name
from pygame_engine.games.piecepack_ley_lines.heuristics import Heuristics
from pygame_engine.games.piecepack_ley_lines.state import LeyLinesState

GAME = GAMES["ley-lines"]


def sp(name: str) -> int:
    return space_id(name)


def dom(low: int, high: int) -> int:
    return DOMINOES.index((low, high))


def blank(n: int = 3) -> LeyLinesState:
    """A game in the ley phase with an empty board and empty hands; seat 0 to play."""
    s = GAME.new_game(n, 0)
    assert isinstance(s, LeyLinesState)
    size = len(SPACES)
    s.kind, s.value, s.owner, s.coin = [EMPTY] * size, [0] * size, [-1] * size, [-1] * size
    s.coins = [[] for _ in range(n)]
    s.hands = [[] for _ in range(n)]
    s.phase, s.first, s.turn, s.undealt = "ley", 0, 0, 0
    return s


def cairn(s: LeyLinesState, name: str, seat: int, value: int) -> int:
    c = sp(name)
    s.kind[c], s.owner[c], s.coin[c] = CAIRN, seat, value
    return c


def tor(s: LeyLinesState, name: str, seat: int) -> int:
    t = sp(name)
    s.kind[t], s.owner[t] = TOR, seat
    s.tors[seat] = t
    return t


def lay(s: LeyLinesState, low: int, high: int, at_low: str, at_high: str) -> None:
    s._put(dom(low, high), sp(at_low), low, sp(at_high), high)


def play_to(s: LeyLinesState, phase: str, rng: Rng) -> None:
    while s.phase != phase:
        p = s.active_players()[0]
        s.apply(p, rng.choice(s.legal_actions(p)))


# -- the map -----------------------------------------------------------------------


def test_map_tiles_and_spaces() -> None:
    assert len(data.ALBION_TILES) == 18 and len(data.EIRE_TILES) == 6
    cells = Counter((x, y) for x, y, _ in SPACES)
    assert len(SPACES) == 24 * 4 and max(cells.values()) == 1  # no tile overlaps another
    for x, y in data.ALBION_TILES + data.EIRE_TILES:
        assert {(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)} <= set(cells)


def test_eire_joins_albion_at_one_edge() -> None:
    nb = NEIGHBOURS[4]
    crossings = {tuple(sorted((a, b))) for a in IN_PLAY[4] for b in nb[a]
                 if SPACES[a][2] != SPACES[b][2]}
    assert crossings == {tuple(sorted((sp("D11"), sp("E11"))))}


def test_three_players_use_albion_only() -> None:
    three, four = GAME.new_game(3, 1), GAME.new_game(4, 1)
    assert isinstance(three, LeyLinesState) and isinstance(four, LeyLinesState)
    assert len(three.in_play) == 72 and len(four.in_play) == 96
    assert {SPACES[s][2] for s in three.in_play} == {data.ALBION}
    spaces = {a.space for a in three.legal_actions(three.current())
              if isinstance(a, PlaceCairn)}
    assert sp("D11") not in spaces and sp("E11") in spaces
    assert sp("D11") in {a.space for a in four.legal_actions(four.current())
                         if isinstance(a, PlaceCairn)}


# -- setup -------------------------------------------------------------------------


def test_setup_coins_and_tor() -> None:
    s = GAME.new_game(4, 3)
    assert isinstance(s, LeyLinesState)
    assert s.coins == [[0, 1, 2, 3, 4, 5]] * 4 and s.tors == [None] * 4
    assert s.phase == "cairns"


def test_first_player_is_rolled() -> None:
    firsts = set()
    for seed in range(20):
        s = GAME.new_game(3, seed)
        assert isinstance(s, LeyLinesState)
        assert s.active_players() == [s.first]
        firsts.add(s.first)
    assert firsts == {0, 1, 2}


def test_cairns_in_turn_from_first_player() -> None:
    s = GAME.new_game(3, 4)
    assert isinstance(s, LeyLinesState)
    rng, order = Rng(1), []
    while s.phase == "cairns":
        p = s.active_players()[0]
        order.append(p)
        s.apply(p, rng.choice(s.legal_actions(p)))
    f = s.first
    assert order == [(f + k) % 3 for k in range(18)]
    assert all(Counter(order)[p] == 6 for p in range(3))


def test_cairn_value_hidden_from_others() -> None:
    s = GAME.new_game(3, 2)
    assert isinstance(s, LeyLinesState)
    p = s.current()
    s.apply(p, PlaceCairn(5, sp("I7")))
    mine, other, spectator = s.view(p), s.view((p + 1) % 3), s.view(None)
    assert mine["board"][sp("I7")] == {"kind": "cairn", "seat": p, "value": 5}
    assert other["board"][sp("I7")] == {"kind": "cairn", "seat": p, "value": None}
    assert spectator["board"][sp("I7")] == {"kind": "cairn", "seat": p, "value": None}
    assert other["coins"][p] is None and mine["coins"][p] == [0, 1, 2, 3, 4]
    assert any("is the 5" in e.text for e in s.log_for(p))
    assert not any("is the" in e.text for e in s.log_for((p + 1) % 3))


def test_hide_own_cairns_option() -> None:
    """The printed rule, as an option: a placed cairn is not shown to its owner."""
    from web.session import Session, parse_query

    setup = parse_query("?game=ley-lines&seats=human,ai,ai&seed=2&hide_own_cairns=on", 0)
    assert setup is not None and setup.option_values() == {"hide_own_cairns": "on"}
    s = Session(setup).state
    assert isinstance(s, LeyLinesState) and s.hide_own_cairns
    p = s.current()
    s.apply(p, PlaceCairn(5, sp("I7")))
    assert s.view(p)["board"][sp("I7")] == {"kind": "cairn", "seat": p, "value": None}
    assert not any("is the" in e.text for e in s.log_for(p))
    assert s.determinize(p, Rng(1)).coin[sp("I7")] == 5  # a bot remembers its own
    default = GAME.new_game(3, 2)
    assert isinstance(default, LeyLinesState) and not default.hide_own_cairns  # shown
    with pytest.raises(ValueError, match="cannot be 'maybe'"):
        GAME.new_game(3, 2, {"hide_own_cairns": "maybe"})


def test_cairns_not_orthogonally_adjacent() -> None:
    s = GAME.new_game(3, 2)
    assert isinstance(s, LeyLinesState)
    p = s.current()
    s.apply(p, PlaceCairn(0, sp("I7")))
    q = s.current()
    spaces = {a.space for a in s.legal_actions(q) if isinstance(a, PlaceCairn)}
    for name in ("I6", "J7", "I8", "H7"):
        assert sp(name) not in spaces
        with pytest.raises(IllegalAction, match="next to another cairn"):
            s.apply(q, PlaceCairn(1, sp(name)))
    assert sp("J8") in spaces and sp("H6") in spaces  # diagonal is fine


def test_tors_in_reverse_order() -> None:
    s = GAME.new_game(4, 6)
    assert isinstance(s, LeyLinesState)
    play_to(s, "tors", Rng(2))
    f, order = s.first, []
    while s.phase == "tors":
        p = s.active_players()[0]
        order.append(p)
        s.apply(p, s.legal_actions(p)[0])
    assert order == [(f + 3) % 4, (f + 2) % 4, (f + 1) % 4, f]


def test_tor_not_next_to_cairn() -> None:
    s = blank()
    s.phase, s.turn = "tors", 2  # seat first + n - 1 - 2 = 0 lays
    cairn(s, "I7", 1, 3)
    spaces = set(s.tor_spaces())
    assert not spaces & {sp(n) for n in ("I6", "J7", "I8", "H7", "I7")}
    assert sp("J8") in spaces  # diagonal is fine
    with pytest.raises(IllegalAction, match="next to a cairn"):
        s.apply(0, PlaceTor(sp("J7")))


def test_tors_two_spaces_apart() -> None:
    s = blank()
    s.phase, s.turn = "tors", 2
    tor(s, "I7", 1)
    spaces = set(s.tor_spaces())
    for name in ("K9", "G5", "K7", "I9"):  # two spaces away: one between
        assert sp(name) not in spaces
    for name in ("L10", "F11", "L7", "I10"):  # three away: two between
        assert sp(name) in spaces
    assert all(chebyshev(t, sp("I7")) >= 3 for t in spaces)


def test_tor_spaces_through_play() -> None:
    """Reached by play: each seat's tor spaces are exactly the empty spaces with no
    cairn beside them and at least two spaces (a king's three steps) to every tor."""
    for n, seed in ((3, 14), (4, 15)):
        s = GAME.new_game(n, seed)
        assert isinstance(s, LeyLinesState)
        rng = Rng(seed)
        play_to(s, "tors", rng)
        while s.phase == "tors":
            p = s.active_players()[0]
            offered = {a.space for a in s.legal_actions(p) if isinstance(a, PlaceTor)}
            expected = {x for x in s.in_play if s.kind[x] == EMPTY
                        and not any(s.kind[y] == CAIRN for y in s.nbrs[x])
                        and all(max(abs(SPACES[x][0] - SPACES[t][0]),
                                    abs(SPACES[x][1] - SPACES[t][1])) >= 3
                                for t in s.tors if t is not None)}
            assert offered == expected and expected
            s.apply(p, PlaceTor(rng.choice(sorted(offered))))


def test_tor_fallback_when_boxed_in() -> None:
    s = blank()
    s.phase, s.turn = "tors", 2
    for i, space in enumerate(s.in_play):  # a cairn everywhere but two spaces
        if SPACES[space][:2] not in ((4, 10), (5, 10)):
            s.kind[space], s.owner[space], s.coin[space] = CAIRN, i % 3, 0
    assert s.tor_spaces() == [sp("E11"), sp("F11")]


def test_deal_three_players() -> None:
    s = GAME.new_game(3, 8)
    assert isinstance(s, LeyLinesState)
    play_to(s, "ley", Rng(3))
    assert [len(h) for h in s.hands] == [7, 7, 7]
    dealt = [d for h in s.hands for d in h]
    assert sorted(dealt) == [d for d in range(28) if 6 not in DOMINOES[d]]
    assert sorted(s.set_aside) == [d for d in range(28) if 6 in DOMINOES[d]]


def test_deal_four_players() -> None:
    s = GAME.new_game(4, 8)
    assert isinstance(s, LeyLinesState)
    play_to(s, "ley", Rng(3))
    assert [len(h) for h in s.hands] == [7, 7, 7, 7]
    assert sorted(d for h in s.hands for d in h) == list(range(28))


def test_hands_hidden_from_others() -> None:
    s = GAME.new_game(3, 8)
    assert isinstance(s, LeyLinesState)
    play_to(s, "ley", Rng(3))
    v = s.view(0)
    assert v["hands"][0] == s.hands[0] and v["hands"][1] is None and v["hands"][2] is None
    assert v["hand_sizes"] == [7, 7, 7]
    assert all(h is None for h in s.view(None)["hands"])


def test_ley_turns_start_with_first_player() -> None:
    s = GAME.new_game(4, 9)
    assert isinstance(s, LeyLinesState)
    play_to(s, "ley", Rng(4))
    f, order = s.first, []
    for _ in range(6):
        p = s.active_players()[0]
        order.append(p)
        s.apply(p, Pass() if len(order) % 3 == 0 else s.legal_actions(p)[0])
    assert order == [(f + k) % 4 for k in range(6)]


def test_pass_only_with_empty_hand() -> None:
    s = blank()
    cairn(s, "G5", 1, 2)
    tor(s, "L10", 0)
    assert s.legal_actions(0) == [Pass()]
    s.hands[0] = [dom(2, 3)]
    actions = s.legal_actions(0)
    assert Pass() in actions and len(actions) > 1


# -- laying segments -------------------------------------------------------------------


def test_segment_on_adjacent_empty_spaces() -> None:
    s = blank()
    cairn(s, "G5", 1, 2)
    tor(s, "L10", 0)
    s.hands[0] = [dom(2, 3), dom(1, 4)]
    with pytest.raises(IllegalAction, match="adjacent"):
        s.apply(0, LaySegment(dom(2, 3), sp("H5"), sp("I6")))  # diagonal
    lay(s, 1, 4, "H5", "H6")
    with pytest.raises(IllegalAction, match="empty"):
        s.apply(0, LaySegment(dom(2, 3), sp("H6"), sp("I6")))
    assert all(s.kind[a.low] == EMPTY and s.kind[a.high] == EMPTY and a.high in s.nbrs[a.low]
               for a in s.legal_actions(0) if isinstance(a, LaySegment))


def _placement_board() -> LeyLinesState:
    s = blank(4)
    cairn(s, "G5", 1, 2)
    tor(s, "L10", 0)
    lay(s, 4, 5, "H5", "I5")  # 5 -> 4 -> cairn: both halves fall to the cairn
    s.hands[0] = [dom(2, 3), dom(5, 6)]
    return s


def test_placement_rejects_segment_without_path() -> None:
    s = _placement_board()
    bad = LaySegment(dom(2, 3), sp("J6"), sp("J5"))  # 3 beside the 5: rises to nothing
    assert bad not in s.legal_actions(0)
    before = s.view(0)
    with pytest.raises(IllegalAction, match="energy path"):
        s.apply(0, bad)
    assert s.view(0) == before
    # 5|6 with the 6 beside the 5 strands its own 5, which could only rise to the 6.
    assert LaySegment(dom(5, 6), sp("J6"), sp("J5")) not in s.legal_actions(0)


def test_reversed_double_is_explained() -> None:
    """A double reads the same both ways, so each placement is listed once; naming
    its spaces the other way round is refused with that reason, not a false one."""
    s = _placement_board()
    s.hands[0] = [dom(5, 5)]
    listed = [a for a in s.legal_actions(0) if isinstance(a, LaySegment)
              and {a.low, a.high} == {sp("J5"), sp("J6")}]
    assert len(listed) == 1
    reversed_double = LaySegment(dom(5, 5), listed[0].high, listed[0].low)
    with pytest.raises(IllegalAction, match="double") as refused:
        s.apply(0, reversed_double)
    assert "energy path" not in str(refused.value)
    assert f"as {space_name(listed[0].low)} then {space_name(listed[0].high)}" in str(
        refused.value)
    # A double with no legal path either way still gets the energy-path reason.
    s.hands[0] = [dom(2, 2)]
    with pytest.raises(IllegalAction, match="energy path"):
        s.apply(0, LaySegment(dom(2, 2), sp("J5"), sp("K5")))
    with pytest.raises(IllegalAction, match="energy path"):
        s.apply(0, LaySegment(dom(2, 2), sp("K5"), sp("J5")))


def test_placement_through_partner_half() -> None:
    s = _placement_board()
    # 5 beside the 5 falls (level) to the cairn; the 6 reaches it through its partner 5.
    good = LaySegment(dom(5, 6), sp("J5"), sp("J6"))
    assert good in s.legal_actions(0)
    s.apply(0, good)
    assert s.kind[sp("J6")] == HALF and s.value[sp("J6")] == 6
    # The tor (7) accepts any half beside it, whoever owns it.
    s2 = _placement_board()
    assert LaySegment(dom(2, 3), sp("K9"), sp("K10")) in s2.legal_actions(0)
    # ... but the other way round the 3 would have to fall to the 2, which reaches no cairn.
    assert LaySegment(dom(2, 3), sp("K10"), sp("K9")) not in s2.legal_actions(0)


# -- energy flow -------------------------------------------------------------------


def test_flow_follows_largest_neighbour() -> None:
    s = blank()
    c = cairn(s, "G7", 1, 1)
    tor(s, "K7", 0)
    lay(s, 1, 2, "H7", "I7")  # a rising line 1, 2, 3 to the tor on K7
    lay(s, 3, 3, "J7", "J8")
    lay(s, 4, 4, "H8", "H9")  # beside the 1: a larger neighbour than the 2
    f = s.flow(c)
    assert (f.path, f.tor) == ([sp("H7"), sp("H8"), sp("H9")], None)
    s._lift(dom(4, 4))
    f = s.flow(c)
    assert (f.path, f.tor) == ([sp("H7"), sp("I7"), sp("J7")], sp("K7"))


def test_flow_into_the_middle_of_nowhere() -> None:
    s = blank()
    c = cairn(s, "G7", 1, 3)
    tor(s, "J7", 0)
    lay(s, 4, 5, "G5", "G6")  # the 5 beside the cairn pulls the energy north ...
    s.hands[0] = [dom(1, 2)]
    s.apply(0, LaySegment(dom(1, 2), sp("H7"), sp("I7")))  # ... away from this full line
    assert s.kind[c] == CAIRN and s.points == [[0, 0, 0]] * 3
    f = s.flow(c)
    assert f.tor is None and f.path == [sp("G6")]


def _tie_board() -> tuple[LeyLinesState, int]:
    s = blank()
    c = cairn(s, "G7", 1, 2)
    tor(s, "K7", 0)
    tor(s, "H9", 2)
    lay(s, 3, 4, "H7", "I7")  # east branch: 3, 4, 5 then K7 (three spaces)
    lay(s, 1, 5, "J8", "J7")
    return s, c


def test_flow_tie_takes_shortest_branch() -> None:
    s, c = _tie_board()
    lay(s, 3, 5, "G8", "G9")  # south branch: 3, 5 then H9 (two spaces)
    f = s.flow(c)
    assert (f.path, f.tor) == ([sp("G8"), sp("G9")], sp("H9"))


def test_flow_tie_equal_length_compass_order() -> None:
    s, c = _tie_board()
    s.kind[sp("H9")], s.tors[2] = EMPTY, None
    tor(s, "G11", 2)
    lay(s, 3, 3, "G8", "G9")  # south branch: 3, 3, 5 then G11 (three spaces too)
    lay(s, 4, 5, "H10", "G10")
    f = s.flow(c)
    # East (H7) comes before south (G8) in compass order: north, east, south, west.
    assert (f.path, f.tor) == ([sp("H7"), sp("I7"), sp("J7")], sp("K7"))
    s._lift(dom(3, 4))  # without the east branch the south one is taken
    assert s.flow(c).tor == sp("G11")


def test_flow_tie_skips_dead_branch() -> None:
    s, c = _tie_board()
    s._lift(dom(1, 5))  # the east branch now dies at I7 (4)
    lay(s, 3, 5, "G8", "G9")
    f = s.flow(c)
    assert f.tor == sp("H9") and f.path == [sp("G8"), sp("G9")]


def test_flow_tie_no_tor_takes_first_branch() -> None:
    """No tied branch reaches a tor: the energy runs on down the first tied branch
    in compass order (the rules page says so) and dies out there, scoring nothing."""
    s = blank()
    c = cairn(s, "G7", 1, 2)
    tor(s, "L10", 0)
    lay(s, 3, 4, "H7", "I7")  # east branch: 3 then 4, a dead end
    lay(s, 3, 5, "G8", "G9")  # south branch: 3 then 5, a dead end too
    f = s.flow(c)
    assert f.tor is None
    assert f.path == [sp("H7"), sp("I7")]  # east comes before south
    s._lift(dom(3, 4))
    assert s.flow(c).path == [sp("G8"), sp("G9")]


def test_flow_never_revisits() -> None:
    s = blank()
    c = cairn(s, "G6", 1, 1)
    tor(s, "L10", 0)
    lay(s, 2, 2, "H6", "I6")  # a square of 2s: a loop the energy could circle forever
    lay(s, 1, 2, "H8", "H7")
    lay(s, 0, 2, "J7", "I7")
    f = s.flow(c)
    assert f.tor is None and len(set(f.path)) == len(f.path) <= 4


# -- scoring -------------------------------------------------------------------------


def _line(value: int, cairn_seat: int) -> LeyLinesState:
    s = blank()
    cairn(s, "G5", cairn_seat, value)
    tor(s, "J5", 0)
    s.hands[0] = [dom(2, 3)]
    s.apply(0, LaySegment(dom(2, 3), sp("H5"), sp("I5")))
    return s


def test_score_other_suit() -> None:
    s = _line(4, 1)
    assert s.points[0] == [4, 2, 0] and s.scores() == [6.0, 0.0, 0.0]
    assert s.kind[sp("G5")] == EMPTY and s.scored_cairns == [(1, 4)]


def test_score_same_suit() -> None:
    s = _line(4, 0)
    assert s.points[0] == [4, 0, 4] and s.scores()[0] == 8.0
    flows = s.view(2)["last_flows"]
    assert flows[0]["path"] == [sp("H5"), sp("I5")] and flows[0]["value"] == 4


def test_several_cairns_scored_at_once() -> None:
    s = blank()
    cairn(s, "H7", 1, 5)
    cairn(s, "J7", 2, 1)
    cairn(s, "L10", 2, 3)  # keeps the game going
    tor(s, "I5", 0)
    s.hands[0] = [dom(1, 2)]
    s.apply(0, LaySegment(dom(1, 2), sp("I7"), sp("I6")))
    # Both flow I7, I6 to the tor: 5 + 2 and 1 + 2. The 5's attenuation (1|2 <= 5)
    # comes only after both have scored, and both cairns leave the board.
    assert s.scores()[0] == 10.0
    assert s.kind[sp("H7")] == EMPTY and s.kind[sp("J7")] == EMPTY
    assert dom(1, 2) in s.discard and s.kind[sp("I7")] == EMPTY
    assert not s.is_over()


def test_attenuation_removes_only_low_segments() -> None:
    s = blank()
    cairn(s, "G5", 1, 2)
    cairn(s, "L10", 2, 3)
    tor(s, "L5", 0)
    lay(s, 1, 2, "H5", "I5")
    lay(s, 0, 1, "H6", "I6")  # beside the path, not on it: stays though 0|1 <= 2
    s.hands[0] = [dom(2, 3)]
    s.apply(0, LaySegment(dom(2, 3), sp("J5"), sp("K5")))
    assert s.scores()[0] == 2 + 4
    assert s.discard == [dom(1, 2)]  # 1|2 <= 2 fades; 2|3 has a 3 and stays
    assert s.kind[sp("H5")] == EMPTY and s.value[sp("K5")] == 3
    assert s.segments[dom(0, 1)] == (sp("H6"), sp("I6"))


def test_cascade_after_attenuation() -> None:
    s = blank()
    cairn(s, "G5", 1, 5)  # X
    y = cairn(s, "H7", 2, 3)  # Y: pulled to the dead-end 4 on H6
    cairn(s, "L10", 1, 1)
    tor(s, "J5", 0)
    tor(s, "H9", 2)
    lay(s, 1, 4, "H5", "H6")
    lay(s, 0, 2, "I8", "H8")
    assert s.flow(y).tor is None
    s.hands[0] = [dom(0, 5)]
    s.apply(0, LaySegment(dom(0, 5), sp("I6"), sp("I5")))
    # X scores 5 + 2 for seat 0; attenuation clears 1|4 and 0|5; then Y flows to H9.
    assert s.scores() == [7.0, 0.0, 3.0 + 2.0]
    assert sorted(s.discard) == sorted([dom(1, 4), dom(0, 5), dom(0, 2)])


# -- the end -----------------------------------------------------------------------


def test_game_ends_when_last_cairn_scored() -> None:
    s = _line(1, 2)
    assert s.is_over() and s.active_players() == []
    assert s.log[-1].kind == "over"


def test_game_ends_when_all_pass() -> None:
    s = blank()
    cairn(s, "G5", 1, 2)
    tor(s, "L10", 0)
    s.hands = [[dom(2, 3)], [dom(1, 1)], []]
    s.apply(0, Pass())
    s.apply(1, LaySegment(dom(1, 1), sp("H5"), sp("I5")))
    s.apply(2, Pass())
    s.apply(0, Pass())
    assert not s.is_over()  # two passes after a segment: not yet everyone
    s.apply(1, Pass())
    assert s.is_over() and "passed" in s.log[-1].text


def test_highest_score_wins() -> None:
    s = blank()
    s.points = [[3, 1, 0], [2, 0, 5], [6, 0, 0]]
    assert s.winners() == [1]
    s.points[2] = [7, 0, 0]
    s.points[0] = [5, 0, 2]
    assert sorted(s.winners()) == [0, 1, 2]  # no tie-breaker in the text: shared
    assert [sum(b.values()) for b in s.score_breakdown()] == s.scores()


# -- hidden information and bookkeeping -------------------------------------------


def test_determinize_resamples_hidden_only() -> None:
    s = GAME.new_game(4, 12)
    assert isinstance(s, LeyLinesState)
    play_to(s, "ley", Rng(5))
    seen_values, seen_hands = set(), set()
    for k in range(30):
        d = s.determinize(0, Rng(k))
        assert d.hands[0] == s.hands[0] and d.view(0) == s.view(0)
        assert sorted(x for p in (1, 2, 3) for x in d.hands[p]) == sorted(
            x for p in (1, 2, 3) for x in s.hands[p])
        for c in s.in_play:
            if s.kind[c] == CAIRN and s.owner[c] == 0:
                assert d.coin[c] == s.coin[c]
        for p in (1, 2, 3):
            assert sorted(d.coin[c] for c in d.in_play if d.kind[c] == CAIRN
                          and d.owner[c] == p) == [0, 1, 2, 3, 4, 5]
        seen_values.add(tuple(d.coin))
        seen_hands.add(tuple(d.hands[1]))
    assert len(seen_values) > 1 and len(seen_hands) > 1


def test_conservation_over_a_game() -> None:
    for n in (3, 4):
        s = GAME.new_game(n, 21)
        rng = Rng(21)
        totals = s.conservation()
        assert totals == {"dominoes": 28, "coins": 6 * n}
        while not s.is_over():
            p = s.active_players()[0]
            s.apply(p, rng.choice(s.legal_actions(p)))
            assert s.conservation() == totals
        json.dumps(s.view(None))


def test_no_complete_line_left_unscored() -> None:
    for seed in range(30):
        s = GAME.new_game(3 + seed % 2, seed)
        assert isinstance(s, LeyLinesState)
        rng = Rng(seed)
        while not s.is_over():
            p = s.active_players()[0]
            s.apply(p, rng.choice(s.legal_actions(p)))
            assert s.scoring_flows() == []  # every full check finds nothing left to score


def test_reach_cache_matches_full_search() -> None:
    for seed in range(12):
        s = GAME.new_game(3 + seed % 2, seed)
        assert isinstance(s, LeyLinesState)
        rng = Rng(seed)
        while not s.is_over():
            p = s.active_players()[0]
            s.reach_sets()  # warm the cache so that laying updates it in place
            s.apply(p, rng.choice(s.legal_actions(p)))
            assert s.reach_sets() == s.full_reach()


def test_illegal_action_changes_nothing() -> None:
    s = GAME.new_game(3, 5)
    p = s.active_players()[0]
    before = json.dumps(s.view(p), sort_keys=True)
    with pytest.raises(IllegalAction):
        s.apply(p, PlaceTor(sp("I7")))
    with pytest.raises(IllegalAction):
        s.apply((p + 1) % 3, PlaceCairn(0, sp("I7")))
    assert json.dumps(s.view(p), sort_keys=True) == before


def test_cairn_public_label_hides_value() -> None:
    low, high = PlaceCairn(0, 5), PlaceCairn(5, 5)
    assert low.label != high.label
    assert low.public_label == high.public_label and low.secret


# -- the bots' heuristics ------------------------------------------------------------
#
# Each test below sets up a choice that one term of the heuristics decides
# (attenuation, blocking, the leading rival, cairn values): without that term
# the choices tie or go the other way.

H = Heuristics()


def _shared_lines(moons: int = 5) -> LeyLinesState:
    """The Moons' cairn on G8 (a ``moons``) flows over H8, H9, H10; the Suns'
    own line from I10 runs back over H10, H9: the 1|2 and the 0|2 carry both."""
    s = blank()
    tor(s, "K8", 0)
    tor(s, "I1", 1)
    tor(s, "L1", 2)
    cairn(s, "G8", 1, moons)
    cairn(s, "I10", 0, 1)
    lay(s, 1, 2, "H8", "H9")
    lay(s, 0, 2, "H11", "H10")
    s.hands[0] = [dom(3, 4), dom(2, 3)]
    return s


def _attenuation_board() -> LeyLinesState:
    """Two moves that each score 8 for seat 0 (tor on K8): A brings the Moons 5
    on G8 through I8, J8, and its attenuation fades the 1|2 under the Suns'
    line too; B brings the Moons 5 on K4 through K7, over nobody else's line."""
    s = _shared_lines()
    cairn(s, "K4", 1, 5)
    lay(s, 0, 1, "K5", "K6")
    return s


def test_bot_counts_the_own_line_that_attenuation_breaks() -> None:
    s = _attenuation_board()
    breaks = LaySegment(dom(3, 4), sp("I8"), sp("J8"))
    clean = LaySegment(dom(2, 3), sp("K7"), sp("L7"))
    assert {breaks, clean} <= set(s.legal_actions(0))
    points_a, _, faded_a = H.gain_terms(s, 0, breaks)
    points_b, _, faded_b = H.gain_terms(s, 0, clean)
    assert points_a == points_b == 8  # the same score either way ...
    assert faded_a < 0 and faded_b == 0  # ... but A fades the 1|2 under the Suns' line
    assert H.best_segment(s, 0, [breaks, clean]) == clean
    # The rules agree: after A the Suns' line has lost its H9 half.
    after = s.clone()
    after.apply(0, breaks)
    assert after.flow(sp("I10")).path == [sp("H10")]
    assert s.scores() == [0.0, 0.0, 0.0] and after.scores()[0] == 8.0


def _two_lines(leader: int) -> LeyLinesState:
    """Mirror images: a line from H7 nearly at the Moons' tor on G10, one from M7
    nearly at the Crowns' tor on N10; ``leader`` is ahead on points."""
    s = blank()
    tor(s, "J1", 0)
    tor(s, "G10", 1)
    tor(s, "N10", 2)
    cairn(s, "H7", 0, 3)
    lay(s, 1, 2, "H8", "H9")
    cairn(s, "M7", 0, 3)
    lay(s, 0, 2, "M8", "M9")
    s.points[leader] = [6, 0, 0]
    s.hands[0] = [dom(3, 4), dom(2, 4), dom(4, 5)]
    return s


#: The 4 on I8 (L8) pulls the energy off the line to G10 (N10); the 4|5 touches no line.
DIVERT_LEFT = LaySegment(dom(3, 4), sp("I9"), sp("I8"))
DIVERT_RIGHT = LaySegment(dom(2, 4), sp("L9"), sp("L8"))
ASIDE = LaySegment(dom(4, 5), sp("J3"), sp("J2"))


def test_bot_diverts_a_rival_line() -> None:
    s = _two_lines(1)
    assert {DIVERT_LEFT, DIVERT_RIGHT, ASIDE} <= set(s.legal_actions(0))
    assert H.gain(s, 0, ASIDE) == 0.0
    _, blocking, _ = H.gain_terms(s, 0, DIVERT_LEFT)
    assert blocking > 0
    assert H.best_segment(s, 0, [ASIDE, DIVERT_LEFT]) == DIVERT_LEFT
    after = s.clone()
    after.apply(0, DIVERT_LEFT)
    assert after.flow(sp("H7")).path == [sp("H8"), sp("I8")]  # away from G10


def test_bot_diverts_the_leading_rivals_line_first() -> None:
    """The two diversions are mirror images: only who leads tells them apart."""
    for leader, wanted in ((1, DIVERT_LEFT), (2, DIVERT_RIGHT)):
        s = _two_lines(leader)
        assert H.best_segment(s, 0, [DIVERT_LEFT, DIVERT_RIGHT]) == wanted
        assert H.best_segment(s, 0, [DIVERT_RIGHT, DIVERT_LEFT]) == wanted


def _walled(wall: bool) -> LeyLinesState:
    """The Suns' line from K8 ends on I8 (a 2), one space short of their tor on
    G8; with ``wall`` a 1 on H8 blocks the way, else the same segment lies far off."""
    s = blank()
    tor(s, "G8", 0)
    tor(s, "J1", 1)
    tor(s, "L1", 2)
    cairn(s, "K8", 0, 3)
    lay(s, 1, 2, "J8", "I8")
    if wall:
        lay(s, 0, 1, "H9", "H8")
    else:
        lay(s, 0, 1, "N10", "N9")
    s.hands[0] = [dom(2, 3), dom(3, 4), dom(4, 5), dom(3, 3)]
    return s


def test_evaluation_sees_a_line_walled_off() -> None:
    open_line, walled = H.evaluate(_walled(False)), H.evaluate(_walled(True))
    assert walled[0] < open_line[0]


def test_bot_walls_off_a_rival_line() -> None:
    s = blank()
    tor(s, "J1", 0)
    tor(s, "G8", 1)
    tor(s, "L1", 2)
    cairn(s, "K8", 2, 3)  # the Crowns' cairn, one space short of the Moons' tor
    lay(s, 1, 2, "J8", "I8")
    s.points[1] = [6, 0, 0]
    s.hands[0] = [dom(0, 1), dom(4, 5)]
    wall = LaySegment(dom(0, 1), sp("H9"), sp("H8"))  # the 1 on H8 is lower than the 2
    assert {wall, ASIDE} <= set(s.legal_actions(0))
    assert H.best_segment(s, 0, [ASIDE, wall]) == wall


def test_evaluation_discounts_a_line_another_cairn_would_fade() -> None:
    """A Moons 2 on G8 would fade the 1|2 and the 0|2 under the Suns' line when
    it scores, a Moons ace neither. (The Moons' line cannot reach the Suns' tor
    with the segments left, so its value alone makes no difference to them.)"""
    values = []
    for moons in (1, 2):
        s = _shared_lines(moons)
        risks = H.halves_at_risk(s, H.pending_lines(s))
        assert risks == ({sp("I10"): 2} if moons == 2 else {})
        values.append(H.evaluate(s)[0])
    assert values[1] < values[0]


def _ring_state(free: str) -> tuple[LeyLinesState, int]:
    """Cairn laying, the seat to act has two cairns on I7 and K7 (its tor is
    imagined near J7) and ``free`` is the only space left."""
    s = GAME.new_game(3, 3)
    assert isinstance(s, LeyLinesState)
    p = s.current()
    for name, value in (("I7", 2), ("K7", 4)):
        cairn(s, name, p, value)
        s.coins[p].remove(value)
    for x in s.in_play:
        if s.kind[x] == EMPTY and x != sp(free):
            s.kind[x] = HALF  # filled: out of reach
    return s, p


def test_bot_lays_low_cairns_far_and_high_cairns_near() -> None:
    """Far out a line is long and shared, and a low value fades little of it."""
    for free, value in (("N10", 0), ("J8", 5)):
        s, p = _ring_state(free)
        assert s.cairn_spaces() == [sp(free)]
        for k in range(8):
            assert H.rollout_action(s, p, Rng(k)) == PlaceCairn(value, sp(free))


def test_rollout_policy_plays_listed_actions() -> None:
    """The playout policy's moves are the listed legal ones (a double, say, with
    its spaces in the listed order), since a bot may play its first choice."""
    for seed in range(3):
        s = GAME.new_game(3 + seed % 2, seed)
        assert isinstance(s, LeyLinesState)
        rng = Rng(seed)
        while not s.is_over():
            p = s.active_players()[0]
            legal = s.legal_actions(p)
            if s.phase == "ley":
                for k in range(4):
                    assert H.rollout_action(s, p, Rng(100 * seed + k)) in legal
            s.apply(p, rng.choice(legal))


def _busy_line() -> tuple[LeyLinesState, LaySegment]:
    """Seat 0 (tor on J5) can finish the Moons' 4 on G5 with its 2|3 across H5,
    I5 for 6 points; elsewhere the board is busy with cairns and lines."""
    s = blank()
    cairn(s, "G5", 1, 4)
    tor(s, "J5", 0)
    tor(s, "K10", 1)
    tor(s, "L1", 2)
    for name, seat, value in (("L3", 2, 1), ("H8", 0, 2), ("M8", 1, 3), ("F12", 2, 0)):
        cairn(s, name, seat, value)
    lay(s, 1, 1, "L4", "K4")
    lay(s, 0, 4, "H9", "H10")
    lay(s, 2, 4, "M9", "M10")
    lay(s, 0, 5, "G12", "H12")
    s.hands[0] = [dom(2, 3), dom(0, 0), dom(1, 5), dom(3, 3), dom(0, 2), dom(4, 5), dom(0, 3)]
    return s, LaySegment(dom(2, 3), sp("H5"), sp("I5"))


def test_aimed_placements_find_the_line_to_finish() -> None:
    """The hard bot's playouts also weigh placements aimed at finishing a line
    into the mover's tor (``aimed_width``); drawn only at random, placements
    seldom land there on a busy board."""
    s, finish = _busy_line()
    legal = s.legal_actions(0)
    assert finish in legal
    after = s.clone()
    after.apply(0, finish)
    assert after.scores()[0] == 6.0
    aimed = Heuristics()
    aimed.aimed_width = 1000  # every aimed placement
    bridges = aimed._aimed(s, 0, s.hands[0], s.reach_sets(), Rng(1))
    assert finish in bridges and set(bridges) <= set(legal) and len(bridges) < len(legal) / 4

    def scored(h: Heuristics, seed: int) -> float:
        played = s.clone()
        played.apply(0, h.rollout_action(s, 0, Rng(seed)))
        return played.scores()[0]

    aimed.aimed_width = 3
    assert all(scored(aimed, k) > 0 for k in range(20))
    assert sum(scored(H, k) > 0 for k in range(20)) <= 10


def test_aimed_placements_are_listed_actions() -> None:
    aimed = Heuristics()
    aimed.aimed_width = 1000
    for seed in range(2):
        s = GAME.new_game(3 + seed, seed)
        assert isinstance(s, LeyLinesState)
        rng = Rng(seed)
        while not s.is_over():
            p = s.active_players()[0]
            legal = s.legal_actions(p)
            if s.phase == "ley" and s.hands[p]:
                bridges = aimed._aimed(s, p, s.hands[p], s.reach_sets(), Rng(seed))
                assert set(bridges) <= set(legal)
                assert aimed.rollout_action(s, p, Rng(seed)) in legal
            s.apply(p, rng.choice(legal))


# -- the log's words ------------------------------------------------------------------


def test_a_score_is_worded_in_points_per_part() -> None:
    other = _line(4, 1)
    assert [e.text for e in other.log if e.kind == "score"] == [
        "The Moons cairn on G5 (the 4) flows 2 spaces to the Suns tor: Suns scores 6 points "
        "(4 for the cairn, 2 for 2 spaces)."]
    same = _line(4, 0)
    assert [e.text for e in same.log if e.kind == "score"][-1].endswith(
        "Suns scores 8 points (4 for the cairn, 4 for 2 spaces).")


def test_a_cairn_touching_a_tor_scores_its_value_in_words() -> None:
    """A fallback tor can stand next to a cairn: no "0 spaces", no "0 points"."""
    for value, words in ((1, "Suns scores 1 point (the cairn's value)."),
                         (0, "Suns scores nothing (a null cairn).")):
        s = blank()
        cairn(s, "G5", 1, value)
        cairn(s, "L10", 2, 3)  # keeps the game going
        tor(s, "H5", 0)
        events = s.score_cairns()
        assert [e.text for e in events if e.kind == "score"] == [
            f"The Moons cairn on G5 (the {data.COIN_NAMES[value]}) touches the Suns tor: "
            + words]


def test_random_games_log_no_faulty_counts_or_doubles() -> None:
    """Over whole random games, no reader's log says "1 spaces" or "1 points",
    "0 spaces", or the same sentence twice in a row; the view names the last move."""
    import re

    faulty = re.compile(r"\b1 (spaces|points)\b|\b0 spaces\b|\b0 points\b| x \d\)")
    for seed in range(4):
        s = GAME.new_game(3 + seed % 2, seed)
        assert isinstance(s, LeyLinesState)
        rng = Rng(seed)
        while not s.is_over():
            p = s.active_players()[0]
            action = rng.choice(s.legal_actions(p))
            s.apply(p, action)
            last = s.view(None)["last_move"]
            assert last is not None and last["seat"] == p and last["kind"] == action.kind
            if isinstance(action, LaySegment):
                assert last["spaces"] == [action.low, action.high]
        for reader in (None, *range(s.num_players)):
            log = [e.text for e in s.log_for(reader)]
            assert not [t for t in log if faulty.search(t)]
            assert all(a != b for a, b in zip(log, log[1:], strict=False))
