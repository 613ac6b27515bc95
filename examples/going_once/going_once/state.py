"""The rules (GO-1 to GO-4, README.md) as a state machine, its views and its determinization.

Every round every seat hands in one sealed `("bid", amount)`, in any order; the last one in
resolves the round. Rounds are counted from 1 in views and events (events.py), from 0 in `r`.
`bids[seat]` is the seat's bid of the round under way (-1: not yet made).
"""

from __future__ import annotations

import random
from typing import Any

from auctionhouse.core import IllegalMove, MoveKind, State, amount


class GoingOnceState(State):
    def __init__(self, game, players: int, options: dict[str, Any], setup: dict) -> None:
        self.game = game
        self.num_players = players
        self.options = options
        self.setup = setup
        self.history = []
        self.lots: list[int] = list(setup["lots"])  # GO-1: the face-down order, top first
        self.r = 0  # the round under way; len(lots) once over
        self.coins = [options["coins"]] * players
        self.won: list[list[int]] = [[] for _ in range(players)]
        self.bids = [-1] * players
        self.events: list[dict] = [{"event": "round", "round": 1, "value": self.lots[0]}]

    # --- who acts, and how ----------------------------------------------------------------
    def actors(self) -> tuple[int, ...]:
        if self.is_over():
            return ()
        return tuple(q for q, b in enumerate(self.bids) if b < 0)

    def next_actor(self) -> int:
        waiting = self.actors()
        return waiting[0] if waiting else -1

    def secret_moves(self) -> bool:
        return not self.is_over()  # GO-2: every bid is sealed until the round resolves

    def legal_moves(self, player: int) -> list[MoveKind]:
        if player not in self.actors():
            return []
        return [amount("bid", 0, self.coins[player])]

    def _apply(self, player: int, move: Any) -> None:
        self._check_player(player)
        if self.is_over():
            raise IllegalMove("over", "the game is over: no more moves can be made")
        if type(move) is not tuple or len(move) != 2 or move[0] != "bid":
            raise IllegalMove("move", f"the one move is ('bid', amount), not {move!r}")
        if self.bids[player] >= 0:
            raise IllegalMove("GO-2", f"seat {player} has already bid this round")
        x, most = move[1], self.coins[player]
        if type(x) is not int or not 0 <= x <= most:
            raise IllegalMove(
                "GO-2", f"a bid is a whole number from 0 to your {most} coins, not {x!r}"
            )
        self.bids[player] = x
        if min(self.bids) >= 0:
            self._resolve()

    def _resolve(self) -> None:
        """GO-3: the one highest bid takes the lot and pays; a tie for highest, nobody."""
        bids, value = self.bids, self.lots[self.r]
        top = max(bids)
        tied = [q for q, b in enumerate(bids) if b == top]
        event = {"round": self.r + 1, "value": value, "bids": list(bids)}
        if len(tied) == 1:
            w = tied[0]
            self.coins[w] -= top
            self.won[w].append(value)
            self.events.append({"event": "won", "seat": w, "price": top, **event})
        else:
            self.events.append({"event": "unsold", "seats": tied, **event})
        self.r += 1
        self.bids = [-1] * self.num_players
        if self.r < len(self.lots):
            self.events.append({"event": "round", "round": self.r + 1, "value": self.lots[self.r]})

    # --- the end --------------------------------------------------------------------------
    def is_over(self) -> bool:
        return self.r == len(self.lots)

    def scores(self) -> tuple:
        return tuple(sum(w) + c for w, c in zip(self.won, self.coins, strict=True))  # GO-4

    # --- information ----------------------------------------------------------------------
    def view(self, player: int | None, log: bool = True) -> dict:
        over = self.is_over()
        out: dict[str, Any] = {
            "game": self.game.name,
            "players": self.num_players,
            "seat": player,
            "phase": "over" if over else "bid",
            "actors": list(self.actors()),
            "over": over,
            "round": min(self.r + 1, len(self.lots)),
            "rounds": len(self.lots),
            "lot": None if over else self.lots[self.r],
            "lots_left": sorted(self.lots[self.r + 1 :]),  # known values, unknown order
            "coins": list(self.coins),
            "won": [list(w) for w in self.won],
            "my_bid": None if player is None or self.bids[player] < 0 else self.bids[player],
        }
        if log:
            out["log"] = [
                {k: list(v) if type(v) is list else v for k, v in e.items()} for e in self.events
            ]
        if over:
            out["result"] = self.result().to_json()
            out["final"] = {
                "lot_points": [sum(w) for w in self.won],
                "coins_left": list(self.coins),
            }
        return out

    def clone(self) -> GoingOnceState:
        c = GoingOnceState.__new__(GoingOnceState)
        c.__dict__.update(self.__dict__)
        c.history, c.lots, c.coins = list(self.history), list(self.lots), list(self.coins)
        c.won, c.bids, c.events = [list(w) for w in self.won], list(self.bids), list(self.events)
        return c

    def determinize(
        self, player: int, rng: random.Random, keep_sealed: bool = True
    ) -> GoingOnceState:
        """The lots still face down reshuffled; the others' sealed bids of this round drawn
        anew in 0..their coins, or left unmade (`keep_sealed` False)."""
        c = self.clone()
        if self.is_over():
            return c
        rest = sorted(self.lots[self.r + 1 :])
        rng.shuffle(rest)
        c.lots[self.r + 1 :] = rest
        c.setup = {"lots": list(c.lots)}
        made = sum(b >= 0 for b in self.bids)  # this round's bids: the last `made` moves
        c.history = self.history[: len(self.history) - made]
        for q, move in self.history[len(self.history) - made :]:
            if q != player:
                c.bids[q] = rng.randint(0, self.coins[q]) if keep_sealed else -1
                move = ("bid", c.bids[q])
            if c.bids[q] >= 0:
                c.history.append((q, move))
        return c

    def snapshot(self) -> dict:
        return {
            "lots": list(self.lots),
            "round": self.r,
            "coins": list(self.coins),
            "won": [list(w) for w in self.won],
            "bids": list(self.bids),
            "events": [dict(e) for e in self.events],
            "history": [[p, *m] for p, m in self.history],
        }
