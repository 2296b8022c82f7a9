"""Hostile saves and links: mutate real ones and check every answer is clean.

Each case starts from a real game of the given game (a seeded random
playout), written out as a save file and as a page link, and damages it in
one of the ways a careless or hostile person could: truncation, wrong
types, deep nesting, huge numbers, decompression bombs, bool seats, moves
swapped, dropped or repeated. Every case must either be refused with the
page's own errors (``BadSave``, ``BadLink``, ``SetupError``) or be accepted
as a game whose every move was legal; any other exception is a crash.

    python -m tests.fuzz --cases 20000    # the soak (outside CI)

``tests/test_hostile_input.py`` runs a few thousand cases in CI.
"""

from __future__ import annotations

import argparse
import functools
import json
import time
import zlib
from collections import Counter
from collections.abc import Callable
from typing import Any

from pygame_engine import GAMES, BadSave, load, save
from pygame_engine.core.game import State
from pygame_engine.core.rng import Rng
from web.links import BadLink, encode_moves, parse_hash
from web.saves import from_file
from web.session import Session, SetupError, parse_query

REFUSALS = (BadSave, BadLink, SetupError)
JSON = Any


def played(game_id: str, seed: int) -> State:
    """A random game of ``game_id``, stopped somewhere (or played to the end)."""
    game = GAMES[game_id]
    rng = Rng(seed)
    state = game.new_game(rng.randint(game.min_players, game.max_players), seed)
    stop = rng.randint(0, 400)
    while not state.is_over() and len(state.history) < stop:
        p = rng.choice(state.active_players())
        state.apply(p, rng.choice(state.legal_actions(p)))
    return state


# -- the mutations -------------------------------------------------------------

def _any_value(rng: Rng) -> JSON:
    return rng.choice([None, True, False, -1, 0, 7, 2**53, -(2**63), 1.5, 1e308, "",
                       "x" * 300, "ai:hard", [], [[]], {}, {"a": 1}, [0, ["bid", 3]]])


