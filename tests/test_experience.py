"""Links, saves, undo and replay in the page layer (no browser)."""

from __future__ import annotations

import json

import pytest

from pygame_engine import BadSave, IllegalAction
from pygame_engine.games.ley_of_the_land.actions import Bid, Invest
from web import saves
from web.links import BadLink, decode_moves, encode_moves, hash_for, parse_hash
from web.replay import Replay
from web.session import Session, Setup, log_entries

SETUP = Setup("ley-of-the-land", ("human", "human"), 21)


def played(moves: int = 12, seats: tuple[str, ...] = ("human", "human")) -> Session:
    session = Session(Setup("ley-of-the-land", seats, 21))
    state = session.state
    for _ in range(moves):
        p = state.active_players()[0]
        state.apply(p, state.legal_actions(p)[-1 if state.phase == "bid" else 0])
    return session


def test_moves_survive_the_link() -> None:
    session = played()
    link = parse_hash(hash_for(session.history(), save_id="g5"))
    assert link.save_id == "g5" and not link.replay
    again = Session(SETUP, link.moves, link.version)
    assert again.state.view(None) == session.state.view(None)
    assert again.url() == session.url()


@pytest.mark.parametrize("damage", [lambda t: t[:-7], lambda t: "x" + t, lambda t: "!!!"])
def test_damaged_links_are_refused(damage: object) -> None:
    text = encode_moves(played().history())
    with pytest.raises(BadLink, match="damaged|not a list"):
        decode_moves(damage(text))  # type: ignore[operator]


def test_a_link_with_an_illegal_move_names_it() -> None:
    moves = played(4).history()
    moves[2] = [moves[2][0], ["bid", 99]]
    with pytest.raises(BadLink, match="Move 3 of 4"):
        Session(SETUP, moves)
    with pytest.raises(BadLink, match="recorded by engine version 0.0.1"):
        Session(SETUP, moves, "0.0.1")


def test_undo_takes_back_an_unrevealed_bid_only() -> None:
    session = Session(SETUP)
    session.confirm_handoff()
    assert session.undo_refusal() == "Nothing to undo yet."
    session.act(3)  # Moss bids 3 (secret): the device goes to Amber
    assert session.handoff_to == 1
    assert session.undo_refusal() is None  # Moss may still take it back
    session.undo()
    assert session.state.history == []
    # Amber may be holding the device: Moss's view waits behind a hand-off again.
    assert session.shown is None and session.handoff_to == 0
    assert "3" not in session.regions()["board"] + session.regions()["overlay"]
    session.confirm_handoff()
    session.act(2)
    session.confirm_handoff()
    session.act(1)  # Amber bids: the bids are revealed
    assert "revealed" in (session.undo_refusal() or "")
    with pytest.raises(IllegalAction, match="Cannot undo"):
        session.undo()
    assert len(session.state.history) == 2


def test_undo_names_whose_move_it_takes_back_in_hot_seat() -> None:
    session = Session(SETUP)  # Moss and Amber share the device
    session.confirm_handoff()
    label, note, refused = session.undo_words()
    assert refused and label == "Undo" and "Nothing to undo yet" in note
    session.act(3)  # Moss bids; Amber takes the device
    session.confirm_handoff()
    label, note, refused = session.undo_words()
    # On Amber's screen the button takes back Moss's bid, and says so, not "your move".
    assert not refused and label == "Undo Moss's last move"
    assert "A sealed bid" in note and "Bid 3" not in note  # Amber may not learn the bid
    session.undo()
    session.confirm_handoff()
    session.act(3)
    session.undo()  # Moss takes it back at once, still holding the device
    session.confirm_handoff()
    session.act(3)
    session.handoff_to, session.shown = None, 0  # Moss on screen: it is Moss's own move
    label, note, _ = session.undo_words()
    assert label == "Undo your last move" and "Bid 3" in note
    regions = session.regions()
    assert "Undo your last move" in regions["undo"] and "Takes back: Bid 3." in regions["undo"]


