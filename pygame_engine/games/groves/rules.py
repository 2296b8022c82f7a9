"""Groves: state, legal actions and transitions.

Setup ends with each seat, counter-clockwise from the start player's right,
choosing its resource-generating grove. Then rounds: every seat draws three
spirits blind from its summoning bag, and from the crown holder clockwise
seats place one spirit at a time on a grove they may visit (their own realm,
or a realm they opened a portal to) or on the Tree of Idyll, collecting the
reward. Rewards that need a decision become *pending steps* resolved by the
placing seat before play moves on (``Collect``/``Decline``, ``Buy``,
``Attach``, ``Portal``, ``Summon``). Steps that need none resolve at once.

Hidden information: the order of every bag (draws come from the state's
rng at the moment of drawing, so a bag is a multiset), the summoning bonus
deck and every seat's face-down summoning cards, and the grove draw stack
(with the groves left in the box).

Solo (one seat): after the seat's spirits are placed, three spirits come out
of the wraith bag; wraiths fill the Hollows of the Lost, other colours give
the seat a special power, and the round ends as usual.

Realms are hex maps in axial coordinates ``(q, r)``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from ...core.events import Event
from ...core.game import Action, Game, Standing, State, rank_by
from ...core.rng import Rng
from . import data
from .data import (
    ALL_GROVES,
    COLOURS,
    ELEMENTS,
    GROVES,
    REALM_CARDS,
    ROW_COSTS,
    SPIRITS,
    SUMMONING_CARDS,
    bundle,
)

Cell = tuple[int, int]
HEX_STEPS: tuple[Cell, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
#: Pure gains resolve at once: taking elements, crystals or dominion never hurts.
AUTO_STEPS = ("gain", "wraith-draw", "hollows", "wraith-return", "end-round")
#: Steps that the seat may decline (all rewards and powers; not the follow-ups
#: of a choice already made: attaching a grove, aiming a portal, keeping a card).
DECLINABLE = ("element", "either", "trade", "spirit", "white", "cull", "draw", "buy", "repel",
              "spawn", "recall", "banish")
SOLO_LOSS_RANK = 2  # the Hollows of the Lost take rank 1; see ``standings``
#: What each area of the Tree of Idyll lets a spirit sent there do.
AREA_WORDS = {"groves": "buy a grove", "bonus": "take a summoning card",
              "portal": "build a portal"}
STEP_TEXT = {"buy": "choose a grove to buy", "attach": "attach the new grove to the realm",
             "portal": "choose the neighbour the portal opens to",
             "summon": "keep one of two summoning cards",
             "repel": "repel a drawn wraith (blue power)?",
             "spawn": "add a white spirit to the wraith bag (orange power)?",
             "recall": "pay 2 crystals to recall the newest wraith (yellow power)?",
             "banish": "pay 2 elements to banish the newest wraith (green power)?"}


#: The solo power each wraith-bag colour gives.
POWER_COLOUR = {"repel": "blue", "spawn": "orange", "recall": "yellow", "banish": "green"}


def step_words(step: tuple[Any, ...]) -> str:
    """A pending step in words.

    >>> step_words(("buy",)), step_words(("element", 2))
    ('choose a grove to buy', '2 elements of your choice')
    """
    return STEP_TEXT.get(step[0]) or describe(step)


def declined(step: tuple[Any, ...]) -> str:
    """What a seat does by declining a step, after its name.

    >>> declined(("buy",)), declined(("gain", "1C")), declined(("recall",))
    ('buys no grove', 'declines the reward (1 crystal)', 'does not use the yellow power')
    """
    if step[0] == "buy":
        return "buys no grove"
    if step[0] in POWER_COLOUR:
        return f"does not use the {POWER_COLOUR[step[0]]} power"
    return f"declines the reward ({describe(step)})"


def seat_name(seat: int) -> str:
    return Game.seat_names[seat]


def ordinal(n: int) -> str:
    return {1: "first", 2: "second", 3: "third", 4: "fourth"}.get(n, f"{n}th")


def a_spirit(spirit: str) -> str:
    """``"a yellow spirit"``, ``"an orange spirit"``, ``"a wraith"``."""
    if spirit == "wraith":
        return "a wraith"
    return f"{'an' if spirit[0] in 'aeiou' else 'a'} {spirit} spirit"


def count_words(n: int, noun: str) -> str:
    """``n`` things in words: crystals and spirits count, elements and dominion do not.

    >>> count_words(1, "crystal"), count_words(2, "crystal"), count_words(2, "earth")
    ('1 crystal', '2 crystals', '2 earth')
    >>> count_words(1, "wraith"), count_words(3, "white spirit"), count_words(0, "spirit")
    ('a wraith', '3 white spirits', 'no spirit')
    """
    if noun in ("wraith", "spirit") or noun.endswith(" spirit"):
        if n == 0:
            return f"no {noun}"
        if n == 1:
            return a_spirit(noun[:-7]) if noun.endswith(" spirit") else f"a {noun}"
        return f"{n} {noun}s"
    if noun in ("crystal", "element"):
        return f"{n} {noun}" if n == 1 else f"{n} {noun}s"
    return f"{n} {noun}"


def spirits_words(spirits: list[str]) -> str:
    """Spirits drawn or placed, grouped by kind.

    >>> spirits_words(["white", "yellow", "white"])
    '2 white spirits and a yellow spirit'
    >>> spirits_words(["wraith", "white"]), spirits_words([])
    ('a white spirit and a wraith', 'no spirit')
    """
    parts = [count_words(spirits.count(s), "wraith" if s == "wraith" else f"{s} spirit")
             for s in SPIRITS if s in spirits]
    if not parts:
        return "no spirit"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def describe(reward: data.Reward) -> str:
    """A reward in words.

    >>> describe(("trade", "2L", "3D"))
    'discard 2 light for 3 dominion'
    >>> describe(("element", 1)), describe(("spirit", 2)), describe(("gain", "2C"))
    ('1 element of your choice', 'add 2 spirits of your choice to your bag', '2 crystals')
    """
    kind = reward[0]
    if kind == "gain":
        return bundle_words(reward[1])
    if kind == "element":
        return f"{count_words(reward[1], 'element')} of your choice"
    if kind == "either":
        return f"{bundle_words(reward[1])} or {bundle_words(reward[2])}"
    if kind == "trade":
        return f"discard {bundle_words(reward[1])} for {bundle_words(reward[2])}"
    if kind == "spirit":
        what = "1 spirit" if reward[1] == 1 else f"{reward[1]} spirits"
        return f"add {what} of your choice to your bag"
    if kind == "white":
        return "add a white spirit to your bag"
    if kind == "cull":
        return "discard a random spirit from your bag"
    if kind == "draw":
        what = "1 extra spirit" if reward[1] == 1 else f"{reward[1]} extra spirits"
        return f"draw {what} from your bag"
    return kind


def bundle_words(text: str | dict[str, int]) -> str:
    """A bundle (``"1E+2C"`` or resource -> amount) in words, leaving out zeros.

    >>> bundle_words("1E+2C"), bundle_words({"crystal": 1, "light": 0})
    ('1 earth + 2 crystals', '1 crystal')
    """
    items = bundle(text).items() if isinstance(text, str) else text.items()
    return " + ".join(count_words(n, what) for what, n in items if n) or "nothing"


def card_words(card: str) -> str:
    """What a summoning card asks of a round's first draw, in words.

    >>> card_words("yellow-blue"), card_words("green-green"), card_words("wraith-blue")
    ('a yellow and a blue spirit', 'two green spirits', 'a wraith and a blue spirit')
    >>> card_words("three-same")
    'three spirits of one colour'
    """
    c = SUMMONING_CARDS[card]
    if c.kind == "three-different":
        return "three spirits of different colours"
    if c.kind == "three-same":
        return "three spirits of one colour"
    a, b = c.spirits
    if a == b:
        return f"two {a} spirits"
    if a == "wraith":
        return f"a wraith and {a_spirit(b)}"
    return f"{a_spirit(a)[:-7]} and {a_spirit(b)}"


def _counts() -> dict[str, int]:
    return {s: 0 for s in SPIRITS}


# -- actions -------------------------------------------------------------------


@dataclass(frozen=True)
class ChooseGrove(Action):
    """Setup: take a resource-generating grove of this colour."""

    kind: ClassVar[str] = "start"
    colour: str

    @property
    def label(self) -> str:
        g = data.STARTING_GROVES["rg-" + self.colour]
        assert g.bonus is not None
        return (f"Start with {g.name}, the {self.colour} resource grove: {describe(g.primary)}; "
                f"{a_spirit(self.colour)} or a wraith also gets {describe(g.bonus)}")


@dataclass(frozen=True)
class Place(Action):
    """Place a spirit on the grove at ``(q, r)`` of ``owner``'s realm."""

    kind: ClassVar[str] = "place"
    spirit: str
    owner: int
    q: int
    r: int

    @property
    def label(self) -> str:
        # The grove's name needs the position: see ``GrovesState.action_label``.
        return f"Place {a_spirit(self.spirit)} on a grove in {seat_name(self.owner)}'s realm"


