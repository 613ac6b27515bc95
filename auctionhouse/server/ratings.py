"""Ratings: per game, an openskill (Plackett-Luce) rating for every player identity and every bot
level, updated once per finished table that rating_rules.py lets count.

`rate_table` runs inside the transaction that stores the game's last move, so the game's end and
its ratings are committed together or not at all, and a table's `rated` flag, claimed in that
same transaction, makes a second run rate nothing.
"""

from __future__ import annotations

import logging
from collections import Counter, defaultdict
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from ..games import get_game
from . import levels
from .rating_rules import ABSENT, RATED, RatingRules, verdict
from .storage import moves, rating_opponents, ratings, results, seats, table_seats, tables

log = logging.getLogger("auctionhouse.server")

_model = None


def model():
    """The openskill model (imported on first use: the server starts without it)."""
    global _model
    if _model is None:
        from openskill.models import PlackettLuce

        _model = PlackettLuce()
    return _model


def competitor(seat: dict) -> str | None:
    """Who a seat's result counts for: `player:<id>`, `bot:<level>`, or None (a person who
    sat without a player identity: such a table is not rated)."""
    if seat["player_id"] is not None:
        return f"player:{seat['player_id']}"
    if seat["kind"] == "bot" and seat["bot"]:
        return f"bot:{seat['bot']}"
    return None


def places(result: dict) -> list[int]:
    """Each seat's place: 1 for the winners (ties shared), then by score, equal scores sharing."""
    winners = set(result["winners"])
    keys = [(0, 0) if p in winners else (1, -s) for p, s in enumerate(result["scores"])]
    return [1 + sum(k < mine for k in keys) for mine in keys]


def updated(priors: list[tuple[float, float]], ranks: list[int]) -> list[tuple[float, float]]:
    """Each seat's (mu, sigma) after a game where seat i had rating priors[i] and place ranks[i]."""
    m = model()
    teams = [[m.rating(mu=mu, sigma=sigma)] for mu, sigma in priors]
    return [(t[0].mu, t[0].sigma) for t in m.rate(teams, ranks=ranks)]


def rate_table(
    conn: Connection, table_id: str, result: dict, now: float, rules: RatingRules | None = None
) -> bool:
    """Rate a table whose end is being stored in this transaction; False when it is not rated
    (rating_rules.verdict says so, rated already, or the rating could not be worked out)."""
    try:
        plan = _plan(conn, table_id, result, now, rules or RatingRules())
    except Exception:  # a fault here must not keep the game's end from being stored
        log.exception("table %s: its ratings could not be worked out; left unrated", table_id)
        return False
    if plan is None:
        return False
    claimed = conn.execute(
        tables.update().where(tables.c.id == table_id, sa.not_(tables.c.rated)).values(rated=True)
    ).rowcount
    if claimed != 1:
        return False
    game, rows, after, faced = plan
    known = {
        (r.competitor, r.opponent)
        for r in conn.execute(
            sa.select(rating_opponents).where(
                rating_opponents.c.game == game, rating_opponents.c.competitor.in_(list(after))
            )
        )
    }
    pairs = [(w, o) for w, others in faced.items() for o in sorted(others) if (w, o) not in known]
    if pairs:
        conn.execute(
            rating_opponents.insert(),
            [{"game": game, "competitor": w, "opponent": o} for w, o in pairs],
        )
    for name, (mu, sigma, games, wins, existed, seat) in after.items():
        values = {"mu": mu, "sigma": sigma, "ordinal": mu - 3 * sigma, "games": games,
                  "wins": wins, "updated_at": now}  # fmt: skip
        new_opponents = sum(1 for w, _ in pairs if w == name)
        if existed:
            conn.execute(
                ratings.update()
                .where(ratings.c.game == game, ratings.c.competitor == name)
                .values(**values, opponents=ratings.c.opponents + new_opponents)
            )
        else:
            bot = seat["bot"] if seat["player_id"] is None else None
            conn.execute(
                ratings.insert().values(
                    game=game, competitor=name, player_id=seat["player_id"], bot=bot,
                    opponents=new_opponents, **values,
                )
            )  # fmt: skip
    conn.execute(results.insert(), [{**r, "finished_at": now} for r in rows])
    return True


