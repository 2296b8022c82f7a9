"""Ley Lines as SVG and HTML: the map of Albion (and Eire), cairns, tors, ley
segments, the energy path of the latest scoring, hands and scores.

Pieces read apart without colour: a cairn is a circle, a tor a pawn-shaped
house, both lettered with their suit's initial (S, M, C, A); a cairn shows
its value only to its owner (and once scored), otherwise "?". Dominoes show
pips. Laying a segment is three steps: pick a domino from your hand
(``data-ui="domino=N"``), click a highlighted space for one half
(``data-ui="at=S"``), optionally turn it (``data-ui="flip=0|1"``), then click
a highlighted neighbour, which carries the action's ``data-action``. Cairns:
pick a coin (``data-ui="coin=V"``), then a highlighted space.
"""

from __future__ import annotations

from typing import Any

from .markup import esc, tag

BOARD_KINDS = {"cairn", "tor", "segment"}

CELL = 32
SUIT_LETTER = ("S", "M", "C", "A")
COIN_NAMES = ("null", "ace", "2", "3", "4", "5")
SEAT_COLOUR = ("#1b7837", "#b35806", "#5e3c99", "#2166ac")
LAND_FILL = {"Albion": "#e4ecd2", "Eire": "#d6e8df"}
COLUMNS = "ABCDEFGHIJKLMN"

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


def _spaces(count: int) -> str:
    return f"{count} space" if count == 1 else f"{count} spaces"


def _fill(seat: int) -> str:
    return f"fill: var(--seat-{seat}, {SEAT_COLOUR[seat % 4]})"


def _name(view: dict[str, Any], space: int) -> str:
    x, y = view["spaces"][space][:2]
    return f"{COLUMNS[x]}{y + 1}"


def _centre(view: dict[str, Any], space: int) -> tuple[float, float]:
    x, y = view["spaces"][space][:2]
    return x * CELL + CELL / 2, y * CELL + CELL / 2


def _pips(cx: float, cy: float, value: int) -> str:
    step = CELL / 4
    return "".join(tag("circle", {"cx": f"{cx + (c - 1) * step:.1f}",
                                  "cy": f"{cy + (r - 1) * step:.1f}", "r": 2.6,
                                  "fill": "#1f2a1f"}) for c, r in PIPS[value])


def _domino(view: dict[str, Any], space: int, half: dict[str, Any]) -> str:
    """A placed segment, drawn once from its first-listed half."""
    other = half["partner"]
    (ax, ay), (bx, by) = _centre(view, space), _centre(view, other)
    x0, y0 = min(ax, bx) - CELL / 2 + 2, min(ay, by) - CELL / 2 + 2
    w, h = abs(ax - bx) + CELL - 4, abs(ay - by) + CELL - 4
    low_value, high_value = half["value"], view["board"][other]["value"]
    label = (f"Ley segment {low_value}|{high_value}: {low_value} on {_name(view, space)}, "
             f"{high_value} on {_name(view, other)}")
    mx, my = (ax + bx) / 2, (ay + by) / 2
    divider = (tag("line", {"x1": mx, "y1": y0 + 3, "x2": mx, "y2": y0 + h - 3,
                            "stroke": "#777"}) if ay == by else
               tag("line", {"x1": x0 + 3, "y1": my, "x2": x0 + w - 3, "y2": my,
                            "stroke": "#777"}))
    return tag("g", {"role": "img", "aria_label": label, "class": "ley-segment"},
               tag("title", {}, esc(label)),
               tag("rect", {"x": x0, "y": y0, "width": w, "height": h, "rx": 4,
                            "fill": "#fffdf7", "stroke": "#333", "stroke_width": 1.2}),
               divider, _pips(ax, ay, low_value), _pips(bx, by, high_value))


def _cairn(view: dict[str, Any], space: int, piece: dict[str, Any], ghost: str = "") -> str:
    seat, value = piece["seat"], piece["value"]
    cx, cy = _centre(view, space)
    suit = view["suits"][seat]
    shown = "?" if value is None else str(value)
    label = (f"{suit} cairn on {_name(view, space)}, "
             + ("face down" if value is None else f"value {value}") + ghost)
    return tag("g", {"role": "img", "aria_label": label, "class": f"cairn seat-{seat}"},
               tag("title", {}, esc(label)),
               tag("circle", {"cx": cx, "cy": cy, "r": CELL / 2 - 3, "style": _fill(seat),
                              "stroke": "#111", "stroke_width": 1.2,
                              "stroke_dasharray": "3 2" if ghost else None,
                              "opacity": 0.55 if ghost else None}),
               tag("text", {"x": cx, "y": cy + 4, "text_anchor": "middle", "font_size": 11,
                            "font_weight": 700, "fill": "#fff"},
                   esc(f"{SUIT_LETTER[seat]}{shown}")))


