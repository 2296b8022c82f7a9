"""Leylines' small pieces: colours, cube chips, dice, gold, buttons and space names."""

from __future__ import annotations

from pygame_engine.games.leylines.data import ITEMS
from pygame_engine.games.leylines.view_types import (
    LeylinesView,
)

from .. import Choice
from ..markup import esc, tag

#: The action kinds the board offers itself (the rest go to the action bar).
BOARD_KINDS = {"start", "reroll", "move", "boost", "quick", "go", "from", "pick", "discard",
               "sell", "buy", "complete", "use", "clear", "offer", "bid", "match", "pass",
               "befriend"}

COLOUR_LETTER = {"red": "R", "orange": "O", "yellow": "Y", "green": "G", "blue": "B",
                 "purple": "P"}
COLOUR_FILL = {"red": "#c8352b", "orange": "#ee8a1c", "yellow": "#f2c94c", "green": "#2e7a3b",
               "blue": "#2f6fc0", "purple": "#7a4aa3"}
DARK_INK = ("orange", "yellow")  # colours that take dark text
REGION_TINT = ("#dbe8cf", "#e8ecc8", "#cfe5da", "#dde2ec", "#ecdfca", "#e9d9e2")
SEAT_COLOUR = ("#1b7837", "#b35806", "#5e3c99", "#2166ac", "#c51b7d", "#4d4d4d")
ITEM_NAMES = {item: item.capitalize() for item in ITEMS}
STEP_TEXT = {
    "turn": "Your turn",
    "move": "Choose where to stop",
    "pick": "Take the free cube",
    "hub": "At the Hub",
    "market": "At the Market",
    "discard": "Over the carry limit",
    "route": "Secret Route",
    "path": "Pathfinder",
    "path-pick": "Pathfinder: cubes",
    "companion": "Companion",
    "companion-pick": "Companion: cubes",
    "sell": "Shadow Market",
}

SPACE_R = 19
MAP_PAD = 8
#: Enlarged, the map is drawn at this scale (its smallest text, 15 units, stays
#: at 12 px and a space's 56-unit target over 32 px) and pans in its box.
MIN_SCALE = 0.8


# -- small pieces -----------------------------------------------------------------------


def plural(count: int, word: str, many: str | None = None) -> str:
    """``1 cube``, ``3 cubes``, ``0 cubes``.

    >>> plural(1, "cube"), plural(2, "gold", "gold")
    ('1 cube', '2 gold')
    """
    return f"{count} {word if count == 1 else (many or word + 's')}"


def cube_text(cubes: dict[str, int]) -> str:
    """Colour counts in words: ``2 red, 1 blue`` (``none`` when empty)."""
    return ", ".join(f"{n} {c}" for c, n in cubes.items() if n) or "none"


def cube_chip(colour: str, count: int = 1, key: str | None = None) -> str:
    """An HTML cube: a coloured square with its letter (and the count when above 1)."""
    text = COLOUR_LETTER[colour] if count == 1 else f"{count}{COLOUR_LETTER[colour]}"
    label = plural(count, f"{colour} cube")
    return tag("span", {"class": f"lv-cube lv-c-{colour}", "title": label, "aria_label": label,
                        "role": "img", "data_key": key}, esc(text))


def cube_row(cubes: dict[str, int], single: bool = False) -> str:
    """Cubes as chips: one chip per cube (``single``) or one per colour with its count."""
    chips = []
    for colour, n in cubes.items():
        if single:
            chips += [cube_chip(colour) for _ in range(n)]
        elif n:
            chips.append(cube_chip(colour, n))
    return tag("span", {"class": "lv-cubes"}, *chips) if chips else tag(
        "span", {"class": "lv-muted"}, "none")


def die_face(value: int, extra: str = "", key: str | None = None) -> str:
    return tag("span", {"class": f"lv-die{extra}", "role": "img", "data_key": key,
                        "aria_label": f"die showing {value}"}, str(value))


def gold_text(amount: int) -> str:
    return tag("span", {"class": "lv-gold"}, esc(f"{amount} gold"))


def space_name(view: LeylinesView, space: int) -> str:
    """A space as the log names it: ``space K``, ``Hub 10``, ``the Bakery (Market space 1)``."""
    if not 0 <= space < len(view["spaces"]):
        return "no space yet"
    s = view["spaces"][space]
    if s["kind"] == "letter":
        return f"space {s['letter']}"
    if s["kind"] == "hub":
        return f"Hub {space}"
    if s["kind"] == "market":
        market = s.get("market")
        name = view["catalogue"]["markets"][market]["name"] if market else "no Market"
        return f"the {name} (Market space {space})"
    return f"space {space}"


def market_name(view: LeylinesView, market: str) -> str:
    return str(view["catalogue"]["markets"][market]["name"])


def ink(colour: str) -> str:
    return "#1f1f1f" if colour in DARK_INK else "#ffffff"

def button(index: int, *content: str, cls: str = "", label: str | None = None) -> str:
    return tag("button", {"type": "button", "class": f"lv-btn {cls}".strip(),
                          "data_action": index, "aria_label": label}, *content)


def ui_button(key: str, value: str, *content: str, pressed: bool | None = None,
               label: str | None = None, disabled: bool = False) -> str:
    return tag("button", {"type": "button", "class": "lv-btn",
                          "data_ui": None if disabled else f"{key}={value}",
                          "aria_pressed": None if pressed is None else str(pressed).lower(),
                          "aria_label": label, "disabled": disabled}, *content)


# -- the acting seat's panel -------------------------------------------------------------------


def by_kind(legal: list[Choice]) -> dict[str, list[Choice]]:
    out: dict[str, list[Choice]] = {}
    for c in legal:
        out.setdefault(c["kind"], []).append(c)
    return out
