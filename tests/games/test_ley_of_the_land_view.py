"""Ley of the Land markup: the table contract (keys, last move, focus), the
score as it stands in every panel, board coordinates in the log's names,
legible sizes, and every tile placement reachable by clicks."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from pygame_engine import GAMES
from pygame_engine.core.rng import Rng
from pygame_engine.games.ley_of_the_land import data
from pygame_engine.games.ley_of_the_land.actions import Acquire, Bid, Frolick
from pygame_engine.games.ley_of_the_land.board import find_sections, rotated
from pygame_engine.games.ley_of_the_land.data import CENTRE
from pygame_engine.games.ley_of_the_land.state import LeyOfTheLandState
from pygame_engine.games.ley_of_the_land.view_types import TileView
from web.views import Choice, choice
from web.views import ley_of_the_land as view_module
from web.views.ley_of_the_land import render_board

GAME = GAMES["ley-of-the-land"]


def new(players: int = 2, seed: int = 1) -> LeyOfTheLandState:
    s = GAME.new_game(players, seed)
    assert isinstance(s, LeyOfTheLandState)
    return s


def choices(s: LeyOfTheLandState, seat: int) -> list[Choice]:
    return [choice(i, a, a.label)
            for i, a in enumerate(s.legal_actions(seat))]


def actions_in(markup: str) -> list[int]:
    return [int(i) for i in re.findall(r'data-action="(\d+)"', markup)]


def keys_in(markup: str) -> list[str]:
    return re.findall(r'data-key="([^"]+)"', markup)


def root(markup: str) -> ET.Element:
    return ET.fromstring(f"<root>{markup}</root>")


def played(players: int = 2, seed: int = 3, rounds: int = 4) -> LeyOfTheLandState:
    """A game played at random (acquiring when it can) into round ``rounds``."""
    s = new(players, seed)
    rng = Rng(seed)
    while s.round < rounds and not s.is_over():
        p = s.active_players()[0]
        legal = s.legal_actions(p)
        acquire = [a for a in legal if isinstance(a, Acquire)]
        s.apply(p, rng.choice(acquire or legal))
    return s


def to_act(s: LeyOfTheLandState, seat: int) -> None:
    for p in range(s.num_players):
        s.apply(p, Bid(1 if p == seat else 0))
    assert s.active_players() == [seat]


def test_every_placement_is_reachable_and_targets_are_on_your_board() -> None:
    s = played()
    while s.phase != "act":
        s.apply(s.active_players()[0], Bid(0))
    p = s.active_players()[0]
    legal = choices(s, p)
    v = s.view(p)
    reached = set()
    for slot in sorted({c["fields"]["slot"] for c in legal if c["kind"] == "acquire"}):
        first = render_board(v, legal, {"slot": str(slot)})
        turns = [int(r) for r in re.findall(r'data-ui="rot=(\d)"', first)]
        assert turns
        for rot in turns:
            markup = render_board(v, legal, {"slot": str(slot), "rot": str(rot)})
            found = actions_in(markup)
            assert found
            for i in found:
                assert legal[i]["fields"]["slot"] == slot and legal[i]["fields"]["rotation"] == rot
            reached.update(found)
            mine = root(markup).find(f".//article[@class='player seat-{p}']")
            assert mine is not None and sorted(actions_in(ET.tostring(mine, "unicode"))) \
                == sorted(found)
    assert reached == {c["index"] for c in legal if c["kind"] == "acquire"}
    assert not actions_in(render_board(v, legal, {}))  # a tile is picked first


def test_a_tile_keeps_its_key_from_the_market_to_the_board() -> None:
    s = new()
    s.boards[0][CENTRE] = (0, 0)
    to_act(s, 0)
    tile = s.market[1]
    before = render_board(s.view(0), choices(s, 0), {"slot": "1"})
    assert f'data-key="tile-{tile}"' in before
    action = next(a for a in s.legal_actions(0) if isinstance(a, Acquire) and a.slot == 1)
    s.apply(0, action)
    after = render_board(s.view(1), [], {})
    assert keys_in(after).count(f"tile-{tile}") == 1
    placed = re.search(rf'<g [^>]*data-key="tile-{tile}"[^>]*>', after)
    assert placed and "last-move" in placed.group(0)  # the tile the last move placed
    assert after.count("last-move") == 1
    for seat in (None, 0, 1):  # the same keys whoever looks, each once
        keys = keys_in(render_board(s.view(seat), [], {}))
        assert len(keys) == len(set(keys)) and set(keys) == set(keys_in(after))


def placed_as(edges: str) -> tuple[int, int]:
    """A (basic tile id, rotation) showing ``edges``."""
    return next((t, r) for t, (k, e) in enumerate(data.TILES) for r in range(4)
                if k == data.BASIC and rotated(e, r) == edges)


def test_cubes_placed_by_the_last_move_are_marked() -> None:
    s = new()
    s.boards[0][0] = placed_as("GGYG")  # A1 and A2 close a green section of one diamond
    s.boards[0][1] = placed_as("GYYG")
    for section in find_sections(s.boards[0]):
        if section.complete:
            s.complete[0][section.anchor] = section
    s.faerie[0] = 3
    to_act(s, 0)
    s.apply(0, Frolick())
    markup = render_board(s.view(1), [], {})
    anchor = next(a for a, x in s.complete[0].items() if x.cubes)
    group = re.search(rf'<g [^>]*data-key="cubes-0-{anchor}"[^>]*>', markup)
    assert group and "last-move" in group.group(0)
    assert keys_in(markup) == [k for k in keys_in(markup) if k.startswith(("tile-", "cubes-"))]


def test_focus_is_on_the_acting_seats_own_area() -> None:
    s = new()
    legal = choices(s, 0)
    markup = render_board(s.view(0), legal, {})
    focus = [e for e in root(markup).iter() if e.get("data-focus")]
    assert [e.get("class") for e in focus] == ["player seat-0"]
    assert "data-focus" not in render_board(s.view(0), [], {})  # not your turn
    assert "data-focus" not in render_board(s.view(None), [], {})


def test_your_board_sits_beside_the_market_and_the_others_below() -> None:
    s = new(3)
    markup = render_board(s.view(1), choices(s, 1), {})
    top = next(e for e in root(markup).iter("div") if e.get("class") == "lotl-top")
    assert [c.get("class") for c in top] == ["lotl-shop", "player seat-1"]
    others = next(e for e in root(markup).iter("div") if e.get("class") == "players")
    assert [c.get("class") for c in others] == ["player seat-0", "player seat-2"]


def test_every_panel_shows_points_now_and_the_largest_section() -> None:
    s = played(3, seed=5, rounds=5)
    markup = render_board(s.view(None), [], {})
    points = [float(x) for x in re.findall(r'class="lotl-points">([\d.]+)<', markup)]
    assert points == s.scores()
    largest = [s.largest_section(p) for p in range(3)]
    holders = [p for p in range(3) if largest[p] == max(largest)]
    marks = re.findall(r"★ largest(, shared)?: \+([\d.]+)", markup)
    assert len(marks) == len(holders)
    assert {float(m[1]) for m in marks} == {data.LARGEST_SECTION_BONUS / len(holders)}
    assert all(bool(m[0]) == (len(holders) > 1) for m in marks)


def test_board_edges_name_spaces_as_the_log_does() -> None:
    """Row letters A-E on the left and column numbers 1-5 on top: the tile
    the log places "on D4" is drawn in row D's band and under column 4."""
    s = played()
    event = next(e for e in reversed(s.log) if e.kind == "acquire")
    name = re.search(r"on ([A-E][1-5])\.", event.text).group(1)  # type: ignore[union-attr]
    seat = event.data["seat"]
    board = next(e for e in root(render_board(s.view(None), [], {})).iter("svg")
                 if e.get("aria-label", "").startswith(f"{s.game.seat_name(seat)}'s board"))
    labels = {t.text: t for t in board.iter("text") if t.get("class") == "lotl-label"}
    assert set(labels) == set("ABCDE12345")
    tile = next(g for g in board.iter("g") if g.get("aria-label", "").startswith(f"{name}:"))
    xs = [float(v.split(",")[0]) for poly in tile.iter("polygon")
          for v in poly.get("points", "").split()]
    ys = [float(v.split(",")[1]) for poly in tile.iter("polygon")
          for v in poly.get("points", "").split()]
    assert min(xs) < float(labels[name[1]].get("x", 0)) < max(xs)
    assert min(ys) < float(labels[name[0]].get("y", 0)) < max(ys)


