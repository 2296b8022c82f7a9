"""Leylines as SVG and HTML: the forest, the acting seat's choices, the shared
cards and every player's board.

The forest is one SVG map: paths, the lettered spaces (their letter), plain
spaces (their number, as the log names them), the four Hubs (hexagons with
their number), the six Markets (labelled with the Market Token lying there),
the six regions as tinted areas with their names, the cubes on each space as
coloured pills that carry the colour's letter and the count (``3R``: three
red), and the standees as pins with their seat's letter. The map keeps its
drawing scale on a phone and scrolls inside its own box, so no text shrinks
under 11 px and every space stays a 32 px target.

A turn reads as at the table: pick a die (``data-ui="die=<value>"``; the
spaces it reaches light up as a preview), put it in the Movement slot, then
click a highlighted space (``data-action``). Quickness dice are picked the
same way. Re-rolls pick dice with ``data-ui="reroll=<values>"``. Cubes to
take, drop or sell, Items to buy, Contracts to complete, cards to play and
the whole auction (offer, bid with ``data-ui="bid=<amount>"``, match or
pass, the Forest Friend) are buttons in the panel above the map. Ending the
turn, keeping the dice, "Done here" and "Take no more cubes" stay in the
shared action bar.

The table contract (``data-key`` on what moves, ``last-move``, ``data-focus``):
standees are keyed by seat (``pin-<seat>``), the cubes on a space by space and
colour (``cubes-<space>-<colour>``), a player's cubes by colour and count
(``cube-<seat>-<colour>-<k>``), and a player's dice by value and occurrence
within the Day (``die-<seat>-<value>-<k>``, counted over the placed dice
first, then the unused ones), so a die moves from the row into its slot.
The space where a standee last landed, and that standee, carry ``last-move``;
the acting human's own player board carries ``data-focus``.

The package: ``pieces`` (colours, chips, dice, buttons), ``forest`` (the
map), ``cards``, ``turn`` (the acting seat's panel), ``auction`` and
``table`` (the shared cards, the players' boards and ``render_board``).

Only the view dict is read, and only what every seat may see: decks and the
bag appear as counts (the bag's colours can be worked out from the table).
"""

from .forest import preview
from .pieces import BOARD_KINDS
from .table import PROMPTS, render_board

__all__ = ["BOARD_KINDS", "PROMPTS", "preview", "render_board"]
