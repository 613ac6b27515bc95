"""Bots: the registry and its parameter syntax, the random bot's draws, candidate moves, and
ISMCTS playing legal moves from its own view in every game."""

from __future__ import annotations

import math
import random
import time
from collections import Counter

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from auctionhouse.arena.runner import play
from auctionhouse.bots import make_bot
from auctionhouse.bots.candidates import (
    amount_points,
    amounts_around,
    candidate_moves,
    split_points,
    splits_around,
    splits_within,
)
from auctionhouse.bots.random_bot import RandomBot
from auctionhouse.core import MoveKind, OptionError, random_arg
from auctionhouse.core.moves import (
    FLOAT_EXACT,
    _random_split,
    below,
    random_split,
    split_distribution,
)
from auctionhouse.core.players import Observation, available
from auctionhouse.games import all_games, get_game

# hypothesis's default deadline (200 ms an example) makes a test depend on the machine's speed
NO_DEADLINE = settings(deadline=None)


def test_specs_with_parameters_are_parsed_and_checked():
    g = get_game("modern-art")
    bot = make_bot("ismcts:iterations=20:c=1.2:rollout=random", g, 1)
    assert bot.settings["iterations"] == 20 and bot.settings["c"] == 1.2
    assert bot.spec() == "ismcts:iterations=20:c=1.2:rollout=random"
    # iterations and seconds: by default both limit a move; one given alone is the only limit
    # (0: none), unless halving sets the playouts
    for spec, limits in [
        ("ismcts", (10, 1.0)),
        ("ismcts:iterations=7", (7, 0.0)),
        ("ismcts:seconds=0.5", (0, 0.5)),
        ("ismcts:iterations=7:seconds=0.5", (7, 0.5)),
        ("ismcts:iterations=0:seconds=0.5", (0, 0.5)),
        ("ismcts:iterations=7:seconds=0", (7, 0.0)),
        ("ismcts:halving=50:seconds=0", (0, 0.0)),
        ("ismcts:iterations=1000000:seconds=3600", (10**6, 3600.0)),
    ]:
        bot = make_bot(spec, g, 1)
        again = make_bot(bot.spec(), g, 1)
        assert (bot.max_iterations, bot.time_limit) == limits
        assert (again.max_iterations, again.time_limit) == limits
    for spec, message in [
        ("ismcts:depth=3", "no parameter 'depth'"),
        ("ismcts:iterations=many", "iterations takes a whole number, not 'many'"),
        ("ismcts:seconds=soon", "seconds takes a number, not 'soon'"),
        ("ismcts:iterations=-1", "must not be negative"),
        ("ismcts:iterations", "key=value"),
        ("ismcts:rollout=smart", "rollout is heuristic, learned or random"),
        ("ismcts:reward=score", "reward is mixed or win"),
        ("wizard", "unknown bot 'wizard'"),
    ]:
        with pytest.raises(OptionError, match=message):
            make_bot(spec, g, 1)


LIMITLESS = "give iterations from 1 to 1,000,000, seconds above 0 \\(at most 3,600\\) or halving"


@pytest.mark.parametrize(
    "spec, message",
    [
        ("ismcts:iterations=0", f"with iterations=0 a move would have no limit .*{LIMITLESS}"),
        ("ismcts:seconds=0", f"with seconds=0 a move would have no limit .*{LIMITLESS}"),
        ("ismcts:iterations=0:seconds=0", "with iterations=0 and seconds=0 a move would"),
        ("ismcts:seconds=nan", "seconds takes a finite number, not 'nan'"),
        ("ismcts:seconds=inf", "seconds takes a finite number, not 'inf'"),
        ("ismcts:iterations=0:seconds=1e999", "seconds takes a finite number"),
        ("ismcts:iterations=1000001", "iterations is at most 1,000,000, not '1000001'"),
        ("ismcts:iterations=1:halving=1000000000", "halving is at most 1,000,000"),
        ("ismcts:seconds=3601", "seconds is at most 3,600, not '3601'"),
        ("ismcts:amounts=1001", "amounts is at most 1,000"),
    ],
)
def test_specs_that_would_search_forever_are_refused(spec, message):
    with pytest.raises(OptionError, match=f"^bot ismcts: {message}"):
        make_bot(spec, get_game("qe"), 1)


