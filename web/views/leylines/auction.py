"""Leylines' Contract auction: offer, bids, the match and the Forest Friend."""

from __future__ import annotations

from pygame_engine.games.leylines.view_types import (
    AuctionView,
    LeylinesView,
)

from .. import Choice, int_field
from ..markup import esc, seat_letters, tag
from .cards import contract_card, friend_card
from .pieces import button, by_kind, ui_button


def auction_panel(view: LeylinesView, legal: list[Choice], ui: dict[str, str]) -> str:
    """The Contract auction under way, if any: the lot, the stage, the choices."""
    a = view.get("auction")
    if not a:
        return ""
    names = view["names"]
    letters = seat_letters(names)
    parts = [tag("h3", {}, esc(f"{names[a['active']]}'s Contract auction")),
             *_lot(view, a, letters), _stage_line(view, a, letters)]
    cards, row = _choices(view, a, by_kind(legal), ui)
    parts += cards
    if row:
        parts.append(tag("div", {"class": "lv-row"}, *row))
    return tag("section", {"class": "lv-auction", "aria_label": "Contract auction"}, *parts)


def _lot(view: LeylinesView, a: AuctionView, letters: str) -> list[str]:
    """The Contract auctioned, with the high bid and the order of bidding (or who took it)."""
    names, active, contract = view["names"], a["active"], a["contract"]
    if contract and a["stage"] == "friend":
        # The Contract is gone: to whichever of the two is not choosing a friend.
        winner = a["bidder"] if a["actor"] == active else active
        assert winner is not None  # a Forest Friend is offered only after a bid
        paid = f" for {a['high']} gold" if a["bidder"] is not None else " for nothing"
        return [tag("div", {"class": "lv-auction-lot"},
                    contract_card(view, contract, extra=" lv-lot"),
                    tag("p", {"class": "lv-high"},
                        esc(f"{names[winner]} took the Contract{paid}.")))]
    if contract:
        bidder = a["bidder"]
        high = (f"High bid: {a['high']} gold by {names[bidder]}"
                if bidder is not None else "No bid yet")
        return [tag("div", {"class": "lv-auction-lot"},
                    contract_card(view, contract, extra=" lv-lot"),
                    tag("div", {},
                        tag("p", {"class": "lv-high"}, esc(high)),
                        tag("p", {}, esc(f"{names[active]} does not bid, and may match "
                                         "the high bid at the end.")),
                        _bid_order(view, a, letters)))]
    return []


def _stage_line(view: LeylinesView, a: AuctionView, letters: str) -> str:
    """Who is to act in the auction, and what they may do."""
    names, actor = view["names"], a["actor"]
    text = {
        "offer": f"{names[actor]} chooses a Contract from the row to auction"
                 + ("" if a["cleared"] else " (or pays 1 gold to clear the row)") + ".",
        "bid": f"{names[actor]} to bid: more than the high bid, or pass.",
        "rebid": f"{names[actor]} may bid a second time (two players), or pass.",
        "match": f"{names[actor]} may match {a['high']} gold and take the Contract, or pass.",
        "friend": f"{names[actor]} did not get the Contract and may take a Forest Friend "
                  "(putting 1 gold on the other).",
    }.get(a["stage"], "")
    return tag("p", {"class": "lv-turn-line"}, tag(
        "span", {"class": f"seat-{actor}"},
        tag("span", {"class": "seat-dot", "aria_hidden": "true"}, letters[actor])), " ",
        esc(text))


def _choices(view: LeylinesView, a: AuctionView, kinds: dict[str, list[Choice]],
             ui: dict[str, str]) -> tuple[list[str], list[str]]:
    """The acting seat's choices: (cards to offer or befriend, the row of buttons)."""
    names = view["names"]
    cards: list[str] = []
    row: list[str] = []
    if "offer" in kinds:
        row_by_id = {c["id"]: c for c in view["contract_row"]}
        offered = [contract_card(view, contract, button(c["index"], "Auction this",
                                                        label=c["label"]))
                   for c in kinds["offer"]
                   if (contract := row_by_id.get(int_field(c, "contract")))]
        cards.append(tag("div", {"class": "lv-cards"}, *offered))
    row += [button(c["index"], esc(c["label"])) for c in kinds.get("clear", [])]
    if "bid" in kinds:
        row += _bid_stepper(kinds["bid"], ui)
    row += [button(c["index"], esc(f"Match: pay {a['high']} gold, take the Contract"),
                   cls="lv-go") for c in kinds.get("match", [])]
    if "befriend" in kinds:
        by_id = {f["id"]: f for f in view["friends"]}
        friends = [friend_card(view, f, button(c["index"], esc(c["label"])), gold=f["gold"])
                   for c in kinds["befriend"] if (f := by_id.get(int_field(c, "friend")))]
        cards.append(tag("div", {"class": "lv-cards"}, *friends))
    bidder = a["bidder"]
    label = {"match": f"Pass: {names[bidder]} pays and takes it" if bidder is not None
             else "Pass",
             "friend": "Pass: take no Forest Friend",
             "rebid": "Pass: no second bid"}.get(a["stage"], "Pass: no bid")
    row += [button(c["index"], esc(label)) for c in kinds.get("pass", [])]
    return cards, row


def _bid_order(view: LeylinesView, a: AuctionView, letters: str) -> str:
    items = []
    for p in a["order"]:
        mark = " (to bid)" if p == a["actor"] and a["stage"] in ("bid", "rebid") else ""
        if p == a["bidder"]:
            mark += f" (high bid {a['high']})"
        items.append(tag("li", {"class": f"seat-{p}"},
                         tag("span", {"class": "seat-dot", "aria_hidden": "true"}, letters[p]),
                         " ", esc(view["names"][p] + mark)))
    return tag("div", {}, tag("p", {"class": "lv-muted"}, "Bidding order (one bid each):"),
               tag("ol", {"class": "lv-order"}, *items))


def _bid_stepper(bids: list[Choice], ui: dict[str, str]) -> list[str]:
    amounts = sorted(int_field(c, "amount") for c in bids)
    by_amount = {int_field(c, "amount"): c for c in bids}
    low, high = amounts[0], amounts[-1]
    value = int(ui["bid"]) if ui.get("bid", "").isdigit() and int(ui["bid"]) in by_amount \
        else low
    steps = []
    for delta in (-5, -1, 1, 5):
        to = min(high, max(low, value + delta))
        text = f"{delta:+d}"
        steps.append(ui_button("bid", str(to), esc(text), disabled=to == value,
                                label=f"Bid {to} instead"))
    chosen = by_amount[value]
    return [tag("span", {"class": "lv-stepper", "role": "group",
                         "aria_label": f"Bid amount, {low} to {high} gold"},
                *steps[:2], button(chosen["index"], esc(chosen["label"]), cls="lv-go"),
                *steps[2:])]
