"""A Groves realm: its groves as hexes, the spirits on them (keyed from the
hand to where they land), its portals and where a new grove may attach."""

from __future__ import annotations

from pygame_engine.games.groves.data import SPIRITS
from pygame_engine.games.groves.view_types import GrovesView, PlayerView

from ..markup import esc, seat_letters, tag
from ..page import zoom_button
from .pieces import HEX, PAN_BOX, TARGET, grove_hex, hex_centre, hex_points

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


def realm_svg(view: GrovesView, p: int, place: dict[tuple[int, int, int], int],
               attach: dict[tuple[int, int], int], keys: SpiritKeys) -> str:
    player = view["players"][p]
    last = view.get("last_move") or {}
    cells = [(g["q"], g["r"]) for g in player["realm"]]
    if attach:
        cells += list(attach)
    xs = [hex_centre(q, r)[0] for q, r in cells]
    ys = [hex_centre(q, r)[1] for q, r in cells]
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
        cx, cy = hex_centre(g["q"], g["r"])
        q, r = g["q"], g["r"]
        key = f"grove-{g['id']}" if g["cost"] else f"grove-{p}-{g['id']}"
        placed_here = last.get("kind") == "place" and (last.get("owner"), last.get("q"),
                                                       last.get("r")) == (p, q, r)
        landed = (last.get("kind") == "attach" and last.get("seat") == p
                  and (last.get("q"), last.get("r")) == (q, r)) or (
            last.get("kind") == "start" and last.get("seat") == p and g["id"].startswith("rg-"))
        parts.append(grove_hex(cx, cy, g, place.get((p, q, r)), key=key, last=landed,
                               occupant=g["occupant"], occupant_key=keys.on_grove(p, q, r),
                               occupant_last=placed_here and bool(g["occupant"]),
                               place=f"{names[p]}'s realm: "))
    for (q, r), index in sorted(attach.items()):
        cx, cy = hex_centre(q, r)
        label = f"Attach the new grove here{_beside(player, q, r)}"
        parts.append(tag("g", {"data_action": index, "role": "button", "tabindex": 0,
                               "aria_label": label, "class": "target", "style": "cursor:pointer"},
                         tag("title", {}, esc(label)),
                         tag("polygon", {"points": hex_points(cx, cy), "fill": "#fff6c8",
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
    """Where an empty cell is, by its neighbours ("west of Spirit Well"): each
    direction from a grove is one cell, so two cells never read the same."""
    by_cell = {(g["q"], g["r"]): g["name"] for g in player["realm"]}
    # The neighbour's offset from the cell, and the cell's direction from the neighbour.
    sides = (((1, 0), "west"), ((1, -1), "south-west"), ((0, -1), "south-east"),
             ((-1, 0), "east"), ((-1, 1), "north-east"), ((0, 1), "north-west"))
    near = [f"{side} of {by_cell[(q + dq, r + dr)]}" for (dq, dr), side in sides
            if (q + dq, r + dr) in by_cell]
    if not near:
        return ""
    return ", " + (near[0] if len(near) == 1 else ", ".join(near[:-1]) + " and " + near[-1])
