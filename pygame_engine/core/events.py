"""Events: what happened, in words, and who may see it.

One stream of events feeds the game log, the replay and animations. An event
with ``visible_to=None`` is public; otherwise only the listed seats see it
(a private card draw, one's own secret bid).

>>> e = Event("bid", "You bid 3.", visible_to=(1,))
>>> e.visible(1), e.visible(0), e.visible(None)
(True, False, False)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Event:
    kind: str
    text: str
    visible_to: tuple[int, ...] | None = None
    data: dict[str, Any] = field(default_factory=dict, compare=False)
    #: True when this event reveals hidden information or a random outcome;
    #: undo never crosses it.
    reveal: bool = False

    def visible(self, player: int | None) -> bool:
        return self.visible_to is None or (player is not None and player in self.visible_to)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "text": self.text, "data": self.data,
                "public": self.visible_to is None}
