"""Darkleaf Gambit's clan balance: self-play over every ordered pairing of clans.

For each ordered pairing (first seat's clan, second seat's clan), mirror
matches included, ``--games`` seeded deals are played with one bot level in
both seats, the Will's table alternating Blessings / Curses from deal to
deal. A draw (the round limit) counts half to each side. The output, for
docs/benchmarks.md (Markdown):

- the 6x6 table: the first seat's clan's score against the second's, with a
  90 % interval (Wilson, on games: the deals of one pairing are independent);
- each clan's overall score over every game it played, mirror matches left
  out (a mirror always scores one half for the clan), with a 90 % interval;
- each cross pairing over both seat orders. The two cells of a pairing in
  the 6x6 table are the same game turned half round (the clan starting
  order, not the seat, decides who moves first; ``test_symmetry.py``), so
  they differ only by the bots' play: read together they halve the noise;
- each mirror match: the first seat's score (the first mover's edge) and
  its draws (``--tally`` only);
- what chance alone does to the 6x6 table's cells at their game counts
  (``noise``): how many would fall outside 35-65 % if every pairing were
  truly even, and if every cell's true share were its pairing's.

    python -m benchmarks.darkleaf_balance --games 60 --level easy --save easy.json

While tuning one clan, ``--only erde`` plays just the pairings with Erde on
either side (``--pair erde-wibo``, repeatable: just that ordered pairing)
and ``--merge easy.json`` takes every other pairing from an earlier run's
saved results. ``--set erde.units.pawn.upto=True`` tries a
designed number before it goes into its clan module (a dotted path into the
clan's data; the value a Python literal; repeatable).

A search-level table takes hours, so it is played in pieces: ``--log FILE``
appends each game to FILE (one JSON line: the pairing, deal, level, the
first seat's score and the rounds the game lasted) as soon as it ends, the deals
going round all the pairings one deal at a time (a job cut at its time
limit leaves every pairing with nearly the same count), and ``--tally FILE
...`` prints the tables from such logs (later lines win for a repeated game;
logs holding games at more than one level need ``--level`` to say which).
The bots play at ``ismcts50``, the level issue 27's table asks for, unless
``--level`` names another.
Each line carries a hash of its two clans' data: after a designed number
changes (or under ``--set``), the games of the pairings it touches are
played again and the old ones are left out of the tally, while every other
pairing's games still count. Each line also carries the game's rules
version (a line without one was played under version 5): games played
under other rules are left out too.

    python -m benchmarks.darkleaf_balance --level ismcts50 --games 4 --seed 0 --log s.jsonl
    python -m benchmarks.darkleaf_balance --tally s.jsonl

``--compare BASE TRIAL`` reads a trial's log (a ``--set`` number, a bot
change) against a base log on the games both hold, the same ordered
pairing and deal: each clan's share before and after with the paired
difference's 90 % interval, the draws and the mean length; with ``--only``
also that clan's share against each rival.

    python -m benchmarks.darkleaf_balance --compare base.jsonl trial.jsonl --only ferrymen

``--against random`` measures a level against random play instead: for each
clan (or just ``--only``) and each seat, ``--games`` deals with the level
holding that clan there and a random player across the table, the rival's
clan going round all six (mirror included) from deal to deal. The output:
the level's wins, draws and score per clan and seat.

    python -m benchmarks.darkleaf_balance --against random --level normal --games 12
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import json
import math
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

from pygame_engine.games.darkleaf_gambit.clans import CLAN_DATA, CLANS
from pygame_engine.games.darkleaf_gambit.game import DarkleafGambit
from pygame_engine.games.darkleaf_gambit.state import DarkleafState

from .bot_strength import played
from .common import win_shares

Z90 = 1.6449


def wilson(score: float, n: int, z: float = Z90) -> tuple[float, float]:
    """A Wilson interval for a rate ``score`` over ``n`` trials.

    >>> low, high = wilson(0.5, 60)
    >>> round(low, 3), round(high, 3)
    (0.396, 0.604)
    """
    if n == 0:
        return 0.0, 1.0
    centre = (score + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(score * (1 - score) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def try_setting(setting: str) -> None:
    """Change one designed number of a clan's data in this process (and the
    workers it forks): ``"erde.units.pawn.upto=True"``.

    >>> try_setting("wibo.morph_need=3")
    >>> CLAN_DATA["wibo"]["morph_need"]
    3
    """
    path, _, literal = setting.partition("=")
    *keys, last = path.split(".")
    node: Any = CLAN_DATA
    for key in keys:  # a number indexes a tuple: "erde.skills.3.slots"
        node = node[int(key)] if isinstance(node, tuple) else node[key]
    if last not in node:
        raise ValueError(f"{path}: no such entry in the clan data")
    node[last] = ast.literal_eval(literal)


def data_key(first: str, second: str) -> str:
    """A short hash of the two clans' designed data, written with each logged
    game so that a game played with other numbers (an earlier tuning, a
    ``--set`` trial) is neither resumed nor tallied as if played with these.

    >>> data_key("erde", "wibo") == data_key("erde", "wibo") != data_key("wibo", "erde")
    True
    """
    text = repr((CLAN_DATA[first], CLAN_DATA[second]))
    return hashlib.sha256(text.encode()).hexdigest()[:10]


def deal_options(first: str, second: str, deal: int) -> dict[str, str]:
    """The setup of deal ``deal`` of the pairing: the two Will tables alternate.

    >>> deal_options("erde", "wibo", 3)["will"]
    'curses'
    """
    return {"clan1": first, "clan2": second, "will": "blessings" if deal % 2 == 0 else "curses"}


def _game(args: tuple[str, str, str, str, int]) -> tuple[str, str, float, int]:
    """One game: the clans, the first seat's score and the rounds it lasted."""
    first, second, level1, level2, deal = args
    state = played("darkleaf-gambit", (level1, level2), deal, deal_options(first, second, deal))
    assert isinstance(state, DarkleafState)
    return first, second, win_shares(state)[0], (state.turns + 1) // 2


