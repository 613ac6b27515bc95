"""What browsers are told and asked: which origins may open WebSockets, and the headers every
HTTP response carries (a Content-Security-Policy, no framing, no sniffing, no referrer)."""

from __future__ import annotations

import re
from collections.abc import Iterable

_DEFAULT_PORTS = {"http": ":80", "ws": ":80", "https": ":443", "wss": ":443"}
_HOST = re.compile(r"[A-Za-z0-9.\-]+(:[0-9]{1,5})?|\[[0-9A-Fa-f:.]+\](:[0-9]{1,5})?")


def _origin(text: str) -> str:
    return text.strip().lower().rstrip("/")


class OriginPolicy:
    """A WebSocket's `Origin` must be the server's own (the `Host` it was reached at, over
    http(s) or ws(s)) or one of `allowed`; a client that sends none (not a browser) is let in."""

    def __init__(self, allowed: Iterable[str] = ()) -> None:
        self.allowed = frozenset(_origin(a) for a in allowed)

    def allows(self, origin: str | None, host: str | None) -> bool:
        if origin is None:
            return True
        origin = _origin(origin)
        if origin in self.allowed:
            return True
        scheme, sep, netloc = origin.partition("://")
        if not sep or scheme not in _DEFAULT_PORTS or not host:
            return False
        port = _DEFAULT_PORTS[scheme]
        return netloc.removesuffix(port) == host.strip().lower().removesuffix(port)


_HEADERS = [
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
]
# the browser client: its own scripts, styles and images only (inline SVG data: URIs for icons)
_PAGE_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'; "
    "connect-src 'self'"
)
# FastAPI's /docs and /redoc pages load Swagger UI and ReDoc from a CDN and start them inline
_DOCS_POLICY = (
    "default-src 'self'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
    "style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net https://fonts.googleapis.com; "
    "font-src 'self' https://fonts.gstatic.com; img-src 'self' data: https:; "
    "worker-src 'self' blob:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
)


class SecurityHeaders:
    """Add the security headers to every HTTP response (a plain ASGI middleware). `connect-src`
    names ws:// and wss:// of the host the page was loaded from, for browsers whose 'self' does
    not cover WebSockets."""

    def __init__(self, app, docs_paths: Iterable[str] = ()) -> None:
        self.app = app
        self.docs_paths = frozenset(p for p in docs_paths if p)

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if scope["path"] in self.docs_paths:
            policy = _DOCS_POLICY
        else:
            policy = _PAGE_POLICY
            host = dict(scope["headers"]).get(b"host", b"").decode("latin-1")
            if _HOST.fullmatch(host):
                policy += f" ws://{host} wss://{host}"
        headers = [(b"content-security-policy", policy.encode()), *_HEADERS]

        async def send_with_headers(message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", ()), *headers]}
            await send(message)

        await self.app(scope, receive, send_with_headers)
