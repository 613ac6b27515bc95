"""Sentences about a game's events, written once (each game's `words` module) and shown the same
everywhere: the terminal, the browser's log and news, the replay.

A sentence is plain text in which a seat is written as its number in braces, `{2}`: each place
that shows the sentence puts that seat's name there (the terminal "seat 2", the browser the name
the seat has at the table). Nothing else in a sentence is in braces, so the placeholders need no
escaping and a client fills them with one pattern (`\\{(\\d+)\\}`), building text, never markup.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

SEAT = re.compile(r"\{(\d+)\}")


def seat(p: int) -> str:
    """Seat p's place in a sentence."""
    return f"{{{p}}}"


def seats(ps: Iterable[int], none: str = "nobody") -> str:
    """Several seats' places: "{0}", "{0} and {2}", "{0}, {1} and {3}" (`none` for none)."""
    marks = [seat(p) for p in ps]
    if not marks:
        return none
    return marks[0] if len(marks) == 1 else ", ".join(marks[:-1]) + f" and {marks[-1]}"


def seat_name(p: int) -> str:
    """The name a seat gets where nothing better is known: "seat 2"."""
    return f"seat {p}"


def fill(sentence: str, name: Callable[[int], str] = seat_name) -> str:
    """The sentence with each seat's name put in its place."""
    return SEAT.sub(lambda m: name(int(m.group(1))), sentence)


def seats_in(sentence: str) -> list[int]:
    """The seats a sentence names, in order."""
    return [int(m) for m in SEAT.findall(sentence)]


def generic_sentence(event: dict) -> str:
    """An event in words for a game that has none of its own: who (its `seat`), what, and its
    other fields: "{1}: hello (count 3)."."""
    who = event.get("seat")
    rest = "; ".join(
        f"{k.replace('_', ' ')} {_plain(v)}" for k, v in event.items() if k not in ("event", "seat")
    )
    text = str(event.get("event", "event")).replace("_", " ")
    lead = f"{seat(who)}: " if isinstance(who, int) and not isinstance(who, bool) else ""
    return f"{lead}{text}{f' ({rest})' if rest else ''}."


def _plain(value) -> str:
    if isinstance(value, list | tuple):
        return ", ".join(_plain(v) for v in value) if value else "none"
    if isinstance(value, dict):
        return ", ".join(f"{k} {_plain(v)}" for k, v in value.items())
    return "none" if value is None else str(value).replace("{", "(").replace("}", ")")
