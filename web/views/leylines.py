"""Leylines as SVG and HTML: the forest, the acting seat's choices, the shared
cards and every player's board.

The forest is one SVG map: paths, the lettered spaces (their letter), plain
spaces (their number, as the log names them), the four Hubs (hexagons with
their number), the six Markets (labelled with the Market Token lying there),
the six regions as tinted areas with their names, the cubes on each space as
coloured pills that carry the colour's letter and the count (``3R``: three
red), and the standees as pins with their seat's letter. The map keeps its
drawing scale on a phone and scrolls inside its own box, so no text shrinks
under 11 px and every space stays a 32 px target.

A turn reads as at the table: pick a die (``data-ui="die=<value>"``; the
spaces it reaches light up as a preview), put it in the Movement slot, then
click a highlighted space (``data-action``). Quickness dice are picked the
same way. Re-rolls pick dice with ``data-ui="reroll=<values>"``. Cubes to
take, drop or sell, Items to buy, Contracts to complete, cards to play and
the whole auction (offer, bid with ``data-ui="bid=<amount>"``, match or
pass, the Forest Friend) are buttons in the panel above the map. Ending the
turn, keeping the dice, "Done here" and "Take no more cubes" stay in the
shared action bar.

The table contract (``data-key`` on what moves, ``last-move``, ``data-focus``):
standees are keyed by seat (``pin-<seat>``), the cubes on a space by space and
colour (``cubes-<space>-<colour>``), a player's cubes by colour and count
(``cube-<seat>-<colour>-<k>``), and a player's dice by value and occurrence
within the Day (``die-<seat>-<value>-<k>``, counted over the placed dice
first, then the unused ones), so a die moves from the row into its slot.
The space where a standee last landed, and that standee, carry ``last-move``;
the acting human's own player board carries ``data-focus``.

Only the view dict is read, and only what every seat may see: decks and the
bag appear as counts (the bag's colours can be worked out from the table).
"""

from __future__ import annotations

from collections import deque

from pygame_engine.games.leylines.view_types import (
    AuctionView,
    ContractView,
    FriendView,
    LastMove,
    LeylinesView,
    PlayerView,
    SpaceView,
)

from . import Choice, int_field, str_field
from .markup import esc, seat_letters, tag
from .page import zoom_button

#: The action kinds the board offers itself (the rest go to the action bar).
BOARD_KINDS = {"start", "reroll", "move", "boost", "quick", "go", "from", "pick", "discard",
               "sell", "buy", "complete", "use", "clear", "offer", "bid", "match", "pass",
               "befriend"}

COLOUR_LETTER = {"red": "R", "orange": "O", "yellow": "Y", "green": "G", "blue": "B",
                 "purple": "P"}
COLOUR_FILL = {"red": "#c8352b", "orange": "#ee8a1c", "yellow": "#f2c94c", "green": "#2e7a3b",
               "blue": "#2f6fc0", "purple": "#7a4aa3"}
DARK_INK = ("orange", "yellow")  # colours that take dark text
REGION_TINT = ("#dbe8cf", "#e8ecc8", "#cfe5da", "#dde2ec", "#ecdfca", "#e9d9e2")
SEAT_COLOUR = ("#1b7837", "#b35806", "#5e3c99", "#2166ac", "#c51b7d", "#4d4d4d")
ITEM_NAMES = {"lantern": "Lantern", "harp": "Harp", "companion": "Companion", "tablet": "Tablet",
              "potion": "Potion", "satchel": "Satchel"}
STEP_TEXT = {
    "turn": "Your turn",
    "move": "Choose where to stop",
    "pick": "Take the free cube",
    "hub": "At the Hub",
    "market": "At the Market",
    "discard": "Over the carry limit",
    "route": "Secret Route",
    "path": "Pathfinder",
    "path-pick": "Pathfinder: cubes",
    "companion": "Companion",
    "companion-pick": "Companion: cubes",
    "sell": "Shadow Market",
}

SPACE_R = 19
MAP_PAD = 8
#: Enlarged, the map is drawn at this scale (its smallest text, 15 units, stays
#: at 12 px and a space's 56-unit target over 32 px) and pans in its box.
MIN_SCALE = 0.8


# -- small pieces -----------------------------------------------------------------------


def plural(count: int, word: str, many: str | None = None) -> str:
    """``1 cube``, ``3 cubes``, ``0 cubes``.

    >>> plural(1, "cube"), plural(2, "gold", "gold")
    ('1 cube', '2 gold')
    """
    return f"{count} {word if count == 1 else (many or word + 's')}"


def cube_text(cubes: dict[str, int]) -> str:
    """Colour counts in words: ``2 red, 1 blue`` (``none`` when empty)."""
    return ", ".join(f"{n} {c}" for c, n in cubes.items() if n) or "none"


def cube_chip(colour: str, count: int = 1, key: str | None = None) -> str:
    """An HTML cube: a coloured square with its letter (and the count when above 1)."""
    text = COLOUR_LETTER[colour] if count == 1 else f"{count}{COLOUR_LETTER[colour]}"
    label = plural(count, f"{colour} cube")
    return tag("span", {"class": f"lv-cube lv-c-{colour}", "title": label, "aria_label": label,
                        "role": "img", "data_key": key}, esc(text))


