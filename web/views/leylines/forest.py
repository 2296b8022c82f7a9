"""Leylines' forest as one SVG map: regions, paths, spaces, cubes, standees,
the targets of a move and the preview of a die's reach."""

from __future__ import annotations

from pygame_engine.games.leylines.table import steps_from
from pygame_engine.games.leylines.view_types import (
    LastMove,
    LeylinesView,
    SpaceView,
)

from ..markup import esc, seat_letters, tag
from ..page import zoom_button
from .pieces import (
    COLOUR_FILL,
    COLOUR_LETTER,
    MAP_PAD,
    MIN_SCALE,
    REGION_TINT,
    SEAT_COLOUR,
    SPACE_R,
    cube_chip,
    cube_text,
    ink,
    market_name,
    space_name,
)

# -- distances (for the preview of a die's reach) -----------------------------------------


def distances(view: LeylinesView, start: int) -> list[int]:
    """Steps from ``start`` to every space along the view's paths (-1: unreachable)."""
    n = len(view["spaces"])
    links: list[list[int]] = [[] for _ in range(n)]
    for a, b in view["paths"]:
        links[a].append(b)
        links[b].append(a)
    return steps_from(links, start) if 0 <= start < n else [-1] * n


def _covers(have: dict[str, int], need: dict[str, int]) -> bool:
    return all(have.get(c, 0) >= n for c, n in need.items())


def preview(view: LeylinesView, seat: int, reach: int) -> list[int]:
    """Where ``seat`` could stop with ``reach`` steps: every space 1..reach away, a
    Market only when one of its Contracts there is covered by its cubes (help
    from the Potion or the Exchange is not foreseen; the move step is exact)."""
    player = view["players"][seat]
    dist = distances(view, player["pos"])
    out = []
    for s in view["spaces"]:
        if not 1 <= dist[s["id"]] <= reach:
            continue
        if s["kind"] == "market" and not any(
                c["market"] == s["market"] and _covers(player["cubes"], c["cubes"])
                for c in player["contracts"]):
            continue
        out.append(s["id"])
    return out


# -- the forest map ---------------------------------------------------------------------------


def _region_areas(view: LeylinesView) -> str:
    regions: dict[str, list[SpaceView]] = {}
    for s in view["spaces"]:
        regions.setdefault(s["region"], []).append(s)
    names = list(view["catalogue"]["regions"])
    parts = []
    for name, spaces in regions.items():
        i = names.index(name) if name in names else 0
        xs, ys = [s["x"] for s in spaces], [s["y"] for s in spaces]
        x0, y0 = min(xs) - 44, min(ys) - 46
        parts.append(tag("rect", {"x": x0, "y": y0, "width": max(xs) - min(xs) + 88,
                                  "height": max(ys) - min(ys) + 92, "rx": 28,
                                  "fill": REGION_TINT[i % len(REGION_TINT)],
                                  "stroke": "#b7b08f", "stroke_width": 1}))
    for name, spaces in regions.items():
        # The name sits in the middle of the region's lowest row gap.
        xs = [s["x"] for s in spaces]
        top = min(s["y"] for s in spaces)
        bottom = max(s["y"] for s in spaces)
        parts.append(tag("text", {"x": (min(xs) + max(xs)) / 2, "y": (top + bottom) / 2 + 6,
                                  "class": "lv-region-name", "text_anchor": "middle",
                                  "font_size": 17, "font_style": "italic", "fill": "#5a6150",
                                  "opacity": 0.8}, esc(name)))
    return tag("g", {"aria_hidden": "true"}, *parts)


def _hexagon(cx: float, cy: float, r: float) -> str:
    pts = [(cx + r * dx, cy + r * dy) for dx, dy in ((0, -1), (0.87, -0.5), (0.87, 0.5),
                                                    (0, 1), (-0.87, 0.5), (-0.87, -0.5))]
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in pts)


def _space_label(view: LeylinesView, s: SpaceView) -> str:
    cubes = cube_text(s["cubes"])
    text = space_name(view, s["id"])
    text = text[:1].upper() + text[1:]
    return f"{text}, {s['region']}: cubes {cubes}"


def _market_width(view: LeylinesView, s: SpaceView) -> float:
    market = s.get("market")
    name = market_name(view, market) if market else "Market"
    return max(64, 9 * len(name) + 16)


#: Each space's markup by what it is drawn from (most spaces are the same after
#: a move, and the map is redrawn after every one); cleared when it grows large.
_SPACES: dict[tuple[object, ...], str] = {}


def _space(view: LeylinesView, s: SpaceView) -> str:
    market = s["market"]
    sold = view["catalogue"]["markets"][market] if market else None
    key = (s["id"], s["kind"], s["letter"], s["region"], s["x"], s["y"], market,
           tuple(s["cubes"].items()), sold and (sold["name"], sold["colour"]))
    markup = _SPACES.get(key)
    if markup is None:
        if len(_SPACES) > 4000:
            _SPACES.clear()
        markup = _SPACES[key] = _drawn_space(view, s)
    return markup


