"""Ley Lines as SVG and HTML: the map of Albion (and Eire) with its file letters
and rank numbers, cairns, tors, ley segments, the energy path of the latest
scoring, every player's score, and the acting seat's coins and segments.

Pieces read apart without colour: a cairn is a circle, a tor a pawn-shaped
house, both lettered with their suit's initial (S, M, C, A); a cairn shows
its value only to its owner (and once scored), otherwise "?". Dominoes show
pips. Laying a segment takes three clicks: pick a domino from your hand
(``data-ui="domino=N"``), click a highlighted space for its first half
(``data-ui="at=N:F:S"``; "Turn it" lays the other half first,
``data-ui="flip=N:F"``), then a highlighted neighbour for the second half,
which carries the action's ``data-action``. Cairns: pick a coin
(``data-ui="coin=V"``), then a highlighted space.

The table contract: pieces carry ``data-key`` (``cairn-<space>``,
``tor-<seat>``, ``domino-<id>`` on the map and in the hand, ``coin-<value>``),
what the last move placed carries ``last-move``, and the place to act (the
instructions, your pieces and the map) carries ``data-focus``. The map is
drawn at no less than its natural size (cells of 32 CSS px, text of 12 px
and more) and pans inside its own box when the screen is narrower.
"""

from __future__ import annotations

from pygame_engine.games.piecepack_ley_lines.data import COLUMNS
from pygame_engine.games.piecepack_ley_lines.view_types import (
    CairnView,
    FlowView,
    HalfView,
    LeyLinesView,
)

from . import Choice, int_field
from .markup import esc, tag
from .page import zoom_button

BOARD_KINDS = {"cairn", "tor", "segment"}

CELL = 32
#: Room around the map for the file letters (above and below) and rank numbers (left).
MARGIN = 18
ROWS = 12
#: The map is never drawn larger than this many times its natural size.
MAX_SCALE = 1.4
SUIT_LETTER = ("S", "M", "C", "A")
COIN_NAMES = ("null", "ace", "2", "3", "4", "5")
SEAT_COLOUR = ("#1b7837", "#b35806", "#5e3c99", "#2166ac")
LAND_FILL = {"Albion": "#e4ecd2", "Eire": "#d6e8df"}
LABEL_FILL = "#4a5046"

#: Pip positions on a 3x3 grid (column, row) for 0 to 6.
PIPS: tuple[tuple[tuple[int, int], ...], ...] = (
    (),
    ((1, 1),),
    ((0, 0), (2, 2)),
    ((0, 0), (1, 1), (2, 2)),
    ((0, 0), (2, 0), (0, 2), (2, 2)),
    ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)),
)

