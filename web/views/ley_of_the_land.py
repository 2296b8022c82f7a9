"""Ley of the Land as SVG and HTML: the market, every player's board with its
row letters and column numbers, cubes, bids and the score as it stands.

Land triangles carry a pattern as well as a colour (hatching for green
faerie land, dots for yellow wheat land) so the two read apart without
colour. Acquiring is two local steps and a click: pick a market tile
(``data-ui="slot=N"``), optionally turn it (``data-ui="rot=K"``, each turn
drawn on its button), then click a highlighted space on your board, which
carries the action's ``data-action``.

The table contract: a tile keeps ``data-key="tile-<id>"`` from the market to
the board and cubes on a section are ``cubes-<seat>-<anchor>`` (the unused
ones are counts in the panel, not pieces: no key, so a reflow of the panel
does not set them gliding); what the last move placed carries
``last-move``; the acting seat's own area (its panel and board, placed
beside the market) carries ``data-focus``. Boards never draw below their
natural size, where every text is at least 13 px and every space 44 px.
"""

from __future__ import annotations

from pygame_engine.games.ley_of_the_land.board import rotated, space_name
from pygame_engine.games.ley_of_the_land.view_types import (
    LastMove,
    LeyOfTheLandView,
    SectionView,
    TileView,
)

from . import Choice, int_field
from .markup import esc, seat_letters, tag

BOARD_KINDS = {"acquire"}
#: Selection keys that stay chosen when pressed again: a turn button pressed
#: twice keeps its rotation (``web.session.Session.select``).
KEPT_UI_KEYS = frozenset({"rot"})

CELL = 44
N = 5
#: Room for the column numbers above the board and the row letters on its left.
MARGIN = 16
ROW_NAMES = "ABCDE"
LAND = {"G": ("green", "faerie land"), "Y": ("yellow", "wheat land")}
KIND_MARK = {"faerie ring": "ring", "crop circle": "circle"}
LABEL_FILL = "#4a5046"

DEFS = (
    '<defs>'
    '<pattern id="lotl-hatch" width="6" height="6" patternUnits="userSpaceOnUse" '
    'patternTransform="rotate(45)"><rect width="6" height="6" class="land-G"/>'
    '<line x1="0" y1="0" x2="0" y2="6" class="hatch"/></pattern>'
    '<pattern id="lotl-dots" width="7" height="7" patternUnits="userSpaceOnUse">'
    '<rect width="7" height="7" class="land-Y"/><circle cx="3.5" cy="3.5" r="1.1" class="dot"/>'
    '</pattern></defs>'
)

