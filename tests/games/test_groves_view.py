"""The Groves board view: well-formed markup, every legal board action clickable
with its right index, local spirit selection, escaping and accessible labels;
and the table contract (issue 20): text at least 12 px at scale 1, names never
cut, rewards, costs, supplies and setup choices as icons with counts, the
acting seat's own area first with ``data-focus``, scores in every panel,
stable ``data-key`` values and ``last-move`` on what the last move placed."""

from __future__ import annotations

import math
import re
from typing import Any

import pytest

from pygame_engine import GAMES
from pygame_engine.core.rng import Rng
from pygame_engine.games.groves import data
from pygame_engine.games.groves.actions import Attach, Buy, ChooseGrove, Place, Visit
from pygame_engine.games.groves.state import GrovesState
from tests.markup import MarkupChecker, check, choices
from web.views import groves as view_module
from web.views.markup import esc


def render(state: GrovesState, ui: dict[str, str] | None = None) -> tuple[str, MarkupChecker]:
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
    assert "Row slot 1, 1 crystal" in html and "Row slot 4, 4 crystals" in html
    assert "portal → Amber" in html
    assert 'aria-label="a wraith"' in html
    assert "Realm bonus cards" in html and 'aria-label="summoning deck: ' in html


def test_solo_shows_two_tree_areas_and_the_hollows() -> None:
    s = GAMES["groves"].new_game(1, 4)
    assert isinstance(s, GrovesState)
    s.apply(0, ChooseGrove("blue"))
    s.hollows = 3
    html, _ = render(s)
    assert html.count('aria-label="Tree of Idyll,') == 2
    assert "Hollows of the Lost: 3 of 9 spaces taken; you must score more than 17" in html
    assert "Reminders on the Tree" not in html
    s.marks.append("green")  # a green spirit went to the wraith bag: its reminder shows
    html, _ = render(s)
    assert "Reminders on the Tree&#x27;s base" in html and "wraith bag): green" in html


def test_hidden_cards_only_for_their_owner() -> None:
    s = started()
    s.players[1].hidden = ["three-same"]
    seat0 = view_module.render_board(s.view(0), [], {})
    seat1 = view_module.render_board(s.view(1), [], {})
    assert "three spirits of one colour" not in seat0 and "Summoning cards: 1 face down" in seat0
    assert "1 face down: three spirits of one colour" in seat1


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
        # The setup choice is a pictured grove, and a summoning card a card, on
        # the board as well as a button.
        board = {c["index"] for c in legal
                 if c["kind"] in view_module.BOARD_KINDS | {"start", "summon"}}
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
        solo = s.view(0)["solo"]
        assert solo is not None
        html = view_module.hollows_panel(solo)
        labels = [int(x) for x in re.findall(r'font-size="14" font-weight="\d+" fill="#2b1d4a">'
                                             r'(\d+)</text>', html)]
        target = s.solo_target()
        assert f"more than {target} dominion" in html
        # The uncovered spaces, lowest first: the first is the value to beat.
        assert labels == list(range(target, target + 9 - wraiths))
        assert html.count('data-key="hollow-') == wraiths
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
    # One portal, seen at both ends: a key for each end.
    assert 'data-key="portal-0-1-in-0"' in html and 'data-key="portal-0-1-in-1"' in html
    assert "portal → Amber" in html  # the text badge stays
    # Each glyph names the other seat by its letter, not by colour alone.
    glyph = re.search(r'<g class="portal"[^>]*aria-label="Portal from Moss to Heather".*?</g>',
                      html)
    assert glyph and ">H</text>" in glyph.group(0)
    # No portal, no glyph.
    plain, _ = render(started(2))
    assert 'class="portal"' not in plain


# -- the table contract (issue 20) ---------------------------------------------------


def _font_sizes(html: str) -> list[float]:
    return [float(x) for x in re.findall(r'font-size="([\d.]+)"', html)]


def _positions(players: int, seed: int, steps: int = 400) -> list[GrovesState]:
    """Positions of one random game, every few moves, to its end."""
    s = GAMES["groves"].new_game(players, seed)
    assert isinstance(s, GrovesState)
    rng = Rng(seed)
    out = []
    for step in range(steps):
        if s.is_over():
            break
        if step % 7 == 0:
            out.append(s.clone())
        seat = s.active_players()[0]
        legal = s.legal_actions(seat)
        s.apply(seat, legal[rng.randrange(len(legal))])
    return out + [s]