#: Styles of this view only (an SVG's <style> applies to the whole page, so
#: every rule is scoped to the view's own classes).
STYLE = """
.ll-map rect.space.target.ll-hit { fill: transparent; stroke: none; cursor: pointer; }
.ll-map .ll-mark { fill: #fff6c8; stroke: #1a4fd6; stroke-width: 2.5; stroke-dasharray: 4 2;
  pointer-events: none; }
.ll-map .ll-hit:hover + .ll-mark, .ll-map .ll-hit:focus + .ll-mark { fill: #d8e6ff; }
.ll-map .ll-hit:focus { outline: none; }
.ll-map .ll-hit:focus-visible + .ll-mark { stroke-width: 4; }
.ll-map .ll-chosen .ll-mark { fill: #bcd3ff; stroke-dasharray: none; }
.ley-lines .ll-box { overflow-x: auto; overflow-y: hidden; contain: inline-size;
  border: 1px solid var(--line, #c9c2ad); border-radius: 10px; background: #f4f1e4; }
.ley-lines .ll-players { list-style: none; padding: 0; margin: 0 0 0.6rem; display: flex;
  flex-wrap: wrap; gap: 0.4rem; }
.ley-lines .ll-player { flex: 1 1 6rem; background: var(--card, #fffdf7);
  border: 1px solid var(--line, #c9c2ad); border-top: 4px solid; border-radius: 8px;
  padding: 0.25rem 0.5rem; }
.ley-lines .ll-player .ll-score { font-size: 1.25rem; font-weight: 700; margin-left: 0.3rem; }
.ley-lines .ll-player .facts { display: block; font-size: 0.8rem; color: var(--muted, #5b6457); }
.ley-lines { display: flex; flex-wrap: wrap; gap: 0.8rem; align-items: flex-start; }
.ley-lines .ll-side { flex: 1 1 260px; min-width: 0; display: grid; gap: 0.5rem; }
.ley-lines .ll-side > * { margin: 0; }
.ley-lines .ll-placer { background: var(--card, #fffdf7); border: 1px solid var(--line, #c9c2ad);
  border-radius: 10px; padding: 0.4rem 0.6rem; }
.ley-lines .ll-placer p { margin: 0.15rem 0; }
.ley-lines .ll-row { display: flex; flex-wrap: wrap; gap: 0.4rem; align-items: center;
  margin: 0.3rem 0; }
.ley-lines .ll-domino { padding: 0.15rem; min-height: 0; line-height: 0; }
.ley-lines .ll-domino svg, .ley-lines .ll-held svg { width: 64px; height: 32px; display: block; }
.ley-lines .ll-held { line-height: 0; }
.ley-lines .ll-unplayable { opacity: 0.5; }
.ley-lines .ll-coin { display: inline-grid; place-items: center; min-width: 2.2rem; height: 2.2rem;
  border-radius: 50%; border: 2px solid #111; color: #fff; font-weight: 700; font-size: 0.85rem;
  padding: 0 0.2rem; }
.ley-lines button.ll-coin-button { border-radius: 999px; padding: 0.15rem; }
.ley-lines .ll-scored { margin: 0.3rem 0; padding-left: 1.2rem; }
"""


def _spaces(count: int) -> str:
    return f"{count} space" if count == 1 else f"{count} spaces"


def _points(count: float) -> str:
    return f"{count:g} point" if count == 1 else f"{count:g} points"


def _fill(seat: int) -> str:
    return f"fill: var(--seat-{seat}, {SEAT_COLOUR[seat % 4]})"


def _name(view: LeyLinesView, space: int) -> str:
    """A space's name as the log and hints say it: file letter, rank number."""
    x, y = view["spaces"][space][:2]
    return f"{COLUMNS[x]}{y + 1}"


def _centre(view: LeyLinesView, space: int) -> tuple[float, float]:
    x, y = view["spaces"][space][:2]
    return x * CELL + CELL / 2, y * CELL + CELL / 2


def _last(view: LeyLinesView) -> set[int]:
    """The spaces the last move filled."""
    last = view["last_move"]
    return set(last["spaces"]) if last is not None else set()


def _pips(cx: float, cy: float, value: int, size: float = CELL) -> str:
    step = size / 4
    return "".join(tag("circle", {"cx": f"{cx + (c - 1) * step:.1f}",
                                  "cy": f"{cy + (r - 1) * step:.1f}", "r": 2.6,
                                  "fill": "#1f2a1f"}) for c, r in PIPS[value])


def _domino(view: LeyLinesView, space: int, half: HalfView, last: bool) -> str:
    """A placed segment, drawn once from its first-listed half."""
    other = half["partner"]
    (ax, ay), (bx, by) = _centre(view, space), _centre(view, other)
    x0, y0 = min(ax, bx) - CELL / 2 + 2, min(ay, by) - CELL / 2 + 2
    w, h = abs(ax - bx) + CELL - 4, abs(ay - by) + CELL - 4
    partner = view["board"][other]
    assert partner is not None and partner["kind"] == "half"
    low_value, high_value = half["value"], partner["value"]
    label = (f"Ley segment {low_value}|{high_value}: {low_value} on {_name(view, space)}, "
             f"{high_value} on {_name(view, other)}")
    mx, my = (ax + bx) / 2, (ay + by) / 2
    divider = (tag("line", {"x1": mx, "y1": y0 + 3, "x2": mx, "y2": y0 + h - 3,
                            "stroke": "#777"}) if ay == by else
               tag("line", {"x1": x0 + 3, "y1": my, "x2": x0 + w - 3, "y2": my,
                            "stroke": "#777"}))
    return tag("g", {"role": "img", "aria_label": label, "data_key": f"domino-{half['domino']}",
                     "class": "ley-segment" + (" last-move" if last else "")},
               tag("title", {}, esc(label)),
               tag("rect", {"x": x0, "y": y0, "width": w, "height": h, "rx": 4,
                            "fill": "#fffdf7", "stroke": "#333", "stroke_width": 1.2}),
               divider, _pips(ax, ay, low_value), _pips(bx, by, high_value))