def cube_row(cubes: dict[str, int], single: bool = False) -> str:
    """Cubes as chips: one chip per cube (``single``) or one per colour with its count."""
    chips = []
    for colour, n in cubes.items():
        if single:
            chips += [cube_chip(colour) for _ in range(n)]
        elif n:
            chips.append(cube_chip(colour, n))
    return tag("span", {"class": "lv-cubes"}, *chips) if chips else tag(
        "span", {"class": "lv-muted"}, "none")


def die_face(value: int, extra: str = "", key: str | None = None) -> str:
    return tag("span", {"class": f"lv-die{extra}", "role": "img", "data_key": key,
                        "aria_label": f"die showing {value}"}, str(value))


def gold_text(amount: int) -> str:
    return tag("span", {"class": "lv-gold"}, esc(f"{amount} gold"))


def space_name(view: LeylinesView, space: int) -> str:
    """A space as the log names it: ``space K``, ``Hub 10``, ``the Bakery (Market space 1)``."""
    if not 0 <= space < len(view["spaces"]):
        return "no space yet"
    s = view["spaces"][space]
    if s["kind"] == "letter":
        return f"space {s['letter']}"
    if s["kind"] == "hub":
        return f"Hub {space}"
    if s["kind"] == "market":
        market = s.get("market")
        name = view["catalogue"]["markets"][market]["name"] if market else "no Market"
        return f"the {name} (Market space {space})"
    return f"space {space}"


def _market_name(view: LeylinesView, market: str) -> str:
    return str(view["catalogue"]["markets"][market]["name"])


def _ink(colour: str) -> str:
    return "#1f1f1f" if colour in DARK_INK else "#ffffff"


# -- distances (for the preview of a die's reach) -----------------------------------------


def distances(view: LeylinesView, start: int) -> list[int]:
    """Steps from ``start`` to every space along the view's paths (-1: unreachable)."""
    n = len(view["spaces"])
    links: list[list[int]] = [[] for _ in range(n)]
    for a, b in view["paths"]:
        links[a].append(b)
        links[b].append(a)
    dist = [-1] * n
    if not 0 <= start < n:
        return dist
    dist[start] = 0
    queue = deque([start])
    while queue:
        u = queue.popleft()
        for v in links[u]:
            if dist[v] < 0:
                dist[v] = dist[u] + 1
                queue.append(v)
    return dist


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
    name = _market_name(view, market) if market else "Market"
    return max(64, 9 * len(name) + 16)


def _space(view: LeylinesView, s: SpaceView) -> str:
    x, y, kind = s["x"], s["y"], s["kind"]
    parts = []
    if kind == "market":
        market = s.get("market")
        name = _market_name(view, market) if market else "Market"
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
                                      "fill": _ink(colour)}, esc(text))))
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


# -- cards ------------------------------------------------------------------------------------


def contract_card(view: LeylinesView, c: ContractView, *buttons: str,
                  extra: str = "") -> str:
    market = c["market"]
    colour = view["catalogue"]["markets"][market]["colour"]
    period = f"{c['period'].capitalize()} · " if c["period"] else ""
    label = (f"Contract {c['name']}: deliver {cube_text(c['cubes'])} at the "
             f"{_market_name(view, market)} for {c['gold']} gold")
    return tag("div", {"class": f"lv-card lv-contract{extra}", "role": "group",
                       "aria_label": label},
               tag("p", {"class": "lv-card-title"}, esc(c["name"])),
               tag("p", {"class": "lv-card-line"}, esc(period),
                   tag("span", {"class": f"lv-market-name lv-b-{colour}"},
                       esc(_market_name(view, market)))),
               tag("p", {"class": "lv-card-line"}, cube_row(c["cubes"], single=True), " → ",
                   gold_text(c["gold"])),
               *buttons)


def _friend_name(view: LeylinesView, kind: str) -> str:
    return str(view["catalogue"]["friends"][kind]["name"])


def friend_card(view: LeylinesView, f: FriendView, *buttons: str, gold: int = 0) -> str:
    """A Forest Friend's card (``gold``: what lies on it, on display)."""
    info = view["catalogue"]["friends"][f["kind"]]
    name = info["name"]
    colour = f.get("colour")
    title = f"{name} ({colour})" if colour else name
    chip = cube_chip(colour) if colour in COLOUR_LETTER else ""
    timing = "ongoing" if info["ongoing"] else "one use"
    label = f"Forest Friend {title}: {info['text']}" + (
        f"; {gold} gold on it" if gold else "")
    return tag("div", {"class": "lv-card lv-friend", "role": "group", "aria_label": label},
               tag("p", {"class": "lv-card-title"}, tag("span", {}, chip, " " if chip else "",
                                                          esc(title)),
                   tag("span", {"class": "lv-tag"}, esc(timing))),
               tag("p", {"class": "lv-card-text"}, esc(info["text"])),
               tag("p", {"class": "lv-card-line"}, "On it: ", gold_text(gold)) if gold else "",
               *buttons)


