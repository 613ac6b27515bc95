"""The OpenSpiel games: OpenSpiel's random simulation test for every game and player count,
tensors from the encodings, information states kept by resampling, seeds, OpenSpiel's ISMCTS
playing whole games; and the `openspiel-ismcts` bot, its budget and a tournament with it."""

from __future__ import annotations

import random
import sys

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402
from open_spiel.python.observation import make_observation  # noqa: E402

from auctionhouse.arena.tournament import tournament  # noqa: E402
from auctionhouse.bots import make_bot  # noqa: E402
from auctionhouse.core import OptionError  # noqa: E402
from auctionhouse.core.players import Observation  # noqa: E402
from auctionhouse.envs import openspiel as aos  # noqa: E402
from auctionhouse.envs.openspiel_bot import OpenSpielISMCTSBot  # noqa: E402
from auctionhouse.games import all_games, get_game  # noqa: E402
from auctionhouse.games.modern_art.deck import ARTISTS  # noqa: E402

from ..test_bots import Ticking  # noqa: E402

COUNTS = [(g.name, n) for g in all_games() for n in range(g.min_players, g.max_players + 1)]
COUNT_IDS = [f"{g}-{n}" for g, n in COUNTS]
SMALLEST = {g.name: g.min_players for g in all_games()}
NAMES = list(SMALLEST)


def load(game: str, players: int, seed: int = 1, **options):
    return pyspiel.load_game(aos.short_name(game), {"players": players, "seed": seed, **options})


def states(game, count: int, seed: int):
    """`count` states of games of random action ids (each one live until the next)."""
    rng = random.Random(seed)
    made = 0
    while made < count:
        state = game.new_initial_state()
        while not state.is_terminal() and made < count:
            made += 1
            yield state
            state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("game,players", COUNTS, ids=COUNT_IDS)