@dataclass(frozen=True)
class Visit(Action):
    """Place a spirit on an area of the Tree of Idyll."""

    kind: ClassVar[str] = "visit"
    spirit: str
    area: str

    @property
    def label(self) -> str:
        return f"Send {a_spirit(self.spirit)} to the Tree of Idyll to {AREA_WORDS[self.area]}"


@dataclass(frozen=True)
class Strand(Action):
    """Return wraiths that have nowhere to go to your bag."""

    kind: ClassVar[str] = "strand"

    @property
    def label(self) -> str:
        return "Return the drawn wraiths to your bag (no free grove for them)"


@dataclass(frozen=True)
class Collect(Action):
    """Take a reward (or use a solo power) in the way ``option`` names: an element,
    a spirit, a bundle code such as ``"2C"`` (one of an either-or reward), ``draw``,
    ``cull``, ``trade``, ``wraith-bag:<spirit>``, a solo power, or two elements to banish."""

    kind: ClassVar[str] = "collect"
    option: str

    @property
    def label(self) -> str:
        o = self.option
        if o.startswith("wraith-bag:"):
            return f"Put {a_spirit(o.split(':')[1])} in the wraith bag"
        if o in SPIRITS:
            return f"Add {a_spirit(o)} to your bag"
        if o in ELEMENTS:
            return f"Take 1 {o}"
        if o[:1].isdigit():
            return f"Take {bundle_words(o)}"
        if "+" in o:
            a, b = o.split("+")
            return f"Spend {'2 ' + a if a == b else a + ' and ' + b} to banish a wraith"
        return {"draw": "Draw the extra spirits", "cull": "Discard a random spirit from your bag",
                "trade": "Make the trade", "repel": "Repel a wraith",
                "spawn": "Add a white spirit to the wraith bag",
                "recall": "Pay 2 crystals to recall a wraith"}.get(o, f"Take {o}")


@dataclass(frozen=True)
class Decline(Action):
    kind: ClassVar[str] = "decline"

    @property
    def label(self) -> str:
        return "Decline"


@dataclass(frozen=True)
class Buy(Action):
    kind: ClassVar[str] = "buy"
    slot: int

    @property
    def label(self) -> str:
        price = count_words(ROW_COSTS[self.slot], "crystal")
        return f"Buy the grove in the {ordinal(self.slot + 1)} slot of the row ({price})"


@dataclass(frozen=True)
class Attach(Action):
    kind: ClassVar[str] = "attach"
    q: int
    r: int

    @property
    def label(self) -> str:
        # Where, in words, needs the realm: see ``GrovesState.action_label``.
        return "Attach the new grove to your realm"


@dataclass(frozen=True)
class Portal(Action):
    kind: ClassVar[str] = "portal"
    target: int

    @property
    def label(self) -> str:
        return f"Open the portal to {seat_name(self.target)}'s realm"


@dataclass(frozen=True)
class Summon(Action):
    kind: ClassVar[str] = "summon"
    secret: ClassVar[bool] = True
    card: str

    @property
    def label(self) -> str:
        card = SUMMONING_CARDS[self.card]
        return f"Keep the summoning card for {card_words(self.card)} (+{card.dominion} dominion)"

    @property
    def public_label(self) -> str:
        return "Keep a summoning card"


ACTION_TYPES: tuple[type[Action], ...] = (ChooseGrove, Place, Visit, Strand, Collect, Decline,
                                           Buy, Attach, Portal, Summon)


# -- players -------------------------------------------------------------------


class Player:
    """One seat's pieces: bag, drawn spirits, resources, realm and cards."""

    __slots__ = ("bag", "hand", "elements", "crystals", "dominion", "realm", "occupants",
                 "resource", "has_base", "portals", "hidden", "revealed", "realm_cards")

    def __init__(self) -> None:
        self.bag = _counts()
        self.hand = _counts()  # spirits drawn this round, not yet placed
        self.elements = {e: 0 for e in ELEMENTS}
        self.crystals = 0
        self.dominion = 0  # dominion tokens
        self.realm: dict[Cell, str] = {}  # cell -> grove id
        self.occupants: dict[Cell, str] = {}  # cell -> spirit on that grove
        self.resource: str | None = None  # colour of the resource-generating grove
        self.has_base = False
        self.portals: list[int] = []  # seats this seat opened a portal to
        self.hidden: list[str] = []  # face-down summoning cards
        self.revealed: list[str] = []
        self.realm_cards: list[str] = []  # lightning cards taken

    def copy(self) -> Player:
        c = Player.__new__(Player)
        c.bag, c.hand, c.elements = dict(self.bag), dict(self.hand), dict(self.elements)
        c.crystals, c.dominion, c.resource = self.crystals, self.dominion, self.resource
        c.realm, c.occupants = dict(self.realm), dict(self.occupants)
        c.has_base, c.portals = self.has_base, list(self.portals)
        c.hidden, c.revealed = list(self.hidden), list(self.revealed)
        c.realm_cards = list(self.realm_cards)
        return c

    def purchased(self) -> list[str]:
        return [g for g in self.realm.values() if g in GROVES]

    def owned(self, spirit: str) -> int:
        """Spirits of a kind in the bag, drawn, or on a grove of this realm."""
        on = list(self.occupants.values()).count(spirit) if self.occupants else 0
        return self.bag[spirit] + self.hand[spirit] + on

    def frontier(self) -> list[Cell]:
        """Empty cells sharing an edge with a grove of the realm, sorted."""
        out = set()
        for q, r in self.realm:
            for dq, dr in HEX_STEPS:
                c = (q + dq, r + dr)
                if c not in self.realm:
                    out.add(c)
        return sorted(out)


# -- the state -----------------------------------------------------------------


