"""Leylines' whole table: the shared cards, every player's board, the round
track, and ``render_board`` that puts them together."""

from __future__ import annotations

from pygame_engine.games.leylines.view_types import (
    LeylinesView,
    PlayerView,
)

from .. import Choice
from ..markup import esc, seat_letters, tag
from .auction import auction_panel
from .cards import contract_card, friend_card, item_card
from .forest import forest, legend
from .pieces import (
    STEP_TEXT,
    cube_chip,
    cube_row,
    cube_text,
    die_face,
    gold_text,
    plural,
    space_name,
)
from .turn import turn_panel

# -- the shared cards ---------------------------------------------------------------------------


def _shared(view: LeylinesView) -> str:
    row = [contract_card(view, c) for c in view["contract_row"]]
    friends = [friend_card(view, f, gold=f["gold"]) for f in view["friends"]]
    supply = []
    for item in view["catalogue"]["items"]:
        left = view["item_supply"].get(item, 0)
        supply.append(item_card(view, item, f" · {left} left"))
    night = []
    for card in view["night_revealed"]:
        for letter in card["letters"]:
            night.append(_night_letter(view, letter))
    night_block = tag("div", {"class": "lv-night"}, *night) if night else tag(
        "p", {"class": "lv-muted"}, "None revealed yet this round.")
    bag = view["bag_colours"]
    return tag(
        "section", {"class": "lv-shared", "aria_label": "Cards on the table"},
        tag("div", {"class": "lv-block"},
            tag("h3", {}, "Contracts for auction ",
                tag("span", {"class": "lv-muted"}, esc(f"(deck {view['contract_deck']})"))),
            tag("div", {"class": "lv-cards"}, *row) if row else tag(
                "p", {"class": "lv-muted"}, "No Contracts left.")),
        tag("div", {"class": "lv-block"},
            tag("h3", {}, "Forest Friends ", tag("span", {"class": "lv-muted"}, esc(
                f"(deck {view['friend_deck']}, discards {len(view['friend_discard'])})"))),
            tag("div", {"class": "lv-cards"}, *friends) if friends else tag(
                "p", {"class": "lv-muted"}, "The forest has run out of friends.")),
        tag("div", {"class": "lv-block"},
            tag("h3", {}, "Night Cards revealed ", tag("span", {"class": "lv-muted"}, esc(
                f"(deck {view['night_deck']}, discards {view['night_discard']})"))),
            night_block,
            tag("p", {"class": "lv-muted"}, esc(_tonight(view)))),
        tag("div", {"class": "lv-block"},
            tag("h3", {}, "Items at the Hubs"),
            tag("div", {"class": "lv-cards"}, *supply),
            tag("p", {"class": "lv-muted"}, esc("Gold at the end for Items held: " + ", ".join(
                f"{k} → {v}" for k, v in _item_bands(view))))),
        tag("p", {"class": "lv-bag"}, esc(f"Bag: {plural(view['bag'], 'cube')} "), cube_row(bag),
            esc(f" · spare dice for the Harp: {view['dice_reserve']}")),
    )


def _tonight(view: LeylinesView) -> str:
    if view["round"] >= view["rounds"]:
        return "The last round has no Night: the game ends with this Day."
    return (f"Tonight: 3 cubes on each letter shown, then {plural(view['round'], 'card')} "
            "drawn for 2 cubes each, 1 on each empty letter, 1 on each Hub.")


def _item_bands(view: LeylinesView) -> list[tuple[str, int]]:
    gold = view["catalogue"]["item_gold"]
    bands: list[tuple[str, int]] = []
    for k in sorted(gold, key=int):
        if int(k) == 0:
            continue
        if bands and bands[-1][1] == gold[k]:
            first = bands[-1][0].split("-")[0]
            bands[-1] = (f"{first}-{k}", gold[k])
        else:
            bands.append((k, gold[k]))
    return bands


