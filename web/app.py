"""The browser glue: mounts a ``Session`` (or a ``Replay``), turns clicks into
actions, runs bots in short slices between frames so the page stays
responsive, and keeps every game saved in ``localStorage`` and in its URL.

Runs only under PyScript/Pyodide (it imports ``js`` and ``pyodide``); all the
logic it calls lives in ``web.session``, ``web.replay``, ``web.saves`` and
the views.
"""

from __future__ import annotations

import json
import time
from typing import Any

import js
import pyodide.ffi
from pyodide.ffi import create_once_callable, create_proxy

from pygame_engine import GAMES, BadSave, IllegalAction

from . import saves
from .links import BadLink, hash_for, parse_hash
from .replay import Replay
from .session import BOT_STEP, SPEEDS, Session, Setup, SetupError, parse_query
from .views.page import SECRETS_NOTE

#: Milliseconds of bot thinking per slice before yielding to the browser.
SLICE_MS = 25

document = js.document


def _el(element_id: str) -> Any:
    return document.getElementById(element_id)


#: JavaScript's null as Python sees it: this Pyodide gives ``jsnull``, not None.
_JSNULL = getattr(pyodide.ffi, "jsnull", None)


def _found(element: Any) -> bool:
    """Whether a DOM lookup (``querySelector``, ``closest``...) found something."""
    return element is not None and element is not _JSNULL


