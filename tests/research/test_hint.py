"""The hint button ("What would the AI do?", ``web/hint.py``): the hard bot's
choice for the person to act, from their seat's ``determinize`` only."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

import pytest

import web.hint
from pygame_engine.ai import make_bot
from web.worker import Table

T = TypeVar("T")


def run(coroutine: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run`` in a thread of its own (as in ``tests/test_worker.py``)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def opened(query: str) -> Table:
    table = Table()
    table.navigate(query, "")
    return table


def test_hint_names_a_legal_move_and_an_estimate(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(web.hint, "HINT_MS", 1000.0)  # an estimate even on a loaded machine
    table = opened("?game=ley-lines&seats=human,ai:easy,ai:easy&seed=4")
    session = table.session
    assert session is not None and session.acting() == 0
    before = session.state.moves
    note = run(table.hint(table.generation)).note
    labels = [session.state.action_label(0, a) for a in session.state.legal_actions(0)]
    assert note.startswith("The hard AI would play: ")
    assert any(f": {label}." in note for label in labels)
    assert "Its search gives your seat" in note and "%" in note
    assert session.state.moves == before  # a hint moves nothing


def test_no_hint_when_no_person_is_to_act() -> None:
    table = opened("?game=ley-of-the-land&seats=ai:easy,ai:easy&seed=1")
    assert run(table.hint(table.generation)).note == \
        "A hint is for the person whose turn it is."


def test_hint_thinks_on_the_seats_determinization(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bot is handed the copy ``determinize`` made for the person's seat,
    never the true state."""
    table = opened("?game=ley-lines&seats=ai:easy,human,ai:easy&seed=2")
    session = table.session
    assert session is not None
    while session.acting() != 1:  # the AI at seat 0 moves first
        seat = session.next_bot()
        assert seat is not None
        thinking = session.start_bot(seat)
        while not thinking.done:
            thinking.step(64)
        session.bot_acts(seat, thinking)
    assert session.acting() == 1
    state_type = type(session.state)
    made: list[tuple[int, Any]] = []
    honest = state_type.determinize

    def recording(self: Any, player: int, rng: Any) -> Any:
        copy = honest(self, player, rng)
        made.append((player, copy))
        return copy

    given: list[Any] = []

    class Spy:
        def __init__(self, bot: Any) -> None:
            self.bot = bot

        def start(self, state: Any, seat: int, rng: Any) -> Any:
            given.append(state)
            return self.bot.start(state, seat, rng)

    monkeypatch.setattr(state_type, "determinize", recording)
    monkeypatch.setattr(web.hint, "make_bot", lambda level, ms: Spy(make_bot(level, 100.0)))
    run(table.hint(table.generation))
    assert made and made[0][0] == 1
    assert given and given[0] is made[0][1] and given[0] is not session.state
