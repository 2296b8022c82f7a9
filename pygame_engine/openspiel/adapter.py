"""One generic pyspiel Python game over any of our games (see ``__init__``).

``WoodlandGame`` / ``WoodlandState`` wrap a ``pygame_engine`` ``Game`` and
``State``: OpenSpiel calls arrive here, are translated through the game's
``Codec`` (``encoding.py``) and handed to the engine, which checks every
action as it does for the page. Nothing here knows a rule.

Modelling choices (OpenSpiel's terms):

- chance is explicit where the outcomes are enumerable, sampled otherwise
  (``chance.py``): a die roll or a draw from a bag with known counts made
  by an action is a chance node after the action is chosen (one node per
  draw, outcomes equally likely), and the action is applied once its draws'
  outcomes are chosen; shuffles of whole decks are sampled from the engine's
  seeded generator where the rules make them, and the deal (every draw
  inside ``new_game``) is sampled by the seed: each new initial state gets
  its own seed from the game's ``seed`` parameter (-1: from the system's
  entropy). Hence ``SAMPLED_STOCHASTIC``, with chance nodes. Per game, see
  ``CHANCE`` in ``__init__``;
- a step where several seats act at once (Ley of the Land's sealed bids) is a
  simultaneous node in ``woodland_ley_of_the_land``; the seats not bidding
  then have the one action ``WAIT``. ``woodland_ley_of_the_land_turns`` is
  the same game with the bids made one after another, still hidden (what
  ``pyspiel.convert_to_turn_based`` would give, for sequential algorithms
  such as ISMCTS);
- information state string of a seat: its ``view`` (JSON) and, per action so
  far, the action's words as that seat saw them and the events it saw;
  observation string: the ``view`` alone. Observation tensor: the ``view``'s
  numbers in a fixed-size vector per game (``observation.py``). No
  information state tensor (the history has no fixed size);
- returns at the end, from ``standings``: each seat gets (seats it ranks
  above - seats ranking above it) / (players - 1), so 1 / -1 in a two-player
  game, 0 on a tie, and always summing to 0; a solo Groves game gives 1 for a
  win and -1 for a loss;
- ``serialize`` (OpenSpiel pickles the state's attributes) stores the engine
  state as our save file text (seed and actions) with the outcomes chosen at
  chance nodes, and replays it on load. Use
  ``state.serialize()`` and ``game.deserialize_state``: pyspiel's
  ``serialize_game_and_state`` wants the game's RNG state
  (``Game::GetRNGState``), which a Python game with sampled chance cannot give.
"""

from __future__ import annotations

import functools
import json
import random
from dataclasses import dataclass
from typing import Any

import numpy as np
import pyspiel

from .. import load as load_save
from .. import save
from ..core.events import Event
from ..core.game import Action, Game
from ..core.game import State as EngineState
from ..core.rng import Rng
from ..games import GAMES
from . import chance, observation
from .chance import CHANCE_LIMIT, Draw, Script
from .encoding import WAIT, WAIT_LABEL, Codec

Step = tuple[int, str, str, tuple[tuple[tuple[int, ...] | None, str], ...]]


class Engine:
    """The engine state inside a pyspiel state: copied with the engine's own
    fast ``clone`` and pickled as a save file (OpenSpiel copies and
    serializes a Python state through its attributes), with the outcomes
    chosen at chance nodes (``scripts``: history index -> that action's
    script), which the seed alone would not give."""

    __slots__ = ("scripts", "state")

    def __init__(self, state: EngineState | None,
                 scripts: dict[int, Script] | None = None) -> None:
        self.state = state
        self.scripts = scripts or {}

    def __deepcopy__(self, memo: dict[int, Any]) -> Engine:
        return Engine(None if self.state is None else self.state.clone(), dict(self.scripts))

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        if self.state is not None and self.state.recording:
            return (_from_save, (save(self.state), self.scripts))
        # A determinized copy keeps no history: pickled whole.
        return (Engine, (self.state, self.scripts))


def _from_save(text: str, scripts: dict[int, Script] | None = None) -> Engine:
    if not scripts:
        return Engine(load_save(text))
    record = json.loads(text)
    game = GAMES[record["game"]]
    state = game.new_game(record["num_players"], record["seed"], record["options"])
    for i, (player, action) in enumerate(record["actions"]):
        chance.play(state, player, game.action_from_json(action), scripts.get(i, ()))
    return Engine(state, dict(scripts))


