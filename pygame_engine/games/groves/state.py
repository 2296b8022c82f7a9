"""Groves: the state, its legal actions and the turn's transitions.

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

from typing import TYPE_CHECKING, Any

from ...core.events import Event
from ...core.game import Action, Standing, State
from ...core.rng import Rng
from ...core.view_types import standing_views
from . import data, placing, rewards, rounds, scoring
from .actions import (
    AUTO_STEPS,
    DECLINABLE,
    HEX_STEPS,
    STEP_TEXT,
    Attach,
    Buy,
    Cell,
    ChooseGrove,
    Collect,
    Decline,
    Place,
    Portal,
    Strand,
    Summon,
    Visit,
    _counts,
    a_spirit,
    count_words,
    declined,
    describe,
    seat_name,
    step_words,
)
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
from .view_types import (
    GrovesView,
    GroveView,
    LastMove,
    PendingView,
    PlayerView,
    RealmCardView,
    SoloView,
)

if TYPE_CHECKING:
    from .game import GrovesGame


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
        self._give_starting_pieces()
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

    def _give_starting_pieces(self) -> None:
        """Each seat's crystals, elements, starting groves and white spirits,
        taken from the supplies."""
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
            events += placing.choose_grove(self, player, action.colour)
        elif isinstance(action, Place):
            events += placing.place(self, player, action)
        elif isinstance(action, Visit):
            events += placing.visit(self, player, action)
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
            events += rewards.resolve(self, player, step, action)
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
                    events += rewards.resolve(self, self.current, step, None)
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

    # -- kept in rewards.py, rounds.py and scoring.py; the methods the heuristics
    # -- and tests call ----------------------------------------------------------

    def _gain_event(self, player: int, want: dict[str, int], verb: str = "") -> list[Event]:
        return rewards.gain_event(self, player, want, verb)

    @staticmethod
    def summoning_met(card: str, drawn: list[str]) -> bool:
        return rounds.summoning_met(card, drawn)

    def _end_round(self) -> list[Event]:
        return rounds.end_round(self)

    def measure(self, player: int, what: str) -> int:
        return scoring.measure(self, player, what)

    def reaches(self, player: int, what: str, goal: int) -> bool:
        return scoring.reaches(self, player, what, goal)

    def _check_lightning(self, first: int, spirits: bool = True, groves: bool = True
                         ) -> list[Event]:
        return rounds.check_lightning(self, first, spirits, groves)

    def trophies(self) -> dict[str, int | None]:
        return scoring.trophies(self)

    def score_breakdown(self) -> list[dict[str, float]]:
        return scoring.score_breakdown(self)

    def scores(self) -> list[float]:
        return scoring.scores(self)

    def solo_target(self) -> int:
        return scoring.solo_target(self)

    def solo_won(self) -> bool:
        return scoring.solo_won(self)

    def standings(self) -> list[Standing]:
        return scoring.standings(self)

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

    def view(self, player: int | None) -> GrovesView:
        pending: PendingView | None = None
        if self.pending and self.phase != "over":
            step = self.pending[0]
            shown: list[str | int] = list(step[1:])
            if step[0] == "summon" and player != self.current:
                shown = []
            pending = {"kind": step[0], "args": shown,
                       "text": STEP_TEXT.get(step[0]) or describe(step)}
        v: GrovesView = {
            **self.base_view(player),
            "phase": self.phase, "round": self.round, "crown": self.crown,
            "current": self.current,
            "final_round": self.final_round, "solo": self.solo_view() if self.solo else None,
            "row": [None if g is None else self.grove_view(g) for g in self.row],
            "row_costs": list(ROW_COSTS), "row_bought": list(self.row_bought),
            "stack": len(self.stack), "removed": len(self.removed),
            "supply": dict(self.supply), "element_supply": dict(self.element_supply),
            "crystal_supply": self.crystal_supply, "dominion_supply": self.dominion_supply,
            "portal_bases": self.bases, "portal_mirrors": self.mirrors,
            "tree": [{"area": a, "spirit": s, "seat": p} for a, s, p in self.tree],
            "tree_areas": list(self.tree_areas()), "deck": len(self.deck),
            "deck_bottom": list(self.deck_bottom),
            "realm_cards": [self._realm_card_view(c) for c in self.realm_shown],
            "pending": pending,
            "players": [self._player_view(p, player) for p in range(self.num_players)],
            "sent": list(self.sent), "last_move": self.last_move(),
        }
        if self.is_over():
            v["scores"] = self.scores()
            v["breakdown"] = self.score_breakdown()
            v["standings"] = standing_views(self.standings())
        return v

    def _realm_card_view(self, cid: str) -> RealmCardView:
        c = REALM_CARDS[cid]
        return {"id": cid, "kind": c.kind, "measure": c.measure, "goal": c.goal,
                "dominion": c.dominion, "text": c.text, "holder": self.claimed.get(cid)}

    def last_move(self) -> LastMove | None:
        """The latest move that put something on the table (a spirit placed or
        sent to the Tree, a grove bought, attached or chosen), as the seat and
        the action's fields; None before the first."""
        if self.last is None:
            return None
        seat, action = self.last
        return {"seat": seat, "kind": action.kind, **action.__dict__}

    @staticmethod
    def grove_view(gid: str) -> GroveView:
        g = ALL_GROVES[gid]
        return {"id": gid, "name": g.name, "colour": g.colour, "cost": bundle(g.cost) if g.cost
                else {}, "dominion": g.dominion, "primary": describe(g.primary),
                "bonus": describe(g.bonus) if g.bonus else None}

    def _player_view(self, p: int, viewer: int | None) -> PlayerView:
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

    def solo_view(self) -> SoloView:
        return {"hollows": self.hollows, "spaces": data.HOLLOWS_SPACES,
                "target": self.solo_target(), "wraith_bag": dict(self.wraith_bag),
                "wraith_supply": self.wraith_supply, "banished": self.banished,
                "marks": list(self.marks), "drawn": dict(self.wraith_drawn),
                "won": self.solo_won() if self.is_over() else None, "lost": self.lost}

    def determinize(self, player: int, rng: Rng) -> GrovesState:
        copy = self.unrecorded_clone()
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
        c = self.shallow_copy()
        c.players = [pl.copy() for pl in self.players]
        for name in ("supply", "element_supply", "wraith_bag", "wraith_drawn", "claimed"):
            setattr(c, name, dict(getattr(self, name)))
        for name in ("stack", "box", "row", "row_bought", "removed", "deck", "deck_bottom",
                     "summon_box", "tree", "placed", "pending", "marks", "sent"):
            setattr(c, name, list(getattr(self, name)))
        return c
