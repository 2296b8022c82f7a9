"""The Groves board view: well-formed markup, every legal board action clickable
with its right index, local spirit selection, escaping and accessible labels."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from typing import Any

import pytest

from pygame_engine import GAMES
from pygame_engine.core.rng import Rng
from pygame_engine.games.groves.rules import Buy, ChooseGrove, GrovesState, Visit
from web.views import groves as view_module


class _Checker(HTMLParser):
    """Fails on unbalanced tags; collects data-action and data-ui values."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.actions: list[int] = []
        self.ui: list[str] = []

    def _attrs(self, attrs: list[tuple[str, str | None]]) -> None:
        for key, value in attrs:
            if key == "data-action" and value is not None:
                self.actions.append(int(value))
            if key == "data-ui" and value is not None:
                self.ui.append(value)

    def handle_starttag(self, name: str, attrs: list[tuple[str, str | None]]) -> None:
        self._attrs(attrs)
        self.stack.append(name)

    def handle_startendtag(self, name: str, attrs: list[tuple[str, str | None]]) -> None:
        self._attrs(attrs)

    def handle_endtag(self, name: str) -> None:
        assert self.stack and self.stack[-1] == name, f"unbalanced </{name}> in {self.stack}"
        self.stack.pop()


def check(markup: str) -> _Checker:
    parser = _Checker()
    parser.feed(markup)
    assert parser.stack == [], f"unclosed {parser.stack}"
    return parser


def choices(state: GrovesState, seat: int) -> list[dict[str, Any]]:
    return [{"index": i, "kind": a.kind, "label": a.label, "json": a.to_json()}
            for i, a in enumerate(state.legal_actions(seat))]


def render(state: GrovesState, ui: dict[str, str] | None = None) -> tuple[str, _Checker]:
    seat = state.active_players()[0]
    html = view_module.render_board(state.view(seat), choices(state, seat), ui or {})
    return html, check(html)


def started(n: int = 2, seed: int = 2) -> GrovesState:
    s = GAMES["groves"].new_game(n, seed)
    assert isinstance(s, GrovesState)
    colours = ["yellow", "orange", "green", "blue"]
    for p in list(s.setup_order):
        s.apply(p, ChooseGrove(colours[p]))
    return s


def _hold(s: GrovesState, p: int, *spirits: str) -> None:
    for q in range(s.num_players):
        for k in s.players[q].hand:
            s.players[q].hand[k] = 0
    for sp in spirits:
        s.players[p].hand[sp] += 1
    s.current = p


def test_spirit_selection_is_local_then_targets_carry_actions() -> None:
    s = started()
    _hold(s, 0, "white", "yellow")
    html, parsed = render(s)
    assert set(parsed.ui) == {"spirit=white", "spirit=yellow"}
    legal = s.legal_actions(0)
    whites = {i for i, a in enumerate(legal) if getattr(a, "spirit", None) == "white"}
    assert set(parsed.actions) == whites  # the first kind is chosen until another is picked
    html, parsed = render(s, {"spirit": "yellow"})
    expected = {i for i, a in enumerate(legal) if getattr(a, "spirit", None) == "yellow"}
    assert set(parsed.actions) == expected
    assert 'aria-pressed="true"' in html


def test_single_kind_of_spirit_needs_no_selection() -> None:
    s = started()
    _hold(s, 1, "white", "white")
    s.crown = 0
    _, parsed = render(s)
    assert set(parsed.actions) == set(range(len(s.legal_actions(1))))
    assert Visit("white", "groves") in s.legal_actions(1)


def test_buy_and_attach_on_the_board() -> None:
    s = started()
    s.row = ["y1", "g1", "b1", "o1"]
    _hold(s, 1, "white")
    s.apply(1, Visit("white", "groves"))
    _, parsed = render(s)
    buys = {i for i, a in enumerate(s.legal_actions(1)) if isinstance(a, Buy)}
    assert buys and buys <= set(parsed.actions)
    s.apply(1, Buy(0))
    html, parsed = render(s)
    assert set(parsed.actions) == set(range(len(s.legal_actions(1))))
    assert "Attach the new grove here" in html


