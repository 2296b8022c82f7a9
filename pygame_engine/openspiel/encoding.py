"""The fixed integer action encoding of each game, for OpenSpiel and PettingZoo.

OpenSpiel wants every action as an integer below ``num_distinct_actions``,
meaning the same move in every state. Our actions are small dataclasses
(``kind`` plus int and str fields), so each game lists its action kinds here
with a domain per field, and the integer is a mixed-radix number:

- id 0 is ``WAIT``: the only action of a seat that is not acting at a
  simultaneous node (OpenSpiel asks every seat for one);
- then each kind in the order of its game's table owns a block of ids, its
  int fields read as digits (``lo..hi``, first field most significant);
- a kind whose fields are words (a payment such as ``"OOG"``, a skill, an
  option such as ``"e5:long_bow"``) is a block of ``nth`` ids instead: id
  ``k`` of the block is the kth action of that kind in the game's own order
  of ``legal_actions`` (the order depends only on what the acting seat sees,
  which the tests check on determinized copies).

The tables are part of the interface: changing a kind's order or a domain
renumbers the actions, so append instead. ``tests/research`` checks over
random games that every legal action fits its domain and round-trips.
"""

from __future__ import annotations

from dataclasses import astuple, dataclass, fields

from ..core.game import Action, State


@dataclass(frozen=True)
class Kind:
    """One action kind's block: int field domains, or ``nth`` slots."""

    kind: str
    ranges: tuple[tuple[int, int], ...] = ()
    nth: int = 0

    @property
    def size(self) -> int:
        if self.nth:
            return self.nth
        size = 1
        for lo, hi in self.ranges:
            size *= hi - lo + 1
        return size


def _k(kind: str, *ranges: tuple[int, int]) -> Kind:
    return Kind(kind, tuple(ranges))


def _n(kind: str, slots: int) -> Kind:
    return Kind(kind, nth=slots)


SQ = (0, 63)  # a Darkleaf Gambit square

#: Per game id, its action kinds in id order (append only).
TABLES: dict[str, tuple[Kind, ...]] = {
    "ley-of-the-land": (
        _k("bid", (0, 99)), _k("acquire", (0, 7), (0, 24), (0, 3)), _k("frolick"), _k("sow"),
        _k("reap", (0, 127)), _k("invest"), _k("pass"),
    ),
    "ley-lines": (
        _k("cairn", (0, 9), (0, 95)), _k("tor", (0, 95)),
        _k("segment", (0, 27), (0, 95), (0, 95)), _k("pass"),
    ),
    "groves": (
        _n("start", 8), _n("place", 256), _n("visit", 64), _k("strand"), _n("collect", 64),
        _k("decline"), _k("buy", (0, 7)), _k("attach", (-8, 8), (-8, 8)), _k("portal", (0, 7)),
        _n("summon", 64),
    ),
    "leylines": (
        _k("start", (0, 63)), _n("reroll", 128), _k("keep"), _k("move", (0, 12)),
        _k("boost", (0, 12)), _k("go", (0, 63)), _k("quick", (0, 12)), _n("pick", 8),
        _n("discard", 8), _n("sell", 8), _k("skip"), _k("done"), _k("end"), _n("buy", 512),
        _n("complete", 512), _n("use", 16), _k("from", (0, 63)), _k("clear"),
        _k("offer", (0, 63)), _k("bid", (0, 63)), _k("match"), _k("pass"),
        _k("befriend", (0, 31)),
    ),
    "darkleaf-gambit": (
        _k("proceed"), _k("will"), _n("spend", 16), _n("withdraw", 16), _n("declare", 256),
        _k("roll", (0, 15)), _k("journey", SQ, SQ), _k("cancel"), _n("slot", 64), _k("keep"),
        _k("pick", SQ), _k("bone", (0, 15)), _n("choose", 64), _k("hunt", SQ, SQ),
        _k("pivot", SQ, SQ, SQ), _k("leap", SQ), _k("morph", SQ, SQ, (-1, 63)),
        _k("seed", SQ, SQ), _k("stop"), _k("garden", SQ), _k("ladder", SQ, SQ), _k("hexdone"),
        _k("push", SQ, (-1, 1), (-1, 1), (1, 2), (0, 1)),
    ),
}

WAIT = 0
WAIT_LABEL = "Wait"


class Codec:
    """Action <-> integer for one game (see the module docstring)."""

    def __init__(self, game_id: str, action_types: tuple[type[Action], ...]) -> None:
        self.kinds = TABLES[game_id]
        self.classes = {cls.kind: cls for cls in action_types}
        missing = set(self.classes) - {k.kind for k in self.kinds}
        if missing:
            raise ValueError(f"{game_id}: no encoding for action kinds {sorted(missing)}")
        self.offsets: dict[str, int] = {}
        offset = 1  # after WAIT
        for k in self.kinds:
            self.offsets[k.kind] = offset
            offset += k.size
        self.by_kind = {k.kind: k for k in self.kinds}
        #: OpenSpiel's num_distinct_actions.
        self.size = offset

    def encode_all(self, legal: list[Action]) -> list[int]:
        """The ids of ``legal`` (one seat's legal actions, in the game's order)."""
        counts: dict[str, int] = {}
        out = []
        for a in legal:
            spec = self.by_kind[a.kind]
            if spec.nth:
                k = counts.get(a.kind, 0)
                counts[a.kind] = k + 1
                if k >= spec.nth:
                    raise ValueError(f"more than {spec.nth} {a.kind!r} actions at once")
                out.append(self.offsets[a.kind] + k)
            else:
                out.append(self.offsets[a.kind] + self._digits(spec, a))
        return out

    @staticmethod
    def _digits(spec: Kind, action: Action) -> int:
        value = 0
        for (lo, hi), v in zip(spec.ranges, astuple(action), strict=True):
            if not lo <= v <= hi:
                raise ValueError(f"{action.to_json()} is outside the encoding's {lo}..{hi}")
            value = value * (hi - lo + 1) + (v - lo)
        return value

    def kind_of(self, action_id: int) -> tuple[Kind, int]:
        """The block holding ``action_id`` and the id's place in it."""
        for k in self.kinds:
            start = self.offsets[k.kind]
            if start <= action_id < start + k.size:
                return k, action_id - start
        raise ValueError(f"no action has id {action_id}")

    def decode(self, state: State, player: int, action_id: int) -> Action:
        """The action ``action_id`` names for ``player`` in ``state``; ValueError
        if it names none there (an nth slot beyond the legal ones)."""
        spec, rest = self.kind_of(action_id)
        if not spec.nth:
            return self._from_digits(spec, rest)
        same = [a for a in state.legal_actions(player) if a.kind == spec.kind]
        if rest >= len(same):
            raise ValueError(f"there is no {spec.kind!r} action #{rest} now")
        return same[rest]

    def _from_digits(self, spec: Kind, rest: int) -> Action:
        values = []
        for lo, hi in reversed(spec.ranges):
            rest, digit = divmod(rest, hi - lo + 1)
            values.append(digit + lo)
        cls = self.classes[spec.kind]
        assert len(fields(cls)) == len(values)
        return cls(*reversed(values))

    def describe(self, action_id: int) -> str:
        """Words for an id without a state (an nth slot is named by its number)."""
        if action_id == WAIT:
            return WAIT_LABEL
        spec, rest = self.kind_of(action_id)
        if spec.nth:
            return f"{spec.kind} #{rest}"
        return self._from_digits(spec, rest).label
