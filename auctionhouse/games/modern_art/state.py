"""Modern Art's rules as a state machine of small integers (rulings MA-1 to MA-20)."""

from __future__ import annotations

import random
from typing import Any, Final

from ...core import Chance, IllegalMove, MoveKind, State, amount, choice
from ...core.rng import shuffle_as_random
from .deck import DOUBLE, FIXED, HIDDEN, NUM_ARTISTS, ONCE, OPEN, card_name

# MA-4: cards dealt per player at the start of each round.
# (Final: a compiled build reads these as constants instead of looking up module globals.)
DEAL: Final = {3: (10, 6, 6, 0), 4: (9, 4, 4, 0), 5: (8, 3, 3, 0)}
TILES: Final[tuple[int, ...]] = (30, 20, 10)  # MA-5
ROUNDS: Final = 4
START_CASH: Final = 100  # MA-3
BID_SPAN: Final = 40  # random bots raise at most this much over the minimum

# Phases (who acts, and how).
PLAY: Final = 0
OFFER: Final = 1
OPEN_BIDS: Final = 2
ONCE_BIDS: Final = 3
HIDDEN_BIDS: Final = 4
SET_PRICE: Final = 5
FIXED_OFFER: Final = 6
FLIP: Final = 7
OVER: Final = 8
PHASE_NAMES: Final[tuple[str, ...]] = (
    "play",
    "double_offer",
    "open_auction",
    "once_around_auction",
    "hidden_auction",
    "set_price",
    "fixed_price_auction",
    "mystery_flip",
    "over",
)
AUCTION_PHASE: Final = {OPEN: OPEN_BIDS, ONCE: ONCE_BIDS, HIDDEN: HIDDEN_BIDS, FIXED: SET_PRICE}

PASS: Final = MoveKind("pass")
DECLINE: Final = MoveKind("decline")
BUY: Final = MoveKind("buy")
FLIP_CARD: Final = MoveKind("flip")
NO_FLIP: Final = MoveKind("skip")
ONLY_PASS: Final = [PASS]
_NO_ARG: Final = frozenset(("pass", "decline", "buy", "flip", "skip"))
_BID_KINDS: Final[dict[int, MoveKind]] = {}


def _bid_kind(lo: int, hi: int, named: bool = True) -> tuple:
    """The `bid` kind for lo..hi: a MoveKind built once per range (legal_moves runs on every
    move), or (`named` False, for `legal_kinds`) a plain tuple of its fields."""
    if not named:
        return ("bid", lo, hi, None, None, BID_SPAN)
    key = lo << 20 | hi
    mk = _BID_KINDS.get(key)
    if mk is None:
        if len(_BID_KINDS) > 50_000:
            _BID_KINDS.clear()
        mk = _BID_KINDS[key] = amount("bid", lo, hi, BID_SPAN)
    return mk


def _play_kind(hand: list[int], named: bool = True) -> tuple:
    """`play` any card of `hand`, each card once, in order (a bit per card, read lowest first:
    compiled, faster than sorting a set; hands rarely repeat, so nothing is cached); `named`
    False: a plain tuple of the kind's fields."""
    held = 0
    for c in hand:
        held |= 1 << c
    cards = []
    while held:
        low = held & -held
        cards.append(low.bit_length() - 1)
        held ^= low
    kind = tuple(cards)
    return choice("play", kind) if named else ("play", None, None, kind, None, None)


