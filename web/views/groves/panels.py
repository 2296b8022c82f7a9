"""Groves' panels: each player's, the row of groves, the Tree of Idyll, the
Hollows of the Lost, the supplies, the key, and the spirit to place."""

from __future__ import annotations

from pygame_engine.games.groves.actions import card_words, describe
from pygame_engine.games.groves.data import ALL_GROVES, bundle
from pygame_engine.games.groves.view_types import GrovesView, GroveView, SoloView

from ..markup import esc, seat_letters, tag
from .pieces import (
    AREA_TEXT,
    NO_SHRINK,
    TARGET,
    Part,
    fact,
    grove_hex,
    hex_points,
    icon,
    parts_svg,
    spirit_disc,
)
from .realm import SpiritKeys

# -- panels --------------------------------------------------------------------------


def player_panel(view: GrovesView, p: int, keys: SpiritKeys) -> str:
    player = view["players"][p]
    names = view["names"]
    badges = [tag("span", {"class": "gv-score", "style": "margin-left:auto;font-weight:700;"
                           "white-space:nowrap"}, "Score ",
                  fact("dominion", f"{player['score']:g}",
                       f"Score now: {player['score']:g} dominion"))]
    for t in player["portals"]:
        badges.append(tag("span", {"class": "badge", "title": f"Portal open to {names[t]}'s realm",
                                   "style": "white-space:nowrap"}, esc(f"portal → {names[t]}")))
    if view["crown"] == p:
        badges.append(tag("span", {"class": "badge", "style": "white-space:nowrap"}, "♛ crown"))
    if p in view["active"]:
        badges.append(tag("span", {"class": "badge active-badge", "style": "white-space:nowrap"},
                          "▶ to act"))
    res = [fact(e, n, f"{n} {e}") for e, n in player["elements"].items()]
    res.append(fact("crystal", player["crystals"], f"{player['crystals']} crystal"
                    + ("" if player["crystals"] == 1 else "s")))
    res.append(fact("dominion", player["dominion"], f"{player['dominion']} dominion tokens"))
    bag = [fact(s, n, f"{n} {s} in the bag") for s, n in player["bag"].items() if n]
    lines = [tag("p", {"class": "facts gv-line"}, *res),
             tag("p", {"class": "facts gv-line"}, tag("span", {}, "Bag: "),
                 *(bag or [tag("span", {}, "empty")]))]
    cards = []
    if player["hidden"]:
        cards.append(f"{player['hidden']} face down"
                     + (": " + ", ".join(card_words(c) for c in player["my_cards"])
                        if player["my_cards"] else ""))
    if player["revealed"]:
        cards.append("scored: " + ", ".join(card_words(c) for c in player["revealed"]))
    extras = []
    if cards:
        extras.append("Summoning cards: " + "; ".join(cards))
    if player["has_base"]:
        extras.append("holds a portal base")
    if player["realm_cards"]:
        extras.append("realm bonus taken: " + ", ".join(
            next((c["text"] for c in view["realm_cards"] if c["id"] == rc), rc)
            for rc in player["realm_cards"]))
    if extras:
        lines.append(tag("p", {"class": "facts"}, esc(" · ".join(extras))))
    hand = [spirit_disc(14 + 28 * i, 14, s, key=k) for i, (s, k) in enumerate(keys.hand[p])]
    if hand:
        width = 28 * len(hand)
        lines.append(tag("p", {"class": "facts gv-line"}, "To place: ",
                         tag("svg", {"viewBox": f"0 0 {width} 28", "height": "28",
                                     "width": f"{width}", "role": "img",
                                     "style": "vertical-align:middle;" + NO_SHRINK.replace(
                                         "display:block", "display:inline"),
                                     "aria_label": f"{len(hand)} drawn spirit"
                                     + ("" if len(hand) == 1 else "s") + " to place"}, *hand)))
    return tag("header", {"class": f"player-head seat-{p}"},
               tag("h3", {"style": "display:flex;flex-wrap:wrap;align-items:center;gap:4px"},
                   tag("span", {"class": "seat-dot", "aria_hidden": "true"},
                       seat_letters(names)[p]), " ", esc(names[p]), *badges),
               *lines)


