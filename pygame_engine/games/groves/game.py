"""Groves: the game (players, actions, heuristics) and the proven bound on its length."""

from __future__ import annotations

from typing import Any

from ...core.game import Game
from . import data
from .actions import ACTION_TYPES
from .data import GROVES, ROW_COSTS
from .state import GrovesState


def decisions(reward: data.Reward | None) -> int:
    """The most actions a reward can ask of its seat: none for a plain gain
    (taken at once), one per element or spirit chosen, one otherwise.

    >>> decisions(("gain", "1C")), decisions(("spirit", 2)), decisions(("draw", 2))
    (0, 2, 1)
    """
    if reward is None or reward[0] == "gain":
        return 0
    return int(reward[1]) if reward[0] in ("element", "spirit") else 1


def extra_draws(reward: data.Reward | None) -> int:
    """How many spirits a reward can add to the round's hand."""
    return int(reward[1]) if reward is not None and reward[0] == "draw" else 0


#: Spirits drawn from the wraith bag each solo round; each solo power step
#: needs a spirit of its own colour among them.
WRAITH_DRAW = 3
#: Spirits drawn from a summoning bag at the start of a round (two whites
#: from the supply when the bag is empty).
ROUND_DRAW = 3


class GrovesGame(Game):
    id = "groves"
    title = "Groves"
    rules_version = 1
    min_players = 1
    max_players = 4
    action_types = ACTION_TYPES

    def heuristics(self) -> object:
        from .heuristics import Heuristics
        return Heuristics()

    def _new_game(self, num_players: int, seed: int, options: dict[str, Any]) -> GrovesState:
        return GrovesState(self, num_players, seed, options)

    def max_actions(self, num_players: int, options: dict[str, Any]) -> int:
        """A bound on the actions of any game, whatever the seats do.

        *Setup*: one action per seat (its resource grove).

        *Rounds.* The grove stack holds ``S`` groves (``data.STACK_SIZE``), 4
        of them dealt to the row. At the end of a round the grove in the
        cheapest slot leaves the row, bought or not (solo: the two cheapest
        slots), and the row is refilled from the stack; the row is full at the
        start of every round but the final one, so each round but the final one
        takes at least one grove from the stack (solo: two) until it is empty.
        The round in which the stack runs out is followed by exactly one final
        round, after which the game is over. So there are at most
        ``R = (S - 4) + 1`` rounds (solo: ``ceil((S - 4) / 2) + 1``).

        *Actions in a round.* Every ``Place`` and ``Visit`` uses up one drawn
        spirit, and a ``Strand`` at least one. Spirits are drawn only at the
        start of a round (at most 3 a seat) and by a draw reward. A grove's
        rewards are collected only by a spirit placed on it while it is free,
        and it then stays taken until the round ends (a white that displaces a
        wraith collects nothing), so each grove rewards at most once a round:
        the draw rewards add at most ``X`` spirits a round, ``X`` the sum of
        the draws printed on all the groves. So at most ``H = 3n + X`` spirits
        are used a round. Each costs at most two actions (its placement and one
        decision: a grove's single choice, a buy or decline, the summoning card
        kept, the portal's neighbour) but for three kinds of surplus: a grove
        whose rewards ask ``d > 1`` decisions (``d - 1`` more, at most once a
        grove a round: ``E`` a round in all), attaching a bought grove (at most
        ``S`` in the game: a grove is bought once and never leaves a realm),
        and, in solo, at most ``3`` power steps a round (one per spirit drawn
        from the wraith bag). Aiming a portal only arises with two neighbours
        to choose from, so it is counted with its visit. Pending steps with no
        choice lapse on their own and take no action; a seat always has an
        action while it holds spirits (the Tree takes any spirit but a wraith,
        and a wraith with no free grove is stranded), so no round stalls.

        In all: ``n + R * (2 * H + E [+ 3 solo]) + S``.

        >>> GAME = GrovesGame()
        >>> [GAME.max_actions(n, {}) for n in (1, 2, 3, 4)]
        [523, 593, 918, 1195]
        """
        n = num_players
        stack = data.STACK_SIZE[n]
        leaving = 2 if n == 1 else 1
        rounds = -(-(stack - len(ROW_COSTS)) // leaving) + 1
        # Every grove a seat could ever visit: the stack's (at most all 28)
        # and n copies of each starting grove (the costliest resource grove).
        starting = [data.STARTING_GROVES["crystal"], data.STARTING_GROVES["spirit"]]
        resource = [g for g in data.STARTING_GROVES.values() if g.id.startswith("rg-")]

        def per_grove(f: Any) -> int:
            return (sum(f(g) for g in GROVES.values())
                    + n * (sum(f(g) for g in starting) + max(f(g) for g in resource)))

        extra = per_grove(lambda g: extra_draws(g.primary) + extra_draws(g.bonus))
        surplus = per_grove(lambda g: max(0, decisions(g.primary) + decisions(g.bonus) - 1))
        spirits = ROUND_DRAW * n + extra
        per_round = 2 * spirits + surplus + (WRAITH_DRAW if n == 1 else 0)
        return n + rounds * per_round + stack
