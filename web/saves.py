"""Saved games in this browser, and save files.

Every game in progress is kept in ``localStorage`` under its own key
(``woodland-games:save:<id>``), so a damaged entry never affects another.
An entry is the lobby's summary (title, seats, moves, when) plus the URL that
reopens it and the engine's save record, which is also what "Save file"
downloads. A file is checked by replaying it before anything is stored.
"""

from __future__ import annotations

import time
from typing import Any

from pygame_engine import GAMES, BadSave
from pygame_engine.core.limits import parse_json
from pygame_engine.core.savefile import from_record

from .session import SEAT_KINDS, Session, Setup

PREFIX = "woodland-games:save:"


def new_id() -> str:
    return f"g{int(time.time() * 1000):x}"


def key(save_id: str) -> str:
    return PREFIX + save_id


def entry(session: Session, save_id: str) -> dict[str, Any]:
    """What ``localStorage`` keeps about a game."""
    return {**session.summary(), "id": save_id, "updated": int(time.time() * 1000),
            "save": session.save_record()}


def from_file(text: str) -> tuple[Setup, list[list[Any]]]:
    """The game in a save file; ``BadSave`` says what is wrong and where."""
    try:
        record = parse_json(text, "file")
    except ValueError as exc:
        raise BadSave(f"it is not a save file: {exc}") from None
    state = from_record(record, GAMES)  # replays every action, or raises BadSave
    seats = record.get("seats")
    if not (isinstance(seats, list) and len(seats) == state.num_players
            and all(s in SEAT_KINDS for s in seats)):
        seats = ["human"] * state.num_players
    options = tuple((o.name, state.options[o.name]) for o in state.game.options)
    return Setup(state.game.id, tuple(seats), state.seed, options), record["actions"]
