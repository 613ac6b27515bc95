"""Dependencies point down (DESIGN.md): core, then games, then the bots and the environment
adapters (neither imports the other), then the arena, then what uses it (study, train, server,
terminal), then the command line. Core and games need nothing beyond the standard library. The
random, heuristic and search bots, and `simulate --bots random`, load no numpy.

Every import statement of the package is read (those inside functions too), so an import made
late to save time still has to point down."""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import auctionhouse
from auctionhouse.games import all_games

PACKAGE = Path(auctionhouse.__file__).parent
# a module may import its own folder and the folders of lower layers
LAYERS = {
    "core": 0,
    "games": 1,
    "bots": 2,
    "envs": 2,
    "arena": 3,
    "study": 4,
    "train": 4,
    "server": 4,
    "terminal": 4,
    "cli": 5,
    "__main__": 6,  # python -m auctionhouse: the command line
}
HEAVY = ("numpy", "threadpoolctl", "torch", "scipy", "gymnasium", "pettingzoo", "pyspiel")


def modules() -> dict[str, Path]:
    """Every module of the package by dotted name."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = ("auctionhouse", *path.relative_to(PACKAGE).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


def imports(name: str, path: Path) -> list[tuple[str, int]]:
    """The absolute names a module imports (module or package), with their lines."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            out += [(alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join([*base, node.module] if node.module else base)
            else:
                target = node.module or ""
            out.append((target, node.lineno))
            # `from . import encoding`: a module of that package
            out += [(f"{target}.{alias.name}", node.lineno) for alias in node.names]
    return out


def folder(name: str) -> str | None:
    """The top folder (layer) of one of the package's modules, None outside the package."""
    parts = name.split(".")
    if parts[0] != "auctionhouse":
        return None
    return parts[1] if len(parts) > 1 else ""


def edges() -> list[tuple[str, str, str, int]]:
    """(importing folder, imported module, where, line) for every import of the package."""
    out = []
    for name, path in modules().items():
        here = folder(name)
        for target, line in imports(name, path):
            out.append((here, target, f"{path.relative_to(PACKAGE.parent)}:{line}", line))
    return out


def test_every_folder_has_a_layer():
    folders = {folder(name) for name in modules()} - {""}
    assert folders <= set(LAYERS), f"give these folders a layer: {folders - set(LAYERS)}"


def test_imports_point_down():
    wrong = []
    for here, target, where, _ in edges():
        there = folder(target)
        if there is None or here == "" or there in ("", here) or there not in LAYERS:
            continue
        if LAYERS[there] >= LAYERS[here]:
            wrong.append(f"{where}: {here} imports {target}")
    assert not wrong, "imports that do not point down:\n" + "\n".join(wrong)


def test_bots_and_envs_do_not_import_each_other():
    wrong = [
        f"{where}: imports {target}"
        for here, target, where, _ in edges()
        if {here, folder(target)} == {"bots", "envs"}
    ]
    assert not wrong, "\n".join(wrong)


def test_core_and_games_need_only_the_standard_library():
    wrong = [
        f"{where}: imports {target}"
        for here, target, where, _ in edges()
        if here in ("core", "games")
        and folder(target) is None
        and target.partition(".")[0] not in sys.stdlib_module_names
    ]
    assert not wrong, "\n".join(wrong)


def docstrings(tree: ast.AST) -> set[int]:
    """The ids of a module's docstring nodes (its own, its classes' and its functions')."""
    found = set()
    for node in ast.walk(tree):
        kinds = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
        if isinstance(node, kinds) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def test_no_module_outside_games_names_a_game():
    """Games are found through the registry: no code outside games/ imports one, nor names one
    in a string (its name, its package's or its environment id), docstrings aside."""
    names, packages = set(), set()
    for game in all_games():
        package = sys.modules[type(game).__module__].__package__ or ""
        names |= {game.name, package.rpartition(".")[2], game.env_id}
        packages.add(package)
    wrong = []
    for name, path in modules().items():
        if folder(name) == "games":
            continue
        tree = ast.parse(path.read_text(), str(path))
        skip = docstrings(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                said = set(re.findall(r"[\w-]+", node.value)) & names
                if said and id(node) not in skip:
                    wrong.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno}: {said}")
    wrong += [
        f"{where}: imports {target}"
        for here, target, where, _ in edges()
        if here != "games" and any(f"{target}.".startswith(f"{p}.") for p in packages)
    ]
    assert not wrong, "code that names a game outside games/:\n" + "\n".join(wrong)


def run_python(args: list[str], tmp_path: Path) -> subprocess.CompletedProcess:
    """Python on `args`, importing the package this test imported (the compiled build's too),
    away from the checkout so that no other copy is found."""
    path = os.pathsep.join(p for p in (str(PACKAGE.parent), os.environ.get("PYTHONPATH")) if p)
    done = subprocess.run(
        [sys.executable, *args],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": path},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    return done


PLAY_WITHOUT_NUMPY = """
import sys
import auctionhouse.bots.random_bot
from auctionhouse.arena.runner import play
from auctionhouse.bots import make_bot
from auctionhouse.games import all_games

for game in all_games():
    n = game.max_players
    specs = ["random", "heuristic", "ismcts:iterations=8"]
    bots = [make_bot(specs[p % 3], game, p) for p in range(n)]
    assert play(game.new_state(n, seed=1), bots).is_over()
print(" ".join(sorted(m for m in HEAVY if m in sys.modules)))
"""


def test_the_random_heuristic_and_search_bots_load_no_numpy(tmp_path):
    code = f"HEAVY = {HEAVY!r}\n{PLAY_WITHOUT_NUMPY}"
    loaded = run_python(["-c", code], tmp_path).stdout.split()
    assert loaded == [], f"playing with these bots loaded {loaded}"


@pytest.mark.parametrize("game", ["modern-art", "art-dice"])
def test_simulate_with_random_bots_loads_no_numpy(game, tmp_path):
    # the command as a person types it, every import it makes listed by -X importtime
    args = ["-X", "importtime", "-m", "auctionhouse", "simulate", game, "-n", "2"]
    done = run_python([*args, "-p", "3", "--bots", "random", "--json"], tmp_path)
    names = {line.rpartition("|")[2].strip() for line in done.stderr.splitlines()}
    loaded = sorted(m for m in HEAVY if m in names)
    assert loaded == [], f"simulate --bots random loaded {loaded}"
