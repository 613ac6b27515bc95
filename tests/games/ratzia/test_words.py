"""Ratzia in words: every move, event and view of a random game reads as text with card names."""

from __future__ import annotations

from auctionhouse.bots.random_bot import RandomBot
from auctionhouse.games.ratzia import GAME

from .helpers import new, run


def test_every_event_and_move_of_a_game_has_words():
    for players in (2, 5):
        s = GAME.new_state(players, seed=players)
        bot = RandomBot(1)
        while not s.is_over():
            p = s.next_actor()
            move = bot.choose(s.legal_moves(p))
            assert GAME.describe_move(move) != move[0] or move[1] is None
            s.apply(p, move)
        kinds = set()
        for e in s.view(0)["log"]:
            text = GAME.describe_event(e)
            assert text and text != e["event"]
            kinds.add(e["event"])
        assert {"reveal", "auction", "won", "scored", "end"} <= kinds
        labels = [label for label, _ in GAME.describe_view(s.view(0))]
        assert labels[:3] == ["round", "deck", "auction row"]


def test_words_name_the_cards():
    s = run(new(2, top=(18, 2)), "0 reveal", "1 reveal", "0 declare", "1 pass", "0 bid 2")
    texts = [GAME.describe_event(e) for e in s.view(1)["log"]]
    assert "seat 0 wins Gangster A, Driver with 2, taking the centre card 1 face down." in texts
    assert GAME.describe_move(("steal", 18)) == "steal a Driver (discarding a Thieves)"
    lines = dict(GAME.describe_view(s.view(1)))
    assert lines["seat 0"] == "score 0 · up 5 6 9 · down 1 · Gangster A, Driver"
