"""art-dice in words: moves, log entries (the one sentence each that every client shows) and
views as short text for people.

Works are named from the catalog ("Artist C #2"); the works on sale are numbered 1 to 3 in the
order of `on_sale`, which is the order of the amounts in a bid."""

from __future__ import annotations

from ...core.words import seat
from .cards import ARTIST_NAMES, ARTIST_OF, WORKS_PER_ARTIST, card_name


def cards_words(cards) -> str:
    return ", ".join(card_name(c) for c in cards) if cards else "nothing"


def amounts_words(amounts, on_sale=None) -> str:
    """ "2 on Artist C #2, 1 on Artist A #5" (or "on work 1" without the works on sale)."""
    parts = []
    for w, x in enumerate(amounts):
        if x:
            work = card_name(on_sale[w]) if on_sale and w < len(on_sale) else f"work {w + 1}"
            parts.append(f"{x} on {work}")
    return ", ".join(parts) or "nothing"


def collection_words(cards) -> str:
    """A collection grouped by artist: "Artist A #1 #3, Artist C #2"."""
    by_artist: dict[int, list[int]] = {}
    for c in sorted(cards):
        by_artist.setdefault(ARTIST_OF[c], []).append(c % WORKS_PER_ARTIST + 1)
    return ", ".join(
        f"{ARTIST_NAMES[a]} " + " ".join(f"#{k}" for k in works) for a, works in by_artist.items()
    )


def move_words(move, view: dict | None = None) -> str:
    kind, arg = move
    if kind == "sell":
        return f"put up {card_name(arg)}"
    if kind == "draw":
        return "draw from the deck"
    if kind == "bid":
        return f"bid {amounts_words(arg, view['on_sale'] if view else None)}"
    if kind == "pass":
        return "pass"
    return kind if arg is None else f"{kind} {arg}"


def event_words(e: dict) -> str | None:
    """A public event as the sentence every client shows (seats as `{p}`: core/words.py)."""
    kind = e["event"]
    who = seat(e["seat"]) if "seat" in e else ""
    if kind == "round":
        return f"Round {e['round']}: {who} is the first bidder."
    if kind == "sell":
        text = f"{who} puts up {card_name(e['card'])}, rolls {e['roll']}"
        if e["gold"] < e["roll"]:
            return f"{text} and takes only {e['gold']} gold (the bank is short)."
        return f"{text} and takes {e['gold']} gold from the bank."
    if kind == "draw":
        return f"Drawn from the deck: {cards_words(e['cards'])}."
    if kind == "roll":
        return f"{who} rolls {e['roll']}."
    if kind == "skip":
        return f"{who} has no gold and skips the roll."
    if kind == "bid":
        return f"{who} places {_placed(e['amounts'], e['cards'])}."
    if kind == "pass":
        return f"{who} can beat no highest amount and passes."
    if kind == "won":
        return f"{who} buys {card_name(e['card'])} for {e['price']} gold."
    if kind == "unsold":
        return f"No bid, staying on the table: {cards_words(e['cards'])}."
    if kind == "stop":
        gone = f"; {cards_words(e['cards'])} go to nobody" if e["cards"] else ""
        return f"A round with no sale for each player in a row: the game stops{gone}."
    if kind == "end":
        return "The game is over."
    return None


def _placed(amounts, on_sale) -> str:
    """ "3 gold on Artist C #2 and 1 on Artist A #5" ("no gold" for none)."""
    parts = []
    for w, x in enumerate(amounts):
        if x:
            work = card_name(on_sale[w]) if on_sale and w < len(on_sale) else f"work {w + 1}"
            parts.append(f"{x}{'' if parts else ' gold'} on {work}")
    if len(parts) <= 1:
        return parts[0] if parts else "no gold"
    return ", ".join(parts[:-1]) + f" and {parts[-1]}"


def view_lines(v: dict) -> list[tuple[str, str]]:
    n = v["players"]
    out = [
        (
            "round",
            f"{v['round']}, first bidder seat {v['first_bidder']}; "
            f"{v['deck_size']} works left in the deck",
        ),
        (
            "gold",
            ", ".join(f"seat {p} {g}" for p, g in enumerate(v["gold"])) + f"; bank {v['bank']}",
        ),
    ]
    sale = []
    for w, c in enumerate(v["on_sale"]):
        text = f"{w + 1}. {card_name(c)}"
        if w < len(v["highest"]) and v["highest"][w]:
            text += f" ({v['highest'][w]} by seat {v['leaders'][w]})"
        sale.append(text)
    out.append(("on sale", "; ".join(sale) or "nothing"))
    if v["phase"] == "sale":
        put = f", {v['own_sales']} put up so far" if v["own_sales"] else ""
        out.append(("now", f"seat {v['first_bidder']} may put up own works or draw{put}"))
    elif v["phase"] == "bid":
        out.append(("now", f"seat {v['bidder']} rolled {v['roll']} and bids"))
    for p in range(n):
        works = collection_words(v["collections"][p]) or "no works"
        out.append((f"seat {p}", f"{works} ({v['scores'][p]} points)"))
    if v["no_sale_rounds"] and not v["over"]:
        out.append(("no sale", f"{v['no_sale_rounds']} rounds in a row (the game stops at {n})"))
    if v["out"]:
        out.append(("to nobody", cards_words(v["out"])))
    if v["over"]:
        winners = v["result"]["winners"]
        best = v["result"]["scores"][winners[0]]
        seats = " and ".join(f"seat {p}" for p in winners)
        verb = "share the win" if len(winners) > 1 else "wins"
        out.append(("result", f"{seats} {verb} with {best} points"))
    return out
