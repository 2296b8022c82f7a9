"""Leylines' cards: Contracts, Forest Friends and Items."""

from __future__ import annotations

from pygame_engine.games.leylines.view_types import (
    ContractView,
    FriendView,
    LeylinesView,
)

from ..markup import esc, tag
from .pieces import (
    COLOUR_LETTER,
    ITEM_NAMES,
    cube_chip,
    cube_row,
    cube_text,
    gold_text,
    market_name,
)

# -- cards ------------------------------------------------------------------------------------


def contract_card(view: LeylinesView, c: ContractView, *buttons: str,
                  extra: str = "") -> str:
    market = c["market"]
    colour = view["catalogue"]["markets"][market]["colour"]
    period = f"{c['period'].capitalize()} · " if c["period"] else ""
    label = (f"Contract {c['name']}: deliver {cube_text(c['cubes'])} at the "
             f"{market_name(view, market)} for {c['gold']} gold")
    return tag("div", {"class": f"lv-card lv-contract{extra}", "role": "group",
                       "aria_label": label},
               tag("p", {"class": "lv-card-title"}, esc(c["name"])),
               tag("p", {"class": "lv-card-line"}, esc(period),
                   tag("span", {"class": f"lv-market-name lv-b-{colour}"},
                       esc(market_name(view, market)))),
               tag("p", {"class": "lv-card-line"}, cube_row(c["cubes"], single=True), " → ",
                   gold_text(c["gold"])),
               *buttons)


def _friend_name(view: LeylinesView, kind: str) -> str:
    return str(view["catalogue"]["friends"][kind]["name"])


def friend_card(view: LeylinesView, f: FriendView, *buttons: str, gold: int = 0) -> str:
    """A Forest Friend's card (``gold``: what lies on it, on display)."""
    info = view["catalogue"]["friends"][f["kind"]]
    name = info["name"]
    colour = f.get("colour")
    title = f"{name} ({colour})" if colour else name
    chip = cube_chip(colour) if colour in COLOUR_LETTER else ""
    timing = "ongoing" if info["ongoing"] else "one use"
    label = f"Forest Friend {title}: {info['text']}" + (
        f"; {gold} gold on it" if gold else "")
    return tag("div", {"class": "lv-card lv-friend", "role": "group", "aria_label": label},
               tag("p", {"class": "lv-card-title"}, tag("span", {}, chip, " " if chip else "",
                                                          esc(title)),
                   tag("span", {"class": "lv-tag"}, esc(timing))),
               tag("p", {"class": "lv-card-text"}, esc(info["text"])),
               tag("p", {"class": "lv-card-line"}, "On it: ", gold_text(gold)) if gold else "",
               *buttons)


def item_card(view: LeylinesView, item: str, note: str = "", flipped: bool = False,
              *buttons: str) -> str:
    info = view["catalogue"]["items"][item]
    cls = "lv-card lv-item" + (" lv-flipped" if flipped else "")
    state = " (used this round: face down)" if flipped else ""
    return tag("div", {"class": cls, "role": "group",
                       "aria_label": f"{ITEM_NAMES.get(item, item)}{state}: {info['text']}"},
               tag("p", {"class": "lv-card-title"}, esc(ITEM_NAMES.get(item, item)),
                   tag("span", {"class": "lv-tag"}, "used" if flipped else (
                       "once a round" if info["once_a_round"] else "always"))),
               tag("p", {"class": "lv-card-text"}, esc(info["text"])),
               tag("p", {"class": "lv-card-line"}, "Cost ", cube_row(info["cost"], single=True),
                   esc(note)),
               *buttons)
