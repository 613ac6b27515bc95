"""The state protocol every game implements: a state machine changed in place, cloned for search."""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING, Any

from .errors import IllegalMove
from .moves import Move, MoveKind, move_to_json
from .result import Result, top_scorers

if TYPE_CHECKING:
    from .game import Game

RECORD_FORMAT = "auctionhouse-record/1"


class State:
    """One game in progress.

    A game's state class implements the abstract methods below. `apply` records every accepted
    move in `history`, so `record()` can write the game out and `replay` can play it again.
    """

    game: Game
    num_players: int
    options: dict[str, Any]
    setup: dict
    history: list[tuple[int, Move]]
    # Move kinds a player may also make while not among the actors: a look at something that
    # changes nobody's turn (Q.E.'s peek, QE-11). Runners ask only the actors; a person's page
    # offers these at any moment.
    side_kinds: frozenset[str] = frozenset()

    # --- who acts, and how -------------------------------------------------------------
    def actors(self) -> tuple[int, ...]:
        """The players whose decision the game waits for: one, or several (sealed bids, open
        auctions)."""
        raise NotImplementedError

    def next_actor(self) -> int:
        """The player a program should ask next when it must pick an order; -1 when over."""
        raise NotImplementedError

    def secret_moves(self) -> bool:
        """Whether the moves being made now stay secret until revealed (sealed bids). Search
        bots must not let one player's choice depend on another's secret move."""
        return False

    def legal_moves(self, player: int) -> Sequence[MoveKind]:
        """The kinds of move `player` may make now: empty for a player who is not an actor,
        except for `side_kinds` a game allows at any moment."""
        raise NotImplementedError

    def legal_kinds(self, player: int) -> Sequence[tuple]:
        """`legal_moves(player)` for programs that read the kinds only by position (the random
        bot: `Bot.plain_kinds`): each a tuple `(kind, lo, hi, choices, parts, span)`, the fields
        of a MoveKind in order, equal to the MoveKind `legal_moves` gives in its place. A game
        may build them as plain tuples, faster than MoveKinds; by default the legal moves."""
        return self.legal_moves(player)

    def apply(self, player: int, move: Move) -> int | None:
        """Apply `move` by `player` and append it to `history`, or raise IllegalMove naming
        the ruling and leave the state unchanged. One path: dispatch on the kind once; its
        handler checks each rule once, then changes the state. A game implements `_apply`, or
        overrides `apply` whole (its hot path) and appends to `history` itself; it may return
        the next actor (what `next_actor()` would), saving runners that call."""
        self._apply(player, move)
        self.history.append((player, move))
        return None

    def _apply(self, player: int, move: Move) -> None:
        """Check `move` against each rule, then make it (`apply` records it)."""
        raise NotImplementedError

    # --- the end -------------------------------------------------------------------------
    def is_over(self) -> bool:
        raise NotImplementedError

    def scores(self) -> tuple:
        """Each seat's score so far (the final score once over)."""
        raise NotImplementedError

    def result(self) -> Result | None:
        """Scores and winners (ties shared) once the game is over, else None."""
        if not self.is_over():
            return None
        scores = self.scores()
        return Result(tuple(scores), top_scorers(scores))

    # --- information ---------------------------------------------------------------------
    def view(self, player: int | None, log: bool = True) -> dict:
        """What `player` may know (None: a spectator), as a JSON-safe dict; `log=False` leaves
        out the public log (bots that do not read it decide faster)."""
        raise NotImplementedError

    def clone(self) -> State:
        raise NotImplementedError

    def determinize(self, player: int, rng: random.Random, keep_sealed: bool = True) -> State:
        """A state drawn among those consistent with `player`'s view. With `keep_sealed`
        False, the other seats' sealed moves of the step under way, made but unseen by
        `player`, are left unmade: those seats are to move again in the drawn state, so a
        search can have its model of them choose (a uniform draw is no model of a player, and
        which seats moved first is only the order a runner asked them in)."""
        raise NotImplementedError

    def move_class(self, player: int, move: Move) -> Hashable:
        """A key shared by the moves of `player` that lead to the same game up to renaming
        what no rule tells apart (in art-dice, two works of one artist): a search need try only
        one move of each class. It reads only what `player` sees. By default each move is its
        own class."""
        return move

    def snapshot(self) -> dict:
        """The whole state, hidden parts included, as JSON-safe data: two states are the same
        game position exactly when their snapshots are equal (tests and replays compare them)."""
        raise NotImplementedError

    # --- records -------------------------------------------------------------------------
    def record(self) -> dict:
        """Options, setup and every move, as JSON; `replay` turns it back into this state."""
        out = {
            "format": RECORD_FORMAT,
            "game": self.game.name,
            "players": self.num_players,
            "options": self.options,
            "setup": self.setup,
            "moves": [[p, *move_to_json(m)] for p, m in self.history],
        }
        res = self.result()
        if res is not None:
            out["result"] = res.to_json()
        return out

    # --- helpers for games -----------------------------------------------------------------
    def _check_player(self, player: int) -> None:
        if type(player) is not int or not 0 <= player < self.num_players:
            raise IllegalMove(
                "seat", f"there is no seat {player!r} at a {self.num_players}-player table"
            )
