"""Darkleaf Gambit's game: its options (the clans, the Will table, the
handicap bones), the bound on a game's length, and a new game's state.

The game is handed the clan registry (``clans.CLANS``) and the bots'
knowledge (``heuristics.Heuristics``) by the package's ``__init__``; the
state (``state.DarkleafState``) reads the clans from here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from ...core.game import Action, Game, Option
from . import data
from .actions import CORE_ACTIONS
from .clan import Clan
from .state import DarkleafState


class DarkleafGambit(Game):
    id = "darkleaf-gambit"
    title = "Darkleaf Gambit"
    #: 2: issue 27's Upkeep order and readings; 3: the Erde mirror, Witch's Ladder's slots;
    #: 4: Witch's Ladder never climbs onto the Hexen queen; 5: the Hexen's slots (one bone
    #: a Hex, Haggedorn Hoc Vult in two); 6: the second seat's diagram turned half round
    #: (it was mirrored by rank while its Hexen bone was turned: two different games);
    #: 7: Erde's Sink on an even and an odd bone (was 8, 7, 1-2); 8: the Hexen's Waxing
    #: Moon on one bone, 3 to 6 (was 3/4 + 5/6); 9: Erde's bones ten-sided (were eight);
    #: 10: Huldra starts with all eight pawns (was six, b2-g2); 11: the Wibo knight and
    #: sage journey the roll exactly (were "up to"); 12: the Wibo pawns too (at most 2),
    #: and one rank from the Seat a pawn may always step straight back onto it; 13: every
    #: Ferrymen Flow unit journeys the roll exactly (pawn, knight, sage and rook were "up to");
    #: 14: the Wibo pawn and knight journey straight only (were diagonals too); 15: the
    #: Huldra knight Hunts along all eight lines (was the diagonals only); 16: The Murg's
    #: Assassin row takes a 5 or a 6, then a 4 or a 5 (was a 6 first); 17: the Hexen's
    #: Witch's Ladder holds one relic token (was two); 18: in an Erde mirror a king walks
    #: onto the centre only if its own seat Reclaimed two or more of the four.
    rules_version = 18
    min_players = 2
    max_players = 2
    seat_names = ("Moss", "Amber")
    action_types: ClassVar[tuple[type[Action], ...]] = CORE_ACTIONS

    def __init__(self, clans: dict[str, Clan], make_heuristics: Callable[[], object]) -> None:
        """``clans``: the clan registry (``clans.CLANS``), by option value;
        ``make_heuristics``: the bots' knowledge (``heuristics.Heuristics``)."""
        self.clans = clans
        self.make_heuristics = make_heuristics
        choices = (*clans, "random")
        clan_names = tuple(clans[c].data["name"] for c in clans) + ("Random",)
        notes = tuple(clans[c].data["note"] for c in clans) + (data.RANDOM_NOTE,)
        handicaps = tuple("None" if n == 0 else f"{n} bones" for n in data.HANDICAPS)
        type(self).options = (
            Option("clan1", "First seat's clan", "huldra", choices, clan_names, notes),
            Option("clan2", "Second seat's clan", "murg", choices, clan_names, notes),
            Option("will", "Haggedorn's Will", "blessings", ("blessings", "curses"),
                   ("Blessings", "Curses")),
            Option("handicap1", "First seat's handicap bones", 0, data.HANDICAPS, handicaps),
            Option("handicap2", "Second seat's handicap bones", 0, data.HANDICAPS, handicaps),
        )
        extra = [a for c in clans.values() for a in c.actions if a not in CORE_ACTIONS]
        type(self).action_types = CORE_ACTIONS + tuple(dict.fromkeys(extra))

    def heuristics(self) -> object:
        return self.make_heuristics()

    def resolve_options(self, given: dict[str, Any]) -> dict[str, Any]:
        """The options with defaults filled in; handicap bones go to one player only
        (the text: "one player may" roll and slot them), so both is refused."""
        options = super().resolve_options(given)
        if options["handicap1"] and options["handicap2"]:
            raise ValueError("Handicap bones are for one player only: give them to the "
                             "first seat or to the second, not to both.")
        return options

    def _new_game(self, num_players: int, seed: int, options: dict[str, Any]
                  ) -> DarkleafState:
        return DarkleafState(self, num_players, seed, options)

    def max_actions(self, num_players: int, options: dict[str, Any]) -> int:
        """At most ``2 * ROUND_LIMIT`` turns are played (Electromagnetic Loop's
        extra turns count too), then the game is drawn. In one turn:

        - Upkeep: one call on the Will (one a turn), whose outcome has at most
          2 steps per player, each at most 2 questions (8); a Withdraw empties
          a row, so at most one per skill; relic spends need a token each:
          at most the 20 in the box, plus the one a Relic Gift may add; Proceed.
        - Declare, Roll, one way to carry the roll out, Slot or Keep (4), and
          Tweak's spends, counted with the Upkeep's.
        - Acquiring: at most 2 questions (Adapt), and a knight's move-in (1).
        - Whatever a clan's own turn adds beyond these (the Wibo's second and
          third rolls, Hexen's Hexes and counters): each clan's
          ``extra_turn_actions`` bounds it (the largest counts, whichever
          clans play), its docstring says why.

        Setup: each handicap bone is one Slot or Keep and at most 2 questions;
        each seat's clan answers at most ``setup_actions`` questions.

        >>> from pygame_engine.games.darkleaf_gambit import GAME
        >>> GAME.max_actions(2, {"handicap1": 5, "handicap2": 5}) >= 4330
        True
        """
        skills = max(len(c.skills) for c in self.clans.values())
        extra = max(c.extra_turn_actions for c in self.clans.values())
        per_turn = (1 + 8 + skills + data.RELIC_TOKENS + 1 + 1) + 4 + 3 + extra
        setup = 3 * (options.get("handicap1", 0) + options.get("handicap2", 0))
        setup += 2 * max(c.setup_actions for c in self.clans.values())
        return 2 * data.ROUND_LIMIT * per_turn + setup


__all__ = ["DarkleafGambit"]
