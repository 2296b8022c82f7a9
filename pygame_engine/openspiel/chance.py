"""Explicit chance nodes: the small draws inside an action, one node each.

The engine draws its chance inside ``apply``, from the state's own ``Rng``
(``core/rng.py``: every shuffle, die and bag draw goes through it). To show
OpenSpiel a die roll or a bag draw *before* it happens, the adapter applies
the action to a copy with a ``Scripted`` generator in the state's ``rng``
slot: it records every draw the action makes and returns chosen outcomes
for the first ones. That is the engine's hook; the engine itself is not
changed, and a draw that is not scripted is the state's own generator's,
so an action with no explicit draw plays exactly as in the page.

A draw is *enumerable* when it picks one of at most ``CHANCE_LIMIT``
equally likely outcomes: ``randint`` (a die), ``randrange`` (one token from
a bag with known counts, by its place in the bag's order) and ``choice``.
Each becomes a chance node of its own, in the order the rules draw them (a
later draw may depend on an earlier one's outcome, so each is found by
replaying the action with the outcomes chosen so far). Shuffles, floats
and generator forks are sampled from the state's generator where they fall.
Every draw made while dealing (inside ``new_game``) is part of the deal,
which the ``seed`` parameter samples as a whole.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from dataclasses import dataclass
from typing import TypeVar

from ..core.events import Event
from ..core.game import Action
from ..core.game import State as EngineState
from ..core.rng import Rng

T = TypeVar("T")

#: The most outcomes a draw may have and still be a chance node (OpenSpiel's
#: ``max_chance_outcomes``); the largest bag today holds 38 tokens.
CHANCE_LIMIT = 128

#: Per action, the outcome index chosen for each of its draws (``None``: the
#: state's generator drew it).
Script = tuple[int | None, ...]


@dataclass(frozen=True)
class Draw:
    """One draw an action makes: ``outcomes`` equally likely results, the
    ``k``-th being ``low + k`` (0 outcomes: not enumerable, sampled)."""

    method: str
    low: int
    outcomes: int

    def describe(self, k: int) -> str:
        """Words for outcome ``k``, e.g. ``d6 shows 4`` or ``token 3 of 17 drawn``."""
        if self.method == "randint":
            return f"d{self.outcomes} shows {self.low + k}" if self.low == 1 \
                else f"{self.low}-{self.low + self.outcomes - 1} gives {self.low + k}"
        return f"item {k + 1} of {self.outcomes} drawn"


class Scripted(Rng):
    """A state's generator for one action: it draws as the real one does (the
    same ``random.Random``, so the real one's stream moves on too), records
    every draw, and returns the scripted outcome of the draws that have one."""

    __slots__ = ("calls", "natural", "script")

    def __init__(self, real: Rng, script: Script) -> None:
        # Not Rng.__init__: this one shares the real generator, not a new one.
        self._random = real._random
        self.draws = real.draws
        self.script = script
        self.calls: list[Draw] = []
        #: The outcome index the generator itself gave each enumerable draw.
        self.natural: list[int | None] = []

    def _pick(self, draw: Draw, natural: int | None) -> int | None:
        k = len(self.calls)
        self.calls.append(draw)
        self.natural.append(natural)
        chosen = self.script[k] if k < len(self.script) else None
        if chosen is not None and not 0 <= chosen < draw.outcomes:
            raise ValueError(f"outcome {chosen} of a draw with {draw.outcomes} outcomes")
        return chosen

    def randint(self, low: int, high: int) -> int:
        value = super().randint(low, high)
        n = high - low + 1
        enumerable = n <= CHANCE_LIMIT
        chosen = self._pick(Draw("randint", low, n if enumerable else 0),
                            value - low if enumerable else None)
        return value if chosen is None else low + chosen

    def randrange(self, stop: int) -> int:
        value = super().randrange(stop)
        enumerable = stop <= CHANCE_LIMIT
        chosen = self._pick(Draw("randrange", 0, stop if enumerable else 0),
                            value if enumerable else None)
        return value if chosen is None else chosen

    def choice(self, items: Sequence[T]) -> T:
        self.draws += 1  # as Rng.choice draws, keeping the index
        index = self._random.randrange(len(items))
        enumerable = len(items) <= CHANCE_LIMIT
        chosen = self._pick(Draw("choice", 0, len(items) if enumerable else 0),
                            index if enumerable else None)
        return items[index if chosen is None else chosen]

    def shuffle(self, items: MutableSequence[T]) -> None:
        super().shuffle(items)
        self._pick(Draw("shuffle", 0, 0), None)

    def random(self) -> float:
        value = super().random()
        self._pick(Draw("random", 0, 0), None)
        return value


def play(state: EngineState, player: int, action: Action, script: Script = ()
         ) -> tuple[list[Event], Scripted]:
    """Apply ``action`` (checked, as ``State.apply``) with its first draws'
    outcomes taken from ``script``; the events and the generator that saw
    the draws. ``state.rng`` is the real generator again afterwards."""
    real = state.rng
    scripted = Scripted(real, script)
    state.rng = scripted
    try:
        events = state.apply(player, action)
    finally:
        state.rng = real
        real.draws = scripted.draws
    return events, scripted


def next_draw(calls: Sequence[Draw], script: Script) -> tuple[Script, Draw | None]:
    """After the draws of ``script``: the next enumerable draw among ``calls``
    (an action's draws, in order), and ``script`` extended with ``None`` for
    the draws sampled before it; ``None`` when no enumerable draw is left."""
    out = list(script)
    for draw in calls[len(script):]:
        if draw.outcomes:
            return tuple(out), draw
        out.append(None)
    return tuple(out), None
