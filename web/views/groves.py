"""Groves as SVG and HTML: the Tree of Idyll, the row of new groves, every realm.

Each realm is a map of hexes with the spirits on them; the Tree of Idyll
shows its three areas (two in solo play) with the spirits sent there, the
row of new groves above it with each slot's crystal cost, and in solo play
the Hollows of the Lost around it. Spirits are discs with a letter (W white,
Y yellow, O orange, G green, B blue, X wraith), groves carry their colour's
letter too, so nothing depends on colour alone.

Placing a spirit is a local step and a click: pick one of your drawn
spirits (``data-ui="spirit=<colour>"``; skipped when you hold one kind),
then click a highlighted grove or Tree area, which carries ``data-action``.
Buying (a grove in the row) and attaching (an empty hex next to your realm)
are single clicks on the board; reward choices go to the action bar.
"""

from __future__ import annotations

import math
from typing import Any

from .markup import esc, seat_letters, tag

BOARD_KINDS = {"place", "visit", "buy", "attach"}

HEX = 34  # hex radius (centre to corner)
SPIRIT_LETTER = {"white": "W", "yellow": "Y", "orange": "O", "green": "G", "blue": "B",
                 "wraith": "X"}
SPIRIT_FILL = {"white": "#fbfaf5", "yellow": "#f2c12e", "orange": "#e07b24", "green": "#3c9a4a",
               "blue": "#3874c9", "wraith": "#1d1d1d"}
GROVE_TINT = {"yellow": "#fbeeb8", "orange": "#f8d5b5", "green": "#cfe8c9", "blue": "#cbdcf3",
              None: "#ece6d6"}
ELEMENT_LETTER = {"earth": "E", "light": "L", "water": "W"}
AREA_TEXT = {"groves": "Buy a grove", "bonus": "Summoning card", "portal": "Portal piece"}


def _hex_centre(q: int, r: int) -> tuple[float, float]:
    return HEX * math.sqrt(3) * (q + r / 2), HEX * 1.5 * r


def _hex_points(cx: float, cy: float, radius: float = HEX - 1.5) -> str:
    pts = []
    for i in range(6):
        a = math.radians(60 * i - 30)
        pts.append(f"{cx + radius * math.cos(a):.1f},{cy + radius * math.sin(a):.1f}")
    return " ".join(pts)


def spirit_disc(cx: float, cy: float, spirit: str, r: float = 9.0) -> str:
    """A spirit token: a disc with its letter."""
    ink = "#ffffff" if spirit in ("wraith", "blue", "green") else "#1f2a1f"
    return tag("g", {"role": "img", "aria_label": f"{spirit} spirit"},
               tag("circle", {"cx": f"{cx:.1f}", "cy": f"{cy:.1f}", "r": r,
                              "fill": SPIRIT_FILL[spirit], "stroke": "#333",
                              "stroke_width": 1}),
               tag("text", {"x": f"{cx:.1f}", "y": f"{cy + r * 0.4:.1f}", "text_anchor": "middle",
                            "font_size": f"{r * 1.1:.1f}", "font_weight": "700", "fill": ink},
                   SPIRIT_LETTER[spirit]))


def _cost_text(cost: dict[str, int]) -> str:
    return " ".join(f"{n}{ELEMENT_LETTER[e]}" for e, n in cost.items()) or "free"


def grove_label(g: dict[str, Any]) -> str:
    """A grove in words, for titles and screen readers."""
    colour = g["colour"] or "colourless"
    text = f"{g['name']} ({colour}"
    if g["cost"]:
        text += f", costs {_cost_text(g['cost'])}, {g['dominion']} dominion"
    text += f"): {g['primary']}"
    if g["bonus"]:
        text += f"; bonus for a {g['colour']} spirit or a wraith: {g['bonus']}"
    return text