def balance(games: int, level: str, seed: int = 0, workers: int = 2,
            only: str | None = None, log: Path | None = None,
            chosen: list[tuple[str, str]] | None = None
            ) -> dict[tuple[str, str], list[float]]:
    """Per ordered pairing, the first seat's score (1, 1/2 or 0) in each game
    (with ``only``, just the pairings with that clan on either side; with
    ``chosen``, just those ordered pairings); with
    ``log``, each game is appended there as it ends, deal after deal over
    every pairing, and a game the log already holds is not played again."""
    clans = sorted(CLANS)
    pairs = [(a, b) for a in clans for b in clans if only is None or only in (a, b)]
    if chosen:
        pairs = [pair for pair in pairs if pair in chosen]
    results: dict[tuple[str, str], list[float]] = {pair: [] for pair in pairs}
    if log is None:
        jobs = [(a, b, level, level, seed + g) for a, b in pairs for g in range(games)]
        with ProcessPoolExecutor(workers) as pool:
            for a, b, score, _ in pool.map(_game, jobs, chunksize=4):
                results[a, b].append(score)
        return results
    done = set(logged([log], level)) if log.exists() else set()
    jobs = [(a, b, level, level, seed + g) for g in range(games) for a, b in pairs
            if (a, b, seed + g) not in done]
    with ProcessPoolExecutor(workers) as pool, log.open("a") as out:
        futures = {pool.submit(_game, job): job for job in jobs}
        for future in as_completed(futures):
            a, b, score, rounds = future.result()
            deal = futures[future][4]
            results[a, b].append(score)
            out.write(json.dumps({"pair": f"{a}-{b}", "deal": deal, "level": level,
                                  "score": score, "rounds": rounds,
                                  "data": data_key(a, b),
                                  "rules": DarkleafGambit.rules_version}) + "\n")
            out.flush()
    return results


