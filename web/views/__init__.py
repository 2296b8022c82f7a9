"""Views: pure functions from a ``State.view(seat)`` dict to markup.

Contract for a game's view, a module ``web/views/<module>.py`` or a package
``web/views/<module>/`` (its panels in their own modules, its ``__init__``
exporting these names), registered in ``game_view_module``:

- ``render_board(view, legal, ui) -> str``: the game's own board as HTML/SVG.
  ``legal`` is the acting seat's choices, a list of ``Choice`` dicts
  ``{"index", "kind", "label", "fields"}`` (``index`` is the position in
  ``legal_actions``; ``fields`` the action's fields by name, read with
  ``int_field``/``str_field``, never by position). Every clickable element
  that performs an action has ``data-action="<index>"``; elements that
  only change local selection (pick a tile, turn it) have
  ``data-ui="<key>=<value>"`` and the glue re-renders with
  ``ui[key] = value``. ``ui`` is that local selection state (strings),
  empty at each new decision.
- ``BOARD_KINDS``: the action kinds the board offers itself; any other legal
  action appears as a button in the shared action bar.

Everything textual is escaped (``markup.esc``); SVG shapes carry
``role``/``aria-label`` and a letter or shape besides colour.
"""

from __future__ import annotations

from dataclasses import fields
from types import ModuleType
from typing import TypedDict

from pygame_engine.core.game import Action


class Choice(TypedDict):
    """One legal action as the views see it."""

    index: int  #: its position in ``legal_actions(seat)``: what ``data-action`` names
    kind: str  #: the action's ``kind``
    label: str  #: its words for the acting seat
    fields: dict[str, int | str]  #: its dataclass fields by name (every field is an int or a str)


def choice(index: int, action: Action, label: str) -> Choice:
    """The ``index``-th legal action as a ``Choice``, its fields by name."""
    return {"index": index, "kind": action.kind, "label": label,
            "fields": {f.name: getattr(action, f.name) for f in fields(action)}}


def int_field(c: Choice, name: str) -> int:
    """The int field ``name`` of a choice's action (a KeyError if it has none)."""
    value = c["fields"][name]
    if not isinstance(value, int):
        raise TypeError(f"{c['kind']}.{name} is {value!r}, not an int")
    return value


def str_field(c: Choice, name: str) -> str:
    """The str field ``name`` of a choice's action (a KeyError if it has none)."""
    value = c["fields"][name]
    if not isinstance(value, str):
        raise TypeError(f"{c['kind']}.{name} is {value!r}, not a str")
    return value


def game_view_module(game_id: str) -> ModuleType:
    """The view module of a game id, imported here on first use (one explicit import per game)."""
    match game_id:
        case "ley-of-the-land":
            from . import ley_of_the_land
            return ley_of_the_land
        case "ley-lines":
            from . import ley_lines
            return ley_lines
        case "groves":
            from . import groves
            return groves
        case "leylines":
            from . import leylines
            return leylines
        case "darkleaf-gambit":
            from . import darkleaf_gambit
            return darkleaf_gambit
    raise KeyError(game_id)
