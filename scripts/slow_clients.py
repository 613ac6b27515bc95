"""The slow-client case of docs/server-defences.md ("Slow clients and connections"): sockets that
trickle a request's header lines hold the server's files; is a fresh request still served?

    python scripts/slow_clients.py [--sockets 190] [--interval 2] [--seconds 30] [--nofile 200]
                                   [--sources 190] [--reconnect] [--root DIR]

It starts `auctionhouse serve` from the checkout at `--root` (default: this one; another, e.g. a
git worktree of an older commit, is put first on PYTHONPATH) on a fresh SQLite file, under an
open-file limit of `--nofile` (soft and hard, so that `serve` cannot lift it). It then opens
`--sockets` slow sockets, from 127.0.0.1 or spread over `--sources` addresses 127.0.1.1, 127.0.1.2,
...; each sends the first line of `GET /api/health` and then one more header line every
`--interval` seconds, never finishing its request (with `--reconnect`, a socket the server closes
is opened again from its address at the next header line). Every 2 s, a fresh `GET /api/health`
is sent from 127.0.0.2, for `--seconds` in all.

Reading the output:

- `closed within 1 s` counts slow sockets the server closed at once (a cap on connections per
  address or in all); `later (at A-B s)` those it closed afterwards (when their request timed
  out, or, with `--reconnect`, a reopened socket closed at once); `open at the end` those still
  held when the run stopped;
- `reopened` counts the sockets opened again with `--reconnect`;
- `fresh GETs ... served` is how many of 127.0.0.2's requests got 200; each is then listed as its
  second of the run, its status (or the error it met, e.g. ConnectionResetError when the server
  could not take the connection) and its time;
- the end of the server's log follows, where it wrote one (e.g. `Too many open files`).
"""

from __future__ import annotations

import argparse
import http.client
import resource
import select
import socket
import tempfile
import time
from collections.abc import Callable

from served import (
    add_root_option,
    free_port,
    print_log_tail,
    start_server,
    stop_server,
    wait_until_up,
)

FRESH_SOURCE = "127.0.0.2"
FRESH_EVERY = 2.0  # seconds between fresh requests
AT_ONCE = 1.0  # a slow socket closed this soon after the start was closed "at once"
FIRST_LINE = b"GET /api/health HTTP/1.1\r\n"
HEADER_LINE = b"x-slow: 1\r\n"


def limit_files(nofile: int) -> Callable[[], None]:
    """What the server's process runs first: an open-file limit of `nofile`, soft and hard."""

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (nofile, nofile))

    return limit


def fresh_get(port: int, source: str = FRESH_SOURCE, timeout: float = 5.0) -> tuple[str, float]:
    """`GET /api/health` on a new connection from `source`: its status (or error) and seconds."""
    start = time.monotonic()
    conn = http.client.HTTPConnection(
        "127.0.0.1", port, timeout=timeout, source_address=(source, 0)
    )
    try:
        conn.request("GET", "/api/health")
        response = conn.getresponse()
        response.read()
        return str(response.status), time.monotonic() - start
    except (OSError, http.client.HTTPException) as error:
        return type(error).__name__, time.monotonic() - start
    finally:
        conn.close()


def slow_source(index: int, sources: int) -> str:
    """The address slow socket `index` comes from: 127.0.0.1, or one of 127.0.1.1-N in turn."""
    return f"127.0.1.{1 + index % sources}" if sources > 1 else "127.0.0.1"


def open_slow(port: int, source: str) -> socket.socket | None:
    """A socket from `source` that has sent a request's first line; None if it was refused."""
    try:
        sock = socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(source, 0))
        sock.sendall(FIRST_LINE)
    except OSError:
        return None
    sock.setblocking(False)
    return sock