def logged(logs: list[Path], level: str | None = None) -> dict[tuple[str, str, int], float]:
    """The games in ``--log`` files played with the clans' data as it is now
    (and at ``level``, if given): (first clan, second clan, deal) -> the first
    seat's score. A line without a data key (an older log) is taken as is."""
    games: dict[tuple[str, str, int], float] = {}
    for row in _rows(logs):
        if not _current(row) or (level is not None and row.get("level") != level):
            continue
        a, b = row["pair"].split("-")
        games[a, b, row["deal"]] = row["score"]
    return games


def _rows(logs: list[Path]) -> list[dict[str, Any]]:
    return [json.loads(line) for path in logs for line in path.read_text().splitlines()]


#: The rules version of a logged line written before lines carried one.
LEGACY_RULES = 5


def _current(row: dict[str, Any]) -> bool:
    """Whether a logged game was played with the clans' data and the rules as
    they are now (a line without a data key, from an older log, is taken as
    is; one without a rules version was played under version 5)."""
    if "data" not in row:
        return True
    return (row.get("rules", LEGACY_RULES) == DarkleafGambit.rules_version
            and row["data"] == data_key(*row["pair"].split("-")))


def stale(logs: list[Path]) -> int:
    """How many games in ``--log`` files were played with other numbers than
    the clans' data now has (left out of the tally)."""
    return sum(1 for row in _rows(logs) if not _current(row))


def levels(logs: list[Path]) -> list[str]:
    """The bot levels the games in ``--log`` files that would be tallied
    (those played with the clans' data and rules as they are now) were played at."""
    return sorted({str(row.get("level")) for row in _rows(logs) if _current(row)})


def tally(logs: list[Path], level: str | None = None) -> dict[tuple[str, str], list[float]]:
    """The results in ``--log`` files (at ``level``, if given): per ordered
    pairing, one score per deal. Logs holding games at several levels need a
    ``level``: a deal played at two levels would otherwise count once, at
    whichever was logged last.

    >>> import tempfile
    >>> log = Path(tempfile.mkdtemp()) / "mixed.jsonl"
    >>> _ = log.write_text('{"pair": "erde-wibo", "deal": 0, "level": "easy", "score": 1}\\n'
    ...                    '{"pair": "erde-wibo", "deal": 0, "level": "ismcts50", "score": 0}\\n')
    >>> tally([log], "ismcts50")
    {('erde', 'wibo'): [0]}
    >>> tally([log])
    Traceback (most recent call last):
    ...
    ValueError: the logs hold games at 2 levels (easy, ismcts50): name one with --level
    """
    found = levels(logs)
    if level is None and len(found) > 1:
        raise ValueError(f"the logs hold games at {len(found)} levels ({', '.join(found)}): "
                         "name one with --level")
    results: dict[tuple[str, str], list[float]] = {}
    for (a, b, _), score in sorted(logged(logs, level).items()):
        results.setdefault((a, b), []).append(score)
    return results


def against(games: int, level: str, rival: str, seed: int = 0, workers: int = 2,
            only: str | None = None) -> dict[tuple[str, int], list[float]]:
    """Per (clan, seat of ``level``), ``level``'s score in each game against ``rival``
    (with ``only``, just that clan for ``level``)."""
    clans = sorted(CLANS)
    jobs = []
    for clan in [only] if only else clans:
        for g in range(games):
            other = clans[g % len(clans)]
            jobs.append((clan, other, level, rival, seed + g))
            jobs.append((other, clan, rival, level, seed + g))
    results: dict[tuple[str, int], list[float]] = {
        (c, s): [] for c in ([only] if only else clans) for s in (1, 2)}
    with ProcessPoolExecutor(workers) as pool:
        for job, (_, _, score, _) in zip(jobs, pool.map(_game, jobs, chunksize=1),
                                         strict=True):
            first, second, level1, _, _ = job
            if level1 == level:
                results[first, 1].append(score)
            else:
                results[second, 2].append(1 - score)
    return results


