"""The lobby's picture of each game: a small SVG drawn from the game's own
components (its ``data`` module), one function per game.

Each picture is decorative (the card's title and description say what the
game is), so it is hidden from screen readers. A game without a picture of
its own gets a plain card (``picture`` returns a blank frame): a new game
still has a lobby card.
"""

from __future__ import annotations

from collections.abc import Callable

from .markup import tag

WIDTH, HEIGHT = 240, 120


def _frame(*children: str, background: str = "#efe9d6") -> str:
    return tag("svg", {"class": "game-picture", "viewBox": f"0 0 {WIDTH} {HEIGHT}",
                       "width": WIDTH, "height": HEIGHT, "aria_hidden": "true",
                       "focusable": "false"},
               tag("rect", {"width": WIDTH, "height": HEIGHT, "rx": 8, "fill": background}),
               *children)


def ley_of_the_land() -> str:
    """A row of the market's tiles: each square cut into four edge triangles of
    green and yellow land, with the faerie ring and crop circle marks."""
    from pygame_engine.games.ley_of_the_land import data

    land = {data.GREEN: "#3f8f4a", data.YELLOW: "#e2b93b"}
    kinds = []
    for kind, edges in data.TILES:  # one tile of each kind of mix, in data order
        if (kind, edges) not in kinds:
            kinds.append((kind, edges))
    shown = [k for k in kinds if k[0] != data.BASIC][:2] + [k for k in kinds
                                                            if k[0] == data.BASIC][:3]
    size, gap = 40, 6
    left = (WIDTH - len(shown) * size - (len(shown) - 1) * gap) / 2
    parts = []
    for i, (kind, edges) in enumerate(shown):
        x, y = left + i * (size + gap), (HEIGHT - size) / 2
        cx, cy = x + size / 2, y + size / 2
        corners = [(x, y), (x + size, y), (x + size, y + size), (x, y + size)]
        for side in range(4):  # north, east, south, west
            a, b = corners[side], corners[(side + 1) % 4]
            parts.append(tag("polygon", {"points": f"{a[0]},{a[1]} {b[0]},{b[1]} {cx},{cy}",
                                         "fill": land[edges[side]], "stroke": "#fff",
                                         "stroke_width": 0.8}))
        if kind != data.BASIC:
            parts.append(tag("circle", {"cx": cx, "cy": cy, "r": 7, "fill": "none",
                                        "stroke": "#fff", "stroke_width": 2.5}))
    return _frame(*parts)


def ley_lines() -> str:
    """The map of Albion and Eire, one small square per space, with a few
    coins of the four suits laid as cairns."""
    from pygame_engine.games.piecepack_ley_lines import data

    cell = 8
    left = (WIDTH - data.WIDTH * cell) / 2
    top = (HEIGHT - data.HEIGHT * cell) / 2
    fill = {data.ALBION: "#cfe0b8", data.EIRE: "#b8d8c8"}
    parts = [tag("rect", {"x": left + x * cell, "y": top + y * cell, "width": cell - 1,
                          "height": cell - 1, "fill": fill[land]})
             for x, y, land in data.SPACES]
    suit_colour = ("#1b7837", "#b35806", "#5e3c99", "#2166ac")
    for i, _suit in enumerate(data.SUITS):
        x, y, _ = data.SPACES[(i * 37 + 11) % len(data.SPACES)]
        parts.append(tag("circle", {"cx": left + x * cell + cell / 2 - 0.5,
                                    "cy": top + y * cell + cell / 2 - 0.5, "r": cell * 0.7,
                                    "fill": suit_colour[i], "stroke": "#fff",
                                    "stroke_width": 1.2}))
    return _frame(*parts)


