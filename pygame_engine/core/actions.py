"""``Worded``: the small action type every game's actions are made of.

An action is a frozen dataclass of ints and strs (see ``core.game.Action``).
Most say what they do in one sentence with a field or two in it, so a
``Worded`` action names its ``kind`` (its first word in JSON) and its label
template on its class line, and lists only its fields. The base makes each
subclass a frozen dataclass as it is defined (so no ``@dataclass`` on them;
one would fail, a class cannot be made frozen twice):

>>> class Go(Worded, kind="go", words="Go to space {space}"):
...     space: int
>>> Go(3).label, Go(3).to_json()
('Go to space 3', ['go', 3])

A game whose labels spell a field in words (a square's name rather than its
number) says how in ``spell``, on a base class its actions share; an action
whose label needs more than a template keeps its own ``label`` property.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from typing import Any, ClassVar, dataclass_transform

from .game import Action


@dataclass_transform(frozen_default=True)
@dataclass(frozen=True)
class Worded(Action):
    """An action whose label is ``words`` with its fields filled in; each
    subclass is a frozen dataclass."""

    #: The label, a ``str.format`` template over the field names.
    words: ClassVar[str] = ""
    #: Field name -> how a label writes that field's value (``str`` otherwise).
    spell: ClassVar[Mapping[str, Callable[[Any], str]]] = {}

    def __init_subclass__(cls, kind: str = "", words: str = "", **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if kind:
            cls.kind = kind
        if words:
            cls.words = words
        dataclass(frozen=True)(cls)

    @property
    def label(self) -> str:
        return self.words.format(**{f.name: self.spell.get(f.name, str)(getattr(self, f.name))
                                    for f in fields(self)})
