"""The conformance suite: the protocol's promises, checked on every registered game.

Random playouts from seeded games; at every step: someone can act unless
the game is over, views are JSON and leak nothing (a seat's view is the same
in any determinization for that seat), clones are equal and independent,
illegal actions leave the state unchanged, component totals never change.
At the end: save/load round trip, deterministic replay, a complete result.

``CONFORMANCE_GAMES`` sets the playouts per game and player count, the
same for every case (``tools/soak.sh`` runs thousands, and every Darkleaf
Gambit pairing of clans). Without it, CI's sizes: ``CI_PLAYOUTS`` each, fewer
where a game is long and more seats play the same code (``FEWER``), and
twelve of Darkleaf's thirty-six pairings (``_darkleaf_pairings``).
"""

from __future__ import annotations

import json
import os
from dataclasses import fields, replace

import pytest

from pygame_engine import GAMES, IllegalAction, load, save
from pygame_engine.core.game import Action, State
from pygame_engine.core.rng import Rng

SOAK_PLAYOUTS = int(os.environ.get("CONFORMANCE_GAMES", "0"))
CI_PLAYOUTS = 12
#: CI's playouts where fewer than ``CI_PLAYOUTS``: Leylines at five and six
#: seats runs the code of three and four seats (only two seats has a rule of
#: its own), each game several times as long.
FEWER: dict[tuple[str, int], int] = {("leylines", 5): 4, ("leylines", 6): 3}


def playouts(game_id: str, players: int) -> int:
    return SOAK_PLAYOUTS or FEWER.get((game_id, players), CI_PLAYOUTS)


CASES = [(gid, n) for gid, g in sorted(GAMES.items())
         for n in range(g.min_players, g.max_players + 1)]


def _darkleaf_pairings(every: bool) -> list[dict[str, object]]:
    """Ordered pairings of Darkleaf Gambit's clans, Will tables alternating:
    all of them (mirrors too), or CI's twelve: each clan against itself (the
    Will of Blessings) and against the next clan in the list (Curses), so that
    every clan plays either side under either table."""
    clans = [c for c in GAMES["darkleaf-gambit"].options[0].choices if c != "random"]
    return [{"clan1": a, "clan2": b, "will": "curses" if (i + j) % 2 else "blessings"}
            for i, a in enumerate(clans) for j, b in enumerate(clans)
            if every or (j - i) % len(clans) in (0, 1)]


#: Games whose options change the rules themselves: their playouts go through
#: these option sets (playout k uses set k; at least one playout per set).
OPTION_SETS: dict[str, list[dict[str, object]]] = (
    {"darkleaf-gambit": _darkleaf_pairings(every=bool(SOAK_PLAYOUTS))}
    if "darkleaf-gambit" in GAMES else {})


class _Bogus(Action):
    kind = "bogus"


def _views(state: State) -> list[str]:
    return [json.dumps(state.view(p), sort_keys=True)
            for p in [None, *range(state.num_players)]]


def _check_step(state: State, rng: Rng) -> None:
    active = state.active_players()
    assert active, "nobody may act, yet the game is not over"
    for p in active:
        assert state.legal_actions(p), f"seat {p} is active with no legal action"
    views = _views(state)
    # Clones: equal, and independent of the original.
    twin = state.clone()
    assert _views(twin) == views
    p = active[0]
    twin.apply(p, rng.choice(twin.legal_actions(p)))
    assert _views(state) == views, "acting on a clone changed the original"
    # No leak: what a seat sees is the same whatever its hidden information is.
    for seat in range(state.num_players):
        det = state.determinize(seat, Rng(rng.randrange(10**9)))
        assert json.dumps(det.view(seat), sort_keys=True) == views[seat + 1], (
            f"seat {seat}'s view depends on information hidden from it")
        assert det.legal_actions(seat) == state.legal_actions(seat)
    # is_legal agrees with legal_actions, on legal moves and on near misses.
    idle = [s for s in range(state.num_players) if s not in active]
    legal = set(state.legal_actions(p))
    for action in _near_misses(sorted(legal, key=str), rng):
        assert state.is_legal(p, action) == (action in legal), action
    for seat in idle:
        assert not any(state.is_legal(seat, a) for a in legal)
    # Illegal actions: refused with a reason, state unchanged.
    if idle:
        with pytest.raises(IllegalAction):
            state.apply(idle[0], state.legal_actions(p)[0])
    with pytest.raises(IllegalAction) as refused:
        state.apply(p, _Bogus())
    assert str(refused.value)
    # Well-typed nonsense, as a tampered save or link may carry: refused, no crash.
    for nonsense in _nonsense(state.game.action_types):
        with pytest.raises(IllegalAction):
            state.apply(p, nonsense)
            pytest.fail(f"{nonsense} was accepted")
    assert _views(state) == views


def checked_playout(state: State, rng: Rng, every: int) -> None:
    """Play ``state`` to its end by random legal actions, running the step checks
    (``_check_step``) every ``every`` steps, and checking after each action that
    the components are conserved and that the game keeps within its proven
    bound (``Game.max_actions``)."""
    totals = state.conservation()
    most = state.game.max_actions(state.num_players, state.options)
    steps = 0
    while not state.is_over():
        if steps % every == 0:
            _check_step(state, rng)
        p = rng.choice(state.active_players())
        state.apply(p, rng.choice(state.legal_actions(p)))
        assert state.conservation() == totals, f"components changed after step {steps}"
        steps += 1
        assert steps <= most, "the game runs past its proven bound"


