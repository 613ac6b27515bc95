"""A game from outside the package, installed the way a plugin is: examples/going_once is built
by pip (a copy of it, so that no build files land in the checkout) into a temporary folder,
which goes on `sys.path` while this folder's tests run and on PYTHONPATH for the processes they
start. The game is then found through its entry point (`auctionhouse.games`), as any installed
plugin is."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from ..web.conftest import chromium, get_json, new_page, serving  # noqa: F401  (fixtures)

SOURCE = Path(__file__).resolve().parents[2] / "examples" / "going_once"
NAME = "going-once"


@pytest.fixture(scope="package")
def browser():
    """Chromium for this folder's tests alone (see tests/web/conftest.py's `chromium`)."""
    with chromium() as b:
        yield b


@pytest.fixture(scope="session")
def installed(tmp_path_factory) -> Path:
    """The folder pip installed the game in, once a session."""
    root = tmp_path_factory.mktemp("plugin")
    source, site = root / "source", root / "site"
    shutil.copytree(SOURCE, source, ignore=shutil.ignore_patterns("build", "*.egg-info"))
    pip = [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation"]
    done = subprocess.run(
        [*pip, "--target", str(site), str(source)], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert list(site.glob("going_once-*.dist-info")), "pip installed no distribution"
    return site


def plugin_env(site: Path) -> dict[str, str]:
    """The environment of a process that finds the plugin (on its PYTHONPATH)."""
    path = os.pathsep.join(filter(None, [str(site), os.environ.get("PYTHONPATH")]))
    return {**os.environ, "PYTHONPATH": path}


@pytest.fixture(scope="package")
def plugin(installed) -> Iterator[Path]:
    """The game installed and on sys.path (and PYTHONPATH) while this folder's tests run, and
    only then: the other tests of a session see the four games alone."""
    before = os.environ.get("PYTHONPATH")
    sys.path.insert(0, str(installed))
    os.environ["PYTHONPATH"] = plugin_env(installed)["PYTHONPATH"]
    try:
        yield installed
    finally:
        sys.path.remove(str(installed))
        if before is None:
            os.environ.pop("PYTHONPATH", None)
        else:
            os.environ["PYTHONPATH"] = before


@pytest.fixture(scope="package")
def game(plugin):
    """The game, as the registry finds it."""
    from auctionhouse.games import get_game

    return get_game(NAME)


@pytest.fixture(scope="session")
def server(installed, tmp_path_factory):
    """A real `auctionhouse serve` that finds the plugin (tests/web's server does not), bots
    moving at once."""
    db = tmp_path_factory.mktemp("server") / "server.sqlite3"
    with serving(
        ["--database-url", f"sqlite:///{db}", "--bot-delay", "0", "--bot-workers", "1",
         "--players-per-minute", "0", "--tables-per-minute", "0"],
        env=plugin_env(installed),
    ) as base:  # fmt: skip
        yield base
