"""Random, greedy and ISMCTS bots behind one interface.

A bot never sees the true state: ``choose`` (and the page's glue) hand it
``state.determinize(seat, rng)``, a copy in which everything hidden from the
seat has been resampled. ISMCTS (information-set Monte Carlo tree search,
single observer) then redraws a fresh determinization on every iteration, so
its tree averages over what the seat cannot know.

Thinking is incremental: ``bot.start(...)`` returns a ``Thinking`` whose
``step(n)`` does a slice of work, so the page can stay responsive between
slices and stop at a time budget.
"""

from __future__ import annotations

import copy
import heapq
import math
import time
from abc import ABC, abstractmethod
from collections.abc import Mapping

from ..core.game import Action, State
from ..core.rng import Rng
from .heuristics import Heuristics, heuristics_for

LEVELS = ("easy", "normal", "hard")


def mover(state: State, seat: int) -> int:
    """Who acts next in a simulation: in a simultaneous step the searching seat
    chooses first, so its own choice is never conditioned on a secret choice."""
    active = state.active_players()
    return seat if seat in active else active[0]


def rewards(state: State, h: Heuristics) -> list[float]:
    """Per seat, a reward in [0, 1]: mostly winning, partly the margin."""
    n = state.num_players
    if state.is_over():
        scores = state.scores()
        winners = state.winners()
    else:
        scores = h.evaluate(state)
        top = max(scores)
        winners = [p for p in range(n) if scores[p] == top]
    solo_opponent = getattr(h, "solo_opponent", None)
    out = []
    for p in range(n):
        if n > 1:
            best_other = max(scores[q] for q in range(n) if q != p)
        else:
            # Solo: the game itself is the opponent; its heuristics say what must be beaten.
            best_other = solo_opponent(state) if solo_opponent else 0.0
        margin = 1 / (1 + math.exp(-(scores[p] - best_other) / h.scale))
        if state.is_over():
            out.append(0.7 * (1 / len(winners) if p in winners else 0.0) + 0.3 * margin)
        else:
            out.append(margin)
    return out


def _out_of_time(started: float, max_ms: float | None) -> bool:
    """Whether a decision begun at ``started`` (``perf_counter``) has used up ``max_ms``."""
    return max_ms is not None and (time.perf_counter() - started) * 1000 >= max_ms


class Thinking(ABC):
    """A decision in progress."""

    done = False

    @abstractmethod
    def step(self, work: int) -> None:
        """Do about ``work`` units of thinking (ISMCTS iterations)."""

    @abstractmethod
    def best(self) -> Action:
        """The best action found so far."""


class _Decided(Thinking):
    def __init__(self, action: Action) -> None:
        self.action = action
        self.done = True

    def step(self, work: int) -> None:
        pass

    def best(self) -> Action:
        return self.action


class Bot(ABC):
    name = "bot"

    @abstractmethod
    def start(self, state: State, seat: int, rng: Rng) -> Thinking:
        """Begin deciding for ``seat``; ``state`` is a determinization for that seat."""


class RandomBot(Bot):
    """Uniformly random legal actions: the baseline."""

    name = "random"

    def start(self, state: State, seat: int, rng: Rng) -> Thinking:
        return _Decided(rng.choice(state.legal_actions(seat)))


def _ranked(actions: list[Action], value: Mapping[Action, float], rng: Rng) -> list[Action]:
    """``actions`` best ``value`` first, equal values in a random order: a cut
    by the order of the legal actions would favour one side of the board."""
    noise = {a: rng.random() for a in actions}
    return sorted(actions, key=lambda a: (-value[a], noise[a]))