def _cairn(view: LeyLinesView, space: int, piece: CairnView, ghost: str = "",
           last: bool = False) -> str:
    seat, value = piece["seat"], piece["value"]
    cx, cy = _centre(view, space)
    suit = view["suits"][seat]
    shown = "?" if value is None else str(value)
    label = (f"{suit} cairn on {_name(view, space)}, "
             + ("face down" if value is None else f"value {value}") + ghost)
    return tag("g", {"role": "img", "aria_label": label, "data_key": f"cairn-{space}",
                     "class": f"cairn seat-{seat}" + (" last-move" if last else "")},
               tag("title", {}, esc(label)),
               tag("circle", {"cx": cx, "cy": cy, "r": CELL / 2 - 2.5, "style": _fill(seat),
                              "stroke": "#111", "stroke_width": 1.2,
                              "stroke_dasharray": "3 2" if ghost else None,
                              "opacity": 0.55 if ghost else None}),
               tag("text", {"x": cx, "y": cy + 4.5, "text_anchor": "middle", "font_size": 13,
                            "font_weight": 700, "fill": "#fff"},
                   esc(f"{SUIT_LETTER[seat]}{shown}")))


def _tor(view: LeyLinesView, space: int, seat: int, last: bool = False) -> str:
    cx, cy = _centre(view, space)
    r = CELL / 2 - 2
    points = (f"{cx:.1f},{cy - r:.1f} {cx + r:.1f},{cy - 3:.1f} {cx + r:.1f},{cy + r:.1f} "
              f"{cx - r:.1f},{cy + r:.1f} {cx - r:.1f},{cy - 3:.1f}")
    label = f"{view['suits'][seat]} tor on {_name(view, space)}"
    return tag("g", {"role": "img", "aria_label": label, "data_key": f"tor-{seat}",
                     "class": f"tor seat-{seat}" + (" last-move" if last else "")},
               tag("title", {}, esc(label)),
               tag("polygon", {"points": points, "style": _fill(seat), "stroke": "#111",
                               "stroke_width": 1.5}),
               tag("text", {"x": cx, "y": cy + 9, "text_anchor": "middle", "font_size": 12,
                            "font_weight": 700, "fill": "#fff"},
                   esc(f"T{SUIT_LETTER[seat]}")))


def _flow(view: LeyLinesView, flow: FlowView) -> str:
    """The energy path of a cairn just scored: a dashed line, cairn to tor."""
    spaces = [flow["cairn"], *flow["path"], flow["tor"]]
    points = " ".join(f"{x:.1f},{y:.1f}" for x, y in (_centre(view, s) for s in spaces))
    names = view["names"]
    label = (f"Energy path: the {view['suits'][flow['seat']]} cairn ({flow['value']}) flowed "
             f"{_spaces(len(flow['path']))} to the {view['suits'][flow['receiver']]} tor: "
             f"{names[flow['receiver']]} scored {flow['points']}")
    ghost = _cairn(view, flow["cairn"],
                   {"kind": "cairn", "seat": flow["seat"], "value": flow["value"]},
                   ghost=", scored")
    return tag("g", {"role": "img", "aria_label": label, "class": "energy-path",
                     "pointer_events": "none"},
               tag("title", {}, esc(label)), ghost,
               tag("polyline", {"points": points, "fill": "none", "stroke": "#e08a00",
                                "stroke_width": 5, "stroke_opacity": 0.75,
                                "stroke_dasharray": "8 4", "stroke_linecap": "round"}),
               tag("circle", {"cx": _centre(view, flow["tor"])[0],
                              "cy": _centre(view, flow["tor"])[1], "r": CELL / 2 - 1,
                              "fill": "none", "stroke": "#e08a00", "stroke_width": 3}))


