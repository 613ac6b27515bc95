"""The games as OpenSpiel Python games: `import auctionhouse.envs.openspiel` registers each game
of the registry that has an encoding as `auctionhouse_<name>` (`auctionhouse_modern_art`, ...).

    game = pyspiel.load_game("auctionhouse_qe", {"players": 4, "seed": 7})

Parameters: `players` (4, or the nearest count the game allows), `seed` (-1: a fresh one from
the system) and the game's own options (at their defaults unless given; `openspiel_game` takes
any resolved options, e.g. a deck read from a file). Actions, masks and tensors come from the
game's encoding (`games/<g>/encoding.py`); the observation and information-state tensors are both the
encoding's observation vector (it is not a perfect-recall encoding).

Turns: OpenSpiel's player to move is the engine's `next_actor()`, so steps where several seats
act (sealed bids, open auctions) are played one seat after another; a sealed bid stays out of
the later bidders' views until it is revealed, as in the engine.

Chance is sampled (SAMPLED_STOCHASTIC): the engine draws shuffles and dice from the state's own
seeded generator, so a state has no chance nodes; each new initial state is dealt from a seed the
game draws from its own generator (seeded by `seed`). Returns are the shares of the victory: 1/k
to each of k tied winners, 0 to the others (constant sum 1).

A seat's information-state string is its view with the public log, plus its own past moves, as
JSON; the observation string is its view without the log in the game's words.
`resample_from_infostate` draws the engine's `determinize`, which keeps that string unchanged.
States serialize one by one (`state.serialize()`, `game.deserialize_state`); OpenSpiel's
game-and-state serialization asks a sampled-stochastic game for its generator's state, which a
Python game cannot give.
"""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pyspiel

from ..core import Game, OptionError, State
from ..core.encoding import Encoding
from ..games import get_game
from . import encoded_games, encoding_for

PREFIX = "auctionhouse_"


def short_name(game: str) -> str:
    """OpenSpiel's name of one of our games: `auctionhouse_modern_art` for `modern-art`."""
    return PREFIX + game.replace("-", "_")


def _default_players(game: Game) -> int:
    return max(game.min_players, min(4, game.max_players))


def _parameters(game: Game) -> dict[str, Any]:
    """The game's parameters and their defaults: players, seed, and each option OpenSpiel can
    carry (a bool, int or str)."""
    params: dict[str, Any] = {"players": _default_players(game), "seed": -1}
    for option in game.options:
        if option.type in (bool, int, str):
            params[option.name] = option.default
    return params


def _game_type(game: Game) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=short_name(game.name),
        long_name=f"auctionhouse {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameters(game),
    )


