"""Ratings: per game, an openskill (Plackett-Luce) rating for every player identity and every bot
level, updated once per finished table that has a player identity at it.

`rate_table` runs inside the transaction that stores the game's last move, so the game's end and
its ratings are committed together or not at all, and a table's `rated` flag, claimed in that
same transaction, makes a second run rate nothing.
"""

from __future__ import annotations

import logging
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from .storage import ratings, results, table_seats, tables

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
    sat without a player identity: rated as a newcomer, nothing kept)."""
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


def rate_table(conn: Connection, table_id: str, result: dict, now: float) -> bool:
    """Rate a table whose end is being stored in this transaction; False when it is not rated
    (no player identity at it, rated already, or the rating could not be worked out)."""
    try:
        plan = _plan(conn, table_id, result)
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
    game, rows, after = plan
    for name, (mu, sigma, games, wins, existed, seat) in after.items():
        values = {"mu": mu, "sigma": sigma, "ordinal": mu - 3 * sigma, "games": games,
                  "wins": wins, "updated_at": now}  # fmt: skip
        if existed:
            conn.execute(
                ratings.update()
                .where(ratings.c.game == game, ratings.c.competitor == name)
                .values(**values)
            )
        else:
            bot = seat["bot"] if seat["player_id"] is None else None
            conn.execute(
                ratings.insert().values(
                    game=game, competitor=name, player_id=seat["player_id"], bot=bot, **values
                )
            )
    conn.execute(results.insert(), [{**r, "finished_at": now} for r in rows])
    return True


def _plan(conn: Connection, table_id: str, result: dict) -> tuple[str, list[dict], dict] | None:
    """What rating a table writes: the game, a results row per rated seat, and each
    competitor's new (mu, sigma, games, wins, had a row, a seat of theirs)."""
    row = conn.execute(
        sa.select(tables.c.game, tables.c.rated).where(tables.c.id == table_id)
    ).first()
    if row is None or row.rated:
        return None
    game = row.game
    sat = table_seats(conn, table_id)
    if not any(s["player_id"] for s in sat):
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
    priors = [
        (known[w].mu, known[w].sigma) if w in known else (default.mu, default.sigma) for w in who
    ]
    ranks = places(result)
    new = updated(priors, ranks)
    after: dict[str, Any] = {}
    for p, w in enumerate(who):
        if w is None:
            continue
        mine = [q for q, x in enumerate(who) if x == w]  # a bot level may sit at several seats
        if p != mine[0]:
            continue
        mu = sum(new[q][0] for q in mine) / len(mine)
        sigma = sum(new[q][1] for q in mine) / len(mine)
        old = known.get(w)
        won = any(q in result["winners"] for q in mine)
        games = (old.games if old else 0) + 1
        wins = (old.wins if old else 0) + won
        after[w] = (mu, sigma, games, wins, old is not None, sat[p])
    rows = [
        {
            "table_id": table_id,
            "seat": p,
            "game": game,
            "competitor": w,
            "player_id": sat[p]["player_id"],
            "score": result["scores"][p],
            "place": ranks[p],
            "won": p in result["winners"],
            "mu": after[w][0],
            "sigma": after[w][1],
            "ordinal": after[w][0] - 3 * after[w][1],
        }
        for p, w in enumerate(who)
        if w is not None
    ]
    return game, rows, after