@pytest.mark.parametrize("name", [g.name for g in all_games()])
def test_every_float_parameter_refuses_nan_and_infinity(name):
    game = get_game(name)
    for bot, cls in available(game).items():
        for key, param in cls.params.items():
            if param.type is float:
                for raw in ("nan", "inf", "-inf", "1e400"):
                    with pytest.raises(OptionError, match=f"{key} takes a finite number"):
                        make_bot(f"{bot}:{key}={raw}", game, 1)


def test_the_command_line_refuses_an_endless_search_in_one_line():
    from typer.testing import CliRunner

    from auctionhouse.cli import app

    for spec in ("ismcts:seconds=nan", "ismcts:iterations=0", "ismcts:halving=10000000"):
        result = CliRunner().invoke(app, ["simulate", "qe", "-p", "3", "-n", "1", "--bots", spec])
        assert result.exit_code == 2, result.output
        assert result.stderr.count("\n") == 1 and "bot ismcts: " in result.stderr


class Ticking:
    """A fake clock for time limits: each reading is `tick` seconds after the one before (a
    search reads it once an iteration), so a test's timing is the same on any machine."""

    def __init__(self, tick: float) -> None:
        self.tick = tick
        self.now = 0.0

    def __call__(self) -> float:
        self.now += self.tick
        return self.now


kinds = st.one_of(
    st.builds(
        lambda lo, w, sp: MoveKind("bid", lo, lo + w, span=sp),
        st.integers(0, 50),
        st.integers(0, 200),
        st.sampled_from([None, 10, 40]),
    ),
    st.builds(
        lambda lo, sp: MoveKind("bid", lo, None, span=sp),
        st.integers(0, 10**12),
        st.integers(1, 50),
    ),
    st.builds(  # far wider than a float holds (a Q.E. bid under a huge opening bid)
        lambda lo, w: MoveKind("bid", lo, lo + w),
        st.integers(0, 10**400),
        st.integers(0, 10**400),
    ),
    st.builds(
        lambda cs: MoveKind("play", choices=tuple(sorted(set(cs)))),
        st.lists(st.integers(0, 30), min_size=1),
    ),
    st.just(MoveKind("pass")),
    st.builds(
        lambda parts, lo, hi: MoveKind("bid", lo, hi, parts=tuple(parts)),
        st.lists(st.tuples(st.integers(0, 6), st.integers(0, 6)), min_size=1, max_size=3),
        st.integers(0, 2),
        st.one_of(st.none(), st.integers(0, 12)),
    ).filter(lambda mk: any(mk.accepts(c) for c in split_points(mk))),  # some split is legal
)


@NO_DEADLINE
@given(legal=st.lists(kinds, min_size=1, max_size=3), seed=st.integers(0, 2**32))
def test_the_random_bot_draws_exactly_as_random_arg_describes(legal, seed):
    bot = RandomBot(seed)
    ref = random.Random(seed)
    for _ in range(5):
        move = bot.choose(legal)
        mk = legal[int(ref.random() * len(legal))] if len(legal) > 1 else legal[0]
        assert move == (mk.kind, random_arg(mk, ref))
        assert mk.accepts(move[1])
        if mk.span is not None and mk.lo is not None:
            assert move[1] <= mk.lo + mk.span