def _tor(view: dict[str, Any], space: int, seat: int) -> str:
    cx, cy = _centre(view, space)
    r = CELL / 2 - 3
    points = (f"{cx:.1f},{cy - r:.1f} {cx + r:.1f},{cy - 2:.1f} {cx + r:.1f},{cy + r:.1f} "
              f"{cx - r:.1f},{cy + r:.1f} {cx - r:.1f},{cy - 2:.1f}")
    label = f"{view['suits'][seat]} tor on {_name(view, space)}"
    return tag("g", {"role": "img", "aria_label": label, "class": f"tor seat-{seat}"},
               tag("title", {}, esc(label)),
               tag("polygon", {"points": points, "style": _fill(seat), "stroke": "#111",
                               "stroke_width": 1.5}),
               tag("text", {"x": cx, "y": cy + 8, "text_anchor": "middle", "font_size": 10,
                            "font_weight": 700, "fill": "#fff"},
                   esc(f"T{SUIT_LETTER[seat]}")))


def _flow(view: dict[str, Any], flow: dict[str, Any]) -> str:
    """The energy path of a cairn just scored: a dashed line, cairn to tor."""
    spaces = [flow["cairn"], *flow["path"], flow["tor"]]
    points = " ".join(f"{x:.1f},{y:.1f}" for x, y in (_centre(view, s) for s in spaces))
    names = view["names"]
    label = (f"Energy path: the {view['suits'][flow['seat']]} cairn ({flow['value']}) flowed "
             f"{_spaces(len(flow['path']))} to the {view['suits'][flow['receiver']]} tor: "
             f"{names[flow['receiver']]} scored {flow['points']}")
    ghost = _cairn(view, flow["cairn"], {"seat": flow["seat"], "value": flow["value"]},
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


def _target(view: dict[str, Any], space: int, hint: str, action: int | None = None,
            ui: str | None = None) -> str:
    x, y = view["spaces"][space][:2]
    label = f"{_name(view, space)}: {hint}"
    return tag("rect", {"x": x * CELL + 2, "y": y * CELL + 2, "width": CELL - 4,
                        "height": CELL - 4, "rx": 3, "class": "space target",
                        "data_action": action, "data_ui": ui, "role": "button", "tabindex": 0,
                        "aria_label": label}, tag("title", {}, esc(label)))


def _map(view: dict[str, Any], targets: str) -> str:
    in_play = set(view["in_play"])
    width, height = 14 * CELL, 12 * CELL
    ground, pieces, paths = [], [], []
    for s, (x, y, land) in enumerate(view["spaces"]):
        used = s in in_play
        ground.append(tag("rect", {"x": x * CELL, "y": y * CELL, "width": CELL,
                                   "height": CELL, "fill": LAND_FILL[land] if used else "#eee",
                                   "stroke": "#b8b39c", "stroke_width": 0.6,
                                   "opacity": None if used else 0.5}))
        if x % 2 == 0 and (y % 2 == 0) == (land == "Albion"):  # a tile's north-west corner
            ground.append(tag("rect", {"x": x * CELL, "y": y * CELL, "width": 2 * CELL,
                                       "height": 2 * CELL, "fill": "none", "stroke": "#7a735c",
                                       "stroke_width": 1.6}))
    for s, piece in enumerate(view["board"]):
        if piece is None:
            continue
        if piece["kind"] == "half":
            if s < piece["partner"]:
                pieces.append(_domino(view, s, piece))
        elif piece["kind"] == "cairn":
            pieces.append(_cairn(view, s, piece))
        else:
            pieces.append(_tor(view, s, piece["seat"]))
    for flow in view["last_flows"]:
        paths.append(_flow(view, flow))
    eire = "" if len(in_play) == 96 else tag(
        "text", {"x": 2 * CELL, "y": 4.4 * CELL, "text_anchor": "middle", "font_size": 11,
                 "fill": "#666"}, "Eire: 4 players only")
    labels = [tag("text", {"x": 5 * CELL, "y": 1.2 * CELL, "font_size": 13, "fill": "#556",
                           "font_style": "italic"}, "Albion"),
              tag("text", {"x": 0.2 * CELL, "y": 3.9 * CELL, "font_size": 13, "fill": "#556",
                           "font_style": "italic"}, "Eire")]
    return tag("svg", {"viewBox": f"-2 -2 {width + 4} {height + 4}", "class": "ll-map",
                       "role": "group", "aria_label": "The map of Albion and Eire",
                       "style": "width: 100%; max-width: 640px; display: block"},
               *ground, *labels, eire, *pieces, targets, *paths)


# -- choices --------------------------------------------------------------------------

PANEL_STYLE = ("background: var(--card, #fffdf7); border: 1px solid var(--line, #c9c2ad); "
               "border-radius: 10px; padding: 0.5rem 0.7rem; margin-bottom: 0.8rem")
ROW_STYLE = "display: flex; flex-wrap: wrap; gap: 0.4rem; margin: 0.3rem 0"


def _panel(label: str, *rows: str) -> str:
    """A box of instructions and rows of buttons above the map."""
    return tag("section", {"class": "ll-placer", "aria_label": label, "style": PANEL_STYLE},
               *rows)


def _row(*buttons: str) -> str:
    return tag("div", {"style": ROW_STYLE}, *buttons) if buttons else ""


def _cairn_targets(view: dict[str, Any], legal: list[dict[str, Any]], ui: dict[str, str]
                   ) -> tuple[str, str]:
    choices = [c for c in legal if c["kind"] == "cairn"]
    values = sorted({c["json"][1] for c in choices})
    if not values:
        return "", ""
    chosen = int(ui["coin"]) if ui.get("coin", "").isdigit() and int(ui["coin"]) in values \
        else values[0]
    buttons = [tag("button", {"type": "button", "data_ui": f"coin={v}",
                              "aria_pressed": "true" if v == chosen else "false"},
                   esc(f"{COIN_NAMES[v]} ({v})")) for v in values]
    panel = _panel("Choose a cairn",
                   tag("p", {}, "Pick one of your coins, then a highlighted space "
                                "(not next to another cairn)."), _row(*buttons))
    targets = "".join(_target(view, c["json"][2], f"lay your {COIN_NAMES[chosen]} cairn here",
                              action=c["index"]) for c in choices if c["json"][1] == chosen)
    return panel, targets


def _tor_targets(view: dict[str, Any], legal: list[dict[str, Any]]) -> tuple[str, str]:
    choices = [c for c in legal if c["kind"] == "tor"]
    if not choices:
        return "", ""
    panel = _panel("Raise your tor",
                   tag("p", {}, "Click a highlighted space for your tor: not next to a cairn, "
                                "and two clear spaces from any other tor."))
    return panel, "".join(_target(view, c["json"][1], "raise your tor here",
                                  action=c["index"]) for c in choices)


def _segment_targets(view: dict[str, Any], legal: list[dict[str, Any]], ui: dict[str, str]
                     ) -> tuple[str, str]:
    choices = [c for c in legal if c["kind"] == "segment"]
    if not choices:
        return "", ""
    playable = sorted({c["json"][1] for c in choices})
    chosen = int(ui["domino"]) if ui.get("domino", "").isdigit() and int(
        ui["domino"]) in playable else playable[0]
    low, high = view["dominoes"][chosen]
    mine = [c for c in choices if c["json"][1] == chosen]
    # A placement puts `low` on json[2] and `high` on json[3]; key it by (first space, value).
    by_first: dict[int, list[tuple[int, int, dict[str, Any]]]] = {}
    for c in mine:
        by_first.setdefault(c["json"][2], []).append((low, c["json"][3], c))
        by_first.setdefault(c["json"][3], []).append((high, c["json"][2], c))
    at = int(ui["at"]) if ui.get("at", "").isdigit() and int(ui["at"]) in by_first else None
    buttons = [tag("button", {"type": "button", "data_ui": f"domino={d}",
                              "aria_pressed": "true" if d == chosen else "false"},
                   esc("{}|{}".format(*view["dominoes"][d]))) for d in playable]
    parts = [tag("p", {}, "Pick a segment, click a highlighted space for one half, then a "
                          "highlighted neighbour for the other."), _row(*buttons)]
    if at is None:
        targets = "".join(_target(view, s, f"put one half of {low}|{high} here", ui=f"at={s}")
                          for s in sorted(by_first))
        return _panel("Lay a segment", *parts), targets
    values = sorted({v for v, _, _ in by_first[at]})
    flip = ui.get("flip")
    value = high if flip == "1" and high in values else (
        low if flip == "0" and low in values else values[0])
    turn = ""
    if len(values) > 1:
        turn = tag("button", {"type": "button", "data_ui": f"flip={1 if value == low else 0}"},
                   esc(f"Turn it: the {high if value == low else low} on {_name(view, at)}"))
    listed: list[str] = []
    marks: list[str] = []
    for v, partner, c in by_first[at]:
        if v != value:
            continue
        other = high if v == low else low
        marks.append(_target(view, partner, f"lay {low}|{high} with {v} on "
                                              f"{_name(view, at)} and {other} here",
                               action=c["index"]))
        listed.append(tag("button", {"type": "button", "data_action": c["index"]},
                          esc(c["label"])))
    parts.append(tag("p", {}, esc(f"The {value} goes on {_name(view, at)}; click a highlighted "
                                  "neighbour (or a button) for the other half.")))
    parts.append(_row(turn, *listed))
    chosen_mark = _target(view, at, f"the {value} goes here; click to choose another space",
                          ui="at=")
    return _panel("Lay a segment", *parts), chosen_mark + "".join(marks)


# -- panels ---------------------------------------------------------------------------


def _phase_line(view: dict[str, Any]) -> str:
    names = view["names"]
    text = {"cairns": "Laying cairns", "tors": "Raising tors", "ley": "Laying ley lines",
            "over": "Game over"}[view["phase"]]
    text += f" · first player: {names[view['first']]}"
    if view["phase"] == "ley":
        text += f" · passes in a row: {view['passes']}"
    return tag("p", {"class": "round-line"}, esc(text))


def _players(view: dict[str, Any]) -> str:
    rows = []
    for p, name in enumerate(view["names"]):
        facts = [f"score {view['scores'][p]:g}", f"coins in hand {view['coins_left'][p]}",
                 f"segments in hand {view['hand_sizes'][p]}"]
        if view["tors"][p] is not None:
            facts.append(f"tor on {_name(view, view['tors'][p])}")
        badge = tag("span", {"class": "badge active-badge"}, "▶ to act") \
            if p in view["active"] else ""
        rows.append(tag("li", {"class": f"player-head seat-{p}"},
                        tag("span", {"class": "seat-dot", "aria_hidden": "true"},
                            SUIT_LETTER[p]), " ", tag("strong", {}, esc(name)), badge,
                        tag("span", {"class": "facts"}, esc(" · " + " · ".join(facts)))))
    return tag("ul", {"class": "ll-players", "aria_label": "Players",
                      "style": "list-style: none; padding: 0"}, *rows)


def _hand(view: dict[str, Any]) -> str:
    seat = view["seat"]
    if not isinstance(seat, int):
        return ""
    parts = []
    coins = view["coins"][seat]
    if coins:
        parts.append(tag("p", {}, esc("Your coins: " + ", ".join(
            f"{COIN_NAMES[v]} ({v})" for v in coins))))
    hand = view["hands"][seat]
    if hand:
        svgs = []
        for d in hand:
            low, high = view["dominoes"][d]
            svgs.append(tag("svg", {"viewBox": f"0 0 {2 * CELL} {CELL}", "role": "img",
                                    "aria_label": f"segment {low}|{high}",
                                    "style": "width: 64px; height: 32px"},
                            tag("rect", {"x": 1, "y": 1, "width": 2 * CELL - 2,
                                         "height": CELL - 2, "rx": 4, "fill": "#fffdf7",
                                         "stroke": "#333"}),
                            tag("line", {"x1": CELL, "y1": 4, "x2": CELL, "y2": CELL - 4,
                                         "stroke": "#777"}),
                            _pips(CELL / 2, CELL / 2, low), _pips(1.5 * CELL, CELL / 2, high)))
        parts.append(tag("div", {"class": "ll-hand", "aria_label": "Your segments"},
                         tag("p", {}, "Your segments:"), *svgs))
    mine = [f"{_name(view, s)} = {p['value']}" for s, p in enumerate(view["board"])
            if p is not None and p["kind"] == "cairn" and p["seat"] == seat
            and p["value"] is not None]
    if mine:
        parts.append(tag("p", {}, esc("Your cairns: " + ", ".join(mine))))
    return tag("section", {"class": "ll-own", "aria_label": "Your pieces"}, *parts) \
        if parts else ""


def _scored(view: dict[str, Any]) -> str:
    items = [tag("li", {}, esc(f"{view['names'][f['receiver']]} +{f['points']}: the "
                               f"{view['suits'][f['seat']]} {COIN_NAMES[f['value']]} flowed "
                               f"{_spaces(len(f['path']))}"))
             for f in view["last_flows"]]
    return tag("ul", {"class": "ll-scored", "aria_label": "Just scored"}, *items) if items else ""


def render_board(view: dict[str, Any], legal: list[dict[str, Any]], ui: dict[str, str]) -> str:
    """The whole table for one seat's view (or a spectator's)."""
    panel, targets = "", ""
    if view["phase"] == "cairns":
        panel, targets = _cairn_targets(view, legal, ui)
    elif view["phase"] == "tors":
        panel, targets = _tor_targets(view, legal)
    elif view["phase"] == "ley":
        panel, targets = _segment_targets(view, legal, ui)
    return tag("div", {"class": "ley-lines"}, _phase_line(view), _players(view), panel,
               _map(view, targets), _scored(view), _hand(view))