def _target(view: LeyLinesView, space: int, hint: str, action: int | None = None,
            ui: str | None = None, chosen: bool = False) -> str:
    """A highlighted space: the whole cell is the touch target, the dashed box its mark."""
    x, y = view["spaces"][space][:2]
    label = f"{_name(view, space)}: {hint}"
    return tag("g", {"class": "ll-target" + (" ll-chosen" if chosen else "")},
               tag("rect", {"x": x * CELL, "y": y * CELL, "width": CELL, "height": CELL,
                            "class": "space target ll-hit", "data_action": action,
                            "data_ui": ui, "role": "button", "tabindex": 0,
                            "aria_label": label}, tag("title", {}, esc(label))),
               tag("rect", {"x": x * CELL + 2.5, "y": y * CELL + 2.5, "width": CELL - 5,
                            "height": CELL - 5, "rx": 3, "class": "ll-mark"}))


def map_bounds(view: LeyLinesView) -> tuple[int, int]:
    """The first and last file (column) in play: Eire's files only with four players."""
    xs = [view["spaces"][s][0] for s in view["in_play"]]
    return min(xs), max(xs)


def _edge_labels(view: LeyLinesView, first: int, last: int) -> list[str]:
    """File letters above and below the map, rank numbers on its left: the
    names the log, the hints and "Your cairns" use."""
    attrs = {"text_anchor": "middle", "font_size": 12, "font_weight": 600, "fill": LABEL_FILL,
             "aria_hidden": "true"}
    out = []
    for x in range(first, last + 1):
        cx = x * CELL + CELL / 2
        out.append(tag("text", dict(attrs, x=cx, y=-5), COLUMNS[x]))
        out.append(tag("text", dict(attrs, x=cx, y=ROWS * CELL + 14), COLUMNS[x]))
    for y in range(ROWS):
        out.append(tag("text", dict(attrs, x=first * CELL - MARGIN / 2, y=y * CELL + CELL / 2 + 4),
                       str(y + 1)))
    return out


def _map(view: LeyLinesView, targets: str) -> str:
    in_play = set(view["in_play"])
    first, last_file = map_bounds(view)
    just = _last(view)
    ground, pieces, paths = [], [], []
    for s, (x, y, land) in enumerate(view["spaces"]):
        if s not in in_play:
            continue
        ground.append(tag("rect", {"x": x * CELL, "y": y * CELL, "width": CELL,
                                   "height": CELL, "fill": LAND_FILL[land],
                                   "stroke": "#b8b39c", "stroke_width": 0.6}))
        if x % 2 == 0 and (y % 2 == 0) == (land == "Albion"):  # a tile's north-west corner
            ground.append(tag("rect", {"x": x * CELL, "y": y * CELL, "width": 2 * CELL,
                                       "height": 2 * CELL, "fill": "none", "stroke": "#7a735c",
                                       "stroke_width": 1.6}))
    for s, piece in enumerate(view["board"]):
        if piece is None:
            continue
        if piece["kind"] == "half":
            if s < piece["partner"]:
                pieces.append(_domino(view, s, piece, s in just))
        elif piece["kind"] == "cairn":
            pieces.append(_cairn(view, s, piece, last=s in just))
        else:
            pieces.append(_tor(view, s, piece["seat"], last=s in just))
    for flow in view["last_flows"]:
        paths.append(_flow(view, flow))
    islands = [tag("text", {"x": 5 * CELL, "y": 1.2 * CELL, "font_size": 14, "fill": "#556",
                            "font_style": "italic"}, "Albion")]
    if first == 0:
        islands.append(tag("text", {"x": 0.2 * CELL, "y": 4.6 * CELL, "font_size": 14,
                                    "fill": "#556", "font_style": "italic"}, "Eire"))
    x0, width, height = _frame(view)
    # Fits a narrow screen; enlarged (``zoom_button``) it keeps its natural size
    # (cells of 32 px) and its box pans.
    style = f"display: block; width: 100%; height: auto; --natural: {width}px"
    return tag("svg", {"viewBox": f"{x0} {-MARGIN} {width} {height}", "class": "ll-map zoomable",
                       "role": "group", "aria_label": "The map of Albion and Eire: files "
                       f"{COLUMNS[first]} to {COLUMNS[last_file]}, ranks 1 to {ROWS}",
                       "style": style},
               tag("style", {}, STYLE), *ground, *_edge_labels(view, first, last_file),
               *islands, *pieces, targets, *paths)