@dataclass(frozen=True)
class Pending:
    """An action chosen and waiting on its draws (the state is a chance node):
    its words, the outcomes chosen so far and the draw to choose now."""

    player: int
    action: Action
    label: str
    public: str
    script: Script
    draw: Draw


class Memo(dict[tuple[str, int], str]):
    """The strings of this position already written (views are dear to make and
    OpenSpiel asks for them many times); emptied by every move, never copied."""

    def __deepcopy__(self, memo: dict[int, Any]) -> Memo:
        return Memo()

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (Memo, ())


@dataclass(frozen=True)
class Setting:
    """What every state of one pyspiel game shares (shared by clones, not copied)."""

    game_id: str
    players: int
    options: tuple[tuple[str, Any], ...]
    simultaneous: bool

    def __deepcopy__(self, memo: dict[int, Any]) -> Setting:
        return self

    @property
    def engine_game(self) -> Game:
        return GAMES[self.game_id]

    @property
    def codec(self) -> Codec:
        return codec_for(self.game_id)


@functools.cache
def codec_for(game_id: str) -> Codec:
    """The action encoding of one of our games."""
    return Codec(game_id, GAMES[game_id].action_types)


class Steps(list[Step]):
    """The actions so far as the seats saw them; its items never change, so a
    clone copies the list, not the items."""

    def __deepcopy__(self, memo: dict[int, Any]) -> Steps:
        return Steps(self)


def short_name(game_id: str, turns: bool = False) -> str:
    """The OpenSpiel name of one of our games, e.g. ``woodland_ley_lines``."""
    return "woodland_" + game_id.replace("-", "_") + ("_turns" if turns else "")


def game_type(game: Game, simultaneous: bool, turns: bool) -> pyspiel.GameType:
    """The ``GameType`` registered for ``game``."""
    params: dict[str, Any] = {"players": game.min_players if game.min_players > 1 else 2,
                              "seed": -1}
    params.update({o.name: o.default for o in game.options})
    solo = game.min_players == 1
    return pyspiel.GameType(
        short_name=short_name(game.id, turns),
        long_name=f"{game.title} (Woodland Games)" + (", bids in turn" if turns else ""),
        dynamics=(pyspiel.GameType.Dynamics.SIMULTANEOUS if simultaneous and not turns
                  else pyspiel.GameType.Dynamics.SEQUENTIAL),
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=(pyspiel.GameType.Utility.GENERAL_SUM if solo
                 else pyspiel.GameType.Utility.ZERO_SUM),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification=params,
    )


class WoodlandGame(pyspiel.Game):
    """One of our games as a pyspiel game; made by ``pyspiel.load_game``."""

    engine_game: Game
    simultaneous: bool

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        gtype = self.game_type
        given = dict(params or {})
        merged = {**gtype.parameter_specification, **given}
        unknown = set(given) - set(gtype.parameter_specification)
        if unknown:
            raise ValueError(f"{self.engine_game.title} has no parameter {sorted(unknown)}")
        self.players = int(merged.pop("players"))
        seed = int(merged.pop("seed"))
        self.options = self.engine_game.resolve_options(merged)
        if not self.engine_game.min_players <= self.players <= self.engine_game.max_players:
            raise ValueError(f"{self.engine_game.title} is for {self.engine_game.min_players}-"
                             f"{self.engine_game.max_players} players, not {self.players}")
        self.setting = Setting(self.engine_game.id, self.players, tuple(self.options.items()),
                               self.simultaneous)
        self.seeds = random.Random(seed if seed >= 0 else None)
        zero_sum = gtype.utility == pyspiel.GameType.Utility.ZERO_SUM
        super().__init__(gtype, pyspiel.GameInfo(
            num_distinct_actions=self.setting.codec.size,
            max_chance_outcomes=CHANCE_LIMIT,
            num_players=self.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if zero_sum else None,
            max_game_length=self.engine_game.max_actions(self.players, self.options),
        ), given)

    game_type: pyspiel.GameType  # set per subclass by ``register``

    def new_initial_state(self, engine_seed: int | None = None) -> WoodlandState:
        """A new game; its chance fixed by ``engine_seed`` (else a fresh seed)."""
        return WoodlandState(self, engine_seed)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        if params:
            raise ValueError(f"Observation parameters not supported; passed {params}")
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return Observer(self.setting.game_id, perfect_recall)


