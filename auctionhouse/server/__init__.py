"""The multiplayer game server: tables, seats and their tokens, WebSockets, storage.

It speaks only to the game protocol (`auctionhouse.core`) and the game registry; see
docs/server.md for the HTTP API and the WebSocket messages.
"""

from .app import create_app, serve
from .settings import Settings, default_database_url

__all__ = ["Settings", "create_app", "default_database_url", "serve"]
