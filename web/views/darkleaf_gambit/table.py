"""Darkleaf Gambit's clan boards, Haggedorn's Will, and ``render_board`` that
puts the table together."""

from __future__ import annotations

from pygame_engine.games.darkleaf_gambit.view_types import DarkleafView, SkillView

from .. import Choice, int_field, str_field
from ..markup import esc, seat_letters, tag
from .board import Plan, board_svg
from .pieces import (
    FLAG_TEXT,
    SKILL_TEXT,
    TYPE_TEXT,
    bottom_seat,
    die_svg,
    key_words,
    mini_piece,
    plural,
    seat_colour,
    spec_text,
)
from .turn import turn_panel

# -- clan boards ----------------------------------------------------------------------


def _slot_cell(skill: SkillView, j: int, slot_actions: dict[tuple[str, int], int],
               bone_actions: dict[int, int], rolled: int | None) -> str:
    spec = skill["slots"][j]
    short, words = spec_text(spec)
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
    colour = seat_colour(view, p)
    items = [tag("span", {"class": "dg-grave-item", "data_key": f"grave-{p}-{kind}"},
                 mini_piece(kind, letter, p, colour, f"{n} {kind}{'s' if n > 1 else ''}"),
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
    for k, b in enumerate(clan["pool"], start=1):
        # Numbered and owned, so that a screen reader tells alike bones apart.
        label = f"{names[p]}'s pool bone {k}, a d{b['faces']}"
        die = die_svg(b["faces"], None, 32, label)
        idx = roll_actions.get(b["bone"], bone_actions.get(b["bone"]))
        if idx is not None:
            verb = "Roll" if b["bone"] in roll_actions else "Choose"
            pool.append(tag("button", {"type": "button", "class": "dg-bone dg-pick",
                                       "data_action": idx, "data_key": f"bone-{b['bone']}",
                                       "aria_label": f"{verb} {label}"}, die))
        else:
            pool.append(tag("span", {"class": "dg-bone", "data_key": f"bone-{b['bone']}"},
                            die))
    skill_names = {s["key"]: s["name"] for s in clan["skills"]}
    chips = [f"{skill_names.get(k, key_words(k).title())} {n}" for k, n in clan["chips"].items()]
    facts = [f"Will token: {'yes' if clan['will_token'] else 'spent'}"]
    if chips:
        facts.append("fate chips left: " + ", ".join(chips))
    facts += [FLAG_TEXT.get(f, key_words(f)) for f in clan.get("flags", [])]
    rows = [_skill_row(s, slot_actions, bone_actions, rolled) for s in clan["skills"]]
    return tag("section", {"class": f"dg-clan seat-{p}" + (" dg-acting" if acting else ""),
                           "aria_label": f"{names[p]}'s clan board ({clan['name']})",
                           "style": f"--dg-clan: {seat_colour(view, p)}"},
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
    items = [tag("li", {}, esc(f"{name}: {plural(int(left), 'round')} left "
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
    plan = Plan(view, legal, ui)
    bottom = bottom_seat(view)
    panels = [_clan_panel(view, p, legal) for p in (bottom, 1 - bottom)]
    return tag("div", {"class": "dg"},
               turn_panel(view, legal, plan),
               tag("div", {"class": "dg-boardwrap"}, board_svg(view, plan)),
               tag("div", {"class": "dg-side"}, *panels, _will_panel(view)))
