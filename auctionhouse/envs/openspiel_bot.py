"""OpenSpiel's information-set MCTS (`open_spiel.python.algorithms.ismcts`) as one of our bots:
`openspiel-ismcts`, so that tournaments can pit it against our `ismcts` under the same budget.

The bot sees what every bot sees: its seat's view and `determinize`. Its OpenSpiel root state
wraps one determinization of that view (any world consistent with it will do: the search draws
a fresh one, `resample_from_infostate`, for every simulation) in the game's OpenSpiel adapter
(`envs/openspiel.py`), and OpenSpiel's search runs from there: UCT over information-state nodes,
one node added per simulation, then a rollout (OpenSpiel's `RandomRolloutEvaluator`: uniform
legal action ids; or, with `rollout=heuristic`, the game's heuristic for every seat).

Budget, as `ismcts` reads it: by default 100 simulations, cut short so that a move takes at most
`seconds` (1); `iterations` given alone is exact, `seconds` given alone a pure time budget. The
search runs OpenSpiel's own steps (reset, root node, sample a world, simulate, final policy),
with the loop around them ours, so that time is read from `clock`.

Needs the `envs` extra (open_spiel, numpy); OpenSpiel is imported when such a bot is made.
Moves only the OpenSpiel game can express are searched: when the bot must act out of the order
OpenSpiel plays the game in (an open auction where several seats may bid, asked of a seat other
than the next), or its seat has a single legal action id, it plays without searching.
"""

from __future__ import annotations

import math
import time
from typing import Any

from ..core import Move, OptionError
from ..core.players import MOST, MOST_SECONDS, Bot, Observation, Param, generic_bot, read_budget

FINAL_POLICIES = {
    "max_visit_count": "MAX_VISIT_COUNT",
    "normalized_visit_count": "NORMALIZED_VISITED_COUNT",
    "max_value": "MAX_VALUE",
}


def _openspiel():
    """OpenSpiel's modules, or OptionError when the envs extra is not installed."""
    try:
        from open_spiel.python.algorithms import ismcts, mcts

        from . import openspiel
    except ImportError as e:
        raise OptionError(
            f"bot openspiel-ismcts needs OpenSpiel ({e.name or e}): install the envs extra "
            "(pip install 'auctionhouse[envs]')"
        ) from None
    return ismcts, mcts, openspiel


class HeuristicRollouts:
    """An OpenSpiel evaluator: the game played out by its heuristic at every seat, scored as the
    OpenSpiel game scores it (shares of the victory); uniform priors."""

    def __init__(self, heuristic: Bot) -> None:
        self.bot = heuristic

    def evaluate(self, state) -> list[float]:
        engine = state.engine.clone()
        act = self.bot.act
        while not engine.is_over():
            p = engine.next_actor()
            engine.apply(p, act(Observation(engine, p, engine.legal_moves(p))))
        return engine.result().shares()

    def prior(self, state) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


