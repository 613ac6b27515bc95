"""`GET /api/tables/{id}/replay` (docs/server-api.md, "Replays"; its limits in
docs/server-defences.md, "Replays"). Only a finished table has one: while a game runs nothing
hidden leaves the server, and once it is over its record (the whole deal) is public anyway."""

from __future__ import annotations

import gzip

from fastapi import APIRouter, Request
from fastapi.responses import Response

from .lobby import LobbyError
from .players_api import client_address
from .replay import Busy

router = APIRouter()


@router.get(
    "/api/tables/{table_id}/replay",
    responses={
        404: {"description": "no such table"},
        409: {"description": "not finished yet"},
        429: {"description": "too many replays from your address"},
        503: {"description": "too many replays waiting to be built (from you, or in all)"},
    },
)
async def table_replay(table_id: str, request: Request) -> Response:
    """A finished table, position by position, with every seat's view (409 while it runs).
    Sent gzipped (`Content-Encoding: gzip`) to clients that accept it, as browsers do."""
    lobby = request.app.state.lobby
    address = client_address(request)
    lobby.check_rate(lobby.replay_limit, address, "replays")
    try:
        data = await lobby.replays.get(
            table_id, lambda: lobby.record(table_id), lobby.client_key(address)
        )
    except Busy as e:
        raise LobbyError(503, str(e), retry_after=10) from None
    if "gzip" in request.headers.get("accept-encoding", "").lower():
        headers = {"Content-Encoding": "gzip", "Vary": "Accept-Encoding"}
        return Response(data, media_type="application/json", headers=headers)
    return Response(gzip.decompress(data), media_type="application/json")
