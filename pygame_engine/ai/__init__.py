"""Bots over the game protocol: random, greedy one-ply and ISMCTS.

Every bot is given a copy of the game made by ``State.determinize`` for its
seat, never the true state, so it cannot read what its seat may not see.
``make_bot(level)`` gives the bot behind each level of the UI.
"""

from __future__ import annotations

from .bots import (
    LEVELS,
    Bot,
    GreedyBot,
    Ismcts,
    RandomBot,
    Thinking,
    WaitShare,
    choose,
    choose_all,
    make_bot,
    with_budget,
)

__all__ = ["LEVELS", "Bot", "GreedyBot", "Ismcts", "RandomBot", "Thinking", "WaitShare",
           "choose", "choose_all", "make_bot", "with_budget"]
