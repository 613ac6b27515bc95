"""Gymnasium environments: one seat of a game, the other seats played by our bots.

`SeatEnv("ratzia", players=3, opponents="heuristic")`, or through Gymnasium's registry once this
module is imported: `gymnasium.make("auctionhouse/Ratzia-v0", players=3)` (one id
`auctionhouse/<Game.env_id>-v0` for every game of the registry: `auctionhouse/ModernArt-v0`,
`auctionhouse/QE-v0`, ...; `gymnasium.make("auctionhouse.envs.gym:auctionhouse/QE-v0")` imports
it for you).

The observation is the seat's encoding (a float32 vector, docs/envs.md); the legal actions are
in `info["action_mask"]` and in `action_masks()` (the convention of maskable policy learners).
The reward comes at the end, as in the PettingZoo environment (`reward="win"`: the seat's share
of the victory; `"margin"`: its score less the best other score). An illegal action ends the
episode with `illegal_reward` (default -1) and the reason in `info["illegal"]`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from ..core import IllegalMove, OptionError
from ..core.players import Observation, make_bot
from ..core.tracker import Tracker
from ..games import all_games
from . import encoding_for
from .episode import check_reward, end_rewards, observation_box, spectator_text


class SeatEnv(gymnasium.Env):
    """One seat (`seat`, or a random seat each episode when None) of a `players`-seat game;
    the others are played by `opponents`: one bot spec for all (e.g. "heuristic",
    "ismcts:seconds=0.1") or one per other seat, in seat order. Other keyword arguments are the
    game's options."""

    metadata = {"render_modes": ["ansi"], "render_fps": 1}

    def __init__(
        self,
        game: str,
        players: int = 4,
        opponents: str | Sequence[str] = "heuristic",
        seat: int | None = None,
        *,
        reward: str = "win",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        check_reward(reward)
        if render_mode not in (None, "ansi"):
            raise OptionError(f"render_mode is None or 'ansi', not {render_mode!r}")
        self.encoding = enc = encoding_for(game, players, options)
        self.game = enc.game
        if seat is not None and (type(seat) is not int or not 0 <= seat < players):
            raise OptionError(f"seat is one of 0..{players - 1} or None, not {seat!r}")
        specs = [opponents] * (players - 1) if isinstance(opponents, str) else list(opponents)
        if len(specs) != players - 1:
            raise OptionError(
                f"opponents is one bot spec or {players - 1} of them, not {len(specs)}"
            )
        for spec in specs:
            make_bot(spec, self.game)  # a bad spec fails here, with its reason
        self.specs = specs
        self.fixed_seat = seat
        self.reward_kind = reward
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        self.observation_space = observation_box(enc)
        self.action_space = spaces.Discrete(enc.num_actions)
        self._rng = random.Random()
        self.game_state = None
        self._tracker: Tracker | None = None
        self.seat = 0 if seat is None else seat
        self.bots: dict[int, Any] = {}

    # --- an episode ----------------------------------------------------------------------------
    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        if seed is not None:
            self._rng = random.Random(seed)
        rng = self._rng
        enc = self.encoding
        self.seat = self.fixed_seat if self.fixed_seat is not None else rng.randrange(enc.players)
        others = [p for p in range(enc.players) if p != self.seat]
        self.bots = {
            p: make_bot(spec, self.game, seed=rng.randrange(1 << 62))
            for p, spec in zip(others, self.specs, strict=True)
        }
        self.game_state = self.game.new_state(enc.players, enc.options, seed=rng.randrange(1 << 62))
        self._play_others()
        return self._observation(), self._info()

    def step(self, action):
        state = self.game_state
        if state is None or state.is_over():
            raise gymnasium.error.ResetNeeded("the game is over: call reset() first")
        try:
            move = self.encoding.move(state, self.seat, int(action))
        except IllegalMove as e:
            self.game_state = None
            info = {"illegal": str(e), "action_mask": np.zeros(self.encoding.num_actions, np.int8)}
            return np.zeros(self.encoding.size, np.float32), self.illegal_reward, True, False, info
        state.apply(self.seat, move)
        self._play_others()
        done = state.is_over()
        reward = self._reward() if done else 0.0
        return self._observation(), reward, done, False, self._info()

    def action_masks(self) -> np.ndarray:
        """The legal actions now, as booleans (all False once the game is over)."""
        return self._mask().astype(bool)

    # --- inside ----------------------------------------------------------------------------------
    def _play_others(self) -> None:
        state = self.game_state
        while not state.is_over():
            p = state.next_actor()
            if p == self.seat:
                return
            bot = self.bots[p]
            legal = state.legal_moves(p)
            move = bot.choose(legal) if bot.choose else bot.act(Observation(state, p, legal))
            state.apply(p, move)

    def _observation(self) -> np.ndarray:
        state = self.game_state
        tracker = self._tracker
        if tracker is None or tracker.state is not state:  # a new game, or one set from outside
            tracker = self._tracker = self.encoding.tracker(state)
        return np.frombuffer(tracker.observation(self.seat), np.float32)

    def _mask(self) -> np.ndarray:
        state = self.game_state
        if state is None or state.is_over():
            return np.zeros(self.encoding.num_actions, np.int8)
        return np.frombuffer(self.encoding.mask(state, self.seat), np.int8).copy()

    def _info(self) -> dict:
        return {"action_mask": self._mask(), "seat": self.seat}

    def _reward(self) -> float:
        return end_rewards(self.game_state.result(), self.reward_kind)[self.seat]

    def render(self) -> str | None:
        """The table as a spectator sees it, as text (render_mode "ansi")."""
        if self.render_mode != "ansi" or self.game_state is None:
            return None
        return spectator_text(self.game_state)


def env_ids() -> dict[str, str]:
    """Gymnasium's id of each game with an encoding: `auctionhouse/<Game.env_id>-v0`."""
    return {g.name: f"auctionhouse/{g.env_id}-v0" for g in all_games() if g.encoding is not None}


def register() -> None:
    """Register every game's id with Gymnasium (done on import)."""
    for name, env_id in env_ids().items():
        if env_id not in gymnasium.registry:
            gymnasium.register(
                id=env_id, entry_point="auctionhouse.envs.gym:SeatEnv", kwargs={"game": name}
            )


register()
