"""The Leylines board view: well-formed markup; every ``data-action`` a legal
index and every legal board action reachable (through the local ``data-ui``
selections: dice, re-roll dice, bid amounts); a die pick lights its reach and
the move lights the exact stops; the auction panel; nothing hidden (deck
order, the Contracts left in the box, the bag's draws) in any seat's markup;
escaping. Positions come from seeded random playouts at 2, 4 and 6 players."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from pygame_engine.core.rng import Rng
from pygame_engine.games.leylines import data
from pygame_engine.games.leylines.actions import ACTION_TYPES, Bid, Boost, Go, Move, Offer
from pygame_engine.games.leylines.data import ALL_CONTRACTS
from pygame_engine.games.leylines.game import LeylinesGame
from pygame_engine.games.leylines.heuristics import Heuristics
from pygame_engine.games.leylines.state import LeylinesState
from tests.markup import MarkupChecker, check, choices
from web.views import leylines as view_module
from web.views.leylines import BOARD_KINDS, render_board

GAME = LeylinesGame()


def render(state: LeylinesState, ui: dict[str, str] | None = None) -> tuple[str, MarkupChecker]:
    seat = state.active_players()[0]
    html = render_board(state.view(seat), choices(state, seat), ui or {})
    return html, check(html)


def offered(state: LeylinesState, limit: int = 120) -> tuple[set[int], set[str]]:
    """Every data-action reachable by following data-ui selections from an empty
    selection (breadth first, at most ``limit`` selections), and the markup seen."""
    seat = state.active_players()[0]
    view, legal = state.view(seat), choices(state, seat)
    seen: set[tuple[tuple[str, str], ...]] = set()
    queue: list[dict[str, str]] = [{}]
    actions: set[int] = set()
    pages: set[str] = set()
    while queue and len(seen) < limit:
        ui = queue.pop(0)
        key = tuple(sorted(ui.items()))
        if key in seen:
            continue
        seen.add(key)
        html = render_board(view, legal, ui)
        parsed = check(html)
        pages.add(html)
        actions |= set(parsed.actions)
        for item in parsed.ui:
            name, _, value = item.partition("=")
            queue.append({**ui, name: value})
    return actions, pages


def play_to(state: LeylinesState, rng: Rng, done: Any, limit: int = 5000) -> bool:
    for _ in range(limit):
        if state.is_over():
            return False
        if done(state):
            return True
        seat = state.active_players()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
    return False


def new(players: int, seed: int, **options: str) -> LeylinesState:
    state = GAME.new_game(players, seed, options)
    assert isinstance(state, LeylinesState)
    return state


def test_board_kinds_are_action_kinds() -> None:
    kinds = {t.kind for t in ACTION_TYPES}
    assert kinds >= BOARD_KINDS
    # These close a step and read best as the shared bar's buttons.
    assert kinds - BOARD_KINDS == {"keep", "skip", "done", "end"}


def test_start_on_a_highlighted_market() -> None:
    s = new(4, 3)
    html, parsed = render(s)
    legal = s.legal_actions(0)
    assert set(parsed.actions) == set(range(len(legal)))
    assert html.count('class="lv-target"') == len(legal)
    for a in legal:
        assert f'aria-label="{a.label}"' in html


def _turn_with_move(players: int, seed: int) -> LeylinesState:
    s = new(players, seed)
    assert play_to(s, Rng(seed), lambda t: t.phase == "day" and t.auction is None
                   and t.step == "turn" and t.players[t.current].pos >= 0
                   and any(isinstance(a, Move) for a in t.legal_actions(t.current))
                   and t.moves > 20)
    return s


@pytest.mark.parametrize("seed", [1, 2, 5])
def test_a_die_pick_lights_its_reach_then_the_move_lights_the_stops(seed: int) -> None:
    s = _turn_with_move(4, seed)
    p = s.current
    legal = s.legal_actions(p)
    html, parsed = render(s)
    assert "lv-reach" not in html  # nothing lit before a die is picked
    assert not {i for i in parsed.actions if isinstance(legal[i], Move)}
    die = max(a.die for a in legal if isinstance(a, Move))
    assert f'data-ui="die={die}"' in html
    html, parsed = render(s, {"die": str(die)})
    assert legal.index(Move(die)) in parsed.actions
    assert 'aria-pressed="true"' in html
    lit = html.count('class="lv-reach"')
    preview = view_module.preview(s.view(p), p, die)
    assert lit == len(preview) > 0
    s.apply(p, Move(die))
    legal = s.legal_actions(p)
    html, parsed = render(s)
    stops = {i for i, a in enumerate(legal) if isinstance(a, Go)}
    assert stops and stops <= set(parsed.actions)
    # Off the Markets, the preview was exact.
    spaces = s.view(p)["spaces"]
    exact = {a.space for a in legal if isinstance(a, Go)}
    assert {x for x in preview if spaces[x]["kind"] != "market"} == {
        x for x in exact if spaces[x]["kind"] != "market"}
    # A Quickness die picked now adds to the reach: its extra spaces are previewed.
    boosts = [a for a in legal if isinstance(a, Boost)]
    if boosts:
        html, parsed = render(s, {"die": str(boosts[0].die)})
        assert legal.index(boosts[0]) in parsed.actions
        assert "reach" in html


def test_reroll_dice_are_picked_one_by_one() -> None:
    s = new(3, 8)
    assert play_to(s, Rng(8), lambda t: t.phase == "reroll")
    p = s.current
    html, parsed = render(s)
    assert parsed.actions == []  # no re-roll before dice are picked
    assert len(parsed.ui) == len(s.players[p].dice)
    actions, _ = offered(s, limit=200)
    legal = s.legal_actions(p)
    rerolls = {i for i, a in enumerate(legal) if a.kind == "reroll"}
    assert actions == rerolls


def test_the_auction_panel() -> None:
    s = new(4, 11)
    assert play_to(s, Rng(11), lambda t: t.auction is not None and t.auction.stage == "offer")
    html, parsed = render(s)
    a = s.auction
    assert a is not None
    legal = s.legal_actions(a.actor())
    offers = {i for i, x in enumerate(legal) if isinstance(x, Offer)}
    assert offers <= set(parsed.actions)
    assert "Contract auction" in html and "chooses a Contract" in html
    s.apply(a.actor(), next(x for x in legal if isinstance(x, Offer)))
    name = ALL_CONTRACTS[a.contract].name
    html, parsed = render(s)
    bidder = GAME.seat_name(a.actor())
    assert name in html and "No bid yet" in html and f"{bidder} to bid" in html
    actions, _ = offered(s)
    legal = s.legal_actions(a.actor())
    assert actions == set(range(len(legal)))  # every bid (through the stepper) and pass
    bid = next(x for x in legal if isinstance(x, Bid))
    s.apply(a.actor(), bid)
    while a.stage == "bid":
        seat = a.actor()
        s.apply(seat, s.legal_actions(seat)[-1])  # pass
    assert a.stage == "match"
    html, parsed = render(s)
    assert f"High bid: {bid.amount} gold by" in html
    legal = s.legal_actions(a.active)
    assert set(parsed.actions) == set(range(len(legal)))
    assert "Match: pay" in html or all(x.kind == "pass" for x in legal)
    assert "pays and takes it" in html


def test_compensation_says_who_took_the_contract() -> None:
    for seed in range(1, 30):
        s = new(3, seed)
        if play_to(s, Rng(seed), lambda t: t.auction is not None and t.auction.stage == "friend"):
            break
    else:
        pytest.fail("no compensation in 30 random games")
    a = s.auction
    assert a is not None
    html, parsed = render(s)
    winner = a.bidder if a.actor() == a.active else a.active
    assert f"{GAME.seat_name(winner)} took the Contract for {a.high} gold." in html
    assert "No bid yet" not in html and "High bid" not in html
    assert set(parsed.actions) == set(range(len(s.legal_actions(a.actor()))))
    assert "Pass: take no Forest Friend" in html


def test_hidden_information_never_in_the_markup() -> None:
    s = new(4, 21)
    play_to(s, Rng(21), lambda t: t.round == 2 and t.phase == "day" and t.moves > 40)
    for seat in (0, 1, 2, 3, None):
        html = render_board(s.view(seat), [], {})
        assert "data-action" not in html  # nothing to press without legal actions
        # Deck order and the Contracts back in the box never show, even by name.
        for cid in [*s.contract_deck, *s.start_box]:
            assert ALL_CONTRACTS[cid].name not in html
        # Anything a determinized copy may change is not in anyone's markup.
        for k in range(3):
            other = s.determinize(0 if seat is None else seat, Rng(100 + k))
            assert render_board(other.view(seat), [], {}) == html


def test_text_is_escaped() -> None:
    s = new(2, 3)
    v = s.view(0)
    v["names"] = ["<b>Moss</b>", "A&B"]
    html = render_board(v, [], {})
    check(html)
    assert "<b>Moss</b>" not in html and "&lt;b&gt;Moss" in html


def _playout(players: int, seed: int) -> None:
    s = new(players, seed, convert="on" if seed % 2 else "off",
            accountants="on" if players == 4 else "off")
    rng = Rng(seed)
    steps = 0
    while not s.is_over():
        seat = s.active_players()[0]
        legal = choices(s, seat)
        board = {c["index"] for c in legal if c["kind"] in BOARD_KINDS}
        if steps % 4 == 0:
            # Re-rolls pick any set of up to six dice: up to 64 selections.
            actions, pages = offered(s, limit=70 if s.phase == "reroll" else 40)
            assert all(0 <= i < len(legal) for i in actions)
            # Bids are offered through a stepper: far amounts need more selections.
            if not any(c["kind"] == "bid" for c in legal):
                assert actions == board, (s.phase, s.step, [c["label"] for c in legal])
            assert actions <= board
            assert not any(re.search(r"<script|javascript:", p) for p in pages)
        s.apply(seat, s.legal_actions(seat)[rng.randrange(len(legal))])
        steps += 1
    for seat in (*range(players), None):
        html = render_board(s.view(seat), [], {})
        check(html)
        assert "The Solstice is over" in html


@pytest.mark.parametrize("players,seed", [(2, 1), (2, 2), (4, 4), (6, 5)])
def test_random_positions_render(players: int, seed: int) -> None:
    _playout(players, seed)


RULES_PAGE = Path(__file__).resolve().parents[2] / "web" / "rules" / "leylines.html"
RULE_TEXT = Path(__file__).resolve().parents[3] / "shared" / "rules" / "leylines.md"


def test_rules_page_lists_the_designed_components_and_variants() -> None:
    page = RULES_PAGE.read_text(encoding="utf-8")
    check(page)
    assert "Adaptation notes" in page and "How we read the text" in page
    for c in ALL_CONTRACTS:  # all 60 Contracts, by name
        assert c.name.replace("'", "&#x27;") in page, c.name
    for words in ("48 spaces", "74 paths", "A+H, B+J, C+M, D+P, E+N, F+K", "Lantern", "Satchel",
                  "Helpful Critter", "Converting Resources", "Starting Accountants",
                  "convert=on", "accountants=on", "Places a Contract on their Player Board"):
        assert words in page, words
    svg = page[page.index("<svg"):page.index("</svg>")]
    assert len(re.findall(r'font-weight="700" text-anchor="middle">[A-R]</text>', svg)) == 18


def test_rules_page_is_in_our_own_words() -> None:
    if not RULE_TEXT.is_file():
        pytest.skip("the rule text is not beside this checkout")
    page = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", RULES_PAGE.read_text(encoding="utf-8")))
    text = re.sub(r"[*#]", "", RULE_TEXT.read_text(encoding="utf-8"))
    sentences = [re.sub(r"^[-♦]\s*([A-M]\s)?", "", s.strip())
                 for s in re.split(r"(?<=[.!?])\s+|\n", text)]
    long = [re.sub(r"\s+", " ", s) for s in sentences if len(s) >= 40]
    assert long and not [s for s in long if s.lower() in page.lower()]


# -- the table contract (issue 20): keys, the last move, the focus ------------------------------


def keys(html: str) -> list[str]:
    return re.findall(r'data-key="([^"]+)"', html)


def test_keys_unique_and_steady_across_a_game() -> None:
    """Every standee, cube group and die has one key; a standee and a die that
    has not moved keep theirs from one render to the next."""
    s = new(6, 8)
    rng = Rng(8)
    seen_move = False
    for _ in range(400):
        if s.is_over():
            break
        html, _ = render(s)
        ks = keys(html)
        assert len(ks) == len(set(ks)), "a key twice on one board"
        assert {f"pin-{p}" for p in range(6) if s.players[p].pos >= 0} <= set(ks)
        for p, pl in enumerate(s.players):
            dice = [k for k in ks if k.startswith(f"die-{p}-")]
            assert len(dice) == len(pl.dice) + len(pl.placed)
            cubes = [k for k in ks if k.startswith(f"cube-{p}-")]
            assert len(cubes) == sum(pl.cubes)
        groups = [k for k in ks if k.startswith("cubes-")]
        assert len(groups) == sum(1 for sp in s.space_cubes for n in sp if n)
        seat = s.active_players()[0]
        legal = s.legal_actions(seat)
        action = legal[rng.randrange(len(legal))]
        if isinstance(action, Move):
            mine = {k for k in ks if k.startswith(f"die-{seat}-")}
            s.apply(seat, action)
            after = set(keys(render_board(s.view(None), [], {})))
            assert mine <= after, "a placed die keeps its key, now in its slot"
            assert s.players[seat].placed[-1] == ("move", action.die)
            seen_move = True
        else:
            s.apply(seat, action)
    assert seen_move


def test_last_move_marks_where_the_standee_landed() -> None:
    s = new(3, 5)
    html = render_board(s.view(None), [], {})
    assert "last-move" not in html
    play_to(s, Rng(5), lambda t: t.phase == "day" and t.step == "move")
    seat = s.current
    go = next(a for a in s.legal_actions(seat) if isinstance(a, Go))
    s.apply(seat, go)
    html = render_board(s.view(None), [], {})
    assert s.view(None)["last_move"] == {"seat": seat, "space": go.space}
    pin = re.search(rf'<g [^>]*data-key="pin-{seat}"[^>]*>', html)
    assert pin and "last-move" in pin.group(0)
    assert html.count('class="lv-last last-move"') == 1
    others = re.findall(r'<g [^>]*data-key="pin-\d"[^>]*>', html)
    assert sum("last-move" in g for g in others) == 1


def test_focus_on_the_acting_humans_board_only() -> None:
    s = new(4, 2)
    play_to(s, Rng(2), lambda t: t.phase == "day")
    seat = s.active_players()[0]
    html = render_board(s.view(seat), choices(s, seat), {})
    focus = re.findall(r'<article [^>]*data-focus[^>]*>', html)
    assert len(focus) == 1 and f"seat-{seat}" in focus[0]
    other = (seat + 1) % 4
    assert "data-focus" not in render_board(s.view(other), [], {})


def test_used_dice_values_in_their_slots() -> None:
    s = new(2, 9)
    play_to(s, Rng(9), lambda t: t.phase == "day" and t.step == "turn"
            and any(isinstance(a, Move) for a in t.legal_actions(t.current)))
    seat = s.current
    move = max((a for a in s.legal_actions(seat) if isinstance(a, Move)), key=lambda a: a.die)
    s.apply(seat, move)
    html = render_board(s.view(None), [], {})
    pl = s.players[seat]
    dice = ", ".join(str(v) for slot, v in pl.placed if slot == "move")
    assert dice.endswith(str(move.die))
    assert f"Movement: {pl.moves} of {data.MOVEMENT_SLOTS} used (dice: {dice})" in html
    assert re.search(rf'class="lv-slot lv-used lv-placed" data-key="die-{seat}-{move.die}-\d">'
                     rf'{move.die}<', html)


def test_accountant_colour_in_the_display_and_markets_in_the_log() -> None:
    s = new(3, 4)
    accountant = next(f.id for f in data.ALL_FRIENDS if f.kind == "accountant")
    s.friend_deck.remove(accountant)
    s.friend_discard.append(s.display[0])
    s.display[0] = accountant
    colour = data.ACCOUNTANT_COLOUR[data.ALL_FRIENDS[accountant].seat]
    html = render_board(s.view(None), [], {})
    assert f"Accountant ({colour})" in html
    assert re.search(rf'lv-cube lv-c-{colour}"[^>]*>[A-Z]</span> Accountant', html)
    h, rng = Heuristics(), Rng(4)  # the playout policy goes to Markets to complete Contracts
    while not s.is_over() and not any(e.kind == "go" and "Market space" in e.text
                                      for e in s.log):
        p = s.active_players()[0]
        s.apply(p, h.rollout_action(s, p, rng))
    went = [e.text for e in s.log if e.kind == "go" and "Market space" in e.text]
    assert went and all(re.search(r"goes to the [A-Z][\w' ]+ \(Market space \d+\)", t)
                        for t in went)
