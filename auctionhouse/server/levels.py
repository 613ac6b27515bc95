"""The bots the server offers: named levels with fixed budgets (docs/server.md, "Bots").

A seat asks for a level by name (`beginner`, `standard`, `learned`, `strong`, `expert`; the
learned two where weights ship for the table) or by the name of the bot it plays (`random`,
`heuristic`, `ismcts`). Other bot specs (`ismcts:seconds=0.5`) are refused
unless the operator allows any bot (`serve --allow-any-bot`). Each level has a think time: the
server shows a bot's move exactly that long (plus `--bot-delay`) after the bot's turn began,
whatever the bot actually took, so nobody learns anything about its hand from its speed.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..bots import make_bot
from ..bots.learned import LearnedBot
from ..core import Game, OptionError
from ..core.players import parse_spec


@dataclass(frozen=True)
class Level:
    name: str
    about: str  # how it plays, in a player's words
    spec: str  # the bot that plays it
    think: float  # seconds between the bot's turn and its move (its whole budget, and more)
    learned: bool = False  # plays the shipped network: only where weights fit the table
    players: tuple[int, ...] = ()  # the player counts it plays (none named: all)

    @property
    def title(self) -> str:
        return f"{self.name.capitalize()} bot"

    def info(self) -> dict:
        return {
            "name": self.name,
            "title": self.title,
            "about": self.about,
            "bot": self.spec,
            "think": self.think,
            **({"players": list(self.players)} if self.players else {}),
        }


# the strong level plays the game's `search` (Game.search): its strongest search found in
# docs/bots.md, at most a second a move
SEARCH_THINK = 1.25  # what the server waits: their 1 s cap, one late iteration and the trip
ALIASES = {"random": "beginner", "heuristic": "standard", "ismcts": "strong"}
# the search with the learned network, at most a second a move: its playouts too, since with
# heuristic playouts it fell back to play the network beats, and the network's bids for the
# others' unseen sealed bids (docs/bots.md, "ISMCTS" and "Learned bots")
LEARNED_SEARCH = "ismcts:guide=learned:rollout=learned:sealed=model:seconds=1"


def levels(game: Game) -> list[Level]:
    """The levels a seat of `game` may take, weakest first."""
    out = [Level("beginner", "plays at random", "random", 0.0)]
    if "heuristic" in game.bots():
        out.append(Level("standard", "plays by rules of thumb", "heuristic", 0.0))
    out.append(Level("strong", "looks ahead, about a second a move", game.search, SEARCH_THINK))
    counts = tuple(game.weight_counts())
    if counts:
        about = "plays at once by a network trained by self-play"
        out.insert(-1, Level("learned", about, "learned", 0.0, True, counts))
        about = "looks ahead with the trained network, about a second a move"
        out.append(Level("expert", about, LEARNED_SEARCH, SEARCH_THINK, True, counts))
    return out


def fits(game: Game, level: Level, players: int, options: dict) -> None:
    """OptionError, saying why, when `level` cannot play this table (a learned level without
    weights for its player count and options)."""
    if not level.learned:
        return
    try:
        LearnedBot().fitted(game, players, options)
    except OptionError as e:
        counts = ", ".join(map(str, game.weight_counts()))
        raise OptionError(
            f"the {level.name} level plays {game.title} at {counts} players with the standard "
            f"options only ({e})"
        ) from None


def seat_name(game: Game, stored: str) -> str:
    """The name a bot seat shows: its level's title, or its spec."""
    level = find(game, stored)
    return level.title if level is not None else f"{stored} (bot)"


def find(game: Game, name: str) -> Level | None:
    """The level called `name` (or by its bot's name), or None."""
    name = ALIASES.get(name, name)
    return next((lv for lv in levels(game) if lv.name == name), None)


@dataclass(frozen=True)
class Choice:
    """What a seat's stored `bot` value plays: the bot spec and its think time."""

    spec: str
    think: float


def choice(game: Game, stored: str, move_limit: float) -> Choice:
    """The bot behind a stored seat value: a level, or (allowed by an operator, or stored before
    levels existed) a spec: the random and heuristic bots are not paced beyond `bot_delay`, any
    other waits the whole move limit (its budget may depend on what it is given alone)."""
    level = find(game, stored)
    if level is not None:
        return Choice(level.spec, level.think)
    name, _ = parse_spec(stored)
    return Choice(stored, 0.0 if name in ("random", "heuristic") else move_limit)


def check(
    game: Game,
    requested: str,
    allow_any: bool,
    move_limit: float,
    players: int | None = None,
    options: dict | None = None,
) -> str:
    """The value to store for a seat that asks for `requested`: a level's name, or (with
    `allow_any`) a bot spec whose time budget fits the move limit. OptionError otherwise, also
    for a learned level at a table (`players`, `options`) its weights do not fit."""
    level = find(game, requested.strip())
    if level is not None:
        if players is not None:
            fits(game, level, players, game.resolve(players, options or {}))
        return level.name
    if not allow_any:
        # the levels this table can take: those naming no player counts, or its own
        offered = [lv for lv in levels(game) if not lv.players or players in lv.players]
        names = ", ".join(lv.name for lv in offered)
        raise OptionError(
            f"bot {requested!r} is not offered here; choose a level: {names} "
            f"(or the bot names {', '.join(ALIASES)})"
        )
    bot = make_bot(requested, game, 0)
    seconds = bot.settings.get("seconds")
    given = "seconds" in parse_spec(requested)[1]
    if given and isinstance(seconds, (int, float)) and not 0 < seconds <= move_limit:
        raise OptionError(f"bot {bot.name}: seconds is at most the move limit here, {move_limit:g}")
    return bot.spec()
