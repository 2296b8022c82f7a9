"""Tiny helpers for writing escaped HTML and SVG with the standard library.

>>> tag("rect", {"x": 1, "class": "a<b"})
'<rect x="1" class="a&lt;b"/>'
>>> tag("text", {"x": 0}, esc("5 > 3"))
'<text x="0">5 &gt; 3</text>'
"""

from __future__ import annotations

from collections.abc import Mapping

# Not ``html.escape``: importing ``html`` loads ``html.entities``, which costs
# about 0.1 s to compile under Pyodide at every page start. Nor ``str.translate``:
# most texts (numbers, ids) need no escaping, and a board is thousands of them
# redrawn after every move, so those are returned as they are.
_SPECIAL = frozenset("&<>\"'")
#: Python keyword-safe attribute names to their markup names (``font_size`` -> ``font-size``).
_NAMES: dict[str, str] = {}


def esc(text: object) -> str:
    """Text escaped for HTML/SVG content and attribute values."""
    s = text if type(text) is str else str(text)
    if _SPECIAL.isdisjoint(s):
        return s
    return (s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("'", "&#x27;"))


def attrs(values: Mapping[str, object]) -> str:
    """Attributes as ` name="value"`; None and False are left out, True is bare."""
    out = []
    for name, value in values.items():
        if value is None or value is False:
            continue
        attr = _NAMES.get(name)
        if attr is None:
            attr = _NAMES[name] = name.rstrip("_").replace("_", "-")
        out.append(f" {attr}" if value is True else f' {attr}="{esc(value)}"')
    return "".join(out)


def tag(name: str, attributes: Mapping[str, object] | None = None, *children: str) -> str:
    """An element; with no children it is self-closing (fine for SVG, use for void HTML)."""
    a = attrs(attributes or {})
    if not children:
        return f"<{name}{a}/>"
    return f"<{name}{a}>{''.join(children)}</{name}>"


def seat_letters(names: list[str]) -> str:
    """One letter per seat, shown beside its colour everywhere (board, panels, log):
    the names' initials when they differ, else A, B, C...

    >>> seat_letters(["Suns", "Moons", "Crowns", "Arms"])
    'SMCA'
    >>> seat_letters(["Moss", "Mist"])
    'AB'
    """
    initials = "".join(name[:1].upper() for name in names)
    return initials if len(set(initials)) == len(names) else "ABCDEF"[:len(names)]
