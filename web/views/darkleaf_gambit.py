"""Darkleaf Gambit as SVG and HTML: Haggedorn (the 8x8 board), the clan boards,
the bones, Haggedorn's Will and each clan's path to victory.

The board is drawn from the viewing seat's side (its Seat at the bottom; the
spectator sees the first seat's side), with file and rank names on the edges
and each player's Seat and Range named above and below it; the six ranks
between are the Woods. A unit is a shape plus a letter per type (pawn P
circle, knight N pentagon, sage S diamond, rook R square, king K octagon,
queen Q hexagon; royals wear a crown), filled with its clan's colour for the
first seat and hollow (white, clan-coloured rim and letter) for the second,
so neither clan nor seat rests on colour alone. Fate chips of auras sit on a
unit's lower edge (lettered by skill), a rival's marks (Huldra's Hunts) as a
counted target ring, invulnerability as a shield.

Clicks: every clickable legal action carries ``data-action``. Journeys,
Hunts, Pivots, Leaps and declared deeds belong to a unit: a unit that can
act is picked first (``data-ui="from=<square>"``; skipped when only one can
act), then its highlighted targets carry the actions; where one territory
holds several of the unit's actions (a Hunt and a Pivot onto the same
rival), the territory picks it (``data-ui="at=<square>"``) and buttons name
each. Territory questions (``pick``) are highlighted squares, ``roll`` the
bones in the pool, ``slot`` the slots of the clan board, ``bone`` the bones
where they lie. Everything else (End Upkeep, the Will, spending a relic,
keeping a bone, Cancel, named choices) is left to the shared action bar.

The table contract: every unit carries ``data-key="unit-<id>"``, every bone
``bone-<id>`` wherever it lies (pool, slot, or just rolled), each graveyard
group ``grave-<seat>-<type>``; the square where the last move landed (its
``to``) or struck (``struck``: a Hunt's or a Destroy's target) and the unit
on it carry ``last-move`` (from the view's ``last_move``).

Generic over clans: skills, slots, chips and progress come from the view;
clan colours and skill summaries below have fallbacks for clans not listed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pygame_engine.games.darkleaf_gambit import GAME
from pygame_engine.games.darkleaf_gambit.actions import Declare
from pygame_engine.games.darkleaf_gambit.view_types import DarkleafView, SkillView, UnitView

from . import Choice, int_field, str_field
from .markup import esc, seat_letters, tag

BOARD_KINDS = {"journey", "hunt", "pivot", "leap", "declare", "pick", "roll", "slot", "bone",
               "morph", "seed", "garden", "ladder", "push"}

SQ = 40  # a territory's side in SVG units
LEFT, RIGHT, TOP, BOTTOM = 16, 16, 22, 40
WIDTH = LEFT + 8 * SQ + RIGHT
HEIGHT = TOP + 8 * SQ + BOTTOM
FILES = "abcdefgh"

CLAN_COLOUR = {"huldra": "#2e7a3c", "murg": "#3f5673", "ferrymen": "#1f6f8f",
               "erde": "#7a5424", "wibo": "#7a3f96", "hexen": "#a02c4e"}
FALLBACK_COLOUR = ("#4d4d4d", "#6b4d2e")

UNIT_NAME = {"pawn": "pawn", "knight": "knight", "sage": "sage", "rook": "rook",
             "king": "king", "queen": "queen"}

#: One-line summaries of the designed skills (a clan not listed shows its skill type).
SKILL_TEXT = {
    "long_bow": "A pawn Hunts at the roll or one farther, and diagonally too.",
    "pivot": "A sage journeys part of the roll, then Hunts with the rest.",
    "renewal": "Take one bone off the rival's clan board.",
    "tweak": "Spend once you have rolled: that bone is rolled again.",
    "adapt": "Swap one of your pool bones for one of the rival's, for good.",
    "iron_plating": "Shields a pawn once: the chip falls in its place.",
    "predictive_model": "Spend in Upkeep: see the roll before choosing journey or Destroy.",
    "em_loop": "Spend in Upkeep: take another turn after this one.",
    "assassin": "The sage's Ambush can strike the rival royal at any distance.",
    "singularity": "Destroying the rival royal needs a 5, not a 6.",
    "unrelenting_tide": "Spend in Upkeep: the rival royal slides one way until stopped, then "
                        "may not journey or relocate in its next turn.",
    "master_current": "Two pawns anywhere, yours or the rival's, flow one territory the same "
                      "way.",
    "eddy": "One of your pawns trades places with a rival pawn.",
    "big_wave": "Every rival next to the unit that journeyed this turn is pushed one "
                "territory away from it.",
    "calm_waters": "Journeys go one territory less; a 1 is a journey of none that still "
                   "pushes a rival next to the unit.",
    "banish": "Spend in Upkeep: every rival unit on the four centre territories goes into "
              "the Woods, where you choose.",
    "undying": "A pawn comes back from the graveyard next to one of your rooks.",
    "metamorphic": "Spend after a journey roll of 3 or more: share it among three units.",
    "sink": "Vanquish one rival unit of your choice.",
    "one_with_land": "Reclaiming a territory needs a 5, not a 6.",
    "spores": "Move one pawn, yours or the rival's, to any open territory.",
    "regrowth": "A rival pawn comes back next to your rook and is stuck there for a turn.",
    "starter_seed": "Spend right after a journey: the Morph succeeds without a roll.",
    "scatter": "Strip one aura off a rival unit.",
    "endless": "Your pawns in the Seat can no longer fall, move or act.",
    "poison_garden": "Spend after a journey: the ground under that unit poisons rivals on "
                     "and around it in 3 rounds.",
    "witchs_ladder": "Spend after a journey: curse a rival on a diagonal, at any range; it "
                     "falls in 2 rounds and the curse may climb on.",
    "hoc_vult": "Move any unit to any open territory.",
    "waxing_moon": "Every Hex on the board is a round nearer.",
    "compass": "A journey may also go one direction either side of the bone's.",
}
#: The Hexen direction bone's faces from the roller's side, clockwise from ahead.
HEXEN_FACES = {1: "ahead", 2: "ahead and right", 3: "right", 4: "back and right", 5: "back",
               6: "back and left", 7: "left", 8: "ahead and left"}
#: Auras a clan trait gives, not a skill on its board (Ferrymen crossing to their Seat).
TRAIT_AURAS = {"barbaric": "Barbaric", "ripple": "Ripple Effect"}
#: Once-a-game traits already used (a clan's flags), in words.
FLAG_TEXT = {"assassin_rekindle": "pawn sacrificed for an Assassin sage (once a game): used"}
TYPE_TEXT = {"aura": "aura: a fate chip on a unit", "miracle": "miracle: happens at once",
             "relic": "relic: a token to spend later", "law": "law: for the rest of the game"}

PHASE_TEXT = {"setup": "Setup (handicap bones)", "upkeep": "Phase 1: Upkeep",
              "declare": "Phase 2: Declare Intent", "roll": "Phase 3: Roll & Execute",
              "execute": "Phase 3: Roll & Execute", "slot": "Phase 4: Slot Bones",
              "acquire": "Phase 5: Acquire Power", "over": "Game over"}

#: Pip positions on a 3x3 grid (column, row) for a six-sided bone.
PIPS: tuple[tuple[tuple[int, int], ...], ...] = (
    (), ((1, 1),), ((0, 0), (2, 2)), ((0, 0), (1, 1), (2, 2)),
    ((0, 0), (2, 0), (0, 2), (2, 2)), ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)),
)


# -- small helpers ---------------------------------------------------------------


def _colour(view: DarkleafView, seat: int) -> str:
    clan = view["clans"][seat]["clan"]
    return CLAN_COLOUR.get(clan, FALLBACK_COLOUR[seat % 2])


def _sq_name(sq: int) -> str:
    return f"{FILES[sq % 8]}{sq // 8 + 1}" if 0 <= sq < 64 else "?"


def _bottom_seat(view: DarkleafView) -> int:
    seat = view.get("seat")
    return seat if seat in (0, 1) else 0


def _xy(sq: int, flipped: bool) -> tuple[float, float]:
    """The top-left corner of territory ``sq`` (flipped: the second seat at the bottom)."""
    f, r = sq % 8, sq // 8
    col, row = (7 - f, r) if flipped else (f, 7 - r)
    return LEFT + col * SQ, TOP + row * SQ


def _words(key: str) -> str:
    return key.replace("_", " ")


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _spec_text(spec: str) -> tuple[str, str]:
    """What a slot accepts: (short text shown, words for screen readers)."""
    if spec == "*":
        return "any", "any value (counts toward the sum)"
    if spec == "E":
        return "even", "an even value"
    if spec == "O":
        return "odd", "an odd value"
    if "-" in spec:
        a, b = spec.split("-", 1)
        return f"{a}/{b}", f"a {a} or a {b}"
    return spec, f"a {spec}"


# -- pieces ------------------------------------------------------------------------


def _shape(kind: str, cx: float, cy: float, r: float, style: Mapping[str, object]) -> str:
    def poly(points: list[tuple[float, float]]) -> str:
        return tag("polygon", {"points": " ".join(f"{x:.1f},{y:.1f}" for x, y in points),
                               **style})
    if kind == "pawn":
        return tag("circle", {"cx": cx, "cy": cy, "r": r * 0.86, **style})
    if kind == "knight":
        return poly([(cx, cy - r), (cx + r, cy - r * 0.25), (cx + r * 0.7, cy + r),
                     (cx - r * 0.7, cy + r), (cx - r, cy - r * 0.25)])
    if kind == "sage":
        return poly([(cx, cy - r * 1.1), (cx + r * 1.05, cy), (cx, cy + r * 1.1),
                     (cx - r * 1.05, cy)])
    if kind == "rook":
        return tag("rect", {"x": cx - r * 0.88, "y": cy - r * 0.88, "width": r * 1.76,
                            "height": r * 1.76, "rx": 2, **style})
    if kind == "king":
        k = r * 0.41
        return poly([(cx - k, cy - r), (cx + k, cy - r), (cx + r, cy - k), (cx + r, cy + k),
                     (cx + k, cy + r), (cx - k, cy + r), (cx - r, cy + k), (cx - r, cy - k)])
    if kind == "queen":
        h = r * 0.87
        return poly([(cx - r / 2, cy - h), (cx + r / 2, cy - h), (cx + r, cy),
                     (cx + r / 2, cy + h), (cx - r / 2, cy + h), (cx - r, cy)])
    return tag("circle", {"cx": cx, "cy": cy, "r": r, **style})


def _crown(cx: float, top: float, colour: str) -> str:
    pts = [(cx - 8, top), (cx - 8, top - 6), (cx - 4, top - 3), (cx, top - 8),
           (cx + 4, top - 3), (cx + 8, top - 6), (cx + 8, top)]
    return tag("polygon", {"points": " ".join(f"{x:.1f},{y:.1f}" for x, y in pts),
                           "fill": "#e8c547", "stroke": colour, "stroke_width": 1.2})


def piece_svg(kind: str, letter: str, seat: int, colour: str, cx: float, cy: float,
              r: float = 13.0) -> str:
    """A unit: its type's shape and letter, clan colour; the second seat's hollow."""
    filled = seat == 0
    style = {"fill": colour if filled else "#ffffff", "stroke": "#1b1b1b" if filled else colour,
             "stroke_width": 1.4 if filled else 3}
    parts = [_shape(kind, cx, cy, r, style)]
    if kind in ("king", "queen"):
        parts.append(_crown(cx, cy - r * 0.8, "#1b1b1b" if filled else colour))
    parts.append(tag("text", {"x": f"{cx:.1f}", "y": f"{cy + r * 0.42:.1f}",
                              "text_anchor": "middle", "font_size": f"{r * 1.2:.1f}",
                              "font_weight": 700, "fill": "#ffffff" if filled else colour},
                     esc(letter)))
    return "".join(parts)


def _mini_piece(kind: str, letter: str, seat: int, colour: str, label: str) -> str:
    return tag("svg", {"class": "dg-mini", "viewBox": "0 0 32 32", "role": "img",
                       "aria_label": label}, tag("title", {}, esc(label)),
               piece_svg(kind, letter, seat, colour, 16, 17, 11.5))


# -- bones -------------------------------------------------------------------------


def die_svg(faces: int, value: int | None, size: int = 32, label: str = "") -> str:
    """A bone: a six-sided one with pips, a four-sided one as a triangle, others as a
    polygon with the number; ``value`` None shows the bone's kind (d4, d6...)."""
    s = 32
    parts: list[str] = []
    ink = "#1f2a1f"
    if faces == 4:
        parts.append(tag("polygon", {"points": "16,2 30,29 2,29", "fill": "#f4ecd2",
                                     "stroke": ink, "stroke_width": 1.5}))
        text_y = 25
    elif faces == 8:  # an octahedron seen from a point: a diamond
        parts.append(tag("polygon", {"points": "16,1 31,16 16,31 1,16", "fill": "#f6e3ea",
                                     "stroke": ink, "stroke_width": 1.5}))
        parts.append(tag("line", {"x1": 1, "y1": 16, "x2": 31, "y2": 16, "stroke": ink,
                                  "stroke_width": 0.6, "stroke_opacity": 0.5}))
        text_y = 21
    elif faces == 6:
        parts.append(tag("rect", {"x": 2, "y": 2, "width": 28, "height": 28, "rx": 5,
                                  "fill": "#fbf8ee", "stroke": ink, "stroke_width": 1.5}))
        text_y = 21
    else:
        parts.append(tag("polygon", {"points": "16,1 29,9 29,23 16,31 3,23 3,9",
                                     "fill": "#efe6f7", "stroke": ink, "stroke_width": 1.5}))
        text_y = 21
    if value is None:
        parts.append(tag("text", {"x": 16, "y": text_y, "text_anchor": "middle",
                                  "font_size": 12, "fill": ink}, esc(f"d{faces}")))
    elif faces == 6 and 1 <= value <= 6:
        parts += [tag("circle", {"cx": 9 + c * 7, "cy": 9 + r * 7, "r": 2.7, "fill": ink})
                  for c, r in PIPS[value]]
    else:
        parts.append(tag("text", {"x": 16, "y": text_y, "text_anchor": "middle",
                                  "font_size": 15, "font_weight": 700, "fill": ink},
                         esc(value)))
    text = label or (f"d{faces} bone" + (f" showing {value}" if value is not None else ""))
    return tag("svg", {"class": "dg-die", "viewBox": f"0 0 {s} {s}", "width": size,
                       "height": size, "role": "img", "aria_label": text},
               tag("title", {}, esc(text)), *parts)


