"""The corpus of recorded games replays exactly as recorded (``tests/corpus``).

A change that alters any recorded game's replay fails here until the game's
``rules_version`` is bumped and the corpus re-recorded
(``python -m tests.corpus record``), so that no saved game or link silently
becomes another game.
"""

from __future__ import annotations

import pytest

from pygame_engine import GAMES
from tests import corpus


def test_every_game_and_player_count_is_recorded() -> None:
    for game_id, game in GAMES.items():
        data = corpus.load(game_id)
        counts = {entry["players"] for entry in data["games"]}
        assert counts == set(range(game.min_players, game.max_players + 1)), game_id
        assert all(entry["moves"] for entry in data["games"])


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_recorded_games_replay_as_recorded(game_id: str) -> None:
    data = corpus.load(game_id)
    game = GAMES[game_id]
    assert data["rules_version"] == game.rules_version, (
        f"{game.title}'s rules_version is {game.rules_version} but the corpus was recorded "
        f"with {data['rules_version']}: re-record it (python -m tests.corpus record {game_id})")
    for entry in data["games"]:
        where = f"{game_id}, {entry['players']} players, seed {entry['seed']}"
        try:
            now = corpus.replay(game_id, entry["players"], entry["seed"], entry["options"],
                                entry["moves"])
        except ValueError as exc:
            pytest.fail(f"{where}: a recorded move no longer replays ({exc}). A rules change "
                        f"that alters a replay must bump {game.title}'s rules_version, then "
                        "python -m tests.corpus record")
        assert now["rules"] == entry["digest"]["rules"], (
            f"{where}: the replay changed (legal actions, scores or standings). Bump "
            f"{game.title}'s rules_version, then python -m tests.corpus record")
        assert now["views"] == entry["digest"]["views"], (
            f"{where}: the final views changed but the rules did not: if no replay changed, "
            "re-record (python -m tests.corpus record); else bump rules_version first")
