"""Darkleaf Gambit's small pieces: colours, texts, squares, unit shapes and bones."""

from __future__ import annotations

from collections.abc import Mapping

from pygame_engine.games.darkleaf_gambit.data import UNIT_TYPES
from pygame_engine.games.darkleaf_gambit.view_types import DarkleafView

from ..markup import esc, tag

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

#: A unit's name in text is its type (the views say "unit" for one they do not know).
UNIT_NAME = {kind: kind for kind in UNIT_TYPES}

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


def seat_colour(view: DarkleafView, seat: int) -> str:
    clan = view["clans"][seat]["clan"]
    return CLAN_COLOUR.get(clan, FALLBACK_COLOUR[seat % 2])


def sq_name(sq: int) -> str:
    return f"{FILES[sq % 8]}{sq // 8 + 1}" if 0 <= sq < 64 else "?"


def bottom_seat(view: DarkleafView) -> int:
    seat = view.get("seat")
    return seat if seat in (0, 1) else 0


def xy(sq: int, flipped: bool) -> tuple[float, float]:
    """The top-left corner of territory ``sq`` (flipped: the second seat at the bottom)."""
    f, r = sq % 8, sq // 8
    col, row = (7 - f, r) if flipped else (f, 7 - r)
    return LEFT + col * SQ, TOP + row * SQ


def key_words(key: str) -> str:
    return key.replace("_", " ")


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def spec_text(spec: str) -> tuple[str, str]:
    """What a slot accepts: (short text shown, words for screen readers).

    >>> spec_text("5-6"), spec_text("3-4-5-6")
    (('5/6', 'a 5 or a 6'), ('3–6', 'a 3, 4, 5 or 6'))
    """
    if spec == "*":
        return "any", "any value (counts toward the sum)"
    if spec == "E":
        return "even", "an even value"
    if spec == "O":
        return "odd", "an odd value"
    if "-" in spec:
        faces = spec.split("-")
        if len(faces) == 2:
            return "/".join(faces), f"a {faces[0]} or a {faces[1]}"
        values = [int(v) for v in faces]
        span = values == list(range(values[0], values[-1] + 1))
        short = f"{faces[0]}–{faces[-1]}" if span else "/".join(faces)
        return short, f"a {', '.join(faces[:-1])} or {faces[-1]}"
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


def mini_piece(kind: str, letter: str, seat: int, colour: str, label: str) -> str:
    return tag("svg", {"class": "dg-mini", "viewBox": "0 0 32 32", "role": "img",
                       "aria_label": label}, tag("title", {}, esc(label)),
               piece_svg(kind, letter, seat, colour, 16, 17, 11.5))


# -- bones -------------------------------------------------------------------------


def die_svg(faces: int, value: int | None, size: int = 32, label: str = "") -> str:
    """A bone: a six-sided one with pips, a four-sided one as a triangle, an eight-sided
    one as a diamond, a ten-sided one as a kite, others as a polygon with the number;
    ``value`` None shows the bone's kind (d4, d6...)."""
    s = 32
    parts: list[str] = []
    ink = "#1f2a1f"
    fill = {4: "#f4ecd2", 6: "#fbf8ee", 8: "#f6e3ea", 10: "#e6eed8"}.get(faces, "#efe6f7")
    if faces == 4:
        parts.append(tag("polygon", {"points": "16,2 30,29 2,29", "fill": fill,
                                     "stroke": ink, "stroke_width": 1.5}))
        text_y = 25
    elif faces == 8:  # an octahedron seen from a point: a diamond
        parts.append(tag("polygon", {"points": "16,1 31,16 16,31 1,16", "fill": fill,
                                     "stroke": ink, "stroke_width": 1.5}))
        parts.append(tag("line", {"x1": 1, "y1": 16, "x2": 31, "y2": 16, "stroke": ink,
                                  "stroke_width": 0.6, "stroke_opacity": 0.5}))
        text_y = 21
    elif faces == 10:  # a pentagonal trapezohedron seen from a point: a kite
        parts.append(tag("polygon", {"points": "16,1 31,13 16,31 1,13", "fill": fill,
                                     "stroke": ink, "stroke_width": 1.5}))
        text_y = 18
    elif faces == 6:
        parts.append(tag("rect", {"x": 2, "y": 2, "width": 28, "height": 28, "rx": 5,
                                  "fill": fill, "stroke": ink, "stroke_width": 1.5}))
        text_y = 21
    else:
        parts.append(tag("polygon", {"points": "16,1 29,9 29,23 16,31 3,23 3,9",
                                     "fill": fill, "stroke": ink, "stroke_width": 1.5}))
        text_y = 21
    if value is None:  # a halo of the face's colour keeps "d10" clear of a narrow outline
        parts.append(tag("text", {"x": 16, "y": text_y, "text_anchor": "middle",
                                  "font_size": 12, "fill": ink, "stroke": fill,
                                  "stroke_width": 3, "paint_order": "stroke"},
                         esc(f"d{faces}")))
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
