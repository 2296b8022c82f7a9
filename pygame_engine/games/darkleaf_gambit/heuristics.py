"""Darkleaf Gambit bot knowledge: a position evaluation and a playout policy.

The evaluation gives each side points for what brings it nearer its path to
victory, then turns the difference into a chance of winning:

- material: the units still on the board (royals and invulnerable rooks
  count nothing: they cannot be taken);
- progress on the path: each clan's own measure (``Clan.bot_value``, in
  its module under ``clans/``: Huldra's Hunts landed and stalking lines,
  The Murg's attackers in reach of the royal, ...); for the clans that
  strike the royal, also the net: what would still reach it wherever it
  goes next turn (``escapes``), since a royal steps out of every strike
  it sees coming;
- power: relic tokens, laws, bones slotted (progress toward skills);
- harm in sight: what the rival may strike next turn (``Clan.bot_threats``:
  a Wibo Morph in reach, a Poison Garden about to bloom, a Murg Destroy),
  its likeliest strike in full and a quarter of the others.

The playout policy asks the acting clan first (``Clan.bot_score``: its
deeds, its questions), then takes the common liking: spend relics, slot a
bone where it completes a row (else anywhere), journey toward the clan's
goals (``Clan.bot_goals``, by default the rival royals; how much a step
nearer is worth: ``Clan.bot_approach``) and out of harm's way, give an aura
to the unit nearest them, and leave the Will to the search.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from ...core.game import Action, State
from ...core.rng import Rng
from .actions import (
    Cancel,
    Declare,
    InvokeWill,
    Journey,
    Keep,
    Pick,
    Proceed,
    Slot,
    Spend,
)
from .board import Unit, distance
from .state import DarkleafState

#: ``Clan.bot_threats``: what a unit on a territory may cost in the rival's next turn.
Threat = Callable[[Unit, int], float]
#: Worth of a unit on the board (royals and rooks cannot be taken).
MATERIAL = {"pawn": 1.0, "knight": 2.5, "sage": 2.5, "rook": 0.0, "king": 0.0, "queen": 0.0}
#: Journeys a playout weighs at most (picked at random), for speed.
JOURNEY_SAMPLE = 10
#: Of the harm a rival may do to a unit other than its likeliest target, the
#: part the evaluation counts (a clan strikes once a turn, most often).
EXPOSED = 0.25
#: A playout's liking for a journey out of harm's way, per evaluation point saved.
HARM = 2.0
#: Points per unit of the difference that make one side "clearly ahead".
TEMPERATURE = 7.0


def worth(u: Unit) -> float:
    """What losing ``u`` costs (a royal or rook the rival can take counts as a pawn)."""
    return MATERIAL.get(u.kind, 1.0) or 1.0


def side_value(state: DarkleafState, p: int) -> float:
    clan = state.clans[p]
    mine = state.on_board(p)
    value = sum(MATERIAL.get(u.kind, 1.0) for u in mine)
    harm = state.clans[1 - p].bot_threats(state, 1 - p)  # a Morph, a Garden, a Destroy
    if harm is not None:
        harms = [h for u in mine if (h := harm(u, u.sq)) > 0]
        if harms:  # the rival strikes once a turn, but every unit exposed is a chance more
            top = max(harms)
            value -= top + EXPOSED * (sum(harms) - top)
    value += 0.6 * sum(state.relics[p]) + 2.0 * len(state.laws[p]) + 0.2 * len(state.slotted(p))
    value += clan.bot_value(state, p)
    return value


def escapes(state: DarkleafState, royal: Unit) -> set[int]:
    """Where ``royal`` may stand after its owner's next turn: its territory,
    its journeys with any face of its owner's largest bone, and its clan's
    other ways (``Clan.bot_escapes``). A royal that steps out of every
    strike each turn is caught only where all of these are covered."""
    p = royal.owner
    clan = state.clans[p]
    faces = state.largest_face(p)
    out = {royal.sq}
    # The core's "up to" journeys with the largest roll hold every shorter one.
    plain = not clan.overrides("destinations") and clan.guide(royal)["upto"]
    for roll in range(faces if plain else 1, faces + 1):
        out.update(state.journey_destinations(royal, roll))
    out.update(clan.bot_escapes(state, royal))
    return out


def net(state: DarkleafState, royals: list[Unit], cover: Callable[[Unit, int], int]) -> int:
    """The fewest ``cover(royal, territory)`` over the ``escapes`` of every
    royal in ``royals`` (0 without one): what still reaches a royal that
    goes where it is reached least."""
    least: int | None = None
    for r in royals:
        for sq in escapes(state, r):
            c = cover(r, sq)
            if least is None or c < least:
                least = c
            if not least:
                return 0
    return least or 0


def goals(state: DarkleafState, p: int) -> list[int]:
    """Where ``p``'s journeys head in a playout."""
    return state.clans[p].bot_goals(state, p)