def item_card(view: LeylinesView, item: str, note: str = "", flipped: bool = False,
              *buttons: str) -> str:
    info = view["catalogue"]["items"][item]
    cls = "lv-card lv-item" + (" lv-flipped" if flipped else "")
    state = " (used this round: face down)" if flipped else ""
    return tag("div", {"class": cls, "role": "group",
                       "aria_label": f"{ITEM_NAMES.get(item, item)}{state}: {info['text']}"},
               tag("p", {"class": "lv-card-title"}, esc(ITEM_NAMES.get(item, item)),
                   tag("span", {"class": "lv-tag"}, "used" if flipped else (
                       "once a round" if info["once_a_round"] else "always"))),
               tag("p", {"class": "lv-card-text"}, esc(info["text"])),
               tag("p", {"class": "lv-card-line"}, "Cost ", cube_row(info["cost"], single=True),
                   esc(note)),
               *buttons)


def _button(index: int, *content: str, cls: str = "", label: str | None = None) -> str:
    return tag("button", {"type": "button", "class": f"lv-btn {cls}".strip(),
                          "data_action": index, "aria_label": label}, *content)


def _ui_button(key: str, value: str, *content: str, pressed: bool | None = None,
               label: str | None = None, disabled: bool = False) -> str:
    return tag("button", {"type": "button", "class": "lv-btn",
                          "data_ui": None if disabled else f"{key}={value}",
                          "aria_pressed": None if pressed is None else str(pressed).lower(),
                          "aria_label": label, "disabled": disabled}, *content)


# -- the acting seat's panel -------------------------------------------------------------------


def _by_kind(legal: list[Choice]) -> dict[str, list[Choice]]:
    out: dict[str, list[Choice]] = {}
    for c in legal:
        out.setdefault(c["kind"], []).append(c)
    return out


def _die_picker(view: LeylinesView, seat: int, kinds: dict[str, list[Choice]],
                chosen: int | None) -> str:
    dice = view["players"][seat]["dice"]
    values = sorted({int_field(c, "die") for k in ("move", "boost", "quick")
                     for c in kinds.get(k, [])})
    buttons = []
    for value in dice:
        if value in values:
            buttons.append(_ui_button("die", "" if value == chosen else str(value),
                                      die_face(value), pressed=value == chosen,
                                      label=f"Pick the die showing {value}"))
        else:
            buttons.append(die_face(value, " lv-die-idle"))
    return tag("div", {"class": "lv-dice", "role": "group", "aria_label": "Your dice"},
               *buttons)


def _reroll_picker(view: LeylinesView, seat: int, kinds: dict[str, list[Choice]],
                   ui: dict[str, str]) -> list[str]:
    dice = sorted(view["players"][seat]["dice"])
    choices = {str_field(c, "dice"): c for c in kinds.get("reroll", [])}
    wanted = "".join(sorted(ui.get("reroll", "")))
    if wanted and wanted not in choices:
        wanted = ""
    left = list(wanted)
    buttons = []
    for value in dice:
        ch = str(value)
        picked = ch in left
        if picked:
            left.remove(ch)
            new = list(wanted)
            new.remove(ch)
        else:
            new = [*wanted, ch]
        buttons.append(_ui_button("reroll", "".join(sorted(new)), die_face(value),
                                  pressed=picked,
                                  label=f"{'Keep' if picked else 'Re-roll'} the die showing "
                                        f"{value}"))
    parts = [tag("p", {}, "Pick the dice to re-roll (once, for 1 gold), or keep them all."),
             tag("div", {"class": "lv-dice", "role": "group", "aria_label": "Your dice"},
                 *buttons)]
    if wanted:
        c = choices[wanted]
        parts.append(tag("p", {}, _button(c["index"], esc(c["label"]), cls="lv-go")))
    return parts


def _cube_buttons(kinds: dict[str, list[Choice]], kind: str, counts: dict[str, int],
                  where: str) -> str:
    buttons = []
    for c in kinds.get(kind, []):
        colour = str_field(c, "colour")
        buttons.append(_button(c["index"], cube_chip(colour), " ",
                               esc(f"{c['label']} ({counts.get(colour, 0)} {where})")))
    return tag("div", {"class": "lv-row"}, *buttons)


