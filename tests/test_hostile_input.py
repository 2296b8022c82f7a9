"""Hostile input: saves, links and page text that once crashed, hung or leaked.

Each test names the defect it guards against (issue 15); the fuzz test at the
end throws a few thousand mutated saves and links at every game
(``tests/fuzz.py``; ``FUZZ_CASES`` sets how many per game, ``python -m
tests.fuzz`` is the long soak).
"""

from __future__ import annotations

import base64
import json
import os
import zlib

import pytest

from pygame_engine import GAMES, BadSave, IllegalAction, load, save
from pygame_engine.core.limits import MAX_DEPTH, MAX_RECORD_CHARS, MAX_SEED, QUOTE_CHARS
from pygame_engine.core.savefile import to_record
from web.links import BadLink, decode_moves, encode_moves, parse_hash
from web.replay import Replay
from web.saves import from_file
from web.session import Session, Setup, SetupError, parse_query
from web.views import page as page_views

from .fuzz import fuzz, played

FUZZ_CASES = int(os.environ.get("FUZZ_CASES", "1200"))


def _hash(body: bytes) -> str:
    return base64.urlsafe_b64encode(zlib.compress(body, 9)).decode().rstrip("=")


# -- 1. deep nesting -------------------------------------------------------------


def test_deeply_nested_link_is_refused_unparsed() -> None:
    # The link from the report: 10,000 nested lists, fatal to Pyodide when parsed.
    fragment = "#e=0.1.0&m=eNrtwQENAAAMAqCgzv41zPEPSAAAAAAAAAAAAOC-AgAAAAAAAAAAwAMDHO4VJQ"
    with pytest.raises(BadLink, match=f"nested 10000 levels deep; at most {MAX_DEPTH}"):
        parse_hash(fragment)


@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 10_000, 1_000_000])
def test_deeply_nested_save_is_refused_unparsed(depth: int) -> None:
    text = "[" * depth + "]" * depth
    for read in (load, from_file):
        with pytest.raises(BadSave, match="nested"):
            read(text)


def test_brackets_inside_strings_do_not_count() -> None:
    state = GAMES["ley-of-the-land"].new_game(2, 3)
    record = to_record(state) | {"note": "[" * 50}
    assert load(json.dumps(record)).seed == 3


# -- 2. decompression bombs --------------------------------------------------------


def test_decompression_bomb_is_refused_at_the_limit() -> None:
    bomb = _hash(b"[" + b"[0,[\"bid\",0]]," * 2_000_000 + b"[0,[\"bid\",0]]]")  # 28 MB
    assert len(bomb) < 100_000
    with pytest.raises(BadLink, match=f"more than {MAX_RECORD_CHARS:,} bytes"):
        decode_moves(bomb)


def test_moves_just_under_the_limit_still_decode() -> None:
    moves = [[0, ["bid", 0]]] * 100_000  # 1.4 MB: decodes, then the game's bound refuses it
    assert len(decode_moves(encode_moves(moves))) == 100_000
    setup = Setup("ley-of-the-land", ("human", "human"), 1)
    with pytest.raises(BadLink, match="can last more than 140"):
        Session(setup, moves)


# -- 3. sizes with no ceiling ------------------------------------------------------


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_saves_longer_than_any_game_are_refused_before_replay(game_id: str) -> None:
    state = played(game_id, 11)
    record = to_record(state)
    most = state.game.max_actions(state.num_players, state.options)
    record["actions"] = [[0, ["bogus"]]] * (most + 1)  # would fail at once if replayed
    with pytest.raises(BadSave, match=f"can last more than {most:,}"):
        load(json.dumps(record))


def test_million_action_save_is_refused_at_once() -> None:
    record = to_record(GAMES["ley-of-the-land"].new_game(2, 1))
    record["actions"] = [[0, ["bid", 0]]] * 1_000_000
    with pytest.raises(BadSave, match="characters long"):
        load(json.dumps(record))


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_longest_game_fits_the_size_limits(game_id: str) -> None:
    """``MAX_RECORD_CHARS`` leaves room for every game's longest record."""
    game = GAMES[game_id]
    longest_action = 0
    for seed in range(3):
        state = played(game_id, seed)
        longest_action = max([longest_action] + [len(json.dumps([p, a.to_json()])) + 1
                                                 for p, a in state.history])
    most = max(game.max_actions(n, game.resolve_options({}))
               for n in range(game.min_players, game.max_players + 1))
    assert most * (longest_action + 8) < MAX_RECORD_CHARS


# -- 4. short messages --------------------------------------------------------------


def test_messages_quote_at_most_a_line() -> None:
    record = to_record(GAMES["ley-of-the-land"].new_game(2, 1))
    for bad in ({"game": "g" * 5_000_000}, {"format_version": "v" * 100_000},
                {"options": {"x" * 100_000: 1}}, {"actions": [[0, ["b" * 100_000]]]},
                {"actions": [[0, ["bid", 10**4000]]]}, {"seed": -10**4000}):
        with pytest.raises(BadSave) as refused:
            load(json.dumps(record | bad))
        assert len(str(refused.value)) < QUOTE_CHARS + 150, str(refused.value)[:300]
    for query in ("?game=" + "x" * 100_000, "?game=groves&seats=" + "y" * 100_000,
                  "?game=groves&seed=" + "z" * 100_000, "?" + "w" * 100_000 + "=1"):
        with pytest.raises(SetupError) as setup_refused:
            parse_query(query, 0)
        assert len(str(setup_refused.value)) < QUOTE_CHARS + 150