def test_boards_never_draw_below_natural_size_and_text_is_large_enough() -> None:
    """At natural size every label is 13 px and every space 44 px; a board
    never shrinks below it (min-width = its viewBox width)."""
    s = played()
    markup = render_board(s.view(0), [], {})
    assert "font-size: 13px" in view_module.STYLE
    assert "font-size: 9px" not in markup and "cube-text" not in markup.replace(
        "lotl-cube-text", "")  # the page's old 9 px class is not used
    for svg in root(markup).iter("svg"):
        if svg.get("class") != "lotl-board":
            continue
        width = svg.get("viewBox", "").split()[2]
        assert f"min-width: {width}px" in svg.get("style", "")
        for text in svg.iter("text"):
            assert text.get("class") in {"lotl-label", "lotl-cube-text"}
        for rect in svg.iter("rect"):
            if "space" in (rect.get("class") or ""):
                assert float(rect.get("width", 0)) >= 42


def test_markup_is_well_formed_through_a_game() -> None:
    s = played(4, seed=2, rounds=30)
    for seat in (None, *range(4)):
        root(render_board(s.view(seat), choices(s, seat) if seat is not None else [], {}))


def test_the_placing_hint_counts_its_spaces_in_words() -> None:
    """Issue 28 (8): "the highlighted space" for one, "one of the N highlighted
    spaces" for more; turning the tile is named as such, and nothing says click."""
    tile: TileView = {"id": 0, "edges": "GGYY", "kind": "basic"}
    one = view_module._placer(tile, [0], 0, 1)
    many = view_module._placer(tile, [0, 1], 0, 5)
    assert "Choose the highlighted space on your board." in one
    assert "Choose how to turn the tile, then one of the 5 highlighted spaces" in many
    assert "1 highlighted space" not in one and "lick" not in one + many
    assert "Pick a turn" not in many
