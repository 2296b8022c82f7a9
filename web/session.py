"""A game in the page, without the browser: its state machine. Seats, whose
view to show, hot-seat hand-offs, undo, bot turns and their pacing.

``web.worker`` serves it to the page's main thread, so everything here is
unit-tested natively. The game's URL is ``web.urls``' business, the markup
of its screen ``web.screens``'.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pygame_engine import GAMES, IllegalAction, __version__, undo, undo_refusal
from pygame_engine.ai import LEVELS, Bot, Thinking, WaitShare, make_bot, with_budget
from pygame_engine.core.rng import Rng
from pygame_engine.core.savefile import to_record

from . import screens
from .links import BadLink
from .screens import ending_words, log_entries
from .urls import SEAT_KINDS, Setup, SetupError, parse_query
from .views import Choice, choice, game_view_module

# (Setup, parse_query, SetupError and SEAT_KINDS are also imported from here
# by callers older than web.urls; log_entries and ending_words likewise by
# callers older than web.screens.)
__all__ = ["BOT_MS", "BOT_STEP", "FOLLOW_UP", "SEAT_KINDS", "SPEEDS", "Session", "Setup",
           "SetupError", "ending_words", "log_entries", "parse_query", "progress_words",
           "replayed", "seat_words"]

#: The longest a bot of each level may think per move in the page, in ms.
BOT_MS = {"ai:easy": 800.0, "ai:normal": 800.0, "ai:hard": 3000.0}
#: The wait the AI decisions between two of a person's decisions share (``WaitShare``).
WAIT_MS = {"ai:easy": 1600.0, "ai:normal": 1600.0, "ai:hard": 2600.0}
#: Units of a bot's thinking (``Thinking.step``) between the page's checks of the
#: clock: one (an ISMCTS iteration, or one action's prior value), since the
#: worker reads its inbox between slices and a unit can last tens of ms.
BOT_STEP = 1


#: The least time an AI move stays on screen before the next one is shown, by
#: spectating speed (None: wait for "Next move"). The next AI thinks meanwhile.
SPEEDS: dict[str, int | None] = {"step": None, "slow": 1500, "normal": 300, "fast": 60,
                                 "instant": 0}
#: The same for an AI's follow-up action (the same seat acting again): its
#: first action was the one to notice, the rest of its turn goes faster.
FOLLOW_UP: dict[str, int] = {"slow": 600, "normal": 100, "fast": 30, "instant": 0}


def replayed(setup: Setup, moves: list[list[Any]], made_by: str | None = None) -> Any:
    """The game of ``setup`` after ``moves``; ``BadLink`` names the first bad one."""
    game = GAMES[setup.game_id]
    state = game.new_game(len(setup.seats), setup.seed, setup.option_values())
    most = game.max_actions(state.num_players, state.options)
    if len(moves) > most:
        raise BadLink(f"The link lists {len(moves):,} moves; no game of {game.title} with "
                      f"{state.num_players} players can last more than {most:,}.")
    for index, (seat, action) in enumerate(moves, start=1):
        try:
            state.apply(seat, game.action_from_json(action))
        except ValueError as exc:
            note = "" if made_by in (None, __version__) else (
                f" The moves were recorded by engine version {str(made_by)[:40]}; "
                f"this is {__version__}.")
            raise BadLink(f"Move {index} of {len(moves)} cannot be replayed: {exc}{note}"
                          ) from None
    return state


@dataclass
class Session:
    """One game being played in the page."""

    setup: Setup
    #: Moves to replay first (a shared link or a saved game).
    moves: list[list[Any]] = field(default_factory=list)
    made_by: str | None = None
    state: Any = field(init=False)
    #: The game's local selection for the current decision (``data-ui`` keys of
    #: its view, see ``web.views``); the page's own controls are not kept here.
    ui: dict[str, str] = field(default_factory=dict)
    #: The seat whose private view is on screen (None: the spectator's view).
    shown: int | None = None
    #: A human seat waiting behind the hand-off screen.
    handoff_to: int | None = None
    #: Spectating controls for AI moves.
    speed: str = "normal"
    paused: bool = False

    def __post_init__(self) -> None:
        #: ``history()``'s JSON of each move so far, and the actions it was made of.
        self._history_json: list[list[Any]] = []
        self._history_of: list[Any] = []
        game = GAMES[self.setup.game_id]
        self.state = replayed(self.setup, self.moves, self.made_by)
        self.view_module = game_view_module(game.id)
        #: The view's selection keys that a second press does not drop.
        self.kept_keys: frozenset[str] = getattr(self.view_module, "KEPT_UI_KEYS", frozenset())
        humans = self.humans()
        self.shown = humans[0] if len(humans) == 1 else None
        self._bots: dict[int, Bot] = {p: make_bot(kind.split(":")[1], BOT_MS[kind])
                                      for p, kind in enumerate(self.setup.seats)
                                      if kind != "human"}
        self._share = WaitShare(len(self._bots)) if humans else None
        #: (state, history length, copy) at the start of a simultaneous step.
        self._opening: tuple[Any, int, Any] | None = None
        if not humans:
            self.speed = "fast"
        self.update_handoff()

    # -- links and saves -----------------------------------------------------------

    def history(self) -> list[list[Any]]:
        """The moves so far as JSON lists, ``[seat, action]``.

        Asked several times for every screen (its URL, the saved entry), so
        each move's JSON is kept: an action is immutable, and a move still in
        the history is the same object (after an undo, the moves before it)."""
        done = self.state.history
        kept, made = self._history_json, self._history_of
        same = 0
        for (p, a), was, json in zip(done, made, kept, strict=False):
            if a is not was or p != json[0]:
                break
            same += 1
        if same < len(made):
            del kept[same:], made[same:]
        for p, a in done[same:]:
            kept.append([p, a.to_json()])
            made.append(a)
        return [list(move) for move in kept]

    def url(self) -> str:
        """The query and hash that reopen this exact position anywhere."""
        return self.setup.url(self.history())

    def save_record(self) -> dict[str, Any]:
        """The engine's save record plus the page's seats (an exported file)."""
        record = to_record(self.state)
        record["seats"] = list(self.setup.seats)
        return record

    def summary(self) -> dict[str, Any]:
        """What the lobby lists about this game (``who`` and ``progress`` in words)."""
        state = self.state
        return {"title": state.game.title, "game": state.game.id,
                "seats": list(self.setup.seats), "who": seat_words(self.setup.seats),
                "moves": len(state.history), "progress": progress_words(state),
                "round": getattr(state, "round", None), "over": state.is_over(),
                "url": self.url(), "engine_version": __version__}

    # -- undo -------------------------------------------------------------------------

    def undo_seat(self) -> int | None:
        """Who would take back a move: the last person to move, if only AIs have
        moved since (even behind a hand-off screen), else the seat on screen."""
        last = next((p for p, _ in reversed(self.state.history) if p not in self._bots), None)
        return int(last) if last is not None else self.shown

    def undo_refusal(self) -> str | None:
        """Why undo is not possible now, or None."""
        if self.state.is_over():
            return "The game is over."
        if not self.state.history:
            return "Nothing to undo yet."
        seat = self.undo_seat()
        if seat is None or self.setup.seats[seat] != "human":
            return "Only a person may take back their own move."
        return undo_refusal(self.state, seat, viewer=self.shown, also=self._bots.keys())

    def undo(self) -> None:
        """Take back the last person's move and the AI moves after it."""
        reason = self.undo_refusal()
        if reason is not None:
            raise IllegalAction(f"Cannot undo: {reason}")
        seat = self.undo_seat()
        assert seat is not None
        self.state = undo(self.state, seat, also=self._bots.keys())
        self._opening = None
        self.ui = {}
        if len(self.humans()) > 1:
            # Whoever holds the device may not be the seat that undid: hand it back
            # before that seat's private view is shown again.
            self.shown, self.handoff_to = None, seat
        else:
            self.shown, self.handoff_to = seat, None

    # -- who acts ---------------------------------------------------------------

    def humans(self) -> list[int]:
        return [p for p, kind in enumerate(self.setup.seats) if kind == "human"]

    def next_bot(self) -> int | None:
        """An AI seat that must act now (bots act before humans in simultaneous steps)."""
        return next((p for p in self.state.active_players() if p in self._bots), None)

    def human_to_act(self) -> int | None:
        if self.next_bot() is not None:
            return None
        return next((p for p in self.state.active_players() if p not in self._bots), None)

    def update_handoff(self) -> None:
        """Hide the table before a different human seat acts (when several share a device)."""
        seat = self.human_to_act()
        if len(self.humans()) > 1 and seat is not None and seat != self.shown:
            self.handoff_to = seat
            self.shown = None

    def confirm_handoff(self) -> None:
        self.shown, self.handoff_to = self.handoff_to, None
        self.ui = {}

    # -- acting -------------------------------------------------------------------

    def choices(self, seat: int | None) -> list[Choice]:
        if seat is None:
            return []
        return [choice(i, a, self.state.action_label(seat, a))
                for i, a in enumerate(self.state.legal_actions(seat))]

    def select(self, key: str, value: str) -> None:
        """A selection on the game's board (its view's ``data-ui="key=value"``):
        chosen again it is dropped, unless the view keeps that key
        (``KEPT_UI_KEYS``: a value stepped through, like a tile's turn)."""
        if self.ui.get(key) == value and key not in self.kept_keys:
            self.ui.pop(key)
        else:
            self.ui[key] = value

    def act(self, index: int) -> None:
        """The on-screen human seat performs its ``index``-th legal action."""
        seat = self.human_to_act()
        if seat is None or seat != self.shown:
            raise IllegalAction("It is not your turn.")
        legal = self.state.legal_actions(seat)
        if not 0 <= index < len(legal):
            raise IllegalAction("That choice is no longer available.")
        self.state.apply(seat, legal[index])
        if self._share is not None:
            self._share.person_moved()
        self.ui = {}
        self.update_handoff()

    def start_bot(self, seat: int) -> Thinking:
        """Begin a bot's decision on what its seat may see.

        In a simultaneous step every bot decides on the step's opening
        position, whichever of them was asked first (see ``choose_all``).
        """
        rng = Rng(self.setup.seed * 1_000_003 + self.state.moves)
        state, bot, kind = self._step_opening(seat), self._bots[seat], self.setup.seats[seat]
        if self._share is not None and len(state.legal_actions(seat)) > 1:
            bot = with_budget(bot, self._share.budget(BOT_MS[kind], WAIT_MS[kind],
                                                      self.bot_delay() or 0))
        return bot.start(state.determinize(seat, rng), seat, rng)

    def _step_opening(self, seat: int) -> Any:
        """The position a bot decides on: the current one, or, in a simultaneous
        step where other bots have already acted, the position before them."""
        state = self.state
        opening = self._opening
        if opening is not None and opening[0] is state:
            since = [p for p, _ in state.history[opening[1]:]]
            was = set(opening[2].active_players())
            # Still the same step: only its own bots have acted since, once each.
            if len(set(since)) == len(since) and all(p in self._bots for p in since) \
                    and set(state.active_players()) == was - set(since):
                return opening[2]
        self._opening = (state, len(state.history), state.clone()) \
            if len(state.active_players()) > 1 else None
        return state

    def bot_delay(self) -> int | None:
        """How long the last move stays on screen before the next AI move is
        shown, in ms (None: until "Next AI move" is pressed)."""
        pause = SPEEDS[self.speed]
        seat = self.next_bot()
        if pause is None or seat is None or not self.state.history:
            return pause
        return FOLLOW_UP[self.speed] if self.state.history[-1][0] == seat else pause

    def ai_waits(self) -> bool:
        """Whether an AI seat moves only when asked ("Next AI move"): the game is
        paused, or the speed is "step"."""
        return self.paused or SPEEDS[self.speed] is None

    def bot_acts(self, seat: int, thinking: Thinking) -> None:
        self.state.apply(seat, thinking.best())
        self.ui = {}
        self.update_handoff()

    # -- the screen ---------------------------------------------------------------

    def regions(self) -> dict[str, str]:
        """The markup of each region of the game screen (``web.screens``)."""
        return screens.game_regions(self)

    def acting(self) -> int | None:
        """The person on screen when they are to act now, else None."""
        seat = self.human_to_act()
        return seat if seat is not None and seat == self.shown and self.handoff_to is None \
            else None

    def undo_words(self) -> tuple[str, str, bool]:
        """The undo button's name, what it takes back (or why it cannot), and
        whether it is refused. The name says whose move it takes back, in the
        words of the person on screen: in hot-seat that may be another's."""
        reason = self.undo_refusal()
        if reason is not None:
            return "Undo", f"Undo unavailable. {reason}", True
        seat = self.undo_seat()
        assert seat is not None
        game = self.state.game
        moves = self.state.history
        first = max(i for i, (p, _) in enumerate(moves) if p == seat)
        mover, action = moves[first]
        label = self.state.action_label(mover, action) if self.shown == mover \
            or not action.secret else action.public_label
        replies = len(moves) - first - 1
        with_replies = ("" if not replies else
                        f", and {game.seat_name(moves[-1][0])}'s reply" if replies == 1
                        else f", and the {replies} AI moves after it")
        if seat == self.shown or len(self.humans()) == 1:
            return "Undo your last move", f"Takes back: {label}{with_replies}.", False
        name = game.seat_name(seat)
        return (f"Undo {name}'s last move",
                f"Takes back {name}'s move ({label}){with_replies}; then {name} plays again.",
                False)

    def has_bots(self) -> bool:
        return bool(self._bots)


