"""The contract between the engine and the views: choices carry their action's
fields by name, and the views read them only by name, through
``int_field``/``str_field``, with names the game's action types have.

Reordering an action dataclass's fields must not change what a view reads; a
renamed field must fail here rather than draw the wrong thing.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, fields
from pathlib import Path
from typing import ClassVar, get_type_hints

import pytest

from pygame_engine import GAMES
from pygame_engine.core.game import Action
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