def test_realm_hexes_tree_row_and_supplies_are_shown() -> None:
    s = started(3)
    s.players[0].portals.append(1)
    s.players[1].occupants[(0, 0)] = "wraith"
    html, _ = render(s)
    assert html.count('aria-label="Tree of Idyll,') == 3
    for name in s.game.seat_names[:3]:
        assert f"{name}&#x27;s realm" in html
    assert "1 crystal" in html and "4 crystals" in html
    assert "portal → Amber" in html
    assert 'aria-label="wraith spirit"' in html
    assert "Realm bonus cards" in html and "summoning deck" in html


def test_solo_shows_two_tree_areas_and_the_hollows() -> None:
    s = GAMES["groves"].new_game(1, 4)
    assert isinstance(s, GrovesState)
    s.apply(0, ChooseGrove("blue"))
    s.hollows = 3
    html, _ = render(s)
    assert html.count('aria-label="Tree of Idyll,') == 2
    assert "Hollows of the Lost: 3 of 9 spaces taken; you must score more than 17" in html
    assert "reminders on the Tree" not in html
    s.marks.append("green")  # a green spirit went to the wraith bag: its reminder shows
    html, _ = render(s)
    assert "reminders on the Tree&#x27;s base" in html and "wraith bag): green" in html


def test_hidden_cards_only_for_their_owner() -> None:
    s = started()
    s.players[1].hidden = ["three-same"]
    seat0 = view_module.render_board(s.view(0), [], {})
    seat1 = view_module.render_board(s.view(1), [], {})
    assert "three-same" not in seat0 and "1 face-down summoning card(s)" in seat0
    assert "three-same" in seat1


def test_text_is_escaped() -> None:
    s = started()
    v = s.view(0)
    v["names"] = ["<b>Moss</b>", "A&B"]
    html = view_module.render_board(v, [], {})
    check(html)
    assert "<b>Moss</b>" not in html and "&lt;b&gt;Moss" in html


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_random_positions_render(players: int) -> None:
    s = GAMES["groves"].new_game(players, 11)
    assert isinstance(s, GrovesState)
    rng = Rng(11)
    steps = 0
    while not s.is_over() and steps < 150:
        seat = s.active_players()[0]
        legal = choices(s, seat)
        kinds = {c["kind"] for c in legal}
        html, parsed = render(s, {"spirit": "white"})
        assert all(0 <= i < len(legal) for i in parsed.actions)
        board = {c["index"] for c in legal if c["kind"] in view_module.BOARD_KINDS}
        assert set(parsed.actions) <= board
        if kinds & {"buy", "attach"}:
            assert set(parsed.actions) == board
        assert not re.search(r"<script", html)
        s.apply(seat, s.legal_actions(seat)[rng.randrange(len(legal))])
        steps += 1
    check(view_module.render_board(s.view(None), [], {}))


def test_hollows_first_open_space_shows_the_value_to_beat() -> None:
    s = GAMES["groves"].new_game(1, 4)
    assert isinstance(s, GrovesState)
    s.apply(0, ChooseGrove("blue"))
    for wraiths in (0, 2):
        s.hollows = wraiths
        html = view_module._hollows(s.view(0)["solo"], 0, 0)
        labels = [int(x) for x in re.findall(r'font-size="9">(\d+)</text>', html)]
        target = s.solo_target()
        assert f"more than {target} dominion" in html
        # The uncovered spaces, lowest first: the first is the value to beat.
        assert labels == list(range(target, target + 9 - wraiths))
    assert s.solo_target() == 16


def test_portals_are_drawn_on_realm_edges() -> None:
    s = started(3)
    s.players[0].portals += [1, 2]
    s.players[1].portals.append(0)
    html, _ = render(s)
    names = s.game.seat_names
    for a, b in ((0, 1), (0, 2), (1, 0)):
        label = f'aria-label="Portal from {names[a]} to {names[b]}"'
        # Drawn at both ends: on the builder's realm and on the realm it opens.
        assert html.count(label) == 2, label
    assert html.count('class="portal"') == 6
    assert "portal → Amber" in html  # the text badge stays
    # Each glyph names the other seat by its letter, not by colour alone.
    glyph = re.search(r'<g class="portal"[^>]*aria-label="Portal from Moss to Heather".*?</g>',
                      html)
    assert glyph and ">H</text>" in glyph.group(0)
    # No portal, no glyph.
    plain, _ = render(started(2))
    assert 'class="portal"' not in plain
