"""The FastAPI application: the HTTP API (tables, seats, records) and the WebSocket per client.

`create_app(settings)` builds it (tests run it in-process); `serve` runs it under uvicorn.
docs/server-api.md describes the API, docs/server-websocket.md the WebSocket messages.
"""

from __future__ import annotations

import logging
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Literal

from fastapi import FastAPI, Query, Request, WebSocket
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from .. import __version__
from ..core.players import available
from ..games import all_games
from .connection import serve_connection
from .edge import raise_open_file_limit, trust_proxies, uvicorn_options
from .levels import levels
from .lobby import Lobby, LobbyError
from .players_api import KeyHeader, client_address, player_of
from .players_api import router as players_router
from .replay_api import router as replay_router
from .security import SecurityHeaders
from .settings import Settings
from .strict_json import StrictJSONRoute

log = logging.getLogger("auctionhouse.server")

MAX_BODY_BYTES = 65536
WS_MAX_BYTES = 65536  # frames above this close the connection (uvicorn); see max_message_bytes
WEB = Path(__file__).resolve().parent.parent / "web"


# --- request and response bodies ----------------------------------------------------------
class SeatSpec(BaseModel):
    kind: Literal["human", "bot"] = Field(description="a person who joins, or a server-side bot")
    bot: str | None = Field(
        None, max_length=200, description="for a bot seat: its level, `beginner`, `standard`, "
        "`learned`, `strong` or `expert` (default `beginner`; the learned two where weights ship "
        "for the table); other bot specs only where the operator allows them",
    )  # fmt: skip


class NewTable(BaseModel):
    game: str = Field(max_length=64, description="a game name from GET /api/games")
    players: int = Field(ge=1, le=16)
    options: dict[str, Any] = Field(default_factory=dict, description="the game's options")
    seats: list[SeatSpec] | None = Field(
        None, max_length=16, description="one per player, in seat order; default: all human"
    )
    title: str | None = Field(None, max_length=100)
    countdown: float | None = Field(
        None, gt=0, le=3600,
        description="seconds of quiet after which an open auction closes (remaining actors pass)",
    )  # fmt: skip
    turn_timer: float | None = Field(
        None, ge=0, le=86400,
        description="seconds a human seat may be waited on before the fallback bot moves for it "
        "(default: the server's, 180 unless its operator says otherwise; 0: no timer)",
    )  # fmt: skip
    fallback_bot: str | None = Field(
        None,
        max_length=200,
        description="the level that moves for timed-out seats (default `standard`)",
    )
    join: JoinRequest | None = Field(
        None, description="the creator's seat, taken as the table is made (as joining it would)"
    )
    practice: bool = Field(
        False, description="never rated, and any turn_timer; a rated table's turn_timer is at "
        "least the server's minimum (20 s unless its operator says otherwise) or 0",
    )  # fmt: skip


class JoinRequest(BaseModel):
    name: str | None = Field(
        None, min_length=1, max_length=40,
        description="the name shown at the table (a player with a key sits under their own)",
    )  # fmt: skip
    seat: int | None = Field(None, description="a free human seat; default: the first free one")


class Expelled(BaseModel):
    at: float
    by: int | None = Field(description="the seat that expelled it (null: the server)")


class Stall(BaseModel):
    seat: int
    since: float = Field(description="since when the table waits on the seat (earlier waits added)")
    expel_at: float = Field(description="from then on the other people seated may expel it")
    takeover_at: float = Field(description="then the fallback bot takes it over unasked")


class SeatInfo(BaseModel):
    seat: int
    kind: str
    name: str | None
    bot: str | None
    joined: bool
    connected: int = Field(description="open WebSocket connections of this seat")
    player: str | None = Field(
        None, description="the player identity seated here (not joined: the one it is kept for)"
    )
    expelled: Expelled | None = Field(
        None, description="when the seat was handed to the fallback bot for good (null: never)"
    )


class TableInfo(BaseModel):
    id: str
    game: str
    title: str
    players: int
    options: dict[str, Any]
    status: Literal["open", "playing", "finished", "expired"]
    version: int = Field(description="moves played so far")
    seats: list[SeatInfo]
    countdown: float | None
    turn_timer: float | None
    fallback_bot: str
    created_at: float
    started_at: float | None
    finished_at: float | None
    result: dict[str, Any] | None = Field(description="scores and winners once finished")
    rematch: str | None = Field(None, description="the table a rematch of this one created")
    practice: bool = Field(False, description="a practice table: never rated")
    stalls: list[Stall] = Field(
        default_factory=list, description="the people's seats the table waits on now"
    )


