"""Saved games in this browser, and save files.

Every game in progress is kept in ``localStorage`` under its own key
(``woodland-games:save:<id>``), so a damaged entry never affects another.
An entry is the lobby's summary (title, seats, moves, when) plus the URL that
reopens it and the engine's save record, which is also what "Save file"
downloads. A file is checked by replaying it before anything is stored;
one made with other rules than today's is not replayed here but opened with
the kept release that has them (``read_file``, ``web.releases``).

The page writes these entries; when storage refuses (full, disabled), the
game goes on in memory and the player is told once (``web/static/boot.js``).
"""

from __future__ import annotations

import time
from typing import Any

from pygame_engine import GAMES, BadSave
from pygame_engine.core.limits import check_seed, parse_json
from pygame_engine.core.savefile import from_record

from . import releases
from .session import Session
from .urls import SEAT_KINDS, Setup

PREFIX = "woodland-games:save:"


def new_id() -> str:
    return f"g{int(time.time() * 1000):x}"


def key(save_id: str) -> str:
    return PREFIX + save_id


def entry(session: Session, save_id: str) -> dict[str, Any]:
    """What ``localStorage`` keeps about a game: the lobby's summary, the
    links that resume and replay it (``open``, ``replay``), and its save record."""
    moves = session.history()
    return {**session.summary(), "id": save_id, "updated": int(time.time() * 1000),
            "open": session.setup.url(moves, save_id=save_id),
            "replay": session.setup.url(moves, save_id=save_id, replay=True),
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


def read_file(text: str) -> tuple[Setup, list[list[Any]], releases.Decision]:
    """The game in a save file and where it opens (``web.releases``).

    A file made with today's rules is checked by replaying it (``from_file``);
    one made with other rules is only checked for shape here, since its
    moves are those rules' to judge. ``BadSave`` says what is wrong and where.
    """
    try:
        record = parse_json(text, "file")
    except ValueError as exc:
        raise BadSave(f"it is not a save file: {exc}") from None
    game_id = record.get("game") if isinstance(record, dict) else None
    if not isinstance(game_id, str) or game_id not in GAMES:
        from_record(record, GAMES)  # raises BadSave saying what is wrong
        raise BadSave("This is not a Woodland Games save file.")  # (not reached)
    decision = releases.release_for(game_id, record.get("rules_version"),
                                    record.get("engine_version"))
    if decision.kind == "current":
        return (*from_file(text), decision)
    game = GAMES[game_id]
    for name, kind in (("num_players", int), ("seed", int), ("options", dict),
                       ("actions", list)):
        if not isinstance(record.get(name), kind) or isinstance(record.get(name), bool):
            raise BadSave(f"The save's {name!r} field is missing or not a {kind.__name__}.")
    if not game.min_players <= record["num_players"] <= game.max_players:
        raise BadSave(f"{game.title} is not for {record['num_players']} players.")
    try:
        check_seed(record["seed"])
    except ValueError as exc:
        raise BadSave(f"The save's setup is invalid: {exc}") from None
    moves = record["actions"]
    if not all(isinstance(m, list) and len(m) == 2 for m in moves):
        raise BadSave("The save's actions are not a list of [seat, action] pairs.")
    seats = record.get("seats")
    if not (isinstance(seats, list) and len(seats) == record["num_players"]
            and all(s in SEAT_KINDS for s in seats)):
        seats = ["human"] * record["num_players"]
    # Options that today's game no longer has are that release's to read; the
    # replay shown here keeps only those it still knows.
    known = {o.name: o for o in game.options}
    options = tuple((name, value) for name, value in record["options"].items()
                    if name in known
                    and any(type(value) is type(c) and value == c for c in known[name].choices))
    return Setup(game_id, tuple(seats), record["seed"], options), moves, decision
