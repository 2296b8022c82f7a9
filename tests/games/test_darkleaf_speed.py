"""Darkleaf Gambit's fast paths (issue 27) answer as the plain definitions do.

The core asks a hook only of the clans that override it, looks distances up
in a table and reuses journey actions made once; a clone must go on exactly
like its original. Each check here compares the fast answer with the plain
one on positions of seeded random games (``benchmarks.darkleaf_speed
fingerprint`` compares whole seeded games before and after a change).
"""

from __future__ import annotations

from pygame_engine import GAMES
from pygame_engine.core.rng import Rng
from pygame_engine.games.darkleaf_gambit.actions import JOURNEYS, Journey
from pygame_engine.games.darkleaf_gambit.board import RAYS, Unit, distance
from pygame_engine.games.darkleaf_gambit.state import DarkleafState

#: Pairings with every clan whose hooks the core skips for the others: Erde
#: closes Reclaimed land, the Wibo hold and limit units, Hexen relocate them.
PAIRINGS = (("erde", "wibo"), ("wibo", "hexen"), ("hexen", "erde"), ("ferrymen", "erde"),
            ("murg", "huldra"))


def positions(c1: str, c2: str, seed: int, every: int = 7) -> list[DarkleafState]:
    """Clones of every ``every``-th position of a seeded random game."""
    state = GAMES["darkleaf-gambit"].new_game(2, seed, {"clan1": c1, "clan2": c2})
    assert isinstance(state, DarkleafState)
    rng, out = Rng(seed), []
    while not state.is_over():
        if state.moves % every == 0:
            out.append(state.clone())
        p = state.active_players()[0]
        state.apply_unchecked(p, rng.choice(state.legal_actions(p)))
    return out


def test_hooks_asked_of_fewer_clans_answer_as_if_asked_of_all() -> None:
    checked = 0
    for seed, (c1, c2) in enumerate(PAIRINGS):
        for st in positions(c1, c2, seed):
            for u in st.units:
                limits = [x for c in st.clans if (x := c.move_limit(st, u)) is not None]
                assert st.move_limit(u) == (min(limits) if limits else None)
                assert st.usable(u) == (not any(c.holds(st, u) for c in st.clans))
                if u.sq < 0:
                    continue
                for sq in range(64):
                    closed = any(c.blocks(st, sq, u) for c in st.clans)
                    assert st.closed(sq, u) == closed
                    assert st.open_for(u, sq) == (st.board[sq] < 0 and not closed)
                    checked += 1
    assert checked > 10_000


def _straight(st: DarkleafState, u: Unit, roll: int) -> list[int]:
    """The standard journey as first written: every square asked of the clan."""
    clan = st.clans[u.owner]
    lengths = st.journey_reach(u.owner, u, roll)
    out: set[int] = set()
    for d in clan.journey_directions(st, u):
        if d[1] == -st.forward(u.owner) and not clan.guide(u)["backward"]:
            continue
        ray = RAYS[u.sq][d]
        for i in range(min(max(lengths), len(ray))):
            if i + 1 in lengths and clan.may_end_journey(st, u, ray[i]):
                out.add(ray[i])
            if st.board[ray[i]] >= 0:
                break
    out.update(clan.extra_destinations(st, u))
    return sorted(out)


def test_standard_journeys_are_those_of_the_plain_loop() -> None:
    checked = 0
    for seed, (c1, c2) in enumerate(PAIRINGS):
        for st in positions(c1, c2, seed, every=2):
            for u in st.on_board(0) + st.on_board(1):
                for roll in range(1, 7):
                    if st.journey_reach(u.owner, u, roll):  # a zero journey goes nowhere
                        assert st.straight_destinations(u, roll) == _straight(st, u, roll)
                        checked += 1
    assert checked > 1000


def test_distance_table_and_journeys_made_once() -> None:
    for a in range(64):
        for b in range(64):
            assert distance(a, b) == max(abs(a % 8 - b % 8), abs(a // 8 - b // 8))
            assert JOURNEYS[a][b] == Journey(a, b)
            assert hash(JOURNEYS[a][b]) == hash(Journey(a, b))
    assert distance(-1, 3) == max(abs(-1 % 8 - 3), abs(-1 // 8 - 0))


def test_a_clone_goes_on_exactly_like_its_original() -> None:
    for seed, (c1, c2) in enumerate(PAIRINGS):
        for st in positions(c1, c2, seed, every=23):
            twin = st.clone()
            a, b = Rng(seed), Rng(seed)
            while not st.is_over():
                p = st.active_players()[0]
                assert twin.active_players()[0] == p
                legal = st.legal_actions(p)
                assert twin.legal_actions(p) == legal
                st.apply_unchecked(p, a.choice(legal))
                twin.apply_unchecked(p, b.choice(legal))
            assert twin.view(None) == st.view(None)


def test_a_determinization_is_a_clone_reseeded_without_records() -> None:
    """``determinize`` copies no history or log and no generator only to drop
    them: it goes on exactly like a clone given the same forked generator."""
    for seed, (c1, c2) in enumerate(PAIRINGS):
        for st in positions(c1, c2, seed, every=29):
            p = st.active_players()[0] if st.active_players() else 0
            det = st.determinize(p, Rng(seed))
            assert (det.history, det.barriers, det.log, det.recording) == ([], [], [], False)
            twin = st.clone()
            twin.rng = Rng(seed).fork()
            twin.recording = False
            a, b = Rng(seed), Rng(seed)
            while not twin.is_over():
                q = twin.active_players()[0]
                legal = twin.legal_actions(q)
                assert det.legal_actions(q) == legal
                det.apply_unchecked(q, a.choice(legal))
                twin.apply_unchecked(q, b.choice(legal))
            assert det.view(None) == twin.view(None)
            assert st.recording and len(st.history) == st.moves  # the original keeps its own