def _drawn_space(view: LeylinesView, s: SpaceView) -> str:
    x, y, kind = s["x"], s["y"], s["kind"]
    parts = []
    if kind == "market":
        market = s.get("market")
        name = market_name(view, market) if market else "Market"
        colour = view["catalogue"]["markets"][market]["colour"] if market else "yellow"
        width = _market_width(view, s)
        parts.append(tag("rect", {"x": x - width / 2, "y": y - 16, "width": width,
                                  "height": 32, "rx": 8, "fill": "#fffaf0",
                                  "stroke": COLOUR_FILL[colour], "stroke_width": 4}))
        parts.append(tag("text", {"x": x, "y": y + 5.5, "text_anchor": "middle",
                                  "font_size": 15, "font_weight": 700, "fill": "#2b2b2b"},
                         esc(name)))
        parts.append(tag("text", {"x": x - width / 2 - 4, "y": y - 12, "text_anchor": "end",
                                  "font_size": 15, "fill": "#5b6457"}, str(s["id"])))
    elif kind == "hub":
        parts.append(tag("polygon", {"points": _hexagon(x, y, 24), "fill": "#f3e3b3",
                                     "stroke": "#7a5b14", "stroke_width": 3}))
        parts.append(tag("text", {"x": x, "y": y + 5.5, "text_anchor": "middle",
                                  "font_size": 16, "font_weight": 700, "fill": "#4a3708"},
                         str(s["id"])))
    elif kind == "letter":
        parts.append(tag("circle", {"cx": x, "cy": y, "r": SPACE_R, "fill": "#fffdf4",
                                    "stroke": "#4c5a3a", "stroke_width": 2.5}))
        parts.append(tag("text", {"x": x, "y": y + 7, "text_anchor": "middle", "font_size": 20,
                                  "font_weight": 700, "fill": "#233015"}, esc(s["letter"])))
    else:
        parts.append(tag("circle", {"cx": x, "cy": y, "r": SPACE_R - 4, "fill": "#f4f0e2",
                                    "stroke": "#8a8468", "stroke_width": 1.5}))
        parts.append(tag("text", {"x": x, "y": y + 5, "text_anchor": "middle", "font_size": 15,
                                  "fill": "#5b6457"}, str(s["id"])))
    parts.append(_pills(x, y, s["cubes"], s["id"]))
    label = _space_label(view, s)
    return tag("g", {"role": "img", "aria_label": label, "class": f"lv-space lv-{kind}"},
               tag("title", {}, esc(label)), *parts)


def _pills(x: float, y: float, cubes: dict[str, int], space: int) -> str:
    """The cubes on a space: a pill per colour with the count and the colour's letter,
    three to a row below the space."""
    items = [(c, n) for c, n in cubes.items() if n]
    if not items:
        return ""
    parts = []
    for i, (colour, n) in enumerate(items):
        row, col = divmod(i, 3)
        in_row = min(3, len(items) - 3 * row)
        px = x + (col - (in_row - 1) / 2) * 31
        py = y + 31 + row * 23
        text = COLOUR_LETTER[colour] if n == 1 else f"{n}{COLOUR_LETTER[colour]}"
        parts.append(tag("g", {"data_key": f"cubes-{space}-{colour}"},
                         tag("rect", {"x": px - 14.5, "y": py - 11, "width": 29, "height": 21,
                                      "rx": 6, "fill": COLOUR_FILL[colour], "stroke": "#222",
                                      "stroke_width": 1}),
                         tag("text", {"x": px, "y": py + 5, "text_anchor": "middle",
                                      "font_size": 15, "font_weight": 700,
                                      "fill": ink(colour)}, esc(text))))
    return tag("g", {"class": "lv-pills"}, *parts)


def _pins(view: LeylinesView, acting: int | None, last: LastMove | None) -> str:
    """The standees: a pin per seat with its letter, above its space (the one
    that moved last marked ``last-move``)."""
    letters = seat_letters(view["names"])
    by_space: dict[int, list[int]] = {}
    for p, player in enumerate(view["players"]):
        if 0 <= player["pos"] < len(view["spaces"]):
            by_space.setdefault(player["pos"], []).append(p)
    parts = []
    for space, seats in sorted(by_space.items()):
        s = view["spaces"][space]
        for k, p in enumerate(seats):
            px = s["x"] + (k - (len(seats) - 1) / 2) * 25
            py = s["y"] - 38
            label = f"{view['names'][p]}'s standee on {space_name(view, space)}"
            ring = p == acting
            moved = last is not None and last["seat"] == p and last["space"] == space
            parts.append(tag(
                "g", {"role": "img", "aria_label": label, "data_key": f"pin-{p}",
                      "class": f"lv-pin seat-{p}" + (" last-move" if moved else "")},
                tag("title", {}, esc(label)),
                tag("path", {"d": f"M{px - 8:.1f},{py + 8:.1f} L{s['x']:.1f},{s['y'] - 17:.1f} "
                                  f"L{px + 8:.1f},{py + 8:.1f} Z",
                             "fill": SEAT_COLOUR[p % 6], "stroke": "#111", "stroke_width": 1}),
                tag("circle", {"cx": f"{px:.1f}", "cy": py, "r": 12,
                               "style": f"fill: var(--seat-{p}, {SEAT_COLOUR[p % 6]})",
                               "stroke": "#ffd400" if ring else "#111",
                               "stroke_width": 4 if ring else 1.2}),
                tag("text", {"x": f"{px:.1f}", "y": py + 5.5, "text_anchor": "middle",
                             "font_size": 15, "font_weight": 700, "fill": "#fff"},
                    esc(letters[p]))))
    return tag("g", {}, *parts)


