"""Saves and links name their rules, and open with them (``web.releases``,
``web.links``, ``web.saves``, ``tools/releases.py``): which release a saved
game or link needs, whether it is kept, and what the page shows otherwise."""

from __future__ import annotations

import json
from typing import Any

import pytest

from pygame_engine import GAMES, BadSave, __version__, load, save
from pygame_engine.core.rng import Rng
from pygame_engine.core.savefile import to_record
from tools import releases as kept_releases
from web import releases
from web.links import encode_moves, hash_for, parse_hash
from web.releases import release_for
from web.worker import Table

LOTL = "?game=ley-of-the-land&seats=human,human&seed=3"
#: The newest kept release with Ley of the Land's first rules: where a game of
#: those rules opens once the tests bump them.
LOTL_FIRST_RULES = max((v for v, rules in releases.RELEASES.items()
                        if rules["ley-of-the-land"] == 1),
                       key=lambda v: tuple(int(n) for n in v.split(".")))


def played(game_id: str = "ley-of-the-land", players: int = 2, moves: int = 6,
           seed: int = 3) -> Any:
    """A game after ``moves`` random legal moves."""
    state = GAMES[game_id].new_game(players, seed)
    rng = Rng(seed)
    for _ in range(moves):
        seat = state.active_players()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


@pytest.fixture
def lotl_rules_bumped(monkeypatch: pytest.MonkeyPatch) -> None:
    """Today's Ley of the Land as if its rules had changed since release 0.2.0."""
    monkeypatch.setattr(GAMES["ley-of-the-land"], "rules_version", 2, raising=False)


# -- the kept releases ---------------------------------------------------------------


def test_the_page_lists_exactly_the_kept_releases_with_their_rules() -> None:
    on_disk = kept_releases.kept()
    assert "0.2.0" in on_disk
    assert {v: r["rules"] for v, r in on_disk.items()} == releases.RELEASES
    assert kept_releases.check() == []


def test_every_game_has_a_rules_version_kept_in_the_current_release() -> None:
    for game in GAMES.values():
        assert isinstance(game.rules_version, int) and game.rules_version >= 1
    if __version__ in releases.RELEASES:  # recorded: it must be today's rules
        assert releases.RELEASES[__version__] == {g: GAMES[g].rules_version for g in GAMES}


def test_a_damaged_kept_release_is_refused(tmp_path: Any) -> None:
    folder = tmp_path / "releases" / "9.9.9"
    folder.mkdir(parents=True)
    (folder / "w.whl").write_bytes(b"wheel")
    (folder / "web.zip").write_bytes(b"web")
    record = {"version": "9.9.9", "rules": {}, "wheel": "w.whl", "web": "web.zip",
              "sha256": {"wheel": kept_releases.sha256(folder / "w.whl"), "web": "0" * 64}}
    (folder / "release.json").write_text(json.dumps(record))
    assert kept_releases.check(tmp_path) == ["9.9.9: web.zip does not match its sha256"]
    with pytest.raises(SystemExit, match="damaged"):
        kept_releases.copy_into(tmp_path / "dist", tmp_path)
    (folder / "web.zip").unlink()
    assert kept_releases.check(tmp_path) == ["9.9.9: web.zip is missing"]


def test_the_build_copies_every_kept_release_with_its_worker_config(tmp_path: Any) -> None:
    def config(wheel: str, web: str, site: str) -> dict[str, Any]:
        return {"packages": [site + wheel], "files": {site + web: "./*"}}

    copied = kept_releases.copy_into(tmp_path, config=config)
    assert "releases/0.2.0/pygame_engine-0.2.0-py3-none-any.whl" in copied
    assert "releases/0.2.0/web-0.2.0.zip" in copied
    made = json.loads((tmp_path / "releases" / "0.2.0" / "pyscript.json").read_text())
    assert made["packages"] == ["../../releases/0.2.0/pygame_engine-0.2.0-py3-none-any.whl"]
    for path in copied:
        assert (tmp_path / path).is_file()


# -- the decision --------------------------------------------------------------------


def test_todays_rules_open_here() -> None:
    assert release_for("groves", 1, __version__).kind == "current"
    assert release_for("groves", None, __version__).kind == "current"
    assert release_for("groves", None, None).kind == "current"  # a hand-made link
    # A save from 0.2.0 names no rules version: 0.2.0 had version 1 of every game.
    assert release_for("groves", None, "0.2.0") == releases.Decision("current", 1)


def test_other_rules_open_with_the_newest_kept_release_that_has_them() -> None:
    table = {"0.2.0": {"groves": 1}, "0.3.0": {"groves": 1}, "0.10.0": {"groves": 2},
             "0.4.0": {"groves": 3}}
    decision = release_for("groves", None, "0.4.0", table)
    assert (decision.kind, decision.rules, decision.release) == ("kept", 3, "0.4.0")
    # The rules version named beats the engine version: 0.3.0 had rules 1 too.
    decision = release_for("groves", 2, "0.3.0", table)
    assert (decision.kind, decision.release) == ("kept", "0.10.0")
    assert "release 0.10.0" in decision.message and "Groves rules version 2" in decision.message


