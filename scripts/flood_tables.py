"""A flood of open tables from many IPv4 addresses against the server with its defaults, and
what a person can still do (docs/server-defences.md, "Tables per address").

    python scripts/flood_tables.py [--addresses 20] [--minutes 29]

The app runs in-process (Starlette's TestClient) on a fresh SQLite file, with a clock the script
moves: each simulated minute every flooding address asks for as many open tables as the rate
limit lets through (`tables_per_minute`, 10). Minutes short of `open_table_ttl` (30): nothing
expires. After 5 minutes and at the end a person from a fresh address makes a table seated with
bots (it should start) and an open one for a friend (it should be listed, also after another
minute of flood). Each request's address comes from a test header the script's ASGI wrapper
turns into the client address. Runs against older servers too (a create without `join` is then
followed by a join).
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time

from fastapi.testclient import TestClient

from auctionhouse.server import Settings, create_app

PEER = "x-test-peer"
QE = {"game": "qe", "players": 3}
SEATED = {**QE, "seats": [{"kind": "human"}, {"kind": "bot"}, {"kind": "bot"}]}
FOR_A_FRIEND = {**QE, "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot"}]}


class Clock:
    def __init__(self) -> None:
        self.now = float(int(time.time()))

    def __call__(self) -> float:
        return self.now


def with_peers(app):
    async def wrapped(scope, receive, send):
        peer = dict(scope.get("headers") or []).get(PEER.encode())
        if peer:
            scope = {**scope, "client": (peer.decode(), 50000)}
        await app(scope, receive, send)

    return wrapped


def create(client, address: str, body: dict) -> dict:
    """A person's create with their seat: status code, table status and id."""
    headers = {PEER: address}
    r = client.post("/api/tables", json={**body, "join": {"name": "Lee"}}, headers=headers)
    if r.status_code != 201:
        return {"code": r.status_code, "detail": r.json()["detail"]}
    made = r.json()
    if made.get("joined") is None:  # a server that cannot seat a creator: join next
        path = f"/api/tables/{made['id']}/join"
        client.post(path, json={"name": "Lee", "seat": 0}, headers=headers).raise_for_status()
    info = client.get(f"/api/tables/{made['id']}").json()
    return {"code": 201, "status": info["status"], "id": made["id"]}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--addresses", type=int, default=20, help="flooding IPv4 addresses")
    p.add_argument("--minutes", type=int, default=29, help="simulated minutes of flood (< 30)")
    args = p.parse_args()
    clock = Clock()
    folder = tempfile.mkdtemp(prefix="auctionhouse-flood-")
    settings = Settings(
        database_url=f"sqlite:///{folder}/flood.sqlite3", sqlite_synchronous="NORMAL",
        bot_delay=0.0, clock=clock,
    )  # fmt: skip
    tried = 0
    answers: dict[int, int] = {}
    client = TestClient(with_peers(create_app(settings)))

    def flood_minute() -> None:
        nonlocal tried
        clock.now += 1  # newer than what came before
        for a in range(args.addresses):
            for _ in range(settings.tables_per_minute):
                r = client.post("/api/tables", json=QE, headers={PEER: f"10.0.{a}.1"})
                answers[r.status_code] = answers.get(r.status_code, 0) + 1
                tried += 1
        clock.now += 59

    def person(minute: int) -> dict:
        seated = create(client, f"192.0.2.{minute}", SEATED)
        friend = create(client, f"198.51.100.{minute}", FOR_A_FRIEND)
        listed = [t["id"] for t in client.get("/api/tables").json()]
        flood_minute()
        later = [t["id"] for t in client.get("/api/tables").json()]
        fid = friend.get("id")
        return {
            "minute": minute, "seated_with_bots": seated, "open_for_a_friend": friend,
            "open_listed": len(listed), "friend_listed": fid in listed,
            "friend_listed_a_minute_later": fid in later,
        }  # fmt: skip

    start = time.monotonic()
    report = []
    with client:
        for minute in range(1, args.minutes):
            if minute == 6:
                report.append(person(minute))
            else:
                flood_minute()
        report.append(person(args.minutes))
        tables = client.get("/api/health").json()["tables"]
    print(json.dumps({"creates_tried": tried, "answers": answers, "tables": tables}, indent=1))
    for r in report:
        print(json.dumps(r))
    print(f"({time.monotonic() - start:.0f} s)")


if __name__ == "__main__":
    main()
