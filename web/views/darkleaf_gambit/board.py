"""Haggedorn, the 8x8 board: the units, what a click on a unit or a territory
offers (``Offer``, ``Plan``), the marks and the targets."""

from __future__ import annotations

from typing import Any

from pygame_engine.games.darkleaf_gambit.view_types import DarkleafView, TerritoryMarkView, UnitView

from .. import Choice, int_field
from ..markup import esc, tag
from .pieces import (
    FILES,
    HEIGHT,
    LEFT,
    RIGHT,
    SQ,
    TOP,
    TRAIT_AURAS,
    UNIT_NAME,
    WIDTH,
    bottom_seat,
    key_words,
    piece_svg,
    plural,
    seat_colour,
    sq_name,
    xy,
)

# -- what the board offers -----------------------------------------------------------


class Offer:
    """A square-bound legal action: the acting unit's square (or None) and the target."""

    def __init__(self, unit: int | None, square: int, choice: Choice) -> None:
        self.unit, self.square, self.choice = unit, square, choice

    @property
    def index(self) -> int:
        return self.choice["index"]


def _offers(view: DarkleafView, legal: list[Choice]) -> list[Offer]:
    acting = view.get("current")
    queen = next((u["square"] for u in view["units"] if u["seat"] == acting
                  and u["type"] == "queen" and u["square"] >= 0), None)
    out = []
    for c in legal:
        kind = c["kind"]
        if kind == "journey":
            out.append(Offer(int_field(c, "frm"), int_field(c, "to"), c))
        elif kind in ("hunt", "pivot", "morph", "seed", "ladder"):  # the unit against a target
            out.append(Offer(int_field(c, "frm"), int_field(c, "target"), c))
        elif kind == "leap":
            out.append(Offer(queen, int_field(c, "to"), c))
        elif kind == "declare" and declares_square(c):
            out.append(Offer(int_field(c, "unit"), int_field(c, "target"), c))
        elif kind == "pick":
            out.append(Offer(None, int_field(c, "square"), c))
        elif kind == "garden":  # the ground under the casting unit
            out.append(Offer(int_field(c, "frm"), int_field(c, "frm"), c))
        elif kind == "push":  # a Flow: where the unit goes, or its square when off the edge
            out.append(Offer(None, _pushed_to(int_field(c, "target"), int_field(c, "df"),
                                               int_field(c, "dr"), int_field(c, "dist")), c))
    return out


def declares_square(c: Choice) -> bool:
    """Whether a declaration names a unit and a target square (a journey names neither)."""
    return int_field(c, "unit") >= 0 and int_field(c, "target") >= 0


def _pushed_to(sq: int, df: int, dr: int, dist: int) -> int:
    """The territory a Flow pushes the unit on ``sq`` to, or ``sq`` when it goes off."""
    f, r = sq % 8 + df * dist, sq // 8 + dr * dist
    return r * 8 + f if 0 <= f < 8 and 0 <= r < 8 and 0 <= sq < 64 else sq


def _int(ui: dict[str, str], key: str) -> int | None:
    value = ui.get(key, "")
    return int(value) if value.lstrip("-").isdigit() else None


class Plan:
    """What the board highlights now, from the legal actions and the local selection."""

    def __init__(self, view: DarkleafView, legal: list[Choice],
                 ui: dict[str, str]) -> None:
        offers = _offers(view, legal)
        self.units: dict[int, list[Offer]] = {}
        free: list[Offer] = []
        for o in offers:
            if o.unit is None:
                free.append(o)
            else:
                self.units.setdefault(o.unit, []).append(o)
        chosen = _int(ui, "from")
        self.auto = len(self.units) == 1 and not free
        if chosen not in self.units:
            chosen = next(iter(self.units)) if self.auto else None
        self.selected = chosen
        shown = free + (self.units[chosen] if chosen is not None else [])
        self.targets: dict[int, list[Offer]] = {}
        for o in shown:
            self.targets.setdefault(o.square, []).append(o)
        at = _int(ui, "at")
        self.at = at if at in self.targets and len(self.targets[at]) > 1 else None


