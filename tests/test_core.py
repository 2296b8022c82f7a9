"""The engine core: saves, loading bad files, undo, replays, options, the RNG."""

from __future__ import annotations

import json

import pytest

from pygame_engine import GAMES, BadSave, IllegalAction, State, load, save, undo, undo_refusal
from pygame_engine.core.rng import Rng
from pygame_engine.games.ley_of_the_land.actions import Bid, Invest

GAME = GAMES["ley-of-the-land"]


def played(moves: int = 10, seed: int = 3) -> State:
    state = GAME.new_game(2, seed)
    rng = Rng(seed)
    for _ in range(moves):
        p = state.active_players()[0]
        state.apply(p, rng.choice(state.legal_actions(p)))
    return state


def test_errors_are_value_errors() -> None:
    assert issubclass(IllegalAction, ValueError) and issubclass(BadSave, ValueError)


def test_save_load_round_trip() -> None:
    state = played(15)
    text = save(state)
    record = json.loads(text)
    assert record["game"] == "ley-of-the-land" and record["num_players"] == 2
    assert len(record["actions"]) == 15 and record["seed"] == 3
    again = load(text)
    assert again.view(0) == state.view(0) and again.history == state.history


@pytest.mark.parametrize(("mutate", "message"), [
    (lambda r: "not json at all", "not valid JSON"),
    (lambda r: json.dumps([1, 2]), "not a Woodland Games save"),
    (lambda r: json.dumps({**r, "format_version": 99}), "format 99"),
    (lambda r: json.dumps({**r, "game": "chess"}), "Unknown game 'chess'"),
    (lambda r: json.dumps({**r, "num_players": 9}), "setup is invalid"),
    (lambda r: json.dumps({**r, "seed": "x"}), "'seed' field"),
    (lambda r: json.dumps({**r, "actions": [[0, ["bid", 99]]]}), "action 1 of 1"),
    (lambda r: json.dumps({**r, "actions": [[0, ["fly"]]]}), "damaged at action 1"),
    (lambda r: json.dumps({**r, "actions": [["zero", ["bid", 1]]]}), "expected [seat, action]"),
    (lambda r: json.dumps({**r, "actions": r["actions"][:3] + [[1, ["bid", 50]]]}),
     "action 4 of 4"),
])
def test_bad_saves_are_refused_with_the_reason(mutate: object, message: str) -> None:
    record = json.loads(save(played(6)))
    with pytest.raises(BadSave, match=message.replace("[", r"\[").replace("]", r"\]")):
        load(mutate(record))  # type: ignore[operator]


def test_undo_own_secret_bid() -> None:
    state = GAME.new_game(3, 1)
    state.apply(0, Bid(4))
    assert undo_refusal(state, 0) is None
    before = undo(state, 0)
    assert before.active_players() == [0, 1, 2] and before.history == []


def test_undo_refused_after_another_seat_or_a_reveal() -> None:
    state = GAME.new_game(2, 1)
    state.apply(0, Bid(4))
    state.apply(1, Bid(2))  # this reveals the bids
    assert "revealed" in (undo_refusal(state, 1) or "")
    assert "Another seat" in (undo_refusal(state, 0) or "")
    with pytest.raises(IllegalAction, match="Cannot undo"):
        undo(state, 1)
    state.apply(0, Invest())
    assert undo_refusal(state, 0) is None  # no chance, no reveal: may be taken back


def first_moves(game_id: str, players: int, count: int) -> State:
    """A game after its ``count`` first actions, each the first legal one."""
    state = GAMES[game_id].new_game(players, 1)
    for _ in range(count):
        p = state.active_players()[0]
        state.apply(p, state.legal_actions(p)[0])
    return state


def test_undo_takes_back_the_ais_replies_with_the_move() -> None:
    state = first_moves("ley-lines", 3, 3)  # three face-down cairns: nothing revealed
    assert [p for p, _ in state.history] == [0, 1, 2]
    assert "Another seat" in (undo_refusal(state, 0) or "")  # hot-seat: the others object
    assert undo_refusal(state, 0, also={1, 2}) is None  # AIs cannot object
    assert "Another seat" in (undo_refusal(state, 0, also={1}) or "")  # seat 2 is a person
    before = undo(state, 0, also={1, 2})
    assert before.history == [] and before.view(0) == GAMES["ley-lines"].new_game(3, 1).view(0)


def test_undo_against_ais_stops_at_a_reveal_or_a_roll() -> None:
    # Darkleaf, seed 1: Amber (1) draws her will, Moss (0) picks a trait, Amber
    # picks one and spends it (no chance), then rolls her die.
    state = first_moves("darkleaf-gambit", 2, 1)
    assert state.barriers == [True]
    assert undo_refusal(state, 0, also={1}) == "You have not moved yet."
    state = first_moves("darkleaf-gambit", 2, 4)
    assert [p for p, _ in state.history] == [1, 0, 1, 1] and not any(state.barriers[1:])
    assert undo_refusal(state, 0, also={1}) is None
    assert len(undo(state, 0, also={1}).history) == 1
    state = first_moves("darkleaf-gambit", 2, 5)
    assert state.history[-1][1].to_json()[0] == "roll" and state.barriers[-1]
    reason = undo_refusal(state, 0, viewer=0, also={1}) or ""
    assert reason.startswith("Since your move, Amber's 'Roll") and "random outcome" in reason
    with pytest.raises(IllegalAction, match="Cannot undo: Since your move, Amber's"):
        undo(state, 0, also={1})


def test_options_are_checked() -> None:
    with pytest.raises(ValueError, match="no option"):
        GAME.new_game(2, 1, {"speed": 3})
    with pytest.raises(ValueError, match="2-4 players"):
        GAME.new_game(5, 1)
    with pytest.raises(ValueError, match="whole number"):
        GAME.new_game(2, "seven")  # type: ignore[arg-type]


def test_action_json_is_validated() -> None:
    for bad in ([], ["bid"], ["bid", 1, 2], ["bid", [1]], "bid", ["nope", 1]):
        with pytest.raises(ValueError):
            GAME.action_from_json(bad)
    assert GAME.action_from_json(["bid", 3]) == Bid(3)


def test_rng_is_reproducible_and_clones_independently() -> None:
    a, b = Rng(11), Rng(11)
    assert [a.randint(0, 99) for _ in range(20)] == [b.randint(0, 99) for _ in range(20)]
    c = a.clone()
    assert c.random() == a.random() and a.draws == c.draws
    items = list(range(10))
    Rng(1).shuffle(items)
    assert items == [6, 8, 9, 7, 5, 3, 0, 4, 1, 2]  # fixed across platforms and versions


def test_events_carry_visibility() -> None:
    state = GAME.new_game(2, 1)
    state.apply(0, Bid(3))
    private = [e for e in state.log if e.visible_to == (0,)]
    assert private and all(e not in state.log_for(1) for e in private)
