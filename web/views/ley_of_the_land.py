"""Ley of the Land as SVG and HTML: the market, every player's board, cubes and bids.

Land triangles carry a pattern as well as a colour (hatching for green
faerie land, dots for yellow wheat land) so the two read apart without
colour. Acquiring is two local steps and a click: pick a market tile
(``data-ui="slot=N"``), optionally turn it (``data-ui="rot=K"``), then click
a highlighted space on your board, which carries the action's ``data-action``.
"""

from __future__ import annotations

from typing import Any

from .markup import esc, seat_letters, tag

BOARD_KINDS = {"acquire"}

CELL = 44
N = 5
LAND = {"G": ("green", "faerie land"), "Y": ("yellow", "wheat land")}
KIND_MARK = {"faerie ring": "ring", "crop circle": "circle"}

DEFS = (
    '<defs>'
    '<pattern id="lotl-hatch" width="6" height="6" patternUnits="userSpaceOnUse" '
    'patternTransform="rotate(45)"><rect width="6" height="6" class="land-G"/>'
    '<line x1="0" y1="0" x2="0" y2="6" class="hatch"/></pattern>'
    '<pattern id="lotl-dots" width="7" height="7" patternUnits="userSpaceOnUse">'
    '<rect width="7" height="7" class="land-Y"/><circle cx="3.5" cy="3.5" r="1.1" class="dot"/>'
    '</pattern></defs>'
)


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


def _board(view: dict[str, Any], p: int, targets: dict[int, int]) -> str:
    """Player ``p``'s board; ``targets`` maps a space to the action index placing there."""
    player = view["players"][p]
    size = CELL * N
    parts = [DEFS, tag("rect", {"x": 0, "y": 0, "width": size, "height": size,
                                "class": "board-bg"})]
    for space, placed in enumerate(player["board"]):
        r, c = divmod(space, N)
        x, y = c * CELL, r * CELL
        name = f"{'ABCDE'[r]}{c + 1}"
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
            parts.append(tag("g", {"role": "img",
                                   "aria_label": f"{name}: "
                                                 f"{_tile_label(placed['edges'], placed['kind'])}"},
                             tile_svg(x, y, placed["edges"], placed["kind"])))
    for section in player["sections"]:
        if section["complete"]:
            parts.append(_section_outline(section))
        if section["cubes"]:
            anchor = section["triangles"][0]
            space, side = divmod(anchor, 4)
            r, c = divmod(space, N)
            pts = _triangle_points(c * CELL, r * CELL, side, CELL)
            cx = sum(q[0] for q in pts) / 3
            cy = sum(q[1] for q in pts) / 3
            letter = "F" if section["colour"] == "G" else "W"
            what = "Faerie" if letter == "F" else "Wheat"
            parts.append(tag("g", {"role": "img", "aria_label":
                                   f"{section['cubes']} {what} cubes on this section"},
                             tag("rect", {"x": cx - 8, "y": cy - 7, "width": 16, "height": 14,
                                          "rx": 2, "class": f"cube cube-{letter}"}),
                             tag("text", {"x": cx, "y": cy + 4, "class": "cube-text"},
                                 f"{letter}{section['cubes']}")))
    return tag("svg", {"viewBox": f"-2 -2 {size + 4} {size + 4}", "class": "lotl-board",
                       "role": "group",
                       "aria_label": f"{view['names'][p]}'s board"}, *parts)


def _section_outline(section: dict[str, Any]) -> str:
    """A thin outline on each triangle of a complete section."""
    out = []
    for t in section["triangles"]:
        space, side = divmod(t, 4)
        r, c = divmod(space, N)
        out.append(tag("polygon", {"points": _points(_triangle_points(c * CELL, r * CELL, side,
                                                                      CELL)),
                                   "class": "complete"}))
    return "".join(out)


def _market(view: dict[str, Any], selectable: set[int], ui: dict[str, str]) -> str:
    items = []
    selected = ui.get("slot")
    for slot, tile in enumerate(view["market"]):
        if tile is None:
            items.append(tag("li", {"class": "market-slot empty"}, "empty"))
            continue
        label = f"Market tile {slot + 1}: {_tile_label(tile['edges'], tile['kind'])}"
        svg = tag("svg", {"viewBox": f"0 0 {CELL} {CELL}", "class": "market-tile",
                          "aria_hidden": "true"}, DEFS, tile_svg(0, 0, tile["edges"],
                                                                 tile["kind"]))
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