def ais_reply(session: Session) -> None:
    """Each AI seat to act plays its first legal action, until a person is to act."""
    while (seat := session.next_bot()) is not None:
        session.state.apply(seat, session.state.legal_actions(seat)[0])
        session.update_handoff()


def test_undo_against_ais_takes_back_their_replies_too() -> None:
    session = Session(Setup("ley-lines", ("human", "ai:normal", "ai:normal"), 1))
    assert session.acting() == 0
    session.act(0)  # a face-down cairn, then the AIs lay theirs
    ais_reply(session)
    assert [p for p, _ in session.state.history] == [0, 1, 2] and session.acting() == 0
    assert session.undo_refusal() is None
    label, note, refused = session.undo_words()
    assert not refused and label == "Undo your last move"
    assert note.endswith(", and the 2 AI moves after it.")
    session.undo()
    assert session.state.history == [] and session.acting() == 0


def test_undo_against_an_ai_is_refused_once_its_roll_is_shown() -> None:
    session = Session(Setup("darkleaf-gambit", ("human", "ai:normal"), 1))
    ais_reply(session)  # Amber calls on her will first
    assert session.undo_refusal() == "You have not moved yet."
    session.act(0)  # Moss chooses a trait; Amber chooses hers and spends it, then rolls
    for _ in range(2):
        seat = session.next_bot()
        assert seat == 1
        session.state.apply(seat, session.state.legal_actions(seat)[0])
    assert session.undo_refusal() is None
    assert session.undo_words()[1].endswith(", and the 2 AI moves after it.")
    session.state.apply(1, session.state.legal_actions(1)[0])  # Amber's roll
    reason = session.undo_refusal() or ""
    assert reason.startswith("Since your move, Amber's 'Roll bone")
    with pytest.raises(IllegalAction, match="Cannot undo: Since your move"):
        session.undo()
    assert len(session.state.history) == 5


def test_the_bar_is_never_empty_while_an_ai_thinks() -> None:
    session = Session(Setup("ley-of-the-land", ("ai:easy", "human"), 3))
    regions = session.regions()
    assert regions["status"] == "Moss is thinking…" and "data-action" not in regions["actions"]
    assert session.acting() is None
    thinking = session.start_bot(0)
    while not thinking.done:
        thinking.step(50)
    session.bot_acts(0, thinking)
    regions = session.regions()
    assert session.acting() == 1
    assert regions["status"].startswith('Amber<span class="turn-words">, your turn')
    assert 'data-action="0"' in regions["actions"]


def test_the_saved_games_list_words() -> None:
    session = played(seats=("human", "ai:normal"))
    summary = session.summary()
    assert summary["who"] == "You vs 1 AI (normal)"
    assert summary["progress"] == f"round {session.state.round}"
    assert Session(Setup("ley-lines", ("human", "human", "ai:hard"), 1)).summary()["who"] \
        == "2 people vs 1 AI (hard)"


def test_undo_is_refused_once_the_game_is_over() -> None:
    session = played(0, seats=("human", "ai:easy"))
    state = session.state
    while not state.is_over():
        p = state.active_players()[0]
        state.apply(p, state.legal_actions(p)[0])
    assert session.undo_refusal() == "The game is over."
    with pytest.raises(IllegalAction, match="game is over"):
        session.undo()


def test_undo_restores_the_position() -> None:
    session = Session(Setup("ley-of-the-land", ("human", "human"), 3))
    state = session.state
    state.apply(0, Bid(2))
    state.apply(1, Bid(0))
    session.shown = 0
    before = json.dumps(state.view(0))
    state.apply(0, Invest())
    session.undo()
    assert json.dumps(session.state.view(0)) == before
    assert Invest() in session.state.legal_actions(0)


def test_save_files_round_trip_with_seats() -> None:
    session = played(seats=("human", "ai:hard"))
    setup, moves = saves.from_file(json.dumps(session.save_record()))
    assert setup == session.setup and moves == session.history()


def test_save_files_without_seats_seat_people() -> None:
    record = played().save_record()
    del record["seats"]
    setup, _ = saves.from_file(json.dumps(record))
    assert setup.seats == ("human", "human")


