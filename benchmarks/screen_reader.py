"""A player who cannot see the board plays whole games, through what a screen
reader gives them.

In headless Chromium the player takes seat 0 against AI seats at the
"instant" speed and plays from the first decision to the end screen using
only what a screen-reader user has:

- the keyboard: Tab through the page, the arrow keys (with Home) along the
  board's targets, Enter to choose; no mouse and no CSS selector chooses a
  move;
- what Chromium's accessibility tree says of the focused element (its role,
  its accessible name, whether it is expanded), read through the DevTools
  protocol as a screen reader reads it;
- the text of the page's polite live region (``#announce``).

The page itself is read only to check the player (the oracle): its legal
choices (``data-action``; ``data-ui`` selections on the board) must each be
reached by those keys with a name of their own, and ``data-status`` /
``data-acting`` / ``window.decisionWaits`` say when the page has answered.
At each decision the player fails, with a message saying what and where, on:
a prompt with no words; a legal choice the keys do not reach; a choice with
an empty, generic or shared name; focus left on ``<body>`` or on one of the
bar's buttons after a move (some pass or throw a turn away); a move the live
region did not say (one message per move, the AIs' included); an end the
live region did not say (who won); a game that does not move on.

    python -m benchmarks.screen_reader [--games groves,darkleaf] [--seed 1] [--messages]
    python -m benchmarks.screen_reader --link '?game=...#e=...'   # go on from a link

prints per game: decisions made, live messages heard, the failure if any,
the wall time (and ``--messages``: every message heard, to read them as a
player would). ``tests/browser/test_screen_reader.py`` runs the same player
for a few decisions of each game, and from a late position to the end.
"""

from __future__ import annotations

import argparse
import random
import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import build

from .page_load import CHROMIUM, CHROMIUM_ARGS

ROOT = Path(__file__).resolve().parents[1]
BOOT_MS = 90_000

#: name -> the page's query; the player sits in seat 0, the AIs are easy (fast).
GAMES: dict[str, str] = {
    "ley-of-the-land": "?game=ley-of-the-land&seats=human,ai:easy&seed=5",
    "ley-lines": "?game=ley-lines&seats=human,ai:easy,ai:easy&seed=5",
    "groves": "?game=groves&seats=human,ai:easy&seed=5",
    "groves-solo": "?game=groves&seats=human&seed=5",
    "leylines": "?game=leylines&seats=human,ai:easy&seed=5",
    "darkleaf": "?game=darkleaf-gambit&seats=human,ai:easy&seed=7",
}

# -- the oracle: what the page offers (read only to check the player) -------------------

# The legal choices on screen, each once: moves (data-action, by index) and the
# board's selections (data-ui); and where the focus is among them.
ORACLE = """
() => {
  window.nodeIds ??= new WeakMap();  // a name for each element, to tell them apart
  const nodeId = (el) => {
    if (!nodeIds.has(el)) {
      window.nodeCount = (window.nodeCount ?? 0) + 1;
      nodeIds.set(el, `${el.tagName}#${window.nodeCount}`);
      (window.nodeById ??= new Map()).set(nodeIds.get(el), new WeakRef(el));
    }
    return nodeIds.get(el);
  };
  const all = [...document.querySelectorAll(
    "#board [data-action], #board [data-ui], #actions [data-action], #overlay [data-action]")];
  const keyOf = (el) => el.hasAttribute("data-action") ? `action ${el.dataset.action}`
    : `ui ${el.dataset.ui}`;
  const choices = [...new Set(all.map(keyOf))];
  const el = document.activeElement;
  const hit = el && el.closest("[data-action], [data-ui]");
  const place = !el || el === document.body ? "body"
    : el.closest("#board") ? "board" : el.closest("#actions") ? "bar"
    : el.closest("#overlay") ? "overlay" : el.closest("#game") ? "game" : "page";
  return {choices, focus: hit && all.includes(hit) ? keyOf(hit) : null, place,
          roving: Boolean(el?.closest("#board [data-action], #board [data-ui]")),
          node: el ? nodeId(el) : "none"};
}
"""

