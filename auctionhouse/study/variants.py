"""What a study plays (a variant: player count, bots, options) and how `--vs` writes the second.

`--vs` is repeatable, each a `key=value` that changes the first variant: `players=3`,
`bots=heuristic,random,random,random`, `deck=FILE` or any option of the game
(`open_cash=true`, `seed_literal=true`); everything not named stays as in the first variant.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..arena.runner import prepare
from ..core import Game, OptionError, parse_option_args

MAX_VS = 16  # key=value changes in one --vs variant


@dataclass(frozen=True)
class Variant:
    """A checked variant: options resolved, one bot spec per seat."""

    label: str
    players: int
    bots: tuple[str, ...]
    options: dict
    changes: str = ""  # how it differs from the first variant, as written

    def describe(self) -> str:
        bots = self.bots[0] if len(set(self.bots)) == 1 else ",".join(self.bots)
        return f"{self.players} players, bots {bots}" + (
            f" ({self.changes})" if self.changes else ""
        )


def make_variant(
    game: Game, label: str, players: int, bots: Sequence[str], raw: Mapping, changes: str = ""
) -> Variant:
    opts, specs = prepare(game, players, list(bots), dict(raw))
    return Variant(label, players, tuple(specs), opts, changes)


def vs_variant(game: Game, first_raw: Mapping, players: int, bots: Sequence[str], pairs) -> Variant:
    """The second variant: the first one's raw options, player count and bots, changed by the
    `--vs` pairs."""
    if len(pairs) > MAX_VS:
        raise OptionError(f"--vs takes at most {MAX_VS} changes, not {len(pairs)}")
    changes = parse_option_args(list(pairs))
    if not changes:
        raise OptionError("--vs needs key=value, e.g. players=3 or deck=docs/decks/seed-001.toml")
    raw = dict(first_raw)
    for key, value in changes.items():
        if key == "players":
            if not value.isdigit() or len(value) > 2:
                raise OptionError(f"--vs players= takes a player count, not {value!r}")
            players = int(value)
        elif key == "bots":
            bots = [b for b in value.split(",") if b.strip()]
        elif key == "deck" or any(o.name == key for o in game.options):
            if key == "deck" and not any(o.name == "deck" for o in game.options):
                raise OptionError(f"{game.name} has no deck option")
            raw[key] = value
        else:
            known = ", ".join(["players", "bots", *(o.name for o in game.options)])
            raise OptionError(f"--vs cannot change {key!r} (it changes: {known})")
    if len(bots) > 1 and len(bots) != players:
        raise OptionError(
            f"the --vs variant has {players} players but {len(bots)} bots: give one bot for "
            f"all seats or one per seat with --vs bots=..."
        )
    written = " ".join(f"{k}={v}" for k, v in changes.items())
    return make_variant(game, "B", players, bots, raw, written)
