"""Information-set Monte Carlo tree search over determinizations of the bot's own view.

Each iteration draws a state consistent with what the bot's seat knows (`obs.determinize`, never
the true state) and tries every candidate move in it, with the same playout seed for each (so
candidates are compared in the same imagined world). Below each candidate a tree of the bot's
own later decisions is shared across iterations and walked with UCB, growing by progressive
widening (the playout policy's move first); rivals, and every secret move (sealed bids), follow
the playout policy (the game's heuristic, or random), so no choice in the tree depends on
another player's secret bid. The game is played out to the end and scored (`reward`): by
default half the share of the victory, half the score's place between the lowest and the
highest.

The search improves on the heuristic's move rather than starting afresh: the candidates are
every concrete move and choice, and for the heuristic's own kind of move amounts around its
amount (one and two either way, a fifth less, a quarter more, the minimum) or splits one unit
away from its split (bots/candidates.py); other amount kinds get a few amounts spread from the
minimum. Moves the game puts in one class (`move_class`: in art-dice, two works of one artist)
are tried once. The candidate with the best mean reward is played, but the heuristic's move is kept
unless another beats it by `margin` standard errors of the paired differences (1.5: at 1.0 the
bot left the heuristic's move in a quarter of its decisions and lost the gain; at 3.0 it
hardly ever left it). With `race`, candidates a standard error worse than the heuristic's move
leave the search early.

With `rollout=learned`, the playouts of every candidate in a few iterations at once (`WAVE`) run
side by side and the network is asked for the moves of all of them in one batch (each the
move it would make alone, in a fraction of the time).

Sealed bids the others made before the bot's turn are unseen. By default (`sealed=model`) the
determinization leaves them unmade and the playout policy makes them after the bot's move, as
it makes the bids of those still to bid, so a rival's bid follows the model of that rival
whatever order the seats were asked in; `sealed=draw` redraws them at random, as the game's
`determinize` does. Against three `learned`, Q.E.'s search with the network went from about a
fifth of the wins to about half; against three heuristics, Modern Art's from 60% to 77%.

Budget: by default 10 iterations, cut short so that a move takes at most `seconds` (1); given
alone, `iterations` is exact (the same moves on any machine) and `seconds` is a pure time budget.
With `halving=P` the move gets about P playouts instead, shared out by successive halving: all
candidates in the first stage, the better half of them in the next, down to the heuristic's move
and its best rival, which get most of the playouts (`iterations` then plays no part; `seconds`
still caps the move); with `fill` as well, the budget grows to the playouts that fit in nine
tenths of `seconds` (measured as the search goes), so short playouts near a game's end get
more of them. A spec that leaves a move no limit (`iterations=0` or `seconds=0` alone, without
`halving`) is refused; time is read from `clock` (a test's fake clock makes timing exact). With
`steps=2`, splits two steps from the heuristic's are candidates too.
Strength against the heuristics, measured, is in docs/bots.md.
"""

from __future__ import annotations

import math
import time
from contextlib import nullcontext
from typing import Any

from ..core import Move, OptionError
from ..core.players import MOST, MOST_SECONDS, Bot, Observation, Param, read_budget
from .candidates import candidate_moves
from .playouts import REWARDS, Node, Playouts, distinct, rewards
from .random_bot import RandomBot

__all__ = ["ISMCTSBot", "rewards"]  # rewards: a search's playout reward, also for others

# The most a spec may ask for (MOST, MOST_SECONDS: core.players, for every search bot)
MOST_AMOUNTS = 1000
# iterations walked side by side when the playout policy answers in batches (the network):
# bigger batches for it, at the cost of tree statistics a wave old
WAVE = 4


# the parameters that name one of a few choices
CHOICES = {
    "rollout": ("heuristic", "learned", "random"),
    "guide": ("heuristic", "learned"),
    "value": ("playout", "learned"),
    "reward": REWARDS,
    "sealed": ("draw", "model"),
}


def _paired(a: list[float], b: list[float]) -> float:
    """The mean of the differences a - b over the iterations both were tried in (the first
    ones), in standard errors of that mean (at least 2 pairs)."""
    diffs = [x - y for x, y in zip(a, b, strict=False)]
    n = len(diffs)
    d = sum(diffs) / n
    var = sum((x - d) ** 2 for x in diffs) / (n - 1)
    if var == 0:
        return math.copysign(math.inf, d) if d else 0.0
    return d / math.sqrt(var / n)