# -- 9-11. seats and seeds ----------------------------------------------------------


def test_bool_seats_are_refused_in_links_and_by_the_engine() -> None:
    with pytest.raises(BadLink, match="seat, action"):
        decode_moves(encode_moves([[False, ["bid", 0]]]))
    state = GAMES["ley-of-the-land"].new_game(2, 1)
    with pytest.raises(IllegalAction, match="no seat True"):
        state.apply(True, state.legal_actions(1)[0])
    assert state.history == []


@pytest.mark.parametrize("seed", [-1, MAX_SEED + 1, 2**64])
def test_one_rule_for_seeds_in_saves_and_links(seed: int) -> None:
    record = to_record(GAMES["ley-of-the-land"].new_game(2, 1)) | {"seed": seed}
    with pytest.raises(BadSave, match=f"from 0 to {MAX_SEED}"):
        load(json.dumps(record))
    with pytest.raises(SetupError):
        parse_query(f"?game=ley-of-the-land&seed={seed}", 0)


def test_the_largest_seed_works_everywhere() -> None:
    setup = parse_query(f"?game=ley-of-the-land&seed={MAX_SEED}", 0)
    assert setup is not None and setup.seed == MAX_SEED
    session = Session(setup)
    again = load(json.dumps(session.save_record()))
    assert again.seed == MAX_SEED
    assert parse_query(session.url().split("#")[0], 0) == setup


def test_a_seed_of_thousands_of_digits_gets_the_page_message() -> None:
    with pytest.raises(SetupError, match="too large"):
        parse_query("?game=groves&seed=" + "9" * 5000, 0)
    # Leading zeros are only zeros.
    setup = parse_query("?game=groves&seed=" + "0" * 5000 + "42", 0)
    assert setup is not None and setup.seed == 42


# -- 7, 8, 12. what the page shows ----------------------------------------------------


GROVES_HOT_SEAT = (
    "?game=groves&seats=human,human,human&seed=0",
    "#e=0.1.0&m=eNqNkMsOhCAMRf-FdU2U3zEu0KlCUsFA1fj3AyM-knlkwoL0XnrKbV1LqEVg5VmAaGlG0TRQVzfR"
    "eWWHXS5v8oZEbj3lxQST5FUbxnhPzrOiEzaR6vCCQRVPeZidI8IudQ8e0b6a5Afm4N2C4bTbeYugo1LMqtMCJBTV"
    "H59Kdi53RvX7vbyFyLaEEs5Rh5fXkuJd5hWQzKD5bSsZmHrKb-FbZ-cre5jH0dkos44rKx6m79GjTejmCe0ukTQ")


def test_undo_reason_names_a_secret_move_only_to_its_maker() -> None:
    setup = parse_query(GROVES_HOT_SEAT[0], 0)
    assert setup is not None
    link = parse_hash(GROVES_HOT_SEAT[1])
    session = Session(setup, link.moves)
    last_seat, last = session.state.history[-1]
    assert last.secret and last.label != last.public_label
    for shown in range(3):
        session.shown = shown
        reason = session.undo_refusal() or ""
        tools = session.regions()["undo"]  # the undo row says what it takes back
        if shown == last_seat:
            assert last.label in reason
        else:
            assert last.label not in reason and last.label not in tools
            assert last.public_label in reason


def test_link_and_save_buttons_say_they_carry_every_secret() -> None:
    tools = page_views.toolbar(False, "normal", False, False)
    assert tools.count("hidden ones included") == 2


def test_status_texts_are_escaped() -> None:
    view = {"names": ["<b>Moss</b>", "Amber"], "over": False, "active": [0]}
    assert "<b>" not in page_views.status_line(view, ["human", "human"])
    session = Session(Setup("ley-of-the-land", ("human", "human"), 1))
    session.handoff_to, session.shown = 1, None
    assert session.regions()["status"] == "Amber&#x27;s turn: pass the device."
    replay = Replay(Setup("ley-of-the-land", ("human", "human"), 1), [])
    assert replay.regions()["status"] == "Replay, seen by the spectator"


def test_save_id_in_a_link_must_be_ours() -> None:
    assert parse_hash("#s=g1a2b").save_id == "g1a2b"
    assert parse_hash("#s=" + "g" * 5000).save_id is None
    assert parse_hash("#s=<script>").save_id is None


# -- the fuzz ---------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_fuzzed_saves_and_links_are_refused_or_legal(game_id: str) -> None:
    tally, crashes = fuzz(game_id, FUZZ_CASES, seed=sorted(GAMES).index(game_id))
    assert crashes == []
    assert tally["crashed"] == 0 and tally["tried"] >= FUZZ_CASES
    # The mutations must bite: most are refused, and some still replay.
    assert tally["refused"] > tally["tried"] * 0.8 and tally["accepted"] > 0
    print(f"{game_id}: {dict(tally)}")


def test_a_refused_save_leaves_a_good_one_alone() -> None:
    good = save(played("ley-lines", 4))
    with pytest.raises(BadSave):
        load(good[:-7])
    assert load(good).history
