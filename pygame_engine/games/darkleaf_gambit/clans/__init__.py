"""The six clans of Darkleaf Gambit: the one registry.

Each clan is one module here (its data, its ``Clan`` subclass, its actions
and the bots' knowledge of it). ``CLANS`` lists them by option value, in the
order the lobby offers them; a seventh clan is one more module and one more
entry below. The game is handed this registry (``DarkleafGambit(CLANS, Heuristics)`` in
the package's ``__init__``): the core never imports this package.
"""

from __future__ import annotations

from typing import Any

from ..clan import Clan
from .erde import Erde
from .ferrymen import Ferrymen
from .hexen import Hexen
from .huldra import Huldra
from .murg import Murg
from .wibo import Wibo

#: Every clan, by option value.
CLANS: dict[str, Clan] = {c.key: c for c in (Huldra(), Murg(), Wibo(), Hexen(), Ferrymen(),
                                             Erde())}

#: Every clan's data, by key (read from ``CLANS``).
CLAN_DATA: dict[str, dict[str, Any]] = {k: c.data for k, c in CLANS.items()}

__all__ = ["CLANS", "CLAN_DATA", "Clan", "Erde", "Ferrymen", "Hexen", "Huldra", "Murg", "Wibo"]
