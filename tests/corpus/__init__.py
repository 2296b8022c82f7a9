"""The corpus of recorded games: a rules change that alters a replay needs a bump.

A saved game or link is replayed by the rules of the day, so a change that
alters the replay of a recorded game must bump that game's
``Game.rules_version`` (an older save then opens with the kept release that
has its rules, see ``web/releases.py``). This corpus holds, per game, seeded
random games for every player count (and the options that change the
rules), each with its moves and two digests of its replay:

- ``rules``: at every step, who may act and each one's legal actions, then
  the final scores and standings: what the rules decide;
- ``views``: every seat's and the spectator's final view: what is shown.

``tests/test_corpus.py`` replays them all. A changed ``rules`` digest means
the rules changed: bump ``rules_version`` and re-record. A changed
``views`` digest alone means the views' shape changed (a key added or
renamed) and no replay did: re-record, no bump needed.

    python -m tests.corpus record            # re-record (refuses a rules change without a bump)
    python -m tests.corpus record groves     # only some games
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pygame_engine import GAMES
from pygame_engine.core.game import State
from pygame_engine.core.rng import Rng

HERE = Path(__file__).resolve().parent


@dataclass(frozen=True)
class Case:
    """One recorded game: the setup (the moves are random, from ``seed``)."""

    players: int
    seed: int
    options: tuple[tuple[str, Any], ...] = ()


def _counts(game_id: str, seed: int = 1) -> list[Case]:
    game = GAMES[game_id]
    return [Case(n, seed + n) for n in range(game.min_players, game.max_players + 1)]


#: Per game: every player count with default options, and the option values
#: that change the rules (Darkleaf Gambit: every clan, both Wills, a handicap).
CASES: dict[str, list[Case]] = {
    "ley-of-the-land": _counts("ley-of-the-land"),
    "ley-lines": [*_counts("ley-lines"), Case(4, 21, (("hide_own_cairns", "on"),))],
    "groves": _counts("groves"),
    "leylines": [*_counts("leylines"),
                 Case(4, 31, (("convert", "on"), ("accountants", "on")))],
    "darkleaf-gambit": [
        Case(2, 41),
        Case(2, 42, (("clan1", "wibo"), ("clan2", "hexen"), ("will", "curses"))),
        Case(2, 43, (("clan1", "ferrymen"), ("clan2", "erde"), ("handicap1", 3))),
        Case(2, 44, (("clan1", "random"), ("clan2", "random"))),
    ],
}


def path(game_id: str) -> Path:
    return HERE / f"{game_id}.json"


def digest(value: Any) -> str:
    text = json.dumps(value, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:24]


def random_moves(game_id: str, case: Case) -> list[list[Any]]:
    """A whole game of seeded random legal moves (the first active seat acts)."""
    state = GAMES[game_id].new_game(case.players, case.seed, dict(case.options))
    rng = Rng(case.seed * 7919)
    while not state.is_over():
        seat = state.active_players()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return [[seat, action.to_json()] for seat, action in state.history]


def replay(game_id: str, players: int, seed: int, options: dict[str, Any],
           moves: list[list[Any]]) -> dict[str, str]:
    """The two digests of a recorded game's replay under today's rules;
    ``ValueError`` (an ``IllegalAction``) if a move no longer replays."""
    game = GAMES[game_id]
    state: State = game.new_game(players, seed, options)
    steps: list[Any] = []
    for seat, action in moves:
        steps.append([[p, [a.to_json() for a in state.legal_actions(p)]]
                      for p in state.active_players()])
        state.apply(seat, game.action_from_json(action))
    end = state.is_over()
    rules = [steps, state.active_players(), state.scores(),
             [[s.seat, s.rank, s.score, s.tiebreak] for s in state.standings()] if end else []]
    views = [state.view(p) for p in [None, *range(players)]]
    return {"rules": digest(rules), "views": digest(views)}


def load(game_id: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path(game_id).read_text(encoding="utf-8"))
    return data


def dump(data: dict[str, Any]) -> str:
    """One recorded game per block, its moves on one line (reviewable diffs)."""
    games = ",\n".join(
        "  {" + ", ".join(f"{json.dumps(k)}: {json.dumps(v, separators=(',', ':'))}"
                          for k, v in game.items()) + "}"
        for game in data["games"])
    return (f'{{"game": {json.dumps(data["game"])}, '
            f'"rules_version": {data["rules_version"]},\n "games": [\n{games}\n ]}}\n')


def record(game_id: str) -> list[str]:
    """Re-record one game's corpus; what changed, in words. Raises SystemExit
    when a replay changed while the game's rules version was not bumped."""
    game = GAMES[game_id]
    old = load(game_id) if path(game_id).is_file() else None
    notes = []
    if old is not None and old["rules_version"] == game.rules_version:
        for entry in old["games"]:
            try:
                now = replay(game_id, entry["players"], entry["seed"], entry["options"],
                             entry["moves"])
            except ValueError as exc:
                now = {"rules": f"does not replay: {exc}", "views": ""}
            if now["rules"] != entry["digest"]["rules"]:
                raise SystemExit(
                    f"{game_id}, {entry['players']} players, seed {entry['seed']}: the replay "
                    f"changed ({now['rules']}) but {game.title}'s rules_version is still "
                    f"{game.rules_version}. Bump it (old saves then open with the kept "
                    "release), record the release if the engine version is new "
                    "(python -m tools.releases record), then record again.")
            if now["views"] != entry["digest"]["views"]:
                notes.append(f"{game_id} {entry['players']}p seed {entry['seed']}: "
                             "final views changed (rules did not)")
    games = []
    for case in CASES[game_id]:
        options = game.resolve_options(dict(case.options))
        moves = random_moves(game_id, case)
        games.append({"players": case.players, "seed": case.seed, "options": options,
                      "moves": moves,
                      "digest": replay(game_id, case.players, case.seed, options, moves)})
    path(game_id).write_text(dump({"game": game_id, "rules_version": game.rules_version,
                                   "games": games}), encoding="utf-8")
    return notes