class SlowSockets:
    """The slow sockets, and when (seconds after `start`) the server closed each."""

    def __init__(self, port: int, sources: int, start: float) -> None:
        self.port, self.sources, self.start = port, sources, start
        self.socks: list[socket.socket] = []
        self.source_of: list[str] = []
        self.closed_at: dict[int, float] = {}
        self.replaced: set[int] = set()
        self.reopened = 0

    def open(self, source: str) -> bool:
        sock = open_slow(self.port, source)
        if sock is not None:
            self.socks.append(sock)
            self.source_of.append(source)
        return sock is not None

    def open_many(self, count: int) -> int:
        """Opens `count` sockets; returns how many could not connect."""
        return sum(not self.open(slow_source(i, self.sources)) for i in range(count))

    def mark_closed(self, index: int) -> None:
        self.closed_at[index] = time.monotonic() - self.start
        self.socks[index].close()

    def send_header_lines(self) -> None:
        for index, sock in enumerate(self.socks):
            if index not in self.closed_at:
                try:
                    sock.send(HEADER_LINE)
                except OSError:
                    self.mark_closed(index)

    def reopen_closed(self) -> None:
        """Each socket the server closed is replaced once, from the same address (its
        replacement is replaced in turn when closed)."""
        for index in [i for i in self.closed_at if i not in self.replaced]:
            self.replaced.add(index)
            if self.open(self.source_of[index]):
                self.reopened += 1

    def read_closes(self, wait_ms: int) -> None:
        """Waits up to `wait_ms` for the server to close (or answer) a socket, and notes those
        closed."""
        poll = select.poll()
        index_of = {}
        for index, sock in enumerate(self.socks):
            if index not in self.closed_at:
                poll.register(sock, select.POLLIN)
                index_of[sock.fileno()] = index
        for fd, _ in poll.poll(wait_ms):
            try:
                data = self.socks[index_of[fd]].recv(4096)
            except OSError:
                data = b""
            if not data:
                self.mark_closed(index_of[fd])

    def close_all(self) -> None:
        for sock in self.socks:
            sock.close()


def attack(port: int, args: argparse.Namespace) -> tuple[SlowSockets, list[tuple]]:
    """Runs the slow sockets and the fresh requests for `args.seconds`."""
    start = time.monotonic()
    slow = SlowSockets(port, args.sources, start)
    failed = slow.open_many(args.sockets)
    print(
        f"{len(slow.socks)} slow sockets connected ({failed} failed), "
        f"a header line every {args.interval} s"
    )
    fresh: list[tuple] = []
    next_line, next_fresh = time.monotonic() + args.interval, time.monotonic() + FRESH_EVERY
    while time.monotonic() - start < args.seconds:
        now = time.monotonic()
        if now >= next_line:
            slow.send_header_lines()
            if args.reconnect:
                slow.reopen_closed()
            next_line += args.interval
        if now >= next_fresh:
            fresh.append((now - start, *fresh_get(port)))
            next_fresh = time.monotonic() + FRESH_EVERY
        slow.read_closes(100)
    slow.close_all()
    return slow, fresh


def report(slow: SlowSockets, fresh: list[tuple], seconds: float) -> None:
    times = sorted(slow.closed_at.values())
    at_once = sum(t < AT_ONCE for t in times)
    later = f"; later: {len(times) - at_once}"
    if len(times) > at_once:
        later += f" (at {times[at_once]:.1f}-{times[-1]:.1f} s)"
    held = len(slow.socks) - len(times)
    print(
        f"slow sockets closed within 1 s: {at_once}{later}; open at the end ({seconds:.0f} s): {held}"
    )
    print(f"reopened: {slow.reopened}")
    served = sum(status == "200" for _, status, _ in fresh)
    print(f"fresh GETs from {FRESH_SOURCE} during the attack: {served} of {len(fresh)} served")
    for at, status, took in fresh:
        print(f"  at {at:4.1f} s: {status} in {took * 1000:.0f} ms")


def parse_args() -> argparse.Namespace:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument(
        "--sockets", type=int, default=190, help="slow sockets to open (default %(default)s)"
    )
    ap.add_argument(
        "--interval",
        type=float,
        default=2.0,
        help="seconds between a slow socket's header lines (default %(default)s)",
    )
    ap.add_argument(
        "--seconds", type=float, default=30.0, help="length of the attack (default %(default)s)"
    )
    ap.add_argument(
        "--nofile", type=int, default=200, help="the server's open-file limit (default %(default)s)"
    )
    ap.add_argument(
        "--sources",
        type=int,
        default=1,
        help="addresses the slow sockets come from, 127.0.1.1 to 127.0.1.N (default 1: "
        "127.0.0.1 alone)",
    )
    ap.add_argument(
        "--reconnect", action="store_true", help="open a slow socket again when it is closed"
    )
    add_root_option(ap)
    ap.add_argument("--port", type=int, default=0, help="the server's port (default 0: a free one)")
    args = ap.parse_args()
    if not 1 <= args.sources <= 254:
        ap.error("--sources must be 1 to 254")
    return args


def main() -> None:
    args = parse_args()
    port = args.port or free_port()
    with tempfile.TemporaryDirectory(prefix="auctionhouse-slow-") as folder:
        server = start_server(args.root.resolve(), port, folder, [], limit_files(args.nofile))
        try:
            wait_until_up(port, server)
            status, took = fresh_get(port)
            print(
                f"before the attack, a fresh GET from {FRESH_SOURCE}: {status} in {took * 1000:.0f} ms"
            )
            report(*attack(port, args), args.seconds)
        finally:
            stop_server(server)
            print_log_tail(folder)


if __name__ == "__main__":
    main()