def _night_letter(view: LeylinesView, letter: str) -> str:
    region = next((s["region"] for s in view["spaces"] if s["letter"] == letter), "")
    names = list(view["catalogue"]["regions"])
    i = names.index(region) if region in names else 0
    return tag("span", {"class": f"lv-night-card lv-r{i}", "role": "img",
                        "aria_label": f"Night Card: space {letter} in {region}"},
               tag("strong", {}, esc(letter)), " ", esc(region))


# -- the players' boards -----------------------------------------------------------------------


def _slots(placed: list[tuple[int, str]], total: int, label: str) -> str:
    """A row of slots: the dice placed in them this Day (value and key), then the empty ones."""
    boxes = [tag("span", {"class": "lv-slot lv-used lv-placed", "data_key": key}, str(value))
             for value, key in placed]
    boxes += [tag("span", {"class": "lv-slot"}, "") for _ in range(max(0, total - len(placed)))]
    used = ", ".join(str(v) for v, _ in placed) or "none"
    return tag("span", {"class": "lv-slots", "role": "img",
                        "aria_label": f"{label}: {len(placed)} of {total} used (dice: {used})"},
               tag("span", {"class": "lv-slot-name"}, esc(label)), *boxes)


def die_keys(p: int, player: PlayerView) -> tuple[list[tuple[int, str]], list[tuple[int, str]],
                                                       list[tuple[int, str]]]:
    """Each of a seat's dice with its ``data-key``: the Movement dice, the
    Quickness dice, then the unused ones (a value's k-th die, counted in that order).

    >>> die_keys(0, {"move_dice": [3], "quick_dice": [], "dice": [2, 3]})
    ([(3, 'die-0-3-0')], [], [(2, 'die-0-2-0'), (3, 'die-0-3-1')])
    """
    seen: dict[int, int] = {}
    out: list[list[tuple[int, str]]] = []
    for values in (player.get("move_dice", []), player.get("quick_dice", []), player["dice"]):
        keyed = []
        for v in values:
            k = seen.get(v, 0)
            seen[v] = k + 1
            keyed.append((v, f"die-{p}-{v}-{k}"))
        out.append(keyed)
    return out[0], out[1], out[2]


def _resource_slots(player: PlayerView, seat: int) -> str:
    cubes = [c for c, n in player["cubes"].items() for _ in range(n)]
    limit = player["carry_limit"]
    seen: dict[str, int] = {}
    boxes = []
    for c in cubes:
        k = seen.get(c, 0)
        seen[c] = k + 1
        boxes.append(cube_chip(c, key=f"cube-{seat}-{c}-{k}"))
    boxes += [tag("span", {"class": "lv-slot"}, "") for _ in range(max(0, limit - len(cubes)))]
    return tag("div", {"class": "lv-resources", "role": "group",
                       "aria_label": f"Resources: {cube_text(player['cubes'])} "
                                     f"(room for {limit})"},
               tag("span", {"class": "lv-slot-name"}, esc(f"Cubes {len(cubes)}/{limit}")),
               *boxes)


def _player_board(view: LeylinesView, p: int, focus: bool = False) -> str:
    player = view["players"][p]
    names = view["names"]
    letters = seat_letters(names)
    badges = []
    if p in view["active"]:
        badges.append(tag("span", {"class": "badge active-badge"}, "▶ to act"))
    if p == view["first"]:
        badges.append(tag("span", {"class": "badge"}, "first player"))
    where = space_name(view, player["pos"]) if player["pos"] >= 0 else "not placed yet"
    moved, quick, unused = die_keys(p, player)
    dice = [die_face(v, key=k) for v, k in unused] or [tag("span", {"class": "lv-muted"},
                                                           "no dice left")]
    head = tag("header", {"class": "player-head"},
               tag("h3", {}, tag("span", {"class": "seat-dot", "aria_hidden": "true"},
                                 letters[p]), " ", esc(names[p]), *badges),
               tag("p", {"class": "lv-facts"}, gold_text(player["gold"]),
                   esc(f" · {'final score' if view['over'] else 'worth now'} {player['score']:g} · "
                       + (where if player["pos"] < 0 else f"at {where}"))))
    items = [item_card(view, i["item"], "", bool(i["flipped"])) for i in player["items"]]
    friends = [friend_card(view, f) for f in player["friends"]]
    contracts = [contract_card(view, c) for c in player["contracts"]]
    done = player["completed"]
    done_line = tag("p", {"class": "lv-muted"}, esc(
        f"Completed ({len(done)}, face down): " + ", ".join(c["name"] for c in done)
        if done else "No Contract completed yet."))
    return tag("article", {"class": f"lv-player seat-{p}", "data_focus": focus,
                           "aria_label": f"{names[p]}'s player board"},
               head,
               tag("div", {"class": "lv-row lv-dice", "role": "group",
                           "aria_label": f"{names[p]}'s unused dice"},
                   tag("span", {"class": "lv-slot-name"}, "Dice"), *dice),
               tag("div", {"class": "lv-row"},
                   _slots(moved, player["movement_slots"], "Movement"),
                   _slots(quick, player["quick_slots"], "Quickness")),
               _resource_slots(player, p),
               tag("div", {"class": "lv-cards"}, *contracts) if contracts else "",
               done_line,
               tag("div", {"class": "lv-cards"}, *items, *friends) if items or friends else "")


