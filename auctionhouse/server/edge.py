"""The server's edge: whose forwarded headers are believed, how long a client may take to send a
request, and how many connections one client may hold.

uvicorn believes `X-Forwarded-For` from 127.0.0.1 (or whatever the FORWARDED_ALLOW_IPS
environment variable names) and closes nothing that never finishes a request head. `serve` runs
uvicorn with `uvicorn_options(settings)`: its proxy headers off (`create_app` believes only
`settings.trusted_proxies`, `trust_proxies`), and its HTTP and WebSocket protocol classes
subclassed to time requests and count connections per client address (`Edge`).
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
from collections import Counter
from typing import Any

from .addresses import client_key
from .settings import Settings

log = logging.getLogger(__name__)

IPNetwork = ipaddress.IPv4Network | ipaddress.IPv6Network
# open files kept for the server's own use when the total cap of connections is derived from
# the open-file limit: database files, bot workers' pipes, static files being sent, logs
FILES_KEPT = 100


def proxy_network(text: str) -> IPNetwork:
    """A trusted proxy as the operator wrote it (`10.0.0.5`, `10.0.0.0/8`, `fd00::/64`), or
    ValueError saying what is wrong."""
    try:
        return ipaddress.ip_network(text.strip())
    except ValueError:
        pass
    try:
        network = ipaddress.ip_network(text.strip(), strict=False)
    except ValueError:
        raise ValueError(
            f"--trusted-proxy {text!r} is not an IP address or network: "
            "write e.g. 10.0.0.5, 10.0.0.0/8 or fd00::/64"
        ) from None
    raise ValueError(f"--trusted-proxy {text!r} has host bits set: write its network, {network}")


def trust_proxies(app: Any, settings: Settings) -> None:
    """Believe `X-Forwarded-For` (and `X-Forwarded-Proto`) only from `settings.trusted_proxies`,
    with uvicorn's ProxyHeadersMiddleware: the client is then the last address in the header that
    is not a trusted proxy. With none trusted nothing is added: the client is the socket peer."""
    from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

    if settings.trusted_proxies:
        trusted = [str(proxy_network(p)) for p in settings.trusted_proxies]
        app.add_middleware(ProxyHeadersMiddleware, trusted_hosts=trusted)


def total_cap(settings: Settings) -> int:
    """The most connections open at once: `settings.max_connections`, or (None) the process's
    open-file limit less FILES_KEPT, so that a flood of connections never leaves the server
    unable to open its database."""
    if settings.max_connections is not None:
        return settings.max_connections
    try:
        import resource
    except ImportError:  # not on Unix: no such limit to keep under
        return 0
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return 0
    return max(soft - FILES_KEPT, soft // 2)


def raise_open_file_limit() -> None:
    """Lift the process's soft open-file limit to its hard one (often 1024 against 524288), so
    that `total_cap` leaves room for many clients; nothing where the system says no."""
    try:
        import resource

        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        if soft != hard:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    except (ImportError, ValueError, OSError):
        pass


class Edge:
    """The connections open now, each under its client's key (`addresses.client_key` of the
    socket peer; a trusted proxy's are not counted per address, as they carry many clients),
    and those of them waiting for a request's bytes, oldest first."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.per_address = settings.connections_per_address
        self.total = total_cap(settings)
        self.proxies = [proxy_network(p) for p in settings.trusted_proxies]
        self.open: dict[object, str | None] = {}  # transport -> key (None: not capped)
        self.counts: Counter[str] = Counter()
        self.waiting: dict[object, None] = {}  # transports owing a request, oldest first
        self.noted: set[str] = set()  # keys at their cap, logged once until they drop below it

    def key(self, transport: asyncio.BaseTransport) -> str | None:
        peer = transport.get_extra_info("peername")
        host = peer[0] if isinstance(peer, tuple) and peer else None
        if not isinstance(host, str):  # a Unix socket: the operator's own proxy
            return None
        with contextlib.suppress(ValueError):
            ip = ipaddress.ip_address(host.partition("%")[0])
            if any(ip in net for net in self.proxies):
                return None
        return client_key(host, self.settings.ipv6_prefix)

    def admit(self, transport: asyncio.BaseTransport) -> bool:
        """Count a new connection in, or False when its address is at its cap. At the total cap
        the connection that has waited longest for a request is closed to make room (a client
        that sends its request at once always gets one); with none waiting, False."""
        key = self.key(transport)
        if key is not None and self.per_address and self.counts[key] >= self.per_address:
            if key not in self.noted:
                self.noted.add(key)
                log.warning(
                    "closing new connections from %s: it has %d open, the most allowed",
                    key,
                    self.per_address,
                )
            return False
        if self.total and len(self.open) >= self.total:
            if not self.waiting:
                log.warning("closing a new connection: %d are open, the most allowed", self.total)
                return False
            oldest = next(iter(self.waiting))
            self.release(oldest)
            oldest.close()  # type: ignore[attr-defined]
        self.open[transport] = key
        if key is not None:
            self.counts[key] += 1
        return True

    def release(self, transport: object) -> None:
        """Count a closed connection out (once, whichever protocol saw it close)."""
        self.waiting.pop(transport, None)
        if transport not in self.open:
            return
        key = self.open.pop(transport)
        if key is None:
            return
        self.counts[key] -= 1
        if self.counts[key] <= 0:
            del self.counts[key]
        if self.counts[key] < self.per_address:
            self.noted.discard(key)


