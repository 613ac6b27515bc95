"""The protocol every game speaks: factory, state, moves, records, errors, chance."""

from .errors import AuctionhouseError, IllegalMove, OptionError, RecordError, SetupError
from .game import Game
from .moves import (
    Move,
    MoveKind,
    amount,
    choice,
    describe_move,
    move_from_json,
    move_to_json,
    random_arg,
)
from .options import Option, parse_option_args
from .records import load_record, replay
from .result import Result, top_scorers
from .rng import Chance, derive_seed
from .state import State

__all__ = [
    "AuctionhouseError",
    "Chance",
    "Game",
    "IllegalMove",
    "Move",
    "MoveKind",
    "Option",
    "OptionError",
    "RecordError",
    "Result",
    "amount",
    "choice",
    "SetupError",
    "State",
    "derive_seed",
    "describe_move",
    "load_record",
    "move_from_json",
    "move_to_json",
    "parse_option_args",
    "random_arg",
    "replay",
    "top_scorers",
]
