"""The game protocol shared by every game: ``Action``, ``Option``, ``Game``, ``State``.

A ``Game`` describes one board game (title, player range, options) and makes
states. A ``State`` is one position: who must act (``active_players``), what
they may do (``legal_actions``), and how an action changes it (``apply``).
Subclasses implement the rules in ``_apply`` and friends; this module keeps
the parts every game shares: checking legality before anything changes,
recording history for saves, and marking the points undo may not cross.

Several seats may be active at once (a simultaneous step such as secret
bids): each acts in any order, and the game keeps their choices hidden until
the last one is in.
"""

from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import astuple, dataclass, fields
from typing import TYPE_CHECKING, Any, ClassVar, Self

from .errors import IllegalAction
from .events import Event
from .limits import check_seed, quote
from .rng import Rng

if TYPE_CHECKING:
    from .view_types import BaseView

JSON = Any

#: The field types an action may have (annotations are strings here), and the
#: JSON values that may fill them: a save or link carrying anything else is
#: refused before the rules ever see it.
_FIELD_TYPES: dict[str, type] = {"int": int, "str": str}
#: No action field of any game is longer than this (as text): a longer one is
#: refused at once, so messages about it stay short.
_FIELD_CHARS = 40


@dataclass(frozen=True)
class Action:
    """A small immutable move; subclasses are frozen dataclasses of scalars.

    It serialises to a JSON list ``[kind, field, ...]`` and back through
    ``Game.action_from_json``.
    """

    kind: ClassVar[str] = "action"
    #: True when the label tells something other seats may not know yet (a
    #: sealed bid, a face-down coin); they are shown ``public_label`` instead.
    secret: ClassVar[bool] = False

    def to_json(self) -> list[JSON]:
        return [self.kind, *astuple(self)]

    @property
    def label(self) -> str:
        """A short human description, e.g. "Bid 3"."""
        args = ", ".join(str(v) for v in astuple(self))
        return f"{self.kind.capitalize()} {args}".strip()

    @property
    def public_label(self) -> str:
        """What seats other than the actor may read about this action."""
        return f"{self.kind.capitalize()} (hidden)" if self.secret else self.label


@dataclass(frozen=True)
class Option:
    """One game option: a name, its label, a default and the allowed values
    (each with the words the lobby shows for it, when the value alone is not
    clear: ``choice_labels`` in the order of ``choices``; and, where a choice
    needs explaining, a one-line note the lobby shows beside the option:
    ``choice_notes``, in the same order)."""

    name: str
    label: str
    default: JSON
    choices: tuple[JSON, ...]
    choice_labels: tuple[str, ...] = ()
    choice_notes: tuple[str, ...] = ()

    def choice_note(self, value: JSON) -> str:
        """The note on one value of this option ("" when it has none).

        >>> Option("side", "Side", "a", ("a", "b"), (), ("", "Moves first")).choice_note("b")
        'Moves first'
        """
        return self.choice_notes[self.choices.index(value)] if self.choice_notes else ""

    def choice_label(self, value: JSON) -> str:
        """The words for one value of this option.

        >>> Option("will", "Haggedorn's Will", "curses", ("blessings", "curses")
        ...        ).choice_label("curses")
        'curses'
        """
        if self.choice_labels:
            return self.choice_labels[self.choices.index(value)]
        return str(value)


@dataclass(frozen=True)
class Standing:
    """One seat's place at the end: rank 1 wins (several seats may share it)."""

    seat: int
    rank: int
    score: float
    #: The tie-breaker that separated this seat from the seat ranked just
    #: above it on equal score, or None.
    tiebreak: str | None = None


