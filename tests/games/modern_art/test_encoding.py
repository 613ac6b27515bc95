"""Modern Art's encoding: observe() against a plain reading of the view, block by block, on
known positions and random ones; the caps' ids; decks given as options; what stays hidden."""

from __future__ import annotations

import pytest

from auctionhouse.envs import encoding_for
from auctionhouse.games.modern_art.deck import ARTISTS, STANDARD, all_cards, composition
from auctionhouse.games.modern_art.encoding import AMOUNT_CAP
from auctionhouse.games.modern_art.state import DEAL, PHASE_NAMES

from ...envs import test_encodings as shared
from ...envs.positions import CONFIGS, config_id
from ...envs.readings import blocks_of, check_plain_reading
from .helpers import C, new, run

MA_CONFIGS = [c for c in CONFIGS if c[0] == "modern-art"]
# a deck option: no Doubles of Manuel Carvalho, 7 open cards of Rafael Silveira (71 cards)
ODD_DECK = {a: list(row) for a, row in zip(ARTISTS, STANDARD, strict=True)}
ODD_DECK[ARTISTS[0]] = [3, 3, 2, 2, 0]
ODD_DECK[ARTISTS[4]] = [7, 3, 3, 3, 3]


def reference(enc, view) -> list[float]:
    """The observation read plainly from the view, block by block (what observe() must give)."""
    n, seat = view["players"], view["seat"]
    order = [(seat + i) % n for i in range(n)]
    comp = composition(enc.options["deck"])
    most_of_a_type = max(map(max, comp))
    in_hand = sum(DEAL[4] if enc.options["mystery"] else DEAL[n])
    auction = view["auction"] or {}

    def money(x):
        return 0.0 if x is None else min(x / 100, 20.0)

    def one_hot(size, i):
        return [float(i == k) for k in range(size)]

    def seats(chosen):
        return [float(p in chosen) for p in order]

    hand = [view["hand"].count(c) / most_of_a_type for c in range(25)]
    blocks = {
        "phase": one_hot(len(PHASE_NAMES), PHASE_NAMES.index(view["phase"])),
        "round": one_hot(4, view["round"] - 1),
        "acting": seats(view["actors"]),
        "hand": hand,
        "hand_sizes": [view["hand_sizes"][p] / in_hand for p in order],
        "mystery_hand": [(view["mystery_hand_size"] or 0) / in_hand],
        "deck": [view["deck_size"] / len(all_cards(comp))],
        "cash": [money(view["cash"][p]) for p in order],
        "cash_shown": [float(view["cash"][p] is not None) for p in order],
        "values": [v / 120 for v in view["values"]],
        "board": [t / 30 for row in view["board"] for t in row],
        "played": [x for k in view["played"] for x in one_hot(5, k)[1:]],
        "paintings": [k / 4 for p in order for k in view["paintings"][p]],
        "lot_artist": [0.0] * 5,
        "lot_cards": [0.0] * 5,
        "auctioneer": seats([auction.get("auctioneer")]),
        "high_bid": [money(auction.get("high"))],
        "high_bidder": seats([auction.get("high_bidder")]),
        "passed": seats(auction.get("passed", [])),
        "sealed": seats(auction.get("have_bid", [])),
        "my_bid": [money(auction.get("my_bid"))],
        "price": [money(auction.get("price"))],
    }
    for c in auction.get("cards", []):
        blocks["lot_artist"][c // 5] = 1.0
        blocks["lot_cards"][c % 5] = 1.0
    blocks.update(at_a_glance(view))
    out = []
    for f in enc.features:
        block = blocks[f.name]
        out += block + [0.0] * (f.size - len(block))  # board rows not played yet
    return out


def at_a_glance(view) -> dict[str, list[float]]:
    """The numbers at a glance, read plainly: the artists sorted by cards played plus half the
    seat's own (ties by artist order), the top three worth value + tile, times the confidence;
    the lot, the limit and the margin from them (docs/encodings/modern-art.md)."""
    seat, auction, phase = view["seat"], view["auction"] or {}, view["phase"]
    played, values = view["played"], view["values"]
    mine = [sum(c // 5 == a for c in view["hand"]) for a in range(5)]
    ranked = sorted(range(5), key=lambda a: -(played[a] + mine[a] / 2))
    confidence = min(1.0, 0.55 + 0.12 * max(played))
    worth = [0.0] * 5
    for a, tile in zip(ranked, (30, 20, 10), strict=False):
        if played[a] + mine[a] / 2 > 0:
            worth[a] = (values[a] + tile) * confidence
    out = {"worth": [w / 100 for w in worth], "lot_worth": [0.0], "limit": [0.0], "margin": [0.0]}
    cards = auction.get("cards")
    if not cards:
        return out
    lot = worth[cards[0] // 5] * len(cards)
    limit = min(view["cash"][seat], int(lot * (0.9 if auction["auctioneer"] == seat else 0.6)))
    beat = {
        "open_auction": (auction.get("high") or 0) + 1,
        "once_around_auction": (auction.get("high") or 0) + 1,
        "fixed_price_auction": auction.get("price"),
    }.get(phase)
    margin = 0.0 if beat is None else max(-20.0, min(20.0, (limit - beat) / 100))
    out.update(lot_worth=[lot / 100], limit=[min(limit / 100, 20.0)], margin=[margin])
    return out


@pytest.mark.parametrize("config", MA_CONFIGS, ids=config_id)
def test_observe_is_the_plain_reading_of_the_view(config):
    check_plain_reading(config, reference)


def test_a_known_open_auction_seen_by_the_second_seat():
    enc = encoding_for("modern-art", 3)
    s = new(["MC-O MC-O RS-D RS-H", "ST-1 DM-F", "RM-O"])
    run(s, "0 play MC-O; 1 bid 5; 2 pass; 0 bid 7; 1 pass")
    b = blocks_of(enc, enc.observation(s, 1))  # seat order: 1, 2, 0
    assert b["phase"] == [float(p == "open_auction") for p in PHASE_NAMES]
    assert b["round"] == [1, 0, 0, 0]
    assert b["acting"] == [1, 1, 0]  # seat 1 passed but may bid again; seat 0 bid last
    hand = [0.0] * 25
    hand[C("ST-1")] = hand[C("DM-F")] = 0.25
    assert b["hand"] == hand
    assert b["hand_sizes"] == pytest.approx([2 / 22, 1 / 22, 3 / 22])
    assert b["deck"] == pytest.approx([63 / 70])
    assert b["cash"] == [1.0, 0, 0] and b["cash_shown"] == [1, 0, 0]
    assert b["played"] == [1, 0, 0, 0] + [0] * 16
    assert b["lot_artist"] == [1, 0, 0, 0, 0] and b["lot_cards"] == [1, 0, 0, 0, 0]
    assert b["auctioneer"] == [0, 0, 1] and b["high_bidder"] == [0, 0, 1]
    assert b["high_bid"] == pytest.approx([0.07])
    assert b["passed"] == [1, 0, 0]
    assert b["sealed"] == [0, 0, 0] and b["my_bid"] == [0] and b["price"] == [0]
    # at a glance: Manuel Carvalho leads (1 played), then Sigrid Thaler and Daniel Melim (half
    # a card each from seat 1's hand, the first of equals first); confidence 0.55 + 0.12
    assert b["worth"] == pytest.approx([0.201, 0.134, 0.067, 0, 0])
    assert b["lot_worth"] == pytest.approx([0.201])
    assert b["limit"] == pytest.approx([0.12]) and b["margin"] == pytest.approx([0.04])  # 12 - 8
    b = blocks_of(enc, enc.observation(s, 0))  # the auctioneer holds two Rafael Silveira cards
    assert b["worth"] == pytest.approx([0.201, 0, 0, 0, 0.134])
    assert b["limit"] == pytest.approx([0.18]) and b["margin"] == pytest.approx([0.10])  # 90%


def test_a_double_sold_in_a_hidden_auction_then_a_fixed_price():
    enc = encoding_for("modern-art", 3)
    s = new(["RS-D RS-H RM-F", "ST-1 DM-F", "RM-O"])
    run(s, "0 play RS-D; 0 add RS-H; 2 bid 12")
    b = blocks_of(enc, enc.observation(s, 2))  # seat order: 2, 0, 1
    assert b["phase"] == [float(p == "hidden_auction") for p in PHASE_NAMES]
    assert b["lot_artist"] == [0, 0, 0, 0, 1] and b["lot_cards"] == [0, 0, 1, 0, 1]
    assert (
        b["sealed"] == [1, 0, 0]
        and b["my_bid"] == pytest.approx([0.12])
        and b["acting"] == [0, 1, 1]
    )
    assert b["played"][4 * 4 : 4 * 5] == [0, 1, 0, 0]  # two Rafael Silveira cards
    assert blocks_of(enc, enc.observation(s, 0))["my_bid"] == [0]  # another seat's bid
    run(s, "0 bid 20; 1 bid 3; 1 play DM-F; 1 price 30")  # seat 0 won; seat 1 auctions next
    b = blocks_of(enc, enc.observation(s, 0))  # seat order: 0, 1, 2
    assert b["phase"] == [float(p == "fixed_price_auction") for p in PHASE_NAMES]
    assert (
        b["price"] == pytest.approx([0.3])
        and b["auctioneer"] == [0, 1, 0]
        and b["acting"] == [0, 0, 1]
    )
    assert b["cash"] == pytest.approx([0.8, 0, 0])  # won its own auction: paid 20 to the bank
    assert b["paintings"][4] == 0.5  # the double: two paintings of Rafael Silveira


def test_other_seats_cash_shows_only_with_open_cash_or_at_the_end():
    for open_cash in (False, True):
        enc = encoding_for("modern-art", 4, {"open_cash": open_cash})
        s = enc.game.new_state(4, {"open_cash": open_cash}, seed=3)
        before = enc.observation(s, 0)
        s.cash[2] += 50
        after = enc.observation(s, 0)
        assert (before != after) == open_cash
        assert blocks_of(enc, after)["cash_shown"] == [1.0] + [float(open_cash)] * 3
    s.phase = PHASE_NAMES.index("over")
    enc = encoding_for("modern-art", 4)
    assert blocks_of(enc, enc.observation(s, 1))["cash_shown"] == [1, 1, 1, 1]


def test_money_is_clipped_at_20():
    enc = encoding_for("modern-art", 3)
    view = enc.game.new_state(3, seed=1).view(0, log=False)
    view["cash"][0] = 5000
    assert blocks_of(enc, enc.observe(view))["cash"][0] == 20.0


def test_bids_and_prices_have_ids_up_to_the_cap():
    enc = encoding_for("modern-art", 4)
    for kind in ("bid", "price"):
        ids = [enc.action((kind, x)) for x in range(AMOUNT_CAP + 1)]
        assert ids == list(range(ids[0], ids[0] + AMOUNT_CAP + 1))
        assert enc.action((kind, AMOUNT_CAP + 1)) is None
        assert enc.action((kind, -1)) is None
    assert AMOUNT_CAP == 240
    assert enc.num_actions == 3 + 25 + 20 + 2 * 241
    # a hidden bid with 300 in cash: every amount up to the cap, not beyond
    s = new(["RS-H", "ST-1", "RM-O"])
    s.cash[1] = 300
    run(s, "0 play RS-H")
    enc = encoding_for("modern-art", 3)
    bid = next(seg for seg in enc.actions.segments if seg.kind == "bid")
    assert enc.legal_actions(s, 1) == list(range(bid.start, bid.start + AMOUNT_CAP + 1))


def test_the_mystery_flip_is_two_ids():
    enc = encoding_for("modern-art", 3, {"mystery": True})
    s = new(["MC-O", "ST-1", "RM-O"], mystery="DM-F DM-F")
    run(s, "0 play MC-O; 1 pass; 2 pass; 0 pass")
    assert s.view(0)["phase"] == "mystery_flip"
    assert sorted(enc.actions.label(a) for a in enc.legal_actions(s, 0)) == ["flip", "skip"]
    assert enc.legal_actions(s, 1) == []
    assert "flip" not in {seg.kind for seg in encoding_for("modern-art", 3).actions.segments}


def test_a_deck_option_sets_the_card_ids_and_the_scales():
    options = {"deck": ODD_DECK}
    enc = encoding_for("modern-art", 4, options)
    play = {enc.actions.label(a) for a in range(enc.num_actions)}
    assert "play 4" not in play and "add 4" not in play  # no Manuel Carvalho Double
    assert "play 20" in play and "add 20" in play
    assert "/ 7 (the most cards of one type" in enc.feature_table()
    assert "/ 71 " in enc.feature_table()  # the deck's cards
    config = ("modern-art", 4, options)
    shared.test_the_mask_is_exactly_the_legal_moves(config)
    shared.test_ids_and_moves_round_trip_and_the_observation_fits(config)
    shared.test_the_observation_is_the_same_in_every_determinization(config)