# Every non-empty text given to the live region, from now on.
LISTEN = """
() => {
  window.heard = [];
  const region = document.getElementById("announce");
  new MutationObserver(() => {
    if (region.textContent) window.heard.push(region.textContent);
  }).observe(region, {childList: true, characterData: true, subtree: true});
  window.renders = 0;
  new MutationObserver(() => { window.renders++; }).observe(
    document.getElementById("game"), {childList: true, subtree: true, attributes: true,
                                     attributeFilter: ["aria-pressed", "aria-expanded", "class"]});
}
"""

# Whether the element the player heard as ``node`` comes after the focus in
# the page (Tab goes to it) or before (Shift+Tab): the way a player would go.
AFTER = """
(node) => {
  const el = window.nodeById?.get(node)?.deref();
  return !el || Boolean(document.activeElement.compareDocumentPosition(el)
                        & Node.DOCUMENT_POSITION_FOLLOWING);
}
"""

SETTLED = """
() => !document.body.dataset.thinking
  && (document.body.dataset.status === "over" || document.body.dataset.acting === "0")
"""

GENERIC = {"button", "image", "img", "group", "link", "target", "choose", "select", "square",
           "space", "graphic", "generic", "show", "ok"}


class Unplayable(AssertionError):
    """What stopped the player, with where it happened."""


@dataclass
class Stop:
    """One place the keyboard reached: what the screen reader says of it."""

    role: str
    name: str
    expanded: bool | None
    pressed: bool  # a toggle already on (a selection made)
    choice: str | None  # the oracle's key of the legal choice, if it is one
    place: str
    node: str
    roving: bool  # one of the board's targets: the arrow keys go along them
    arrows: int | None = None  # on the board: Right presses after Home to reach it


@dataclass
class Played:
    """What a game was like for the player."""

    name: str
    query: str
    decisions: int = 0
    moves: int = 0  # moves said, the player's and the AIs'
    heard: list[str] = field(default_factory=list)
    failure: str | None = None
    ended: bool = False
    ending: str = ""
    seconds: float = 0.0
    link: str = ""  # where the game stood when the player stopped: --link goes on from it


