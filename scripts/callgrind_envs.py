"""Instructions per step of the engine's move and of the observation a step hands out, counted
by callgrind (repeatable whatever the machine's load), on the same recorded games.

usage: callgrind_envs.py [--players N ...] [--games K] [game ...]

For each game and player count, games of random masked actions are recorded (as `bench --envs`
records them), then replayed in three runs under callgrind: the states made (no move), the
moves alone, the moves with the tracker's observation of the seat to act before each. Every run
first plays a few other games with observations (`--warm`), so that the caches of blocks are
as a long run has them. The move
is the second less the first, the observation the third less the second, per move. The child
runs with PYTHONHASHSEED=0 and this process's PYTHONPATH (a compiled copy: PYTHONPATH=DIR).
Also: `--part encode` counts the view's encoding instead of the tracker's observation, and
`--part floor` a call that only copies a vector of the observation's size (`CopyTracker`: the
least an observation can cost).
"""

from __future__ import annotations

import argparse
import os
import pickle
import re
import subprocess
import sys
import tempfile

GAMES = ("modern-art", "ratzia", "qe", "art-dice")


def replay(path: str, part: str) -> None:
    """The child: replay the recorded games with `part` ("" none, "-" no move at all)."""
    from auctionhouse.core.tracker import CopyTracker
    from auctionhouse.envs import encoding_for

    with open(path, "rb") as f:
        name, players, warm, games = pickle.load(f)
    enc = encoding_for(name, players)
    new_state = enc.game.new_state
    for seed, moves in warm:  # in every run: the caches as a long run has them
        state = new_state(players, enc.options, seed=seed)
        tracker = enc.tracker(state)
        for p, move in moves:
            tracker.observation(p)
            state.apply(p, move)
    for seed, moves in games:
        state = new_state(players, enc.options, seed=seed)
        if part == "-":
            continue
        apply = state.apply
        if part in ("observation", "floor"):
            tracker = enc.tracker(state) if part == "observation" else CopyTracker(enc, state)
            before = tracker.observation
            for p, move in moves:
                before(p)
                apply(p, move)
        elif part == "encode":
            for p, move in moves:
                enc.observation(state, p)
                apply(p, move)
        else:
            for p, move in moves:
                apply(p, move)


def instructions(path: str, part: str) -> int:
    out = tempfile.mktemp(suffix=".callgrind")
    cmd = [
        "valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
        sys.executable, __file__, "--child", path, part or "",
    ]  # fmt: skip
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    run = subprocess.run(cmd, env=env, capture_output=True, text=True)
    os.unlink(out)
    found = re.search(r"Collected : (\d+)", run.stderr)
    if run.returncode or found is None:
        sys.exit(run.stderr[-2000:])
    return int(found.group(1))


def measure(name: str, players: int, games: int, warm: int, seed: int, part: str) -> dict:
    from auctionhouse.arena.envs_bench import recorded_games
    from auctionhouse.envs import encoding_for

    enc = encoding_for(name, players)
    recorded: list = []
    while len(recorded) < warm + games:
        recorded += recorded_games(enc, 1, seed + len(recorded))
    moves = sum(len(m) for _, m in recorded[warm:])
    with tempfile.NamedTemporaryFile(suffix=".pickle", delete=False) as f:
        pickle.dump((name, players, recorded[:warm], recorded[warm:]), f)
    try:
        none, alone, both = (instructions(f.name, p) for p in ("-", "", part))
    finally:
        os.unlink(f.name)
    move, obs = (alone - none) / moves, (both - alone) / moves
    return {"game": name, "players": players, "moves": moves, "move": move, part: obs}


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        replay(sys.argv[2], sys.argv[3])
        return
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("games", nargs="*", default=list(GAMES))
    ap.add_argument("--players", type=int, nargs="*", default=[4])
    ap.add_argument("--games", dest="count", type=int, default=10, help="recorded games each")
    ap.add_argument("--warm", type=int, default=20, help="games played first in every run")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--part", choices=("observation", "encode", "floor"), default="observation")
    args = ap.parse_args()
    from auctionhouse.games import get_game

    for name in args.games:
        for players in args.players:
            g = get_game(name)
            if not g.min_players <= players <= g.max_players:
                continue
            r = measure(name, players, args.count, args.warm, args.seed, args.part)
            obs = r[args.part]
            print(
                f"{name:10} {players}p  moves {r['moves']:6}  move {r['move']:8,.0f}  "
                f"{args.part} {obs:8,.0f}  ({obs / r['move']:.2f}x the move)",
                flush=True,
            )


if __name__ == "__main__":
    main()
