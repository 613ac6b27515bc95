"""Players as programs: what a bot is, what it is given (its seat's view, its legal moves,
determinizations of its view), the parameters it takes, and the registry of bots by name.

The registry names each game-agnostic bot by where it lives and imports its module only when
that bot is asked for (the random bot loads no numpy; the learned bot does); a game adds its own
bots (e.g. `heuristic`) through `Game.bots()`. Bots are written `name:key=value:key=value`."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from functools import partial
from importlib import import_module
from typing import TYPE_CHECKING, Any, ClassVar

from .errors import OptionError
from .options import kind
from .rng import seeded_random

if TYPE_CHECKING:
    from .game import Game
    from .moves import Move, MoveKind
    from .state import State

# The game-agnostic bots, as "module:Class": a module is imported when its bot is asked for.
BOTS: dict[str, str] = {
    "random": "auctionhouse.bots.random_bot:RandomBot",
    "ismcts": "auctionhouse.bots.ismcts:ISMCTSBot",
    "learned": "auctionhouse.bots.learned:LearnedBot",
    # OpenSpiel's search on the game's OpenSpiel adapter (OptionError without the envs extra)
    "openspiel-ismcts": "auctionhouse.envs.openspiel_bot:OpenSpielISMCTSBot",
}

# The most a search bot's spec may ask for: every move ends, and research runs still get plenty.
MOST = 10**6  # iterations, or playouts with halving
MOST_SECONDS = 3600


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


def read_budget(bot: Bot, given: dict) -> tuple[int, float]:
    """A search bot's limits per move (iterations, seconds; 0: none) as its spec gives them.
    Neither given: `iterations`, cut short at `seconds`. Iterations alone: exactly that many (the
    same moves on any machine). Seconds alone: as many as fit in that time. One given alone
    changes what the other means, so both are written in the bot's `spec` when given."""
    bot.always_written = frozenset(k for k in ("iterations", "seconds") if k in given)
    iterations, seconds = bot.settings["iterations"], bot.settings["seconds"]
    if "iterations" in given and "seconds" not in given:
        seconds = 0.0
    if "seconds" in given and "iterations" not in given:
        iterations = 0
    return iterations, seconds


# --- the registry: bots by name ----------------------------------------------------------------
_CLASSES: dict[str, type[Bot]] = {}  # the game-agnostic bots imported so far


def generic_bot(name: str) -> type[Bot]:
    """The game-agnostic bot called `name` (its module imported now)."""
    cls = _CLASSES.get(name)
    if cls is None:
        module, _, attr = BOTS[name].partition(":")
        cls = _CLASSES[name] = getattr(import_module(module), attr)
    return cls


def bot_class(name: str, game: Game | None = None) -> type[Bot] | None:
    """The bot called `name` (the game's own first), None if there is none; only its module is
    imported."""
    if game is not None and (name in game.own_bots or name not in BOTS):
        found = game.bots().get(name)
        if found is not None:
            return found
    return generic_bot(name) if name in BOTS else None


def available(game: Game | None) -> dict[str, type[Bot]]:
    """Every bot by name (each one's module imported: for listing their parameters)."""
    found = {name: generic_bot(name) for name in BOTS}
    if game is not None:
        found.update(game.bots())
    return found


def bot_names(game: Game | None = None) -> list[str]:
    return sorted({*BOTS, *(game.bots() if game is not None else ())})


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """`ismcts:iterations=400:rollout=heuristic` -> ("ismcts", {"iterations": "400", ...})."""
    name, *pairs = spec.strip().split(":")
    params = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise OptionError(f"bot {name}: parameters are written key=value, not {pair!r}")
        params[key.strip()] = value.strip()
    return name.strip(), params


def make_bot(spec: str, game: Game | None = None, seed: int | None = None) -> Bot:
    """A bot from its command-line spec, e.g. `random` or `ismcts:seconds=1`."""
    return bot_maker(spec, game)(seed)


def bot_maker(spec: str, game: Game | None = None) -> Callable[[int | None], Bot]:
    """`make_bot` for many seeds (a series makes every seat's bot anew each game): the spec
    read and checked once, a function of the seed."""
    name, raw = parse_spec(spec)
    cls = bot_class(name, game)
    if cls is None:
        where = f" for {game.name}" if game is not None else ""
        known = ", ".join(bot_names(game))
        raise OptionError(f"unknown bot {name!r}{where} (known bots: {known})")
    params = {}
    for key, value in raw.items():
        if key not in cls.params:
            known = ", ".join(cls.params) or "none"
            raise OptionError(f"bot {name} has no parameter {key!r} (its parameters: {known})")
        params[key] = cls.params[key].parse(name, key, value)
    return partial(cls, **params)