# -- what the board offers -----------------------------------------------------------


class _Offer:
    """A square-bound legal action: the acting unit's square (or None) and the target."""

    def __init__(self, unit: int | None, square: int, choice: Choice) -> None:
        self.unit, self.square, self.choice = unit, square, choice

    @property
    def index(self) -> int:
        return self.choice["index"]


def _offers(view: DarkleafView, legal: list[Choice]) -> list[_Offer]:
    acting = view.get("current")
    queen = next((u["square"] for u in view["units"] if u["seat"] == acting
                  and u["type"] == "queen" and u["square"] >= 0), None)
    out = []
    for c in legal:
        kind = c["kind"]
        if kind == "journey":
            out.append(_Offer(int_field(c, "frm"), int_field(c, "to"), c))
        elif kind in ("hunt", "pivot", "morph", "seed", "ladder"):  # the unit against a target
            out.append(_Offer(int_field(c, "frm"), int_field(c, "target"), c))
        elif kind == "leap":
            out.append(_Offer(queen, int_field(c, "to"), c))
        elif kind == "declare" and _declares_square(c):
            out.append(_Offer(int_field(c, "unit"), int_field(c, "target"), c))
        elif kind == "pick":
            out.append(_Offer(None, int_field(c, "square"), c))
        elif kind == "garden":  # the ground under the casting unit
            out.append(_Offer(int_field(c, "frm"), int_field(c, "frm"), c))
        elif kind == "push":  # a Flow: where the unit goes, or its square when off the edge
            out.append(_Offer(None, _pushed_to(int_field(c, "target"), int_field(c, "df"),
                                               int_field(c, "dr"), int_field(c, "dist")), c))
    return out


