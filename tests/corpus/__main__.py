"""``python -m tests.corpus record [GAME ...]``: re-record the corpus (see ``__init__``)."""

from __future__ import annotations

import argparse

from pygame_engine import GAMES

from . import record


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.corpus",
                                     description="Re-record the corpus of recorded games.")
    parser.add_argument("command", choices=("record",))
    parser.add_argument("games", nargs="*", metavar="GAME",
                        help=f"game ids (default: every game): {', '.join(sorted(GAMES))}")
    args = parser.parse_args(argv)
    unknown = sorted(set(args.games) - set(GAMES))
    if unknown:
        parser.error(f"no such game: {', '.join(unknown)} (known: {', '.join(sorted(GAMES))})")
    for game_id in args.games or sorted(GAMES):
        for note in record(game_id):
            print(note)
        print(f"recorded tests/corpus/{game_id}.json")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