#: Styles of this view only (a <style> in an SVG applies to the whole page, so
#: every rule is scoped to the view's classes).
STYLE = """
.lotl .lotl-top { display: flex; flex-wrap: wrap; gap: 0.8rem; align-items: flex-start;
  margin-bottom: 0.8rem; }
.lotl .lotl-shop { flex: 1 1 300px; min-width: 0; }
.lotl .lotl-top > .player { flex: 1 1 270px; max-width: 330px; }
.lotl .lotl-top > .player .lotl-board { max-width: 300px; }
.lotl .lotl-top:has(> .compact) > .lotl-shop { flex-basis: 240px; }
.lotl .lotl-top:has(> .compact) > .player:not(.compact) { flex: 0 1 300px; }
.lotl .lotl-top > .player.compact { flex: 0 1 236px; font-size: 0.9rem; }
.lotl .lotl-top > .player.compact .lotl-board { max-width: 220px; }
.lotl .market-row { gap: 0.35rem; }
.lotl .market-tile { width: 48px; height: 48px; }
.lotl .player-head h3 { display: flex; flex-wrap: wrap; align-items: center; gap: 0.2rem 0.4rem; }
.lotl .player-head .badge { margin-left: 0; }
.lotl .lotl-score { margin: 0.2rem 0; display: flex; flex-wrap: wrap; align-items: baseline;
  gap: 0.2rem 0.5rem; }
.lotl .lotl-score strong { font-size: 1.35rem; }
.lotl .lotl-chips { list-style: none; padding: 0; margin: 0.2rem 0 0.4rem; display: flex;
  flex-wrap: wrap; gap: 0.25rem 0.6rem; font-size: 0.875rem; color: var(--ink, #1f2a1f); }
.lotl .lotl-chips li { display: inline-flex; align-items: center; gap: 0.25rem; }
.lotl .lotl-cube { display: inline-grid; place-items: center; min-width: 1.4rem; height: 1.4rem;
  padding: 0 0.2rem; border: 1.5px solid #111; border-radius: 3px; font-weight: 700;
  font-size: 0.8rem; }
.lotl .lotl-cube.F { background: #d8f5d0; } .lotl .lotl-cube.W { background: #fff2c2; }
.lotl .lotl-coin { display: inline-grid; place-items: center; width: 1.4rem; height: 1.4rem;
  border-radius: 50%; background: #e8c766; border: 1.5px solid #8a6a10; font-weight: 700;
  font-size: 0.8rem; }
.lotl .lotl-lead { font-weight: 700; }
.lotl .market-slot { font-size: 0.8rem; }
.lotl .placer { flex-wrap: wrap; gap: 0.3rem 0.8rem; }
.lotl .placer p { flex: 1 1 12rem; margin: 0; }
.lotl .placer .turns { display: flex; flex-wrap: wrap; gap: 0.4rem; }
.lotl .placer .turns button { display: flex; flex-direction: column; align-items: center;
  padding: 0.2rem 0.3rem; font-size: 0.8rem; line-height: 1.2; }
.lotl .placer .turns svg { width: 44px; height: 44px; display: block; }
.lotl-board .lotl-cube-text { font-size: 13px; text-anchor: middle; font-weight: 700; fill: #111; }
.lotl-board .lotl-label { font-size: 13px; text-anchor: middle; font-weight: 600;
  fill: #4a5046; }
.lotl-board .space.target { stroke-width: 3; }
"""


def _triangle_points(x: float, y: float, side: int, size: float) -> list[tuple[float, float]]:
    cx, cy = x + size / 2, y + size / 2
    corners = [(x, y), (x + size, y), (x + size, y + size), (x, y + size)]
    a, b = corners[side], corners[(side + 1) % 4]
    return [a, b, (cx, cy)]


def _points(points: list[tuple[float, float]]) -> str:
    return " ".join(f"{px:.1f},{py:.1f}" for px, py in points)


def tile_svg(x: float, y: float, edges: str, kind: str, size: float = CELL,
             extra_class: str = "") -> str:
    """One land tile: four patterned triangles and its special mark."""
    parts = []
    for side, colour in enumerate(edges):
        fill = "url(#lotl-hatch)" if colour == "G" else "url(#lotl-dots)"
        parts.append(tag("polygon", {"points": _points(_triangle_points(x, y, side, size)),
                                     "fill": fill, "class": f"tri {extra_class}".strip()}))
    mark = KIND_MARK.get(kind)
    if mark:
        cx, cy = x + size / 2, y + size / 2
        parts.append(tag("circle", {"cx": cx, "cy": cy, "r": size / 6,
                                    "class": f"mark mark-{mark}"}))
    return "".join(parts)


def _tile_label(edges: str, kind: str) -> str:
    sides = ("north", "east", "south", "west")
    colours = ", ".join(f"{s} {LAND[c][0]}" for s, c in zip(sides, edges, strict=True))
    return f"{kind} tile: {colours}"


def _last(view: LeyOfTheLandView, p: int) -> LastMove | None:
    """The last move if it was player ``p``'s, else None."""
    last = view["last_move"]
    return last if last is not None and last["seat"] == p else None


