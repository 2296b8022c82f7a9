"""Which rules a saved game or a link needs, and whether this site still has them.

Every game carries its own rules version (``Game.rules_version``, bumped
whenever a change alters the replay of any recorded game), and every save
and link names the one it was made with (older ones name only the engine
version, which ``RELEASES`` turns into rules versions). A game made with
today's rules opens here; one made with other rules opens with the newest
kept release that has them (the page starts that release's engine); when no
kept release has them, the page says so and shows the replay as far as its
moves still go under today's rules: never a different game in silence.

``RELEASES`` lists the kept releases (``releases/<version>/`` holds their
wheel and web package; ``tools/releases.py`` records them, and a test keeps
the two in step).

>>> release_for("groves", 1, "0.2.0").kind
'current'
>>> release_for("groves", None, "0.1.0").kind
'missing'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from pygame_engine import GAMES, __version__

#: Every kept release: its engine version, and each game's rules version in it.
RELEASES: dict[str, dict[str, int]] = {
    "0.2.0": {"darkleaf-gambit": 1, "groves": 1, "ley-lines": 1, "ley-of-the-land": 1,
              "leylines": 1},
    "0.3.0": {"darkleaf-gambit": 2, "groves": 1, "ley-lines": 1, "ley-of-the-land": 1,
              "leylines": 1},
    "0.4.0": {"darkleaf-gambit": 3, "groves": 1, "ley-lines": 1, "ley-of-the-land": 1,
              "leylines": 1},
    "0.5.0": {"darkleaf-gambit": 4, "groves": 1, "ley-lines": 1, "ley-of-the-land": 1,
              "leylines": 1},
    "0.6.0": {"darkleaf-gambit": 5, "groves": 1, "ley-lines": 1, "ley-of-the-land": 1,
              "leylines": 1},
    "0.7.0": {"darkleaf-gambit": 6, "groves": 1, "ley-lines": 1, "ley-of-the-land": 1,
              "leylines": 1},
    "0.8.0": {"darkleaf-gambit": 7, "groves": 1, "ley-lines": 1, "ley-of-the-land": 1,
              "leylines": 1},
    "0.9.0": {"darkleaf-gambit": 8, "groves": 1, "ley-lines": 1, "ley-of-the-land": 1,
              "leylines": 1},
    "0.10.0": {"darkleaf-gambit": 9, "groves": 1, "ley-lines": 1, "ley-of-the-land": 1,
               "leylines": 1},
    "0.11.0": {"darkleaf-gambit": 10, "groves": 1, "ley-lines": 1, "ley-of-the-land": 1,
               "leylines": 1},
    "0.12.0": {"darkleaf-gambit": 11, "groves": 1, "ley-lines": 1, "ley-of-the-land": 1,
               "leylines": 1},
    "0.13.0": {"darkleaf-gambit": 12, "groves": 1, "ley-lines": 1, "ley-of-the-land": 1,
               "leylines": 1},
    "0.14.0": {"darkleaf-gambit": 13, "groves": 1, "ley-lines": 1, "ley-of-the-land": 1,
               "leylines": 1},
    "0.15.0": {"darkleaf-gambit": 14, "groves": 1, "ley-lines": 1, "ley-of-the-land": 1,
               "leylines": 1},
    "0.16.0": {"darkleaf-gambit": 15, "groves": 1, "ley-lines": 1, "ley-of-the-land": 1,
               "leylines": 1},
    "0.17.0": {"darkleaf-gambit": 16, "groves": 1, "ley-lines": 1, "ley-of-the-land": 1,
               "leylines": 1},
    "0.18.0": {"darkleaf-gambit": 17, "groves": 1, "ley-lines": 1, "ley-of-the-land": 1,
               "leylines": 1},
    "0.19.0": {"darkleaf-gambit": 18, "groves": 1, "ley-lines": 1, "ley-of-the-land": 1,
               "leylines": 1},
}


@dataclass(frozen=True)
class Decision:
    """Where a recorded game opens.

    ``current``: here, with today's rules. ``kept``: with kept release
    ``release``. ``missing``: nowhere (``message`` says why, to the player).
    """

    kind: Literal["current", "kept", "missing"]
    #: The rules version the game was made with (None: not known).
    rules: int | None = None
    release: str | None = None
    message: str = ""


CURRENT = Decision("current")


def version_key(version: str) -> tuple[int, ...]:
    """``"0.10.1"`` sorts after ``"0.9.0"``.

    >>> sorted(["0.10.0", "0.9.1"], key=version_key)
    ['0.9.1', '0.10.0']
    """
    return tuple(int(part) if part.isdigit() else -1 for part in version.split("."))


def rules_of(game_id: str, rules: Any, made_by: Any,
             releases: Mapping[str, Mapping[str, int]] = RELEASES) -> int | None:
    """The rules version a recorded game of ``game_id`` was made with: the one it
    names, else the one of the engine release that made it; None if unknown.

    A recording that names neither (a hand-made link) is taken as today's.
    """
    if isinstance(rules, int) and not isinstance(rules, bool):
        return rules
    if isinstance(made_by, str) and made_by in releases:
        return releases[made_by].get(game_id)
    if made_by is None or made_by == __version__:
        return GAMES[game_id].rules_version
    return None


def release_for(game_id: str, rules: Any, made_by: Any,
                releases: Mapping[str, Mapping[str, int]] = RELEASES) -> Decision:
    """Where a game of ``game_id`` recorded with rules version ``rules`` by engine
    ``made_by`` (either may be None) opens: here, in a kept release, or nowhere."""
    game = GAMES[game_id]
    wanted = rules_of(game_id, rules, made_by, releases)
    if wanted == game.rules_version:
        return Decision("current", wanted)
    having = sorted((v for v, games in releases.items() if games.get(game_id) == wanted),
                    key=version_key)
    shown = "today's rules, as far as its moves still go"
    if having:
        return Decision("kept", wanted, having[-1], (
            f"This game was played with the rules of release {having[-1]} ({game.title} "
            f"rules version {wanted}), which could not be started here. It is shown as a "
            f"replay under {shown}: the position may differ from the game you played."))
    if wanted is not None and wanted > game.rules_version:
        return Decision("missing", wanted, None, (
            f"This game was made with newer {game.title} rules (version {wanted}; this page "
            f"has version {game.rules_version}): reload the page to update it. Until then it "
            f"is shown as a replay under {shown}."))
    made = f"release {str(made_by)[:40]}" if isinstance(made_by, str) else "an unknown release"
    named = f" (version {wanted})" if wanted is not None else ""
    return Decision("missing", wanted, None, (
        f"This game was made by {made} of the site, with {game.title} rules{named} that "
        f"this site no longer keeps. It is shown as a replay under {shown}: the position "
        f"may differ from the game you played."))


def moves_that_replay(game_id: str, num_players: int, seed: int, options: dict[str, Any],
                      moves: list[list[Any]]) -> int:
    """How many of ``moves``, from the start, today's rules accept."""
    game = GAMES[game_id]
    try:
        state = game.new_game(num_players, seed, options)
    except ValueError:
        return 0
    for done, move in enumerate(moves):
        try:
            state.apply(move[0], game.action_from_json(move[1]))
        except (ValueError, TypeError, IndexError):
            return done
    return len(moves)