class AuctionGame(pyspiel.Game):
    """One of our games with its player count and options, as an OpenSpiel game."""

    game: Game  # set on each registered subclass

    def __init__(
        self, params: dict[str, Any] | None = None, options: dict[str, Any] | None = None
    ) -> None:
        """`params`: OpenSpiel's; `options` (see `openspiel_game`): the game's options as they
        are, e.g. a deck read from a file, in place of those among the parameters."""
        params = {**_parameters(self.game), **(params or {})}
        players = params["players"]
        if options is None:
            options = {o.name: params[o.name] for o in self.game.options if o.name in params}
        self.encoding: Encoding = encoding_for(self.game, players, options)
        self.options = self.encoding.options
        seed = params["seed"]
        self.rng = random.Random(None if seed < 0 else seed)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.encoding.num_actions,
            max_chance_outcomes=0,
            num_players=players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=self.game.max_length(players, self.options),
        )
        super().__init__(_game_type(self.game), info, params)
        self._peek: State | None = None

    def new_initial_state(self) -> AuctionState:
        """A new game, dealt when first used from a seed drawn from this game's generator."""
        return AuctionState(self)

    def deal(self) -> State:
        """The next deal: a new engine state from the next seed of this game's generator."""
        state, self._peek = self.peek(), None
        return state

    def peek(self) -> State:
        """The next deal without taking it: what observing a state not yet dealt reads."""
        if self._peek is None:
            seed = self.rng.randrange(1 << 63)
            self._peek = self.game.new_state(self.encoding.players, self.options, seed=seed)
        return self._peek

    def wrap(self, engine: State) -> AuctionState:
        """An OpenSpiel state over an engine state of this game (not copied)."""
        state = AuctionState(self)
        state._h.state = engine
        return state

    def make_py_observer(self, iig_obs_type=None, params=None) -> Observer:
        if params:
            raise ValueError(f"{self.get_type().short_name} takes no observer parameters")
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        if iig_obs_type is not None and (
            not iig_obs_type.public_info
            or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            raise ValueError("only a seat's own observation or information state is offered")
        return Observer(self.encoding, perfect_recall)

    # OpenSpiel's own tensor sizes deal a throwaway initial state each time they are asked
    def observation_tensor_shape(self) -> list[int]:
        return [self.encoding.size]

    def observation_tensor_size(self) -> int:
        return self.encoding.size

    information_state_tensor_shape = observation_tensor_shape
    information_state_tensor_size = observation_tensor_size


class _Engine:
    """The engine state of an OpenSpiel state, and the information-state texts read from it
    since the last move.

    OpenSpiel clones a Python state by making a new initial state and deep-copying the old
    one's attributes onto it, and makes initial states to learn tensor sizes: a state is
    therefore dealt when first used (observing it before reads the game's next deal without
    taking it), and this holder deep-copies with the engine's own `clone`."""

    __slots__ = ("game", "state", "keys")

    def __init__(self, game: AuctionGame | None, state: State | None = None) -> None:
        self.game = game
        self.state = state
        self.keys: dict[int, str] = {}

    def engine(self) -> State:
        if self.state is None:
            self.state = self.game.deal()
        return self.state

    def __deepcopy__(self, memo) -> _Engine:
        return _Engine(self.game, self.engine().clone())

    def __reduce__(self):
        return _Engine, (None, self.engine())


class AuctionState(pyspiel.State):
    """A game in progress: the engine's state, moves as the encoding's action ids."""

    def __init__(self, game: AuctionGame) -> None:
        super().__init__(game)
        self._h = _Engine(game)

    @property
    def engine(self) -> State:
        """The engine's state (the true state, hidden parts included)."""
        state = self._h.state
        return state if state is not None else self._h.engine()

    def current_player(self) -> int:
        engine = self.engine
        if engine.is_over():
            return pyspiel.PlayerId.TERMINAL
        return engine.next_actor()

    def _legal_actions(self, player: int) -> list[int]:
        return self.get_game().encoding.legal_actions(self.engine, player)

    def legal_actions(self, player: int | None = None) -> list[int]:
        """As OpenSpiel's (none for a player not to act), without its round trips through
        C++ (searches ask for them at every step of every playout)."""
        engine = self.engine
        if engine.is_over():
            return []
        actor = engine.next_actor()
        if player is not None and player != actor:
            return []
        return self.get_game().encoding.legal_actions(engine, actor)

    def _apply_action(self, action: int) -> None:
        engine = self.engine
        player = engine.next_actor()
        engine.apply(player, self.get_game().encoding.move(engine, player, action))
        self._h.keys.clear()

    def _action_to_string(self, player: int, action: int) -> str:
        return self.get_game().encoding.actions.label(action)

    def is_terminal(self) -> bool:
        return self.engine.is_over()

    def returns(self) -> list[float]:
        result = self.engine.result()
        if result is None:
            return [0.0] * self.engine.num_players
        return result.shares()

    def resample_from_infostate(self, player: int, probability_sampler=None) -> AuctionState:
        """A state drawn among those `player` cannot tell from this one (the engine's
        `determinize`, seeded from `probability_sampler` when given, else from the game's
        generator). It has the same information state for `player`; its OpenSpiel `history()`
        is empty, since the world was drawn, not played (the engine state keeps its own)."""
        game: AuctionGame = self.get_game()
        if probability_sampler is None:
            seed = game.rng.randrange(1 << 63)
        else:
            seed = int(probability_sampler() * (1 << 53))
        return game.wrap(self.engine.determinize(player, random.Random(seed)))

    # --- what a seat knows; Python callers skip the round trip through OpenSpiel's C++ ------
    def information_state_string(self, player: int | None = None) -> str:
        """`player`'s view with the public log, and its own past moves, as JSON."""
        if player is None:
            player = self.current_player()
        keys = self._h.keys
        key = keys.get(player)
        if key is None:
            engine = self.engine
            own = [m for p, m in engine.history if p == player]
            view = engine.view(player, log=True)
            key = keys[player] = json.dumps([view, own], separators=(",", ":"), sort_keys=True)
        return key

    def observation_string(self, player: int | None = None) -> str:
        """`player`'s view without the log, in the game's words: `label: text` lines."""
        if player is None:
            player = self.current_player()
        engine = self.engine
        lines = engine.game.describe_view(engine.view(player, log=False))
        return "\n".join(f"{label}: {text}" for label, text in lines)

    def observation_tensor(self, player: int | None = None) -> list[float]:
        """The encoding's observation of `player` (float32 values, as OpenSpiel's are)."""
        if player is None:
            player = self.current_player()
        return self.get_game().encoding.observation(self.engine, player).tolist()

    information_state_tensor = observation_tensor

    def __str__(self) -> str:
        """The whole state, hidden parts included (debugging, and OpenSpiel's clone checks)."""
        return json.dumps(self.engine.snapshot(), separators=(",", ":"), sort_keys=True)


class Observer:
    """OpenSpiel's observer of a seat: the encoding's observation as the tensor; as the string,
    the information-state text (perfect recall) or the observation text."""

    def __init__(self, encoding: Encoding, perfect_recall: bool) -> None:
        self.encoding = encoding
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(encoding.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: AuctionState, player: int) -> None:
        self.tensor[:] = self.encoding.observation(_observed(state), player)

    def string_from(self, state: AuctionState, player: int) -> str:
        if state._h.state is None:
            state = state.get_game().wrap(_observed(state))
        if self.perfect_recall:
            return AuctionState.information_state_string(state, player)
        return AuctionState.observation_string(state, player)


def _observed(state: AuctionState) -> State:
    """The engine state an observer reads: a state not yet dealt reads the game's next deal
    without taking it (OpenSpiel observes throwaway initial states to learn tensor sizes)."""
    engine = state._h.state
    return engine if engine is not None else state.get_game().peek()


_CLASSES: dict[str, type[AuctionGame]] = {}


def _register(name: str) -> None:
    game = get_game(name)
    cls = type(f"AuctionGame_{short_name(name)}", (AuctionGame,), {"game": game})
    pyspiel.register_game(_game_type(game), cls)
    _CLASSES[name] = cls


def openspiel_game(
    game: str | Game, players: int, options: dict[str, Any] | None = None, seed: int = -1
) -> AuctionGame:
    """The OpenSpiel game of one of ours, built directly (not through `pyspiel.load_game`), so
    that any options the game takes will do, even those no OpenSpiel parameter can carry."""
    if isinstance(game, str):
        game = get_game(game)
    cls = _CLASSES.get(game.name)
    if cls is None:
        register()  # a game installed since this module was imported
        cls = _CLASSES.get(game.name)
    if cls is None:
        raise OptionError(f"{game.name} has no OpenSpiel game (games: {', '.join(_CLASSES)})")
    options = game.resolve(players, options)
    params = {"players": players, "seed": seed}
    simple = _parameters(game)
    params.update((k, v) for k, v in options.items() if k in simple and type(v) is type(simple[k]))
    return cls(params, options)


def register() -> list[str]:
    """Register with OpenSpiel every game with an encoding not registered yet (importing this
    module registers those found then; call it again for a game installed since); their names."""
    new = [name for name in encoded_games() if name not in _CLASSES]
    for name in new:
        _register(name)
    return new


register()
