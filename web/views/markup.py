"""Tiny helpers for writing escaped HTML and SVG with the standard library.

>>> tag("rect", {"x": 1, "class": "a<b"})
'<rect x="1" class="a&lt;b"/>'
>>> tag("text", {"x": 0}, esc("5 > 3"))
'<text x="0">5 &gt; 3</text>'
"""

from __future__ import annotations

from collections.abc import Mapping

# Not ``html.escape``: importing ``html`` loads ``html.entities``, which costs
# about 0.1 s to compile under Pyodide at every page start.
_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;"})


def esc(text: object) -> str:
    """Text escaped for HTML/SVG content and attribute values."""
    return str(text).translate(_ESCAPES)


def attrs(values: Mapping[str, object]) -> str:
    """Attributes as ` name="value"`; None and False are left out, True is bare."""
    out = []
    for name, value in values.items():
        if value is None or value is False:
            continue
        name = name.rstrip("_").replace("_", "-")
        out.append(f" {name}" if value is True else f' {name}="{esc(value)}"')
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
