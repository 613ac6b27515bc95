"""The load benchmark's baseline: a bare FastAPI WebSocket server with the traffic of
`auctionhouse serve` and nothing else (no game engine, no database, no bots).

    python scripts/load_baseline.py --port 8001 --lengths '{"qe": 60, ...}'

It answers the same requests the benchmark's clients send: `POST /api/tables` (a table of the
game's usual length in moves), `POST /api/tables/{id}/join` (a token), `GET /api/health`, and a
WebSocket per seat (`auth`, then `move` messages). After every move each connection gets its own
`state` message (its seat, the legal moves of an actor, a view holding a hand and the public log,
which grows by one event a move as a game's does), the mover's carrying its `ref`. Seats move in
turn; a move from another seat or at an old version is refused as `stale`. What the real server
adds to this (the rules, the database, bots, clocks) is what the benchmark's ratio measures.
"""

from __future__ import annotations

import argparse
import itertools
import json
import secrets
from typing import Any

import orjson
from fastapi import FastAPI, WebSocket, WebSocketDisconnect

PASS = [{"kind": "pass"}]


class BareTable:
    def __init__(self, table_id: str, players: int, length: int) -> None:
        self.id = table_id
        self.players = players
        self.length = length
        self.version = 0
        self.joined = 0
        self.log: list[dict] = []
        self.conns: dict[WebSocket, int] = {}

    def message(self, seat: int) -> bytes:
        over = self.version >= self.length
        actor = self.version % self.players
        view = {
            "game": "bare",
            "players": self.players,
            "seat": seat,
            "phase": "over" if over else "play",
            "actors": [] if over else [actor],
            "hand": [(seat * 7 + i) % 25 for i in range(10)],
            "cash": [100] * self.players,
            "log": self.log,
            "over": over,
        }
        return orjson.dumps(
            {
                "type": "state",
                "table": self.id,
                "version": self.version,
                "status": "finished" if over else "playing",
                "seat": seat,
                "view": view,
                "legal": PASS if seat == actor and not over else [],
                "countdown": None,
                "timers": [],
            }
        )


def create_app(lengths: dict[str, int]) -> FastAPI:
    app = FastAPI()
    tables: dict[str, BareTable] = {}
    ids = itertools.count()

    @app.get("/api/health")
    async def health() -> dict:
        return {"ok": True, "tables": len(tables)}

    @app.post("/api/tables", status_code=201)
    async def create(body: dict[str, Any]) -> dict:
        table_id = f"t{next(ids)}"
        players = int(body["players"])
        tables[table_id] = BareTable(table_id, players, lengths.get(body["game"], 100))
        return {"id": table_id, "game": body["game"], "players": players, "status": "open"}

    @app.post("/api/tables/{table_id}/join")
    async def join(table_id: str, body: dict[str, Any]) -> dict:
        t = tables[table_id]
        seat = t.joined
        t.joined += 1
        return {"table": table_id, "seat": seat, "token": f"{seat}.{secrets.token_hex(8)}"}

    @app.websocket("/ws/tables/{table_id}")
    async def socket(ws: WebSocket, table_id: str) -> None:
        await ws.accept()
        t = tables[table_id]
        hello = json.loads(await ws.receive_text())
        seat = int(hello["token"].split(".")[0])
        t.conns[ws] = seat
        await ws.send_text(json.dumps({"type": "welcome", "seat": seat, "table": {}}))
        await ws.send_text(t.message(seat).decode())
        try:
            while True:
                msg = json.loads(await ws.receive_text())
                if msg.get("type") != "move":
                    continue
                ref = msg.get("ref")
                actor = t.version % t.players
                if seat != actor or msg.get("version") != t.version or t.version >= t.length:
                    await ws.send_text(
                        json.dumps({"type": "error", "code": "stale", "message": "", "ref": ref})
                    )
                    continue
                t.log.append({"event": "move", "seat": seat, "move": msg["move"]})
                t.version += 1
                for conn, s in list(t.conns.items()):
                    text = t.message(s)
                    if conn is ws and ref is not None:
                        text = text[:-1] + b',"ref":' + orjson.dumps(ref) + b"}"
                    try:
                        await conn.send_text(text.decode())
                    except Exception:
                        t.conns.pop(conn, None)
        except WebSocketDisconnect:
            pass
        finally:
            t.conns.pop(ws, None)
            if not t.conns and t.version >= t.length:
                tables.pop(table_id, None)

    return app


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--port", type=int, required=True)
    p.add_argument("--lengths", default="{}", help="JSON: moves per game, by game name")
    args = p.parse_args()
    import uvicorn

    uvicorn.run(
        create_app(json.loads(args.lengths)), host="127.0.0.1", port=args.port, log_level="warning"
    )


if __name__ == "__main__":
    main()
