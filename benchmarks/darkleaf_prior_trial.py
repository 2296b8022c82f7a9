"""Darkleaf Gambit, round 42's trial: search priors that play out the seat's turn.

Two 50-iteration ISMCTS bots meet, one with the game's priors as they stand
(``prior_own_steps`` 6: a root action's prior plays the rest
of the seat's turn with the playout policy before the rival answers) and
one with the old priors (``prior_own_steps`` 0: valued at the seat's next
decision). Deal ``d`` is played with the ordered pairing ``d mod 36`` of
the six clans, twice: the new bot in each seat. One JSON line per game.

    python -m benchmarks.darkleaf_prior_trial --deals 0 72 --log h2h.jsonl
"""

from __future__ import annotations

import argparse
import itertools
import json
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from pygame_engine import GAMES
from pygame_engine.ai.bots import Ismcts
from pygame_engine.core.rng import Rng
from pygame_engine.games.darkleaf_gambit.clans import CLANS
from pygame_engine.games.darkleaf_gambit.state import DarkleafState

from .common import play_to_end, win_shares
from .darkleaf_balance import deal_options

PAIRS = tuple(itertools.product(sorted(CLANS), repeat=2))


def game(job: tuple[int, int]) -> dict[str, Any]:
    """Deal ``job[0]`` with the new priors in seat ``job[1]``: its share and the length."""
    deal, new_seat = job
    first, second = PAIRS[deal % len(PAIRS)]
    state = GAMES["darkleaf-gambit"].new_game(2, deal, deal_options(first, second, deal))
    bots = {new_seat: Ismcts(iterations=50),
            1 - new_seat: Ismcts(iterations=50, knowledge={"prior_own_steps": 0})}
    end = play_to_end(state, bots, Rng(deal * 2))
    assert isinstance(end, DarkleafState)
    return {"deal": deal, "pair": f"{first}-{second}", "new_seat": new_seat,
            "new": win_shares(end)[new_seat], "rounds": (end.turns + 1) // 2}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, nargs=2, default=(0, 72), metavar=("FROM", "TO"))
    parser.add_argument("--log", type=Path, required=True)
    args = parser.parse_args()
    jobs = [(d, s) for d in range(*args.deals) for s in (0, 1)]
    with ProcessPoolExecutor(2) as pool, args.log.open("a") as log:
        for line in pool.map(game, jobs):
            log.write(json.dumps(line) + "\n")
            log.flush()


if __name__ == "__main__":
    main()
