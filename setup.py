"""Packaging is declared in pyproject.toml; this file adds the compiled build.

The modules in COMPILED (the rules, the kernel, the runner, the heuristics and the search's
playouts) are compiled with mypyc from the same Python source. Both builds run the same code,
so a record replays bit for bit on either.

AUCTIONHOUSE_COMPILE says when:
- unset (`auto`): a wheel or a plain install (`pip install .`) is compiled when mypyc is at hand
  (the build backend, buildtools/auctionhouse_backend.py, asks for mypy where a C compiler and
  the Python headers are found) and falls back to pure Python, with a warning, if compiling
  fails; an editable install (`pip install -e .`: source edits take effect) and metadata or
  source-distribution steps stay pure;
- `1`: always compile (an error stops the build): `scripts/compile.py` builds a compiled copy;
- `0`: never.
"""

import os
import sys

from setuptools import setup
from setuptools.command.build_ext import build_ext

COMPILED = [
    "auctionhouse/core/moves.py",
    "auctionhouse/core/rng.py",
    "auctionhouse/core/state.py",
    "auctionhouse/arena/runner.py",
    # the environments' observations kept from step to step (and each game's tracker, below)
    "auctionhouse/core/tracker.py",
    # the search's playouts and what they call: the random bot's draw, the candidate moves
    "auctionhouse/bots/playouts.py",
    "auctionhouse/bots/random_bot.py",
    "auctionhouse/bots/candidates.py",
    *(
        f"auctionhouse/games/{game}/{module}.py"
        for game, modules in {
            "modern_art": ("deck", "setup", "state", "views", "heuristic", "glance", "tracker"),
            "ratzia": ("cards", "setup", "scoring", "state", "views", "heuristic", "tracker"),
            "qe": (
                "tiles",
                "setup",
                "scoring",
                "state",
                "views",
                "determinize",
                "heuristic",
                "tracker",
            ),
            "art_dice": ("cards", "setup", "state", "views", "heuristic", "glance", "tracker"),
        }.items()
        for module in modules
    ),
]

# setup.py commands that make an installable build (not metadata, not an editable install)
BUILDS = {"bdist_wheel", "build", "build_ext", "install"}
EDITABLE = {"editable_wheel", "develop"}


def wanted() -> str:
    """Whether to compile: "yes" (must), "try" (if it works) or "no"."""
    flag = os.environ.get("AUCTIONHOUSE_COMPILE", "auto")
    if flag == "1":
        return "yes"
    commands = set(sys.argv[1:])
    if flag == "0" or not commands & BUILDS or commands & EDITABLE:
        return "no"
    try:
        import mypyc  # noqa: F401
    except ImportError:
        return "no"
    return "try"


class BuildExt(build_ext):
    """In `try` mode a failed compile leaves the pure-Python package, with a warning. Each
    extension is announced on stderr as it starts (the C compiler's minutes show progress)."""

    optional = False
    done = 0

    def build_extension(self, ext) -> None:
        self.done += 1
        # mypyc's shared library holds the C of every module: the long step
        name = "the modules' shared C" if ext.name.endswith("__mypyc") else ext.name
        print(f"auctionhouse: compiling {name} ({self.done}/{len(self.extensions)})",
              file=sys.stderr, flush=True)  # fmt: skip
        super().build_extension(ext)

    def run(self) -> None:
        try:
            super().run()
        except Exception as e:  # compiler missing or failing: CompileError, LinkError, ...
            if not self.optional:
                raise
            print(f"auctionhouse: compiling failed ({e}); installing pure Python", file=sys.stderr)
            for ext in self.extensions:  # nothing half built goes into the package
                path = self.get_ext_fullpath(ext.name)
                if os.path.exists(path):
                    os.remove(path)
            self.extensions = []


def compiled(mode: str) -> list:
    if mode == "no":
        return []
    try:
        from mypyc.build import mypycify

        print(f"auctionhouse: mypyc: type-checking {len(COMPILED)} modules and writing their C",
              file=sys.stderr, flush=True)  # fmt: skip
        # type-checked with pyproject.toml's [tool.mypy] settings
        return mypycify(COMPILED, opt_level="3")
    except BaseException as e:  # a type error ends mypycify with SystemExit
        if mode == "yes":
            raise
        print(f"auctionhouse: mypyc failed ({e!r}); installing pure Python", file=sys.stderr)
        return []


MODE = wanted()
BuildExt.optional = MODE == "try"
setup(ext_modules=compiled(MODE), cmdclass={"build_ext": BuildExt})