# -- the board ------------------------------------------------------------------------


def _unit_label(view: DarkleafView, u: UnitView) -> str:
    names = view["names"]
    clan = view["clans"][u["seat"]]["name"]
    bits = [f"{names[u['seat']]}'s {clan} {UNIT_NAME.get(u['type'], u['type'])} on "
            f"{sq_name(u['square'])}"]
    if u["auras"]:
        skills = {s["key"]: s["name"] for s in view["clans"][u["seat"]]["skills"]}
        bits.append("auras: " + ", ".join(skills.get(a, TRAIT_AURAS.get(a, key_words(a)))
                                          for a in u["auras"]))
    marks = sum(u["marks"].values()) if u["marks"] else 0
    if marks:
        bits.append(f"{plural(marks, 'mark')} of the rival")
    bits += [str(m["label"]) for m in view.get("unit_marks") or [] if m.get("unit") == u["id"]]
    if u.get("invulnerable"):
        bits.append("invulnerable")
    return "; ".join(bits)


def _aura_letters(view: DarkleafView, seat: int, key: str) -> str:
    """Two letters for an aura's chip: the initials of a two-word name (Long Bow: LB),
    else its first two letters (Pivot: Pi), so a chip never reads as a unit letter."""
    name = next((str(s["name"]) for s in view["clans"][seat]["skills"] if s["key"] == key),
                TRAIT_AURAS.get(key, key_words(key)))
    words = name.split()
    return (words[0][0] + words[1][0]).upper() if len(words) > 1 else name[:2].title()


def _unit_svg(view: DarkleafView, u: UnitView, flipped: bool, plan: Plan) -> str:
    x, y = xy(u["square"], flipped)
    cx, cy = x + SQ / 2, y + SQ / 2 + 1
    colour = seat_colour(view, u["seat"])
    label = _unit_label(view, u)
    parts = [tag("title", {}, esc(label)),
             piece_svg(u["type"], u["letter"], u["seat"], colour, cx, cy)]
    for i, aura in enumerate(u["auras"][:2]):  # own fate chips along the lower edge
        ax = x + 1 + i * 19
        parts.append(tag("rect", {"x": ax, "y": y + SQ - 14, "width": 19, "height": 13.5,
                                  "rx": 6, "fill": "#ffe066", "stroke": "#1f2a1f",
                                  "stroke_width": 1}))
        parts.append(tag("text", {"x": ax + 9.5, "y": y + SQ - 3.2, "text_anchor": "middle",
                                  "font_size": 12, "font_weight": 700, "fill": "#1f2a1f",
                                  "letter_spacing": "-0.5"},
                         esc(_aura_letters(view, u["seat"], aura))))
    marks = sum(u["marks"].values()) if u["marks"] else 0
    if marks:  # the rival's chips (Hunt marks): a target ring with the count
        mx, my = x + SQ - 8, y + 8
        rival = seat_colour(view, 1 - u["seat"])
        parts.append(tag("circle", {"cx": mx, "cy": my, "r": 7.5, "fill": "#ffffff",
                                    "stroke": rival, "stroke_width": 2.4}))
        parts.append(tag("text", {"x": mx, "y": my + 4.2, "text_anchor": "middle",
                                  "font_size": 12, "font_weight": 700, "fill": "#9b1c1c"},
                         esc(marks)))
    badges = [m for m in view.get("unit_marks") or [] if m.get("unit") == u["id"]]
    bx = x + 13
    for m in badges:  # Quarry, Witch's Ladder, held or in stasis: a lettered badge
        text = str(m.get("letter", "?"))
        w = 6 + 7.5 * len(text)
        owner = m.get("seat")
        ink = seat_colour(view, owner) if isinstance(owner, int) else "#5a2a00"
        parts.append(tag("rect", {"x": bx, "y": y + 1, "width": w, "height": 14, "rx": 3,
                                  "fill": "#ffffff", "stroke": ink, "stroke_width": 1.6,
                                  "class": f"dg-badge dg-badge-{m.get('kind', 'mark')}"}))
        parts.append(tag("text", {"x": bx + w / 2, "y": y + 12, "text_anchor": "middle",
                                  "font_size": 12, "font_weight": 700, "fill": ink},
                         esc(text)))
        bx += w + 1
    if u.get("invulnerable"):
        sx, sy = x + 3, y + 3
        parts.append(tag("path", {"d": f"M{sx},{sy} h9 v4 q0,5 -4.5,7 q-4.5,-2 -4.5,-7 z",
                                  "fill": "#cfd8dc", "stroke": "#37474f", "stroke_width": 1}))
    sq = u["square"]
    last = view.get("last_move") or {}
    landed = sq in (last.get("to"), last.get("struck"))
    attrs: dict[str, Any] = {"class": f"dg-unit seat-{u['seat']}" + (" last-move" if landed
                                                                   else ""),
                             "role": "img", "aria_label": label, "data_square": sq_name(sq),
                             "data_key": f"unit-{u['id']}"}
    if sq in plan.units and sq not in plan.targets:
        selected = sq == plan.selected
        attrs.update(role="button", tabindex=0, aria_pressed="true" if selected else "false",
                     data_ui=None if plan.auto else f"from={'' if selected else sq}",
                     aria_label=label + (" (chosen)" if selected else ": choose to act"))
        attrs["class"] += " dg-chosen" if selected else " dg-can-act"
        ring = tag("rect", {"x": x + 1.5, "y": y + 1.5, "width": SQ - 3, "height": SQ - 3,
                            "rx": 5, "class": "dg-ring-chosen" if selected else "dg-ring"})
        parts.insert(1, ring)
    return tag("g", attrs, *parts)