@pytest.mark.parametrize(("text", "message"), [
    ("{not json", "not valid JSON"),
    (json.dumps({"format": "something else"}), "not a Woodland Games save"),
])
def test_bad_save_files_are_refused(text: str, message: str) -> None:
    with pytest.raises(BadSave, match=message):
        saves.from_file(text)


def test_tampered_save_file_is_refused_where_it_breaks() -> None:
    record = played().save_record()
    record["actions"][5][1] = ["bid", 1000]
    with pytest.raises(BadSave, match="action 6 of 12"):
        saves.from_file(json.dumps(record))


def test_older_engine_saves_replay_or_say_why() -> None:
    record = played().save_record()
    record["engine_version"] = "0.0.9"
    setup, moves = saves.from_file(json.dumps(record))  # still replays: accepted
    assert len(moves) == 12
    record["actions"][0][1] = ["bid", 77]
    with pytest.raises(BadSave, match="made by engine '0.0.9'"):
        saves.from_file(json.dumps(record))


def test_store_entry_lists_what_the_lobby_shows() -> None:
    session = played()
    entry = saves.entry(session, "gabc")
    assert entry["id"] == "gabc" and entry["moves"] == 12 and entry["title"] == "Ley of the Land"
    assert entry["url"].startswith("?game=ley-of-the-land&seats=human,human&seed=21#e=")
    assert saves.key("gabc") == "woodland-games:save:gabc"
    json.dumps(entry)


def finished() -> Session:
    session = played(0)
    state = session.state
    while not state.is_over():
        p = state.active_players()[0]
        state.apply(p, state.legal_actions(p)[0])
    return session


def test_replay_steps_and_views() -> None:
    session = finished()
    total = len(session.history())
    replay = Replay(session.setup, session.history(), position=total)
    assert "Final scores" in replay.regions()["overlay"]
    replay.go(1)
    regions = replay.regions()
    # A sealed bid is not named to the spectator or to the other seat...
    assert f"Move 1 of {total}: Moss: A sealed bid" in regions["actions"]
    replay.view_as(0)
    assert "your bid" in replay.regions()["board"]  # Moss sees its own secret bid
    bid = session.history()[0][1]
    assert f"Moss: Bid {bid[1]}" in replay.regions()["actions"]  # ...only to its own seat
    replay.view_as(1)
    assert "your bid" not in replay.regions()["board"]
    assert "Moss: A sealed bid" in replay.regions()["actions"]
    replay.go(-5)
    assert replay.position == 0
    replay.go(99)
    assert replay.position == total


def test_a_replay_plays_by_itself_to_the_end() -> None:
    session = finished()
    total = len(session.history())
    replay = Replay(session.setup, session.history(), position=total)
    assert replay.tick() == 0
    replay.toggle_play()  # at the end: plays from the start
    assert replay.playing and replay.position == 0 and replay.tick() > 0
    assert 'aria-label="Pause"' in replay.regions()["actions"]
    replay.pace = "fast"
    fast = replay.tick()
    replay.pace = "slow"
    assert replay.tick() > fast
    for _ in range(total):
        replay.tick_on()
    assert replay.position == total and not replay.playing and replay.tick() == 0
    controls = replay.regions()["actions"]
    assert f'max="{total}"' in controls and f'value="{total}"' in controls  # the slider
    assert "⏮" not in controls and "<svg" in controls  # icons drawn, not font glyphs


def test_an_unfinished_game_replays_as_a_spectator_only() -> None:
    session = played()
    replay = Replay(session.setup, session.history(), position=1)
    replay.view_as(0)
    assert replay.viewer is None
    assert "your bid" not in replay.regions()["board"]
    assert "View as" not in replay.regions()["actions"]


def test_log_entries_carry_their_seat() -> None:
    session = played(2)
    entries = log_entries(session.state, None)
    assert entries and all(seat in (0, 1, None) for _, seat in entries)
    assert any(seat == 0 for _, seat in entries)
