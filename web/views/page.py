"""The parts of a game screen every game shares: status, action bar, log,
hand-off screen and end screen. Pure functions of plain data.
"""

from __future__ import annotations

import json
from typing import Any

from . import Choice
from .markup import esc, seat_letters, tag


def status_line(view: dict[str, Any], seats: list[str]) -> str:
    """Who is to act, in words."""
    names = view["names"]
    if view["over"]:
        return "The game is over."
    active = view["active"]
    who = esc(", ".join(names[p] + (" (AI)" if seats[p] != "human" else "") for p in active))
    if len(active) > 1:
        return f"Waiting for {who} (secret, at the same time)."
    return f"{who} to act."


def action_bar(legal: list[Choice], board_kinds: set[str], prompt: str) -> str:
    """Buttons for every legal action the board does not offer itself."""
    buttons = [tag("button", {"type": "button", "class": "action", "data_action": c["index"]},
                   esc(c["label"])) for c in legal if c["kind"] not in board_kinds]
    on_board = any(c["kind"] in board_kinds for c in legal)
    hint = tag("p", {"class": "hint"}, esc(prompt)) if prompt else ""
    if on_board:
        where = "Or choose on the board below." if buttons else "Choose on the board below."
        hint += tag("p", {"class": "hint"}, where)
    return tag("section", {"class": "action-bar", "aria_label": "Your actions"}, hint,
               tag("div", {"class": "buttons"}, *buttons) if buttons else "")


def log_panel(entries: list[tuple[str, int | None]], names: list[str]) -> str:
    """The game log: one sentence per event, marked with its seat's colour and letter."""
    letters = seat_letters(names)
    items = []
    for text, seat in entries:
        mark = tag("span", {"class": "seat-dot", "aria_hidden": "true"}, letters[seat]) \
            if seat is not None else ""
        items.append(tag("li", {"class": f"seat-{seat}" if seat is not None else None},
                         mark, " " if mark else "", esc(text)))
    return tag("ol", {"class": "log-list"}, *items) if items else tag(
        "p", {"class": "hint"}, "Nothing has happened yet.")


#: What a link or a save file gives away (the seed fixes every hidden draw).
SECRETS_NOTE = ("It replays every move, hidden ones included: share it after the game, "
                "or only with people who may see everything.")

SPEED_LABELS = {"step": "Step", "slow": "Slow", "normal": "Normal", "fast": "Fast",
                "instant": "Instant"}


def toolbar(undo_refusal: str | None, has_bots: bool, speed: str, paused: bool,
            over: bool) -> str:
    """Undo, save file, link, replay, and the AI speed controls."""
    undo_title = undo_refusal or "Take back your last move"
    parts = [tag("button", {"type": "button", "data_ui": "undo=1", "id": "undo-button",
                            "aria_disabled": "true" if undo_refusal else None,
                            "class": "disabled" if undo_refusal else None,
                            "title": undo_title}, "Undo"),
             tag("button", {"type": "button", "data_ui": "export=1",
                            "title": "Download this game as a save file. " + SECRETS_NOTE},
                 "Save file"),
             tag("button", {"type": "button", "data_ui": "link=1",
                            "title": "Copy a link that reopens this position. " + SECRETS_NOTE},
                 "Link")]
    if over:
        parts.append(tag("button", {"type": "button", "data_ui": "replay=start"}, "Replay"))
    if has_bots and not over:  # nothing left to watch at the end
        speeds = [tag("button", {"type": "button", "data_ui": f"speed={key}",
                                 "aria_pressed": "true" if key == speed else "false"}, label)
                  for key, label in SPEED_LABELS.items()]
        parts.append(tag("span", {"class": "speed", "role": "group", "aria_label": "AI speed"},
                         tag("span", {"class": "label"}, "AI speed:"), *speeds))
        parts.append(tag("button", {"type": "button", "data_ui": "pause=toggle",
                                    "aria_pressed": "true" if paused else "false"},
                         "Resume" if paused else "Pause"))
    return tag("div", {"class": "toolbar", "role": "toolbar", "aria_label": "Game tools"},
               *parts)


def step_button() -> str:
    return tag("section", {"class": "action-bar"},
               tag("button", {"type": "button", "data_ui": "step=1", "class": "primary"},
                   "Next AI move ▶"))