def _target_svg(sq: int, offers: list[Offer], flipped: bool, at: int | None,
                occupied: bool) -> str:
    x, y = xy(sq, flipped)
    if len(offers) == 1:
        label = f"{sq_name(sq)}: {offers[0].choice['label']}"
        attrs: dict[str, object] = {"data_action": offers[0].index}
    else:
        label = f"{sq_name(sq)}: {len(offers)} choices: " + "; ".join(
            o.choice["label"] for o in offers)
        attrs = {"data_ui": f"at={sq}", "aria_pressed": "true" if at == sq else "false"}
    kinds = {o.choice["kind"] for o in offers}
    strike = bool(kinds & {"hunt", "pivot", "morph", "seed", "ladder", "garden"}) or any(
        o.choice["kind"] == "declare" for o in offers)
    cls = "dg-target dg-strike" if strike else "dg-target"
    return tag("g", {"class": cls, "role": "button", "tabindex": 0, "aria_label": label,
                     **attrs},
               tag("title", {}, esc(label)),
               tag("rect", {"x": x + 2, "y": y + 2, "width": SQ - 4, "height": SQ - 4, "rx": 6,
                            "class": "dg-target-box"}),
               "" if strike or occupied else tag(
                   "circle", {"cx": x + SQ / 2, "cy": y + SQ / 2, "r": 6,
                              "class": "dg-target-dot"}))