def _frame(view: LeyLinesView) -> tuple[int, int, int]:
    """The map's left edge, width and height in its own units (= CSS px at natural size)."""
    first, last_file = map_bounds(view)
    x0 = first * CELL - MARGIN
    return x0, (last_file + 1) * CELL + 3 - x0, ROWS * CELL + 2 * MARGIN


def _map_box(view: LeyLinesView, targets: str, focus: bool) -> str:
    """The map's own box: it grows to MAX_SCALE times the natural size and to
    about 60 % of the window's height, and pans when the screen is narrower."""
    _, width, height = _frame(view)
    style = (f"flex: 1 1 {width}px; min-width: 0; "
             f"max-width: min({width * MAX_SCALE:.0f}px, {60 * width / height:.1f}vh)")
    return tag("div", {"class": "ll-box", "style": style,
                       "data_focus": "true" if focus else None},
               zoom_button("map"), _map(view, targets))


# -- choices --------------------------------------------------------------------------


def _panel(label: str, *rows: str) -> str:
    """The instructions above the map."""
    return tag("section", {"class": "ll-placer", "aria_label": label}, *rows)


def _row(*items: str) -> str:
    return tag("div", {"class": "ll-row"}, *items) if any(items) else ""


def _domino_svg(low: int, high: int, key: str | None = None) -> str:
    return tag("svg", {"viewBox": f"0 0 {2 * CELL} {CELL}", "aria_hidden": "true",
                       "data_key": key},
               tag("rect", {"x": 1, "y": 1, "width": 2 * CELL - 2, "height": CELL - 2, "rx": 4,
                            "fill": "#fffdf7", "stroke": "#333"}),
               tag("line", {"x1": CELL, "y1": 4, "x2": CELL, "y2": CELL - 4, "stroke": "#777"}),
               _pips(CELL / 2, CELL / 2, low), _pips(1.5 * CELL, CELL / 2, high))


def _coin(seat: int, value: int) -> str:
    return tag("span", {"class": "ll-coin", "style": _fill(seat).replace("fill", "background"),
                        "data_key": f"coin-{value}"}, esc(f"{COIN_NAMES[value]}"))


def _cairn_targets(view: LeyLinesView, legal: list[Choice], ui: dict[str, str]
                   ) -> tuple[str, str]:
    choices = [c for c in legal if c["kind"] == "cairn"]
    values = sorted({int_field(c, "value") for c in choices})
    if not values:
        return "", ""
    chosen = int(ui["coin"]) if ui.get("coin", "").isdigit() and int(ui["coin"]) in values \
        else values[0]
    seat = view["seat"]
    buttons = [tag("button", {"type": "button", "data_ui": f"coin={v}", "class": "ll-coin-button",
                              "aria_pressed": "true" if v == chosen else "false",
                              "aria_label": f"cairn: the {COIN_NAMES[v]} ({v})"},
                   _coin(seat, v) if isinstance(seat, int) else esc(str(v))) for v in values]
    panel = _panel("Choose a cairn",
                   tag("p", {}, esc(f"Lay a cairn face down: pick a coin (the "
                                    f"{COIN_NAMES[chosen]} is picked), then a highlighted space "
                                    "(none next to another cairn).")),
                   _row(*buttons))
    targets = "".join(_target(view, int_field(c, "space"),
                              f"lay your {COIN_NAMES[chosen]} cairn here", action=c["index"])
                      for c in choices if int_field(c, "value") == chosen)
    return panel, targets


def _tor_targets(view: LeyLinesView, legal: list[Choice]) -> tuple[str, str]:
    choices = [c for c in legal if c["kind"] == "tor"]
    if not choices:
        return "", ""
    panel = _panel("Raise your tor",
                   tag("p", {}, "Choose a highlighted space for your tor: not next to a cairn, "
                                "and two clear spaces from any other tor."))
    return panel, "".join(_target(view, int_field(c, "space"), "raise your tor here",
                                  action=c["index"]) for c in choices)


