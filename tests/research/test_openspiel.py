"""The OpenSpiel adapter (``pygame_engine.openspiel``): OpenSpiel's own random
simulation test, serialization, the leak test, the action encoding's round
trip, and PettingZoo's API test through Shimmy, for every game and player
count. Needs the research extra (open-spiel, pettingzoo, shimmy)."""

from __future__ import annotations

import ast
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")
pytest.importorskip("shimmy")

import pygame_engine.openspiel as ospiel  # noqa: E402
from pygame_engine import GAMES  # noqa: E402
from pygame_engine.core.rng import Rng  # noqa: E402
from pygame_engine.openspiel.adapter import WoodlandState  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]

#: (OpenSpiel name, players) for every registered game and player count.
CASES = [(name, n) for name, gid in ospiel.NAMES.items()
         for n in range(GAMES[gid].min_players, GAMES[gid].max_players + 1)]


#: OpenSpiel's random simulation at Leylines' five and six seats plays the code
#: of three and four seats, for longer: the soak's (tools/soak.sh), not CI's.
SIM_CASES = [pytest.param(case, marks=pytest.mark.soak)
             if case in {("woodland_leylines", 5), ("woodland_leylines", 6)} else case
             for case in CASES]


def ids(case: tuple[str, int]) -> str:
    return f"{case[0]}-{case[1]}p"


def random_walk(game: Any, seed: int) -> Iterator[WoodlandState]:
    """The states of one random game (each yielded before its move)."""
    rng = random.Random(seed)
    state = game.new_initial_state(seed)
    while not state.is_terminal():
        yield state
        if state.is_simultaneous_node():
            state.apply_actions([rng.choice(state.legal_actions(p))
                                 for p in range(game.num_players())])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    yield state


@pytest.mark.parametrize("case", SIM_CASES, ids=ids)
def test_random_sim_test(case: tuple[str, int]) -> None:
    """OpenSpiel's own checks (legal actions sorted and masked, unique action
    strings, clones equal, returns within the utilities and summing as the
    game type says, length within ``max_game_length``). Its serialization
    step needs ``Game::GetRNGState``, which a Python game cannot provide for
    sampled chance: ``test_serialize_round_trip`` does that part."""
    name, players = case
    game = pyspiel.load_game(name, {"players": players, "seed": 7})
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("case", CASES, ids=ids)
def test_serialize_round_trip(case: tuple[str, int]) -> None:
    """``serialize`` / ``deserialize_state`` give back the same position
    (through our save format) at the start, during and at the end of a game."""
    name, players = case
    game = pyspiel.load_game(name, {"players": players})
    checked = 0
    for i, state in enumerate(random_walk(game, seed=3)):
        if (i % 25 or checked >= 5) and not state.is_terminal():
            continue
        back = game.deserialize_state(state.serialize())
        assert str(back) == str(state)
        assert back.history() == state.history()
        assert ospiel.engine_state(back).history == ospiel.engine_state(state).history
        for p in range(players):
            assert back.information_state_string(p) == state.information_state_string(p)
            assert back.legal_actions(p) == state.legal_actions(p)
        checked += 1
    assert checked >= 2


def tensor(state: WoodlandState, player: int) -> list[float]:
    """``player``'s observation tensor in ``state``."""
    observer = state.get_game().make_py_observer()
    observer.set_from(state, player)
    return list(observer.tensor)


def leaks(state: WoodlandState, seed: int) -> list[str]:
    """What differs for a seat between ``state`` and the state redrawn by its
    own ``determinize`` (everything else's secrets resampled): its information
    state and observation strings, its observation tensor and its legal
    actions."""
    found = []
    for p in range(state.get_game().num_players()):
        other = state.resample(p, Rng(seed * 31 + p))
        if other.information_state_string(p) != state.information_state_string(p):
            found.append(f"seat {p}'s information state")
        if other.observation_string(p) != state.observation_string(p):
            found.append(f"seat {p}'s observation")
        if tensor(other, p) != tensor(state, p):
            found.append(f"seat {p}'s observation tensor")
        if other.legal_actions(p) != state.legal_actions(p):
            found.append(f"seat {p}'s legal actions")
    return found