def one_ply_value(state: State, seat: int, action: Action, rng: Rng,
                  h: Heuristics | None = None) -> float:
    """``action``'s value for ``seat`` after the other seats answer with the
    rollout policy until ``seat`` is to act again (one determinization);
    ``h``: the heuristics to play and judge with, if not the game's own."""
    h = h or heuristics_for(state)
    sim = state.determinize(seat, rng)
    sim.apply_unchecked(seat, action)
    # A game whose turn is several decisions may have the seat finish its turn
    # with the playout policy first (``Heuristics.prior_own_steps``): else an
    # action paid off later in the turn (a reroll, a relic spent) is valued
    # before its payoff, and always below the rest.
    for _ in range(getattr(h, "prior_own_steps", 0)):
        if sim.is_over() or seat not in sim.active_players():
            break
        sim.apply_unchecked(seat, h.rollout_action(sim, seat, rng))
    for _ in range(4 * state.num_players):
        if sim.is_over() or seat in sim.active_players():
            break
        p = mover(sim, seat)
        sim.apply_unchecked(p, h.rollout_action(sim, p, rng))
    return rewards(sim, h)[seat]


class _OnePly(Thinking):
    """Every legal action's ``one_ply_value``, one action per unit of work.

    The playout policy's own choice is valued first, so that a decision cut
    short by a time budget is never worse than the playout policy; the rest
    come in random order, so that a cut does not favour one corner of a map."""

    def __init__(self, state: State, seat: int, rng: Rng, max_ms: float | None = None,
                 h: Heuristics | None = None) -> None:
        self.state, self.seat, self.rng = state, seat, rng
        self.max_ms = max_ms
        self.h = h or heuristics_for(state)
        self.started: float | None = None
        legal = state.legal_actions(seat)
        first = self.h.rollout_action(state, seat, rng) if len(legal) > 1 else legal[0]
        rest = [a for a in legal if a != first]
        rng.shuffle(rest)
        self.todo = [first, *rest]
        self.values: dict[Action, float] = {}
        self.done = len(legal) == 1

    def step(self, work: int) -> None:
        if self.started is None:
            self.started = time.perf_counter()
        for _ in range(work):
            if len(self.values) == len(self.todo):
                break
            a = self.todo[len(self.values)]
            self.values[a] = one_ply_value(self.state, self.seat, a, self.rng, self.h)
        self.done = (self.done or _out_of_time(self.started, self.max_ms)
                     or len(self.values) == len(self.todo))

    def best(self) -> Action:
        if not self.values:
            return self.todo[0]
        return max(self.values, key=lambda a: self.values[a] + 1e-6 * self.rng.random())


class _Screened(Thinking):
    """Priors for a game with hundreds of legal actions, in two rounds sliced
    by ``step``: every action's immediate value (the evaluation right after
    it, before anyone answers), then ``samples`` one-ply values for each of
    the best ``screen`` of those, whose mean is the prior.

    A single one-ply value is a poor prior there: on three four-player Ley
    Lines boards one playout's noise was 1.8 times the spread between the
    actions' 10-sample means, and the action with the best mean ranked 8th
    to 66th by one sample, 2nd to 12th by immediate value (no noise)."""

    def __init__(self, state: State, seat: int, rng: Rng, screen: int, samples: int,
                 h: Heuristics | None = None) -> None:
        self.state, self.seat, self.rng = state, seat, rng
        self.h = h or heuristics_for(state)
        self.legal = state.legal_actions(seat)
        self.screen, self.samples = screen, samples
        self.immediate: dict[Action, float] = {}
        self.todo: list[Action] = []  # the screened actions, once every action has a value
        self.sums: dict[Action, float] = {}
        self.sampled = 0
        self.done = len(self.legal) == 1

    @property
    def values(self) -> dict[Action, float]:
        """The mean one-ply value of each screened action sampled so far."""
        rounds, extra = divmod(self.sampled, len(self.todo)) if self.todo else (0, 0)
        return {a: self.sums[a] / (rounds + (i < extra))
                for i, a in enumerate(self.todo) if rounds + (i < extra)}

    def step(self, work: int) -> None:
        for _ in range(work):
            if len(self.immediate) < len(self.legal):
                a = self.legal[len(self.immediate)]
                sim = self.state.clone()
                sim.apply_unchecked(self.seat, a)
                self.immediate[a] = rewards(sim, self.h)[self.seat]
                if len(self.immediate) == len(self.legal):
                    ranked = _ranked(self.legal, self.immediate, self.rng)
                    self.todo = ranked[:self.screen]
                    self.sums = dict.fromkeys(self.todo, 0.0)
            elif self.sampled < self.samples * len(self.todo):
                # Round-robin, so that a cut leaves every screened action sampled alike.
                a = self.todo[self.sampled % len(self.todo)]
                self.sums[a] += one_ply_value(self.state, self.seat, a, self.rng, self.h)
                self.sampled += 1
            else:
                break
        self.done = self.done or (bool(self.todo)
                                  and self.sampled >= self.samples * len(self.todo))

    def best(self) -> Action:
        values = self.values or self.immediate
        if not values:
            return self.h.rollout_action(self.state, self.seat, self.rng)
        return max(values, key=lambda a: values[a])


