"""The browser glue: mounts a ``Session``'s markup, turns clicks into actions,
and runs bots in short slices between frames so the page stays responsive.

Runs only under PyScript/Pyodide (it imports ``js`` and ``pyodide``); all the
logic it calls lives in ``web.session`` and the views.
"""

from __future__ import annotations

import json
import time
from typing import Any

import js
from pyodide.ffi import create_once_callable, create_proxy

from pygame_engine import GAMES, IllegalAction
from pygame_engine.ai import Thinking

from .session import Session, Setup, SetupError, parse_query

#: Milliseconds of bot thinking per slice before yielding to the browser.
SLICE_MS = 25
#: Pause after an AI move when a human is watching, so the move can be seen.
AI_PAUSE_MS = 350

document = js.document


def _el(element_id: str) -> Any:
    return document.getElementById(element_id)


class App:
    def __init__(self) -> None:
        self.session: Session | None = None
        self.thinking: Thinking | None = None
        self.thinking_since = 0.0
        self.generation = 0  # bumps when a game is left, so stale timers stop
        self._proxies = [create_proxy(self.on_click), create_proxy(self.on_key),
                         create_proxy(self.on_navigate)]
        game = _el("game")
        game.addEventListener("click", self._proxies[0])
        game.addEventListener("keydown", self._proxies[1])
        js.window.addEventListener("woodland:navigate", self._proxies[2])
        js.window.addEventListener("popstate", self._proxies[2])

    # -- navigation -------------------------------------------------------------

    def on_navigate(self, _event: Any = None) -> None:
        self.generation += 1
        self.session, self.thinking = None, None
        try:
            setup = parse_query(str(js.location.search), int(time.time() * 1000) % 1_000_000)
        except SetupError as exc:
            self.show_lobby(str(exc))
            return
        if setup is None:
            self.show_lobby("")
            return
        if str(js.location.search) != setup.query():
            js.history.replaceState(None, "", setup.query())
        self.start(setup)

    def show_lobby(self, error: str) -> None:
        _el("game").hidden = True
        _el("lobby").hidden = False
        self.alert(error)
        document.title = "Woodland Games"
        document.body.dataset.status = "lobby"

    def start(self, setup: Setup) -> None:
        self.session = Session(setup)
        game = GAMES[setup.game_id]
        _el("lobby").hidden = True
        _el("game").hidden = False
        _el("game-title").textContent = game.title
        _el("rules-link").href = f"./rules/{game.id}.html"
        document.title = f"{game.title} · Woodland Games"
        self.alert("")
        document.body.dataset.status = "playing"
        self.render()
        self.advance()

    # -- the loop -----------------------------------------------------------------

    def advance(self) -> None:
        """Start the next bot's turn, or wait for a human; mark the end."""
        session = self.session
        if session is None:
            return
        if session.state.is_over():
            document.body.dataset.status = "over"
            return
        seat = session.next_bot()
        if seat is not None and self.thinking is None:
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
        deadline = time.perf_counter() + SLICE_MS / 1000
        while not thinking.done and time.perf_counter() < deadline:
            thinking.step(4)
        if not thinking.done:
            self._later(self._think, 0, seat)
            return
        self.thinking = None
        # Timings for benchmarks/page_interaction.py.
        js.window.botMoveMs.push((time.perf_counter() - self.thinking_since) * 1000)
        session.bot_acts(seat, thinking)
        self.render()
        pause = AI_PAUSE_MS if session.humans() else 0
        self._later(self.advance, pause)

    # -- input ------------------------------------------------------------------------

    def on_key(self, event: Any) -> None:
        if event.key in ("Enter", " ") and event.target.closest("[data-action],[data-ui]") and \
                str(event.target.tagName).lower() not in ("button", "a"):
            event.preventDefault()
            self.on_click(event)

    def on_click(self, event: Any) -> None:
        target = event.target.closest("[data-action],[data-ui]")
        session = self.session
        if target is None or session is None:
            return
        started = time.perf_counter()
        try:
            if target.hasAttribute("data-ui"):
                key, _, value = str(target.dataset.ui).partition("=")
                self.on_ui(key, value)
            else:
                session.act(int(target.dataset.action))
                self.alert("")
        except IllegalAction as exc:
            self.alert(str(exc))
        self.render()
        js.window.lastRenderMs = (time.perf_counter() - started) * 1000
        self.advance()

    def on_ui(self, key: str, value: str) -> None:
        session = self.session
        assert session is not None
        if key == "handoff":
            session.confirm_handoff()
        elif key == "again":
            setup = session.setup
            js.history.pushState(None, "", Setup(setup.game_id, setup.seats,
                                                 setup.seed + 1).query())
            self.on_navigate()
        elif session.ui.get(key) == value and key != "rot":
            session.ui.pop(key)
        else:
            session.ui[key] = value

    # -- output ---------------------------------------------------------------------------

    def render(self) -> None:
        if self.session is None:
            return
        regions = self.session.regions()
        for name, html in regions.items():
            _el(name).innerHTML = html
        if self.session.state.is_over():
            scores = json.dumps(self.session.state.scores())
            _el("final-scores").dataset.scores = scores

    def alert(self, message: str) -> None:
        box = _el("alert")
        box.textContent = message
        box.hidden = not message


def main() -> None:
    js.window.botMoveMs = js.Array.new()
    app = App()
    js.window.woodlandApp = create_proxy(app.on_navigate)
    document.body.dataset.engine = "ready"
    js.performance.mark("engine-ready")
    app.on_navigate()