def _edges(view: DarkleafView, flipped: bool) -> list[str]:
    """File and rank names, the Seat and Range strips, the Woods band."""
    names = view["names"]
    bottom = 1 if flipped else 0
    top = 1 - bottom
    out = []
    for i in range(8):
        f = 7 - i if flipped else i
        x = LEFT + i * SQ + SQ / 2
        out.append(tag("text", {"x": x, "y": TOP + 8 * SQ + 14, "text_anchor": "middle",
                                "class": "dg-edge"}, FILES[f]))
        r = i if flipped else 7 - i
        y = TOP + i * SQ + SQ / 2 + 4.5
        out.append(tag("text", {"x": LEFT / 2, "y": y, "text_anchor": "middle",
                                "class": "dg-edge"}, str(r + 1)))
    # Seat and Range strips: the player nearer the edge sits there.
    for seat, y, text_y in ((top, 0, 15), (bottom, TOP + 8 * SQ + 19, TOP + 8 * SQ + 34)):
        band_y = y + (2 if seat == top else 0)
        out.append(tag("rect", {"x": LEFT, "y": band_y, "width": 8 * SQ, "height": 19,
                                "rx": 4, "class": f"dg-seatband seat-{seat}"}))
        out.append(tag("text", {"x": LEFT + 4 * SQ, "y": text_y + (2 if seat == top else 0),
                                "text_anchor": "middle", "class": "dg-bandtext"},
                       esc(f"{names[seat]}'s Seat · {names[1 - seat]}'s Range")))
    # The Woods: ranks 2-7, named on the right edge.
    wx = LEFT + 8 * SQ + 3
    out.append(tag("rect", {"x": wx, "y": TOP + SQ, "width": RIGHT - 5, "height": 6 * SQ,
                            "rx": 4, "class": "dg-woods"}))
    out.append(tag("text", {"x": 0, "y": 0, "text_anchor": "middle", "class": "dg-bandtext",
                            "transform": f"translate({wx + (RIGHT - 5) / 2 + 4.5},"
                                         f"{TOP + 4 * SQ}) rotate(-90)"}, "The Woods"))
    for seat, sq in ((bottom, 0 if bottom == 0 else 56), (top, 56 if top == 1 else 0)):
        _, ry = xy(sq, flipped)
        out.append(tag("rect", {"x": wx, "y": ry + 2, "width": RIGHT - 5, "height": SQ - 4,
                                "rx": 4, "class": f"dg-seatband seat-{seat}"}))
    return out


def _flow_marks(flows: list[list[int]], flipped: bool) -> list[str]:
    """The last move's pushes (Ferrymen's Flow): an arrow from where each pushed
    unit stood to where it went, or an "off" badge where it left the board."""
    out = []
    for frm, to, *_ in flows:
        if not 0 <= frm < 64:
            continue
        x0, y0 = xy(frm, flipped)
        cx0, cy0 = x0 + SQ / 2, y0 + SQ / 2
        if 0 <= to < 64:
            x1, y1 = xy(to, flipped)
            what = f"Flowed from {sq_name(frm)} to {sq_name(to)}"
            out.append(tag("g", {"class": "dg-flow last-move", "role": "img",
                                 "aria_label": what}, tag("title", {}, esc(what)),
                           tag("line", {"x1": cx0, "y1": cy0, "x2": x1 + SQ / 2,
                                        "y2": y1 + SQ / 2, "class": "dg-flow-line"}),
                           tag("circle", {"cx": x1 + SQ / 2, "cy": y1 + SQ / 2, "r": 4,
                                          "class": "dg-flow-end"})))
        else:
            what = f"Flowed off Haggedorn's edge from {sq_name(frm)}"
            out.append(tag("g", {"class": "dg-flow last-move", "role": "img",
                                 "aria_label": what}, tag("title", {}, esc(what)),
                           tag("rect", {"x": x0 + 6, "y": y0 + SQ / 2 - 8, "width": SQ - 12,
                                        "height": 16, "rx": 4, "class": "dg-flow-off"}),
                           tag("text", {"x": cx0, "y": y0 + SQ / 2 + 4.5,
                                        "text_anchor": "middle", "font_size": 12,
                                        "font_weight": 700, "fill": "#ffffff"}, "off")))
    return out


