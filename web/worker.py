"""The game screen's logic, run in a PyScript worker: the page's main thread
asks, this module answers with what to show.

The main thread (``web/static/boot.js``) owns the DOM, the URL, storage and
timers; it sends each request to ``call(name, args)``, which the worker's
script in ``index.html`` exports to it (PyScript's ``__export__``), and
applies the ``Screen`` it gets back: the markup of
each region, the body's status, the URL to keep, the saved-games entry to
store, and whether an AI seat should move next. Nothing here touches the
DOM, so the worker needs no cross-origin isolation, and everything is
unit-tested natively (``tests/test_worker.py``).

A bot thinks here with its whole budget (``think``), yielding to the
worker's event loop (Pyodide's asyncio loop, on the worker's own) every few
milliseconds so that a request arriving
meanwhile (undo, leaving the game, a new game) is answered at once and
cancels the thinking.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import metadata
from typing import Any, Literal, cast, get_args

from pygame_engine import GAMES, BadSave, IllegalAction
from pygame_engine.ai import Thinking

from . import releases, saves
from .hint import HINT_STEP, hint_words, start_hint
from .links import BadLink, parse_hash
from .replay import Replay
from .session import BOT_STEP, SPEEDS, Session
from .urls import SetupError, new_game_query, parse_query
from .views.page import REPLAY_PACES, SECRETS_NOTE

#: The page's own controls, by the name their ``data-ui`` gives: the toolbar,
#: the hand-off screen, "Next AI move" and Escape. No game's view may name a
#: selection key after one of them (``tests/test_worker.py`` checks).
PageControl = Literal["handoff", "undo", "export", "link", "replay", "again", "speed",
                      "pause", "step", "hint", "cancel"]
PAGE_CONTROLS: frozenset[str] = frozenset(get_args(PageControl))

#: How long a bot thinks between two looks at the worker's inbox, in ms.
YIELD_MS = 30
_ANSWERS = itertools.count(1)


@dataclass
class Screen:
    """What the main thread shows after a request (JSON for ``postMessage``)."""

    #: ``lobby``, ``playing``, ``over`` or ``replay`` (``body.dataset.status``).
    status: str
    alert: str = ""
    regions: dict[str, str] = field(default_factory=dict)
    title: str = ""
    game_id: str = ""
    #: The page URL's query and hash that reopen this position (``replaceState``).
    url: str | None = None
    #: A saved-games entry to keep: (localStorage key, JSON text).
    store: tuple[str, str] | None = None
    #: An AI seat moves next: the main thread asks ``think`` at once, and shows
    #: its answer no sooner than ``delay`` ms after this screen.
    bot: bool = False
    delay: int = 0
    #: The request's own result (a file to download, a link to copy...).
    result: Any = None
    #: A status line to show instead of the usual one (after Link, Save file).
    note: str = ""
    #: Bumps whenever the game on screen changes: answers to older requests are stale.
    generation: int = 0
    #: The seat of the person on screen when they are to act (the page then
    #: brings the place to act into view), else None.
    acting: int | None = None
    #: A replay playing by itself: the main thread asks ``ui("tick")`` after this many ms.
    tick: int = 0
    #: The game needs the rules of this kept release: the page asks the same request
    #: of that release's engine, and shows this screen only if it cannot start it.
    release: str | None = None
    #: Counts up with every answer: the main thread shows none older than one shown.
    seq: int = field(default_factory=lambda: next(_ANSWERS))
    #: Where the worker's time went making this answer, in ms (``think``, and
    #: ``regions``, ``store`` and ``url`` of the screen): read by
    #: ``benchmarks/ai_wait.py`` to tell thinking from the page's own work.
    costs: dict[str, float] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return self.__dict__


class Table:
    """The game (or replay) on screen, and the requests that change it."""

    def __init__(self) -> None:
        self.session: Session | None = None
        self.replay: Replay | None = None
        self.save_id: str | None = None
        self.generation = 0
        self.thinking: Thinking | None = None
        #: The replay on screen stands in for a game made with other rules:
        #: why (shown with every screen of it), else "".
        self.other_rules = ""

    # -- screens ------------------------------------------------------------------

    def lobby(self, error: str = "") -> Screen:
        self._leave()
        return Screen("lobby", alert=error, generation=self.generation)

    def _leave(self) -> None:
        self.generation += 1
        self.session, self.replay, self.thinking = None, None, None
        self.other_rules = ""

    def screen(self, alert: str = "", note: str = "", result: Any = None) -> Screen:
        """The current game or replay as the main thread must show it."""
        if self.replay is not None:
            setup = self.replay.setup
            return Screen("replay", alert or self.other_rules, self.replay.regions(),
                          GAMES[setup.game_id].title, setup.game_id, note=note, result=result,
                          generation=self.generation, tick=self.replay.tick())
        session = self.session
        if session is None:
            return self.lobby()
        over = session.state.is_over()
        clock = time.perf_counter()
        regions = session.regions()
        costs = {"regions": _ms_since(clock)}
        clock = time.perf_counter()
        store = None
        if session.state.history and self.save_id is not None:
            store = (saves.key(self.save_id), json.dumps(saves.entry(session, self.save_id)))
        costs["store"] = _ms_since(clock)
        clock = time.perf_counter()
        url = session.setup.url(session.history(), save_id=self.save_id)
        costs["url"] = _ms_since(clock)
        delay = session.bot_delay()
        bot = not over and session.next_bot() is not None and not session.ai_waits()
        return Screen("over" if over else "playing", alert, regions,
                      session.state.game.title, session.setup.game_id,
                      url=url, store=store, bot=bot, delay=delay or 0, result=result,
                      note=note, generation=self.generation, acting=session.acting(),
                      costs=costs)

    # -- requests -------------------------------------------------------------------

    def navigate(self, query: str, fragment: str, fallback_seed: int = 0) -> Screen:
        """Open what a page URL names: the lobby, a game, or a replay."""
        try:
            setup = parse_query(query, fallback_seed)
            if setup is None:
                return self.lobby()
            link = parse_hash(fragment)
            session = self.session
            if (session is not None and not link.replay and session.setup == setup
                    and session.history() == link.moves):
                # Back from the rules (or a reload of the same position): keep the game.
                return self.screen()
            self._leave()
            self.save_id = link.save_id or saves.new_id()
            if link.moves:
                decision = releases.release_for(setup.game_id, link.rules, link.version)
                if decision.kind != "current":
                    return self._other_rules(decision, setup, link.moves)
            if link.replay:
                self.replay = Replay(setup, link.moves, 0)
            else:
                self.session = Session(setup, link.moves, link.version)
            return self.screen()
        except (SetupError, BadLink) as exc:
            return self.lobby(str(exc))

    def hold(self) -> Screen:
        """The game leaves the screen for a while (its rules are shown): any AI
        thinking stops, and the game stays as it is for the way back."""
        self.generation += 1
        self.thinking = None
        return self.screen()

    def import_file(self, text: str) -> Screen:
        """A save file chosen in the lobby: refuse it with the reason, or open it."""
        try:
            setup, moves, decision = saves.read_file(text)
            if decision.kind != "current":
                self._leave()
                return self._other_rules(decision, setup, moves)
            session = Session(setup, moves)
        except (BadSave, BadLink, SetupError) as exc:
            return self.lobby(f"That file cannot be opened: {exc}")
        self._leave()
        self.save_id = saves.new_id()
        self.session = session
        return self.screen()

    def _other_rules(self, decision: releases.Decision, setup: Any,
                     moves: list[list[Any]]) -> Screen:
        """A game made with rules other than today's: the page opens it with the
        kept release that has them; this screen (the replay of the moves today's
        rules still accept, saying so) is what it shows if there is none."""
        shown = releases.moves_that_replay(setup.game_id, len(setup.seats), setup.seed,
                                           setup.option_values(), moves)
        self.replay = Replay(setup, moves[:shown], shown)
        note = "" if shown == len(moves) else (
            f" Today's rules accept {shown} of its {len(moves)} moves.")
        self.other_rules = decision.message + note
        screen = self.screen()
        screen.release = decision.release
        return screen

    def act(self, index: int, generation: int) -> Screen:
        """The human on screen performs their ``index``-th legal action."""
        if self.session is None or generation != self.generation:
            return self.screen()
        try:
            self.session.act(index)
        except IllegalAction as exc:
            return self.screen(alert=str(exc))
        self.thinking = None
        return self.screen()

    def ui(self, key: str, value: str, generation: int) -> Screen:
        """A press that is not a move: one of the page's controls
        (``PAGE_CONTROLS``), a replay's, or else a selection on the game's board."""
        if generation != self.generation:
            return self.screen()
        if self.replay is not None:
            return self._replay_ui(key, value)
        session = self.session
        if session is None:
            return self.lobby()
        try:
            if key in PAGE_CONTROLS:
                return self._control(session, cast(PageControl, key), value)
            session.select(key, value)
        except IllegalAction as exc:
            return self.screen(alert=str(exc))
        return self.screen()

    def _control(self, session: Session, control: PageControl, value: str) -> Screen:
        """One of the page's own controls on a game being played."""
        match control:
            case "handoff":
                session.confirm_handoff()
            case "undo":
                session.undo()
                self.generation += 1  # a bot may be thinking about the position taken back
                self.thinking = None
            case "export":
                text = json.dumps(session.save_record(), indent=1)
                name = f"{session.setup.game_id}-{session.setup.seed}.json"
                return self.screen(note=f"Save file downloaded. {SECRETS_NOTE}",
                                   result={"download": [name, text]})
            case "link":
                # The page says "copied" only once the clipboard has taken it.
                return self.screen(result={"copy": session.url(),
                                           "copied": "Link copied: it reopens this position "
                                                     "anywhere. " + SECRETS_NOTE})
            case "replay":
                setup, moves = session.setup, session.history()
                self._leave()
                self.replay = Replay(setup, moves, 0)  # from the first move
            case "again":
                return self.screen(result={"go": session.setup.with_seed(
                    session.setup.seed + 1).query()})
            case "speed":
                session.speed = value if value in SPEEDS else session.speed
            case "pause":
                session.paused = not session.paused
            case "step" | "hint":
                pass  # the page asks these as requests of their own: think, hint
            case "cancel":  # Escape: the selection under way is dropped
                session.ui = {}
        return self.screen()

    def _replay_ui(self, key: str, value: str) -> Screen:
        replay = self.replay
        assert replay is not None
        if key == "goto" and value.lstrip("-").isdigit():
            replay.go(int(value))
        elif key == "play":
            replay.toggle_play()
        elif key == "tick":
            replay.tick_on()
        elif key == "pace" and value in REPLAY_PACES:
            replay.pace = value
        elif key == "viewer":
            replay.view_as(None if value == "spectator" or not value.isdigit() else int(value))
        elif key == "again":
            return self.screen(result={"go": replay.setup.with_seed(replay.setup.seed + 1)
                                       .query()})
        elif key == "replay" and self.other_rules:  # no game of today's rules to go back to
            return self.screen(result={"go": "./"})
        elif key == "replay":  # leave the replay: back to the game's own page
            return self.screen(result={"go": replay.setup.url(replay.moves,
                                                              save_id=self.save_id)})
        return self.screen()

    async def think(self, generation: int, step: bool = False) -> Screen:
        """Let the AI seat to act think with its whole budget, then move.

        Between slices of about ``YIELD_MS`` the worker reads its inbox: a
        request that changes the game (undo, another game, the lobby) bumps
        the generation and this decision is dropped. Unless ``step`` ("Next AI
        move") asked for it, it is dropped too once the AI must wait (Pause,
        or the "step" speed chosen meanwhile), so no move comes after them.
        """
        session = self.session
        if session is None or generation != self.generation or session.state.is_over():
            return self.screen()
        seat = session.next_bot()
        if seat is None or (session.ai_waits() and not step):
            return self.screen()
        if self.thinking is not None and not step:  # already thinking: that answer will come
            busy = self.screen()
            busy.bot = False
            return busy
        # (A step takes over from a think still running: that one may be about
        # to stop for the "step" speed, and its answer would then bring no move.)
        thinking = self.thinking = session.start_bot(seat)

        def wanted() -> bool:
            # Not when the game on screen has changed, nor once paused or "step"
            # is chosen: then no move until asked.
            return (self.thinking is thinking and generation == self.generation
                    and (step or not session.ai_waits()))

        clock = time.perf_counter()
        done = await in_slices(thinking, BOT_STEP, wanted)
        thought = _ms_since(clock)
        if self.thinking is thinking:
            self.thinking = None
        if done:
            session.bot_acts(seat, thinking)
        screen = self.screen()
        screen.costs["think"] = thought
        return screen

    async def hint(self, generation: int) -> Screen:
        """"What would the AI do?": the hard AI's move for the person to act,
        thought in slices like ``think``; dropped if the position changes meanwhile."""
        session = self.session
        if session is None or generation != self.generation:
            return self.screen()
        seat = session.acting()
        if seat is None:
            return self.screen(note="A hint is for the person whose turn it is.")
        state, moves = session.state, session.state.moves
        thinking = start_hint(state, seat, session.setup.seed * 1_000_003 + moves)

        def same_position() -> bool:
            return (generation == self.generation and session.state is state
                    and state.moves == moves)

        if not await in_slices(thinking, HINT_STEP, same_position):
            return self.screen()
        return self.screen(note=hint_words(state, seat, thinking))