# -- the whole table -------------------------------------------------------------------------


def _round_track(view: LeylinesView) -> str:
    marks = []
    for r in range(1, view["rounds"] + 1):
        now = r == view["round"]
        marks.append(tag("li", {"class": "lv-now" if now else None,
                                "aria_current": "step" if now else None}, str(r)))
    phase = {"place": "Dawn: standees to the Markets", "reroll": "Dawn: re-rolls",
             "day": "Day", "over": "The Solstice is over"}.get(view["phase"], view["phase"])
    names = view["names"]
    who = ""
    if not view["over"] and view["active"]:
        who = f" · {names[view['active'][0]]} to act"
        step = view.get("step")
        if step and step in STEP_TEXT and step != "turn":
            who += f" ({STEP_TEXT[step].lower()})"
    options = view.get("options") or {}
    variants = [name for key, name in (("convert", "Converting 2-to-1"),
                                       ("accountants", "Starting Accountants"))
                if options.get(key)]
    return tag("div", {"class": "lv-status"},
               tag("span", {}, "Round "), tag("ol", {"class": "lv-rounds",
                                                      "aria_label": "Round track"}, *marks),
               tag("span", {}, esc(f" {phase} · first player {names[view['first']]}{who}")),
               tag("span", {"class": "lv-muted"}, esc(" · variants: " + ", ".join(variants)))
               if variants else "")


#: The bar's words for a decision, by the first of its kinds found here: at most
#: 26 characters, so that the bar's line holds them on a phone (the board's
#: panel says the whole of it).
PROMPTS = (("start", "choose a starting Market"), ("reroll", "re-roll dice, or keep"),
           ("keep", "keep your dice"), ("move", "pick a Movement die"),
           ("boost", "stop, or add a die"), ("quick", "pick a Quickness die"),
           ("go", "choose a lit space"), ("from", "choose where to take cubes"),
           ("pick", "take cubes, or none"), ("bid", "bid, or pass"),
           ("discard", "discard to your limit"))



def render_board(view: LeylinesView, legal: list[Choice], ui: dict[str, str]) -> str:
    """The whole table for one seat's view (or a spectator's)."""
    acting = view["active"][0] if view["active"] else None
    panel, targets, lit = "", list[tuple[int, str, int]](), list[int]()
    if legal and acting is not None:
        panel, targets, lit = turn_panel(view, acting, legal, ui)
    seat = view["seat"]
    order = list(range(view["num_players"]))
    if isinstance(seat, int) and seat in order:  # your own board first
        order.remove(seat)
        order.insert(0, seat)
    focus = seat if isinstance(seat, int) and legal and seat in view["active"] else None
    boards = [_player_board(view, p, p == focus) for p in order]
    return tag("div", {"class": "lv"},
               _round_track(view),
               auction_panel(view, legal, ui),
               panel,
               forest(view, targets, lit, acting),
               legend(),
               tag("div", {"class": "lv-players"}, *boards),
               _shared(view))
