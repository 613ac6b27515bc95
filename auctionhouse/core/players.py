"""Players as programs: what a bot is, what it is given (its seat's view, its legal moves,
determinizations of its view), and the parameters it takes."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from .errors import OptionError
from .options import kind
from .rng import seeded_random

if TYPE_CHECKING:
    from .moves import Move, MoveKind
    from .state import State


class Observation:
    """A bot's input for one decision: only what its seat may know.

    The true state stays private: a bot reads `view()` (the seat's view) and may ask for
    `determinize(rng)`, a state drawn among those consistent with that view. Runners reuse one
    observation per seat from move to move: a bot must not keep it.
    """

    __slots__ = ("seat", "legal", "_state")

    def __init__(self, state: State, seat: int, legal: Sequence[MoveKind]) -> None:
        self._state = state
        self.seat = seat
        self.legal = legal

    def view(self, log: bool = True) -> dict:
        return self._state.view(self.seat, log)

    def determinize(self, rng: random.Random, keep_sealed: bool = True) -> State:
        if keep_sealed:  # the protocol's first form, which every game has
            return self._state.determinize(self.seat, rng)
        return self._state.determinize(self.seat, rng, keep_sealed)

    def move_class(self, move: Move) -> Hashable:
        return self._state.move_class(self.seat, move)

    @property
    def game(self):
        return self._state.game

    @property
    def num_players(self) -> int:
        return self._state.num_players

    @property
    def options(self) -> dict:
        """The table's options (public: every seat knows what game it plays)."""
        return self._state.options


@dataclass(frozen=True)
class Param:
    """One parameter of a bot: its type (int, float, str or bool), default and meaning, and for
    a number the most it may be (`most`; None: no limit). Numbers are finite and not negative."""

    type: type
    default: Any
    help: str
    most: int | float | None = None

    def parse(self, bot: str, name: str, raw: str) -> Any:
        try:
            if self.type is bool:
                if raw.lower() not in ("true", "false", "1", "0", "yes", "no"):
                    raise ValueError
                return raw.lower() in ("true", "1", "yes")
            value = self.type(raw)
        except ValueError:
            raise OptionError(f"bot {bot}: {name} takes {kind(self.type)}, not {raw!r}") from None
        if isinstance(value, float) and not math.isfinite(value):
            raise OptionError(f"bot {bot}: {name} takes a finite number, not {raw!r}")
        if isinstance(value, (int, float)) and value < 0:
            raise OptionError(f"bot {bot}: {name} must not be negative, not {raw!r}")
        if self.most is not None and value > self.most:
            raise OptionError(f"bot {bot}: {name} is at most {self.most:,}, not {raw!r}")
        return value


class Bot:
    """A player program. `name` is how the command line and records call it; `params` are the
    parameters it takes, written `name:key=value:key=value` on the command line."""

    # class attributes (ClassVar: a compiled subclass keeps them on the class)
    name: ClassVar[str] = "bot"
    params: ClassVar[dict[str, Param]] = {}

    def __init__(self, seed: int | None = None, **params: Any) -> None:
        self.rng = seeded_random(seed)
        self.settings = {k: params.get(k, p.default) for k, p in self.params.items()}

    def act(self, obs: Observation) -> Move:
        raise NotImplementedError

    def act_in_search(self, state: State, seat: int, legal: Sequence[MoveKind]) -> Move:
        """This bot's move for `seat` in a state that a search imagines (a determinization of
        the searching seat's view, never the true state): by default `act` on that seat's
        observation. A bot may override it to read the seat's share of the state directly
        instead of building the whole view, making the same move as `act` would."""
        return self.act(Observation(state, seat, legal))

    # A bot that decides from its legal moves alone may set this to a method `choose(legal)`
    # that returns the same move as `act`; runners then skip building its observation.
    choose: Callable[[Sequence[MoveKind]], Move] | None = None
    # Whether `choose` reads the kinds only by position, as tuples `(kind, lo, hi, choices,
    # parts, span)`: runners may then hand it `State.legal_kinds`, which a game may build
    # faster than MoveKinds (the random bot; a bot that reads `mk.kind` must leave it False).
    plain_kinds: ClassVar[bool] = False
    # parameters written in `spec` even at their default (one whose meaning depends on it)
    always_written: frozenset[str] = frozenset()

    def spec(self) -> str:
        """The bot as the command line writes it (name and the parameters that differ)."""
        changed = [
            f"{k}={v}"
            for k, v in self.settings.items()
            if v != self.params[k].default or k in self.always_written
        ]
        return ":".join([self.name, *changed])