class GreedyBot(Bot):
    """One ply: the action with the best ``one_ply_value``; with ``max_ms``, the
    best of those valued in that time (the playout policy's choice comes first)."""

    name = "greedy"

    def __init__(self, max_ms: float | None = None) -> None:
        self.max_ms = max_ms

    def start(self, state: State, seat: int, rng: Rng) -> Thinking:
        return _OnePly(state, seat, rng, self.max_ms)


class _Node:
    __slots__ = ("player", "children", "visits", "reward", "avail")

    def __init__(self, player: int) -> None:
        self.player = player  # who made the move that leads here
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.avail = 1


def _ucb(child: _Node, c: float) -> float:
    """A child's mean reward plus its exploration bonus (``c`` the weight)."""
    return child.reward / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)


class _Search(Thinking):
    """ISMCTS in two stages, both sliced by ``step``: first the one-ply values
    of the root's actions (the priors), then the iterations."""

    def __init__(self, bot: Ismcts, state: State, seat: int, rng: Rng) -> None:
        self.bot, self.state, self.seat, self.rng = bot, state, seat, rng
        self.h = bot.heuristics(state)
        self.root = _Node(seat)
        self.iterations = 0
        self.started: float | None = None
        self.legal = state.legal_actions(seat)
        self.priors: _OnePly | _Screened = (
            _Screened(state, seat, rng, bot.screen, bot.prior_samples, self.h)
            if bot.screen and len(self.legal) > bot.screen else _OnePly(state, seat, rng, h=self.h))
        self.root_actions: list[Action] = []
        #: Sequential halving at the root: the actions still in the running,
        #: and the visits left to give them this round (in turn).
        self.survivors: list[Action] = []
        self.round: list[Action] = []
        self.probing = False  # the round under way is the visit of each before the first cut
        #: When the iterations began (the pace of a time-budgeted search).
        self.searching: float | None = None
        self.done = len(self.legal) == 1

    def _seed_root(self) -> None:
        # Progressive bias at the root: the one-ply values seed each action as
        # if it had been visited ``prior_visits`` times, and only the best
        # ``width`` actions are searched.
        prior = self.priors.values
        valued = [a for a in self.legal if a in prior]
        self.root_actions = _ranked(valued, prior, self.rng)[:self.bot.width]
        for a in self.root_actions:
            child = self.root.children[a] = _Node(self.seat)
            child.visits = self.bot.prior_visits
            child.reward = prior[a] * self.bot.prior_visits
        if self.bot.root == "halving":
            self.survivors = list(self.root_actions)
            self.probing = True
            if self.bot.max_ms is None:
                self._next_round()
            else:  # first a visit each, to learn the pace the rounds are planned by
                self.round = list(self.survivors)

    def _mean(self, action: Action) -> float:
        child = self.root.children[action]
        return child.reward / child.visits

    def _next_round(self) -> None:
        """Sequential halving: keep the better half of the survivors (by mean
        reward, the priors' pseudo-visits included; none are cut before the
        first round) and share the iterations left evenly between them and
        between the rounds left (one per halving down to a single action).

        Under a time budget the iterations left are also those the time left
        allows at the pace so far (the first round is planned after a visit
        of each action), so that a short budget still ends with a few
        finalists compared, not in the middle of the first round."""
        if self.probing:
            self.probing = False
        elif len(self.survivors) > 1:
            ranked = sorted(self.survivors, key=lambda a: -self._mean(a))
            self.survivors = ranked[:math.ceil(len(ranked) / 2)]
        left = self.bot.iterations - self.iterations
        if self.bot.max_ms is not None and self.iterations and self.searching is not None:
            now = time.perf_counter()
            pace = max(now - self.searching, 1e-6) / self.iterations
            remaining = self.bot.max_ms / 1000 - (now - (self.started or now))
            left = min(left, int(remaining / pace))
        rounds = max(1, math.ceil(math.log2(len(self.survivors))))
        per = max(1, left // (rounds * len(self.survivors)))
        self.round = self.survivors * per

    def step(self, work: int) -> None:
        if self.started is None:
            self.started = time.perf_counter()
        if not self.priors.done:
            self.priors.step(work)
            if self.priors.done:
                self.searching = time.perf_counter()
                self._seed_root()
        else:
            for _ in range(work):
                if self.iterations >= self.bot.iterations or self._settled():
                    break
                self._iterate()
                self.iterations += 1
        self.done = (self.done or _out_of_time(self.started, self.bot.max_ms)
                     or (self.priors.done and (self.iterations >= self.bot.iterations
                                               or self._settled())))

    def _settled(self) -> bool:
        """Whether the iterations left can no longer change ``best`` (UCB root:
        the most visited action leads every other by more than they number),
        so that stopping now chooses what the whole budget would have."""
        if self.survivors:
            return False
        if len(self.root_actions) < 2:
            return len(self.root_actions) == 1
        left = self.bot.iterations - self.iterations
        if left <= 0:
            return True
        first, second = heapq.nlargest(2, (self.root.children[a].visits
                                           for a in self.root_actions))
        return first - second > left

    def _iterate(self) -> None:
        rng, seat, c = self.rng, self.seat, self.bot.exploration
        sim = self.state.determinize(seat, rng)
        node, path = self.root, []
        while not sim.is_over():
            p = mover(sim, seat)
            # The children legal in this determinization (at the root: all of them).
            tried = (self.root_actions if node is self.root
                     else [a for a in node.children if sim.is_legal(p, a)])
            for a in tried:
                node.children[a].avail += 1
            if node is self.root and self.survivors:
                if not self.round:
                    self._next_round()
                action = self.round.pop()
                node = node.children[action]
                sim.apply_unchecked(p, action)
                path.append(node)
                continue
            if len(tried) < self._width(node):
                expansion = self._expansion(sim, p, node)
                if expansion is not None:
                    node.children[expansion] = child = _Node(p)
                    sim.apply_unchecked(p, expansion)
                    path.append(child)
                    break
            children = node.children  # one look-up per child: hashing an action is not free
            action = max(tried, key=lambda a: _ucb(children[a], c))
            node = node.children[action]
            sim.apply_unchecked(p, action)
            path.append(node)
        for _ in range(self.bot.rollout_depth):
            if sim.is_over():
                break
            p = mover(sim, seat)
            sim.apply_unchecked(p, self.h.rollout_action(sim, p, rng))
        reward = rewards(sim, self.h)
        self.root.visits += 1
        for n in path:
            n.visits += 1
            n.reward += reward[n.player]

    def _width(self, node: _Node) -> int:
        """How many children ``node`` may have: all at the root (already cut to
        ``width`` by the priors), below it a number growing with the square root
        of its visits (progressive widening), so that deep nodes refine a few
        plausible moves instead of sampling every legal one once."""
        if node is self.root:
            return len(self.root_actions)
        return 1 + int(self.bot.widening * math.sqrt(node.visits))

    def _expansion(self, sim: State, p: int, node: _Node) -> Action | None:
        """The next child to add below the root: the playout policy's choice
        first, then random ones; None if every legal action has its child."""
        action = self.h.rollout_action(sim, p, self.rng)
        if action not in node.children:
            return action
        untried = [a for a in sim.legal_actions(p) if a not in node.children]
        return self.rng.choice(untried) if untried else None

    def best(self) -> Action:
        if len(self.legal) == 1:
            return self.legal[0]
        if not self.root_actions:  # stopped while valuing the priors
            return self.priors.best()
        if self.survivors:
            return max(self.survivors, key=self._mean)
        # Equal visits are common at small budgets: the better mean decides,
        # then chance, never the order of the legal actions (which favours one
        # side of the board, and so one seat).
        return max(self.root_actions, key=lambda a: (
            self.root.children[a].visits, self._mean(a), self.rng.random()))


class Ismcts(Bot):
    """Single-observer ISMCTS with heuristic rollouts cut at ``rollout_depth``.

    The root's actions get priors first: one one-ply value each, or, when
    there are more than ``screen`` of them, the ``_Screened`` priors (the
    mean of ``prior_samples`` one-ply values for the ``screen`` actions of
    best immediate value). A bot made for a UI ``level`` takes the game's
    own settings for that level, if its heuristics have any (``search``).
    """

    name = "ismcts"
    #: Actions a playout plays before the evaluation takes over.
    ROLLOUT_DEPTH = 12

    def __init__(self, iterations: int, rollout_depth: int = ROLLOUT_DEPTH,
                 exploration: float = 0.7, width: int = 16, prior_visits: int = 3,
                 widening: float = 1.0,
                 max_ms: float | None = None, screen: int | None = None,
                 prior_samples: int = 1, root: str = "ucb", level: str | None = None,
                 knowledge: dict[str, object] | None = None) -> None:
        self.iterations = iterations
        self.level = level
        self.screen = screen
        self.prior_samples = prior_samples
        #: A wall-clock budget on top of the iteration budget (the page sets it;
        #: benchmarks leave it off so that results do not depend on the machine).
        self.max_ms = max_ms
        self.rollout_depth = rollout_depth
        self.exploration = exploration
        self.width = width
        self.prior_visits = prior_visits
        self.widening = widening
        #: How the root shares out the iterations: "ucb" like every other node,
        #: or "halving" (sequential halving, which spends them on finding the
        #: best move rather than on playing well inside the tree).
        self.root = root
        #: Changes to the game's heuristics for this bot alone (e.g. a wider
        #: playout policy, which costs iterations): attribute -> value.
        self.knowledge = knowledge or {}

    def start(self, state: State, seat: int, rng: Rng) -> Thinking:
        return _Search(self.for_game(state), state, seat, rng)

    def heuristics(self, state: State) -> Heuristics:
        """The game's heuristics with this bot's ``knowledge`` changes, if any."""
        h = heuristics_for(state)
        if not self.knowledge:
            return h
        tuned = copy.copy(h)
        for name, value in self.knowledge.items():
            if not hasattr(tuned, name):
                raise ValueError(f"Unknown heuristics setting {name!r} for level {self.level!r}")
            setattr(tuned, name, value)
        return tuned

    def for_game(self, state: State) -> Ismcts:
        """This bot with the game's settings for its level (``Heuristics.search``,
        e.g. ``{"hard": {"screen": 64}}``), or itself if there are none."""
        settings = getattr(heuristics_for(state), "search", {}).get(self.level)
        if not settings:
            return self
        tuned = copy.copy(self)
        for name, value in settings.items():
            if not hasattr(tuned, name):
                raise ValueError(f"Unknown search setting {name!r} for level {self.level!r}")
            setattr(tuned, name, value)
        return tuned


def make_bot(level: str, max_ms: float | None = None) -> Bot:
    """The bot behind a UI level: easy, normal or hard (or "random").

    ``max_ms`` caps a search bot's thinking time per move.
    """
    if level == "random":
        return RandomBot()
    if level == "easy":
        return GreedyBot(max_ms)
    if level == "normal":
        return Ismcts(iterations=250, max_ms=max_ms, level=level)
    if level == "hard":
        return Ismcts(iterations=1200, max_ms=max_ms, level=level)
    raise ValueError(f"Unknown bot level {level!r}; choose one of {', '.join(LEVELS)}.")


def with_budget(bot: Bot, max_ms: float) -> Bot:
    """``bot`` thinking at most ``max_ms`` per decision (a copy; ``bot`` unchanged)."""
    if not hasattr(bot, "max_ms"):
        return bot
    tuned = copy.copy(bot)
    tuned.max_ms = max_ms
    return tuned


class WaitShare:
    """Think budgets that keep a person's wait for the AIs short.

    The AI decisions between two of a person's decisions share a wait of
    ``wait_ms``: each is shown ``move_ms`` after it is made (the page's own
    work and pace), and thinks for its share of the rest, ``wait_ms`` over
    the number expected less ``move_ms``, but never more than its level's
    own budget nor less than ``floor_ms``; those past the expected number
    (and one more) think only ``floor_ms``. None thinks less than the
    page's pause before its move allows for free (``budget``'s ``pause_ms``).
    So one AI answering once thinks as long as its level allows, while three
    AIs taking several actions each (Leylines at four) think less per action
    instead of keeping the person waiting three times as long.

    ``move_ms`` (100 ms) is the worker's markup and the message to the
    page: 25-50 ms measured by ``benchmarks/ai_wait.py`` under load, now
    that the page draws while the next AI thinks (it was 150).

    The number expected is a running mean of the previous waits' counts
    (at first, the number of AI seats). It is a count, not a clock, so a
    game gets the same budgets on a slow machine as on a fast one.
    """

    def __init__(self, ai_seats: int, floor_ms: float = 100.0, move_ms: float = 100.0) -> None:
        self.expected = float(max(1, ai_seats))
        self.floor_ms = floor_ms
        self.move_ms = move_ms
        #: AI decisions (with a choice) since the person's last decision.
        self.count = 0

    def person_moved(self) -> None:
        """A person has decided: the AI decisions since their last one make a wait."""
        if self.count:
            self.expected = (self.expected + self.count) / 2
        self.count = 0

    def budget(self, full_ms: float, wait_ms: float, pause_ms: float = 0.0) -> float:
        """The think budget of the next AI decision with a choice (counted).

        ``pause_ms`` is the least time the move before it stays on screen (the
        page's pace): thinking that ends within it, with ``move_ms`` to show the
        move, keeps no one waiting longer, so the budget is never less."""
        self.count += 1
        within_pause = pause_ms - self.move_ms
        if self.count > self.expected + 1:
            share = self.floor_ms  # a longer wait than usual: its share is spent
        else:
            share = wait_ms / self.expected - self.move_ms
        return max(self.floor_ms, min(full_ms, max(share, within_pause)))


def choose_all(bots: Mapping[int, Bot], state: State, rng: Rng, work: int = 64
               ) -> list[tuple[int, Action]]:
    """Every active seat's action, each chosen on this same position.

    In a simultaneous step (sealed bids) a bot asked after another would
    otherwise see that the other has committed, and guess at its sealed
    choice while the first bot guessed at none: the seat asked last gained
    or lost by it (in Ley of the Land the later seats won up to 34 % at four
    players, 64 % at two). Deciding all on the step's opening position
    removes the order from the bots' information.
    """
    return [(p, choose(bots[p], state, p, rng, work)) for p in state.active_players()]


def choose(bot: Bot, state: State, seat: int, rng: Rng, work: int = 64) -> Action:
    """Let ``bot`` pick an action for ``seat`` from what that seat may see,
    thinking in slices of ``work`` (small slices keep a time budget closely)."""
    thinking = bot.start(state.determinize(seat, rng), seat, rng)
    while not thinking.done:
        thinking.step(work)
    return thinking.best()