def _turn_panel(view: LeylinesView, seat: int, legal: list[Choice], ui: dict[str, str]
                ) -> tuple[str, list[tuple[int, str, int]], list[int]]:
    """What the acting seat may do, with the map's targets and previewed spaces."""
    kinds = _by_kind(legal)
    player = view["players"][seat]
    here = view["spaces"][player["pos"]]["cubes"] if 0 <= player["pos"] < len(
        view["spaces"]) else {}
    step = view.get("step")
    turn = view["turn"]
    parts: list[str] = []
    targets: list[tuple[int, str, int]] = []
    lit: list[int] = []
    heading = STEP_TEXT.get(step or "", "")

    for kind in ("start", "go", "from"):
        for c in kinds.get(kind, []):
            targets.append((int_field(c, "space"), c["label"], c["index"]))

    if "start" in kinds:
        heading = "Your standee"
        parts.append(tag("p", {}, "Choose a highlighted Market to start there: one named by "
                                  "your Starting Contracts."))
    if "reroll" in kinds:
        heading = "Your dice"
        parts += _reroll_picker(view, seat, kinds, ui)
    elif "keep" in kinds:
        heading = "Your dice"
        parts.append(tag("p", {}, "Not enough gold to re-roll: keep these dice."))

    die_kinds = [k for k in ("move", "boost", "quick") if k in kinds]
    if die_kinds:
        values = sorted({int_field(c, "die") for k in die_kinds for c in kinds[k]})
        chosen = int(ui["die"]) if ui.get("die", "").isdigit() and int(
            ui["die"]) in values else None
        if chosen is None and len(values) == 1 and "boost" not in kinds:
            chosen = values[0]
        if "move" in kinds:
            parts.append(tag("p", {}, "Pick a die for your Movement slot: the spaces it "
                                      "reaches light up."))
        elif "boost" in kinds:
            parts.append(tag("p", {}, esc(f"You can move up to "
                                          f"{plural(turn['reach'] if turn else 0, 'space')}: "
                                          "choose a highlighted space to stop there, or pick "
                                          "a die to add it (Quickness).")))
        else:
            parts.append(tag("p", {}, "Pick a die to put in a Quickness slot and take every "
                                      "cube where you stand."))
        parts.append(_die_picker(view, seat, kinds, chosen))
        row = []
        if chosen is not None:
            for c in kinds.get("move", []):
                if int_field(c, "die") == chosen:
                    row.append(_button(c["index"], esc(c["label"]), cls="lv-go"))
                    lit = preview(view, seat, chosen)
            for c in kinds.get("boost", []):
                if int_field(c, "die") == chosen:
                    reach = turn["reach"] if turn else 0
                    row.append(_button(c["index"], esc(f"{c['label']}: reach {reach} → "
                                                       f"{reach + chosen}"), cls="lv-go"))
                    new = set(preview(view, seat, reach + chosen))
                    lit = sorted(new - {t[0] for t in targets})
            for c in kinds.get("quick", []):
                if int_field(c, "die") == chosen:
                    row.append(_button(c["index"], esc(c["label"]), " ", cube_row(here)))
        if lit:
            more = "more " if "boost" in kinds else ""
            row.append(tag("span", {"class": "lv-muted"}, esc(
                f"{plural(len(lit), more + 'space')} within reach with the {chosen} "
                "(thin dashed rings on the map).")))
        parts.append(tag("div", {"class": "lv-row"}, *row))
    if "go" in kinds and "boost" not in kinds:
        text = {"route": "Choose any highlighted space: the Secret Route takes you there.",
                "path": "Choose a highlighted space up to 4 steps away (Pathfinder)."}.get(
            step or "", "Choose a highlighted space to stop there.")
        parts.append(tag("p", {}, esc(text)))
    if "from" in kinds:
        parts.append(tag("p", {}, "Choose a highlighted space to take up to 2 of its cubes."))
    if targets:
        parts.append(_stop_list(view, targets))

    if "pick" in kinds:
        source = here
        if step == "companion-pick" and turn is not None:
            source = view["spaces"][turn["source"]]["cubes"]
        left = turn["picks_left"] if turn else None
        intro = {"pick": "Take one cube here for free, or none.",
                 "path-pick": f"Take up to {left} cubes here for free.",
                 "companion-pick": f"Take up to {left} cubes from that space."}.get(
            step or "", "Take a cube.")
        parts.append(tag("p", {}, esc(intro)))
        parts.append(_cube_buttons(kinds, "pick", source, "there"))
    if "discard" in kinds:
        total = sum(player["cubes"].values())
        parts.append(tag("p", {}, esc(f"You carry {total} cubes but have room for "
                                      f"{player['carry_limit']}: drop cubes here.")))
        parts.append(_cube_buttons(kinds, "discard", player["cubes"], "carried"))
    if "sell" in kinds:
        parts.append(tag("p", {}, "Sell cubes for 1 gold each (to the bag), then say Done."))
        parts.append(_cube_buttons(kinds, "sell", player["cubes"], "carried"))

    if "buy" in kinds:
        by_item: dict[str, list[Choice]] = {}
        for c in kinds["buy"]:
            by_item.setdefault(str_field(c, "item"), []).append(c)
        cards = []
        for item, cs in by_item.items():
            buttons = [_button(c["index"], _pay(c, "Buy"), label=c["label"]) for c in cs]
            cards.append(item_card(view, item, "", False, *buttons))
        bought = turn["bought"] if turn else 0
        parts.append(tag("p", {}, esc(f"Buy up to 2 Items ({bought} bought); "
                                      "then the auction starts.")))
        parts.append(tag("div", {"class": "lv-cards"}, *cards))
    if step == "hub" and "buy" not in kinds:
        parts.append(tag("p", {}, "No Item you can buy: say Done here, and the auction "
                                  "starts."))

    if "complete" in kinds:
        by_contract: dict[int, list[Choice]] = {}
        for c in kinds["complete"]:
            by_contract.setdefault(int_field(c, "contract"), []).append(c)
        cards = []
        for contract in player["contracts"]:
            cs = by_contract.get(contract["id"], [])
            if cs:
                buttons = [_button(c["index"], _pay(c, "Complete"), label=c["label"])
                           for c in cs]
                cards.append(contract_card(view, contract, *buttons))
        done = turn["completed"] if turn else 0
        parts.append(tag("p", {}, esc("Complete Contracts here: two in one visit +4 gold, "
                                      f"three or more +9 ({done} done this visit).")))
        parts.append(tag("div", {"class": "lv-cards"}, *cards))
    if "use" in kinds:
        buttons = []
        for c in kinds["use"]:
            card = str_field(c, "card")
            info = view["catalogue"]["friends"].get(card) or view["catalogue"]["items"].get(
                card)
            buttons.append(_button(c["index"], tag("strong", {}, esc(c["label"])), " ",
                                   tag("span", {"class": "lv-muted"},
                                       esc(f"({info['text'] if info else ''})"))))
        parts.append(tag("p", {}, "Cards you can play now:"))
        parts.append(tag("div", {"class": "lv-row"}, *buttons))
    if not parts:
        return "", targets, lit
    name = view["names"][seat]
    return (tag("section", {"class": f"lv-act seat-{seat}", "aria_label": "Your choices"},
                tag("h3", {}, tag("span", {"class": "seat-dot", "aria_hidden": "true"},
                                  seat_letters(view["names"])[seat]), " ",
                    esc(f"{name}: {heading}" if heading else name)),
                *parts), targets, lit)


