"""The facts every study keeps of a finished game, whatever the game: wins and scores by
turn-order position, seat and bot, margins, length, and whether the leader after each round
went on to win. The game's own facts come from its study module (`Game.study`: HEADLINE,
`collect(state, agg)`, which folds them into the aggregate and returns the number of rounds
played and each seat's score at the end of every round before the final scoring, and
`section(agg)`, its tables and figures); a game without one shows the figures every game has,
less those of rounds."""

from __future__ import annotations

from collections.abc import Sequence
from types import ModuleType

from ..core import Game, State
from ..core.aggregate import Aggregate
from ..core.present import Headline

MAX_TRACKED_ROUNDS = 40  # leaders are followed this many rounds (art-dice games are ~20 long)
HEADLINE = (
    Headline("first_share", "win share of the first player", "share"),
    Headline("last_share", "win share of the last player", "share"),
    Headline("winner_score", "winner's score"),
    Headline("margin", "winning margin"),
    Headline("moves", "moves per game"),
    Headline("rounds", "rounds per game"),
    Headline("comeback", "games not won by the leader after round 1", "share"),
    Headline("tie", "games with a shared win", "share"),
)
ROUND_FIGURES = ("rounds", "comeback")  # known only from a game's study module


def facts_of(game: Game) -> ModuleType | None:
    """The study module of `game`, None if it has none."""
    return game.load(game.study) if game.study else None


def headlines(game: Game) -> tuple[Headline, ...]:
    """The headline figures of a study of `game`: every game's, then the game's own."""
    facts = facts_of(game)
    if facts is None:
        return tuple(h for h in HEADLINE if h.key not in ROUND_FIGURES)
    return HEADLINE + tuple(facts.HEADLINE)


def collect_game(
    state: State, first: int, seats: Sequence[str], agg: Aggregate, facts: ModuleType | None
) -> None:
    """Fold one finished game into `agg`. `first` is the seat that started, `seats` the bot
    spec of each seat, `facts` the game's study module (`facts_of`) or None."""
    res = state.result()
    shares = res.shares()
    scores = res.scores
    n = state.num_players
    agg.games += 1
    for p in range(n):
        pos = p - first if p >= first else p - first + n
        agg.add(("pos", pos), shares[p])
        agg.add(("pos_score", pos), scores[p])
        agg.add(("seat", p), shares[p])
        agg.add(("bot", seats[p]), shares[p])
        agg.hist("score", round(scores[p]))
    agg.add("first_share", shares[first])
    agg.add("last_share", shares[first - 1])
    best = max(scores)
    losers = [s for p, s in enumerate(scores) if p not in res.winners]
    margin = round(best - max(losers)) if losers else 0
    agg.add("winner_score", best)
    agg.hist("winner_score", round(best))
    agg.add("margin", margin)
    agg.hist("margin", margin)
    agg.add("tie", 1.0 if len(res.winners) > 1 else 0.0)
    moves = len(state.history)
    agg.add("moves", moves)
    agg.hist("moves", moves)
    if facts is None:
        return
    rounds, standings = facts.collect(state, agg)
    agg.add("rounds", rounds)
    agg.hist("rounds", rounds)
    for r, row in enumerate(standings[:MAX_TRACKED_ROUNDS]):
        top = max(row)
        leaders = [p for p in range(n) if row[p] == top]
        # a tie for the lead: one of the leaders drawn at random
        won = sum(shares[p] for p in leaders) / len(leaders)
        agg.add(("lead", r + 1), won)
        if r == 0:
            agg.add("comeback", 1.0 - won)
