"""The parts of a game screen every game shares: status, action bar, log,
hand-off screen and end screen. Pure functions of plain data: any game's view
(read only through the keys every game has, ``BaseView``'s and the end's
``scores``, ``breakdown`` and ``standings``), hence a ``Mapping``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from . import Choice
from .markup import esc, seat_letters, tag


def status_line(view: Mapping[str, Any], seats: list[str]) -> str:
    """Who is to act, in words (the bar's first line when no person on screen acts)."""
    names = view["names"]
    if view["over"]:
        winners = [names[s["seat"]] for s in view.get("standings") or [] if s["rank"] == 1]
        if len(winners) == 1 and len(names) > 1:
            return f"The game is over: {esc(winners[0])} wins."
        return "The game is over."
    active = view["active"]
    if len(active) == 1 and seats[active[0]] != "human":
        return f"{esc(names[active[0]])} is thinking…"
    who = esc(", ".join(names[p] + (" (AI)" if seats[p] != "human" else "") for p in active))
    if len(active) > 1:
        return f"Waiting for {who} (secret, at the same time)."
    return f"{who} to act."


def prompt(prompts: tuple[tuple[str, str], ...], legal: list[Choice]) -> str:
    """What the person is to do now, in the game's own words: those of the
    first ``(kind, words)`` of its view's ``PROMPTS`` whose kind is among the
    choices (empty: the bar's own words).

    >>> prompts = (("reroll", "re-roll dice, or keep"), ("keep", "keep your dice"))
    >>> prompt(prompts, [{"kind": "keep"}, {"kind": "reroll"}])
    're-roll dice, or keep'
    >>> prompt(prompts, [{"kind": "pass"}])
    ''
    """
    kinds = {c["kind"] for c in legal}
    return next((words for kind, words in prompts if kind in kinds), "")


def turn_line(name: str, words: str) -> str:
    """The bar's first line for the seat ``name`` to act: ", your turn" is
    only read out on a phone, where the line keeps the room for ``words``.

    >>> turn_line("Moss", "roll a bone")
    'Moss<span class="turn-words">, your turn</span>: roll a bone.'
    """
    return f'{esc(name)}<span class="turn-words">, your turn</span>: {esc(words)}.'


def your_turn(name: str, on_board: bool, buttons: bool) -> str:
    """The bar's first line when the person on screen is to act: where to act
    (in words that fit a phone's line and hold for touch and mouse alike).

    >>> your_turn("Moss", True, False)
    'Moss<span class="turn-words">, your turn</span>: choose on the board.'
    >>> your_turn("Moss", True, True)
    'Moss<span class="turn-words">, your turn</span>: the board or a button.'
    """
    where = ("the board or a button" if on_board and buttons
             else "choose on the board" if on_board else "choose a button")
    return turn_line(name, where)


#: Rough widths, in CSS pixels, for deciding server-side whether the bar's
#: buttons fit on one row: a character of the 16 px system font, a button's
#: padding and border, the gap between buttons, and the row's width on a
#: 360 px phone (less the last move's "show"), on the narrowest wide layout
#: (701 px) and on a 1200 px screen.
CHAR_PX, BUTTON_PX, GAP_PX = 8.6, 26, 7
NARROW_ROW_PX, WIDE_ROW_PX, WIDEST_ROW_PX = 250, 600, 1000


def row_width(labels: list[str]) -> float:
    """The estimated width of one row of buttons with these labels.

    >>> row_width(["Pass"])
    60.4
    """
    return round(sum(len(label) * CHAR_PX + BUTTON_PX for label in labels)
                 + GAP_PX * max(0, len(labels) - 1), 1)


def action_bar(legal: list[Choice], board_kinds: set[str],
               short: dict[int, str] | None = None, sheet: str | None = None,
               last: str = "", board_targets: bool = False) -> str:
    """Buttons for every legal action the board does not offer itself.

    The bar keeps one row: the buttons show their short form (``short``, by
    action index: "Ember Thicket" for a long grove choice) when they all fit
    on a phone's row; when they fit only on a wide screen they are a row
    there and a sheet on a phone; else one button opens the sheet, where every
    choice has its whole label and wraps. The sheet opens by itself when the
    board offers nothing to choose (``board_targets`` false; ``sheet`` is the
    person's "open"/"closed").
    The rest of the row shows the last move (``last``), shortened to fit.
    """
    short = short or {}
    mine = [c for c in legal if c["kind"] not in board_kinds]
    if not mine:
        return tag("div", {"class": "last-line"}, last) if last else ""
    shorts = [str(short.get(c["index"], c["label"])) for c in mine]
    width = row_width(shorts)
    fits = ("fits-all" if width <= NARROW_ROW_PX else "fits-wide" if width <= WIDE_ROW_PX
            else "fits-widest" if width <= WIDEST_ROW_PX else "")
    buttons = []
    for c, brief in zip(mine, shorts, strict=True):
        label = c["label"]
        words = [tag("span", {"class": "full"}, esc(label))] if brief == label else [
            tag("span", {"class": "short"}, esc(brief)), tag("span", {"class": "full"}, esc(label))]
        buttons.append(tag("button", {"type": "button", "class": "action",
                                      "data_action": c["index"],
                                      "aria_label": label if brief != label else None,
                                      "title": label if brief != label else None}, *words))
    after = tag("div", {"class": "last-line"}, last) if last else ""
    if fits == "fits-all":
        return tag("div", {"class": "choices fits-all"},
                   tag("div", {"class": "buttons", "role": "group",
                               "aria_label": "Your actions"}, *buttons), after)
    opened = sheet == "open" or (sheet is None and not board_targets)
    count = f"{len(mine)} choice{'s' if len(mine) != 1 else ''}"
    toggle = tag("button", {"type": "button",
                            "class": "sheet-toggle" if opened else "sheet-toggle primary",
                            "data_ui": f"choices={'closed' if opened else 'open'}",
                            "aria_expanded": "true" if opened else "false",
                            "aria_controls": "choice-sheet"},
                 esc(f"Hide the {count} ▴" if opened else f"Show the {count} ▾"))
    return tag("div", {"class": f"choices sheet {fits} {'open' if opened else 'closed'}".strip()},
               toggle, tag("div", {"class": "buttons", "id": "choice-sheet", "role": "group",
                                   "aria_label": "Your actions"}, *buttons), after)


def last_move(entries: list[tuple[str, int | None]], names: list[str]) -> str:
    """The latest log sentence in one line, with a "show" button that brings
    the board's ``last-move`` mark into view (empty before the first move)."""
    if not entries:
        return ""
    text, seat = entries[-1]
    mark = tag("span", {"class": "seat-dot", "aria_hidden": "true"},
               seat_letters(names)[seat]) if seat is not None else ""
    return tag("span", {"class": f"last-text seat-{seat}" if seat is not None else "last-text"},
               mark, " " if mark else "", esc(text)) + tag(
        "button", {"type": "button", "class": "show-last", "data_show": "last-move"}, "show")


def recent(entries: list[tuple[str, int | None]], names: list[str]) -> str:
    """The last two log sentences, under the bar on a phone (the log itself is
    at the page's foot there; the bar's row has the latest with "show")."""
    if not entries:
        return ""
    letters = seat_letters(names)
    items = []
    for text, seat in entries[-2:]:
        mark = tag("span", {"class": "seat-dot", "aria_hidden": "true"}, letters[seat]) \
            if seat is not None else ""
        items.append(tag("li", {"class": f"seat-{seat}" if seat is not None else None},
                         mark, " " if mark else "", esc(text)))
    return tag("ol", {"class": "recent-list", "aria_label": "Latest moves"}, *items)


def brief(text: str, most: int = 80) -> str:
    """``text`` cut at a word to at most ``most`` characters, with an ellipsis.

    >>> brief("Takes back: Start with Ember Thicket, the orange resource grove.", 40)
    'Takes back: Start with Ember Thicket…'
    >>> brief("Takes back: Bid 3.", 40)
    'Takes back: Bid 3.'
    """
    if len(text) <= most:
        return text
    cut = text[:most].rsplit(" ", 1)[0].rstrip(",;:")
    return cut + "…"


def short_moves(note: str, most: int = 40) -> str:
    """An undo note with the moves it quotes (``'...'``, or after "Takes back:")
    cut to ``most`` characters, so that the reason itself stays readable.

    >>> short_moves("'Start with Ember Thicket, the orange resource grove: 1 element' "
    ...             "revealed hidden information or a random outcome.")
    "'Start with Ember Thicket, the orange…' revealed hidden information or a random outcome."
    >>> short_moves("Takes back: Bid 3.")
    'Takes back: Bid 3.'
    """
    if note.startswith("Takes back: ") and note.endswith("."):
        return "Takes back: " + brief(note[12:-1], most) + "."
    return re.sub(r"'([^']+)'", lambda m: "'" + brief(m.group(1), most) + "'", note)


def undo_row(label: str, note: str, refused: bool) -> str:
    """The undo button, named for whose move it takes back, and beside it in
    words what it takes back (a long move's words shortened) or why it cannot."""
    note = short_moves(note)
    return tag("div", {"class": "undo-row"},
               tag("button", {"type": "button", "data_ui": "undo=1", "id": "undo-button",
                              "aria_disabled": "true" if refused else None,
                              "class": "disabled" if refused else None,
                              "aria_describedby": "undo-why"}, _icon("undo"), esc(label)),
               tag("span", {"id": "undo-why", "class": "undo-why"}, esc(note)))


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


def zoom_button(what: str) -> str:
    """The control that enlarges a board drawn to fit the screen's width (to its
    natural size, panning in its box) and fits it again; shown on narrow
    screens only. Its state is the page's (``#board.zoomed``), so it holds
    across moves.

    >>> "Enlarge the map" in zoom_button("map")
    True
    """
    return tag("button", {"type": "button", "class": "zoom-toggle", "data_zoom": what},
               tag("span", {"class": "zoom-in"}, f"Enlarge the {esc(what)}"),
               tag("span", {"class": "zoom-out"}, f"Fit the {esc(what)} to the screen"))


#: What a link or a save file gives away (the seed fixes every hidden draw).
SECRETS_NOTE = ("It replays every move, hidden ones included: share it after the game, "
                "or only with people who may see everything.")

SPEED_LABELS = {"step": "Step", "slow": "Slow", "normal": "Normal", "fast": "Fast",
                "instant": "Instant"}


def toolbar(has_bots: bool, speed: str, paused: bool, over: bool) -> str:
    """Save file, link, replay, and the AI speed controls."""
    parts = [tag("button", {"type": "button", "data_ui": "export=1",
                            "title": "Download this game as a save file. " + SECRETS_NOTE},
                 "Save file"),
             tag("button", {"type": "button", "data_ui": "link=1",
                            "title": "Copy a link that reopens this position. " + SECRETS_NOTE},
                 "Link")]
    if over:
        parts.append(tag("button", {"type": "button", "data_ui": "replay=start"}, "Replay"))
    if not over:
        parts.append(tag("button", {"type": "button", "data_ui": "hint=1",
                                    "title": "The hard AI's move for you, from what your "
                                             "seat can see"}, "What would the AI do?"))
    if has_bots and not over:  # nothing left to watch at the end
        speeds = [tag("option", {"value": key, "selected": key == speed}, label)
                  for key, label in SPEED_LABELS.items()]
        parts.append(tag("label", {"class": "speed"}, tag("span", {"class": "speed-label"},
                                                          "AI speed"),
                         tag("select", {"data_ui_select": "speed", "aria_label": "AI speed"},
                             *speeds)))
        parts.append(tag("button", {"type": "button", "data_ui": "pause=toggle",
                                    "aria_pressed": "true" if paused else "false"},
                         "Resume" if paused else "Pause"))
    return tag("div", {"class": "toolbar", "role": "toolbar", "aria_label": "Game tools"},
               *parts)


def step_button() -> str:
    return tag("div", {"class": "buttons"},
               tag("button", {"type": "button", "data_ui": "step=1", "class": "primary"},
                   "Next AI move ▶"))


#: Icons drawn as inline SVG (24 x 24, in the text's colour): font glyphs such
#: as ⏮ render as empty boxes where the font lacks them.
ICONS = {
    "first": "M6 5h2v14H6zM19 5v14L9 12z",
    "back": "M17 5v14L6 12z",
    "play": "M7 5v14l12-7z",
    "pause": "M6 5h4v14H6zM14 5h4v14h-4z",
    "forward": "M7 5v14l11-7z",
    "last": "M16 5h2v14h-2zM5 5v14l10-7z",
    "undo": "M9 5 3 10l6 5v-3.5c4.5 0 8 1 10 5.5-.5-5.5-3.5-9-10-9.5z",
}


def _icon(name: str) -> str:
    return tag("svg", {"class": "icon", "viewBox": "0 0 24 24", "width": 18, "height": 18,
                       "aria_hidden": "true", "focusable": "false"},
               tag("path", {"d": ICONS[name]}))


#: Seconds per move while a replay plays by itself, by pace.
REPLAY_PACES = {"slow": 1500, "normal": 700, "fast": 250}
PACE_LABELS = {"slow": "Slow", "normal": "Normal", "fast": "Fast"}


def replay_controls(position: int, total: int, viewer: int | None, names: list[str],
                    last_label: str, playing: bool = False, pace: str = "normal") -> str:
    """Step through a recorded game, from a chosen seat's view or the spectator's:
    play and pause at a pace, a slider over every move, one move back or
    forward, the start and the end (the arrow keys, Home and End do the same)."""
    def go(label: str, to: int, icon: str) -> str:
        return tag("button", {"type": "button", "data_ui": f"goto={to}", "aria_label": label,
                              "title": label, "class": "icon-button",
                              "disabled": not 0 <= to <= total or to == position}, _icon(icon))

    play_label = "Pause" if playing else "Play"
    play = tag("button", {"type": "button", "data_ui": "play=toggle",
                          "class": "icon-button primary",
                          "aria_label": play_label, "title": play_label,
                          "disabled": total == 0},
               _icon("pause" if playing else "play"))
    paces = tag("label", {"class": "pace"}, "Pace ",
                tag("select", {"data_ui_select": "pace", "aria_label": "Pace"},
                    *[tag("option", {"value": key, "selected": key == pace}, label)
                      for key, label in PACE_LABELS.items()]))
    slider = tag("input", {"type": "range", "min": 0, "max": total, "value": position,
                           "class": "replay-slider", "data_ui_range": "goto",
                           "aria_label": "Move", "aria_valuetext": f"Move {position} of {total}"})
    viewers = [tag("option", {"value": "spectator", "selected": viewer is None}, "the spectator")]
    viewers += [tag("option", {"value": str(i), "selected": viewer == i}, esc(name))
                for i, name in enumerate(names)]
    choose_view = tag("label", {"class": "viewer"}, "Seen by ",
                      tag("select", {"data_ui_select": "viewer", "aria_label": "Seen by"},
                          *viewers)) if names else tag(
        "span", {"class": "viewer note"},
        "The game is not over: the replay shows what a spectator sees.")
    where = f"Move {position} of {total}" + (f": {last_label}" if last_label else "")
    return tag("section", {"class": "replay", "aria_label": "Replay controls",
                           "data_position": position, "data_total": total},
               tag("p", {"class": "hint where", "aria_live": "polite"}, esc(where)),
               tag("div", {"class": "replay-row"},
                   go("Start", 0, "first"), go("One move back", position - 1, "back"), play,
                   go("One move forward", position + 1, "forward"), go("End", total, "last"),
                   slider),
               tag("div", {"class": "replay-row"}, paces, choose_view,
                   tag("button", {"type": "button", "data_ui": "replay=stop"},
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


def margin_words(view: Mapping[str, Any]) -> str:
    """How a game on points was won, in words: the winner's points and lead, or
    the tie-breaker that settled it.

    >>> margin_words({"names": ["Moss", "Amber"], "standings": [
    ...     {"seat": 1, "rank": 1, "score": 42, "tiebreak": ""},
    ...     {"seat": 0, "rank": 2, "score": 37, "tiebreak": ""}]})
    'Amber wins with 42 points, 5 ahead of Moss.'
    >>> margin_words({"names": ["Moss", "Amber"], "standings": [
    ...     {"seat": 0, "rank": 1, "score": 8, "tiebreak": ""},
    ...     {"seat": 1, "rank": 2, "score": 8, "tiebreak": "most money"}]})
    'Moss wins on 8 points, tied with Amber and ahead on most money.'
    """
    names, ranked = view["names"], view.get("standings") or []
    first = [s for s in ranked if s["rank"] == 1]
    if len(first) != 1 or len(ranked) < 2:
        return ""
    win, second = first[0], next(s for s in ranked if s["rank"] != 1)
    points = f"{win['score']:g} point{'s' if win['score'] != 1 else ''}"
    if second["score"] == win["score"]:
        return (f"{names[win['seat']]} wins on {points}, tied with {names[second['seat']]} "
                f"and ahead on {second['tiebreak'] or 'the tie-breaker'}.")
    return (f"{names[win['seat']]} wins with {points}, {win['score'] - second['score']:g} "
            f"ahead of {names[second['seat']]}.")


def end_screen(view: Mapping[str, Any], options: list[tuple[str, str]] | None = None,
               how: str = "", title: str = "") -> str:
    """Final ranking with tie-breakers named, how the game was won in words
    (``how``, the game's own words, else the winner's margin), each seat's
    itemised score, and the game's options (label, value in words) when it has any.
    ``title`` is the game's own headline (a solo loss and its reason), if it has one."""
    names = view["names"]
    how = how or margin_words(view)
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
    if title:
        pass
    elif not winners:  # only a solo game ends without a winner: the game itself won
        title = f"{names[0]} loses"
    elif len(names) == 1:
        title = f"{winners[0]} wins the solo game!"
    else:
        title = (f"{winners[0]} wins!" if len(winners) == 1
                 else f"Shared victory: {', '.join(winners)}")
    return tag("section", {"id": "final-scores", "class": "end-screen",
                           "data_scores": json.dumps(view["scores"]),
                           "aria_label": "Final scores"},
               tag("h2", {}, esc(title)),
               tag("p", {"class": "how-won"}, esc(how)) if how else "",
               tag("div", {"class": "table-scroll", "tabindex": "0", "role": "region",
                           "aria_label": "Ranking"}, tag(
                   "table", {"class": "ranking"},
                   tag("thead", {}, tag("tr", {}, *[tag("th", {"scope": "col"}, h) for h in
                                                    ("Rank", "Seat", "Points", "Tie-breaker")])),
                   tag("tbody", {}, *rows))),
               tag("p", {"class": "options"}, "Played with: " + "; ".join(
                   f"{esc(label)}: {esc(value)}" for label, value in options)) if options else "",
               tag("h3", {}, "Score breakdown"),
               tag("div", {"class": "table-scroll", "tabindex": "0", "role": "region",
                           "aria_label": "Score breakdown"},
                   tag("table", {"class": "breakdown"}, tag("thead", {}, head),
                       tag("tbody", {}, *body))),
               tag("p", {}, tag("button", {"type": "button", "data_ui": "again=1",
                                           "class": "primary"}, "Play again, same seats"),
                   " ", tag("a", {"href": "./"}, "Back to the lobby")))