async def in_slices(thinking: Thinking, work: int, wanted: Callable[[], bool]) -> bool:
    """Let ``thinking`` run to its end in slices of about ``YIELD_MS``, ``work``
    units at a time, yielding to the worker's event loop between slices so that
    other requests are answered; False once ``wanted()`` says it is no longer."""
    while not thinking.done:
        slice_end = time.perf_counter() + YIELD_MS / 1000
        while not thinking.done and time.perf_counter() < slice_end:
            thinking.step(work)
        await asyncio.sleep(0)
        if not wanted():
            return False
    return True


def _ms_since(clock: float) -> float:
    return round((time.perf_counter() - clock) * 1000, 1)


def runtime() -> Screen:
    """What the worker runs on, as the result of a screen the page never asks
    for (``tests/browser/test_pyscript.py`` does): whether PyScript started
    it; every installed distribution with its version, the installer its
    ``dist-info`` names (``micropip``, or ``pyodide.loadPackage`` for what
    Pyodide loaded itself) and where it came from; and what ``micropip.list()``
    says, if micropip is loaded (PyScript loads it on a first visit to install
    the config's packages; later visits replay micropip's lock without it)."""
    installed = {}
    for dist in metadata.distributions():
        installed[dist.metadata["Name"]] = {
            "version": dist.version,
            "installer": (dist.read_text("INSTALLER") or "").strip(),
            "source": (dist.read_text("PYODIDE_SOURCE") or "").strip(),
        }
    micropip = sys.modules.get("micropip")
    listed = ({name: package.version for name, package in micropip.list().items()}
              if micropip is not None else None)
    polyscript = sys.modules.get("polyscript")  # PyScript's module for its workers
    return Screen("runtime", result={
        "pyscript_worker": polyscript is not None and hasattr(polyscript, "xworker"),
        "installed": installed,
        "micropip_list": listed,
    })


