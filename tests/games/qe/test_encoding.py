"""Q.E.'s encoding: observe() against a plain reading of the view on random positions, block by
block on scripted auctions (ties, zero bids, a peek, the auctioneer's sight of the bids), the
money scale, and the ladder of amounts."""

from __future__ import annotations

import math

import pytest

from auctionhouse.envs import encoding_for
from auctionhouse.games.qe.encoding import EXACT, LADDER, MOST, PHASES, money

from ...envs.positions import CONFIGS, config_id
from ...envs.readings import blocks_of, check_plain_reading, close, joined
from .helpers import TILES_5, TILES_34, auction, new

QE_CONFIGS = [c for c in CONFIGS if c[0] == "qe"]


def m(x) -> float:
    """The money scale, written plainly."""
    return min(math.log2(1 + x) / 8, 2.0)


def reference(enc, view) -> list[float]:
    """The observation read plainly from the view, block by block (what observe() must give)."""
    n, seat = view["players"], view["seat"]
    order = [(seat + i) % n for i in range(n)]
    tiles = sorted(TILES_5 if n == 5 else TILES_34)
    turns = len(tiles)
    a = view["auction"] or {}

    def one_hot(size, i):
        return [float(i == k) for k in range(size)]

    def seats(chosen):
        return [float(q in chosen) for q in order]

    def money_or_0(x):
        return 0.0 if x is None else m(x)

    known, least, unknown = [0] * n, [0] * n, [0] * n
    past = {k: [0.0] * turns for k in ("open", "amount", "mine", "made", "ties")}
    winners = [[0.0] * n for _ in range(turns)]
    for rec in view["auctions"]:
        k, w = rec["turn"], rec["winner"]
        past["open"][k] = money_or_0(rec["open"])
        past["ties"][k] = len(rec["ties"]) / 3
        if rec["my_bids"]:
            past["mine"][k] = m(rec["my_bids"][-1])
            past["made"][k] = 1.0
        if w is None:
            continue
        winners[k] = seats([w])
        if rec["amount"] is not None:
            past["amount"][k] = m(rec["amount"])
            known[w] += rec["amount"]
        else:
            unknown[w] += 1
            floor = rec["open"] or 0
            if rec["my_bids"] and len(rec["ties"]) < 3:
                floor = max(floor, rec["my_bids"][-1])
            least[w] += floor + 1
    seen = [None] * n
    for row in a.get("bids", []):
        for q, x in enumerate(row):
            if x is not None:
                seen[q] = x
    ties = [seats(a["ties"][i]) if i < len(a.get("ties", [])) else [0.0] * n for i in range(2)]
    mine = a.get("my_bids", [])
    rounds = (turns + n - 1) // n
    marks = view["zero_marks"] or [[]] * n
    blocks = {
        "phase": one_hot(5, PHASES.index(view["phase"])),
        "turn": one_hot(turns, view["turn"]),
        "first_auctioneer": seats([view["first_auctioneer"]]),
        "token": one_hot(5, view["token"]),
        "nations": [x for q in order for x in one_hot(5, view["nations"][q])],
        "owned": [float(t in view["owned"][q]) for q in order for t in tiles],
        "zero_marks": [float(r in marks[q]) for q in order for r in range(rounds)],
        "peeked": [float((view["peeks"] or [None] * n)[q] is not None) for q in order],
        "spent": [m(view["spent"])],
        "spent_known": [m(known[q]) for q in order],
        "spent_least": [m(known[q] + least[q]) for q in order],
        "unknown_wins": [unknown[q] / turns for q in order],
        "tile": [float(a.get("tile") == t) for t in tiles],
        "auctioneer": seats([a.get("auctioneer")]),
        "open": [money_or_0(a.get("open"))],
        "ties": ties[0] + ties[1],
        "waiting": seats(a.get("waiting", [])),
        "my_bids": [m(mine[i]) if i < len(mine) else 0.0 for i in range(3)],
        "my_bid_made": [float(i < len(mine)) for i in range(3)],
        "seen_bids": [money_or_0(seen[q]) for q in order],
        "seen": [float(seen[q] is not None) for q in order],
        "past_winner": [x for row in winners for x in row],
        "past_open": past["open"],
        "past_amount": past["amount"],
        "past_my_bid": past["mine"],
        "past_bid_made": past["made"],
        "past_ties": past["ties"],
    }
    return joined(enc, blocks)


@pytest.mark.parametrize("config", QE_CONFIGS, ids=config_id)
def test_observe_is_the_plain_reading_of_the_view(config):
    check_plain_reading(config, reference)


