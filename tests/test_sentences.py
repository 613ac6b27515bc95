"""Event sentences, written once in each game's words.py (core/words.py): every event the rules
emit has its game's own sentence, the same for every seat, naming seats only by their marks;
the replay carries the very sentences the terminal prints."""

from __future__ import annotations

import io
import json
import random
import re

import pytest
from rich.console import Console

from auctionhouse.core.moves import random_move
from auctionhouse.core.words import SEAT, fill, generic_sentence, seats, seats_in
from auctionhouse.games import all_games, get_game
from auctionhouse.server.replay import replay_steps
from auctionhouse.terminal.session import TerminalGame

# every kind of event each game's rules emit (its views write them out)
EVENT_KINDS = {
    "modern-art": {
        "round", "play", "decline", "add", "bid", "pass", "sealed", "reveal", "price", "buy",
        "won", "flip", "skip", "unsold", "scored",
    },
    "ratzia": {
        "round", "reveal", "auction", "bid", "pass", "won", "unsold", "steal", "stop",
        "courthouse", "round_end", "scored", "end",
    },
    "qe": {"open", "last_turn", "tie", "won", "unsold", "zero_bids", "peek"},
    "art-dice": {
        "round", "sell", "draw", "roll", "skip", "bid", "pass", "won", "unsold", "stop", "end",
    },
}  # fmt: skip


def random_games(game, per_count: int = 25):
    """Finished random games of `game`: every player count, and each boolean option on."""
    for players in range(game.min_players, game.max_players + 1):
        variants = [{}] + [
            {o.name: True}
            for o in game.options
            if o.type is bool and (not o.players or players in o.players)
        ]
        for options in variants:
            for seed in range(per_count):
                state = game.new_state(players, options, seed=seed)
                rng = random.Random(seed)
                while not state.is_over():
                    p = rng.choice(state.actors())
                    state.apply(p, random_move(state.legal_moves(p), rng.random))
                yield state


@pytest.mark.parametrize("name", [g.name for g in all_games()])
def test_every_event_kind_the_rules_emit_has_its_games_own_sentence(name):
    game = get_game(name)
    seen: set[str] = set()
    for state in random_games(game):
        n = state.num_players
        log = state.view(None)["log"]
        # each seat's view holds the same public log: one sentence per event serves every seat
        for p in range(n):
            assert [game.event_sentence(e) for e in state.view(p)["log"]] == [
                game.event_sentence(e) for e in log
            ]
        for e in log:
            text = game.event_sentence(e)
            assert text != generic_sentence(e), f"{name} has no sentence for {e}"
            assert text[:1] in "{" or text[:1].isupper(), text
            assert text.endswith("."), text
            # braces only around seat numbers, and only this table's seats
            assert "{" not in SEAT.sub("", text) and "}" not in SEAT.sub("", text), text
            assert all(0 <= q < n for q in seats_in(text)), text
            assert "None" not in text and "_" not in text, text
            who = e.get("seat")
            if isinstance(who, int):
                assert who in seats_in(text), text
            seen.add(e["event"])
    assert seen >= EVENT_KINDS.get(name, set()), EVENT_KINDS[name] - seen


def test_a_sealed_bid_reads_as_each_seat_may_know_it():
    """MA-11: while bids are sealed the log says who has chosen, never how much (the sentence is
    made from the seat's view of the event, which holds no amount)."""
    game = get_game("modern-art")
    for state in random_games(game, per_count=3):
        for e in state.view(0)["log"]:
            if e["event"] == "sealed":
                assert game.event_sentence(e) == f"{{{e['seat']}}} has chosen a hidden bid."
                return
    raise AssertionError("no sealed bid in the random games")


def test_seat_marks_are_filled_with_each_clients_names():
    game = get_game("qe")
    tie = {"event": "tie", "turn": 3, "seats": [2, 0], "count": 1}
    assert (
        game.event_sentence(tie)
        == "{2} and {0} tie for the highest bid (tie 1 of 3): they bid again."
    )
    assert (
        game.describe_event(tie)
        == "seat 2 and seat 0 tie for the highest bid (tie 1 of 3): they bid again."
    )
    names = ["Ann", "Bot 2", "Bob"]
    assert fill(game.event_sentence(tie), names.__getitem__).startswith("Bob and Ann tie")
    assert seats([]) == "nobody" and seats([1, 2, 3]) == "{1}, {2} and {3}"
    # a game without words of its own: the generic sentence, the seat marked all the same
    assert generic_sentence({"event": "hello", "seat": 1, "count": 3, "odd": "{x}"}) == (
        "{1}: hello (count 3; odd (x))."
    )  # fmt: skip


def terminal_lines(out: str) -> list[str]:
    return [line[4:] for line in out.splitlines() if line.startswith("  · ")]


@pytest.mark.parametrize("name", [g.name for g in all_games()])
def test_the_replay_carries_the_sentences_the_terminal_printed(name, tmp_path):
    game = get_game(name)
    players = min(max(3, game.min_players), game.max_players)
    buf = io.StringIO()
    answers = iter(["1", ""] * 4000)  # the first choice, the smallest amount
    play = TerminalGame(
        game, players, 1, ["random"], seed=7, records_dir=tmp_path,
        console=Console(file=buf, width=100, color_system=None), ask=lambda _: next(answers),
    )  # fmt: skip
    path = play.run()
    record = json.loads(path.read_text())
    printed = terminal_lines(buf.getvalue())
    data = replay_steps(record)
    assert len(data["words"]) == len(data["log"]) == len(printed) > 10
    assert [fill(w, play.seat_name) for w in data["words"]] == printed
    assert any(re.search(r"\bseat 1 \(you\)", line) for line in printed)
    assert all(isinstance(step["log"], int) for step in data["steps"])  # logs grow by appending
