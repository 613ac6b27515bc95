"""Going Once in words: moves, log entries (seats written `{p}`: auctionhouse/core/words.py)
and views."""

from __future__ import annotations

from auctionhouse.core.words import seat, seats


def move_words(move, view: dict | None = None) -> str:
    return f"bid {move[1]}"


def _bids(e: dict) -> str:
    return ", ".join(f"{seat(q)} {b}" for q, b in enumerate(e["bids"]))


def event_words(e: dict) -> str | None:
    kind = e["event"]
    if kind == "round":
        return f"Round {e['round']}: a lot worth {e['value']} is up; everyone bids in secret."
    if kind == "won":
        return (
            f"Bids: {_bids(e)}. {seat(e['seat'])} takes the lot worth {e['value']} "
            f"for {e['price']}."
        )
    if kind == "unsold":
        return (
            f"Bids: {_bids(e)}. {seats(e['seats'])} tie at the top, so nobody takes the lot "
            f"worth {e['value']}."
        )
    return None


def _who(p: int, me: int | None) -> str:
    return "you" if p == me else f"seat {p}"


def view_lines(v: dict) -> list[tuple[str, str]]:
    me = v["seat"]
    out = []
    if not v["over"]:
        out.append(("round", f"{v['round']} of {v['rounds']}: a lot worth {v['lot']}"))
        out.append(("lots to come", ", ".join(map(str, v["lots_left"])) or "none"))
        waiting = ", ".join(_who(p, me) for p in v["actors"])
        out.append(("waiting for", waiting))
        if v["my_bid"] is not None:
            out.append(("your bid", str(v["my_bid"])))
    for p, (coins, won) in enumerate(zip(v["coins"], v["won"], strict=True)):
        lots = ", ".join(map(str, won)) or "none"
        out.append((_who(p, me), f"coins {coins}; lots {lots} ({sum(won)} points)"))
    if v["over"]:
        res = v["result"]
        out.append(("scores", ", ".join(f"{_who(p, me)} {s}" for p, s in enumerate(res["scores"]))))
        out.append(("winner", ", ".join(_who(p, me) for p in res["winners"])))
    return out
