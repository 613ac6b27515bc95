"""The server's edge (docs/server-defences.md, "Limits per client address" and "Slow clients and
connections"): forwarded headers believed only from the proxies the operator names, IPv6 clients
counted per /64, slow requests closed after the request timeout, and connections capped per client
address while a client from another address is served. The slow clients are real sockets on loopback
against uvicorn run with `serve`'s options; every wait is bounded and no duration is asserted."""

from __future__ import annotations

import contextlib
import http.client
import json
import select
import socket
import time
from urllib.parse import urlsplit

import pytest
from fastapi.testclient import TestClient

from auctionhouse.server import app as server_app
from auctionhouse.server import create_app
from auctionhouse.server.addresses import client_key
from auctionhouse.server.edge import Edge, proxy_network, uvicorn_options

from .conftest import live_server, test_settings

BOUND = 30.0  # seconds a wait may take before the test fails: only a hang reaches it
QE = {"game": "qe", "players": 3}
HEAD_LINE = b"GET /api/health HTTP/1.1\r\n"


# --- client keys ---------------------------------------------------------------------------
def test_ipv6_counts_per_network_and_ipv4_per_address():
    assert client_key("2001:db8::1") == client_key("2001:db8::ffff:1") == "2001:db8::/64"
    assert client_key("2001:db8:0:1::1") == "2001:db8:0:1::/64"
    assert client_key("2001:db8:0:1::1", 48) == client_key("2001:db8::1", 48) == "2001:db8::/48"
    assert client_key("2001:db8::1", 128) != client_key("2001:db8::2", 128)
    assert client_key("fe80::1%eth0") == "fe80::/64"  # a zone is not part of the network
    assert client_key("192.0.2.1") == "192.0.2.1" != client_key("192.0.2.2")
    assert client_key("::ffff:192.0.2.1") == "192.0.2.1"  # IPv4 as a dual-stack socket sees it
    # not an address (a test client's name, text a proxy passed on): all one client
    assert client_key("testclient") == client_key("2001:db8::x") == client_key("") == "?"


# --- forwarded headers -----------------------------------------------------------------------
def creates(client: TestClient, *forwarded_for: str) -> list[int]:
    """The status of one create per X-Forwarded-For value, in order."""
    return [
        client.post("/api/tables", json=QE, headers={"x-forwarded-for": f}).status_code
        for f in forwarded_for
    ]


def test_a_trusted_proxy_names_the_client_and_one_ipv6_network_shares_a_limit(sqlite_url):
    settings = test_settings(sqlite_url, tables_per_minute=10, trusted_proxies=("10.0.0.0/8",))
    with TestClient(create_app(settings), client=("10.0.0.5", 40000)) as client:
        rotated = [f"2001:db8::{i:x}" for i in range(1, 11)]
        assert creates(client, *rotated) == [201] * 10
        assert creates(client, "2001:db8::99") == [429]  # the same /64: the same client
        assert creates(client, "2001:db8:1::1") == [201]  # another network
        # the client is the last address that is not a trusted proxy: one it put in front of
        # its own is not believed, a chain of trusted proxies is looked through
        assert creates(client, "2001:db8:2::1, 2001:db8::5") == [429]
        assert creates(client, "2001:db8:1::2, 10.0.0.7") == [201]


def test_forwarded_headers_from_an_untrusted_peer_are_ignored(sqlite_url):
    settings = test_settings(sqlite_url, tables_per_minute=2, trusted_proxies=("10.0.0.0/8",))
    with TestClient(create_app(settings), client=("203.0.113.9", 40000)) as client:
        assert creates(client, "10.0.0.1", "10.0.0.2", "10.0.0.3") == [201, 201, 429]


def test_serve_believes_no_forwarded_header_by_default_whatever_the_environment(
    sqlite_url, monkeypatch
):
    """uvicorn believed X-Forwarded-For from 127.0.0.1, and from anyone FORWARDED_ALLOW_IPS
    named: rotating the header made a new client of every request."""
    monkeypatch.setenv("FORWARDED_ALLOW_IPS", "*")
    settings = test_settings(sqlite_url, tables_per_minute=2)
    with live_server(settings, **uvicorn_options(settings)) as base:
        statuses = []
        for i in range(3):
            conn = http.client.HTTPConnection(urlsplit(base).netloc, timeout=BOUND)
            body = '{"game": "qe", "players": 3}'
            headers = {"content-type": "application/json", "x-forwarded-for": f"198.51.100.{i}"}
            conn.request("POST", "/api/tables", body, headers)
            statuses.append(conn.getresponse().status)
            conn.close()
    assert statuses == [201, 201, 429]


