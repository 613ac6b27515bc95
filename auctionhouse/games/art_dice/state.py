"""The rules of art-dice as a state machine of small integers and flat lists.

A round (AD-3 to AD-6): the first bidder may put up one or two works of their own collection
(`sell`, one move per work, a die rolled for each at once) and then fills the places left from
the deck (`draw`); then each seat in turn from the first bidder clockwise has a die rolled for
it when its turn begins (a chance event, not a move) and places its bid (`bid`, one amount per
work on sale) or, when no legal placement exists, passes (`pass`); a seat without gold is
skipped. Then the works go to their highest bidders.
"""

from __future__ import annotations

import random
from bisect import insort
from functools import lru_cache
from typing import Any, Final

from ...core import Chance, IllegalMove, MoveKind, State
from ...core.moves import choice
from ...core.rng import shuffle_as_random
from .cards import DIE, MAX_OWN_SALES, ON_SALE, TOTAL_GOLD, WORKS_PER_ARTIST, collection_score

# phases
OFFER: Final = 0
BID: Final = 1
OVER: Final = 2
PHASE_NAMES: Final[tuple[str, ...]] = ("sale", "bid", "over")

# the skip events, built once (events are tuples (kind, ...), written out by views.py)
SKIPS: Final[tuple[tuple[str, int], ...]] = tuple(("skip", p) for p in range(8))
DRAW: Final = MoveKind("draw")
PASS: Final = MoveKind("pass")

# rolls from one 64-bit draw of the chance stream
DICE_PER_DRAW: Final = 24
DICE_SPAN: Final = DIE**DICE_PER_DRAW
DICE_LIMIT: Final = (1 << 64) // DICE_SPAN * DICE_SPAN
POOL_EMPTY: Final = DIE  # a pool below this holds only its end marker: no roll left


# the score of each collection met (AD-8), by its cards
_score_of = lru_cache(maxsize=1 << 16)(collection_score)


def _bid_kinds(cap: int, high) -> MoveKind:
    """AD-4: the bid a seat may place with `cap` = min(roll, own gold), or pass."""
    if any(h < cap for h in high):
        # each work: nothing, or from its highest + 1 up to the cap
        return MoveKind("bid", 1, cap, parts=tuple((h + 1, cap) for h in high))
    return PASS


# (cap, highest on each work) -> the legal move kind, filled as positions occur (a highest is
# at most a die roll, so this stays small)
BID_KINDS: Final[dict[tuple, MoveKind]] = {}
# the same for three works on sale (the common case), indexed by cap << 9 | h0 << 6 | h1 << 3 | h2
# (a cap and each highest are at most a die roll, below 8)
BID3_KINDS: Final[list[MoveKind | None]] = [None] * (1 << 12)


# the state's attributes in the order __init__ sets them, and the lists a clone copies
FIELDS: Final[tuple[str, ...]] = (
    "game", "num_players", "options", "setup", "history", "cash", "bank", "deck", "coll", "sale",
    "high", "leader", "banker", "fb", "phase", "actor", "done", "roll", "sold", "nosale", "round",
    "out", "chance", "dice", "pool", "events", "mark",
)  # fmt: skip
COPIED: Final = frozenset(
    ("history", "cash", "deck", "sale", "high", "leader", "out", "dice", "events")
)