class WoodlandState(pyspiel.State):
    """One position: the engine state plus what each seat saw on the way."""

    def __init__(self, game: WoodlandGame, engine_seed: int | None = None) -> None:
        super().__init__(game)
        self.setting: Setting = game.setting
        self.engine = Engine(None)
        #: The engine state is made on first use: OpenSpiel's ``clone`` makes a
        #: new initial state and then overwrites its attributes.
        self.engine_seed = engine_seed if engine_seed is not None else game.seeds.randrange(2**31)
        #: Per action so far: actor, its words, its public words, the events
        #: with who could see them (the information states' memory).
        self.steps = Steps()
        self.memo = Memo()
        self.pending: Pending | None = None

    @property
    def inner(self) -> EngineState:
        """The engine state (made now if this is a fresh initial state)."""
        if self.engine.state is None:
            game = self.setting
            self.engine.state = game.engine_game.new_game(game.players, self.engine_seed,
                                                          dict(game.options))
        return self.engine.state

    # -- OpenSpiel's State API -------------------------------------------------

    def current_player(self) -> int:
        if self.pending is not None:
            return int(pyspiel.PlayerId.CHANCE)
        s = self.inner
        if s.is_over():
            return int(pyspiel.PlayerId.TERMINAL)
        active = s.active_players()
        if len(active) > 1 and self.setting.simultaneous:
            return int(pyspiel.PlayerId.SIMULTANEOUS)
        return active[0]

    def _legal_actions(self, player: int) -> list[int]:
        s = self.inner
        if player not in s.active_players():
            return [WAIT]  # a seat sitting out a simultaneous node
        return sorted(self.setting.codec.encode_all(s.legal_actions(player)))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The outcomes of the draw waiting now, all equally likely."""
        if self.pending is None:
            return []
        n = self.pending.draw.outcomes
        return [(k, 1.0 / n) for k in range(n)]

    def _apply_action(self, action: int) -> None:
        if self.pending is not None:
            self._draw(action)
            return
        player = self.current_player()
        self._play(player, self.setting.codec.decode(self.inner, player, action))

    def _apply_actions(self, actions: list[int]) -> None:
        s = self.inner
        chosen = [(p, self.setting.codec.decode(s, p, actions[p])) for p in s.active_players()]
        for p, a in chosen:
            # A simultaneous step's actions draw nothing (Ley of the Land's bids):
            # a chance node between two of them would have no place in OpenSpiel.
            assert self.pending is None, "a chance draw inside a simultaneous step"
            self._play(p, a)

    def _play(self, player: int, action: Action) -> None:
        """``player`` chooses ``action``: applied now, or a chance node first if
        it makes an enumerable draw (the position before it is kept)."""
        s = self.inner
        label = s.action_label(player, action)
        public = action.public_label if action.secret else label
        before = s.clone()
        events, scripted = chance.play(s, player, action)
        script, draw = chance.next_draw(scripted.calls, ())
        self.memo.clear()
        if draw is None:
            self._record(player, label, public, events, ())
        else:
            self.engine.state = before
            self.pending = Pending(player, action, label, public, script, draw)

    def seeded_outcome(self) -> int:
        """The outcome the engine's own seeded generator gives the waiting draw:
        choosing it at every chance node plays the game the page would play
        from this seed. For drivers (benchmarks, replays), never for a bot:
        it is the future."""
        pending = self.pending
        if pending is None:
            raise ValueError("not a chance node")
        _, scripted = chance.play(self.inner.clone(), pending.player, pending.action,
                                  pending.script)
        natural = scripted.natural[len(pending.script)]
        assert natural is not None
        return natural

    def _draw(self, outcome: int) -> None:
        """The waiting draw gives ``outcome``: the next chance node, or the
        action applied with all its outcomes."""
        pending = self.pending
        assert pending is not None
        if not 0 <= outcome < pending.draw.outcomes:
            raise ValueError(f"no chance outcome {outcome} of {pending.draw.outcomes}")
        script = (*pending.script, outcome)
        after = self.inner.clone()
        events, scripted = chance.play(after, pending.player, pending.action, script)
        script, draw = chance.next_draw(scripted.calls, script)
        self.memo.clear()
        if draw is not None:
            self.pending = Pending(pending.player, pending.action, pending.label,
                                   pending.public, script, draw)
            return
        self.pending = None
        self.engine.state = after
        self._record(pending.player, pending.label, pending.public, events, script)

    def _record(self, player: int, label: str, public: str, events: list[Event],
                script: Script) -> None:
        s = self.inner
        if s.recording and any(k is not None for k in script):
            self.engine.scripts[len(s.history) - 1] = script
        self.steps.append((player, label, public,
                           tuple((e.visible_to, e.text) for e in events)))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if self.pending is not None and 0 <= action < self.pending.draw.outcomes:
                return self.pending.draw.describe(action)
            return f"chance outcome {action}"
        if action == WAIT:
            return WAIT_LABEL
        if player >= 0 and not self.inner.is_over() and player in self.inner.active_players():
            try:
                move = self.setting.codec.decode(self.inner, player, action)
            except ValueError:
                pass
            else:
                # The page's words are not always unique (two cells beside the same
                # grove): the action's own values follow them.
                return f"{self.inner.action_label(player, move)} {json.dumps(move.to_json())}"
        return self.setting.codec.describe(action)

    def is_terminal(self) -> bool:
        return self.pending is None and self.inner.is_over()

    def returns(self) -> list[float]:
        s = self.inner
        n = self.setting.players
        if not self.is_terminal():
            return [0.0] * n
        rank = {st.seat: st.rank for st in s.standings()}
        if n == 1:
            return [1.0 if rank[0] == 1 else -1.0]
        return [sum((rank[p] < rank[q]) - (rank[p] > rank[q]) for q in range(n) if q != p)
                / (n - 1) for p in range(n)]

    def __str__(self) -> str:
        if ("spectator", -1) not in self.memo:
            self.memo[("spectator", -1)] = json.dumps(self.inner.view(None), sort_keys=True)
        return self.memo[("spectator", -1)]

    # -- for bots: what a seat may see, resampled ----------------------------------

    def information_string(self, player: int) -> str:
        key = ("information", player)
        if key not in self.memo:
            lines = [self.observation(player)]
            for actor, label, public, events in self.steps:
                seen = [text for who, text in events if who is None or player in who]
                lines.append(f"{actor}:{label if actor == player else public}|"
                             + "|".join(seen))
            if self.pending is not None:  # chosen, its draws not yet made
                p = self.pending
                lines.append(f"{p.player}:{p.label if p.player == player else p.public}|"
                             f"(drawing {len(p.script)})")
            self.memo[key] = "\n".join(lines).encode("ascii", "replace").decode("ascii")
        return self.memo[key]

    def observation(self, player: int) -> str:
        key = ("observation", player)
        if key not in self.memo:
            self.memo[key] = json.dumps(self.inner.view(player), sort_keys=True,
                                        ensure_ascii=True)
        return self.memo[key]

    def resample(self, player: int, rng: Rng) -> WoodlandState:
        """A state ``player`` cannot tell from this one: everything hidden from
        it redrawn by the engine's ``determinize`` (future chance included)."""
        game = self.get_game()
        copy = game.new_initial_state()
        copy.engine = Engine(self.inner.determinize(player, rng))
        copy.steps = Steps(self.steps)
        copy.pending = self.pending
        return copy


class Observer:
    """OpenSpiel's Python observer protocol.

    The perfect-recall observer (information states) gives strings only. The
    default observer (observations) also fills a tensor: the seat's ``view``
    as a fixed-size vector of numbers (``observation.py``; shape per game
    there), which PettingZoo's observations are.
    """

    def __init__(self, game_id: str, perfect_recall: bool) -> None:
        self.game_id = game_id
        self.perfect_recall = perfect_recall
        self.tensor: np.ndarray[Any, Any] | None = (
            None if perfect_recall else np.zeros(observation.shape(game_id), np.float32))
        self.dict: dict[str, Any] = {} if self.tensor is None else {"observation": self.tensor}

    def set_from(self, state: WoodlandState, player: int) -> None:
        if self.tensor is None:
            return
        observation.encode(self.game_id, state.inner.view(player), self.tensor)

    def string_from(self, state: WoodlandState, player: int) -> str:
        if self.perfect_recall:
            return state.information_string(player)
        return state.observation(player)
