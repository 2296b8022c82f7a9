"""Darkleaf Gambit actions: small frozen values, one choice each.

A turn is a sequence of them: spend a relic or call on Haggedorn's Will in
Upkeep and ``Proceed``; ``Declare`` an intent (clans that roll first skip
it); ``Roll`` a bone; carry the roll out (``Journey``, a clan's own action
such as Huldra's ``Hunt``, a ``Declare`` of a deed after a roll-first roll,
or ``Cancel``); ``Slot`` the bone or ``Keep`` it; answer any question a
skill or the Will asks with ``Pick`` (a territory), ``PickBone`` or
``Choose`` (a named option).

>>> Journey(12, 28).label
'Journey e2 to e4'
>>> Slot("long_bow", 1).to_json()
['slot', 'long_bow', 1]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from ...core.actions import Worded
from ...core.game import Action
from .data import square_name


def _sq(sq: int) -> str:
    return square_name(sq) if 0 <= sq < 64 else f"square {sq}"


def _words(key: str) -> str:
    return key.replace("_", " ").title()


def sided(faces: int) -> str:
    """A bone's number of faces with its article.

    >>> sided(6), sided(8)
    ('a 6-sided', 'an 8-sided')
    """
    return f"{'an' if str(faces).startswith('8') or faces in (11, 18) else 'a'} {faces}-sided"


def _nth(index: int) -> str:
    """A bone or a slot as people count it, from 1."""
    return str(index + 1)


def _option(option: str) -> str:
    return _words(option.replace(":", " "))


class DarkleafAction(Worded):
    """Darkleaf's labels name territories, skills and options in words, and
    count bones and slots from 1."""

    spell: ClassVar[Mapping[str, Callable[[Any], str]]] = {
        "square": _sq, "frm": _sq, "to": _sq, "mid": _sq, "target": _sq, "skill": _words,
        "option": _option, "bone": _nth, "slot": _nth}


class Proceed(DarkleafAction, kind="proceed", words="End Upkeep"):
    """End Upkeep and go on to declaring intent (or rolling)."""


class InvokeWill(DarkleafAction, kind="will", words="Call on Haggedorn's Will"):
    """Spend the Haggedorn's Will token and roll the d12."""


class Spend(DarkleafAction, kind="spend", words="Spend {skill}"):
    """Spend a relic token of ``skill``."""

    skill: str


class Withdraw(DarkleafAction, kind="withdraw", words="Take the bones back from {skill}"):
    """Return the bones of a skill that no longer applies to the pool."""

    skill: str


class Declare(DarkleafAction, kind="declare"):
    """Declare intent: ``journey`` (unit and target -1) or a deed by the unit on
    ``unit`` against the unit on ``target``."""

    intent: str
    unit: int
    target: int

    @property
    def label(self) -> str:
        if self.intent == "journey":
            return "Declare a journey"
        if self.unit == self.target:  # a deed on the unit's own territory (Reclaim)
            return f"{_words(self.intent)} {_sq(self.unit)}"
        return f"{_words(self.intent)}: {_sq(self.unit)} against {_sq(self.target)}"

    def said(self, name: str) -> str:
        """The declaration as the log says it, after the seat's name.

        >>> Declare("destroy", 28, 37).said("Amber")
        'Amber declares Destroy by the unit on e4 against the unit on f5.'
        >>> Declare("journey", -1, -1).said("Moss")
        'Moss declares a journey.'
        """
        if self.intent == "journey":
            return f"{name} declares a journey."
        if self.unit == self.target:
            return f"{name} declares {_words(self.intent)} on {_sq(self.unit)}."
        return (f"{name} declares {_words(self.intent)} by the unit on {_sq(self.unit)} "
                f"against the unit on {_sq(self.target)}.")


class Roll(DarkleafAction, kind="roll", words="Roll bone {bone}"):
    """Roll ``bone`` from the pool."""

    bone: int


class Journey(DarkleafAction, kind="journey", words="Journey {frm} to {to}"):
    frm: int
    to: int


#: Every journey, by its squares (``JOURNEYS[frm][to]``): made once, since
#: making a frozen dataclass is slow (most of all under Pyodide).
JOURNEYS = tuple(tuple(Journey(frm, to) for to in range(64)) for frm in range(64))


class Cancel(DarkleafAction, kind="cancel", words="Cancel (no journey or deed)"):
    """Do nothing with the roll (a journey with no wanted destination is cancelled)."""


class Slot(DarkleafAction, kind="slot", words="Slot into {skill} (slot {slot})"):
    """Slot the rolled bone into slot ``slot`` of ``skill``."""

    skill: str
    slot: int


class Keep(DarkleafAction, kind="keep", words="Return the bone to the pool"):
    """Return the rolled bone to the pool instead of slotting it."""


class Pick(DarkleafAction, kind="pick", words="Choose {square}"):
    """Answer a question with a territory."""

    square: int


class PickBone(DarkleafAction, kind="bone", words="Choose bone {bone}"):
    """Answer a question with a bone."""

    bone: int


class Choose(DarkleafAction, kind="choose", words="Choose {option}"):
    """Answer a question with a named option (a skill, a unit type, an aura)."""

    option: str


CORE_ACTIONS: tuple[type[Action], ...] = (
    Proceed, InvokeWill, Spend, Withdraw, Declare, Roll, Journey, Cancel, Slot, Keep,
    Pick, PickBone, Choose)
