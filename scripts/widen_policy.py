"""A policy file for an encoding that gained features at the end of its vector: the first
layer gets a zero column for each new number, so the network gives the same outputs on the
observations now as it gave on the old ones (which are their first part).

    python scripts/widen_policy.py OLD.npz NEW.npz
The new size is the encoding's now, for the game, player count and options in the file's meta.
"""

from __future__ import annotations

import argparse

import numpy as np

from auctionhouse.bots.policy_net import read_policy, to_npz
from auctionhouse.envs import encoding_for


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("old")
    ap.add_argument("new")
    args = ap.parse_args()
    net = read_policy(args.old)
    meta = dict(net.meta)
    enc = encoding_for(meta["game"], meta["players"], meta.get("options"))
    arrays = net.arrays()
    w = arrays["trunk0.weight"]  # (hidden, observation)
    if enc.size < w.shape[1]:
        raise SystemExit(f"the encoding has {enc.size} numbers, fewer than the file's {w.shape[1]}")
    added = enc.size - w.shape[1]
    arrays["trunk0.weight"] = np.concatenate([w, np.zeros((w.shape[0], added), w.dtype)], axis=1)
    meta["obs_size"] = enc.size
    meta["widened"] = meta.get("widened", []) + [[w.shape[1], enc.size]]
    to_npz(args.new, arrays, meta)
    print(f"{args.new}: {w.shape[1]} -> {enc.size} numbers ({added} zero columns)")


if __name__ == "__main__":
    main()
