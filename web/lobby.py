"""The lobby's markup, rendered once at build time into ``index.html``.

It is plain HTML (a form per game), so it is usable while Python still
boots; ``web/static/boot.js`` sends a submitted form's fields to the worker,
which answers the page URL of the game (``web.urls.new_game_query``). The
grid also tells the page the key prefix of its saved games
(``data-save-prefix``, ``web.saves.PREFIX``), which it lists before Python is up.
"""

from __future__ import annotations

import math

from pygame_engine import GAMES
from pygame_engine.core.game import Game, Option
from pygame_engine.games.darkleaf_gambit.data import ROUND_LIMIT

from .saves import PREFIX as SAVE_PREFIX
from .views.markup import esc, tag
from .views.pictures import picture

#: A person's own time per decision, in seconds: reading the table and
#: choosing (an assumption; the page cannot time a person).
PERSON_S = 8

#: A game of each against normal AIs at the lobby's default number of seats
#: and the normal AI speed: the person's decisions, and the seconds they wait
#: for the AIs in all. Ley Lines: a whole game played in the page by
#: ``benchmarks/ai_wait.py --whole`` (2026-11-26, load about 4). The others:
#: the decisions of a game counted over four games of easy bots, times the
#: mean wait per decision ``benchmarks/ai_wait.py`` measured in the page over
#: a person's first 8 decisions (the same run; Ley of the Land 0.81 s,
#: Groves 0.70, Leylines 0.76, Darkleaf Gambit 0.38), for want of time to
#: play each to its end there.
PLAYED: dict[str, tuple[int, float]] = {
    "ley-of-the-land": (42, 42 * 0.81),
    "ley-lines": (14, 21.0),
    "groves": (62, 62 * 0.70),
    "leylines": (95, 95 * 0.76),
    "darkleaf-gambit": (111, 111 * 0.38),
}


def length_words(game_id: str) -> str:
    """How long a game takes, in minutes: the person's decisions at
    ``PERSON_S`` each, plus the AIs' time measured (``PLAYED``), rounded up
    to 5 minutes; "" for a game not measured.

    >>> PLAYED["example"] = (40, 90.0)  # 40 x 8 s + 90 s = 6.8 min
    >>> length_words("example")
    'about 10 min'
    >>> del PLAYED["example"]
    """
    if game_id not in PLAYED:
        return ""
    decisions, waited = PLAYED[game_id]
    minutes = (decisions * PERSON_S + waited) / 60
    return f"about {5 * math.ceil(minutes / 5)} min"


#: Each game in one line, and how long it takes against AIs (``length_words``).
#: A game missing here still gets a card.
ABOUT: dict[str, tuple[str, str]] = {
    "ley-of-the-land": ("Bid in secret for land tiles, then lay them so that green and "
                        "yellow triangles join into diamonds and sections.",
                        length_words("ley-of-the-land")),
    "ley-lines": ("Hide coins as cairns on the map of Albion and Eire, then lay dominoes "
                  "to send energy flowing through them.", length_words("ley-lines")),
    "groves": ("Draw spirits from your bag, send them to groves for elements and crystals, and "
               "buy groves to grow your realm; solo against the Hollows of the Lost.",
               length_words("groves")),
    "leylines": ("Roll dice to travel the forest, gather resource cubes, bid at auction and "
                 "fulfil contracts for gold.", length_words("leylines")),
    "darkleaf-gambit": ("A dice duel on a chessboard: two clans with their own units and "
                        "skills race along their own path to victory.",
                        length_words("darkleaf-gambit")),
}

#: What tells two games of like names apart in the lobby (the title's tail).
KIND: dict[str, str] = {"ley-lines": "piecepack", "leylines": "dice and contracts"}