def seat_words(seats: tuple[str, ...] | list[str]) -> str:
    """Who plays, in words, as the person who saved the game sees it.

    >>> seat_words(("human", "ai:normal", "ai:normal"))
    'You vs 2 AIs (normal)'
    >>> seat_words(("human", "human", "ai:hard"))
    '2 people vs 1 AI (hard)'
    >>> seat_words(("human",))
    'You, solo'
    >>> seat_words(("ai:easy", "ai:hard"))
    '2 AIs (easy, hard)'
    """
    humans = sum(1 for s in seats if s == "human")
    levels = [s.split(":")[1] for s in seats if s != "human"]
    ais = ""
    if levels:
        kinds = ", ".join(level for level in LEVELS if level in levels)
        ais = f"{len(levels)} AI{'s' if len(levels) > 1 else ''} ({kinds})"
    if not humans:
        return ais
    people = "You" if humans == 1 else f"{humans} people"
    if not ais:
        return "You, solo" if humans == 1 else f"{people}, hot-seat"
    return f"{people} vs {ais}"


def progress_words(state: Any) -> str:
    """How far the game has gone, in words: the view's own ``progress`` string
    when the game gives one (a small hook for any game), else its round, else
    the number of moves.

    >>> from pygame_engine import GAMES
    >>> progress_words(GAMES["ley-of-the-land"].new_game(2, 1))
    'round 1'
    """
    if state.is_over():
        return "finished"
    view = state.view(None)
    given = view.get("progress")
    if isinstance(given, str) and given:
        return given
    round_ = view.get("round")
    if isinstance(round_, int) and not isinstance(round_, bool) and round_ > 0:
        return f"round {round_}"
    moves = len(state.history)
    return f"{moves} move{'s' if moves != 1 else ''} in"