def against_table(results: dict[tuple[str, int], list[float]]) -> str:
    """Wins, draws and score per clan and seat, in Markdown."""
    lines = ["| clan | seat | games | wins | draws | losses | score (90 % interval) |",
             "|---|---|---|---|---|---|---|"]
    for (clan, seat), scores in sorted(results.items()):
        wins = sum(1 for x in scores if x == 1)
        drawn = draws(scores)
        lines.append(f"| {CLANS[clan].name} | {seat} | {len(scores)} | {wins} | {drawn} | "
                     f"{len(scores) - wins - drawn} | {with_interval(scores)} |")
    return "\n".join(lines)


def compare(base: list[dict[str, Any]], trial: list[dict[str, Any]],
            only: str | None = None) -> str:
    """A trial's log read against a base log on the games both hold (the same
    ordered pairing and deal; later lines win): each clan's share over its
    cross games before and after, with the 90 % interval of the paired
    difference (each common game's score after minus before: the two games
    of a deal start from the same seed and setup, so pairing them takes out
    part of the deal's luck), then the games drawn and the mean length over
    every common game, mirrors included. With ``only`` (the clan a trial
    changed), that clan's share against each rival comes first and every
    other clan is read in its games against ``only``. Neither the level nor
    the rules version is checked: give it two logs played at one level.

    >>> def game(pair, deal, score):
    ...     return {"pair": pair, "deal": deal, "score": score, "rounds": 20}
    >>> base = [game("erde-hexen", 0, 0), game("erde-hexen", 1, 1), game("hexen-erde", 0, 1),
    ...         game("hexen-erde", 1, 0.5), game("erde-erde", 0, 1)]
    >>> trial = [game("erde-hexen", 0, 1), game("erde-hexen", 1, 1), game("hexen-erde", 0, 0.5),
    ...          game("hexen-erde", 1, 0.5), game("erde-erde", 0, 0.5)]
    >>> print(compare(base, trial, "erde"))
    | Erde against | games | before | after |
    |---|---|---|---|
    | Hexen | 4 | 38% | 75% |
    <BLANKLINE>
    Erde, 4 cross games: 37.5 -> 75.0 % (paired change +37.5, 90 % interval -1.9 to +76.9)
    Hexen against Erde, 4 games: 62.5 -> 25.0 % (paired change -37.5, 90 % interval -76.9 to +1.9)
    5 common games: drawn 1 -> 3; mean length 20.0 -> 20.0 rounds.
    >>> print(compare(base, base).splitlines()[0])
    Erde, 4 cross games: 37.5 -> 37.5 % (no game's score changed)
    """
    before = {(r["pair"], r["deal"]): r for r in base}
    after = {(r["pair"], r["deal"]): r for r in trial}
    common = sorted(before.keys() & after.keys())
    everyone = sorted({c for pair, _ in common for c in pair.split("-")})
    lines = []
    if only is not None:
        lines += [f"| {CLANS[only].name} against | games | before | after |", "|---|---|---|---|"]
        for rival in everyone:
            scores = _clan_scores(before, after, common, only, rival) if rival != only else []
            if scores:
                lines.append(f"| {CLANS[rival].name} | {len(scores)} | "
                             f"{share([x for x, _ in scores])} | {share([y for _, y in scores])} |")
        lines.append("")
    for clan in sorted(everyone, key=lambda c: c != only):  # ``only`` first
        against = only if only not in (None, clan) else None
        pairs = _clan_scores(before, after, common, clan, against)
        if len(pairs) < 2:
            continue
        was, now = (sum(x[i] for x in pairs) / len(pairs) for i in (0, 1))
        diffs = [y - x for x, y in pairs]
        mean = sum(diffs) / len(diffs)
        spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1) / len(diffs))
        games = (f"{len(pairs)} cross games" if against is None
                 else f"against {CLANS[against].name}, {len(pairs)} games")
        gap = ("no game's score changed" if not any(diffs) else
               f"paired change {100 * mean:+.1f}, 90 % interval "
               f"{100 * (mean - Z90 * spread):+.1f} to {100 * (mean + Z90 * spread):+.1f}")
        lines.append(f"{CLANS[clan].name}{',' if against is None else ''} {games}: "
                     f"{100 * was:.1f} -> {100 * now:.1f} % ({gap})")
    drawn = [draws([log[k]["score"] for k in common]) for log in (before, after)]
    length = [sum(log[k]["rounds"] for k in common) / max(1, len(common))
              for log in (before, after)]
    lines.append(f"{len(common)} common games: drawn {drawn[0]} -> {drawn[1]}; mean length "
                 f"{length[0]:.1f} -> {length[1]:.1f} rounds.")
    return "\n".join(lines)