def replay_controls(position: int, total: int, viewer: int | None, names: list[str],
                    last_label: str) -> str:
    """Step through a recorded game, from a chosen seat's view or the spectator's."""
    def go(label: str, to: int, text: str) -> str:
        return tag("button", {"type": "button", "data_ui": f"goto={to}", "aria_label": label,
                              "title": label, "disabled": not 0 <= to <= total
                              or to == position}, text)

    viewers = [tag("button", {"type": "button", "data_ui": "viewer=spectator",
                              "aria_pressed": "true" if viewer is None else "false"},
                   "Spectator")]
    viewers += [tag("button", {"type": "button", "data_ui": f"viewer={i}",
                               "aria_pressed": "true" if viewer == i else "false"}, esc(name))
                for i, name in enumerate(names)]
    where = f"Move {position} of {total}" + (f": {last_label}" if last_label else "")
    choose_view = (tag("p", {"class": "hint"}, "View as:"),
                   tag("div", {"class": "buttons"}, *viewers)) if names else (
        tag("p", {"class": "hint"}, "The game is not over: it replays as a spectator sees it."),)
    return tag("section", {"class": "action-bar replay", "aria_label": "Replay controls"},
               tag("p", {"class": "hint", "aria_live": "polite"}, esc(where)),
               tag("div", {"class": "buttons"}, go("Start", 0, "⏮"),
                   go("One move back", position - 1, "◀"),
                   go("One move forward", position + 1, "▶"), go("End", total, "⏭")),
               *choose_view,
               tag("p", {}, tag("button", {"type": "button", "data_ui": "replay=stop"},
                                "Leave the replay")))


def handoff(name: str, seat: int) -> str:
    """The screen that hides the table between two human seats."""
    return tag("div", {"class": f"handoff seat-{seat}", "role": "dialog",
                       "aria_modal": "true", "aria_labelledby": "handoff-title"},
               tag("h2", {"id": "handoff-title"}, f"Pass the device to {esc(name)}"),
               tag("p", {}, "The other seats' secrets are hidden. "
                            f"{esc(name)}, press the button when only you can see the screen."),
               tag("button", {"type": "button", "data_ui": "handoff=done", "class": "primary",
                              "autofocus": True}, f"I am {esc(name)}: show my view"))


def end_screen(view: dict[str, Any], options: list[tuple[str, str]] | None = None) -> str:
    """Final ranking with tie-breakers named, each seat's itemised score, and
    the game's options (label, value in words) when it has any."""
    names = view["names"]
    rows = []
    for s in view["standings"]:
        tb = f"tied on points; behind on {s['tiebreak']}" if s["tiebreak"] else ""
        rows.append(tag("tr", {"class": f"seat-{s['seat']}"},
                        tag("td", {}, str(s["rank"])),
                        tag("th", {"scope": "row"}, esc(names[s["seat"]])),
                        tag("td", {}, f"{s['score']:g}"), tag("td", {}, esc(tb))))
    items = list(view["breakdown"][0]) if view["breakdown"] else []
    head = tag("tr", {}, tag("th", {"scope": "col"}, "Seat"),
               *[tag("th", {"scope": "col"}, esc(i)) for i in items],
               tag("th", {"scope": "col"}, "Total"))
    body = [tag("tr", {}, tag("th", {"scope": "row"}, esc(names[p])),
                *[tag("td", {}, f"{b[i]:g}") for i in items],
                tag("td", {}, f"{view['scores'][p]:g}"))
            for p, b in enumerate(view["breakdown"])]
    winners = [names[s["seat"]] for s in view["standings"] if s["rank"] == 1]
    if not winners:
        # Only a solo game ends without a winner: the game itself won.
        lost = view.get("solo") or {}
        reason = lost.get("lost") or (f"the score did not beat {lost['target']}"
                                      if "target" in lost else "")
        title = f"{names[0]} loses" + (f": {reason}" if reason else "")
    elif len(names) == 1:
        title = f"{winners[0]} wins the solo game!"
    else:
        title = (f"{winners[0]} wins!" if len(winners) == 1
                 else f"Shared victory: {', '.join(winners)}")
    return tag("section", {"id": "final-scores", "class": "end-screen",
                           "data_scores": json.dumps(view["scores"]),
                           "aria_label": "Final scores"},
               tag("h2", {}, esc(title)),
               tag("table", {"class": "ranking"},
                   tag("thead", {}, tag("tr", {}, *[tag("th", {"scope": "col"}, h) for h in
                                                    ("Rank", "Seat", "Points", "Tie-breaker")])),
                   tag("tbody", {}, *rows)),
               tag("p", {"class": "options"}, "Played with: " + "; ".join(
                   f"{esc(label)}: {esc(value)}" for label, value in options)) if options else "",
               tag("h3", {}, "Score breakdown"),
               tag("table", {"class": "breakdown"}, tag("thead", {}, head),
                   tag("tbody", {}, *body)),
               tag("p", {}, tag("button", {"type": "button", "data_ui": "again=1",
                                           "class": "primary"}, "Play again, same seats"),
                   " ", tag("a", {"href": "./"}, "Back to the lobby")))
