"""Groves as SVG and HTML: the Tree of Idyll, the row of new groves, every realm.

Each realm is a map of hexes with the spirits on them. Every grove hex shows,
always and without hover, its full name, its cost (element icons with counts
and its dominion star), its reward, and its bonus reward behind a disc of the
grove's colour (the bonus is for a spirit of that colour or a wraith). The
row of new groves shows each slot's crystal price, the Tree of Idyll its
areas with the spirits sent there, and in solo play the Hollows of the Lost.
Supplies, resources and bags are icons with counts; a key below the table
says what each picture means. Spirits are discs with a letter (W white,
Y yellow, O orange, G green, B blue, X wraith), and each colour's grove
carries that letter on its bonus disc, so nothing depends on colour alone.

Layout: the viewer's own area (panel, spirits to place, realm) comes first,
beside the row and the Tree on a wide screen; it carries ``data-focus`` while
that seat is to act. SVGs are drawn at scale 1 (text at least 12 px) and a
realm wider than the screen pans inside its own box.

Table contract: every movable component carries a stable ``data-key``
(``grove-<id>`` for a bought grove from the row to its realm, ``grove-<seat>-<id>``
for starting groves, ``sp-<seat>-<colour>-<n>`` for a spirit from its seat's
hand to the grove or Tree area it is sent to, ``hollow-<n>`` for the wraiths of
the solo track); the outline of the last move's grove or spirit has the class ``last-move``
(style.css draws the mark).

Placing a spirit is a local step and a click: pick one of your drawn
spirits (``data-ui="spirit=<colour>"``; skipped when you hold one kind),
then click a highlighted grove or Tree area, which carries ``data-action``.
Buying (a grove in the row) and attaching (an empty hex next to your realm)
are single clicks on the board; the setup choice is a click on a pictured
grove or a button; reward choices go to the action bar.
"""

from __future__ import annotations

import math

from pygame_engine.games.groves.actions import card_words, describe
from pygame_engine.games.groves.data import ALL_GROVES, SPIRITS, Reward, bundle
from pygame_engine.games.groves.view_types import GrovesView, GroveView, PlayerView, SoloView

from . import Choice, int_field, str_field
from .markup import esc, seat_letters, tag
from .page import zoom_button

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
        return tag("polygon", {"points": _hex_points(x, y, h), "fill": "#cfe8c9",
                               "stroke": "#5d7d4b"})
    raise ValueError(f"no icon {kind!r}")


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


def _hex_centre(q: int, r: int) -> tuple[float, float]:
    return HEX * math.sqrt(3) * (q + r / 2), HEX * 1.5 * r