class Player:
    """Seat 0 of a game in ``page``, played by keys and ears only."""

    def __init__(self, page: Any, rng: random.Random) -> None:
        self.page = page
        self.rng = rng
        self.cdp = page.context.new_cdp_session(page)
        self.cdp.send("Accessibility.enable")
        self.decision = 0

    # -- what the screen reader says ------------------------------------------------

    def spoken(self) -> tuple[str, str, bool | None, bool]:
        """The focused element's role, accessible name, expanded and pressed states."""
        found = self.cdp.send("Runtime.evaluate", {"expression": "document.activeElement",
                                                   "objectGroup": "player"})
        object_id = found["result"].get("objectId")
        if object_id is None:
            return "none", "", None, False
        tree = self.cdp.send("Accessibility.getPartialAXTree",
                             {"objectId": object_id, "fetchRelatives": False})
        node = tree["nodes"][0] if tree["nodes"] else {}
        props = {p["name"]: p["value"].get("value") for p in node.get("properties", [])}
        return (str(node.get("role", {}).get("value", "none")),
                str(node.get("name", {}).get("value", "")).strip(), props.get("expanded"),
                props.get("pressed") == "true")

    def here(self) -> Stop:
        oracle = self.page.evaluate(ORACLE)
        role, name, expanded, pressed = self.spoken()
        return Stop(role, name, expanded, pressed, oracle["focus"], oracle["place"], oracle["node"],
                    oracle["roving"])

    def heard(self) -> list[str]:
        return list(self.page.evaluate("window.heard"))

    def prompt(self) -> str:
        """The bar's prompt, as the accessibility tree has it (empty if hidden from it)."""
        tree = str(self.page.locator("#status").aria_snapshot())
        return tree.split(":", 1)[1].strip().strip('"') if ":" in tree else ""

    def fail(self, what: str) -> Unplayable:
        return Unplayable(f"decision {self.decision}: {what}")

    # -- the keyboard ---------------------------------------------------------------

    def walk(self, offered: set[str]) -> list[Stop]:
        """The places the keys reach from the focus: on the board, every target
        the arrow keys reach (Home, then Right to the last); then Shift+Tab back
        through the page (the bar's buttons come just before the board) until
        every choice ``offered`` is heard, else once round the page."""
        stops: list[Stop] = []
        seen: set[str] = set()
        stop = self.here()
        if stop.roving:
            stops += self.along_the_board(seen)
        elif stop.place != "body":
            seen.add(stop.node)
            stops.append(stop)
        for _ in range(120):
            if offered <= {s.choice for s in stops}:
                return stops
            self.page.keyboard.press("Shift+Tab")
            stop = self.here()
            if stop.node in seen:
                return stops  # once round the page
            if stop.place == "body":
                continue
            seen.add(stop.node)
            stops.append(stop)
            if stop.roving:
                stops += self.along_the_board(seen)
        raise self.fail("Shift+Tab never came back round the page in 120 presses")

    def along_the_board(self, seen: set[str]) -> list[Stop]:
        self.page.keyboard.press("Home")
        stops: list[Stop] = []
        for arrows in range(400):
            stop = self.here()
            if stops and stop.node == stops[-1].node:
                break  # the last target
            stop.arrows = arrows
            seen.add(stop.node)
            stops.append(stop)
            self.page.keyboard.press("ArrowRight")
        return stops

    def go_to(self, target: Stop) -> None:
        """Tab or Shift+Tab toward ``target`` (on the board, then Home and
        Right) until the screen reader names it as the walk heard it."""
        stop = self.here()
        for key in ("Tab" if self.page.evaluate(AFTER, target.node) else "Shift+Tab",
                    "Tab"):
            for _ in range(120):
                if self.is_at(stop, target):
                    return
                if stop.roving and target.roving:
                    self.page.keyboard.press("Home")
                    for _ in range(target.arrows or 0):  # as the walk went
                        self.page.keyboard.press("ArrowRight")
                    stop = self.here()
                    if self.is_at(stop, target):
                        return
                    self.page.keyboard.press("Home")  # the board changed: along it again
                    last = None
                    for _ in range(400):
                        stop = self.here()
                        if self.is_at(stop, target) or stop.node == last:
                            break
                        last = stop.node
                        self.page.keyboard.press("ArrowRight")
                    if self.is_at(stop, target):
                        return
                self.page.keyboard.press(key)
                stop = self.here()
                if key == "Shift+Tab" and stop.place == "body":
                    break  # the top of the page: go on forward
        raise self.fail(f"the keys never came back to {target.role} {target.name!r}")

    @staticmethod
    def is_at(stop: Stop, target: Stop) -> bool:
        """The same place, as a screen reader says it."""
        return (stop.role, stop.name) == (target.role, target.name)

    # -- a decision -----------------------------------------------------------------

    def wait_settled(self, ms: int = 60_000) -> None:
        try:
            self.page.wait_for_function(SETTLED, timeout=ms)
        except Exception as error:
            raise self.fail("the game is stuck: no decision and no end in "
                            f"{ms / 1000:.0f} s") from error

    def choices(self) -> list[Stop]:
        """The legal choices the keys reach, checked against what the page
        offers; a closed sheet of choices is opened first."""
        for _ in range(3):
            offered = set(self.page.evaluate(ORACLE)["choices"])
            stops = self.walk(offered)
            missing = offered - {s.choice for s in stops}
            opener = next((s for s in stops if s.place == "bar" and s.expanded is False), None)
            if missing and opener is not None:
                self.press(opener, move=False)
                continue
            if missing:
                # Read again after the page's next two frames: a screen that
                # was still being drawn (an AI's move landing node by node) is
                # not a choice a person could not reach.
                self.page.evaluate("() => new Promise(done => requestAnimationFrame("
                                   "() => requestAnimationFrame(done)))")
                continue
            break
        if missing:
            raise self.fail(f"{len(missing)} legal choice(s) not reached by the keys: "
                            f"{sorted(missing)[:5]}")
        choices = [s for s in stops if s.choice]
        by_name: dict[str, set[str]] = {}
        for stop in choices:
            words = re.sub(r"[^A-Za-z]", "", stop.name)
            if stop.name.lower() in GENERIC or len(words) < 3:
                raise self.fail(f"a choice ({stop.choice}) has no meaningful name: "
                                f"{stop.role} {stop.name!r}")
            by_name.setdefault(stop.name, set()).add(stop.choice or "")
        shared = {name: keys for name, keys in by_name.items() if len(keys) > 1}
        if shared:
            name, keys = next(iter(shared.items()))
            raise self.fail(f"{len(keys)} different choices share the name {name!r}")
        return choices

    def press(self, target: Stop, move: bool) -> None:
        """Goes to ``target`` by keys and presses Enter; waits for the answer."""
        self.go_to(target)
        before = self.page.evaluate("[window.decisionWaits.length, window.renders]")
        self.page.keyboard.press("Enter")
        if move:
            done = (f"window.decisionWaits.length > {before[0]}"
                    " || document.body.dataset.status === 'over'")
        else:
            done = f"window.renders > {before[1]}"
        try:
            self.page.wait_for_function(done, timeout=60_000)
        except Exception as error:
            raise self.fail(f"Enter on {target.role} {target.name!r} changed nothing "
                            "in 60 s") from error

    def decide(self, played: Played) -> None:
        self.decision += 1
        self.cdp.send("Runtime.releaseObjectGroup", {"objectGroup": "player"})
        self.wait_settled()
        prompt = self.prompt()
        if not prompt:
            raise self.fail("the bar says nothing: no prompt")
        choices = self.choices()
        if not choices:
            raise self.fail(f"no choice to make under the prompt {prompt!r}")
        # Half the time a selection (a unit, a coin: what brings up moves), if
        # any; else a move. A selection already made (said "pressed") is no choice.
        moves = [c for c in choices if (c.choice or "").startswith("action ")]
        selections = [c for c in choices if c not in moves and not c.pressed]
        pick = self.rng.choice(selections if selections and (not moves or self.rng.random() < 0.5)
                               else moves or choices)
        move = (pick.choice or "").startswith("action ")
        heard = len(self.heard())
        self.press(pick, move)
        self.wait_settled()
        played.decisions += 1
        if not move:
            self.check_focus(pick)  # a selection: focus goes on to what it brought up
            return
        said = self.heard()[heard:]
        over = self.page.evaluate("document.body.dataset.status") == "over"
        ai = 0 if over else int(self.page.evaluate("window.decisionWaits.at(-1).ai"))
        if not said:
            raise self.fail(f"after {pick.name!r} the live region said nothing")
        if not over and len(said) != 1 + ai:
            raise self.fail(f"{1 + ai} moves (your {pick.name!r} and {ai} by AIs) but the "
                            f"live region said {len(said)} messages: {said}")
        played.moves += len(said)
        played.heard += said
        if over:
            return
        if not said[-1].endswith(self.prompt()):
            raise self.fail(f"the last message does not end with the prompt "
                            f"{self.prompt()!r}: {said[-1]!r}")
        self.check_focus(pick)

    def check_focus(self, pick: Stop) -> None:
        stop = self.here()
        if stop.place == "body":
            raise self.fail(f"after {pick.name!r} the focus fell to <body>")
        if stop.place == "bar" and self.page.evaluate("document.activeElement.tagName") == "BUTTON":
            raise self.fail(f"after {pick.name!r} the focus is on the bar's button "
                            f"{stop.name!r} (Enter would press it)")

    def finish(self, played: Played) -> None:
        """The end: the end screen's words (who won) were the last thing said."""
        scores = self.page.get_by_role("region", name="Final scores")
        title = scores.get_by_role("heading", level=2).inner_text().strip()
        how = scores.locator(".how-won")  # how it was won, when the game says it
        played.ending = how.inner_text().strip() if how.count() else title
        if not played.heard or played.ending not in played.heard[-1]:
            raise self.fail(f"the end ({played.ending!r}) was not said; the last message: "
                            f"{played.heard[-1:]}")
        played.ended = True


