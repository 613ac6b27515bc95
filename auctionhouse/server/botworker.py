"""A bot worker process: `python -m auctionhouse.server.botworker FD` answers bot requests sent
over the socket FD (see botpool.py) until the socket closes."""

from __future__ import annotations

import contextlib
import os
import signal
import sys
from multiprocessing.connection import Connection
from typing import Any

from ..bots import make_bot
from ..core.players import Observation
from ..games import get_game


def serve(conn: Connection) -> None:
    """Say ("ready", None), then answer requests (game, spec, seed, state, seat, legal) with
    ("ok", move) or ("error", reason), one at a time."""
    try:
        conn.send(("ready", None))
    except (OSError, ValueError):
        return
    while True:
        try:
            game, spec, seed, state, seat, legal = conn.recv()
        except (EOFError, OSError):
            return
        try:
            bot = make_bot(spec, get_game(game), seed)
            reply: tuple[str, Any] = ("ok", bot.act(Observation(state, seat, legal)))
        except Exception as e:  # the bot's failure is the server's to handle
            reply = ("error", f"{type(e).__name__}: {e}")
        try:
            conn.send(reply)
        except (OSError, ValueError):
            return


def main() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C stops the server, which stops us
    with contextlib.suppress(OSError):
        os.nice(5)  # the server's own work (people's moves, messages) comes first
    serve(Connection(int(sys.argv[1])))


if __name__ == "__main__":
    main()
