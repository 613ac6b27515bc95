"""Player identities: a long random key kept by the player's browser, of which the server stores
only the SHA-256; a public id and a display name. Queries for player pages and leaderboards.

A key is 32 random bytes (256 bits), so a fast hash is enough: nobody can search that space.
It arrives only in the `X-Player-Key` header (never a URL) and is never logged or sent back,
except once, to the browser that created it.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from ..games import get_game
from . import levels, names, reserved_names
from .storage import players, ratings, results, seats, tables

KEY_HEADER = "X-Player-Key"
_KEY = re.compile(r"[A-Za-z0-9_-]{43}")  # token_urlsafe(32)
_ID = re.compile(r"[A-Za-z0-9_-]{1,16}")
NAME_MAX = 40


class BadName(ValueError):
    """A display name that cannot be used; the message says why."""


def new_key() -> str:
    return secrets.token_urlsafe(32)


def key_hash(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def well_formed_key(key: Any) -> bool:
    return isinstance(key, str) and _KEY.fullmatch(key) is not None


def well_formed_id(player_id: Any) -> bool:
    return isinstance(player_id, str) and _ID.fullmatch(player_id) is not None


def display_name(text: str) -> str:
    """A display name as it will be shown (cleaned like a seat's name), or BadName."""
    name = names.clean(text)
    if not 1 <= len(name) <= NAME_MAX:
        raise BadName(f"a name has 1 to {NAME_MAX} visible characters")
    refusal = reserved_names.refusal(name)
    if refusal is not None:
        raise BadName(refusal)
    return name


def public(row: Any) -> dict:
    return {"id": row["id"], "name": row["name"], "created_at": row["created_at"]}


# --- queries (run on the database thread) -----------------------------------------------------
def create(conn: Connection, name: str, digest: str, now: float) -> dict:
    row = {"id": secrets.token_urlsafe(9), "key_hash": digest, "name": name, "created_at": now}
    conn.execute(players.insert().values(**row))
    return public(row)


def by_key(conn: Connection, digest: str) -> dict | None:
    row = conn.execute(sa.select(players).where(players.c.key_hash == digest)).mappings().first()
    return None if row is None else public(row)


def rename(conn: Connection, player_id: str, name: str) -> None:
    conn.execute(players.update().where(players.c.id == player_id).values(name=name))


def profile(conn: Connection, player_id: str) -> dict | None:
    """A player's public page: name, and per game their rating, games and wins."""
    row = conn.execute(sa.select(players).where(players.c.id == player_id)).mappings().first()
    if row is None:
        return None
    out = public(row)
    query = (
        sa.select(ratings)
        .where(ratings.c.player_id == player_id)
        .order_by(ratings.c.games.desc(), ratings.c.game)
    )
    out["ratings"] = [_rating(r) for r in conn.execute(query).mappings()]
    return out


def _rating(r: Any) -> dict:
    return {
        "game": r["game"],
        "rating": round(r["ordinal"], 2),
        "mu": round(r["mu"], 3),
        "sigma": round(r["sigma"], 3),
        "games": r["games"],
        "wins": r["wins"],
        "opponents": r["opponents"],
    }


def history(
    conn: Connection, player_id: str, game: str | None, limit: int, offset: int
) -> list[dict]:
    """A player's rated games, newest first: the table, their seat, place and score, their
    rating after it, and who sat where."""
    query = (
        sa.select(
            results,
            tables.c.title,
            tables.c.players,
        )
        .join(tables, tables.c.id == results.c.table_id)
        .where(results.c.player_id == player_id)
    )
    if game is not None:
        query = query.where(results.c.game == game)
    query = query.order_by(results.c.finished_at.desc(), results.c.table_id).limit(limit)
    rows = list(conn.execute(query.offset(offset)).mappings())
    by_table: dict[str, list[dict]] = {r["table_id"]: [] for r in rows}
    if by_table:
        seat_query = (
            sa.select(seats.c.table_id, seats.c.seat, seats.c.kind, seats.c.name,
                      seats.c.player_id)
            .where(seats.c.table_id.in_(list(by_table)))
            .order_by(seats.c.seat)
        )  # fmt: skip
        for s in conn.execute(seat_query).mappings():
            by_table[s["table_id"]].append(
                {"seat": s["seat"], "kind": s["kind"], "name": s["name"], "player": s["player_id"]}
            )
    return [
        {
            "table": r["table_id"],
            "game": r["game"],
            "title": r["title"],
            "players": r["players"],
            "finished_at": r["finished_at"],
            "seat": r["seat"],
            "place": r["place"],
            "won": r["won"],
            "absent": r["absent"],
            "score": r["score"],
            "rating": round(r["ordinal"], 2),
            "mu": round(r["mu"], 3),
            "sigma": round(r["sigma"], 3),
            "seats": by_table[r["table_id"]],
        }
        for r in rows
    ]


def leaderboard(
    conn: Connection, game: str, limit: int, offset: int, min_games: int = 0,
    min_opponents: int = 0,
) -> dict:  # fmt: skip
    """A game's rated bot levels, and its people with at least `min_games` rated games against
    `min_opponents` distinct opponents, best first (by mu - 3 sigma)."""
    listed = sa.and_(
        ratings.c.game == game,
        sa.or_(
            ratings.c.bot.is_not(None),
            sa.and_(ratings.c.games >= min_games, ratings.c.opponents >= min_opponents),
        ),
    )
    total = conn.execute(sa.select(sa.func.count()).select_from(ratings).where(listed)).scalar_one()
    query = (
        sa.select(ratings, players.c.name)
        .outerjoin(players, players.c.id == ratings.c.player_id)
        .where(listed)
        .order_by(ratings.c.ordinal.desc(), ratings.c.games.desc(), ratings.c.competitor)
        .limit(limit)
        .offset(offset)
    )
    entries = []
    for rank, r in enumerate(conn.execute(query).mappings(), start=offset + 1):
        name = r["name"] if r["bot"] is None else levels.seat_name(get_game(game), r["bot"])
        entry = {"rank": rank, "player": r["player_id"], "bot": r["bot"], "name": name}
        entry.update(_rating(r))
        del entry["game"]
        entries.append(entry)
    return {"game": game, "total": total, "entries": entries, "min_games": min_games,
            "min_opponents": min_opponents}  # fmt: skip
