"""Modern Art's cards as data: artists, auction symbols, the standard deck, deck files.

A card is a small int: `artist * 5 + symbol`.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any, Final

from ...core import OptionError
from ...core.files import FileProblem, MiB, read_text

ARTISTS: Final[tuple[str, ...]] = (
    "Manuel Carvalho",
    "Sigrid Thaler",
    "Daniel Melim",
    "Ramon Martins",
    "Rafael Silveira",
)
SHORT: Final[tuple[str, ...]] = ("MC", "ST", "DM", "RM", "RS")
SYMBOLS: Final[tuple[str, ...]] = ("open", "once_around", "hidden", "fixed_price", "double")
# the symbols' numbers (Final: a compiled build reads them as constants, not module globals)
OPEN: Final = 0
ONCE: Final = 1
HIDDEN: Final = 2
FIXED: Final = 3
DOUBLE: Final = 4
NUM_ARTISTS: Final = 5  # len(ARTISTS)
NUM_TYPES: Final = 25  # NUM_ARTISTS * len(SYMBOLS)

# MA-2: cards per artist and symbol (open, once-around, hidden, fixed price, double).
STANDARD: Final[tuple[tuple[int, ...], ...]] = (
    (3, 3, 2, 2, 2),
    (3, 2, 3, 3, 2),
    (3, 3, 3, 3, 2),
    (3, 3, 3, 3, 3),
    (4, 3, 3, 3, 3),
)

# The artist counts of rules seed 001 (12/15/13/15/15; MA-2 notes they most likely come from a
# misread component list), split over the auction types as docs/decks/seed-001.toml does.
SEED_001 = {
    "Manuel Carvalho": [3, 3, 2, 2, 2],
    "Sigrid Thaler": [3, 3, 3, 3, 3],
    "Daniel Melim": [3, 3, 2, 3, 2],
    "Ramon Martins": [3, 3, 3, 3, 3],
    "Rafael Silveira": [3, 3, 3, 3, 3],
}

# Bounds for deck files and decks given as options (the server takes them from anyone): far
# above any edition, far below what would take a machine's memory.
MAX_OF_A_KIND = 100  # cards of one artist and auction type (editions have 2 to 4)
MAX_CARDS = 1000  # cards in the deck (the standard deck has 70)
MAX_DECK_FILE_BYTES = MiB

_ALIASES = {"daniel melin": "Daniel Melim"}  # seed 000's spelling (MA-1)
_SYMBOL_ALIASES = {
    "open": OPEN,
    "once_around": ONCE,
    "once-around": ONCE,
    "once": ONCE,
    "one_offer": ONCE,
    "hidden": HIDDEN,
    "sealed": HIDDEN,
    "fixed_price": FIXED,
    "fixed-price": FIXED,
    "fixed": FIXED,
    "double": DOUBLE,
}


def card(artist: int, symbol: int) -> int:
    return artist * 5 + symbol


def card_name(c: int) -> str:
    return f"{SHORT[c // 5]}/{SYMBOLS[c % 5]}"


def composition(deck_option: Any) -> tuple[tuple[int, ...], ...]:
    """Counts per artist and symbol for a resolved `deck` option value."""
    if deck_option == "standard":
        return STANDARD
    return tuple(tuple(deck_option[name]) for name in ARTISTS)


def all_cards(comp: tuple[tuple[int, ...], ...]) -> list[int]:
    """Every card of a deck composition, in card order (a new list: a deal shuffles it)."""
    return list(_cards_of(comp))


@lru_cache(maxsize=64)
def _cards_of(comp: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    return tuple(
        card(a, s) for a in range(NUM_ARTISTS) for s in range(5) for _ in range(comp[a][s])
    )


def convert_deck(raw: Any) -> Any:
    """The `deck` option: "standard", a path to a JSON or TOML deck file, or the deck itself.

    Stored as "standard" or `{artist: [open, once_around, hidden, fixed_price, double]}`, so a
    record replays without the file.
    """
    if raw == "standard":
        return "standard"
    source = "deck"
    if isinstance(raw, (str, Path)):
        source = f"deck file {raw}"
        raw = _read_deck_file(Path(raw))
    if not isinstance(raw, dict):
        raise OptionError(f"{source}: expected a table of artists, not {type(raw).__name__}")
    table = raw.get("artists", raw)
    if not isinstance(table, dict):
        raise OptionError(f"{source}: 'artists' must be a table of artists")
    out: dict[str, list[int]] = {}
    for key, value in table.items():
        name = _artist_name(source, key)
        if name in out:
            raise OptionError(f"{source}: artist {name} is given twice")
        out[name] = _symbol_counts(source, name, value)
    missing = [a for a in ARTISTS if a not in out]
    if missing:
        raise OptionError(f"{source}: no cards given for {', '.join(missing)} (all five artists)")
    total = sum(map(sum, out.values()))
    if total == 0:
        raise OptionError(f"{source}: the deck has no cards")
    if total > MAX_CARDS:
        raise OptionError(f"{source}: the deck has {total} cards; at most {MAX_CARDS} are allowed")
    if [out[a] for a in ARTISTS] == [list(r) for r in STANDARD]:
        return "standard"
    return {a: out[a] for a in ARTISTS}


def _read_deck_file(path: Path) -> Any:
    try:
        text = read_text(path, MAX_DECK_FILE_BYTES)
    except FileProblem as e:
        raise OptionError(f"deck file {path}: cannot read it ({e})") from None
    kind = "TOML" if path.suffix.lower() == ".toml" else "JSON"
    try:
        if kind == "TOML":
            import tomllib  # only for a deck file written in TOML

            return tomllib.loads(text)
        return json.loads(text)
    except ValueError as e:  # the decode errors, and numbers of over 4300 digits
        raise OptionError(f"deck file {path}: not valid {kind} ({e})") from None
    except RecursionError:
        raise OptionError(f"deck file {path}: not a deck ({kind} too deeply nested)") from None


def _artist_name(source: str, key: Any) -> str:
    text = str(key).strip()
    lowered = text.lower()
    for name in ARTISTS:
        if lowered == name.lower():
            return name
    if lowered in _ALIASES:
        return _ALIASES[lowered]
    raise OptionError(f"{source}: {text!r} is not an artist (artists: {', '.join(ARTISTS)})")


def _symbol_counts(source: str, artist: str, value: Any) -> list[int]:
    if isinstance(value, list):
        if len(value) != 5:
            raise OptionError(
                f"{source}: {artist} needs 5 counts (open, once_around, hidden, fixed_price, "
                f"double), not {len(value)}"
            )
        items = list(zip(SYMBOLS, value, strict=True))
    elif isinstance(value, dict):
        items = list(value.items())
    else:
        raise OptionError(
            f"{source}: {artist} needs counts per auction type, e.g. "
            "{open = 3, once_around = 3, hidden = 2, fixed_price = 2, double = 2}"
        )
    counts = [0] * 5
    for sym, n in items:
        s = _SYMBOL_ALIASES.get(str(sym).strip().lower())
        if s is None:
            raise OptionError(
                f"{source}: {artist}: {sym!r} is not an auction type ({', '.join(SYMBOLS)})"
            )
        if type(n) is not int or n < 0:
            raise OptionError(f"{source}: {artist} {sym} must be a whole number >= 0, not {n!r}")
        counts[s] += n
    for s, n in enumerate(counts):
        if n > MAX_OF_A_KIND:
            raise OptionError(
                f"{source}: {artist} {SYMBOLS[s]} has {n} cards; at most {MAX_OF_A_KIND} of one "
                "artist and auction type are allowed"
            )
    return counts