class OpenSpielISMCTSBot(Bot):
    name = "openspiel-ismcts"
    params = {
        "iterations": Param(
            int,
            100,
            f"simulations per move, at most {MOST:,} (given alone: exactly these; 0: no limit "
            "but seconds)",
            MOST,
        ),
        "seconds": Param(
            float,
            1.0,
            f"most thinking time per move, at most {MOST_SECONDS:,} (given alone: think this "
            "long; 0: no limit but iterations)",
            MOST_SECONDS,
        ),
        "uct_c": Param(float, 1.4, "UCT exploration constant (returns are shares, 0 to 1)"),
        "final": Param(
            str,
            "max_visit_count",
            "final policy: max_visit_count, normalized_visit_count (a move drawn in proportion "
            "to visits) or max_value",
        ),
        "rollout": Param(
            str, "random", "random (OpenSpiel's uniform rollouts) or heuristic (the game's)"
        ),
        "rollouts": Param(int, 1, "rollouts per evaluation, at most 100", 100),
        "worlds": Param(
            int,
            0,
            f"worlds drawn per move and reused (max_world_samples; 0: a new one each "
            f"simulation), at most {MOST:,}",
            MOST,
        ),
    }

    def __init__(self, seed: int | None = None, clock=time.perf_counter, **params: Any) -> None:
        """`clock`: the seconds it reads time limits by (a test passes a fake one)."""
        super().__init__(seed, **params)
        if self.settings["final"] not in FINAL_POLICIES:
            raise OptionError(
                f"bot {self.name}: final is {', '.join(FINAL_POLICIES)}, "
                f"not {self.settings['final']!r}"
            )
        if self.settings["rollout"] not in ("random", "heuristic"):
            raise OptionError(
                f"bot {self.name}: rollout is random or heuristic, not {self.settings['rollout']!r}"
            )
        if self.settings["rollouts"] < 1:
            raise OptionError(f"bot {self.name}: rollouts is at least 1")
        self.max_iterations, self.time_limit = read_budget(self, params)  # as ismcts reads it
        if not (self.max_iterations or self.time_limit):
            raise OptionError(
                f"bot {self.name}: a move would have no limit (0 means none): give iterations "
                f"from 1 to {MOST:,} or seconds above 0 (at most {MOST_SECONDS:,})"
            )
        self.clock = clock
        self.iterations_done = 0
        self._modules = _openspiel()
        self._searches: dict[tuple, tuple] = {}
        self._own: Bot | None = None

    def _search(self, obs: Observation, world) -> tuple:
        """The OpenSpiel game, ISMCTS searcher and its numpy generator for this game, player
        count and options (made once)."""
        key = (obs.game.name, obs.num_players, repr(sorted(world.options.items())))
        found = self._searches.get(key)
        if found is None:
            ismcts, mcts, openspiel = self._modules
            import numpy as np

            game = openspiel.openspiel_game(obs.game, obs.num_players, world.options)
            random_state = np.random.RandomState(self.rng.getrandbits(32))
            if self.settings["rollout"] == "heuristic":
                evaluator = HeuristicRollouts(self._policy(obs))
            else:
                evaluator = mcts.RandomRolloutEvaluator(self.settings["rollouts"], random_state)
            searcher = ismcts.ISMCTSBot(
                game,
                evaluator,
                self.settings["uct_c"],
                max_simulations=MOST,  # unused: the loop is ours (_run)
                max_world_samples=self.settings["worlds"] or ismcts.UNLIMITED_NUM_WORLD_SAMPLES,
                random_state=random_state,
                final_policy_type=getattr(
                    ismcts.ISMCTSFinalPolicyType, FINAL_POLICIES[self.settings["final"]]
                ),
            )
            rng = self.rng
            searcher.set_resampler(lambda s, p: s.resample_from_infostate(p, rng.random))
            found = self._searches[key] = (game, searcher, random_state)
        return found

    def _policy(self, obs: Observation) -> Bot:
        """The game's heuristic (random where a game has none): rollouts with
        `rollout=heuristic`, and the moves OpenSpiel's game cannot search."""
        if self._own is None:
            cls = obs.game.bots().get("heuristic") or generic_bot("random")
            self._own = cls(seed=self.rng.getrandbits(63))
        return self._own

    def act(self, obs: Observation) -> Move:
        start = self.clock()
        world = obs.determinize(self.rng)
        game, searcher, random_state = self._search(obs, world)
        state = game.wrap(world)
        if state.current_player() != obs.seat:
            return self._policy(obs).act(obs)
        legal = state.legal_actions()
        if len(legal) == 1:
            return game.encoding.move(world, obs.seat, legal[0])
        deadline = start + self.time_limit if self.time_limit else math.inf
        root = self._run(searcher, state, deadline)
        actions, probs = zip(*searcher.get_final_policy(state, root), strict=True)
        action = int(random_state.choice(actions, p=probs))
        return game.encoding.move(world, obs.seat, action)

    def _run(self, searcher, state, deadline: float):
        """OpenSpiel's `run_search` with our budget: simulations, each from a fresh world,
        until the iterations are done or one as long as the last would overrun the deadline.
        The first simulation only opens the root: at least two run."""
        searcher.reset()
        root = searcher.create_new_node(state)
        budget = max(2, self.max_iterations or math.inf)
        clock = self.clock
        done = 0
        now = last = clock()
        while done < budget and (done < 2 or now + (now - last) <= deadline):
            last = now
            searcher.run_simulation(searcher.sample_root_state(state))
            done += 1
            now = clock()
        self.iterations_done += done
        return root