def _clan_scores(before: dict[tuple[str, int], dict[str, Any]],
                 after: dict[tuple[str, int], dict[str, Any]], common: list[tuple[str, int]],
                 clan: str, rival: str | None) -> list[tuple[float, float]]:
    """``clan``'s (before, after) score in each common cross game (against
    ``rival`` only, if given)."""
    out = []
    for key in common:
        a, b = key[0].split("-")
        if a == b or clan not in (a, b) or (rival is not None and rival not in (a, b)):
            continue
        was, now = before[key]["score"], after[key]["score"]
        out.append((was, now) if a == clan else (1 - was, 1 - now))
    return out


def draws(scores: list[float]) -> int:
    """The games drawn (a draw scores one half to each side).

    >>> draws([1, 0.5, 0, 0.5])
    2
    """
    return sum(1 for x in scores if x == 0.5)


def chance_outside(games: int, win: float, drawn: float, low: float = 0.35,
                   high: float = 0.65) -> float:
    """The chance that a cell of ``games`` games, each won with chance ``win``
    and drawn with chance ``drawn``, shows a share below ``low`` or above
    ``high`` (item 4's bar for an ordered pairing): its noise alone.

    A pairing truly at one half, with the tables' one game in eight drawn,
    falls outside 35-65 % in about one cell of thirty at 40 games:

    >>> round(chance_outside(40, 0.44, 0.12), 3)
    0.034
    >>> round(chance_outside(100, 0.44, 0.12), 4)
    0.0011
    """
    # The score in half points: 2 a win, 1 a draw; its distribution, game by game.
    odds = [1.0]
    for _ in range(games):
        nxt = [0.0] * (len(odds) + 2)
        for h, q in enumerate(odds):
            nxt[h] += q * (1 - win - drawn)
            nxt[h + 1] += q * drawn
            nxt[h + 2] += q * win
        odds = nxt
    return sum(q for h, q in enumerate(odds)
               if h < low * 2 * games - 1e-9 or h > high * 2 * games + 1e-9)


