"""Each game's heuristic reads a seat's view through a typed reading, built from the view (its
observation in play) or, inside a search, straight from the state (`act_in_search`, on
determinizations). The two must be the same reading, so that the bot makes the same move
either way and the state path reads nothing the seat's view does not show: checked for every
seat at positions of random and heuristic games, and of determinizations of them."""

from __future__ import annotations

import random

import pytest

from auctionhouse.bots.random_bot import RandomBot
from auctionhouse.core.players import Observation
from auctionhouse.games import get_game
from auctionhouse.games.art_dice.heuristic import ArtDiceHeuristic
from auctionhouse.games.art_dice.heuristic import Seat as ArtDiceSeat
from auctionhouse.games.modern_art.heuristic import ModernArtHeuristic
from auctionhouse.games.modern_art.heuristic import Reading as ModernArtReading
from auctionhouse.games.qe.heuristic import QEHeuristic
from auctionhouse.games.qe.heuristic import Seat as QESeat
from auctionhouse.games.ratzia.heuristic import RatziaHeuristic, _Eval
from tests.conftest import examples

READINGS = {
    "modern-art": (ModernArtHeuristic, ModernArtReading.of_view, ModernArtReading.of_state),
    "ratzia": (
        RatziaHeuristic,
        lambda v, p: _Eval.of_view(RatziaHeuristic(0), v, p),
        lambda s, p: _Eval.of_state(RatziaHeuristic(0), s, p),
    ),
    "qe": (QEHeuristic, QESeat.of_view, QESeat.of_state),
    "art-dice": (ArtDiceHeuristic, ArtDiceSeat.of_view, ArtDiceSeat.of_state),
}


def plain(x):
    """A reading as plain data: its slots (the bot left out), sequences as lists."""
    if isinstance(x, (list, tuple)):
        return [plain(y) for y in x]
    # a compiled class lists its attributes in __mypyc_attrs__, not __slots__
    slots = getattr(type(x), "__slots__", None) or getattr(type(x), "__mypyc_attrs__", None)
    if slots is not None:
        return {k: plain(getattr(x, k)) for k in slots if k != "bot"}
    return x


@pytest.mark.parametrize("name", sorted(READINGS))
def test_a_reading_from_the_state_is_the_reading_from_the_view(name):
    game = get_game(name)
    cls, of_view, of_state = READINGS[name]
    rng = random.Random(name)
    checked = 0
    for g in range(examples(6)):
        players = (game.min_players, 4, game.max_players)[g % 3]
        state = game.new_state(players, seed=g, first_player=g % players)
        kinds = [cls(seed=p) if (g + p) % 2 else RandomBot(p) for p in range(players)]
        bot = cls(seed=7)
        while not state.is_over():
            if rng.random() < 0.3:
                det = state.determinize(rng.randrange(players), rng)
                for s in (state, det):
                    for p in range(players):
                        assert plain(of_state(s, p)) == plain(of_view(s.view(p, log=False), p))
                        legal = s.legal_moves(p)
                        if p == s.next_actor():
                            move = bot.act(Observation(s, p, legal))
                            assert bot.act_in_search(s, p, legal) == move
                            checked += 1
            p = state.next_actor()
            legal = state.legal_moves(p)
            b = kinds[p]
            move = b.act(Observation(state, p, legal)) if isinstance(b, cls) else b.choose(legal)
            state.apply(p, move)
    assert checked > 20