class Game(ABC):
    """A board game: what it is called, who may play, and how to start one."""

    id: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    #: Bumped whenever a change to this game's rules alters the replay of any
    #: recorded game (``tests/corpus``); saves and links name it, and a game
    #: made with other rules opens with the kept release that has them.
    rules_version: ClassVar[int]
    options: ClassVar[tuple[Option, ...]] = ()
    action_types: ClassVar[tuple[type[Action], ...]] = ()
    #: Seat names in seat order (colours in the rule texts' spirit).
    seat_names: ClassVar[tuple[str, ...]] = ("Moss", "Amber", "Heather", "Slate", "Fern", "Rose")

    def new_game(self, num_players: int, seed: int, options: dict[str, JSON] | None = None
                 ) -> State:
        """A new game for ``num_players`` seats, its chance fixed by ``seed``."""
        if not isinstance(num_players, int) or isinstance(num_players, bool) or not (
                self.min_players <= num_players <= self.max_players):
            raise ValueError(f"{self.title} is for {self.min_players}-{self.max_players} "
                             f"players, not {quote(num_players)}.")
        check_seed(seed)
        return self._new_game(num_players, seed, self.resolve_options(options or {}))

    @abstractmethod
    def _new_game(self, num_players: int, seed: int, options: dict[str, JSON]) -> State: ...

    def max_actions(self, num_players: int, options: dict[str, JSON]) -> int:
        """A proven upper bound on the number of actions in any game with these
        settings, whatever the players do (the docstring of each game's version
        gives the proof). Saves and links longer than this are refused before
        anything is replayed, and every game ends within it."""
        raise NotImplementedError(f"{self.title} has no bound on its length yet")

    def resolve_options(self, given: dict[str, JSON]) -> dict[str, JSON]:
        """The options with defaults filled in; an unknown name or value raises ValueError."""
        known = {o.name: o for o in self.options}
        for name, value in given.items():
            if name not in known:
                raise ValueError(f"{self.title} has no option {quote(name)}.")
            # By type too: False == 0 and 2.0 == 2, but neither is a value of ours.
            if not any(type(value) is type(c) and value == c for c in known[name].choices):
                raise ValueError(f"Option {quote(name)} cannot be {quote(value)}.")
        return {o.name: given.get(o.name, o.default) for o in self.options}

    def action_from_json(self, obj: JSON) -> Action:
        """The action that ``Action.to_json`` wrote; ValueError if it is not one."""
        if not isinstance(obj, list) or not obj or not isinstance(obj[0], str):
            raise ValueError(f"not an action: {quote(obj)}")
        for cls in self.action_types:
            if cls.kind == obj[0]:
                names = [f.name for f in fields(cls)]
                if len(obj) - 1 != len(names):
                    raise ValueError(f"{quote(obj[0])} takes {len(names)} values, "
                                     f"got {len(obj) - 1}")
                values = obj[1:]
                for f, value in zip(fields(cls), values, strict=True):
                    wanted = _FIELD_TYPES.get(str(f.type))
                    if wanted is None or not isinstance(value, wanted) or isinstance(value, bool):
                        raise ValueError(f"{quote(obj[0])} needs {f.type} for {f.name!r}, "
                                         f"not {quote(value)}")
                    if len(str(value)) > _FIELD_CHARS:
                        raise ValueError(f"{quote(obj[0])} has an impossibly long {f.name!r}: "
                                         f"{quote(value)}")
                return cls(*values)
        raise ValueError(f"{self.title} has no action {quote(obj[0])}")

    def seat_name(self, seat: int) -> str:
        return self.seat_names[seat]

    def heuristics(self) -> object | None:
        """What the bots know of this game (an ``ai.heuristics.Heuristics``), or None
        for the neutral default. A game imports its own ``heuristics`` module here,
        so it is loaded only when a bot first needs it."""
        return None


