"""Darkleaf Gambit's turn panel: the phase, the roll, the declared intent, what to
do now, and the words for the bar and the end."""

from __future__ import annotations

from pygame_engine.games.darkleaf_gambit import GAME
from pygame_engine.games.darkleaf_gambit.actions import Declare
from pygame_engine.games.darkleaf_gambit.view_types import DarkleafView

from .. import Choice, int_field
from ..markup import esc, seat_letters, tag
from .board import Plan, declares_square
from .pieces import HEXEN_FACES, PHASE_TEXT, UNIT_NAME, die_svg, key_words, plural, sq_name

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
        return f"Declared: {key_words(what).title()} with the {who} on {sq_name(unit)}."
    return (f"Declared: {key_words(what).title()} by the {who} on {sq_name(unit)} against the "
            f"{whom} on {sq_name(target)}.")


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


def _instruction(view: DarkleafView, legal: list[Choice], plan: Plan) -> str:
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
        return (f"Your {name} on {sq_name(plan.selected)}: choose a highlighted territory"
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
PROMPTS = (("proceed", "end Upkeep or spend"), ("declare", "declare your intent"),
           ("roll", "roll a bone"), ("journey", "pick a unit, then a square"),
           ("hunt", "pick a unit, then a square"), ("slot", "slot your bone"),
           ("pick", "choose a square"), ("bone", "choose a bone"))



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


def turn_panel(view: DarkleafView, legal: list[Choice], plan: Plan) -> str:
    """The phase and who plays, the roll and the intent, what to do, and the buttons
    for what the board does not offer itself."""
    parts = _head(view)
    parts.append(_progress_line(view))
    row = [_roll_box(view)]
    intent = _intent_text(view)
    if intent:
        row.append(tag("p", {"class": "dg-intent"}, esc(intent)))
    parts.append(tag("div", {"class": "dg-turnrow"}, *row))
    instruction = _instruction(view, legal, plan)
    if instruction:
        parts.append(tag("p", {"class": "dg-do"}, esc(instruction)))
    buttons = _buttons(view, legal)
    if plan.units and not plan.auto:
        parts.append(_unit_list(view, plan))
    if plan.at is not None:
        parts.append(tag("p", {"class": "dg-do"},
                         esc(f"{sq_name(plan.at)} offers several choices:")))
        buttons += [tag("button", {"type": "button", "class": "primary",
                                   "data_action": o.index}, esc(o.choice["label"]))
                    for o in plan.targets[plan.at]]
    if buttons:
        parts.append(tag("div", {"class": "dg-buttons"}, *buttons))
    return tag("section", {"class": "dg-turn", "aria_label": "The turn"}, *parts)


def _head(view: DarkleafView) -> list[str]:
    """The round, the phase and who is to play; at the end, the result."""
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
    return parts


def _buttons(view: DarkleafView, legal: list[Choice]) -> list[str]:
    """Rolls of the bones, and declarations that name no square (a journey)."""
    buttons = []
    faces = {b["bone"]: b["faces"] for clan in view["clans"] for b in clan["bones"]}
    for c in legal:
        if c["kind"] == "roll":
            buttons.append(tag("button", {"type": "button", "class": "primary",
                                          "data_action": c["index"]},
                               esc(f"Roll a d{faces.get(int_field(c, 'bone'), '?')}")))
        elif c["kind"] == "declare" and not declares_square(c):
            buttons.append(tag("button", {"type": "button", "data_action": c["index"]},
                               esc(c["label"])))
    return buttons


def _unit_list(view: DarkleafView, plan: Plan) -> str:
    """The units that can act, as a folded list of buttons (the board's units again)."""
    kinds = {u["square"]: u for u in view["units"] if u["square"] >= 0}
    unit_buttons = []
    for sq in sorted(plan.units):
        u = kinds.get(sq)
        name = f"{u['letter']} {sq_name(sq)}" if u else sq_name(sq)
        what = UNIT_NAME.get(u["type"], "unit") if u else "unit"
        chosen = sq == plan.selected
        unit_buttons.append(tag("button", {"type": "button", "class": "dg-unit-button",
                                           "data_ui": f"from={'' if chosen else sq}",
                                           "aria_pressed": "true" if chosen else "false",
                                           "aria_label": f"{what} on {sq_name(sq)}: "
                                           f"{plural(len(plan.units[sq]), 'choice')}"},
                                esc(name)))
    return tag("details", {"class": "dg-unitlist"},
               tag("summary", {}, esc(f"Units that can act ({len(plan.units)})")),
               tag("div", {"class": "dg-buttons"}, *unit_buttons))
