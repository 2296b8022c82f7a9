"""Explicit chance nodes in the OpenSpiel adapter (``pygame_engine.openspiel.chance``):
every enumerable draw is a chance node whose outcomes are a distribution,
each outcome leads to a legal position, and choosing the seeded generator's
own outcomes plays exactly the engine's game. Needs the research extra."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

pyspiel = pytest.importorskip("pyspiel")

import pygame_engine.openspiel as ospiel  # noqa: E402
from pygame_engine import GAMES, load, save  # noqa: E402
from pygame_engine.openspiel.adapter import WoodlandState  # noqa: E402
from pygame_engine.openspiel.chance import Draw, Scripted, next_draw  # noqa: E402

#: The games with draws after the deal, and a player count each.
DRAWING = [("groves", 2), ("groves", 1), ("leylines", 3), ("darkleaf-gambit", 2)]


def chance_nodes(game_id: str, players: int, seed: int, limit: int
                 ) -> Iterator[WoodlandState]:
    """Up to ``limit`` chance nodes of one random game (each yielded before
    its outcome is chosen, at random; sealed bids made in turn)."""
    game = ospiel.load_game(game_id, turns=True, players=players)
    rng = random.Random(seed)
    state = game.new_initial_state(seed)
    found = 0
    while not state.is_terminal() and found < limit:
        if state.is_chance_node():
            found += 1
            yield state
        state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize(("game_id", "players"), DRAWING)
def test_every_outcome_is_a_legal_position(game_id: str, players: int) -> None:
    """At each chance node the outcomes' probabilities are positive and sum to
    1, and every outcome leads to a chance node or a position whose engine
    state keeps its components and offers a legal action to the seat on turn."""
    nodes = 0
    for state in chance_nodes(game_id, players, seed=4, limit=25):
        nodes += 1
        outcomes = state.chance_outcomes()
        assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
        assert all(p > 0 for _, p in outcomes)
        assert [a for a, _ in outcomes] == state.legal_actions()
        kept = ospiel.engine_state(state).conservation()
        for outcome, _ in outcomes:
            child = state.clone()
            child.apply_action(outcome)
            if child.is_chance_node() or child.is_terminal():
                continue
            inner = ospiel.engine_state(child)
            assert inner.conservation() == kept
            for p in inner.active_players():
                assert child.legal_actions(p)
    assert nodes == 25


@pytest.mark.parametrize(("game_id", "players"), DRAWING)
def test_seeded_outcomes_play_the_engines_game(game_id: str, players: int) -> None:
    """Choosing ``seeded_outcome`` at every chance node gives the very game the
    engine plays from the same seed and actions (the adapter's chance nodes
    change nothing in the engine), and the save replays it."""
    game = ospiel.load_game(game_id, players=players)
    state = game.new_initial_state(9)
    plain = GAMES[game_id].new_game(players, 9, dict(ospiel.engine_state(state).options))
    rng = random.Random(9)
    nodes = 0
    while not state.is_terminal():
        if state.is_chance_node():
            nodes += 1
            state.apply_action(state.seeded_outcome())
            continue
        p = state.current_player()
        action_id = rng.choice(state.legal_actions())
        action = game.setting.codec.decode(ospiel.engine_state(state), p, action_id)
        state.apply_action(action_id)
        plain.apply(p, action)
    inner = ospiel.engine_state(state)
    assert nodes > 0
    assert plain.is_over()
    assert save(inner) == save(plain)
    assert inner.view(None) == plain.view(None)
    assert load(save(inner)).view(None) == plain.view(None)


def test_chosen_outcomes_survive_serialization() -> None:
    """A game whose chance nodes were decided otherwise than the seed would
    replays from ``serialize`` with those outcomes (a Darkleaf bone showing
    its lowest face every time)."""
    game = ospiel.load_game("darkleaf-gambit")
    state = game.new_initial_state(3)
    rng = random.Random(3)
    rolls = 0
    while not state.is_terminal() and rolls < 6:
        if state.is_chance_node():
            rolls += 1
            state.apply_action(0)
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    back = game.deserialize_state(state.serialize())
    assert str(back) == str(state)
    assert ospiel.engine_state(back).view(None) == ospiel.engine_state(state).view(None)


def test_scripted_draws() -> None:
    """The scripted generator: enumerable draws recorded with their outcome
    counts, scripted outcomes returned, the rest drawn; shuffles sampled."""
    from pygame_engine.core.rng import Rng

    real = Rng(1)
    twin = real.clone()
    s = Scripted(real, (3, None))
    assert s.randint(1, 6) == 4
    twin.randint(1, 6)  # the scripted die still moved the real stream on
    assert s.randrange(10) == twin.randrange(10)  # not scripted: the generator's own
    items = [1, 2, 3]
    s.shuffle(items)
    assert s.calls == [Draw("randint", 1, 6), Draw("randrange", 0, 10), Draw("shuffle", 0, 0)]
    assert next_draw(s.calls, ()) == ((), Draw("randint", 1, 6))
    assert next_draw(s.calls, (3,)) == ((3,), Draw("randrange", 0, 10))
    assert next_draw(s.calls, (3, 5)) == ((3, 5, None), None)
    assert s.draws == 3  # counted as the real one counts (``play`` hands the count back)
    assert s.randrange(2**62) >= 0 and s.calls[-1].outcomes == 0  # a fork: sampled


def test_chance_notes_name_every_game() -> None:
    """``CHANCE`` documents every game's chance; a game with no chance node
    there has none in play."""
    assert set(ospiel.CHANCE) == set(GAMES)
    for game_id in ("ley-of-the-land", "ley-lines"):
        players = GAMES[game_id].min_players
        assert list(chance_nodes(game_id, players, seed=2, limit=1)) == []
