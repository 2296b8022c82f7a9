"""Darkleaf Gambit: both seats play the same game.

The second seat sits across the board: its diagram is the first seat's
turned half round, and so are its Hexen bone's directions. Turned half round,
a game between clans A and B with A in the first seat is the game with B in
the first seat, move for move and roll for roll (the clan starting order, not
the seat, decides who moves first). These tests play random games both ways
and compare them at every step: the same actions are legal (turned half
round), the boards agree, and the bots' evaluation agrees. Under rules
version 5 (diagram mirrored by rank, Hexen bone turned) the Hexen's journeys
differed within ten moves.
"""

from __future__ import annotations

import dataclasses
import itertools
import re

import pytest

from pygame_engine import GAMES
from pygame_engine.core.game import Action
from pygame_engine.core.rng import Rng
from pygame_engine.games.darkleaf_gambit.clans import CLANS
from pygame_engine.games.darkleaf_gambit.clans.hexen import direction
from pygame_engine.games.darkleaf_gambit.clans.wibo import Morph
from pygame_engine.games.darkleaf_gambit.heuristics import side_value
from pygame_engine.games.darkleaf_gambit.state import DarkleafState

#: Action fields that hold a territory.
SQUARE_FIELDS = {"frm", "to", "target", "unit", "square", "second", "mid"}
#: Compass words in named options (a Ferrymen push, a Will outcome's edge).
TURNED = {"north": "south", "south": "north", "east": "west", "west": "east"}
FILES = "abcdefgh"


def turned(sq: int) -> int:
    """A territory seen from across the board."""
    return 63 - sq if 0 <= sq < 64 else sq


def turned_name(match: re.Match[str]) -> str:
    return FILES[7 - FILES.index(match.group(1))] + str(9 - int(match.group(2)))


def turned_action(a: Action, bones: tuple[int, int]) -> Action:
    """``a`` as the other seat makes it in the game turned half round: its
    territories turned, bone ``i`` of one seat's set the same bone of the
    other's (``bones``: the two seats' bone counts in this game, the first
    seat's bones numbered first)."""
    changes: dict[str, object] = {}
    for f in dataclasses.fields(a):
        value = getattr(a, f.name)
        if f.name in SQUARE_FIELDS and isinstance(value, int):
            changes[f.name] = turned(value)
        elif f.name == "bone" and a.kind in ("roll", "bone"):
            changes[f.name] = value - bones[0] if value >= bones[0] else value + bones[1]
        elif f.name in ("df", "dr"):
            changes[f.name] = -value
        elif f.name == "option":
            named = re.sub(r"\b([a-h])([1-8])\b", turned_name, value)
            changes[f.name] = "-".join(TURNED.get(w, w) for w in named.split("-"))
    return canonical(dataclasses.replace(a, **changes) if changes else a)


def canonical(a: Action) -> Action:
    """A Mass Morph names its two rivals in either order."""
    if isinstance(a, Morph) and 0 <= a.second < a.target:
        return dataclasses.replace(a, target=a.second, second=a.target)
    return a


def unit(state: DarkleafState, sq: int, flip: int) -> tuple[str, int] | None:
    """What stands on ``sq``: its kind and owner (``flip``: owners swapped)."""
    u = state.unit_at(sq)
    return None if u is None else (u.kind, u.owner ^ flip)


def both_ways(a: str, b: str, deal: int, steps: int) -> None:
    def new(first: str, second: str) -> DarkleafState:
        will = "blessings" if deal % 2 else "curses"
        state = GAMES["darkleaf-gambit"].new_game(
            2, deal, {"clan1": first, "clan2": second, "will": will})
        assert isinstance(state, DarkleafState)
        return state

    one, two = new(a, b), new(b, a)
    first = sum(1 for owner in one.bone_owner if owner == 0)
    bones = (first, len(one.bone_owner) - first)
    rng = Rng(deal)
    for step in range(steps):
        assert one.is_over() == two.is_over(), f"step {step}: one game ended, not the other"
        if one.is_over():
            assert sorted(one.winners()) == sorted(1 - p for p in two.winners())
            return
        assert two.active_players() == [1 - p for p in one.active_players()], f"step {step}"
        assert [unit(one, s, 0) for s in range(64)] == [unit(two, turned(s), 1) for s in range(64)]
        p = one.active_players()[0]
        legal = one.legal_actions(p)
        assert {turned_action(x, bones) for x in legal} == {
            canonical(x) for x in two.legal_actions(1 - p)}, f"step {step}: {a} v {b}"
        assert side_value(one, p) == pytest.approx(side_value(two, 1 - p))
        assert side_value(one, 1 - p) == pytest.approx(side_value(two, p))
        action = legal[rng.randrange(len(legal))]
        one.apply(p, action)
        two.apply(1 - p, turned_action(action, bones))


@pytest.mark.parametrize("a,b", list(itertools.combinations(sorted(CLANS), 2)))
def test_the_second_seat_plays_the_first_seats_game_turned_half_round(a: str, b: str) -> None:
    for deal in (7, 8):  # one game under each Will table
        both_ways(a, b, deal, steps=600)


def test_the_hexen_bone_and_the_diagram_turn_together() -> None:
    """The second seat's Hexen queen, written on d1, stands on e8, and its
    face 3 ("right" from where it sits) points toward the a-file, as the first
    seat's face 3 points toward the h-file from its side."""
    state = GAMES["darkleaf-gambit"].new_game(2, 1, {"clan1": "murg", "clan2": "hexen"})
    assert isinstance(state, DarkleafState)
    queen = next(u for u in state.on_board(1) if u.kind == "queen")
    assert queen.sq == turned(3)  # written d1: e8 from across the board
    assert direction(1, 3) == (-1, 0) and direction(0, 3) == (1, 0)