# -- the centre: row, Tree, Hollows ----------------------------------------------------


def row_panel(view: GrovesView, buy: dict[int, int]) -> str:
    last = view.get("last_move") or {}
    pending = view["pending"]
    attaching = pending["args"][0] if pending is not None and pending["kind"] == "attach" \
        else None
    slots = []
    for slot, g in enumerate(view["row"]):
        cost = view["row_costs"][slot]
        price = f"{cost} crystal" + ("s" if cost > 1 else "")
        parts = []
        shown = g
        note = False  # a grove just bought, drawn in its slot until it is attached
        if g is None and isinstance(attaching, str) and attaching and last.get(
                "kind") == "buy" and last.get("slot") == slot:
            shown = grove_dict(attaching)
            note = True
        if shown is None:
            text = "bought" if view["row_bought"][slot] else "empty"
            parts.append(tag("g", {"role": "img", "aria_label": f"{price} slot: {text}"},
                             tag("polygon", {"points": hex_points(62, 66), "fill": "none",
                                             "stroke": "#aaa", "stroke_dasharray": "4 4"}),
                             tag("text", {"x": 62, "y": 71, "text_anchor": "middle",
                                          "font_size": "13", "fill": "#5b6457"}, text)))
        else:
            where = f" (bought from the {price} slot, being attached)" if note else \
                f" (in the {price} slot)"
            parts.append(grove_hex(62, 66, shown, buy.get(slot), where,
                                   key=f"grove-{shown['id']}", last=note))
        parts.append(parts_svg([("text", str(cost)), ("icon", "crystal")], 62, 146, 14))
        slots.append(tag("svg", {"viewBox": "0 0 124 156", "width": "124", "height": "156",
                                 "role": "group", "aria_label": f"Row slot {slot + 1}, {price}",
                                 "style": NO_SHRINK}, *parts))
    return tag("section", {"class": "groves-row", "aria_label": "Row of new groves, with their "
                           "crystal prices", "style": "display:grid;grid-template-columns:"
                           "repeat(2,124px);gap:4px 8px"}, *slots)


def grove_dict(gid: str) -> GroveView:
    g = ALL_GROVES[gid]
    return {"id": gid, "name": g.name, "colour": g.colour,
            "cost": bundle(g.cost) if g.cost else {}, "dominion": g.dominion,
            "primary": describe(g.primary), "bonus": describe(g.bonus) if g.bonus else None}


AREA_PICTURE: dict[str, list[Part]] = {"groves": [("icon", "hex")], "bonus": [("icon", "card")],
                                       "portal": [("icon", "portal")]}


