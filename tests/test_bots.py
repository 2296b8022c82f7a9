"""Bots: they see only their seat's information, think in slices, and play legally."""

from __future__ import annotations

import copy

import pytest

from benchmarks import bot_strength
from pygame_engine import GAMES
from pygame_engine.ai import (
    Bot,
    GreedyBot,
    Ismcts,
    RandomBot,
    WaitShare,
    bots,
    choose,
    make_bot,
)
from pygame_engine.ai.bots import _OnePly, _Screened, _Search, rewards
from pygame_engine.ai.heuristics import heuristics_for
from pygame_engine.core.game import Action, Event, State
from pygame_engine.core.rng import Rng
from pygame_engine.games.ley_of_the_land.actions import Bid
from pygame_engine.games.piecepack_ley_lines.heuristics import Heuristics as LeyLinesHeuristics
from pygame_engine.games.piecepack_ley_lines.state import LeyLinesState
from web.session import BOT_MS, WAIT_MS, Session, parse_query


@pytest.mark.parametrize("bot", [GreedyBot(), Ismcts(iterations=40)], ids=["greedy", "ismcts"])
def test_a_bot_cannot_tell_a_hidden_bid(bot: object) -> None:
    """Two tables that differ only in Amber's sealed bid: Moss's bot, with the
    same random stream, must choose the same bid on both."""
    chosen = set()
    for amber_bids in (0, 3, 7):
        state = GAMES["ley-of-the-land"].new_game(2, 9)
        state.apply(1, Bid(amber_bids))
        assert isinstance(bot, GreedyBot | Ismcts)
        chosen.add(choose(bot, state, 0, Rng(4)))
    assert len(chosen) == 1


def test_thinking_is_sliced_and_stops_at_its_time_budget() -> None:
    state = GAMES["ley-lines"].new_game(3, 1)
    seat = state.active_players()[0]
    thinking = Ismcts(iterations=10_000, max_ms=0.0).start(state.determinize(seat, Rng(1)),
                                                          seat, Rng(1))
    assert not thinking.done
    thinking.step(1)  # one slice of one unit of work, then the budget is spent
    assert thinking.done
    assert thinking.best() in state.legal_actions(seat)


def test_greedy_stops_at_its_time_budget_with_the_playout_choice_valued() -> None:
    state, seat = _ley_lines_opening()
    det = state.determinize(seat, Rng(2))
    thinking = GreedyBot(max_ms=0.0).start(det, seat, Rng(2))
    assert not thinking.done
    thinking.step(1)
    assert thinking.done
    assert isinstance(thinking, _OnePly) and list(thinking.values) == thinking.todo[:1]
    assert thinking.best() == thinking.todo[0]


def test_greedy_values_one_action_per_unit_of_work() -> None:
    state = GAMES["groves"].new_game(2, 2)
    seat = state.active_players()[0]
    legal = state.legal_actions(seat)
    assert len(legal) > 2
    thinking = GreedyBot().start(state.determinize(seat, Rng(2)), seat, Rng(2))
    thinking.step(1)
    assert not thinking.done
    thinking.step(len(legal))
    assert thinking.done and thinking.best() in legal


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_level_plays_legal_moves(game_id: str) -> None:
    game = GAMES[game_id]
    state = game.new_game(game.max_players, 3)
    bots = [RandomBot(), make_bot("easy"), Ismcts(iterations=20), Ismcts(iterations=20)]
    rng = Rng(3)
    for _ in range(12):
        if state.is_over():
            break
        p = state.active_players()[0]
        state.apply(p, choose(bots[p % len(bots)], state, p, rng))  # apply checks legality


def test_rewards_prefer_the_leader_and_handle_solo() -> None:
    state = GAMES["groves"].new_game(1, 4)
    h = heuristics_for(state)
    (solo,) = rewards(state, h)
    assert 0.0 <= solo <= 1.0
    duel = GAMES["ley-of-the-land"].new_game(2, 4)
    duel.money = [20, 1]  # type: ignore[attr-defined]
    ahead, behind = rewards(duel, heuristics_for(duel))
    assert ahead > behind