def _paths(value: JSON, here: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON value (list indices and dict keys from the top)."""
    out = [here]
    if isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*here, i))
    elif isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*here, k))
    return out


def _set(value: JSON, path: tuple[Any, ...], new: JSON) -> JSON:
    if not path:
        return new
    copy = list(value) if isinstance(value, list) else dict(value)
    copy[path[0]] = _set(value[path[0]], path[1:], new)
    return copy


def _retyped(record: JSON, rng: Rng) -> JSON:
    paths = _paths(record)[1:]
    if len(paths) > 600:  # long games: mostly the header and the first moves
        paths = paths[:300] + [rng.choice(paths[300:]) for _ in range(300)]
    return _set(record, rng.choice(paths), _any_value(rng))


def _moves_shuffled(moves: list[JSON], rng: Rng) -> list[JSON]:
    moves = list(moves)
    if not moves:
        return [[0, ["pass"]]]
    i = rng.randrange(len(moves))
    kind = rng.randrange(5)
    if kind == 0 and len(moves) > 1:
        j = rng.randrange(len(moves))
        moves[i], moves[j] = moves[j], moves[i]
    elif kind == 1:
        del moves[i]
    elif kind == 2:
        moves.insert(i, moves[i])
    elif kind == 3:
        moves[i] = [moves[i][0] == 1, moves[i][1]]
    else:
        moves[i] = [moves[i][0] + rng.choice([-1, 1, 10**6]), moves[i][1]]
    return moves


def _nested(depth: int) -> str:
    return "[" * depth + "]" * depth


@functools.cache
def _bomb(size: int) -> str:
    """A link hash whose moves inflate to ``size`` bytes of JSON."""
    import base64

    body = b"[" + b"[0,[\"bid\",0]]," * (size // 14) + b"[0,[\"bid\",0]]]"
    packed = zlib.compress(body, 9)
    return base64.urlsafe_b64encode(packed).decode().rstrip("=")


def _too_many(state: State, moves: list[JSON]) -> list[JSON]:
    """One more move than any game of this kind can have."""
    most = state.game.max_actions(state.num_players, state.options)
    moves = moves or [[0, ["bid", 0]]]
    return (moves * (most // len(moves) + 1))[:most + 1]


@functools.cache
def _too_large() -> str:
    return '{"format": "' + "x" * 2_100_000 + '"}'


def save_texts(state: State, rng: Rng) -> list[tuple[str, str]]:
    """(name, save file text) cases made from the save of ``state``."""
    text = save(state)
    record = json.loads(text)
    cut = rng.randrange(len(text))
    moves = record["actions"]
    return [
        ("truncated", text[:cut]),
        ("retyped", json.dumps(_retyped(record, rng))),
        ("retyped twice", json.dumps(_retyped(_retyped(record, rng), rng))),
        ("moves mixed up", json.dumps({**record, "actions": _moves_shuffled(moves, rng)})),
        ("nested", _nested(rng.choice([9, 100, 10_000, 200_000]))),
        ("nested inside", text.replace('"actions":[', '"actions":[' + _nested(5000) + ",", 1)),
        ("huge seed", text.replace(f'"seed":{record["seed"]}', '"seed":' + "9" * 5000, 1)),
        ("seed out of range", json.dumps({**record, "seed": rng.choice([-1, 2**53, 2**64])})),
        ("bool seed", json.dumps({**record, "seed": True})),
        ("longer than any game", json.dumps({**record, "actions": _too_many(state, moves)})),
        ("too large", _too_large()),
        ("huge id", json.dumps({**record, "game": "g" * 100_000})),
        ("garbage", "".join(chr(rng.randint(32, 0x2FF)) for _ in range(rng.randrange(80)))),
    ]


def link_texts(state: State, rng: Rng) -> list[tuple[str, str, str]]:
    """(name, query, hash) cases made from the page link of ``state``."""
    moves = [[p, a.to_json()] for p, a in state.history]
    seats = ",".join(["human"] * state.num_players)
    query = f"?game={state.game.id}&seats={seats}&seed={state.seed}"
    good = encode_moves(moves)
    cut = rng.randrange(len(good) + 1)
    return [
        ("truncated hash", query, f"#e=0.1.0&m={good[:cut]}"),
        ("moves mixed up", query, "#m=" + encode_moves(_moves_shuffled(moves, rng))),
        ("retyped moves", query, "#m=" + encode_moves(_retyped(moves, rng) if moves else [[]])),
        ("bool seats", query, "#m=" + encode_moves([[bool(p), a] for p, a in moves] or
                                                  [[False, ["bid", 0]]])),
        ("nested moves", query, "#m=" + encode_moves(
            json.loads(_nested(rng.choice([9, 50, 900]))))),
        ("bomb", query, "#m=" + _bomb(rng.choice([3_000_000, 30_000_000]))),
        ("too many moves", query, "#m=" + encode_moves(_too_many(state, moves))),
        ("huge seed", query.replace(f"seed={state.seed}", "seed=" + "7" * 5000), ""),
        ("negative seed", query.replace(f"seed={state.seed}", "seed=-4"), ""),
        ("huge game id", "?game=" + "x" * 100_000 + "&seats=human", ""),
        ("bad seats", query.replace("human", rng.choice(["robot", "true", "", "ai:ultra"]), 1),
         ""),
        ("save id", query, f"#m={good}&s=" + "g" * rng.choice([3, 5000])),
    ]


# -- running them --------------------------------------------------------------

def _open_link(query: str, fragment: str) -> Session | None:
    setup = parse_query(query, 0)
    if setup is None:
        return None
    link = parse_hash(fragment)
    return Session(setup, link.moves, link.version)


def _judge(tally: Counter[str], crashes: list[str], name: str, run: Callable[[], Any]) -> None:
    try:
        run()
    except REFUSALS as exc:
        tally["refused"] += 1
        # A refusal may list the moves that were legal (bounded by the game);
        # what must never happen is a message that grows with the input.
        if len(str(exc)) > 1000:
            crashes.append(f"{name}: a {len(str(exc))}-character message")
    except Exception as exc:  # noqa: BLE001 - any other exception is what we look for
        tally["crashed"] += 1
        crashes.append(f"{name}: {type(exc).__name__}: {str(exc)[:200]}")
    else:
        tally["accepted"] += 1
    tally["tried"] += 1


def fuzz(game_id: str, cases: int, seed: int = 0) -> tuple[Counter[str], list[str]]:
    """Run about ``cases`` hostile inputs on ``game_id``; the tally and the crashes."""
    tally: Counter[str] = Counter()
    crashes: list[str] = []
    rng = Rng(seed)
    while tally["tried"] < cases:
        state = played(game_id, rng.randrange(10**6))
        for name, text in save_texts(state, rng):
            _judge(tally, crashes, f"{game_id} save {name}", functools.partial(load, text))
            _judge(tally, crashes, f"{game_id} file {name}", functools.partial(from_file, text))
        for name, query, fragment in link_texts(state, rng):
            _judge(tally, crashes, f"{game_id} link {name}",
                   functools.partial(_open_link, query, fragment))
    return tally, crashes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=20_000, help="per game")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    total: Counter[str] = Counter()
    for game_id in GAMES:
        started = time.perf_counter()
        tally, crashes = fuzz(game_id, args.cases, args.seed)
        total += tally
        print(f"{game_id}: {dict(tally)} in {time.perf_counter() - started:.0f} s")
        for line in crashes[:20]:
            print("  CRASH", line)
    print(f"all: tried {total['tried']}, refused {total['refused']}, "
          f"accepted {total['accepted']}, crashed {total['crashed']}")


if __name__ == "__main__":
    main()
