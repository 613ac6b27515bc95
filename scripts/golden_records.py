"""Write the kept records: games of every built-in game, at every player count and with its
options, played from fixed seeds, each with a hash of its final state (tests/games/records/).
tests/games/test_kept_records.py replays them and plays the seeds again: a change that alters
what a record means, or the game a seed deals, fails there.

usage: golden_records.py [--out tests/games/records]

Run it only when a ruling changes a game on purpose (and say so in the commit).
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
from pathlib import Path

from auctionhouse.arena.jobs import play_job
from auctionhouse.arena.runner import series_job
from auctionhouse.core import OptionError
from auctionhouse.games import get_game

BUILT_IN = ("modern-art", "ratzia", "qe", "art-dice")
SEED = 43
# the option sets played besides the defaults
VARIANTS = {
    "modern-art": [{"mystery": True}, {"open_cash": True}],
    "qe": [{"seed_literal": True}],
}
SEATINGS = (("random",), ("heuristic", "random"))  # repeated over the seats
GAMES = 3  # of each seating


def snapshot_hash(state) -> str:
    text = json.dumps(state.snapshot(), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def fits(game, players: int, options: dict) -> bool:
    try:
        game.resolve(players, options)
    except OptionError:
        return False
    return True


def cases(name: str) -> list[dict]:
    game = get_game(name)
    out = []
    for players in range(game.min_players, game.max_players + 1):
        for options in [{}, *VARIANTS.get(name, [])]:
            if not fits(game, players, options):
                continue
            for seating in SEATINGS:
                seats = [seating[p % len(seating)] for p in range(players)]
                for g in range(GAMES):
                    out.append({"players": players, "options": options, "seats": seats, "game": g})
    return out


def play_case(name: str, case: dict):
    """The state at the end of a case's game, played from SEED as `simulate` would."""
    game = get_game(name)
    opts = game.resolve(case["players"], case["options"])
    job = series_job(name, case["players"], opts, case["seats"], SEED, case["game"])
    return play_job(job)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("tests/games/records"))
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for name in BUILT_IN:
        kept = []
        for case in cases(name):
            state = play_case(name, case)
            kept.append({**case, "record": state.record(), "snapshot": snapshot_hash(state)})
        path = args.out / f"{name}.json.gz"
        data = json.dumps(kept, separators=(",", ":"), sort_keys=True).encode()
        path.write_bytes(gzip.compress(data, mtime=0))
        print(f"{path}: {len(kept)} games, {path.stat().st_size:,} bytes")


if __name__ == "__main__":
    main()