class Heuristics:
    """Evaluation and playout policy for the generic bots (``pygame_engine.ai``)."""

    #: The evaluation is already a chance of winning, so this is how far apart
    #: two chances must be to count as "clearly ahead" in the search's rewards.
    #: At 0.25 a side the evaluation gave 0.9 was rewarded 0.96, within noise of
    #: a win (0.99): the side ahead saw nothing to gain in finishing, and games
    #: it led ran to the round limit (a Murg rated 0.89-0.99 for 25 rounds
    #: declined 12 of 14 shots at the royal). At 1.0 a lead is worth at most
    #: 0.73, a win 0.92 (docs/benchmarks.md, issue 27 round 32).
    scale = 1.0
    #: A turn is several decisions (upkeep, roll, journey or deed, slot,
    #: acquire): a root action's prior plays the rest of the turn with the
    #: playout policy before the rival answers (``one_ply_value``). Valued
    #: where the turn stood, a Tweak, a Predictive Model or a Loop spent
    #: showed only the token lost, and the search never spent one (a Huldra
    #: mirror: four Tweaks acquired, none spent).
    prior_own_steps = 6

    def evaluate(self, state: State) -> list[float]:
        assert isinstance(state, DarkleafState)
        if state.is_over():
            return state.scores()
        diff = side_value(state, 0) - side_value(state, 1)
        first = 1 / (1 + math.exp(-diff / TEMPERATURE))
        return [first, 1 - first]

    def rollout_action(self, state: State, player: int, rng: Rng) -> Action:
        assert isinstance(state, DarkleafState)
        legal = state.legal_actions(player)
        if len(legal) == 1:
            return legal[0]
        clan = state.clans[player]
        if state.pending:
            royals = goals(state, player)
            scored = [(clan.bot_score(state, player, a, royals), a) for a in legal]
            if any(x is not None for x, _ in scored):
                return max(scored, key=lambda xa: (xa[0] if xa[0] is not None else 0.0)
                           + rng.random())[1]
            if state.pending[0].kind == "aura" and royals:  # the unit nearest the royal
                return min(legal, key=lambda a: (
                    min(distance(a.square, r) for r in royals) if isinstance(a, Pick) else 9,
                    rng.random()))
            return rng.choice(legal)
        best, best_score = legal[0], -math.inf
        royals = goals(state, player)
        journeys = [a for a in legal if isinstance(a, Journey)]
        if len(journeys) > JOURNEY_SAMPLE:  # weigh a sample of the journeys, every other move
            keep = set(journeys[rng.randrange(len(journeys))] for _ in range(JOURNEY_SAMPLE))
            legal = [a for a in legal if not isinstance(a, Journey) or a in keep]
        threat = state.clans[1 - player].bot_threats(state, 1 - player) if journeys else None
        for a in legal:
            s = self._score(state, player, a, royals, threat) + rng.random()
            if s > best_score:
                best, best_score = a, s
        return best

    def _score(self, state: DarkleafState, p: int, a: Action, royals: list[int],
               threat: Threat | None = None) -> float:
        """A playout's liking for ``a`` (``royals``: the squares ``p`` heads for,
        by default the rival royals'; ``threat``: the rival's ``bot_threats``)."""
        if (liking := state.clans[p].bot_score(state, p, a, royals)) is not None:
            return liking
        if isinstance(a, Proceed):
            return 1.0
        if isinstance(a, InvokeWill):
            return 0.2
        if isinstance(a, Spend):
            return 3.0
        if isinstance(a, Declare):
            return 1.0 if a.intent == "journey" else 0.0
        if isinstance(a, Journey):
            return self._journey_score(state, p, a, royals, threat)
        if isinstance(a, Cancel):
            return 0.3
        if isinstance(a, Slot):
            i = state.clans[p].index(a.skill)
            left = sum(1 for b in state.rows[p][i] if b < 0)
            return 4.0 if left == 1 else 2.0
        if isinstance(a, Keep):
            return 0.5
        return 0.0

    @staticmethod
    def _journey_score(state: DarkleafState, p: int, a: Journey, royals: list[int],
                       threat: Threat | None = None) -> float:
        target = state.unit_at(a.to)
        score = 0.0
        if target is not None:  # an Ambush
            score += 40.0 if target.royal else 5.0 + MATERIAL.get(target.kind, 1.0)
        if royals:
            before = min(distance(a.frm, r) for r in royals)
            after = min(distance(a.to, r) for r in royals)
            mover = state.unit_at(a.frm)
            if mover is not None and mover.royal:  # royals keep home, out of harm's way
                return score - 2.0 + (HARM * (threat(mover, a.frm) - threat(mover, a.to))
                                      if threat is not None else 0.0)
            if mover is not None:
                score += state.clans[p].bot_approach(state, p, mover, a, before, after, royals)
                if threat is not None:  # out of harm's way
                    score += HARM * (threat(mover, a.frm) - threat(mover, a.to))
            else:
                score += 0.8 * (before - after)
        return score