def _grove_hex(cx: float, cy: float, g: dict[str, Any], action: int | None, extra: str = ""
               ) -> str:
    label = grove_label(g) + extra
    parts = [tag("polygon", {"points": _hex_points(cx, cy), "fill": GROVE_TINT[g["colour"]],
                             "stroke": "#7d7560", "stroke_width": 1.2})]
    short = g["name"].split()[0][:9]
    parts.append(tag("text", {"x": f"{cx:.1f}", "y": f"{cy - 13:.1f}", "text_anchor": "middle",
                              "font_size": "7.5"}, esc(short)))
    letter = (g["colour"] or "-")[0].upper()
    parts.append(tag("text", {"x": f"{cx - 15:.1f}", "y": f"{cy + 4:.1f}",
                              "text_anchor": "middle", "font_size": "8", "font_weight": "700"},
                     esc(letter)))
    if g["cost"]:
        parts.append(tag("text", {"x": f"{cx + 15:.1f}", "y": f"{cy + 4:.1f}",
                                  "text_anchor": "middle", "font_size": "7.5"},
                         f"★{g['dominion']}"))
        parts.append(tag("text", {"x": f"{cx:.1f}", "y": f"{cy + 21:.1f}", "text_anchor": "middle",
                                  "font_size": "7"}, esc(_cost_text(g["cost"]))))
    if g.get("occupant"):
        parts.append(spirit_disc(cx, cy + 3, g["occupant"]))
    attrs: dict[str, Any] = {"aria_label": label}
    if action is not None:
        parts.append(tag("polygon", {"points": _hex_points(cx, cy, HEX - 4), "fill": "none",
                                     "stroke": "#1a4fd6", "stroke_width": 3,
                                     "stroke_dasharray": "5 3"}))
        attrs.update(data_action=action, role="button", tabindex=0, class_="target")
    else:
        attrs["role"] = "img"
    return tag("g", attrs, tag("title", {}, esc(label)), *parts)


def portal_ends(view: dict[str, Any], p: int) -> list[tuple[int, int]]:
    """The portals touching seat ``p``'s realm, as (from seat, to seat): the ones
    ``p`` opened, then the ones opened into ``p``'s realm."""
    out = [(p, t) for t in view["players"][p]["portals"]]
    out += [(s, p) for s, other in enumerate(view["players"]) if p in other["portals"]]
    return out


def _portal_side(p: int, other: int, n: int) -> int:
    """-1 (left edge) or +1 (right edge): where the neighbour ``other`` sits.

    The next seat in turn order is drawn on the right, the one before on the
    left; with two players the only neighbour is on the right."""
    return 1 if other == (p + 1) % n else -1


def _portal_glyph(cx: float, cy: float, source: str, target: str, letter: str,
                  outgoing: bool, side: int) -> str:
    """A portal on a realm's edge: an upright oval ring with the other seat's
    letter and a wedge pointing the way spirits may travel (out of the realm for
    one's own portal, into it for a neighbour's)."""
    label = f"Portal from {source} to {target}"
    way = side if outgoing else -side  # +1: the wedge points right
    tip, back = cx + way * 19, cx + way * 12
    wedge = f"{tip:.1f},{cy:.1f} {back:.1f},{cy - 5:.1f} {back:.1f},{cy + 5:.1f}"
    return tag("g", {"class": "portal", "role": "img", "aria_label": label},
               tag("title", {}, esc(label)),
               tag("ellipse", {"cx": f"{cx:.1f}", "cy": f"{cy:.1f}", "rx": 10, "ry": 14,
                               "fill": "#efe8fb", "stroke": "#5e3c99", "stroke_width": 3}),
               tag("text", {"x": f"{cx:.1f}", "y": f"{cy + 4:.1f}", "text_anchor": "middle",
                            "font_size": "11", "font_weight": "700", "fill": "#3b2566"},
                   esc(letter)),
               tag("polygon", {"points": wedge, "fill": "#5e3c99"}))