def _hex_points(cx: float, cy: float, radius: float = HEX - 1.5) -> str:
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
              occupant_last: bool = False) -> str:
    """One grove: name, cost and dominion, reward, bonus (and ``occupant``, its
    spirit, if any)."""
    label = grove_label(g) + extra
    info = ALL_GROVES[g["id"]]
    parts = [tag("polygon", {"points": _hex_points(cx, cy), "fill": GROVE_TINT[g["colour"]],
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
        parts.append(tag("polygon", {"points": _hex_points(cx, cy, HEX - 5), "fill": "none",
                                     "stroke": TARGET, "stroke_width": 3.5,
                                     "stroke_dasharray": "7 4"}))
        attrs.update(data_action=action, role="button", tabindex=0, style="cursor:pointer")
        classes.append("target")
    else:
        attrs["role"] = "img"
    attrs["class"] = " ".join(classes)
    return tag("g", attrs, tag("title", {}, esc(label)), *parts)


# -- spirits' keys ------------------------------------------------------------------


class SpiritKeys:
    """Stable keys for this round's spirits: ``sp-<seat>-<colour>-<n>``, the n-th
    spirit of that colour the seat drew this round. Spirits already placed take
    the first numbers in the order they were placed, those still in hand the
    next ones, so a spirit keeps its key from the hand to where it lands."""

    def __init__(self, view: GrovesView) -> None:
        counts: dict[tuple[int, str], int] = {}
        self.at: dict[str, str] = {}  # "owner,q,r" -> key
        self.tree: dict[str, list[str]] = {}  # area -> keys in order
        self.last_sent: str | None = None
        for seat, spirit, where in view.get("sent", []):
            n = counts.get((seat, spirit), 0)
            counts[seat, spirit] = n + 1
            key = f"sp-{seat}-{spirit}-{n}"
            if where.startswith("tree:"):
                self.tree.setdefault(where[5:], []).append(key)
            else:
                self.at[where] = key
            self.last_sent = key
        self.hand: dict[int, list[tuple[str, str]]] = {}
        for p, player in enumerate(view["players"]):
            held = []
            for spirit in SPIRITS:
                first = counts.get((p, spirit), 0)
                held += [(spirit, f"sp-{p}-{spirit}-{first + i}")
                         for i in range(player["hand"][spirit])]
            self.hand[p] = held

    def on_grove(self, owner: int, q: int, r: int) -> str:
        return self.at.get(f"{owner},{q},{r}", f"stay-{owner}-{q}-{r}")


# -- realms ------------------------------------------------------------------------


def portal_ends(view: GrovesView, p: int) -> list[tuple[int, int]]:
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
                  outgoing: bool, side: int, key: str) -> str:
    """A portal on a realm's edge: an upright oval ring with the other seat's
    letter and a wedge pointing the way spirits may travel (out of the realm for
    one's own portal, into it for a neighbour's)."""
    label = f"Portal from {source} to {target}"
    way = side if outgoing else -side  # +1: the wedge points right
    tip, back = cx + way * 21, cx + way * 13
    wedge = f"{tip:.1f},{cy:.1f} {back:.1f},{cy - 6:.1f} {back:.1f},{cy + 6:.1f}"
    return tag("g", {"class": "portal", "role": "img", "aria_label": label,
                     "data_key": key},
               tag("title", {}, esc(label)),
               tag("ellipse", {"cx": f"{cx:.1f}", "cy": f"{cy:.1f}", "rx": 11, "ry": 15,
                               "fill": "#efe8fb", "stroke": "#5e3c99", "stroke_width": 3}),
               tag("text", {"x": f"{cx:.1f}", "y": f"{cy + 4.5:.1f}", "text_anchor": "middle",
                            "font_size": "13", "font_weight": "700", "fill": "#3b2566"},
                   esc(letter)),
               tag("polygon", {"points": wedge, "fill": "#5e3c99"}))


def _realm_svg(view: GrovesView, p: int, place: dict[tuple[int, int, int], int],
               attach: dict[tuple[int, int], int], keys: SpiritKeys) -> str:
    player = view["players"][p]
    last = view.get("last_move") or {}
    cells = [(g["q"], g["r"]) for g in player["realm"]]
    if attach:
        cells += list(attach)
    xs = [_hex_centre(q, r)[0] for q, r in cells]
    ys = [_hex_centre(q, r)[1] for q, r in cells]
    pad = HEX + 4
    ends = portal_ends(view, p)
    margin = 36 if ends else 0  # room for the portals on the left and right edges
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
        cx = x0 + 22 if side < 0 else x0 + w - 22
        cy = y0 + h / 2 + (k - 0.5) * 38
        parts.append(_portal_glyph(cx, cy, names[source], names[target], letters[other],
                                   source == p, side, f"portal-{source}-{target}-in-{p}"))
    for g in player["realm"]:
        cx, cy = _hex_centre(g["q"], g["r"])
        q, r = g["q"], g["r"]
        key = f"grove-{g['id']}" if g["cost"] else f"grove-{p}-{g['id']}"
        placed_here = last.get("kind") == "place" and (last.get("owner"), last.get("q"),
                                                       last.get("r")) == (p, q, r)
        landed = (last.get("kind") == "attach" and last.get("seat") == p
                  and (last.get("q"), last.get("r")) == (q, r)) or (
            last.get("kind") == "start" and last.get("seat") == p and g["id"].startswith("rg-"))
        parts.append(grove_hex(cx, cy, g, place.get((p, q, r)), key=key, last=landed,
                               occupant=g["occupant"], occupant_key=keys.on_grove(p, q, r),
                               occupant_last=placed_here and bool(g["occupant"])))
    for (q, r), index in sorted(attach.items()):
        cx, cy = _hex_centre(q, r)
        label = f"Attach the new grove here{_beside(player, q, r)}"
        parts.append(tag("g", {"data_action": index, "role": "button", "tabindex": 0,
                               "aria_label": label, "class": "target", "style": "cursor:pointer"},
                         tag("title", {}, esc(label)),
                         tag("polygon", {"points": _hex_points(cx, cy), "fill": "#fff6c8",
                                         "stroke": TARGET, "stroke_width": 3,
                                         "stroke_dasharray": "7 4"}),
                         tag("text", {"x": f"{cx:.1f}", "y": f"{cy + 5:.1f}",
                                     "text_anchor": "middle", "font_size": "14",
                                     "font_weight": "700", "fill": TARGET}, "Attach here")))
    svg = tag("svg", {"viewBox": f"{x0:.0f} {y0:.0f} {w:.0f} {h:.0f}", "class": "groves-realm",
                      "role": "group", "aria_label": f"{view['names'][p]}'s realm",
                      "width": f"{w:.0f}", "height": f"{h:.0f}",
                      "style": f"display:block;--natural:{w:.0f}px"}, *parts)
    # Fits the width of a narrow screen; enlarged (``zoom_button``), it keeps
    # scale 1 and pans in its box.
    return zoom_button("realm") + tag("div", {"class": "gv-pan", "style": PAN_BOX}, svg)


def _beside(player: PlayerView, q: int, r: int) -> str:
    by_cell = {(g["q"], g["r"]): g["name"] for g in player["realm"]}
    near = [by_cell[c] for c in ((q + 1, r), (q + 1, r - 1), (q, r - 1), (q - 1, r),
                                 (q - 1, r + 1), (q, r + 1)) if c in by_cell]
    if not near:
        return ""
    return ", beside " + (near[0] if len(near) == 1 else ", ".join(near[:-1]) + " and "
                          + near[-1])


# -- panels --------------------------------------------------------------------------


def _player_panel(view: GrovesView, p: int, keys: SpiritKeys) -> str:
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


def _row(view: GrovesView, buy: dict[int, int]) -> str:
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
            shown = _grove_dict(attaching)
            note = True
        if shown is None:
            text = "bought" if view["row_bought"][slot] else "empty"
            parts.append(tag("g", {"role": "img", "aria_label": f"{price} slot: {text}"},
                             tag("polygon", {"points": _hex_points(62, 66), "fill": "none",
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


def _grove_dict(gid: str) -> GroveView:
    g = ALL_GROVES[gid]
    return {"id": gid, "name": g.name, "colour": g.colour,
            "cost": bundle(g.cost) if g.cost else {}, "dominion": g.dominion,
            "primary": describe(g.primary), "bonus": describe(g.bonus) if g.bonus else None}


AREA_PICTURE: dict[str, list[Part]] = {"groves": [("icon", "hex")], "bonus": [("icon", "card")],
                                       "portal": [("icon", "portal")]}


def _tree(view: GrovesView, visit: dict[str, int], keys: SpiritKeys) -> str:
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


def _hollows(solo: SoloView) -> str:
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


def _supplies(view: GrovesView) -> str:
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


def _hand_picker(spirits: list[str], chosen: str | None) -> str:
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


def _setup_choice(view: GrovesView, legal: list[Choice]) -> str:
    """The four resource groves, each as a pictured hex (a click chooses it)."""
    start = {str_field(c, "colour"): c["index"] for c in legal if c["kind"] == "start"}
    taken = {pl["resource"]: p for p, pl in enumerate(view["players"]) if pl["resource"]}
    svgs = []
    for colour in ("yellow", "orange", "green", "blue"):
        g = _grove_dict("rg-" + colour)
        note = f" (taken by {view['names'][taken[colour]]})" if colour in taken else ""
        under = f"taken by {view['names'][taken[colour]]}" if colour in taken else "free"
        svgs.append(tag("svg", {"viewBox": "0 0 124 154", "width": "124", "height": "154",
                                "style": NO_SHRINK},
                        grove_hex(62, 66, g, start.get(colour), note),
                        tag("text", {"x": 62, "y": 148, "text_anchor": "middle",
                                     "font_size": f"{FONT}", "fill": "#1f2a1f",
                                     "font_weight": "700" if colour in taken else "400"},
                            esc(under))))
    head = ("Choose your resource grove: it gives its reward to any spirit, and its "
            "bonus too to a spirit of its colour or a wraith; a spirit of its colour joins "
            "your bag." if start else "Each seat in turn chooses a resource grove.")
    return tag("section", {"class": "gv-setup", "aria_label": "Resource groves",
                           "data_focus": "true" if start else None},
               tag("p", {"class": "hint", "style": "margin:0 0 4px"}, esc(head)),
               tag("div", {"style": "display:flex;flex-wrap:wrap;gap:4px 8px"}, *svgs))


def short_labels(legal: list[Choice]) -> dict[int, str]:
    """The bar's short form of choices whose whole label is long: a starting
    grove by its name, a summoning card by its number on the board (the cards
    and the groves are pictured there with their whole text)."""
    out = {}
    cards = [c for c in legal if c["kind"] == "summon"]
    for c in legal:
        if c["kind"] == "start":
            out[c["index"]] = _grove_dict("rg-" + str_field(c, "colour"))["name"]
        elif c["kind"] == "strand":
            out[c["index"]] = "Return the wraiths to the bag"
    for n, c in enumerate(cards, start=1):
        out[c["index"]] = f"Keep card {n}"
    return out


def _summon_choice(legal: list[Choice]) -> str:
    """The summoning cards offered, each a card to click (numbered as the bar's
    short buttons are)."""
    cards = [c for c in legal if c["kind"] == "summon"]
    if not cards:
        return ""
    buttons = []
    for n, c in enumerate(cards, start=1):
        words = c["label"].removeprefix("Keep the summoning card for ")
        buttons.append(tag("button", {"type": "button", "class": "gv-card",
                                      "data_action": c["index"], "aria_label": c["label"]},
                           tag("strong", {}, f"Card {n}"), tag("span", {}, esc(words))))
    return tag("section", {"class": "gv-cards", "aria_label": "Summoning cards",
                           "data_focus": "true"},
               tag("p", {"class": "hint"}, "Keep one of the two summoning cards:"),
               tag("div", {"class": "gv-card-row"}, *buttons))


def render_board(view: GrovesView, legal: list[Choice], ui: dict[str, str]) -> str:
    """The whole table for one seat's view (or a spectator's)."""
    spirits = []
    for c in legal:
        if c["kind"] in ("place", "visit") and str_field(c, "spirit") not in spirits:
            spirits.append(str_field(c, "spirit"))
    # The first kind held is chosen until the player picks another, so the
    # board always shows where a spirit can go.
    chosen = ui.get("spirit")
    if chosen not in spirits:
        chosen = spirits[0] if spirits else None
    place = {(int_field(c, "owner"), int_field(c, "q"), int_field(c, "r")): c["index"]
             for c in legal if c["kind"] == "place" and str_field(c, "spirit") == chosen}
    visit = {str_field(c, "area"): c["index"] for c in legal
             if c["kind"] == "visit" and str_field(c, "spirit") == chosen}
    buy = {int_field(c, "slot"): c["index"] for c in legal if c["kind"] == "buy"}
    attach = {(int_field(c, "q"), int_field(c, "r")): c["index"] for c in legal
              if c["kind"] == "attach"}
    keys = SpiritKeys(view)
    seat = view["seat"]
    acting = view["current"]
    parts = [tag("p", {"class": "round-line"}, esc(_round_text(view)))]
    if view["phase"] == "setup":
        parts.append(_setup_choice(view, legal))
    parts.append(_summon_choice(legal))

    def area(p: int) -> str:
        mine = isinstance(seat, int) and p == seat
        inner = [_player_panel(view, p, keys)]
        if mine and spirits:
            inner.append(_hand_picker(spirits, chosen))
        inner.append(_realm_svg(view, p, place, attach if p == acting else {}, keys))
        focus = mine and p == acting and not view["over"] and view["phase"] != "setup"
        return tag("article", {"class": f"player seat-{p}", "data_focus": "true" if focus
                               else None, "style": "min-width:0;flex:1 1 300px"}, *inner)

    centre = [_row(view, buy), _tree(view, visit, keys)]
    solo = view["solo"]
    if solo:
        centre.append(_hollows(solo))
    centre_box = tag("div", {"class": "groves-centre", "style": "display:grid;gap:10px;"
                             "justify-items:start;flex:0 0 300px;max-width:100%"}, *centre)
    others = list(range(view["num_players"]))
    top = []
    if isinstance(seat, int):  # your own area first, beside the row and the Tree
        others.remove(seat)
        top.append(area(seat))
    top.append(centre_box)
    parts.append(tag("div", {"class": "groves-top", "style": "display:flex;flex-wrap:wrap;"
                             "gap:12px;align-items:flex-start;margin-bottom:12px"}, *top))
    if others:
        parts.append(tag("div", {"class": "players", "style": "grid-template-columns:"
                                 "repeat(auto-fill,minmax(min(100%,330px),1fr))"},
                         *(area(p) for p in others)))
    parts.append(_supplies(view))
    return tag("div", {"class": "groves"}, *parts)


def _round_text(view: GrovesView) -> str:
    names = view["names"]
    if view["phase"] == "setup":
        return "Setup: each seat in turn picks a resource grove."
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