def test_openspiel_random_simulation_test(game, players):
    # OpenSpiel's serialization of a sampled-stochastic game asks the game for its generator's
    # state, which a Python game cannot give: states serialize one by one (tested below)
    pyspiel.random_sim_test(load(game, players), num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("name", NAMES)
def test_the_game_type_and_sizes_are_declared(name):
    g = get_game(name)
    game = load(name, SMALLEST[name])
    t = game.get_type()
    assert t.short_name == aos.short_name(name)
    assert t.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert t.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert t.utility == pyspiel.GameType.Utility.CONSTANT_SUM
    assert (t.min_num_players, t.max_num_players) == (g.min_players, g.max_players)
    assert game.num_players() == SMALLEST[name]
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (0.0, 1.0, 1.0)
    assert game.max_chance_outcomes() == 0
    assert game.num_distinct_actions() == game.encoding.num_actions
    assert game.observation_tensor_shape() == [game.encoding.size]
    assert game.information_state_tensor_size() == game.encoding.size
    params = t.parameter_specification
    assert {"players", "seed"} <= set(params)
    assert {o.name for o in g.options} <= set(params)
    with pytest.raises(OptionError, match=f"{name} is for {g.min_players} to"):
        load(name, g.max_players + 1)


def test_the_game_options_are_parameters():
    game = load("modern-art", 3, mystery=True)
    assert game.encoding.options["mystery"] is True
    assert load("modern-art", 4, open_cash=True).encoding.options["open_cash"] is True
    assert load("qe", 4, seed_literal=True).encoding.options["seed_literal"] is True
    assert load("modern-art", 4).encoding.options == get_game("modern-art").resolve(4)
    with pytest.raises(OptionError, match="mystery is for 3 players only"):
        load("modern-art", 4, mystery=True)
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'bogus'"):
        load("qe", 4, bogus=1)
    game = aos.openspiel_game("modern-art", 3, {"mystery": True}, seed=3)
    assert game.get_parameters()["mystery"] is True and game.num_players() == 3


@pytest.mark.parametrize("name", NAMES)
def test_seeds_make_deals_reproducible_and_clones_take_none(name):
    def deals(game, touch):
        out = []
        for _ in range(3):
            state = game.new_initial_state()
            out.append(str(state))
            if touch:  # OpenSpiel makes throwaway initial states for these
                state.clone()
                pyspiel.State.observation_tensor(state, 0)
                game.new_initial_state()
        return out

    a = deals(load(name, SMALLEST[name], seed=5), False)
    b = deals(load(name, SMALLEST[name], seed=5), True)
    assert a == b and len(set(a)) == 3
    assert deals(load(name, SMALLEST[name], seed=6), False) != a


@pytest.mark.parametrize("name", NAMES)
def test_tensors_are_the_encoding_observation(name):
    game = load(name, SMALLEST[name])
    enc = game.encoding
    info = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    obs = make_observation(game, pyspiel.IIGObservationType(perfect_recall=False))
    for state in states(game, 150, seed=2):
        for p in range(game.num_players()):
            want = np.frombuffer(enc.observation(state.engine, p), np.float32)
            for values in (state.observation_tensor(p), state.information_state_tensor(p)):
                assert np.array_equal(np.asarray(values, np.float32), want)
            # OpenSpiel's own path through C++ and the observers gives the same
            assert np.array_equal(pyspiel.State.information_state_tensor(state, p), want)
            assert np.array_equal(pyspiel.State.observation_tensor(state, p), want)
            info.set_from(state, p)
            obs.set_from(state, p)
            assert np.array_equal(info.tensor, want) and np.array_equal(obs.tensor, want)
            assert info.string_from(state, p) == state.information_state_string(p)
            assert obs.string_from(state, p) == state.observation_string(p)
            assert pyspiel.State.information_state_string(state, p) == (
                state.information_state_string(p)
            )


@pytest.mark.parametrize("name", NAMES)
def test_resampled_states_keep_the_information_state(name):
    game = load(name, SMALLEST[name])
    rng = random.Random(3)
    for k, state in enumerate(states(game, 120, seed=3)):
        p = state.current_player()
        key = state.information_state_string(p)
        for _ in range(2):
            world = state.resample_from_infostate(p, rng.random)
            assert world.information_state_string(p) == key
            assert world.observation_tensor(p) == state.observation_tensor(p)
            assert world.current_player() == p
            assert world.legal_actions() == state.legal_actions()
        if k % 10 == 0:  # through OpenSpiel's own sampler too
            world = state.resample_from_infostate(p, pyspiel.UniformProbabilitySampler(0.0, 1.0))
            assert world.information_state_string(p) == key


def test_a_sealed_bid_stays_out_of_later_bidders_information_state():
    """Q.E.'s sealed bids are played one seat after another here: what a later bidder knows
    does not depend on an earlier seat's bid."""
    game = load("qe", 4)
    seen = 0
    for state in states(game, 400, seed=4):
        if not state.engine.secret_moves():
            continue
        p = state.current_player()
        outcomes = set()
        for a in state.legal_actions()[:3]:
            child = state.child(a)
            if not child.engine.secret_moves() or child.current_player() == p:
                continue  # the bids are revealed (or it is p's own turn again)
            q = child.current_player()
            outcomes.add((child.information_state_string(q), tuple(child.observation_tensor(q))))
            seen += 1
        assert len(outcomes) <= 1
    assert seen > 20


@pytest.mark.parametrize("name", NAMES)
def test_states_serialize_and_returns_are_shares(name):
    game = load(name, SMALLEST[name])
    for k, state in enumerate(states(game, 400, seed=5)):
        if k % 40 == 0:
            again = game.deserialize_state(state.serialize())
            assert str(again) == str(state) and again.history() == state.history()
        clone = state.clone()
        assert str(clone) == str(state)
    state = game.new_initial_state()
    rng = random.Random(5)
    while not state.is_terminal():
        assert state.returns() == [0.0] * game.num_players()
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.returns() == state.engine.result().shares()
    assert sum(state.returns()) == pytest.approx(1.0)


def test_the_declared_length_is_the_games():
    assert [load(n, 4).max_game_length() for n in NAMES] == [
        get_game(n).max_length(4, get_game(n).resolve(4)) for n in NAMES
    ]
    # Modern Art's bound scales with its deck: 60 moves a card
    deck = {artist: [3] * 5 for artist in ARTISTS}
    assert aos.openspiel_game("modern-art", 3, {"deck": deck}).max_game_length() == 75 * 60


@pytest.mark.parametrize("name", ["modern-art", "ratzia", "qe"])
def test_slow_games_stay_within_the_declared_length(name):
    """The policies that measured the longest games: the lowest bid (slow open auctions) and
    the lowest id, at the most players; art-dice has no bound (see its game.py)."""
    game = load(name, get_game(name).max_players, seed=11)
    kinds = [game.encoding.actions.segment_of(a).kind for a in range(game.num_distinct_actions())]
    rng = random.Random(11)
    for lowest_bid in (True, False):
        state = game.new_initial_state()
        moves = 0
        while not state.is_terminal():
            legal = state.legal_actions()
            bids = [a for a in legal if kinds[a] in ("bid", "price", "open")]
            if lowest_bid:
                action = bids[0] if bids and rng.random() < 0.9 else rng.choice(legal)
            else:
                action = legal[0]
            state.apply_action(action)
            moves += 1
        assert moves <= game.max_game_length() / 2


@pytest.mark.parametrize("name", NAMES)
def test_openspiel_ismcts_plays_whole_games(name):
    game = load(name, SMALLEST[name], seed=7)
    rs = np.random.RandomState(7)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rs), 1.4, 3, random_state=rs)
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(bot.step(state))
    assert sum(state.returns()) == pytest.approx(1.0)
    assert state.engine.is_over()


