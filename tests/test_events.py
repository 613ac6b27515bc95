"""Every game's public events are what it declares (games/<g>/events.py) in the shared names
(core/events.py): each log entry of every seat's view and the spectator's, in random games of
every player count and option, is of a declared kind with exactly its fields, their types and
real seats; every declared kind happens; docs/events.md lists the declarations as they are."""

from __future__ import annotations

import random
import runpy
from itertools import count
from pathlib import Path

import pytest

from auctionhouse.core.events import check, declared, fields
from auctionhouse.core.moves import random_move
from auctionhouse.games import all_games

from .conftest import examples

BUILT_IN = {"art-dice", "modern-art", "qe", "ratzia"}
GAMES = [g.name for g in all_games() if declared(g) is not None]
SCRIPT = Path(__file__).parents[1] / "scripts" / "events_table.py"
# the fields a shared kind always has (core/events.py)
SHARED = {
    "round": {"round"},
    "bid": {"seat"},
    "pass": {"seat"},
    "skip": {"seat"},
    "won": {"seat", "price"},
    "scored": {"round", "gains"},
}


def variants(game, players: int) -> list[dict]:
    """No options, then each boolean option on alone."""
    on = [
        o.name for o in game.options if o.type is bool and (not o.players or players in o.players)
    ]
    return [{}, *({name: True} for name in on)]


def checked_games(game, per_case: int, most: int = 50):
    """Random finished games: `per_case` of each player count and option variant, then more
    (up to `most` of each) until every declared kind has happened; each with its views of one
    position along the way."""
    cases = [
        (n, o) for n in range(game.min_players, game.max_players + 1) for o in variants(game, n)
    ]
    kinds = set(declared(game) or {})
    seen: set[str] = set()
    for seed in count():
        if seed >= most or (seed >= per_case and seen >= kinds):
            return
        for players, options in cases:
            rng = random.Random(seed)
            state = game.new_state(players, options, seed=seed)
            stop = rng.randrange(200)
            mid = None
            while not state.is_over():
                if len(state.history) == stop:
                    mid = [state.view(p)["log"] for p in [None, *range(players)]]
                p = rng.choice(state.actors())
                state.apply(p, random_move(state.legal_moves(p), rng.random))
            logs = [state.view(p)["log"] for p in [None, *range(players)]]
            for log in logs + (mid or []):
                seen.update(e["event"] for e in log)
            yield state, logs + (mid or [])


def test_the_games_declare_their_events_in_the_shared_names():
    assert set(GAMES) >= BUILT_IN
    for name in GAMES:
        game = next(g for g in all_games() if g.name == name)
        for kind, schema in declared(game).items():
            have = fields(schema)
            assert kind.isidentifier() and kind.islower() and schema.__doc__, (name, kind)
            assert "player" not in have and "event" not in have, (name, kind)
            assert have.get("seat", int) is int and have.get("seats", list[int]) == list[int]
            assert SHARED.get(kind, set()) <= set(have), (name, kind, have)
            if kind == "bid":
                assert ("amount" in have) != ("amounts" in have), (name, have)


@pytest.mark.parametrize("name", GAMES)
def test_every_log_entry_is_as_declared_and_every_kind_happens(name):
    game = next(g for g in all_games() if g.name == name)
    schemas = declared(game)
    seen: set[str] = set()
    for state, logs in checked_games(game, examples(4)):
        for log in logs:
            for e in log:
                problem = check(e, schemas, state.num_players)
                assert problem is None, f"{name}, {state.num_players} players: {problem}"
                seen.add(e["event"])
    assert seen == set(schemas), f"never happened: {set(schemas) - seen}"


def test_check_says_what_is_wrong():
    schemas = declared(next(g for g in all_games() if g.name == "qe"))
    won = {"event": "won", "turn": 2, "seat": 1, "tile": 5, "price": None}
    assert check(won, schemas, 3) is None and check({**won, "price": 7}, schemas, 3) is None
    assert "undeclared" in check({"event": "sold"}, schemas, 3)
    assert "fields" in check({k: v for k, v in won.items() if k != "price"}, schemas, 3)
    assert "fields" in check({**won, "player": 1}, schemas, 3)
    assert "is not int" in check({**won, "tile": "5"}, schemas, 3)
    assert "is not int" in check({**won, "turn": True}, schemas, 3)
    assert "no such seat" in check({**won, "seat": 3}, schemas, 3)
    tie = {"event": "tie", "turn": 0, "seats": [0, 4], "count": 1}
    assert "no such seat" in check(tie, schemas, 4)
    assert "is not list[int]" in check({**tie, "seats": (0, 1)}, schemas, 4)


def test_the_events_page_is_current():
    page = runpy.run_path(str(SCRIPT))
    stale = "docs/events.md is out of date: run python scripts/events_table.py"
    assert page["PAGE"].read_text() == page["render"](), stale
    assert len(page["render"]().splitlines()) < 300