class _GuardedHTTP:
    """Mixed into uvicorn's HTTP protocol (h11 or httptools, which share the attributes used
    here): a connection over its cap is closed at once, and one that owes a request (head or
    body) `settings.request_timeout` seconds after connecting or after its first byte since the
    last response is closed."""

    edge: Edge
    cycle: Any
    transport: asyncio.Transport

    def connection_made(self, transport: asyncio.Transport) -> None:
        self._edge_timer: asyncio.TimerHandle | None = None
        super().connection_made(transport)  # type: ignore[misc]
        if not self.edge.admit(transport):
            transport.close()
            return
        self._wait()

    def connection_lost(self, exc: Exception | None) -> None:
        self._served()
        self.edge.release(self.transport)
        super().connection_lost(exc)  # type: ignore[misc]

    def data_received(self, data: bytes) -> None:
        super().data_received(data)  # type: ignore[misc]
        if self._owes_request():
            self._wait()  # from the request's first byte: a later byte does not move the deadline
        else:
            self._served()

    def _owes_request(self) -> bool:
        """Between requests with some bytes of the next one in, or in a request whose head or
        body is not all in; not while a request is answered, nor once upgraded to a WebSocket."""
        if self.transport.is_closing() or self.transport.get_protocol() is not self:
            return False
        cycle = self.cycle
        return cycle is None or cycle.response_complete or cycle.more_body

    def _wait(self) -> None:
        """The connection owes a request: time it (unless timed already)."""
        if self.transport in self.edge.waiting:
            return
        self.edge.waiting[self.transport] = None
        if self.edge.settings.request_timeout:
            loop = asyncio.get_running_loop()
            self._edge_timer = loop.call_later(self.edge.settings.request_timeout, self._timed_out)

    def _served(self) -> None:
        """The connection's request is all in (or it is closed, or now a WebSocket)."""
        self.edge.waiting.pop(self.transport, None)
        if self._edge_timer is not None:
            self._edge_timer.cancel()
            self._edge_timer = None

    def _timed_out(self) -> None:
        self._edge_timer = None
        self.edge.waiting.pop(self.transport, None)
        if self._owes_request():
            log.debug("connection closed: no whole request within the request timeout")
            self.transport.close()


class _CountedWebSocket:
    """Mixed into uvicorn's WebSocket protocol: the connection it took over from the HTTP
    protocol stays counted until it closes."""

    edge: Edge

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self._edge_transport = transport
        super().connection_made(transport)  # type: ignore[misc]

    def connection_lost(self, exc: Exception | None) -> None:
        try:
            super().connection_lost(exc)  # type: ignore[misc]
        finally:
            self.edge.release(self._edge_transport)


def protocols(settings: Settings, http: str = "auto") -> tuple[type, type]:
    """uvicorn's HTTP protocol class (`http`: auto, h11 or httptools, as uvicorn names them;
    auto is httptools when installed) and its WebSocket one (auto), guarded by one Edge."""
    from uvicorn.config import HTTP_PROTOCOLS, WS_PROTOCOLS
    from uvicorn.importer import import_from_string

    if http not in ("auto", "h11", "httptools"):
        raise ValueError(f"the edge guards uvicorn's h11 or httptools protocol, not {http!r}")
    http_class = import_from_string(HTTP_PROTOCOLS[http])
    ws_class = import_from_string(WS_PROTOCOLS["auto"])
    if ws_class is None:
        raise RuntimeError("no WebSocket library: install uvicorn[standard]")
    edge = Edge(settings)
    guarded = type(f"Guarded{http_class.__name__}", (_GuardedHTTP, http_class), {"edge": edge})
    counted = type(f"Counted{ws_class.__name__}", (_CountedWebSocket, ws_class), {"edge": edge})
    return guarded, counted


def uvicorn_options(settings: Settings, http: str = "auto") -> dict[str, Any]:
    """The options `serve` runs uvicorn with (tests too): the guarded protocols, the keep-alive
    timeout, and uvicorn's own proxy headers off (FORWARDED_ALLOW_IPS believes nothing)."""
    http_class, ws_class = protocols(settings, http)
    return {
        "http": http_class,
        "ws": ws_class,
        "proxy_headers": False,
        "timeout_keep_alive": settings.idle_timeout,
    }
