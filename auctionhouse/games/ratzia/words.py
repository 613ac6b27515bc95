"""Ratzia in words: moves, log events (the one sentence each that every client shows) and a
seat's view."""

from __future__ import annotations

from ...core.words import seat
from .cards import NAMES, NUM_TYPES

_AUCTION_KINDS = {
    "declare": "declared",
    "full row": "forced (full row)",
    "police": "forced (Police)",
}


def card(t: int) -> str:
    return NAMES[t] if 0 <= t < NUM_TYPES else str(t)


def cards(types) -> str:
    """A list of card types as 'Driver x2, Gangster A', in type order; '-' when empty."""
    counts = [0] * NUM_TYPES
    for t in types:
        counts[t] += 1
    return counted(counts)


def counted(counts) -> str:
    parts = [card(t) + (f" x{n}" if n > 1 else "") for t, n in enumerate(counts) if n]
    return ", ".join(parts) or "-"


def move_words(move, view: dict | None = None) -> str:
    kind, arg = move
    if kind == "reveal":
        return "reveal the top card"
    if kind == "declare":
        return "declare an auction"
    if kind == "steal":
        return f"steal a {card(arg)} (discarding a Thieves)"
    if kind == "stop":
        return "stop stealing"
    if kind == "bid":
        return f"bid {arg}"
    if kind == "pass":
        return "pass"
    if kind == "discard_business":
        return f"discard a {card(arg)} for the Courthouse"
    return f"{kind} {arg}" if arg is not None else kind


def event_words(e: dict) -> str | None:
    """A public event as the sentence every client shows (seats as `{p}`: core/words.py)."""
    kind = e["event"]
    who = seat(e["seat"]) if "seat" in e else ""
    if kind == "round":
        return f"Round {e['round']} begins; {who} starts."
    if kind == "reveal":
        return f"{who} reveals a {card(e['card'])}."
    if kind == "auction":
        how = {"declare": "declares an auction", "full row": "declares (the row is full, forced)"}
        return f"{who} {how.get(e['cause'], 'starts a forced auction (Police)')}."
    if kind == "bid":
        return f"{who} bids {e['amount']}."
    if kind == "pass":
        return f"{who} passes."
    if kind == "won":
        what = cards(e["cards"]) if e["cards"] else "an empty row"
        return (
            f"{who} wins {what} with {e['price']}, taking the centre card {e['centre']} face down."
        )
    if kind == "unsold":
        return f"No bids: {cards(e['cards'])} discarded." if e["cards"] else "No bids."
    if kind == "steal":
        return f"{who} steals a {card(e['card'])}."
    if kind == "stop":
        return f"{who} stops stealing."
    if kind == "courthouse":
        if e["business"] is None:
            return f"{who} discards a Courthouse (no Business to lose)."
        return f"{who} discards a {card(e['business'])} and a Courthouse."
    if kind == "round_end":
        return f"Round {e['round']} ends: {e['cause']}."
    if kind == "scored":
        return f"Round {e['round']} scored: {_gains(e['gains'])}."
    if kind == "end":
        return f"Game end (Businesses, bidding cards): {_gains(e['gains'])}."
    return None


def _gains(gains) -> str:
    return ", ".join(f"{seat(p)} {g:+d}" if g else f"{seat(p)} 0" for p, g in enumerate(gains))


def view_lines(v: dict) -> list[tuple[str, str]]:
    lines = [
        ("round", f"{v['round']} of 3"),
        ("deck", f"{v['deck_size']} cards"),
        ("auction row", f"{cards(v['row'])} ({len(v['row'])} of 7)"),
        ("police row", f"{v['police']} of 7"),
        ("centre card", str(v["centre"])),
    ]
    for p in range(v["players"]):
        up = " ".join(map(str, v["up"][p])) or "-"
        down = " ".join(map(str, v["down"][p])) or "-"
        lines.append(
            (
                f"seat {p}",
                f"score {v['scores'][p]} · up {up} · down {down} · {counted(v['collections'][p])}",
            )
        )
    a = v["auction"]
    if a is not None:
        how = _AUCTION_KINDS[a["cause"]]
        high = f"high bid {a['high_bid']} by seat {a['high_bidder']}" if a["high_bid"] else "no bid"
        must = f"; seat {a['must_bid']} must bid" if a["must_bid"] is not None else ""
        lines.append(("auction", f"{how}, started by seat {a['starter']}; {high}{must}"))
    if v["courthouse"] is not None:
        c = v["courthouse"]
        each = "a Courthouse" if c["left"] == 1 else f"each of {c['left']} Courthouses"
        lines.append(("courthouse", f"seat {c['seat']} discards a Business for {each}"))
    return lines