NUMBERS = ("No", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten")

SEAT_CHOICES = (("human", "Human"), ("ai:easy", "AI · easy"), ("ai:normal", "AI · normal"),
                ("ai:hard", "AI · hard"))


#: What each AI level is, in a player's words; where it was measured against
#: an outside yardstick (OpenSpiel's ISMCTS, ``benchmarks/yardstick.py``), the
#: figure, small samples said as such (docs/benchmarks.md, issue 30).
LEVELS_ABOUT = (
    ("Easy", "looks one move ahead and takes the best-looking move."),
    ("Normal", "searches possible futures for up to 0.8 s a move, guessing only at what "
               "its seat may know."),
    ("Hard", "searches for up to 3 s a move, with the same fair knowledge."),
)
MEASURED: dict[str, str] = {
    "ley-of-the-land": "Hard won 14 of 20 games against OpenSpiel's ISMCTS given ten times "
                       "its thinking time (a small sample).",
    "darkleaf-gambit": "Hard won all 18 games against OpenSpiel's ISMCTS given ten times its "
                       "thinking time (a small sample).",
    "groves": "Hard won all 19 games against OpenSpiel's ISMCTS given ten times its thinking "
              "time (a small sample).",
    "ley-lines": "Hard won 26 of 31 three-player games against two OpenSpiel ISMCTS players "
                 "given ten times its thinking time, where a fair share is about 10 (a small "
                 "sample).",
    "leylines": "Hard won all 13 games against OpenSpiel's ISMCTS given ten times its "
                "thinking time (a small sample).",
}

#: How Darkleaf Gambit's clans fare against each other: the search AI (50
#: iterations) in both seats, seats alternating, ``CLAN_ODDS_GAMES`` games for
#: each clan in each seat of each pairing (issue 27's last table in
#: docs/benchmarks.md; a test keeps the two in step; ``darkleaf_balance --tally
#: LOGS --odds`` prints it). Per clan: its share of the points against the
#: other five, the part of those games drawn at the round limit, and per
#: rival its share against that one.
CLAN_ODDS: dict[str, tuple[int, int, dict[str, int]]] = {
    "Hexen": (
        56, 7, {"Erde": 53, "Ferrymen": 37, "Huldra": 64, "The Murg": 55, "Wildero Wibo": 72}),
    "Wildero Wibo": (
        53, 15, {"Erde": 47, "Ferrymen": 76, "Hexen": 28, "Huldra": 57, "The Murg": 55}),
    "Erde": (
        49, 8, {"Ferrymen": 48, "Hexen": 47, "Huldra": 50, "The Murg": 49, "Wildero Wibo": 53}),
    "Huldra": (
        49, 12, {"Erde": 50, "Ferrymen": 56, "Hexen": 36, "The Murg": 60, "Wildero Wibo": 43}),
    "Ferrymen": (
        48, 7, {"Erde": 52, "Hexen": 63, "Huldra": 44, "The Murg": 56, "Wildero Wibo": 24}),
    "The Murg": (
        45, 11, {"Erde": 51, "Ferrymen": 44, "Hexen": 45, "Huldra": 40, "Wildero Wibo": 45}),
}
CLAN_ODDS_GAMES = 75


def _clan_odds_note(game: Game) -> str:
    """Darkleaf Gambit's folded note on how the clans fare against each other
    (the clans are not even yet: a player choosing one should know)."""
    if game.id != "darkleaf-gambit":
        return ""
    items = []  # (a no-break space keeps each figure whole on a phone)
    for clan, (share, drawn, rivals) in sorted(CLAN_ODDS.items(), key=lambda kv: -kv[1][0]):
        best = max(rivals, key=lambda r: rivals[r])
        worst = min(rivals, key=lambda r: rivals[r])
        items.append(tag("li", {}, tag("strong", {}, f"{esc(clan)}:"),
                         f" {share}\u00a0%; best against {esc(best)} ({rivals[best]}\u00a0%), "
                         f"worst against {esc(worst)} ({rivals[worst]}\u00a0%); "
                         f"{drawn}\u00a0% drawn."))
    return tag("details", {"class": "option-notes", "aria_label": "How the clans fare"},
               tag("summary", {}, "How the clans fare against each other"),
               tag("p", {}, f"Our search AI playing both sides, {CLAN_ODDS_GAMES} games a "
                            f"pairing and seat; a game still open after {ROUND_LIMIT} rounds is "
                            "drawn and counts half. The clans are not even "
                            "yet: for a close game, pick two near each other here."),
               tag("ul", {}, *items))


def _levels_note(game: Game) -> str:
    """A folded note on what the AI levels are (and, where measured, how strong)."""
    items = [tag("li", {}, tag("strong", {}, f"{level}:"), " ", esc(words))
             for level, words in LEVELS_ABOUT]
    if game.id in MEASURED:
        items.append(tag("li", {}, esc(MEASURED[game.id])))
    return tag("details", {"class": "option-notes", "aria_label": "About the AI levels"},
               tag("summary", {}, "What the AI levels are"), tag("ul", {}, *items))


def _seat_select(game: Game, seat: int) -> str:
    default = "human" if seat == 0 else "ai:normal"
    options = [tag("option", {"value": value, "selected": value == default}, label)
               for value, label in SEAT_CHOICES]
    hidden = seat >= default_players(game)
    return tag("label", {"class": "seat-row", "data_seat": seat, "hidden": hidden},
               tag("span", {}, f"Seat {seat + 1}"),
               tag("select", {"name": f"seat{seat}"}, *options))


def _option_select(option: Option) -> str:
    """A game option: its value travels in the game's URL as ``&name=value``."""
    choices = [tag("option", {"value": str(value), "selected": value == option.default,
                              "title": option.choice_note(value) or None},
                   esc(option.choice_label(value))) for value in option.choices]
    return tag("label", {"class": "option-row"}, tag("span", {}, esc(option.label)),
               tag("select", {"name": f"option-{option.name}", "data_option": option.name},
                   *choices))


def _option_notes(game: Game) -> list[str]:
    """A folded list of what each choice means, for options whose choices carry
    notes (options sharing the same choices and notes are listed once)."""
    out, seen = [], set()
    for option in game.options:
        key = (option.choices, option.choice_notes)
        if not option.choice_notes or key in seen:
            continue
        seen.add(key)
        items = [tag("li", {}, tag("strong", {}, esc(option.choice_label(v) + ":")), " ",
                     esc(option.choice_note(v))) for v in option.choices if option.choice_note(v)]
        labels = ", ".join(o.label for o in game.options if (o.choices, o.choice_notes) == key)
        out.append(tag("details", {"class": "option-notes", "aria_label": f"About: {labels}"},
                       tag("summary", {}, "What each choice means"),
                       tag("ul", {}, *items)))
    return out


def default_players(game: Game) -> int:
    return max(2, game.min_players)


def _game_card(game: Game) -> str:
    players = (f"{game.min_players} player{'s' if game.min_players > 1 else ''}"
               if game.min_players == game.max_players
               else f"{game.min_players}–{game.max_players} players")
    counts = [tag("option", {"value": n, "selected": n == default_players(game)}, str(n))
              for n in range(game.min_players, game.max_players + 1)]
    form = tag("form", {"class": "new-game", "data_game": game.id,
                        "aria_label": f"New game of {game.title}"},
               tag("label", {}, "Players ", tag("select", {"name": "players"}, *counts)),
               *[_seat_select(game, s) for s in range(game.max_players)],
               _levels_note(game),
               *[_option_select(option) for option in game.options],
               *_option_notes(game),
               _clan_odds_note(game),
               tag("label", {}, "Seed ", tag("input", {"name": "seed", "inputmode": "numeric",
                                                       "placeholder": "random", "size": 8})),
               tag("button", {"type": "submit", "class": "primary"}, "Start"))
    about, length = ABOUT.get(game.id, ("", ""))
    kind = KIND.get(game.id)
    name = tag("h3", {}, esc(game.title), tag("span", {"class": "kind"}, esc(f" · {kind}"))
               if kind else "")
    head = tag("summary", {"class": "game-head"}, picture(game.id),
               tag("span", {"class": "game-words"}, name,
                   tag("span", {"class": "about"}, esc(about)) if about else "",
                   tag("span", {"class": "meta"}, esc(players),
                       f" · {esc(length)}" if length else "")))
    # Open on a wide screen; on a phone the page's script folds the cards, so
    # the lobby is a short list whose every entry opens its setup.
    return tag("article", {"class": "game-card", "id": f"card-{game.id}"},
               tag("details", {"class": "game-setup", "open": True}, head,
                   tag("p", {"class": "rules-line"},
                       tag("a", {"href": f"./rules/{game.id}.html",
                                 "aria_label": f"{esc(game.title)} rules"}, "Rules")), form))


def count_words(n: int) -> str:
    """How many games, in words.

    >>> count_words(5)
    'Five games'
    """
    word = NUMBERS[n] if n < len(NUMBERS) else str(n)
    return f"{word} game{'s' if n != 1 else ''}"


def render_lobby() -> str:
    """How many games there are, then every game's card, in registry order."""
    fewest = min((g.min_players for g in GAMES.values()), default=0)
    most = max((g.max_players for g in GAMES.values()), default=0)
    return (tag("h2", {"class": "count"},
                f"{count_words(len(GAMES))}, for {NUMBERS[fewest].lower()} to "
                f"{NUMBERS[most].lower()} players" if GAMES else "No games yet.")
            + tag("div", {"class": "game-grid", "data_save_prefix": SAVE_PREFIX},
                  *[_game_card(g) for g in GAMES.values()]))
