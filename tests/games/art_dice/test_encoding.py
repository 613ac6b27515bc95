"""The art-dice encoding: observe() against a plain reading of the view, block by block, on
random positions and known ones; the action ids; every legal bid has an id (AD-4)."""

from __future__ import annotations

import random
from itertools import product

import pytest

from auctionhouse.core import MoveKind
from auctionhouse.core.actions import Splits
from auctionhouse.envs import encoding_for
from auctionhouse.games.art_dice import GAME
from auctionhouse.games.art_dice.cards import ARTIST_OF, CARDS, DIE
from auctionhouse.games.art_dice.state import _bid_kinds

from ...conftest import examples
from ...envs.positions import CONFIGS, config_id
from ...envs.readings import blocks_of, check_plain_reading, joined
from .helpers import deal

AD_CONFIGS = [c for c in CONFIGS if c[0] == "art-dice"]


def reference(enc, view) -> list[float]:
    """The observation read plainly from the view, block by block (what observe() must give)."""
    n, seat = view["players"], view["seat"]
    order = [(seat + i) % n for i in range(n)]
    bidding = view["phase"] == "bid"

    def one_hot(size, i):
        return [float(i == k) for k in range(size)]

    def seat_hot(q):
        return [float(p == q) for p in order]

    def by_artist(cards):
        return [sum(ARTIST_OF[c] == a for c in cards) for a in range(9)]

    on_sale = view["on_sale"]
    places = [on_sale[i] if i < len(on_sale) else None for i in range(3)]
    highest = view["highest"] + [0] * (3 - len(view["highest"]))
    leaders = view["leaders"] + [-1] * (3 - len(view["leaders"]))
    taken = [c for cards in view["collections"] for c in cards] + on_sale + view["out"]
    blocks = {
        "phase": one_hot(3, ["sale", "bid", "over"].index(view["phase"])),
        "round": [min(view["round"] / 50, 1.0)],
        "first_bidder": seat_hot(view["first_bidder"]),
        "banker": seat_hot(view["banker"]),
        "bidder": seat_hot(view["bidder"]),
        "roll": one_hot(6, view["roll"] - 1) if bidding else [0.0] * 6,
        "own_sales": one_hot(3, view["own_sales"]),
        "no_sale_rounds": one_hot(n + 1, view["no_sale_rounds"]),
        "deck_size": [view["deck_size"] / 45],
        "bank": [view["bank"] / 50],
        "sale_artist": [
            x for c in places for x in (one_hot(9, ARTIST_OF[c]) if c is not None else [0.0] * 9)
        ],
        "sale_highest": [h / 6 for h in highest],
        "sale_leader": [x for q in leaders for x in seat_hot(q)],
        "deck_artists": [(5 - k) / 5 for k in by_artist(taken)],
        "out": [k / 5 for k in by_artist(view["out"])],
        "sale_held": [
            sum(by_artist(cards)[ARTIST_OF[c]] for cards in view["collections"]) / 5
            if c is not None
            else 0
            for c in places
        ],
        "sale_deck": [
            (5 - by_artist(taken)[ARTIST_OF[c]]) / 5 if c is not None else 0 for c in places
        ],
        "later": [
            float(bidding and after(view["first_bidder"], view["bidder"], p, n)) for p in order
        ],
        "gold_reach": [min(1.0, view["deck_size"] / 3 / (view["gold"][seat] + 1) / 15)],
    }
    for r, p in enumerate(order):
        bids = view["bids"][p] + [0] * (3 - len(view["bids"][p]))
        held = by_artist(view["collections"][p])
        blocks[f"gold_{r}"] = [view["gold"][p] / 50]
        blocks[f"score_{r}"] = [view["scores"][p] / 225]
        blocks[f"bids_{r}"] = [x / 6 for x in bids]
        blocks[f"collection_{r}"] = [x for k in held for x in one_hot(6, k)]
        # what a work on sale adds to the seat (AD-8: the k+1-th work of an artist, 2k+1)
        blocks[f"gain_{r}"] = [
            (2 * held[ARTIST_OF[c]] + 1) / 11 if c is not None else 0 for c in places
        ]
    return joined(enc, blocks)


def after(first: int, bidder: int, q: int, n: int) -> bool:
    """Whether seat q bids after `bidder` in a round whose first bidder is `first` (AD-4)."""
    return (q - first) % n > (bidder - first) % n


