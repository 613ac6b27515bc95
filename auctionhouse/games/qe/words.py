"""Q.E. in words: moves, log entries and views as text for people.

Turns are counted from 1 here (the data counts them from 0).
"""

from __future__ import annotations

from ...core.words import seat, seats
from .tiles import (
    COUNTRIES,
    INDUSTRIES,
    TILE_COUNTRY,
    TILE_INDUSTRY,
    TILE_VP,
    TILES_IN_PLAY,
    tile_name,
)


def tile_words(tile: int) -> str:
    return f"{tile_name(tile)} ({TILE_VP[tile]} VP)"


def seats_words(seats) -> str:
    seats = list(seats)
    if not seats:
        return "nobody"
    if len(seats) == 1:
        return f"seat {seats[0]}"
    return "seats " + ", ".join(map(str, seats[:-1])) + f" and {seats[-1]}"


def move_words(move, view: dict | None = None) -> str:
    kind, arg = move
    if kind == "open":
        return f"open the bidding at {arg}"
    if kind == "bid":
        return f"bid {arg}"
    if kind == "peek":
        text = f"look at the winning bid of turn {arg + 1}"
        if view is not None and 0 <= arg < len(view.get("auctions", ())):
            text += f" ({tile_name(view['auctions'][arg]['tile'])})"
        return text
    return kind if arg is None else f"{kind} {arg}"


def event_words(e: dict) -> str | None:
    """A public event as the sentence every client shows (seats as `{p}`: core/words.py). A
    price is said when it is public (the auctioneer's own winning bid, QE-7); a secret one stays
    out, as the log is the same for every seat (the seats that know it see it among the past
    auctions of their view)."""
    kind = e["event"]
    if kind == "open":
        return (
            f"Turn {e['turn'] + 1}: {seat(e['seat'])} auctions {tile_words(e['tile'])} "
            f"and opens at {e['amount']}."
        )
    if kind == "last_turn":
        return (
            f"Turn {e['turn'] + 1}, the last: everyone bids in secret for "
            f"{tile_words(e['tile'])} (a tie for highest and nobody gets it)."
        )
    if kind == "tie":
        then = "the highest bid nobody else made wins" if e["count"] >= 3 else "they bid again"
        return f"{seats(e['seats'])} tie for the highest bid (tie {e['count']} of 3): {then}."
    if kind == "won":
        text = f"{seat(e['seat'])} wins {tile_words(e['tile'])}"
        if e["price"] is not None:
            return f"{text} for {e['price']}, its own opening bid."
        return f"{text} for a secret price (only the winner and the auctioneer know it)."
    if kind == "unsold":
        return f"Nobody wins {tile_words(e['tile'])}: a tie for the highest bid."
    if kind == "zero_bids":
        verb = "bids 0 and marks" if len(e["seats"]) == 1 else "bid 0 and mark"
        return f"{seats(e['seats'])} {verb} 2 VP for this round."
    if kind == "peek":
        return f"{seat(e['seat'])} looks at the winning bid of turn {e['auction'] + 1}."
    return None


def _who(p: int, seat: int | None) -> str:
    return "you" if p == seat else f"seat {p}"


def _holdings(tiles: list[int]) -> str:
    if not tiles:
        return "no tiles"
    vp = sum(TILE_VP[t] for t in tiles)
    return ", ".join(tile_name(t) for t in tiles) + f" ({vp} VP)"


def _auction_line(a: dict, seat: int | None) -> str:
    text = tile_name(a["tile"])
    if a["auctioneer"] is None:
        text += ", last turn"
    else:
        text += f" by {_who(a['auctioneer'], seat)} from {a['open']}"
    if a["winner"] is None:
        return f"{text}: nobody"
    price = "?" if a["amount"] is None else a["amount"]
    return f"{text}: {_who(a['winner'], seat)} for {price}"