def _plan(
    conn: Connection, table_id: str, result: dict, now: float, rules: RatingRules
) -> tuple[str, list[dict], dict, dict] | None:
    """What rating a table writes: the game, a results row per rated seat, each competitor's
    new (mu, sigma, games, wins, had a row, a seat of theirs), and each one's opponents."""
    row = conn.execute(
        sa.select(tables.c.game, tables.c.rated, tables.c.practice).where(tables.c.id == table_id)
    ).first()
    if row is None or row.rated:
        return None
    game = row.game
    sat = table_seats(conn, table_id)
    ids = [s["player_id"] for s in sat if s["player_id"]]
    if not ids:
        return None
    level_names = {lv.name for lv in levels.levels(get_game(game))}
    met = _met(conn, game, table_id, ids, now - rules.window)
    parts, unrated = verdict(row.practice, sat, level_names, _moves_by(conn, table_id), met, rules)
    if unrated is not None:
        log.debug("table %s is not rated: %s", table_id, unrated)
        return None
    who = [competitor(s) for s in sat]
    known = {
        r.competitor: r
        for r in conn.execute(
            sa.select(ratings).where(
                ratings.c.game == game, ratings.c.competitor.in_({w for w in who if w})
            )
        )
    }
    default = model().rating()

    def prior(p: int) -> tuple[float, float]:
        old = known.get(who[p])
        return (old.mu, old.sigma) if old else (default.mu, default.sigma)

    ranks = places(result)
    last = len(sat)
    present = [p for p, part in enumerate(parts) if part == RATED]
    gone = [p for p, part in enumerate(parts) if part == ABSENT]
    new: dict[int, tuple[float, float]] = {}
    opponents: dict[int, set[str]] = {}
    if len({who[p] for p in present}) > 1 and any(sat[p]["player_id"] for p in present):
        rated = updated([prior(p) for p in present], [ranks[p] for p in present])
        for p, r in zip(present, rated, strict=True):
            new[p] = r
            opponents[p] = {who[q] for q in present} - {who[p]}
    if gone and present:  # each absent seat last, beside the others: a loss that nobody gains
        order = present + gone
        lost = updated(
            [prior(p) for p in order], [ranks[p] for p in present] + [last + 1] * len(gone)
        )
        for p, r in zip(order, lost, strict=True):
            if p in gone:
                new[p] = r
                opponents[p] = {who[q] for q in present}
    if not new:
        return None
    won = {p for p in new if parts[p] == RATED and p in result["winners"]}
    after: dict[str, Any] = {}
    faced: dict[str, set[str]] = defaultdict(set)
    for p in sorted(new):
        w = who[p]
        faced[w] |= opponents[p]
        mine = [q for q in sorted(new) if who[q] == w]  # a bot level may sit at several seats
        if p != mine[0]:
            continue
        mu = sum(new[q][0] for q in mine) / len(mine)
        sigma = sum(new[q][1] for q in mine) / len(mine)
        old = known.get(w)
        games = (old.games if old else 0) + 1
        wins = (old.wins if old else 0) + any(q in won for q in mine)
        after[w] = (mu, sigma, games, wins, old is not None, sat[p])
    rows = [
        {
            "table_id": table_id,
            "seat": p,
            "game": game,
            "competitor": who[p],
            "player_id": sat[p]["player_id"],
            "score": result["scores"][p],
            "place": ranks[p] if parts[p] == RATED else last,
            "won": p in won,
            "absent": parts[p] == ABSENT,
            "mu": after[who[p]][0],
            "sigma": after[who[p]][1],
            "ordinal": after[who[p]][0] - 3 * after[who[p]][1],
        }
        for p in sorted(new)
    ]
    return game, rows, after, dict(faced)


def _moves_by(conn: Connection, table_id: str) -> dict[int, Counter]:
    """Per seat, its moves counted by who made them (`seat`, `fallback`, ...)."""
    out: dict[int, Counter] = defaultdict(Counter)
    query = (
        sa.select(moves.c.seat, moves.c.by, sa.func.count())
        .where(moves.c.table_id == table_id)
        .group_by(moves.c.seat, moves.c.by)
    )
    for seat, by, n in conn.execute(query):
        out[seat][by] += n
    return out


def _met(
    conn: Connection, game: str, table_id: str, ids: list[str], since: float
) -> dict[str, Counter]:
    """Per player id, their rated games of `game` finished since `since` counted by each other
    person (`player:<id>`) and each address (`address:<hash>`) who sat with them there."""
    query = (
        sa.select(results.c.player_id, seats.c.player_id.label("other"), seats.c.address_hash)
        .join(
            seats, sa.and_(seats.c.table_id == results.c.table_id, seats.c.seat != results.c.seat)
        )
        .where(
            results.c.player_id.in_(ids),
            results.c.game == game,
            results.c.finished_at >= since,
            results.c.table_id != table_id,
            seats.c.kind == "human",
        )
    )
    out: dict[str, Counter] = defaultdict(Counter)
    for me, other, address in conn.execute(query):
        if other:
            out[me][f"player:{other}"] += 1
        if address:
            out[me][f"address:{address}"] += 1
    return out
