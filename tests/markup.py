"""What the view tests share: a strict reader of a view's markup and the
choices a seat is offered, as the page hands them to a view."""

from __future__ import annotations

from html.parser import HTMLParser
from typing import TypeVar

from pygame_engine.core.game import State
from web.views import Choice, choice

#: HTML's void elements: they take no end tag (SVG elements self-close instead).
VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta",
                  "source", "track", "wbr"})


class MarkupChecker(HTMLParser):
    """Fails on unbalanced tags; collects the data-action and data-ui values.
    A game's test extends ``element`` to collect more."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.actions: list[int] = []
        self.ui: list[str] = []

    def element(self, name: str, attrs: dict[str, str | None]) -> None:
        """Reads one element's attributes, opened or self-closed."""
        if attrs.get("data-action") is not None:
            self.actions.append(int(attrs["data-action"] or ""))
        if attrs.get("data-ui") is not None:
            self.ui.append(attrs["data-ui"] or "")

    def handle_starttag(self, name: str, attrs: list[tuple[str, str | None]]) -> None:
        self.element(name, dict(attrs))
        if name not in VOID:
            self.stack.append(name)

    def handle_startendtag(self, name: str, attrs: list[tuple[str, str | None]]) -> None:
        self.element(name, dict(attrs))

    def handle_endtag(self, name: str) -> None:
        assert self.stack and self.stack[-1] == name, f"unbalanced </{name}> in {self.stack}"
        self.stack.pop()


C = TypeVar("C", bound=MarkupChecker)


def read(markup: str, parser: C) -> C:
    """``markup`` read through ``parser``, which must find every tag closed."""
    parser.feed(markup)
    parser.close()
    assert parser.stack == [], f"unclosed {parser.stack}"
    return parser


def check(markup: str) -> MarkupChecker:
    return read(markup, MarkupChecker())


def choices(state: State, seat: int) -> list[Choice]:
    """The choices of ``seat``'s legal actions, numbered as the page numbers them."""
    return [choice(i, a, a.label) for i, a in enumerate(state.legal_actions(seat))]
