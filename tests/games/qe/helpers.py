"""Explicit Q.E. deals and short ways to play scripted auctions on them."""

from __future__ import annotations

from auctionhouse.games.qe import GAME

# Tile ids (docs/rules/qe.md, "How it is written"): industry rows, country columns.
US_AGR, EU_AGR, CN_AGR, JP_AGR, UK_AGR = 0, 1, 2, 3, 4
US_FIN, EU_FIN, CN_FIN, JP_FIN, UK_FIN = 5, 6, 7, 8, 9
US_MAN, EU_MAN, CN_MAN, JP_MAN = 10, 11, 12, 13
US_HOU, EU_HOU, CN_HOU, JP_HOU = 14, 15, 16, 17
CN_GOV, JP_GOV, UK_GOV = 18, 19, 20
US, EU, CN, JP, UK = range(5)
AGR, FIN, MAN, HOU, GOV = range(5)

TILES_34 = [0, 1, 2, 3, 5, 6, 7, 8, 10, 11, 12, 13, 14, 15, 16, 17]
TILES_5 = [1, 2, 4, 5, 6, 9, 10, 11, 13, 14, 16, 17, 18, 19, 20]


def deal(players: int, *, tiles=None, nations=None, tokens="default", first: int = 0) -> dict:
    """A written-out setup: tiles in the listed order, seat i gets nation i and token i."""
    if tiles is None:
        tiles = TILES_5 if players == 5 else TILES_34
    if nations is None:
        nations = list(range(players))
    if tokens == "default":
        tokens = list(range(players))
    return {"tiles": list(tiles), "nations": list(nations), "tokens": tokens, "first": first}


def new(players: int, options=None, **kw):
    return GAME.new_state(players, options, setup=deal(players, **kw))


def auction(s, open_bid, bids: dict[int, int]):
    """The auctioneer opens with `open_bid` (None on the 3-player last turn), then each seat of
    `bids` bids, in the dict's order."""
    if open_bid is not None:
        s.apply(s.auctioneer, ("open", open_bid))
    for seat, amount in bids.items():
        s.apply(seat, ("bid", amount))
    return s


def quiet_turn(s, winner: int, price: int):
    """One turn that `winner` wins at `price`, with no zero bid and no tie: the auctioneer opens
    at `price` if it wins (the others bid 1; price >= 2), else at 1 and the others bid 2 (price
    >= 3). On the 3-player last turn the others bid 1 (price >= 2)."""
    a = s.auctioneer
    if a < 0:
        for q in list(s.awaited):
            s.apply(q, ("bid", price if q == winner else 1))
        return s
    if winner == a:
        assert price >= 2
        s.apply(a, ("open", price))
        for q in list(s.awaited):
            s.apply(q, ("bid", 1))
        return s
    assert price >= 3
    s.apply(a, ("open", 1))
    for q in list(s.awaited):
        s.apply(q, ("bid", price if q == winner else 2))
    return s


def the_auctioneer_wins_the_rest(s, price: int = 2):
    """Play the remaining turns with the auctioneer winning each at `price` (on the 3-player
    last turn, the first auctioneer)."""
    while not s.is_over():
        quiet_turn(s, s.auctioneer if s.auctioneer >= 0 else s.first, price)
    return s


# The QE-2 table cell by cell, written out again for the tests' own recomputations:
# tile id -> (country, industry, VP).
TILE_TABLE = {
    US_AGR: (US, AGR, 1), EU_AGR: (EU, AGR, 4), CN_AGR: (CN, AGR, 2), JP_AGR: (JP, AGR, 3),
    UK_AGR: (UK, AGR, 3), US_FIN: (US, FIN, 2), EU_FIN: (EU, FIN, 3), CN_FIN: (CN, FIN, 4),
    JP_FIN: (JP, FIN, 1), UK_FIN: (UK, FIN, 4), US_MAN: (US, MAN, 3), EU_MAN: (EU, MAN, 2),
    CN_MAN: (CN, MAN, 1), JP_MAN: (JP, MAN, 4), US_HOU: (US, HOU, 4), EU_HOU: (EU, HOU, 1),
    CN_HOU: (CN, HOU, 3), JP_HOU: (JP, HOU, 2), CN_GOV: (CN, GOV, 4), JP_GOV: (JP, GOV, 3),
    UK_GOV: (UK, GOV, 2),
}  # fmt: skip