def test_serve_runs_uvicorn_with_the_edge(monkeypatch, sqlite_url):
    import uvicorn

    seen = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: seen.update(kw))
    server_app.serve("127.0.0.1", 8000, test_settings(sqlite_url, idle_timeout=7.0), "warning")
    assert seen["proxy_headers"] is False and seen["timeout_keep_alive"] == 7.0
    assert seen["http"].edge is seen["ws"].edge  # one count for HTTP and WebSockets


def test_a_bad_trusted_proxy_is_refused_with_the_reason():
    assert str(proxy_network(" 10.0.0.0/8")) == "10.0.0.0/8"
    assert str(proxy_network("2001:db8::1")) == "2001:db8::1/128"
    for bad, words in [("nonsense", "not an IP address"), ("10.0.0.1/8", "10.0.0.0/8")]:
        with pytest.raises(ValueError, match=words):
            proxy_network(bad)
    with pytest.raises(ValueError):
        Edge(test_settings("sqlite://", trusted_proxies=("10.0.0.0/33",)))


# --- counting connections --------------------------------------------------------------------
class Transport:
    """What Edge reads of a transport: its peer."""

    def __init__(self, host: str) -> None:
        self.host = host

    def get_extra_info(self, name: str):
        return (self.host, 40000) if name == "peername" else None


def test_connections_are_counted_per_client_key_and_a_trusted_proxy_is_not_capped():
    settings = test_settings(
        "sqlite://", connections_per_address=2, max_connections=5, trusted_proxies=("10.0.0.1",)
    )
    edge = Edge(settings)
    one_net = [Transport(f"2001:db8::{i}") for i in (1, 2, 3)]
    assert [edge.admit(t) for t in one_net] == [True, True, False]
    assert edge.admit(Transport("2001:db8:1::1"))  # another /64
    edge.release(one_net[0])
    edge.release(one_net[0])  # counted out once
    assert edge.admit(one_net[2]) and not edge.admit(Transport("2001:db8::4"))
    proxy = [Transport("10.0.0.1") for _ in range(3)]
    assert [edge.admit(t) for t in proxy] == [True, True, False]  # 5 in all: the total cap
    edge.release(proxy[0])
    assert edge.admit(proxy[2])


# --- slow clients on loopback ----------------------------------------------------------------
def connect(port: int, source: str = "127.0.0.1") -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=BOUND, source_address=(source, 0))
    sock.setblocking(False)
    return sock


def is_closed(sock: socket.socket) -> bool:
    """Whether the server closed it (without waiting)."""
    try:
        return sock.recv(4096) == b""
    except BlockingIOError:
        return False
    except OSError:  # reset
        return True


def trickle(socks: list[socket.socket], enough, interval: float = 0.1) -> set[int]:
    """Send each open socket one header line every `interval` seconds until `enough(closed)`
    holds for the indexes of those the server closed (the test fails after BOUND seconds)."""
    closed: set[int] = set()
    deadline = time.monotonic() + BOUND
    while not enough(closed):
        assert time.monotonic() < deadline, f"only {sorted(closed)} closed"
        for i, sock in enumerate(socks):
            if i in closed:
                continue
            try:
                sock.send(b"x-slow: 1\r\n")
            except OSError:
                closed.add(i)
        open_ = [s for i, s in enumerate(socks) if i not in closed]
        readable, _, _ = select.select(open_, [], [], interval)
        closed |= {socks.index(s) for s in readable if is_closed(s)}
    return closed


def health(sock: socket.socket) -> bytes:
    """Ask for /api/health on a kept-alive socket; the whole answer."""
    sock.send(b"GET /api/health HTTP/1.1\r\nhost: x\r\n\r\n")
    data = b""
    while not data.endswith(b"}"):
        readable, _, _ = select.select([sock], [], [], BOUND)
        chunk = sock.recv(4096) if readable else b""
        assert chunk, f"no whole answer: {data!r}"
        data += chunk
    return data