def _declares_square(c: Choice) -> bool:
    """Whether a declaration names a unit and a target square (a journey names neither)."""
    return int_field(c, "unit") >= 0 and int_field(c, "target") >= 0


def _pushed_to(sq: int, df: int, dr: int, dist: int) -> int:
    """The territory a Flow pushes the unit on ``sq`` to, or ``sq`` when it goes off."""
    f, r = sq % 8 + df * dist, sq // 8 + dr * dist
    return r * 8 + f if 0 <= f < 8 and 0 <= r < 8 and 0 <= sq < 64 else sq


def _int(ui: dict[str, str], key: str) -> int | None:
    value = ui.get(key, "")
    return int(value) if value.lstrip("-").isdigit() else None


class _Plan:
    """What the board highlights now, from the legal actions and the local selection."""

    def __init__(self, view: DarkleafView, legal: list[Choice],
                 ui: dict[str, str]) -> None:
        offers = _offers(view, legal)
        self.units: dict[int, list[_Offer]] = {}
        free: list[_Offer] = []
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
        self.targets: dict[int, list[_Offer]] = {}
        for o in shown:
            self.targets.setdefault(o.square, []).append(o)
        at = _int(ui, "at")
        self.at = at if at in self.targets and len(self.targets[at]) > 1 else None


