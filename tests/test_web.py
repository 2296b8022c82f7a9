"""The page layer without a browser: links, seats, hand-offs, and the markup."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from pygame_engine import GAMES, IllegalAction
from pygame_engine.ai import Thinking
from pygame_engine.games.ley_of_the_land.actions import Acquire, Bid
from web.lobby import render_lobby
from web.session import Session, Setup, SetupError, parse_query
from web.views import choice
from web.views import ley_of_the_land as lotl_view
from web.views import page as page_views
from web.views.markup import esc, tag


class _Checker(HTMLParser):
    """Fails on unbalanced tags; collects data-action values."""

    VOID = {"input", "br", "img", "meta", "link"}  # HTML void elements; SVG ones self-close

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.actions: list[int] = []

    def handle_starttag(self, name: str, attrs: list[tuple[str, str | None]]) -> None:
        for key, value in attrs:
            if key == "data-action" and value is not None:
                self.actions.append(int(value))
        if name not in self.VOID:
            self.stack.append(name)

    def handle_startendtag(self, name: str, attrs: list[tuple[str, str | None]]) -> None:
        for key, value in attrs:
            if key == "data-action" and value is not None:
                self.actions.append(int(value))

    def handle_endtag(self, name: str) -> None:
        assert self.stack and self.stack[-1] == name, f"unbalanced </{name}> in {self.stack}"
        self.stack.pop()


def check(markup: str) -> list[int]:
    parser = _Checker()
    parser.feed(markup)
    assert parser.stack == [], f"unclosed {parser.stack}"
    return parser.actions


# -- links ----------------------------------------------------------------------


def test_query_parsing() -> None:
    setup = parse_query("?game=ley-of-the-land&seats=human,ai,ai:hard&seed=42", 0)
    assert setup == Setup("ley-of-the-land", ("human", "ai:normal", "ai:hard"), 42)
    assert parse_query(setup.query(), 0) == setup
    assert parse_query("", 5) is None
    default = parse_query("?game=ley-of-the-land", 9)
    assert default == Setup("ley-of-the-land", ("human", "ai:normal"), 9)


@pytest.mark.parametrize(("query", "message"), [
    ("?game=chess", "no game 'chess'"),
    ("?seats=human", "names no game"),
    ("?game=ley-of-the-land&seats=human,robot", "Seat 'robot'"),
    ("?game=ley-of-the-land&seats=human", "2-4 players"),
    ("?game=ley-of-the-land&seats=ai,ai,ai,ai,ai", "2-4 players"),
    ("?game=ley-of-the-land&seed=abc", "whole number"),
    ("?game=ley-of-the-land&seed=-4", "whole number"),
    ("?game=ley-of-the-land&seed=%C2%B2", "whole number"),  # '²' is a digit to str.isdigit
    ("?game=ley-of-the-land&seed=99999999999999999999", "too large"),
    ("?game=ley-of-the-land&colour=red", "Unknown link parameter 'colour'"),
])
def test_bad_links_get_a_clear_message(query: str, message: str) -> None:
    with pytest.raises(SetupError, match=re.escape(message)):
        parse_query(query, 0)


# -- sessions -------------------------------------------------------------------


def lotl(seats: str, seed: int = 4) -> Session:
    setup = parse_query(f"?game=ley-of-the-land&seats={seats}&seed={seed}", 0)
    assert setup is not None
    return Session(setup)


def test_hot_seat_hands_off_between_humans() -> None:
    s = lotl("human,human")
    assert s.handoff_to == 0 and s.shown is None
    regions = s.regions()
    assert regions["board"] == "" and "Pass the device to Moss" in regions["overlay"]
    s.confirm_handoff()
    bids = [c for c in s.choices(0) if c["kind"] == "bid"]
    s.act(bids[7]["index"])
    assert s.handoff_to == 1 and s.shown is None  # Amber must not see Moss's bid
    assert "7" not in s.regions()["board"] + s.regions()["log"]
    s.confirm_handoff()
    assert s.state.view(1)["bids"] == [None, None]
    assert "Moss bids 7" not in s.regions()["log"]


def test_single_human_needs_no_handoff() -> None:
    s = lotl("human,ai:easy")
    assert s.handoff_to is None and s.shown == 0
    assert s.next_bot() == 1  # bots bid before the human is asked
    thinking = s.start_bot(1)
    assert isinstance(thinking, Thinking)
    while not thinking.done:
        thinking.step(8)
    s.bot_acts(1, thinking)
    assert s.human_to_act() == 0


def test_act_refuses_stale_choices() -> None:
    s = lotl("human,ai")
    with pytest.raises(IllegalAction):
        s.act(0)  # the AI must bid first
    s.state.apply(1, Bid(0))
    with pytest.raises(IllegalAction, match="no longer available"):
        s.act(999)
    assert s.state.active_players() == [0]


def test_every_data_action_is_a_legal_index() -> None:
    s = lotl("human,ai", seed=8)
    s.state.apply(1, Bid(0))
    s.act(next(c["index"] for c in s.choices(0)
               if c["kind"] == "bid" and c["fields"] == {"amount": 1}))
    legal = s.state.legal_actions(0)
    for slot in ("0", "1", "2", "3", "4"):
        s.ui = {"slot": slot}
        regions = s.regions()
        indices = check(regions["board"]) + check(regions["actions"])
        assert indices and all(0 <= i < len(legal) for i in indices)
        on_board = {i for i in check(regions["board"])}
        assert all(isinstance(legal[i], Acquire) and legal[i].slot == int(slot)
                   for i in on_board)


def test_placing_a_tile_by_clicks() -> None:
    s = lotl("human,ai", seed=8)
    s.state.apply(1, Bid(0))
    s.act(next(c["index"] for c in s.choices(0)
               if c["kind"] == "bid" and c["fields"] == {"amount": 1}))
    s.ui = {"slot": "2"}
    board = s.regions()["board"]
    assert 'data-ui="slot=2" aria-pressed="true"' in board
    target = check(board)[0]
    s.act(target)
    assert s.state.boards[0][12] is not None


def test_end_screen_lists_scores_and_breakdown() -> None:
    s = lotl("ai,ai")
    s.state.phase = "over"
    view = s.state.view(None)
    markup = page_views.end_screen(view)
    check(markup)
    scores = json.loads(re.search(r'data-scores="([^"]*)"', markup).group(1)  # type: ignore
                        .replace("&quot;", '"'))
    assert scores == s.state.scores()
    assert "Largest section" in markup and "Play again" in markup


def test_end_screen_names_the_options_played_with() -> None:
    setup = parse_query("?game=ley-lines&seats=ai,ai,ai&seed=4&hide_own_cairns=on", 0)
    assert setup is not None
    s = Session(setup)
    s.state.phase = "over"
    overlay = s.regions()["overlay"]
    check(overlay)
    assert "Played with: Hide my own cairns once placed: Yes (the printed rule)" in overlay
    assert "Played with" not in page_views.end_screen(s.state.view(None))


def test_spectator_sees_no_bids() -> None:
    s = lotl("ai,ai")
    s.state.apply(0, Bid(9))
    assert s.shown is None
    assert "bid 9" not in s.regions()["board"].lower()


# -- markup ----------------------------------------------------------------------


def test_markup_is_escaped() -> None:
    assert esc('<script>"') == "&lt;script&gt;&quot;"
    assert tag("a", {"href": 'x" onclick="y'}, "t") == '<a href="x&quot; onclick=&quot;y">t</a>'


def test_lobby_has_a_form_per_game() -> None:
    markup = render_lobby()
    check(markup)
    for game in GAMES.values():
        assert f'data-game="{game.id}"' in markup
        assert f"./rules/{game.id}.html" in markup


def test_board_view_labels_land_for_screen_readers() -> None:
    s = lotl("ai,ai")
    s.state.boards[0][12] = (0, 0)
    board = lotl_view.render_board(s.state.view(None), [], {})
    check(board)
    assert 'aria-label="C3: basic tile: north green' in board
    assert "url(#lotl-hatch)" in board


def test_no_ai_speed_controls_once_the_game_is_over() -> None:
    playing = page_views.toolbar(True, "normal", False, over=False)
    assert "AI speed" in playing and "pause=toggle" in playing
    ended = page_views.toolbar(True, "normal", False, over=True)
    assert "AI speed" not in ended and "pause=toggle" not in ended and "Replay" in ended


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_game_has_an_end_screen(game_id: str) -> None:
    """A finished game of each game draws its end screen (the page's own part,
    from the keys every view must carry at the end: scores, breakdown, standings)."""
    from pygame_engine.core.rng import Rng

    game = GAMES[game_id]
    session = Session(Setup(game_id, ("ai:easy",) * max(2, game.min_players), 5))
    rng = Rng(5)
    state = session.state
    while not state.is_over():
        p = rng.choice(state.active_players())
        state.apply(p, rng.choice(state.legal_actions(p)))
    overlay = session.regions()["overlay"]
    check(overlay)
    assert 'id="final-scores"' in overlay and "Score breakdown" in overlay


def test_the_lobby_counts_pictures_and_describes_every_game() -> None:
    from web.lobby import ABOUT
    from web.views.pictures import PICTURES, picture

    lobby = render_lobby()
    check(lobby)
    assert "Five games" in lobby if len(GAMES) == 5 else f"{len(GAMES)} games" in lobby
    for game_id, game in GAMES.items():
        card = lobby.split(f'id="card-{game_id}"')[1].split("</article>")[0]
        about, length = ABOUT[game_id]
        assert esc(about) in card and length in card
        assert f"{game.min_players}" in card  # players
        drawn = picture(game_id)
        check(drawn)
        assert game_id in PICTURES and drawn in card and drawn.count("<") > 10
    # A game without a picture of its own still gets a frame.
    assert picture("no-such-game").startswith("<svg")


def test_a_rules_page_opens_with_play_contents_and_the_table_at_setup() -> None:
    """Issue 28 (8): after the lead paragraph, a Play button for the game, a
    table of contents linking every section, and the table at setup drawn by
    the game's own view."""
    import re
    from pathlib import Path

    from web.rules_page import with_head

    for game_id in GAMES:
        body = (Path(__file__).resolve().parents[1] / "web" / "rules" / f"{game_id}.html"
                ).read_text(encoding="utf-8")
        page = with_head(game_id, body)
        lead = page.index('class="lead"')
        play, toc, picture = (page.index(f'data-play="{game_id}"'),
                              page.index('class="toc"'), page.index('class="rules-picture"'))
        assert lead < play < toc < picture, game_id
        ids = re.findall(r'<h2 id="([^"]+)"', page)
        links = re.findall(r'<a href="#([^"]+)">', page[toc:picture])
        assert links and set(links) <= set(ids) and len(links) == len(set(links)), game_id
        assert f'href="../index.html?game={game_id}"' in page[page.rindex("<p", 0, play):toc]
        view_html = page[picture:page.index("</figure>", picture)]
        assert "<svg" in view_html and "data-action" not in view_html, game_id