def board_svg(view: DarkleafView, plan: Plan) -> str:
    flipped = bottom_seat(view) == 1
    ground = []
    seat_ranks = {0: 0, 7: 1}
    for sq in range(64):
        x, y = xy(sq, flipped)
        light = (sq % 8 + sq // 8) % 2 == 1
        cls = "dg-sq dg-light" if light else "dg-sq dg-dark"
        if sq // 8 in seat_ranks:
            cls += f" dg-seat seat-{seat_ranks[sq // 8]}"
        ground.append(tag("rect", {"x": x, "y": y, "width": SQ, "height": SQ, "class": cls}))
    frame = tag("rect", {"x": LEFT, "y": TOP, "width": 8 * SQ, "height": 8 * SQ,
                         "class": "dg-frame"})
    # Chips and counters on territories.
    marks = [_territory_mark(view, m, flipped) for m in view.get("territory_marks") or []]
    for sq in view.get("held") or []:  # a royal Unrelenting Tide holds for a turn
        x, y = xy(int(sq), flipped)
        what = f"{sq_name(sq)}: held by Unrelenting Tide (no journey or relocation this turn)"
        marks.append(tag("g", {"role": "img", "aria_label": what},
                         tag("title", {}, esc(what)),
                         tag("rect", {"x": x + 1.5, "y": y + 1.5, "width": SQ - 3,
                                      "height": SQ - 3, "rx": 4, "class": "dg-held"})))
    marks += _last_marks(view, flipped)
    units = [_unit_svg(view, u, flipped, plan) for u in view["units"] if u["square"] >= 0]
    taken = {u["square"] for u in view["units"] if u["square"] >= 0}
    targets = [_target_svg(sq, offers, flipped, plan.at, sq in taken)
               for sq, offers in sorted(plan.targets.items())]
    return tag("svg", {"viewBox": f"0 0 {WIDTH} {HEIGHT}", "class": "dg-board",
                       "role": "group", "aria_label": "Haggedorn, the board"},
               *ground, frame, *_edges(view, flipped), *marks, *units, *targets)


def _territory_mark(view: DarkleafView, m: TerritoryMarkView, flipped: bool) -> str:
    """A clan's chip or counter on a territory."""
    x, y = xy(int(m["square"]), flipped)
    text = str(m.get("label", m.get("kind", "mark")))
    # A mark naming its seat wears that clan's colour; its letter (R: Reclaimed)
    # sits in the top-left corner, so the mark never rests on colour alone.
    owner = m.get("seat")
    colour = seat_colour(view, owner) if isinstance(owner, int) else None
    style = {"stroke": colour, "fill": colour, "fill_opacity": 0.16} if colour else {}
    return tag("g", {"role": "img", "aria_label": f"{sq_name(m['square'])}: {text}",
                     "class": f"dg-mark dg-mark-{m.get('kind', 'mark')}"},
               tag("title", {}, esc(f"{sq_name(m['square'])}: {text}")),
               tag("rect", {"x": x + 3, "y": y + 3, "width": SQ - 6,
                            "height": SQ - 6, "rx": 3, "class": "dg-territory-mark",
                            **style}),
               tag("text", {"x": x + 5, "y": y + 15, "font_size": 12,
                            "font_weight": 700, "fill": colour or "#5a2a00"},
                   esc(m.get("letter", ""))) if m.get("letter") else "",
               tag("text", {"x": x + SQ - 5, "y": y + SQ - 5, "text_anchor": "end",
                            "font_size": 12, "font_weight": 700, "fill": "#5a2a00"},
                   esc(m.get("rounds", ""))))


def _last_marks(view: DarkleafView, flipped: bool) -> list[str]:
    """Where the last move left from, landed and struck, and what a Flow moved."""
    marks = []
    last = view.get("last_move") or {}
    for key in ("frm", "to", "struck"):  # the last move, when the engine reports it
        where = last.get(key)
        if key == "struck" and where == last.get("to"):
            continue  # a Destroy that moved in: one mark
        if isinstance(where, int) and 0 <= where < 64:
            x, y = xy(where, flipped)
            cls = f"dg-last dg-last-{key}" + ("" if key == "frm" else " last-move")
            attrs: dict[str, object] = {"x": x + 1, "y": y + 1, "width": SQ - 2,
                                        "height": SQ - 2, "class": cls}
            if key == "struck":  # where a Hunt or a Destroy hit: a red frame
                attrs["style"] = "stroke: #b3261e; stroke-width: 2.5"
            marks.append(tag("rect", attrs))
    marks += _flow_marks(last.get("flow") or [], flipped)
    return marks
