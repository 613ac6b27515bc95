"""The bot pool: each move in a worker process, cut at a hard wall-clock limit whatever the bot's
parameters, and workers handed out first come, first served (a costly table waits its turn)."""

from __future__ import annotations

import asyncio
import contextlib
import time

import pytest

from auctionhouse.games import get_game
from auctionhouse.server.botpool import BotFailed, BotPool

ENDLESS = "ismcts:iterations=1000000"  # exact iterations and no time limit: hours a move


def position():
    game = get_game("modern-art")
    state = game.new_state(3, game.resolve(3, {}), seed=4)
    p = state.next_actor()
    return game, state, p, list(state.legal_moves(p))


def test_a_bot_past_the_limit_is_stopped_and_the_pool_goes_on():
    game, state, p, legal = position()

    async def go():
        pool = BotPool(1, limit=0.3)
        try:
            start = time.monotonic()
            with pytest.raises(BotFailed, match="limit"):
                await pool.act(game.name, ENDLESS, 1, state, p, legal)
            assert time.monotonic() - start >= 0.3
            assert pool.killed == 1 and len(pool.workers) == 1
            move = await pool.act(game.name, "random", 1, state, p, legal)  # a fresh worker
            state.clone().apply(p, move)  # legal: IllegalMove otherwise
        finally:
            await pool.stop()

    asyncio.run(go())


def test_workers_are_handed_out_first_come_first_served():
    """One worker; a costly table asks, then a cheap one, then the costly one again: the cheap
    move is answered before the costly table's second move starts."""
    game, state, p, legal = position()
    done: list[str] = []

    async def go():
        pool = BotPool(1, limit=0.3)

        async def ask(name: str, spec: str):
            with contextlib.suppress(BotFailed):
                await pool.act(game.name, spec, 1, state, p, legal)
            done.append(name)

        try:
            asks = []
            for name, spec in [("costly 1", ENDLESS), ("cheap", "random"), ("costly 2", ENDLESS)]:
                asks.append(asyncio.ensure_future(ask(name, spec)))
                await asyncio.sleep(0)  # each asks for a worker before the next
            await asyncio.gather(*asks)
        finally:
            await pool.stop()

    asyncio.run(go())
    assert done == ["costly 1", "cheap", "costly 2"]


def test_a_bot_that_raises_is_reported_not_fatal():
    game, state, p, legal = position()

    async def go():
        pool = BotPool(1, limit=5)
        try:
            with pytest.raises(BotFailed, match="no parameter"):
                await pool.act(game.name, "random:nonsense=1", 1, state, p, legal)
            return await pool.act(game.name, "heuristic", 1, state, p, legal)
        finally:
            await pool.stop()

    kind, _ = asyncio.run(go())
    assert kind in {mk.kind for mk in legal}