@pytest.mark.parametrize("players", [1, 2, 4])
def test_text_is_at_least_12_px_and_svgs_keep_scale_1(players: int) -> None:
    """Every SVG is drawn at its own size (width = viewBox width; a realm wider
    than a phone fits it, and at its natural size once enlarged pans in its
    box), so an SVG font size is its size in CSS px; none is under 12."""
    for s in _positions(players, 21):
        seat = s.active_players()[0] if s.active_players() else None
        html = view_module.render_board(s.view(seat), choices(s, seat) if seat is not None
                                        else [], {})
        assert min(_font_sizes(html)) >= 12
        for svg in re.findall(r"<svg [^>]*>", html):
            box = re.search(r'viewBox="[-\d.]+ [-\d.]+ ([\d.]+) [\d.]+"', svg)
            width = re.search(r' width="([\d.]+)"', svg)
            assert box and width and float(box.group(1)) == float(width.group(1)), svg
            # A realm fits a narrow screen, enlarged to its natural width on demand.
            realm = 'class="groves-realm"' in svg and f"--natural:{width.group(1)}px" in svg
            assert "max-width:none" in svg or realm or float(width.group(1)) <= 30, svg
        # Each realm sits in a box of its own that pans sideways once enlarged,
        # under the control that enlarges it.
        assert html.count('class="gv-pan" style="overflow-x:auto') == players
        assert html.count('data-zoom="realm"') == players


def test_grove_names_are_never_cut() -> None:
    """Every grove's full name is drawn, on one line or two, each line narrower
    than the hex at its height (about 7.2 px a letter at 12 px, semi-bold)."""
    for gid in data.ALL_GROVES:
        g = GrovesState.grove_view(gid)
        hexagon = view_module.grove_hex(0, 0, g)
        lines = re.findall(r'<text x="0.0" y="(-?[\d.]+)"[^>]*font-weight="600"[^>]*>([^<]+)<',
                           hexagon)
        assert " ".join(t for _, t in lines) == g["name"], (gid, lines)
        for y, text in lines:
            top = abs(float(y)) + 9  # the top of the letters
            half = min(view_module.HEX * math.sqrt(3) / 2, (view_module.HEX - top) * math.sqrt(3))
            assert len(text) * 7.2 < 2 * half - 6, (text, half)


def _icons(markup: str) -> set[str]:
    return set(re.findall(r'class="icon-([a-z]+)"', markup))


def test_every_grove_draws_its_cost_reward_and_bonus_as_icons() -> None:
    want = {"E": "earth", "L": "light", "W": "water", "C": "crystal", "D": "dominion"}
    kinds = {"element": "element", "spirit": "spirit", "white": "white", "cull": "cull",
             "draw": "draw"}
    for gid, grove in data.ALL_GROVES.items():
        expected = set()
        for reward in (grove.primary, grove.bonus):
            if reward is None:
                continue
            if reward[0] in kinds:
                expected.add(kinds[reward[0]])
            for code in reward[1:]:
                if isinstance(code, str):
                    expected |= {want[part[-1]] for part in code.split("+")}
        if grove.cost:
            expected |= {want[part[-1]] for part in grove.cost.split("+")} | {"dominion"}
        hexagon = view_module.grove_hex(0, 0, GrovesState.grove_view(gid))
        assert _icons(hexagon) == expected, gid
        if grove.bonus is not None:  # the bonus sits behind a disc of the grove's colour
            assert f'aria-label="{grove.colour} spirit"' in hexagon
        # The counts are drawn too: the dominion value for a bought grove.
        if grove.cost:
            assert f">{grove.dominion}</text>" in hexagon


def test_supply_and_resources_are_icons_with_counts() -> None:
    s = started()
    s.players[0].crystals = 7
    html, _ = render(s)
    assert "spirits 25 white" not in html and "Supply: spirits" not in html
    supply = html[html.index('aria-label="Supplies and bonuses"'):]
    for spirit, n in s.supply.items():
        assert f'aria-label="{n} {spirit} in the supply"' in supply
        assert f'class="icon-{spirit}"' in supply or f'aria-label="{spirit} spirit"' in supply \
            or spirit == "wraith"
    assert 'aria-label="7 crystals"' in html and "<b>7</b>" in html
    assert "What the pictures mean" in html  # the key, without hover