def test_every_rules_table_cell_says_its_column() -> None:
    """A phone shows each rules table row as a card (web/static/style.css):
    every body cell of every table with a header row carries its column's
    header, so no line of a card is left without its name."""
    import re
    from pathlib import Path

    from web.rules_page import with_head

    tables = 0
    for game_id in GAMES:
        body = (Path(__file__).resolve().parents[1] / "web" / "rules" / f"{game_id}.html"
                ).read_text(encoding="utf-8")
        for table in re.findall(r"<table[\s>].*?</table>", with_head(game_id, body), re.S):
            heads = [re.sub(r"<[^>]+>", "", h).strip()
                     for h in re.findall(r"<th(?=[\s>])[^>]*>(.*?)</th>", table, re.S)]
            for row in re.findall(r"<tbody.*?</tbody>", table, re.S)[0].split("</tr>")[:-1]:
                labels = re.findall(r'<td role="cell" data-label="([^"]*)"', row)
                assert labels == heads[:len(labels)] and len(labels) == row.count("<td"), (
                    game_id, row)
            tables += 1
    assert tables >= 11


def test_the_bar_says_what_to_do_in_the_games_own_words() -> None:
    """Issue 28 (2): each game's first decision is named in the bar, not only
    "choose on the board"; a decision without words of its own (a lone Pass)
    keeps the bar's."""
    firsts = {"leylines": "choose a starting Market",
              "ley-of-the-land": "bid in secret",
              "ley-lines": "lay a cairn",
              "groves": "pick your grove",
              "darkleaf-gambit": "end Upkeep or spend"}
    for game_id, words in firsts.items():
        seats = ("human",) * (3 if game_id == "ley-lines" else 2)
        session = Session(Setup(game_id, seats, 3))
        session.confirm_handoff()
        status = re.sub(r"<[^>]+>", "", session.regions()["status"])
        assert status.endswith(f"your turn: {words}."), (game_id, status)
    from pygame_engine.games.ley_of_the_land.actions import Pass
    from web.views import choice, game_view_module, page
    lone_pass = [choice(0, Pass(), "Pass")]
    for game_id in firsts:
        assert page.prompt(game_view_module(game_id).PROMPTS, lone_pass) == ""