def noise(results: dict[tuple[str, str], list[float]]) -> str:
    """What chance alone does to the 6x6 table's cells at their game counts:
    the cells expected outside 35-65 % and the chance that none is, if every
    pairing were truly even (its draws as the whole table's), and if every
    cell's true share were its pairing's over both seat orders (the two
    orders are one game turned half round, so that is the best estimate;
    a mirror's cell at its own share), each with its pairing's own draws.

    Two 40-game cells of a pairing at 75 %: were it even, they would seldom
    stray; at 75 %, one or both is outside nearly always.

    >>> print(noise({("erde", "hexen"): [1.0] * 30 + [0.0] * 10,
    ...              ("hexen", "erde"): [0.0] * 30 + [1.0] * 10}))  # doctest: +NORMALIZE_WHITESPACE
    By chance alone: with every pairing truly even, 0.1 cells expected outside 35-65 %, none
    outside 92% of the time; with every cell at its pairing's share over both orders, 1.8 cells
    expected outside 35-65 %, none outside 1% of the time.
    """
    every = [s for v in results.values() for s in v]
    if not every:
        return ""
    drawn = draws(every) / len(every)
    even = [chance_outside(len(v), (1 - drawn) / 2, drawn) for v in results.values()]
    measured = []
    for (a, b), v in results.items():
        pooled = both_orders(results, a, b) if a != b else v
        d = draws(pooled) / len(pooled)
        measured.append(chance_outside(len(v), sum(pooled) / len(pooled) - d / 2, d))
    def summary(chances: list[float]) -> str:
        return (f"{sum(chances):.1f} cells expected outside 35-65 %, none outside "
                f"{math.prod(1 - c for c in chances):.0%} of the time")
    return (f"By chance alone: with every pairing truly even, {summary(even)}; "
            f"with every cell at its pairing's share over both orders, {summary(measured)}.")


def whole_percent(x: float) -> int:
    """``x`` in whole per cent, rounded as the tables print it (``:.0%``).

    >>> whole_percent(0.375), whole_percent(0.2049)
    (38, 20)
    """
    return int(f"{x:.0%}"[:-1])


def share(scores: list[float]) -> str:
    """A seat's mean score as a percentage, or a dash where it played none.

    >>> share([1, 0, 0.5, 1]), share([])
    ('62%', '–')
    """
    return f"{sum(scores) / len(scores):.0%}" if scores else "–"


def with_interval(scores: list[float]) -> str:
    """A mean score with its 90 % interval, as the tables print it.

    >>> with_interval([1, 1, 0.5, 0])
    '62% (26%-89%)'
    """
    rate = sum(scores) / len(scores)
    low, high = wilson(rate, len(scores))
    return f"{rate:.0%} ({low:.0%}-{high:.0%})"


def tables(results: dict[tuple[str, str], list[float]]) -> str:
    """The 6x6 table and the per-clan table, in Markdown; a pairing not played
    (``--only`` without ``--merge``) is a dash, and a clan's row counts what was."""
    clans = sorted({c for pair in results for c in pair})
    name = {k: CLANS[k].name for k in clans}
    lines = ["| first seat \\ second seat | " + " | ".join(name[c] for c in clans) + " |",
             "|---" * (len(clans) + 1) + "|"]
    for a in clans:
        cells = []
        for b in clans:
            scores = results.get((a, b), [])
            cells.append(with_interval(scores) if scores else "–")
        lines.append(f"| {name[a]} | " + " | ".join(cells) + " |")
    lines += ["", "| clan | games | as first seat | as second seat | overall (90 % interval) "
                  "| drawn |", "|---|---|---|---|---|---|"]
    for c in clans:
        first = [s for (a, b), v in results.items() if a == c and b != c for s in v]
        second = [1 - s for (a, b), v in results.items() if b == c and a != c for s in v]
        both = first + second
        if not both:
            continue
        drawn = draws(both) / len(both)
        lines.append(f"| {name[c]} | {len(both)} | {share(first)} | {share(second)} | "
                     f"{with_interval(both)} | {drawn:.0%} |")
    every = [s for v in results.values() for s in v]
    mover = [s if CLAN_DATA[b].get("order", 9) >= CLAN_DATA[a].get("order", 9) else 1 - s
             for (a, b), v in results.items() for s in v]
    drawn_games = draws(every)
    if every:
        dlow, dhigh = wilson(drawn_games / len(every), len(every))
        lines += ["", f"Games: {len(every)}; first seat (clan1) {with_interval(every)}; "
                      f"the clan moving first {with_interval(mover)}; draws {drawn_games} "
                      f"({drawn_games / len(every):.1%}, "
                      f"{dlow:.1%}-{dhigh:.1%})."]
    return "\n".join(lines)


