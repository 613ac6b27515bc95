"""The HTTP API of players: identities (create, who am I, rename), public player pages with their
rated games, and a leaderboard per game (docs/server-api.md, "Players and ratings").

The player key travels only in the `X-Player-Key` header; a page about a player shows only what
is public: the display name, the finished games and the ratings.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Header, Query, Request
from pydantic import BaseModel, Field

from ..games import all_games
from . import players
from .lobby import Lobby, LobbyError
from .players import KEY_HEADER

router = APIRouter()

PAGE_MAX = 100  # entries a page of a leaderboard or of a history holds at most
OFFSET_MAX = 100_000
KeyHeader = Annotated[
    str | None,
    Header(alias=KEY_HEADER, max_length=200, description="the player's key (never in a URL)"),
]


class NewPlayer(BaseModel):
    name: str = Field(min_length=1, max_length=40, description="the display name")


class Player(BaseModel):
    id: str = Field(description="public: the address of the player's page")
    name: str
    created_at: float


class CreatedPlayer(Player):
    key: str = Field(description="the player's secret, shown once: keep it in the browser")


class Rating(BaseModel):
    game: str
    rating: float = Field(description="mu - 3 sigma: what leaderboards sort by (a newcomer: 0)")
    mu: float
    sigma: float
    games: int
    wins: int
    opponents: int = Field(description="distinct people and bot levels met in rated games")


class PlayerPage(Player):
    ratings: list[Rating]


class SeatAt(BaseModel):
    seat: int
    kind: str
    name: str | None
    player: str | None


class PlayedGame(BaseModel):
    table: str
    game: str
    title: str
    players: int
    finished_at: float
    seat: int
    place: int = Field(description="1 for the winners (ties shared), then by score")
    won: bool
    absent: bool = Field(
        description="the fallback bot made most of the seat's moves: rated as last, not a win"
    )
    score: int | float
    rating: float = Field(description="the player's rating in this game after it")
    mu: float
    sigma: float
    seats: list[SeatAt]


class Standing(BaseModel):
    rank: int
    player: str | None = Field(description="a person's id (null for a bot level)")
    bot: str | None = Field(description="a bot level (null for a person)")
    name: str | None
    rating: float
    mu: float
    sigma: float
    games: int
    wins: int


class Leaderboard(BaseModel):
    game: str
    total: int = Field(description="how many competitors are listed in this game")
    entries: list[Standing]
    min_games: int = Field(description="the rated games a person needs to be listed")
    min_opponents: int = Field(description="the distinct opponents (levels count) a person needs")


def client_address(request: Request) -> str:
    """The client's address: the connection's peer, or from a proxy named in
    `Settings.trusted_proxies` the address its X-Forwarded-For gives (edge.trust_proxies)."""
    return request.client.host if request.client else ""


def _lobby(request: Request) -> Lobby:
    return request.app.state.lobby


def _game(name: str) -> str:
    if name not in {g.name for g in all_games()}:
        raise LobbyError(404, f"there is no game {name!r}")
    return name


def _name(text: str) -> str:
    try:
        return players.display_name(text)
    except players.BadName as e:
        raise LobbyError(422, str(e)) from None


async def player_of(lobby: Lobby, key: str | None, required: bool = True) -> dict | None:
    """The player whose key came in the header; None when none came and none is required."""
    if key is None:
        if required:
            raise LobbyError(401, f"send your player key in the {KEY_HEADER} header")
        return None
    if not players.well_formed_key(key):
        raise LobbyError(401, "a player key is 43 characters: letters, digits, - and _")
    player = await lobby.db.run(players.by_key, players.key_hash(key))
    if player is None:
        raise LobbyError(401, "that player key is not known here")
    return player


ERRORS = {s: {"description": "see `detail`"} for s in (401, 404, 422, 429)}


@router.post("/api/players", status_code=201, responses=ERRORS)
async def create_player(request: Request, body: NewPlayer) -> CreatedPlayer:
    """A new player identity. The key comes back once: the browser keeps it."""
    lobby = _lobby(request)
    name = _name(body.name)
    lobby.check_rate(lobby.player_limit, client_address(request), "new players")
    lobby.check_rate(lobby.all_players_limit, "", "new players (from everyone)")
    key = players.new_key()
    created = await lobby.db.run(players.create, name, players.key_hash(key), lobby.clock())
    return CreatedPlayer(**created, key=key)


@router.get("/api/players/me", responses=ERRORS)
async def who_am_i(request: Request, key: KeyHeader = None) -> Player:
    """The player whose key this is (how a second browser adopts an exported key)."""
    return Player(**await player_of(_lobby(request), key))


@router.put("/api/players/me", responses=ERRORS)
async def rename(request: Request, body: NewPlayer, key: KeyHeader = None) -> Player:
    """Change the display name (seats taken before keep the name they were taken with)."""
    lobby = _lobby(request)
    player = await player_of(lobby, key)
    lobby.check_rate(lobby.join_limit, client_address(request), "changes")
    name = _name(body.name)
    await lobby.db.run(players.rename, player["id"], name)
    return Player(**{**player, "name": name})


@router.get("/api/players/{player_id}", responses=ERRORS)
async def player_page(request: Request, player_id: str) -> PlayerPage:
    """A player's public page: name and, per game, rating, games and wins."""
    found = None
    if players.well_formed_id(player_id):
        found = await _lobby(request).db.run(players.profile, player_id)
    if found is None:
        raise LobbyError(404, "there is no such player")
    return PlayerPage(**found)


@router.get("/api/players/{player_id}/history", responses=ERRORS)
async def player_history(
    request: Request,
    player_id: str,
    game: str | None = Query(None, max_length=64, description="only this game's tables"),
    limit: int = Query(20, ge=1, le=PAGE_MAX),
    offset: int = Query(0, ge=0, le=OFFSET_MAX),
) -> list[PlayedGame]:
    """A player's rated games, newest first, with their rating after each."""
    await player_page(request, player_id)  # 404 for no such player
    if game is not None:
        _game(game)
    rows = await _lobby(request).db.run(players.history, player_id, game, limit, offset)
    return [PlayedGame(**r) for r in rows]


@router.get("/api/leaderboard/{game}", responses=ERRORS)
async def leaderboard(
    request: Request,
    game: str,
    limit: int = Query(50, ge=1, le=PAGE_MAX),
    offset: int = Query(0, ge=0, le=OFFSET_MAX),
) -> Leaderboard:
    """A game's rated bot levels, and its people with enough rated games against enough
    distinct opponents, best first."""
    lobby = _lobby(request)
    s = lobby.settings
    board = await lobby.db.run(
        players.leaderboard, _game(game), limit, offset, s.leaderboard_min_games,
        s.leaderboard_min_opponents,
    )  # fmt: skip
    return Leaderboard(**board)
