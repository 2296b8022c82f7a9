"""Shared pytest setup: the repo root on sys.path (engine and web views import
from it), and the soak tests.

A test marked ``soak`` is a long version of a CI test (more seats, more seeds,
a six-AI game in the page): it is left out unless pytest is given ``--soak``.
``bash tools/soak.sh`` runs them (``pytest --soak -m soak``); the README's
test command does not.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--soak", action="store_true",
                     help="also run the tests marked soak (the long versions, kept out of CI)")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--soak"):
        return
    soak = [item for item in items if item.get_closest_marker("soak")]
    if soak:
        config.hook.pytest_deselected(items=soak)
        items[:] = [item for item in items if not item.get_closest_marker("soak")]
