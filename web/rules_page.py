"""The head of every rules page, added at build time (``build.py``): a Play
button, a picture of the table at setup drawn by the game's own view, and a
table of contents of the page's sections (each ``<h2>`` gets an id). The
page's tables get their cells labelled, so that a phone shows each row as a
card (``labelled_tables``).
"""

from __future__ import annotations

import html
import re

from pygame_engine import GAMES

from .lobby import default_players
from .views import game_view_module
from .views.markup import esc, tag

#: The seed of the pictured setup (any seed: a picture, not a rule).
PICTURE_SEED = 1


def slug(text: str) -> str:
    """An id for a heading.

    >>> slug("Haggedorn's Will")
    'haggedorns-will'
    """
    words = re.sub(r"<[^>]+>", "", text).lower().replace("'", "").replace("’", "")
    return re.sub(r"[^a-z0-9]+", "-", words).strip("-") or "section"


def setup_picture(game_id: str) -> str:
    """The table at the start of a game with the default number of seats, as a
    spectator sees it, drawn by the game's own view."""
    game = GAMES[game_id]
    players = default_players(game)
    view = game.new_game(players, PICTURE_SEED).view(None)
    board = game_view_module(game_id).render_board(view, [], {})
    return tag("figure", {"class": "rules-picture"},
               tag("div", {"class": "rules-picture-box"}, board),
               tag("figcaption", {}, esc(f"The table at the start of a {players}-player game, "
                                         "as it looks here.")))


def labelled_tables(body: str) -> str:
    """Every table of ``body`` with a header row: each cell labelled with its
    column's header (``data-label``), and the table's parts given their
    roles. On a narrow screen the stylesheet lays each row out as a card of
    labelled lines (five columns do not fit a phone), and the roles keep it a
    table for a screen reader, which ``display: block`` would otherwise undo.

    >>> t = labelled_tables('<table><thead><tr><th>Unit</th><th>Reach &amp; range</th></tr>'
    ...                     '</thead><tbody><tr><td>pawn</td><td>2</td></tr></tbody></table>')
    >>> re.findall(r'<td [^>]*>', t)
    ['<td role="cell" data-label="Unit">', '<td role="cell" data-label="Reach &amp; range">']
    >>> t.startswith('<table role="table"><thead role="rowgroup"><tr role="row"><th role=')
    True
    """
    def table(match: re.Match[str]) -> str:
        text = match.group(0)
        head = re.search(r"<thead[^>]*>.*?</thead>", text, re.S)
        if head is None:
            return text
        labels = [esc(html.unescape(re.sub(r"<[^>]+>", "", th)).strip())
                  for th in re.findall(r"<th(?=[\s>])[^>]*>(.*?)</th>", head.group(0), re.S)]

        def row(tr: re.Match[str]) -> str:
            names = iter(labels)
            return re.sub(r"<td(?=[\s>])",
                          lambda _: f'<td role="cell" data-label="{next(names, "")}"', tr.group(0))

        text = text[:head.end()] + re.sub(r"<tr[^>]*>.*?</tr>", row, text[head.end():],
                                          flags=re.S)
        for part, role in (("table", "table"), ("thead", "rowgroup"), ("tbody", "rowgroup"),
                           ("tr", "row"), ("th", "columnheader")):
            text = re.sub(rf"<{part}(?=[\s>])", f'<{part} role="{role}"', text)
        return text

    return re.sub(r"<table[\s>].*?</table>", table, body, flags=re.S)


def with_head(game_id: str, body: str) -> str:
    """``body`` (a rules fragment, the site's help appended) with ids on its
    ``<h2>`` sections and, after its lead paragraph, a Play button, the table
    of contents and the setup picture."""
    sections: list[tuple[str, str]] = []

    def name(match: re.Match[str]) -> str:
        attrs, text = match.group(1), match.group(2)
        found = re.search(r'id="([^"]+)"', attrs)
        ident = found.group(1) if found else slug(text)
        sections.append((ident, re.sub(r"<[^>]+>", "", text)))
        return match.group(0) if found else f'<h2 id="{ident}"{attrs}>{text}</h2>'

    body = labelled_tables(re.sub(r"<h2([^>]*)>(.*?)</h2>", name, body, flags=re.S))
    if game_id not in GAMES:
        return body
    title = GAMES[game_id].title
    play = tag("p", {"class": "rules-play"},
               tag("a", {"class": "button primary", "href": f"../index.html?game={game_id}",
                         "data_play": game_id}, esc(f"Play {title}")))
    contents = tag("nav", {"class": "toc", "aria_label": "Contents"},
                   tag("h2", {"class": "toc-title"}, "Contents"),
                   tag("ol", {}, *[tag("li", {}, tag("a", {"href": f"#{ident}"}, esc(text)))
                                   for ident, text in sections]))
    head = play + contents + setup_picture(game_id)
    lead = re.search(r"<p class=\"lead\">.*?</p>", body, re.S) or re.search(
        r"</h1>", body)
    at = lead.end() if lead else 0
    return body[:at] + "\n" + head + "\n" + body[at:]