@pytest.mark.parametrize("case", CASES, ids=ids)
def test_no_leak(case: tuple[str, int]) -> None:
    """The leak test: a seat's information state never changes when the
    other seats' secrets (and the future chance) are resampled."""
    name, players = case
    game = pyspiel.load_game(name, {"players": players})
    checked = 0
    for i, state in enumerate(random_walk(game, seed=11)):
        if i % 5 == 0 and not state.is_terminal() and checked < 20:
            assert leaks(state, i) == [], f"move {i}"
            checked += 1
    assert checked > 3


def test_leak_test_catches_a_leak(monkeypatch: pytest.MonkeyPatch) -> None:
    """With a view that shows the hidden order of Ley of the Land's stock,
    the leak test reports it (the test can fail)."""
    from pygame_engine.games.ley_of_the_land.state import LeyOfTheLandState

    honest = LeyOfTheLandState.view

    def leaky(self: LeyOfTheLandState, player: int | None) -> dict[str, object]:
        return {**honest(self, player), "stock_order": list(self.stock)}

    monkeypatch.setattr(LeyOfTheLandState, "view", leaky)
    game = pyspiel.load_game("woodland_ley_of_the_land", {"players": 2})
    state = next(random_walk(game, seed=1))
    assert "seat 0's information state" in leaks(state, 1)


def test_leak_test_catches_a_leaky_tensor(monkeypatch: pytest.MonkeyPatch) -> None:
    """With a view that shows the other seats' sealed bids (a field the
    observation tensor reads), the leak test reports the tensor."""
    from pygame_engine.games.ley_of_the_land.state import LeyOfTheLandState

    honest = LeyOfTheLandState.view

    def leaky(self: LeyOfTheLandState, player: int | None) -> dict[str, object]:
        return {**honest(self, player), "bids": list(self.bids)}

    game = pyspiel.load_game("woodland_ley_of_the_land_turns", {"players": 3})

    def bids(s: WoodlandState) -> list[int | None]:
        inner = ospiel.engine_state(s)
        assert isinstance(inner, LeyOfTheLandState)
        return list(inner.bids)

    # A seat still to bid after another has bid (the bids are made in turn).
    state = next(s for s in random_walk(game, seed=1)
                 if bids(s)[-1] is None and bids(s)[0] is not None)
    assert not any("tensor" in leak for seed in range(5) for leak in leaks(state, seed))
    monkeypatch.setattr(LeyOfTheLandState, "view", leaky)
    assert any("seat 2's observation tensor" in leaks(state, seed) for seed in range(10))


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_observation_tensor_reads_the_view(game_id: str) -> None:
    """The observation tensor has its game's documented size at every player
    count and step, every field of its spec finds its key in some view (no
    path that reads nothing), and it changes as the game goes on."""
    from pygame_engine.openspiel import observation

    doc = observation.__doc__ or ""
    title = GAMES[game_id].title
    documented = doc.split(f"{title} ", 1)[1].split(";")[0].split(".")[0]
    assert observation.shape(game_id) == (int(documented.replace(",", "")),)
    spec = observation.SPECS[game_id]
    found: set[str] = set()
    game = GAMES[game_id]
    for players in (game.min_players, game.max_players):
        pgame = ospiel.load_game(game_id, turns=True, players=players)
        seen = set()
        for i, state in enumerate(random_walk(pgame, seed=players)):
            if i % 7:
                continue
            for p in range(players):
                t = tensor(state, p)
                assert len(t) == observation.shape(game_id)[0]
                seen.add(tuple(t))
                view = ospiel.engine_state(state).view(p)
                found.update(f.path for f in spec if any(
                    leaf is not observation.MISSING
                    for leaf in observation.leaves(view, f.path.split("."), game.max_players)))
        assert len(seen) > 3
    assert found == {f.path for f in spec}


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_action_ids_round_trip(game_id: str) -> None:
    """Over random games, every legal action has an id in range, ids are
    unique, and id -> action gives the same action back."""
    game = GAMES[game_id]
    codec = ospiel.Codec(game_id, game.action_types)
    rng = random.Random(5)
    for seed in range(2):
        players = rng.randint(game.min_players, game.max_players)
        state = None
        while state is None:  # a set of options the game accepts (Darkleaf refuses
            options = {o.name: rng.choice(o.choices) for o in game.options}  # two handicaps)
            try:
                state = game.new_game(players, seed, options)
            except ValueError:
                continue
        while not state.is_over():
            for p in state.active_players():
                legal = state.legal_actions(p)
                encoded = codec.encode_all(legal)
                assert len(set(encoded)) == len(encoded)
                assert all(ospiel.WAIT < a < codec.size for a in encoded)
                assert [codec.decode(state, p, a) for a in encoded] == legal
            p = state.active_players()[0]
            state.apply(p, rng.choice(state.legal_actions(p)))


