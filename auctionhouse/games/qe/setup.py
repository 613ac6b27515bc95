"""The deal written out: tile order, nations, industry tokens, first auctioneer.

A setup is the JSON object
`{"tiles": [...], "nations": [...], "tokens": [...] | null, "first": seat}`:
`tiles` lists the tiles in play top first (QE-2, QE-4), `nations[seat]` is that seat's country
(QE-1), `tokens[seat]` its secret industry token (QE-3; null when `seed_literal` is on) and
`first` the first auctioneer (QE-4).
"""

from __future__ import annotations

from typing import Any

from ...core import Chance, SetupError, derive_seed
from .tiles import INDUSTRIES_IN_PLAY, NATIONS_IN_PLAY, TILES_IN_PLAY

KEYS = ("tiles", "nations", "tokens", "first")


def tokens_on(options: dict[str, Any]) -> bool:
    """QE-3 industry tokens are dealt unless QE-15's seed_literal is on."""
    return not options.get("seed_literal", False)


def make_setup(
    players: int, options: dict[str, Any], seed: int, first_player: int | None = None
) -> dict:
    """A random deal from `seed`; `first_player` fixes the first auctioneer."""
    rng = Chance(derive_seed(seed, "qe/setup"))
    tiles = list(TILES_IN_PLAY[players])
    rng.shuffle(tiles)
    nations = list(NATIONS_IN_PLAY[players])
    rng.shuffle(nations)
    tokens = None
    if tokens_on(options):
        tokens = list(INDUSTRIES_IN_PLAY[players])
        rng.shuffle(tokens)
        tokens = tokens[:players]
    first = rng.below(players) if first_player is None else first_player % players
    return {"tiles": tiles, "nations": nations[:players], "tokens": tokens, "first": first}


def _int_list(setup: dict, key: str, length: int) -> list[int]:
    value = setup[key]
    if not isinstance(value, list) or any(type(x) is not int for x in value):
        raise SetupError(f"setup {key!r} is a list of whole numbers, not {value!r}")
    if len(value) != length:
        raise SetupError(f"setup {key!r} has {len(value)} entries; it needs {length}")
    return list(value)


def _distinct_from(key: str, values: list[int], allowed: tuple[int, ...], what: str) -> None:
    if len(set(values)) != len(values) or not set(values) <= set(allowed):
        raise SetupError(
            f"setup {key!r} must hold distinct {what} among {list(allowed)}, not {values}"
        )


def check_setup(
    players: int, options: dict[str, Any], setup: dict
) -> tuple[list[int], list[int], list[int] | None, int]:
    """The deal as (tiles, nations, tokens, first), or SetupError naming what is wrong."""
    missing = [k for k in KEYS if k not in setup]
    if missing:
        raise SetupError(f"setup has no {missing[0]!r} (a setup has {', '.join(KEYS)})")
    unknown = sorted(set(setup) - set(KEYS))
    if unknown:
        raise SetupError(f"setup has an unknown key {unknown[0]!r} (it has {', '.join(KEYS)})")
    in_play = TILES_IN_PLAY[players]
    tiles = _int_list(setup, "tiles", len(in_play))
    if sorted(tiles) != sorted(in_play):
        raise SetupError(
            f"setup 'tiles' must be an order of the {players}-player tiles {sorted(in_play)} (QE-2)"
        )
    nations = _int_list(setup, "nations", players)
    _distinct_from("nations", nations, NATIONS_IN_PLAY[players], "nations (QE-1)")
    tokens = None
    if tokens_on(options):
        if setup["tokens"] is None:
            raise SetupError("setup 'tokens' is null but industry tokens are on (QE-3)")
        tokens = _int_list(setup, "tokens", players)
        _distinct_from("tokens", tokens, INDUSTRIES_IN_PLAY[players], "industries (QE-3)")
    elif setup["tokens"] is not None:
        raise SetupError("setup 'tokens' must be null: seed_literal deals no industry tokens")
    first = setup["first"]
    if type(first) is not int or not 0 <= first < players:
        raise SetupError(f"setup 'first' is a seat 0..{players - 1}, not {first!r}")
    return tiles, nations, tokens, first
