"""Bounds on untrusted input: save files, links and the values inside them.

Everything a player can paste or import passes through here before it is
parsed or replayed, so that no input can exhaust the runtime. Under Pyodide a
``RecursionError`` is not catchable (deep recursion overflows the browser's
own stack and kills the interpreter), so JSON is checked for depth *before*
``json.loads`` sees it; a game's length is bounded by ``Game.max_actions``,
a proof per game that no legal game is longer.

>>> parse_json('[[0, ["bid", 3]]]', "link", max_chars=100)
[[0, ['bid', 3]]]
>>> parse_json("[" * 50 + "]" * 50, "link", max_chars=1000)
Traceback (most recent call last):
...
ValueError: the link is nested 50 levels deep; at most 8 are allowed.
>>> quote("x" * 200)[:12], len(quote("x" * 200))
("'xxxxxxxxxxx", 80)
"""

from __future__ import annotations

import json
import re
from typing import Any

#: The largest seed a game takes: JavaScript's largest exact integer, so that a
#: seed survives every round trip through the page (URL, localStorage, JSON).
MAX_SEED = 2**53 - 1
#: How many characters of a bad value a message quotes.
QUOTE_CHARS = 80
#: JSON nesting allowed in a save or a link's moves (a save is four deep).
MAX_DEPTH = 8
#: The longest save file or inflated list of moves accepted, in characters.
#: Every game's longest possible record fits with room to spare (see
#: ``tests/test_hostile_input.py``).
MAX_RECORD_CHARS = 2_000_000

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"?', re.DOTALL)
_BRACKETS = re.compile(r"[\[\]{}]")


def quote(value: Any) -> str:
    """``repr(value)`` cut to ``QUOTE_CHARS`` characters, for messages.

    >>> quote("huldra")
    "'huldra'"
    """
    text = _safe_repr(value)
    return text if len(text) <= QUOTE_CHARS else text[:QUOTE_CHARS - 1] + "…"


def _safe_repr(value: Any) -> str:
    # repr of a huge int is refused past 4300 digits, and of a deep list recurses:
    # neither can reach here through ``parse_json``, but a caller's value might.
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 256:
        return f"a {value.bit_length()}-bit number"
    if isinstance(value, str):
        return repr(value[:QUOTE_CHARS])
    if isinstance(value, list | dict | tuple):
        try:
            return repr(value) if json_depth(json.dumps(value)[:10_000]) <= MAX_DEPTH \
                else f"a {type(value).__name__} nested too deep to show"
        except (TypeError, ValueError, RecursionError):
            return f"a {type(value).__name__}"
    return repr(value)


def json_depth(text: str) -> int:
    """How deeply ``text``'s arrays and objects nest (brackets inside strings
    do not count), without parsing it.

    >>> json_depth('{"a": [1, [2]], "b": "[[["}')
    3
    """
    depth = deepest = 0
    for bracket in _BRACKETS.findall(_STRING.sub("", text)):
        if bracket in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


def parse_json(text: str, what: str, max_chars: int = MAX_RECORD_CHARS) -> Any:
    """``json.loads(text)`` once its size and depth are known to be safe;
    ``ValueError`` with a message naming ``what`` otherwise."""
    if len(text) > max_chars:
        raise ValueError(f"the {what} is {len(text):,} characters long; "
                         f"at most {max_chars:,} are accepted.")
    depth = json_depth(text)
    if depth > MAX_DEPTH:
        raise ValueError(f"the {what} is nested {depth} levels deep; "
                         f"at most {MAX_DEPTH} are allowed.")
    try:
        return json.loads(text)
    except ValueError as exc:  # also the limit on an integer's digits
        raise ValueError(f"the {what} is not valid JSON ({str(exc)[:QUOTE_CHARS]}).") from None


def check_seed(seed: Any) -> int:
    """``seed`` if it is a whole number from 0 to ``MAX_SEED``, else ``ValueError``.

    >>> check_seed(2**53)
    Traceback (most recent call last):
    ...
    ValueError: The seed must be a whole number from 0 to 9007199254740991, not 9007199254740992.
    """
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
        raise ValueError(f"The seed must be a whole number from 0 to {MAX_SEED}, "
                         f"not {quote(seed)}.")
    return seed
