"""Running studies: the same results whatever the workers or backend, the arena's seeds, a
rigged seat found, no difference found between two runs of one variant more often than the
level, the skill series' line-ups, records only when asked."""

from __future__ import annotations

import pytest

from auctionhouse.arena.runner import simulate
from auctionhouse.games import get_game
from auctionhouse.study.run import Study, run_study, skill_series
from auctionhouse.study.stats import LEVEL, compare
from auctionhouse.study.summary import summarize
from auctionhouse.study.variants import make_variant, vs_variant

QE = get_game("qe")


def study(game="qe", players=4, bots=("random",), games=40, seed=1, **kw) -> Study:
    g = get_game(game)
    return Study(g, [make_variant(g, "A", players, bots, {})], games, seed, **kw)


def test_workers_and_chunks_do_not_change_the_results():
    one = run_study(study(games=50), workers=1)
    two = run_study(study(games=50), workers=2)
    assert one.variants[0] == two.variants[0]


def test_a_study_plays_the_games_simulate_plays():
    res = run_study(study(games=30, seed=5))
    sim = simulate(QE, 4, 30, 5, ["random"])
    agg = res.variants[0]
    assert [agg.moment(("seat", p)).total for p in range(4)] == [s["wins"] for s in sim["seats"]]
    assert agg.moment("moves").mean == pytest.approx(sim["moves_per_game"])


def test_a_strong_bot_always_in_the_first_seat_shows_a_seat_effect():
    rigged = study("art-dice", 3, ("heuristic", "random", "random"), games=90, rotate=False)
    v = summarize(run_study(rigged))["variants"][0]
    assert v["seat_test"]["significant"] and v["seat_test"]["p"] < 1e-6
    assert v["seats"][0]["ci95"][0] > 1 / 3  # the first seat's interval lies above its share
    assert v["bot_shares"][0]["bot"] == "heuristic"


def test_two_runs_of_one_variant_are_rarely_called_different():
    """Repeated small studies of the same variant under different seeds: the first player's
    win share is called changed at the 5% level in few of them (expected 1 in 20; more than 5
    happens with probability below 0.001)."""
    calls = 0
    for rep in range(20):
        a = run_study(study(games=40, seed=1000 + rep)).variants[0]
        b = run_study(study(games=40, seed=2000 + rep)).variants[0]
        calls += compare(a.moment("first_share"), b.moment("first_share")).p < LEVEL
    assert calls <= 5


def test_a_vs_variant_on_the_same_seeds_and_its_comparison():
    g = get_game("modern-art")
    a = make_variant(g, "A", 4, ["random"], {})
    b = vs_variant(g, {}, 4, ["random"], ["open_cash=true"])
    assert b.options["open_cash"] is True and b.changes == "open_cash=true"
    s = summarize(run_study(Study(g, [a, b], 12, 3)))
    rows = {r["key"]: r for r in s["comparison"]["rows"]}
    # random bots do not read the cash: the same seeds give the same games
    assert rows["moves"]["difference"] == 0 and rows["moves"]["p"] == 1.0
    assert "ma_price" in rows and "Welch" in s["comparison"]["test"]


def test_the_skill_series_rotates_the_strong_bot_over_every_seat():
    series = skill_series(QE, "heuristic", "random", {}, [3])
    s = Study(QE, [make_variant(QE, "A", 3, ["random"], {})], 5, 2, skill=series, skill_games=18)
    res = run_study(s)
    agg = res.skill[0]
    assert agg.games == 18
    assert agg.moment(("bot", "heuristic")).n == 18  # one strong seat a game
    assert [agg.moment(("seat", p)).n for p in range(3)] == [18, 18, 18]
    row = summarize(res)["skill"][0]
    assert row["players"] == 3 and row["fair_share"] == pytest.approx(1 / 3)
    lo, hi = row["skill_ci95"]
    assert lo <= row["skill_index"] <= hi


def test_skill_series_leave_out_player_counts_the_options_refuse():
    ma = get_game("modern-art")
    assert [s.players for s in skill_series(ma, "heuristic", "random", {"mystery": "true"})] == [3]


def test_records_are_written_only_when_asked(tmp_path):
    run_study(study(games=3, records_dir=tmp_path / "rec"))
    assert len(list((tmp_path / "rec").glob("qe-A-1-*.json"))) == 3
    run_study(study(games=3))
    assert len(list((tmp_path / "rec").iterdir())) == 3


def test_the_ray_backend_gives_the_same_results():
    import ray  # noqa: F401  (installed by the test command; a missing Ray must fail loudly)

    local = run_study(study(games=16), workers=1)
    on_ray = run_study(study(games=16), workers=2, backend="ray")
    assert on_ray.variants[0] == local.variants[0]