def _board(view: LeyOfTheLandView, p: int, targets: dict[int, int]) -> str:
    """Player ``p``'s board; ``targets`` maps a space to the action index placing there."""
    player = view["players"][p]
    last = _last(view, p)
    size = CELL * N
    parts = [tag("rect", {"x": 0, "y": 0, "width": size, "height": size, "class": "board-bg"})]
    for i in range(N):
        parts.append(tag("text", {"x": i * CELL + CELL / 2, "y": -4, "class": "lotl-label",
                                  "aria_hidden": "true"}, str(i + 1)))
        parts.append(tag("text", {"x": -MARGIN / 2, "y": i * CELL + CELL / 2 + 4.5,
                                  "class": "lotl-label", "aria_hidden": "true"}, ROW_NAMES[i]))
    for space, placed in enumerate(player["board"]):
        r, c = divmod(space, N)
        x, y = c * CELL, r * CELL
        name = space_name(space)
        if placed is None:
            index = targets.get(space)
            cls = "space" + (" target" if index is not None else "")
            label = f"space {name}" + (": place the tile here" if index is not None else ", empty")
            parts.append(tag("rect", {"x": x + 1, "y": y + 1, "width": CELL - 2,
                                      "height": CELL - 2, "class": cls,
                                      "data_action": index, "role": "button" if index
                                      is not None else None, "tabindex": 0 if index
                                      is not None else None, "aria_label": label},
                             tag("title", {}, esc(label))))
        else:
            placed_now = last is not None and last["kind"] == "acquire" and last.get(
                "space") == space
            parts.append(tag("g", {"role": "img", "data_key": f"tile-{placed['id']}",
                                   "class": "tile last-move" if placed_now else "tile",
                                   "aria_label": f"{name}: "
                                                 f"{_tile_label(placed['edges'], placed['kind'])}"
                                                 + (" (just placed)" if placed_now else "")},
                             tile_svg(x, y, placed["edges"], placed["kind"])))
    for section in player["sections"]:
        if section["complete"]:
            parts.append(_section_outline(section))
    for section in player["sections"]:
        if section["cubes"]:
            just = last is not None and section["anchor"] in last.get("anchors", [])
            parts.append(_cubes(p, section, just))
    return tag("svg", {"viewBox": f"{-MARGIN} {-MARGIN} {size + MARGIN + 2} {size + MARGIN + 2}",
                       "class": "lotl-board", "role": "group",
                       "style": f"min-width: {size + MARGIN + 2}px",
                       "aria_label": f"{view['names'][p]}'s board: rows A to E, "
                                     "columns 1 to 5"}, *parts)


def _cubes(p: int, section: SectionView, last: bool) -> str:
    """The cubes on a complete section: a lettered chip with the count."""
    anchor = section["triangles"][0]
    space, side = divmod(anchor, 4)
    r, c = divmod(space, N)
    pts = _triangle_points(c * CELL, r * CELL, side, CELL)
    cx = sum(q[0] for q in pts) / 3
    cy = sum(q[1] for q in pts) / 3
    letter = "F" if section["colour"] == "G" else "W"
    what = "Faerie" if letter == "F" else "Wheat"
    count = section["cubes"]
    return tag("g", {"role": "img", "data_key": f"cubes-{p}-{section['anchor']}",
                     "class": "last-move" if last else None,
                     "aria_label": f"{count} {what} cube{'' if count == 1 else 's'} on this "
                                   "section"},
               tag("rect", {"x": f"{cx - 12:.1f}", "y": f"{cy - 9:.1f}", "width": 24,
                            "height": 18, "rx": 3, "class": f"cube cube-{letter}"}),
               tag("text", {"x": f"{cx:.1f}", "y": f"{cy + 4.5:.1f}", "class": "lotl-cube-text"},
                   f"{letter}{count}"))


def _section_outline(section: SectionView) -> str:
    """A thin outline on each triangle of a complete section."""
    out = []
    for t in section["triangles"]:
        space, side = divmod(t, 4)
        r, c = divmod(space, N)
        out.append(tag("polygon", {"points": _points(_triangle_points(c * CELL, r * CELL, side,
                                                                      CELL)),
                                   "class": "complete"}))
    return "".join(out)


