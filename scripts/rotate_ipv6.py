"""The address-rotation case of docs/server-defences.md ("Limits per client address"): a client at
127.0.0.1 names a new address of one IPv6 /64 in each request's X-Forwarded-For; how many tables
can it create, and is a client of another network still served afterwards?

    python scripts/rotate_ipv6.py [--seconds 60] [--root DIR] [-- SERVE_OPTION ...]

It starts `auctionhouse serve` from the checkout at `--root` (default: this one; another, e.g. a
git worktree of an older commit, is put first on PYTHONPATH) on a fresh SQLite file, with the
options after `--` (e.g. `-- --trusted-proxy 127.0.0.1`, or `-- --trusted-proxy 127.0.0.1
--open-tables-per-address 0`) and without the FORWARDED_ALLOW_IPS environment variable (so a
server that leaves X-Forwarded-For to uvicorn believes it from 127.0.0.1, uvicorn's default).
For `--seconds`, one kept-alive connection from 127.0.0.1 creates 3-player Q.E. tables, request i
naming 2001:db8::H:L (i's high and low 16 bits) in X-Forwarded-For; then one create names
2001:db8:1::1, an address of another /64.

Reading the output:

- `N creates from N addresses of 2001:db8::/64 in S s` and the count of each status code
  (201: created; 429: a limit on one address; 503: a limit on the whole server);
- `tables created a minute`: the 201s per minute of the run;
- `then a create from 2001:db8:1::1`: its status (201: another network is still served);
- the three commonest refusal details, each with how many creates got it (up to its `;`);
- the end of the server's log, where it wrote one.
"""

from __future__ import annotations

import argparse
import collections
import http.client
import json
import tempfile
import time

from served import (
    add_root_option,
    free_port,
    print_log_tail,
    start_server,
    stop_server,
    wait_until_up,
)

TABLE = {"game": "qe", "players": 3}
OTHER_NETWORK = "2001:db8:1::1"


def rotating_address(i: int) -> str:
    """The i-th address of 2001:db8::/64."""
    return f"2001:db8::{i >> 16:x}:{i & 0xFFFF:x}"


def create_table(conn: http.client.HTTPConnection, forwarded_for: str) -> tuple[int, str]:
    """POST /api/tables naming `forwarded_for`: the status, and the refusal's detail if any."""
    headers = {"content-type": "application/json", "x-forwarded-for": forwarded_for}
    conn.request("POST", "/api/tables", json.dumps(TABLE), headers)
    response = conn.getresponse()
    body = response.read()
    if response.status == 201:
        return response.status, ""
    try:
        detail = str(json.loads(body)["detail"])
    except (ValueError, KeyError, TypeError):
        detail = body.decode(errors="replace")
    return response.status, detail.split(";")[0][:70]


def rotate(port: int, seconds: float) -> None:
    """Creates from rotating addresses for `seconds`, then one from another network; prints
    what came of them."""
    codes: collections.Counter[int] = collections.Counter()
    details: collections.Counter[str] = collections.Counter()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        start, i = time.monotonic(), 0
        while time.monotonic() - start < seconds:
            i += 1
            status, detail = create_table(conn, rotating_address(i))
            codes[status] += 1
            if detail:
                details[detail] += 1
        elapsed = time.monotonic() - start
        other, _ = create_table(conn, OTHER_NETWORK)
    finally:
        conn.close()
    print(
        f"{i} creates from {i} addresses of 2001:db8::/64 in {elapsed:.0f} s: {dict(codes)}; "
        f"tables created a minute: {codes[201] * 60 / elapsed:.0f}; "
        f"then a create from {OTHER_NETWORK}: {other}"
    )
    for detail, count in details.most_common(3):
        print(f"  {count} {detail}")


def parse_args() -> argparse.Namespace:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument(
        "--seconds", type=float, default=60.0, help="length of the flood (default %(default)s)"
    )
    add_root_option(ap)
    ap.add_argument("--port", type=int, default=0, help="the server's port (default 0: a free one)")
    ap.add_argument(
        "serve_options",
        nargs="*",
        metavar="SERVE_OPTION",
        help="options for `auctionhouse serve`, after `--` (e.g. -- --trusted-proxy 127.0.0.1)",
    )
    return ap.parse_args()


def main() -> None:
    args = parse_args()
    port = args.port or free_port()
    with tempfile.TemporaryDirectory(prefix="auctionhouse-rotate-") as folder:
        server = start_server(args.root.resolve(), port, folder, args.serve_options)
        try:
            wait_until_up(port, server)
            rotate(port, args.seconds)
        finally:
            stop_server(server)
            print_log_tail(folder)


if __name__ == "__main__":
    main()
