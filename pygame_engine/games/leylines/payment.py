"""How a seat may pay a cost in cubes: exact colours, or with help.

A cost (a Contract's or an Item's cubes) is paid from the cubes on a Player
Board. Cubes of the right colour count first; each missing cube may be
covered by one other cube through the Potion (one cube, once a round) or
the Exchange (up to three cubes in the turn it is discarded), or, with the
Converting Resources variant and for Contracts only, by two cubes of one
colour. A payment is named by the cubes spent (a cube string such as
``"RRB"``) and the help used (``aid``: ``""`` or a ``+``-joined sorted list of
``convert``, ``exchange``, ``potion``), and every cube spent must be needed.

Counts are lists of six ints in ``data.COLOURS`` order.

>>> payments([1, 0, 0, 0, 1, 0], [1, 0, 0, 1, 1, 0], potion=True, exchange=0, convert=False)
[('RB', ''), ('RG', 'potion'), ('GB', 'potion')]
>>> can_pay([0, 0, 0, 0, 1, 0], [2, 0, 0, 0, 0, 0], potion=False, exchange=0, convert=True)
True
"""

from __future__ import annotations

from itertools import product

from .data import COLOURS, LETTER_OF

_LETTERS = tuple(LETTER_OF[c] for c in COLOURS)


def code(counts: list[int]) -> str:
    """The cube string of six counts, e.g. ``[2, 0, 0, 0, 1, 0]`` -> ``"RRB"``."""
    return "".join(letter * k for letter, k in zip(_LETTERS, counts, strict=True))


def counts_of(text: str) -> list[int]:
    """Six counts from a cube string (unknown letters raise ValueError).

    >>> counts_of("RRB")
    [2, 0, 0, 0, 1, 0]
    """
    out = [0] * 6
    for ch in text:
        out[_LETTERS.index(ch)] += 1
    return out


def _aids(singles: int, pairs: int, potion: bool, exchange: int) -> list[tuple[str, int, int]]:
    """The ways to cover ``singles`` one-for-one cubes (and ``pairs`` conversions):
    (aid name, potion used, exchange cubes used)."""
    out: list[tuple[str, int, int]] = []
    if singles == 0:
        out.append(("", 0, 0))
    else:
        if potion and singles == 1:
            out.append(("potion", 1, 0))
        if 1 <= singles <= exchange:
            out.append(("exchange", 0, singles))
        if potion and 1 <= singles - 1 <= exchange:
            out.append(("exchange+potion", 1, singles - 1))
    if pairs:
        out = [("convert+" + a if a else "convert", p, e) for a, p, e in out]
    return out


def split(need: list[int], spent: list[int]) -> tuple[int, list[int]]:
    """Missing cubes and the surplus after matching colours: (deficit, surplus)."""
    deficit = 0
    surplus = [0] * 6
    for c in range(6):
        if spent[c] >= need[c]:
            surplus[c] = spent[c] - need[c]
        else:
            deficit += need[c] - spent[c]
    return deficit, surplus


def aid_options(need: list[int], spent: list[int], potion: bool, exchange: int,
                convert: bool) -> list[tuple[str, int, int]]:
    """The aids with which exactly ``spent`` pays ``need`` (every cube used)."""
    deficit, surplus = split(need, spent)
    extra = sum(surplus)
    pairs, singles = extra - deficit, 2 * deficit - extra
    if pairs < 0 or singles < 0:
        return []
    if pairs and (not convert or sum(k // 2 for k in surplus) < pairs):
        return []
    return _aids(singles, pairs, potion, exchange)


def payments(need: list[int], hold: list[int], potion: bool, exchange: int, convert: bool
             ) -> list[tuple[str, str]]:
    """Every way to pay ``need`` from ``hold``: (cubes spent, aid), in a stable order."""
    if not can_pay(need, hold, potion, exchange, convert):
        return []
    total = sum(need)
    top = 2 * total
    out: list[tuple[str, str]] = []
    for spent in product(*(range(min(h, top) + 1) for h in hold)):
        size = sum(spent)
        if size < total or size > top:
            continue
        for aid, _, _ in aid_options(need, list(spent), potion, exchange, convert):
            out.append((code(list(spent)), aid))
    out.sort(key=lambda pa: (len(pa[1]), len(pa[0]), pa[1], [-ord(ch) for ch in pa[0]]))
    return out


def can_pay(need: list[int], hold: list[int], potion: bool, exchange: int, convert: bool
            ) -> bool:
    """Whether ``hold`` can pay ``need`` in some way (fast: no listing)."""
    deficit, extra = split(need, hold)
    if deficit == 0:
        return True
    spare = sum(extra)
    singles_cap = min((1 if potion else 0) + exchange, deficit, spare)
    odd = sum(k % 2 for k in extra)
    pairs_all = sum(k // 2 for k in extra)
    for x in range(singles_cap, -1, -1):
        rest = deficit - x
        if rest == 0:
            return True
        if convert:
            pairs = pairs_all - (max(0, x - odd) + 1) // 2
            if pairs >= rest:
                return True
    return False
