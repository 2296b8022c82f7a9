"""Views: pure functions from a ``State.view(seat)`` dict to markup.

Contract for a game's view module ``web/views/<module>.py``, registered in
``game_view_module``:

- ``render_board(view, legal, ui) -> str``: the game's own board as HTML/SVG.
  ``legal`` is the acting seat's choices, a list of ``Choice`` dicts
  ``{"index", "kind", "label", "json"}`` (``index`` is the position in
  ``legal_actions``). Every clickable element that performs an action has
  ``data-action="<index>"``; elements that only change local selection
  (pick a tile, turn it) have ``data-ui="<key>=<value>"`` and the glue
  re-renders with ``ui[key] = value``. ``ui`` is that local selection state
  (strings), empty at each new decision.
- ``BOARD_KINDS``: the action kinds the board offers itself; any other legal
  action appears as a button in the shared action bar.

Everything textual is escaped (``markup.esc``); SVG shapes carry
``role``/``aria-label`` and a letter or shape besides colour.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

Choice = dict[str, Any]


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