def _realm_svg(view: dict[str, Any], p: int, place: dict[tuple[int, int, int], int],
               attach: dict[tuple[int, int], int]) -> str:
    player = view["players"][p]
    cells = [(g["q"], g["r"]) for g in player["realm"]]
    if attach:
        cells += list(attach)
    xs = [_hex_centre(q, r)[0] for q, r in cells]
    ys = [_hex_centre(q, r)[1] for q, r in cells]
    pad = HEX + 4
    ends = portal_ends(view, p)
    margin = 34 if ends else 0  # room for the portals on the left and right edges
    x0, y0 = min(xs) - pad - margin, min(ys) - pad
    w, h = max(xs) - min(xs) + 2 * (pad + margin), max(ys) - min(ys) + 2 * pad
    parts = []
    names, letters = view["names"], seat_letters(view["names"])
    n = view["num_players"]
    stacked: dict[int, int] = {}  # glyphs already drawn on each edge
    for source, target in ends:
        other = target if source == p else source
        side = _portal_side(p, other, n)
        k = stacked.get(side, 0)
        stacked[side] = k + 1
        cx = x0 + 21 if side < 0 else x0 + w - 21
        cy = y0 + h / 2 + (k - 0.5) * 34
        parts.append(_portal_glyph(cx, cy, names[source], names[target], letters[other],
                                   source == p, side))
    for g in player["realm"]:
        cx, cy = _hex_centre(g["q"], g["r"])
        parts.append(_grove_hex(cx, cy, g, place.get((p, g["q"], g["r"]))))
    for (q, r), index in sorted(attach.items()):
        cx, cy = _hex_centre(q, r)
        label = f"Attach the new grove here ({q},{r})"
        parts.append(tag("polygon", {"points": _hex_points(cx, cy), "class": "space target",
                                     "data_action": index, "role": "button", "tabindex": 0,
                                     "aria_label": label}, tag("title", {}, esc(label))))
    return tag("svg", {"viewBox": f"{x0:.0f} {y0:.0f} {w:.0f} {h:.0f}", "class": "groves-realm",
                       "role": "group", "aria_label": f"{view['names'][p]}'s realm",
                       "width": f"{w:.0f}", "height": f"{h:.0f}"}, *parts)


def _player_panel(view: dict[str, Any], p: int) -> str:
    player = view["players"][p]
    names = view["names"]
    els = ", ".join(f"{n} {e}" for e, n in player["elements"].items())
    bag = ", ".join(f"{n} {s}" for s, n in player["bag"].items() if n) or "empty"
    facts = [f"{els}", f"{player['crystals']} crystals", f"{player['dominion']} dominion tokens",
             f"bag {player['bag_size']} ({bag})", f"score so far {player['score']:g}"]
    if player["has_base"]:
        facts.append("holds a portal base")
    cards = f"{player['hidden']} face-down summoning card(s)"
    if player["my_cards"]:
        cards += ": " + ", ".join(player["my_cards"])
    if player["revealed"]:
        cards += "; scored: " + ", ".join(player["revealed"])
    facts.append(cards)
    if player["realm_cards"]:
        facts.append("realm bonus: " + ", ".join(player["realm_cards"]))
    badges = []
    for t in player["portals"]:
        badges.append(tag("span", {"class": "badge", "title": f"Portal open to {names[t]}'s realm"},
                          esc(f"◈ portal → {names[t]}")))
    if view["crown"] == p:
        badges.append(tag("span", {"class": "badge", "title": "Holds the crown"}, "♛ crown"))
    if p in view["active"]:
        badges.append(tag("span", {"class": "badge active-badge"}, "▶ to act"))
    hand = [spirit_disc(12 + 22 * i, 12, s) for i, s in enumerate(
        s for s, n in player["hand"].items() for _ in range(n))]
    drawn = tag("svg", {"viewBox": f"0 0 {max(24, 22 * len(hand) + 2)} 24", "height": "24",
                        "width": f"{max(24, 22 * len(hand) + 2)}", "role": "img",
                        "aria_label": f"{len(hand)} drawn spirit(s) to place"}, *hand)
    return tag("header", {"class": f"player-head seat-{p}"},
               tag("h3", {}, tag("span", {"class": "seat-dot", "aria_hidden": "true"},
                                 seat_letters(names)[p]), " ", esc(names[p]), *badges),
               tag("p", {"class": "facts"}, esc(" · ".join(facts))),
               tag("p", {"class": "facts"}, "To place: ", drawn))


def _row(view: dict[str, Any], buy: dict[int, int]) -> str:
    parts = []
    for slot, g in enumerate(view["row"]):
        cx, cy = 40 + slot * 70, 40
        cost = view["row_costs"][slot]
        parts.append(tag("text", {"x": cx, "y": 82, "text_anchor": "middle", "font_size": "10"},
                         f"{cost} crystal" + ("s" if cost > 1 else "")))
        if g is None:
            text = "bought" if view["row_bought"][slot] else "empty"
            parts.append(tag("g", {"role": "img", "aria_label": f"slot {slot + 1}: {text}"},
                             tag("polygon", {"points": _hex_points(cx, cy), "fill": "none",
                                             "stroke": "#bbb", "stroke_dasharray": "3 3"}),
                             tag("text", {"x": cx, "y": cy + 3, "text_anchor": "middle",
                                          "font_size": "8"}, text)))
        else:
            parts.append(_grove_hex(cx, cy, {**g, "occupant": None}, buy.get(slot),
                                    f" (slot {slot + 1}, {cost} crystals)"))
    return tag("svg", {"viewBox": "0 0 290 90", "width": "290", "height": "90",
                       "class": "groves-row", "role": "group",
                       "aria_label": "Row of new groves, with crystal costs"}, *parts)