def _stop_list(view: LeylinesView, targets: list[tuple[int, str, int]]) -> str:
    """The map's targets again as a folded list of buttons (for keyboards, screen
    readers, and phones where the map's far side is scrolled out of view)."""
    buttons = []
    for space, label, index in sorted(targets):
        name = space_name(view, space)
        buttons.append(_button(index, esc(name[:1].upper() + name[1:]), label=label))
    return tag("details", {"class": "lv-stops"},
               tag("summary", {"style": "min-height: 2rem; line-height: 2rem; cursor: pointer"},
                   esc(f"Or choose from a list ({plural(len(targets), 'space')})")),
               tag("div", {"class": "lv-row"}, *buttons))


def _pay(c: Choice, verb: str) -> str:
    """A payment's button content: the cubes as chips, and the help used."""
    pay, aid = str_field(c, "pay"), str_field(c, "aid")
    colours = {letter: colour for colour, letter in COLOUR_LETTER.items()}
    counts: dict[str, int] = {}
    for letter in pay:
        if letter in colours:
            counts[colours[letter]] = counts.get(colours[letter], 0) + 1
    helped = f" with the {aid.replace('+', ' and ')}" if aid else ""
    return tag("span", {}, esc(f"{verb}: pay "), cube_row(counts, single=True), esc(helped))


# -- the auction ------------------------------------------------------------------------------


def _auction_panel(view: LeylinesView, legal: list[Choice], ui: dict[str, str]) -> str:
    a = view.get("auction")
    if not a:
        return ""
    kinds = _by_kind(legal)
    names = view["names"]
    letters = seat_letters(names)
    active, actor = a["active"], a["actor"]
    parts = [tag("h3", {}, esc(f"{names[active]}'s Contract auction"))]
    stage = a["stage"]
    if a["contract"] and stage == "friend":
        # The Contract is gone: to whichever of the two is not choosing a friend.
        winner = a["bidder"] if actor == active else active
        assert winner is not None  # a Forest Friend is offered only after a bid
        paid = f" for {a['high']} gold" if a["bidder"] is not None else " for nothing"
        parts.append(tag("div", {"class": "lv-auction-lot"},
                         contract_card(view, a["contract"], extra=" lv-lot"),
                         tag("p", {"class": "lv-high"},
                             esc(f"{names[winner]} took the Contract{paid}."))))
    elif a["contract"]:
        bidder = a["bidder"]
        high = (f"High bid: {a['high']} gold by {names[bidder]}"
                if bidder is not None else "No bid yet")
        parts.append(tag("div", {"class": "lv-auction-lot"},
                         contract_card(view, a["contract"], extra=" lv-lot"),
                         tag("div", {},
                             tag("p", {"class": "lv-high"}, esc(high)),
                             tag("p", {}, esc(f"{names[active]} does not bid, and may match "
                                              "the high bid at the end.")),
                             _bid_order(view, a, letters))))
    text = {
        "offer": f"{names[actor]} chooses a Contract from the row to auction"
                 + ("" if a["cleared"] else " (or pays 1 gold to clear the row)") + ".",
        "bid": f"{names[actor]} to bid: more than the high bid, or pass.",
        "rebid": f"{names[actor]} may bid a second time (two players), or pass.",
        "match": f"{names[actor]} may match {a['high']} gold and take the Contract, or pass.",
        "friend": f"{names[actor]} did not get the Contract and may take a Forest Friend "
                  "(putting 1 gold on the other).",
    }.get(stage, "")
    parts.append(tag("p", {"class": "lv-turn-line"}, tag(
        "span", {"class": f"seat-{actor}"},
        tag("span", {"class": "seat-dot", "aria_hidden": "true"}, letters[actor])), " ",
        esc(text)))
    row: list[str] = []
    if "offer" in kinds:
        cards = []
        row_by_id = {c["id"]: c for c in view["contract_row"]}
        for c in kinds["offer"]:
            contract = row_by_id.get(int_field(c, "contract"))
            if contract:
                cards.append(contract_card(view, contract, _button(
                    c["index"], "Auction this", label=c["label"])))
        parts.append(tag("div", {"class": "lv-cards"}, *cards))
    for c in kinds.get("clear", []):
        row.append(_button(c["index"], esc(c["label"])))
    if "bid" in kinds:
        row += _bid_stepper(kinds["bid"], ui)
    for c in kinds.get("match", []):
        row.append(_button(c["index"], esc(f"Match: pay {a['high']} gold, take the Contract"),
                           cls="lv-go"))
    if "befriend" in kinds:
        by_id = {f["id"]: f for f in view["friends"]}
        cards = []
        for c in kinds["befriend"]:
            f = by_id.get(int_field(c, "friend"))
            if f:
                cards.append(friend_card(view, f, _button(c["index"], esc(c["label"])),
                                         gold=f["gold"]))
        parts.append(tag("div", {"class": "lv-cards"}, *cards))
    for c in kinds.get("pass", []):
        label = {"match": f"Pass: {names[a['bidder']]} pays and takes it"
                 if a["bidder"] is not None else "Pass",
                 "friend": "Pass: take no Forest Friend",
                 "rebid": "Pass: no second bid"}.get(stage, "Pass: no bid")
        row.append(_button(c["index"], esc(label)))
    if row:
        parts.append(tag("div", {"class": "lv-row"}, *row))
    return tag("section", {"class": "lv-auction", "aria_label": "Contract auction"}, *parts)


