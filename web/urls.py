"""The page URL contract: a game's query (``?game=ID&seats=S&seed=N``, then
``&NAME=VALUE`` per game option) parsed and built, and the whole URL of a
position (the query plus the hash of ``web.links`` that carries its moves).

Only Python reads or writes these URLs: the page's script (``boot.js``) asks
the worker for every URL it opens (``new_game_query``, ``Screen.url``,
``Screen.result["go"]``), so the contract has one definition. Links made by
earlier versions stay valid: what is parsed here never narrows.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pygame_engine import GAMES
from pygame_engine.ai import LEVELS
from pygame_engine.core.game import Game
from pygame_engine.core.limits import MAX_SEED, quote

from .links import hash_for

SEAT_KINDS = ("human", "ai", *(f"ai:{level}" for level in LEVELS))


class SetupError(ValueError):
    """A page URL that does not describe a game; the message is shown to the player."""


@dataclass(frozen=True)
class Setup:
    game_id: str
    seats: tuple[str, ...]
    seed: int
    #: The game's options as (name, value) pairs, in the game's order; an
    #: option left out takes its default.
    options: tuple[tuple[str, Any], ...] = ()

    def query(self) -> str:
        """The page URL's query: game, seats, seed, then one parameter per option.

        (Ids, seat kinds, digits and option values need no escaping.)

        >>> Setup("ley-lines", ("human", "ai:easy", "ai:easy"), 3,
        ...       (("hide_own_cairns", "on"),)).query()
        '?game=ley-lines&seats=human,ai:easy,ai:easy&seed=3&hide_own_cairns=on'
        """
        extra = "".join(f"&{name}={value}" for name, value in self.options)
        return f"?game={self.game_id}&seats={','.join(self.seats)}&seed={self.seed}{extra}"

    def url(self, moves: list[list[Any]], save_id: str | None = None,
            replay: bool = False) -> str:
        """The query and hash that reopen the position after ``moves``."""
        return self.query() + hash_for(moves, replay=replay, save_id=save_id,
                                       game_id=self.game_id)

    def option_values(self) -> dict[str, Any]:
        """The options as ``Game.new_game`` takes them (defaults filled in)."""
        return GAMES[self.game_id].resolve_options(dict(self.options))

    def option_words(self) -> list[tuple[str, str]]:
        """Each option of the game as (its label, its value in words)."""
        values = self.option_values()
        return [(o.label, o.choice_label(values[o.name])) for o in GAMES[self.game_id].options]

    def with_seed(self, seed: int) -> Setup:
        return Setup(self.game_id, self.seats, seed, self.options)


def _unquote(text: str) -> str:
    """A URL query value decoded: '+' is a space, '%XX' a UTF-8 byte.

    (Not ``urllib.parse``: it costs about 0.15 s to compile at page start.)

    >>> _unquote("ai%3Ahard%2Chuman+x")
    'ai:hard,human x'
    """
    raw, out, i = text.replace("+", " ").encode(), bytearray(), 0
    while i < len(raw):
        byte, hex_digits = raw[i], raw[i + 1:i + 3]
        if byte == 0x25 and len(hex_digits) == 2 and all(
                chr(c) in "0123456789abcdefABCDEF" for c in hex_digits):
            out.append(int(hex_digits, 16))
            i += 3
        else:
            out.append(byte)
            i += 1
    return out.decode("utf-8", errors="replace")


#: What a query value keeps as it is (RFC 3986's unreserved, and ':' and ','
#: of the seat list); any other byte is written %XX.
_PLAIN = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:,")


def _quote(text: str) -> str:
    """A query value encoded, the inverse of ``_unquote``.

    >>> _quote("ai:hard,human x&y")
    'ai:hard,human%20x%26y'
    >>> _unquote(_quote("sé=1+2")) == "sé=1+2"
    True
    """
    return "".join(chr(b) if b in _PLAIN else f"%{b:02X}" for b in text.encode())


def parse_qs(query: str) -> dict[str, list[str]]:
    """A query string as name -> values, like ``urllib.parse.parse_qs``."""
    params: dict[str, list[str]] = {}
    for pair in query.split("&"):
        if pair:
            name, _, value = pair.partition("=")
            params.setdefault(_unquote(name), []).append(_unquote(value))
    return params


def parse_query(query: str, fallback_seed: int) -> Setup | None:
    """The game a page URL asks for; None for the lobby; ``SetupError`` if it is bad.

    >>> parse_query("?game=ley-of-the-land&seats=human,ai:hard&seed=4", 0).seats
    ('human', 'ai:hard')
    >>> parse_query("", 0) is None
    True
    """
    params = parse_qs(query.lstrip("?"))
    if not params:
        return None
    game_id = params.get("game", [""])[0]
    if game_id not in GAMES:
        known = ", ".join(GAMES)
        raise SetupError(f"There is no game {quote(game_id)} here. The games are: {known}."
                         if game_id else f"The link names no game. The games are: {known}.")
    game = GAMES[game_id]
    names = [o.name for o in game.options]
    unknown = sorted(set(params) - {"game", "seats", "seed", *names})
    if unknown:
        raise SetupError(f"Unknown link parameter {quote(unknown[0])}: a {game.title} link "
                         f"takes {', '.join(['game', 'seats', 'seed', *names])}.")
    options = _options(game, params)
    raw_seats = params.get("seats", [""])[0]
    if raw_seats:
        seats = tuple(s.strip().lower() for s in raw_seats.split(","))
    else:
        seats = ("human",) + ("ai:normal",) * (max(2, game.min_players) - 1)
    if not game.min_players <= len(seats) <= game.max_players:
        raise SetupError(f"{game.title} is for {game.min_players}-{game.max_players} players; "
                         f"the link has {len(seats)} seats.")
    for s in seats:
        if s not in SEAT_KINDS:
            raise SetupError(f"Seat {quote(s)} is neither human nor an AI: use human, ai, "
                             f"ai:easy, ai:normal or ai:hard.")
    raw_seed = params.get("seed", [""])[0].strip()
    if raw_seed and not (raw_seed.isascii() and raw_seed.isdigit()):
        raise SetupError(f"The seed must be a whole number, not {quote(raw_seed)}.")
    # Checked by length first: int() refuses more than 4300 digits with its own error.
    digits = raw_seed.lstrip("0") or "0"
    if len(digits) > len(str(MAX_SEED)) or int(digits) > MAX_SEED:
        raise SetupError(f"The seed is too large (at most {MAX_SEED}).")
    seed = int(digits) if raw_seed else fallback_seed
    return Setup(game_id, tuple("ai:normal" if s == "ai" else s for s in seats), seed, options)


def _options(game: Game, params: dict[str, list[str]]) -> tuple[tuple[str, Any], ...]:
    """The game's options named in a link, each matched to one of its values.

    >>> from pygame_engine.core.game import Option
    >>> class Toy:
    ...     options = (Option("level", "Level", 0, (0, 2, 3)),)
    >>> _options(Toy(), {"level": ["2"]})
    (('level', 2),)
    """
    out = []
    for option in game.options:
        if option.name in params:
            text = params[option.name][0]
            value = next((c for c in option.choices if str(c) == text), None)
            if value is None:
                allowed = ", ".join(str(c) for c in option.choices)
                raise SetupError(f"Option {option.name} cannot be {quote(text)}: "
                                 f"it takes {allowed}.")
            out.append((option.name, value))
    return tuple(out)


def new_game_query(game_id: str, seats: list[str], seed: str,
                   options: list[list[str]], random_seed: int) -> str:
    """The query of a new game as the lobby's form fills it in: the seat kinds
    chosen, the seed typed (``random_seed`` when none is), and each option's
    (name, value). It is checked when opened (``parse_query``), which says
    what is wrong with a bad value.

    >>> new_game_query("groves", ["human", "ai:easy"], " 7 ", [["solo_level", "2"]], 0)
    '?game=groves&seats=human,ai:easy&seed=7&solo_level=2'
    >>> new_game_query("groves", ["human"], "", [], 12)
    '?game=groves&seats=human&seed=12'
    """
    typed = seed.strip() or str(random_seed)
    extra = "".join(f"&{_quote(name)}={_quote(value)}" for name, value in options)
    return (f"?game={_quote(game_id)}&seats={_quote(','.join(seats))}&seed={_quote(typed)}"
            f"{extra}")