def new_game(game_id: str, seats: list[str], seed: str, options: list[list[str]]) -> Screen:
    """The page URL of a new game as the lobby's form fills it in (no seed
    typed: a random one), for the page to open: ``result["go"]``."""
    query = new_game_query(game_id, seats, seed, options, random.randrange(1_000_000_000))
    return Screen("lobby", result={"go": query}, generation=TABLE.generation)


TABLE = Table()

#: The requests the main thread may make, by name (and ``think`` and ``hint``).
REQUESTS: dict[str, Callable[..., Screen]] = {
    "navigate": TABLE.navigate, "import_file": TABLE.import_file, "act": TABLE.act,
    "ui": TABLE.ui, "lobby": TABLE.lobby, "hold": TABLE.hold, "runtime": runtime,
    "new_game": new_game,
}


async def call(name: str, args_json: str) -> str:
    """Run one request from the main thread; the answer is JSON text.

    Anything unexpected becomes an alert on the lobby instead of a dead page.
    """
    args = json.loads(args_json)
    try:
        if name == "think":
            screen = await TABLE.think(*args)
        elif name == "hint":
            screen = await TABLE.hint(*args)
        else:
            screen = REQUESTS[name](*args)
    except Exception as exc:  # noqa: BLE001 - never leave a blank page behind
        print(f"request {name} failed: {exc!r}")
        screen = TABLE.lobby(f"Something went wrong ({type(exc).__name__}: {exc}).")
    return json.dumps(screen.to_json())
