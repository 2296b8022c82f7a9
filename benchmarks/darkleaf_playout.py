"""Darkleaf Gambit's playout policy, sampled against listed (issue 27, item 5).

In Roll & Execute the playout policy (``heuristics.Heuristics.rollout_action``)
weighs only some of the journeys. It used to list every legal action and
weigh ten journeys picked at random among them; it now lists the journeys of
units taken in random order until it has ten or more
(``DarkleafState.sampled_execute_actions``), never listing the rest. This
match checks that the search is not weaker for it: an ISMCTS of
``--iterations`` with the new playout against the same search with the old
one (``ListedPlayout``, kept here for this comparison only).

Each deal is played twice, the new playout at the first seat, then at the
second; the deals go round the ordered clan pairings in which either clan
has the sampled listing (Erde and the Wibo list their own Roll & Execute
actions, so both playouts are the same code for them: their four pairings
would only add games of a bot against itself), the Will's table Blessings
on the first round of pairings, Curses on the second, and so on. Each game
is appended to ``--log`` as it ends; the score printed (a draw counts half)
is over every game in the log, with a 90 % interval (a bootstrap over whole
deals: the two games of a deal share its dice).

    python -m benchmarks.darkleaf_playout --deals 24 --seed 0 --log playout.jsonl
    python -m benchmarks.darkleaf_playout --deals 24 --seed 24 --log playout.jsonl

``--policy`` plays the two playout policies themselves against each other
(no search, seconds for hundreds of games):

    python -m benchmarks.darkleaf_playout --policy --deals 800

``--speed N`` times "normal" decisions (250 iterations) with each playout
on the same N positions (``same_positions``):

    python -m benchmarks.darkleaf_playout --speed 30
"""

from __future__ import annotations

import argparse
import copy
import json
import math
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

from pygame_engine import GAMES
from pygame_engine.ai.bots import Ismcts, choose, make_bot
from pygame_engine.ai.heuristics import Heuristics as BaseHeuristics
from pygame_engine.core.game import Action, State
from pygame_engine.core.rng import Rng
from pygame_engine.games.darkleaf_gambit.actions import Journey
from pygame_engine.games.darkleaf_gambit.clan import Clan
from pygame_engine.games.darkleaf_gambit.clans import CLANS
from pygame_engine.games.darkleaf_gambit.heuristics import JOURNEY_SAMPLE, Heuristics, goals
from pygame_engine.games.darkleaf_gambit.state import DarkleafState

from .bot_strength import deal_interval
from .common import play_to_end, win_shares
from .darkleaf_speed import pairings

GAME = "darkleaf-gambit"


class ListedPlayout(Heuristics):
    """The playout policy as it was: every legal action listed, then ten
    journeys picked at random (with replacement) weighed with the rest."""

    def rollout_action(self, state: State, player: int, rng: Rng) -> Action:
        assert isinstance(state, DarkleafState)
        if state.phase != "execute" or state.pending:
            return super().rollout_action(state, player, rng)  # the same as before
        legal = state.legal_actions(player)
        if len(legal) == 1:
            return legal[0]
        best, best_score = legal[0], -math.inf
        royals = goals(state, player)
        journeys = [a for a in legal if isinstance(a, Journey)]
        if len(journeys) > JOURNEY_SAMPLE:
            keep = set(journeys[rng.randrange(len(journeys))] for _ in range(JOURNEY_SAMPLE))
            legal = [a for a in legal if not isinstance(a, Journey) or a in keep]
        for a in legal:
            s = self._score(state, player, a, royals) + rng.random()
            if s > best_score:
                best, best_score = a, s
        return best


class ListedIsmcts(Ismcts):
    """An ISMCTS whose playouts (and priors, and expansions) use ``ListedPlayout``."""

    def heuristics(self, state: State) -> BaseHeuristics:
        return ListedPlayout()


def sampled_pairings() -> list[tuple[str, str]]:
    """The ordered pairings in which either clan lists a sample of its journeys."""
    sampled = {k for k, c in CLANS.items() if type(c).execute_actions is Clan.execute_actions}
    return [(a, b) for a in CLANS for b in CLANS if a in sampled or b in sampled]