class State(ABC):
    """One position of a game. Subclasses hold the game's data and rules."""

    def __init__(self, game: Game, num_players: int, seed: int, options: dict[str, JSON]
                 ) -> None:
        self.game = game
        self.num_players = num_players
        self.seed = seed
        self.options = options
        self.rng = Rng(seed)
        #: Every applied action, for saves and replays.
        self.history: list[tuple[int, Action]] = []
        #: Per history entry: True when it revealed something or used chance.
        self.barriers: list[bool] = []
        self.log: list[Event] = []
        #: False in bots' private copies: no history or log is kept there.
        self.recording = True
        #: Actions applied so far (kept in bots' copies too, unlike ``history``).
        self.moves = 0

    # -- the rules (per game) ------------------------------------------------

    @abstractmethod
    def active_players(self) -> list[int]:
        """The seats that must act now; several in a simultaneous step, none at the end."""

    @abstractmethod
    def legal_actions(self, player: int) -> list[Action]:
        """Every legal action for ``player`` now, in a stable order."""

    def is_legal(self, player: int, action: Action) -> bool:
        """Whether ``action`` is one of ``legal_actions(player)`` (games whose
        turns offer many actions answer without listing them)."""
        return action in self.legal_actions(player)

    @abstractmethod
    def _apply(self, player: int, action: Action) -> list[Event]:
        """Perform a legal action; return what happened."""

    @abstractmethod
    def view(self, player: int | None) -> Mapping[str, JSON]:
        """A JSON-able dict of what ``player`` may see (``None``: a spectator);
        each game types it in its ``view_types.py``."""

    @abstractmethod
    def determinize(self, player: int, rng: Rng) -> State:
        """A copy with everything hidden from ``player`` resampled consistently."""

    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def scores(self) -> list[float]: ...

    @abstractmethod
    def score_breakdown(self) -> list[dict[str, float]]:
        """Per seat, the itemised score (item name -> points), for the end screen."""

    @abstractmethod
    def standings(self) -> list[Standing]:
        """Final ranking, best first, with the rule text's tie-breakers applied."""

    def conservation(self) -> dict[str, int]:
        """Totals of finite components that must never change during a game."""
        return {}

    def explain_illegal(self, player: int, action: Action) -> str:
        """Why ``action`` is not legal for ``player`` now (games refine this)."""
        return f"{action.label} is not a legal move now."

    def action_label(self, player: int, action: Action) -> str:
        """``action`` by ``player`` in the words of this position, just before or
        just after it is made: a game whose actions only point at a component
        (a grove on a cell, say) names it here. The action's label by default."""
        return action.label

    # -- shared machinery ------------------------------------------------------

    def winners(self) -> list[int]:
        return [s.seat for s in self.standings() if s.rank == 1]

    def apply(self, player: int, action: Action) -> list[Event]:
        """Check then perform ``action``; ``IllegalAction`` leaves the state unchanged."""
        if self.is_over():
            raise IllegalAction("The game is over.")
        if not isinstance(player, int) or isinstance(player, bool) \
                or not 0 <= player < self.num_players:
            raise IllegalAction(f"There is no seat {quote(player)} in this game.")
        if player not in self.active_players():
            raise IllegalAction(f"It is not {self.game.seat_name(player)}'s turn.")
        if not self.is_legal(player, action):
            try:
                reason = self.explain_illegal(player, action)
            except (LookupError, TypeError, ValueError, AttributeError):
                # A well-typed but nonsensical action (a slot that does not exist,
                # say) from a tampered save or link: the generic reason will do.
                reason = f"The move {action.to_json()} is not legal now."
            raise IllegalAction(reason)
        return self.apply_unchecked(player, action)

    def apply_unchecked(self, player: int, action: Action) -> list[Event]:
        """Perform an action already known to be legal (bots' hot path)."""
        draws = self.rng.draws
        events = self._apply(player, action)
        self.moves += 1
        if self.recording:
            self.history.append((player, action))
            self.barriers.append(self.rng.draws != draws or any(e.reveal for e in events))
            self.log.extend(events)
        return events

    def clone(self) -> Self:
        """An independent copy (games with hot bots override it with a faster one,
        starting from ``shallow_copy``)."""
        return copy.deepcopy(self)

    def shallow_copy(self) -> Self:
        """A copy sharing every attribute with this state but its chance and its
        records (``history``, ``barriers``, ``log``): a game's fast ``clone`` then
        copies the containers its rules change."""
        c = type(self).__new__(type(self))
        c.__dict__.update(self.__dict__)
        c.rng = self.rng.clone()
        c.history, c.barriers, c.log = list(self.history), list(self.barriers), list(self.log)
        return c

    def unrecorded_clone(self) -> Self:
        """A clone that keeps no history or log: where ``determinize`` starts."""
        c = self.clone()
        c.recording = False
        c.history, c.barriers, c.log = [], [], []
        return c

    def log_for(self, player: int | None) -> list[Event]:
        return [e for e in self.log if e.visible(player)]

    def base_view(self, player: int | None) -> BaseView:
        """The keys every game's view starts with."""
        return {
            "game": self.game.id,
            "title": self.game.title,
            "seat": player,
            "num_players": self.num_players,
            "names": [self.game.seat_name(i) for i in range(self.num_players)],
            "active": self.active_players(),
            "over": self.is_over(),
            "moves": self.moves,
        }


def rank_by(keys: Sequence[tuple[float, ...]], names: Sequence[str]) -> list[Standing]:
    """Standings from per-seat sort keys (higher is better), first key the score.

    ``names[i]`` names the tie-breaker held in ``key[i + 1]``. Seats equal on
    every key share a rank.

    >>> [(s.seat, s.rank, s.tiebreak) for s in rank_by([(5, 1), (5, 2), (3, 0)], ["size"])]
    [(1, 1, None), (0, 2, 'size'), (2, 3, None)]
    """
    order = sorted(range(len(keys)), key=lambda s: keys[s], reverse=True)
    out: list[Standing] = []
    for pos, seat in enumerate(order):
        rank, tiebreak = pos + 1, None
        if pos:
            above = order[pos - 1]
            if keys[above] == keys[seat]:
                rank = out[-1].rank
            elif keys[above][0] == keys[seat][0]:
                first_diff = next(i for i in range(1, len(keys[seat]))
                                  if keys[above][i] != keys[seat][i])
                tiebreak = names[first_diff - 1]
        out.append(Standing(seat, rank, float(keys[seat][0]), tiebreak))
    return out
