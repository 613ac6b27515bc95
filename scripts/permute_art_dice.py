"""Art-dice weights of an older feature order -> the encoding's order now (the first layer's
columns moved, nothing else): the layouts of 2026-11-27, with every seat's numbers in one
table-wide feature each (`gold`, `scores`, `bids`, `collections`, `sale_gain`), into the
per-seat blocks (`gold_r` ... `gain_r`). The network then gives the same outputs.

    python scripts/permute_art_dice.py OLD.npz NEW.npz --from places|seats
`places`: `sale_gain` place by place (each place, each seat); `seats`: seat by seat.
"""

from __future__ import annotations

import argparse
import json

import numpy as np

from auctionhouse.envs import encoding_for
from auctionhouse.games.art_dice.cards import ARTISTS, DIE, MAX_OWN_SALES
from auctionhouse.games.art_dice.cards import ON_SALE as SALE
from auctionhouse.games.art_dice.encoding import BLOCK


def old_columns(n: int, gain_by: str) -> list[tuple[str, int]]:
    """The old vector, as (feature now, index in it) per column."""
    cols = []

    def same(name: str, size: int) -> None:
        cols.extend((name, i) for i in range(size))

    for name, size in [
        ("phase", 3), ("round", 1), ("first_bidder", n), ("banker", n), ("bidder", n),
        ("roll", DIE), ("own_sales", MAX_OWN_SALES + 1), ("no_sale_rounds", n + 1), ("deck_size", 1), ("bank", 1),
    ]:  # fmt: skip
        same(name, size)
    cols += [(f"gold_{r}", 0) for r in range(n)]
    cols += [(f"score_{r}", 0) for r in range(n)]
    same("sale_artist", SALE * ARTISTS)
    same("sale_highest", SALE)
    same("sale_leader", SALE * n)
    cols += [(f"bids_{r}", i) for r in range(n) for i in range(SALE)]
    cols += [(f"collection_{r}", j) for r in range(n) for j in range(BLOCK)]
    same("deck_artists", ARTISTS)
    same("out", ARTISTS)
    if gain_by == "places":
        cols += [(f"gain_{r}", i) for i in range(SALE) for r in range(n)]
    else:
        cols += [(f"gain_{r}", i) for r in range(n) for i in range(SALE)]
    same("sale_held", SALE)
    same("sale_deck", SALE)
    same("later", n)
    same("gold_reach", 1)
    return cols


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("--from", dest="gain_by", choices=("places", "seats"), required=True)
    a = ap.parse_args()
    d = dict(np.load(a.old, allow_pickle=False))
    meta = json.loads(str(d["meta"]))
    n = meta["players"]
    enc = encoding_for("art-dice", n)
    cols = old_columns(n, a.gain_by)
    w = d["trunk0.weight"]
    if len(cols) != w.shape[1] or len(cols) != enc.size:
        raise SystemExit(f"{len(cols)} old columns, {w.shape[1]} in the file, {enc.size} now")
    new = np.zeros_like(w)
    for old, (name, i) in enumerate(cols):
        new[:, enc.offsets[name] + i] = w[:, old]
    d["trunk0.weight"] = new
    np.savez_compressed(a.new, **d)


if __name__ == "__main__":
    main()