# --- the openspiel-ismcts bot ---------------------------------------------------------------


def _position(name: str, players: int, seed: int):
    """A state a few moves in where the next seat has several legal action ids."""
    game = aos.openspiel_game(name, players)
    state = get_game(name).new_state(players, seed=seed)
    rng = random.Random(seed)
    while True:
        p = state.next_actor()
        ids = game.encoding.legal_actions(state, p)
        if len(ids) > 3 and len(state.history) > 4:
            return state, p
        state.apply(p, game.encoding.move(state, p, rng.choice(ids)))


@pytest.mark.parametrize("name", NAMES)
def test_the_bot_keeps_its_budget(name):
    state, p = _position(name, SMALLEST[name], seed=8)
    obs = Observation(state, p, state.legal_moves(p))
    for spec, clock, done in [
        ({"iterations": 7}, Ticking(100.0), 7),  # exact, whatever the time
        ({"seconds": 1.0}, Ticking(0.1), 9),  # one reading a simulation, the last must fit
        ({}, Ticking(0.2), 4),  # 100 simulations, cut short at a second
    ]:
        bot = OpenSpielISMCTSBot(seed=1, clock=clock, **spec)
        move = bot.act(obs)
        assert bot.iterations_done == done
        assert any(mk.kind == move[0] and mk.accepts(move[1]) for mk in obs.legal)


def test_the_bot_is_reproducible_and_says_what_it_takes():
    state, p = _position("qe", 3, seed=9)
    obs = Observation(state, p, state.legal_moves(p))
    moves = {make_bot("openspiel-ismcts:iterations=30", get_game("qe"), 4).act(obs) for _ in "ab"}
    assert len(moves) == 1
    assert make_bot("openspiel-ismcts:iterations=30").spec() == "openspiel-ismcts:iterations=30"
    bot = make_bot("openspiel-ismcts:seconds=0.5:final=max_value:uct_c=2:worlds=10")
    assert bot.spec() == "openspiel-ismcts:seconds=0.5:uct_c=2.0:final=max_value:worlds=10"
    for spec, message in [
        ("openspiel-ismcts:iterations=0", "no limit"),
        ("openspiel-ismcts:seconds=0", "no limit"),
        ("openspiel-ismcts:final=best", "final is max_visit_count"),
        ("openspiel-ismcts:rollout=smart", "rollout is random or heuristic"),
        ("openspiel-ismcts:rollouts=0", "rollouts is at least 1"),
        ("openspiel-ismcts:uct_c=inf", "uct_c takes a finite number"),
    ]:
        with pytest.raises(OptionError, match=message):
            make_bot(spec)


def test_without_openspiel_the_bot_is_refused_in_one_sentence(monkeypatch):
    for module in list(sys.modules):
        if module.split(".")[0] in ("open_spiel", "pyspiel") or module.endswith("envs.openspiel"):
            monkeypatch.setitem(sys.modules, module, None)
    with pytest.raises(OptionError, match=r"^bot openspiel-ismcts needs OpenSpiel .*envs"):
        make_bot("openspiel-ismcts")
    make_bot("ismcts")  # the other bots are unaffected


@pytest.mark.parametrize(
    "name,rollout", [("modern-art", "random"), ("ratzia", "heuristic"), ("qe", "random"),
                     ("art-dice", "heuristic")],
)  # fmt: skip
def test_a_tournament_with_openspiel_ismcts_seats(name, rollout):
    players = SMALLEST[name]
    spec = f"openspiel-ismcts:iterations=3:rollout={rollout}"
    bots = [spec, "heuristic", "random"][:players]
    res = tournament(get_game(name), players, bots, games=players, seed=3, workers=1)
    assert {r["bot"]: r["games"] for r in res["bots"]}[spec] == players
    assert sum(r["wins"] for r in res["bots"]) == pytest.approx(players)