def _near_misses(legal: list[Action], rng: Rng, sample: int = 12) -> list[Action]:
    """Some legal actions and the same with one number moved by one (many of
    those illegal: a neighbouring space, another domino, a card next to it)."""
    picks = [rng.choice(legal) for _ in range(min(sample, len(legal)))]
    out: list[Action] = list(picks)
    for action in picks:
        for f in fields(action):
            value = getattr(action, f.name)
            if isinstance(value, int) and not isinstance(value, bool):
                out += [replace(action, **{f.name: value + d}) for d in (-1, 1)]
    return out


def _nonsense(kinds: tuple[type[Action], ...]) -> list[Action]:
    """Each action kind filled with values no game uses (negative, huge, unknown names)."""
    out = []
    for cls in kinds:
        for number, text in ((-10**6, ""), (10**6, "no-such-thing")):
            values = [number if f.type == "int" else text for f in fields(cls)]
            if values:
                out.append(cls(*values))
    return out


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_random_playouts(game_id: str, players: int) -> None:
    game = GAMES[game_id]
    sets = OPTION_SETS.get(game_id, [])
    for k in range(max(playouts(game_id, players), len(sets))):
        seed = 1000 * players + k
        rng = Rng(seed)
        state = game.new_game(players, seed, sets[k % len(sets)] if sets else None)
        checked_playout(state, rng, every=1 if k == 0 else 7)
        assert state.active_players() == []
        assert all(state.legal_actions(p) == [] for p in range(players))
        scores = state.scores()
        assert len(scores) == players
        standings = state.standings()
        assert sorted(s.seat for s in standings) == list(range(players))
        assert all(s.rank >= 1 for s in standings)
        # Only a solo game may end with no winner (the game itself beat the seat).
        assert state.winners() or players == 1
        assert [sum(b.values()) for b in state.score_breakdown()] == pytest.approx(scores)
        # Save, load, replay: the same game, event for event.
        again = load(save(state))
        assert _views(again) == _views(state)
        assert [e.text for e in again.log] == [e.text for e in state.log]
        json.dumps(state.view(None))


#: Stubborn players: each picks by the position of an action in the list, so
#: they keep taking the same kind of move (never acquiring, always passing...),
#: the play most likely to find a game that never ends or a seat left with
#: nothing to do.
POLICIES = {"first": lambda legal, rng: legal[0], "last": lambda legal, rng: legal[-1],
            "middle": lambda legal, rng: legal[len(legal) // 2],
            "first-or-last": lambda legal, rng: legal[-1] if rng.random() < 0.5 else legal[0]}


@pytest.mark.parametrize(("game_id", "players"), CASES)
@pytest.mark.parametrize("policy", sorted(POLICIES))
def test_stubborn_play_ends_and_never_strands_a_seat(game_id: str, players: int,
                                                     policy: str) -> None:
    game, pick = GAMES[game_id], POLICIES[policy]
    for seed in range(2):
        rng = Rng(seed)
        state = game.new_game(players, seed)
        most = game.max_actions(players, state.options)
        while not state.is_over():
            active = state.active_players()
            assert active, "nobody may act, yet the game is not over"
            for p in active:
                assert state.legal_actions(p), f"seat {p} is active with no legal action"
            p = active[-1] if policy == "last" else active[0]
            state.apply(p, pick(state.legal_actions(p), rng))
            assert len(state.history) <= most, "the game runs past its proven bound"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_same_seed_same_game(game_id: str) -> None:
    game = GAMES[game_id]
    a = game.new_game(game.min_players, 77)
    b = game.new_game(game.min_players, 77)
    assert _views(a) == _views(b)
    for p in range(game.min_players):
        assert a.legal_actions(p) == b.legal_actions(p)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_actions_round_trip_through_json(game_id: str) -> None:
    game = GAMES[game_id]
    state = game.new_game(game.max_players, 5)
    rng = Rng(5)
    for _ in range(60):
        if state.is_over():
            break
        p = state.active_players()[0]
        for action in state.legal_actions(p):
            text = json.dumps(action.to_json())
            assert game.action_from_json(json.loads(text)) == action
            assert action.label
        state.apply(p, rng.choice(state.legal_actions(p)))


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_mistyped_actions_are_refused_when_read(game_id: str) -> None:
    game = GAMES[game_id]
    for cls in game.action_types:
        names = fields(cls)
        if not names:
            continue
        wrong = [True if f.type == "int" else 7 for f in names]
        with pytest.raises(ValueError, match=repr(names[0].name)):
            game.action_from_json([cls.kind, *wrong])
        with pytest.raises(ValueError):
            game.action_from_json([cls.kind, *([None] * len(names))])


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_events_about_a_seat_name_it(game_id: str, players: int) -> None:
    """The page's log marks each entry with its seat's colour and letter, so an
    event whose sentence starts with a seat's name must carry that seat."""
    state = GAMES[game_id].new_game(players, 5)
    rng = Rng(5)
    while not state.is_over():
        p = rng.choice(state.active_players())
        state.apply(p, rng.choice(state.legal_actions(p)))
    names = [state.game.seat_name(i) for i in range(players)]
    for event in state.log:
        # "Moss takes..." is about Moss; "Moss Bank leaves..." is a grove's name.
        words = event.text.split()
        starts = [i for i, name in enumerate(names)
                  if words[:1] == [name] and len(words) > 1 and words[1][:1].islower()]
        if starts and event.kind != "over":
            assert event.data.get("seat") == starts[0], event.text