# -- the board ------------------------------------------------------------------------


def _unit_label(view: DarkleafView, u: UnitView) -> str:
    names = view["names"]
    clan = view["clans"][u["seat"]]["name"]
    bits = [f"{names[u['seat']]}'s {clan} {UNIT_NAME.get(u['type'], u['type'])} on "
            f"{_sq_name(u['square'])}"]
    if u["auras"]:
        skills = {s["key"]: s["name"] for s in view["clans"][u["seat"]]["skills"]}
        bits.append("auras: " + ", ".join(skills.get(a, TRAIT_AURAS.get(a, _words(a)))
                                          for a in u["auras"]))
    marks = sum(u["marks"].values()) if u["marks"] else 0
    if marks:
        bits.append(f"{_plural(marks, 'mark')} of the rival")
    bits += [str(m["label"]) for m in view.get("unit_marks") or [] if m.get("unit") == u["id"]]
    if u.get("invulnerable"):
        bits.append("invulnerable")
    return "; ".join(bits)


def _aura_letters(view: DarkleafView, seat: int, key: str) -> str:
    """Two letters for an aura's chip: the initials of a two-word name (Long Bow: LB),
    else its first two letters (Pivot: Pi), so a chip never reads as a unit letter."""
    name = next((str(s["name"]) for s in view["clans"][seat]["skills"] if s["key"] == key),
                TRAIT_AURAS.get(key, _words(key)))
    words = name.split()
    return (words[0][0] + words[1][0]).upper() if len(words) > 1 else name[:2].title()


def _unit_svg(view: DarkleafView, u: UnitView, flipped: bool, plan: _Plan) -> str:
    x, y = _xy(u["square"], flipped)
    cx, cy = x + SQ / 2, y + SQ / 2 + 1
    colour = _colour(view, u["seat"])
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
        rival = _colour(view, 1 - u["seat"])
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
        ink = _colour(view, owner) if isinstance(owner, int) else "#5a2a00"
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
                             "role": "img", "aria_label": label, "data_square": _sq_name(sq),
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