def _ley_lines_opening() -> tuple[LeyLinesState, int]:
    """A four-player Ley Lines board at its first segment: hundreds of legal moves."""
    state = GAMES["ley-lines"].new_game(4, 3)
    bot, rng = make_bot("random"), Rng(3)
    assert isinstance(state, LeyLinesState)
    while state.phase != "ley":
        p = state.active_players()[0]
        state.apply(p, choose(bot, state, p, rng))
    return state, state.active_players()[0]


def test_a_level_takes_the_games_own_search_settings() -> None:
    state, _ = _ley_lines_opening()
    hard, normal = make_bot("hard"), make_bot("normal")
    assert isinstance(hard, Ismcts) and isinstance(normal, Ismcts)
    tuned = hard.for_game(state)
    assert (tuned.screen, tuned.prior_samples, tuned.width) == (64, 3, 24)
    assert tuned.heuristics(state).aimed_width == 3  # type: ignore[attr-defined]
    assert normal.heuristics(state).aimed_width == 0  # type: ignore[attr-defined]
    assert (hard.screen, hard.width) == (None, 16)  # the bot itself is left as it was
    assert normal.for_game(state) is normal
    assert hard.for_game(GAMES["ley-of-the-land"].new_game(2, 1)) is hard


def test_an_unknown_search_setting_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    state, seat = _ley_lines_opening()
    monkeypatch.setattr(heuristics_for(state), "search", {"hard": {"breadth": 3}})
    with pytest.raises(ValueError, match="breadth"):
        make_bot("hard").start(state, seat, Rng(1))


def test_a_level_can_play_out_with_its_own_heuristics(monkeypatch: pytest.MonkeyPatch) -> None:
    """``knowledge`` changes the heuristics of one bot's search (priors and
    playouts alike), never the game's shared ones; an unknown name is refused."""
    state, seat = _ley_lines_opening()
    shared = heuristics_for(state)
    bot = Ismcts(iterations=8, knowledge={"rollout_width": 7})
    search = bot.start(state.determinize(seat, Rng(3)), seat, Rng(3))
    assert isinstance(search, _Search)
    assert search.h is not shared and search.h.rollout_width == 7  # type: ignore[attr-defined]
    assert search.priors.h is search.h
    assert shared.rollout_width == 3  # type: ignore[attr-defined]
    widths = []

    def playout(h: LeyLinesHeuristics, sim: LeyLinesState, p: int, rng: Rng) -> Action:
        widths.append(h.rollout_width)
        return rng.choice(sim.legal_actions(p))

    monkeypatch.setattr(type(shared), "rollout_action", playout)
    while not search.done:
        search.step(16)
    assert widths and set(widths) == {7}
    assert Ismcts(iterations=8).heuristics(state) is shared
    with pytest.raises(ValueError, match="breadth"):
        Ismcts(iterations=8, knowledge={"breadth": 2}).heuristics(state)


def test_screened_priors_sample_only_the_best_immediate_actions() -> None:
    state, seat = _ley_lines_opening()
    det = state.determinize(seat, Rng(5))
    legal = det.legal_actions(seat)
    assert len(legal) > 100
    priors = _Screened(det, seat, Rng(5), screen=8, samples=2)
    priors.step(len(legal))  # one unit of work per immediate value
    assert len(priors.immediate) == len(legal) and not priors.values and not priors.done
    eighth = sorted(priors.immediate.values(), reverse=True)[7]
    best8 = priors.todo  # the 8 best immediate values (equal ones cut at random)
    assert len(best8) == 8 and min(priors.immediate[a] for a in best8) == eighth
    assert sorted((priors.immediate[a] for a in best8), reverse=True) == sorted(
        priors.immediate.values(), reverse=True)[:8]
    priors.step(8)  # one round: every screened action sampled once
    assert set(priors.values) == set(best8) and not priors.done
    priors.step(100)
    assert priors.done and priors.sampled == 16
    assert priors.best() in best8
    # The search then looks only at screened actions.
    search = _Search(Ismcts(iterations=30, screen=8, prior_samples=2, width=4), det, seat, Rng(5))
    while not search.done:
        search.step(64)
    assert len(search.root_actions) == 4
    assert all(priors.immediate[a] >= eighth for a in search.root_actions)
    assert search.best() in search.root_actions