def _stages(k: int) -> int:
    """Stages of successive halving for `k` candidates: halvings down to two, then the last."""
    n = 1
    while k > 2:
        k = max(2, k // 2)
        n += 1
    return n


class ISMCTSBot(Bot):
    name = "ismcts"
    params = {
        "iterations": Param(
            int,
            10,
            f"iterations per move, at most {MOST:,} (given alone: exactly these; 0: no limit "
            "but seconds)",
            MOST,
        ),
        "seconds": Param(
            float,
            1.0,
            f"most thinking time per move, at most {MOST_SECONDS:,} (given alone: think this "
            "long; 0: no limit but iterations or halving)",
            MOST_SECONDS,
        ),
        "c": Param(float, 0.7, "exploration constant of UCB"),
        "amounts": Param(
            int,
            5,
            f"candidate amounts tried per amount range, at most {MOST_AMOUNTS}",
            MOST_AMOUNTS,
        ),
        "rollout": Param(
            str,
            "heuristic",
            "playout policy: heuristic (when the game has one), learned (the learned bot) or "
            "random",
        ),
        "guide": Param(
            str,
            "heuristic",
            "the bot whose move the search starts from and must beat: heuristic or learned",
        ),
        "value": Param(
            str,
            "playout",
            "how a leaf is scored: playout (played to the end) or learned (the learned "
            "network's value of each seat, no playout)",
        ),
        "weights": Param(
            str, "", "policy file of the learned bot for guide, rollout or value (default: shipped)"
        ),
        "margin": Param(
            float, 1.5, "standard errors by which a move must beat the heuristic's to replace it"
        ),
        "around": Param(bool, True, "candidate amounts around the heuristic's, not spread"),
        "reward": Param(str, "mixed", "playout reward: mixed (win and score place) or win"),
        "race": Param(
            bool, False, "drop a candidate once a standard error worse than the heuristic's move"
        ),
        "halving": Param(
            int,
            0,
            f"playouts per move shared out by successive halving, at most {MOST:,} (0: every "
            "candidate in every iteration)",
            MOST,
        ),
        "steps": Param(int, 1, "steps from the heuristic's split its candidate splits go"),
        "fill": Param(
            bool, False, "with halving: more playouts when they fit in nine tenths of seconds"
        ),
        "sealed": Param(
            str,
            "model",
            "the others' sealed bids already in and unseen: draw (redrawn at random, as the "
            "game's determinization does) or model (taken back and made again by the playout "
            "policy after the bot's move)",
        ),
    }

    def __init__(self, seed: int | None = None, clock=time.perf_counter, **params) -> None:
        """`clock`: the seconds it reads time limits by (a test passes a fake one)."""
        super().__init__(seed, **params)
        for key, allowed in CHOICES.items():
            if self.settings[key] not in allowed:
                named = ", ".join(allowed[:-1]) + f" or {allowed[-1]}"
                raise OptionError(f"bot ismcts: {key} is {named}, not {self.settings[key]!r}")
        self.max_iterations, self.time_limit = read_budget(self, params)
        if not (self.max_iterations or self.time_limit or self.settings["halving"]):
            given = " and ".join(
                f"{k}={params[k]:g}" for k in ("iterations", "seconds") if k in params
            )
            raise OptionError(
                f"bot ismcts: with {given} a move would have no limit (0 means none): give "
                f"iterations from 1 to {MOST:,}, seconds above 0 (at most {MOST_SECONDS:,}) "
                f"or halving from 1 to {MOST:,}"
            )
        self.clock = clock
        self.playout_bot = RandomBot(self.rng.getrandbits(63))
        self.helpers: dict[str, Bot | None] = {}
        self.rollout_bot: Bot | None = None
        self.learned: Any = None
        self.quiet: Any = nullcontext  # what the search runs in
        if "learned" in (self.settings["guide"], self.settings["rollout"], self.settings["value"]):
            from .learned import LearnedBot  # numpy, and the encodings, only when asked for
            from .policy_net import one_blas_thread

            self.learned = LearnedBot(self.rng.getrandbits(63), weights=self.settings["weights"])
            self.quiet = one_blas_thread
        self.keep_sealed = self.settings["sealed"] == "draw"
        self.iterations_done = 0

    def _helper(self, obs: Observation, kind: str) -> Bot | None:
        """The heuristic (None when the game has none) or the learned bot, made once."""
        if kind == "learned":
            return self.learned
        if kind not in self.helpers:
            cls = obs.game.bots().get(kind)
            self.helpers[kind] = cls(seed=self.rng.getrandbits(63)) if cls is not None else None
        return self.helpers[kind]

    def act(self, obs: Observation) -> Move:
        start = self.clock()
        legal = obs.legal
        advisor = self._helper(obs, self.settings["guide"])
        rollout = self.settings["rollout"]
        self.rollout_bot = None if rollout == "random" else self._helper(obs, rollout)
        value_net = self.learned if self.settings["value"] == "learned" else None
        self.playouts = Playouts(
            self.rng,
            self.settings["c"],
            self.rollout_bot,
            self.playout_bot,
            value_net,
            self.settings["reward"],
        )
        hint = advisor.act(obs) if advisor is not None else None
        near = hint if self.settings["around"] else None
        root_moves = candidate_moves(legal, self.settings["amounts"], near, self.settings["steps"])
        if hint is not None:
            root_moves.insert(0, hint)  # its class's representative
        root_moves = distinct(root_moves, obs.move_class)
        if len(root_moves) == 1:
            return root_moves[0]
        roots = {m: Node() for m in root_moves}
        samples: dict[Move, list[float]] = {m: [] for m in root_moves}
        seconds = self.time_limit
        deadline = start + seconds if seconds else math.inf
        with self.quiet():
            if self.settings["halving"]:
                active = self._halving(obs, roots, samples, hint, deadline)
            else:
                active = self._rounds(obs, roots, samples, hint, deadline)
        return self._choose(active, samples, hint)

    def _rounds(self, obs, roots, samples, hint, deadline) -> list[Move]:
        """Iterations in which every candidate still active is played out once."""
        budget = self.max_iterations or math.inf
        done = 0
        active = list(roots)
        race = self.settings["race"] and hint is not None
        batch = getattr(self.rollout_bot, "act_batch", None)
        clock = self.clock
        now = last = clock()
        # Within the time limit, an iteration starts only if one as long as the last still fits.
        while done < budget and (done == 0 or now + (now - last) <= deadline):
            last = now
            if batch is None:
                self._iteration(obs, active, roots, samples)
                done += 1
            else:
                count = int(min(WAVE, budget - done))
                self._wave(obs, count, active, roots, samples, batch)
                done += count
            if race and done >= 8:
                # Racing: a candidate a standard error worse than the heuristic's move leaves
                # the search, so the time goes to those still in contention; with none left
                # but the heuristic's move, the search stops.
                active = [
                    m for m in active if m == hint or _paired(samples[m], samples[hint]) > -1.0
                ]
                if len(active) == 1:
                    break
            now = clock()
        return active

    def _halving(self, obs, roots, samples, hint, deadline) -> list[Move]:
        """Successive halving: the playout budget is shared out over stages; after each, the
        worse half of the candidates (by mean reward, all tried in the same worlds) leaves,
        the heuristic's move always stays, and the last stage spends what is left on the
        final two."""
        budget = least = self.settings["halving"]
        active = list(roots)
        spent = 0
        clock = self.clock
        now = last = start = clock()
        # with `fill`, the budget grows to the playouts that fit in 0.9 of the time left
        fill = self.settings["fill"] and deadline < math.inf
        target = start + 0.9 * (deadline - start)
        while True:
            stage_start = spent
            # what is left shared equally among the stages left, this one included
            stages, k = _stages(len(active)), len(active)
            done = 0
            while True:
                if fill and spent:
                    budget = max(least, spent + (target - now) * spent / (now - start))
                its = round((budget - stage_start) / stages / k)
                if done >= max(2, its):
                    break
                if spent and now + (now - last) > deadline:
                    return active
                last = now
                self._iteration(obs, active, roots, samples)
                spent += k
                done += 1
                now = clock()
            if len(active) <= 2:
                return active
            mean = {m: sum(samples[m]) / len(samples[m]) for m in active}
            keep = sorted(active, key=lambda m: -mean[m])[: max(2, len(active) // 2)]
            if hint is not None and hint not in keep:
                keep[-1] = hint
            active = keep

    def _iteration(self, obs: Observation, active, roots, samples) -> None:
        """One determinization and one playout seed for every active candidate: they are
        compared in the same imagined world (common random numbers), which makes the
        differences between them far less noisy than independent samples."""
        me = obs.seat
        det = obs.determinize(self.rng, self.keep_sealed)
        seed = self.rng.getrandbits(63)
        for m in active:
            state = det.clone()
            state.apply(me, m)
            self.playout_bot.rng.seed(seed)
            if self.rollout_bot is not None:
                self.rollout_bot.rng.seed(seed)
            samples[m].append(self.playouts.descend(state, roots[m], me))
        self.iterations_done += 1

    def _wave(self, obs: Observation, count: int, active, roots, samples, batch) -> None:
        """`count` iterations at once, for a playout policy that answers in batches (the
        network): every candidate in every determinization walked side by side, one batch a
        step. The walks of one wave below one candidate see its tree as the wave found it."""
        me = obs.seat
        states, nodes, moves = [], [], []
        for _ in range(count):
            det = obs.determinize(self.rng, self.keep_sealed)
            for m in active:
                state = det.clone()
                state.apply(me, m)
                states.append(state)
                nodes.append(roots[m])
                moves.append(m)
        assert self.rollout_bot is not None
        self.rollout_bot.rng.seed(self.rng.getrandbits(63))
        got = self.playouts.descend_many(states, nodes, me, batch)
        for m, r in zip(moves, got, strict=True):  # in order: iteration by iteration
            samples[m].append(r)
        self.iterations_done += count

    def _choose(self, moves: list[Move], samples: dict, hint: Move | None) -> Move:
        """The best mean reward; but with a heuristic to follow, leave its move only for one
        that beats it by `margin` standard errors of the paired differences: playouts are
        noisy, and the best of several noisy means flatters itself."""
        mean = {m: sum(samples[m]) / len(samples[m]) for m in moves}
        best = max(moves, key=lambda m: (mean[m], m == hint))
        if hint is None or best == hint:
            return best
        if len(samples[best]) < 8:
            return hint
        return best if _paired(samples[best], samples[hint]) > self.settings["margin"] else hint