def both_orders(results: dict[tuple[str, str], list[float]], a: str, b: str) -> list[float]:
    """Clan ``a``'s scores against ``b`` in either seat.

    >>> both_orders({("erde", "hexen"): [1, 0.5], ("hexen", "erde"): [0]}, "erde", "hexen")
    [1, 0.5, 1]
    """
    return results.get((a, b), []) + [1 - s for s in results.get((b, a), [])]


def pairings(results: dict[tuple[str, str], list[float]]) -> str:
    """Each cross pairing over both seat orders, in Markdown: the games, the
    first-named clan's score with a 90 % interval, and the games drawn.

    >>> print(pairings({("erde", "hexen"): [1, 0.5], ("hexen", "erde"): [0, 0]}))
    | pairing, both seat orders | games | the first-named clan's share (90 % interval) | drawn |
    |---|---|---|---|
    | Erde - Hexen | 4 | 88% (46%-98%) | 1 |
    """
    clans = sorted({c for pair in results for c in pair})
    lines = ["| pairing, both seat orders | games | the first-named clan's share "
             "(90 % interval) | drawn |", "|---|---|---|---|"]
    for i, a in enumerate(clans):
        for b in clans[i + 1:]:
            scores = both_orders(results, a, b)
            if scores:
                lines.append(f"| {CLANS[a].name} - {CLANS[b].name} | {len(scores)} | "
                             f"{with_interval(scores)} | {draws(scores)} |")
    return "\n".join(lines)


def mirrors(results: dict[tuple[str, str], list[float]]) -> str:
    """Each mirror match in Markdown: the games, the first seat's score with
    a 90 % interval (in a mirror the first seat moves first) and the games
    drawn; then the mirrors' part of all the table's draws.

    >>> print(mirrors({("erde", "erde"): [1, 0.5, 0.5], ("erde", "hexen"): [0.5, 1]}))
    | mirror | games | the first seat's share (90 % interval) | drawn |
    |---|---|---|---|
    | Erde | 3 | 67% (25%-92%) | 2 |
    <BLANKLINE>
    The mirrors hold 2 of the table's 3 draws.
    """
    lines = ["| mirror | games | the first seat's share (90 % interval) | drawn |",
             "|---|---|---|---|"]
    drawn = 0
    for (a, b), scores in sorted(results.items()):
        if a == b and scores:
            drawn += draws(scores)
            lines.append(f"| {CLANS[a].name} | {len(scores)} | {with_interval(scores)} | "
                         f"{draws(scores)} |")
    total = sum(draws(scores) for scores in results.values())
    return "\n".join(lines) + f"\n\nThe mirrors hold {drawn} of the table's {total} draws."


