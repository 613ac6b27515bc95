"""The bot pool: each move in a worker process, cut at a hard wall-clock limit whatever the bot's
parameters; workers handed out in turn by creator, then by table (a creator's many costly tables
wait their turn), and quick levels run by workers of their own (they never wait behind a
search). Orders and counts are asserted, never durations."""

from __future__ import annotations

import asyncio
import contextlib

import pytest

from auctionhouse.games import get_game
from auctionhouse.server.botpool import BotFailed, BotPool, Ticket
from auctionhouse.server.fairqueue import FairQueue

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
            with pytest.raises(BotFailed, match="limit"):
                await pool.act(game.name, ENDLESS, 1, state, p, legal)
            assert pool.killed == 1 and len(pool.workers) == 1
            move = await pool.act(game.name, "random", 1, state, p, legal)  # a fresh worker
            state.clone().apply(p, move)  # legal: IllegalMove otherwise
        finally:
            await pool.stop()

    asyncio.run(go())


def test_a_fair_queue_serves_creators_in_turn_then_their_tables():
    queue: FairQueue[str] = FairQueue()
    for table in ("a1", "a2", "a3"):
        for move in range(2):
            queue.put("a", table, f"{table}.{move}")
    queue.put("b", "b1", "b1.0")
    queue.put("b", "b1", "b1.1")
    queue.put("c", "c1", "c1.0")
    assert queue.take(lambda item: item.startswith("c")) == "c1.0"  # only what a worker runs
    order = [queue.take() for _ in range(len(queue))]
    assert order == ["a1.0", "b1.0", "a2.0", "b1.1", "a3.0", "a1.1", "a2.1", "a3.1"]
    assert queue.take() is None


def test_a_creator_with_eight_tables_gets_one_turn_for_each_of_another_creators():
    """One worker. One address asks a move for each of its eight tables, then another address a
    move for its one table: that move starts after at most one of the eight waiting (first come,
    first served, it started after all eight)."""
    game, state, p, legal = position()
    heavy = [Ticket("10.0.0.1", f"heavy {i}") for i in range(8)]
    light = Ticket("10.0.0.2", "light")

    async def go():
        pool = BotPool(1, limit=60)
        try:  # every move asks in the same turn of the event loop: one starts, the rest wait
            asks = [pool.act(game.name, "random", 1, state, p, legal, t) for t in [*heavy, light]]
            await asyncio.gather(*asks)
        finally:
            await pool.stop()

    asyncio.run(go())
    assert sorted(t.number for t in [*heavy, light]) == list(range(1, 10))
    meanwhile = [t for t in heavy if light.asked_after < t.number < light.number]
    assert len(meanwhile) <= 1, [(t.table, t.number) for t in [*heavy, light]]
    assert [t.number for t in heavy] == sorted(t.number for t in heavy)  # each table in turn


def test_a_quick_move_never_waits_behind_a_search():
    """One worker runs a search that would take hours (its limit here is a minute); a random move
    asked meanwhile is answered by the quick worker while the search still runs. Stopping the pool
    ends the search (BotFailed) and starts no worker again."""
    game, state, p, legal = position()

    async def go():
        pool = BotPool(1, limit=60, quick_workers=1)
        search = asyncio.ensure_future(
            pool.act(game.name, ENDLESS, 1, state, p, legal, Ticket("a", "costly"))
        )
        try:
            await asyncio.sleep(0)  # the search has its worker
            quick = Ticket("b", "cheap", quick=True)
            move = await asyncio.wait_for(
                pool.act(game.name, "random", 1, state, p, legal, quick), 50
            )
            state.clone().apply(p, move)
            assert not search.done()
            assert quick.asked_after == 1 and quick.number == 2
        finally:
            await pool.stop()
        with pytest.raises(BotFailed):
            await search
        assert pool.workers == []

    asyncio.run(go())


def test_moves_waiting_when_the_pool_stops_fail_and_a_cancelled_wait_is_forgotten():
    game, state, p, legal = position()

    async def go():
        pool = BotPool(1, limit=60)
        costly = [
            asyncio.ensure_future(pool.act(game.name, ENDLESS, 1, state, p, legal, Ticket("a", t)))
            for t in ("1", "2", "3")
        ]
        await asyncio.sleep(0)  # one runs, two wait
        costly[1].cancel()  # its table stopped
        with contextlib.suppress(asyncio.CancelledError):
            await costly[1]
        assert len(pool.waiting) == 1
        await pool.stop()
        for ask in (costly[0], costly[2]):
            with pytest.raises(BotFailed):
                await ask

    asyncio.run(go())


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
