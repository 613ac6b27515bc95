"""PettingZoo AEC environments for every game: `env("modern-art", players=4)`.

Agents are `player_0` .. `player_{n-1}` (the game's seats). Each observation is
`{"observation": float32 vector, "action_mask": int8 vector}` from the game's encoding (the
seat's view only; docs/encodings/ has the feature tables). The agent to act is the game's next
actor; in a sealed-bid step each bidder acts in turn and its bid is applied at once but stays
hidden from the others' observations until the game reveals it. Rewards come at the end:
`reward="win"` (the default) gives each seat its share of the victory (1/k to each of k tied
winners, 0 to the rest); `reward="margin"` gives its score less the best score of the others.

`env()` treats an illegal action as PettingZoo's classic games do (their TerminateIllegal
wrapper): the game ends with -1 for the seat that made it, 0 for the others, and a warning.
`raw_env` refuses it with `auctionhouse.core.IllegalMove`, which says why. Both refuse an id
outside the action space and a step before `reset`, as PettingZoo's wrappers would; they are
built in rather than wrapped because each wrapper layer costs more than a game's move. The game in progress is `game_state` (the true
state: for tests and analysis, never an agent's input).
"""

from __future__ import annotations

import random
import warnings
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..core import IllegalMove, OptionError
from ..core.tracker import Tracker
from . import encoding_for
from .episode import check_reward, end_rewards, observation_box, spectator_text

RENDER_MODES = ("ansi", "human")
ACTION_TYPES = (int, np.integer)


def env(game: str, players: int = 4, **kwargs: Any) -> raw_env:
    """The environment of `game` for `players` seats in which an illegal action loses (-1)."""
    kwargs.setdefault("illegal_reward", -1.0)
    return raw_env(game, players, **kwargs)


class raw_env(AECEnv):  # noqa: N801 - PettingZoo's name for the unwrapped environment
    """One game of `game` for `players` seats; keyword arguments other than `reward`,
    `illegal_reward` (None: an illegal action raises) and `render_mode` are the game's
    options (e.g. `open_cash=True`)."""

    metadata = {"render_modes": list(RENDER_MODES), "is_parallelizable": False}

    def __init__(
        self,
        game: str,
        players: int = 4,
        *,
        reward: str = "win",
        illegal_reward: float | None = None,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        self.illegal_reward = None if illegal_reward is None else float(illegal_reward)
        check_reward(reward)
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise OptionError(
                f"render_mode is None or one of {', '.join(RENDER_MODES)}, not {render_mode!r}"
            )
        self.encoding = enc = encoding_for(game, players, options)
        self.game = enc.game
        self.reward_kind = reward
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"auctionhouse_{self.game.name}_v0"}
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        box = observation_box(enc)
        mask = spaces.Box(0, 1, (enc.num_actions,), dtype=np.int8)
        self._obs_space = spaces.Dict({"observation": box, "action_mask": mask})
        self._act_space = spaces.Discrete(enc.num_actions)
        self._rng: random.Random | None = None
        self._ended = False
        self._asked: tuple | None = None
        self.game_state = None
        self._tracker: Tracker | None = None

    def observation_space(self, agent):
        return self._obs_space

    def action_space(self, agent):
        return self._act_space

    # --- the game ----------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """A new game. `seed` makes it and the games after it (reset without a seed)
        reproducible; without any seed each game is dealt from the system's randomness."""
        if seed is not None:
            self._rng = random.Random(seed)
        rng = self._rng or random.SystemRandom()
        enc = self.encoding
        self.game_state = enc.game.new_state(enc.players, enc.options, seed=rng.randrange(1 << 62))
        self._tracker = enc.tracker(self.game_state)
        self.agents = self.possible_agents[:]
        self._ended = False
        self._asked = None
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.game_state.next_actor()]

    def observe(self, agent: str) -> dict:
        if self.game_state is None:
            raise RuntimeError("call reset() before observe()")
        seat = self._seat[agent]
        enc = self.encoding
        state = self.game_state
        if self._ended or state.is_over():
            mask = np.zeros(enc.num_actions, np.int8)
        else:
            legal = state.legal_moves(seat)
            bits = enc.mask_of(legal)
            if agent == self.agent_selection:
                self._asked = (seat, legal, bits)  # what step() needs, until the state moves
            mask = np.frombuffer(bits, np.int8).copy()
        tracker = self._tracker
        if tracker is None or tracker.state is not state:  # a game_state set from outside
            tracker = self._tracker = enc.tracker(state)
        obs = np.frombuffer(tracker.observation(seat), np.float32)
        return {"observation": obs, "action_mask": mask}

    def step(self, action) -> None:
        if self.game_state is None:
            raise RuntimeError("call reset() before step()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self._seat[agent]
        state = self.game_state
        enc = self.encoding
        ok = type(action) is int or isinstance(action, ACTION_TYPES)
        if not ok or not 0 <= action < enc.num_actions:
            raise IllegalMove(
                "action", f"an action is an id in 0..{enc.num_actions - 1}, not {action!r}"
            )
        asked = self._asked
        if asked is not None and asked[0] == seat:
            _, legal, bits = asked
        else:
            legal = state.legal_moves(seat)
            bits = enc.mask_of(legal)
        action = int(action)
        if not bits[action]:
            e = enc.actions.illegal(action)
            if self.illegal_reward is None:
                raise e
            warnings.warn(f"{agent}: {e}; the game ends and {agent} loses", stacklevel=2)
            self._end([self.illegal_reward if a == agent else 0.0 for a in self.possible_agents])
            return
        self._asked = None
        state.apply(seat, enc.actions.legal_move(action, legal))
        # rewards come only at the end (then every agent is done): in a game they stay 0, so
        # there is nothing to clear (PettingZoo's _clear_rewards, a loop, would cost a move)
        self._cumulative_rewards[agent] = 0.0
        if state.is_over():
            self._end(end_rewards(state.result(), self.reward_kind))
        else:
            self.agent_selection = self.possible_agents[state.next_actor()]
        if self.render_mode == "human":
            self.render()

    def _end(self, rewards: list[float]) -> None:
        self._ended = True
        for a, r in zip(self.possible_agents, rewards, strict=True):
            self.rewards[a] = r
            self.terminations[a] = True
        self._accumulate_rewards()
        self.agent_selection = self._deads_step_first()

    # --- for people --------------------------------------------------------------------------
    def render(self) -> str | None:
        """The table as a spectator sees it (no seat's secrets), as text."""
        if self.render_mode is None or self.game_state is None:
            return None
        text = spectator_text(self.game_state)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass

    def seat(self, agent: str) -> int:
        """The game's seat of `agent` (`player_2` -> 2)."""
        return self._seat[agent]
