"""Groves' small pieces: colours, icons, counts and icons in a row, spirits,
and a grove as a pictured hex."""

from __future__ import annotations

import math

from pygame_engine.games.groves.data import ALL_GROVES, Reward, bundle
from pygame_engine.games.groves.view_types import GroveView

from ..markup import esc, tag

BOARD_KINDS = {"place", "visit", "buy", "attach"}

HEX = 64  # hex radius (centre to corner), in px at scale 1
SPIRIT_LETTER = {"white": "W", "yellow": "Y", "orange": "O", "green": "G", "blue": "B",
                 "wraith": "X"}
SPIRIT_FILL = {"white": "#fbfaf5", "yellow": "#f2c12e", "orange": "#e07b24", "green": "#3c9a4a",
               "blue": "#3874c9", "wraith": "#1d1d1d"}
SPIRIT_INK = {"white": "#1f2a1f", "yellow": "#1f2a1f", "orange": "#1f2a1f", "green": "#ffffff",
              "blue": "#ffffff", "wraith": "#ffffff"}
GROVE_TINT = {"yellow": "#fbeeb8", "orange": "#f8d5b5", "green": "#cfe8c9", "blue": "#cbdcf3",
              None: "#ece6d6"}
RESOURCE_NAME = {"earth": "earth", "light": "light", "water": "water", "crystal": "crystal",
                 "dominion": "dominion"}
AREA_TEXT = {"groves": "Buy a grove", "bonus": "Summoning card", "portal": "Portal piece"}
TARGET = "#1a4fd6"
FONT = 12  # the smallest text drawn anywhere
NO_SHRINK = "max-width:none;display:block"  # SVGs keep scale 1 (see the module doc)
# width 0 and min-width 100%: a wide realm never widens the page, it pans in its box.
PAN_BOX = "overflow-x:auto;width:0;min-width:100%;-webkit-overflow-scrolling:touch"


# -- icons --------------------------------------------------------------------


def icon(kind: str, x: float, y: float, s: float = 13) -> str:
    """A picture (see ``_icon``) in a group named for it: ``icon-<kind>``."""
    return tag("g", {"class": f"icon-{kind}"}, _icon(kind, x, y, s))


def _icon(kind: str, x: float, y: float, s: float) -> str:
    """A resource or reward picture centred on (x, y), ``s`` px across: earth a
    brown square, light a sun, water a drop, crystal a violet diamond, dominion
    a red star; ``element`` (any element), ``spirit`` (a spirit of any colour),
    ``cull`` (a spirit discarded) and ``draw`` (an extra spirit drawn)."""
    resource = _resource_icon(kind, x, y, s)
    if resource is not None:
        return resource
    h = s / 2
    if kind == "element":
        return _pie(x, y, h, ["#8a5a2b", "#f4c430", "#2f7fd1"])
    if kind == "spirit":
        return _pie(x, y, h, [SPIRIT_FILL[c] for c in ("yellow", "orange", "green", "blue")])
    if kind == "cull":
        return (tag("circle", {"cx": f"{x:.1f}", "cy": f"{y:.1f}", "r": f"{h:.1f}",
                               "fill": "#d7d2c4", "stroke": "#333"})
                + tag("path", {"d": f"M{x - h * 0.7:.1f},{y + h * 0.7:.1f} L{x + h * 0.7:.1f},"
                                    f"{y - h * 0.7:.1f}", "stroke": "#b3261e",
                               "stroke_width": 2.4}))
    if kind == "draw":
        return (tag("circle", {"cx": f"{x:.1f}", "cy": f"{y:.1f}", "r": f"{h:.1f}",
                               "fill": "#fbfaf5", "stroke": "#333"})
                + tag("path", {"d": f"M{x:.1f},{y + h * 0.6:.1f} L{x:.1f},{y - h * 0.6:.1f} "
                                    f"M{x - h * 0.45:.1f},{y - h * 0.15:.1f} L{x:.1f},"
                                    f"{y - h * 0.6:.1f} L{x + h * 0.45:.1f},{y - h * 0.15:.1f}",
                               "stroke": "#1f2a1f", "stroke_width": 1.8, "fill": "none"}))
    if kind in SPIRIT_FILL:
        return tag("circle", {"cx": f"{x:.1f}", "cy": f"{y:.1f}", "r": f"{h:.1f}",
                              "fill": SPIRIT_FILL[kind], "stroke": "#333"})
    if kind == "portal":
        return tag("ellipse", {"cx": f"{x:.1f}", "cy": f"{y:.1f}", "rx": f"{h * 0.7:.1f}",
                               "ry": f"{h:.1f}", "fill": "#efe8fb", "stroke": "#5e3c99",
                               "stroke_width": 2.5})
    if kind == "card":
        return tag("rect", {"x": f"{x - h * 0.7:.1f}", "y": f"{y - h:.1f}",
                            "width": f"{s * 0.7:.1f}", "height": s, "rx": 2, "fill": "#f3ead2",
                            "stroke": "#6b5a2b"})
    if kind == "hex":
        return tag("polygon", {"points": hex_points(x, y, h), "fill": "#cfe8c9",
                               "stroke": "#5d7d4b"})
    raise ValueError(f"no icon {kind!r}")


