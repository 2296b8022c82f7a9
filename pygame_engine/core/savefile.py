"""Save files, replays and undo.

A save is the game's recipe, not its position: game id, seat count,
options, seed and the list of actions. Loading replays every action through
the rules, so a tampered file cannot smuggle in an illegal position, and a
file from another engine version either replays or is refused with the
reason. Each save names its game's rules version (``Game.rules_version``);
one made with other rules is refused here (the page opens it with the kept
release that has them, see ``web/releases.py``). Saves from before rules
versions (engine 0.2.0 and older) name only the engine version and are
replayed. Undo is a replay to an earlier point: a seat's last action, with
the AIs' replies after it; it never crosses an action that revealed hidden
information or drew on chance (BGA's policy).
"""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping
from typing import Any

from .errors import BadSave, IllegalAction
from .game import Game, State
from .limits import check_seed, parse_json, quote

FORMAT = "woodland-games-save"
FORMAT_VERSION = 1
ENGINE_VERSION = "0.19.0"


def to_record(state: State) -> dict[str, Any]:
    """The save as a JSON-able dict."""
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "engine_version": ENGINE_VERSION,
        "game": state.game.id,
        "rules_version": state.game.rules_version,
        "num_players": state.num_players,
        "options": state.options,
        "seed": state.seed,
        "actions": [[player, action.to_json()] for player, action in state.history],
    }


def save(state: State) -> str:
    """The save file text of ``state``."""
    return json.dumps(to_record(state), separators=(",", ":"))


def load(text: str, games: Mapping[str, Game]) -> State:
    """Replay a save file; ``BadSave`` names what is wrong and where.

    A file too large or too deeply nested to be a save is refused unread:

    >>> from pygame_engine import GAMES
    >>> try:
    ...     load("[" * 10_000, GAMES)
    ... except BadSave as exc:
    ...     print(exc)
    This is not a save file: the save file is nested 10000 levels deep; at most 8 are allowed.
    """
    if not isinstance(text, str):
        raise BadSave("This is not a save file (not text).")
    try:
        record = parse_json(text, "save file")
    except ValueError as exc:
        raise BadSave(f"This is not a save file: {exc}") from None
    return from_record(record, games)


def from_record(record: Any, games: Mapping[str, Game]) -> State:
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise BadSave("This is not a Woodland Games save file (its 'format' field is missing "
                      "or wrong).")
    version = record.get("format_version")
    if version != FORMAT_VERSION:
        raise BadSave(f"This save uses file format {quote(version)}; this engine reads format "
                      f"{FORMAT_VERSION} only.")
    game_id = record.get("game")
    game = games.get(game_id) if isinstance(game_id, str) else None
    if game is None:
        raise BadSave(f"Unknown game {quote(game_id)} in the save.")
    for key, kind in (("num_players", int), ("seed", int), ("options", dict),
                      ("actions", list)):
        if not isinstance(record.get(key), kind) or isinstance(record.get(key), bool):
            raise BadSave(f"The save's {key!r} field is missing or not a {kind.__name__}.")
    try:
        check_seed(record["seed"])
        state = game.new_game(record["num_players"], record["seed"], record["options"])
    except ValueError as exc:
        raise BadSave(f"The save's setup is invalid: {exc}") from None
    rules = record.get("rules_version", game.rules_version)
    if type(rules) is not int or rules != game.rules_version:
        raise BadSave(f"The save was made with {game.title} rules version {quote(rules)}; "
                      f"this engine has version {game.rules_version}.")
    most = game.max_actions(state.num_players, state.options)
    if len(record["actions"]) > most:
        raise BadSave(f"The save lists {len(record['actions']):,} actions; no game of "
                      f"{game.title} with {state.num_players} players can last more than "
                      f"{most:,}.")
    made_by = record.get("engine_version")
    for index, entry in enumerate(record["actions"], start=1):
        where = f"action {index} of {len(record['actions'])}"
        if (not isinstance(entry, list) or len(entry) != 2 or not isinstance(entry[0], int)
                or isinstance(entry[0], bool)):
            raise BadSave(f"The save is damaged at {where}: expected [seat, action].")
        try:
            action = game.action_from_json(entry[1])
            state.apply(entry[0], action)
        except IllegalAction as exc:
            note = "" if made_by == ENGINE_VERSION else (
                f" (the save was made by engine {quote(made_by)}, this is {ENGINE_VERSION})")
            raise BadSave(f"The save does not replay at {where}: {exc}{note}") from None
        except ValueError as exc:
            raise BadSave(f"The save is damaged at {where}: {exc}") from None
    return state


def replay(state: State, upto: int) -> State:
    """A fresh state with the first ``upto`` actions of ``state``'s history replayed."""
    if not 0 <= upto <= len(state.history):
        raise ValueError(f"cannot replay to action {upto} of {len(state.history)}")
    fresh = state.game.new_game(state.num_players, state.seed, state.options)
    for player, action in state.history[:upto]:
        fresh.apply_unchecked(player, action)
    return fresh


def _last_move(state: State, player: int) -> int | None:
    """The index in ``state.history`` of ``player``'s last action, or None."""
    return next((i for i in range(len(state.history) - 1, -1, -1)
                 if state.history[i][0] == player), None)


def undo_refusal(state: State, player: int, viewer: int | None = None,
                 also: Collection[int] = ()) -> str | None:
    """Why ``player`` may not take back their last action now, or None if they may.

    ``also`` are the seats whose actions after it are taken back with it (the
    AIs: they cannot object); any other seat acting since forbids it (hot-seat).
    Nothing taken back may have revealed hidden information or drawn on chance.
    The reason is written for ``viewer`` (the seat on screen): it names an
    action as that seat may know it, so a secret move stays secret.
    """
    if not state.history:
        return "Nothing to undo yet."
    last = _last_move(state, player)
    since = state.history[(last + 1 if last is not None else 0):]
    if any(p != player and p not in also for p, _ in since):
        return "Another seat has acted since your last move."
    if last is None:
        return "You have not moved yet."
    for i in range(last, len(state.history)):
        if state.barriers[i]:
            mover, action = state.history[i]
            label = state.action_label(mover, action) if viewer == mover \
                or not action.secret else action.public_label
            if i == last:
                return f"'{label}' revealed hidden information or a random outcome."
            return (f"Since your move, {state.game.seat_name(mover)}'s '{label}' revealed "
                    f"hidden information or a random outcome.")
    return None


def undo(state: State, player: int, also: Collection[int] = ()) -> State:
    """The state before ``player``'s last action, taking back the actions of the
    ``also`` seats after it; ``IllegalAction`` if undo is not allowed."""
    reason = undo_refusal(state, player, viewer=player, also=also)
    if reason is not None:
        raise IllegalAction(f"Cannot undo: {reason}")
    last = _last_move(state, player)
    assert last is not None
    return replay(state, last)
