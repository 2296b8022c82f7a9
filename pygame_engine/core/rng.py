"""The seeded random number generator that every state carries.

All chance in a game (shuffles, dice, bag draws) comes from the state's own
``Rng``, never from the global ``random`` module, so a game replays exactly
from its seed and actions. ``random.Random`` seeded with an integer gives the
same sequence on CPython and Pyodide, and ``getstate`` makes cloning cheap.

>>> a, b = Rng(7), Rng(7)
>>> [a.randint(1, 6) for _ in range(5)] == [b.randint(1, 6) for _ in range(5)]
True
>>> c = a.clone(); c.randint(1, 100) == a.randint(1, 100)
True
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")


class Rng:
    """A small wrapper over ``random.Random`` that counts its draws.

    The draw count tells the undo logic whether an action used chance.
    """

    __slots__ = ("_random", "draws")

    def __init__(self, seed: int) -> None:
        self._random = random.Random(seed)
        self.draws = 0

    def randint(self, low: int, high: int) -> int:
        self.draws += 1
        return self._random.randint(low, high)

    def randrange(self, stop: int) -> int:
        self.draws += 1
        return self._random.randrange(stop)

    def random(self) -> float:
        self.draws += 1
        return self._random.random()

    def choice(self, items: Sequence[T]) -> T:
        self.draws += 1
        return items[self._random.randrange(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        self.draws += 1
        self._random.shuffle(items)

    def fork(self) -> Rng:
        """A new generator seeded from this one (one draw)."""
        return Rng(self.randrange(2**62))

    def clone(self) -> Rng:
        copy = Rng.__new__(Rng)
        copy._random = random.Random()
        copy._random.setstate(self._random.getstate())
        copy.draws = self.draws
        return copy
