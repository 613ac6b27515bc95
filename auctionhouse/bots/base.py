"""What a bot is, and what it is given: its seat's view, its legal moves, determinizations."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..core import Move, MoveKind, State


class Observation:
    """A bot's input for one decision: only what its seat may know.

    The true state stays private: a bot reads `view()` (the seat's view) and may ask for
    `determinize(rng)`, a state drawn among those consistent with that view.
    """

    __slots__ = ("seat", "legal", "_state")

    def __init__(self, state: State, seat: int, legal: list[MoveKind]) -> None:
        self._state = state
        self.seat = seat
        self.legal = legal

    def view(self) -> dict:
        return self._state.view(self.seat)

    def determinize(self, rng: random.Random) -> State:
        return self._state.determinize(self.seat, rng)

    @property
    def game(self):
        return self._state.game

    @property
    def num_players(self) -> int:
        return self._state.num_players


class Bot:
    """A player program. `name` is how the command line and records call it."""

    name = "bot"

    def act(self, obs: Observation) -> Move:
        raise NotImplementedError

    def spec(self) -> str:
        """The bot as the command line writes it (name and parameters)."""
        return self.name
