"""Shared helpers for the Darkleaf Gambit tests: positions built by hand, loaded dice."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pygame_engine.core.game import Action
from pygame_engine.core.rng import Rng
from pygame_engine.games.darkleaf_gambit import GAME
from pygame_engine.games.darkleaf_gambit import data as D
from pygame_engine.games.darkleaf_gambit.actions import (
    Declare,
    Pick,
    Roll,
    Slot,
)
from pygame_engine.games.darkleaf_gambit.state import DarkleafState, Unit

H, M = 0, 1  # default: the first seat plays Huldra, the second The Murg


def sq(name: str) -> int:
    return D.square_id(name)


class Loaded(Rng):
    """A generator whose dice come from a script (then from the seed)."""

    def __init__(self, values: list[int]) -> None:
        super().__init__(0)
        self.values = list(values)

    def randint(self, low: int, high: int) -> int:
        self.draws += 1
        return self.values.pop(0) if self.values else super().randint(low, high)


def new(seed: int = 1, **options: Any) -> DarkleafState:
    state = GAME.new_game(2, seed, options)
    assert isinstance(state, DarkleafState)
    return state


def cleared(**options: Any) -> DarkleafState:
    """A new game with every unit in the graveyard (positions are built by ``put``)."""
    state = new(**options)
    for u in state.units:
        u.sq = -1
    state.board = [-1] * 64
    return state


def put(state: DarkleafState, owner: int, kind: str, name: str) -> Unit:
    u = next(u for u in state.units if u.owner == owner and u.kind == kind and u.sq < 0)
    state.move(u, sq(name))
    return u


def rolled(state: DarkleafState, p: int, value: int) -> None:
    """``p`` to act with a bone showing ``value`` (roll-first execute phase)."""
    state.current, state.phase, state.intent, state.pending = p, "execute", None, []
    state.rolled = state.pool(p)[0]
    state.roll = state.bone_value[state.rolled] = value


def slotting(state: DarkleafState, p: int, value: int) -> None:
    rolled(state, p, value)
    state.phase = "slot"


def labels(state: DarkleafState, p: int) -> list[str]:
    return [a.label for a in state.legal_actions(p)]


def murg_declares(state: DarkleafState, unit: str, target: str, roll: int) -> None:
    state.current, state.phase, state.pending, state.intent = M, "declare", [], None
    state.apply(M, Declare("destroy", sq(unit), sq(target)))
    state.rng = Loaded([roll])
    state.apply(M, Roll(state.pool(M)[0]))


def murg_board() -> DarkleafState:
    state = cleared()
    put(state, H, "queen", "a1")
    put(state, H, "rook", "b1")
    put(state, M, "king", "h8")
    return state


F, R = 0, 1  # the first seat plays the clan under test, the second its rival


def pair(clan1: str, clan2: str, **options: Any) -> DarkleafState:
    return cleared(clan1=clan1, clan2=clan2, **options)


def at(state: DarkleafState, name: str) -> Unit | None:
    return state.unit_at(sq(name))


def acquire(state: DarkleafState, p: int, key: str) -> None:
    """Fill ``key``'s row but its last slot, then slot a bone there (Acquire Power)."""
    clan = state.clans[p]
    i = clan.index(key)
    specs = clan.skill(key)["slots"]
    values = [1 if s == "*" else 2 if s == "E" else 1 if s == "O" else int(s.split("-")[0])
              for s in specs]
    pool = state.pool(p)
    state.rows[p][i] = [pool[j] for j in range(len(specs) - 1)] + [-1]
    for b, v in zip(pool, values[:-1], strict=False):
        state.bone_value[b] = v
    state.current, state.phase, state.intent, state.pending = p, "slot", None, []
    state.rolled = pool[len(specs) - 1]
    state.roll = state.bone_value[state.rolled] = values[-1]
    state.apply(p, Slot(key, len(specs) - 1))


W, X = 0, 1  # the first seat plays the clan under test, the second its rival


def fresh(clan1: str, clan2: str, seed: int = 1, **options: Any) -> DarkleafState:
    """A new game with every unit in the graveyard and no question waiting."""
    state = GAME.new_game(2, seed, {"clan1": clan1, "clan2": clan2, **options})
    assert isinstance(state, DarkleafState)
    for u in state.units:
        u.sq = -1
    state.board = [-1] * 64
    state.pending = []
    return state


def picks(state: DarkleafState, p: int) -> list[int]:
    """The squares offered to ``p`` as answers (Pick actions)."""
    return [a.square for a in state.legal_actions(p) if isinstance(a, Pick)]


def turn(state: DarkleafState, p: int, value: int) -> None:
    """``p`` has just rolled ``value`` (Roll & Execute), nothing waiting."""
    state.current, state.phase, state.intent, state.pending = p, "execute", None, []
    state.turns = max(state.turns, 1)
    s = state.clan_state[p]
    if "step" in s:
        s.update(step="", mover=-1, second=-1, new=[], knight=-1)
    if "journeyed" in s:
        s["journeyed"] = -1
    state.rolled = state.pool(p)[0]
    state.roll = state.bone_value[state.rolled] = value


def roll_next(state: DarkleafState, p: int, value: int) -> None:
    """Roll another bone (the Wibo's second or third roll) showing ``value``."""
    state.rng = Loaded([value])
    roll = next(a for a in state.legal_actions(p) if isinstance(a, Roll))
    state.apply(p, roll)


def play_out_within_bound(pick: Callable[[list[Action], Rng], Action], seed: int,
                          **options: Any) -> None:
    """Plays a game to its end choosing with ``pick``: no active seat is ever left
    without an action, and the game ends within ``GAME.max_actions``."""
    rng = Rng(seed)
    state = GAME.new_game(2, seed, options)
    most = GAME.max_actions(2, state.options)
    while not state.is_over():
        active = state.active_players()
        assert active and all(state.legal_actions(p) for p in active)
        p = active[0]
        state.apply(p, pick(state.legal_actions(p), rng))
        assert len(state.history) <= most, "the game runs past its proven bound"
