"""The typed shape of Darkleaf Gambit's ``view``: what the web view reads.

A clan's own state (``ClanBoardView.state``) and the last move's record are
JSON copies whose keys belong to the clans; the rest is typed here.
"""

from typing import NotRequired, TypedDict

from ...core.game import JSON
from ...core.view_types import BaseView, StandingView


class UnitView(TypedDict):
    id: int
    seat: int
    clan: str
    type: str  #: pawn, queen, ...
    letter: str
    square: int  #: -1 in the graveyard
    name: str | None  #: the square's name
    royal: bool
    auras: list[str]
    marks: dict[str, int]
    invulnerable: bool


class SlotBoneView(TypedDict):
    """A bone slotted on a skill."""

    bone: int
    value: int
    faces: int


class PoolBoneView(TypedDict):
    bone: int
    faces: int


class SkillView(TypedDict):
    key: str
    name: str
    type: str  #: deed, law, relic, ...
    slots: list[str]  #: what each slot takes ("*", "1-2", ...)
    sum: list[int] | None  #: the bounds of the slotted bones' sum, where the skill has them
    bones: list[SlotBoneView | None]
    relics: int
    relic_slots: int
    active: bool  #: a law in force


class ProgressView(TypedDict):
    """A clan's way along its path to victory."""

    text: str
    done: int
    needed: int


class ClanBoardView(TypedDict):
    clan: str
    name: str
    path: str
    progress: ProgressView
    skills: list[SkillView]
    pool: list[PoolBoneView]
    bones: list[SlotBoneView]
    will_token: int
    chips: dict[str, int]
    laws: list[str]
    flags: list[str]
    state: dict[str, JSON]  #: the clan's own record (a JSON copy)


class RollView(TypedDict):
    """The latest bone rolled."""

    seat: int
    bone: int
    faces: int
    value: int


class TerritoryMarkView(TypedDict):
    """A clan's chip or counter on a territory."""

    square: int
    kind: str
    seat: int
    letter: str
    label: str
    rounds: NotRequired[int]


class UnitMarkView(TypedDict):
    """A clan's mark on a unit."""

    unit: int
    kind: str
    seat: int
    letter: str
    label: str


class WillRollView(TypedDict):
    """The latest call on Haggedorn's Will."""

    seat: int
    roll: int
    name: str
    text: str


class WillView(TypedDict):
    table: str  #: blessings or curses
    counters: list[list[str | int]]  #: (outcome, rounds left, seat) of each lasting outcome
    marked: list[str]
    last: WillRollView | None


class PendingView(TypedDict):
    """A choice some seat must make before play goes on."""

    seat: int
    kind: str
    prompt: str


class LastMove(TypedDict, total=False):
    """The squares the last move touched (its keys are the moves')."""

    frm: int
    to: int
    struck: int
    flow: list[list[int]]  #: (from, to) of each unit a Flow moved; to is -1 off the edge


class DarkleafView(BaseView):
    phase: str
    current: int
    first: int
    turn: int
    round: int
    round_limit: int
    board: list[int]  #: the unit on each square, -1 for none
    squares: list[str]  #: each square's name
    units: list[UnitView]
    graveyard: list[int]
    clans: list[ClanBoardView]
    relic_pool: int
    intent: list[JSON] | None  #: the declaration in play, as its action's JSON
    roll: int | None
    last_roll: RollView | None
    territory_marks: list[TerritoryMarkView]
    unit_marks: list[UnitMarkView]
    last_move: LastMove | None
    held: list[int]
    will: WillView
    pending: PendingView | None
    winner: int | None
    draw: bool
    scores: list[float]
    breakdown: NotRequired[list[dict[str, float]]]
    standings: NotRequired[list[StandingView]]