def test_out_of_domain_action_is_refused() -> None:
    """An action outside its kind's table is an error, not a wrong id."""
    from pygame_engine.games.ley_of_the_land.actions import Bid

    codec = ospiel.Codec("ley-of-the-land", GAMES["ley-of-the-land"].action_types)
    assert codec.encode_all([Bid(99)]) == [1 + 99]
    with pytest.raises(ValueError, match="outside"):
        codec.encode_all([Bid(100)])


def test_parameters_and_returns() -> None:
    """Options are game parameters, bad ones are refused; returns come from the
    standings (pairwise, zero-sum)."""
    game = pyspiel.load_game("woodland_darkleaf_gambit", {"clan1": "murg", "clan2": "hexen"})
    assert ospiel.engine_state(game.new_initial_state()).options["clan1"] == "murg"
    with pytest.raises(ValueError, match="players|cannot be"):
        pyspiel.load_game("woodland_leylines", {"players": 7})
    with pytest.raises(ValueError, match="players|cannot be"):
        pyspiel.load_game("woodland_ley_lines", {"hide_own_cairns": "maybe"})
    four = pyspiel.load_game("woodland_ley_of_the_land_turns", {"players": 4})
    end = list(random_walk(four, seed=2))[-1]
    ranks = {s.seat: s.rank for s in ospiel.engine_state(end).standings()}
    returns = end.returns()
    assert abs(sum(returns)) < 1e-9
    for p in range(4):
        for q in range(4):
            if ranks[p] < ranks[q]:
                assert returns[p] > returns[q]


@pytest.mark.parametrize("name", sorted(ospiel.NAMES))
def test_pettingzoo_api(name: str) -> None:
    """PettingZoo's AEC API test on the Shimmy wrapper of each game."""
    from pettingzoo.test import api_test

    from pygame_engine.openspiel.pettingzoo import env

    game_id = ospiel.NAMES[name]
    api_test(env(game_id, turns=name.endswith("_turns")), num_cycles=60)


def test_browser_code_never_imports_the_adapter() -> None:
    """The page's wheel carries ``pygame_engine`` whole, so nothing outside
    ``pygame_engine/openspiel`` may import it (or pyspiel): the browser has
    neither."""
    offenders = []
    for base in ("pygame_engine", "web"):
        for path in sorted((ROOT / base).rglob("*.py")):
            if "openspiel" in path.parts:
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                         else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
                if any("openspiel" in n or n.split(".")[0] in ("pyspiel", "open_spiel")
                       for n in names):
                    offenders.append(str(path.relative_to(ROOT)))
    assert offenders == []