def _tree(view: dict[str, Any], visit: dict[str, int]) -> str:
    parts = []
    areas = view["tree_areas"]
    for i, area in enumerate(areas):
        x, y, w, h = 10, 8 + i * 46, 200, 40
        spirits = [t for t in view["tree"] if t["area"] == area]
        label = f"Tree of Idyll, {AREA_TEXT[area]} area: {len(spirits)} spirit(s)"
        attrs: dict[str, Any] = {"aria_label": label, "role": "img"}
        inner = [tag("rect", {"x": x, "y": y, "width": w, "height": h, "rx": 8,
                              "fill": "#e4efd9", "stroke": "#5d7d4b"}),
                 tag("text", {"x": x + 8, "y": y + 14, "font_size": "10", "font_weight": "700"},
                     esc(AREA_TEXT[area]))]
        for k, t in enumerate(spirits[:14]):
            inner.append(spirit_disc(x + 14 + 13 * k, y + 28, t["spirit"], r=6))
        if area in visit:
            inner.append(tag("rect", {"x": x + 3, "y": y + 3, "width": w - 6, "height": h - 6,
                                      "rx": 6, "fill": "none", "stroke": "#1a4fd6",
                                      "stroke_width": 3, "stroke_dasharray": "5 3"}))
            attrs.update(data_action=visit[area], role="button", tabindex=0, class_="target")
        parts.append(tag("g", attrs, tag("title", {}, esc(label)), *inner))
    height = 8 + 46 * len(areas)
    solo = view.get("solo")
    if solo:
        parts.append(_hollows(solo, 220, 8))
    width = 420 if solo else 220
    return tag("svg", {"viewBox": f"0 0 {width} {max(height, 150 if solo else 0)}",
                       "width": f"{width}", "height": f"{max(height, 150 if solo else 0)}",
                       "class": "groves-tree", "role": "group",
                       "aria_label": "The Tree of Idyll"}, *parts)