def first_halves(view: LeyLinesView, choices: list[Choice], domino: int,
                 flip: int) -> dict[int, list[tuple[int, Choice]]]:
    """Where the domino's first half can go: space -> [(space of the second
    half, choice)]. The first half is the low one (as in "2|5"), or the high
    one when ``flip`` is 1; a double's placement is listed once, so either of
    its spaces can take the first half."""
    low, high = view["dominoes"][domino]
    out: dict[int, list[tuple[int, Choice]]] = {}
    for c in choices:
        if int_field(c, "domino") != domino:
            continue
        a, b = int_field(c, "low"), int_field(c, "high")  # low on a, high on b
        if low == high or flip == 0:
            out.setdefault(a, []).append((b, c))
        if low == high or flip == 1:
            out.setdefault(b, []).append((a, c))
    return out


def _segment_targets(view: LeyLinesView, legal: list[Choice], ui: dict[str, str]
                     ) -> tuple[str, str, set[int], int]:
    """(panel, map targets, playable dominoes, the chosen one)."""
    choices = [c for c in legal if c["kind"] == "segment"]
    if not choices:
        return "", "", set(), -1
    playable = {int_field(c, "domino") for c in choices}
    chosen = int(ui["domino"]) if ui.get("domino", "").isdigit() and int(
        ui["domino"]) in playable else min(playable)
    low, high = view["dominoes"][chosen]
    ways = {f: first_halves(view, choices, chosen, f) for f in (0, 1)}
    flip = 1 if ui.get("flip") == f"{chosen}:1" and ways[1] else 0
    if not ways[flip]:
        flip = 1 - flip
    firsts = ways[flip]
    one, two = (low, high) if flip == 0 else (high, low)
    double = low == high
    turn = ""
    if not double and ways[1 - flip]:
        turn = tag("button", {"type": "button", "data_ui": f"flip={chosen}:{1 - flip}"},
                   esc(f"Turn it: lay the {two} first"))
    at_ui = ui.get("at", "")
    prefix = f"{chosen}:{flip}:"
    at = int(at_ui[len(prefix):]) if at_ui.startswith(prefix) and at_ui[len(prefix):].isdigit() \
        and int(at_ui[len(prefix):]) in firsts else None
    if at is None:
        what = (f"Choose a highlighted space for one half of the {low}|{high}, then a "
                "highlighted neighbour for the other." if double else
                f"Choose a highlighted space for the {one} of the {low}|{high}, then a "
                f"highlighted neighbour for the {two}.")
        panel = _panel("Lay a segment", tag("p", {}, "Pick a segment below. " + esc(what)),
                       _row(turn))
        targets = "".join(_target(view, s, f"put the {one} of {low}|{high} here",
                                  ui=f"at={prefix}{s}") for s in sorted(firsts))
        return panel, targets, playable, chosen
    marks = [_target(view, at, f"the {one} goes here; choose it again for another space",
                     ui=f"at={prefix}{at}", chosen=True)]
    for partner, c in sorted(firsts[at], key=lambda pc: pc[0]):
        marks.append(_target(view, partner, f"lay {low}|{high} with the {one} on "
                                            f"{_name(view, at)} and the {two} here",
                             action=c["index"]))
    panel = _panel("Lay a segment", tag("p", {}, esc(
        f"The {one} goes on {_name(view, at)}: choose a highlighted neighbour for the {two} "
        f"(or {_name(view, at)} again to choose another space).")), _row(turn))
    return panel, "".join(marks), playable, chosen


# -- panels ---------------------------------------------------------------------------


def _phase_line(view: LeyLinesView) -> str:
    names = view["names"]
    text = {"cairns": "Laying cairns", "tors": "Raising tors", "ley": "Laying ley lines",
            "over": "Game over"}[view["phase"]]
    text += f" · first player: {names[view['first']]}"
    if view["phase"] == "ley":
        text += f" · passes in a row: {view['passes']}"
    return tag("p", {"class": "round-line"}, esc(text))


