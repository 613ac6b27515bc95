"""Names a person may not take, because they would read as a bot's seat: a level's name or title
in any game ("Strong bot", "expert"), a bot's name ("ismcts"), or a name ending in the word
"bot" ("Ann (bot)"). Names are compared by what they read as (`names.readings`), so look-alikes
("Strong bоt" with a Cyrillic о, "STRONG B0T") are refused too, and so are the reserved names
run together or spaced otherwise ("StrongBot", "strong_bot")."""

from __future__ import annotations

import re
from functools import lru_cache

from ..games import all_games
from . import levels, names

_BOTLIKE = re.compile(r".*\bbot\)?", re.IGNORECASE)
_SEPARATORS = re.compile(r"[\W_]+")


def _letters(reading: str) -> str:
    return _SEPARATORS.sub("", reading)


@lru_cache(maxsize=1)
def _reserved() -> dict[str, str]:
    """The reserved names, by their letters as read: each level's name and title and each bot's
    name, in every game, mapped to the title of the seat it would read as."""
    out: dict[str, str] = {}
    for game in all_games():
        for level in levels.levels(game):
            for name in (level.name, level.title):
                for reading in names.readings(name):
                    out.setdefault(_letters(reading), level.title)
    for bot, level in levels.ALIASES.items():
        for reading in names.readings(bot):
            out.setdefault(_letters(reading), f"{level.capitalize()} bot")
    return out


def refusal(name: str) -> str | None:
    """Why a person may not be called `name` (cleaned), in one sentence, or None."""
    readings = names.readings(name)
    for reading in readings:
        title = _reserved().get(_letters(reading))
        if title is not None:
            return f"{name!r} reads as the name of a bot ({title}); choose another name"
    if any(_BOTLIKE.fullmatch(reading) for reading in readings):
        return f"{name!r} reads as a bot's name; choose a name without 'bot' at the end"
    return None
