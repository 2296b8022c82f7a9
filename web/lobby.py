"""The lobby's markup, rendered once at build time into ``index.html``.

It is plain HTML (a form per game), so it is usable while Python still
boots; ``web/static/boot.js`` turns a submitted form into the page URL of
the game (``?game=ID&seats=S&seed=N``, then ``&NAME=VALUE`` per game option).
"""

from __future__ import annotations

from pygame_engine import GAMES
from pygame_engine.core.game import Game, Option

from .views.markup import esc, tag

SEAT_CHOICES = (("human", "Human"), ("ai:easy", "AI · easy"), ("ai:normal", "AI · normal"),
                ("ai:hard", "AI · hard"))


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
    players = (f"{game.min_players} player" if game.min_players == game.max_players
               else f"{game.min_players}–{game.max_players} players")
    counts = [tag("option", {"value": n, "selected": n == default_players(game)}, str(n))
              for n in range(game.min_players, game.max_players + 1)]
    form = tag("form", {"class": "new-game", "data_game": game.id,
                        "aria_label": f"New game of {game.title}"},
               tag("label", {}, "Players ", tag("select", {"name": "players"}, *counts)),
               *[_seat_select(game, s) for s in range(game.max_players)],
               *[_option_select(option) for option in game.options],
               *_option_notes(game),
               tag("label", {}, "Seed ", tag("input", {"name": "seed", "inputmode": "numeric",
                                                       "placeholder": "random", "size": 8})),
               tag("button", {"type": "submit", "class": "primary"}, "Start"))
    return tag("article", {"class": "game-card", "id": f"card-{game.id}"},
               tag("h3", {}, esc(game.title)),
               tag("p", {"class": "meta"}, esc(players), " · ",
                   tag("a", {"href": f"./rules/{game.id}.html"}, "Rules")), form)


def render_lobby() -> str:
    """All game cards, in registry order."""
    return "".join(_game_card(g) for g in GAMES.values())
