"""The learned bot: a network trained by self-play (`auctionhouse train`), played with numpy.

It reads its seat's view through the game's encoding (`core.encoding`), the same vector the
network was trained on, masks the action ids that are not legal now and plays the most likely
one (or draws one, with a temperature).
"""

from __future__ import annotations

import json
from array import array
from collections.abc import Sequence

import numpy as np

from ..core import Game, Move, MoveKind, OptionError, State
from ..core.encoding import Encoding, encoding_for
from ..core.players import Bot, Observation, Param
from ..core.tracker import Tracker
from .policy_net import PolicyNet, read_policy, sample_index, shipped_policy
from .random_bot import RandomBot

# imagined states whose trackers a search's bot keeps (a search plays out a few at a time)
MOST_TRACKED = 256


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
        # the last table asked about: (game, players, options, its encoding and network)
        self._last: tuple | None = None
        # id of an imagined state -> (the state, its tracker); see act_in_search
        self._trackers: dict[int, tuple[State, Tracker]] = {}
        self._fallback = RandomBot(self.rng.getrandbits(63))

    @classmethod
    def playing(cls, net: PolicyNet, seed: int | None = None, temperature: float = 0.0):
        """A bot playing `net` (training plays past versions of the learner this way)."""
        bot = cls(seed=seed, temperature=temperature)
        bot._given = net
        return bot

    def policy_for(self, game: Game, players: int) -> PolicyNet:
        net = self._given if self._given is not None else shipped_policy(game, players)
        trained = (net.meta.get("game"), net.meta.get("players"))
        if trained != (game.name, players):
            raise OptionError(
                f"bot learned: these weights are for {trained[0]} at {trained[1]} players, "
                f"not {game.name} at {players}"
            )
        return net

    def fitted(self, game, players: int, options: dict) -> tuple[Encoding, PolicyNet]:
        """The encoding of this table and the network for it, checked to fit each other."""
        last = self._last
        if last is not None and last[0] is game and last[1] == players and last[2] is options:
            return last[3]  # a search asks for the same table hundreds of thousands of times
        key = (game.name, players, json.dumps(options, sort_keys=True))
        found = self._encodings.get(key)
        if found is None:
            enc = encoding_for(game, players, options)
            net = self.policy_for(game, players)
            if net.obs_size != enc.size or net.num_actions != enc.num_actions:
                raise OptionError(
                    f"bot learned: the weights read {net.obs_size} numbers and choose among "
                    f"{net.num_actions} actions, but this table's encoding has {enc.size} and "
                    f"{enc.num_actions} (other options than the weights were trained for)"
                )
            found = self._encodings[key] = (enc, net)
        self._last = (game, players, options, found)
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
        return self._decide(enc, net, obs.legal, lambda: enc.observe(obs.view(log=False)))

    def act_in_search(self, state: State, seat: int, legal: Sequence[MoveKind]) -> Move:
        """The same move as `act`, its observation from a tracker kept for the imagined state
        (the environments' way, core/tracker.py): a playout asks for one state's observations
        many times, and a tracker takes in only the events since its last call instead of
        encoding the view afresh."""
        enc, net = self.fitted(state.game, state.num_players, state.options)
        return self._decide(enc, net, legal, lambda: self._tracker(enc, state).observation(seat))

    def act_batch(self, asked: list[tuple[State, int, Sequence[MoveKind]]]) -> list[Move]:
        """`act_in_search` for several (state, seat, legal moves) of one table at once: the
        network runs once on all of their observations (a search's playouts side by side)."""
        state = asked[0][0]
        enc, net = self.fitted(state.game, state.num_players, state.options)
        masks = (
            np.frombuffer(b"".join(enc.mask_of(legal) for _, _, legal in asked), dtype=np.uint8)
            .reshape(len(asked), enc.num_actions)
            .astype(bool)
        )
        rows = array("f")
        for s, seat, _ in asked:
            rows += self._tracker(enc, s).observation(seat)
        x = np.frombuffer(rows, dtype=np.float32).reshape(len(asked), enc.size)
        logits, _ = net.forward(x, masks)
        some = masks.any(axis=1).tolist()
        if self.settings["temperature"] == 0:
            picks = net.best_rows(logits, masks).tolist()
        else:
            picks = [
                self.pick(net, logits[i], masks[i]) if some[i] else -1 for i in range(len(some))
            ]
        out = []
        for (_, _, legal), action, has_id in zip(asked, picks, some, strict=True):
            if has_id:
                out.append(enc.actions.move(action, legal))
            else:  # every legal amount beyond the encoding's cap: rare, see envs docs
                out.append(self._fallback.choose(legal))
        return out

    def _tracker(self, enc: Encoding, state: State) -> Tracker:
        found = self._trackers.get(id(state))
        if found is not None and found[0] is state:
            return found[1]
        if len(self._trackers) >= MOST_TRACKED:
            self._trackers.clear()
        tracker = enc.tracker(state)
        self._trackers[id(state)] = (state, tracker)
        return tracker

    def _decide(self, enc: Encoding, net: PolicyNet, legal: Sequence[MoveKind], observe) -> Move:
        mask = np.frombuffer(enc.mask_of(legal), dtype=np.uint8).astype(bool)
        if not mask.any():  # every legal amount beyond the encoding's cap: rare, see envs docs
            return self._fallback.choose(legal)
        x = np.frombuffer(observe(), dtype=np.float32)
        logits, _ = net.forward(x, mask)
        return enc.actions.move(self.pick(net, logits, mask), legal)

    def pick(self, net: PolicyNet, logits: np.ndarray, mask: np.ndarray) -> int:
        t = self.settings["temperature"]
        if t == 0:
            return net.best(logits, mask)
        legal = np.flatnonzero(mask)
        scores = logits[legal]
        z = (scores - scores.max()) / t
        p = np.exp(z)
        return int(legal[sample_index(p, self.rng.random())])
