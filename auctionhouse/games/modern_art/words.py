"""Modern Art in words: moves, log entries (the one sentence each that every client shows) and
views as text for people."""

from __future__ import annotations

from ...core.words import seat
from .deck import ARTISTS

SYMBOL_WORDS = ("open", "once around", "hidden", "fixed price", "double")


def card_words(c: int) -> str:
    return f"{ARTISTS[c // 5]} ({SYMBOL_WORDS[c % 5]})"


def cards_words(cards: list[int]) -> str:
    return " + ".join(card_words(c) for c in cards) if cards else "-"


def move_words(move, view: dict | None = None) -> str:
    kind, arg = move
    if kind in ("play", "add"):
        return f"{kind} {card_words(arg)}"
    if kind == "flip":
        return "turn up a mystery card"
    if kind == "skip":
        return "leave the mystery hand"
    return kind if arg is None else f"{kind} {arg}"


PLACES = ("1st", "2nd", "3rd")
TILES = (30, 20, 10)


def event_words(e: dict) -> str | None:
    """A public event as the sentence every client shows (seats as `{p}`: core/words.py)."""
    kind = e["event"]
    who = seat(e["seat"]) if "seat" in e else ""
    if kind == "round":
        return f"Round {e['round']} begins."
    if kind == "play":
        return f"{who} auctions {card_words(e['card'])}."
    if kind == "add":
        return f"{who} adds {card_words(e['card'])}."
    if kind == "flip":
        return f"{who} turns up {card_words(e['card'])} from the mystery hand."
    if kind == "decline":
        return f"{who} adds nothing."
    if kind == "bid":
        return f"{who} bids {e['amount']}."
    if kind == "pass":
        return f"{who} passes."
    if kind == "sealed":
        return f"{who} has chosen a hidden bid."
    if kind == "reveal":
        return "Hidden bids: " + ", ".join(f"{seat(p)} {b}" for p, b in enumerate(e["bids"])) + "."
    if kind == "price":
        return f"{who} asks a fixed price of {e['amount']}."
    if kind == "buy":
        return f"{who} buys."
    if kind == "won":
        if not e["price"]:
            return f"{who} gets {cards_words(e['cards'])} for nothing."
        to = "the bank" if e["paid_to"] < 0 else seat(e["paid_to"])
        return f"{who} gets {cards_words(e['cards'])} for {e['price']}, paid to {to}."
    if kind == "skip":
        return f"{who} leaves the mystery hand."
    if kind == "unsold":
        verb = "ends" if len(e["cards"]) == 1 else "end"
        return f"{cards_words(e['cards'])} {verb} the round unsold."
    if kind == "scored":
        ranked = ", ".join(
            f"{ARTISTS[a]} {place} (+{tile})"
            for a, place, tile in zip(e["ranking"], PLACES, TILES, strict=False)
        )
        pays = ", ".join(f"{seat(p)} {x}" for p, x in enumerate(e["gains"]))
        return f"Round {e['round']} scored: {ranked or 'no artist ranked'}. The bank pays {pays}."
    return None


def view_lines(v: dict) -> list[tuple[str, str]]:
    seat = v["seat"]
    out = [("round", f"{v['round']} of 4")]
    if v["hand"] is not None:
        out.append(("your hand", ", ".join(card_words(c) for c in v["hand"]) or "empty"))
    cash = ", ".join(
        f"{'you' if p == seat else f'seat {p}'} {'?' if c is None else c}"
        for p, c in enumerate(v["cash"])
    )
    out.append(("cash", cash))
    out.append(
        (
            "artists",
            " | ".join(
                f"{name.split()[1]}: worth {v['values'][a]}, {v['played'][a]} played"
                for a, name in enumerate(ARTISTS)
            ),
        )
    )
    bought = []
    for p, row in enumerate(v["paintings"]):
        got = ", ".join(f"{n} {ARTISTS[a].split()[1]}" for a, n in enumerate(row) if n)
        if got:
            bought.append(f"{'you' if p == seat else f'seat {p}'}: {got}")
    out.append(("paintings this round", "; ".join(bought) or "none"))
    out.append(("cards in hand", ", ".join(f"seat {p} {n}" for p, n in enumerate(v["hand_sizes"]))))
    if v["mystery_hand_size"] is not None:
        out.append(("mystery hand", f"{v['mystery_hand_size']} cards"))
    a = v["auction"]
    if a:
        if a["type"] == "mystery_flip":
            out.append(("now", f"seat {a['flipper']} may turn up a mystery card"))
        else:
            text = f"{a['type'].replace('_', ' ')} auction of {cards_words(a['cards'])} by seat {a['auctioneer']}"
            if a.get("high") is not None:
                text += f"; highest bid {a['high']} by seat {a['high_bidder']}"
            if a.get("price") is not None:
                text += f"; price {a['price']}"
            if a.get("have_bid"):
                text += f"; seats that have bid: {', '.join(map(str, a['have_bid']))}"
            if a.get("my_bid") is not None:
                text += f"; your hidden bid {a['my_bid']}"
            if a.get("passed"):
                text += f"; passed: {', '.join(map(str, a['passed']))}"
            out.append(("auction", text))
    return out
