"""Darkleaf Gambit's package layout: one clan, one module, and no import circle.

Read from the source with ``ast`` (nothing is imported): every import of the
package's modules, outside ``if TYPE_CHECKING:`` blocks, forms a graph with
no cycle; the core modules never import the clans (not even for types);
every import sits at the top of its module (no late imports, no
``noqa: E402``); every module of ``clans/`` is a clan in the one registry, or a part of one
(``<clan>_<part>.py``) that only its clan imports.
"""

from __future__ import annotations

import ast
from pathlib import Path

from pygame_engine.games.darkleaf_gambit import GAME
from pygame_engine.games.darkleaf_gambit.clans import CLANS

PACKAGE = Path(__file__).parents[3] / "pygame_engine" / "games" / "darkleaf_gambit"
#: The modules that make up the core: none may import ``clans``.
CORE = ("state", "game", "turns", "bones", "journeys", "effects", "view", "will", "board",
        "actions", "data", "clan", "heuristics")


def _module(path: Path) -> str:
    parts = path.relative_to(PACKAGE).with_suffix("").parts
    return ".".join(p for p in parts if p != "__init__")


def _is_type_checking(node: ast.If) -> bool:
    return isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"


def _imports(path: Path) -> tuple[set[str], set[str], list[int]]:
    """(runtime imports, type-checking imports, lines of imports not at the top)
    of one module, as module names inside the package ("" is the package)."""
    name = _module(path)
    is_package = path.name == "__init__.py"
    here = name.split(".") if name else []
    base = here if is_package else here[:-1]
    tree = ast.parse(path.read_text())
    runtime: set[str] = set()
    typing: set[str] = set()
    late: list[int] = []

    def targets(node: ast.ImportFrom) -> set[str]:
        if node.level == 0:
            return set()
        root = base[:len(base) - (node.level - 1)] if node.level > 1 else base
        mod = [*root, *(node.module.split(".") if node.module else [])]
        out = set()
        for alias in node.names:  # "from . import will" imports the module will
            full = ".".join([*mod, alias.name])
            out.add(full if (PACKAGE / Path(*full.split("."))).with_suffix(".py").exists()
                    or (PACKAGE / Path(*full.split("."))).is_dir() else ".".join(mod))
        # importing a module of a subpackage runs the subpackage's __init__ first,
        # unless the importing module is inside it (its __init__ is already running)
        inside = {".".join(base[:i]) for i in range(1, len(base) + 1)}
        return out | {".".join(t.split(".")[:i]) for t in out for i in range(1, t.count(".") + 1)
                      if ".".join(t.split(".")[:i]) not in inside}

    for node in tree.body:
        if isinstance(node, ast.ImportFrom):
            runtime |= targets(node)
        elif isinstance(node, ast.If) and _is_type_checking(node):
            for sub in node.body:
                if isinstance(sub, ast.ImportFrom):
                    typing |= targets(sub)
    top = {id(n) for n in tree.body} | {id(s) for n in tree.body if isinstance(n, ast.If)
                                          and _is_type_checking(n) for s in n.body}
    for any_node in ast.walk(tree):
        if isinstance(any_node, (ast.Import, ast.ImportFrom)) and id(any_node) not in top:
            late.append(any_node.lineno)
    return runtime - {name}, typing, late


def _graph() -> dict[str, tuple[set[str], set[str], list[int]]]:
    return {_module(p): _imports(p) for p in sorted(PACKAGE.rglob("*.py"))}


def test_no_import_circle() -> None:
    graph = {m: {t for t in run if t in _graph_keys()} for m, (run, _, _) in _graph().items()}
    state: dict[str, int] = {}  # 1: on the path, 2: done

    def visit(m: str, path: list[str]) -> None:
        state[m] = 1
        for t in sorted(graph[m]):
            if t == "":  # the package itself: imported by nobody inside it
                continue
            assert state.get(t) != 1, "import circle: " + " -> ".join([*path, m, t])
            if t not in state:
                visit(t, [*path, m])
        state[m] = 2

    for m in graph:
        if m not in state:
            visit(m, [])


def _graph_keys() -> set[str]:
    return {_module(p) for p in PACKAGE.rglob("*.py")}


def test_the_core_never_imports_the_clans() -> None:
    graph = _graph()
    for m in CORE:
        run, typing, _ = graph[m]
        assert not {t for t in run | typing if t == "clans" or t.startswith("clans.")}, m


def test_no_late_imports() -> None:
    for path in PACKAGE.rglob("*.py"):
        assert "noqa: E402" not in path.read_text(), path
        _, _, late = _imports(path)
        assert not late, f"{path}: imports inside code at lines {late}"


def test_one_module_per_clan_in_the_one_registry() -> None:
    stems = {p.stem for p in (PACKAGE / "clans").glob("*.py") if p.stem != "__init__"}
    # A big clan may keep a part beside it (``ferrymen_flow``), imported by that clan alone.
    parts = {m for m in stems if m.split("_")[0] in CLANS and m not in CLANS}
    assert stems - parts == set(CLANS)
    graph = _graph()
    for part in parts:
        users = {m for m, (run, _, _) in graph.items() if f"clans.{part}" in run}
        assert users == {f"clans.{part.split('_')[0]}"}, (part, users)
    for key, clan in CLANS.items():
        assert type(clan).__module__.endswith(f".clans.{key}")
        assert clan.data["key"] == key
    assert GAME.clans is CLANS