def _resource_icon(kind: str, x: float, y: float, s: float) -> str | None:
    """The five resources' pictures (see ``_icon``); None for another kind."""
    h = s / 2
    if kind == "earth":
        return tag("rect", {"x": f"{x - h:.1f}", "y": f"{y - h:.1f}", "width": s, "height": s,
                            "rx": 2, "fill": "#8a5a2b", "stroke": "#4a2f14"})
    if kind == "light":
        rays = " ".join(f"M{x + h * math.cos(a):.1f},{y + h * math.sin(a):.1f} "
                        f"L{x + (h + 2.5) * math.cos(a):.1f},{y + (h + 2.5) * math.sin(a):.1f}"
                        for a in (i * math.pi / 4 for i in range(8)))
        return (tag("path", {"d": rays, "stroke": "#b07800", "stroke_width": 1.4})
                + tag("circle", {"cx": f"{x:.1f}", "cy": f"{y:.1f}", "r": f"{h - 1.5:.1f}",
                                 "fill": "#f4c430", "stroke": "#b07800"}))
    if kind == "water":
        d = (f"M{x:.1f},{y - h:.1f} C{x + h * 0.3:.1f},{y - h * 0.3:.1f} {x + h:.1f},{y:.1f} "
             f"{x + h * 0.8:.1f},{y + h * 0.4:.1f} A{h * 0.8:.1f},{h * 0.8:.1f} 0 0 1 "
             f"{x - h * 0.8:.1f},{y + h * 0.4:.1f} C{x - h:.1f},{y:.1f} {x - h * 0.3:.1f},"
             f"{y - h * 0.3:.1f} {x:.1f},{y - h:.1f}Z")
        return tag("path", {"d": d, "fill": "#2f7fd1", "stroke": "#174a80"})
    if kind == "crystal":
        diamond = f"{x:.1f},{y - h:.1f} {x + h * 0.75:.1f},{y:.1f} {x:.1f},{y + h:.1f} " \
                  f"{x - h * 0.75:.1f},{y:.1f}"
        return tag("polygon", {"points": diamond, "fill": "#9b59d0", "stroke": "#4b2370"})
    if kind == "dominion":
        pts = []
        for i in range(10):
            a = math.radians(-90 + 36 * i)
            r = h if i % 2 == 0 else h * 0.45
            pts.append(f"{x + r * math.cos(a):.1f},{y + r * math.sin(a) + 0.8:.1f}")
        return tag("polygon", {"points": " ".join(pts), "fill": "#c0392b", "stroke": "#6e1d15"})
    return None


def _pie(x: float, y: float, r: float, fills: list[str]) -> str:
    """A disc cut into equal slices, one per colour ("any of these")."""
    parts = []
    n = len(fills)
    for i, fill in enumerate(fills):
        a0, a1 = 2 * math.pi * i / n - math.pi / 2, 2 * math.pi * (i + 1) / n - math.pi / 2
        parts.append(tag("path", {"d": f"M{x:.1f},{y:.1f} L{x + r * math.cos(a0):.1f},"
                                       f"{y + r * math.sin(a0):.1f} A{r:.1f},{r:.1f} 0 0 1 "
                                       f"{x + r * math.cos(a1):.1f},{y + r * math.sin(a1):.1f}Z",
                                  "fill": fill}))
    parts.append(tag("circle", {"cx": f"{x:.1f}", "cy": f"{y:.1f}", "r": f"{r:.1f}",
                                "fill": "none", "stroke": "#333"}))
    return "".join(parts)


Part = tuple[str, str]  # ("text", "2") or ("icon", "crystal")


def bundle_parts(code: str) -> list[Part]:
    """``"1E+2C"`` as count-and-icon parts."""
    out: list[Part] = []
    for what, n in bundle(code).items():
        out += [("text", str(n)), ("icon", what)]
    return out


