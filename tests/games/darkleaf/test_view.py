"""Darkleaf Gambit markup: well formed, every ``data-action`` a legal index and every
legal board action reachable (through the unit and territory selections), targets
highlighted after a roll, each clan's path to victory shown, pieces lettered by
type, text escaped; over seeded random playouts with both clans in both seats and
both Will tables.
"""

from __future__ import annotations

import random
import re

import pytest

from pygame_engine import GAMES
from pygame_engine.core.rng import Rng
from pygame_engine.games.darkleaf_gambit import GAME
from pygame_engine.games.darkleaf_gambit import GAME as DG_GAME
from pygame_engine.games.darkleaf_gambit.state import DarkleafState
from pygame_engine.games.darkleaf_gambit.view_types import DarkleafView
from tests.markup import VOID, MarkupChecker, choices, read
from web.views import Choice
from web.views import darkleaf_gambit as view_module
from web.views.darkleaf_gambit import BOARD_KINDS, render_board
from web.views.markup import esc

LETTERS = {"pawn": "P", "knight": "N", "sage": "S", "rook": "R", "king": "K", "queen": "Q"}


class _Checker(MarkupChecker):
    """Also fails on self-closed HTML (non-SVG, non-void) elements; collects each
    unit's square and letter, the highlighted targets and the text sizes."""

    def __init__(self) -> None:
        super().__init__()
        self.units: dict[str, str] = {}  # square name -> letters shown in its group
        self.targets = 0
        self._unit: str | None = None
        self._unit_depth = 0
        self.text_sizes: list[float] = []

    def element(self, name: str, attrs: dict[str, str | None]) -> None:
        super().element(name, attrs)
        if "dg-target" in (attrs.get("class") or "").split():
            self.targets += 1
        if name == "text" and attrs.get("font-size"):
            self.text_sizes.append(float(attrs["font-size"] or 0))

    def handle_starttag(self, name: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if name == "g" and "dg-unit" in (a.get("class") or "").split():
            self._unit, self._unit_depth = a.get("data-square"), len(self.stack)
            self.units[self._unit or "?"] = ""
        super().handle_starttag(name, attrs)

    def handle_startendtag(self, name: str, attrs: list[tuple[str, str | None]]) -> None:
        assert "svg" in self.stack or name in VOID, f"<{name}/> outside SVG in {self.stack}"
        super().handle_startendtag(name, attrs)

    def handle_endtag(self, name: str) -> None:
        super().handle_endtag(name)
        if self._unit is not None and len(self.stack) == self._unit_depth:
            self._unit = None

    def handle_data(self, data: str) -> None:
        if self._unit is not None and self.stack and self.stack[-1] == "text":
            self.units[self._unit] += data


def check(markup: str) -> _Checker:
    return read(markup, _Checker())


def new(c1: str, c2: str, will: str, seed: int, handicap: int = 0) -> DarkleafState:
    s = DG_GAME.new_game(2, seed, {"clan1": c1, "clan2": c2, "will": will,
                                   "handicap1": handicap, "handicap2": 0})
    assert isinstance(s, DarkleafState)
    return s


class _Quick:
    """The data-action and data-ui values of markup already checked for form (fast)."""

    def __init__(self, markup: str) -> None:
        self.actions = [int(i) for i in re.findall(r' data-action="(\d+)"', markup)]
        self.ui = re.findall(r' data-ui="([^"]*)"', markup)


def reachable(view: DarkleafView, legal: list[Choice],
              first: _Checker | _Quick | None = None) -> set[int]:
    """Every action index the board offers, following its local selections."""
    found: set[int] = set()
    first = first or _Quick(render_board(view, legal, {}))
    found.update(first.actions)
    for value in {u for u in first.ui if u.startswith("from=") and u != "from="}:
        chosen = _Quick(render_board(view, legal, {"from": value[5:]}))
        found.update(chosen.actions)
        for at in {u for u in chosen.ui if u.startswith("at=")}:
            found.update(_Quick(render_board(view, legal, {"from": value[5:],
                                                           "at": at[3:]})).actions)
    for at in {u for u in first.ui if u.startswith("at=")}:
        found.update(_Quick(render_board(view, legal, {"at": at[3:]})).actions)
    return found


def check_position(s: DarkleafState, others: bool = True) -> None:
    seat = s.active_players()[0] if s.active_players() else None
    legal = choices(s, seat) if seat is not None else []
    view = s.view(seat)
    markup = render_board(view, legal, {})
    parsed = check(markup)
    # Every index is legal; every board action is offered, the rest left to the bar.
    assert all(0 <= i < len(legal) for i in parsed.actions)
    found = reachable(view, legal, parsed)
    assert all(legal[i]["kind"] in BOARD_KINDS for i in found)
    assert found == {c["index"] for c in legal if c["kind"] in BOARD_KINDS}
    # Each path to victory and its progress is on the table.
    for clan in view["clans"]:
        assert esc(clan["progress"]["text"]) in markup
        assert esc(clan["name"]) in markup
    # Every unit on the board is drawn once, with its type's letter.
    on_board = {u["name"]: u for u in view["units"] if u["square"] >= 0 and u["name"]}
    assert set(parsed.units) == set(on_board)
    for name, u in on_board.items():
        assert LETTERS[u["type"]] in parsed.units[name], (name, parsed.units[name])
    assert min(parsed.text_sizes) >= 12  # 12 SVG units: >= 11 px on a 360 px phone
    # The other seat and a spectator see the table without any action.
    for other in (({0, 1} - {seat}) | {None}) if others else ():
        assert not _Quick(render_board(s.view(other), [], {})).actions


MATCHES = [("huldra", "murg", "blessings", 3), ("murg", "huldra", "curses", 4),
           ("huldra", "murg", "curses", 5), ("murg", "huldra", "blessings", 6)]


@pytest.mark.parametrize(("c1", "c2", "will", "seed"), MATCHES)
def test_random_playouts(c1: str, c2: str, will: str, seed: int) -> None:
    s = new(c1, c2, will, seed, handicap=2 if seed % 2 else 0)
    rng = random.Random(seed)
    rolled_targets = 0
    for step in range(150):
        check_position(s, others=step % 8 == 0)
        if s.is_over():
            break
        p = s.active_players()[0]
        if s.phase == "execute" and not s.pending:
            legal = choices(s, p)
            moves = [c for c in legal if c["kind"] in ("journey", "hunt", "pivot", "leap")]
            if moves:  # after a roll the board highlights where the units can go
                markup = render_board(s.view(p), legal, {"from": str(moves[0]["fields"]["frm"])})
                parsed = check(markup)
                assert parsed.targets and parsed.actions
                rolled_targets += 1
        acts = s.legal_actions(p)
        # Lean toward deeds and slotting, so chips, auras and relics appear.
        strong = [a for a in acts if a.kind in ("hunt", "pivot", "slot")
                  or (a.kind == "declare" and a.to_json()[1] != "journey")]
        s.apply(p, rng.choice(strong) if strong and rng.random() < 0.7 else rng.choice(acts))
    assert rolled_targets


def test_board_kinds() -> None:
    assert {"journey", "hunt", "pivot", "leap", "declare", "pick", "roll", "slot",
            "bone", "morph", "seed", "garden", "ladder", "push"} == BOARD_KINDS
    assert "darkleaf-gambit" not in GAMES or GAMES["darkleaf-gambit"].id == "darkleaf-gambit"


def _to_execute(s: DarkleafState, seed: int) -> int:
    rng = random.Random(seed)
    while not (s.phase == "execute" and not s.pending and any(
            a.kind == "journey" for a in s.legal_actions(s.current))):
        p = s.active_players()[0]
        s.apply(p, rng.choice(s.legal_actions(p)))
    return s.current


def test_targets_after_a_roll() -> None:
    s = new("murg", "huldra", "blessings", 8)
    p = _to_execute(s, 8)
    legal = choices(s, p)
    view = s.view(p)
    first = check(render_board(view, legal, {}))
    units = {u[5:] for u in first.ui if u.startswith("from=")}
    if units:  # several units can act: choose one first
        assert not first.targets
        chosen = check(render_board(view, legal, {"from": sorted(units)[0]}))
    else:
        chosen = first
    assert chosen.targets and chosen.actions
    assert {legal[i]["kind"] for i in chosen.actions} <= {"journey", "hunt", "pivot", "leap"}
    markup = render_board(view, legal, {})
    assert f"rolled {s.roll}" in markup  # the roll, on a die face


def test_one_territory_with_two_actions_asks_which() -> None:
    s = new("huldra", "murg", "curses", 9)
    p = _to_execute(s, 9)
    legal = choices(s, p)
    journey = next(c for c in legal if c["kind"] == "journey")
    twin = Choice(index=len(legal), kind=journey["kind"], fields=journey["fields"],
                  label="A second way onto the same territory")
    legal.append(twin)
    view = s.view(p)
    ui = {"from": str(journey["fields"]["frm"])}
    first = check(render_board(view, legal, ui))
    assert journey["index"] not in first.actions and twin["index"] not in first.actions
    at = f"at={journey['fields']['to']}"
    assert at in first.ui
    markup = render_board(view, legal, {**ui, "at": at[3:]})
    both = check(markup)
    assert {journey["index"], twin["index"]} <= set(both.actions)
    assert "A second way onto the same territory" in markup


def test_slots_and_bones_on_the_clan_board() -> None:
    s = new("huldra", "murg", "blessings", 10)
    rng = random.Random(10)
    while not (s.phase == "slot" and any(a.kind == "slot" for a in s.legal_actions(s.current))):
        p = s.active_players()[0]
        s.apply(p, rng.choice(s.legal_actions(p)))
    p = s.current
    legal = choices(s, p)
    markup = render_board(s.view(p), legal, {})
    found = set(check(markup).actions)
    slots = {c["index"] for c in legal if c["kind"] == "slot"}
    assert slots and slots <= found
    assert f"Slot your {s.roll}" in markup
    assert "keep" not in BOARD_KINDS  # returning the bone stays in the action bar


def test_progress_and_will_shown() -> None:
    s = new("huldra", "murg", "curses", 11)
    markup = render_board(s.view(None), [], {})
    assert "Hunts 0 of 3" in markup and "Rival royal destroyed 0 of 1" in markup
    assert "Haggedorn&#x27;s Will · Curses" in markup
    assert "Moss&#x27;s Seat · Amber&#x27;s Range" in markup and "The Woods" in markup
    for f in "abcdefgh":
        assert f">{f}</text>" in markup


def test_text_is_escaped() -> None:
    s = new("murg", "huldra", "blessings", 12)
    p = s.active_players()[0]
    legal = choices(s, p)
    legal[0]["label"] = '<script>alert("x")</script>'
    view = s.view(p)
    view["names"] = ['<b>"Moss"</b>', "A&B"]
    view["clans"][0]["path"] = "<i>win</i>"
    markup = render_board(view, legal, {"from": "<x>", "at": '"'})
    check(markup)
    assert "<b>" not in markup and "<i>" not in markup and "<script>" not in markup
    assert "&lt;b&gt;&quot;Moss&quot;&lt;/b&gt;" in markup and "A&amp;B" in markup


def test_a_won_game_names_the_winner() -> None:
    for seed in range(20, 40):
        s = new("huldra", "murg", "blessings", seed)
        rng = random.Random(seed)
        for _ in range(3000):
            if s.is_over():
                break
            p = s.active_players()[0]
            acts = s.legal_actions(p)
            strong = [a for a in acts if a.kind in ("hunt", "pivot") or (
                a.kind == "declare" and a.to_json()[1] != "journey")]
            s.apply(p, rng.choice(strong) if strong else rng.choice(acts))
        if s.is_over() and s.winner is not None:
            break
    assert s.winner is not None
    markup = render_board(s.view(None), [], {})
    check(markup)
    assert f"{s.game.seat_name(s.winner)} wins for" in markup


def test_each_seat_sees_its_seat_at_the_bottom() -> None:
    s = new("huldra", "murg", "blessings", 13)
    first = render_board(s.view(0), [], {})
    second = render_board(s.view(1), [], {})
    assert first.index(">a</text>") < first.index(">h</text>")  # files a..h left to right
    assert second.index(">h</text>") < second.index(">a</text>")  # turned round
    assert first.index("Amber&#x27;s Seat") < first.index("Moss&#x27;s Seat")  # top strip first
    assert second.index("Moss&#x27;s Seat") < second.index("Amber&#x27;s Seat")


def test_marks_on_territories_and_laws_in_force() -> None:
    s = new("murg", "huldra", "curses", 14)
    view = s.view(None)
    view["territory_marks"] = [{"square": 27, "kind": "poison", "seat": 0, "letter": "P",
                                "label": "Poison <Garden>", "rounds": 2}]
    law = view["clans"][0]["skills"][-1]
    law["active"] = True
    markup = render_board(view, [], {})
    check(markup)
    assert "d4: Poison &lt;Garden&gt;" in markup
    assert "in force for the rest of the game" in markup
    view["last_move"] = {"frm": 12, "to": 28}
    assert render_board(view, [], {}).count("dg-last ") == 2


def _keys(markup: str) -> list[str]:
    return re.findall(r'data-key="([^"]+)"', markup)


def test_table_contract_keys_and_last_move() -> None:
    """Every unit on the board and every bone carries a data-key, unique in the
    markup and the same for the same component in the next render (the page
    animates a kept key that moved); the landed square and unit carry last-move."""
    s = new("huldra", "murg", "blessings", 15)
    rng = random.Random(15)
    before = render_board(s.view(None), [], {})
    keys = _keys(before)
    assert len(keys) == len(set(keys))
    on_board = [u for u in s.view(None)["units"] if u["square"] >= 0]
    assert {f"unit-{u['id']}" for u in on_board} <= set(keys)
    assert sum(1 for k in keys if k.startswith("unit-")) == len(on_board)
    assert sum(1 for k in keys if k.startswith("bone-")) == len(s.bone_owner)
    while s.phase != "execute" or s.pending:  # a bone just rolled keeps its key
        p = s.active_players()[0]
        s.apply(p, rng.choice(s.legal_actions(p)))
    rolled = s.rolled
    markup = render_board(s.view(None), [], {})
    assert _keys(markup).count(f"bone-{rolled}") == 1
    assert len(_keys(markup)) == len(set(_keys(markup)))
    view = s.view(None)
    unit = next(u for u in view["units"] if u["square"] >= 0)
    view["last_move"] = {"frm": 63 - unit["square"], "to": unit["square"]}
    markup = render_board(view, [], {})
    assert markup.count("last-move") == 2  # the landed square's mark and the unit
    landed = rf'class="dg-unit seat-\d last-move"[^>]*data-key="unit-{unit["id"]}"'
    assert re.search(landed, markup)
    view["last_move"] = None
    assert "last-move" not in render_board(view, [], {})


def test_a_struck_square_is_marked() -> None:
    """A Hunt or a Destroy marks where it struck (last-move), the unit there too."""
    s = new("huldra", "murg", "blessings", 16)
    view = s.view(None)
    royal = next(u for u in view["units"] if u["royal"] and u["seat"] == 1)
    view["last_move"] = {"frm": 11, "struck": royal["square"]}
    markup = render_board(view, [], {})
    assert "dg-last-struck last-move" in markup
    assert markup.count("last-move") == 2
    view["last_move"] = {"frm": 11, "struck": 20, "to": 20}  # moved in: one mark
    assert render_board(view, [], {}).count("dg-last-struck") == 0


def test_the_end_screen_says_how_the_duel_was_won() -> None:
    """Issue 28 (7): the end screen names the winner's path to victory in words."""
    from pygame_engine.core.rng import Rng
    from web.views import page

    for seed in range(20):  # the first random game that someone wins (many reach the limit)
        s = GAMES["darkleaf-gambit"].new_game(2, seed)
        assert isinstance(s, DarkleafState)
        rng = Rng(seed)
        while not s.is_over():
            p = s.active_players()[0]
            s.apply(p, rng.choice(s.legal_actions(p)))
        view = s.view(None)
        if view["winner"] is not None:
            break
    winner = view["winner"]
    assert winner is not None
    words = view_module.ending(view)
    assert words.startswith(f"{view['names'][winner]} won with {view['clans'][winner]['name']}")
    assert "path to victory" in words
    assert words in page.end_screen(view, [], words)


def test_the_log_reads_as_sentences() -> None:
    """Issue 28 (8): "an 8-sided bone" (not "a 8-sided"), and "Amber declares a
    journey" (not "declares: Declare a journey"), over Hexen's and Erde's
    eight-sided bones and plain six-sided ones."""
    from pygame_engine.core.rng import Rng

    texts: list[str] = []
    for seed, (one, two) in enumerate((("hexen", "erde"), ("huldra", "murg"))):
        s = GAMES["darkleaf-gambit"].new_game(2, seed, {"clan1": one, "clan2": two})
        rng = Rng(seed)
        while not s.is_over() and len(texts) < 4000:
            p = s.active_players()[0]
            s.apply(p, rng.choice(s.legal_actions(p)))
        texts += [e.text for e in s.log_for(None)]
    log = "\n".join(texts)
    assert "an 8-sided bone" in log and "a 6-sided bone" in log
    assert "a 8-sided" not in log and "declares: Declare" not in log
    assert "declares a journey." in log


@pytest.mark.parametrize(("clan1", "clan2", "seed"), [
    ("ferrymen", "erde", 3), ("erde", "ferrymen", 4), ("ferrymen", "murg", 5),
    ("huldra", "erde", 6), ("ferrymen", "wibo", 7), ("hexen", "erde", 8)])
def test_view_playouts(clan1: str, clan2: str, seed: int) -> None:
    """The table contract on random positions of these pairings (the part 1 view
    test's checks: every board action offered, units lettered, text >= 12 units)."""
    import random


    s = GAME.new_game(2, seed, {"clan1": clan1, "clan2": clan2})
    assert isinstance(s, DarkleafState)
    rng = random.Random(seed)
    for step in range(120):
        check_position(s, others=step % 10 == 0)
        if s.is_over():
            break
        p = s.active_players()[0]
        s.apply(p, rng.choice(s.legal_actions(p)))


VIEW_MATCHES = [("wibo", "hexen", "blessings", 3), ("hexen", "wibo", "curses", 4),
                ("wibo", "murg", "curses", 5), ("huldra", "hexen", "blessings", 6),
                ("hexen", "erde", "blessings", 7), ("ferrymen", "wibo", "curses", 8)]


@pytest.mark.parametrize(("c1", "c2", "will", "seed"), VIEW_MATCHES)
def test_view_random_playouts(c1: str, c2: str, will: str, seed: int) -> None:
    """Well-formed markup, every board action reachable, paths and pieces shown, text
    >= 12 units, over playouts that lean toward Morphs, Hexes and slotting."""
    s = GAME.new_game(2, seed, {"clan1": c1, "clan2": c2, "will": will})
    assert isinstance(s, DarkleafState)
    rng = Rng(seed)
    for step in range(160):
        check_position(s, others=step % 10 == 0)
        if s.is_over():
            break
        p = s.active_players()[0]
        acts = s.legal_actions(p)
        strong = [a for a in acts if a.kind in ("morph", "seed", "garden", "ladder", "slot")]
        s.apply(p, rng.choice(strong) if strong and rng.random() < 0.8 else rng.choice(acts))
