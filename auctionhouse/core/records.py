"""Records: a game written out as JSON (options, setup, moves), and exact replay."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from .errors import AuctionhouseError, IllegalMove, RecordError
from .files import FileProblem, MiB, read_text
from .moves import describe_move, move_from_json
from .state import RECORD_FORMAT

if TYPE_CHECKING:
    from .game import Game
    from .state import State

MAX_RECORD_BYTES = 16 * MiB  # a game of MAX_MOVES (100,000) moves takes about 2 MiB


def load_record(path: str | Path) -> dict:
    """Read a record file, with a sentence for a missing, malformed or oversized file."""
    try:
        text = read_text(Path(path), MAX_RECORD_BYTES)
    except FileProblem as e:
        raise RecordError(f"cannot read record {path}: {e}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise RecordError(f"record {path} is not JSON: {e.msg} at line {e.lineno}") from None
    except ValueError as e:  # a number of over 4300 digits
        raise RecordError(f"record {path} is not a record: {e}") from None
    except RecursionError:
        raise RecordError(f"record {path} is not a record: its JSON is too deeply nested") from None
    if not isinstance(data, dict):
        raise RecordError(f"record {path} is not a JSON object")
    return data


def replay(
    game: Game, record: dict, *, upto: int | None = None, others: Sequence[Game] = ()
) -> State:
    """The state a record describes (after its first `upto` moves, all by default).

    Raises RecordError naming the move number (1-based) and the reason for an illegal move, and
    naming the game of its setup when that is one of `others` rather than the game it says.
    """
    fmt = record.get("format", RECORD_FORMAT)
    if fmt != RECORD_FORMAT:
        raise RecordError(f"unknown record format {fmt!r} (expected {RECORD_FORMAT})")
    if record.get("game") != game.name:
        raise RecordError(f"record is for {record.get('game')!r}, not {game.name!r}")
    for key in ("players", "setup", "moves"):
        if key not in record:
            raise RecordError(f"record has no {key!r}")
    try:
        state = game.new_state(
            record["players"], record.get("options") or {}, setup=record["setup"]
        )
    except AuctionhouseError as e:
        other = _setup_game(record, [g for g in others if g.name != game.name])
        if other is not None:
            raise RecordError(
                f"record of another game: it says {game.name!r}, but its setup is a deal of "
                f"{other.name!r}"
            ) from None
        raise RecordError(f"record cannot start: {e}") from None
    moves = record["moves"]
    if not isinstance(moves, list):
        raise RecordError("record moves are not a list")
    for i, entry in enumerate(moves[:upto] if upto is not None else moves, start=1):
        if not isinstance(entry, list) or len(entry) < 2 or type(entry[0]) is not int:
            raise RecordError(f"move {i}: {entry!r} is not [player, kind, argument]")
        try:
            move = move_from_json(entry[1:])
        except RecordError as e:
            raise RecordError(f"move {i}: {e}") from None
        if state.is_over():
            raise RecordError(
                f"move {i} (player {entry[0]} {describe_move(move)}): the game is already over"
            )
        try:
            state.apply(entry[0], move)
        except IllegalMove as e:
            raise RecordError(f"move {i} (player {entry[0]} {describe_move(move)}): {e}") from None
    return state


def _setup_game(record: dict, games: Sequence[Game]) -> Game | None:
    """The first of `games` that starts from the record's setup (with its options, or the
    game's defaults), or None."""
    for game in games:
        for options in (record.get("options") or {}, {}):
            try:
                game.new_state(record["players"], options, setup=record["setup"])
            except AuctionhouseError:
                continue
            return game
    return None