@NO_DEADLINE
@given(
    parts=st.lists(st.tuples(st.integers(0, 6), st.integers(0, 6)), min_size=1, max_size=4),
    lo=st.integers(0, 2),
    hi=st.integers(0, 8),
    seed=st.integers(0, 1000),
)
@example(parts=[(1, 1), (1, 1)], lo=2, hi=2, seed=6)  # the least total needs both parts
def test_random_splits_are_always_accepted(parts, lo, hi, seed):
    mk = MoveKind("bid", lo, hi, parts=tuple(parts))
    rng = random.Random(seed)
    for _ in range(10):
        arg = random_arg(mk, rng)
        feasible = any(mk.accepts(c) for c in split_points(mk))
        assert mk.accepts(arg) or not feasible


@pytest.mark.parametrize(
    "parts, lo, hi",
    [
        (((1, 6), (1, 6), (1, 6)), 1, 6),  # an art-dice bid on three fresh works
        (((3, 4), (1, 4), (5, 4)), 1, 4),  # one work out of reach
        (((2, 3), (2, 3)), 0, 3),  # both works together do not fit: drawn again
        (((0, 1), (0, 1)), 3, 5),  # nothing fits: the cheapest part alone
        (((2, 3), (0, 2), (1, 2), (0, 1)), 0, None),  # four parts, no total limit
    ],
)
def test_split_tables_hold_the_exact_distribution_of_the_step_by_step_draw(parts, lo, hi):
    """Small splits are drawn from a table of `_random_split`'s exact distribution; its draws
    match the table (chi-square, fixed seed) and the table draws only accepted splits."""
    mk = MoveKind("bid", lo, hi, parts=parts)
    dist = split_distribution(mk)
    assert math.isclose(sum(dist.values()), 1.0)
    feasible = any(mk.accepts(c) for c in split_points(mk))
    assert all(mk.accepts(out) for out in dist) or not feasible
    rng = random.Random(7)
    draws = 20_000
    counts = Counter(_random_split(mk, rng.random) for _ in range(draws))
    assert set(counts) <= set(dist)
    chi2 = sum((counts[out] - draws * p) ** 2 / (draws * p) for out, p in dist.items())
    df = max(1, len(dist) - 1)
    assert chi2 < df + 6 * math.sqrt(2 * df)
    tabled = Counter(random_split(mk, rng.random) for _ in range(draws))
    chi2 = sum((tabled[out] - draws * p) ** 2 / (draws * p) for out, p in dist.items())
    assert chi2 < df + 6 * math.sqrt(2 * df)