def _bid_order(view: LeylinesView, a: AuctionView, letters: str) -> str:
    items = []
    for p in a["order"]:
        mark = " (to bid)" if p == a["actor"] and a["stage"] in ("bid", "rebid") else ""
        if p == a["bidder"]:
            mark += f" (high bid {a['high']})"
        items.append(tag("li", {"class": f"seat-{p}"},
                         tag("span", {"class": "seat-dot", "aria_hidden": "true"}, letters[p]),
                         " ", esc(view["names"][p] + mark)))
    return tag("div", {}, tag("p", {"class": "lv-muted"}, "Bidding order (one bid each):"),
               tag("ol", {"class": "lv-order"}, *items))


def _bid_stepper(bids: list[Choice], ui: dict[str, str]) -> list[str]:
    amounts = sorted(int_field(c, "amount") for c in bids)
    by_amount = {int_field(c, "amount"): c for c in bids}
    low, high = amounts[0], amounts[-1]
    value = int(ui["bid"]) if ui.get("bid", "").isdigit() and int(ui["bid"]) in by_amount \
        else low
    steps = []
    for delta in (-5, -1, 1, 5):
        to = min(high, max(low, value + delta))
        text = f"{delta:+d}"
        steps.append(_ui_button("bid", str(to), esc(text), disabled=to == value,
                                label=f"Bid {to} instead"))
    chosen = by_amount[value]
    return [tag("span", {"class": "lv-stepper", "role": "group",
                         "aria_label": f"Bid amount, {low} to {high} gold"},
                *steps[:2], _button(chosen["index"], esc(chosen["label"]), cls="lv-go"),
                *steps[2:])]


# -- the shared cards ---------------------------------------------------------------------------


def _shared(view: LeylinesView) -> str:
    row = [contract_card(view, c) for c in view["contract_row"]]
    friends = [friend_card(view, f, gold=f["gold"]) for f in view["friends"]]
    supply = []
    for item in view["catalogue"]["items"]:
        left = view["item_supply"].get(item, 0)
        supply.append(item_card(view, item, f" · {left} left"))
    night = []
    for card in view["night_revealed"]:
        for letter in card["letters"]:
            night.append(_night_letter(view, letter))
    night_block = tag("div", {"class": "lv-night"}, *night) if night else tag(
        "p", {"class": "lv-muted"}, "None revealed yet this round.")
    bag = view["bag_colours"]
    return tag(
        "section", {"class": "lv-shared", "aria_label": "Cards on the table"},
        tag("div", {"class": "lv-block"},
            tag("h3", {}, "Contracts for auction ",
                tag("span", {"class": "lv-muted"}, esc(f"(deck {view['contract_deck']})"))),
            tag("div", {"class": "lv-cards"}, *row) if row else tag(
                "p", {"class": "lv-muted"}, "No Contracts left.")),
        tag("div", {"class": "lv-block"},
            tag("h3", {}, "Forest Friends ", tag("span", {"class": "lv-muted"}, esc(
                f"(deck {view['friend_deck']}, discards {len(view['friend_discard'])})"))),
            tag("div", {"class": "lv-cards"}, *friends) if friends else tag(
                "p", {"class": "lv-muted"}, "The forest has run out of friends.")),
        tag("div", {"class": "lv-block"},
            tag("h3", {}, "Night Cards revealed ", tag("span", {"class": "lv-muted"}, esc(
                f"(deck {view['night_deck']}, discards {view['night_discard']})"))),
            night_block,
            tag("p", {"class": "lv-muted"}, esc(_tonight(view)))),
        tag("div", {"class": "lv-block"},
            tag("h3", {}, "Items at the Hubs"),
            tag("div", {"class": "lv-cards"}, *supply),
            tag("p", {"class": "lv-muted"}, esc("Gold at the end for Items held: " + ", ".join(
                f"{k} → {v}" for k, v in _item_bands(view))))),
        tag("p", {"class": "lv-bag"}, esc(f"Bag: {plural(view['bag'], 'cube')} "), cube_row(bag),
            esc(f" · spare dice for the Harp: {view['dice_reserve']}")),
    )