def groves() -> str:
    """A cluster of grove hexes in the four grove colours."""
    from pygame_engine.games.groves import data

    colour = {"yellow": "#f3dc7a", "orange": "#f2b27a", "green": "#9fd39b", "blue": "#9fc3ea"}
    spirit = {"white": "#ffffff", "yellow": "#e2b93b", "orange": "#e07b22",
              "green": "#3f8f4a", "blue": "#2f6fc0", "wraith": "#4b4453"}
    r = 22
    parts = []
    places = [(0, 0), (1, 0), (2, 0), (0.5, 1), (1.5, 1), (2.5, 1)]
    for i, (col, row) in enumerate(places):
        name = data.COLOURS[i % len(data.COLOURS)]
        cx, cy = 58 + col * r * 1.75, 38 + row * r * 1.52
        points = " ".join(f"{cx + r * dx:.1f},{cy + r * dy:.1f}" for dx, dy in
                          ((0, -1), (0.866, -0.5), (0.866, 0.5), (0, 1), (-0.866, 0.5),
                           (-0.866, -0.5)))
        parts.append(tag("polygon", {"points": points, "fill": colour[name],
                                     "stroke": "#6b6552", "stroke_width": 1.2}))
    for i, kind in enumerate(data.SPIRITS):
        parts.append(tag("circle", {"cx": 60 + i * 24, "cy": 106, "r": 6, "fill": spirit[kind],
                                    "stroke": "#333", "stroke_width": 1}))
    return _frame(*parts)


def leylines() -> str:
    """The forest: its spaces and paths, lettered spaces, hubs and markets."""
    from pygame_engine.games.leylines import data

    board_w, board_h = data.BOARD_SIZE
    scale = min((WIDTH - 16) / board_w, (HEIGHT - 12) / board_h)
    ox, oy = (WIDTH - board_w * scale) / 2, (HEIGHT - board_h * scale) / 2
    where = {s.id: (ox + s.x * scale, oy + s.y * scale) for s in data.SPACES}
    parts = [tag("line", {"x1": where[a][0], "y1": where[a][1], "x2": where[b][0],
                          "y2": where[b][1], "stroke": "#8c6d46", "stroke_width": 1.5})
             for a, b in data.PATHS]
    fill = {"plain": "#fffdf4", "letter": "#fffdf4", "hub": "#f3e3b3", "market": "#f6c9c2"}
    for s in data.SPACES:
        x, y = where[s.id]
        parts.append(tag("circle", {"cx": x, "cy": y, "r": 4.5 if s.kind != "plain" else 3.2,
                                    "fill": fill.get(s.kind, "#fff"), "stroke": "#4c5a3a",
                                    "stroke_width": 1}))
    return _frame(*parts, background="#dfe8cf")


def darkleaf_gambit() -> str:
    """The chessboard with the Huldra's starting rank and The Murg's across it."""
    from pygame_engine.games.darkleaf_gambit import data
    from pygame_engine.games.darkleaf_gambit.clans import CLAN_DATA

    cell = 13
    left, top = (WIDTH - data.SIZE * cell) / 2, (HEIGHT - data.SIZE * cell) / 2
    parts = [tag("rect", {"x": left + f * cell, "y": top + r * cell, "width": cell,
                          "height": cell, "fill": "#ece5c8" if (f + r) % 2 == 0 else "#a9bb8c"})
             for f in range(data.SIZE) for r in range(data.SIZE)]
    for clan, colour, flip in ((CLAN_DATA["huldra"], "#1b7837", False),
                               (CLAN_DATA["murg"], "#b35806", True)):
        for _unit, square in clan["start"]:
            f, rank = data.FILES.index(square[0]), int(square[1:]) - 1
            row = rank if flip else data.SIZE - 1 - rank
            col = data.SIZE - 1 - f if flip else f
            parts.append(tag("circle", {"cx": left + col * cell + cell / 2,
                                        "cy": top + row * cell + cell / 2, "r": cell * 0.36,
                                        "fill": colour, "stroke": "#fff", "stroke_width": 1}))
    return _frame(*parts)


PICTURES: dict[str, Callable[[], str]] = {
    "ley-of-the-land": ley_of_the_land, "ley-lines": ley_lines, "groves": groves,
    "leylines": leylines, "darkleaf-gambit": darkleaf_gambit,
}


def picture(game_id: str) -> str:
    """The picture of a game by id (a blank frame for a game without one)."""
    draw = PICTURES.get(game_id)
    return draw() if draw else _frame()
