"""The game factory: name, player range, options, and new states from a seed or a setup."""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from importlib import import_module
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
        package = sys.modules[type(self).__module__].__package__
        return import_module(name, package)

    def load(self, where: str) -> Any:
        """What "module:name" names, the module relative to the game's package (imported now:
        the encoding, the tracker and the bots a game declares are imported when asked for)."""
        module, _, name = where.partition(":")
        return getattr(self._module(module), name)

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