class GrovesState(State):
    game: GrovesGame

    def __init__(self, game: GrovesGame, num_players: int, seed: int,
                 options: dict[str, Any]) -> None:
        super().__init__(game, num_players, seed, options)
        n = num_players
        self.solo = n == 1
        self.supply = dict(data.SPIRIT_COUNTS)
        self.element_supply = {e: data.ELEMENT_SUPPLY for e in ELEMENTS}
        self.crystal_supply = data.TOKEN_VALUE
        self.dominion_supply = data.TOKEN_VALUE
        self.bases = self.mirrors = data.PORTALS
        self.players = [Player() for _ in range(n)]
        pool = sorted(GROVES)
        self.rng.shuffle(pool)
        size = data.STACK_SIZE[n]
        self.stack, self.box = pool[:size], pool[size:]  # the stack's top is its end
        self.row: list[str | None] = [self.stack.pop() for _ in ROW_COSTS]
        self.row_bought = [False] * len(ROW_COSTS)
        self.removed: list[str] = []
        deck = sorted(SUMMONING_CARDS)
        self.summon_box = [c for c in deck if c in data.WRAITH_CARDS] if self.solo else []
        deck = [c for c in deck if c not in self.summon_box]
        self.rng.shuffle(deck)
        self.deck = deck  # top is the end; the unchosen card goes to index 0
        #: Who put each card at the bottom of the deck: ``deck_bottom[i]`` put
        #: ``deck[i]`` there. How many cards went under is public; each card is
        #: known to the seat that put it there.
        self.deck_bottom: list[int] = []
        realm_cards = sorted(REALM_CARDS)
        self.rng.shuffle(realm_cards)
        self.realm_shown = sorted(realm_cards[:data.REALM_CARDS_SHOWN])
        self.realm_box = len(realm_cards) - data.REALM_CARDS_SHOWN
        self.claimed: dict[str, int] = {}  # lightning card -> seat
        self.crown = 0
        for p, pl in enumerate(self.players):
            want = data.SOLO_CRYSTALS if self.solo else data.STARTING_CRYSTALS[p]
            pl.crystals = want
            self.crystal_supply -= want
            for e in ELEMENTS:
                pl.elements[e] = data.STARTING_ELEMENTS
                self.element_supply[e] -= data.STARTING_ELEMENTS
            pl.realm[data.START_CELLS["crystal"]] = "crystal"
            pl.realm[data.START_CELLS["spirit"]] = "spirit"
            pl.bag["white"] = data.STARTING_WHITES
            self.supply["white"] -= data.STARTING_WHITES
        self.tree: list[tuple[str, str, int]] = []  # (area, spirit, seat)
        #: This round's placements in order, (seat, spirit, where): where is
        #: "owner,q,r" for a grove, "tree:<area>" for the Tree. Only the view
        #: reads it (to follow each spirit from a hand to where it lands).
        self.sent: list[tuple[int, str, str]] = []
        #: The latest move that put something on the table, for the view.
        self.last: tuple[int, Action] | None = None
        self.placed = [0] * n  # spirits placed this round, per seat
        self.pending: list[tuple[Any, ...]] = []
        self.round = 0
        self.final_round = False
        # Counter-clockwise from the start player's right: seats n-1, n-2, ..., 0.
        self.setup_order = [(-k) % n for k in range(1, n + 1)]
        self.current = self.setup_order[0]
        self.phase = "setup"
        # Solo: the wraith bag, wraith supply and the Hollows of the Lost.
        self.wraith_bag = _counts()
        self.wraith_supply = 0
        self.hollows = 0
        self.banished = 0
        #: The reminder spirits on the Tree's base, one per colour added to
        #: the wraith bag (each taken from the supply).
        self.marks: list[str] = []
        self.wraith_drawn = _counts()
        self.lost: str | None = None
        if self.solo:
            self.wraith_bag["white"] = data.WRAITH_BAG_WHITES
            self.supply["white"] -= data.WRAITH_BAG_WHITES
            self.wraith_bag["wraith"] = 1
            self.wraith_supply = self.supply["wraith"] - 1
            self.supply["wraith"] = 0

    # -- protocol --------------------------------------------------------------

    def active_players(self) -> list[int]:
        return [] if self.phase == "over" else [self.current]

    def is_over(self) -> bool:
        return self.phase == "over"

    def legal_actions(self, player: int) -> list[Action]:
        if self.phase == "over" or player != self.current:
            return []
        if self.phase == "setup":
            taken = {p.resource for p in self.players}
            return [ChooseGrove(c) for c in COLOURS if c not in taken]
        if self.pending:
            step = self.pending[0]
            options = self.step_options(player, step)
            if step[0] in DECLINABLE:
                options.append(Decline())
            return options
        return self.placements(player)

    def tree_areas(self) -> tuple[str, ...]:
        return data.SOLO_TREE_AREAS if self.solo else data.TREE_AREAS

    def can_visit(self, player: int) -> list[int]:
        """Realms ``player`` may place in: its own and those its portals open."""
        return [player, *sorted(self.players[player].portals)]

    def wraith_groves(self, player: int) -> list[tuple[int, Cell]]:
        """The free groves (realm owner, cell) a drawn wraith of ``player`` could take."""
        return [(owner, cell) for owner in self.can_visit(player)
                for cell in sorted(self.players[owner].realm)
                if cell not in self.players[owner].occupants]

    def kept_for_wraiths(self, player: int) -> set[tuple[int, Cell]]:
        """Free groves that only ``player``'s drawn wraiths may take now.

        A drawn wraith must go on a free grove it can reach. While the seat
        holds k wraiths and k or fewer such groves are left, its other
        spirits may not take them (they can still go to the Tree, or a white
        can displace a wraith, which frees nothing and adds no wraith to the
        hand: the displaced one goes into the bag). So a wraith is returned
        to the bag (``Strand``) only when no free grove was ever left for it.
        """
        k = self.players[player].hand["wraith"]
        if not k:
            return set()
        free = self.wraith_groves(player)
        return set(free) if len(free) <= k else set()

    def placements(self, player: int) -> list[Action]:
        pl = self.players[player]
        out: list[Action] = []
        realms = self.can_visit(player)
        kept = self.kept_for_wraiths(player)
        for spirit in SPIRITS:
            if not pl.hand[spirit]:
                continue
            for owner in realms:
                occ = self.players[owner].occupants
                for cell in sorted(self.players[owner].realm):
                    here = occ.get(cell)
                    if here is None:
                        if spirit == "wraith" or (owner, cell) not in kept:
                            out.append(Place(spirit, owner, *cell))
                    elif here == "wraith" and spirit == "white":
                        out.append(Place(spirit, owner, *cell))
            if spirit == "wraith":
                continue  # wraiths never visit the Tree of Idyll
            for area in self.tree_areas():
                if area == "groves" and player == self.crown and self.placed[player] == 0:
                    continue  # the crown holder's first spirit may not buy
                out.append(Visit(spirit, area))
        if not out and any(pl.hand.values()):
            out.append(Strand())
        return out

    def step_options(self, player: int, step: tuple[Any, ...]) -> list[Action]:
        """The choices of a pending step (without Decline); empty: nothing to take."""
        pl = self.players[player]
        kind = step[0]
        if kind == "element":
            return [Collect(e) for e in ELEMENTS if self.element_supply[e]]
        if kind == "either":
            return [Collect(b) for b in dict.fromkeys(step[1:3]) if self._available(b)]
        if kind == "trade":
            return [Collect("trade")] if self._holds(pl, bundle(step[1])) else []
        if kind == "spirit":
            out: list[Action] = [Collect(s) for s in SPIRITS[:-1] if self.supply[s]]
            if self.solo and not (len(step) > 2 and step[2]):
                out += [Collect("wraith-bag:" + s) for s in SPIRITS[:-1]
                        if self.may_add_to_wraith_bag(s)]
            return out
        if kind == "white":
            return [Collect("white")] if self.supply["white"] else []
        if kind in ("cull", "draw"):
            return [Collect(kind)] if any(pl.bag.values()) else []
        if kind == "buy":
            return [Buy(i) for i in range(len(self.row)) if self.can_buy(player, i)]
        if kind == "attach":
            return [Attach(*c) for c in pl.frontier()]
        if kind == "portal":
            return [Portal(t) for t in self.portal_targets(player)]
        if kind == "summon":
            return [Summon(c) for c in step[1:]]
        if kind == "repel":
            return [Collect("repel")] if self.wraith_drawn["wraith"] else []
        if kind == "spawn":
            return [Collect("spawn")] if self.supply["white"] else []
        if kind == "recall":
            return [Collect("recall")] if pl.crystals >= 2 and self.hollows else []
        if kind == "banish":
            if not self.hollows:
                return []
            found: list[Action] = []
            for i, a in enumerate(ELEMENTS):
                for b in ELEMENTS[i:]:
                    need = {a: 1} if a != b else {a: 2}
                    if a != b:
                        need[b] = 1
                    if self._holds(pl, need):
                        found.append(Collect(f"{a}+{b}"))
            return found
        return []

    def may_add_to_wraith_bag(self, spirit: str) -> bool:
        """Solo: whether a reward's spirit of this kind may go to the wraith bag.

        Any number of whites may, while the supply has one. A colour may once
        per game, and it takes two from the supply: the spirit, and a second
        one set on the Tree's base as the reminder. With only one left in the
        supply it can still go to the seat's own bag, not to the wraith bag."""
        if spirit == "white":
            return self.supply[spirit] >= 1
        return spirit not in self.marks and self.supply[spirit] >= 2

    def can_buy(self, player: int, slot: int) -> bool:
        gid = self.row[slot]
        if gid is None:
            return False
        pl = self.players[player]
        return pl.crystals >= ROW_COSTS[slot] and self._holds(pl, bundle(GROVES[gid].cost))

    def portal_targets(self, player: int) -> list[int]:
        """Neighbouring opponents (left and right) this seat has no portal to yet."""
        n = self.num_players
        if n == 1:
            return []
        near = sorted({(player + 1) % n, (player - 1) % n} - {player})
        return [t for t in near if t not in self.players[player].portals]

    @staticmethod
    def _holds(pl: Player, need: dict[str, int]) -> bool:
        for what, k in need.items():
            have = pl.crystals if what == "crystal" else (
                pl.dominion if what == "dominion" else pl.elements[what])
            if have < k:
                return False
        return True

    def _available(self, text: str) -> bool:
        """True if the supply holds at least part of a bundle."""
        return any(k and self._supply_of(what) for what, k in bundle(text).items())

    def _supply_of(self, what: str) -> int:
        if what == "crystal":
            return self.crystal_supply
        if what == "dominion":
            return self.dominion_supply
        return self.element_supply[what]

    def action_label(self, player: int, action: Action) -> str:
        """``action`` in the words of this position: a placement, purchase or
        attachment names its grove, and where it goes by the groves beside it.
        Correct just before the move and just after it (a replay labels the
        move it has just shown)."""
        if isinstance(action, Place) and 0 <= action.owner < self.num_players:
            gid = self.players[action.owner].realm.get((action.q, action.r))
            if gid is not None:
                return (f"Place {a_spirit(action.spirit)} on {ALL_GROVES[gid].name} in "
                        f"{seat_name(action.owner)}'s realm")
        if isinstance(action, Attach) and 0 <= player < self.num_players:
            cell = (action.q, action.r)
            gid = self.players[player].realm.get(cell) or self._attaching()
            if gid is not None:
                return f"Attach {GROVES[gid].name}{self._beside(player, cell)}"
        if isinstance(action, Decline) and self.pending:
            words = declined(self.pending[0])
            return {"buys no grove": "Buy no grove"}.get(
                words, words.replace("does not use", "Do not use").replace("declines", "Decline"))
        if isinstance(action, Buy) and 0 <= action.slot < len(self.row):
            gid = self.row[action.slot] or self._attaching()
            if gid is not None:
                price = count_words(ROW_COSTS[action.slot], "crystal")
                return f"Buy {GROVES[gid].name} ({price})"
        return action.label

    def _attaching(self) -> str | None:
        """The grove bought and not yet attached, if any."""
        return next((s[1] for s in self.pending if s[0] == "attach"), None)

    def _beside(self, player: int, cell: Cell) -> str:
        """`` beside A and B``: the groves of the realm next to ``cell``."""
        realm = self.players[player].realm
        near = [ALL_GROVES[realm[(cell[0] + dq, cell[1] + dr)]].name for dq, dr in HEX_STEPS
                if (cell[0] + dq, cell[1] + dr) in realm]
        if not near:
            return ""
        return " beside " + (near[0] if len(near) == 1 else
                             ", ".join(near[:-1]) + " and " + near[-1])

    def explain_illegal(self, player: int, action: Action) -> str:
        if self.phase == "setup":
            return "First choose your resource-generating grove from those still available."
        if self.pending:
            step = self.pending[0]
            return f"First finish what is in progress ({step_words(step)}): " \
                   f"{'; '.join(self.action_label(player, a) for a in self.legal_actions(player))}."
        pl = self.players[player]
        if isinstance(action, Place | Visit) and not pl.hand.get(action.spirit):
            return f"You have no drawn {action.spirit} spirit to place."
        if isinstance(action, Visit):
            if action.spirit == "wraith":
                return "Wraiths may never be placed on the Tree of Idyll."
            if action.area not in self.tree_areas():
                return "That area of the Tree of Idyll is not in play."
            if action.area == "groves" and player == self.crown and self.placed[player] == 0:
                return "The crown holder's first spirit of a round may not go to the groves area."
        if isinstance(action, Place):
            if action.owner not in self.can_visit(player):
                return "You can only visit your own realm or a realm your portal opens."
            owner = self.players[action.owner] if 0 <= action.owner < self.num_players else None
            cell = (action.q, action.r)
            if owner is None or cell not in owner.realm:
                return "There is no grove there."
            here = owner.occupants.get(cell)
            if here == "wraith":
                return "Only a white spirit can displace a wraith."
            if here is not None:
                return "That grove already has a spirit on it this round."
            if (action.owner, cell) in self.kept_for_wraiths(player):
                return ("That grove must stay free for your drawn wraith: a drawn wraith has to "
                        "go on a free grove, and no other is left for it. Place the wraith "
                        "first, or send this spirit to the Tree.")
        return super().explain_illegal(player, action)

    # -- transitions -------------------------------------------------------------

    def _apply(self, player: int, action: Action) -> list[Event]:
        events: list[Event] = []
        round_before = self.round
        if isinstance(action, Place | Visit | Attach | Buy | ChooseGrove):
            self.last = (player, action)
        if isinstance(action, ChooseGrove):
            events += self._choose_grove(player, action.colour)
        elif isinstance(action, Place):
            events += self._place(player, action)
        elif isinstance(action, Visit):
            events += self._visit(player, action)
        elif isinstance(action, Strand):
            pl = self.players[player]
            k = pl.hand["wraith"]
            pl.bag["wraith"] += k
            pl.hand["wraith"] = 0
            it = "it" if k == 1 else "them"
            events.append(Event("strand", f"{seat_name(player)} has no free grove for "
                                          f"{count_words(k, 'wraith')} and returns {it} to "
                                          f"their bag.", data={"seat": player}))
        else:
            step = self.pending.pop(0)
            events += self._resolve(player, step, action)
        events += self._advance(round_before)
        # Only gains (spirits, groves) can make a seat reach a lightning goal:
        # a reward, a new grove, or a spirit sent into another seat's realm
        # (it counts for that realm's owner at once). The end of a round is
        # checked in ``_end_round``.
        sent = isinstance(action, Place) and action.owner != player
        if (isinstance(action, Collect | Attach) or sent) and self.round == round_before:
            events += self._check_lightning(player, spirits=not isinstance(action, Attach),
                                            groves=isinstance(action, Attach))
        return events

    def _choose_grove(self, player: int, colour: str) -> list[Event]:
        pl = self.players[player]
        pl.resource = colour
        pl.realm[data.START_CELLS["resource"]] = "rg-" + colour
        pl.bag[colour] += 1
        self.supply[colour] -= 1
        name = data.STARTING_GROVES["rg-" + colour].name
        events = [Event("start", f"{seat_name(player)} takes {name}, the {colour} "
                                 f"resource grove, and adds {a_spirit(colour)} to their bag.",
                        data={"seat": player})]
        i = self.setup_order.index(player)
        if i + 1 < len(self.setup_order):
            self.current = self.setup_order[i + 1]
        else:
            events += self._start_round()
        return events

    def _place(self, player: int, a: Place) -> list[Event]:
        pl = self.players[player]
        pl.hand[a.spirit] -= 1
        self.placed[player] += 1
        owner = self.players[a.owner]
        cell = (a.q, a.r)
        gid = owner.realm[cell]
        grove = ALL_GROVES[gid]
        whose = "their" if a.owner == player else f"{seat_name(a.owner)}'s"
        who, where = seat_name(player), f"{grove.name} in {whose} realm"
        if owner.occupants.get(cell) == "wraith":
            owner.occupants[cell] = a.spirit
            self.sent.append((player, a.spirit, f"{a.owner},{a.q},{a.r}"))
            pl.bag["wraith"] += 1
            return [Event("displace", f"{who} displaces the wraith on {where} with a white spirit "
                                      f"and puts the wraith in their bag.",
                          data={"seat": player, "owner": a.owner, "cell": list(cell)})]
        owner.occupants[cell] = a.spirit
        self.sent.append((player, a.spirit, f"{a.owner},{a.q},{a.r}"))
        self.pending = [grove.primary]
        if grove.bonus is not None and a.spirit in (grove.colour, "wraith"):
            self.pending.append(grove.bonus)
        return [Event("place", f"{who} places {a_spirit(a.spirit)} on {where}.",
                      data={"seat": player, "owner": a.owner, "cell": list(cell),
                            "spirit": a.spirit})]

    def _visit(self, player: int, a: Visit) -> list[Event]:
        pl = self.players[player]
        pl.hand[a.spirit] -= 1
        self.placed[player] += 1
        self.tree.append((a.area, a.spirit, player))
        self.sent.append((player, a.spirit, "tree:" + a.area))
        who = seat_name(player)
        events = [Event("visit", f"{who} sends {a_spirit(a.spirit)} to the Tree of Idyll "
                                 f"to {AREA_WORDS[a.area]}.",
                        data={"seat": player, "area": a.area, "spirit": a.spirit})]
        if a.area == "groves":
            self.pending = [("buy",)]
        elif a.area == "bonus":
            cards = [self.deck.pop() for _ in range(min(2, len(self.deck)))]
            del self.deck_bottom[len(self.deck):]  # cards put under the deck, now drawn
            seat = {"seat": player}
            if len(cards) == 2:
                self.pending = [("summon", *cards)]
                # The seat now sees two hidden cards: no undo past this point.
                events.append(Event("summon", f"{who} looks at the top two summoning cards.",
                                    data=seat, reveal=True))
            elif cards:
                pl.hidden.append(cards[0])
                events.append(Event("summon", f"{who} takes the last summoning card.",
                                    data=seat, reveal=True))
            else:
                events.append(Event("summon", "The summoning deck is empty.", data=seat))
        elif a.area == "portal":
            events += self._portal_piece(player)
        return events

    def _portal_piece(self, player: int) -> list[Event]:
        pl = self.players[player]
        who = seat_name(player)
        targets = self.portal_targets(player)
        seat = {"seat": player}
        if not pl.has_base:
            if not targets:
                return [Event("portal", f"{who} has no neighbour left to open a portal to.",
                              data=seat)]
            if not self.bases:
                return [Event("portal", f"{who} finds no portal base left to take.", data=seat)]
            self.bases -= 1
            pl.has_base = True
            return [Event("portal", f"{who} takes a portal base.", data=seat)]
        if not self.mirrors or not targets:
            return [Event("portal", f"{who} finds no portal mirror to take.", data=seat)]
        self.mirrors -= 1
        if len(targets) == 1:
            return self._build_portal(player, targets[0])
        self.pending = [("portal",)]
        return [Event("portal", f"{who} takes a portal mirror.", data=seat)]

    def _build_portal(self, player: int, target: int) -> list[Event]:
        pl = self.players[player]
        pl.has_base = False
        pl.portals.append(target)
        text = f"{seat_name(player)} opens a portal to {seat_name(target)}'s realm"
        if self.supply["wraith"]:
            self.supply["wraith"] -= 1
            pl.bag["wraith"] += 1
            text += " and adds a wraith to their bag"
        return [Event("portal", text + ".", data={"seat": player, "target": target})]

    def _advance(self, round_before: int) -> list[Event]:
        """Resolve automatic steps; when nothing is pending, pass the turn.

        A round that began since ``round_before`` already gave the turn to
        its crown holder, so the turn is not passed again."""
        events: list[Event] = []
        while self.phase != "over":
            if self.pending:
                step = self.pending[0]
                if step[0] in AUTO_STEPS:
                    self.pending.pop(0)
                    events += self._resolve(self.current, step, None)
                    continue
                if not self.step_options(self.current, step):
                    self.pending.pop(0)  # nothing to take: the step lapses
                    if step[0] == "buy":
                        events.append(Event("buy", f"{seat_name(self.current)} can afford "
                                                   f"no grove in the row.",
                                            data={"seat": self.current}))
                    continue
                return events
            if self.phase == "setup" or self.round != round_before:
                return events
            nxt = self._next_seat()
            if nxt is not None:
                self.current = nxt
                return events
            if self.solo:
                self.pending = [("wraith-draw",)]
            else:
                events += self._end_round()
        return events

    def _next_seat(self) -> int | None:
        """The next seat clockwise (the current one last) that still holds spirits."""
        n = self.num_players
        for k in range(1, n + 1):
            s = (self.current + k) % n
            if any(self.players[s].hand.values()):
                return s
        return None

    def _resolve(self, player: int, step: tuple[Any, ...], action: Action | None
                 ) -> list[Event]:
        pl = self.players[player]
        who = seat_name(player)
        seat = {"seat": player}
        kind = step[0]
        if isinstance(action, Decline):
            return [Event("decline", f"{who} {declined(step)}.", data=seat)]
        option = action.option if isinstance(action, Collect) else ""
        if kind == "gain":
            return self._gain_event(player, bundle(step[1]))
        if kind == "element":
            if step[1] > 1:
                self.pending.insert(0, ("element", step[1] - 1))
            return self._gain_event(player, {option: 1})
        if kind == "either":
            return self._gain_event(player, bundle(option))
        if kind == "trade":
            self._pay(pl, bundle(step[1]))
            return self._gain_event(player, bundle(step[2]), f"trades {bundle_words(step[1])}")
        if kind == "spirit":
            to_wraith = option.startswith("wraith-bag:")
            spirit = option.split(":")[-1]
            self.supply[spirit] -= 1
            if step[1] > 1:
                self.pending.insert(0, ("spirit", step[1] - 1, to_wraith))
            if to_wraith:
                self.wraith_bag[spirit] += 1
                if spirit == "white":
                    return [Event("spirit", f"{who} adds a white spirit to the wraith bag.",
                                  data=seat)]
                # A second spirit of the colour goes on the Tree's base as the
                # reminder; it stays there (the spirit it marks never leaves
                # the wraith bag), and counts in ``conservation`` via ``marks``.
                self.supply[spirit] -= 1
                self.marks.append(spirit)
                return [Event("spirit", f"{who} adds {a_spirit(spirit)} to the wraith bag and "
                                        f"sets another on the Tree's base as a reminder.",
                              data=seat)]
            pl.bag[spirit] += 1
            return [Event("spirit", f"{who} adds {a_spirit(spirit)} to their bag.", data=seat)]
        if kind == "white":
            self.supply["white"] -= 1
            pl.bag["white"] += 1
            return [Event("spirit", f"{who} adds a white spirit to their bag.", data=seat)]
        if kind == "cull":
            spirit = self._take_random(pl.bag)
            self.supply[spirit] += 1
            return [Event("cull", f"{who} discards a random spirit from their bag: "
                                  f"{spirits_words([spirit])}.",
                          data=seat, reveal=True)]
        if kind == "draw":
            got = [self._take_random(pl.bag) for _ in range(min(step[1], sum(pl.bag.values())))]
            for s in got:
                pl.hand[s] += 1
            more = "1 more spirit" if len(got) == 1 else f"{len(got)} more spirits"
            return [Event("draw", f"{who} draws {more} from their bag: {spirits_words(got)}.",
                          data=seat, reveal=True)]
        if kind == "buy":
            assert isinstance(action, Buy)
            return self._buy(player, action.slot)
        if kind == "attach":
            assert isinstance(action, Attach)
            pl.realm[(action.q, action.r)] = step[1]
            return [Event("attach", f"{who} attaches {GROVES[step[1]].name} to their realm"
                                    f"{self._beside(player, (action.q, action.r))}.",
                          data={"seat": player, "cell": [action.q, action.r]})]
        if kind == "portal":
            assert isinstance(action, Portal)
            return self._build_portal(player, action.target)
        if kind == "summon":
            assert isinstance(action, Summon)
            other = step[2] if action.card == step[1] else step[1]
            pl.hidden.append(action.card)
            self.deck.insert(0, other)
            self.deck_bottom.insert(0, player)
            return [Event("summon", f"{who} keeps one summoning card face down and puts the "
                                    f"other under the deck.", data=seat)]
        return self._resolve_solo(player, step, option)

    def _gain_event(self, player: int, want: dict[str, int], verb: str = "") -> list[Event]:
        got = self._gain(self.players[player], want)
        text = bundle_words(got) if any(got.values()) else "nothing (the supply is empty)"
        lead = f"{seat_name(player)} {verb} and " if verb else f"{seat_name(player)} "
        return [Event("gain", f"{lead}gains {text}.", data={"seat": player, "got": got})]

    def _gain(self, pl: Player, want: dict[str, int]) -> dict[str, int]:
        """Take a bundle from the supply, as much of it as the supply holds."""
        got = {}
        for what, k in want.items():
            k = min(k, self._supply_of(what))
            got[what] = k
            if what == "crystal":
                self.crystal_supply -= k
                pl.crystals += k
            elif what == "dominion":
                self.dominion_supply -= k
                pl.dominion += k
            else:
                self.element_supply[what] -= k
                pl.elements[what] += k
        return got

    def _pay(self, pl: Player, cost: dict[str, int], to: Player | None = None) -> None:
        """Return a bundle to the supply (crystals to ``to`` when given)."""
        for what, k in cost.items():
            if what == "crystal":
                pl.crystals -= k
                if to is None:
                    self.crystal_supply += k
                else:
                    to.crystals += k
            elif what == "dominion":
                pl.dominion -= k
                self.dominion_supply += k
            else:
                pl.elements[what] -= k
                self.element_supply[what] += k

    def _take_random(self, bag: dict[str, int]) -> str:
        """Draw one spirit blind from a bag (which must not be empty)."""
        i = self.rng.randrange(sum(bag.values()))
        for s in SPIRITS:
            if i < bag[s]:
                bag[s] -= 1
                return s
            i -= bag[s]
        raise AssertionError("empty bag")

    def _buy(self, player: int, slot: int) -> list[Event]:
        pl = self.players[player]
        gid = self.row[slot]
        assert gid is not None
        grove = GROVES[gid]
        self._pay(pl, bundle(grove.cost))
        price = ROW_COSTS[slot]
        crown = None if player == self.crown else self.players[self.crown]
        self._pay(pl, {"crystal": price}, to=crown)
        self.row[slot] = None
        self.row_bought[slot] = True
        self.pending.insert(0, ("attach", gid))
        paid = "to the supply" if crown is None else f"to {seat_name(self.crown)}"
        return [Event("buy", f"{seat_name(player)} buys {grove.name} for "
                             f"{bundle_words(grove.cost)} and "
                             f"{count_words(price, 'crystal')} (paid {paid}).",
                      data={"seat": player, "grove": gid, "slot": slot})]

    # -- solo ----------------------------------------------------------------------

    def _resolve_solo(self, player: int, step: tuple[Any, ...], option: str) -> list[Event]:
        pl = self.players[player]
        kind = step[0]
        drawn = self.wraith_drawn
        if kind == "wraith-draw":
            got = [self._take_random(self.wraith_bag)
                   for _ in range(min(3, sum(self.wraith_bag.values())))]
            for s in got:
                drawn[s] += 1
            steps: list[tuple[Any, ...]] = []
            if drawn["blue"] and drawn["wraith"]:
                steps.append(("repel",))
            steps.append(("hollows",))
            for colour, power in (("orange", "spawn"), ("yellow", "recall"),
                                  ("green", "banish")):
                if drawn[colour]:
                    steps.append((power,))
            steps += [("wraith-return",), ("end-round",)]
            self.pending = steps + self.pending
            return [Event("wraith-draw", f"The wraith bag gives {spirits_words(got)}.",
                          reveal=True)]
        if kind == "repel":
            drawn["wraith"] -= 1
            self.wraith_bag["wraith"] += 1
            return [Event("repel", "A drawn wraith is repelled back into the wraith bag.",
                          data={"seat": player})]
        if kind == "hollows":
            events: list[Event] = []
            while drawn["wraith"]:
                if self.hollows >= data.HOLLOWS_SPACES:
                    self.lost = "a wraith found no free space in the Hollows of the Lost"
                    self.phase = "over"
                    self.pending = []
                    return events + [Event("over", f"The game is lost: {self.lost}.")]
                drawn["wraith"] -= 1
                self.hollows += 1
                events.append(Event("hollows", f"A wraith gathers in the Hollows of the Lost "
                                               f"({self.hollows} of {data.HOLLOWS_SPACES})."))
            return events
        if kind == "spawn":
            self.supply["white"] -= 1
            self.wraith_bag["white"] += 1
            return [Event("spawn", "A white spirit joins the wraith bag.", data={"seat": player})]
        if kind == "recall":
            self._pay(pl, {"crystal": 2})
            self.hollows -= 1
            self.wraith_bag["wraith"] += 1
            return [Event("recall", "Two crystals recall the newest wraith to the wraith bag.",
                          data={"seat": player})]
        if kind == "banish":
            a, b = option.split("+")
            self._pay(pl, {a: 1, b: 1} if a != b else {a: 2})
            self.hollows -= 1
            self.banished += 1
            paid = f"Two {a}" if a == b else f"{a.capitalize()} and {b}"
            return [Event("banish", f"{paid} banish the newest wraith from the game.",
                          data={"seat": player})]
        if kind == "wraith-return":
            for s in SPIRITS:
                self.wraith_bag[s] += drawn[s]
                drawn[s] = 0
            if self.wraith_supply:
                self.wraith_supply -= 1
                self.wraith_bag["wraith"] += 1
                return [Event("wraith-return", "Another wraith joins the wraith bag.")]
            return []
        if kind == "end-round":
            return self._end_round()
        raise AssertionError(f"unknown step {kind}")

    # -- rounds --------------------------------------------------------------------

    def _start_round(self) -> list[Event]:
        self.round += 1
        self.placed = [0] * self.num_players
        self.sent = []
        self.row_bought = [False] * len(self.row)
        self.phase = "place"
        events = [Event("round", f"Round {self.round} begins; {seat_name(self.crown)} holds the "
                                 f"crown" + (" (final round)." if self.final_round else "."),
                        data={"seat": self.crown})]
        for p, pl in enumerate(self.players):
            empty = not any(pl.bag.values())
            if not empty:
                got = [self._take_random(pl.bag) for _ in range(min(3, sum(pl.bag.values())))]
            else:
                got = ["white"] * min(2, self.supply["white"])
                self.supply["white"] -= len(got)
            for s in got:
                pl.hand[s] += 1
            drew = (f"draws {spirits_words(got)}" if not empty else
                    f"has an empty bag and takes {spirits_words(got)} from the supply"
                    if got else "has an empty bag and finds no white spirit in the supply")
            events.append(Event("draw", f"{seat_name(p)} {drew}.",
                                data={"seat": p, "spirits": got}, reveal=True))
            for card in list(pl.hidden):
                if self.summoning_met(card, got):
                    pl.hidden.remove(card)
                    pl.revealed.append(card)
                    events.append(Event("reveal", f"{seat_name(p)} reveals the summoning card "
                                                  f"for {card_words(card)} "
                                                  f"(+{SUMMONING_CARDS[card].dominion} dominion).",
                                        data={"seat": p, "card": card}, reveal=True))
        self.current = self.crown
        if not any(self.players[self.crown].hand.values()):
            nxt = self._next_seat()
            if nxt is not None:
                self.current = nxt
        return events

    @staticmethod
    def summoning_met(card: str, drawn: list[str]) -> bool:
        """True if an initial bag draw satisfies a summoning card.

        >>> GrovesState.summoning_met("yellow-blue", ["blue", "white", "yellow"])
        True
        >>> GrovesState.summoning_met("three-different", ["blue", "white", "yellow"])
        False
        """
        c = SUMMONING_CARDS[card]
        if c.kind == "pair":
            rest = list(drawn)
            for s in c.spirits:
                if s not in rest:
                    return False
                rest.remove(s)
            return True
        if len(drawn) != 3 or "white" in drawn:
            return False
        return len(set(drawn)) == (3 if c.kind == "three-different" else 1)

    def _end_round(self) -> list[Event]:
        events: list[Event] = []
        for pl in self.players:
            for cell, spirit in list(pl.occupants.items()):
                if spirit != "wraith":  # wraiths stay where they are
                    pl.bag[spirit] += 1
                    del pl.occupants[cell]
        for _, spirit, _ in self.tree:
            self.supply[spirit] += 1
        self.tree = []
        if self.solo:
            for slot in (0, 1):
                gid = self.row[slot]
                if gid is not None:
                    self.removed.append(gid)
                    self.row[slot] = None
                    events.append(Event("row", f"{GROVES[gid].name} leaves the game from the "
                                               f"{ROW_COSTS[slot]}-crystal slot."))
        elif self.row[0] is not None and not self.row_bought[0]:
            self.removed.append(self.row[0])
            events.append(Event("row", f"{GROVES[self.row[0]].name} was not bought and leaves "
                                       f"the game."))
            self.row[0] = None
        row = [g for g in self.row if g is not None]
        signalled = False
        while len(row) < len(ROW_COSTS) and self.stack:
            row.append(self.stack.pop())
            signalled = not self.stack
        self.row = row + [None] * (len(ROW_COSTS) - len(row))
        events += self._check_lightning(self.crown)
        if self.final_round:
            return events + self._game_over()
        if signalled:
            self.final_round = True
            events.append(Event("final", "The last grove of the stack is out: the next round "
                                         "is the final round."))
        self.crown = (self.crown + 1) % self.num_players
        events.append(Event("refill", "The row of new groves is refilled.", reveal=True))
        return events + self._start_round()

    def _game_over(self) -> list[Event]:
        self.phase = "over"
        self.pending = []
        self.current = -1
        if self.solo and self.lost is None and self.hollows >= data.HOLLOWS_SPACES:
            self.lost = "the Hollows of the Lost are full at the end"
        if self.solo:
            target = self.solo_target()
            won = self.solo_won()
            text = (f"The game is over: {self.scores()[0]:g} dominion against the Hollows' "
                    f"{target}. " + ("Idyllon is saved!" if won else
                                     f"The wraiths win ({self.lost or 'not enough dominion'})."))
        else:
            text = "The game is over. Final scores: " + ", ".join(
                f"{seat_name(s.seat)} {s.score:g}" for s in self.standings()) + "."
        return [Event("over", text)]

    # -- realm bonuses -----------------------------------------------------------------

    def measure(self, player: int, what: str) -> int:
        pl = self.players[player]
        if what.startswith("spirits:"):
            return pl.owned(what.split(":")[1])
        if what == "spirits-each":
            return min(pl.owned(c) for c in COLOURS)
        if what == "spirits-one":
            return max(pl.owned(c) for c in COLOURS)
        bought = pl.purchased()
        if what == "groves":
            return len(bought)
        if what == "groves-colours":
            return len({GROVES[g].colour for g in bought})
        if what == "groves-one-colour":
            return max((sum(1 for g in bought if GROVES[g].colour == c) for c in COLOURS),
                       default=0)
        if what == "grove-dominion":
            return sum(GROVES[g].dominion for g in bought)
        raise ValueError(what)

    def reaches(self, player: int, what: str, goal: int) -> bool:
        """``measure(player, what) >= goal``, quicker for the per-colour minimum."""
        if what == "spirits-each":
            pl = self.players[player]
            return all(pl.owned(c) >= goal for c in COLOURS)
        if what == "spirits-one":
            pl = self.players[player]
            return any(pl.owned(c) >= goal for c in COLOURS)
        return self.measure(player, what) >= goal

    def _check_lightning(self, first: int, spirits: bool = True, groves: bool = True
                         ) -> list[Event]:
        events: list[Event] = []
        open_cards = [REALM_CARDS[c] for c in self.realm_shown
                      if c not in self.claimed and REALM_CARDS[c].kind == "lightning"
                      and (spirits if REALM_CARDS[c].measure.startswith("spirits") else groves)]
        if self.phase == "setup" or not open_cards:
            return events
        n = self.num_players
        for c in open_cards:
            card = c.id
            for k in range(n):
                p = (first + k) % n
                if self.reaches(p, c.measure, c.goal):
                    self.claimed[card] = p
                    self.players[p].realm_cards.append(card)
                    events.append(Event("lightning", f"{seat_name(p)} takes the realm bonus "
                                                     f"card '{c.text}' (+{c.dominion} dominion).",
                                        data={"seat": p, "card": card}))
                    break
        return events

    def trophies(self) -> dict[str, int | None]:
        """Each trophy card shown and its winner (None: a tie or nobody)."""
        out: dict[str, int | None] = {}
        for card in self.realm_shown:
            c = REALM_CARDS[card]
            if c.kind != "trophy":
                continue
            values = [self.measure(p, c.measure) for p in range(self.num_players)]
            if self.solo:
                out[card] = 0 if values[0] >= c.goal else None
            else:
                best = max(values)
                out[card] = values.index(best) if values.count(best) == 1 else None
        return out

    # -- scoring -------------------------------------------------------------------

    def score_breakdown(self) -> list[dict[str, float]]:
        trophies = self.trophies() if self.is_over() else {}
        out: list[dict[str, float]] = []
        for p, pl in enumerate(self.players):
            realm = sum(REALM_CARDS[c].dominion for c in pl.realm_cards)
            realm += sum(REALM_CARDS[c].dominion for c, w in trophies.items() if w == p)
            leftovers = sum(pl.elements.values()) + pl.crystals
            out.append({
                "Dominion tokens": pl.dominion,
                "Groves": sum(GROVES[g].dominion for g in pl.purchased()),
                "Realm bonuses": realm,
                "Summoning bonuses": sum(SUMMONING_CARDS[c].dominion for c in pl.revealed),
                "Portals": len(pl.portals),
                "Elements and crystals": leftovers // data.LEFTOVER_RATE,
            })
        return out

    def scores(self) -> list[float]:
        return [float(sum(b.values())) for b in self.score_breakdown()]

    def solo_target(self) -> int:
        """The lowest exposed value of the Hollows of the Lost."""
        return data.HOLLOWS_BASE + self.hollows

    def solo_won(self) -> bool:
        return (self.is_over() and self.lost is None
                and self.hollows < data.HOLLOWS_SPACES and self.scores()[0] > self.solo_target())

    def standings(self) -> list[Standing]:
        scores = self.scores()
        if self.solo:
            # A solo win is rank 1. On a loss the Hollows of the Lost, which
            # have no seat, come first: ``winners()`` is empty and the view's
            # "solo" entry says why.
            rank = 1 if self.solo_won() else SOLO_LOSS_RANK
            return [Standing(0, rank, scores[0])]
        keys = [(scores[p], len(pl.realm), sum(pl.elements.values()) + pl.crystals)
                for p, pl in enumerate(self.players)]
        return rank_by(keys, ["groves in the realm", "elements and crystals"])

    def conservation(self) -> dict[str, int]:
        out = {}
        for s in SPIRITS:
            total = self.supply[s] + self.wraith_bag[s] + self.wraith_drawn[s]
            total += sum(pl.bag[s] + pl.hand[s] for pl in self.players)
            total += sum(1 for pl in self.players for x in pl.occupants.values() if x == s)
            total += sum(1 for _, x, _ in self.tree if x == s)
            total += self.marks.count(s)
            if s == "wraith":
                total += self.wraith_supply + self.hollows + self.banished
            out["spirits:" + s] = total
        for e in ELEMENTS:
            out["element:" + e] = self.element_supply[e] + sum(pl.elements[e]
                                                               for pl in self.players)
        out["crystals"] = self.crystal_supply + sum(pl.crystals for pl in self.players)
        out["dominion"] = self.dominion_supply + sum(pl.dominion for pl in self.players)
        built = sum(len(pl.portals) for pl in self.players)
        held = sum(pl.has_base for pl in self.players)
        out["portal bases"] = self.bases + built + held
        out["portal mirrors"] = self.mirrors + built + sum(1 for s in self.pending
                                                           if s[0] == "portal")
        out["groves"] = (len(self.stack) + len(self.box) + len(self.removed)
                         + sum(g is not None for g in self.row)
                         + sum(len(pl.purchased()) for pl in self.players)
                         + sum(1 for s in self.pending if s[0] == "attach"))
        summon_pending = sum(len(s) - 1 for s in self.pending if s[0] == "summon")
        out["summoning cards"] = (len(self.deck) + len(self.summon_box) + summon_pending
                                  + sum(len(pl.hidden) + len(pl.revealed) for pl in self.players))
        return out

    # -- information -----------------------------------------------------------------

    def view(self, player: int | None) -> dict[str, Any]:
        v = self.base_view(player)
        pending = None
        if self.pending and self.phase != "over":
            step = self.pending[0]
            shown: list[Any] = list(step[1:])
            if step[0] == "summon" and player != self.current:
                shown = []
            pending = {"kind": step[0], "args": shown,
                       "text": STEP_TEXT.get(step[0]) or describe(step)}
        v.update(
            phase=self.phase, round=self.round, crown=self.crown, current=self.current,
            final_round=self.final_round, solo=self.solo_view() if self.solo else None,
            row=[None if g is None else self.grove_view(g) for g in self.row],
            row_costs=list(ROW_COSTS), row_bought=list(self.row_bought),
            stack=len(self.stack), removed=len(self.removed),
            supply=dict(self.supply), element_supply=dict(self.element_supply),
            crystal_supply=self.crystal_supply, dominion_supply=self.dominion_supply,
            portal_bases=self.bases, portal_mirrors=self.mirrors,
            tree=[{"area": a, "spirit": s, "seat": p} for a, s, p in self.tree],
            tree_areas=list(self.tree_areas()), deck=len(self.deck),
            deck_bottom=list(self.deck_bottom),
            realm_cards=[{"id": c, **REALM_CARDS[c]._asdict(), "holder": self.claimed.get(c)}
                         for c in self.realm_shown],
            pending=pending,
            players=[self._player_view(p, player) for p in range(self.num_players)],
            sent=[list(x) for x in self.sent], last_move=self.last_move(),
        )
        if self.is_over():
            v["scores"] = self.scores()
            v["breakdown"] = self.score_breakdown()
            v["standings"] = [s.__dict__ for s in self.standings()]
        return v

    def last_move(self) -> dict[str, Any] | None:
        """The latest move that put something on the table (a spirit placed or
        sent to the Tree, a grove bought, attached or chosen), as the seat and
        the action's fields; None before the first."""
        if self.last is None:
            return None
        seat, action = self.last
        return {"seat": seat, "kind": action.kind, **action.__dict__}

    @staticmethod
    def grove_view(gid: str) -> dict[str, Any]:
        g = ALL_GROVES[gid]
        return {"id": gid, "name": g.name, "colour": g.colour, "cost": bundle(g.cost) if g.cost
                else {}, "dominion": g.dominion, "primary": describe(g.primary),
                "bonus": describe(g.bonus) if g.bonus else None}

    def _player_view(self, p: int, viewer: int | None) -> dict[str, Any]:
        pl = self.players[p]
        return {
            "bag": dict(pl.bag), "bag_size": sum(pl.bag.values()), "hand": dict(pl.hand),
            "elements": dict(pl.elements), "crystals": pl.crystals, "dominion": pl.dominion,
            "resource": pl.resource, "has_base": pl.has_base, "portals": list(pl.portals),
            "realm": [{"q": c[0], "r": c[1], "occupant": pl.occupants.get(c),
                       **self.grove_view(g)} for c, g in sorted(pl.realm.items())],
            "hidden": len(pl.hidden),
            "my_cards": list(pl.hidden) if viewer == p else None,
            "revealed": list(pl.revealed), "realm_cards": list(pl.realm_cards),
            "score": sum(self.score_breakdown()[p].values()),
        }

    def solo_view(self) -> dict[str, Any]:
        return {"hollows": self.hollows, "spaces": data.HOLLOWS_SPACES,
                "target": self.solo_target(), "wraith_bag": dict(self.wraith_bag),
                "wraith_supply": self.wraith_supply, "banished": self.banished,
                "marks": list(self.marks), "drawn": dict(self.wraith_drawn),
                "won": self.solo_won() if self.is_over() else None, "lost": self.lost}

    def determinize(self, player: int, rng: Rng) -> GrovesState:
        copy = self.clone()
        copy.recording = False
        copy.history, copy.barriers, copy.log = [], [], []
        # The grove stack and the groves left in the box: unknown to all.
        pool = copy.stack + copy.box
        rng.shuffle(pool)
        copy.stack, copy.box = pool[:len(copy.stack)], pool[len(copy.stack):]
        # Summoning cards unseen by ``player``: the deck (but for the cards it
        # put at the bottom itself, which stay where they are), others'
        # face-down cards, and the pair another seat is choosing from.
        mine = {i for i, p in enumerate(copy.deck_bottom) if p == player}
        pool = [c for i, c in enumerate(copy.deck) if i not in mine]
        for p, pl in enumerate(copy.players):
            if p != player:
                pool += pl.hidden
        choosing = [i for i, s in enumerate(copy.pending)
                    if s[0] == "summon" and copy.current != player]
        for i in choosing:
            pool += copy.pending[i][1:]
        rng.shuffle(pool)
        copy.deck = [c if i in mine else pool.pop() for i, c in enumerate(copy.deck)]
        for p, pl in enumerate(copy.players):
            if p != player:
                pl.hidden = [pool.pop() for _ in pl.hidden]
        for i in choosing:
            copy.pending[i] = ("summon", *(pool.pop() for _ in copy.pending[i][1:]))
        copy.rng = rng.fork()
        return copy

    def clone(self) -> GrovesState:
        c = GrovesState.__new__(GrovesState)
        c.__dict__.update(self.__dict__)
        c.rng = self.rng.clone()
        c.history, c.barriers, c.log = list(self.history), list(self.barriers), list(self.log)
        c.players = [pl.copy() for pl in self.players]
        for name in ("supply", "element_supply", "wraith_bag", "wraith_drawn", "claimed"):
            setattr(c, name, dict(getattr(self, name)))
        for name in ("stack", "box", "row", "row_bought", "removed", "deck", "deck_bottom",
                     "summon_box", "tree", "placed", "pending", "marks", "sent"):
            setattr(c, name, list(getattr(self, name)))
        return c