def four_player_game():
    """Seat q has nation q and token q; the tiles come in TILES_34's order; seat 0 opens."""
    s = new(4)
    auction(s, 3, {1: 5, 2: 0, 3: 4})  # seat 1 wins at 5; seat 2 bid 0 (QE-9)
    auction(s, 2, {2: 6, 3: 6, 0: 1})  # seats 2 and 3 tie at 6 (QE-8) ...
    return s


def test_a_tie_seen_by_the_auctioneer_and_by_a_tied_seat():
    enc = encoding_for("qe", 4)
    s = four_player_game()
    b = blocks_of(enc, enc.observation(s, 1))  # the auctioneer; seat order 1, 2, 3, 0
    assert b["phase"] == [0, 0, 1, 0, 0] and b["auctioneer"] == [1, 0, 0, 0]
    assert b["ties"] == [0, 1, 1, 0] + [0, 0, 0, 0]
    assert b["waiting"] == [0, 1, 1, 0]
    assert close(b["seen_bids"], [0, m(6), m(6), m(1)]) and b["seen"] == [0, 1, 1, 1]
    assert close(b["spent"], [m(5)]) and close(b["spent_known"], [m(5), 0, 0, 0])
    b = blocks_of(enc, enc.observation(s, 2))  # a tied seat; seat order 2, 3, 0, 1
    assert close(b["my_bids"], [m(6), 0, 0]) and b["my_bid_made"] == [1, 0, 0]
    assert b["seen"] == [0, 0, 0, 0]


def test_what_a_seat_knows_of_the_spending_after_three_auctions():
    enc = encoding_for("qe", 4)
    s = four_player_game()
    auction(s, None, {2: 7, 3: 8})  # ... and rebid: seat 3 wins at 8, unseen by seat 2
    auction(s, 4, {3: 1, 0: 2, 1: 3})  # seat 2 opens at 4 and wins it (public, QE-7)
    auction(s, 2, {0: 5})  # seat 3 opens; seat 0 has bid, seats 1 and 2 have not
    b = blocks_of(enc, enc.observation(s, 2))  # seat order 2, 3, 0, 1
    assert b["phase"] == [0, 1, 0, 0, 0] and b["turn"] == [0, 0, 0, 1] + [0] * 12
    assert b["first_auctioneer"] == [0, 0, 1, 0]
    assert b["token"] == [0, 0, 1, 0, 0]
    assert b["nations"] == [0, 0, 1, 0, 0] + [0, 0, 0, 1, 0] + [1, 0, 0, 0, 0] + [0, 1, 0, 0, 0]
    owned = [[0.0] * 16 for _ in range(4)]
    owned[0][2] = owned[1][1] = owned[3][0] = 1.0  # the first three tiles: 0, 1, 2
    assert b["owned"] == [x for row in owned for x in row]
    assert b["zero_marks"] == [1, 0, 0, 0] + [0] * 12
    assert close(b["spent"], [m(4)])
    assert close(b["spent_known"], [m(4), 0, 0, 0])
    # seat 3 beat seat 2's rebid of 7, seat 1 the open bid of 3
    assert close(b["spent_least"], [m(4), m(8), 0, m(4)])
    assert close(b["unknown_wins"], [0, 1 / 16, 0, 1 / 16])
    assert b["tile"] == [0, 0, 0, 1] + [0] * 12
    assert b["auctioneer"] == [0, 1, 0, 0] and close(b["open"], [m(2)])
    assert b["waiting"] == [1, 0, 0, 1] and b["ties"] == [0] * 8
    assert b["my_bids"] == [0, 0, 0] and b["seen"] == [0] * 4
    winners = [0, 0, 0, 1] + [0, 1, 0, 0] + [1, 0, 0, 0] + [0] * 52
    assert b["past_winner"] == winners
    assert close(b["past_open"], [m(3), m(2), m(4)] + [0] * 13)
    assert close(b["past_amount"], [0, 0, m(4)] + [0] * 13)
    assert close(b["past_my_bid"], [0, m(7), 0] + [0] * 13)  # a bid of 0 is 0, but made
    assert b["past_bid_made"] == [1, 1, 0] + [0] * 13
    assert close(b["past_ties"], [0, 1 / 3, 0] + [0] * 13)
    # the winner knows its price
    b = blocks_of(enc, enc.observation(s, 3))  # seat order 3, 0, 1, 2
    assert close(b["spent_known"], [m(8), 0, 0, m(4)]) and b["unknown_wins"][2] == 1 / 16


