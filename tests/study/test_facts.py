"""Each game's study module reads a finished game right: standings after each round equal the
engine's scores at that moment of a move-by-move replay, category points add up to the
scores, counts add up to the games and rounds."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from auctionhouse.arena.jobs import play_job
from auctionhouse.arena.runner import series_job
from auctionhouse.core.aggregate import Aggregate
from auctionhouse.games import all_games, get_game
from auctionhouse.games.ratzia.cards import NUM_TYPES
from auctionhouse.games.ratzia.scoring import round_categories, round_gains
from auctionhouse.study.collect import collect_game, facts_of

from ..conftest import examples

ROUND_OF = {
    "modern-art": lambda s: s.round,
    "ratzia": lambda s: s.round,
    "art-dice": lambda s: s.round,
    "qe": lambda s: s.t // s.num_players,
}
# art-dice counts a round that starts and ends the game within one move (nobody holds gold)
ROUND_AT_THE_END = {"art-dice"}
GAMES = [g.name for g in all_games()]


def finished(name: str, players: int, seed: int, bots: str = "random"):
    game = get_game(name)
    job = series_job(name, players, game.resolve(players), [bots] * players, seed, 0)
    return job, play_job(job)


def replayed_standings(state) -> list[list]:
    """Each seat's score whenever the round changes, from a replay one move at a time."""
    round_of = ROUND_OF[state.game.name]
    s = state.game.new_state(state.num_players, state.options, setup=state.setup)
    out, r = [], round_of(s)
    for p, move in state.history:
        s.apply(p, move)
        if round_of(s) != r and (not s.is_over() or state.game.name in ROUND_AT_THE_END):
            # rounds may pass within one move (art-dice: nobody holds gold), scoring nothing
            out += [list(s.scores()) for _ in range(round_of(s) - r)]
            r = round_of(s)
    return out


def player_counts(name: str):
    g = get_game(name)
    return st.integers(g.min_players, g.max_players)


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=examples(12))
@given(data=st.data(), seed=st.integers(0, 2**40), bots=st.sampled_from(["random", "heuristic"]))
def test_standings_are_the_scores_at_each_round_end(name, data, seed, bots):
    job, state = finished(name, data.draw(player_counts(name)), seed, bots)
    rounds, standings = facts_of(get_game(name)).collect(state, Aggregate())
    replay = replayed_standings(state)
    if name == "ratzia":  # the 3rd round's standing is before the end-of-game points
        final = [s - e for s, e in zip(state.scores(), state.end_gains, strict=True)]
        replay.append(final)
    assert standings == replay
    assert rounds == len(standings) + (name != "ratzia")


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=examples(10))
@given(data=st.data(), seed=st.integers(0, 2**40))
def test_one_game_adds_up(name, data, seed):
    players = data.draw(player_counts(name))
    job, state = finished(name, players, seed)
    agg = Aggregate()
    collect_game(state, job.first_player, job.seats, agg, facts_of(get_game(name)))
    assert agg.games == 1
    assert sum(agg.moment(("pos", k)).total for k in range(players)) == pytest.approx(1.0)
    assert agg.moment(("pos", 0)).total == agg.moment("first_share").total
    assert agg.moment(("seat", job.first_player)).total == agg.moment("first_share").total
    assert agg.moment("moves").total == len(state.history)
    total = sum(state.scores())
    if name == "ratzia":
        assert sum(agg.moment(("rz_points", i)).total for i in range(8)) == total
        assert sum(v for k, v in agg.counts.items() if k[0] == "rz_end") == 3
    elif name == "qe":
        assert sum(v for k, v in agg.counts.items() if k[0] == "qe_points") == total
        ranks = [k[1] for k in agg.counts if k[0] == "qe_elim_rank"]
        assert all(1 <= r <= players for r in ranks)
        assert bool(ranks) == bool(state.tally().eliminated)
    elif name == "art-dice":
        assert agg.counts["ad_points"] == total
        assert 0 <= agg.moment("ad_square_share").mean <= 1
        assert agg.moment("ad_bank").total == state.bank
    else:
        for a in range(5):  # every artist has a place in each of the 4 rounds
            assert sum(agg.counts[("ma_rank", a, k)] for k in range(4)) == 4
        # at most 3 artists ranked a round
        assert sum(agg.counts[("ma_rank", a, k)] for a in range(5) for k in range(3)) <= 12
        bought = sum(len(e[3]) for e in state.events if e[0] == "won")
        assert sum(agg.moment(("ma_value", a)).n for a in range(5)) == bought
        prices = [e[2] for e in state.events if e[0] == "won"]
        assert sum(agg.moment(("ma_price_type", t)).total for t in range(5)) == sum(prices)
        assert sum(agg.moment(("ma_price_round", r)).n for r in range(4)) == len(prices)


@settings(max_examples=examples(200))
@given(
    st.lists(
        st.lists(st.integers(0, 5), min_size=NUM_TYPES, max_size=NUM_TYPES),
        min_size=2,
        max_size=5,
    )
)
def test_ratzia_categories_add_up_to_the_engines_round_points(colls):
    split = round_categories(colls)
    assert [sum(parts) for parts in split] == round_gains(colls)


def test_a_tie_for_the_lead_counts_each_leader_equally():
    from types import SimpleNamespace

    from auctionhouse.core.result import Result

    class Facts:
        HEADLINE = ()

        @staticmethod
        def collect(state, agg):
            return 2, [[5, 5, 1]]  # seats 0 and 1 lead after round 1

    state = SimpleNamespace(num_players=3, history=[], result=lambda: Result((10, 3, 2), (0,)))
    agg = Aggregate()
    collect_game(state, 0, ["random"] * 3, agg, Facts)
    assert agg.moment(("lead", 1)).mean == 0.5
    assert agg.moment("comeback").mean == 0.5
    assert agg.moment("margin").mean == 7