def test_no_board_tells_a_phone_player_to_click() -> None:
    """Issue 28 (8): the boards' instructions say "choose", which holds for a
    finger and a mouse alike, over the first decisions of random games."""
    import re

    from pygame_engine.core.rng import Rng
    from web.views import game_view_module

    for game_id, game in GAMES.items():
        s = game.new_game(max(2, game.min_players) if game_id != "ley-lines" else 3, 5)
        rng = Rng(5)
        for _ in range(60):
            if s.is_over():
                break
            seat = s.active_players()[0]
            legal = [choice(i, a, s.action_label(seat, a))
                     for i, a in enumerate(s.legal_actions(seat))]
            html = game_view_module(game_id).render_board(s.view(seat), legal, {})
            words = re.sub(r"<[^>]+>", " ", html)
            assert not re.search(r"\bclick", words, re.I), (game_id, words[:200])
            s.apply(seat, rng.choice(s.legal_actions(seat)))


def test_the_games_own_prompts_fit_a_phones_line() -> None:
    """Issue 28 (4): the bar's line is one line on a phone: a game's prompt is
    at most 26 characters (with "Heather: " it fits 360 px, where ", your turn"
    is only read out: ``page.turn_line``)."""
    from web.views import game_view_module

    for game_id in GAMES:
        module = game_view_module(game_id)
        assert module.PROMPTS, game_id
        assert all(len(words) <= 26 for _, words in module.PROMPTS), game_id


