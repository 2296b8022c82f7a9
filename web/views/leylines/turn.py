"""Leylines' acting-seat panel: dice, moves, cubes, Items, Contracts and cards to play."""

from __future__ import annotations

from pygame_engine.games.leylines.view_types import (
    LeylinesView,
)

from .. import Choice, int_field, str_field
from ..markup import esc, seat_letters, tag
from .cards import contract_card, item_card
from .forest import preview
from .pieces import (
    COLOUR_LETTER,
    STEP_TEXT,
    button,
    by_kind,
    cube_chip,
    cube_row,
    die_face,
    plural,
    space_name,
    ui_button,
)


def _die_picker(view: LeylinesView, seat: int, kinds: dict[str, list[Choice]],
                chosen: int | None) -> str:
    dice = view["players"][seat]["dice"]
    values = sorted({int_field(c, "die") for k in ("move", "boost", "quick")
                     for c in kinds.get(k, [])})
    buttons = []
    for value in dice:
        if value in values:
            buttons.append(ui_button("die", "" if value == chosen else str(value),
                                      die_face(value), pressed=value == chosen,
                                      label=f"Pick the die showing {value}"))
        else:
            buttons.append(die_face(value, " lv-die-idle"))
    return tag("div", {"class": "lv-dice", "role": "group", "aria_label": "Your dice"},
               *buttons)


def _reroll_picker(view: LeylinesView, seat: int, kinds: dict[str, list[Choice]],
                   ui: dict[str, str]) -> list[str]:
    dice = sorted(view["players"][seat]["dice"])
    choices = {str_field(c, "dice"): c for c in kinds.get("reroll", [])}
    wanted = "".join(sorted(ui.get("reroll", "")))
    if wanted and wanted not in choices:
        wanted = ""
    left = list(wanted)
    buttons = []
    for value in dice:
        ch = str(value)
        picked = ch in left
        if picked:
            left.remove(ch)
            new = list(wanted)
            new.remove(ch)
        else:
            new = [*wanted, ch]
        buttons.append(ui_button("reroll", "".join(sorted(new)), die_face(value),
                                  pressed=picked,
                                  label=f"{'Keep' if picked else 'Re-roll'} the die showing "
                                        f"{value}"))
    parts = [tag("p", {}, "Pick the dice to re-roll (once, for 1 gold), or keep them all."),
             tag("div", {"class": "lv-dice", "role": "group", "aria_label": "Your dice"},
                 *buttons)]
    if wanted:
        c = choices[wanted]
        parts.append(tag("p", {}, button(c["index"], esc(c["label"]), cls="lv-go")))
    return parts


def _cube_buttons(kinds: dict[str, list[Choice]], kind: str, counts: dict[str, int],
                  where: str) -> str:
    buttons = []
    for c in kinds.get(kind, []):
        colour = str_field(c, "colour")
        buttons.append(button(c["index"], cube_chip(colour), " ",
                               esc(f"{c['label']} ({counts.get(colour, 0)} {where})")))
    return tag("div", {"class": "lv-row"}, *buttons)


def turn_panel(view: LeylinesView, seat: int, legal: list[Choice], ui: dict[str, str]
               ) -> tuple[str, list[tuple[int, str, int]], list[int]]:
    """What the acting seat may do, with the map's targets and previewed spaces."""
    kinds = by_kind(legal)
    step = view.get("step")
    targets = [(int_field(c, "space"), c["label"], c["index"])
               for kind in ("start", "go", "from") for c in kinds.get(kind, [])]
    heading, parts = _setup_parts(view, seat, kinds, ui)
    heading = heading or STEP_TEXT.get(step or "", "")
    lit: list[int] = []
    if any(k in kinds for k in ("move", "boost", "quick")):
        dice, lit = _dice_parts(view, seat, kinds, ui, targets)
        parts += dice
    parts += _stop_parts(view, kinds, step, targets)
    parts += _cube_parts(view, seat, kinds, step)
    parts += _buy_parts(view, kinds, step)
    parts += _complete_parts(view, seat, kinds)
    parts += _use_parts(view, kinds)
    if not parts:
        return "", targets, lit
    name = view["names"][seat]
    return (tag("section", {"class": f"lv-act seat-{seat}", "aria_label": "Your choices"},
                tag("h3", {}, tag("span", {"class": "seat-dot", "aria_hidden": "true"},
                                  seat_letters(view["names"])[seat]), " ",
                    esc(f"{name}: {heading}" if heading else name)),
                *parts), targets, lit)


def _here(view: LeylinesView, seat: int) -> dict[str, int]:
    """The cubes on the space where ``seat``'s standee stands."""
    pos = view["players"][seat]["pos"]
    return view["spaces"][pos]["cubes"] if 0 <= pos < len(view["spaces"]) else {}