def _target_svg(sq: int, offers: list[_Offer], flipped: bool, at: int | None,
                occupied: bool) -> str:
    x, y = _xy(sq, flipped)
    if len(offers) == 1:
        label = f"{_sq_name(sq)}: {offers[0].choice['label']}"
        attrs: dict[str, object] = {"data_action": offers[0].index}
    else:
        label = f"{_sq_name(sq)}: {len(offers)} choices: " + "; ".join(
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
        _, ry = _xy(sq, flipped)
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
        x0, y0 = _xy(frm, flipped)
        cx0, cy0 = x0 + SQ / 2, y0 + SQ / 2
        if 0 <= to < 64:
            x1, y1 = _xy(to, flipped)
            what = f"Flowed from {_sq_name(frm)} to {_sq_name(to)}"
            out.append(tag("g", {"class": "dg-flow last-move", "role": "img",
                                 "aria_label": what}, tag("title", {}, esc(what)),
                           tag("line", {"x1": cx0, "y1": cy0, "x2": x1 + SQ / 2,
                                        "y2": y1 + SQ / 2, "class": "dg-flow-line"}),
                           tag("circle", {"cx": x1 + SQ / 2, "cy": y1 + SQ / 2, "r": 4,
                                          "class": "dg-flow-end"})))
        else:
            what = f"Flowed off Haggedorn's edge from {_sq_name(frm)}"
            out.append(tag("g", {"class": "dg-flow last-move", "role": "img",
                                 "aria_label": what}, tag("title", {}, esc(what)),
                           tag("rect", {"x": x0 + 6, "y": y0 + SQ / 2 - 8, "width": SQ - 12,
                                        "height": 16, "rx": 4, "class": "dg-flow-off"}),
                           tag("text", {"x": cx0, "y": y0 + SQ / 2 + 4.5,
                                        "text_anchor": "middle", "font_size": 12,
                                        "font_weight": 700, "fill": "#ffffff"}, "off")))
    return out


def board_svg(view: DarkleafView, plan: _Plan) -> str:
    flipped = _bottom_seat(view) == 1
    ground = []
    seat_ranks = {0: 0, 7: 1}
    for sq in range(64):
        x, y = _xy(sq, flipped)
        light = (sq % 8 + sq // 8) % 2 == 1
        cls = "dg-sq dg-light" if light else "dg-sq dg-dark"
        if sq // 8 in seat_ranks:
            cls += f" dg-seat seat-{seat_ranks[sq // 8]}"
        ground.append(tag("rect", {"x": x, "y": y, "width": SQ, "height": SQ, "class": cls}))
    frame = tag("rect", {"x": LEFT, "y": TOP, "width": 8 * SQ, "height": 8 * SQ,
                         "class": "dg-frame"})
    marks = []
    for m in view.get("territory_marks") or []:  # chips and counters on territories
        x, y = _xy(int(m["square"]), flipped)
        text = str(m.get("label", m.get("kind", "mark")))
        # A mark naming its seat wears that clan's colour; its letter (R: Reclaimed)
        # sits in the top-left corner, so the mark never rests on colour alone.
        owner = m.get("seat")
        colour = _colour(view, owner) if isinstance(owner, int) else None
        style = {"stroke": colour, "fill": colour, "fill_opacity": 0.16} if colour else {}
        marks.append(tag("g", {"role": "img", "aria_label": f"{_sq_name(m['square'])}: {text}",
                               "class": f"dg-mark dg-mark-{m.get('kind', 'mark')}"},
                         tag("title", {}, esc(f"{_sq_name(m['square'])}: {text}")),
                         tag("rect", {"x": x + 3, "y": y + 3, "width": SQ - 6,
                                      "height": SQ - 6, "rx": 3, "class": "dg-territory-mark",
                                      **style}),
                         tag("text", {"x": x + 5, "y": y + 15, "font_size": 12,
                                      "font_weight": 700, "fill": colour or "#5a2a00"},
                             esc(m.get("letter", ""))) if m.get("letter") else "",
                         tag("text", {"x": x + SQ - 5, "y": y + SQ - 5, "text_anchor": "end",
                                      "font_size": 12, "font_weight": 700, "fill": "#5a2a00"},
                             esc(m.get("rounds", "")))))
    for sq in view.get("held") or []:  # a royal Unrelenting Tide holds for a turn
        x, y = _xy(int(sq), flipped)
        what = f"{_sq_name(sq)}: held by Unrelenting Tide (no journey or relocation this turn)"
        marks.append(tag("g", {"role": "img", "aria_label": what},
                         tag("title", {}, esc(what)),
                         tag("rect", {"x": x + 1.5, "y": y + 1.5, "width": SQ - 3,
                                      "height": SQ - 3, "rx": 4, "class": "dg-held"})))
    last = view.get("last_move") or {}
    for key in ("frm", "to", "struck"):  # the last move, when the engine reports it
        where = last.get(key)
        if key == "struck" and where == last.get("to"):
            continue  # a Destroy that moved in: one mark
        if isinstance(where, int) and 0 <= where < 64:
            x, y = _xy(where, flipped)
            cls = f"dg-last dg-last-{key}" + ("" if key == "frm" else " last-move")
            attrs: dict[str, object] = {"x": x + 1, "y": y + 1, "width": SQ - 2,
                                     "height": SQ - 2, "class": cls}
            if key == "struck":  # where a Hunt or a Destroy hit: a red frame
                attrs["style"] = "stroke: #b3261e; stroke-width: 2.5"
            marks.append(tag("rect", attrs))
    marks += _flow_marks(last.get("flow") or [], flipped)
    units = [_unit_svg(view, u, flipped, plan) for u in view["units"] if u["square"] >= 0]
    taken = {u["square"] for u in view["units"] if u["square"] >= 0}
    targets = [_target_svg(sq, offers, flipped, plan.at, sq in taken)
               for sq, offers in sorted(plan.targets.items())]
    return tag("svg", {"viewBox": f"0 0 {WIDTH} {HEIGHT}", "class": "dg-board",
                       "role": "group", "aria_label": "Haggedorn, the board"},
               *ground, frame, *_edges(view, flipped), *marks, *units, *targets)


# -- the turn panel --------------------------------------------------------------------


def _intent_text(view: DarkleafView) -> str:
    intent = view.get("intent")
    if not intent or view["phase"] not in ("roll", "execute"):
        return ""
    declared = GAME.action_from_json(intent)
    assert isinstance(declared, Declare)
    what, unit, target = declared.intent, declared.unit, declared.target
    if what == "journey":
        return "Declared: a journey."
    kinds = {u["square"]: u["type"] for u in view["units"] if u["square"] >= 0}
    who = kinds.get(unit, "unit")
    whom = kinds.get(target, "unit")
    if unit == target:  # a deed on the unit's own territory (Erde's Reclaim)
        return f"Declared: {_words(what).title()} with the {who} on {_sq_name(unit)}."
    return (f"Declared: {_words(what).title()} by the {who} on {_sq_name(unit)} against the "
            f"{whom} on {_sq_name(target)}.")


def _progress_line(view: DarkleafView) -> str:
    letters = seat_letters(view["names"])
    items = []
    for p, clan in enumerate(view["clans"]):
        prog = clan["progress"]
        need = max(1, int(prog.get("needed", 1)))
        done = min(need, int(prog.get("done", 0)))
        pips = "".join(tag("span", {"class": "dg-pip" + (" dg-pip-done" if i < done else ""),
                                    "aria_hidden": "true"}, "") for i in range(need))
        items.append(tag("li", {"class": f"seat-{p}"},
                         tag("span", {"class": "seat-dot", "aria_hidden": "true"}, letters[p]),
                         " ", tag("strong", {}, esc(view["names"][p])),
                         esc(f" · {clan['name']}: "),
                         tag("span", {"class": "dg-progress"}, esc(prog["text"])),
                         " ", tag("span", {"class": "dg-pips"}, pips)))
    return tag("ul", {"class": "dg-paths", "aria_label": "Paths to victory"}, *items)


def _roll_box(view: DarkleafView) -> str:
    last = view.get("last_roll")
    roll = view.get("roll")
    if roll is not None and last:
        who = view["names"][last["seat"]]
        return tag("div", {"class": "dg-roll"},
                   tag("span", {"class": "dg-rolled", "data_key": f"bone-{last['bone']}"},
                       die_svg(last["faces"], roll, 44,
                               f"{who} rolled a {roll} on a d{last['faces']}")),
                   tag("span", {}, esc(f"{who} rolled {roll}"
                                       + _direction_text(view, last["seat"], roll))))
    if last:
        who = view["names"][last["seat"]]
        return tag("div", {"class": "dg-roll dg-roll-old"},
                   die_svg(last["faces"], last["value"], 32,
                           f"Last roll: {who}, {last['value']} on a d{last['faces']}"),
                   tag("span", {}, esc(f"Last roll: {who}, {last['value']}")))
    return ""


def _direction_text(view: DarkleafView, seat: int, value: int) -> str:
    """For Hexen, the direction the roll points (from the roller's side)."""
    clan = view["clans"][seat]
    if clan["clan"] != "hexen" or value not in HEXEN_FACES:
        return ""
    text = f": {HEXEN_FACES[value]}"
    if "compass" in clan.get("laws", []):
        text += f" (Celestial Compass: also {HEXEN_FACES[value % 8 + 1]} or " \
                f"{HEXEN_FACES[(value - 2) % 8 + 1]})"
    return text


def _instruction(view: DarkleafView, legal: list[Choice], plan: _Plan) -> str:
    if not legal:
        return ""
    kinds = {c["kind"] for c in legal}
    pending = view.get("pending")
    if pending:
        text = str(pending["prompt"])
        text = text[:1].upper() + text[1:]
        if pending.get("seat") != view.get("current") and isinstance(pending.get("seat"), int):
            text = f"{view['names'][pending['seat']]}, {text[:1].lower()}{text[1:]}"
        if kinds & {"garden", "ladder"}:
            text += (": choose a highlighted unit, then where the Hex goes; the action bar "
                     "stops.")
        elif "push" in kinds:
            text += (": choose where the rival unit goes (its own territory when it goes off "
                     "the edge).")
        elif "pick" in kinds:
            text += ": choose a highlighted territory."
        elif "bone" in kinds:
            text += ": choose a highlighted bone."
        else:
            text += ": use the buttons of the action bar."
        return text
    step = view["clans"][view.get("current", 0)].get("state", {}).get("step")
    if kinds & {"morph", "seed"}:
        return ("Morph: choose a rival framed in red beside the unit that journeyed (3 or more "
                "turns it into your pawn), or roll no more with the action bar.")
    if step == "retreat" and "roll" in kinds:
        return ("The Morph worked: roll a third bone to pull back toward your Seat, or roll "
                "no more (action bar).")
    if step == "retreating" and "journey" in kinds:
        return "Pull back: choose a highlighted territory toward your Seat, or stop (action bar)."
    if kinds & {"journey", "hunt", "pivot", "leap"} or (
            "declare" in kinds and any(o.choice["kind"] == "declare" for o in
                                       (x for xs in plan.units.values() for x in xs))):
        if view["phase"] == "declare":
            return ("Declare a journey, or choose a highlighted unit and then the rival its "
                    "deed is declared against (the roll decides).")
        if plan.selected is None:
            return "Choose one of your highlighted units, then a highlighted territory."
        u = next((u for u in view["units"] if u["square"] == plan.selected), None)
        name = UNIT_NAME.get(u["type"], "unit") if u else "unit"
        return (f"Your {name} on {_sq_name(plan.selected)}: choose a highlighted territory"
                " (a dot to journey, a red frame to strike).")
    if "roll" in kinds:
        return "Roll a bone from your pool."
    if "slot" in kinds:
        return (f"Slot your {view.get('roll')}: choose a highlighted slot on your clan board, "
                "or return the bone to the pool.")
    if "declare" in kinds:
        return "Declare your intent."
    if view["phase"] == "upkeep":
        return ("Upkeep: spend a relic, call on Haggedorn's Will, or end Upkeep, with the "
                "buttons of the action bar.")
    if "cancel" in kinds:
        return "No journey or deed can use this roll: let it pass (action bar)."
    return "Choose with the buttons of the action bar."


#: The bar's words for a decision, by the first of its kinds found here: at most
#: 26 characters, for a phone's line (the turn panel says the whole of it).
PROMPTS = (("proceed", "Upkeep: end it or spend"), ("declare", "declare your intent"),
           ("roll", "roll a bone"), ("journey", "pick a unit, then a square"),
           ("hunt", "pick a unit, then a square"), ("slot", "slot your bone"),
           ("pick", "choose a square"), ("bone", "choose a bone"))


def prompt(legal: list[Choice]) -> str:
    """What the person is to do now, for the bar (empty: the bar's own words).

    >>> prompt([{"kind": "keep"}, {"kind": "slot"}])
    'slot your bone'
    """
    kinds = {c["kind"] for c in legal}
    return next((words for kind, words in PROMPTS if kind in kinds), "")


def ending(view: DarkleafView) -> str:
    """How the duel ended, in words, for the end screen: the path to victory
    the winner completed, or the round limit."""
    winner = view.get("winner")
    names = view["names"]
    if isinstance(winner, int):
        clan = view["clans"][winner]
        path = str(clan["path"]).rstrip(".")
        return (f"{names[winner]} won with {clan['name']} by completing their path to "
                f"victory: {path[:1].lower()}{path[1:]}.")
    if view.get("draw"):
        return f"Drawn: {view['round_limit']} rounds passed and no clan completed its path."
    return ""


def _turn_panel(view: DarkleafView, legal: list[Choice], plan: _Plan) -> str:
    names = view["names"]
    cur = view.get("current", 0)
    if not view.get("turn") and not view["over"]:
        head = "Setup: handicap bones, rolled and slotted before the first turn"
    else:
        head = (f"Round {view['round']} of {view['round_limit']} · "
                f"{PHASE_TEXT.get(view['phase'], view['phase'])}")
    if not view["over"]:
        head += f" · {names[cur]} ({view['clans'][cur]['name']}) to play"
    parts = [tag("p", {"class": "dg-phase"}, esc(head))]
    if view["over"]:
        winner = view.get("winner")
        if isinstance(winner, int):
            clan = view["clans"][winner]
            result = (f"{names[winner]} wins for {clan['name']}: "
                      f"{clan['progress']['text']}.")
        else:
            result = (f"Drawn: {view['round_limit']} rounds passed without a winner."
                      if view.get("draw") else "The duel is over.")
        parts.append(tag("p", {"class": "dg-result"}, esc(result)))
    parts.append(_progress_line(view))
    row = [_roll_box(view)]
    intent = _intent_text(view)
    if intent:
        row.append(tag("p", {"class": "dg-intent"}, esc(intent)))
    parts.append(tag("div", {"class": "dg-turnrow"}, *row))
    instruction = _instruction(view, legal, plan)
    if instruction:
        parts.append(tag("p", {"class": "dg-do"}, esc(instruction)))
    buttons = []
    faces = {b["bone"]: b["faces"] for clan in view["clans"] for b in clan["bones"]}
    for c in legal:
        if c["kind"] == "roll":
            buttons.append(tag("button", {"type": "button", "class": "primary",
                                          "data_action": c["index"]},
                               esc(f"Roll a d{faces.get(int_field(c, 'bone'), '?')}")))
        elif c["kind"] == "declare" and not _declares_square(c):
            # A declaration that names no unit and target (a journey) is a button.
            buttons.append(tag("button", {"type": "button", "data_action": c["index"]},
                               esc(c["label"])))
    if plan.units and not plan.auto:
        kinds = {u["square"]: u for u in view["units"] if u["square"] >= 0}
        unit_buttons = []
        for sq in sorted(plan.units):
            u = kinds.get(sq)
            name = f"{u['letter']} {_sq_name(sq)}" if u else _sq_name(sq)
            what = UNIT_NAME.get(u["type"], "unit") if u else "unit"
            chosen = sq == plan.selected
            unit_buttons.append(tag("button", {"type": "button", "class": "dg-unit-button",
                                               "data_ui": f"from={'' if chosen else sq}",
                                               "aria_pressed": "true" if chosen else "false",
                                               "aria_label": f"{what} on {_sq_name(sq)}: "
                                               f"{_plural(len(plan.units[sq]), 'choice')}"},
                                    esc(name)))
        parts.append(tag("details", {"class": "dg-unitlist"},
                         tag("summary", {}, esc(f"Units that can act ({len(plan.units)})")),
                         tag("div", {"class": "dg-buttons"}, *unit_buttons)))
    if plan.at is not None:
        parts.append(tag("p", {"class": "dg-do"},
                         esc(f"{_sq_name(plan.at)} offers several choices:")))
        buttons += [tag("button", {"type": "button", "class": "primary",
                                   "data_action": o.index}, esc(o.choice["label"]))
                    for o in plan.targets[plan.at]]
    if buttons:
        parts.append(tag("div", {"class": "dg-buttons"}, *buttons))
    return tag("section", {"class": "dg-turn", "aria_label": "The turn"}, *parts)


# -- clan boards ----------------------------------------------------------------------


def _slot_cell(skill: SkillView, j: int, slot_actions: dict[tuple[str, int], int],
               bone_actions: dict[int, int], rolled: int | None) -> str:
    spec = skill["slots"][j]
    short, words = _spec_text(spec)
    bone = skill["bones"][j]
    if bone is not None:
        label = (f"{skill['name']} slot {j + 1} (takes {words}): a {bone['value']} "
                 f"on a d{bone['faces']}")
        face = die_svg(bone["faces"], bone["value"], 30, label)
        action = bone_actions.get(bone["bone"])
        key = f"bone-{bone['bone']}"
        if action is not None:
            return tag("button", {"type": "button", "class": "dg-slot dg-filled dg-pick",
                                  "data_action": action, "data_key": key,
                                  "aria_label": "Choose this bone: " + label},
                       face)
        return tag("span", {"class": "dg-slot dg-filled", "title": label, "data_key": key},
                   face)
    label = f"{skill['name']} slot {j + 1}: empty, takes {words}"
    action = slot_actions.get((skill["key"], j))
    if action is not None:
        return tag("button", {"type": "button", "class": "dg-slot dg-empty dg-pick",
                              "data_action": action,
                              "aria_label": f"Slot your {rolled} here: {label}"}, esc(short))
    return tag("span", {"class": "dg-slot dg-empty", "title": label, "role": "img",
                        "aria_label": label}, esc(short))


def _skill_row(skill: SkillView, slot_actions: dict[tuple[str, int], int],
               bone_actions: dict[int, int], rolled: int | None) -> str:
    cells = [_slot_cell(skill, j, slot_actions, bone_actions, rolled)
             for j in range(len(skill["slots"]))]
    notes = []
    bounds = skill["sum"]
    if bounds:
        lo, hi = bounds
        now = sum(b["value"] for b in skill["bones"] if b is not None)
        notes.append(f"sum {lo}–{hi}" + (f" (now {now})" if now else ""))
    relic = ""
    if skill.get("relic_slots"):
        tokens = [tag("span", {"class": "dg-relic" + (" dg-relic-full" if i < skill["relics"]
                                                      else ""), "aria_hidden": "true"}, "")
                  for i in range(skill["relic_slots"])]
        relic = tag("span", {"class": "dg-relics", "role": "img",
                             "aria_label": f"relic tokens {skill['relics']} of "
                                           f"{skill['relic_slots']}"},
                    *tokens, esc(f" {skill['relics']}/{skill['relic_slots']}"))
    if skill["type"] == "law" and not skill.get("active"):
        notes.append("not yet in force")
    text = SKILL_TEXT.get(skill["key"], "")
    head = tag("div", {"class": "dg-skillhead"},
               tag("strong", {}, esc(skill["name"])),
               tag("span", {"class": f"dg-type dg-type-{skill['type']}"},
                   esc(skill["type"])), relic,
               tag("span", {"class": "dg-law-on"}, "✓ in force for the rest of the game")
               if skill.get("active") else "")
    return tag("li", {"class": "dg-skill" + (" dg-active" if skill.get("active") else "")},
               head,
               tag("p", {"class": "dg-skilltext"},
                   esc(text or TYPE_TEXT.get(skill["type"], skill["type"]))),
               "" if skill.get("active") else tag(
                   "div", {"class": "dg-slots"}, *cells,
                   tag("span", {"class": "dg-note"}, esc(" · ".join(notes))) if notes else ""))


def _graveyard(view: DarkleafView, p: int) -> str:
    counts: dict[str, tuple[str, int]] = {}
    for u in view["units"]:
        if u["seat"] == p and u["square"] < 0:
            letter, n = counts.get(u["type"], (u["letter"], 0))
            counts[u["type"]] = (letter, n + 1)
    if not counts:
        return tag("p", {"class": "dg-grave"}, "Graveyard: empty")
    colour = _colour(view, p)
    items = [tag("span", {"class": "dg-grave-item", "data_key": f"grave-{p}-{kind}"},
                 _mini_piece(kind, letter, p, colour, f"{n} {kind}{'s' if n > 1 else ''}"),
                 esc(f"×{n}")) for kind, (letter, n) in counts.items()]
    return tag("div", {"class": "dg-grave"}, tag("span", {}, "Graveyard:"), *items)


def _clan_panel(view: DarkleafView, p: int, legal: list[Choice]) -> str:
    clan = view["clans"][p]
    names = view["names"]
    letters = seat_letters(names)
    acting = not view["over"] and p in view["active"]
    slot_actions = {(str_field(c, "skill"), int_field(c, "slot")): c["index"] for c in legal
                    if c["kind"] == "slot" and p == view.get("current")}
    bone_actions = {int_field(c, "bone"): c["index"] for c in legal if c["kind"] == "bone"}
    roll_actions = {int_field(c, "bone"): c["index"] for c in legal if c["kind"] == "roll"}
    rolled = view.get("roll")
    prog = clan["progress"]
    head = tag("h3", {"class": "dg-clanhead"},
               tag("span", {"class": "seat-dot", "aria_hidden": "true"}, letters[p]), " ",
               esc(names[p]), tag("span", {"class": "dg-clanname"}, esc(f" · {clan['name']}")),
               tag("span", {"class": "badge active-badge"}, "▶ to act") if acting else "")
    path = tag("p", {"class": "dg-path"}, tag("span", {}, "Path to victory: "),
               esc(clan["path"]), " · ", tag("strong", {}, esc(prog["text"])))
    pool = []
    for b in clan["pool"]:
        label = f"d{b['faces']} bone in the pool"
        die = die_svg(b["faces"], None, 32, label)
        idx = roll_actions.get(b["bone"], bone_actions.get(b["bone"]))
        if idx is not None:
            verb = "Roll" if b["bone"] in roll_actions else "Choose"
            pool.append(tag("button", {"type": "button", "class": "dg-bone dg-pick",
                                       "data_action": idx, "data_key": f"bone-{b['bone']}",
                                       "aria_label": f"{verb} this {label}"}, die))
        else:
            pool.append(tag("span", {"class": "dg-bone", "data_key": f"bone-{b['bone']}"},
                            die))
    skill_names = {s["key"]: s["name"] for s in clan["skills"]}
    chips = [f"{skill_names.get(k, _words(k).title())} {n}" for k, n in clan["chips"].items()]
    facts = [f"Will token: {'yes' if clan['will_token'] else 'spent'}"]
    if chips:
        facts.append("fate chips left: " + ", ".join(chips))
    facts += [FLAG_TEXT.get(f, _words(f)) for f in clan.get("flags", [])]
    rows = [_skill_row(s, slot_actions, bone_actions, rolled) for s in clan["skills"]]
    return tag("section", {"class": f"dg-clan seat-{p}" + (" dg-acting" if acting else ""),
                           "aria_label": f"{names[p]}'s clan board ({clan['name']})",
                           "style": f"--dg-clan: {_colour(view, p)}"},
               head, path,
               tag("div", {"class": "dg-pool"}, tag("span", {}, esc(
                   f"Bone pool ({len(clan['pool'])}):")), *pool)
               if pool else tag("p", {"class": "dg-pool"}, "Bone pool: empty"),
               tag("p", {"class": "dg-facts"}, esc(" · ".join(facts))),
               tag("ol", {"class": "dg-skills"}, *rows), _graveyard(view, p))


def _will_panel(view: DarkleafView) -> str:
    will = view["will"]
    names = view["names"]
    table = "Blessings" if will["table"] == "blessings" else "Curses"
    tokens = ", ".join(f"{names[p]} {'holds a token' if c['will_token'] else 'has spent it'}"
                       for p, c in enumerate(view["clans"]))
    parts = [tag("h3", {}, esc(f"Haggedorn's Will · {table}")), tag("p", {}, esc(tokens))]
    last = will.get("last")
    if last:
        parts.append(tag("div", {"class": "dg-roll"},
                         die_svg(12, last["roll"], 32, f"The Will's d12 showed {last['roll']}"),
                         tag("span", {}, esc(f"{names[last['seat']]} called: {last['roll']}, "
                                             f"{last['name']}. {last['text']}"))))
    items = [tag("li", {}, esc(f"{name}: {_plural(int(left), 'round')} left "
                               f"(called by {names[int(caller)]})"))
             for name, left, caller in will.get("counters", [])]
    items += [tag("li", {}, esc(f"{name}: for the rest of the game"))
              for name in will.get("marked", [])]
    if items:
        parts.append(tag("ul", {"class": "dg-counters"}, *items))
    else:
        parts.append(tag("p", {"class": "dg-note"}, "No outcome of the Will is in force."))
    return tag("section", {"class": "dg-will", "aria_label": "Haggedorn's Will"}, *parts)


def render_board(view: DarkleafView, legal: list[Choice], ui: dict[str, str]) -> str:
    """The whole table for one seat's view (or a spectator's)."""
    plan = _Plan(view, legal, ui)
    bottom = _bottom_seat(view)
    panels = [_clan_panel(view, p, legal) for p in (bottom, 1 - bottom)]
    return tag("div", {"class": "dg"},
               _turn_panel(view, legal, plan),
               tag("div", {"class": "dg-boardwrap"}, board_svg(view, plan)),
               tag("div", {"class": "dg-side"}, *panels, _will_panel(view)))