def test_setup_choices_are_pictured_with_what_each_yields() -> None:
    s = GAMES["groves"].new_game(2, 3)
    assert isinstance(s, GrovesState)
    seat = s.active_players()[0]
    html, parsed = render(s)
    setup = html[html.index('class="gv-setup"'):html.index('class="groves-top"')]
    assert 'data-focus="true"' in setup
    assert len(re.findall(r"data-action=", setup)) == 4
    for colour in ("yellow", "orange", "green", "blue"):
        g = data.STARTING_GROVES["rg-" + colour]
        assert g.name in setup
    assert set(parsed.actions) == set(range(4))
    # The button words say what each yields too.
    assert all(": " in a.label and "also gets" in a.label for a in s.legal_actions(seat))
    s.apply(seat, ChooseGrove("green"))
    html, _ = render(s)
    name = s.game.seat_names[seat]
    assert "Verdant Dell (green" in html and f"(taken by {name})" in html
    assert f">taken by {name}</text>" in html  # said under the hex, not only in its label


def _articles(html: str) -> list[tuple[str, str]]:
    return re.findall(r'<article class="player seat-(\d)"( data-focus="true")?', html)


def test_own_area_first_with_data_focus_while_acting() -> None:
    s = started()
    _hold(s, 1, "white")
    html, parsed = render(s)  # rendered for seat 1, the acting seat
    arts = _articles(html)
    assert arts[0] == ("1", ' data-focus="true"') and arts[1] == ("0", "")
    assert html.count("data-focus") == 1
    assert parsed.actions  # the legal targets keep data-action
    # Seat 0 looks on while seat 1 acts: its own area first, no focus.
    html = view_module.render_board(s.view(0), [], {})
    assert _articles(html) == [("0", ""), ("1", "")]
    # A spectator: seats in order, no own area.
    html = view_module.render_board(s.view(None), [], {})
    assert _articles(html) == [("0", ""), ("1", "")] and "data-focus" not in html


def test_each_panel_shows_the_score_now() -> None:
    s = started(3)

    def shown() -> dict[int, float]:
        html, _ = render(s)
        scores = re.findall(r'aria-label="Score now: ([\d.]+) dominion"', html)
        seats = [int(seat) for seat, _ in _articles(html)]
        return dict(zip(seats, map(float, scores), strict=True))

    before = shown()
    assert before == dict(enumerate(s.scores()))
    s.players[0].dominion = 4
    s.players[2].realm[(2, 0)] = "o6"  # Hearthwood, 4 dominion
    after = shown()
    assert after == {0: before[0] + 4, 1: before[1], 2: before[2] + 4}


def _keys(html: str) -> list[str]:
    return re.findall(r'data-key="([^"]+)"', html)


def _key_of(html: str, marker: str) -> str:
    """The data-key of the group whose aria-label starts with ``marker``."""
    found = re.search(rf'aria-label="{re.escape(marker)}[^"]*" data-key="([^"]+)"', html)
    assert found, marker
    return found.group(1)


@pytest.mark.parametrize("players", [1, 2, 3])
def test_data_keys_are_unique_in_every_render(players: int) -> None:
    for s in _positions(players, 8):
        seat = s.active_players()[0] if s.active_players() else None
        html = view_module.render_board(s.view(seat), [], {})
        keys = _keys(html)
        assert len(keys) == len(set(keys)), [k for k in keys if keys.count(k) > 1]


def test_a_spirit_keeps_its_key_from_the_hand_to_its_grove() -> None:
    s = started()
    _hold(s, 0, "white", "yellow")
    before = view_module.render_board(s.view(0), [], {})
    hand = re.findall(r'aria-label="(white|yellow) spirit" data-key="(sp-0-[a-z]+-\d)"', before)
    assert sorted(k for _, k in hand) == ["sp-0-white-0", "sp-0-yellow-0"]
    s.apply(0, Place("yellow", 0, 0, 0))
    after = view_module.render_board(s.view(0), [], {})
    # The yellow spirit now sits on Crystal Spring, with the key it had in hand,
    # marked as the last move; the white keeps its own key in the hand.
    grove = after[after.index('aria-label="Moss&#x27;s realm: Crystal Spring'):]
    grove = grove[:grove.index("</g></g>") + 8]
    assert 'data-key="sp-0-yellow-0"' in grove and 'class="last-move"' in grove
    assert 'data-key="sp-0-white-0"' in after and after.count('data-key="sp-0-yellow-0"') == 1


