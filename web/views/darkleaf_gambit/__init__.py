"""Darkleaf Gambit as SVG and HTML: Haggedorn (the 8x8 board), the clan boards,
the bones, Haggedorn's Will and each clan's path to victory.

The board is drawn from the viewing seat's side (its Seat at the bottom; the
spectator sees the first seat's side), with file and rank names on the edges
and each player's Seat and Range named above and below it; the six ranks
between are the Woods. A unit is a shape plus a letter per type (pawn P
circle, knight N pentagon, sage S diamond, rook R square, king K octagon,
queen Q hexagon; royals wear a crown), filled with its clan's colour for the
first seat and hollow (white, clan-coloured rim and letter) for the second,
so neither clan nor seat rests on colour alone. Fate chips of auras sit on a
unit's lower edge (lettered by skill), a rival's marks (Huldra's Hunts) as a
counted target ring, invulnerability as a shield.

Clicks: every clickable legal action carries ``data-action``. Journeys,
Hunts, Pivots, Leaps and declared deeds belong to a unit: a unit that can
act is picked first (``data-ui="from=<square>"``; skipped when only one can
act), then its highlighted targets carry the actions; where one territory
holds several of the unit's actions (a Hunt and a Pivot onto the same
rival), the territory picks it (``data-ui="at=<square>"``) and buttons name
each. Territory questions (``pick``) are highlighted squares, ``roll`` the
bones in the pool, ``slot`` the slots of the clan board, ``bone`` the bones
where they lie. Everything else (End Upkeep, the Will, spending a relic,
keeping a bone, Cancel, named choices) is left to the shared action bar.

The table contract: every unit carries ``data-key="unit-<id>"``, every bone
``bone-<id>`` wherever it lies (pool, slot, or just rolled), each graveyard
group ``grave-<seat>-<type>``; the square where the last move landed (its
``to``) or struck (``struck``: a Hunt's or a Destroy's target) and the unit
on it carry ``last-move`` (from the view's ``last_move``).

The package: ``pieces`` (colours, texts, unit shapes, bones), ``board``
(Haggedorn and what a click offers), ``turn`` (the turn panel, the bar's
prompt, the end's words) and ``table`` (clan boards, the Will,
``render_board``).

Generic over clans: skills, slots, chips and progress come from the view;
clan colours and skill summaries below have fallbacks for clans not listed.
"""

from .pieces import BOARD_KINDS, die_svg, piece_svg
from .table import render_board
from .turn import PROMPTS, ending

__all__ = ["BOARD_KINDS", "PROMPTS", "die_svg", "ending", "piece_svg", "render_board"]
