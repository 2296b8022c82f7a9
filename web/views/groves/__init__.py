"""Groves as SVG and HTML: the Tree of Idyll, the row of new groves, every realm.

Each realm is a map of hexes with the spirits on them. Every grove hex shows,
always and without hover, its full name, its cost (element icons with counts
and its dominion star), its reward, and its bonus reward behind a disc of the
grove's colour (the bonus is for a spirit of that colour or a wraith). The
row of new groves shows each slot's crystal price, the Tree of Idyll its
areas with the spirits sent there, and in solo play the Hollows of the Lost.
Supplies, resources and bags are icons with counts; a key below the table
says what each picture means. Spirits are discs with a letter (W white,
Y yellow, O orange, G green, B blue, X wraith), and each colour's grove
carries that letter on its bonus disc, so nothing depends on colour alone.

Layout: the viewer's own area (panel, spirits to place, realm) comes first,
beside the row and the Tree on a wide screen; it carries ``data-focus`` while
that seat is to act. SVGs are drawn at scale 1 (text at least 12 px) and a
realm wider than the screen pans inside its own box.

Table contract: every movable component carries a stable ``data-key``
(``grove-<id>`` for a bought grove from the row to its realm, ``grove-<seat>-<id>``
for starting groves, ``sp-<seat>-<colour>-<n>`` for a spirit from its seat's
hand to the grove or Tree area it is sent to, ``hollow-<n>`` for the wraiths of
the solo track); the outline of the last move's grove or spirit has the class ``last-move``
(style.css draws the mark).

Placing a spirit is a local step and a click: pick one of your drawn
spirits (``data-ui="spirit=<colour>"``; skipped when you hold one kind),
then click a highlighted grove or Tree area, which carries ``data-action``.
Buying (a grove in the row) and attaching (an empty hex next to your realm)
are single clicks on the board; the setup choice is a click on a pictured
grove or a button; reward choices go to the action bar.

The package: ``pieces`` (colours, icons, spirits, a grove's hex), ``realm``
(a player's realm), ``panels`` (players, row, Tree, Hollows, supplies) and
``table`` (the setup, the summoning cards, ``render_board``).
"""

from .panels import hollows_panel
from .pieces import BOARD_KINDS, FONT, HEX, grove_hex, icon, spirit_disc
from .table import PROMPTS, end_title, render_board, short_labels

__all__ = ["BOARD_KINDS", "PROMPTS", "FONT", "HEX", "end_title", "grove_hex", "hollows_panel",
           "icon", "render_board", "short_labels", "spirit_disc"]