#: The keyed grove's outline carries the last-move mark.
MARKED = r'[^>]*><title>[^<]*</title><polygon [^>]*class="last-move"'


def test_a_bought_grove_keeps_its_key_from_the_row_to_the_realm() -> None:
    s = started()
    s.row = ["y1", "g1", "b1", "o1"]
    _hold(s, 1, "white")
    s.apply(1, Visit("white", "groves"))
    html = view_module.render_board(s.view(1), choices(s, 1), {})
    assert _key_of(html, "Glimmer Meadow") == "grove-y1"
    s.apply(1, Buy(0))
    html = view_module.render_board(s.view(1), choices(s, 1), {})
    # Being attached: still drawn (in its slot), marked as the last move.
    assert _key_of(html, "Glimmer Meadow") == "grove-y1"
    assert re.search(r'aria-label="Glimmer Meadow[^"]*being attached\)" data-key="grove-y1"'
                     + MARKED, html)
    s.apply(1, Attach(-1, 1))
    html = view_module.render_board(s.view(1), [], {})
    realm = html[html.index("Amber&#x27;s realm"):]
    assert re.search(r'aria-label="Amber&#x27;s realm: Glimmer Meadow[^"]*" data-key="grove-y1"'
                     + MARKED, realm)
    assert html.count("last-move") == 1
    assert html.count('data-key="grove-y1"') == 1
    # Starting groves are keyed by seat: each realm has its own Crystal Spring.
    assert 'data-key="grove-0-crystal"' in html and 'data-key="grove-1-crystal"' in html


def test_last_move_marks_a_spirit_sent_to_the_tree() -> None:
    s = started()
    _hold(s, 1, "white", "white")
    s.apply(1, Visit("white", "portal"))
    html = view_module.render_board(s.view(0), [], {})
    marked = re.findall(r'<g role="img" aria-label="white spirit" data-key="([^"]+)">'
                        r'<circle [^>]*class="last-move"', html)
    assert marked == ["sp-1-white-0"]
    assert html.count("last-move") == 1


def test_replay_names_the_grove_not_its_cell() -> None:
    """The replay's line about the last move says which grove, in the players'
    words: no coordinates like "(-3,1)"."""
    from web.replay import Replay
    from web.session import Setup

    s = GAMES["groves"].new_game(2, 5)
    assert isinstance(s, GrovesState)
    rng = Rng(5)
    moves: list[list[Any]] = []
    seen = 0
    while not s.is_over() and seen < 12:
        seat = s.active_players()[0]
        legal = s.legal_actions(seat)
        action = legal[rng.randrange(len(legal))]
        moves.append([seat, action.to_json()])
        s.apply(seat, action)
        if action.kind in ("place", "attach", "buy"):
            replay = Replay(Setup("groves", ("human", "human"), 5), list(moves))
            replay.go(len(moves))
            line = replay.regions()["actions"]
            grove = s.players[getattr(action, "owner", seat)].realm.get(
                (getattr(action, "q", 0), getattr(action, "r", 0)))
            assert not re.search(r"\(-?\d+, ?-?\d+\)", line), line
            if action.kind == "place" and grove is not None:
                assert esc(data.ALL_GROVES[grove].name) in line, line
            seen += 1
    assert seen >= 12


def test_long_choices_have_short_bar_labels_and_are_chosen_on_the_component() -> None:
    """Issue 28: a starting grove is named by its name in the bar, a summoning
    card by its number ("Keep card 2"), and both are clickable on the board."""
    s = GAMES["groves"].new_game(2, 4)
    assert isinstance(s, GrovesState)
    seat = s.active_players()[0]
    legal = choices(s, seat)
    short = view_module.short_labels(legal)
    starts = [c for c in legal if c["kind"] == "start"]
    assert starts and all(short[c["index"]] in c["label"] and len(short[c["index"]]) <= 16
                          for c in starts)
    rng = Rng(4)
    while not any(c["kind"] == "summon" for c in choices(s, s.active_players()[0])):
        seat = s.active_players()[0]
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    seat = s.active_players()[0]
    legal = choices(s, seat)
    cards = [c for c in legal if c["kind"] == "summon"]
    short = view_module.short_labels(legal)
    assert [short[c["index"]] for c in cards] == [f"Keep card {n + 1}" for n in range(len(cards))]
    html, parsed = render(s, {})
    assert {c["index"] for c in cards} <= set(parsed.actions)
    assert "Card 2" in html
