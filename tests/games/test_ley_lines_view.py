"""Ley Lines markup: clickable elements carry valid action indices, hidden
cairn values and hands stay hidden, text is escaped, the SVG is well formed."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import Any

from pygame_engine import GAMES
from pygame_engine.core.rng import Rng
from pygame_engine.games.ley_lines.data import DOMINOES, space_id
from pygame_engine.games.ley_lines.rules import CAIRN, LeyLinesState
from web.views import ley_lines as view_module
from web.views.ley_lines import render_board

GAME = GAMES["ley-lines"]


def choices(s: LeyLinesState, seat: int) -> list[dict[str, Any]]:
    return [{"index": i, "kind": a.kind, "label": a.label, "json": a.to_json()}
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
        assert {legal[i]["json"][1] for i in found} == {int(coin)}
        assert len(found) == sum(c["json"][1] == int(coin) for c in legal)


def test_tor_step_indices_are_valid() -> None:
    s = GAME.new_game(4, 4)
    assert isinstance(s, LeyLinesState)
    advance(s, Rng(2), "tors")
    p = s.active_players()[0]
    legal = choices(s, p)
    found = actions_in(render_board(s.view(p), legal, {}))
    assert sorted(found) == [c["index"] for c in legal]


def test_segment_steps_reach_every_placement() -> None:
    s = GAME.new_game(3, 6)
    assert isinstance(s, LeyLinesState)
    advance(s, Rng(6), "ley", extra=4)
    p = s.active_players()[0]
    legal = choices(s, p)
    v = s.view(p)
    reached = set()
    segments = [c for c in legal if c["kind"] == "segment"]
    for d in sorted({c["json"][1] for c in segments}):
        first = render_board(v, legal, {"domino": str(d)})
        well_formed(first)
        assert not actions_in(first)  # the first click only selects a space
        spaces = [int(x) for x in re.findall(r'data-ui="at=(\d+)"', first)]
        assert spaces
        for at in spaces:
            for flip in ("0", "1"):
                markup = render_board(v, legal, {"domino": str(d), "at": str(at), "flip": flip})
                found = actions_in(markup)
                assert found
                for i in found:
                    kind, domino, low, high = legal[i]["json"]
                    assert kind == "segment" and domino == d and at in (low, high)
                reached.update(found)
    assert reached == {c["index"] for c in segments}  # every legal placement is clickable
    assert "Pass" not in render_board(v, legal, {})  # pass is left to the action bar


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
    legal[0] = dict(legal[0], label='<script>alert("x")</script>')
    v = s.view(p)
    v["names"] = ['<b>"Suns"</b>', "M&M", "<i>"]
    v["suits"] = ["<Suns>", "Moons", "Crowns"]
    markup = render_board(v, legal, {"coin": "<x>"})
    well_formed(markup)
    assert "<b>" not in markup and "&lt;b&gt;&quot;Suns&quot;&lt;/b&gt;" in markup
    assert "M&amp;M" in markup and "<i>" not in markup