def reward_parts(reward: Reward) -> list[Part]:
    """A reward (``data.Reward``) as count-and-icon parts."""
    kind = reward[0]
    if kind == "gain":
        return bundle_parts(reward[1])
    if kind == "element":
        return [("text", str(reward[1])), ("icon", "element")]
    if kind == "either":
        return bundle_parts(reward[1]) + [("sep", "/")] + bundle_parts(reward[2])
    if kind == "trade":
        return bundle_parts(reward[1]) + [("sep", "→")] + bundle_parts(reward[2])
    if kind == "spirit":
        return [("text", str(reward[1])), ("icon", "spirit")]
    if kind == "white":
        return [("text", "1"), ("icon", "white")]
    if kind == "cull":
        return [("text", "1"), ("icon", "cull")]
    if kind == "draw":
        return [("text", str(reward[1])), ("icon", "draw")]
    return [("text", kind)]


def _part_width(part: Part, s: float) -> float:
    kind, value = part
    if kind == "icon":
        return s + 1
    if kind == "sep":
        return 10
    return 7.2 * len(value)


def _gaps(parts: list[Part]) -> list[float]:
    return [0.0] + [4.0 if parts[k][0] == "text" else 1.0 for k in range(1, len(parts))]


def parts_width(parts: list[Part], s: float = 12) -> float:
    return sum(_part_width(p, s) for p in parts) + sum(_gaps(parts))


def parts_svg(parts: list[Part], cx: float, cy: float, s: float = 12) -> str:
    """Count-and-icon parts in one line centred on (cx, cy), counts in bold 12 px."""
    widths = [_part_width(p, s) for p in parts]
    gaps = _gaps(parts)
    x = cx - parts_width(parts, s) / 2
    out = []
    for k, (part, w) in enumerate(zip(parts, widths, strict=True)):
        if k:
            x += gaps[k]
        kind, value = part
        if kind == "icon":
            out.append(icon(value, x + w / 2, cy, s))
        else:
            out.append(tag("text", {"x": f"{x + w / 2:.1f}", "y": f"{cy + 4.3:.1f}",
                                    "text_anchor": "middle", "font_size": f"{FONT}",
                                    "font_weight": "700" if kind == "text" else "400",
                                    "fill": "#1f2a1f"}, esc(value)))
        x += w
    return "".join(out)


def fact(kind: str, count: int | str, words: str) -> str:
    """An HTML icon with its count (the words for screen readers and as a title)."""
    pic = tag("svg", {"viewBox": "0 0 20 20", "width": "20", "height": "20",
                      "aria_hidden": "true", "style": "vertical-align:-4px"},
              icon(kind, 10, 10, 15) if kind not in SPIRIT_FILL else spirit_disc(10, 10, kind, 9))
    return tag("span", {"class": "gv-fact", "role": "img", "aria_label": words, "title": words,
                        "style": "display:inline-flex;align-items:center;gap:2px;"
                                 "margin-right:8px;white-space:nowrap"},
               pic, tag("b", {}, esc(count)))


# -- spirits and hexes -----------------------------------------------------------


def spirit_disc(cx: float, cy: float, spirit: str, r: float = 12.0, key: str | None = None,
                last: bool = False) -> str:
    """A spirit token: a disc with its letter (never under 12 px)."""
    parts = [tag("circle", {"cx": f"{cx:.1f}", "cy": f"{cy:.1f}", "r": r,
                            "fill": SPIRIT_FILL[spirit], "stroke": "#333", "stroke_width": 1,
                            "class": "last-move" if last else None}),
              tag("text", {"x": f"{cx:.1f}", "y": f"{cy + max(FONT, r) * 0.37:.1f}",
                           "text_anchor": "middle", "font_size": f"{max(FONT, r):.0f}",
                           "font_weight": "700", "fill": SPIRIT_INK[spirit]},
                  SPIRIT_LETTER[spirit])]
    return tag("g", {"role": "img", "aria_label": "a wraith" if spirit == "wraith"
                     else f"{spirit} spirit", "data_key": key}, *parts)


def hex_centre(q: int, r: int) -> tuple[float, float]:
    return HEX * math.sqrt(3) * (q + r / 2), HEX * 1.5 * r


def hex_points(cx: float, cy: float, radius: float = HEX - 1.5) -> str:
    pts = []
    for i in range(6):
        a = math.radians(60 * i - 30)
        pts.append(f"{cx + radius * math.cos(a):.1f},{cy + radius * math.sin(a):.1f}")
    return " ".join(pts)