def _tonight(view: LeylinesView) -> str:
    if view["round"] >= view["rounds"]:
        return "The last round has no Night: the game ends with this Day."
    return (f"Tonight: 3 cubes on each letter shown, then {plural(view['round'], 'card')} "
            "drawn for 2 cubes each, 1 on each empty letter, 1 on each Hub.")


def _item_bands(view: LeylinesView) -> list[tuple[str, int]]:
    gold = view["catalogue"]["item_gold"]
    bands: list[tuple[str, int]] = []
    for k in sorted(gold, key=int):
        if int(k) == 0:
            continue
        if bands and bands[-1][1] == gold[k]:
            first = bands[-1][0].split("-")[0]
            bands[-1] = (f"{first}-{k}", gold[k])
        else:
            bands.append((k, gold[k]))
    return bands


def _night_letter(view: LeylinesView, letter: str) -> str:
    region = next((s["region"] for s in view["spaces"] if s["letter"] == letter), "")
    names = list(view["catalogue"]["regions"])
    i = names.index(region) if region in names else 0
    return tag("span", {"class": f"lv-night-card lv-r{i}", "role": "img",
                        "aria_label": f"Night Card: space {letter} in {region}"},
               tag("strong", {}, esc(letter)), " ", esc(region))


# -- the players' boards -----------------------------------------------------------------------


def _slots(placed: list[tuple[int, str]], total: int, label: str) -> str:
    """A row of slots: the dice placed in them this Day (value and key), then the empty ones."""
    boxes = [tag("span", {"class": "lv-slot lv-used lv-placed", "data_key": key}, str(value))
             for value, key in placed]
    boxes += [tag("span", {"class": "lv-slot"}, "") for _ in range(max(0, total - len(placed)))]
    used = ", ".join(str(v) for v, _ in placed) or "none"
    return tag("span", {"class": "lv-slots", "role": "img",
                        "aria_label": f"{label}: {len(placed)} of {total} used (dice: {used})"},
               tag("span", {"class": "lv-slot-name"}, esc(label)), *boxes)


def die_keys(p: int, player: PlayerView) -> tuple[list[tuple[int, str]], list[tuple[int, str]],
                                                       list[tuple[int, str]]]:
    """Each of a seat's dice with its ``data-key``: the Movement dice, the
    Quickness dice, then the unused ones (a value's k-th die, counted in that order).

    >>> die_keys(0, {"move_dice": [3], "quick_dice": [], "dice": [2, 3]})
    ([(3, 'die-0-3-0')], [], [(2, 'die-0-2-0'), (3, 'die-0-3-1')])
    """
    seen: dict[int, int] = {}
    out: list[list[tuple[int, str]]] = []
    for values in (player.get("move_dice", []), player.get("quick_dice", []), player["dice"]):
        keyed = []
        for v in values:
            k = seen.get(v, 0)
            seen[v] = k + 1
            keyed.append((v, f"die-{p}-{v}-{k}"))
        out.append(keyed)
    return out[0], out[1], out[2]


def _resource_slots(player: PlayerView, seat: int) -> str:
    cubes = [c for c, n in player["cubes"].items() for _ in range(n)]
    limit = player["carry_limit"]
    seen: dict[str, int] = {}
    boxes = []
    for c in cubes:
        k = seen.get(c, 0)
        seen[c] = k + 1
        boxes.append(cube_chip(c, key=f"cube-{seat}-{c}-{k}"))
    boxes += [tag("span", {"class": "lv-slot"}, "") for _ in range(max(0, limit - len(cubes)))]
    return tag("div", {"class": "lv-resources", "role": "group",
                       "aria_label": f"Resources: {cube_text(player['cubes'])} "
                                     f"(room for {limit})"},
               tag("span", {"class": "lv-slot-name"}, esc(f"Cubes {len(cubes)}/{limit}")),
               *boxes)