def play(deal: int, new_seat: int, iterations: int) -> dict[str, Any]:
    """Deal ``deal`` with the new playout at ``new_seat``: the new side's score."""
    pairs = sampled_pairings()
    c1, c2 = pairs[deal % len(pairs)]
    will = ("blessings", "curses")[deal // len(pairs) % 2]
    state = GAMES[GAME].new_game(2, deal, {"clan1": c1, "clan2": c2, "will": will})
    bots = {new_seat: Ismcts(iterations), 1 - new_seat: ListedIsmcts(iterations)}
    start = time.process_time()
    play_to_end(state, bots, Rng(2 * deal + new_seat))
    return {"deal": deal, "new_seat": new_seat, "clans": [c1, c2], "will": will,
            "iterations": iterations, "new_score": win_shares(state)[new_seat],
            "actions": len(state.history),
            "cpu_s": round(time.process_time() - start, 2)}


def policy_match(deals: int, seed: int = 0) -> dict[str, Any]:
    """The two playout policies playing whole games against each other (no
    search: a quick check of the policy itself), the same deals and seats as
    ``match``: the new policy's score, with a 90 % interval over whole deals."""
    pairs = sampled_pairings()
    new, old = Heuristics(), ListedPlayout()
    scores = []
    for deal in range(seed, seed + deals):
        c1, c2 = pairs[deal % len(pairs)]
        will = ("blessings", "curses")[deal // len(pairs) % 2]
        for new_seat in (0, 1):
            state = GAMES[GAME].new_game(2, deal, {"clan1": c1, "clan2": c2, "will": will})
            policies = {new_seat: new, 1 - new_seat: old}
            rng = Rng(2 * deal + new_seat)
            while not state.is_over():
                p = state.active_players()[0]
                state.apply_unchecked(p, policies[p].rollout_action(state, p, rng))
            scores.append(win_shares(state)[new_seat])
    low, high = deal_interval(scores, 2)
    return {"games": len(scores), "new_score": sum(scores) / len(scores),
            "interval90": [round(low, 3), round(high, 3)]}


def same_positions(positions: int = 30, rounds: int = 2) -> dict[str, Any]:
    """CPU milliseconds per "normal" decision (250 iterations, no time cap) with
    each playout, on the same positions: every 6th of the first 60 actions of
    seeded random games over the pairings ``darkleaf_speed normal`` plays; the
    two bots alternate ``rounds`` times. (``normal`` itself times the positions
    its own bot reaches, which differ with the playout.)"""
    out: list[tuple[DarkleafState, int]] = []
    deal = 0
    while len(out) < positions:
        c1, c2 = pairings()[(7 * deal) % 36]
        state = GAMES[GAME].new_game(2, 1000 + deal, {"clan1": c1, "clan2": c2})
        assert isinstance(state, DarkleafState)
        rng = Rng(deal)
        for k in range(60):
            if state.is_over():
                break
            p = state.active_players()[0]
            if k % 6 == 0 and len(state.legal_actions(p)) > 1:
                out.append((state.clone(), p))
            state.apply(p, rng.choice(state.legal_actions(p)))
        deal += 1
    out = out[:positions]
    new = make_bot("normal")
    assert isinstance(new, Ismcts)
    old = copy.copy(new)
    old.__class__ = ListedIsmcts
    ms: dict[str, list[float]] = {"sampled": [], "listed": []}
    for _ in range(rounds):
        for name, bot in (("sampled", new), ("listed", old)):
            start = time.process_time()
            for i, (state, p) in enumerate(out):
                choose(bot, state, p, Rng(i))
            ms[name].append(round(1000 * (time.process_time() - start) / len(out), 1))
    return {"positions": len(out), "ms_per_decision": ms,
            "sampled_over_listed": round(sum(ms["sampled"]) / sum(ms["listed"]), 3)}


def match(deals: int, seed: int, iterations: int, log: Path, workers: int = 2) -> None:
    """Deals ``seed`` .. ``seed + deals - 1``, each twice, appended to ``log``."""
    with ProcessPoolExecutor(workers) as pool, log.open("a") as out:
        jobs = [pool.submit(play, d, s, iterations)
                for d in range(seed, seed + deals) for s in (0, 1)]
        for job in as_completed(jobs):
            out.write(json.dumps(job.result()) + "\n")
            out.flush()


def summary(log: Path, iterations: int) -> dict[str, Any]:
    """The new side's score over the log's complete deals (both seats played), with a
    90 % interval, and per seat."""
    rows = [r for r in map(json.loads, log.read_text().splitlines())
            if r["iterations"] == iterations]
    by_deal: dict[int, dict[int, float]] = {}
    for r in rows:
        by_deal.setdefault(r["deal"], {})[r["new_seat"]] = r["new_score"]
    deals = sorted(d for d, seats in by_deal.items() if len(seats) == 2)
    scores = [by_deal[d][s] for d in deals for s in (0, 1)]
    low, high = deal_interval(scores, 2) if scores else (0.0, 1.0)
    return {"games": len(scores), "new_score": sum(scores) / len(scores) if scores else None,
            "interval90": [round(low, 3), round(high, 3)],
            "new_first_seat": sum(by_deal[d][0] for d in deals) / max(len(deals), 1),
            "new_second_seat": sum(by_deal[d][1] for d in deals) / max(len(deals), 1),
            "draws": sum(1 for r in rows if r["deal"] in by_deal and r["new_score"] == 0.5),
            "cpu_s": round(sum(r["cpu_s"] for r in rows), 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=24, help="each played twice (seats swapped)")
    parser.add_argument("--seed", type=int, default=0, help="the first deal")
    parser.add_argument("--iterations", type=int, default=50)
    parser.add_argument("--log", type=Path, help="appended to; summed over")
    parser.add_argument("--speed", type=int, metavar="POSITIONS",
                        help="time normal decisions with each playout on the same positions")
    parser.add_argument("--policy", action="store_true",
                        help="the playout policies against each other, without search")
    args = parser.parse_args()
    if args.speed:
        print(json.dumps(same_positions(args.speed)))
        return
    if args.policy:
        print(json.dumps(policy_match(args.deals, args.seed)))
        return
    if args.log is None:
        parser.error("--log is needed for a search match")
    if args.deals:
        match(args.deals, args.seed, args.iterations, args.log)
    print(json.dumps(summary(args.log, args.iterations)))


if __name__ == "__main__":
    main()