def _setup_parts(view: LeylinesView, seat: int, kinds: dict[str, list[Choice]],
                 ui: dict[str, str]) -> tuple[str, list[str]]:
    """The start of the game and the dice of the Day: (the panel's heading, its parts)."""
    heading, parts = "", []
    if "start" in kinds:
        heading = "Your standee"
        parts.append(tag("p", {}, "Choose a highlighted Market to start there: one named by "
                                  "your Starting Contracts."))
    if "reroll" in kinds:
        heading = "Your dice"
        parts += _reroll_picker(view, seat, kinds, ui)
    elif "keep" in kinds:
        heading = "Your dice"
        parts.append(tag("p", {}, "Not enough gold to re-roll: keep these dice."))
    return heading, parts


def _dice_parts(view: LeylinesView, seat: int, kinds: dict[str, list[Choice]],
                ui: dict[str, str], targets: list[tuple[int, str, int]]
                ) -> tuple[list[str], list[int]]:
    """A die to pick for the Movement slot, a boost or Quickness: (parts, previewed spaces)."""
    turn = view["turn"]
    values = sorted({int_field(c, "die") for k in ("move", "boost", "quick")
                     for c in kinds.get(k, [])})
    chosen = int(ui["die"]) if ui.get("die", "").isdigit() and int(
        ui["die"]) in values else None
    if chosen is None and len(values) == 1 and "boost" not in kinds:
        chosen = values[0]
    if "move" in kinds:
        intro = "Pick a die for your Movement slot: the spaces it reaches light up."
    elif "boost" in kinds:
        intro = (f"You can move up to {plural(turn['reach'] if turn else 0, 'space')}: "
                 "choose a highlighted space to stop there, or pick a die to add it "
                 "(Quickness).")
    else:
        intro = "Pick a die to put in a Quickness slot and take every cube where you stand."
    parts = [tag("p", {}, esc(intro)), _die_picker(view, seat, kinds, chosen)]
    row, lit = [], list[int]()
    for c in kinds.get("move", []) if chosen is not None else []:
        if int_field(c, "die") == chosen:
            row.append(button(c["index"], esc(c["label"]), cls="lv-go"))
            lit = preview(view, seat, chosen)
    for c in kinds.get("boost", []) if chosen is not None else []:
        if int_field(c, "die") == chosen:
            reach = turn["reach"] if turn else 0
            row.append(button(c["index"], esc(f"{c['label']}: reach {reach} → "
                                              f"{reach + chosen}"), cls="lv-go"))
            new = set(preview(view, seat, reach + chosen))
            lit = sorted(new - {t[0] for t in targets})
    for c in kinds.get("quick", []) if chosen is not None else []:
        if int_field(c, "die") == chosen:
            row.append(button(c["index"], esc(c["label"]), " ", cube_row(_here(view, seat))))
    if lit:
        more = "more " if "boost" in kinds else ""
        row.append(tag("span", {"class": "lv-muted"}, esc(
            f"{plural(len(lit), more + 'space')} within reach with the {chosen} "
            "(thin dashed rings on the map).")))
    parts.append(tag("div", {"class": "lv-row"}, *row))
    return parts, lit


def _stop_parts(view: LeylinesView, kinds: dict[str, list[Choice]], step: str | None,
                targets: list[tuple[int, str, int]]) -> list[str]:
    """Where to stop or take cubes from: the words, and the map's targets as a list."""
    parts = []
    if "go" in kinds and "boost" not in kinds:
        text = {"route": "Choose any highlighted space: the Secret Route takes you there.",
                "path": "Choose a highlighted space up to 4 steps away (Pathfinder)."}.get(
            step or "", "Choose a highlighted space to stop there.")
        parts.append(tag("p", {}, esc(text)))
    if "from" in kinds:
        parts.append(tag("p", {}, "Choose a highlighted space to take up to 2 of its cubes."))
    if targets:
        parts.append(_stop_list(view, targets))
    return parts


def _cube_parts(view: LeylinesView, seat: int, kinds: dict[str, list[Choice]],
                step: str | None) -> list[str]:
    """Cubes to take, to drop to the carrying limit, or to sell."""
    player, turn, parts = view["players"][seat], view["turn"], []
    if "pick" in kinds:
        source = _here(view, seat)
        if step == "companion-pick" and turn is not None:
            source = view["spaces"][turn["source"]]["cubes"]
        left = turn["picks_left"] if turn else None
        intro = {"pick": "Take one cube here for free, or none.",
                 "path-pick": f"Take up to {left} cubes here for free.",
                 "companion-pick": f"Take up to {left} cubes from that space."}.get(
            step or "", "Take a cube.")
        parts.append(tag("p", {}, esc(intro)))
        parts.append(_cube_buttons(kinds, "pick", source, "there"))
    if "discard" in kinds:
        total = sum(player["cubes"].values())
        parts.append(tag("p", {}, esc(f"You carry {total} cubes but have room for "
                                      f"{player['carry_limit']}: drop cubes here.")))
        parts.append(_cube_buttons(kinds, "discard", player["cubes"], "carried"))
    if "sell" in kinds:
        parts.append(tag("p", {}, "Sell cubes for 1 gold each (to the bag), then say Done."))
        parts.append(_cube_buttons(kinds, "sell", player["cubes"], "carried"))
    return parts


