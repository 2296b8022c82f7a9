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

from dataclasses import dataclass
from typing import ClassVar

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


@dataclass(frozen=True)
class Proceed(Action):
    """End Upkeep and go on to declaring intent (or rolling)."""

    kind: ClassVar[str] = "proceed"

    @property
    def label(self) -> str:
        return "End Upkeep"


@dataclass(frozen=True)
class InvokeWill(Action):
    """Spend the Haggedorn's Will token and roll the d12."""

    kind: ClassVar[str] = "will"

    @property
    def label(self) -> str:
        return "Call on Haggedorn's Will"


@dataclass(frozen=True)
class Spend(Action):
    """Spend a relic token of ``skill``."""

    kind: ClassVar[str] = "spend"
    skill: str

    @property
    def label(self) -> str:
        return f"Spend {_words(self.skill)}"


@dataclass(frozen=True)
class Withdraw(Action):
    """Return the bones of a skill that no longer applies to the pool."""

    kind: ClassVar[str] = "withdraw"
    skill: str

    @property
    def label(self) -> str:
        return f"Take the bones back from {_words(self.skill)}"


@dataclass(frozen=True)
class Declare(Action):
    """Declare intent: ``journey`` (unit and target -1) or a deed by the unit on
    ``unit`` against the unit on ``target``."""

    kind: ClassVar[str] = "declare"
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


@dataclass(frozen=True)
class Roll(Action):
    """Roll ``bone`` from the pool."""

    kind: ClassVar[str] = "roll"
    bone: int

    @property
    def label(self) -> str:
        return f"Roll bone {self.bone + 1}"


@dataclass(frozen=True)
class Journey(Action):
    kind: ClassVar[str] = "journey"
    frm: int
    to: int

    @property
    def label(self) -> str:
        return f"Journey {_sq(self.frm)} to {_sq(self.to)}"


#: Every journey, by its squares (``JOURNEYS[frm][to]``): made once, since
#: making a frozen dataclass is slow (most of all under Pyodide).
JOURNEYS = tuple(tuple(Journey(frm, to) for to in range(64)) for frm in range(64))


@dataclass(frozen=True)
class Cancel(Action):
    """Do nothing with the roll (a journey with no wanted destination is cancelled)."""

    kind: ClassVar[str] = "cancel"

    @property
    def label(self) -> str:
        return "Cancel (no journey or deed)"


@dataclass(frozen=True)
class Slot(Action):
    """Slot the rolled bone into slot ``slot`` of ``skill``."""

    kind: ClassVar[str] = "slot"
    skill: str
    slot: int

    @property
    def label(self) -> str:
        return f"Slot into {_words(self.skill)} (slot {self.slot + 1})"


@dataclass(frozen=True)
class Keep(Action):
    """Return the rolled bone to the pool instead of slotting it."""

    kind: ClassVar[str] = "keep"

    @property
    def label(self) -> str:
        return "Return the bone to the pool"


@dataclass(frozen=True)
class Pick(Action):
    """Answer a question with a territory."""

    kind: ClassVar[str] = "pick"
    square: int

    @property
    def label(self) -> str:
        return f"Choose {_sq(self.square)}"


@dataclass(frozen=True)
class PickBone(Action):
    """Answer a question with a bone."""

    kind: ClassVar[str] = "bone"
    bone: int

    @property
    def label(self) -> str:
        return f"Choose bone {self.bone + 1}"


@dataclass(frozen=True)
class Choose(Action):
    """Answer a question with a named option (a skill, a unit type, an aura)."""

    kind: ClassVar[str] = "choose"
    option: str

    @property
    def label(self) -> str:
        return f"Choose {_words(self.option.replace(':', ' '))}"


CORE_ACTIONS: tuple[type[Action], ...] = (
    Proceed, InvokeWill, Spend, Withdraw, Declare, Roll, Journey, Cancel, Slot, Keep,
    Pick, PickBone, Choose)