def per_seat(blocks, name: str) -> list[float]:
    """A block of every seat's part laid end to end (the viewer first)."""
    return [x for r in range(len(blocks["later"])) for x in blocks[f"{name}_{r}"]]


def approx(xs):
    return pytest.approx(xs, rel=1e-6, abs=1e-7)


@pytest.mark.parametrize("config", AD_CONFIGS, ids=config_id)
def test_observe_is_the_plain_reading_of_the_view(config):
    check_plain_reading(config, reference)


def test_a_known_bidding_round_seen_by_the_second_seat():
    enc = encoding_for("art-dice", 3)
    # seat 0 is the first bidder; the deck's top cards 2 (artist 0) and 15 (artist 3)
    s = deal(3, [[0, 1, 10], [5, 6, 20], [44]], deck_top=(2, 15), dice=[4, 6, 3, 5])
    s.apply(0, ("sell", 10))  # rolls 4: 4 gold from the bank
    s.apply(0, ("draw", None))  # on sale: 10, 2, 15
    s.apply(0, ("bid", (0, 3, 2)))  # rolled 6
    s.apply(1, ("bid", (3, 0, 0)))  # rolled 3; seat 2 rolled 5 and bids now
    b = blocks_of(enc, enc.observation(s, 1))  # seat order: 1, 2, 0
    assert b["phase"] == [0, 1, 0] and b["round"] == approx([1 / 50])
    assert b["first_bidder"] == [0, 0, 1] and b["banker"] == [0, 1, 0]
    assert b["bidder"] == [0, 1, 0] and b["roll"] == [0, 0, 0, 0, 1, 0]
    assert b["own_sales"] == [0, 1, 0] and b["no_sale_rounds"] == [1, 0, 0, 0]
    assert b["deck_size"] == approx([36 / 45]) and b["bank"] == approx([16 / 50])
    assert per_seat(b, "gold") == approx([7 / 50, 10 / 50, 9 / 50])  # in hand: placed gold is out
    assert per_seat(b, "score") == approx([5 / 225, 1 / 225, 4 / 225])
    artists = [0.0] * 27
    artists[0 * 9 + 2] = artists[1 * 9 + 0] = artists[2 * 9 + 3] = 1.0
    assert b["sale_artist"] == artists
    assert b["sale_highest"] == approx([3 / 6, 3 / 6, 2 / 6])
    assert b["sale_leader"] == [1, 0, 0, 0, 0, 1, 0, 0, 1]
    assert per_seat(b, "bids") == approx([3 / 6, 0, 0, 0, 0, 0, 0, 3 / 6, 2 / 6])
    counts = {0: [0, 2, 0, 0, 1, 0, 0, 0, 0], 1: [0] * 8 + [1], 2: [2] + [0] * 8}
    for place, row in counts.items():
        block = b[f"collection_{place}"]
        assert block == [float(i == k) for k in row for i in range(6)]
    assert b["deck_artists"] == approx([2 / 5, 3 / 5, 4 / 5, 4 / 5, 4 / 5, 1, 1, 1, 4 / 5])
    assert b["out"] == [0] * 9
    # of the artists on sale (2, 0, 3) only seat 0 holds works: two of artist 0 (10, of
    # artist 2, was put up); seats 1, 2, 0, each place
    gain = [1 / 11] * 9
    gain[2 * 3 + 1] = 5 / 11
    assert per_seat(b, "gain") == approx(gain)
    assert b["sale_held"] == approx([0, 2 / 5, 0])
    assert b["sale_deck"] == approx([4 / 5, 2 / 5, 4 / 5])
    assert b["later"] == [0, 0, 0]  # seat 2 bids last
    assert b["gold_reach"] == approx([36 / 3 / 8 / 15])
    # seat 2 (cap 5) must beat 3, 3, 2: one work at a time
    bid = next(seg for seg in enc.actions.segments if seg.kind == "bid")
    legal = {bid.splits[a - bid.start] for a in enc.legal_actions(s, 2)}
    assert legal == {(4, 0, 0), (5, 0, 0), (0, 4, 0), (0, 5, 0), (0, 0, 3), (0, 0, 4), (0, 0, 5)}