def _buy_parts(view: LeylinesView, kinds: dict[str, list[Choice]], step: str | None
               ) -> list[str]:
    """Items to buy at a Hub, each card with a button per way to pay."""
    parts = []
    if "buy" in kinds:
        by_item: dict[str, list[Choice]] = {}
        for c in kinds["buy"]:
            by_item.setdefault(str_field(c, "item"), []).append(c)
        cards = []
        for item, cs in by_item.items():
            buttons = [button(c["index"], _pay(c, "Buy"), label=c["label"]) for c in cs]
            cards.append(item_card(view, item, "", False, *buttons))
        turn = view["turn"]
        bought = turn["bought"] if turn else 0
        parts.append(tag("p", {}, esc(f"Buy up to 2 Items ({bought} bought); "
                                      "then the auction starts.")))
        parts.append(tag("div", {"class": "lv-cards"}, *cards))
    if step == "hub" and "buy" not in kinds:
        parts.append(tag("p", {}, "No Item you can buy: say Done here, and the auction "
                                  "starts."))
    return parts


def _complete_parts(view: LeylinesView, seat: int, kinds: dict[str, list[Choice]]
                    ) -> list[str]:
    """Contracts to complete at a Market, each card with a button per way to pay."""
    if "complete" not in kinds:
        return []
    by_contract: dict[int, list[Choice]] = {}
    for c in kinds["complete"]:
        by_contract.setdefault(int_field(c, "contract"), []).append(c)
    cards = []
    for contract in view["players"][seat]["contracts"]:
        cs = by_contract.get(contract["id"], [])
        if cs:
            buttons = [button(c["index"], _pay(c, "Complete"), label=c["label"]) for c in cs]
            cards.append(contract_card(view, contract, *buttons))
    turn = view["turn"]
    done = turn["completed"] if turn else 0
    return [tag("p", {}, esc("Complete Contracts here: two in one visit +4 gold, "
                             f"three or more +9 ({done} done this visit).")),
            tag("div", {"class": "lv-cards"}, *cards)]


def _use_parts(view: LeylinesView, kinds: dict[str, list[Choice]]) -> list[str]:
    """Forest Friends and Items the seat may play now."""
    if "use" not in kinds:
        return []
    buttons = []
    for c in kinds["use"]:
        card = str_field(c, "card")
        info = view["catalogue"]["friends"].get(card) or view["catalogue"]["items"].get(card)
        buttons.append(button(c["index"], tag("strong", {}, esc(c["label"])), " ",
                              tag("span", {"class": "lv-muted"},
                                  esc(f"({info['text'] if info else ''})"))))
    return [tag("p", {}, "Cards you can play now:"), tag("div", {"class": "lv-row"}, *buttons)]


def _stop_list(view: LeylinesView, targets: list[tuple[int, str, int]]) -> str:
    """The map's targets again as a folded list of buttons (for keyboards, screen
    readers, and phones where the map's far side is scrolled out of view)."""
    buttons = []
    for space, label, index in sorted(targets):
        name = space_name(view, space)
        buttons.append(button(index, esc(name[:1].upper() + name[1:]), label=label))
    return tag("details", {"class": "lv-stops"},
               tag("summary", {"style": "min-height: 2rem; line-height: 2rem; cursor: pointer"},
                   esc(f"Or choose from a list ({plural(len(targets), 'space')})")),
               tag("div", {"class": "lv-row"}, *buttons))


def _pay(c: Choice, verb: str) -> str:
    """A payment's button content: the cubes as chips, and the help used."""
    pay, aid = str_field(c, "pay"), str_field(c, "aid")
    colours = {letter: colour for colour, letter in COLOUR_LETTER.items()}
    counts: dict[str, int] = {}
    for letter in pay:
        if letter in colours:
            counts[colours[letter]] = counts.get(colours[letter], 0) + 1
    helped = f" with the {aid.replace('+', ' and ')}" if aid else ""
    return tag("span", {}, esc(f"{verb}: pay "), cube_row(counts, single=True), esc(helped))
