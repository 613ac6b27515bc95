"""Game options: declared as data, parsed from text or JSON, validated with clear errors."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .errors import OptionError

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}
_KINDS = {
    bool: "true or false",
    int: "a whole number",
    float: "a number",
    str: "a string",
    list: "a list",
    dict: "a table",
}


def kind(t: type) -> str:
    """A type in an error message's words, with its article: "a whole number", "a list"."""
    return _KINDS.get(t, f"a value of type {t.__name__}")


@dataclass(frozen=True)
class Option:
    """One option of a game.

    `type` is bool, int or str; `convert` (optional) turns a raw value (text from the command
    line, or JSON) into the stored, JSON-safe value, raising OptionError with a sentence.
    `players` limits the option to some player counts when it is switched on. `label` says
    what the option does in a player's words (no ruling ids); `presets` are named values a
    player picks from instead of typing one: (label, value) pairs, the value as the API takes it.
    """

    name: str
    type: type
    default: Any
    help: str
    choices: tuple | None = None
    players: tuple[int, ...] | None = None
    convert: Callable[[Any], Any] | None = None
    label: str | None = None
    presets: tuple[tuple[str, Any], ...] | None = None

    def parse(self, raw: Any) -> Any:
        if self.convert is not None:
            return self.convert(raw)
        value: bool | int | str
        if self.type is bool:
            value = _to_bool(self.name, raw)
        elif self.type is int:
            value = _to_int(self.name, raw)
        else:
            value = str(raw)
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(map(str, self.choices))
            raise OptionError(f"option {self.name}={raw!r} is not one of: {allowed}")
        return value

    def describe(self) -> str:
        text = f"{self.name} ({self.type.__name__}, default {self.default!r}): {self.help}"
        if self.players:
            text += f" [{'/'.join(map(str, self.players))} players]"
        return text


def _to_bool(name: str, raw: Any) -> bool:
    if isinstance(raw, bool):
        return raw
    if isinstance(raw, str) and raw.strip().lower() in _TRUE | _FALSE:
        return raw.strip().lower() in _TRUE
    raise OptionError(f"option {name} takes true or false, not {raw!r}")


def _to_int(name: str, raw: Any) -> int:
    if isinstance(raw, int) and not isinstance(raw, bool):
        return raw
    if isinstance(raw, str):
        try:
            return int(raw.strip())
        except ValueError:
            pass
    raise OptionError(f"option {name} takes a whole number, not {raw!r}")


def resolve_options(
    game_name: str, specs: tuple[Option, ...], players: int, raw: dict[str, Any] | None
) -> dict[str, Any]:
    """Every option of the game with its value: defaults filled in, unknown names refused."""
    by_name = {o.name: o for o in specs}
    if raw is not None and not isinstance(raw, dict):
        raise OptionError(
            f"{game_name}'s options are a table of name: value, not {kind(type(raw))}"
        )
    raw = dict(raw or {})
    unknown = sorted(set(raw) - set(by_name))
    if unknown:
        known = ", ".join(by_name) or "none"
        raise OptionError(f"{game_name} has no option {unknown[0]!r} (its options: {known})")
    out = {}
    for spec in specs:
        value = spec.parse(raw[spec.name]) if spec.name in raw else spec.default
        if spec.players and value != spec.default and players not in spec.players:
            counts = "/".join(map(str, spec.players))
            raise OptionError(f"option {spec.name} is for {counts} players only, not {players}")
        out[spec.name] = value
    return out


def parse_option_args(pairs: list[str]) -> dict[str, str]:
    """`["key=value", ...]` from the command line into a dict of raw strings."""
    out = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise OptionError(f"an option is written key=value, not {pair!r}")
        out[key.strip()] = value.strip()
    return out