def test_a_peek_makes_an_amount_known():
    enc = encoding_for("qe", 5)
    s = new(5)
    auction(s, 1, {1: 9, 2: 3, 3: 2, 4: 0})  # seat 1 wins at 9
    before = blocks_of(enc, enc.observation(s, 3))
    # seat order 3, 4, 0, 1, 2: seat 1 beat seat 3's bid of 2
    assert close(before["spent_least"], [0, 0, 0, m(3), 0])
    assert before["peeked"] == [0] * 5
    peek = enc.action(("peek", 0))
    assert peek in enc.legal_actions(s, 1)  # the opener of the next auction may look
    s.apply(1, ("open", 2))
    s.apply(2, enc.move(s, 2, peek))
    s.apply(3, enc.move(s, 3, peek))
    after = blocks_of(enc, enc.observation(s, 3))
    assert after["peeked"] == [1, 0, 0, 0, 1]
    assert close(after["past_amount"], [m(9)] + [0] * 14)
    assert close(after["spent_known"], [0, 0, 0, m(9), 0]) and after["unknown_wins"] == [0] * 5


def test_3_players_no_marks_no_peeks_and_the_last_turn():
    enc = encoding_for("qe", 3)
    assert "zero_marks" not in enc.offsets and "peeked" not in enc.offsets
    s = new(3)
    while s.auctioneer >= 0:  # the next seat wins each auction at 3
        a = s.auctioneer
        auction(s, 2, {q: 3 if q == (a + 1) % 3 else 1 for q in range(3) if q != a})
    assert s.view(0)["phase"] == "last_turn"
    b = blocks_of(enc, enc.observation(s, 0))
    assert b["phase"] == [0, 0, 0, 1, 0] and b["auctioneer"] == [0, 0, 0]
    assert b["open"] == [0] and b["waiting"] == [1, 1, 1]
    s.apply(1, ("bid", 0))
    assert enc.legal_actions(s, 0) == list(range(enc.action(("bid", 0)), enc.num_actions))


def test_money_is_a_log_scale_clipped_at_2():
    assert money(0) == 0 and money(1) == 1 / 8 and money(255) == 1.0
    assert money(4095) == m(4095) and money(4096) == m(4096)
    assert money(65_535) == 2.0 and money(10**40) == 2.0
    enc = encoding_for("qe", 4)
    s = new(4)
    auction(s, 10**30, {1: 0, 2: 0, 3: 0})  # the auctioneer wins at a huge price
    auction(s, 10**31, {})
    obs = enc.observation(s, 1)  # seat order 1, 2, 3, 0
    b = blocks_of(enc, obs)
    assert b["spent_known"] == [0, 0, 0, 2.0] and b["open"] == [2.0]
    assert all(lo <= x <= hi for x, lo, hi in zip(obs, enc.lows, enc.highs, strict=True))


def test_the_ladder_of_amounts():
    assert LADDER[: EXACT + 1] == tuple(range(EXACT + 1)) and LADDER[-1] == MOST
    assert list(LADDER) == sorted(set(LADDER))
    steps = [b / a for a, b in zip(LADDER[EXACT:], LADDER[EXACT + 1 :], strict=False)]
    assert all(1.2 < r < 1.3 for r in steps)
    for players in (3, 4, 5):
        enc = encoding_for("qe", players)
        bid, opening = enc.action(("bid", 0)), enc.action(("open", 1))
        assert [enc.action(("bid", x)) for x in LADDER] == list(range(bid, bid + len(LADDER)))
        assert (
            enc.action(("open", 0)) is None and enc.action(("open", EXACT)) == opening + EXACT - 1
        )
        for kind in ("bid", "open"):
            assert enc.action((kind, EXACT + 1)) is None  # off the ladder
            assert enc.action((kind, MOST + 1)) is None and enc.action((kind, -1)) is None
            assert enc.actions.label(enc.action((kind, MOST))) == f"{kind} {MOST}"
        peeks = [enc.action(("peek", k)) for k in range(15)]
        if players == 5:  # a finished auction of turns 0..13
            assert peeks[:14] == list(range(peeks[0], peeks[0] + 14)) and peeks[14] is None
        else:
            assert peeks == [None] * 15
        assert enc.num_actions == 2 * len(LADDER) - 1 + (14 if players == 5 else 0)


def test_a_bid_may_not_be_the_open_bid():
    enc = encoding_for("qe", 4)
    s = new(4)
    s.apply(0, ("open", 7))
    ids = enc.legal_actions(s, 1)
    bid = enc.action(("bid", 0))
    assert ids == [bid + x for x in range(7)] + list(range(bid + 8, bid + len(LADDER)))
    assert enc.action(("bid", 7)) not in ids and enc.legal_actions(s, 0) == []
