"""Moves in a URL: the hash of a shareable link, and of every saved game.

A link is the page URL of the game (``?game=..&seats=..&seed=..``, the page
contract) plus ``#e=<engine version>&r=<rules version>&m=<moves>``, where
the rules version is the game's own (``Game.rules_version``) and the moves
are the JSON list ``[[seat, action], ...]``, deflated and base64url-encoded.
Opening it replays the moves through the rules, so a damaged or tampered
link is refused with the reason rather than producing an impossible
position; a link made with other rules opens with them (``web.releases``).

>>> text = encode_moves([[0, ["bid", 3]], [1, ["bid", 0]]])
>>> decode_moves(text)
[[0, ['bid', 3]], [1, ['bid', 0]]]
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from pygame_engine import GAMES, __version__
from pygame_engine.core.limits import MAX_RECORD_CHARS, parse_json


class BadLink(ValueError):
    """A link (or saved game) whose moves cannot be read; the message says why."""


_SAVE_ID = re.compile(r"g[0-9a-f]{1,16}")


# base64, binascii and zlib are imported where used: the page needs them only
# once a game has moves, and every module imported at start-up is compiled then.


def encode_moves(moves: list[list[Any]]) -> str:
    import base64
    import zlib

    packed = zlib.compress(json.dumps(moves, separators=(",", ":")).encode(), 9)
    return base64.urlsafe_b64encode(packed).decode().rstrip("=")


def decode_moves(text: str) -> list[list[Any]]:
    """The moves of ``encode_moves``; ``BadLink`` if the text is damaged, cut
    short, or larger than any game's moves can be (a decompression bomb is
    refused after inflating at most ``MAX_RECORD_CHARS`` bytes).

    >>> decode_moves(encode_moves([[True, ["bid", 3]]]))
    Traceback (most recent call last):
    ...
    web.links.BadLink: The link's list of moves is not a list of [seat, action] pairs (move 1).
    """
    import base64
    import binascii
    import zlib

    if len(text) > MAX_RECORD_CHARS:
        raise BadLink(f"The link's list of moves is {len(text):,} characters long; "
                      f"no game's moves take more than {MAX_RECORD_CHARS:,}.")
    try:
        packed = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
        inflater = zlib.decompressobj()
        raw = inflater.decompress(packed, MAX_RECORD_CHARS + 1)
        if len(raw) > MAX_RECORD_CHARS:
            raise BadLink(f"The link's list of moves inflates to more than "
                          f"{MAX_RECORD_CHARS:,} bytes: no game's moves take that much.")
        if not inflater.eof:
            raise zlib.error("incomplete or truncated stream")
        moves = parse_json(raw.decode("utf-8"), "link's list of moves")
    except (binascii.Error, zlib.error, UnicodeDecodeError) as exc:
        raise BadLink(f"The link's list of moves is damaged or cut short ({exc}).") from None
    except BadLink:
        raise
    except ValueError as exc:
        raise BadLink(f"The link's list of moves is damaged: {exc}") from None
    if not isinstance(moves, list):
        raise BadLink("The link's list of moves is not a list of [seat, action] pairs.")
    for number, move in enumerate(moves, start=1):
        if not (isinstance(move, list) and len(move) == 2 and isinstance(move[0], int)
                and not isinstance(move[0], bool) and isinstance(move[1], list)):
            raise BadLink("The link's list of moves is not a list of [seat, action] pairs "
                          f"(move {number}).")
    return moves


@dataclass(frozen=True)
class LinkHash:
    """What a page URL's hash carries."""

    moves: list[list[Any]]
    #: The engine version that recorded the moves.
    version: str | None = None
    #: Open the replay viewer rather than the game.
    replay: bool = False
    #: The saved game (in this browser) that the page keeps up to date.
    save_id: str | None = None
    #: The game's rules version that the moves were recorded with (None: the
    #: link does not say; links before rules versions name only ``version``).
    rules: int | None = None


def hash_for(moves: list[list[Any]], replay: bool = False, save_id: str | None = None,
             game_id: str | None = None) -> str:
    """The URL hash that carries ``moves`` (and a save id); empty when there is nothing.

    >>> hash_for([[0, ["bid", 1]]], game_id="groves").split("&")[1]
    'r=1'
    """
    rules = [f"r={GAMES[game_id].rules_version}"] if game_id is not None else []
    parts = [f"e={__version__}", *rules, f"m={encode_moves(moves)}"] if moves else []
    if replay:
        parts.append("replay=1")
    if save_id:
        parts.append(f"s={save_id}")
    return "#" + "&".join(parts) if parts else ""


def parse_hash(fragment: str) -> LinkHash:
    """The contents of a URL hash; ``BadLink`` if its moves are damaged.

    >>> parse_hash(hash_for([[0, ["bid", 1]]], save_id="g1")).save_id
    'g1'
    >>> parse_hash(hash_for([[0, ["bid", 1]]], game_id="groves")).rules
    1
    """
    params = dict(part.partition("=")[::2] for part in fragment.lstrip("#").split("&") if part)
    moves = decode_moves(params["m"]) if params.get("m") else []
    save_id = params.get("s")
    if save_id is not None and not _SAVE_ID.fullmatch(save_id):
        save_id = None  # not one of ours (see ``web.saves.new_id``): the game is saved anew
    rules = params.get("r", "")
    return LinkHash(moves, params.get("e"), params.get("replay") == "1", save_id,
                    int(rules) if rules.isdigit() and len(rules) < 10 else None)
