"""Games from other packages, found through the entry point group `auctionhouse.games`: a fake
installed distribution (a dist-info folder and a module, put on sys.path) is found and played by
its name; one that cannot be loaded, that holds a game of another name or that takes a built-in's
name is refused in one sentence naming it, one line on the command line. Asking for a built-in
game does not look for plugins."""

from __future__ import annotations

import sys
import textwrap

import pytest
from typer.testing import CliRunner

from auctionhouse.arena.runner import play
from auctionhouse.bots import make_bot
from auctionhouse.cli import app
from auctionhouse.core import OptionError
from auctionhouse.games import all_games, game_names, get_game

from .test_cli_errors import refused
from .test_layers import run_python

# a game of another package: Ratzia's rules under another name, without the files it reads
# from its own package (words, bots, encoding, study)
COPY = """
from auctionhouse.games.ratzia import Ratzia


class Copy(Ratzia):
    name = {name!r}
    title = "Ratzia, again"
    words = None
    own_bots = {{}}
    encoding = tracker = study = None


GAME = Copy()
"""


@pytest.fixture
def install(tmp_path, monkeypatch):
    """install(dist, {entry point name: value}, {module: source}): a distribution on sys.path."""
    modules = []

    def install(dist: str, points: dict[str, str], sources: dict[str, str]) -> None:
        root = tmp_path / dist
        info = root / f"{dist.replace('-', '_')}-1.0.dist-info"  # as a wheel names it
        info.mkdir(parents=True)
        (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {dist}\nVersion: 1.0\n")
        lines = "".join(f"{name} = {value}\n" for name, value in points.items())
        (info / "entry_points.txt").write_text(f"[auctionhouse.games]\n{lines}")
        for module, source in sources.items():
            (root / f"{module}.py").write_text(textwrap.dedent(source))
            modules.append(module)
        monkeypatch.syspath_prepend(str(root))

    yield install
    for module in modules:
        sys.modules.pop(module, None)


def test_an_installed_game_is_found_and_played_by_its_name(install):
    install("fake", {"fake-copy": "fake_copy:GAME"}, {"fake_copy": COPY.format(name="fake-copy")})
    assert game_names()[-1] == "fake-copy" and all_games()[-1].name == "fake-copy"
    game = get_game("fake-copy")
    assert game.title == "Ratzia, again" and game.env_id == "FakeCopy"
    state = play(game.new_state(3, seed=1), [make_bot("random", game, p) for p in range(3)])
    assert state.is_over() and state.game is game
    done = CliRunner().invoke(app, ["simulate", "fake-copy", "-p", "3", "-n", "2", "--json"])
    assert done.exit_code == 0, done.output


def test_a_plugin_that_cannot_be_loaded_is_named_in_one_sentence(install):
    install("broken", {"fake-broken": "fake_broken:GAME"}, {"fake_broken": "import nowhere\n"})
    assert "fake-broken" in game_names()  # listing names imports nothing
    with pytest.raises(OptionError, match="game plugin 'fake-broken'.*from broken 1.0.*nowhere"):
        get_game("fake-broken")
    refused(["simulate", "fake-broken"], "fake-broken", "cannot be loaded", "nowhere")
    refused(["games"], "fake-broken")


def test_a_plugin_whose_game_has_another_name_is_refused(install):
    install("other", {"fake-other": "fake_other:GAME"}, {"fake_other": COPY.format(name="x")})
    with pytest.raises(OptionError, match="'fake-other'.*a game named 'x'"):
        get_game("fake-other")
    install("thing", {"fake-thing": "fake_thing:GAME"}, {"fake_thing": "GAME = 3\n"})
    with pytest.raises(OptionError, match="'fake-thing'.*not a core.Game"):
        get_game("fake-thing")


def test_a_plugin_that_takes_a_built_in_or_another_plugins_name_is_refused(install):
    install("clash", {"ratzia": "fake_clash:GAME"}, {"fake_clash": COPY.format(name="ratzia")})
    assert get_game("ratzia").title == "Ratzia"  # a built-in name is never looked up
    with pytest.raises(OptionError, match="plugin 'ratzia'.*from clash 1.0.*name of a built-in"):
        game_names()
    refused(["simulate", "chess"], "'ratzia'", "built-in")


def test_two_plugins_of_one_name_are_refused(install):
    for dist in ("twin-a", "twin-b"):
        module = dist.replace("-", "_")
        install(dist, {"fake-twin": f"{module}:GAME"}, {module: COPY.format(name="fake-twin")})
    with pytest.raises(OptionError, match="'fake-twin'.*twin-. 1.0.*twin-. 1.0.*the same name"):
        get_game("fake-twin")


def test_a_built_in_game_is_found_without_looking_for_plugins(tmp_path):
    code = (
        "import sys; from auctionhouse.games import get_game; get_game('qe'); "
        "print('importlib.metadata' in sys.modules)"
    )
    assert run_python(["-c", code], tmp_path).stdout.split() == ["False"]