def test_works_that_go_to_nobody_are_out():
    enc = encoding_for("art-dice", 2)
    # nobody has gold: every bidder is skipped, and two rounds without a sale end the game
    s = deal(2, [[0], [5]], deck_top=(10, 11, 44), gold=[0, 0])
    s.apply(0, ("draw", None))
    assert s.is_over() and s.view(0)["out"] == [10, 11, 44]
    b = blocks_of(enc, enc.observation(s, 1))
    assert b["phase"] == [0, 0, 1] and b["no_sale_rounds"] == [0, 0, 1]
    assert b["out"] == approx([0, 0, 2 / 5, 0, 0, 0, 0, 0, 1 / 5])
    assert b["deck_artists"] == approx([4 / 5, 4 / 5, 3 / 5, 1, 1, 1, 1, 1, 4 / 5])
    assert b["bidder"] == [0, 0] and b["roll"] == [0] * 6 and b["sale_artist"] == [0] * 27
    assert b["bank"] == [1.0] and per_seat(b, "gold") == [0, 0]


def test_the_action_ids():
    enc = encoding_for("art-dice", 4)
    labels = [enc.actions.label(a) for a in range(enc.num_actions)]
    assert labels[:45] == [f"sell {c}" for c in range(CARDS)]
    assert labels[45] == "draw" and labels[130] == "pass" and enc.num_actions == 131
    assert labels[46] == "bid 0,0,0" and labels[129] == "bid 6,0,0"
    s = deal(4, [[0, 1, 10], [5], [6], [7]])
    assert enc.legal_actions(s, 0) == [0, 1, 10, 45]  # the own works, or draw
    assert enc.legal_actions(s, 1) == []


def test_every_split_is_an_id_the_first_bidder_may_play():
    enc = encoding_for("art-dice", 3)
    bid = next(seg for seg in enc.actions.segments if seg.kind == "bid")
    assert bid.size == 84  # every triple with a total of at most 6
    s = deal(3, [[0], [5], [10]], dice=[6])
    s.apply(0, ("draw", None))  # rolled 6, 10 gold, nothing on the works yet
    ids = enc.legal_actions(s, 0)
    assert ids == [a for a in range(bid.start, bid.start + bid.size) if any(bid.splits[a - 46])]
    for a in ids:
        assert enc.action(enc.move(s, 0, a)) == a
    # two works on sale (the deck's last two cards): the triples whose third amount is 0
    deck = [1, 2]
    colls = [[c for c in range(CARDS) if c not in deck and c % 3 == p] for p in range(3)]
    s = GAME.new_state(3, setup={"deck": deck, "collections": colls, "banker": 2, "seed": 1})
    s.dice = [6]
    s.apply(0, ("draw", None))
    moves = [enc.move(s, 0, a) for a in enc.legal_actions(s, 0)]
    assert sorted(m[1] for m in moves) == sorted(
        t for t in product(range(7), repeat=2) if 0 < sum(t) <= 6
    )


def test_every_legal_bid_has_an_id():
    """AD-4: a bid's total is at most the roll, so the 84 triples hold every legal bid, for
    any cap (min(roll, gold)) and highest amounts on 1 to 3 works."""
    enc = encoding_for("art-dice", 2)
    bid = next(seg for seg in enc.actions.segments if seg.kind == "bid")
    for cap in range(1, DIE + 1):
        for works in (1, 2, 3):
            for high in product(range(DIE + 1), repeat=works):
                mk = _bid_kinds(cap, high)
                if mk.kind == "pass":
                    continue
                accepted = {t for t in product(range(DIE + 2), repeat=works) if mk.accepts(t)}
                assert {bid.arg(o, mk) for o in bid.offsets(mk)} == accepted


def test_the_splits_of_a_kind_are_those_it_accepts():
    """Splits finds a kind's offsets by set operations: the same as checking every split, for
    odd kinds too (bounds missing, negative, beyond the cap; fewer or more parts)."""
    rng = random.Random(5)
    for _ in range(examples(3000)):
        seg = Splits("s", rng.randint(1, 4), rng.randint(0, 7))
        parts = tuple((rng.randint(-2, 9), rng.randint(-2, 9)) for _ in range(rng.randint(0, 5)))
        bounds = [rng.choice([None, rng.randint(-3, 9)]) for _ in range(2)]
        mk = MoveKind("s", *bounds, parts=parts if rng.random() < 0.95 else None)
        if mk.parts is None or len(mk.parts) > seg.parts:
            plain = []
        else:
            n = len(mk.parts)
            plain = [i for i, t in enumerate(seg.splits) if not any(t[n:]) and mk.accepts(t[:n])]
        assert list(seg.offsets(mk)) == plain, (seg.parts, seg.cap, mk)
