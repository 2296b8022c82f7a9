"""The hint button ("What would the AI do?"): the hard bot's choice for the
person to act, and its search's estimate for their seat.

The bot thinks on ``state.determinize(seat, rng)`` like every bot, so a hint
knows only what that seat may see: it cannot give away another seat's
secret or a future die. It thinks for at most ``HINT_MS``, in slices
(``web.worker.Table.hint``), so the worker answers other requests meanwhile.
"""

from __future__ import annotations

from pygame_engine.ai import Thinking, make_bot
from pygame_engine.core.game import Action, State
from pygame_engine.core.rng import Rng

#: The hint's thinking time: half the page's hard AI budget, so it answers quickly.
HINT_MS = 1500.0


#: Units of the hint's thinking (``Thinking.step``) between two looks at the clock.
HINT_STEP = 16


def start_hint(state: State, seat: int, seed: int) -> Thinking:
    """The hard AI's decision for ``seat`` begun, on what that seat may see."""
    rng = Rng(seed)
    return make_bot("hard", HINT_MS).start(state.determinize(seat, rng), seat, rng)


def hint(state: State, seat: int, seed: int) -> str:
    """``hint_words`` after thinking to the end at once (the worker thinks in slices)."""
    thinking = start_hint(state, seat, seed)
    while not thinking.done:
        thinking.step(HINT_STEP)
    return hint_words(state, seat, thinking)


def hint_words(state: State, seat: int, thinking: Thinking) -> str:
    """What the hard AI would play for ``seat`` now, in words, with its
    search's estimate for the seat (a reward in 0-100 %: mostly the chance
    of winning, partly the margin)."""
    action = thinking.best()
    words = f"The hard AI would play: {state.action_label(seat, action)}."
    estimate = _estimate(thinking, action)
    if estimate is not None:
        words += f" Its search gives your seat {estimate:.0%} after it."
    return words


def _estimate(thinking: Thinking, action: Action) -> float | None:
    """The search's mean reward for ``action`` (its tree's, or, when time ran
    out before the tree grew, its one-ply prior); None for a forced move."""
    root = getattr(thinking, "root", None)
    child = root.children.get(action) if root is not None else None
    if child is not None and child.visits:
        return float(child.reward / child.visits)
    priors = getattr(getattr(thinking, "priors", None), "values", {})
    return float(priors[action]) if action in priors else None