def late_link(query: str, tries: int = 20) -> str:
    """``query`` with the moves (a link's hash) of a random game of it cut just
    before its end: seat 0 is to act, and whatever it chooses ends the game."""
    from pygame_engine import GAMES as ENGINES
    from web.links import hash_for
    from web.urls import parse_query

    setup = parse_query(query, 0)
    assert setup is not None
    game = ENGINES[setup.game_id]
    for attempt in range(tries):
        rng = random.Random(attempt)
        state = game.new_game(len(setup.seats), setup.seed, setup.option_values())
        moves: list[list[Any]] = []
        last = None  # the moves before seat 0's last decision
        while not state.is_over():
            seat = state.active_players()[0]
            if seat == 0:
                last = (state.clone(), list(moves))
            action = rng.choice(state.legal_actions(seat))
            state.apply(seat, action)
            moves.append([seat, action.to_json()])
        if last is None:
            continue
        before, kept = last
        if all(_ends(before, action) for action in before.legal_actions(0)):
            return query + hash_for(kept, game_id=setup.game_id)
    raise ValueError(f"no late position of {query} in {tries} random games")


def _ends(state: Any, action: Any) -> bool:
    after = state.clone()
    after.apply(0, action)
    return bool(after.is_over())


def goto_in_page(page: Any, query: str) -> None:
    """Opens another game in the same page (as the page's own links do: Python
    is not started again), at the instant speed."""
    renders = page.evaluate("window.renders")
    page.evaluate("""(url) => {
      history.pushState({inPage: true}, "", url);
      dispatchEvent(new PopStateEvent("popstate"));
    }""", "./" + query)
    page.wait_for_function(f"window.renders > {renders}", timeout=BOOT_MS)
    page.wait_for_function(SETTLED, timeout=BOOT_MS)
    set_instant(page)