def test_draws_below_a_width_are_exact_and_uniform_at_any_size():
    """Below 2**53 `below` is `int(rand() * w)` (seeded games keep their draws); wider, every
    whole number in 0..w-1 is as likely (chi-square over thirds of the range, fixed seed)."""
    a, b = random.Random(3), random.Random(3)
    for w in (1, 2, 11, 10**6, FLOAT_EXACT):
        assert [below(a.random, w) for _ in range(50)] == [int(b.random() * w) for _ in range(50)]
    rng = random.Random(5)
    for w in (FLOAT_EXACT + 1, 3 * 2**70 + 1, 10**3000 + 7):
        draws = [below(rng.random, w) for _ in range(3000)]
        assert all(0 <= x < w for x in draws)
        thirds = Counter(3 * x // w for x in draws)
        assert sum((thirds[k] - 1000) ** 2 / 1000 for k in range(3)) < 14  # p < 0.001


def test_candidate_amounts_are_exact_at_any_size():
    x = 10**500 + 3
    assert amounts_around(x, 0, None) == [
        0,
        8 * 10**499 + 2,  # a fifth less: 8 * 10**499 + 2.4
        x - 2,
        x - 1,
        x,
        x + 1,
        x + 2,
        125 * 10**498 + 4,  # a quarter more: 125 * 10**498 + 3.75
    ]
    assert amount_points(0, 10**500, None, 5) == [i * 25 * 10**498 for i in range(5)]


def test_candidate_amounts_spread_from_the_minimum():
    assert amount_points(3, 100, 40, 5) == [3, 23, 43, 63, 83]
    assert amount_points(3, 10, 40, 5) == [3, 5, 7, 8, 10]
    assert amount_points(7, 7, 40, 5) == [7]
    assert amount_points(1, None, 10, 3) == [1, 11, 21]
    moves = candidate_moves([MoveKind("pass"), MoveKind("play", choices=(4, 9))])
    assert moves == [("pass", None), ("play", 4), ("play", 9)]


@NO_DEADLINE
@given(
    lo=st.integers(0, 30),
    width=st.one_of(st.none(), st.integers(0, 60)),
    at=st.integers(0, 60),
)
def test_amounts_around_a_hint_stay_in_range_and_keep_it(lo, width, at):
    hi = None if width is None else lo + width
    x = lo + (at if hi is None else at % (width + 1))
    near = amounts_around(x, lo, hi)
    assert x in near and lo in near and near == sorted(set(near))
    assert all(lo <= a and (hi is None or a <= hi) for a in near)
    assert {x - 1, x + 1} & set(range(lo, (hi if hi is not None else x + 1) + 1)) <= set(near)


@st.composite
def split_cases(draw, most: int, max_parts: int):
    """A split kind, its legal splits, and one of them (None when it has none)."""
    parts = draw(
        st.lists(
            st.tuples(st.integers(1, most), st.integers(1, most)), min_size=1, max_size=max_parts
        )
    )
    mk = MoveKind("bid", 1, draw(st.integers(1, most + 2)), parts=tuple(parts))
    legal = [s for s in _all_splits(mk) if mk.accepts(s)]
    return mk, legal, (draw(st.sampled_from(legal)) if legal else None)


@NO_DEADLINE
@given(case=split_cases(6, 4))
def test_splits_around_a_hint_are_legal_and_one_step_away(case):
    mk, legal, hint = case
    if hint is None:
        return
    near = splits_around(mk, hint)
    assert near[0] == hint and len(set(near)) == len(near)
    for s in near[1:]:
        assert mk.accepts(s)
        # one part changed (dropped, started, or by one unit), or one unit moved between two
        changed = [i for i in range(len(s)) if s[i] != hint[i]]
        assert 1 <= len(changed) <= 2
    # every legal split one unit away on one part is among them
    for s in legal:
        diff = [abs(a - b) for a, b in zip(s, hint, strict=True)]
        if sorted(diff)[-1] == 1 and sum(diff) == 1:
            assert s in near


@NO_DEADLINE
@given(case=split_cases(4, 3))
def test_splits_within_two_steps_are_the_neighbours_of_the_neighbours(case):
    mk, _, hint = case
    if hint is None:
        return
    assert splits_within(mk, hint, 1) == splits_around(mk, hint)
    two = splits_within(mk, hint, 2)
    near = splits_around(mk, hint)
    assert two[: len(near)] == near and len(set(two)) == len(two)
    assert all(mk.accepts(s) for s in two)
    assert set(two) == {t for s in near for t in splits_around(mk, s)}


def _all_splits(mk):
    import itertools

    return itertools.product(*[range(0, hi + 1) for _, hi in mk.parts])


@pytest.mark.parametrize("name", [g.name for g in all_games() if "heuristic" in g.bots()])
def test_candidates_around_the_heuristic_are_legal_moves(name):
    """In heuristic games, every candidate around the heuristic's move is accepted by the
    state itself, and the heuristic's move is among them."""
    game = get_game(name)
    players = min(4, game.max_players)
    checked = 0
    for g in range(3):
        state = game.new_state(players, seed=50 + g)
        bots = [make_bot("heuristic", game, 10 * g + p) for p in range(players)]
        while not state.is_over():
            p = state.next_actor()
            legal = state.legal_moves(p)
            hint = bots[p].act(Observation(state, p, legal))
            moves = candidate_moves(legal, 5, hint)
            assert hint in moves
            for m in moves:
                trial = state.clone()
                trial.apply(p, m)  # raises on an illegal move
                checked += 1
            state.apply(p, hint)
    assert checked > 0


def test_ismcts_keeps_to_its_time_limit():
    """Within `seconds`, an iteration starts only while one as long as the last still fits:
    with iterations of 1/64 s, a move of 0.25 s ends on its deadline, however many iterations
    it was allowed (none given alone: a pure time budget)."""
    game = get_game("qe")
    state = game.new_state(4, seed=3)
    p = state.next_actor()
    assert make_bot("ismcts", game, 1).clock is time.perf_counter
    for spec in (
        "ismcts:seconds=0.25",
        "ismcts:iterations=0:seconds=0.25",
        "ismcts:iterations=100000:seconds=0.25",
    ):
        bot = make_bot(spec, game, 1)
        bot.clock = clock = Ticking(1 / 64)
        bot.act(Observation(state, p, state.legal_moves(p)))
        deadline = 1 / 64 + 0.25  # the first reading starts the move
        assert clock.now <= deadline < clock.now + 1 / 64
        assert bot.iterations_done == 15  # the readings before and after each iteration
    # and a count of iterations given with seconds ends the move first when it is reached
    bot = make_bot("ismcts:iterations=5:seconds=0.25", game, 1)
    bot.clock = Ticking(1 / 64)
    bot.act(Observation(state, p, state.legal_moves(p)))
    assert bot.iterations_done == 5


def test_paired_differences_in_standard_errors():
    from auctionhouse.bots.ismcts import _paired

    assert _paired([1.0, 2.0, 3.0], [0.0, 1.0, 2.0]) == math.inf
    assert _paired([1.0, 1.0], [1.0, 1.0]) == 0.0
    # differences 1, 3: mean 2, standard error 1; a longer list is cut to the pairs
    assert _paired([1.0, 3.0, 9.0], [0.0, 0.0]) == pytest.approx(2.0)
    assert _paired([0.0, 0.0], [1.0, 3.0]) == pytest.approx(-2.0)


def test_racing_drops_candidates_and_still_reads_only_determinizations():
    game = get_game("qe")
    state = game.new_state(4, seed=7)
    bots = [make_bot("heuristic", game, p) for p in range(4)]
    for _ in range(12):
        p = state.next_actor()
        state.apply(p, bots[p].act(Observation(state, p, state.legal_moves(p))))
    p = state.next_actor()
    seen = []

    class Spy(Observation):
        def determinize(self, rng, keep_sealed=True):
            det = super().determinize(rng, keep_sealed)
            seen.append(det is not self._state)
            return det

    full = make_bot("ismcts:iterations=40", game, 1)
    racing = make_bot("ismcts:iterations=40:race=true", game, 1)
    legal = state.legal_moves(p)
    for bot in (full, racing):
        move = bot.act(Spy(state, p, legal))
        assert any(mk.kind == move[0] and mk.accepts(move[1]) for mk in legal)
    assert seen and all(seen)
    assert full.iterations_done == 40 and racing.iterations_done <= 40


def test_halving_spends_its_playouts_and_ends_between_the_heuristic_move_and_one_rival():
    game = get_game("art-dice")
    state = game.new_state(4, seed=5)
    bots = [make_bot("heuristic", game, p) for p in range(4)]
    while True:
        p = state.next_actor()
        legal = state.legal_moves(p)
        hint = bots[p].act(Observation(state, p, legal))
        if len(candidate_moves(legal, 5, hint, 2)) > 8:
            break
        state.apply(p, hint)
    bot = make_bot("ismcts:halving=120:steps=2:seconds=0", game, 1)
    seen = {}
    choose = bot._choose

    def spy(moves, samples, h):
        seen.update(moves=moves, samples=samples, hint=h)
        return choose(moves, samples, h)

    bot._choose = spy
    move = bot.act(Observation(state, p, legal))
    assert move in seen["moves"] and seen["hint"] == hint
    assert len(seen["moves"]) == 2 and hint in seen["moves"]
    counts = [len(v) for v in seen["samples"].values()]
    # every candidate tried, the finalists most, about the budget in all
    assert min(counts) >= 2 and 120 <= sum(counts) <= 120 + 2 * len(counts)
    assert max(counts) == len(seen["samples"][hint]) > 2 * min(counts)


def test_halving_with_fill_spends_more_playouts_when_they_fit_in_the_time():
    """With `fill`, the playout budget grows to what fits in nine tenths of `seconds`: at an
    iteration (of every candidate still in) a millisecond, many times the 20 playouts asked."""
    from auctionhouse.games.art_dice.state import BID

    game = get_game("art-dice")
    state = game.new_state(4, seed=5)
    bots = [make_bot("heuristic", game, p) for p in range(4)]
    while len(state.deck) > 6 or state.next_actor() != 0 or state.phase != BID:
        p = state.next_actor()
        state.apply(p, bots[p].act(Observation(state, p, state.legal_moves(p))))
    obs = Observation(state, 0, state.legal_moves(0))
    counts, clocks, iterations = {}, {}, {}
    for spec in ("halving=20:seconds=0.5", "halving=20:seconds=0.5:fill=true"):
        bot = make_bot(f"ismcts:{spec}:steps=2", game, 1)
        bot.clock = clocks[spec] = Ticking(1 / 1024)
        choose = bot._choose

        def spy(moves, samples, h, choose=choose, spec=spec):
            counts[spec] = sum(len(v) for v in samples.values())
            return choose(moves, samples, h)

        bot._choose = spy
        bot.act(obs)
        iterations[spec] = bot.iterations_done
    plain, fill = "halving=20:seconds=0.5", "halving=20:seconds=0.5:fill=true"
    assert counts[fill] > 10 * counts[plain]  # 3,809 playouts against 62
    # without fill the move is over in a few iterations; with it, near nine tenths of 0.5 s
    assert iterations[plain] < 20 and 0.4 <= clocks[fill].now <= 0.5


def test_ismcts_tries_one_move_of_each_class():
    """Two works of one artist are one move class in art-dice: the search tries one of them,
    and the heuristic's own move stands for its class."""
    game = get_game("art-dice")
    bots = [make_bot("heuristic", game, p) for p in range(4)]
    for seed in range(50):
        state = game.new_state(4, seed=seed)
        while not state.is_over():
            p = state.next_actor()
            legal = state.legal_moves(p)
            hint = bots[p].act(Observation(state, p, legal))
            cards = legal[0].choices if legal[0].kind == "sell" else ()
            if len({c // 5 for c in cards}) < len(cards):
                break
            state.apply(p, hint)
        else:
            continue
        break
    bot = make_bot("ismcts:iterations=2", game, 1)
    seen = {}
    choose = bot._choose

    def spy(moves, samples, h):
        seen.update(samples=samples)
        return choose(moves, samples, h)

    bot._choose = spy
    bot.act(Observation(state, p, legal))
    tried = list(seen["samples"])
    classes = [state.move_class(p, m) for m in tried]
    assert hint in tried and len(set(classes)) == len(classes)
    assert len(tried) == len({c // 5 for c in cards}) + 1  # each artist once, and the draw


@pytest.mark.parametrize("rollout", ["random", "heuristic"])
@pytest.mark.parametrize("name", [g.name for g in all_games()])
def test_ismcts_plays_legal_moves_from_determinizations_only(name, rollout):
    game = get_game(name)
    state = game.new_state(3 if game.max_players >= 3 else 2, seed=11)
    # sealed=draw: every determinization keeps the view whole (`sealed=model` takes back the
    # others' unseen sealed bids: the test below and `check_unmade`)
    bots = [make_bot(f"ismcts:iterations=2:rollout={rollout}:sealed=draw", game, 1)] + [
        make_bot("random", game, p) for p in range(1, state.num_players)
    ]
    seen = []

    class Spy(Observation):
        def determinize(self, rng, keep_sealed=True):
            det = super().determinize(rng, keep_sealed)
            seen.append(
                keep_sealed
                and det is not self._state
                and det.view(self.seat) == self._state.view(self.seat)
            )
            return det

    while not state.is_over():
        p = state.next_actor()
        legal = state.legal_moves(p)
        obs = (Spy if p == 0 else Observation)(state, p, legal)
        state.apply(p, bots[p].act(obs))
    assert state.is_over() and seen and all(seen)


@pytest.mark.parametrize("name", ["modern-art", "qe"])
def test_ismcts_with_sealed_model_leaves_the_others_unseen_sealed_bids_unmade(name):
    """With `sealed=model` (the default) every determinization takes back the others' sealed
    bids already in, so the playouts make them again; the bot plays whole games of legal
    moves."""
    game = get_game(name)
    state = game.new_state(4, seed=3)
    # the last seat: a runner asks the others for their sealed bids first
    bots = [make_bot("heuristic", game, p) for p in range(3)]
    bots.append(make_bot("ismcts:iterations=2", game, 1))
    asked, again = [], 0

    class Spy(Observation):
        def determinize(self, rng, keep_sealed=True):
            nonlocal again
            det = super().determinize(rng, keep_sealed)
            asked.append(keep_sealed)
            again += len(set(det.actors()) - set(self._state.actors()))
            return det

    while not state.is_over():
        p = state.next_actor()
        legal = state.legal_moves(p)
        obs = (Spy if p == 3 else Observation)(state, p, legal)
        state.apply(p, bots[p].act(obs))
    assert asked and not any(asked)
    assert again > 10  # bids the others had made before the bot's turn, taken back


def test_ismcts_beats_random_bots_in_a_short_match():
    game = get_game("modern-art")
    wins = 0.0
    for g in range(4):
        state = game.new_state(3, seed=100 + g)
        bots = [make_bot("random", game, 10 * g + p) for p in range(3)]
        bots[g % 3] = make_bot("ismcts:iterations=4:rollout=random", game, g)
        play(state, bots)
        wins += state.result().shares()[g % 3]
    assert wins >= 2  # a third would be chance


HEURISTIC_CASES = [
    (g.name, n)
    for g in all_games()
    if "heuristic" in g.bots()
    for n in range(g.min_players, g.max_players + 1)
]


@pytest.mark.parametrize("name,players", HEURISTIC_CASES)
def test_every_heuristic_plays_only_legal_moves(name, players):
    """Against random bots and against itself, every move it makes is one of its legal moves."""
    from auctionhouse.core.rng import derive_seed

    from .conftest import examples
    from .protocol_checks import play_bots

    game = get_game(name)
    rng = random.Random(players)
    for g in range(examples(150)):
        seed = derive_seed(players, f"{name}/{g}")
        kinds = ["heuristic"] * players
        if g % 3:
            kinds = [rng.choice(("heuristic", "random")) for _ in range(players)]
            kinds[g % players] = "heuristic"
        bots = [make_bot(k, game, seed + p) for p, k in enumerate(kinds)]
        state = game.new_state(players, seed=seed, first_player=g % players)
        play_bots(state, bots, check=lambda p, kinds=kinds: kinds[p] == "heuristic")
        assert state.is_over()


def test_the_decision_screen_reports_advantage_and_switches(tmp_path):
    """scripts/screen_advantage.py: a bot that always plays the heuristic's move gains exactly
    nothing; a search bot's decisions are all counted."""
    import json
    import subprocess
    import sys
    from pathlib import Path

    script = Path(__file__).parent.parent / "scripts" / "screen_advantage.py"

    def screen(spec: str) -> dict:
        out = subprocess.run(
            [sys.executable, str(script), "art-dice", spec, "--positions", "6", "--pairs", "2"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        return json.loads(out)

    same = screen("heuristic")
    assert same["positions"] == 6 and same["left_heuristic"] == 0
    assert same["advantage_points"] == 0.0 and same["standard_error"] == 0.0
    search = screen("ismcts:iterations=3:margin=0")
    assert search["positions"] == 6 and 0 <= search["left_heuristic"] <= 6
    assert -100 <= search["advantage_points"] <= 100