def test_the_lobby_says_what_each_ai_level_is() -> None:
    """Issue 30 (5): every game's setup says what easy, normal and hard are, and
    the games measured against OpenSpiel's ISMCTS say the figure."""
    lobby = render_lobby()
    for game_id in GAMES:
        card = lobby[lobby.index(f'id="card-{game_id}"'):]
        card = card[:card.index("</article>")]
        assert "What the AI levels are" in card
        for level in ("Easy:", "Normal:", "Hard:"):
            assert level in card
        assert "OpenSpiel" in card  # every game has a line in docs/benchmarks.md


def _last_darkleaf_tables() -> tuple[list[str], dict[tuple[str, str], int],
                                     dict[str, tuple[int, int]], int]:
    """The clans, the first seat's share per ordered pairing, each clan's share
    and part drawn, and its games, from the last clan table of issue 27 in
    docs/benchmarks.md."""
    docs = (Path(__file__).parent.parent / "docs" / "benchmarks.md").read_text()
    section = docs[docs.index("## Darkleaf Gambit (issue 17)"):]
    section = section[:section.index("\n## ", 1)]
    head = section.rindex("| first seat \\ second seat |")
    lines = section[head:].splitlines()
    clans = [c.strip() for c in lines[0].strip("|").split("|")[1:]]
    pairs: dict[tuple[str, str], int] = {}
    shares: dict[str, tuple[int, int]] = {}
    games = 0
    for line in lines:
        cells = [c.strip() for c in line.strip("|").split("|")]
        if cells[0] in clans and len(cells) == len(clans) + 1:
            for rival, cell in zip(clans, cells[1:], strict=True):
                pairs[cells[0], rival] = int(cell.split("%")[0])
        elif cells[0] in clans and len(cells) == 6 and cells[0] not in shares:
            shares[cells[0]] = (int(cells[4].split("%")[0]), int(cells[5].split("%")[0]))
            games = int(cells[1])
    return clans, pairs, shares, games


def test_the_darkleaf_setup_says_how_the_clans_fare() -> None:
    """Issue 27: the clans are not even yet, so Darkleaf's setup says how each
    fares, with the figures of the last table in docs/benchmarks.md (each
    clan's share there; against each rival, the mean of its two seats, within
    the tables' rounding)."""
    from web.lobby import CLAN_ODDS, CLAN_ODDS_GAMES

    clans, pairs, shares, games = _last_darkleaf_tables()
    assert sorted(CLAN_ODDS) == sorted(clans)
    assert games == CLAN_ODDS_GAMES * 2 * (len(clans) - 1)  # both seats, five rivals
    for clan, (share, drawn, rivals) in CLAN_ODDS.items():
        assert (share, drawn) == shares[clan], clan
        assert sorted(rivals) == sorted(c for c in clans if c != clan)
        for rival, vs in rivals.items():
            measured = (pairs[clan, rival] + 100 - pairs[rival, clan]) / 2
            assert abs(vs - measured) <= 1, (clan, rival, vs, measured)
    lobby = render_lobby()
    card = lobby[lobby.index('id="card-darkleaf-gambit"'):]
    card = card[:card.index("</article>")]
    assert "How the clans fare" in card and f"{CLAN_ODDS_GAMES} games" in card
    for clan, (share, drawn, _) in CLAN_ODDS.items():
        assert f"{clan}:</strong> {share}\u00a0%" in card
        assert f"; {drawn}\u00a0% drawn." in card[card.index(f"{clan}:</strong>"):]
    other = lobby[lobby.index('id="card-groves"'):]
    assert "How the clans fare" not in other[:other.index("</article>")]