def _hollows(solo: dict[str, Any], x: int, y: int) -> str:
    """The solo track: wraith spaces, each showing the value it covers."""
    parts = [tag("text", {"x": x, "y": y + 10, "font_size": "10", "font_weight": "700"},
                 "Hollows of the Lost")]
    base = solo["target"] - solo["hollows"]
    for i in range(solo["spaces"]):
        cx, cy = x + 18 + (i % 5) * 36, y + 34 + (i // 5) * 36
        filled = i < solo["hollows"]
        parts.append(tag("ellipse", {"cx": cx, "cy": cy, "rx": 15, "ry": 11,
                                     "fill": "#d9d3e8" if not filled else "#cfc6e0",
                                     "stroke": "#5e3c99"}))
        if filled:
            parts.append(spirit_disc(cx, cy, "wraith", r=8))
        else:
            # An open space shows the value it covers: the first one is the
            # value to beat.
            parts.append(tag("text", {"x": cx, "y": cy + 3, "text_anchor": "middle",
                                      "font_size": "9"}, str(base + i)))
    parts.append(tag("text", {"x": x, "y": y + 112, "font_size": "9"},
                     esc(f"to beat: more than {solo['target']} dominion")))
    parts.append(tag("text", {"x": x, "y": y + 124, "font_size": "9"},
                     esc(f"wraith bag {sum(solo['wraith_bag'].values())} "
                         f"({solo['wraith_bag']['wraith']} wraiths) · wraith supply "
                         f"{solo['wraith_supply']}")))
    label = (f"Hollows of the Lost: {solo['hollows']} of {solo['spaces']} spaces taken; "
             f"you must score more than {solo['target']}")
    return tag("g", {"role": "img", "aria_label": label}, tag("title", {}, esc(label)), *parts)


def _supplies(view: dict[str, Any]) -> str:
    spirits = ", ".join(f"{n} {s}" for s, n in view["supply"].items())
    els = ", ".join(f"{n} {e}" for e, n in view["element_supply"].items())
    lines = [
        f"Supply: spirits {spirits}",
        f"elements {els}; {view['crystal_supply']} crystals; {view['dominion_supply']} dominion",
        f"portals {view['portal_bases']} bases, {view['portal_mirrors']} mirrors; "
        f"summoning deck {view['deck']}; grove stack {view['stack']}"
        + (" (final round)" if view["final_round"] else ""),
    ]
    cards = []
    for c in view["realm_cards"]:
        kind = "trophy at the end" if c["kind"] == "trophy" else "lightning: first to reach"
        holder = f" — taken by {view['names'][c['holder']]}" if c["holder"] is not None else ""
        cards.append(tag("li", {}, esc(f"{c['text']} ({kind}, {c['dominion']} dominion)"
                                       f"{holder}")))
    solo = view.get("solo")
    if solo and solo["marks"]:
        lines.append("reminders on the Tree's base (that colour's power is in the wraith bag): "
                     + ", ".join(solo["marks"]))
    return tag("section", {"class": "groves-supply", "aria_label": "Supplies and bonuses"},
               *[tag("p", {"class": "facts"}, esc(x)) for x in lines],
               tag("h4", {}, "Realm bonus cards"), tag("ul", {}, *cards))


def _hand_picker(spirits: list[str], chosen: str | None) -> str:
    buttons = []
    for s in spirits:
        svg = tag("svg", {"viewBox": "0 0 22 22", "width": "22", "height": "22",
                          "aria_hidden": "true"}, spirit_disc(11, 11, s))
        buttons.append(tag("button", {"type": "button", "data_ui": f"spirit={s}",
                                      "aria_pressed": "true" if s == chosen else "false",
                                      "aria_label": f"Choose a {s} spirit"}, svg, " ", esc(s)))
    hint = ("Click a highlighted grove or Tree area." if chosen
            else "Choose which spirit to place.")
    return tag("section", {"class": "groves-hand", "aria_label": "Spirit to place"},
               tag("p", {"class": "hint"}, esc(hint)), *buttons)


def render_board(view: dict[str, Any], legal: list[dict[str, Any]], ui: dict[str, str]) -> str:
    """The whole table for one seat's view (or a spectator's)."""
    spirits = []
    for c in legal:
        if c["kind"] in ("place", "visit") and c["json"][1] not in spirits:
            spirits.append(c["json"][1])
    # The first kind held is chosen until the player picks another, so the
    # board always shows where a spirit can go.
    chosen = ui.get("spirit")
    if chosen not in spirits:
        chosen = spirits[0] if spirits else None
    place = {(c["json"][2], c["json"][3], c["json"][4]): c["index"] for c in legal
             if c["kind"] == "place" and c["json"][1] == chosen}
    visit = {c["json"][2]: c["index"] for c in legal
             if c["kind"] == "visit" and c["json"][1] == chosen}
    buy = {c["json"][1]: c["index"] for c in legal if c["kind"] == "buy"}
    attach = {(c["json"][1], c["json"][2]): c["index"] for c in legal if c["kind"] == "attach"}
    seat = view["seat"]
    acting = view["current"]
    parts = [tag("p", {"class": "round-line"}, esc(_round_text(view)))]
    if spirits:
        parts.append(_hand_picker(spirits, chosen))
    parts.append(tag("div", {"class": "groves-centre"}, _row(view, buy), _tree(view, visit)))
    parts.append(_supplies(view))
    order = list(range(view["num_players"]))
    if isinstance(seat, int):  # your own realm first
        order.remove(seat)
        order.insert(0, seat)
    realms = []
    for p in order:
        mine_attach = attach if p == acting else {}
        realms.append(tag("article", {"class": f"player seat-{p}"}, _player_panel(view, p),
                          _realm_svg(view, p, place, mine_attach)))
    parts.append(tag("div", {"class": "players"}, *realms))
    return tag("div", {"class": "groves"}, *parts)


def _round_text(view: dict[str, Any]) -> str:
    names = view["names"]
    if view["phase"] == "setup":
        return "Setup: each seat in turn picks a resource-generating grove."
    text = f"Round {view['round']}" + (" (final round)" if view["final_round"] else "")
    text += f" · crown: {names[view['crown']]}"
    pending = view.get("pending")
    if pending and view["current"] >= 0:
        text += f" · {names[view['current']]} is resolving: {pending['text']}"
    solo = view.get("solo")
    if solo and view["over"]:
        text += " · " + ("Idyllon is saved!" if solo["won"] else
                         f"The wraiths win ({solo['lost'] or 'not enough dominion'}).")
    return text