def tree_panel(view: GrovesView, visit: dict[str, int], keys: SpiritKeys) -> str:
    areas = []
    last = view.get("last_move") or {}
    per_line = 11
    for area in view["tree_areas"]:
        spirits = [t for t in view["tree"] if t["area"] == area]
        lines = max(1, -(-len(spirits) // per_line))
        w, h = 300, 40 + 28 * lines
        label = f"Tree of Idyll, {AREA_TEXT[area]} area: {len(spirits)} spirit" + (
            "" if len(spirits) == 1 else "s")
        attrs: dict[str, object] = {"aria_label": label, "role": "img"}
        inner = [tag("rect", {"x": 2, "y": 2, "width": w - 4, "height": h - 4, "rx": 10,
                              "fill": "#e4efd9", "stroke": "#5d7d4b"}),
                 parts_svg(AREA_PICTURE[area], 20, 20, 16),
                 tag("text", {"x": 34, "y": 25, "font_size": "14", "font_weight": "700",
                              "fill": "#1f2a1f"}, esc(AREA_TEXT[area]))]
        area_keys = keys.tree.get(area, [])
        for k, t in enumerate(spirits):
            key = area_keys[k] if k < len(area_keys) else f"tree-{area}-{k}"
            inner.append(spirit_disc(20 + 25 * (k % per_line), 52 + 28 * (k // per_line),
                                     t["spirit"], r=11, key=key,
                                     last=last.get("kind") == "visit" and key == keys.last_sent))
        if area in visit:
            inner.append(tag("rect", {"x": 5, "y": 5, "width": w - 10, "height": h - 10,
                                      "rx": 8, "fill": "none", "stroke": TARGET,
                                      "stroke_width": 3.5, "stroke_dasharray": "7 4"}))
            attrs.update(data_action=visit[area], role="button", tabindex=0, class_="target",
                         style="cursor:pointer")
        areas.append(tag("svg", {"viewBox": f"0 0 {w} {h}", "width": f"{w}", "height": f"{h}",
                                 "style": NO_SHRINK},
                         tag("g", attrs, tag("title", {}, esc(label)), *inner)))
    return tag("section", {"class": "groves-tree", "aria_label": "The Tree of Idyll",
                           "style": "display:grid;gap:6px;align-content:start"}, *areas)


def hollows_panel(solo: SoloView) -> str:
    """The solo track: wraith spaces, each open one showing the value it covers."""
    parts = []
    base = solo["target"] - solo["hollows"]
    for i in range(solo["spaces"]):
        cx, cy = 22 + (i % 5) * 44, 22 + (i // 5) * 40
        filled = i < solo["hollows"]
        parts.append(tag("ellipse", {"cx": cx, "cy": cy, "rx": 19, "ry": 15,
                                     "fill": "#cfc6e0" if filled else "#ece8f4",
                                     "stroke": "#5e3c99"}))
        if filled:
            parts.append(spirit_disc(cx, cy, "wraith", r=12, key=f"hollow-{i}"))
        else:
            # An open space shows the value it covers: the first is the value to beat.
            parts.append(tag("text", {"x": cx, "y": cy + 5, "text_anchor": "middle",
                                      "font_size": "14", "font_weight": "700" if i == solo[
                                          "hollows"] else "400", "fill": "#2b1d4a"},
                             str(base + i)))
    label = (f"Hollows of the Lost: {solo['hollows']} of {solo['spaces']} spaces taken; "
             f"you must score more than {solo['target']}")
    svg = tag("svg", {"viewBox": "0 0 224 84", "width": "224", "height": "84",
                      "style": NO_SHRINK, "role": "img", "aria_label": label},
              tag("title", {}, esc(label)), *parts)
    bag = solo["wraith_bag"]
    facts = [fact(s, n, f"{n} {s} in the wraith bag") for s, n in bag.items() if n]
    return tag("section", {"class": "gv-hollows", "aria_label": "Hollows of the Lost"},
               tag("h4", {"style": "margin:0 0 4px"}, "Hollows of the Lost"), svg,
               tag("p", {"class": "facts"}, esc(f"To beat: more than {solo['target']} "
                                                f"dominion.")),
               tag("p", {"class": "facts gv-line"}, "Wraith bag: ", *facts),
               tag("p", {"class": "facts"}, esc(f"Wraiths still to join the bag: "
                                                f"{solo['wraith_supply']}.")))


def supplies_panel(view: GrovesView) -> str:
    spirits = [fact(s, n, f"{n} {s} in the supply") for s, n in view["supply"].items()]
    goods = [fact(e, n, f"{n} {e} in the supply") for e, n in view["element_supply"].items()]
    goods.append(fact("crystal", view["crystal_supply"], f"{view['crystal_supply']} crystals "
                                                        "in the supply"))
    goods.append(fact("dominion", view["dominion_supply"], f"{view['dominion_supply']} dominion "
                                                          "in the supply"))
    table = [fact("portal", f"{view['portal_bases']}/{view['portal_mirrors']}",
                  f"portals: {view['portal_bases']} bases, {view['portal_mirrors']} mirrors"),
             fact("card", view["deck"], f"summoning deck: {view['deck']} cards"),
             fact("hex", view["stack"], f"grove stack: {view['stack']} groves")]
    lines = [tag("p", {"class": "facts gv-line"}, "Spirits: ", *spirits),
             tag("p", {"class": "facts gv-line"}, "Goods: ", *goods),
             tag("p", {"class": "facts gv-line"}, "Portals (bases/mirrors), summoning deck, "
                 "grove stack: ", *table)]
    if view["final_round"]:
        lines.append(tag("p", {"class": "facts"}, "The final round: the grove stack is empty."))
    solo = view.get("solo")
    if solo and solo["marks"]:
        lines.append(tag("p", {"class": "facts"}, esc(
            "Reminders on the Tree's base (that colour's power is in the wraith bag): "
            + ", ".join(solo["marks"]))))
    cards = []
    for c in view["realm_cards"]:
        kind = "trophy at the end" if c["kind"] == "trophy" else "lightning: first to reach"
        holder = f" — taken by {view['names'][c['holder']]}" if c["holder"] is not None else ""
        cards.append(tag("li", {}, esc(f"{c['text']} ({kind}, +{c['dominion']} dominion)"
                                       f"{holder}")))
    return tag("section", {"class": "groves-supply", "aria_label": "Supplies and bonuses"},
               tag("h4", {"style": "margin:8px 0 2px"}, "Supply"), *lines,
               tag("h4", {"style": "margin:8px 0 2px"}, "Realm bonus cards"),
               tag("ul", {"style": "margin:0"}, *cards), _key())


def _key() -> str:
    """What each picture means."""
    items = [("earth", "earth"), ("light", "light"), ("water", "water"), ("crystal", "crystal"),
             ("dominion", "dominion (points)"), ("element", "an element of your choice"),
             ("spirit", "a spirit of your choice, to your bag"),
             ("white", "a white spirit, to your bag"),
             ("cull", "discard a random spirit from your bag"),
             ("draw", "draw extra spirits from your bag now")]
    facts = [tag("li", {"style": "display:flex;align-items:center;gap:4px"},
                 tag("svg", {"viewBox": "0 0 20 20", "width": "20", "height": "20",
                             "aria_hidden": "true"}, icon(k, 10, 10, 15)), esc(words))
             for k, words in items]
    facts.append(tag("li", {}, esc("A grove shows its name, its cost (elements and its "
                                   "dominion star), its reward, and after a coloured disc the "
                                   "bonus for a spirit of that colour or a wraith; "
                                   "/ means one or the other, → a trade.")))
    return tag("details", {"class": "gv-key", "style": "margin-top:6px"},
               tag("summary", {"style": "cursor:pointer;min-height:32px;line-height:32px"},
                   "What the pictures mean"),
               tag("ul", {"style": "list-style:none;padding:0;margin:0;display:grid;"
                          "grid-template-columns:repeat(auto-fill,minmax(220px,1fr));gap:4px"},
                   *facts))


def hand_picker(spirits: list[str], chosen: str | None) -> str:
    buttons = []
    for s in spirits:
        svg = tag("svg", {"viewBox": "0 0 26 26", "width": "26", "height": "26",
                          "aria_hidden": "true", "style": "vertical-align:middle"},
                  spirit_disc(13, 13, s))
        buttons.append(tag("button", {"type": "button", "data_ui": f"spirit={s}",
                                      "aria_pressed": "true" if s == chosen else "false",
                                      "aria_label": f"Choose a {s} spirit",
                                      "style": "min-height:40px;margin:0 6px 4px 0"},
                           svg, " ", esc(s)))
    hint = "then choose a highlighted grove or Tree area." if chosen else ""
    return tag("section", {"class": "groves-hand", "aria_label": "Spirit to place"},
               tag("p", {"class": "hint"}, esc("Place: ") + "".join(buttons), esc(hint)))