def _market(view: LeyOfTheLandView, selectable: set[int], ui: dict[str, str]) -> str:
    items = []
    selected = ui.get("slot")
    for slot, tile in enumerate(view["market"]):
        if tile is None:
            items.append(tag("li", {"class": "market-slot empty"}, "empty"))
            continue
        label = f"Market tile {slot + 1}: {_tile_label(tile['edges'], tile['kind'])}"
        svg = tag("svg", {"viewBox": f"0 0 {CELL} {CELL}", "class": "market-tile",
                          "data_key": f"tile-{tile['id']}", "aria_hidden": "true"},
                  tile_svg(0, 0, tile["edges"], tile["kind"]))
        if slot in selectable:
            pressed = "true" if selected == str(slot) else "false"
            items.append(tag("li", {"class": "market-slot"},
                             tag("button", {"type": "button", "data_ui": f"slot={slot}",
                                            "aria_pressed": pressed, "aria_label": label,
                                            "class": "tile-button"}, svg,
                                 tag("span", {"class": "kind"}, esc(tile["kind"])))))
        else:
            items.append(tag("li", {"class": "market-slot", "aria_label": label}, svg,
                             tag("span", {"class": "kind"}, esc(tile["kind"]))))
    left = view["stock"]
    stock = f"{left} tile{'' if left == 1 else 's'} left in the stock" + (
        f", {view['discarded']} discarded" if view.get("discarded") else "") + (
        " (last round)" if view["last_round"] else "")
    return tag("section", {"class": "market", "aria_label": "Market"},
               tag("h3", {}, "Market ", tag("small", {}, esc(stock))),
               tag("ol", {"class": "market-row"}, *items))


def _points_word(value: float) -> str:
    return f"{value:g} point" if value == 1 else f"{value:g} points"


def _player_panel(view: LeyOfTheLandView, p: int) -> str:
    player = view["players"][p]
    name = view["names"][p]
    breakdown = view["breakdown"][p]
    score = view["scores"][p]
    bonus = breakdown["Largest section"]
    badges = []
    if view["marker"] == p:
        badges.append(tag("span", {"class": "badge", "title": "Holds the tiebreaker marker"},
                          "◆ tiebreaker"))
    if p in view["active"]:
        badges.append(tag("span", {"class": "badge active-badge"}, "▶ to act"))
    largest = player["largest"]
    lead = ""
    if bonus:
        holders = sum(1 for b in view["breakdown"] if b["Largest section"])
        lead = tag("li", {"class": "lotl-lead"},
                   f"★ largest{', shared' if holders > 1 else ''}: +{bonus:g}")
    chips = [
        tag("li", {"aria_label": f"money {player['money']}"},
            tag("span", {"class": "lotl-coin", "aria_hidden": "true"}, "$"),
            f"{player['money']} money"),
        tag("li", {"aria_label": f"{player['faerie_total']} Faerie cubes, "
                                 f"{player['faerie']} unused"},
            tag("span", {"class": "lotl-cube F", "aria_hidden": "true"}, "F"),
            f"{player['faerie_total']} ({player['faerie']} unused)"),
        tag("li", {"aria_label": f"{player['wheat_total']} Wheat cubes, "
                                 f"{player['wheat']} unused"},
            tag("span", {"class": "lotl-cube W", "aria_hidden": "true"}, "W"),
            f"{player['wheat_total']} ({player['wheat']} unused)"),
        tag("li", {}, f"largest section: {largest} triangle{'' if largest == 1 else 's'}"),
    ]
    if lead:
        chips.append(lead)
    bid = ""
    if view["phase"] == "bid":
        if view["bids"][p] is not None:
            bid = f"your bid: {view['bids'][p]}"
        else:
            bid = "has bid" if view["has_bid"][p] else "bidding…"
    elif view["revealed"] is not None:
        bid = f"bid {view['revealed'][p]}"
    if bid:
        chips.append(tag("li", {}, esc(bid)))
    return tag("header", {"class": f"player-head seat-{p}"},
               tag("h3", {}, tag("span", {"class": "seat-dot", "aria_hidden": "true"},
                                 seat_letters(view["names"])[p]), esc(name), *badges),
               tag("p", {"class": "lotl-score", "aria_label": f"{name}: {_points_word(score)} "
                                                               "now"},
                   tag("strong", {"class": "lotl-points"}, f"{score:g}"),
                   _points_word(score).split(" ", 1)[1] + " now"),
               tag("ul", {"class": "lotl-chips facts", "aria_label": "Money, cubes and "
                                                                     "largest section"},
                   *chips))


