"""The game factory: name, player range, options, and new states from a seed or a setup."""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .errors import OptionError, SetupError
from .options import Option, resolve_options
from .words import fill, generic_sentence, seat_name

if TYPE_CHECKING:
    from .state import State


class Game:
    """A game's type and sizes as data, and the way to start a state.

    Subclasses set the class attributes and implement `make_setup` (a random deal, JSON-safe,
    from a seed) and `from_setup` (a state from a deal, checking it).
    """

    name: str = ""
    title: str = ""
    min_players: int = 2
    max_players: int = 2
    options: tuple[Option, ...] = ()
    summary: str = ""
    # Modules of the game's package, imported on demand: `words` holds move_words(move, view),
    # event_words(event) (a sentence, seats written `{p}`: core/words.py) and view_lines(view);
    # `own_bots` maps a bot name to "module:Class".
    words: str | None = None
    own_bots: dict[str, str] = {}
    # "module:Class" of the game's encoding (observation vector, action ids, masks:
    # core/encoding.py) and of the tracker that keeps its observations from step to step
    # (core/tracker.py); None: no encoding, or observations encoded from the view each time
    encoding: str | None = None
    tracker: str | None = None
    # "module:NAME" of the game's public events, each kind a typed record (core/events.py);
    # None: its log entries are declared nowhere
    events: str | None = None
    # the module of the study's own figures of the game: HEADLINE, collect(state, agg) and
    # section(agg) (study/collect.py); None: the study shows the figures every game has
    study: str | None = None
    # the bot spec behind the server's strong level: the game's strongest search found
    # (docs/bots.md), at most a second a move
    search: str = "ismcts"
    # the most moves a game can take (max_length; OpenSpiel's max_game_length). The games'
    # figures were measured: the longest of 20 to 30 games at every player count under each of
    # four policies (uniform random action ids, always the lowest id, always the highest, the
    # lowest bid nine times in ten: the slowest auctions), then about three times that. The
    # default is the arena's runaway limit (arena.runner.MAX_MOVES), for a game with no bound.
    max_moves: int = 100_000
    # the countdown (seconds) the lobby proposes for a table's open auctions; None: none
    countdown: float | None = None

    @property
    def env_id(self) -> str:
        """The stem of the game's environment ids (Gymnasium's `auctionhouse/<env_id>-v0`):
        its name in CamelCase, "ModernArt" for "modern-art"; a game may set its own."""
        return "".join(w.capitalize() for w in self.name.replace("_", "-").split("-"))

    def max_length(self, players: int, options: dict[str, Any]) -> int:
        """The most moves a game with these (resolved) options can take."""
        return self.max_moves

    def resolve(self, players: int, options: dict[str, Any] | None = None) -> dict[str, Any]:
        """Check the player count and fill in the options, or raise OptionError."""
        if type(players) is not int or not self.min_players <= players <= self.max_players:
            raise OptionError(
                f"{self.name} is for {self.min_players} to {self.max_players} players, "
                f"not {players}"
            )
        opts = resolve_options(self.name, self.options, players, options)
        self.check_options(players, opts)
        return opts

    def check_options(self, players: int, options: dict[str, Any]) -> None:
        """Cross-option checks a game may add (raise OptionError)."""

    def new_state(
        self,
        players: int,
        options: dict[str, Any] | None = None,
        *,
        seed: int | None = None,
        setup: dict | None = None,
        first_player: int | None = None,
    ) -> State:
        """A new game: dealt from `seed` (random if None) or from an explicit `setup`.

        `first_player` (with a seed) fixes the seat that starts where the rules leave it to the
        players; games whose rules decide it themselves ignore it.
        """
        opts = self.resolve(players, options)
        if setup is None:
            if seed is None:
                seed = random.SystemRandom().randrange(1 << 63)
            setup = self.make_setup(players, opts, seed, first_player)
        elif not isinstance(setup, dict):
            raise SetupError(f"a setup is a JSON object, not {type(setup).__name__}")
        return self.from_setup(players, opts, setup)

    def make_setup(
        self, players: int, options: dict[str, Any], seed: int, first_player: int | None = None
    ) -> dict:
        """A random deal from `seed`, written out as JSON (it is what records store)."""
        raise NotImplementedError

    def from_setup(self, players: int, options: dict[str, Any], setup: dict) -> State:
        raise NotImplementedError

    def info(self) -> dict:
        """Static facts for clients: names, player range, options, and the game's catalog."""
        return {
            "name": self.name,
            "title": self.title,
            "summary": self.summary,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "countdown": self.countdown,
            "options": [
                {
                    "name": o.name,
                    "type": o.type.__name__,
                    "default": o.default,
                    "help": o.help,
                    "choices": list(o.choices) if o.choices else None,
                    "players": list(o.players) if o.players else None,
                    "label": o.label,
                    "presets": [{"label": k, "value": v} for k, v in o.presets]
                    if o.presets
                    else None,
                }
                for o in self.options
            ],
            "catalog": self.catalog(),
        }

    # --- words for people (terminal play, logs); games may say it better ---------------------
    def _module(self, name: str):
        return import_module(name, self._package())

    def load(self, where: str) -> Any:
        """What "module:name" names, or the module itself for "module", the module relative to
        the game's package (imported now: the encoding, the tracker, the bots and the study's
        figures a game declares are imported when asked for)."""
        module, _, name = where.partition(":")
        found = self._module(module)
        return getattr(found, name) if name else found

    # --- shipped weights: weights/<players>p.npz in the game's package ------------------------
    def weights_path(self, players: int) -> Path:
        """Where the game's shipped network for `players` seats lies (the file may not exist)."""
        return self._weights() / f"{players}p.npz"

    def weight_counts(self) -> list[int]:
        """The player counts the game ships weights for."""
        folder = self._weights()
        if not folder.is_dir():
            return []
        names = (p.name for p in folder.iterdir())
        return sorted(int(n[:-5]) for n in names if n.endswith("p.npz") and n[:-5].isdigit())

    def _weights(self) -> Path:
        from importlib.resources import files  # not at import: a game starts without it

        return Path(str(files(self._package()) / "weights"))

    def _package(self) -> str:
        return sys.modules[type(self).__module__].__package__ or type(self).__module__

    def describe_move(self, move, view: dict | None = None) -> str:
        """A move in words, e.g. "bid 12"."""
        if self.words:
            return self._module(self.words).move_words(move, view)
        kind, arg = move
        if arg is None:
            return kind.replace("_", " ")
        text = ",".join(map(str, arg)) if isinstance(arg, tuple) else str(arg)
        return f"{kind.replace('_', ' ')} {text}"

    def event_sentence(self, event: dict) -> str:
        """A public log entry as the one sentence every client shows: seats written `{p}`, for
        each client to name (core/words.py). The game's `event_words`, or the generic sentence
        for an event it does not know (None) or a game without words."""
        if self.words:
            text = self._module(self.words).event_words(event)
            if text is not None:
                return text
        return generic_sentence(event)

    def describe_event(self, event: dict, name: Callable[[int], str] = seat_name) -> str:
        """A public log entry in words, each seat called `name(p)` ("seat 2")."""
        return fill(self.event_sentence(event), name)

    def describe_view(self, view: dict) -> list[tuple[str, str]]:
        """A seat's view as (label, text) lines, for a terminal."""
        if self.words:
            return self._module(self.words).view_lines(view)
        skip = {"game", "players", "seat", "phase", "actors", "over", "log", "result", "final"}
        return [(k.replace("_", " "), _plain_text(v)) for k, v in view.items() if k not in skip]

    def bots(self) -> dict:
        """This game's own bots by name (e.g. "heuristic"), as `core.players.Bot` classes."""
        found = self.__dict__.get("_bot_classes")
        if found is None:  # imported once: every game of a series makes its bots
            found = {}
            for name, where in self.own_bots.items():
                found[name] = self.load(where)
            self._bot_classes = found
        return dict(found)

    def catalog(self) -> dict:
        """What the small integers in views and moves stand for (cards, artists, ...)."""
        return {}


def _plain_text(value) -> str:
    if value is None:
        return "-"
    if isinstance(value, list):
        return " ".join(_plain_text(v) for v in value) if value else "-"
    if isinstance(value, dict):
        return "; ".join(f"{k} {_plain_text(v)}" for k, v in value.items())
    return str(value)