class App:
    def __init__(self) -> None:
        self.session: Session | None = None
        self.replay: Replay | None = None
        self.save_id: str | None = None
        self.thinking: Any = None
        self.thinking_since = 0.0
        self.generation = 0  # bumps whenever the screen changes game, so stale timers stop
        self._proxies = [create_proxy(self.on_click), create_proxy(self.on_key),
                         create_proxy(self.on_navigate), create_proxy(self.on_import)]
        game = _el("game")
        game.addEventListener("click", self._proxies[0])
        game.addEventListener("keydown", self._proxies[1])
        js.window.addEventListener("woodland:navigate", self._proxies[2])
        js.window.addEventListener("popstate", self._proxies[2])
        js.window.addEventListener("woodland:import", self._proxies[3])

    # -- navigation ---------------------------------------------------------------

    def on_navigate(self, _event: Any = None) -> None:
        self.generation += 1
        self.session, self.replay, self.thinking = None, None, None
        try:
            setup = parse_query(str(js.location.search), int(time.time() * 1000) % 1_000_000)
            if setup is None:
                self.show_lobby("")
                return
            link = parse_hash(str(js.location.hash))
            self.save_id = link.save_id or saves.new_id()
            if link.replay:
                self.open_replay(setup, link.moves, at_end=False)
            else:
                self.open_game(Session(setup, link.moves, link.version))
        except (SetupError, BadLink) as exc:
            self.show_lobby(str(exc))
        except Exception as exc:  # noqa: BLE001 - never leave a blank page behind
            js.console.error(f"could not open the game: {exc!r}")
            self.show_lobby(f"This link could not be opened ({type(exc).__name__}: {exc}).")

    def show_lobby(self, error: str) -> None:
        _el("game").hidden = True
        _el("lobby").hidden = False
        self.alert(error)
        document.title = "Woodland Games"
        document.body.dataset.status = "lobby"
        js.window.woodlandListSaves()

    def show_game_screen(self, setup: Setup) -> None:
        game = GAMES[setup.game_id]
        _el("lobby").hidden = True
        _el("game").hidden = False
        _el("game-title").textContent = game.title
        _el("rules-link").href = f"./rules/{game.id}.html"
        document.title = f"{game.title} · Woodland Games"
        self.alert("")

    def open_game(self, session: Session) -> None:
        self.session = session
        self.show_game_screen(session.setup)
        document.body.dataset.status = "playing"
        self.after_move()

    def open_replay(self, setup: Setup, moves: list[list[Any]], at_end: bool) -> None:
        self.replay = Replay(setup, moves, len(moves) if at_end else 0)
        self.session = None
        self.show_game_screen(setup)
        document.body.dataset.status = "replay"
        self.render()

    def on_import(self, event: Any) -> None:
        """A save file chosen in the lobby: refuse it with the reason, or open it."""
        try:
            setup, moves = saves.from_file(str(event.detail))
            session = Session(setup, moves)
        except (BadSave, BadLink, SetupError) as exc:
            self.show_lobby(f"That file cannot be opened: {exc}")
            return
        except Exception as exc:  # noqa: BLE001 - a refused file must not break the lobby
            js.console.error(f"could not open the file: {exc!r}")
            self.show_lobby(f"That file cannot be opened ({type(exc).__name__}: {exc}).")
            return
        self.generation += 1
        self.save_id = saves.new_id()
        js.history.pushState(None, "", session.setup.query())
        self.open_game(session)

    # -- the loop -------------------------------------------------------------------

    def after_move(self) -> None:
        """Save, update the URL, redraw, then let the next bot think (or wait)."""
        session = self.session
        if session is None:
            return
        self.store()
        self.render()
        if session.state.is_over():
            document.body.dataset.status = "over"
            return
        document.body.dataset.status = "playing"
        self.schedule_bot()

    def schedule_bot(self, step: bool = False) -> None:
        session = self.session
        if session is None or self.thinking is not None or session.state.is_over():
            return
        seat = session.next_bot()
        if seat is None or session.paused or (SPEEDS[session.speed] is None and not step):
            return
        self.thinking_since = time.perf_counter()
        self.thinking = session.start_bot(seat)
        self._later(self._think, 0, seat)

    def _later(self, fn: Any, ms: int, *args: Any) -> None:
        generation = self.generation

        def run() -> None:
            if generation == self.generation:
                fn(*args)
        js.setTimeout(create_once_callable(run), ms)

    def _think(self, seat: int) -> None:
        session, thinking = self.session, self.thinking
        if session is None or thinking is None:
            return
        started = time.perf_counter()
        deadline = started + SLICE_MS / 1000
        while not thinking.done and time.perf_counter() < deadline:
            thinking.step(BOT_STEP)
        js.window.botSliceMs.push((time.perf_counter() - started) * 1000)
        if not thinking.done:
            self._later(self._think, 0, seat)
            return
        elapsed = (time.perf_counter() - self.thinking_since) * 1000
        js.window.botMoveMs.push(elapsed)  # read by benchmarks/page_interaction.py
        self.thinking = None
        session.bot_acts(seat, thinking)
        self.store()
        self.render()
        if session.state.is_over():
            document.body.dataset.status = "over"
            return
        # The pause spaces out consecutive AI moves so they can be followed.
        self._later(self.schedule_bot, SPEEDS[session.speed] or 0)

    # -- input ------------------------------------------------------------------------

    def on_key(self, event: Any) -> None:
        pressable = _found(event.target.closest("[data-action],[data-ui]"))
        if event.key in ("Enter", " ") and pressable and \
                str(event.target.tagName).lower() not in ("button", "a"):
            event.preventDefault()
            self.on_click(event)

    def on_click(self, event: Any) -> None:
        target = event.target.closest("[data-action],[data-ui]")
        if not _found(target) or target.hasAttribute("disabled"):
            return
        started = time.perf_counter()
        try:
            if target.hasAttribute("data-ui"):
                key, _, value = str(target.dataset.ui).partition("=")
                self.on_ui(key, value)
            elif self.session is not None:
                self.session.act(int(target.dataset.action))
                self.alert("")
                self.after_move()
        except IllegalAction as exc:
            self.alert(str(exc))
            self.render()
        js.window.lastRenderMs = (time.perf_counter() - started) * 1000

    def on_ui(self, key: str, value: str) -> None:
        if self.replay is not None:
            self.on_replay_ui(key, value)
            return
        session = self.session
        if session is None:
            return
        if key == "handoff":
            session.confirm_handoff()
        elif key == "again":
            self.play_again(session.setup)
            return
        elif key == "undo":
            session.undo()
            self.alert("")
            # A bot may have been thinking about the position just taken back.
            self.generation += 1
            self.thinking = None
            self.after_move()
            return
        elif key == "export":
            js.window.woodlandDownload(f"{session.setup.game_id}-{session.setup.seed}.json",
                                       json.dumps(session.save_record(), indent=1))
            self.render()
            _el("status").textContent = f"Save file downloaded. {SECRETS_NOTE}"
            return
        elif key == "link":
            url = str(js.location.href).split("?")[0] + session.url()
            js.window.woodlandCopy(url)
            self.alert("")
            _el("status").textContent = ("Link copied: it reopens this position anywhere. "
                                         + SECRETS_NOTE)
            return
        elif key == "replay":
            self.generation += 1
            self.thinking = None
            self.open_replay(session.setup, session.history(), at_end=True)
            return
        elif key == "speed":
            session.speed = value
            self.schedule_bot()
        elif key == "pause":
            session.paused = not session.paused
            self.schedule_bot()
        elif key == "step":
            self.schedule_bot(step=True)
        elif session.ui.get(key) == value and key != "rot":
            session.ui.pop(key)
        else:
            session.ui[key] = value
        self.render()

    def play_again(self, setup: Setup) -> None:
        """A new game with the same seats (the next seed)."""
        js.history.pushState(None, "", setup.with_seed(setup.seed + 1).query())
        self.on_navigate()

    def on_replay_ui(self, key: str, value: str) -> None:
        replay = self.replay
        assert replay is not None
        if key == "goto":
            replay.go(int(value))
        elif key == "viewer":
            replay.view_as(None if value == "spectator" else int(value))
        elif key == "again":  # the end screen's "play again", shown at the replay's end
            self.play_again(replay.setup)
            return
        elif key == "replay":  # leave the replay: back to the game's own page
            js.history.pushState(None, "", replay.setup.query() + hash_for(
                replay.moves, save_id=self.save_id))
            self.on_navigate()
            return
        self.render()

    # -- output ---------------------------------------------------------------------------

    def render(self) -> None:
        screen = self.replay if self.replay is not None else self.session
        if screen is None:
            return
        focused = document.activeElement
        had_focus = _found(focused) and _found(focused.closest("#game"))
        tool = focused.getAttribute("data-ui") if had_focus else None
        for name, html in screen.regions().items():
            _el(name).innerHTML = html
        log = _el("log")
        log.scrollTop = log.scrollHeight
        # Replacing the markup drops keyboard focus to <body>: put it back on the
        # same control, else on the next thing to press, so keyboard players keep
        # their place.
        target = document.querySelector("#overlay .handoff button")
        if not _found(target) and had_focus:
            same = document.querySelector(f'#game [data-ui="{tool}"]') if _found(tool) else None
            target = same if _found(same) else document.querySelector(
                "#overlay [data-ui], #actions [data-action], #board [data-action]")
        if _found(target):
            target.focus(js.Object.fromEntries([["preventScroll", True]]))

    def store(self) -> None:
        """Keep the URL and this browser's saved copy in step with the game."""
        session = self.session
        if session is None or self.save_id is None:
            return
        js.history.replaceState(None, "", session.setup.query() + hash_for(
            session.history(), save_id=self.save_id))
        if session.state.history:
            entry = saves.entry(session, self.save_id)
            js.window.woodlandStore(saves.key(self.save_id), json.dumps(entry))

    def alert(self, message: str) -> None:
        box = _el("alert")
        box.textContent = message
        box.hidden = not message


def main() -> None:
    js.window.botMoveMs = js.Array.new()
    js.window.botSliceMs = js.Array.new()  # each thinking slice: the main thread's longest waits
    app = App()
    document.body.dataset.engine = "ready"
    js.performance.mark("engine-ready")
    app.on_navigate()