def _cost_words(cost: dict[str, int]) -> str:
    return " + ".join(f"{n} {e}" for e, n in cost.items()) or "free"


def grove_label(g: GroveView) -> str:
    """A grove in words, for titles and screen readers."""
    colour = g["colour"] or "colourless"
    text = f"{g['name']} ({colour}"
    if g["cost"]:
        text += f", costs {_cost_words(g['cost'])}, {g['dominion']} dominion"
    text += f"): {g['primary']}"
    if g["bonus"]:
        text += f"; bonus for {'an' if colour == 'orange' else 'a'} {colour} spirit or a " \
                f"wraith: {g['bonus']}"
    return text


def name_lines(name: str) -> list[str]:
    """A grove's name on one line, or two when it is long (never cut)."""
    words = name.split()
    if len(name) <= 10 or len(words) == 1:
        return [name]
    best = min(range(1, len(words)), key=lambda k: max(len(" ".join(words[:k])),
                                                       len(" ".join(words[k:]))))
    return [" ".join(words[:best]), " ".join(words[best:])]


def grove_hex(cx: float, cy: float, g: GroveView, action: int | None = None,
              extra: str = "", key: str | None = None, last: bool = False,
              occupant: str | None = None, occupant_key: str | None = None,
              occupant_last: bool = False, place: str = "") -> str:
    """One grove: name, cost and dominion, reward, bonus (and ``occupant``, its
    spirit, if any); ``place`` opens its name for a screen reader ("Amber's realm: ")."""
    label = place + grove_label(g) + extra
    info = ALL_GROVES[g["id"]]
    parts = [tag("polygon", {"points": hex_points(cx, cy), "fill": GROVE_TINT[g["colour"]],
                             "stroke": "#7d7560", "stroke_width": 1.2,
                             "class": "last-move" if last else None})]
    # Top to bottom, the narrow ends of the hex holding the short rows: the
    # dominion the grove is worth, its name, its cost on a grey tag, its
    # reward, and its bonus behind a disc of its colour.
    bought = bool(info.cost)
    lines = name_lines(g["name"])
    if bought:
        parts.append(parts_svg([("text", str(info.dominion)), ("icon", "dominion")],
                               cx, cy - 47))
    top = (cy - 30 if bought else cy - 26) if len(lines) == 2 else (
        cy - 21 if bought else cy - 16)
    for k, line in enumerate(lines):
        parts.append(tag("text", {"x": f"{cx:.1f}", "y": f"{top + 14 * k:.1f}",
                                  "text_anchor": "middle", "font_size": f"{FONT}",
                                  "font_weight": "600", "fill": "#1f2a1f"}, esc(line)))
    y = cy + 1 if bought else cy + 8
    if bought:
        cost = bundle_parts(info.cost)
        width = parts_width(cost) + 8
        parts.append(tag("rect", {"x": f"{cx - width / 2:.1f}", "y": f"{y - 8:.1f}",
                                  "width": f"{width:.1f}", "height": 16, "rx": 4,
                                  "fill": "#ffffff", "fill_opacity": "0.7",
                                  "stroke": "#8c8670"}))
        parts.append(parts_svg(cost, cx, y))
        y += 19
    parts.append(parts_svg(reward_parts(info.primary), cx, y))
    if info.bonus is not None and info.colour is not None:
        bonus = reward_parts(info.bonus)
        y += 19
        width = parts_width(bonus) + 19
        bx = cx - width / 2 + 8
        parts.append(spirit_disc(bx, y, info.colour, r=8))
        parts.append(parts_svg(bonus, bx + 11 + parts_width(bonus) / 2, y))
    if occupant:
        parts.append(spirit_disc(cx, cy + 18, occupant, r=14, key=occupant_key,
                                 last=occupant_last))
    attrs: dict[str, object] = {"aria_label": label, "data_key": key}
    classes = ["gv-grove"]
    if action is not None:
        parts.append(tag("polygon", {"points": hex_points(cx, cy, HEX - 5), "fill": "none",
                                     "stroke": TARGET, "stroke_width": 3.5,
                                     "stroke_dasharray": "7 4"}))
        attrs.update(data_action=action, role="button", tabindex=0, style="cursor:pointer")
        classes.append("target")
    else:
        attrs["role"] = "img"
    attrs["class"] = " ".join(classes)
    return tag("g", attrs, tag("title", {}, esc(label)), *parts)