def test_sequential_halving_keeps_the_better_half_each_round() -> None:
    """With ``root="halving"`` the root's 8 actions get 240 iterations in three
    rounds of 80: all 8 ten visits each, then the 4 best by mean reward twenty
    each, then the best 2 forty each; the move is the finalist of best mean."""
    state, seat = _ley_lines_opening()
    det = state.determinize(seat, Rng(3))
    bot = Ismcts(iterations=240, screen=8, prior_samples=1, width=8, rollout_depth=2,
                 root="halving")
    search = _Search(bot, det, seat, Rng(3))
    while not search.priors.done:
        search.step(64)
    assert len(search.survivors) == 8
    search.step(80)  # the first round
    mean = {a: c.reward / c.visits for a, c in search.root.children.items()}
    search.step(1)  # the second round begins with the cut
    assert set(search.survivors) == set(sorted(mean, key=lambda a: -mean[a])[:4])
    search.step(79 + 80)
    assert search.done and search.iterations == 240 and len(search.survivors) == 2
    visits = sorted(c.visits - bot.prior_visits for c in search.root.children.values())
    assert visits == [10] * 4 + [30] * 2 + [70] * 2
    assert search.best() == max(search.survivors, key=search._mean)


def test_sequential_halving_plans_its_rounds_by_the_time_left(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Under a time budget far below its iterations, halving still reaches
    its final pair before the time is up: after a visit of each action it
    plans the rounds at the pace seen. The clock is faked (a millisecond per
    reading, and the test reads it once per iteration) so the test does not
    depend on the machine's speed."""
    readings = iter(range(10**6))
    monkeypatch.setattr(bots.time, "perf_counter", lambda: next(readings) / 1000)
    state, seat = _ley_lines_opening()
    det = state.determinize(seat, Rng(3))
    bot = Ismcts(iterations=10**6, max_ms=300.0, screen=8, prior_samples=1, width=8,
                 rollout_depth=2, root="halving")
    search = _Search(bot, det, seat, Rng(3))
    while not search.priors.done:
        search.step(len(search.legal))
    while not search.done:
        search.step(1)
    assert 200 < search.iterations < 300 and len(search.survivors) == 2
    assert search.best() == max(search.survivors, key=search._mean)


def test_the_search_plays_only_moves_legal_in_each_determinization(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Below the root a child is taken only where ``is_legal`` says so, since
    the hands (and so the legal segments) differ from one determinization to
    the next: every move the search plays must be legal where it is played."""
    state, seat = _ley_lines_opening()
    played = 0
    unchecked = LeyLinesState.apply_unchecked

    def checked(self: LeyLinesState, player: int, action: Action) -> list[Event]:
        nonlocal played
        assert action in self.legal_actions(player), f"{action} played where it is illegal"
        played += 1
        return unchecked(self, player, action)

    monkeypatch.setattr(LeyLinesState, "apply_unchecked", checked)
    thinking = Ismcts(iterations=150, rollout_depth=2).start(
        state.determinize(seat, Rng(8)), seat, Rng(8))
    while not thinking.done:
        thinking.step(16)
    assert isinstance(thinking, _Search) and thinking.iterations == 150
    assert max(len(c.children) for c in thinking.root.children.values()) > 1  # it went deep
    assert played > 150


def test_a_benchmark_match_can_give_each_bot_the_page_time(
        monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[tuple[str, float | None]] = []

    def recording(level: str, max_ms: float | None = None) -> Bot:
        made.append((level, max_ms))
        return RandomBot()

    monkeypatch.setattr(bot_strength, "make_bot", recording)
    bot_strength.play("ley-of-the-land", ("hard", "normal"), deal=1, turn=0, page_time=0.5)
    bot_strength.play("ley-of-the-land", ("hard", "normal"), deal=1, turn=1)
    assert made[:2] == [("hard", 1500.0), ("normal", 400.0)]
    assert sorted(made[2:], key=str) == [("hard", None), ("normal", None)]


def test_bots_in_a_simultaneous_step_decide_on_its_opening(monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    """Sealed bids: no bot learns that another has committed before it decides,
    in the benchmarks (choose_all) and in the page (Session.start_bot)."""
    from pygame_engine.ai import choose_all
    from web.session import Session, Setup

    seen: list[list[bool]] = []
    original = GreedyBot.start

    def spy(self: GreedyBot, state: object, seat: int, rng: Rng) -> object:
        seen.append(state.view(seat)["has_bid"])  # type: ignore[attr-defined]
        return original(self, state, seat, rng)  # type: ignore[arg-type]

    monkeypatch.setattr(GreedyBot, "start", spy)
    state = GAMES["ley-of-the-land"].new_game(4, 3)
    picks = choose_all({p: GreedyBot() for p in range(4)}, state, Rng(1))
    assert [p for p, _ in picks] == [0, 1, 2, 3] and seen == [[False] * 4] * 4
    seen.clear()
    session = Session(Setup("ley-of-the-land", ("ai:easy",) * 4, 3))
    for _ in range(4):  # the bids, one bot after another
        seat = session.next_bot()
        assert seat is not None
        session.bot_acts(seat, session.start_bot(seat))
    assert seen == [[False] * 4] * 4 and session.state.phase == "act"
    seat = session.next_bot()  # the next decision is on the current position again
    assert seat is not None
    session.start_bot(seat)
    assert seen[-1] == [False] * 4 and session.state.revealed is not None


def _decisions(game_id: str, players: int, count: int) -> list[tuple[State, int]]:
    """Positions with a choice from a playout of ``game_id`` (the playout policy)."""
    state = GAMES[game_id].new_game(players, 3)
    h, rng = heuristics_for(state), Rng(3)
    out: list[tuple[State, int]] = []
    while not state.is_over() and len(out) < count:
        p = state.active_players()[0]
        if len(state.legal_actions(p)) > 1:
            out.append((state.clone(), p))
        state.apply(p, h.rollout_action(state, p, rng))
    return out


def test_a_search_stops_once_its_choice_is_settled_and_chooses_as_the_whole_budget(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Stopping when no iteration left can change the most visited action
    never changes the choice; it does stop some searches early."""
    def run(state: State, seat: int) -> tuple[Action, int]:
        rng = Rng(5)
        thinking = Ismcts(iterations=120).start(state.determinize(seat, rng), seat, rng)
        while not thinking.done:
            thinking.step(1)
        assert isinstance(thinking, _Search)
        return thinking.best(), thinking.iterations

    positions = _decisions("leylines", 2, 30)
    early = [run(s, p) for s, p in positions]
    monkeypatch.setattr(_Search, "_settled", lambda self: False)
    whole = [run(s, p) for s, p in positions]
    assert [a for a, _ in early] == [a for a, _ in whole]
    assert all(n == 120 for _, n in whole)
    assert any(n < 120 for _, n in early)


def test_ai_decisions_between_a_persons_share_a_wait() -> None:
    share = WaitShare(ai_seats=3, floor_ms=150.0, move_ms=100.0)
    assert share.budget(800.0, 1500.0) == 400.0  # 1500 / 3, less 100 to show it
    assert share.budget(3000.0, 1500.0) == 400.0
    share.budget(800.0, 1500.0)
    share.budget(800.0, 1500.0)
    share.person_moved()  # 4 decisions in that wait: 3.5 expected next time
    assert share.budget(800.0, 1500.0) == pytest.approx(1500 / 3.5 - 100)
    assert share.budget(800.0, 500.0) == 150.0  # never under the floor
    share.person_moved()
    share.person_moved()  # acting twice in a row makes no empty wait
    assert share.expected == pytest.approx(2.75)  # (3.5 + 2) / 2
    one = WaitShare(ai_seats=1, floor_ms=150.0, move_ms=100.0)
    assert one.budget(800.0, 1500.0) == 800.0  # never over the level's own budget
    assert one.budget(800.0, 1500.0) == 800.0
    assert one.budget(800.0, 1500.0) == 150.0  # a wait longer than usual: its share is spent
    # Thinking hidden in the page's pause before the move costs no wait.
    assert one.budget(800.0, 1500.0, pause_ms=300.0) == 200.0  # 300, less 100 to show it
    assert share.budget(800.0, 300.0, pause_ms=300.0) == 200.0
    assert share.budget(150.0, 300.0, pause_ms=300.0) == 150.0  # never over the level's


def test_the_page_shares_the_wait_between_its_ais_only_with_a_person_at_the_table() -> None:
    def budget(seats: str) -> float | None:
        setup = parse_query(f"game=leylines&seats={seats}&seed=5", 0)
        assert setup is not None
        session = Session(setup)
        seat = session.next_bot()
        assert seat is not None
        thinking = session.start_bot(seat)
        assert isinstance(thinking, _Search)
        return thinking.bot.max_ms

    assert budget("ai:normal,ai:normal,ai:normal,human") == pytest.approx(
        WAIT_MS["ai:normal"] / 3 - WaitShare(3).move_ms)
    assert budget("ai:normal,ai:normal,ai:normal,ai:normal") == BOT_MS["ai:normal"]


def test_ties_are_broken_by_mean_then_chance_never_by_the_legal_order() -> None:
    """At a 50-iteration search the two most visited root actions tie in about
    half the decisions; taking the first in the legal order (squares in
    ascending order) made every tie a move toward one side of the board, so
    one seat played differently from the other. Equal visits go to the
    better mean, equal means to chance; equal priors are cut at random."""
    state, seat = _ley_lines_opening()
    det = state.determinize(seat, Rng(3))
    a, b, c = det.legal_actions(seat)[:3]

    def search_with(rng: Rng, means: tuple[float, float, float]) -> _Search:
        search = _Search(Ismcts(iterations=30), det, seat, rng)
        search.root_actions = [a, b, c]
        for action, mean in zip((a, b, c), means, strict=True):
            node = search.root.children[action] = bots._Node(seat)
            node.visits, node.reward = 10, 10 * mean
        return search

    assert search_with(Rng(1), (0.4, 0.6, 0.5)).best() == b
    picked = {search_with(Rng(k), (0.5, 0.5, 0.5)).best() for k in range(20)}
    assert picked == {a, b, c}
    firsts = {bots._ranked([a, b, c], {a: 1.0, b: 1.0, c: 1.0}, Rng(k))[0] for k in range(20)}
    assert firsts == {a, b, c}
    assert bots._ranked([a, b, c], {a: 0.0, b: 2.0, c: 1.0}, Rng(0)) == [b, c, a]


def test_darkleaf_priors_value_a_reroll_by_what_it_brings() -> None:
    """A Darkleaf turn is several decisions: a root action's prior plays the
    rest of the turn first (``prior_own_steps``). Huldra hold a Tweak and
    rolled a 1; the pawn on e4 sees the rival king 4 away. Valued where the
    turn stood, the reroll showed only the token spent, the same on every
    seed; played on, some seeds roll the 4 and land the Hunt."""
    from pygame_engine.ai.bots import one_ply_value
    from pygame_engine.games.darkleaf_gambit.actions import Spend
    from tests.games.darkleaf.helpers import H, cleared, put, rolled

    state = cleared()
    for kind, where in (("queen", "a1"), ("rook", "b1"), ("pawn", "e4")):
        put(state, H, kind, where)
    put(state, 1 - H, "king", "e8")
    state.relics[H][state.clans[H].index("tweak")] = 1
    rolled(state, H, 1)
    h = heuristics_for(state)
    assert getattr(h, "prior_own_steps", 0) > 0
    cut = copy.copy(h)
    cut.prior_own_steps = 0  # type: ignore[attr-defined]
    played = [one_ply_value(state, H, Spend("tweak"), Rng(s), h) for s in range(24)]
    stopped = [one_ply_value(state, H, Spend("tweak"), Rng(s), cut) for s in range(24)]
    assert len(set(stopped)) == 1
    assert max(played) > stopped[0] and sum(played) > sum(stopped)
