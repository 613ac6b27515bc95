"""Packaging is declared in pyproject.toml; this file only adds the optional compiled build.

With AUCTIONHOUSE_COMPILE=1 the modules in COMPILED (the rules, the kernel, the runner) are
compiled with mypyc from the same Python source (needs mypy and a C compiler:
`pip install mypy && AUCTIONHOUSE_COMPILE=1 pip install --no-build-isolation .`, or
`python scripts/compile.py` beside the sources). Without it the package is pure Python. Both run
the same code, so a record replays bit for bit on either.
"""

import os

from setuptools import setup

COMPILED = [
    "auctionhouse/core/moves.py",
    "auctionhouse/core/rng.py",
    "auctionhouse/core/state.py",
    "auctionhouse/arena/runner.py",
    # the search's playouts and what they call: the random bot's draw, the candidate moves
    "auctionhouse/bots/playouts.py",
    "auctionhouse/bots/random_bot.py",
    "auctionhouse/bots/candidates.py",
    *(
        f"auctionhouse/games/{game}/{module}.py"
        for game, modules in {
            "modern_art": ("deck", "setup", "state", "views", "heuristic"),
            "ratzia": ("cards", "setup", "scoring", "state", "views", "heuristic"),
            "qe": ("tiles", "setup", "scoring", "state", "views", "determinize", "heuristic"),
            "art_dice": ("cards", "setup", "state", "views", "heuristic"),
        }.items()
        for module in modules
    ),
]

ext_modules = []
if os.environ.get("AUCTIONHOUSE_COMPILE") == "1":
    from mypyc.build import mypycify

    ext_modules = mypycify(
        COMPILED,  # type-checked with pyproject.toml's [tool.mypy] settings
        opt_level="3",
    )

setup(ext_modules=ext_modules)
