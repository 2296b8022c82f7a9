"""The worker's side of the page (``web.worker``), natively: requests in, screens out."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from web import worker
from web.session import FOLLOW_UP, SPEEDS
from web.worker import Table

LOTL = "?game=ley-of-the-land&seats=human,ai:easy&seed=3"
T = TypeVar("T")


def run(coroutine: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run`` in a thread of its own: the browser tests' Playwright may
    have an event loop running in this one when the whole suite runs."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def test_navigate_opens_the_lobby_a_game_or_the_reason() -> None:
    table = Table()
    assert table.navigate("", "").status == "lobby"
    screen = table.navigate(LOTL, "")
    assert screen.status == "playing" and screen.title == "Ley of the Land"
    assert screen.url is not None and screen.url.startswith(LOTL + "#s=g")
    assert screen.bot and "data-action" not in screen.regions["actions"]  # the AI bids first
    bad = table.navigate("?game=chess", "")
    assert bad.status == "lobby" and "no game 'chess'" in bad.alert
    assert table.session is None


def test_the_same_url_keeps_the_game_and_another_starts_afresh() -> None:
    table = Table()
    first = table.navigate(LOTL, "")
    session = table.session
    again = table.navigate(LOTL, first.url.split(LOTL)[1] if first.url else "")
    assert table.session is session and again.generation == first.generation
    other = table.navigate(LOTL.replace("seed=3", "seed=4"), "")
    assert table.session is not session and other.generation > first.generation


def test_a_move_is_stored_and_kept_in_the_url() -> None:
    table = Table()
    screen = table.navigate("?game=ley-of-the-land&seats=human,human&seed=3", "")
    assert screen.store is None
    screen = table.ui("handoff", "done", screen.generation)
    legal = table.session.state.legal_actions(0)  # type: ignore[union-attr]
    screen = table.act(legal.index(next(a for a in legal if a.label == "Bid 2")),
                       screen.generation)
    assert screen.store is not None
    key, entry = screen.store
    assert key.startswith("woodland-games:save:g") and json.loads(entry)["moves"] == 1
    assert screen.url is not None and "&m=" in screen.url


def test_an_answer_for_an_older_game_changes_nothing() -> None:
    table = Table()
    old = table.navigate(LOTL, "").generation
    table.navigate(LOTL.replace("seed=3", "seed=5"), "")
    before = len(table.session.state.history)  # type: ignore[union-attr]
    table.act(0, old)
    assert len(table.session.state.history) == before  # type: ignore[union-attr]


def test_a_bot_thinks_then_moves() -> None:
    table = Table()
    screen = table.navigate(LOTL, "")
    after = run(table.think(screen.generation))
    assert len(table.session.state.history) == 1  # type: ignore[union-attr]
    assert not after.bot and after.store is not None  # the move is kept


def test_undo_or_leaving_cancels_a_thinking_bot() -> None:
    async def undo_while_thinking() -> tuple[int, int, bool]:
        table = Table()
        screen = table.navigate("?game=ley-of-the-land&seats=human,ai:hard&seed=5", "")
        await table.think(screen.generation)  # the AI bids
        table.act(10, screen.generation)  # Moss bids 10 (all): Moss acts first
        legal = table.session.state.legal_actions(0)  # type: ignore[union-attr]
        table.act([a.kind for a in legal].index("invest"), screen.generation)
        moves = len(table.session.state.history)  # type: ignore[union-attr]
        thinking = asyncio.ensure_future(table.think(screen.generation))
        await asyncio.sleep(0.05)  # the hard AI is thinking now
        was_thinking = table.thinking is not None
        table.ui("undo", "1", screen.generation)
        await thinking
        return moves, len(table.session.state.history), was_thinking  # type: ignore[union-attr]

    moves, after, was_thinking = run(undo_while_thinking())
    assert was_thinking and after == moves - 1  # Invest taken back, and no AI move

    async def leave_while_thinking() -> tuple[bool, bool]:
        table = Table()
        screen = table.navigate("?game=ley-of-the-land&seats=ai:hard,ai:hard&seed=3", "")
        thinking = asyncio.ensure_future(table.think(screen.generation))
        await asyncio.sleep(0.05)
        was_thinking = table.thinking is not None
        session = table.session
        assert session is not None and table.lobby().status == "lobby"
        await thinking
        return was_thinking, table.session is None and session.state.history == []

    assert run(leave_while_thinking()) == (True, True)


def test_export_and_link_answer_with_their_text_and_a_warning() -> None:
    table = Table()
    screen = table.navigate(LOTL, "")
    exported = table.ui("export", "1", screen.generation)
    name, text = exported.result["download"]
    assert name == "ley-of-the-land-3.json" and json.loads(text)["seed"] == 3
    assert "hidden ones included" in exported.note
    link = table.ui("link", "1", screen.generation)
    assert link.result["copy"].startswith(LOTL)
    # "copied" is said by the page only once the clipboard has taken the link.
    assert "hidden ones included" in link.result["copied"] and not link.note


def test_replay_and_back_to_the_game() -> None:
    table = Table()
    screen = table.navigate(LOTL, "")
    run(table.think(screen.generation))
    replay = table.ui("replay", "start", screen.generation)
    assert replay.status == "replay" and table.session is None
    back = table.ui("replay", "stop", replay.generation)
    assert back.result["go"].startswith(LOTL + "#e=")


def test_call_speaks_json_and_never_fails() -> None:
    answer = json.loads(run(worker.call("navigate", json.dumps([LOTL, ""]))))
    assert answer["status"] == "playing"
    broken = json.loads(run(worker.call("act", json.dumps(["not a number"]))))
    assert broken["status"] == "lobby" and "went wrong" in broken["alert"]


def test_hold_stops_a_thinking_bot_and_keeps_the_game() -> None:
    async def rules_while_thinking() -> tuple[bool, int, bool]:
        table = Table()
        screen = table.navigate("?game=ley-of-the-land&seats=ai:hard,ai:hard&seed=3", "")
        session = table.session
        thinking = asyncio.ensure_future(table.think(screen.generation))
        await asyncio.sleep(0.05)
        table.hold()
        await thinking
        back = table.navigate(screen.url.split("#")[0], "#" + screen.url.split("#")[1]
                              ) if screen.url else screen
        return table.session is session, len(session.state.history), back.bot  # type: ignore[union-attr]

    same, moves, resumes = run(rules_while_thinking())
    assert same and moves == 0 and resumes


def test_an_ais_follow_up_actions_are_paced_faster_than_its_first() -> None:
    table = Table()
    # Leylines: an AI's turn is several actions of its own (move, boost, go, end...).
    screen = table.navigate("?game=leylines&seats=human,ai:easy&seed=3", "")
    session = table.session
    assert session is not None
    first: set[int] = set()
    again: set[int] = set()
    for _ in range(40):
        if session.human_to_act() == 0:
            screen = table.act(0, screen.generation)
            continue
        assert screen.bot
        follows = bool(session.state.history) and session.state.history[-1][0] == 1
        (again if follows else first).add(screen.delay)
        screen = run(table.think(screen.generation))
    assert first == {SPEEDS["normal"]} and again == {FOLLOW_UP["normal"]}
    assert FOLLOW_UP["normal"] < (SPEEDS["normal"] or 0)
    table.ui("speed", "step", screen.generation)
    assert session.bot_delay() is None and not table.screen().bot  # "Next AI move" waits


def test_every_answer_is_numbered_after_the_last() -> None:
    table = Table()
    first = table.navigate(LOTL, "")
    second = table.ui("pause", "toggle", first.generation)
    assert second.seq > first.seq and table.screen().seq > second.seq


def test_escape_drops_the_selection_under_way() -> None:
    table = Table()
    screen = table.navigate("?game=ley-lines&seats=human,ai:easy,ai:easy&seed=3", "")
    session = table.session
    assert session is not None
    table.ui("coin", "2", screen.generation)
    assert session.ui == {"coin": "2"}
    table.ui("cancel", "", screen.generation)
    assert session.ui == {}


def test_pause_or_step_chosen_while_an_ai_thinks_stops_it_before_it_moves() -> None:
    async def choose_while_thinking(key: str, value: str) -> tuple[bool, int, bool]:
        table = Table()
        screen = table.navigate("?game=ley-of-the-land&seats=ai:hard,ai:hard&seed=3", "")
        thinking = asyncio.ensure_future(table.think(screen.generation))
        await asyncio.sleep(0.05)
        was_thinking = table.thinking is not None
        table.ui(key, value, screen.generation)
        answer = await thinking
        return was_thinking, len(table.session.state.history), answer.bot  # type: ignore[union-attr]

    assert run(choose_while_thinking("pause", "toggle")) == (True, 0, False)
    assert run(choose_while_thinking("speed", "step")) == (True, 0, False)

    async def think_asked_before_step_was_chosen() -> int:
        table = Table()
        screen = table.navigate("?game=ley-of-the-land&seats=ai:hard,ai:hard&seed=3", "")
        table.ui("speed", "step", screen.generation)
        await table.think(screen.generation)  # asked by the screen before "step"
        return len(table.session.state.history)  # type: ignore[union-attr]

    assert run(think_asked_before_step_was_chosen()) == 0


def test_next_ai_move_pressed_while_an_ai_still_thinks_makes_one_move() -> None:
    async def step_while_thinking() -> tuple[bool, int, bool]:
        table = Table()
        screen = table.navigate("?game=ley-of-the-land&seats=ai:hard,ai:hard&seed=3", "")
        thinking = asyncio.ensure_future(table.think(screen.generation))
        await asyncio.sleep(0.05)
        was_thinking = table.thinking is not None
        table.ui("speed", "step", screen.generation)  # the running think will not move
        stepped = await table.think(screen.generation, True)  # "Next AI move"
        await thinking
        return was_thinking, len(table.session.state.history), stepped.bot  # type: ignore[union-attr]

    assert run(step_while_thinking()) == (True, 1, False)


def test_the_lobby_form_gets_its_game_url_from_the_worker() -> None:
    go = worker.new_game("ley-lines", ["human", "ai:easy", "ai:hard"], " 12 ",
                         [["hide_own_cairns", "on"]]).result["go"]
    assert go == "?game=ley-lines&seats=human,ai:easy,ai:hard&seed=12&hide_own_cairns=on"
    table = Table()
    assert table.navigate(go, "").status == "playing"  # the URL opens the game
    drawn = worker.new_game("groves", ["human"], "", []).result["go"]
    assert table.navigate(drawn, "").status == "playing" and "&seed=" in drawn
    odd = worker.new_game("groves", ["human"], "1&seats=x", []).result["go"]
    assert "must be a whole number" in table.navigate(odd, "").alert  # escaped, then refused


def test_a_saved_entry_carries_the_links_that_resume_and_replay_it() -> None:
    table = Table()
    screen = table.navigate(LOTL, "")
    screen = run(table.think(screen.generation))
    assert screen.store is not None
    entry = json.loads(screen.store[1])
    assert entry["open"] == screen.url and entry["open"].endswith(f"&s={entry['id']}")
    assert entry["replay"] == entry["open"].replace("&s=", "&replay=1&s=")
    assert table.navigate(*entry["replay"].split("#")).status == "replay"


def test_a_board_selection_toggles_unless_its_view_keeps_the_key() -> None:
    table = Table()
    screen = table.navigate("?game=ley-of-the-land&seats=human,human&seed=3", "")
    session = table.session
    assert session is not None
    table.ui("handoff", "done", screen.generation)
    for key, value in (("slot", "2"), ("rot", "1")):
        table.ui(key, value, screen.generation)
        table.ui(key, value, screen.generation)  # pressed again
    assert session.ui == {"rot": "1"}  # the view keeps a turn (KEPT_UI_KEYS), not a slot


def test_no_game_names_a_board_selection_after_a_page_control() -> None:
    import random
    import re

    from pygame_engine import GAMES

    seen: dict[str, set[str]] = {}
    for game_id, game in GAMES.items():
        table = Table()
        seats = ",".join(["human"] * max(2, game.min_players))
        screen = table.navigate(f"?game={game_id}&seats={seats}&seed=5", "")
        session = table.session
        assert session is not None
        rng = random.Random(5)
        for _ in range(60):
            if session.state.is_over():
                break
            if session.handoff_to is not None:
                table.ui("handoff", "done", screen.generation)
            board = session.regions()["board"]
            seen.setdefault(game_id, set()).update(re.findall(r'data-ui="([^"=]*)', board))
            seat = session.human_to_act()
            assert seat is not None
            screen = table.act(rng.randrange(len(session.state.legal_actions(seat))),
                               screen.generation)
    assert all(seen.values())  # every game's board offered selections
    assert not {key for keys in seen.values() for key in keys} & worker.PAGE_CONTROLS


def test_the_worker_answers_while_a_hint_thinks_and_drops_it_if_the_position_changes() -> None:
    async def undo_while_hinting() -> tuple[bool, str, int]:
        table = Table()
        screen = table.navigate("?game=ley-of-the-land&seats=human,human&seed=3", "")
        table.ui("handoff", "done", screen.generation)
        table.act(2, screen.generation)  # Moss bids
        table.ui("handoff", "done", screen.generation)
        hinting = asyncio.ensure_future(table.hint(screen.generation))
        await asyncio.sleep(0.05)
        answered = table.ui("undo", "1", screen.generation)  # served while the hint thinks
        late = await hinting
        return not answered.alert, late.note, len(table.session.state.history)  # type: ignore[union-attr]

    undone, note, moves = run(undo_while_hinting())
    assert undone and moves == 0 and note == ""  # no hint for a position taken back