def view_lines(v: dict) -> list[tuple[str, str]]:
    seat = v["seat"]
    n = v["players"]
    out = []
    if not v["over"]:
        turn = f"{v['turn'] + 1} of {v['turns']}"
        if v["zero_marks"] is not None:  # rounds only matter for the zero-bid marks
            turn += f", round {v['turn'] // n + 1} of {-(-v['turns'] // n)}"
        out.append(("turn", turn))
    if seat is not None:
        me = f"seat {seat}, {COUNTRIES[v['nations'][seat]]}"
        if v["token"] is not None:
            me += f"; your secret industry token: {INDUSTRIES[v['token']]}"
        out.append(("your seat", me))
    paid = _paid(v)
    for p in range(n):
        line = f"{COUNTRIES[v['nations'][p]]}: {_holdings(v['owned'][p])}; {paid[p]}"
        if v["zero_marks"] is not None and v["zero_marks"][p]:
            line += f"; zero-bid marks in round {', '.join(str(r + 1) for r in v['zero_marks'][p])}"
        if v["peeks"] is not None and v["peeks"][p] is not None:
            line += f"; looked at turn {v['peeks'][p] + 1}"
        out.append((_who(p, seat), line))
    a = v["auction"]
    if a is not None:
        out.append(("auction", _current_line(a, seat)))
    if v["auctions"]:
        out.append(("past auctions", "; ".join(_auction_line(x, seat) for x in v["auctions"])))
        bids = [x for x in v["auctions"] if seat is not None and x["auctioneer"] == seat]
        if bids:
            out.append(("bids you saw", "; ".join(_bids_line(x) for x in bids)))
    if not v["over"]:
        gone = {x["tile"] for x in v["auctions"]} | ({a["tile"]} if a else set())
        rest = [t for t in TILES_IN_PLAY[n] if t not in gone]
        out.append(("still to come", f"{_pool_words(rest)} (VP after each country)"))
    else:
        out.extend(_final_lines(v))
    return out


def _paid(v: dict) -> list[str]:
    """What each seat is known (to this view) to have paid, and how many prices are unknown."""
    known = [0] * v["players"]
    unknown = [0] * v["players"]
    for a in v["auctions"]:
        w = a["winner"]
        if w is None:
            continue
        if a["amount"] is None:
            unknown[w] += 1
        else:
            known[w] += a["amount"]
    if v["seat"] is not None:
        known[v["seat"]], unknown[v["seat"]] = v["spent"], 0
    return [
        f"paid {k}" + (f" + {u} secret price{'s' if u > 1 else ''}" if u else "")
        for k, u in zip(known, unknown, strict=True)
    ]


def _pool_words(tiles: list[int]) -> str:
    """Tiles grouped by industry: "Agriculture: US 1, EU 4 | Financial: ..." (VP after each)."""
    groups: dict[int, list[str]] = {}
    for t in tiles:
        groups.setdefault(TILE_INDUSTRY[t], []).append(f"{COUNTRIES[TILE_COUNTRY[t]]} {TILE_VP[t]}")
    return " | ".join(f"{INDUSTRIES[i]}: {', '.join(g)}" for i, g in groups.items()) or "none"


def _current_line(a: dict, seat: int | None) -> str:
    text = tile_words(a["tile"])
    if a["auctioneer"] is None:
        text += ": last turn, everyone bids in secret"
    elif a["open"] is None:
        text += f": {_who(a['auctioneer'], seat)} to open the bidding"
    else:
        text += f": opened by {_who(a['auctioneer'], seat)} at {a['open']}"
        text += f" (bids may not equal {a['open']})"
    if a["ties"]:
        text += f"; tied: {seats_words(a['ties'][-1])}, rebid {a['rebid']}"
    if a["open"] is not None or a["auctioneer"] is None:
        text += f"; waiting for {', '.join(_who(p, seat) for p in a['waiting']) or 'nobody'}"
    if a.get("my_bids"):
        text += f"; your bids {', '.join(map(str, a['my_bids']))}"
    if a.get("bids"):
        text += "; bids seen " + " / ".join(_row(r) for r in a["bids"])
    return text


def _row(r: list) -> str:
    return ", ".join(f"seat {q} {b}" for q, b in enumerate(r) if b is not None)


def _bids_line(a: dict) -> str:
    return f"{tile_name(a['tile'])}: " + " / ".join(_row(r) for r in a["bids"])


def _final_lines(v: dict) -> list[tuple[str, str]]:
    f = v["final"]
    res = v["result"]
    seat = v["seat"]
    n = v["players"]
    out = [("spent", ", ".join(f"{_who(p, seat)} {f['spent'][p]}" for p in range(n)))]
    if f["tokens"] is not None:
        out.append(
            (
                "tokens",
                ", ".join(f"{_who(p, seat)} {INDUSTRIES[t]}" for p, t in enumerate(f["tokens"])),
            )
        )
    if f["eliminated"]:
        out.append(("eliminated", f"{seats_words(f['eliminated'])}, the biggest spender"))
    for p in range(n):
        parts = f["scoring"][p]
        detail = ", ".join(f"{k.replace('_', ' ')} {x}" for k, x in parts.items() if x)
        text = f"{res['scores'][p]} ({detail or 'nothing'})"
        if p in f["eliminated"]:
            text = f"0, eliminated (would have had {sum(parts.values())}: {detail or 'nothing'})"
        out.append((f"score {_who(p, seat)}", text))
    out.append(("winner", ", ".join(_who(p, seat) for p in res["winners"])))
    return out
