"""The multiplayer game server: tables, seats and their tokens, WebSockets, storage.

It speaks only to the game protocol (`auctionhouse.core`) and the game registry; see
docs/server-api.md for the HTTP API and docs/server-websocket.md for the WebSocket messages. The
web stack is imported on first use, so that a bot worker (`botworker`) starts without it.
"""

from __future__ import annotations

from typing import Any

__all__ = ["Settings", "create_app", "default_database_url", "serve"]


def __getattr__(name: str) -> Any:
    if name in ("create_app", "serve"):
        from . import app

        return getattr(app, name)
    if name in ("Settings", "default_database_url"):
        from . import settings

        return getattr(settings, name)
    raise AttributeError(name)
