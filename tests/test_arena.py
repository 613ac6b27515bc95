"""The arena: balanced seatings, tournaments that give the same results on any number of workers
or backends, win-share intervals, ratings, result files."""

from __future__ import annotations

import csv
import json
from collections import Counter

import pytest

from auctionhouse.arena.runner import simulate
from auctionhouse.arena.stats import share_ci95
from auctionhouse.arena.tournament import competitor_names, seatings, tournament, write_results
from auctionhouse.core import AuctionhouseError
from auctionhouse.games import get_game

MA = get_game("modern-art")


@pytest.mark.parametrize("competitors,players", [(3, 3), (4, 4), (5, 3), (6, 4)])
def test_each_block_of_rotations_puts_each_competitor_in_each_seat_once(competitors, players):
    order = seatings(competitors, players)
    assert len(set(order)) == len(order)  # every permutation once
    for b in range(0, len(order), players):
        block = order[b : b + players]
        for seat in range(players):
            assert len({s[seat] for s in block}) == players
    seat_counts = Counter((s.index(c), c) for s in order for c in s)
    assert len(set(seat_counts.values())) == 1  # over the whole cycle: all seats alike


def test_repeated_specs_are_separate_competitors():
    assert competitor_names(["random", "heuristic", "random"]) == [
        "random",
        "heuristic",
        "random#2",
    ]


def test_same_seed_same_results_whatever_the_worker_count():
    args = (MA, 3, ["heuristic", "random", "random"], 12, 5)
    one = tournament(*args, workers=1)
    two = tournament(*args, workers=2)
    assert one["bots"] == two["bots"]
    assert sum(r["wins"] for r in one["bots"]) == pytest.approx(12)
    assert all(r["games"] == 12 for r in one["bots"])


def test_simulate_with_workers_matches_one_process():
    a = simulate(MA, 4, 8, 3, ["random"], workers=1)
    b = simulate(MA, 4, 8, 3, ["random"], workers=2)
    assert a["seats"] == b["seats"] and a["moves_per_game"] == b["moves_per_game"]


def test_results_as_json_and_csv(tmp_path):
    res = tournament(MA, 3, ["heuristic", "random", "random"], 6, 1)
    paths = write_results(res, tmp_path / "out")
    assert [p.suffix for p in paths] == [".json", ".csv"]
    assert json.loads(paths[0].read_text())["bots"] == res["bots"]
    rows = list(csv.DictReader(paths[1].open()))
    assert [r["bot"] for r in rows] == ["heuristic", "random", "random#2"]
    assert float(rows[0]["win_share"]) == pytest.approx(res["bots"][0]["win_share"], abs=1e-4)


def test_ratings_rank_the_stronger_bot_first():
    res = tournament(MA, 3, ["heuristic", "random", "random"], 30, 2)
    by = {r["bot"]: r for r in res["bots"]}
    assert by["heuristic"]["rating"]["mu"] > by["random"]["rating"]["mu"]
    assert by["heuristic"]["win_share"] > 0.5


def test_wilson_interval_is_sound_at_the_edges():
    p, lo, hi = share_ci95([1.0] * 40)
    assert p == 1.0 and 0.85 < lo < 1.0 and hi == pytest.approx(1.0)
    p, lo, hi = share_ci95([0.0, 1.0] * 200)
    assert lo < 0.5 < hi and hi - lo < 0.1


def test_bad_tournaments_are_refused():
    with pytest.raises(AuctionhouseError, match="at least 4 bots"):
        tournament(MA, 4, ["heuristic", "random"], 4)
    with pytest.raises(AuctionhouseError, match="unknown bot"):
        tournament(MA, 3, ["heuristic", "random", "nobody"], 4)
    with pytest.raises(AuctionhouseError, match="unknown backend"):
        tournament(MA, 3, ["heuristic", "random", "random"], 3, backend="cloud")


def test_ray_backend_gives_the_same_results_as_local_processes():
    import ray  # noqa: F401  (installed by the test command; a missing Ray must fail loudly)

    args = (MA, 3, ["heuristic", "random", "random"], 9, 4)
    local = tournament(*args, workers=2)
    on_ray = tournament(*args, workers=2, backend="ray")
    assert on_ray["bots"] == local["bots"]


def test_many_bots_few_seats_does_not_list_every_permutation():
    # 40 bots in 5 seats have 78,960,960 seatings; a 10-game tournament needs only 10 of them
    res = tournament(MA, 5, ["random"] * 40, 10, 1)
    assert sum(r["games"] for r in res["bots"]) == 50
    assert sum(r["wins"] for r in res["bots"]) == pytest.approx(10)


def test_ctrl_c_drops_the_games_not_started(tmp_path):
    from auctionhouse.arena.backends import run_jobs
    from auctionhouse.arena.jobs import Job

    opts = get_game("qe").resolve(3, {})
    jobs = [
        Job(i, "qe", 3, opts, ("random",) * 3, i, i, records_dir=str(tmp_path))
        for i in range(20_000)
    ]

    def interrupt(done: int) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_jobs(jobs, workers=2, progress=interrupt)
    assert len(list(tmp_path.iterdir())) < 20_000  # the games already handed out end, no more
