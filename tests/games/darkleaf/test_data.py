"""Darkleaf Gambit's data against every count the rule text states.

Designed parts fill the text's gaps; none may break a number it gives. These
tests read the clans' data (``clans.CLANS``) and the shared data
(``data.py``), and a new game's supply, against the box and the rules.

| clause of the rule text | test |
|---|---|
| 36 fate chips, sets of 6 (1 on the board, 5 in play) | test_fate_chips_fit_the_box |
| one box: 3 games, 6 players at once; Wibo need no chips | test_fate_chips_fit_the_box |
| every aura and mark has a chip set of its clan | test_every_chip_use_has_a_set |
| a game's supply: 5 chips in play per set | test_a_game_holds_the_clans_chips |
| 36 bones, 6 per clan; 6 clans, 6 clan boards | test_six_bones_a_clan_six_clans |
| 20 relic tokens; each player starts with one (Will) | test_relic_tokens |
| handicap: one player rolls 2, up to 5 bones | test_handicap_counts |
| Haggedorn's Will: a d12 card, Blessings or Curses | test_will_card |
| unit maximums: a standard chess set | test_unit_maximums_are_a_chess_set |
| the clans' numbers (Hunts, Destroy, Reclaim, Morph, ...) | test_numbers_the_text_states |
"""

from __future__ import annotations

from pygame_engine.games.darkleaf_gambit import GAME
from pygame_engine.games.darkleaf_gambit import data as D
from pygame_engine.games.darkleaf_gambit.clans import CLAN_DATA, CLANS
from pygame_engine.games.darkleaf_gambit.state import DarkleafState


def chips_needed(key: str) -> int:
    """The fate chips a clan takes from the box: six for each of its sets."""
    return D.CHIPS_PER_SET * len(CLAN_DATA[key]["chip_sets"])


def test_fate_chips_fit_the_box() -> None:
    assert D.FATE_CHIPS == 36 and D.CHIPS_PER_SET == 6 and D.CHIPS_IN_PLAY == 5
    assert D.FATE_CHIPS % D.CHIPS_PER_SET == 0  # whole sets of one colour
    assert chips_needed("wibo") == 0
    # The box serves three duels at once, one of each clan: all six together.
    assert sum(chips_needed(k) for k in CLANS) <= D.FATE_CHIPS
    for key in CLANS:  # and so any single duel, a mirror included
        assert 2 * chips_needed(key) <= D.FATE_CHIPS


def test_every_chip_use_has_a_set() -> None:
    for key, clan in CLANS.items():
        sets = set(clan.data["chip_sets"])
        assert len(sets) == len(clan.data["chip_sets"]), key  # no set listed twice
        uses = {s["key"] for s in clan.skills if s["type"] == "aura"}
        uses |= set(clan.data.get("auras", {})) | set(clan.data.get("chip_uses", {}))
        assert {clan.chip_set(u) for u in uses} <= sets, key
        assert set(clan.data.get("chip_uses", {}).values()) <= sets, key
        assert all(clan.chip_set(s) == s for s in sets), key  # a set marks itself
    assert CLANS["huldra"].chip_set("hunt") in CLAN_DATA["huldra"]["chip_sets"]
    assert CLANS["ferrymen"].chip_set("flowed") in CLAN_DATA["ferrymen"]["chip_sets"]
    assert CLANS["erde"].chip_set("reclaimed") in CLAN_DATA["erde"]["chip_sets"]
    hexen = CLANS["hexen"]
    assert {hexen.chip_set("poison_garden"), hexen.chip_set("witchs_ladder")} <= set(
        CLAN_DATA["hexen"]["chip_sets"])


def test_a_game_holds_the_clans_chips() -> None:
    for key in CLANS:
        state = GAME.new_game(2, 1, {"clan1": key, "clan2": "wibo"})
        assert isinstance(state, DarkleafState)
        assert state.chips[0] == dict.fromkeys(CLAN_DATA[key]["chip_sets"], D.CHIPS_IN_PLAY)
        assert state.conservation()["fate chips 0"] == chips_needed(key)
        assert state.chips[1] == {}


def test_six_bones_a_clan_six_clans() -> None:
    assert len(CLANS) == 6 and D.BONES_PER_CLAN == 6
    assert sum(len(c["bones"]) for c in CLAN_DATA.values()) == 36
    for key, data in CLAN_DATA.items():
        assert len(data["bones"]) == D.BONES_PER_CLAN, key
    assert set(CLAN_DATA["huldra"]["bones"]) == {4}  # the lucky shot's 25 %: a d4


def test_relic_tokens() -> None:
    assert D.RELIC_TOKENS == 20
    state = GAME.new_game(2, 1)
    assert isinstance(state, DarkleafState)
    assert state.will_tokens == [1, 1] and state.relic_pool == 20 - 2
    assert state.conservation()["relic tokens"] == 20


def test_handicap_counts() -> None:
    assert [n for n in D.HANDICAPS if n] == [2, 3, 4, 5]
    assert 0 in D.HANDICAPS  # no handicap, the default


def test_will_card() -> None:
    for table in (D.BLESSINGS, D.CURSES):
        assert [o["roll"] for o in table] == list(range(1, 13))
    assert set(D.WILL_TABLES) == {"blessings", "curses"}


def test_unit_maximums_are_a_chess_set() -> None:
    assert D.STANDARD_SET == {"pawn": 8, "knight": 2, "sage": 2, "rook": 2, "king": 1,
                              "queen": 1}
    for key, data in CLAN_DATA.items():
        royals = [k for k, _ in data["start"] if k in D.ROYALS]
        assert len(royals) == 1, key  # one royal each, king or queen
        for kind, most in D.STANDARD_SET.items():
            assert sum(1 for k, _ in data["start"] if k == kind) <= most, (key, kind)


def test_numbers_the_text_states() -> None:
    huldra, murg, ferry = CLAN_DATA["huldra"], CLAN_DATA["murg"], CLAN_DATA["ferrymen"]
    erde, wibo, hexen = CLAN_DATA["erde"], CLAN_DATA["wibo"], CLAN_DATA["hexen"]
    assert huldra["hunts_to_win"] == 3
    assert (murg["destroy_need"], murg["royal_need"], murg["royal_need_law"]) == (3, 6, 5)
    assert murg["units"]["knight"]["need"] == 4
    assert ferry["pushes_to_win"] == 2
    assert (erde["reclaim_need"], erde["reclaim_need_law"]) == (6, 5)
    assert len(erde["centre"]) == 4 and set(erde["centre"]) == {"d4", "e4", "d5", "e5"}
    assert (erde["split"], erde["split_metamorphic"], erde["metamorphic_roll"]) == (2, 3, 3)
    assert (wibo["pawns_to_win"], wibo["morph_need"]) == (6, 3)
    assert wibo["chip_sets"] == ()
    assert (hexen["quarry"], hexen["quarry_ranks"]) == (2, 2)
    assert (hexen["garden_rounds"], hexen["ladder_rounds"]) == (3, 2)
    assert set(hexen["bones"]) == {8}  # one face for each of the eight directions
