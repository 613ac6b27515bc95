"""ISMCTS with the learned network as its guide, its playout policy or its leaf value: legal
moves in every game, the same moves for the same seed, and bad settings refused."""

from __future__ import annotations

import pytest

from auctionhouse.core import OptionError
from auctionhouse.core.players import Observation, make_bot
from auctionhouse.games import get_game

GAMES = ["modern-art", "ratzia", "qe", "art-dice"]
WAYS = ["guide=learned:iterations=2", "rollout=learned:iterations=2", "value=learned:iterations=8"]


def play(game: str, spec: str, seed: int, most: int = 40) -> list:
    """The first `most` moves of a game with the searching bot in seat 0 and heuristics."""
    g = get_game(game)
    bots = [make_bot(spec, g, seed=seed)] + [make_bot("heuristic", g, seed=p) for p in (1, 2)]
    state = g.new_state(3, seed=seed)
    while not state.is_over() and len(state.history) < most:
        p = state.next_actor()
        state.apply(
            p, bots[p].act(Observation(state, p, state.legal_moves(p)))
        )  # raises if illegal
    return state.history


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("way", WAYS)
def test_search_with_the_network_plays_legal_moves_repeatably(tiny_policy, game, way):
    spec = f"ismcts:{way}:weights={tiny_policy(game)}"
    first = play(game, spec, seed=4)
    assert first == play(game, spec, seed=4)


def test_leaf_values_are_each_seats(tiny_policy):
    from auctionhouse.bots.learned import LearnedBot

    g = get_game("qe")
    bot = LearnedBot(weights=tiny_policy("qe"))
    state = g.new_state(3, seed=2)
    values = bot.values(state)
    assert len(values) == 3 and all(isinstance(v, float) for v in values)


@pytest.mark.parametrize(
    "spec, words",
    [
        ("ismcts:guide=random", "guide is heuristic or learned"),
        ("ismcts:value=heuristic", "value is playout or learned"),
        ("ismcts:rollout=ismcts", "rollout is heuristic, learned or random"),
    ],
)
def test_bad_choices_are_refused(spec, words):
    with pytest.raises(OptionError, match=words):
        make_bot(spec, get_game("qe"))


def test_weights_for_another_game_are_refused(tiny_policy):
    bot = make_bot(f"learned:weights={tiny_policy('qe')}", get_game("ratzia"))
    state = get_game("ratzia").new_state(3, seed=1)
    p = state.next_actor()
    with pytest.raises(OptionError, match="for qe at 3 players, not ratzia"):
        bot.act(Observation(state, p, state.legal_moves(p)))


@pytest.mark.parametrize("game", GAMES)
def test_walks_side_by_side_are_the_walks_one_by_one(game):
    """`descend_many` (the playouts of several root moves, the network asked for all of them
    at once) gives each root the reward and the tree that `descend` gives it alone."""
    import random

    from auctionhouse.bots.candidates import candidate_moves
    from auctionhouse.bots.learned import LearnedBot
    from auctionhouse.bots.playouts import Node, Playouts
    from auctionhouse.bots.random_bot import RandomBot

    g = get_game(game)
    state = g.new_state(4, seed=3)
    other = RandomBot(seed=1)
    for _ in range(12):
        p = state.next_actor()
        state.apply(p, other.choose(state.legal_moves(p)))
    me = state.next_actor()
    starts = []
    for m in candidate_moves(state.legal_moves(me), 3)[:4]:
        s = state.clone()
        s.apply(me, m)
        starts.append(s)
    trees = []
    for side_by_side in (False, True):
        bot = LearnedBot(seed=2)
        walks = Playouts(random.Random(5), 0.7, bot, RandomBot(6))
        states, nodes = [s.clone() for s in starts], [Node() for _ in starts]
        if side_by_side:
            got = walks.descend_many(states, nodes, me, bot.act_batch)
        else:
            got = [walks.descend(s, n, me) for s, n in zip(states, nodes, strict=True)]
        trees.append((got, [(n.visits, n.reward, list(n.children)) for n in nodes]))
    assert len(starts) > 1 and trees[0] == trees[1]


def test_walks_of_one_wave_share_a_tree():
    """Walks side by side below one root move: the second meets the child the first added,
    not yet credited, and goes down it; both are credited."""
    import random

    from auctionhouse.bots.learned import LearnedBot
    from auctionhouse.bots.playouts import Node, Playouts
    from auctionhouse.bots.random_bot import RandomBot

    g = get_game("ratzia")
    state = g.new_state(4, seed=3)
    me = state.next_actor()
    bot = LearnedBot(seed=2)
    state.apply(me, bot.act(Observation(state, me, state.legal_moves(me))))
    root = Node()
    walks = Playouts(random.Random(5), 0.7, bot, RandomBot(6))
    got = walks.descend_many([state.clone(), state.clone()], [root, root], me, bot.act_batch)
    assert len(got) == 2 and all(0.0 <= r <= 1.0 for r in got)
    (child,) = root.children.values()  # the second walk went down the first one's child
    assert root.visits == 2 and child.visits == 2