def _players(view: LeyLinesView) -> str:
    rows = []
    for p, name in enumerate(view["names"]):
        facts = [f"{view['coins_left'][p]} coin{'' if view['coins_left'][p] == 1 else 's'}",
                 f"{view['hand_sizes'][p]} segment{'' if view['hand_sizes'][p] == 1 else 's'}"]
        tor = view["tors"][p]
        if tor is not None:
            facts.append(f"tor {_name(view, tor)}")
        badge = tag("span", {"class": "badge active-badge"}, "▶ to act") \
            if p in view["active"] else ""
        score = view["scores"][p]
        rows.append(tag("li", {"class": f"ll-player player-head seat-{p}",
                               "style": f"border-top-color: var(--seat-{p})"},
                        tag("span", {"class": "seat-dot", "aria_hidden": "true"},
                            SUIT_LETTER[p]), " ", tag("strong", {}, esc(name)),
                        tag("span", {"class": "ll-score", "aria_label": _points(score)},
                            f"{score:g}"), badge,
                        tag("span", {"class": "facts"}, esc(" · ".join(facts)))))
    return tag("ul", {"class": "ll-players", "aria_label": "Players and scores"}, *rows)


def _own(view: LeyLinesView, playable: set[int], chosen: int, coins_in_panel: bool) -> str:
    """The seat's own pieces: coins (unless the cairn panel offers them), cairns,
    segments (those it may lay now are buttons)."""
    seat = view["seat"]
    if not isinstance(seat, int):
        return ""
    parts = []
    coins = view["coins"][seat]
    if coins and not coins_in_panel:
        parts.append(_row(tag("span", {}, "Your coins:"), *(_coin(seat, v) for v in coins)))
    mine = [f"{_name(view, s)} = {p['value']}" for s, p in enumerate(view["board"])
            if p is not None and p["kind"] == "cairn" and p["seat"] == seat
            and p["value"] is not None]
    if mine:
        parts.append(tag("p", {}, esc("Your cairns: " + ", ".join(mine))))
    hand = view["hands"][seat]
    if hand:
        items = []
        for d in hand:
            low, high = view["dominoes"][d]
            picture = _domino_svg(low, high, key=f"domino-{d}")
            if d in playable:
                items.append(tag("button", {"type": "button", "data_ui": f"domino={d}",
                                            "class": "ll-domino",
                                            "aria_pressed": "true" if d == chosen else "false",
                                            "aria_label": f"segment {low}|{high}"}, picture))
            else:  # on your turn, greyed: it fits nowhere now
                why = ", no legal place now" if playable else ""
                held = "ll-held ll-unplayable" if playable else "ll-held"
                items.append(tag("span", {"class": held, "role": "img",
                                          "aria_label": f"segment {low}|{high}{why}"}, picture))
        parts.append(_row(tag("span", {}, "Your segments:"), *items))
    return tag("section", {"class": "ll-own", "aria_label": "Your pieces"}, *parts) \
        if parts else ""


def _scored(view: LeyLinesView) -> str:
    items = [tag("li", {}, esc(f"{view['names'][f['receiver']]} +{f['points']}: the "
                               f"{view['suits'][f['seat']]} {COIN_NAMES[f['value']]} flowed "
                               f"{_spaces(len(f['path']))}"))
             for f in view["last_flows"]]
    return tag("ul", {"class": "ll-scored", "aria_label": "Scored this round of turns"},
               *items) if items else ""


def render_board(view: LeyLinesView, legal: list[Choice], ui: dict[str, str]) -> str:
    """The whole table for one seat's view (or a spectator's)."""
    panel, targets, chosen = "", "", -1
    playable: set[int] = set()
    if view["phase"] == "cairns":
        panel, targets = _cairn_targets(view, legal, ui)
    elif view["phase"] == "tors":
        panel, targets = _tor_targets(view, legal)
    elif view["phase"] == "ley":
        panel, targets, playable, chosen = _segment_targets(view, legal, ui)
    # The side (what is happening, the scores, what to do, your pieces) comes
    # first: beside the map on a wide screen, above it on a phone.
    # On a phone your segments come last, just above the map they are laid on.
    side = tag("div", {"class": "ll-side"}, _phase_line(view), _players(view), _scored(view),
               panel, _own(view, playable, chosen, coins_in_panel=bool(panel) and
                           view["phase"] == "cairns"))
    return tag("div", {"class": "ley-lines"}, side, _map_box(view, targets, bool(legal)))


#: The bar's words for a decision, by the first of its action kinds found here.
PROMPTS = (("cairn", "lay a cairn"), ("tor", "place your tor"),
           ("segment", "lay a segment or pass"))