def set_instant(page: Any) -> None:
    speed = page.get_by_label("AI speed")
    if speed.count():
        speed.select_option("instant")


def open_game(page: Any, query: str) -> None:
    """Opens a game (a reload: Python starts again) at the instant speed, listening."""
    page.goto("index.html" + query)
    page.wait_for_function(
        "['playing', 'over'].includes(document.body.dataset.status)", timeout=BOOT_MS)
    page.evaluate(LISTEN)
    set_instant(page)


def play(page: Any, name: str, query: str, decisions: int = 10_000, seed: int = 1,
         opened: bool = False, seconds: float = 1e9) -> Played:
    """Plays ``query`` (a game link) for at most ``decisions`` decisions (and
    about ``seconds``), or to the end."""
    played = Played(name, query)
    started = time.perf_counter()
    if not opened:
        open_game(page, query)
    player = Player(page, random.Random(seed))
    try:
        while played.decisions < decisions and time.perf_counter() - started < seconds:
            player.wait_settled()
            if page.evaluate("document.body.dataset.status") == "over":
                player.finish(played)
                break
            player.decide(played)
    except Unplayable as error:
        played.failure = str(error)
    played.seconds = time.perf_counter() - started
    played.link = str(page.evaluate("location.search + location.hash"))
    return played


def report(played: Played, messages: bool = False) -> str:
    line = (f"{played.name:16} {played.decisions:4} decisions {played.moves:5} moves heard  "
            f"{played.seconds:6.1f} s  "
            + (f"ended: {played.ending}" if played.ended else "not ended")
            + (f"\n    FAILED: {played.failure}" if played.failure else "")
            + ("" if played.ended or played.failure else f"\n    go on: --link '{played.link}'"))
    if messages:
        line += "".join(f"\n    | {text}" for text in played.heard)
    return line


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default=",".join(GAMES),
                        help=f"comma-separated, of: {', '.join(GAMES)}")
    parser.add_argument("--decisions", type=int, default=2000, help="at most, per game")
    parser.add_argument("--seed", type=int, default=1, help="the player's random choices")
    parser.add_argument("--minutes", type=float, default=9.0,
                        help="at most, per game (a game not ended prints the link to go on)")
    parser.add_argument("--link", help="play on from this link (a query and hash) instead")
    parser.add_argument("--messages", action="store_true", help="print every message heard")
    args = parser.parse_args(argv)
    games = {"link": args.link} if args.link else {n: GAMES[n] for n in args.games.split(",")}
    from playwright.sync_api import sync_playwright

    server, url = build.serve_in_thread(build.DIST)
    failed = 0
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True,
                                         args=CHROMIUM_ARGS)
            for name, query in games.items():
                page = browser.new_page(base_url=url, viewport={"width": 1280, "height": 800})
                played = play(page, name, query, args.decisions, args.seed,
                              seconds=args.minutes * 60)
                failed += played.failure is not None
                print(report(played, args.messages), flush=True)
                page.close()
            browser.close()
    finally:
        server.shutdown()
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
