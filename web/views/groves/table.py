"""Groves' whole table: the setup choice, the summoning cards, the bar's short
labels and ``render_board``."""

from __future__ import annotations

from pygame_engine.games.groves.view_types import GrovesView

from .. import Choice, int_field, str_field
from ..markup import esc, tag
from .panels import (
    grove_dict,
    hand_picker,
    hollows_panel,
    player_panel,
    row_panel,
    supplies_panel,
    tree_panel,
)
from .pieces import FONT, NO_SHRINK, grove_hex
from .realm import SpiritKeys, realm_svg


def setup_choice(view: GrovesView, legal: list[Choice]) -> str:
    """The four resource groves, each as a pictured hex (a click chooses it)."""
    start = {str_field(c, "colour"): c["index"] for c in legal if c["kind"] == "start"}
    taken = {pl["resource"]: p for p, pl in enumerate(view["players"]) if pl["resource"]}
    svgs = []
    for colour in ("yellow", "orange", "green", "blue"):
        g = grove_dict("rg-" + colour)
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
            out[c["index"]] = grove_dict("rg-" + str_field(c, "colour"))["name"]
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
        parts.append(setup_choice(view, legal))
    parts.append(_summon_choice(legal))

    def area(p: int) -> str:
        mine = isinstance(seat, int) and p == seat
        inner = [player_panel(view, p, keys)]
        if mine and spirits:
            inner.append(hand_picker(spirits, chosen))
        inner.append(realm_svg(view, p, place, attach if p == acting else {}, keys))
        focus = mine and p == acting and not view["over"] and view["phase"] != "setup"
        return tag("article", {"class": f"player seat-{p}", "data_focus": "true" if focus
                               else None, "style": "min-width:0;flex:1 1 300px"}, *inner)

    centre = [row_panel(view, buy), tree_panel(view, visit, keys)]
    solo = view["solo"]
    if solo:
        centre.append(hollows_panel(solo))
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
    parts.append(supplies_panel(view))
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


#: The bar's words for a decision, by the first of its action kinds found here.
def end_title(view: GrovesView) -> str:
    """The end screen's headline when the Hollows of the Lost won a solo game,
    with the reason; "" otherwise (the page's own headline)."""
    if any(s["rank"] == 1 for s in view.get("standings") or []):
        return ""
    lost = view["solo"]
    reason = lost["lost"] if lost else ""
    if not reason and lost:
        reason = f"the score did not beat {lost['target']}"
    return f"{view['names'][0]} loses" + (f": {reason}" if reason else "")


PROMPTS = (("start", "pick your grove"), ("summon", "keep a card"),
           ("strand", "return wraiths"), ("place", "place the spirit"),
           ("visit", "place the spirit"), ("collect", "take a reward"),
           ("attach", "attach the grove"), ("portal", "open a portal"),
           ("buy", "buy a grove, or not"))