def odds(results: dict[tuple[str, str], list[float]]) -> str:
    """The lobby's ``CLAN_ODDS`` (``web/lobby.py``) for these results: each
    clan's overall share and the part of its games drawn, as in ``tables``,
    and per rival the share over both seat orders, in whole per cent.

    >>> print(odds({("erde", "hexen"): [1, 1], ("hexen", "erde"): [0.5, 0]}))
    CLAN_ODDS: dict[str, tuple[int, int, dict[str, int]]] = {
        "Erde": (
            88, 25, {"Hexen": 88}),
        "Hexen": (
            12, 25, {"Erde": 12}),
    }
    """
    clans = sorted({c for pair in results for c in pair})
    lines = ["CLAN_ODDS: dict[str, tuple[int, int, dict[str, int]]] = {"]
    rows = []
    for c in clans:
        vs = {CLANS[r].name: scores for r in clans
              if r != c and (scores := both_orders(results, c, r))}
        both = [s for v in vs.values() for s in v]
        if both:
            rivals = {r: round(100 * sum(v) / len(v)) for r, v in sorted(vs.items())}
            rows.append((sum(both) / len(both), draws(both) / len(both), CLANS[c].name, rivals))
    for rate, drawn, name, rivals in sorted(rows, key=lambda row: -row[0]):
        lines += [f'    "{name}": (', f'        {whole_percent(rate)}, {whole_percent(drawn)}, '
                  + "{" + ", ".join(f'"{r}": {x}' for r, x in rivals.items()) + "}),"]
    return "\n".join(lines + ["}"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60, help="games per ordered pairing")
    parser.add_argument("--level", help="the bots' level: ismcts50 (item 4's table) unless "
                        "named; with --tally, only the games at this level")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--only", choices=sorted(CLANS), help="only this clan's pairings")
    parser.add_argument("--pair", action="append", default=[], metavar="CLAN-CLAN",
                        help="only this ordered pairing (repeatable), e.g. erde-erde")
    parser.add_argument("--save", type=Path, help="write the results as JSON")
    parser.add_argument("--merge", type=Path, help="take the pairings not played from this file")
    parser.add_argument("--against", help="measure --level against this level instead")
    parser.add_argument("--log", type=Path, help="append each game to this JSON-lines file")
    parser.add_argument("--tally", type=Path, nargs="+", help="print the tables of --log files")
    parser.add_argument("--compare", type=Path, nargs=2, metavar=("BASE", "TRIAL"),
                        help="a trial's log against a base log on their common games "
                             "(with --only, per rival)")
    parser.add_argument("--odds", action="store_true",
                        help="with --tally, also print the lobby's CLAN_ODDS for them")
    parser.add_argument("--set", action="append", default=[], metavar="PATH=VALUE",
                        help="try a designed number, e.g. erde.units.pawn.upto=True")
    args = parser.parse_args()
    for setting in args.set:
        try_setting(setting)
    start = time.monotonic()
    if args.compare:
        base, trial = args.compare
        print(compare(_rows([base]), _rows([trial]), only=args.only))
        return
    if args.tally:
        try:
            results = tally(args.tally, args.level)
        except ValueError as problem:
            parser.error(str(problem))
        if not results:
            at = f" at level {args.level}" if args.level else ""
            parser.error(f"no game in the logs{at} was played with today's clan data and "
                         f"rules (levels among those that were: "
                         f"{', '.join(levels(args.tally)) or 'none'})")
        print(tables(results))
        print("\n" + pairings(results))
        print("\n" + mirrors(results))
        print("\n" + noise(results))
        if args.odds:
            print("\n" + odds(results))
        if left := stale(args.tally):
            print(f"\n({left} logged games played with other clan data left out.)")
        return
    args.level = args.level or "ismcts50"
    if args.against:
        print(against_table(against(args.games, args.level, args.against, args.seed,
                                    only=args.only)))
        print(f"\n{args.games} games per clan and seat, {args.level} against {args.against}, "
              f"deals {args.seed}-{args.seed + args.games - 1}, "
              f"in {time.monotonic() - start:.0f} s")
        return
    chosen = [(a, b) for a, _, b in (pair.partition("-") for pair in args.pair)]
    if unknown := {c for pair in chosen for c in pair} - set(CLANS):
        parser.error(f"no such clan: {', '.join(sorted(unknown))}")
    results = balance(args.games, args.level, args.seed, only=args.only, log=args.log,
                      chosen=chosen)
    if args.merge:
        for key, scores in json.loads(args.merge.read_text()).items():
            a, b = key.split("-")
            results.setdefault((a, b), scores)
    if args.save:
        args.save.write_text(json.dumps({f"{a}-{b}": v for (a, b), v in results.items()}))
    print(tables(results))
    print("\n" + pairings(results))
    print(f"\n{args.games} games per pairing at {args.level}, deals {args.seed}-"
          f"{args.seed + args.games - 1}, in {time.monotonic() - start:.0f} s"
          + "".join(f"; {setting}" for setting in args.set))


if __name__ == "__main__":
    main()