def _target(view: LeylinesView, space: int, label: str, index: int) -> str:
    """A clickable stop, over everything (its visible ring is drawn under the
    spaces, so it hides no cube)."""
    s = view["spaces"][space]
    return tag("g", {"class": "lv-target", "data_action": index, "role": "button",
                     "tabindex": 0, "aria_label": label},
               tag("title", {}, esc(label)),
               _ring(view, s, "lv-hit"))


def _ring(view: LeylinesView, s: SpaceView, cls: str) -> str:
    x, y = s["x"], s["y"]
    if s["kind"] == "market":
        width = _market_width(view, s) + 20
        return tag("rect", {"x": x - width / 2, "y": y - 27, "width": width, "height": 54,
                            "rx": 14, "class": cls})
    return tag("circle", {"cx": x, "cy": y, "r": 28, "class": cls})


def forest(view: LeylinesView, targets: list[tuple[int, str, int]], lit: list[int],
           acting: int | None) -> str:
    """The forest map. ``targets`` are (space, label, action index); ``lit`` spaces
    are only previewed (a die's reach before it is placed)."""
    w, h = view["catalogue"]["board_size"]
    paths = []
    for a, b in view["paths"]:
        sa, sb = view["spaces"][a], view["spaces"][b]
        paths.append(tag("line", {"x1": sa["x"], "y1": sa["y"], "x2": sb["x"], "y2": sb["y"]}))
    spaces = [_space(view, s) for s in view["spaces"]]
    last = view["last_move"]
    here = ""
    if last is not None and 0 <= last["space"] < len(view["spaces"]):
        here = _ring(view, view["spaces"][last["space"]], "lv-last last-move")
    if acting is not None and 0 <= view["players"][acting]["pos"] < len(view["spaces"]):
        here += _ring(view, view["spaces"][view["players"][acting]["pos"]], "lv-here")
    previews = [_ring(view, view["spaces"][s], "lv-reach") for s in lit]
    previews += [_ring(view, view["spaces"][s], "lv-target-ring") for s, _, _ in targets]
    marks = [_target(view, s, label, i) for s, label, i in targets]
    # Wide Market labels on the forest's edge widen the drawing.
    left = min([0.0] + [s["x"] - _market_width(view, s) / 2 - 22 for s in view["spaces"]
                        if s["kind"] == "market"])
    right = max([float(w)] + [s["x"] + _market_width(view, s) / 2 for s in view["spaces"]
                              if s["kind"] == "market"])
    x0, width = left - MAP_PAD, right - left + 2 * MAP_PAD
    return zoom_button("map") + tag(
        "div", {"class": "lv-map-box"},
               tag("svg", {"viewBox": f"{x0:.0f} 0 {width:.0f} {h + 10}",
                           "class": "lv-map zoomable", "role": "group",
                           "style": f"--natural: {width * MIN_SCALE:.0f}px",
                           "aria_label": "The forest: spaces, paths, cubes and standees"},
                   _region_areas(view),
                   tag("g", {"class": "lv-paths", "stroke": "#8c6d46", "stroke_width": 5,
                             "stroke_linecap": "round", "aria_hidden": "true"}, *paths),
                   here, tag("g", {"aria_hidden": "true"}, *previews), *spaces,
                   _pins(view, acting, last), *marks))


def legend() -> str:
    colours = [tag("li", {}, cube_chip(c), " ", c) for c in COLOUR_LETTER]
    shapes = [
        tag("li", {}, tag("span", {"class": "lv-key lv-key-letter"}, "K"), " lettered space"),
        tag("li", {}, tag("span", {"class": "lv-key lv-key-plain"}, "12"), " plain space"),
        tag("li", {}, tag("span", {"class": "lv-key lv-key-hub"}, "10"), " Hub"),
        tag("li", {}, tag("span", {"class": "lv-key lv-key-market"}, "Forge"), " Market"),
        tag("li", {}, cube_chip("red", 3), " three red cubes on a space"),
    ]
    return tag("details", {"class": "lv-legend"}, tag("summary", {}, "Map key"),
               tag("ul", {}, *colours, *shapes))
