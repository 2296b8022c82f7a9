"""What a seat sees of Darkleaf Gambit: the board, the units, both clan
boards, the Will and the question waiting, as a ``DarkleafView``.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from ...core.view_types import standing_views
from . import data
from .data import square_name
from .view_types import ClanBoardView, DarkleafView, SkillView, UnitView

if TYPE_CHECKING:
    from .state import DarkleafState


def state_view(state: DarkleafState, player: int | None) -> DarkleafView:
    units: list[UnitView] = [
        {"id": u.uid, "seat": u.owner, "clan": state.clan_keys[u.owner], "type": u.kind,
         "letter": data.UNIT_LETTERS[u.kind], "square": u.sq,
         "name": square_name(u.sq) if u.sq >= 0 else None,
         "royal": u.royal, "auras": list(u.auras), "marks": dict(u.marks),
         "invulnerable": u.sq >= 0 and not state.vanquishable(u)}
        for u in state.units]
    boards: list[ClanBoardView] = []
    for p in (0, 1):
        clan = state.clans[p]
        skills: list[SkillView] = []
        for i, s in enumerate(clan.skills):
            skills.append({
                "key": s["key"], "name": s["name"], "type": s["type"],
                "slots": list(s["slots"]), "sum": list(s["sum"]) if "sum" in s else None,
                "bones": [None if b < 0 else {"bone": b, "value": state.bone_value[b],
                                              "faces": state.bone_faces[b]}
                          for b in state.rows[p][i]],
                "relics": state.relics[p][i], "relic_slots": s.get("relics", 0),
                "active": s["key"] in state.laws[p]})
        boards.append({
            "clan": state.clan_keys[p], "name": clan.name, "path": clan.data["path"],
            "progress": state.progress(p), "skills": skills,
            "pool": [{"bone": b, "faces": state.bone_faces[b]} for b in state.pool(p)],
            "bones": [{"bone": b, "faces": state.bone_faces[b], "value": state.bone_value[b]}
                      for b, o in enumerate(state.bone_owner) if o == p],
            "will_token": state.will_tokens[p], "chips": dict(state.chips[p]),
            "laws": list(state.laws[p]), "flags": list(state.flags[p]),
            "state": json.loads(json.dumps(state.clan_state[p]))})
    v: DarkleafView = {
        **state.base_view(player),
        "phase": state.phase, "current": state.current, "first": state.first,
        "turn": state.turns, "round": (state.turns + 1) // 2, "round_limit": data.ROUND_LIMIT,
        "board": list(state.board), "squares": [square_name(s) for s in range(64)],
        "units": units,
        "graveyard": [u.uid for u in state.units if u.sq < 0],
        "clans": boards, "relic_pool": state.relic_pool,
        "intent": state.intent.to_json() if state.intent else None,
        "roll": state.roll if state.rolled >= 0 else None, "last_roll": state.last_roll,
        "territory_marks": [m for p in (0, 1)
                            for m in state.clans[p].territory_marks(state, p)],
        "unit_marks": [m for p in (0, 1) for m in state.clans[p].unit_marks(state, p)],
        "last_move": json.loads(json.dumps(state.last_move)) if state.last_move else None,
        "held": [state.units[uid].sq for uid, turn in state.held.items()
                 if turn >= state.turns and state.units[uid].sq >= 0],
        "will": {"table": state.will_table, "counters": [list(c) for c in state.counters],
                 "marked": list(state.marked), "last": state.last_will},
        "pending": {"seat": state.pending[0].player, "kind": state.pending[0].kind,
                    "prompt": state.prompt()} if state.pending else None,
        "winner": state.winner, "draw": state.draw, "scores": state.scores()}
    if state.is_over():
        v["breakdown"] = state.score_breakdown()
        v["standings"] = standing_views(state.standings())
    return v
