"""The markup of the game screen's regions, for a game being played
(``game_regions``) and for a replay (``replay_regions``), from the same
parts: the board the game's view module draws, the log and the end screen.

Regions are named after the page's elements (``index.html``): ``status`` and
``actions`` (the bar), ``board``, ``log``, ``recent``, ``overlay``, ``tools``
and ``undo``. Every screen fills each of them, so that the table never moves
when one of them empties.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .views import Choice, game_view_module
from .views import page as page_views
from .views.markup import esc

if TYPE_CHECKING:
    from .replay import Replay
    from .session import Session
    from .urls import Setup


def log_entries(state: Any, viewer: int | None) -> list[tuple[str, int | None]]:
    """The log as (sentence, seat it is about) pairs, as ``viewer`` may read it."""
    out = []
    for event in state.log_for(viewer):
        seat = event.data.get("seat")
        out.append((event.text, seat if isinstance(seat, int) else None))
    return out


def ending_words(view_module: Any, view: dict[str, Any], hook: str = "ending") -> str:
    """How the game was won, in the game's own words (its view module's
    ``ending(view)``), or "" for the end screen's words from the points; with
    ``hook="end_title"``, the game's own headline for the end screen."""
    ending = getattr(view_module, hook, None)
    return str(ending(view)) if ending else ""


def _table(state: Any, setup: Setup, view: dict[str, Any],
           entries: list[tuple[str, int | None]]) -> dict[str, str]:
    """The regions every screen of a game draws alike from a viewer's view:
    the log, and the end screen once the game is over."""
    overlay = ""
    if state.is_over():
        module = game_view_module(state.game.id)
        overlay = page_views.end_screen(view, setup.option_words(), ending_words(module, view),
                                        ending_words(module, view, "end_title"))
    return {"log": page_views.log_panel(entries, view["names"]), "overlay": overlay}


def game_regions(session: Session) -> dict[str, str]:
    """The markup of each region of a game being played.

    The bar (``status`` and ``actions``) and the undo row below it are
    always filled, so that the table does not move when an AI thinks, a
    hand-off comes or a move is made.
    """
    state = session.state
    tools = page_views.toolbar(session.has_bots(), session.speed, session.paused,
                               state.is_over())
    undo = page_views.undo_row(*session.undo_words())
    if session.handoff_to is not None:
        name = state.game.seat_name(session.handoff_to)
        # The table is hidden behind the hand-off screen, the log with it.
        return {"status": esc(f"{name}'s turn: pass the device."), "board": "",
                "actions": "", "log": "", "overlay": page_views.handoff(name, session.handoff_to),
                "tools": tools, "undo": undo, "recent": ""}
    module = session.view_module
    view = state.view(session.shown)
    acting = session.acting()
    legal = session.choices(acting)
    entries = log_entries(state, session.shown)
    last = page_views.last_move(entries, view["names"])
    board = module.render_board(view, legal, session.ui)
    # The board offers a choice (a grove, a card, a die to pick first) even
    # where the bar does too.
    on_board = "data-action=" in board or "data-ui=" in board
    short_labels = getattr(module, "short_labels", None)
    actions = page_views.action_bar(
        legal, module.BOARD_KINDS, short_labels(legal) if short_labels else None,
        session.ui.get("choices"), last, on_board)
    if session.has_bots() and session.speed == "step" and session.next_bot() is not None:
        actions = page_views.step_button()
    table = _table(state, session.setup, view, entries)
    return {"status": _status(session, view, acting, legal, on_board), "board": board,
            "actions": actions, "log": table["log"],
            "recent": page_views.recent(entries, view["names"]), "overlay": table["overlay"],
            "tools": tools, "undo": undo}


def _status(session: Session, view: dict[str, Any], acting: int | None, legal: list[Choice],
            on_board: bool) -> str:
    """The bar's words: whose turn, and what to do or what the AI does."""
    state, module = session.state, session.view_module
    bot = session.next_bot()
    prompts = getattr(module, "PROMPTS", ())
    said = page_views.prompt(prompts, legal) if acting is not None else ""
    if said:  # the game's own words for this decision
        return page_views.turn_line(state.game.seat_name(acting), said)
    if acting is not None:
        return page_views.your_turn(state.game.seat_name(acting), on_board,
                                    any(c["kind"] not in module.BOARD_KINDS for c in legal))
    if bot is not None and (session.paused or session.speed == "step"):
        return esc(f"{state.game.seat_name(bot)} (AI) moves next: "
                   + ("paused." if session.paused else "press Next AI move."))
    if bot is not None:
        return esc(f"{state.game.seat_name(bot)} is thinking…")
    return page_views.status_line(view, list(session.setup.seats))


def replay_regions(replay: Replay) -> dict[str, str]:
    """The markup of each region of a replay at its position, seen by its viewer."""
    state = replay.state()
    game = state.game
    view = state.view(replay.viewer)
    last = ""
    if replay.position:
        seat, action = replay.moves[replay.position - 1]
        done = game.action_from_json(action)
        # A secret move (a bid, a face-down coin) is named only to its own
        # seat; the log tells the others what was revealed, and when.
        label = state.action_label(seat, done) if replay.viewer == seat \
            or not done.secret else done.public_label
        last = f"{game.seat_name(seat)}: {label}"
    names = [game.seat_name(i) for i in range(state.num_players)]
    whose = "the spectator" if replay.viewer is None else names[replay.viewer]
    board = game_view_module(game.id).render_board(view, [], {})
    table = _table(state, replay.setup, view, log_entries(state, replay.viewer))
    return {"status": esc(f"Replay, seen by {whose}"), "board": board,
            "actions": page_views.replay_controls(
                replay.position, len(replay.moves), replay.viewer,
                names if replay.finished else [], last, replay.playing, replay.pace),
            "log": table["log"], "overlay": table["overlay"],
            "tools": "", "undo": "", "recent": ""}
