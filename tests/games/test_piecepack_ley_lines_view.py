"""Ley Lines markup: clickable elements carry valid action indices, hidden
cairn values and hands stay hidden, text is escaped, the SVG is well formed."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from pygame_engine import GAMES
from pygame_engine.core.rng import Rng
from pygame_engine.games.piecepack_ley_lines.actions import CAIRN
from pygame_engine.games.piecepack_ley_lines.data import DOMINOES, space_id, space_name
from pygame_engine.games.piecepack_ley_lines.state import LeyLinesState
from web.views import Choice, choice, int_field
from web.views import ley_lines as view_module
from web.views.ley_lines import render_board

GAME = GAMES["ley-lines"]


def choices(s: LeyLinesState, seat: int) -> list[Choice]:
    return [choice(i, a, a.label)
            for i, a in enumerate(s.legal_actions(seat))]


def actions_in(markup: str) -> list[int]:
    return [int(i) for i in re.findall(r'data-action="(\d+)"', markup)]


def well_formed(markup: str) -> ET.Element:
    return ET.fromstring(f"<root>{markup}</root>")


def advance(s: LeyLinesState, rng: Rng, phase: str, extra: int = 0) -> None:
    while s.phase != phase:
        p = s.active_players()[0]
        s.apply(p, rng.choice(s.legal_actions(p)))
    for _ in range(extra):
        if s.is_over():
            return
        p = s.active_players()[0]
        s.apply(p, rng.choice(s.legal_actions(p)))


def test_board_kinds() -> None:
    assert {"cairn", "tor", "segment"} == view_module.BOARD_KINDS


def test_cairn_step_indices_are_valid() -> None:
    s = GAME.new_game(3, 4)
    assert isinstance(s, LeyLinesState)
    p = s.active_players()[0]
    legal = choices(s, p)
    for coin in ("0", "3", "5"):
        markup = render_board(s.view(p), legal, {"coin": coin})
        well_formed(markup)
        found = actions_in(markup)
        assert found and all(legal[i]["kind"] == "cairn" for i in found)
        assert {legal[i]["fields"]["value"] for i in found} == {int(coin)}
        assert len(found) == sum(c["fields"]["value"] == int(coin) for c in legal)


def test_tor_step_indices_are_valid() -> None:
    s = GAME.new_game(4, 4)
    assert isinstance(s, LeyLinesState)
    advance(s, Rng(2), "tors")
    p = s.active_players()[0]
    legal = choices(s, p)
    found = actions_in(render_board(s.view(p), legal, {}))
    assert sorted(found) == [c["index"] for c in legal]


def ley_position(seed: int = 6, players: int = 3, extra: int = 4
                 ) -> tuple[LeyLinesState, int, list[Choice]]:
    s = GAME.new_game(players, seed)
    assert isinstance(s, LeyLinesState)
    advance(s, Rng(seed), "ley", extra=extra)
    p = s.active_players()[0]
    return s, p, choices(s, p)


def test_segment_steps_reach_every_placement() -> None:
    s, p, legal = ley_position()
    v = s.view(p)
    reached = set()
    segments = [c for c in legal if c["kind"] == "segment"]
    for d in sorted({int_field(c, "domino") for c in segments}):
        low, high = DOMINOES[d]
        for flip in ("0", "1"):
            first = render_board(v, legal, {"domino": str(d), "flip": f"{d}:{flip}"})
            well_formed(first)
            assert not actions_in(first)  # the first click only selects a space
            ats = re.findall(r'data-ui="at=(\d+:[01]:\d+)"', first)
            assert ats
            for at in ats:
                markup = render_board(v, legal, {"domino": str(d), "flip": f"{d}:{flip}",
                                                 "at": at})
                found = actions_in(markup)
                assert found
                orientation, space = int(at.split(":")[1]), int(at.split(":")[2])
                for i in found:
                    fields = legal[i]["fields"]
                    on_low, on_high = fields["low"], fields["high"]
                    assert legal[i]["kind"] == "segment" and fields["domino"] == d
                    assert space in (on_low, on_high)
                    if low != high:  # the first half is the low one, or the high one turned
                        assert space == (on_low if orientation == 0 else on_high)
                reached.update(found)
    assert reached == {c["index"] for c in segments}  # every legal placement is clickable
    assert "Pass" not in render_board(v, legal, {})  # pass is left to the action bar


def test_a_chosen_domino_lights_only_where_its_first_half_goes() -> None:
    """Before: every space either half could take lit up. Now only the spaces
    for the first-named half (the low one; the high one once turned)."""
    narrower = 0
    for seed in range(4):
        s, p, legal = ley_position(seed=seed, extra=6)
        v = s.view(p)
        segments = [c for c in legal if c["kind"] == "segment"]
        for d in sorted({int_field(c, "domino") for c in segments}):
            low, high = DOMINOES[d]
            mine = [c for c in segments if c["fields"]["domino"] == d]
            markup = render_board(v, legal, {"domino": str(d)})
            lit = {int(a) for a in re.findall(r'data-ui="at=\d+:[01]:(\d+)"', markup)}
            either = {c["fields"]["low"] for c in mine} | {c["fields"]["high"] for c in mine}
            if low == high:
                assert lit == either
                continue
            low_spaces = {c["fields"]["low"] for c in mine}
            high_spaces = {c["fields"]["high"] for c in mine}
            assert lit == (low_spaces or high_spaces)
            narrower += lit < either
            turned = render_board(v, legal, {"domino": str(d), "flip": f"{d}:1"})
            lit_turned = {int(a) for a in re.findall(r'data-ui="at=\d+:[01]:(\d+)"', turned)}
            assert lit_turned == (high_spaces or low_spaces)
    assert narrower  # the restriction shows in real positions


def test_a_stale_space_of_another_domino_is_ignored() -> None:
    s, p, legal = ley_position()
    v = s.view(p)
    playable = sorted({int(c["fields"]["domino"]) for c in legal if c["kind"] == "segment"})
    assert len(playable) > 1
    a, b = playable[:2]
    first = render_board(v, legal, {"domino": str(a)})
    at = re.findall(r'data-ui="at=(\d+:[01]:\d+)"', first)[0]
    markup = render_board(v, legal, {"domino": str(b), "at": at})
    assert not actions_in(markup)  # back at the first step for the newly chosen domino


def _svg_texts(markup: str) -> list[ET.Element]:
    root = well_formed(markup)
    svg = next(e for e in root.iter("svg") if "ll-map" in (e.get("class") or "").split())
    return list(svg.iter("text"))


def test_map_edges_carry_the_names_the_log_uses() -> None:
    """File letters over each column and rank numbers beside each row, placed
    so that the cairn the log names "K3" sits under "K" and beside "3"."""
    for players, files in ((3, "EFGHIJKLMN"), (4, "ABCDEFGHIJKLMN")):
        s = GAME.new_game(players, 3)
        assert isinstance(s, LeyLinesState)
        advance(s, Rng(3), "tors")
        markup = render_board(s.view(None), [], {})
        texts = _svg_texts(markup)
        letters = {t.text for t in texts if t.text and t.text.isalpha() and len(t.text) == 1}
        numbers = {t.text for t in texts if t.text and t.text.isdigit()}
        assert letters == set(files) and numbers == {str(r) for r in range(1, 13)}
        for spot in (c for c in s.in_play if s.kind[c] == CAIRN):
            name = space_name(spot)
            assert any(e.kind == "cairn" and e.text.endswith(f" on {name}.") for e in s.log)
            x, y = s.view(None)["spaces"][spot][:2]
            file_x = {float(t.get("x", "0")) for t in texts if t.text == name[0]}
            rank_y = {float(t.get("y", "0")) for t in texts if t.text == name[1:]}
            cx, cy = x * view_module.CELL + 16, y * view_module.CELL + 16
            assert file_x == {cx}
            assert any(abs(ry - cy) < 8 for ry in rank_y)


def test_map_text_and_cells_are_large_enough_at_natural_size() -> None:
    """At its natural size (enlarged on a narrow screen, where it pans in its
    box) every text on the map is at least 12 px and every target cell 32 px."""
    s, p, legal = ley_position()
    markup = render_board(s.view(p), legal, {})
    root = well_formed(markup)
    svg = next(e for e in root.iter("svg") if "ll-map" in (e.get("class") or "").split())
    width = float(svg.get("viewBox", "").split()[2])
    assert f"--natural: {width:g}px" in svg.get("style", "").replace(".0px", "px")
    assert "zoomable" in (svg.get("class") or "").split()
    for t in svg.iter("text"):
        assert float(t.get("font-size", "0")) >= 12, t.text
    hits = [r for r in svg.iter("rect") if r.get("data-action") or r.get("data-ui")]
    assert hits and all(float(r.get("width", 0)) >= 32 and float(r.get("height", 0)) >= 32
                        for r in hits)
    assert all(r.get("class") == "space target ll-hit" for r in hits)


def test_table_contract_keys_last_move_and_focus() -> None:
    s, p, legal = ley_position(extra=7)
    before = render_board(s.view(p), legal, {})
    keys = re.findall(r'data-key="([^"]+)"', before)
    assert len(keys) == len(set(keys))  # unique on the board
    hand = [f"domino-{d}" for d in s.hands[p]]
    assert set(hand) <= set(keys)
    assert 'data-focus="true"' in before
    assert "data-focus" not in render_board(s.view(p), [], {})
    seg = next(c for c in legal if c["kind"] == "segment")
    s.apply(p, s.legal_actions(p)[seg["index"]])
    after = render_board(s.view(p), [], {})
    domino = f"domino-{seg['fields']['domino']}"
    assert domino in re.findall(r'data-key="([^"]+)"', after)  # from the hand to the map
    assert re.search(rf'data-key="{domino}" class="ley-segment last-move"', after)
    assert after.count("last-move") == 1  # only what the last move placed
    for seat in (None, 0, 1, 2):  # pieces keep their keys whoever looks
        other = render_board(s.view(seat), [], {})
        for key in re.findall(r'data-key="((?:cairn|tor)-\d+)"', after):
            assert f'data-key="{key}"' in other


def test_every_panel_shows_the_score_now() -> None:
    s, p, legal = ley_position(extra=20)
    markup = render_board(s.view(None), [], {})
    scores = [float(x) for x in re.findall(r'<span class="ll-score"[^>]*>([\d.]+)<', markup)]
    assert scores == s.scores()
    assert any(scores)  # something was scored in twenty moves


def test_cairn_values_hidden_from_other_seats() -> None:
    s = GAME.new_game(3, 9)
    assert isinstance(s, LeyLinesState)
    advance(s, Rng(1), "ley")
    owner = 0
    spot = next(c for c in s.in_play if s.kind[c] == CAIRN and s.owner[c] == owner)
    value = s.coin[spot]
    x, y = s.view(None)["spaces"][spot][:2]
    name = f"{'ABCDEFGHIJKLMN'[x]}{y + 1}"
    own = render_board(s.view(owner), choices(s, owner), {})
    assert f"Suns cairn on {name}, value {value}" in own
    for other in (1, 2, None):
        markup = render_board(s.view(other), [], {})
        assert f"Suns cairn on {name}, face down" in markup
        assert f"Suns cairn on {name}, value" not in markup
        assert ">S?<" in markup and not re.search(r">S\d<", markup)


def test_hands_only_for_their_owner() -> None:
    s = GAME.new_game(3, 9)
    assert isinstance(s, LeyLinesState)
    advance(s, Rng(1), "ley")
    mine = render_board(s.view(0), [], {})
    low, high = DOMINOES[s.hands[0][0]]
    assert f"segment {low}|{high}" in mine and "Your segments" in mine
    spectator = render_board(s.view(None), [], {})
    assert "Your segments" not in spectator and "Your cairns" not in spectator


def test_energy_path_drawn_after_scoring() -> None:
    s = GAME.new_game(3, 0)
    assert isinstance(s, LeyLinesState)
    size = len(s.kind)
    s.kind, s.value, s.owner, s.coin = [0] * size, [0] * size, [-1] * size, [-1] * size
    s.phase, s.first, s.turn, s.coins = "ley", 0, 0, [[], [], []]
    g5, j5 = space_id("G5"), space_id("J5")
    s.kind[g5], s.owner[g5], s.coin[g5] = CAIRN, 1, 4
    s.kind[j5], s.owner[j5], s.tors[0] = 3, 0, j5
    s.hands = [[DOMINOES.index((2, 3))], [], []]
    s.apply(0, s.legal_actions(0)[[a.label for a in s.legal_actions(0)].index(
        "Lay 2|3: 2 on H5, 3 on I5")])
    markup = render_board(s.view(2), [], {})
    well_formed(markup)
    assert "Energy path: the Moons cairn (4) flowed 2 spaces to the Suns tor: Suns scored 6" \
        in markup
    assert "<polyline" in markup


def test_text_is_escaped() -> None:
    s = GAME.new_game(3, 2)
    assert isinstance(s, LeyLinesState)
    p = s.active_players()[0]
    legal = choices(s, p)
    legal[0]["label"] = '<script>alert("x")</script>'
    v = s.view(p)
    v["names"] = ['<b>"Suns"</b>', "M&M", "<i>"]
    v["suits"] = ["<Suns>", "Moons", "Crowns"]
    markup = render_board(v, legal, {"coin": "<x>"})
    well_formed(markup)
    assert "<b>" not in markup and "&lt;b&gt;&quot;Suns&quot;&lt;/b&gt;" in markup
    assert "M&amp;M" in markup and "<i>" not in markup


def test_your_coins_show_once_whether_or_not_you_are_laying_a_cairn() -> None:
    s = GAME.new_game(3, 4)
    assert isinstance(s, LeyLinesState)
    p = s.active_players()[0]
    other = (p + 1) % 3
    acting = render_board(s.view(p), choices(s, p), {})
    waiting = render_board(s.view(other), [], {})
    for markup in (acting, waiting):
        assert sorted(re.findall(r'data-key="(coin-\d)"', markup)) == [
            f"coin-{v}" for v in range(6)]
    assert 'data-ui="coin=' in acting and 'data-ui="coin=' not in waiting


def test_every_seats_scoring_stays_drawn_until_that_seat_moves_again() -> None:
    """Issue 28: a seat's scoring is still drawn while the others take their
    turns (your own +15 does not vanish as the AIs move), and goes at that
    seat's next turn."""
    for seed in range(1, 40):
        s = GAME.new_game(3, seed)
        assert isinstance(s, LeyLinesState)
        rng = Rng(seed)
        while not s.is_over():
            p = s.active_players()[0]
            laid_by_p = s.phase == "ley"
            s.apply(p, rng.choice(s.legal_actions(p)))
            flows = s.view(None)["last_flows"]
            if not (laid_by_p and flows) or s.is_over():
                continue
            scored = [dict(f) for f in flows]
            for _ in range(s.num_players - 1):  # the others' turns
                q = s.active_players()[0]
                assert q != p
                s.apply(q, rng.choice(s.legal_actions(q)))
                if s.is_over():
                    break
                drawn = render_board(s.view(None), [], {})
                assert all(f in s.view(None)["last_flows"] for f in scored)
                assert drawn.count('class="energy-path"') >= len(scored)
            else:
                assert s.active_players() == [p]
                s.apply(p, rng.choice(s.legal_actions(p)))
                assert not any(f in s.view(None)["last_flows"] for f in scored)
                return
    raise AssertionError("no scoring seen in 40 games")