class Joined(BaseModel):
    table: str
    seat: int
    token: str = Field(description="the seat's secret: shown once, send it in the auth message")


class CreatedTable(TableInfo):
    joined: Joined | None = Field(None, description="the creator's seat, when `join` asked for one")


class Rematched(Joined):
    info: TableInfo = Field(description="the rematch table, the asker seated")
    state: dict[str, Any] = Field(
        description="the asker's seat's `state` message, as its WebSocket's first one would be"
    )


class Problem(BaseModel):
    detail: str


class _TooLarge(Exception):
    pass


class BodyLimit:
    """Refuse HTTP request bodies over `limit` bytes with 413 (a plain ASGI middleware)."""

    def __init__(self, app, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        size = dict(scope["headers"]).get(b"content-length")
        if size is not None and (not size.isdigit() or int(size) > self.limit):
            await JSONResponse({"detail": "request body too large"}, 413)(scope, receive, send)
            return
        seen = 0
        started = False

        async def limited_receive():
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise _TooLarge
            return message

        async def watch_send(message):
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, limited_receive, watch_send)
        except _TooLarge:
            if not started:
                await JSONResponse({"detail": "request body too large"}, 413)(scope, receive, send)


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()
    lobby = Lobby(settings)

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        await lobby.start()
        try:
            yield
        finally:
            await lobby.stop()

    app = FastAPI(
        title="auctionhouse",
        version=__version__,
        summary="Tables, seats and WebSockets for auction board games (see docs/server.md).",
        lifespan=lifespan,
    )
    app.state.lobby = lobby
    app.router.route_class = StrictJSONRoute  # bodies parsed strictly (strict_json.py)
    app.add_middleware(BodyLimit, limit=MAX_BODY_BYTES)
    docs = (app.docs_url, app.redoc_url, app.swagger_ui_oauth2_redirect_url)
    app.add_middleware(SecurityHeaders, docs_paths=docs)
    trust_proxies(app, settings)  # X-Forwarded-For from the operator's proxies only
    errors = {s: {"model": Problem} for s in (401, 403, 404, 409, 422, 429)}

    @app.exception_handler(LobbyError)
    async def _lobby_error(request: Request, exc: LobbyError) -> JSONResponse:
        headers = None if exc.retry_after is None else {"Retry-After": str(exc.retry_after)}
        return JSONResponse({"detail": exc.message}, status_code=exc.status, headers=headers)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        """FastAPI's own answer, except that a body that is not JSON is not echoed back (as
        bytes that may not be UTF-8, it made FastAPI's handler fail with a 500)."""
        errors = [
            {k: v for k, v in e.items() if not (k == "input" and isinstance(v, bytes))}
            for e in exc.errors()
        ]
        return JSONResponse({"detail": jsonable_encoder(errors)}, status_code=422)

    @app.get("/api/health")
    async def health() -> dict:
        return {"ok": True, "tables": len(lobby.tables)}

    @app.get("/api/games")
    async def games() -> list[dict]:
        """The games: names, player counts, options, what their numbers stand for, their bots."""
        out = []
        for g in all_games():
            info = g.info()
            info["bots"] = [
                {
                    "name": name,
                    "params": {
                        k: {"type": p.type.__name__, "default": p.default, "help": p.help}
                        for k, p in cls.params.items()
                    },
                }
                for name, cls in sorted(available(g).items())
            ]
            info["levels"] = [lv.info() for lv in levels(g)]
            out.append(info)
        return out

    async def joiner(key: str | None, name: str | None) -> dict | None:
        """Who takes a seat: the player of `key`, or (None) a person under `name` alone."""
        player = await player_of(lobby, key, required=False)
        if player is None and name is None:
            raise LobbyError(422, "give the name shown at the table, or your player key")
        return player

    @app.post("/api/tables", status_code=201, responses=errors | {503: {"model": Problem}})
    async def create_table(request: Request, body: NewTable, key: KeyHeader = None) -> CreatedTable:
        """Create a table. It starts when every human seat is joined (at once with no humans).
        With `join` the creator takes a seat as it is made (with a player key, as that player):
        `joined` holds its token, once; a table whose other seats are bots starts at once."""
        address = client_address(request)
        lobby.check_rate(lobby.create_limit, address, "new tables")
        seats = [s.model_dump() for s in body.seats] if body.seats is not None else None
        table = dict(
            game_name=body.game, players=body.players, options=body.options, seat_specs=seats,
            title=body.title, countdown=body.countdown, turn_timer=body.turn_timer,
            fallback_bot=body.fallback_bot, address=address, practice=body.practice,
        )  # fmt: skip
        if body.join is None:
            made = await lobby.create(**table)
            return CreatedTable(**made.info())
        join = body.join
        player = await joiner(key, join.name)
        made, seat, token = await lobby.create_seated(join.seat, join.name, player, **table)
        joined = Joined(table=made.id, seat=seat, token=token)
        return CreatedTable(**made.info(), joined=joined)

    @app.get("/api/tables")
    async def list_tables(
        status: Literal["open", "playing", "finished"] = Query(
            "open", description="open: waiting for players; playing; finished (newest first)"
        ),
        game: str | None = Query(None, max_length=64, description="only this game's tables"),
    ) -> list[TableInfo]:
        if game is not None and game not in {g.name for g in all_games()}:
            raise LobbyError(422, f"there is no game {game!r}")
        return [TableInfo(**t) for t in await lobby.listing(status, game)]

    @app.get("/api/tables/{table_id}", responses=errors)
    async def get_table(table_id: str) -> TableInfo:
        table = await lobby.get(table_id)
        if table is None:
            raise LobbyError(404, f"there is no table {table_id!r}")
        info = table.info()
        lobby.release(table)
        return TableInfo(**info)

    @app.post("/api/tables/{table_id}/join", responses=errors)
    async def join_table(
        request: Request, table_id: str, body: JoinRequest, key: KeyHeader = None
    ) -> Joined:
        """Take a human seat. The token comes back once: keep it to reconnect. With a player
        key the seat is that player's: their name, their history and rating."""
        address = client_address(request)
        lobby.check_rate(lobby.join_limit, address, "joins")
        player = await joiner(key, body.name)
        table, seat, token = await lobby.join(table_id, body.name, body.seat, player, address)
        return Joined(table=table.id, seat=seat, token=token)

    @app.post("/api/tables/{table_id}/rematch", responses=errors)
    async def rematch(request: Request, table_id: str, key: KeyHeader = None) -> Rematched:
        """A new table like this finished one, each person's seat kept for them (the same one
        for every ask). Only a player who sat at the table may ask; they take their kept seat
        there at once (one request: the rematch is one click)."""
        player = await player_of(lobby, key)
        lobby.check_rate(lobby.create_limit, client_address(request), "new tables")
        table, seat, token = await lobby.rematch(table_id, player, client_address(request))
        return Rematched(
            table=table.id, seat=seat, token=token, info=TableInfo(**table.info()),
            state=table.state_message(seat),
        )  # fmt: skip

    @app.get("/api/tables/{table_id}/record", responses=errors)
    async def table_record(table_id: str) -> dict:
        """A finished table's record (setup and every move, for `auctionhouse replay`)."""
        return await lobby.record(table_id)

    @app.websocket("/ws/tables/{table_id}")
    async def table_socket(ws: WebSocket, table_id: str) -> None:
        await serve_connection(ws, lobby, table_id)

    app.include_router(replay_router)  # GET /api/tables/{id}/replay
    app.include_router(players_router)  # /api/players..., /api/leaderboard/{game}
    if (WEB / "index.html").is_file():  # the browser client, when installed
        from fastapi.staticfiles import StaticFiles

        app.mount("/", StaticFiles(directory=WEB, html=True), name="web")
    return app


def serve(host: str, port: int, settings: Settings, log_level: str = "info") -> None:
    """Run the server under uvicorn until interrupted."""
    import uvicorn
    from sqlalchemy.engine import make_url

    settings.freeze_gc = True
    url = make_url(settings.url()).render_as_string(hide_password=True)
    logging.basicConfig(level=log_level.upper(), format="%(levelname)s: %(message)s")
    if log_level != "debug":
        logging.getLogger("alembic").setLevel(logging.WARNING)
    log.info("database: %s", url)
    raise_open_file_limit()  # before the edge derives its cap of connections from it
    uvicorn.run(
        create_app(settings),
        host=host,
        port=port,
        log_level=log_level,
        ws_max_size=WS_MAX_BYTES,
        **uvicorn_options(settings),  # proxies, request and idle timeouts, connection caps
    )