def test_a_game_whose_rules_did_not_change_opens_here_whatever_release_made_it() -> None:
    table = {"0.3.0": {"groves": 1, "leylines": 2}}
    assert release_for("groves", None, "0.3.0", table).kind == "current"
    assert release_for("leylines", None, "0.3.0", table).kind == "kept"


def test_rules_no_kept_release_has_are_missing_and_said_so() -> None:
    old = release_for("ley-of-the-land", None, "0.1.0")
    assert old.kind == "missing" and old.rules is None and old.release is None
    assert "release 0.1.0" in old.message and "no longer keeps" in old.message
    assert "replay" in old.message
    newer = release_for("ley-of-the-land", 7, "9.0.0")
    assert newer.kind == "missing" and "newer" in newer.message and "reload" in newer.message
    odd = release_for("groves", None, ["not", "a", "version"])
    assert odd.kind == "missing" and "an unknown release" in odd.message


def test_moves_that_replay_stops_at_the_first_move_todays_rules_refuse() -> None:
    state = played(moves=6)
    moves = [[p, a.to_json()] for p, a in state.history]
    assert releases.moves_that_replay("ley-of-the-land", 2, 3, {}, moves) == 6
    broken = [*moves[:4], [moves[4][0], ["no-such-action"]], moves[5]]
    assert releases.moves_that_replay("ley-of-the-land", 2, 3, {}, broken) == 4


# -- links and saves name their rules ---------------------------------------------------


def test_links_name_the_engine_and_the_games_rules_version() -> None:
    fragment = hash_for([[0, ["bid", 1]]], game_id="ley-of-the-land")
    assert fragment.startswith(f"#e={__version__}&r=1&m=")
    link = parse_hash(fragment)
    assert (link.version, link.rules) == (__version__, 1)
    assert parse_hash(f"#e=0.2.0&m={encode_moves([[0, ['bid', 1]]])}").rules is None
    assert parse_hash(f"#r=x1&m={encode_moves([[0, ['bid', 1]]])}").rules is None


def test_saves_name_the_rules_version_and_refuse_other_rules() -> None:
    state = played()
    record = to_record(state)
    assert record["rules_version"] == 1 and record["engine_version"] == __version__
    assert load(save(state)).view(None) == state.view(None)
    older = {k: v for k, v in record.items() if k != "rules_version"}
    older["engine_version"] = "0.2.0"
    assert load(json.dumps(older)).view(None) == state.view(None)  # a 0.2.0 save
    for rules in (2, "1", True):
        with pytest.raises(BadSave, match="rules version"):
            load(json.dumps({**record, "rules_version": rules}))


# -- the page's worker: what it answers for other rules -----------------------------------


def test_a_link_from_a_release_not_kept_shows_the_replay_and_says_so() -> None:
    state = played(moves=6)
    moves = [[p, a.to_json()] for p, a in state.history]
    broken = [*moves[:5], [moves[5][0], ["no-such-action"]]]
    table = Table()
    screen = table.navigate(LOTL, f"#e=0.1.0&m={encode_moves(broken)}&s=g1")
    assert screen.status == "replay" and screen.release is None
    assert "release 0.1.0" in screen.alert and "5 of its 6 moves" in screen.alert
    assert table.replay is not None and len(table.replay.moves) == 5
    assert screen.store is None  # the saved game is left as it is
    step = table.ui("goto", "2", screen.generation)
    assert step.alert == screen.alert  # said on every screen of it
    leave = table.ui("replay", "stop", screen.generation)
    assert leave.result == {"go": "./"}  # never into a game of today's rules


def test_a_link_with_other_kept_rules_asks_for_that_release(lotl_rules_bumped: None) -> None:
    moves = [[p, a.to_json()] for p, a in played(moves=4).history]
    table = Table()
    screen = table.navigate(LOTL, f"#e=0.2.0&m={encode_moves(moves)}")
    assert screen.release == LOTL_FIRST_RULES and screen.status == "replay"
    assert f"release {LOTL_FIRST_RULES}" in screen.alert
    assert "could not be started" in screen.alert
    # The same link made today opens the game.
    today = table.navigate(LOTL, hash_for(moves, game_id="ley-of-the-land"))
    assert today.release is None and today.status == "playing" and not today.alert


def test_a_save_file_with_other_kept_rules_asks_for_that_release(
        lotl_rules_bumped: None) -> None:
    state = played(moves=4)
    record = {**to_record(state), "rules_version": 1, "seats": ["human", "ai:easy"]}
    screen = Table().import_file(json.dumps(record))
    assert screen.release == LOTL_FIRST_RULES and screen.status == "replay"
    bad = Table().import_file(json.dumps({**record, "seed": -1}))
    assert bad.status == "lobby" and "cannot be opened" in bad.alert


def test_a_save_file_of_todays_rules_opens_as_before() -> None:
    record = {**to_record(played(moves=4)), "seats": ["human", "ai:easy"]}
    screen = Table().import_file(json.dumps(record))
    assert screen.status == "playing" and screen.release is None
    old = {k: v for k, v in record.items() if k != "rules_version"}
    assert Table().import_file(json.dumps({**old, "engine_version": "0.2.0"})).status \
        == "playing"