def get(port: int, source: str, path: str = "/api/health") -> int:
    """A fresh client's GET from `source`: its status."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=BOUND, source_address=(source, 0))
    try:
        conn.request("GET", path)
        return conn.getresponse().status
    finally:
        conn.close()


def refused(port: int, source: str) -> bool:
    """Whether a fresh client from `source` is closed without an answer."""
    try:
        get(port, source)
    except (http.client.RemoteDisconnected, ConnectionError):
        return True
    return False


def eventually(check) -> None:
    deadline = time.monotonic() + BOUND
    while not check():
        assert time.monotonic() < deadline, "not within the bound"
        time.sleep(0.05)


@contextlib.contextmanager
def edge_server(sqlite_url: str, http: str = "auto", **kw):
    """`serve`'s uvicorn on a free loopback port; yields the port."""
    settings = test_settings(sqlite_url, **kw)
    with live_server(settings, **uvicorn_options(settings, http)) as base:
        yield urlsplit(base).port


@pytest.mark.parametrize("http_impl", ["httptools", "h11"])
def test_slow_clients_over_the_cap_are_closed_and_another_address_is_served(sqlite_url, http_impl):
    """Eight slow-header sockets from 127.0.0.1 with a cap of four (and no request timeout):
    the four over it are closed at once, the four under it hold, a fresh client from 127.0.0.2
    is served meanwhile and one from 127.0.0.1 is not, until the slow ones go."""
    with edge_server(sqlite_url, http_impl, connections_per_address=4, request_timeout=0) as port:
        slow = [connect(port) for _ in range(8)]
        for sock in slow:
            sock.send(HEAD_LINE)
        assert trickle(slow, lambda closed: len(closed) >= 4) == {4, 5, 6, 7}
        assert not any(is_closed(s) for s in slow[:4])
        assert get(port, "127.0.0.2") == 200
        assert refused(port, "127.0.0.1")
        for sock in slow:
            sock.close()
        eventually(lambda: not refused(port, "127.0.0.1"))


@pytest.mark.parametrize("http_impl", ["httptools", "h11"])
def test_slow_requests_are_closed_after_the_request_timeout(sqlite_url, http_impl):
    """Slow heads, a slow body, a slow second request on a kept-alive connection and a socket
    that sends nothing are all closed; before, all but the body were held for ever."""
    with edge_server(sqlite_url, http_impl, request_timeout=2.0, idle_timeout=3600) as port:
        heads = [connect(port) for _ in range(6)]
        for sock in heads:
            sock.send(HEAD_LINE)
        body = connect(port)
        body.send(b"POST /api/tables HTTP/1.1\r\ncontent-type: application/json\r\n")
        body.send(b"content-length: 1000\r\n\r\n{")
        kept = connect(port)
        assert b"200 OK" in health(kept)
        kept.send(HEAD_LINE)
        silent = connect(port)
        slow = [*heads, body, kept]
        trickle(slow, lambda closed: len(closed) == len(slow))
        eventually(lambda: is_closed(silent))
        assert get(port, "127.0.0.2") == 200


def test_an_idle_kept_alive_connection_is_closed(sqlite_url):
    with edge_server(sqlite_url, idle_timeout=2.0) as port:
        sock = connect(port)
        assert b"200 OK" in health(sock)
        eventually(lambda: is_closed(sock))


def test_open_websockets_count_against_the_cap(sqlite_url):
    from websockets.sync.client import connect as ws_connect

    with edge_server(sqlite_url, connections_per_address=3, auth_timeout=3600) as port:
        conn = http.client.HTTPConnection("127.0.0.1", port, source_address=("127.0.0.2", 0))
        conn.request("POST", "/api/tables", json.dumps(QE), {"content-type": "application/json"})
        table = json.loads(conn.getresponse().read())["id"]
        conn.close()
        url, origin = f"ws://127.0.0.1:{port}/ws/tables/{table}", f"http://127.0.0.1:{port}"
        with contextlib.ExitStack() as stack:
            sockets = [
                stack.enter_context(ws_connect(url, origin=origin, open_timeout=BOUND))
                for _ in range(3)
            ]
            assert refused(port, "127.0.0.1")
            assert get(port, "127.0.0.2") == 200
            sockets[0].close()
            eventually(lambda: not refused(port, "127.0.0.1"))


def test_at_the_total_cap_the_connection_waiting_longest_makes_room(sqlite_url):
    """Slow sockets from four addresses fill a total of four: a fresh client from a fifth is
    served, and the slow socket that has waited longest is the one closed for it."""
    with edge_server(
        sqlite_url, max_connections=4, connections_per_address=0, request_timeout=0
    ) as port:
        slow = [connect(port, f"127.0.1.{i}") for i in range(1, 5)]
        for sock in slow:
            sock.send(HEAD_LINE)
        assert health(connect(port, "127.0.1.9")).startswith(b"HTTP/1.1 200")
        assert trickle(slow, lambda closed: bool(closed)) == {0}