def decisions(reward: data.Reward | None) -> int:
    """The most actions a reward can ask of its seat: none for a plain gain
    (taken at once), one per element or spirit chosen, one otherwise.

    >>> decisions(("gain", "1C")), decisions(("spirit", 2)), decisions(("draw", 2))
    (0, 2, 1)
    """
    if reward is None or reward[0] == "gain":
        return 0
    return int(reward[1]) if reward[0] in ("element", "spirit") else 1


def extra_draws(reward: data.Reward | None) -> int:
    """How many spirits a reward can add to the round's hand."""
    return int(reward[1]) if reward is not None and reward[0] == "draw" else 0


#: Spirits drawn from the wraith bag each solo round; each solo power step
#: needs a spirit of its own colour among them.
WRAITH_DRAW = 3
#: Spirits drawn from a summoning bag at the start of a round (two whites
#: from the supply when the bag is empty).
ROUND_DRAW = 3


class GrovesGame(Game):
    id = "groves"
    title = "Groves"
    rules_version = 1
    min_players = 1
    max_players = 4
    action_types = ACTION_TYPES

    def _new_game(self, num_players: int, seed: int, options: dict[str, Any]) -> GrovesState:
        return GrovesState(self, num_players, seed, options)

    def max_actions(self, num_players: int, options: dict[str, Any]) -> int:
        """A bound on the actions of any game, whatever the seats do.

        *Setup*: one action per seat (its resource grove).

        *Rounds.* The grove stack holds ``S`` groves (``data.STACK_SIZE``), 4
        of them dealt to the row. At the end of a round the grove in the
        cheapest slot leaves the row, bought or not (solo: the two cheapest
        slots), and the row is refilled from the stack; the row is full at the
        start of every round but the final one, so each round but the final one
        takes at least one grove from the stack (solo: two) until it is empty.
        The round in which the stack runs out is followed by exactly one final
        round, after which the game is over. So there are at most
        ``R = (S - 4) + 1`` rounds (solo: ``ceil((S - 4) / 2) + 1``).

        *Actions in a round.* Every ``Place`` and ``Visit`` uses up one drawn
        spirit, and a ``Strand`` at least one. Spirits are drawn only at the
        start of a round (at most 3 a seat) and by a draw reward. A grove's
        rewards are collected only by a spirit placed on it while it is free,
        and it then stays taken until the round ends (a white that displaces a
        wraith collects nothing), so each grove rewards at most once a round:
        the draw rewards add at most ``X`` spirits a round, ``X`` the sum of
        the draws printed on all the groves. So at most ``H = 3n + X`` spirits
        are used a round. Each costs at most two actions (its placement and one
        decision: a grove's single choice, a buy or decline, the summoning card
        kept, the portal's neighbour) but for three kinds of surplus: a grove
        whose rewards ask ``d > 1`` decisions (``d - 1`` more, at most once a
        grove a round: ``E`` a round in all), attaching a bought grove (at most
        ``S`` in the game: a grove is bought once and never leaves a realm),
        and, in solo, at most ``3`` power steps a round (one per spirit drawn
        from the wraith bag). Aiming a portal only arises with two neighbours
        to choose from, so it is counted with its visit. Pending steps with no
        choice lapse on their own and take no action; a seat always has an
        action while it holds spirits (the Tree takes any spirit but a wraith,
        and a wraith with no free grove is stranded), so no round stalls.

        In all: ``n + R * (2 * H + E [+ 3 solo]) + S``.

        >>> GAME = GrovesGame()
        >>> [GAME.max_actions(n, {}) for n in (1, 2, 3, 4)]
        [523, 593, 918, 1195]
        """
        n = num_players
        stack = data.STACK_SIZE[n]
        leaving = 2 if n == 1 else 1
        rounds = -(-(stack - len(ROW_COSTS)) // leaving) + 1
        # Every grove a seat could ever visit: the stack's (at most all 28)
        # and n copies of each starting grove (the costliest resource grove).
        starting = [data.STARTING_GROVES["crystal"], data.STARTING_GROVES["spirit"]]
        resource = [g for g in data.STARTING_GROVES.values() if g.id.startswith("rg-")]

        def per_grove(f: Any) -> int:
            return (sum(f(g) for g in GROVES.values())
                    + n * (sum(f(g) for g in starting) + max(f(g) for g in resource)))

        extra = per_grove(lambda g: extra_draws(g.primary) + extra_draws(g.bonus))
        surplus = per_grove(lambda g: max(0, decisions(g.primary) + decisions(g.bonus) - 1))
        spirits = ROUND_DRAW * n + extra
        per_round = 2 * spirits + surplus + (WRAITH_DRAW if n == 1 else 0)
        return n + rounds * per_round + stack