def _player_board(view: LeylinesView, p: int, focus: bool = False) -> str:
    player = view["players"][p]
    names = view["names"]
    letters = seat_letters(names)
    badges = []
    if p in view["active"]:
        badges.append(tag("span", {"class": "badge active-badge"}, "▶ to act"))
    if p == view["first"]:
        badges.append(tag("span", {"class": "badge"}, "first player"))
    where = space_name(view, player["pos"]) if player["pos"] >= 0 else "not placed yet"
    moved, quick, unused = die_keys(p, player)
    dice = [die_face(v, key=k) for v, k in unused] or [tag("span", {"class": "lv-muted"},
                                                           "no dice left")]
    head = tag("header", {"class": "player-head"},
               tag("h3", {}, tag("span", {"class": "seat-dot", "aria_hidden": "true"},
                                 letters[p]), " ", esc(names[p]), *badges),
               tag("p", {"class": "lv-facts"}, gold_text(player["gold"]),
                   esc(f" · {'final score' if view['over'] else 'worth now'} {player['score']:g} · "
                       + (where if player["pos"] < 0 else f"at {where}"))))
    items = [item_card(view, i["item"], "", bool(i["flipped"])) for i in player["items"]]
    friends = [friend_card(view, f) for f in player["friends"]]
    contracts = [contract_card(view, c) for c in player["contracts"]]
    done = player["completed"]
    done_line = tag("p", {"class": "lv-muted"}, esc(
        f"Completed ({len(done)}, face down): " + ", ".join(c["name"] for c in done)
        if done else "No Contract completed yet."))
    return tag("article", {"class": f"lv-player seat-{p}", "data_focus": focus,
                           "aria_label": f"{names[p]}'s player board"},
               head,
               tag("div", {"class": "lv-row lv-dice", "role": "group",
                           "aria_label": f"{names[p]}'s unused dice"},
                   tag("span", {"class": "lv-slot-name"}, "Dice"), *dice),
               tag("div", {"class": "lv-row"},
                   _slots(moved, player["movement_slots"], "Movement"),
                   _slots(quick, player["quick_slots"], "Quickness")),
               _resource_slots(player, p),
               tag("div", {"class": "lv-cards"}, *contracts) if contracts else "",
               done_line,
               tag("div", {"class": "lv-cards"}, *items, *friends) if items or friends else "")


# -- the whole table -------------------------------------------------------------------------


def _round_track(view: LeylinesView) -> str:
    marks = []
    for r in range(1, view["rounds"] + 1):
        now = r == view["round"]
        marks.append(tag("li", {"class": "lv-now" if now else None,
                                "aria_current": "step" if now else None}, str(r)))
    phase = {"place": "Dawn: standees to the Markets", "reroll": "Dawn: re-rolls",
             "day": "Day", "over": "The Solstice is over"}.get(view["phase"], view["phase"])
    names = view["names"]
    who = ""
    if not view["over"] and view["active"]:
        who = f" · {names[view['active'][0]]} to act"
        step = view.get("step")
        if step and step in STEP_TEXT and step != "turn":
            who += f" ({STEP_TEXT[step].lower()})"
    options = view.get("options") or {}
    variants = [name for key, name in (("convert", "Converting 2-to-1"),
                                       ("accountants", "Starting Accountants"))
                if options.get(key)]
    return tag("div", {"class": "lv-status"},
               tag("span", {}, "Round "), tag("ol", {"class": "lv-rounds",
                                                      "aria_label": "Round track"}, *marks),
               tag("span", {}, esc(f" {phase} · first player {names[view['first']]}{who}")),
               tag("span", {"class": "lv-muted"}, esc(" · variants: " + ", ".join(variants)))
               if variants else "")


#: The bar's words for a decision, by the first of its kinds found here: at most
#: 26 characters, so that the bar's line holds them on a phone (the board's
#: panel says the whole of it).
PROMPTS = (("start", "choose a starting Market"), ("reroll", "re-roll dice, or keep"),
           ("keep", "keep your dice"), ("move", "pick a Movement die"),
           ("boost", "stop, or add a die"), ("quick", "pick a Quickness die"),
           ("go", "choose a lit space"), ("from", "choose where to take cubes"),
           ("pick", "take cubes, or none"), ("bid", "bid, or pass"),
           ("discard", "discard to your limit"))


def prompt(legal: list[Choice]) -> str:
    """What the person is to do now, for the bar (empty: the bar's own words).

    >>> prompt([{"kind": "keep"}, {"kind": "reroll"}])
    're-roll dice, or keep'
    """
    kinds = {c["kind"] for c in legal}
    return next((words for kind, words in PROMPTS if kind in kinds), "")


def render_board(view: LeylinesView, legal: list[Choice], ui: dict[str, str]) -> str:
    """The whole table for one seat's view (or a spectator's)."""
    acting = view["active"][0] if view["active"] else None
    panel, targets, lit = "", list[tuple[int, str, int]](), list[int]()
    if legal and acting is not None:
        panel, targets, lit = _turn_panel(view, acting, legal, ui)
    seat = view["seat"]
    order = list(range(view["num_players"]))
    if isinstance(seat, int) and seat in order:  # your own board first
        order.remove(seat)
        order.insert(0, seat)
    focus = seat if isinstance(seat, int) and legal and seat in view["active"] else None
    boards = [_player_board(view, p, p == focus) for p in order]
    return tag("div", {"class": "lv"},
               _round_track(view),
               _auction_panel(view, legal, ui),
               panel,
               forest(view, targets, lit, acting),
               legend(),
               tag("div", {"class": "lv-players"}, *boards),
               _shared(view))
