"""Darkleaf Gambit, rule by rule: the index of its rule tables.

Darkleaf's rule tests follow the game's layout, one file per clan beside one
for the core (``tests/games/darkleaf/``); each file opens with the table of
the clauses it checks. This file holds the index and checks that every row
of those tables names a test its file defines, so that a clause cannot be
listed as tested by a test that was renamed or removed.

| clause of the rule text (or adaptation note) | test |
|---|---|
| the core: setup, the turn, slotting, power, the Will, handicaps, the end | darkleaf/test_core.py |
| the box's components: bones, relic tokens, fate chips, handicap bones | darkleaf/test_data.py |
| Huldra | darkleaf/test_huldra.py |
| The Murg | darkleaf/test_murg.py |
| Ferrymen | darkleaf/test_ferrymen.py |
| Erde | darkleaf/test_erde.py |
| Wildero Wibo | darkleaf/test_wibo.py |
| Hexen | darkleaf/test_hexen.py |
| every row above names a test its file defines | test_every_rule_row_names_a_test |
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

HERE = Path(__file__).parent
#: A rule table's row: | clause | test_name (, test_name ...) |
ROW = re.compile(r"^\|(?P<clause>[^|]+)\|(?P<tests>[^|]+)\|\s*$")


def rule_rows(path: Path) -> list[tuple[str, list[str]]]:
    """The rows of the rule table in ``path``'s docstring: (clause, test names)."""
    doc = ast.get_docstring(ast.parse(path.read_text())) or ""
    rows = []
    for line in doc.splitlines():
        match = ROW.match(line.strip())
        if match and "test" in match["tests"] and not set(match["tests"].strip()) <= set("-"):
            names = re.findall(r"\b(test_\w+|darkleaf/test_\w+\.py)", match["tests"])
            if names:
                rows.append((match["clause"].strip(), names))
    return rows


def test_every_rule_row_names_a_test() -> None:
    index = rule_rows(Path(__file__))
    files = [name for _, names in index for name in names if name.endswith(".py")]
    assert sorted(files) == sorted(
        f"darkleaf/{p.name}" for p in (HERE / "darkleaf").glob("test_*.py")
        if rule_rows(p)), "the index lists every Darkleaf file with a rule table"
    missing = []
    for name in files:
        path = HERE / name
        defined = {node.name for node in ast.walk(ast.parse(path.read_text()))
                   if isinstance(node, ast.FunctionDef)}
        rows = rule_rows(path)
        assert rows, f"{name} has no rule table"
        missing += [f"{name}: {clause} -> {test}" for clause, tests in rows
                    for test in tests if test not in defined]
    assert not missing, "\n".join(missing)
