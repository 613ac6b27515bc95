"""The Q.E. rules as a state machine of small integers (QE-4 to QE-11).

One turn is one auction. The auctioneer opens (`("open", amount)`, QE-5); every other seat
then hands in a sealed `("bid", amount)` (QE-6), in any order; once the last one is in, the
auction resolves (QE-7): a unique highest bid wins, a tie sends the tied seats to rebid (QE-8).
The 16th turn of a 3-player game has no auctioneer: all three bid (QE-10). In a 5-player game a
seat may make its one `("peek", auction)` at any moment, also while others bid (QE-11): it is a
side move that changes nobody's turn.

The current auction lives in flat fields (`rounds[r][seat]`: the bid of that seat in round r of
this auction, -1 when it did not bid; `stand[seat]`: its standing bid, the open bid for the
auctioneer). A finished auction is kept as a plain tuple, read as an `Auction` (`done`); public
events are small tuples that become dicts only in views.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from ...core import IllegalMove, Result, State, amount, choice
from .scoring import tally
from .tiles import LAST_TURN_3P

if TYPE_CHECKING:
    import random

    from ...core import Game, MoveKind

OPEN: Final = 0
BID: Final = 1
OVER: Final = 2
SPAN: Final = 10  # how far above their minimum random bots usually draw the open bid and bids

OPEN_KINDS: Final[tuple[MoveKind, ...]] = (amount("open", 1, None, SPAN),)
LAST_KINDS: Final[tuple[MoveKind, ...]] = (
    amount("bid", 0, None, SPAN),
)  # QE-10: no open bid to avoid, 0 allowed


@lru_cache(maxsize=4096)
def bid_kinds(open_bid: int) -> tuple[MoveKind, MoveKind]:
    """QE-6: a bid is any whole number from 0 up except the open bid, i.e. two ranges."""
    return (amount("bid", 0, open_bid - 1), amount("bid", open_bid + 1, None, SPAN))


@lru_cache(maxsize=64)
def peek_kind(finished: int) -> MoveKind:
    """QE-11: look at the winning bid of one of the finished auctions 0..finished-1."""
    return choice("peek", tuple(range(finished)))


_CLOCKWISE: Final = {
    n: tuple(tuple((a + i) % n for i in range(1, n)) for a in range(n)) for n in (3, 4, 5)
}


# bitmask -> seats
SEATS_OF: Final = tuple(tuple(q for q in range(5) if m >> q & 1) for m in range(32))


class Auction(NamedTuple):
    """A finished auction. `auctioneer` and `open` are -1 on the 3-player last turn, `winner`
    -1 when it had none (QE-10); `rounds[r][seat]` is -1 where that seat did not bid; `zeros`
    is the bitmask of the seats revealed as zero bidders (QE-9, 0 in 3-player games)."""

    tile: int
    auctioneer: int
    open: int
    rounds: list
    ties: tuple
    winner: int
    price: int
    zeros: int


# every attribute of a state (clone copies them, then copies the mutable ones anew)
_FIELDS: Final[tuple[str, ...]] = (
    "game", "num_players", "options", "setup", "history", "tiles", "nations", "tokens", "first",
    "nturns", "zero_rule", "peek_rule", "elimination", "owned", "spent", "zmarks", "peeked",
    "closed", "events", "auctioneers", "t", "rebid", "ties", "zmask", "stand", "sealed", "rounds",
    "auctioneer", "open", "phase", "kinds", "awaited",
)  # fmt: skip


class QEState(State):
    side_kinds = frozenset(("peek",))  # QE-11
    owned: list[list[int]]
    ties: tuple[tuple[int, ...], ...]
    awaited: tuple[int, ...]  # the seats whose move is awaited: the open bid, or sealed bids
    kinds: tuple[MoveKind, ...]

    def __init__(self, game: Game, players: int, options: dict[str, Any], setup: dict, deal):
        if deal is None:  # a blank state for clone() to fill in (compiled classes need __init__)
            return
        tiles, nations, tokens, first = deal
        self.game = game
        self.num_players = players
        self.options = options
        self.setup = setup
        self.history = []
        self.tiles = tiles
        self.nations = nations
        self.tokens = tokens
        self.first = first
        self.nturns = len(tiles)
        self.zero_rule = players > 3  # QE-9
        self.peek_rule = players == 5  # QE-11
        self.elimination = not options.get("seed_literal", False)  # QE-12, QE-15
        self.owned = [[] for _ in range(players)]
        self.spent = [0] * players
        self.zmarks = [0] * players  # bitmask of the rounds with a zero-bid mark
        self.peeked = [-1] * players
        self.closed: list[tuple] = []  # finished auctions, as plain tuples in Auction's order
        self.events: list[tuple] = []
        self.auctioneers = [(first + t) % players for t in range(self.nturns)] + [-1]
        if players == 3:  # QE-10: the 16th turn has no auctioneer
            self.auctioneers[LAST_TURN_3P] = -1
        self.t = -1
        self._next_turn()

    # --- turns ---------------------------------------------------------------------------
    def _next_turn(self) -> None:
        t = self.t = self.t + 1
        n = self.num_players
        self.rebid = 0
        self.ties = ()
        self.zmask = 0
        self.stand = [-1] * n
        self.sealed = [-1] * n  # the sealed bids of the round being played (-1: none yet)
        self.rounds = [self.sealed]
        a = self.auctioneer = self.auctioneers[t]
        if a >= 0:
            self.open = 0
            self.phase = OPEN
            self.kinds = OPEN_KINDS
            self.awaited = (a,)
        elif t < self.nturns:  # QE-10: the 3-player last turn
            self.open = -1  # no bid is ruled out
            self.phase = BID
            self.kinds = LAST_KINDS
            self.awaited = (self.first, *_CLOCKWISE[3][self.first])
            self.events.append(("last", t, self.tiles[t]))
        else:
            self.open = -1
            self.phase = OVER
            self.awaited = self.kinds = ()

    def _open(self, p: int, x: Any) -> None:
        """QE-5: the auctioneer opens with a whole number of at least 1."""
        self._check_turn(p, "open", OPEN)
        if type(x) is not int or x < 1:
            raise IllegalMove("QE-5", f"the opening bid is a whole number of at least 1, not {x!r}")
        self.open = x
        self.stand[p] = x
        self.phase = BID
        self.kinds = bid_kinds(x)
        self.awaited = _CLOCKWISE[self.num_players][p]
        self.events.append(("open", self.t, p, self.tiles[self.t], x))

    def _bid(self, p: int, x: Any) -> None:
        """QE-6 (QE-8 a rebid, QE-10 the 3-player last turn): a sealed bid, any whole number
        from 0 up except the opening bid; the last one in resolves the round."""
        self._check_turn(p, "bid", BID)
        if type(x) is not int or x < 0:
            raise IllegalMove(
                self._bid_rule(),
                f"a bid is a whole number of at least 0 (there is no upper limit), not {x!r}",
            )
        if x == self.open:
            raise IllegalMove(
                self._bid_rule(),
                f"a bid may not equal the auctioneer's opening bid of {x}: bid any whole number "
                f"from 0 up except {x}",
            )
        w = self.awaited
        if w[0] == p:
            w = w[1:]
        else:
            i = w.index(p)
            w = w[:i] + w[i + 1 :]
        self.awaited = w
        self.sealed[p] = x
        self.stand[p] = x
        if not x:
            self.zmask |= 1 << p
        if not w:
            self._resolve()

    def _resolve(self) -> None:
        """All bids of this round are in: award the tile or call the tied seats to rebid."""
        stand = self.stand
        top = max(stand)
        if stand.count(top) == 1:
            self._award(stand.index(top), top)
            return
        if self.auctioneer < 0:  # QE-10: a tie for highest on the last turn: nobody gets the tile
            self._award(-1, 0)
            return
        tied = tuple(q for q in _CLOCKWISE[self.num_players][self.auctioneer] if stand[q] == top)
        ties = self.ties = (*self.ties, tied)
        self.events.append(("tie", self.t, tied, len(ties)))
        if len(ties) == 3:  # QE-8: the highest bid that no other bid equals wins
            best = max(v for v in stand if stand.count(v) == 1)
            self._award(stand.index(best), best)
            return
        self.rebid += 1
        self.sealed = [-1] * self.num_players
        self.rounds.append(self.sealed)
        self.awaited = tied

    def _award(self, w: int, price: int) -> None:
        t, a = self.t, self.auctioneer
        tile = self.tiles[t]
        zeros = self.zmask if self.zero_rule else 0
        self.closed.append((tile, a, self.open, self.rounds, self.ties, w, price, zeros))
        if w >= 0:
            self.owned[w].append(tile)
            self.spent[w] += price
        self.events.append(("won", t, w, tile, price if w == a else None))
        if zeros:  # QE-9: the auctioneer reveals the zero bidders; one mark per round
            seats = SEATS_OF[zeros]
            bit = 1 << (t // self.num_players)
            zmarks = self.zmarks
            for q in seats:
                zmarks[q] |= bit
            self.events.append(("zero", t, seats))
        self._next_turn()

    # --- the protocol --------------------------------------------------------------------
    def actors(self) -> tuple[int, ...]:
        return self.awaited

    def next_actor(self) -> int:
        w = self.awaited
        return w[0] if w else -1

    def secret_moves(self) -> bool:
        return self.phase == BID  # QE-6: sealed bids (rebids and the 3-player last turn too)

    def legal_moves(self, player: int) -> list[MoveKind]:
        peek = self._may_peek(player)
        if player not in self.awaited:
            return [peek_kind(len(self.closed))] if peek else []
        if peek:
            return [*self.kinds, peek_kind(len(self.closed))]
        return [*self.kinds]

    def _may_peek(self, p: Any) -> bool:
        """QE-11: a 5-player seat that has not peeked, while the game runs and an auction is
        finished, whether or not it is asked to act."""
        return (
            self.peek_rule
            and bool(self.closed)
            and self.phase != OVER
            and type(p) is int
            and 0 <= p < self.num_players
            and self.peeked[p] < 0
        )

    def apply(self, p: int, move: Any) -> None:
        """Dispatch on the kind once; its handler checks each rule once, raising IllegalMove
        with the ruling before anything changes, then makes the move.

        (`move: Any`: a compiled build checks annotated arguments, and a malformed move must
        reach its IllegalMove. The checks read an alias, `pair`, which the compiled build holds
        unboxed: `move` itself goes to the history, not a tuple built anew.)"""
        self._check_player(p)
        if self.phase == OVER:
            raise IllegalMove("over", "the game is over: no more moves can be made")
        pair: Any = move
        kind: Any = None
        x: Any = None
        if type(pair) is tuple and len(pair) == 2:
            kind, x = pair[0], pair[1]  # indexed: compiled, faster than unpacking
        if kind == "bid":
            self._bid(p, x)
        elif kind == "open":
            self._open(p, x)
        elif kind == "peek":
            self._peek(p, x)
        elif isinstance(kind, str):
            self._check_turn(p, kind, OVER)  # no such move is asked for: raises
        else:
            raise IllegalMove(
                "move", f"a move is a pair (kind, argument) like ('bid', 5), not {move!r}"
            )
        self.history.append((p, move))

    def _check_turn(self, p: int, kind: str, phase: int) -> None:
        """`p` is among the seats asked to act, and the phase is `phase`, the one that asks
        for `kind` (OVER for a kind that no phase asks for)."""
        if p not in self.awaited:
            waiting = ", ".join(map(str, self.awaited))
            raise IllegalMove("turn", f"seat {p} may not act now: waiting for seat {waiting}")
        if self.phase != phase:
            want = "open" if self.phase == OPEN else "bid"
            raise IllegalMove("move", f"seat {p} must make a {want!r} move now, not {kind!r}")

    def _bid_rule(self) -> str:
        """The ruling a bid answers to: the 3-player last turn, a rebid, or a first bid."""
        return "QE-10" if self.auctioneer < 0 else "QE-8" if self.rebid else "QE-6"

    def _peek(self, p: int, k: Any) -> None:
        """QE-11: once per game, look at the winning bid of a finished auction."""
        if not self.peek_rule:
            raise IllegalMove(
                "QE-11",
                f"only in a 5-player game may a player look at a past winning bid, "
                f"not with {self.num_players} players",
            )
        if self.peeked[p] >= 0:
            raise IllegalMove(
                "QE-11",
                f"seat {p} has already looked at a winning bid (auction {self.peeked[p]}); "
                "it is once per game",
            )
        finished = len(self.closed)
        if not finished:
            raise IllegalMove(
                "QE-11", "no auction has finished yet: there is no winning bid to see"
            )
        if type(k) is not int or not 0 <= k < finished:
            raise IllegalMove(
                "QE-11", f"choose a finished auction by its turn, 0 to {finished - 1}, not {k!r}"
            )
        self.peeked[p] = k
        self.events.append(("peek", p, k))

    @property
    def done(self) -> list[Auction]:
        """The finished auctions, oldest first."""
        return [Auction._make(r) for r in self.closed]

    # --- the end -------------------------------------------------------------------------
    def is_over(self) -> bool:
        return self.phase == OVER

    def tally(self):
        """QE-12 to QE-14 on the position now (the final result once over)."""
        return tally(
            self.owned, self.nations, self.tokens, self.zmarks, self.spent, self.elimination
        )

    def scores(self) -> tuple:
        return tuple(self.tally().scores)

    def result(self) -> Result | None:
        if self.phase != OVER:
            return None
        t = self.tally()
        return Result(tuple(t.scores), t.winners)

    # --- information ---------------------------------------------------------------------
    def knows_price(self, p: int | None, k: int) -> bool:
        """Whether seat p (None: a spectator) may know the winning amount of auction k (QE-7,
        QE-11, QE-12: all spending is revealed at the end)."""
        _, auctioneer, _, _, _, winner, _, _ = self.closed[k]  # read as `Auction` lists them
        if winner < 0:
            return False
        if self.phase == OVER or winner == auctioneer:
            return True
        return p is not None and (p in (winner, auctioneer) or self.peeked[p] == k)

    def view(self, player: int | None, log: bool = True) -> dict:
        return _build_view(self, player, log)

    def determinize(self, player: int, rng: random.Random, keep_sealed: bool = True) -> QEState:
        from .determinize import determinize

        return determinize(self, player, rng, keep_sealed)

    def clone(self) -> QEState:
        c = QEState(self.game, self.num_players, self.options, self.setup, None)
        for name in _FIELDS:
            setattr(c, name, getattr(self, name))
        c.history = list(self.history)
        c.owned = [list(o) for o in self.owned]
        c.spent = list(self.spent)
        c.zmarks = list(self.zmarks)
        c.peeked = list(self.peeked)
        c.closed = list(self.closed)  # finished auctions never change
        c.events = list(self.events)
        c.stand = list(self.stand)
        c.rounds = [list(r) for r in self.rounds]
        c.sealed = c.rounds[-1]
        return c

    def snapshot(self) -> dict:
        return {
            "t": self.t,
            "phase": self.phase,
            "auctioneer": self.auctioneer,
            "open": self.open,
            "round": self.rebid,
            "rounds": [list(r) for r in self.rounds],
            "stand": list(self.stand),
            "ties": [list(x) for x in self.ties],
            "zmask": self.zmask,
            "waiting": list(self.awaited),
            "tiles": list(self.tiles),
            "nations": list(self.nations),
            "tokens": None if self.tokens is None else list(self.tokens),
            "first": self.first,
            "owned": [list(o) for o in self.owned],
            "spent": list(self.spent),
            "zmarks": list(self.zmarks),
            "peeked": list(self.peeked),
            "done": [
                [
                    r.tile,
                    r.auctioneer,
                    r.open,
                    [list(x) for x in r.rounds],
                    [list(x) for x in r.ties],
                ]
                + [r.winner, r.price, r.zeros]
                for r in self.done
            ],
            "events": [list(e) for e in self.events],
            "history": [[p, m[0], m[1]] for p, m in self.history],
        }


# views.py reads this module's constants: imported once they exist (not per call, a hot path)
from .views import build_view as _build_view  # noqa: E402
