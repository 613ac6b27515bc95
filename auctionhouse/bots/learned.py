"""The learned bot: a network trained by self-play (`auctionhouse train`), played with numpy.

It reads its seat's view through the game's encoding (`auctionhouse.envs`), the same vector the
network was trained on, masks the action ids that are not legal now and plays the most likely
one (or draws one, with a temperature).
"""

from __future__ import annotations

import json

import numpy as np

from ..core import Move, OptionError
from ..core.players import Bot, Observation, Param
from ..envs.encoding import Encoding
from ..envs.encodings import encoding_for
from .policy_net import PolicyNet, read_policy, sample_index, shipped_policy
from .random_bot import RandomBot


class LearnedBot(Bot):
    name = "learned"
    params = {
        "temperature": Param(
            float,
            0.0,
            "0: play the most likely move; above 0: draw moves, softer as it grows",
            10.0,
        ),
        "weights": Param(str, "", "a policy file (.npz) to play instead of the shipped one"),
    }

    def __init__(self, seed: int | None = None, **params) -> None:
        super().__init__(seed, **params)
        self._given: PolicyNet | None = None
        if self.settings["weights"]:
            self._given = read_policy(self.settings["weights"])
        self._encodings: dict[tuple, tuple[Encoding, PolicyNet]] = {}
        self._fallback = RandomBot(self.rng.getrandbits(63))

    @classmethod
    def playing(cls, net: PolicyNet, seed: int | None = None, temperature: float = 0.0):
        """A bot playing `net` (training plays past versions of the learner this way)."""
        bot = cls(seed=seed, temperature=temperature)
        bot._given = net
        return bot

    def policy_for(self, game: str, players: int) -> PolicyNet:
        net = self._given if self._given is not None else shipped_policy(game, players)
        trained = (net.meta.get("game"), net.meta.get("players"))
        if trained != (game, players):
            raise OptionError(
                f"bot learned: these weights are for {trained[0]} at {trained[1]} players, "
                f"not {game} at {players}"
            )
        return net

    def fitted(self, game, players: int, options: dict) -> tuple[Encoding, PolicyNet]:
        """The encoding of this table and the network for it, checked to fit each other."""
        key = (game.name, players, json.dumps(options, sort_keys=True))
        found = self._encodings.get(key)
        if found is None:
            enc = encoding_for(game, players, options)
            net = self.policy_for(game.name, players)
            if net.obs_size != enc.size or net.num_actions != enc.num_actions:
                raise OptionError(
                    f"bot learned: the weights read {net.obs_size} numbers and choose among "
                    f"{net.num_actions} actions, but this table's encoding has {enc.size} and "
                    f"{enc.num_actions} (other options than the weights were trained for)"
                )
            found = self._encodings[key] = (enc, net)
        return found

    def values(self, state) -> list[float]:
        """The network's value of each seat in `state` (a search's imagined world): the reward
        it expects, half its share of the victory, half its score's place."""
        enc, net = self.fitted(state.game, state.num_players, state.options)
        rows = [enc.observation(state, p) for p in range(state.num_players)]
        x = np.frombuffer(b"".join(r.tobytes() for r in rows), dtype=np.float32)
        _, v = net.forward(x.reshape(len(rows), enc.size))
        return v.tolist()

    def act(self, obs: Observation) -> Move:
        enc, net = self.fitted(obs.game, obs.num_players, obs.options)
        mask = np.frombuffer(enc.mask_of(obs.legal), dtype=np.uint8).astype(bool)
        if not mask.any():  # every legal amount beyond the encoding's cap: rare, see envs docs
            return self._fallback.choose(obs.legal)
        x = np.frombuffer(enc.observe(obs.view(log=False)), dtype=np.float32)
        logits, _ = net.forward(x, mask)
        action = self.pick(net, logits, mask)
        return enc.actions.move(action, obs.legal)

    def pick(self, net: PolicyNet, logits: np.ndarray, mask: np.ndarray) -> int:
        t = self.settings["temperature"]
        if t == 0:
            return net.best(logits, mask)
        legal = np.flatnonzero(mask)
        scores = logits[legal]
        z = (scores - scores.max()) / t
        p = np.exp(z)
        return int(legal[sample_index(p, self.rng.random())])
