"""The contract between the engine and the views.

Choices carry their action's fields by name, and the views read them only by
name, through ``int_field``/``str_field``, with names the game's action types
have: reordering an action dataclass's fields must not change what a view
reads; a renamed field must fail here rather than draw the wrong thing.

Each game's ``State.view`` is typed by the game's ``view_types`` module, the
web view takes that type (so mypy checks one against the other), and the
views built at runtime have the shape the types say.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, fields
from pathlib import Path
from types import UnionType
from typing import (
    Any,
    ClassVar,
    Literal,
    Union,
    get_args,
    get_origin,
    get_type_hints,
    is_typeddict,
)

import pytest

from pygame_engine import GAMES
from pygame_engine.core.game import Action
from pygame_engine.core.rng import Rng
from pygame_engine.core.view_types import BaseView
from web.views import Choice, choice, game_view_module, int_field, str_field

VIEWS = Path(__file__).resolve().parent.parent / "web" / "views"
READERS = {"int_field": int, "str_field": str}


def _sources(game_id: str) -> list[Path]:
    """The files of a game's view (its module, or every module of its package)."""
    module = game_view_module(game_id)
    path = Path(str(module.__file__))
    return sorted(path.parent.rglob("*.py")) if path.name == "__init__.py" else [path]


def _reads(path: Path) -> list[tuple[int, str, str]]:
    """(line, reader, field name) for every ``int_field``/``str_field`` call in a file."""
    out = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                and node.func.id in READERS:
            name = node.args[1]
            assert isinstance(name, ast.Constant) and isinstance(name.value, str), (
                f"{path}:{node.lineno}: a field is read by a literal name")
            out.append((node.lineno, node.func.id, name.value))
    return out


def test_views_never_read_an_action_by_position() -> None:
    """No view subscripts a choice's ``json`` (gone) or its ``fields`` directly:
    only ``web/views/__init__.py`` opens ``fields``, by name."""
    for path in sorted(VIEWS.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant):
                key = node.slice.value
                assert key != "json", f"{path}:{node.lineno} reads a choice's JSON"
                if path.name == "__init__.py" and path.parent == VIEWS:
                    continue
                assert key != "fields", f"{path}:{node.lineno}: read fields by int_field/str_field"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_field_a_view_reads_exists_with_its_type(game_id: str) -> None:
    types: dict[str, set[type]] = {}
    for cls in GAMES[game_id].action_types:
        for name, hint in get_type_hints(cls).items():
            if name in {f.name for f in fields(cls)}:
                types.setdefault(name, set()).add(hint)
    reads = [r for path in _sources(game_id) for r in _reads(path)]
    assert reads
    for line, reader, name in reads:
        assert READERS[reader] in types.get(name, set()), (
            f"{game_id} view line {line}: {reader}(c, {name!r}), but its actions have "
            f"{name!r} as {types.get(name)}")


@dataclass(frozen=True)
class _Step(Action):
    kind: ClassVar[str] = "step"
    space: int
    colour: str


@dataclass(frozen=True)
class _Reordered(Action):
    kind: ClassVar[str] = "step"
    colour: str
    space: int


def test_a_choice_is_the_same_whatever_the_field_order() -> None:
    a, b = choice(3, _Step(7, "red"), "Step"), choice(3, _Reordered("red", 7), "Step")
    assert a == b == Choice(index=3, kind="step", label="Step",
                            fields={"space": 7, "colour": "red"})
    assert int_field(a, "space") == 7 and str_field(a, "colour") == "red"
    with pytest.raises(TypeError):
        int_field(a, "colour")
    with pytest.raises(KeyError):
        str_field(a, "domino")


# -- each game's view: typed in its engine package, read by its web view ---------------------


def _conforms(value: object, hint: Any, where: str) -> None:
    """Fail unless ``value`` has the shape the type ``hint`` describes."""
    origin, args = get_origin(hint), get_args(hint)
    if hint is Any or hint is object:
        return
    if is_typeddict(hint):
        assert isinstance(value, dict), where
        hints = get_type_hints(hint)
        assert hint.__required_keys__ <= value.keys() <= set(hints), (
            where, sorted(hint.__required_keys__ - value.keys()), sorted(value.keys() - hints))
        for key, item in value.items():
            _conforms(item, hints[key], f"{where}.{key}")
    elif origin in (UnionType, Union):
        for option in args:
            try:
                _conforms(value, option, where)
                return
            except AssertionError:
                continue
        raise AssertionError(f"{where}: {value!r} is none of {args}")
    elif origin is Literal:
        assert value in args, where
    elif origin is list:
        assert isinstance(value, list), where
        for i, item in enumerate(value):
            _conforms(item, args[0], f"{where}[{i}]")
    elif origin is tuple:
        assert isinstance(value, tuple) and len(value) == len(args), where
        for i, (item, arg) in enumerate(zip(value, args, strict=True)):
            _conforms(item, arg, f"{where}[{i}]")
    elif origin is dict:
        assert isinstance(value, dict), where
        for key, item in value.items():
            _conforms(key, args[0], f"{where} key")
            _conforms(item, args[1], f"{where}[{key!r}]")
    elif hint is float:
        assert isinstance(value, int | float) and not isinstance(value, bool), where
    elif hint is int:
        assert isinstance(value, int) and not isinstance(value, bool), (where, value)
    else:
        assert isinstance(value, hint), (where, value)


def _view_type(game_id: str) -> Any:
    state = GAMES[game_id].new_game(GAMES[game_id].min_players, 0)
    # A ``view`` written as a function of the state (bound as its method) names
    # the state class only under TYPE_CHECKING; the state's own name resolves it.
    state_class = type(state)
    return get_type_hints(state_class.view, localns={state_class.__name__: state_class})["return"]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_web_view_reads_the_type_the_engine_builds(game_id: str) -> None:
    """``State.view`` returns the game's own TypedDict (from its ``view_types``),
    and the web view's ``render_board`` takes exactly that type: mypy checks
    every key the view reads against what the engine builds."""
    typed = _view_type(game_id)
    assert is_typeddict(typed) and BaseView.__required_keys__ <= typed.__required_keys__
    assert typed.__module__.endswith(".view_types")
    assert get_type_hints(game_view_module(game_id).render_board)["view"] is typed


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_view_has_the_shape_its_type_says(game_id: str) -> None:
    """At runtime too, along seeded random games: every key and value of every
    seat's and a spectator's view fits the game's view type."""
    game, typed = GAMES[game_id], _view_type(game_id)
    for players in (game.min_players, game.max_players):
        state = game.new_game(players, players)
        rng = Rng(players)
        for step in range(600):
            if step % 15 == 0 or state.is_over():
                for seat in (None, *range(players)):
                    _conforms(state.view(seat), typed, f"{game_id} view({seat}) at {step}")
            if state.is_over():
                break
            p = state.active_players()[0]
            state.apply(p, rng.choice(state.legal_actions(p)))
