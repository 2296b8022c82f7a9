"""Games recorded by a kept release, with that release's own engine and web
package (``releases/<version>/``), for the browser tests of older saves.

Run in a process of its own, since it imports the release's ``pygame_engine``
and ``web`` in place of today's:

    python -m tests.browser.release_games 0.2.0 ley-of-the-land human,ai:easy 5 6

prints JSON: the link (query and hash) and the save record (with seats) after
that many random legal moves, the scores if the game is over, and the
module paths it ran (to show they are the release's).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


def record(version: str, game_id: str, seats: str, seed: int, moves: int) -> dict[str, Any]:
    """Run the release's own session on a game and return what it recorded."""
    out = subprocess.run(
        [sys.executable, "-m", "tests.browser.release_games", version, game_id, seats,
         str(seed), str(moves)], cwd=ROOT, capture_output=True, text=True, check=True)
    result: dict[str, Any] = json.loads(out.stdout)
    return result


def main(argv: list[str]) -> None:
    version, game_id, seats, seed, moves = argv
    folder = ROOT / "releases" / version
    release = json.loads((folder / "release.json").read_text())
    sys.path[:0] = [str(folder / release["wheel"]), str(folder / release["web"])]
    import pygame_engine
    import web.session
    from pygame_engine.core.rng import Rng

    setup = web.session.parse_query(f"?game={game_id}&seats={seats}&seed={seed}", 0)
    assert setup is not None
    session = web.session.Session(setup)
    rng = Rng(int(seed))
    state = session.state
    limit = int(moves)
    while not state.is_over() and len(state.history) < limit:
        seat = state.active_players()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    print(json.dumps({
        "url": session.url(), "save": session.save_record(),
        "over": state.is_over(), "scores": state.scores() if state.is_over() else None,
        "active": state.active_players(),
        "ran": [pygame_engine.__file__, web.session.__file__],
    }))


if __name__ == "__main__":
    main(sys.argv[1:])