def _player_panel(view: dict[str, Any], p: int) -> str:
    player = view["players"][p]
    name = view["names"][p]
    facts = [
        f"money {player['money']}",
        f"Faerie {player['faerie']} unused / {player['faerie_total']}",
        f"Wheat {player['wheat']} unused / {player['wheat_total']}",
        f"largest section {player['largest']} triangles",
    ]
    if view["phase"] == "bid":
        if view["bids"][p] is not None:
            facts.append(f"your bid: {view['bids'][p]}")
        else:
            facts.append("has bid" if view["has_bid"][p] else "bidding…")
    elif view["revealed"] is not None:
        facts.append(f"bid {view['revealed'][p]}")
    badges = []
    if view["marker"] == p:
        badges.append(tag("span", {"class": "badge", "title": "Holds the tiebreaker marker"},
                          "◆ tiebreaker"))
    if p in view["active"]:
        badges.append(tag("span", {"class": "badge active-badge"}, "▶ to act"))
    return tag("header", {"class": f"player-head seat-{p}"},
               tag("h3", {}, tag("span", {"class": "seat-dot", "aria_hidden": "true"},
                                 seat_letters(view["names"])[p]), " ", esc(name), *badges),
               tag("p", {"class": "facts"}, esc(" · ".join(facts))))


def render_board(view: dict[str, Any], legal: list[dict[str, Any]], ui: dict[str, str]) -> str:
    """The whole table for one seat's view (or a spectator's)."""
    acquisitions = [c for c in legal if c["kind"] == "acquire"]
    selectable = {c["json"][1] for c in acquisitions}
    slot = ui.get("slot")
    rotations = sorted({c["json"][3] for c in acquisitions if str(c["json"][1]) == slot})
    rotation = int(ui["rot"]) if ui.get("rot", "") in {str(r) for r in rotations} else (
        rotations[0] if rotations else 0)
    targets = {c["json"][2]: c["index"] for c in acquisitions
               if str(c["json"][1]) == slot and c["json"][3] == rotation}
    seat = view["seat"]
    me = view["acting"] if view["phase"] == "act" else seat
    parts = [_round_line(view), _market(view, selectable, ui)]
    if acquisitions and slot is not None and slot.isdigit():
        parts.append(_placer(view, int(slot), rotations, rotation))
    boards = []
    order = list(range(view["num_players"]))
    if isinstance(seat, int):  # your own board first
        order.remove(seat)
        order.insert(0, seat)
    for p in order:
        mine = targets if p == me and acquisitions else {}
        boards.append(tag("article", {"class": f"player seat-{p}"}, _player_panel(view, p),
                          _board(view, p, mine)))
    parts.append(tag("div", {"class": "players"}, *boards))
    return tag("div", {"class": "lotl"}, *parts)


def _round_line(view: dict[str, Any]) -> str:
    text = f"Round {view['round']}"
    if view["phase"] == "act" and view["order"]:
        order = ", ".join(view["names"][p] for p in view["order"])
        taken = ", ".join(view["taken"]) or "none yet"
        text += f" · order: {order} · taken: {taken}"
    elif view["phase"] == "bid":
        text += " · secret bidding"
    return tag("p", {"class": "round-line"}, esc(text))


def _placer(view: dict[str, Any], slot: int, rotations: list[int], rotation: int) -> str:
    tile = view["market"][slot]
    preview_edges = tile["edges"][-rotation:] + tile["edges"][:-rotation] if rotation else \
        tile["edges"]
    preview = tag("svg", {"viewBox": f"0 0 {CELL} {CELL}", "class": "market-tile",
                          "role": "img", "aria_label": _tile_label(preview_edges, tile["kind"])},
                  DEFS, tile_svg(0, 0, preview_edges, tile["kind"]))
    buttons = []
    for r in rotations:
        buttons.append(tag("button", {"type": "button", "data_ui": f"rot={r}",
                                      "aria_pressed": "true" if r == rotation else "false"},
                           f"{r * 90}°"))
    hint = ("Turn the tile, then click a highlighted space on your board." if rotations
            else "This tile fits nowhere on your board.")
    return tag("section", {"class": "placer", "aria_label": "Place the chosen tile"},
               preview, tag("div", {}, tag("p", {}, esc(hint)), *buttons))