def render_board(view: LeyOfTheLandView, legal: list[Choice], ui: dict[str, str]) -> str:
    """The whole table for one seat's view (or a spectator's)."""
    acquisitions = [c for c in legal if c["kind"] == "acquire"]
    selectable = {int_field(c, "slot") for c in acquisitions}
    slot = ui.get("slot")
    rotations = sorted({int_field(c, "rotation") for c in acquisitions
                        if str(int_field(c, "slot")) == slot})
    rotation = int(ui["rot"]) if ui.get("rot", "") in {str(r) for r in rotations} else (
        rotations[0] if rotations else 0)
    targets = {int_field(c, "space"): c["index"] for c in acquisitions
               if str(int_field(c, "slot")) == slot and int_field(c, "rotation") == rotation}
    seat = view["seat"]
    me = view["acting"] if view["phase"] == "act" else seat
    shop = [_market(view, selectable, ui)]
    if acquisitions and slot is not None and slot.isdigit() and int(slot) in selectable:
        tile = view["market"][int(slot)]
        assert tile is not None  # a tile that can be acquired is in the market
        shop.append(_placer(tile, rotations, rotation, len(targets)))
    order = list(range(view["num_players"]))
    own = ""
    if isinstance(seat, int):  # your own board beside the market, the others below
        order.remove(seat)
        mine = targets if seat == me and acquisitions else {}
        own = tag("article", {"class": f"player seat-{seat}",
                              "data_focus": "true" if legal else None},
                  _player_panel(view, seat), _board(view, seat, mine))
    # Two players: the rival's board is a compact third column of the top row,
    # so that both boards are in view on a wide screen.
    beside = len(order) == 1 and isinstance(seat, int)
    boards = [tag("article", {"class": f"player seat-{p}" + (" compact" if beside else "")},
                  _player_panel(view, p), _board(view, p, {})) for p in order]
    hidden_defs = tag("svg", {"width": 0, "height": 0, "aria_hidden": "true", "focusable": "false",
                              "style": "position: absolute; width: 0; height: 0"},
                      DEFS, tag("style", {}, STYLE))
    return tag("div", {"class": "lotl"}, hidden_defs, _round_line(view),
               tag("div", {"class": "lotl-top"}, tag("div", {"class": "lotl-shop"}, *shop), own,
                   *(boards if beside else [])),
               "" if beside else tag("div", {"class": "players"}, *boards))


def _round_line(view: LeyOfTheLandView) -> str:
    text = f"Round {view['round']}"
    if view["phase"] == "act" and view["order"]:
        order = ", ".join(view["names"][p] for p in view["order"])
        taken = ", ".join(view["taken"]) or "none yet"
        text += f" · order: {order} · taken: {taken}"
    elif view["phase"] == "bid":
        text += " · secret bidding"
    return tag("p", {"class": "round-line"}, esc(text))


def _placer(tile: TileView, rotations: list[int], rotation: int, spaces: int) -> str:
    """Each way the chosen tile may be turned, drawn on its button."""
    buttons = []
    for r in rotations:
        edges = rotated(tile["edges"], r)
        picture = tag("svg", {"viewBox": f"0 0 {CELL} {CELL}", "aria_hidden": "true"},
                      tile_svg(0, 0, edges, tile["kind"]))
        buttons.append(tag("button", {"type": "button", "data_ui": f"rot={r}",
                                      "aria_pressed": "true" if r == rotation else "false",
                                      "aria_label": f"turned {r * 90}°: "
                                                    f"{_tile_label(edges, tile['kind'])}"},
                           picture, f"{r * 90}°"))
    where = ("the highlighted space" if spaces == 1
             else f"one of the {spaces} highlighted spaces")
    hint = (f"Choose how to turn the tile, then {where} on your board." if len(rotations) > 1
            else f"Choose {where} on your board." if rotations
            else "This tile fits nowhere on your board.")
    return tag("section", {"class": "placer", "aria_label": "Place the chosen tile"},
               tag("p", {}, esc(hint)), tag("div", {"class": "turns"}, *buttons))


#: The bar's words for a decision, by the first of its action kinds found here.
PROMPTS = (("bid", "bid in secret"), ("acquire", "a tile or an action"),
           ("frolick", "choose an action"), ("sow", "choose an action"),
           ("reap", "choose an action"), ("invest", "choose an action"))