class ArtDiceState(State):
    sale: list[int]
    high: list[int]
    leader: list[int]
    out: list[int]
    events: list[Any]
    dice: Any  # the rolls to come (a list), or a determinization's table of them (bytes)

    def __init__(self, game, players, options, setup, parts) -> None:
        if parts is None:  # a blank state for clone() to fill in (compiled classes need __init__)
            return
        # Fewer than 30 attributes: CPython 3.11 keeps at most 30 in its compact shared layout,
        # and past that every attribute access is slower (one more made playouts ~5% slower).
        deck, colls, banker, seed, gold, dice = parts
        self.game = game
        self.num_players = players
        self.options = options
        self.setup = setup
        self.history = []
        self.cash = list(gold)  # each seat's gold, what it placed this round included
        self.bank = TOTAL_GOLD - sum(gold)  # AD-1: the rest of the gold is the bank
        self.deck = deck[::-1]  # top card last, so drawing is pop()
        self.coll = [sorted(c) for c in colls]  # kept sorted: the sell choices as they are
        self.sale = []
        self.high = []
        self.leader = []
        self.banker = banker
        self.fb = (banker + 1) % players  # AD-2: left of the banker
        self.phase = OFFER
        self.actor = -1
        self.done = 0
        self.roll = 0
        self.sold = 0
        self.nosale = 0
        self.round = 0
        self.out = []
        self.chance = Chance(seed)
        self.dice = list(dice)[::-1]  # the setup's rolls still to come, the next one last
        self.pool = 1  # rolls drawn from the stream and not used yet (see _roll_die)
        self.events = []
        self.mark = 0  # where this round's entries begin in `events`
        self._start_round()

    # --- chance ----------------------------------------------------------------------------
    def _roll_die(self) -> int:
        """The next die roll: from the setup's list while it lasts, then from the stream.

        The stream is read 64 bits at a time: a draw below DICE_LIMIT (else drawn again) gives
        DICE_PER_DRAW unbiased rolls, its base-6 digits."""
        if self.dice:
            return self.dice.pop()
        pool = self.pool
        if pool < POOL_EMPTY:
            x = self.chance.next64()
            while x >= DICE_LIMIT:
                x = self.chance.next64()
            pool = x % DICE_SPAN + DICE_SPAN  # the leading 1 digit marks where the rolls end
        self.pool = pool // DIE
        return pool % DIE + 1

    # --- the round -----------------------------------------------------------------------
    def _start_round(self) -> None:
        self.round += 1
        self.sold = 0
        self.mark = len(self.events)
        self.events.append(("round", self.round, self.fb))
        if len(self.sale) < ON_SALE and self.coll[self.fb]:
            self.phase = OFFER  # AD-3: the first bidder may put up own works first
            self.actor = self.fb
        else:
            self._fill()

    def _fill(self) -> None:
        """AD-3: the places left are filled from the top of the deck, then bidding begins."""
        sale, deck = self.sale, self.deck
        free = ON_SALE - len(sale)
        if free > 0 and deck:
            drawn = tuple(deck[: -free - 1 : -1])  # the top of the deck is its end
            del deck[-free:]
            sale += drawn
            self.events.append(("draw", drawn))
        k = len(sale)
        self.high = [0] * k
        self.leader = [-1] * k
        self.phase = BID
        self.done = 0
        self._next_bidder()

    def _next_bidder(self) -> None:
        """AD-4: the next seat clockwise rolls the die; a seat without gold skips the roll."""
        n, gold, done = self.num_players, self.cash, self.done
        q = self.fb + done
        while done < n:
            if q >= n:
                q -= n
            if gold[q] > 0:
                self.done = done
                self.actor = q
                pool = self.pool
                if pool >= POOL_EMPTY and not self.dice:  # _roll_die's common case, inline
                    self.pool = pool // DIE
                    r = pool % DIE + 1
                else:
                    r = self._roll_die()
                self.roll = r
                self.events.append(("roll", q, r))
                return
            self.events.append(SKIPS[q])
            done += 1
            q += 1
        self.done = done
        self._end_round()

    def _end_round(self) -> None:
        """AD-5: each work goes to its highest bidder, who pays the bank; the rest of the
        placed gold goes back (it never left `cash`); unsold works stay. AD-6 and AD-7 decide
        what comes next."""
        n, cash, events, coll = self.num_players, self.cash, self.events, self.coll
        sale = self.sale
        left = []
        bank = self.bank
        leader, high = self.leader, self.high
        for i in range(len(sale)):  # by index: a zip(strict=True) costs more than the loop
            card, p = sale[i], leader[i]
            if p < 0:
                left.append(card)
                continue
            price = high[i]
            bank += price
            cash[p] -= price  # the rest of what it placed stays its own
            insort(coll[p], card)
            events.append(("won", p, card, price))
        self.bank = bank
        k = len(sale)
        if len(left) < k:
            self.nosale = 0
        else:
            self.nosale += 1
        if left:
            events.append(("unsold", tuple(left)))
        self.sale = left
        self.high = []
        self.leader = []
        self.actor = -1
        self.roll = 0
        if not self.deck and not left:
            self._finish()
        elif self.nosale >= n:
            # AD-7: N rounds in a row without a sale; the works on the table go to nobody
            self.out = left
            self.sale = []
            events.append(("stop", tuple(left)))
            self._finish()
        else:
            self.fb = (self.fb + 1) % n  # AD-6
            self._start_round()

    def _finish(self) -> None:
        self.mark = len(self.events)
        self.phase = OVER
        self.actor = -1
        self.events.append(("end",))

    # --- the protocol ----------------------------------------------------------------------
    def actors(self) -> tuple[int, ...]:
        return () if self.phase == OVER else (self.actor,)

    def next_actor(self) -> int:
        return self.actor

    def can_place(self) -> bool:
        """AD-4: some work's highest amount is below min(roll, own gold)."""
        return min(self.high, default=DIE) < min(self.roll, self.cash[self.actor])

    def legal_moves(self, player: int) -> list[MoveKind]:
        if player == self.actor and self.phase == BID:
            gold = self.cash[player]
            cap = self.roll if self.roll < gold else gold
            high = self.high
            if len(high) == 3:
                h0, h1, h2 = high
                i = cap << 9 | h0 << 6 | h1 << 3 | h2
                legal = BID3_KINDS[i]
                if legal is None:
                    legal = BID3_KINDS[i] = _bid_kinds(cap, high)
                return [legal]
            key = (cap, *high)
            legal = BID_KINDS.get(key)
            if legal is None:
                legal = BID_KINDS[key] = _bid_kinds(cap, high)
            return [legal]
        if player != self.actor or self.phase == OVER:
            return []
        return [choice("sell", tuple(self.coll[player])), DRAW]

    def apply(self, player: int, move) -> int:
        """Dispatch on the kind once; its handler checks each rule once, raising IllegalMove
        with the ruling before anything changes, then makes the move. Returns the next actor.

        (The checks read an alias, `pair`, which the compiled build holds unboxed: `move`
        itself goes to the history, not a tuple built anew.)"""
        pair: Any = move
        if type(pair) is not tuple or len(pair) != 2:
            raise IllegalMove("move", f"a move is a pair (kind, argument), not {move!r}")
        kind, arg = pair[0], pair[1]  # indexed: compiled, faster than unpacking
        if self.phase == OVER:
            raise IllegalMove("AD-7", "the game is over; no more moves")
        if player != self.actor or type(player) is not int:
            self._check_player(player)
            raise IllegalMove("turn", f"it is seat {self.actor}'s turn, not seat {player}'s")
        if kind == "bid":
            self._bid(player, arg)
        elif kind == "pass":
            self._pass(player, arg)
        elif kind == "sell":
            self._sell(player, arg)
        elif kind == "draw":
            self._draw(player, arg)
        else:
            allowed = " or ".join(mk.kind for mk in self.legal_moves(player))
            raise IllegalMove("move", f"there is no move {kind!r} now; you may {allowed}")
        self.history.append((player, move))
        return self.actor

    def _not_bidding(self, kind: str) -> None:
        raise IllegalMove(
            "AD-3",
            f"no {kind} yet: the first bidder first puts up own works (sell) or draws (draw)",
        )

    def _bid(self, p: int, arg: Any) -> None:
        """AD-4: one amount per work on sale, each 0 or above the work's highest, 1 to
        min(roll, gold) in all."""
        self._check_bid(p, arg)
        amounts: tuple[int, ...] = arg  # typed: compiled, indexed without boxing the index
        high, leader = self.high, self.leader
        for w in range(len(high)):
            a = amounts[w]
            if a:
                high[w] = a
                leader[w] = p
        self.events.append(("bid", p, arg, tuple(self.sale)))
        self.done += 1
        self._next_bidder()

    def _check_bid(self, p: int, arg: Any) -> None:
        """A bid that breaks a rule raises, naming it."""
        if self.phase != BID:
            self._not_bidding("bid")
        high = self.high
        k = len(high)
        if type(arg) is not tuple or len(arg) != k:
            raise IllegalMove(
                "AD-4", f"a bid gives one amount per work on sale ({k} amounts), not {arg!r}"
            )
        amounts: tuple = arg  # typed: compiled, indexed without boxing the index
        total = 0
        for w in range(k):
            a = amounts[w]
            if type(a) is not int or a < 0:
                raise IllegalMove(
                    "AD-4", f"an amount is a whole number of gold, 0 or more, not {a!r}"
                )
            if a:
                h = high[w]
                if a <= h:
                    raise IllegalMove(
                        "AD-4",
                        f"outbid: {a} gold on work {w + 1} does not beat the {h} already on "
                        f"it; place at least {h + 1} or nothing",
                    )
                total += a
        if not total:
            if self.can_place():
                raise IllegalMove(
                    "AD-4", "you must place at least 1 gold when you can legally place any"
                )
            raise IllegalMove("AD-4", "no amount you may place beats a work's highest: pass")
        roll = self.roll
        gold = self.cash[p]
        if total > (roll if roll < gold else gold):
            if gold < roll:
                raise IllegalMove(
                    "AD-4",
                    f"gold: you have {gold} gold, so you may place at most {gold}, not {total}",
                )
            raise IllegalMove(
                "AD-4",
                f"die limit: you rolled {roll}, so you may place at most {roll} gold in all, "
                f"not {total}",
            )

    def _pass(self, p: int, arg) -> None:
        if self.phase != BID:
            self._not_bidding("pass")
        if arg is not None:
            raise IllegalMove("move", f"pass takes no argument, not {arg!r}")
        if self.can_place():
            cap = min(self.roll, self.cash[p])
            w = next(w for w, h in enumerate(self.high) if h < cap)
            raise IllegalMove(
                "AD-4",
                f"you must place at least 1 gold when you can: e.g. {self.high[w] + 1} on "
                f"work {w + 1}",
            )
        self.events.append(("pass", p))
        self.done += 1
        self._next_bidder()

    def _sell(self, p: int, card) -> None:
        if self.phase != OFFER:
            raise IllegalMove("AD-3", "only the first bidder, before drawing, may put up own works")
        if type(card) is not int or card not in self.coll[p]:
            raise IllegalMove(
                "AD-3",
                f"you can only put up a work of your own collection {sorted(self.coll[p])}, "
                f"not {card!r}",
            )
        roll = self._roll_die()
        paid = roll if roll <= self.bank else self.bank  # AD-1: a short bank pays what it has
        self.bank -= paid
        self.cash[p] += paid
        self.coll[p].remove(card)
        self.sale.append(card)
        self.sold += 1
        self.events.append(("sell", p, card, roll, paid))
        if self.sold >= MAX_OWN_SALES or len(self.sale) >= ON_SALE or not self.coll[p]:
            self._fill()

    def _draw(self, p: int, arg) -> None:
        if self.phase != OFFER:
            raise IllegalMove("AD-3", "the works on sale are already out; bid or pass")
        if arg is not None:
            raise IllegalMove("move", f"draw takes no argument, not {arg!r}")
        self._fill()

    @property
    def bids(self) -> list[int]:
        """The amounts each seat placed on each work this round, ON_SALE places a seat (a new
        list, from this round's events)."""
        out = [0] * (self.num_players * ON_SALE)
        for e in self.events[self.mark :]:
            if e[0] == "bid":
                p = e[1]
                out[p * ON_SALE : p * ON_SALE + len(e[2])] = e[2]
        return out

    @property
    def gold(self) -> list[int]:
        """Each seat's gold in hand (a new list): its cash less what it placed this round."""
        return self.gold_with(self.bids)

    def gold_with(self, bids: list[int]) -> list[int]:
        """`gold`, given this round's `bids` already worked out."""
        gold = self.cash[:]
        for i, b in enumerate(bids):
            gold[i // ON_SALE] -= b  # ON_SALE places a seat
        return gold

    # --- the end ---------------------------------------------------------------------------
    def is_over(self) -> bool:
        return self.phase == OVER

    def scores(self) -> tuple:
        """AD-8: for each artist, n works in a collection score n x n (each collection's
        score remembered: views ask for them at every move, collections change rarely)."""
        return tuple([_score_of(tuple(c)) for c in self.coll])

    # --- information -------------------------------------------------------------------------
    def view(self, player: int | None, log: bool = True) -> dict:
        return _build_view(self, player, log)

    def clone(self) -> ArtDiceState:
        return self._copy(type(self))

    def _copy(self, cls: Any) -> ArtDiceState:
        # Attributes set one by one in __init__'s order: CPython keeps the clone's compact
        # layout (a `__dict__` copy lost it, and with it a quarter of the playout speed).
        c = cls(self.game, self.num_players, self.options, self.setup, None)
        for name in FIELDS:
            value = getattr(self, name)
            setattr(c, name, value[:] if name in COPIED else value)
        c.coll = [x[:] for x in self.coll]
        c.chance = self.chance.copy()
        return c

    def determinize(
        self, player: int, rng: random.Random, keep_sealed: bool = True
    ) -> ArtDiceState:
        """Everything on the table is public; only the deck order and the dice not yet rolled
        are unknown to every seat: the deck is reshuffled and the dice redrawn (see
        `ImaginedState`). No move is sealed, so `keep_sealed` changes nothing."""
        c = self._copy(ImaginedState)
        shuffle_as_random(rng, c.deck)
        c.chance = Chance(rng.getrandbits(64))
        c.dice = _dice_table((self.round + ROUNDS_AHEAD) * (self.num_players + MAX_OWN_SALES), rng)
        c.pool = 1  # the true state's pooled rolls are future rolls: dropped
        return c

    def move_class(self, player: int, move) -> tuple:
        """Two works of one artist are alike to every rule: putting up either is one move."""
        if type(move) is tuple and len(move) == 2 and move[0] == "sell" and type(move[1]) is int:
            return ("sell", move[1] // WORKS_PER_ARTIST)
        return move

    def snapshot(self) -> dict:
        from .views import event_dict

        return {
            "gold": self.gold,
            "bank": self.bank,
            "deck": self.deck[::-1],
            "collections": [x[:] for x in self.coll],
            "on_sale": self.sale[:],
            "highest": self.high[:],
            "leaders": self.leader[:],
            "bids": self.bids,
            "banker": self.banker,
            "first_bidder": self.fb,
            "phase": PHASE_NAMES[self.phase],
            "bidder": self.actor,
            "done": self.done,
            "roll": self.roll,
            "sold": self.sold,
            "no_sale_rounds": self.nosale,
            "round": self.round,
            "out": self.out[:],
            "chance": self.chance.state,
            "pool": self.pool,
            "dice": list(self.dice[::-1]),
            "log": [event_dict(e) for e in self.events],
        }


# a determinization's dice table covers this many rounds from the current one (games of
# heuristics last 22 rounds on average, 29 at most in 200)
ROUNDS_AHEAD: Final = 40
# byte b < 252 is the roll b % 6 + 1; 252..255 are dropped, so each roll is fair
ROLL_OF_BYTE: Final = bytes(b % DIE + 1 if b < 252 else 0 for b in range(256))
UNFAIR_BYTES: Final = bytes(range(252, 256))


def _dice_table(size: int, rng: random.Random) -> bytes:
    """`size` fair die rolls (1..6), one a byte."""
    table = b""
    while len(table) < size:
        table += rng.randbytes(size - len(table) + 16).translate(ROLL_OF_BYTE, UNFAIR_BYTES)
    return table[:size]


class ImaginedState(ArtDiceState):
    """A determinization: the dice not yet rolled are a table keyed by round, seat and
    purpose (a seat's bidding roll, the first or the second work put up), not a sequence.

    Search compares moves by playing each out in the same imagined world; a work put up takes
    a roll, so with rolls in sequence every later roll would differ between putting up and
    drawing, and the comparison would drown in that noise. Keyed, a seat's roll in a round is
    the same whatever came before it. Past the table (ROUNDS_AHEAD rounds on) rolls come from
    the chance stream."""

    def _roll_die(self) -> int:
        n = self.num_players
        slot = n + self.sold if self.phase == OFFER else self.actor
        i = self.round * (n + MAX_OWN_SALES) + slot
        table = self.dice
        if i < len(table):
            return table[i]
        return self.chance.below(DIE) + 1


# views.py reads this module's names: imported once they exist (not per call, a hot path)
from .views import build_view as _build_view  # noqa: E402
