"""Ley of the Land: the action types and the words for them."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import ClassVar

from ...core.actions import Worded
from .board import space_name

EXCLUSIVE = ("frolick", "sow", "reap", "invest")


def _count(n: int, thing: str) -> str:
    """``n`` and ``thing``, plural unless there is exactly one.

    >>> _count(1, "Faerie cube"), _count(0, "Wheat cube")
    ('1 Faerie cube', '0 Wheat cubes')
    """
    return f"{n} {thing}" if n == 1 else f"{n} {thing}s"


# -- actions -------------------------------------------------------------------


def _turned(rotation: int) -> str:
    return f", turned {rotation * 90}°" if rotation else ""


class LeyAction(Worded):
    """Ley of the Land's labels name spaces, sections and market slots in words."""

    spell: ClassVar[Mapping[str, Callable[[int], str]]] = {
        "space": space_name, "section": lambda section: space_name(section // 4),
        "slot": lambda slot: str(slot + 1), "rotation": _turned}


class Bid(LeyAction, kind="bid", words="Bid {amount}"):
    secret: ClassVar[bool] = True
    amount: int

    @property
    def public_label(self) -> str:
        return "A sealed bid"


class Acquire(LeyAction, kind="acquire", words="Acquire market tile {slot} onto {space}{rotation}"):
    slot: int
    space: int
    rotation: int


class Frolick(LeyAction, kind="frolick", words="Frolick"):
    pass


class Sow(LeyAction, kind="sow", words="Sow"):
    pass


class Reap(LeyAction, kind="reap", words="Reap the section at {section}"):
    section: int


class Invest(LeyAction, kind="invest", words="Invest"):
    pass


class Pass(LeyAction, kind="pass", words="Pass"):
    """Do nothing: offered only to a seat with no other legal action."""
