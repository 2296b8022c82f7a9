"""A game in the page, without the browser: URL parsing, seats, whose view to
show, hot-seat hand-offs, bot turns, and the markup of each screen region.

``web.worker`` serves it to the page's main thread, so everything here is
unit-tested natively.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pygame_engine import GAMES, IllegalAction, __version__, undo, undo_refusal
from pygame_engine.ai import LEVELS, Bot, Thinking, make_bot
from pygame_engine.core.game import Game
from pygame_engine.core.limits import MAX_SEED, quote
from pygame_engine.core.rng import Rng
from pygame_engine.core.savefile import to_record

from .links import BadLink, hash_for
from .views import Choice, choice, game_view_module
from .views import page as page_views
from .views.markup import esc

SEAT_KINDS = ("human", "ai", *(f"ai:{level}" for level in LEVELS))
#: The longest a bot of each level may think per move in the page, in ms.
BOT_MS = {"ai:easy": 800.0, "ai:normal": 800.0, "ai:hard": 3000.0}
#: Units of a bot's thinking (``Thinking.step``) between the page's checks of the
#: clock: one (an ISMCTS iteration, or one action's prior value), since the
#: worker reads its inbox between slices and a unit can last tens of ms.
BOT_STEP = 1


class SetupError(ValueError):
    """A page URL that does not describe a game; the message is shown to the player."""


@dataclass(frozen=True)
class Setup:
    game_id: str
    seats: tuple[str, ...]
    seed: int
    #: The game's options as (name, value) pairs, in the game's order; an
    #: option left out takes its default.
    options: tuple[tuple[str, Any], ...] = ()

    def query(self) -> str:
        """The page URL's query: game, seats, seed, then one parameter per option.

        (Ids, seat kinds, digits and option values need no escaping.)

        >>> Setup("ley-lines", ("human", "ai:easy", "ai:easy"), 3,
        ...       (("hide_own_cairns", "on"),)).query()
        '?game=ley-lines&seats=human,ai:easy,ai:easy&seed=3&hide_own_cairns=on'
        """
        extra = "".join(f"&{name}={value}" for name, value in self.options)
        return f"?game={self.game_id}&seats={','.join(self.seats)}&seed={self.seed}{extra}"

    def option_values(self) -> dict[str, Any]:
        """The options as ``Game.new_game`` takes them (defaults filled in)."""
        return GAMES[self.game_id].resolve_options(dict(self.options))

    def option_words(self) -> list[tuple[str, str]]:
        """Each option of the game as (its label, its value in words)."""
        values = self.option_values()
        return [(o.label, o.choice_label(values[o.name])) for o in GAMES[self.game_id].options]

    def with_seed(self, seed: int) -> Setup:
        return Setup(self.game_id, self.seats, seed, self.options)


def _unquote(text: str) -> str:
    """A URL query value decoded: '+' is a space, '%XX' a UTF-8 byte.

    (Not ``urllib.parse``: it costs about 0.15 s to compile at page start.)

    >>> _unquote("ai%3Ahard%2Chuman+x")
    'ai:hard,human x'
    """
    raw, out, i = text.replace("+", " ").encode(), bytearray(), 0
    while i < len(raw):
        byte, hex_digits = raw[i], raw[i + 1:i + 3]
        if byte == 0x25 and len(hex_digits) == 2 and all(
                chr(c) in "0123456789abcdefABCDEF" for c in hex_digits):
            out.append(int(hex_digits, 16))
            i += 3
        else:
            out.append(byte)
            i += 1
    return out.decode("utf-8", errors="replace")


def parse_qs(query: str) -> dict[str, list[str]]:
    """A query string as name -> values, like ``urllib.parse.parse_qs``."""
    params: dict[str, list[str]] = {}
    for pair in query.split("&"):
        if pair:
            name, _, value = pair.partition("=")
            params.setdefault(_unquote(name), []).append(_unquote(value))
    return params


def parse_query(query: str, fallback_seed: int) -> Setup | None:
    """The game a page URL asks for; None for the lobby; ``SetupError`` if it is bad.

    >>> parse_query("?game=ley-of-the-land&seats=human,ai:hard&seed=4", 0).seats
    ('human', 'ai:hard')
    >>> parse_query("", 0) is None
    True
    """
    params = parse_qs(query.lstrip("?"))
    if not params:
        return None
    game_id = params.get("game", [""])[0]
    if game_id not in GAMES:
        known = ", ".join(GAMES)
        raise SetupError(f"There is no game {quote(game_id)} here. The games are: {known}."
                         if game_id else f"The link names no game. The games are: {known}.")
    game = GAMES[game_id]
    names = [o.name for o in game.options]
    unknown = sorted(set(params) - {"game", "seats", "seed", *names})
    if unknown:
        raise SetupError(f"Unknown link parameter {quote(unknown[0])}: a {game.title} link "
                         f"takes {', '.join(['game', 'seats', 'seed', *names])}.")
    options = _options(game, params)
    raw_seats = params.get("seats", [""])[0]
    if raw_seats:
        seats = tuple(s.strip().lower() for s in raw_seats.split(","))
    else:
        seats = ("human",) + ("ai:normal",) * (max(2, game.min_players) - 1)
    if not game.min_players <= len(seats) <= game.max_players:
        raise SetupError(f"{game.title} is for {game.min_players}-{game.max_players} players; "
                         f"the link has {len(seats)} seats.")
    for s in seats:
        if s not in SEAT_KINDS:
            raise SetupError(f"Seat {quote(s)} is neither human nor an AI: use human, ai, "
                             f"ai:easy, ai:normal or ai:hard.")
    raw_seed = params.get("seed", [""])[0].strip()
    if raw_seed and not (raw_seed.isascii() and raw_seed.isdigit()):
        raise SetupError(f"The seed must be a whole number, not {quote(raw_seed)}.")
    # Checked by length first: int() refuses more than 4300 digits with its own error.
    digits = raw_seed.lstrip("0") or "0"
    if len(digits) > len(str(MAX_SEED)) or int(digits) > MAX_SEED:
        raise SetupError(f"The seed is too large (at most {MAX_SEED}).")
    seed = int(digits) if raw_seed else fallback_seed
    return Setup(game_id, tuple("ai:normal" if s == "ai" else s for s in seats), seed, options)


def _options(game: Game, params: dict[str, list[str]]) -> tuple[tuple[str, Any], ...]:
    """The game's options named in a link, each matched to one of its values.

    >>> from pygame_engine.core.game import Option
    >>> class Toy:
    ...     options = (Option("level", "Level", 0, (0, 2, 3)),)
    >>> _options(Toy(), {"level": ["2"]})
    (('level', 2),)
    """
    out = []
    for option in game.options:
        if option.name in params:
            text = params[option.name][0]
            value = next((c for c in option.choices if str(c) == text), None)
            if value is None:
                allowed = ", ".join(str(c) for c in option.choices)
                raise SetupError(f"Option {option.name} cannot be {quote(text)}: "
                                 f"it takes {allowed}.")
            out.append((option.name, value))
    return tuple(out)


#: The least time an AI move stays on screen before the next one is shown, by
#: spectating speed (None: wait for "Next move"). The next AI thinks meanwhile.
SPEEDS: dict[str, int | None] = {"step": None, "slow": 1500, "normal": 500, "fast": 60,
                                 "instant": 0}
#: The same for an AI's follow-up action (the same seat acting again): its
#: first action was the one to notice, the rest of its turn goes faster.
FOLLOW_UP: dict[str, int] = {"slow": 600, "normal": 200, "fast": 30, "instant": 0}


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
    #: Local selection state of the current decision (see ``web.views``).
    ui: dict[str, str] = field(default_factory=dict)
    #: The seat whose private view is on screen (None: the spectator's view).
    shown: int | None = None
    #: A human seat waiting behind the hand-off screen.
    handoff_to: int | None = None
    #: Spectating controls for AI moves.
    speed: str = "normal"
    paused: bool = False

    def __post_init__(self) -> None:
        game = GAMES[self.setup.game_id]
        self.state = replayed(self.setup, self.moves, self.made_by)
        self.view_module = game_view_module(game.id)
        humans = self.humans()
        self.shown = humans[0] if len(humans) == 1 else None
        self._bots: dict[int, Bot] = {p: make_bot(kind.split(":")[1], BOT_MS[kind])
                                      for p, kind in enumerate(self.setup.seats)
                                      if kind != "human"}
        #: (state, history length, copy) at the start of a simultaneous step.
        self._opening: tuple[Any, int, Any] | None = None
        if not humans:
            self.speed = "fast"
        self.update_handoff()

    # -- links and saves -----------------------------------------------------------

    def history(self) -> list[list[Any]]:
        return [[p, a.to_json()] for p, a in self.state.history]

    def url(self) -> str:
        """The query and hash that reopen this exact position anywhere."""
        return self.setup.query() + hash_for(self.history(), game_id=self.setup.game_id)

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

    def act(self, index: int) -> None:
        """The on-screen human seat performs its ``index``-th legal action."""
        seat = self.human_to_act()
        if seat is None or seat != self.shown:
            raise IllegalAction("It is not your turn.")
        legal = self.state.legal_actions(seat)
        if not 0 <= index < len(legal):
            raise IllegalAction("That choice is no longer available.")
        self.state.apply(seat, legal[index])
        self.ui = {}
        self.update_handoff()

    def start_bot(self, seat: int) -> Thinking:
        """Begin a bot's decision on what its seat may see.

        In a simultaneous step every bot decides on the step's opening
        position, whichever of them was asked first (see ``choose_all``).
        """
        rng = Rng(self.setup.seed * 1_000_003 + self.state.moves)
        return self._bots[seat].start(self._step_opening(seat).determinize(seat, rng), seat, rng)

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

    def bot_acts(self, seat: int, thinking: Thinking) -> None:
        self.state.apply(seat, thinking.best())
        self.ui = {}
        self.update_handoff()

    # -- markup -----------------------------------------------------------------------

    def regions(self) -> dict[str, str]:
        """The markup of each region of the game screen.

        The bar (``status`` and ``actions``) and the undo row below it are
        always filled, so that the table does not move when an AI thinks, a
        hand-off comes or a move is made.
        """
        state, seats = self.state, self.setup.seats
        tools = page_views.toolbar(self.has_bots(), self.speed, self.paused, state.is_over())
        undo = page_views.undo_row(*self.undo_words())
        if self.handoff_to is not None:
            name = state.game.seat_name(self.handoff_to)
            # The table is hidden behind the hand-off screen, the log with it.
            return {"status": esc(f"{name}'s turn: pass the device."), "board": "",
                    "actions": "", "log": "", "overlay": page_views.handoff(name, self.handoff_to),
                    "tools": tools, "undo": undo, "recent": ""}
        view = state.view(self.shown)
        acting = self.acting()
        legal = self.choices(acting)
        entries = log_entries(state, self.shown)
        last = page_views.last_move(entries, view["names"])
        board = self.view_module.render_board(view, legal, self.ui)
        # The board offers a choice (a grove, a card, a die to pick first) even
        # where the bar does too.
        on_board = "data-action=" in board or "data-ui=" in board
        short_labels = getattr(self.view_module, "short_labels", None)
        actions = page_views.action_bar(
            legal, self.view_module.BOARD_KINDS,
            short_labels(legal) if short_labels else None, self.ui.get("choices"), last,
            on_board)
        bot = self.next_bot()
        prompt = getattr(self.view_module, "prompt", None)
        said = prompt(legal) if prompt and acting is not None else ""
        if said:  # the game's own words for this decision
            status = esc(f"{state.game.seat_name(acting)}, your turn: {said}.")
        elif acting is not None:
            kinds = self.view_module.BOARD_KINDS
            status = page_views.your_turn(state.game.seat_name(acting), on_board,
                                          any(c["kind"] not in kinds for c in legal))
        elif bot is not None and (self.paused or self.speed == "step"):
            status = esc(f"{state.game.seat_name(bot)} (AI) moves next: "
                         + ("paused." if self.paused else "press Next AI move."))
        elif bot is not None:
            status = esc(f"{state.game.seat_name(bot)} is thinking…")
        else:
            status = page_views.status_line(view, list(seats))
        if self.has_bots() and self.speed == "step" and bot is not None:
            actions = page_views.step_button()
        return {
            "status": status,
            "board": board,
            "actions": actions,
            "log": page_views.log_panel(entries, view["names"]),
            "recent": page_views.recent(entries, view["names"]),
            "overlay": page_views.end_screen(view, self.setup.option_words(),
                                             ending_words(self.view_module, view))
            if state.is_over() else "",
            "tools": tools,
            "undo": undo,
        }

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


def log_entries(state: Any, viewer: int | None) -> list[tuple[str, int | None]]:
    """The log as (sentence, seat it is about) pairs, as ``viewer`` may read it."""
    out = []
    for event in state.log_for(viewer):
        seat = event.data.get("seat")
        out.append((event.text, seat if isinstance(seat, int) else None))
    return out


def ending_words(view_module: Any, view: dict[str, Any]) -> str:
    """How the game was won, in the game's own words (its view module's
    ``ending(view)``), or "" for the end screen's words from the points."""
    ending = getattr(view_module, "ending", None)
    return str(ending(view)) if ending else ""