class ModernArtState(State):
    """One game of Modern Art. Cards are ints `artist * 5 + symbol` (see deck.py)."""

    __slots__ = (
        "game", "num_players", "options", "setup", "history", "events",
        "hands", "mystery", "deck", "deck_pos", "cash", "values", "board", "round",
        "played", "owned", "in_hands", "phase", "hammer", "auctioneer", "lot", "atype",
        "high", "bidder", "passed", "actor", "asked", "sealed", "price", "chance",
        "deal", "open_cash",
    )  # fmt: skip
    hands: list[list[int]]
    mystery: list[int] | Any  # None without the mystery option
    deck: list[int]
    deck_pos: int
    deal: tuple[int, ...]
    cash: list[int]
    values: list[int]
    board: list[list[int]]
    round: int
    played: list[int]
    owned: list[int]
    in_hands: int
    phase: int
    hammer: int
    auctioneer: int
    lot: list[int]
    atype: int
    high: int
    bidder: int
    passed: int
    actor: int  # the seat whose turn it is (in an open auction: asked next, clockwise)
    asked: int
    sealed: list[int] | None  # None outside a hidden auction
    price: int
    chance: Chance
    open_cash: bool
    events: list[Any]

    # --- setting up --------------------------------------------------------------------
    def __init__(self, game, players: int, options: dict, setup: dict, parsed: dict | None) -> None:
        if parsed is None:  # a blank state for clone() to fill in (compiled classes need __init__)
            return
        self.game = game
        self.num_players = n = players
        self.options = options
        self.setup = setup
        self.history = []
        self.events = []
        self.open_cash = options["open_cash"]
        self.hands = [list(h) for h in parsed["hands"]]
        self.mystery = list(parsed["mystery"]) if options["mystery"] else None
        self.deck = parsed["deck"]  # draw order; never mutated, so clones share it
        self.deck_pos = 0
        self.deal = DEAL[4] if options["mystery"] else DEAL[n]
        self.cash = [START_CASH] * n
        self.values = [0] * NUM_ARTISTS
        self.board = []  # one row of tiles per finished round
        self.round = 0
        self.played = [0] * NUM_ARTISTS
        self.owned = [0] * (n * NUM_ARTISTS)
        self.in_hands = sum(map(len, self.hands))
        self.chance = Chance(parsed["chance"])
        self.lot = []
        self.atype = -1
        self.auctioneer = self.high = self.bidder = self.actor = self.asked = -1
        self.passed = self.price = 0
        self.sealed = None
        self.phase = PLAY
        self.events.append(("round", 1))
        self._start_round(parsed["first_player"], first_deal=True)

    # --- the protocol ------------------------------------------------------------------
    def actors(self) -> tuple[int, ...]:
        ph = self.phase
        if ph == OPEN_BIDS:
            need = self.high + 1
            cash, bidder, passed = self.cash, self.bidder, self.passed
            return tuple(
                p
                for p in range(self.num_players)
                if p != bidder and (not passed >> p & 1 or cash[p] >= need)
            )
        if ph == HIDDEN_BIDS:
            sealed = self.sealed
            assert sealed is not None  # a hidden auction
            return tuple(p for p, b in enumerate(sealed) if b < 0)
        if ph == OVER:
            return ()
        return (self.actor,)

    def next_actor(self) -> int:
        ph = self.phase
        if ph == OPEN_BIDS:
            # MA-9: a program asks clockwise from the auctioneer's left, round and round,
            # skipping the highest bidder and those who passed since the last bid.
            n, p, bidder, passed = self.num_players, self.actor, self.bidder, self.passed
            for _ in range(n):
                if p != bidder and not passed >> p & 1:
                    return p
                p = p + 1 if p + 1 < n else 0
            raise AssertionError("open auction with nobody left to ask")
        if ph == HIDDEN_BIDS:
            sealed = self.sealed
            assert sealed is not None  # a hidden auction
            for p, b in enumerate(sealed):
                if b < 0:
                    return p
        return self.actor  # the one seat that acts; -1 when over

    def secret_moves(self) -> bool:
        return self.phase == HIDDEN_BIDS

    def legal_moves(self, player: int) -> list[MoveKind]:
        return self._legal(player, True)

    def legal_kinds(self, player: int) -> list[tuple]:
        return self._legal(player, False)

    def _legal(self, player: int, named: bool) -> list[Any]:
        """The legal moves: MoveKinds, or (`named` False) plain tuples of their fields where
        a kind is built for the position (a MoveKind costs a few times a tuple to build)."""
        ph = self.phase
        if ph == OPEN_BIDS:
            if player == self.bidder or not 0 <= player < self.num_players:
                return []
            lo = self.high + 1
            cash = self.cash[player]
            moves: list[Any] = [] if self.passed >> player & 1 else [PASS]
            if cash >= lo:
                moves.append(_bid_kind(lo, cash, named))
            return moves
        if ph == HIDDEN_BIDS:
            sealed = self.sealed
            assert sealed is not None  # a hidden auction
            if not 0 <= player < self.num_players or sealed[player] >= 0:
                return []
            return [_bid_kind(0, self.cash[player], named)]
        if ph == OVER or player != self.actor:
            return []
        if ph == PLAY:
            return [_play_kind(self.hands[player], named)]
        if ph == ONCE_BIDS:
            lo = self.high + 1
            cash = self.cash[player]
            if cash >= lo:
                return [PASS, _bid_kind(lo, cash, named)]
            return ONLY_PASS
        if ph == OFFER:
            fits = self._double_fits(player)
            if not fits:
                return [DECLINE]
            return [
                DECLINE,
                choice("add", fits) if named else ("add", None, None, fits, None, None),
            ]
        if ph == SET_PRICE:
            cash = self.cash[player]
            return [amount("price", 0, cash) if named else ("price", 0, cash, None, None, None)]
        if ph == FIXED_OFFER:
            return [PASS, BUY] if self.cash[player] >= self.price else ONLY_PASS
        return [NO_FLIP, FLIP_CARD]  # FLIP

    def _double_fits(self, player: int) -> tuple[int, ...]:
        base = self.lot[0] - DOUBLE  # the artist's first card id
        return tuple(sorted({c for c in self.hands[player] if base <= c < base + DOUBLE}))

    def is_over(self) -> bool:
        return self.phase == OVER

    def scores(self) -> tuple:
        return tuple(self.cash)  # MA-19: most cash wins, ties shared

    # --- moves ---------------------------------------------------------------------------
    def apply(self, player: int, move) -> None:
        # the checks narrow `pair` (compiled, held unboxed): `move` itself goes to the history,
        # not a tuple built anew from `pair`
        pair: Any = move
        if type(pair) is not tuple or len(pair) != 2:
            raise IllegalMove("move", f"a move is (kind, argument), not {move!r}")
        kind, arg = pair[0], pair[1]  # indexed: compiled, faster than unpacking
        if type(player) is not int:
            raise IllegalMove("seat", f"a seat is a whole number, not {player!r}")
        if arg is not None and kind in _NO_ARG:
            raise IllegalMove("move", f"{kind!r} takes no argument, got {arg!r}")
        ph = self.phase
        if ph == OPEN_BIDS:
            self._open_move(player, kind, arg)
        elif ph == HIDDEN_BIDS:
            self._hidden_move(player, kind, arg)
        else:
            self._turn_move(player, kind, arg, ph)
        self.history.append((player, move))

    def _turn_move(self, player: int, kind: str, arg, ph: int) -> None:
        if ph == OVER:
            raise IllegalMove("MA-19", "the game is over; no more moves")
        else:
            actor = self.actor
            if player != actor:
                self._check_player(player)
                raise IllegalMove(
                    "turn", f"it is seat {actor}'s turn to {PHASE_NAMES[ph].replace('_', ' ')}"
                )
            if ph == PLAY:
                self._play_move(player, kind, arg)
            elif ph == ONCE_BIDS:
                self._once_move(player, kind, arg)
            elif ph == OFFER:
                self._offer_move(player, kind, arg)
            elif ph == SET_PRICE:
                self._price_move(player, kind, arg)
            elif ph == FIXED_OFFER:
                self._fixed_move(player, kind, arg)
            else:
                self._flip_move(player, kind, arg)

    def _play_move(self, p: int, kind: str, c) -> None:
        if kind != "play":
            raise IllegalMove("MA-6", f"the auctioneer plays a card from hand, not {kind!r}")
        hand = self.hands[p]
        if type(c) is not int or c not in hand:
            raise IllegalMove("MA-6", f"seat {p} holds no card {c!r}; play one from hand")
        hand.remove(c)
        self.in_hands -= 1
        self.events.append(("play", p, c))
        self.auctioneer = p
        if self._count_card(c, p):
            return
        if c % 5 == DOUBLE:
            self.lot = [c]
            self.phase = OFFER
            self.actor = p
            self.asked = 0
        else:
            self._start_auction(p, [c])

    def _count_card(self, c: int, p: int) -> bool:
        """MA-14/MA-15: count a played card; end the round (True) on a 5th card or when every
        hand is empty, with the unsold cards belonging to nobody."""
        a = c // 5
        self.played[a] += 1
        if self.played[a] >= 5 or self.in_hands == 0:
            self.events.append(("unsold", [*self.lot, c] if self.phase == OFFER else [c]))
            self._end_round(p)
            return True
        return False

    def _offer_move(self, p: int, kind: str, c) -> None:
        if kind == "decline":
            self.events.append(("decline", p))
            self.asked += 1
            if self.asked == self.num_players:
                owner = self.auctioneer  # MA-13: nobody added; the Double goes free to its owner
                self._give(owner, self.lot, 0, owner)
                return
            self.actor = p + 1 if p + 1 < self.num_players else 0
            return
        if kind != "add":
            raise IllegalMove("MA-13", f"add a second card or decline, not {kind!r}")
        if c not in self._double_fits(p):
            raise IllegalMove(
                "MA-13",
                f"{card_name(c) if type(c) is int and 0 <= c < 25 else repr(c)} cannot go with "
                f"the Double {card_name(self.lot[0])}: add a card of the same artist from your "
                "hand that is not a Double",
            )
        self.hands[p].remove(c)
        self.in_hands -= 1
        self.events.append(("add", p, c))
        if self._count_card(c, p):
            return
        self.hammer = p  # play continues to the left of whoever added (MA-13)
        self.auctioneer = p
        self._start_auction(p, [self.lot[0], c])

    def _start_auction(self, auctioneer: int, lot: list[int]) -> None:
        self.lot = lot
        self.atype = t = lot[-1] % 5
        self.phase = AUCTION_PHASE[t]
        n = self.num_players
        self.high = 0
        self.bidder = -1
        left = auctioneer + 1 if auctioneer + 1 < n else 0
        if t == OPEN:
            self.passed = 0
            self.actor = left
        elif t == ONCE:
            self.actor = left
            self.asked = 0
        elif t == HIDDEN:
            self.sealed = [-1] * n
        else:
            self.actor = auctioneer  # MA-12: the auctioneer names the price

    def _check_bid(self, p: int, amount, lo: int, rule: str) -> None:
        if type(amount) is not int:
            raise IllegalMove(rule, f"a bid is a whole number, not {amount!r}")
        if amount < lo:
            what = "the first bid is at least 1" if lo == 1 else f"bid more than {lo - 1}"
            raise IllegalMove(rule, f"bid {amount} is too low: {what}")
        if amount > self.cash[p]:
            raise IllegalMove("MA-7", f"bid {amount} is more than your cash ({self.cash[p]})")

    def _open_move(self, p: int, kind: str, arg) -> None:
        if p == self.bidder:
            raise IllegalMove("MA-9", "the highest bidder cannot raise their own bid")
        self._check_player(p)
        bit = 1 << p
        if kind == "bid":
            self._check_bid(p, arg, self.high + 1, "MA-9")
            self.high = arg
            self.bidder = p
            self.passed = 0
            self.events.append(("bid", p, arg))
        elif kind == "pass":
            if self.passed & bit:
                raise IllegalMove("MA-9", "you passed already; bid or wait for a new bid")
            self.passed |= bit
            self.events.append(("pass", p))
            everyone = (1 << self.num_players) - 1
            if self.passed | (1 << self.bidder if self.bidder >= 0 else 0) == everyone:
                self._close_auction()
                return
        else:
            raise IllegalMove("MA-9", f"in an open auction you bid or pass, not {kind!r}")
        self.actor = p + 1 if p + 1 < self.num_players else 0

    def _once_move(self, p: int, kind: str, arg) -> None:
        if kind == "bid":
            self._check_bid(p, arg, self.high + 1, "MA-10")
            self.high = arg
            self.bidder = p
            self.events.append(("bid", p, arg))
        elif kind == "pass":
            self.events.append(("pass", p))
        else:
            raise IllegalMove("MA-10", f"in a once-around auction you bid or pass, not {kind!r}")
        self.asked += 1
        if self.asked == self.num_players:
            self._close_auction()
        else:
            self.actor = p + 1 if p + 1 < self.num_players else 0

    def _hidden_move(self, p: int, kind: str, arg) -> None:
        self._check_player(p)
        sealed = self.sealed
        assert sealed is not None  # a hidden auction
        if sealed[p] >= 0:
            raise IllegalMove("MA-11", "you have already chosen your hidden bid")
        if kind != "bid":
            raise IllegalMove(
                "MA-11", f"in a hidden auction everyone bids (0 allowed), not {kind!r}"
            )
        self._check_bid(p, arg, 0, "MA-11")
        sealed[p] = arg
        self.events.append(("sealed", p))
        if any(b < 0 for b in sealed):  # bids still to come
            return
        bids = sealed
        best = max(bids)
        n, a = self.num_players, self.auctioneer
        # MA-11: the auctioneer wins a tie they are in, else the first tied seat clockwise.
        winner = a
        if bids[a] != best:
            winner = next(q % n for q in range(a + 1, a + n) if bids[q % n] == best)
        self.events.append(("reveal", list(bids)))
        self.high, self.bidder = best, winner
        self.sealed = None
        self._close_auction()

    def _price_move(self, p: int, kind: str, arg) -> None:
        if kind != "price":
            raise IllegalMove("MA-12", f"the auctioneer names a price, not {kind!r}")
        if type(arg) is not int or not 0 <= arg <= self.cash[p]:
            raise IllegalMove(
                "MA-12", f"name a price from 0 to your cash ({self.cash[p]}), not {arg!r}"
            )
        self.price = arg
        self.events.append(("price", p, arg))
        self.phase = FIXED_OFFER
        self.actor = p + 1 if p + 1 < self.num_players else 0
        self.asked = 0

    def _fixed_move(self, p: int, kind: str, arg) -> None:
        if kind == "buy":
            if self.cash[p] < self.price:
                raise IllegalMove("MA-12", f"you cannot pay {self.price}; pass")
            self.events.append(("buy", p))
            self._give(p, self.lot, self.price, self.auctioneer)
            return
        if kind != "pass":
            raise IllegalMove("MA-12", f"buy at the fixed price or pass, not {kind!r}")
        self.events.append(("pass", p))
        self.asked += 1
        if self.asked == self.num_players - 1:  # all passed: the auctioneer must buy
            self._give(self.auctioneer, self.lot, self.price, self.auctioneer)
        else:
            self.actor = p + 1 if p + 1 < self.num_players else 0

    def _close_auction(self) -> None:
        if self.bidder < 0:  # MA-8: nobody bid, the auctioneer gets it free
            self._give(self.auctioneer, self.lot, 0, self.auctioneer)
        else:
            self._give(self.bidder, self.lot, self.high, self.auctioneer)

    def _give(self, winner: int, lot: list[int], price: int, auctioneer: int) -> None:
        """MA-7: the winner pays the auctioneer, or the bank when the auctioneer wins."""
        self.cash[winner] -= price
        if winner != auctioneer:
            self.cash[auctioneer] += price
        self.owned[winner * NUM_ARTISTS + lot[0] // 5] += len(lot)
        self.events.append(
            ("won", winner, price, list(lot), -1 if winner == auctioneer else auctioneer)
        )
        self.lot = []
        self.atype = -1
        self.bidder = -1
        self.high = -1
        if self.mystery:  # MA-20: whoever ran the auction may turn up a mystery card
            self.phase = FLIP
            self.actor = auctioneer
        else:
            self._pass_hammer()

    def _flip_move(self, p: int, kind: str, arg) -> None:
        if kind == "skip":
            self.events.append(("skip", p))
        elif kind == "flip":
            m = self.mystery
            i = self.chance.below(len(m))
            c = m[i]
            m[i] = m[-1]
            m.pop()
            self.events.append(("flip", p, c))
            if self._count_card(c, p):
                return
        else:
            raise IllegalMove("MA-20", f"turn up a mystery card or skip, not {kind!r}")
        self._pass_hammer()

    # --- turns and rounds ------------------------------------------------------------------
    def _pass_hammer(self) -> None:
        """MA-6: the next player clockwise who holds cards; the same one if nobody else does."""
        n, hands, h = self.num_players, self.hands, self.hammer
        for i in range(1, n + 1):
            q = (h + i) % n
            if hands[q]:
                self.hammer = q
                break
        self.phase = PLAY
        self.actor = self.hammer
        self.auctioneer = -1

    def _end_round(self, ender: int) -> None:
        """MA-16/MA-17: rank the artists, place tiles, sell the paintings; then deal on."""
        played = self.played
        ranked = sorted((a for a in range(NUM_ARTISTS) if played[a]), key=lambda a: -played[a])[:3]
        tiles = [0] * NUM_ARTISTS
        for a, tile in zip(ranked, TILES, strict=False):
            tiles[a] = tile
            self.values[a] += tile
        self.board.append(tiles)
        n = self.num_players
        payouts = [0] * n
        for p in range(n):
            base = p * NUM_ARTISTS
            payouts[p] = sum(self.owned[base + a] * self.values[a] for a in ranked)
            self.cash[p] += payouts[p]
        owned = self.owned
        sold = [owned[p * NUM_ARTISTS : (p + 1) * NUM_ARTISTS] for p in range(n)]
        self.events.append(
            ("scored", self.round + 1, list(played), ranked, payouts, list(self.values), sold)
        )
        self.owned = [0] * (n * NUM_ARTISTS)
        self.played = [0] * NUM_ARTISTS
        self.lot = []
        self.round += 1
        if self.round == ROUNDS:
            self.phase = OVER
            self.auctioneer = self.hammer = self.actor = -1
            return
        self.events.append(("round", self.round + 1))
        self._start_round(ender + 1)

    def _start_round(self, first: int, first_deal: bool = False) -> None:
        n = self.num_players
        if not first_deal:
            self._deal(self.deal[self.round])
        if self.in_hands == 0:  # nobody can play: the round ends with nothing played
            self._end_round(first - 1)
            return
        for i in range(n):  # MA-18: the first seat from `first` clockwise that holds cards
            q = (first + i) % n
            if self.hands[q]:
                self.hammer = q
                break
        self.phase = PLAY
        self.actor = self.hammer
        self.auctioneer = -1

    def _deal(self, count: int) -> None:
        """Deal `count` cards from the deck to each seat in order, then to the mystery hand;
        a short deck deals what it has."""
        deck, pos = self.deck, self.deck_pos
        for hand in self.hands:
            take = deck[pos : pos + count]
            hand.extend(take)
            pos += len(take)
            self.in_hands += len(take)
        if self.mystery is not None:
            take = deck[pos : pos + count]
            self.mystery.extend(take)
            pos += len(take)
        self.deck_pos = pos

    # --- copies ------------------------------------------------------------------------
    def clone(self) -> ModernArtState:
        c = ModernArtState(self.game, self.num_players, self.options, self.setup, None)
        for name in _SHARED:
            setattr(c, name, getattr(self, name))
        c.history = list(self.history)
        c.events = list(self.events)
        c.hands = [list(h) for h in self.hands]
        c.mystery = None if self.mystery is None else list(self.mystery)
        c.cash = list(self.cash)
        c.values = list(self.values)
        c.board = list(self.board)
        c.played = list(self.played)
        c.owned = list(self.owned)
        c.lot = list(self.lot)
        c.sealed = None if self.sealed is None else list(self.sealed)
        c.chance = self.chance.copy()
        return c

    def determinize(
        self, player: int, rng: random.Random, keep_sealed: bool = True
    ) -> ModernArtState:
        """Other hands, the mystery hand and the deck reshuffled among the cards `player` has
        not seen; pending hidden bids of others redrawn (left unmade without `keep_sealed`);
        future chance reseeded. Cash is kept: every payment is public (MA-3), so it follows
        from what `player` saw."""
        c = self.clone()
        others = [q for q in range(self.num_players) if q != player]
        unseen = [x for q in others for x in c.hands[q]]
        unseen += c.mystery or []
        unseen += self.deck[self.deck_pos :]
        shuffle_as_random(rng, unseen)
        pos = 0
        for q in others:
            k = len(c.hands[q])
            c.hands[q] = unseen[pos : pos + k]
            pos += k
        if c.mystery is not None:
            k = len(c.mystery)
            c.mystery = unseen[pos : pos + k]
            pos += k
        c.deck = unseen[pos:]
        c.deck_pos = 0
        sealed = c.sealed
        if sealed is not None:
            tail = len(c.history) - sum(b >= 0 for b in sealed)
            if keep_sealed:
                for q in others:
                    if sealed[q] >= 0:
                        sealed[q] = rng.randint(0, c.cash[q])
                c.history[tail:] = [(q, ("bid", sealed[q])) for q, _ in c.history[tail:]]
            else:
                unmade = {q for q in others if sealed[q] >= 0}
                for q in unmade:
                    sealed[q] = -1
                c.history[tail:] = [(q, m) for q, m in c.history[tail:] if q not in unmade]
                # the auction's ("sealed", q) events end `events`: nothing else happens meanwhile
                events = c.events
                start = len(events)
                while start and events[start - 1][0] == "sealed":
                    start -= 1
                events[start:] = [e for e in events[start:] if e[1] not in unmade]
        c.chance = Chance(rng.getrandbits(63))
        c.setup = {"determinized_for": player}  # the true deal stays with the true state
        return c

    def snapshot(self) -> dict:
        """The whole state, the deck order included (keys fixed: kept records hash it)."""
        return _plain(
            {
                "hands": self.hands,
                "mystery": self.mystery,
                "deck": self.deck[self.deck_pos :],
                "cash": self.cash,
                "values": self.values,
                "board": self.board,
                "round": self.round,
                "played": self.played,
                "owned": self.owned,
                "in_hands": self.in_hands,
                "phase": self.phase,
                "hammer": self.hammer,
                "auctioneer": self.auctioneer,
                "lot": self.lot,
                "atype": self.atype,
                "high": self.high,
                "bidder": self.bidder,
                "passed": self.passed,
                "cursor": self.actor,
                "asked": self.asked,
                "sealed": self.sealed,
                "price": self.price,
                "chance": self.chance.state,
                "events": self.events,
                "history": [[p, m] for p, m in self.history],
            }
        )

    def view(self, player: int | None, log: bool = True) -> dict:
        return _build_view(self, player, log)


_SHARED: Final[tuple[str, ...]] = (
    "game", "num_players", "options", "setup", "deck", "deck_pos", "round", "in_hands",
    "phase", "hammer", "auctioneer", "atype", "high", "bidder", "passed", "actor", "asked",
    "price", "deal", "open_cash",
)  # fmt: skip


def _plain(x):
    if isinstance(x, (list, tuple)):
        return [_plain(v) for v in x]
    if isinstance(x, dict):
        return {k: _plain(v) for k, v in x.items()}
    return x


# views.py reads this module's names: imported once they exist (not per call, a hot path)
from .views import build_view as _build_view  # noqa: E402
